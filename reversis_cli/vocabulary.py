"""The words of the notation, in one place: its keywords and what a name may be.

The grammar (``grammar/reversis.lark``) is the source of truth.  These lists
are the grammar's words sorted by the jobs the program gives them (which
words start a header line, the canonical order of lines, which events void a
deal); ``tests/test_architecture.py`` holds every list against the compiled
grammar, and :func:`reversis_cli.notation.grammar_file.keywords` derives the
full set of keywords from it at run time.  The name pattern is read from the
grammar's text.  This module loads no parser, so that every layer (the model,
the reader, the replay, the converters) may use it.
"""

from __future__ import annotations

import re

from .grammar_source import terminal_regexp

__all__ = [  # noqa: F822 -- NAME is made by __getattr__, when first asked for
    "NAME_PATTERN", "NAME", "HEADER_KEYWORDS", "DEAL_KEYWORDS", "HEADER_ORDER",
    "SINGLE_HEADER_LINES", "EVENT_KINDS", "VOID_EVENTS", "EVENT_ORDER",
    "SIZE_CHANGING_EVENTS", "KEYWORDS_NOT_SIZES",
]

# A player's name (and a unit or a rule option): the grammar's NAME terminal,
# read from the grammar itself (a letter, then letters, digits, _, - and
# combining marks), so that the grammar stays the one place it is written.
NAME_PATTERN = terminal_regexp("NAME")


def __getattr__(attribute: str) -> re.Pattern[str]:
    """``NAME``, the pattern compiled when first asked for: compiling its ranges of
    combining marks costs 8 M instructions, a hundredth of a 20-deal ``score``,
    which never uses it (the converters do)."""
    if attribute != "NAME":
        raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")
    compiled = globals()["NAME"] = re.compile(NAME_PATTERN)
    return compiled

# The keywords that start a header line and no deal line ("note" starts both,
# and is listed with the deal's).
HEADER_KEYWORDS = ("reversis", "title", "date", "place", "rules", "set", "unit", "players",
                   "pot")
# The keywords that start a line inside a deal (a trick line starts with its number).
DEAL_KEYWORDS = ("hand", "talon", "exchange", "partie", "espagnolette", "unclaimed", "misdeal",
                 "redeal", "exposed", "peeked", "kept", "discarded-two", "out-of-turn", "note",
                 "paid", "tally")

# Header lines in canonical order (docs/formats.md, "Canonical form").
HEADER_ORDER = ("reversis", "title", "date", "place", "note", "rules", "set", "unit",
                "players", "pot")
# Header lines a record may hold once (set and note may repeat).
SINGLE_HEADER_LINES = ("reversis", "title", "date", "place", "rules", "unit", "players", "pot")

# Event keywords (besides espagnolette and note, which have their own types).
EVENT_KINDS = (
    "unclaimed", "misdeal", "redeal", "exposed", "peeked", "kept",
    "discarded-two", "out-of-turn",
)
# Events that void a deal: it has no tricks and is dealt again.
VOID_EVENTS = ("misdeal", "exposed")
# Events in the order they happen at the table; claims come after play.
EVENT_ORDER = ("misdeal", "redeal", "exposed", "out-of-turn", "peeked", "kept",
               "discarded-two", "unclaimed")
# Events that change how many cards a player holds (IRR-4, IRR-5).
SIZE_CHANGING_EVENTS = ("kept", "discarded-two")
# Line keywords whose loss (a line set aside for a syntax error) leaves every
# player's number of cards known.
KEYWORDS_NOT_SIZES = tuple(k for k in DEAL_KEYWORDS if k not in SIZE_CHANGING_EVENTS) + ("deal",)
