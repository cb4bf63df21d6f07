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

__all__ = ["collapse_widths", "ratio_reduce"]


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
