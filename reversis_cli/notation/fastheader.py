"""The fast path of the header: its plain lines read without Lark.

A record's header is a few lines (``reversis 1``, ``rules classic``, ``players
...``), read once; what reading them with Lark costs is loading Lark and its
parser, about a sixth of a 20-deal evening.  So a header whose every line is
plain is read here, and a record whose deals the fast path reads as well
(``fastpath.py``) is read without Lark at all.  A header with anything else
-- a comment, a ``set`` line, a string with a backslash, a name that is not a
name, a keyword used as a word, a line the grammar does not read -- is left
whole to Lark, which says what is wrong.  Each line read here becomes exactly
the statement the grammar's builder makes of it (``tests/test_fastpath_parity.py``
holds the two to that on every sample and on thousands of altered headers).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from ..grammar_source import terminal_regexp
from ..model import HeaderLine, Name, Pos
from .fastpath import FastPath, fast_path, is_plain

__all__ = ["read_header"]

# The lines read here: each keyword, and what its value is (the grammar's
# header rules: "reversis" INT, "rules" (STRING | WORD), "players" NAME*...).
_NUMBER, _TEXT, _WORD_OR_TEXT, _NAME, _NAMES, _OPTIONAL = (
    "number", "text", "word or text", "name", "names", "optional")
_VALUES = {"reversis": _NUMBER, "title": _TEXT, "date": _WORD_OR_TEXT, "place": _TEXT,
           "note": _TEXT, "rules": _WORD_OR_TEXT, "unit": _NAME, "players": _NAMES,
           "pot": _OPTIONAL}


_WORDS = re.compile(r"[^ \t]+")


@functools.lru_cache(maxsize=1)
def _expressions() -> dict[str, re.Pattern[str]]:
    """The value of each kind of line, from the grammar's terminals; a text is
    a STRING without a backslash (its value is then what stands between the
    quotes), a word the grammar's WORD."""
    number, word = terminal_regexp("INT"), terminal_regexp("WORD")
    text = r'"[^"\\\r\n]*"'
    return {_NUMBER: re.compile(number), _TEXT: re.compile(text),
            _WORD_OR_TEXT: re.compile(f"{text}|{word}"), _NAME: re.compile(r"[^ \t]+"),
            _OPTIONAL: re.compile(f"{text}|{word}")}


def read_header(lines: Sequence[str], first_line: int) -> list[HeaderLine] | None:
    """The statements of a header whose every line is plain, or None: Lark
    then reads the whole header."""
    fast = fast_path()
    out = []
    for number, line in enumerate(lines, first_line):
        if not line:
            continue
        if not is_plain(line):
            return None  # a comment, a tab, a control character: Lark's
        if line.isspace():  # spaces only: a blank line
            continue
        statement = _header_line(fast, line, number)
        if statement is None:
            return None
        out.append(statement)
    return out


def _header_line(fast: FastPath, line: str, number: int) -> HeaderLine | None:
    words = line.split()
    keyword = words[0]
    kind = _VALUES.get(keyword)
    if kind is None:
        return None
    indent = len(line) - len(line.lstrip(" \t"))
    pos = Pos(number, indent + 1)
    after = indent + len(keyword)
    if kind == _NAMES:
        return _players(fast, line, number, pos, after)
    rest = line[after:]
    if rest and rest[0] not in " \t":
        return None  # the keyword runs into its value: Lark says how it reads
    values = words[1:]
    if not values:
        if kind != _OPTIONAL:
            return None
        return HeaderLine(pos=pos, keyword=keyword, value="",
                          value_pos=Pos(number, indent + 1 + 3))
    start = len(line) - len(rest.lstrip(" \t"))
    found = _expressions()[kind].fullmatch(line.rstrip(" \t"), start)
    if found is None:
        return None
    value = found.group()
    if kind == _NAME and (not fast.is_name(value) or value in fast.keywords):
        return None
    if value in fast.keywords:
        return None  # a keyword where a value stands: Lark reads it its own way
    if value.startswith('"'):
        value = value[1:-1]
    return HeaderLine(pos=pos, keyword=keyword, value=value, value_pos=Pos(number, start + 1))


def _players(fast: FastPath, line: str, number: int, pos: Pos, after: int) -> HeaderLine | None:
    """The players line: any number of names, each a NAME and no keyword in
    any case (Lark and the header's checks say what is wrong with one)."""
    rest = line[after:]
    if rest and rest[0] not in " \t":
        return None
    names = []
    for found in _WORDS.finditer(line, after):
        word = found.group()
        if not fast.is_name(word) or word.casefold() in fast.keywords:
            return None
        names.append(Name(word, Pos(number, found.start() + 1)))
    return HeaderLine(pos=pos, keyword="players", names=tuple(names))
