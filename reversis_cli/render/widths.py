"""How rich narrows the columns of a table too wide for its room, vendored.

:mod:`reversis_cli.render.plain` lays out a score table exactly as rich
would, and for a table wider than the output that needs rich's arithmetic for
narrowing columns.  rich keeps it private (``rich._ratio.ratio_reduce`` and
``Table._collapse_widths``), free to change in any release; copied here, the
plain tables depend only on rich's public behaviour, and
``tests/test_fences.py`` checks that this copy still narrows as the installed
rich does.

The two functions below are taken from rich 15.0.0 (``rich/_ratio.py`` and
``rich/table.py``), unchanged but for their names, types and layout:

    Copyright (c) 2020 Will McGugan

    Permission is hereby granted, free of charge, to any person obtaining a copy
    of this software and associated documentation files (the "Software"), to deal
    in the Software without restriction, including without limitation the rights
    to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
    copies of the Software, and to permit persons to whom the Software is
    furnished to do so, subject to the following conditions:

    The above copyright notice and this permission notice shall be included in all
    copies or substantial portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
    IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
    FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
    AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
    LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
    OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
    SOFTWARE.

(also in ``LICENSES/rich.txt`` at the top of the checkout).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable

__all__ = ["cell_width", "char_width", "collapse_widths", "ratio_reduce", "wrap"]


def ratio_reduce(total: int, ratios: list[int], maximums: list[int],
                 values: list[int]) -> list[int]:
    """``values`` less ``total`` in all, taken from each in proportion to its
    ratio and at most its maximum (rich's ``rich._ratio.ratio_reduce``).

    rich's own division and rounding are kept (the widths are whole cells, not
    money): the point is to narrow exactly as rich does."""
    ratios = [ratio if maximum else 0
              for ratio, maximum in zip(ratios, maximums, strict=True)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    total_remaining = total
    result: list[int] = []
    for ratio, maximum, value in zip(ratios, maximums, values, strict=True):
        if ratio and total_ratio > 0:
            distributed = min(maximum, round(ratio * total_remaining / total_ratio))
            result.append(value - distributed)
            total_remaining -= distributed
            total_ratio -= ratio
        else:
            result.append(value)
    return result


def collapse_widths(widths: list[int], wrapable: list[bool], max_width: int) -> list[int]:
    """``widths`` with the widest wrapable columns narrowed, in turn, until the
    total is at most ``max_width`` or no column can give more (rich's
    ``Table._collapse_widths``)."""
    total_width = sum(widths)
    excess_width = total_width - max_width
    if any(wrapable):
        while total_width and excess_width > 0:
            max_column = max(width for width, allow_wrap in zip(widths, wrapable, strict=True)
                             if allow_wrap)
            second_max_column = max(width if allow_wrap and width != max_column else 0
                                    for width, allow_wrap in zip(widths, wrapable, strict=True))
            column_difference = max_column - second_max_column
            ratios = [(1 if (width == max_column and allow_wrap) else 0)
                      for width, allow_wrap in zip(widths, wrapable, strict=True)]
            if not any(ratios) or not column_difference:
                break
            max_reduce = [min(excess_width, column_difference)] * len(widths)
            widths = ratio_reduce(excess_width, ratios, max_reduce, widths)
            total_width = sum(widths)
            excess_width = total_width - max_width
    return widths


# --- measuring and wrapping text, as rich does -------------------------------------------------
#
# The functions below write what rich's public ``cell_len`` and ``Text.wrap``
# (with ``rich._wrap.divide_line`` and ``rich.cells.chop_cells``, from rich
# 15.0.0, under the notice above) make of a line of printable text, without
# loading rich: the plain tables' width arithmetic is ours (issue 24).  Their
# measure knows the characters of the ranges below only (those a record's
# names, cards and messages are written in); for any other it answers
# ``None``, and the caller leaves the text to rich.  ``tests/test_fences.py``
# checks both against the installed rich.

# (first, last, cells): every character of these ranges is as wide in every
# Unicode version rich measures with (the test goes through them all).
_KNOWN_RANGES = (
    (0x20, 0x7E, 1),  # ASCII
    (0xA0, 0xAC, 1), (0xAE, 0x2FF, 1),  # Latin-1, Latin Extended, IPA, modifiers
    (0x370, 0x377, 1), (0x37A, 0x37F, 1), (0x384, 0x38A, 1), (0x38C, 0x38C, 1),
    (0x38E, 0x3A1, 1), (0x3A3, 0x482, 1), (0x48A, 0x52F, 1),  # Greek, Cyrillic
    (0x1E00, 0x1EFF, 1),  # Latin Extended Additional
    (0x2010, 0x2027, 1), (0x2030, 0x205E, 1),  # punctuation: dashes, quotes, …
    (0x2190, 0x2199, 1),  # arrows
    (0x2212, 0x2212, 1), (0x2260, 0x2265, 1),  # minus, ≠ ≤ ≥
    (0x2500, 0x25FC, 1),  # box drawing, blocks, shapes
    (0x2660, 0x2667, 1),  # card suits
    (0x3041, 0x3096, 2), (0x30A1, 0x30FA, 2),  # kana
    (0x4E00, 0x9FBB, 2),  # CJK ideographs (those of Unicode 4.1)
    (0xAC00, 0xD7A3, 2),  # Hangul syllables
)
_RANGE_STARTS = [first for first, _, _ in _KNOWN_RANGES]
# A character that is not one of the known one-cell ones: most texts have none,
# and are as wide as they are long (found by one search, at C speed).
_NOT_NARROW = re.compile("[^" + "".join(f"\\U{first:08x}-\\U{last:08x}"
                                        for first, last, cells in _KNOWN_RANGES
                                        if cells == 1) + "]")
_CELLS: dict[str, int] = {}  # the characters met so far and their widths
_WHITESPACE_AT_END = re.compile(r"\s+$")
_WORD = re.compile(r"\s*\S+\s*")


def char_width(char: str) -> int | None:
    """The cells ``char`` takes, or ``None`` when it is outside the known ranges."""
    code = ord(char)
    index = bisect.bisect_right(_RANGE_STARTS, code) - 1
    if index >= 0:
        _, last, cells = _KNOWN_RANGES[index]
        if code <= last:
            return cells
    return None


# The no-break space that holds an amount's whole part to its fraction
# ("2 1/2", i18n/numbers.py) is one cell wide, and rich wraps at it as at any
# white space (its word pattern, below, is ours too): printable to the writer,
# though str.isprintable() says no.
NO_BREAK_SPACE = "\u00a0"


def printable(text: str) -> bool:
    """``text.isprintable()``, with the no-break space taken as printable."""
    return text.isprintable() or (
        NO_BREAK_SPACE in text and text.replace(NO_BREAK_SPACE, " ").isprintable())


def cell_width(text: str) -> int | None:
    """``text``'s width in cells, as rich's ``cell_len`` measures it, or
    ``None`` when a character is outside the known ranges (or not printable)."""
    if text.isascii():
        return len(text) if text.isprintable() else None
    if not printable(text):
        return None
    if _NOT_NARROW.search(text) is None:
        return len(text)
    try:  # each character's width looked up at C speed once it is known
        return sum(map(_CELLS.__getitem__, text))
    except KeyError:
        for char in text:
            if char not in _CELLS:
                cells = char_width(char)
                if cells is None or not printable(char):
                    return None
                _CELLS[char] = cells
        return sum(map(_CELLS.__getitem__, text))


def wrap(text: str, width: int, justify: str = "default",
         overflow: str = "fold") -> list[str] | None:
    """The lines rich's ``Text(text).wrap(console, width, justify=justify,
    overflow=overflow)`` makes of ``text``, a line of printable text whose
    every character :func:`cell_width` knows (else ``None``), at ``width`` ≥ 1."""
    total = cell_width(text)
    if total is None or width < 1 or justify not in ("default", "left", "right") \
            or overflow not in ("fold", "ellipsis", "crop"):
        return None
    # Every character one cell wide (the usual case): a piece's width is its length.
    measure: Callable[[str], int] = len if total == len(text) else _width
    lines = []
    for line in _divide(text, _divide_line(text, width, overflow == "fold", measure)):
        # rich's Text.rstrip_end: whitespace beyond the width, counted in characters
        if len(line) > width:
            end = _WHITESPACE_AT_END.search(line)
            if end is not None:
                line = line[:len(line) - min(len(end.group(0)), len(line) - width)]
        lines.append(line)
    if justify == "left":
        lines = [_truncate(line, width, overflow, measure, pad=True) for line in lines]
    elif justify == "right":
        lines = [_truncate(line.rstrip(), width, overflow, measure) for line in lines]
        lines = [" " * (width - measure(line)) + line for line in lines]
    return [_truncate(line, width, overflow, measure) for line in lines]


def _width(text: str) -> int:
    width = cell_width(text)
    assert width is not None  # wrap() measured the whole text first
    return width


def _divide(text: str, offsets: list[int]) -> list[str]:
    bounds = [0, *offsets, len(text)]
    return [text[start:end] for start, end in zip(bounds, bounds[1:], strict=False)]


def _divide_line(text: str, width: int, fold: bool, measure: Callable[[str], int]) -> list[int]:
    """rich's ``divide_line``: where to break ``text`` to fit ``width`` cells."""
    breaks: list[int] = []
    cell_offset = 0
    match = _WORD.match(text, 0)
    while match is not None:
        start, end = match.span()
        word = match.group(0)
        word_length = measure(word.rstrip())
        if width - cell_offset >= word_length:
            cell_offset += measure(word)
        elif word_length > width:
            if fold:
                folded = _chop_cells(word, width, measure)
                for index, line in enumerate(folded):
                    if start:
                        breaks.append(start)
                    if index == len(folded) - 1:
                        cell_offset = measure(line)
                    else:
                        start += len(line)
            else:
                if start:
                    breaks.append(start)
                cell_offset = measure(word)
        elif cell_offset and start:
            breaks.append(start)
            cell_offset = measure(word)
        match = _WORD.match(text, end)
    return breaks


