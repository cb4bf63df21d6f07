"""Tables of the club's figures (``stats``, ``league``, ``stats --compare``) at
whatever width the console offers, without ever breaking a figure.

rich narrows every column of a table that is too wide for the window, figures
too: ``-633`` would print as ``-63`` over ``3``.  :class:`Fitted` wraps a
table built as usual and decides, when it is drawn and knows the width, how it
fits:

* a column made with ``no_wrap=True`` (a figure, or a cell of names and
  figures) is given the width of its widest line and is never narrowed;
* the other columns (labels, names) wrap at their words, never narrower than
  their longest word;
* when the figures do not fit beside the first ``keys`` columns (the labels),
  the other columns are split into several tables, each repeating the keys,
  as few as fit and of even size;
* when not even one column fits beside the keys, a line says how wide a
  window the table needs, and each row is written as a line of its own
  (``Rank: 1; Player: Elena; Net: 107``), wrapped between its cells.

Long names are cut into lines at their word boundaries (``_``, ``-``) before
they reach a table (:func:`name_lines`): a name never folds every few
characters.
"""

from __future__ import annotations

import math
import re
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Column, Table
from rich.text import Text

from ..i18n import Msg, t

__all__ = ["Fitted", "NAME_WIDTH", "Prose", "name_lines"]

# A name longer than this is cut into lines at its word boundaries.
NAME_WIDTH = 20
_NAME_PIECES = re.compile(r"[^_\-\s]*[_\-\s]*")
_WORDS = re.compile(r"\S+")


def name_lines(name: str, width: int = NAME_WIDTH) -> str:
    """``name`` in lines of at most ``width`` characters, cut after a ``_``,
    a ``-`` or a space (a piece longer than ``width`` alone is cut at
    ``width``); a name that fits is returned as it is."""
    if cell_len(name) <= width:
        return name
    lines: list[str] = []
    line = ""
    for piece in (p for p in _NAME_PIECES.findall(name) if p):
        while cell_len(piece) > width:  # no boundary for too long: cut it
            if line:
                lines.append(line.rstrip())
                line = ""
            lines.append(piece[:width])
            piece = piece[width:]
        if cell_len(line + piece.rstrip()) > width:
            lines.append(line.rstrip())
            line = ""
        line += piece
    if line.strip():
        lines.append(line.rstrip())
    return "\n".join(lines)


class Prose:
    """A sentence that wraps at its spaces but never inside a figure: rich
    breaks a line at a no-break space too (``2 1/2``), this does not."""

    def __init__(self, text: str, style: str = ""):
        self.text, self.style = text, style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for paragraph in self.text.split("\n"):
            line = ""
            for word in _folded(paragraph.split(" "), width):
                if line and cell_len(line) + 1 + cell_len(word) > width:
                    yield Text(line, style=self.style)
                    line = word
                else:
                    line = f"{line} {word}" if line else word
            yield Text(line, style=self.style)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        longest = max((cell_len(w) for w in self.text.replace("\n", " ").split(" ")), default=0)
        return Measurement(longest, cell_len(self.text))


def _folded(words: list[str], width: int) -> list[str]:
    """Words, one longer than the line cut into pieces of ``width``."""
    pieces = []
    for word in words:
        while cell_len(word) > width > 0:
            pieces.append(word[:width])
            word = word[width:]
        pieces.append(word)
    return pieces


def _lines(console: Console, cell) -> list[str]:
    text = cell if isinstance(cell, Text) else console.render_str(str(cell))
    return text.plain.split("\n")


class _Measured:
    """A column's content: the least room it needs and the most it can use."""

    def __init__(self, console: Console, column: Column):
        head = _lines(console, column.header)
        body = [line for cell in column.cells for line in _lines(console, cell)]
        self.widest = max((cell_len(line) for line in head + body), default=0)
        # a heading wraps at its words, even over a column of figures
        words = head if column.no_wrap else head + body
        self.least = max((cell_len(word) for line in words for word in _WORDS.findall(line)),
                         default=0)
        if column.no_wrap:
            self.least = max([self.least, *(cell_len(line) for line in body)])


