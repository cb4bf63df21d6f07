"""Finding and reading ``reversis.lark``, without building the parser.

The grammar sits at the top of a checkout (``grammar/``), and an installed
wheel carries it inside the package (``reversis_cli/grammar/``, put there by
hatchling's force-include).  An editable install sees only the checkout, so
the packaged copy is tried first and the checkout second.  This module
imports nothing of the package, so that any layer may read the grammar's
text (``vocabulary.py`` takes the name pattern from it).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

GRAMMAR_NAME = "reversis.lark"


def grammar_candidates() -> list[Path]:
    package_dir = Path(__file__).resolve().parent
    return [
        package_dir / "grammar" / GRAMMAR_NAME,          # installed wheel
        package_dir.parent / "grammar" / GRAMMAR_NAME,   # checkout, editable install
    ]


def grammar_path() -> Path:
    for path in grammar_candidates():
        if path.is_file():
            return path
    tried = ", ".join(str(p) for p in grammar_candidates())
    raise FileNotFoundError(f"the notation grammar {GRAMMAR_NAME} is missing (looked in {tried})")


@functools.cache
def grammar_text() -> str:
    """The grammar's text, read once (the fast path, the keywords, the
    vocabulary and Lark each read it)."""
    return grammar_path().read_text(encoding="utf-8")


@functools.cache
def terminal_regexp(name: str) -> str:
    """The regular expression of the grammar's terminal ``name`` as written
    there (``NAME: /.../``), read from the grammar's text without building the
    parser, for the layers that check a word without parsing a line."""
    prefix = f"{name}: /"
    for line in grammar_text().splitlines():
        if line.startswith(prefix) and line.endswith("/"):
            return line[len(prefix):-1]
    raise LookupError(f"the grammar defines no terminal {name} as a regular expression")


# Lark's names for the punctuation the fast path reads (a terminal written as
# a quoted string is named after it: "deal" is DEAL, ">" is MORETHAN).
_PUNCTUATION = {"MORETHAN": ">"}


def _statement_text() -> list[str]:
    """The grammar's lines, comments cut off (a rule line's ``//`` comment too)."""
    out = []
    for line in grammar_text().splitlines():
        text = line.split("//", 1)[0] if not line.lstrip().startswith(("/", "%")) else ""
        if text.strip() and "/" not in text:  # no terminal written as an expression
            out.append(text)
    return out


@functools.cache
def grammar_keywords() -> frozenset[str]:
    """Every keyword of the notation: each word the grammar's rules write in
    quotes (``"deal"``), read from its text without building the parser
    (``tests/test_architecture.py`` holds it to the compiled grammar's)."""
    words: set[str] = set()
    for text in _statement_text():
        words.update(word for word in re.findall(r'"([^"\\]+)"', text) if word[:1].isalpha())
    return frozenset(words)


@functools.cache
def terminal_pattern(name: str) -> str:
    """The expression of the grammar's terminal ``name`` as Lark compiles it,
    for the terminals the fast path reads: one written as an expression
    (NAME, INT, RULE_ID), a keyword (DEAL, EXCHANGE: the word itself), the
    punctuation of :data:`_PUNCTUATION`, or CARDS, a card and then any number
    of blanks and cards.  ``\\uXXXX`` escapes are left for :mod:`re` to read.
    ``tests/test_architecture.py`` holds each to the compiled grammar's."""
    if name == "CARDS":
        card, blank = terminal_regexp("_CARD"), terminal_regexp("_BLANK")
        return f"{card}(?:{blank}{card})*"
    if name in _PUNCTUATION:
        return re.escape(_PUNCTUATION[name])
    if name.lower() in grammar_keywords():
        return re.escape(name.lower())
    return terminal_regexp(name)
