"""The words of the notation, in one place: its keywords and what a name may be.

The grammar (``grammar/reversis.lark``) is the source of truth.  These lists
are the grammar's words sorted by the jobs the program gives them (which
words start a header line, the canonical order of lines, which events void a
deal); ``tests/test_architecture.py`` holds every list against the compiled
grammar, and :func:`reversis_cli.notation.grammar_file.keywords` derives the
full set of keywords from it at run time.  This module imports nothing, so
that every layer (the model, the reader, the replay, the converters) may use
it without loading the parser.
"""

from __future__ import annotations

import re

__all__ = [
    "NAME_PATTERN", "NAME", "COMBINING_MARKS", "HEADER_KEYWORDS", "DEAL_KEYWORDS", "HEADER_ORDER",
    "SINGLE_HEADER_LINES", "EVENT_KINDS", "VOID_EVENTS", "EVENT_ORDER",
    "SIZE_CHANGING_EVENTS", "KEYWORDS_NOT_SIZES",
]

# A player's name (and a unit or a rule option): the grammar's NAME terminal.
# After the first letter come letters, digits, _, - and the combining marks
# below (written as escapes here, as in the grammar, which says which they are).
COMBINING_MARKS = (
    "\u0300-\u034e\u0350-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1-\u05c2"
    "\u05c4-\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8"
    "\u06ea-\u06ed\u0711-\u074a\u07a6-\u07b0\u07eb-\u07f3\u07fd\u0816-\u082d"
    "\u0859-\u085b\u0898-\u08e1\u08e3-\u0963\u0981-\u0983\u09bc-\u09c4\u09c7-\u09c8"
    "\u09cb-\u09cd\u09d7\u09e2-\u09e3\u09fe\u0a01-\u0a03\u0a3c\u0a3e-\u0a42"
    "\u0a47-\u0a48\u0a4b-\u0a4d\u0a51\u0a70-\u0a75\u0a81-\u0a83\u0abc-\u0ac5"
    "\u0ac7-\u0ac9\u0acb-\u0acd\u0ae2-\u0ae3\u0afa-\u0aff\u0b01-\u0b03\u0b3c-\u0b44"
    "\u0b47-\u0b48\u0b4b-\u0b4d\u0b55-\u0b57\u0b62-\u0b63\u0b82\u0bbe-\u0bc2"
    "\u0bc6-\u0bc8\u0bca-\u0bcd\u0bd7\u0c00-\u0c04\u0c3c-\u0c44\u0c46-\u0c48"
    "\u0c4a-\u0c4d\u0c55-\u0c56\u0c62-\u0c63\u0c81-\u0c83\u0cbc-\u0cc4\u0cc6-\u0cc8"
    "\u0cca-\u0ccd\u0cd5-\u0cd6\u0ce2-\u0ce3\u0d00-\u0d03\u0d3b-\u0d44\u0d46-\u0d48"
    "\u0d4a-\u0d4d\u0d57-\u0d63\u0d81-\u0d83\u0dca\u0dcf-\u0dd4\u0dd6\u0dd8-\u0ddf"
    "\u0df2-\u0df3\u0e31-\u0e3a\u0e47-\u0e4e\u0eb1-\u0ebc\u0ec8-\u0ecd\u0f18-\u0f19"
    "\u0f35\u0f37\u0f39\u0f3e-\u0f3f\u0f71-\u0f84\u0f86-\u0f97\u0f99-\u0fbc\u0fc6"
    "\u102b-\u103e\u1056-\u109d\u135d-\u135f\u1712-\u1715\u1732-\u1734\u1752-\u1753"
    "\u1772-\u1773\u17b4-\u17d3\u17dd\u1885-\u18a9\u1920-\u192b\u1930-\u193b"
    "\u1a17-\u1a1b\u1a55-\u1a5e\u1a60-\u1a7c\u1a7f\u1ab0-\u1aff\u1b00-\u1b44"
    "\u1b6b-\u1b73\u1b80-\u1bf3\u1c24-\u1c37\u1cd0-\u1cd2\u1cd4-\u1cf9\u1dc0-\u1dff"
    "\u20d0-\u20ff\u2cef-\u2cf1\u2d7f\u2de0-\u2dff\u302a-\u302f\u3099-\u309a"
    "\ua66f-\ua672\ua674-\ua67d\ua69e-\ua6f1\ua802-\ua827\ua82c\ua880-\ua8c5"
    "\ua8e0-\ua8f1\ua8ff-\ua92d\ua947-\ua953\ua980-\ua9c0\ua9e5\uaa29-\uaa36"
    "\uaa43-\uaa4d\uaa7b-\uaac1\uaaeb-\uaaef\uaaf5-\uaaf6\uabe3-\uabea\uabec-\uabed"
    "\ufb1e\ufe20-\ufe2f"
)
NAME_PATTERN = r"[^\W\d_][\w\-" + COMBINING_MARKS + "]*"
NAME = re.compile(NAME_PATTERN)

# The keywords that start a header line and no deal line ("note" starts both,
# and is listed with the deal's).
HEADER_KEYWORDS = ("reversis", "title", "date", "place", "rules", "set", "unit", "players",
                   "pot")
# The keywords that start a line inside a deal (a trick line starts with its number).
DEAL_KEYWORDS = ("hand", "talon", "exchange", "partie", "espagnolette", "unclaimed", "misdeal",
                 "redeal", "exposed", "peeked", "kept", "discarded-two", "out-of-turn", "note")

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
