"""The score tables as plain text, written from their views without rich.

rich measures and wraps every cell of every table it prints, which costs far
more than settling the deal, and loading it costs a tenth of a short
evening.  When the output has no colour (a file, a pipe), a view
(:mod:`reversis_cli.render.layout`: lines, tables of the score's one kind)
is laid out here: widths added up, cells wrapped and columns narrowed with
rich's arithmetic, vendored in :mod:`.widths`, so :func:`plain_text` writes
exactly what rich would.  Anything it is not sure of (a character it cannot
measure, a control character, a column squeezed to nothing) returns
``None``, and the caller prints the view with rich as before, so the output
never depends on which path drew it (``tests/test_plain_tables.py``).
"""

from __future__ import annotations

import functools

from .layout import Grid, Line, Part, Stack
from .widths import cell_width, collapse_widths, ratio_reduce, wrap

__all__ = ["plain_lines", "plain_text"]


def plain_text(view: Part, width: int) -> str | None:
    """``view`` as rich would print it, uncoloured, at ``width`` (each line
    ending in a newline), or ``None`` when it needs rich's own layout."""
    lines = _lines(view, width)
    return None if lines is None else "".join(line + "\n" for line in lines)


def plain_lines(view: Part) -> str | None:
    """``view`` printed with ``soft_wrap`` (rich leaves its lines as they are:
    a diagnostic, a message), or ``None`` when rich must print it."""
    if isinstance(view, Line):
        text = view.plain
    elif isinstance(view, str):
        text = view
    else:
        return None
    if not all(line.isprintable() for line in text.split("\n")):
        return None  # a tab to expand, a control character to strip: rich's
    return text + "\n"


def _lines(view: Part, width: int) -> list[str] | None:
    if isinstance(view, Stack):
        return _stack_lines(view, width)
    if isinstance(view, Grid):
        return _table_lines(view, width)
    if isinstance(view, Line):
        return _line(view.plain, width)
    if isinstance(view, str):
        return _line(view, width)
    return None  # a renderable of rich's


def _stack_lines(stack: Stack, width: int) -> list[str] | None:
    lines: list[str] = []
    for part in stack.parts:
        more = _lines(part, width)
        if more is None:
            return None
        lines += more
    return lines


def _line(text: str, width: int) -> list[str] | None:
    """A line of text, wrapped at ``width`` as rich wraps it (not padded)."""
    length = _cell_length(text)
    if length is None:
        return None
    return [text] if length <= width else wrap(text, width)


def _cell_length(text: str) -> int | None:
    """``text``'s width in cells, or ``None`` if it is not a printable line
    that :func:`~.widths.cell_width` measures."""
    if text.isascii():
        return len(text) if text.isprintable() else None
    return cell_width(text) if text.isprintable() else None


def _table_lines(table: Grid, width: int) -> list[str] | None:
    columns: list[list[tuple[str, int]]] = []
    for index, column in enumerate(table.columns):
        cells = [column.header, *(row[index] for row in table.rows),
                 *((column.footer,) if table.show_footer else ())]
        measured = _measured(cells)
        if measured is None:
            return None
        columns.append(measured)
    widths = _column_widths(columns, width - len(columns) - 1)  # less dividers and edges
    if widths is None:
        return None
    table_width = sum(widths) + len(widths) + 1
    title = _annotation(table.title, table_width)
    caption = _annotation(table.caption, table_width)
    if title is None or caption is None:
        return None
    last = len(widths) - 1
    # Each column: its padding either side (none at the table's outer edges),
    # the room for text between, how it aligns and what it does with a long word.
    layout = [(int(index > 0), int(index < last), w - (index > 0) - (index < last),
               column.justify == "right", column.overflow)
              for index, (w, column) in enumerate(zip(widths, table.columns, strict=True))]
    blank = " " * table_width
    rows = list(zip(*columns, strict=True))
    body = rows[1:-1] if table.show_footer else rows[1:]
    head = _row(rows[0], layout, header=True)
    if head is None:
        return None
    lines = [*title, blank, *head, " " + "─" * (table_width - 2) + " "]
    for row in body:
        more = _row(row, layout)
        if more is None:
            return None
        lines += more
    if table.show_footer:
        foot = _row(rows[-1], layout)
        if foot is None:
            return None
        lines += [blank, *foot]
    lines.append(blank)
    return lines + caption


def _measured(cells) -> list[tuple[str, int]] | None:
    """Each cell's text and width, or ``None`` if a cell needs rich."""
    measured = []
    for cell in cells:
        text = cell if type(cell) is str else cell.plain
        # Most cells are ASCII (figures, names): measured without a call each.
        length = len(text) if text.isascii() and text.isprintable() else _cell_length(text)
        if length is None:
            return None
        measured.append((text, length))
    return measured


def _annotation(text: str | None, width: int) -> list[str] | None:
    """A title or caption: its lines (none if there is none), or ``None`` if
    rich must draw it."""
    if not text:  # rich leaves out an empty title
        return []
    length = _cell_length(text)
    if length is None:
        return None
    return _wrap(text, length, width, False, "fold")


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


def _wrap(text: str, length: int, width: int, right: bool,
          overflow: str) -> list[str] | None:
    """``text`` (``length`` cells) in lines of exactly ``width`` cells, wrapped
    as rich wraps a cell."""
    if length <= width:
        return [" " * (width - length) + text if right else text + " " * (width - length)]
    lines = _wrapped(text, width, right, overflow)
    return None if lines is None else list(lines)


@functools.lru_cache(maxsize=4096)
def _wrapped(text: str, width: int, right: bool, overflow: str) -> tuple[str, ...] | None:
    # Cached: the same reasons come back deal after deal at the same width.
    lines = wrap(text, width, "right" if right else "left", overflow)
    if lines is None:
        return None
    padded = []
    for line in lines:
        gap = " " * (width - (cell_width(line) or 0))
        padded.append(gap + line if right else line + gap)
    return tuple(padded)


def _row(cells, layout, header: bool = False) -> list[str] | None:
    """One row: a line when every cell fits its column (the usual case, made
    in one pass), else as many lines as its tallest cell."""
    parts = []
    for (text, length), (left, pad_right, inner, right, _) in zip(cells, layout, strict=True):
        if length > inner:
            return _tall_row(cells, layout, header)
        gap = " " * (inner - length)
        parts.append(" " * left + (gap + text if right else text + gap) + " " * pad_right)
    return [" " + " ".join(parts) + " "]


def _tall_row(cells, layout, header: bool) -> list[str] | None:
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
        if lines is None:
            return None
        blocks.append([" " * left + line + " " * pad_right for line in lines])
    height = max(map(len, blocks))
    for block, (left, pad_right, inner, _, _) in zip(blocks, layout, strict=True):
        filler = [" " * (left + inner + pad_right)] * (height - len(block))
        block[:] = filler + block if header else block + filler
    return [" " + " ".join(parts) + " " for parts in zip(*blocks, strict=True)]
