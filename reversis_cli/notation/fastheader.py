"""The fast path of the header: its plain lines read without Lark.

A record's header is a few lines (``reversis 1``, ``rules classic``, ``players
...``), read once; what reading them with Lark costs is loading Lark and its
parser, about a sixth of a 20-deal evening.  So a header whose every line is
plain is read here, and a record whose deals the fast path reads as well
(``fastpath.py``) is read without Lark at all.  Its comments are read here
too, and attached as parse.py's ``_attach_comments`` attaches the ones Lark's
lexer collects: a comment line to the statement below it (the last ones to
the header's trailing comments), a comment after a statement to that
statement (the simulator writes one above every record it makes).  A header
with anything else -- a ``set`` line, a string with a backslash, a comment on
a line with a quote, a name that is not a name, a keyword used as a word, a
line the grammar does not read -- is left whole to Lark, which says what is
wrong.  Each line read here becomes exactly the statement the grammar's
builder makes of it (``tests/test_fastpath_parity.py`` holds the two to that
on every sample and on thousands of altered headers).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from ..grammar_source import terminal_regexp
from ..model import Comment, Header, HeaderLine, Name, Pos
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


def read_header(lines: Sequence[str], first_line: int) -> Header | None:
    """The header, when every line of it is plain but for its comments; else
    None: Lark then reads the whole header."""
    fast = fast_path()
    out: list[HeaderLine] = []
    above: list[Comment] = []  # comment lines not yet given to a statement
    for number, line in enumerate(lines, first_line):
        if not line:
            continue
        at = line.find("#")
        if at < 0 and not is_plain(line):
            return None  # a tab, a control character, a line too long: Lark's
        if at >= 0 and ('"' in line or not is_plain(line.replace("#", "_"))):
            return None  # a quote: the # may be in a string, which Lark reads
        if line.isspace():  # spaces only: a blank line
            continue
        comment = None if at < 0 else Comment(line[at + 1:], Pos(number, at + 1))
        if comment is not None and not line[:at].strip(" "):
            above.append(comment)
            continue
        statement = _header_line(fast, line if at < 0 else line[:at], number,
                                 tuple(above), comment)
        if statement is None:
            return None
        out.append(statement)
        above = []
    return Header(tuple(out), tuple(above))


def _header_line(fast: FastPath, line: str, number: int, above: tuple[Comment, ...],
                 comment_after: Comment | None) -> HeaderLine | None:
    """The statement of ``line`` (without its comment), with the comments
    ``above`` it and the one after it; None when Lark is to read it."""
    words = line.split()
    keyword = words[0]
    kind = _VALUES.get(keyword)
    if kind is None:
        return None
    indent = len(line) - len(line.lstrip(" \t"))
    pos = Pos(number, indent + 1)
    after = indent + len(keyword)
    if kind == _NAMES:
        return _players(fast, line, number, pos, after, above, comment_after)
    rest = line[after:]
    if rest and rest[0] not in " \t":
        return None  # the keyword runs into its value: Lark says how it reads
    values = words[1:]
    if not values:
        if kind != _OPTIONAL:
            return None
        return HeaderLine(pos=pos, keyword=keyword, value="",
                          value_pos=Pos(number, indent + 1 + 3), comments_before=above,
                          comment_after=comment_after)
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
    return HeaderLine(pos=pos, keyword=keyword, value=value, value_pos=Pos(number, start + 1),
                      comments_before=above, comment_after=comment_after)


def _players(fast: FastPath, line: str, number: int, pos: Pos, after: int,
             above: tuple[Comment, ...], comment_after: Comment | None) -> HeaderLine | None:
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
    return HeaderLine(pos=pos, keyword="players", names=tuple(names), comments_before=above,
                      comment_after=comment_after)
