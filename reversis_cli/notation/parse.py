"""Parsing one chunk of a record, and the one boundary where Lark's errors
become diagnostics (with the line, the column and a message a player reads).

A chunk with syntax errors is parsed again with each bad line blanked out, so
that one run reports every bad line of a deal, not only the first.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Sequence

from ..amounts import MAX_DIGITS, too_many_digits
from ..cards import Card, CardError, TenCardError, not_a_card_message
from .. import fastpaths
from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Msg
from ..invisible import (
    VARIATION_SELECTORS, describe, escape, first_forbidden, is_forbidden, is_invisible, visible,
)
from ..model import Comment, Deal, DealLine, Header, HeaderLine, Pos, Statement
from ..values import MutableValue, replace
from ..vocabulary import DEAL_KEYWORDS, HEADER_KEYWORDS
from ..words import alternatives, grouped

from .fastheader import read_header
from .fastpath import LONG_DIGIT_RUN, MAX_LINE_LENGTH, fast_path
from .fastspaced import read_spaced_deal
from .spaced import SpacedLines
from .grammar_file import keywords, parser, terminal_text

__all__ = ["ParsedChunk", "parse_header", "parse_deal", "parse_chunk", "MAX_LINE_LENGTH"]

# Give up re-parsing a chunk after this many bad lines.
MAX_SYNTAX_ERRORS_PER_CHUNK = 20

# Read in place of a deal line that cannot be read, so that the deal's other
# lines are still checked; the deal itself is then left out.
_STAND_IN_DEAL_LINE = "deal 0 dealer Unreadable"
_WORD = re.compile(r"[^\s]*")
# The number a deal, trick or unclaimed line begins with.
_NUMBER_OF_LINE = re.compile(r"[ \t]*(?:(?P<keyword>deal|unclaimed)[ \t]+)?(?P<number>[0-9]+)")
_TEN = re.compile(r"^(?:10|[Tt])[SHDCshdc♠♥♦♣♤♡♢♧][\ufe0e\ufe0f]?$")


class ParsedChunk(MutableValue):
    """The statements of one chunk, its trailing comments and its problems."""

    __slots__ = _fields = ("statements", "trailing_comments", "problems", "deal_line_ok")
    statements: list[Statement]
    trailing_comments: tuple[Comment, ...]
    problems: list[Diagnostic]
    deal_line_ok: bool

    def __init__(self, statements: list[Statement], trailing_comments: tuple[Comment, ...],
                 problems: list[Diagnostic], deal_line_ok: bool = True):
        self.statements = statements
        self.trailing_comments = trailing_comments
        self.problems = problems
        self.deal_line_ok = deal_line_ok

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.problems)


def parse_header(lines: Sequence[str], first_line: int = 1, fast: bool | None = None
                 ) -> tuple[Header, list[Diagnostic]]:
    """The header chunk.  A header of plain lines is read without Lark
    (``fastheader.py``); ``fast=False`` reads it with Lark (the parity test
    compares the two).  ``fast`` None (the default): fast unless
    ``REVERSIS_REFERENCE=1`` (:mod:`..fastpaths`)."""
    if (not fastpaths.REFERENCE) if fast is None else fast:
        read = read_header(lines, first_line)
        if read is not None:
            return read, []
    chunk = parse_chunk(lines, "header", first_line)
    header_lines = tuple(s for s in chunk.statements if isinstance(s, HeaderLine))
    assert len(header_lines) == len(chunk.statements), "the header rule builds header lines only"
    header = Header(header_lines, chunk.trailing_comments)
    return header, chunk.problems


def parse_deal(lines: Sequence[str], first_line: int = 1, fast: bool | None = None
               ) -> tuple[Deal | None, list[Diagnostic]]:
    """One deal block (with the comment lines above it).  ``None`` when its
    ``deal`` line itself cannot be read.  ``fast=False`` reads every line with
    Lark (the parity test compares the two)."""
    fast = (not fastpaths.REFERENCE) if fast is None else fast
    if fast:
        path = fast_path()
        read = read_spaced_deal(path, lines, first_line) if type(lines) is SpacedLines else None
        if read is None:
            read = path.read_deal(lines, first_line)
        if read is not None:  # every line read: a lean deal, nothing for parse_chunk's checks
            return read
    chunk = parse_chunk(lines, "deal_chunk", first_line, fast)
    if not chunk.deal_line_ok or not chunk.statements:
        return None, chunk.problems
    first, rest = chunk.statements[0], chunk.statements[1:]
    if not isinstance(first, DealLine):
        return None, chunk.problems
    return Deal(first, tuple(rest), chunk.trailing_comments), chunk.problems


def parse_chunk(lines: Sequence[str], start: str, first_line: int = 1, fast: bool | None = None
                ) -> ParsedChunk:
    """Parse ``lines`` (no line ends) with the grammar's ``start`` rule.

    In a deal, the lines the fast path reads (``fastpath.py``) are blanked
    before Lark sees the rest; when it has read them all, Lark is not run.
    (``parse_deal`` first tries the fast path on the deal as a whole.)
    ``fast=False`` reads every line with Lark; ``fast`` None (the default): fast
    unless ``REVERSIS_REFERENCE=1`` (:mod:`..fastpaths`)."""
    fast = (not fastpaths.REFERENCE) if fast is None else fast
    lines = list(lines)
    problems: list[Diagnostic] = []
    deal_line_ok = True
    first = _first_statement_index(lines)
    for index, line in enumerate(lines):
        if start != "header" and _refuse_long_number(lines, index, first_line, problems):
            pass  # said at the number, which is what is wrong with the line
        elif len(line) > MAX_LINE_LENGTH:
            problems.append(diagnostic(
                "RV100", Msg("this line is longer than {count} characters; a statement fits "
                             "on a short line", count=grouped(MAX_LINE_LENGTH)),
                Pos(first_line + index, 1)))
            lines[index] = ""
        else:
            continue
        if _is_deal_line(line):
            deal_line_ok = False
            if start != "header" and index == first:
                # A deal needs its deal line to be read at all: a stand-in keeps
                # the rest from being errors of their own (as below).
                lines[index] = _STAND_IN_DEAL_LINE
    said = _clean_forbidden(lines, first_line, problems)  # lines already in error
    read_fast: list[Statement] = []
    if fast and start == "deal_chunk":
        start, left = _read_fast(lines, first_line, read_fast, problems)
        if not left:
            problems.sort(key=lambda d: (d.line or 0, d.column or 0))
            return ParsedChunk(read_fast, (), problems, deal_line_ok)
    return _parse_with_lark(lines, start, first_line, problems, deal_line_ok, read_fast, said)


def _read_fast(lines: list[str], first_line: int, out: list[Statement],
               problems: list[Diagnostic]) -> tuple[str, bool]:
    """Read what the fast path can, blanking those lines in ``lines``.

    Returns the start rule for the rest and whether any line is left for
    Lark.  Only a deal whose ``deal`` line the fast path reads is read this
    way (the rest then starts at ``deal_body``): when the deal line itself is
    wrong, Lark reads the whole deal, so that its recovery sees every line."""
    fast = fast_path()
    first = _first_statement_index(lines)
    if any(line.lstrip(" \t\f")[:1] not in ("", "#") for line in lines[:first]):
        return "deal_chunk", True  # something odd above the deal line
    deal_line = fast.read(lines[first], first_line + first, []) if lines else None
    if not isinstance(deal_line, DealLine):
        return "deal_chunk", True
    out.append(deal_line)
    lines[first] = ""
    left = any(line.strip() for line in lines[:first])  # comment lines above the deal
    for index in range(first + 1, len(lines)):
        line = lines[index]
        statement = fast.read(line, first_line + index, problems) if line else None
        if statement is None or isinstance(statement, DealLine):  # a second: Lark says it
            left = left or bool(line.strip())
            continue
        out.append(statement)
        lines[index] = ""
    return "deal_body", left


def _parse_with_lark(lines: list[str], start: str, first_line: int, problems: list[Diagnostic],
                     deal_line_ok: bool, read_fast: list[Statement], said: set[int]
                     ) -> ParsedChunk:
    """Parse with Lark; after a syntax error, blank the bad line and parse
    again, so that every bad line of a chunk is reported in one run.  The
    statements the fast path read are merged in before comments are attached
    (a comment line belongs to the statement below it, whoever read that)."""
    # start-up time: lark loads only when a line is left to it (parser() loads it too)
    from lark.exceptions import UnexpectedInput

    lark, sink, builder = parser()
    for _ in range(MAX_SYNTAX_ERRORS_PER_CHUNK):
        sink.tokens.clear()
        builder.start(first_line - 1, lines)
        try:
            statements = lark.parse("\n".join(lines) + "\n", start=start)
        except UnexpectedInput as exc:
            index = _error_line_index(exc, lines)
            lowered = _lower_case_keyword(exc, lines[index], first_line + index)
            if lowered is not None:  # said once; the line is then read as meant
                problems.append(lowered[0])
                lines[index] = lowered[1]
                continue
            if index not in said:  # one error per line: a control character is enough
                problems.append(_translate(exc, lines, first_line, start))
            if _is_deal_line(lines[index]) and start != "header":
                deal_line_ok = False
                # the stand-in only where a deal line is due: in a deal's body (its deal
                # line read by the fast path and blanked) a second one is blanked out
                if start == "deal_chunk" and index == _first_statement_index(lines):
                    lines[index] = _STAND_IN_DEAL_LINE  # keep checking the other lines
                    continue
            if not lines[index].strip():
                break  # the error is at a blank line: nothing left to blank out
            lines[index] = ""
            continue
        problems.extend(builder.problems)
        if read_fast:
            statements = sorted(read_fast + statements, key=lambda s: s.pos.line)
        statements, trailing = _attach_comments(statements, sink.tokens, first_line - 1)
        problems.sort(key=lambda d: (d.line or 0, d.column or 0))
        return ParsedChunk(statements, trailing, problems, deal_line_ok)
    problems.sort(key=lambda d: (d.line or 0, d.column or 0))
    return ParsedChunk([], (), problems, False)


def _clean_forbidden(lines: list[str], first_line: int, problems: list[Diagnostic]) -> set[int]:
    """Report the first control character of each line (RV003) and read the
    line with each such character taken as a blank; the indexes of those lines."""
    said = set()
    for index, line in enumerate(lines):
        at = first_forbidden(line)
        if at is None:
            continue
        problems.append(diagnostic(
            "RV003", Msg("{what} in the line; a record holds no control characters: remove it",
                         what=describe(line[at])), Pos(first_line + index, at + 1)))
        lines[index] = "".join(" " if is_forbidden(ch) else ch for ch in line)
        said.add(index)
    return said


def _refuse_long_number(lines: list[str], index: int, first_line: int,
                        problems: list[Diagnostic]) -> bool:
    """A deal, trick or claimed trick number of more than MAX_DIGITS digits is
    refused at the number and its line set aside (blanked): no record numbers
    so far, and every message that names the number stays short."""
    if len(lines[index]) <= MAX_DIGITS or not LONG_DIGIT_RUN.search(lines[index]):
        return False  # the usual line, checked at the cost of one scan
    found = _NUMBER_OF_LINE.match(lines[index])
    if found is None or not too_many_digits(found.group("number")):
        return False
    digits = grouped(len(found.group("number")))
    if found.group("keyword") == "deal":
        message = Msg("this number has {digits} digits; a deal number has at most {most}",
                      digits=digits, most=MAX_DIGITS)
    else:
        message = Msg("this number has {digits} digits; a trick number has at most {most}",
                      digits=digits, most=MAX_DIGITS)
    problems.append(diagnostic("RV100", message,
                               Pos(first_line + index, found.start("number") + 1)))
    lines[index] = ""
    return True


def _is_deal_line(line: str) -> bool:
    return line.lstrip()[:4].lower() == "deal" and line.lstrip()[4:5] in ("", " ", "\t")


def _first_statement_index(lines: list[str]) -> int:
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return index
    return 0


def _error_line_index(exc, lines: list[str]) -> int:
    line = getattr(exc, "line", None)
    if not isinstance(line, int) or line < 1:
        line = len(lines)
    return max(0, min(line, len(lines)) - 1)


# --- comments ------------------------------------------------------------------


def _attach_comments(statements, tokens, offset: int):
    """A comment at the end of a statement's line belongs to that statement;
    a comment on a line of its own belongs to the next statement; comments
    after the last statement are the chunk's trailing comments."""
    if not tokens:
        return list(statements), ()
    by_line = {s.pos.line: i for i, s in enumerate(statements)}
    before: dict[int, list[Comment]] = {}
    after: dict[int, Comment] = {}
    trailing: list[Comment] = []
    lines = sorted(by_line)
    for token in tokens:
        comment = Comment(token.value[1:], Pos(token.line + offset, token.column))
        owner = by_line.get(comment.pos.line)
        if owner is not None:
            after[owner] = comment
            continue
        at = bisect.bisect_right(lines, comment.pos.line)  # the next statement's line
        if at == len(lines):
            trailing.append(comment)
        else:
            before.setdefault(by_line[lines[at]], []).append(comment)
    out = list(statements)
    for index in set(before) | set(after):
        out[index] = replace(
            out[index], comments_before=tuple(before.get(index, ())),
            comment_after=after.get(index))
    return out, tuple(trailing)


