"""Where a value of a JSON text is: from a JSON path to a line and a column.

The json module forgets where each value was; a diagnostic about a JSON
record must still point at the place in the file, so this module walks the
text again along the path.  It also reads JSON integers with the same cap on
digits as the notation (RV504).
"""

from __future__ import annotations

import json
import re

from ..amounts import MAX_DIGITS, too_many_digits
from ..diagnostics import Diagnostic
from ..i18n import Msg
from ..model import Pos
from .problems import problem

__all__ = ["LongNumber", "whole_number", "long_number", "too_long", "line_of", "located",
           "locate"]


class LongNumber(ValueError):
    def __init__(self, digits: str):
        super().__init__(digits)
        self.digits = digits


def whole_number(digits: str) -> int:
    """A JSON integer; one beyond the cap stops the reading (Python could not
    even turn one of over 4,300 digits into a number)."""
    if too_many_digits(digits.lstrip("-")):
        raise LongNumber(digits)
    return int(digits)


def long_number(text: str, digits: str, name: str) -> Diagnostic:
    offset = text.find(digits)
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return problem("RV504", too_long(len(digits.lstrip("-"))), Pos(line, column), name,
                   source_line=line_of(text, line))


def too_long(digits: int) -> Msg:
    """A number beyond the notation's cap on digits."""
    return Msg("a number of {digits} digits; a number in a record has at most {most}",
               digits=f"{digits:,}", most=MAX_DIGITS)



def line_of(text: str, number: int) -> str | None:
    lines = text.split("\n")
    return lines[number - 1].rstrip("\r") if 0 < number <= len(lines) else None


def located(code: str, message: Msg, path: list, text: str, name: str) -> Diagnostic:
    pointer = "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in path)
    offset = locate(text, path)
    pos = None
    line_text = None
    if offset is not None:
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        pos, line_text = Pos(line, column), line_of(text, line)
    return problem(code, Msg("{pointer}: {message}", pointer=pointer, message=message)
                   if path else message, pos, name,
                   source_line=line_text)


# -- where a JSON value is in the text ---------------------------------------------------

_SPACE = re.compile(r"[ \t\n\r]*")


def _after_space(text: str, index: int) -> int:
    """The first offset at or after ``index`` that is not JSON white space."""
    found = _SPACE.match(text, index)
    assert found is not None  # the pattern matches the empty string too
    return found.end()


def locate(text: str, path: list) -> int | None:
    """The offset in ``text`` where the value at ``path`` begins (None if not found)."""
    # numbers are read as in the document (one too long to read stopped the reading before)
    decoder = json.JSONDecoder(parse_int=whole_number)
    index = _after_space(text, 0)
    try:
        for step in path:
            if index >= len(text):
                return None
            found: int | None
            if text[index] == "{":
                found = _member(text, index, str(step), decoder)
            elif text[index] == "[" and isinstance(step, int):
                found = _element(text, index, step, decoder)
            else:
                return None
            if found is None:
                return None
            index = found
    except (ValueError, IndexError):
        return None
    return index


def _member(text: str, index: int, key: str, decoder) -> int | None:
    index = _after_space(text, index + 1)
    while index < len(text) and text[index] != "}":
        found, index = decoder.raw_decode(text, index)
        index = _after_space(text, index) + 1  # the ':'
        index = _after_space(text, index)
        if found == key:
            return index
        index = _past_value(text, index, decoder)
    return None


def _element(text: str, index: int, wanted: int, decoder) -> int | None:
    index = _after_space(text, index + 1)
    count = 0
    while index < len(text) and text[index] != "]":
        if count == wanted:
            return index
        index = _past_value(text, index, decoder)
        count += 1
    return None


def _past_value(text: str, index: int, decoder) -> int:
    """Where the member or element after the value at ``index`` begins (past its comma)."""
    _, index = decoder.raw_decode(text, index)
    index = _after_space(text, index)
    if text[index] == ",":
        index = _after_space(text, index + 1)
    return index
