"""The score tables as plain text, laid out without rich's Console.

rich measures and wraps every cell of every table it prints, which costs far
more than settling the deal.  When the output has no colour (a file, a pipe)
and a deal's renderables are simple — lines that fit the width, tables whose
every cell fits its column without wrapping — the layout is a matter of
adding up widths: :func:`plain_text` writes exactly what rich would, at a
fraction of the cost.  Anything else (a reason that must wrap, a title wider
than its table, a cell with control characters) returns ``None``, and the
caller prints the renderable with rich as before, so the output never
depends on which path drew it.
"""

from __future__ import annotations

import functools

from rich import box
from rich.cells import cell_len
from rich.console import Group
from rich.table import Table
from rich.text import Text

from .widths import collapse_widths, ratio_reduce

__all__ = ["plain_text"]


def plain_text(renderable, width: int) -> str | None:
    """``renderable`` as rich would print it, uncoloured, at ``width`` (each line
    ending in a newline), or ``None`` when it needs rich's own layout."""
    lines = _lines(renderable, width)
    return None if lines is None else "".join(line + "\n" for line in lines)


def _lines(renderable, width: int) -> list[str] | None:
    if isinstance(renderable, Group):
        return _group_lines(renderable, width)
    if isinstance(renderable, Table):
        return _table_lines(renderable, width)
    if isinstance(renderable, Text) and renderable.justify is None and \
            renderable.end == "\n":
        return _line(renderable.plain, width)
    if isinstance(renderable, str):
        return _line(renderable, width)
    return None


def _group_lines(group: Group, width: int) -> list[str] | None:
    lines: list[str] = []
    for part in group.renderables:
        more = _lines(part, width)
        if more is None:
            return None
        lines += more
    return lines


def _line(text: str, width: int) -> list[str] | None:
    """A line of text, wrapped at ``width`` as rich wraps it (not padded)."""
    if not _simple(text):
        return None
    if _width(text) <= width:
        return [text]
    return [line.plain for line in Text(text).wrap(None, width)]  # type: ignore[arg-type]


def _width(text: str) -> int:
    """``text``'s width in cells: its length when it is ASCII (every score
    table's figures and most of its words), which rich's ``cell_len`` would
    look up in its cache at several times the cost; else rich's measure, kept
    here (the same arrows, cards and names come back in every deal)."""
    if text.isascii():
        return len(text)
    width = _WIDTHS.get(text)
    if width is None:
        if len(_WIDTHS) >= 4096:  # bounded, as rich's own cache
            _WIDTHS.clear()
        width = _WIDTHS[text] = cell_len(text)
    return width


_WIDTHS: dict[str, int] = {}


def _simple(text: str) -> bool:
    # Printable: no newline, tab or control character, which rich would
    # expand, strip or break on.
    return text.isprintable()


def _cell_text(cell) -> str | None:
    if isinstance(cell, str):
        return cell if _simple(cell) else None
    if isinstance(cell, Text) and cell.justify is None and _simple(cell.plain):
        return cell.plain
    return None


def _is_plain_table(table: Table) -> bool:
    """A table drawn the way the score tables are (SIMPLE_HEAD, no edge padding,
    a header, perhaps a footer, no fixed widths)."""
    return (table.box is box.SIMPLE_HEAD and not table.pad_edge and table.show_edge
            and table.show_header and not table.show_lines
            and not table.expand and table.width is None and table.min_width is None
            and not table.leading and not table.row_styles
            and not table.collapse_padding and table.padding == (0, 1, 0, 1)
            and table.columns != [] and all(
                c.width is None and c.min_width is None and c.max_width is None
                and c.ratio is None and c.justify in ("left", "right")
                for c in table.columns))


def _table_lines(table: Table, width: int) -> list[str] | None:
    if not _is_plain_table(table):
        return None
    columns: list[list[tuple[str, int]]] = []
    for column in table.columns:
        measured = _measured((column.header, *column.cells,
                              *((column.footer,) if table.show_footer else ())))
        if measured is None:
            return None
        columns.append(measured)
    widths = _column_widths(columns, width - len(columns) - 1)  # less dividers and edges
    if widths is None:
        return None
    table_width = sum(widths) + len(widths) + 1
    title = _annotation(table.title, table.title_justify, table_width)
    caption = _annotation(table.caption, table.caption_justify, table_width)
    if title is None or caption is None:
        return None
    last = len(widths) - 1
    # Each column: its padding either side (none at the table's outer edges),
    # the room for text between, how it aligns and what it does with a long word.
    layout = [(int(index > 0), int(index < last), w - (index > 0) - (index < last),
               column.justify == "right", column.overflow)
              for index, (w, column)
              in enumerate(zip(widths, table.columns, strict=True))]
    blank = " " * table_width
    rows = list(zip(*columns, strict=True))
    body = rows[1:-1] if table.show_footer else rows[1:]
    lines = [*title, blank, *_row(rows[0], layout, header=True),
             " " + "─" * (table_width - 2) + " "]
    for row in body:
        lines += _row(row, layout)
    if table.show_footer:
        lines.append(blank)
        lines += _row(rows[-1], layout)
    lines.append(blank)
    return lines + caption