# --- Lark's errors -> diagnostics ------------------------------------------------


def _word_at(text: str, index: int) -> str:
    """The word that starts at ``index``; empty at a space."""
    found = _WORD.match(text, index)
    assert found is not None, "[^\\s]* matches everywhere, if only the empty string"
    return found.group()


def _lower_case_keyword(exc, text: str, line: int) -> tuple[Diagnostic, str] | None:
    """A keyword written with capitals (``Deal``, ``Players``): the diagnostic
    that says so, and the line with the keyword in lower case, so that the
    rest of the line and of the deal is read as meant (no cascade)."""
    column = getattr(exc, "column", None)
    if not isinstance(column, int) or not 1 <= column <= len(text):
        return None
    word = _word_at(text, column - 1)
    lower = word.lower()
    if word == lower or lower not in keywords():
        return None
    expected = set(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    if f"'{lower}'" not in {terminal_text(name) for name in expected}:
        return None  # not what could stand here even in lower case: say what could
    message = Msg("keywords are written in lower case: write '{lower}', not '{word}'",
                  lower=lower, word=word)
    fixed = text[: column - 1] + lower + text[column - 1 + len(word):]
    return diagnostic("RV100", message, Pos(line, column)), fixed


def _translate(exc, lines: list[str], first_line: int, start: str) -> Diagnostic:
    """The one place where a Lark exception becomes a located diagnostic."""
    index = _error_line_index(exc, lines)
    text = lines[index] if lines else ""
    column = getattr(exc, "column", None)
    if not isinstance(column, int) or column < 1:
        column = len(text.rstrip()) + 1
    pos = Pos(first_line + index, column)
    word = _word_at(text, column - 1) if column - 1 < len(text) else ""
    expected = set(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    starts_line = not text[: column - 1].strip()
    # A variation selector is drawn as nothing once it is not part of a card
    # (where the parser stops, it is not).
    if column - 1 < len(text) and (is_invisible(text[column - 1])
                                   or text[column - 1] in VARIATION_SELECTORS):
        return diagnostic("RV100", _explain_invisible(text[column - 1], expected), pos)
    if column - 1 < len(text) and unicodedata.category(text[column - 1]).startswith("M"):
        return diagnostic("RV100", _explain_mark(text[column - 1], expected), pos)
    code, message = _explain(word, expected, starts_line, start, exc)
    if code == "RV100" and not starts_line:
        message = _with_statement_form(message, text, column, word)
    return diagnostic(code, message, pos)


# The order of the table's own lines (issue 11), said when a word is out of
# place in one: the parser alone only says what it expected next.
_RULE_ID = re.compile(r"[A-Za-z]+-[0-9]+")


def _with_statement_form(message: Msg | str, text: str, column: int, word: str) -> Msg | str:
    """``message`` with the order a ``paid`` or ``tally`` line wants, when the
    parser stopped inside one; other lines keep the parser's words."""
    words = text.split()
    statement = words[0] if words else ""
    if statement == "tally":
        return Msg("{message}: a tally lists the four players first, each with a figure, and "
                   "pool N last ({form})", message=message,
                   form=Msg("tally NAME AMOUNT NAME AMOUNT NAME AMOUNT NAME AMOUNT "
                            "[pool AMOUNT]"))
    if statement == "paid":
        form = Msg("paid PAYER PAYEE AMOUNT [RULE] [trick T]")
        if "trick" in text[: column - 1].split()[1:] and _RULE_ID.fullmatch(word):
            return Msg("{message}: a paid line names the rule before the trick ({form})",
                       message=message, form=form)
        return Msg("{message}: a paid line is written {form}", message=message, form=form)
    return message


def _explain_invisible(char: str, expected: set[str]) -> Msg:
    """A character nobody sees where the parser stopped: name it."""
    wanted = sorted({terminal_text(name) for name in expected if name != "$END"})
    advice = Msg("write a plain space") if char.isspace() else Msg("remove it")
    if wanted:
        return Msg("expected {expected}, found {what}, which looks like nothing or like a "
                   "space: {advice}", expected=alternatives(wanted[:6]), what=describe(char),
                   advice=advice)
    return Msg("found {what}, which looks like nothing or like a space: {advice}",
               what=describe(char), advice=advice)


def _explain_mark(char: str, expected: set[str]) -> Msg:
    """A combining mark with no letter before it: echoed, it would sit on the
    quote of the message, so it is named."""
    wanted = sorted({terminal_text(name) for name in expected if name != "$END"})
    name = unicodedata.name(char, "")
    mark = (Msg("the {name}", name=name.lower()) if name else Msg("the a combining mark"))
    if wanted:
        return Msg("expected {expected}, found {mark} ({code}) with no letter before it; a "
                   "word begins with a letter or a digit, and a mark follows the letter it "
                   "belongs to", expected=alternatives(wanted[:6]), mark=mark,
                   code=escape(char))
    return Msg("found {mark} ({code}) with no letter before it; a word begins with a letter "
               "or a digit, and a mark follows the letter it belongs to", mark=mark,
               code=escape(char))


def _explain(word: str, expected: set[str], starts_line: bool, start: str, exc
             ) -> tuple[str, str]:
    if _TEN.match(word):
        try:
            Card.parse(word)
        except TenCardError as err:
            return "RV101", err.message
    if word and starts_line:
        return _explain_line_start(word, start)
    card_expected = "CARDS" in expected or "MORETHAN" in expected
    if word and card_expected and _looks_like_card(word):
        try:
            Card.parse(word)
        except TenCardError as err:
            return "RV101", err.message
        except CardError:
            return "RV102", not_a_card_message(word)
    wanted: list[str] = sorted({terminal_text(name) for name in expected if name != "$END"})
    shown = visible(_shorten(word))
    if not wanted and word:
        return "RV100", Msg("'{word}' is not expected here", word=shown)
    if not wanted:
        return "RV100", Msg("the end of the line is not expected here")
    if len(wanted) > 6:
        wanted = wanted[:6] + ["…"]
    if word:
        return "RV100", Msg("expected {expected}, found '{word}'",
                            expected=alternatives(wanted), word=shown)
    return "RV100", Msg("expected {expected}, found the end of the line",
                        expected=alternatives(wanted))


def _explain_line_start(word: str, start: str) -> tuple[str, str]:
    lower = word.lower()
    case = "" if word == lower else Msg(" (and keywords are written in lower case: '{lower}')",
                                        lower=lower)
    if start != "header" and lower in HEADER_KEYWORDS:
        return "RV113", Msg("'{word}' is a header line; it belongs above the first deal{case}",
                            word=word, case=case)
    shown = visible(_shorten(word))
    if start == "header" and (lower in DEAL_KEYWORDS or word.isdigit()):
        return "RV100", Msg("'{word}' belongs inside a deal: begin the deal with "
                            "'deal N dealer NAME' first{case}", word=shown, case=case)
    if start == "header":
        return "RV100", Msg("'{word}' does not begin a header line; header lines begin with one "
                            "of: {keywords}", word=shown, keywords=", ".join(HEADER_KEYWORDS))
    return "RV100", Msg("'{word}' does not begin a line of a deal; such a line begins with a "
                        "trick number or one of: {keywords}", word=shown,
                        keywords=", ".join(DEAL_KEYWORDS))


def _looks_like_card(word: str) -> bool:
    return 2 <= len(word) <= 4


def _shorten(word: str, limit: int = 30) -> str:
    return word if len(word) <= limit else word[: limit - 1] + "…"