def _chop_cells(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """rich's ``chop_cells``: ``text`` in pieces of at most ``width`` cells."""
    if measure is len:  # rich's own short cut for a text of one-cell characters
        return [text[index:index + width] for index in range(0, len(text), width)]
    lines: list[str] = []
    line_size = line_offset = 0
    for index, char in enumerate(text):
        cells = measure(char)
        if line_size + cells > width:
            lines.append(text[line_offset:index])
            line_offset, line_size = index, 0
        line_size += cells
    if line_size:
        lines.append(text[line_offset:])
    return lines


def _truncate(text: str, width: int, overflow: str, measure: Callable[[str], int],
              pad: bool = False) -> str:
    """rich's ``Text.truncate``."""
    length = measure(text)
    if length > width:
        text = _set_cell_size(text, width - 1, measure) + "…" if overflow == "ellipsis" \
            else _set_cell_size(text, width, measure)
    if pad and length < width:
        text += " " * (width - length)
    return text


def _set_cell_size(text: str, total: int, measure: Callable[[str], int]) -> str:
    """rich's ``set_cell_size`` when cropping: the first ``total`` cells, a wide
    character cut in two replaced by a space."""
    if total <= 0:
        return ""
    if measure is len:
        return text[:total]
    size = 0
    for index, char in enumerate(text):
        cells = measure(char)
        if size + cells > total:
            return text[:index] + " " * (total - size)
        size += cells
    return text