def _measured(cells) -> list[tuple[str, int]] | None:
    """Each cell's text and width, or ``None`` if a cell needs rich."""
    measured = []
    for cell in cells:
        # Most cells are printable strs: taken as they are, without a call each.
        text = cell if type(cell) is str and cell.isprintable() else _cell_text(cell)
        if text is None:
            return None
        measured.append((text, len(text) if text.isascii() else _width(text)))
    return measured


def _annotation(text, justify, width: int) -> list[str] | None:
    """A title or caption: its lines (none if there is none), or ``None`` if
    rich must draw it."""
    if not text:  # rich leaves out an empty title
        return []
    plain = _cell_text(text)
    if plain is None or justify != "left":
        return None
    return _wrap(plain, _width(plain), width, False, "fold")


def _column_widths(columns: list[list[tuple[str, int]]], room: int) -> list[int] | None:
    """Each column's width with its padding, as rich computes it: the widest
    cell, and when the table is wider than the room, the widest columns
    narrowed first (rich's own arithmetic, vendored in :mod:`.widths`)."""
    last = len(columns) - 1
    pads = [(index > 0) + (index < last) for index in range(len(columns))]
    natural = [min(max(length for _, length in cells) + pad, room)
               for cells, pad in zip(columns, pads, strict=True)]
    widths = natural
    if sum(widths) > room:
        widths = collapse_widths(widths, [True] * len(widths), room)
        if sum(widths) > room:
            widths = ratio_reduce(sum(widths) - room, [1] * len(widths), widths, widths)
        widths = [min(n, w) for n, w in zip(natural, widths, strict=True)]
    if any(w - pad < 1 for w, pad in zip(widths, pads, strict=True)):
        return None  # a column squeezed to nothing: leave it to rich
    return widths


def _wrap(text: str, length: int, width: int, right: bool, overflow) -> list[str]:
    """``text`` (``length`` cells) in lines of exactly ``width`` cells, wrapped
    as rich wraps a cell."""
    if length <= width:
        return [" " * (width - length) + text if right else text + " " * (width - length)]
    return list(_wrapped(text, width, right, overflow))


@functools.lru_cache(maxsize=4096)
def _wrapped(text: str, width: int, right: bool, overflow) -> tuple[str, ...]:
    # Cached: the same reasons come back deal after deal at the same width.
    lines = [line.plain for line in Text(text).wrap(
        None, width, justify="right" if right else "left",  # type: ignore[arg-type]
        overflow=overflow)]
    return tuple((" " * (width - cell_len(line)) + line) if right
                 else line + " " * (width - cell_len(line)) for line in lines)


def _row(cells, layout, header: bool = False) -> list[str]:
    """One row: a line when every cell fits its column (the usual case, made
    in one pass), else as many lines as its tallest cell."""
    parts = []
    for (text, length), (left, pad_right, inner, right, _) in zip(cells, layout, strict=True):
        if length > inner:
            return _tall_row(cells, layout, header)
        gap = " " * (inner - length)
        parts.append(" " * left + (gap + text if right else text + gap) + " " * pad_right)
    return [" " + " ".join(parts) + " "]


def _tall_row(cells, layout, header: bool) -> list[str]:
    """A row with a cell wrapped onto more lines: body cells at the top,
    header cells at the bottom."""
    blocks = []
    for (text, length), (left, pad_right, inner, right, overflow) in \
            zip(cells, layout, strict=True):
        if length <= inner:  # most cells of the row: one line, padded here
            gap = " " * (inner - length)
            blocks.append([" " * left + (gap + text if right else text + gap)
                           + " " * pad_right])
            continue
        lines = _wrapped(text, inner, right, overflow)
        blocks.append([" " * left + line + " " * pad_right for line in lines])
    height = max(map(len, blocks))
    for block, (left, pad_right, inner, _, _) in zip(blocks, layout, strict=True):
        filler = [" " * (left + inner + pad_right)] * (height - len(block))
        block[:] = filler + block if header else block + filler
    return [" " + " ".join(parts) + " " for parts in zip(*blocks, strict=True)]