class Fitted:
    """``table`` drawn without breaking a figure: whole, or split into tables
    that each repeat its first ``keys`` columns (see the module)."""

    def __init__(self, table: Table, keys: int = 1):
        self.table, self.keys = table, keys

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        columns = self.table.columns
        measured = [_Measured(console, column) for column in columns]
        keys = list(range(min(self.keys, len(columns))))
        rest = list(range(len(keys), len(columns)))
        groups = self._groups(keys, rest, measured, width)
        if groups is None:  # not one column fits beside the keys: a line a row
            needed = max(self._least(keys + [index], measured) for index in rest or [0])
            yield Text(t(Msg("This table needs a window {needed} columns wide (this one is "
                             "{width}): each row is written on lines of its own.",
                             needed=needed, width=width)), style="dim")
            yield from self._rows_as_lines(console)
            return
        for number, group in enumerate(groups):
            indices = keys + group
            yield self._part(indices, measured, width, first=number == 0)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        measured = [_Measured(console, column) for column in self.table.columns]
        every = list(range(len(measured)))
        return Measurement(self._least(every[:self.keys] + every[self.keys:self.keys + 1],
                                       measured),
                           self._most(every, measured))

    def _rows_as_lines(self, console: Console) -> RenderResult:
        """Each row as ``heading: cell; heading: cell``, wrapped between
        cells, never inside a figure (:class:`Prose`)."""
        columns = self.table.columns
        headings = [" ".join(_lines(console, column.header)).strip() for column in columns]
        cells = [list(column.cells) for column in columns]
        for number in range(len(self.table.rows)):
            pairs = []
            for heading, column in zip(headings, cells, strict=True):
                text = " ".join(line.strip() for line in _lines(console, column[number]))
                if text.strip():
                    pairs.append(f"{heading}:\u00a0{text}" if heading else text)
            yield Prose("; ".join(pairs))

    # --- widths ---------------------------------------------------------------------

    def _extra(self, count: int) -> int:
        """The table's width beyond its cells' content: edges, dividers, padding."""
        table = self.table
        _, right, _, left = table.padding
        edges = 2 if table.box and table.show_edge else 0
        dividers = count - 1 if table.box else 0
        pads = sum((left if index or table.pad_edge else 0)
                   + (right if index < count - 1 or table.pad_edge else 0)
                   for index in range(count))
        return edges + dividers + pads

    def _least(self, indices: list[int], measured: list[_Measured]) -> int:
        return sum(measured[i].least for i in indices) + self._extra(len(indices))

    def _most(self, indices: list[int], measured: list[_Measured]) -> int:
        return sum(measured[i].widest for i in indices) + self._extra(len(indices))

    def _groups(self, keys: list[int], rest: list[int], measured: list[_Measured],
                width: int) -> list[list[int]] | None:
        """The other columns in as few groups as fit beside the keys, of even size."""
        if not rest or self._least(keys + rest, measured) <= width:
            return [rest]
        for count in range(2, len(rest) + 1):
            size = math.ceil(len(rest) / count)
            groups = [rest[start:start + size] for start in range(0, len(rest), size)]
            if all(self._least(keys + group, measured) <= width for group in groups):
                return groups
        return None

    def _widths(self, indices: list[int], measured: list[_Measured], width: int) -> list[int]:
        """Each column's width: its least (a column of figures: its widest
        figure), then what is left shared out, up to its widest line."""
        widths = [measured[i].least for i in indices]
        spare = width - sum(widths) - self._extra(len(indices))
        growing = [n for n, i in enumerate(indices) if measured[i].widest > widths[n]]
        while spare > 0 and growing:
            share = max(1, spare // len(growing))
            for n in list(growing):
                more = min(share, measured[indices[n]].widest - widths[n], spare)
                widths[n] += more
                spare -= more
                if widths[n] >= measured[indices[n]].widest:
                    growing.remove(n)
                if not spare:
                    break
        return widths

    # --- drawing ----------------------------------------------------------------------

    def _part(self, indices: list[int], measured: list[_Measured], width: int,
              first: bool) -> Table:
        source = self.table
        part = Table(box=source.box, pad_edge=source.pad_edge, padding=source.padding,
                     show_header=source.show_header, show_edge=source.show_edge,
                     title=source.title if first else None, title_justify=source.title_justify,
                     style=source.style, header_style=source.header_style, expand=False)
        columns = [source.columns[i] for i in indices]
        for column, room in zip(columns, self._widths(indices, measured, width), strict=True):
            header = (Text(column.header, no_wrap=False) if isinstance(column.header, str)
                      else column.header)
            part.add_column(header, justify=column.justify, no_wrap=column.no_wrap,
                            overflow="fold", width=room, style=column.style,
                            header_style=column.header_style)
        cells = [list(column.cells) for column in columns]
        for number, row in enumerate(source.rows):
            part.add_row(*(column[number] for column in cells), style=row.style,
                         end_section=row.end_section)
        return part
