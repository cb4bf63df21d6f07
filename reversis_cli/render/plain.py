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
from typing import Literal

from .layout import Grid, Line, Part, Stack
from .widths import cell_width, collapse_widths, printable, ratio_reduce, wrap

__all__ = ["BETWEEN", "EDGE", "cell_length", "column_widths", "padded", "pads", "plain_lines",
           "plain_text", "tall_row", "without_padding", "wrapped"]

def without_padding(text: str) -> str:
    """``text`` without the spaces rich pads a table's lines with to its width
    (what a terminal shows is the same): a script or ``diff`` reading a file
    or a pipe sees none.  A prompt's space, before no line end, stays."""
    if " \n" not in text:
        return text
    # line by line: five times a regular expression's pace on a table's spaces
    return "\n".join([line.rstrip(" ") for line in text.split("\n")])


def plain_text(view: Part, width: int) -> str | None:
    """``view`` as rich would print it, uncoloured, at ``width`` (each line
    ending in a newline), or ``None`` when it needs rich's own layout."""
    lines = _lines(view, width)
    if lines is None:
        return None
    return "\n".join(lines) + "\n" if lines else ""


def plain_lines(view: Part) -> str | None:
    """``view`` printed with ``soft_wrap`` (rich leaves its lines as they are:
    a diagnostic, a message), or ``None`` when rich must print it."""
    if isinstance(view, Line):
        text = view.plain
    elif isinstance(view, str):
        text = view
    else:
        return None
    if not all(printable(line) for line in text.split("\n")):
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
    length = cell_length(text)
    if length is None:
        return None
    return [text] if length <= width else wrap(text, width)


def cell_length(text: str) -> int | None:
    """``text``'s width in cells, or ``None`` if it is not a printable line
    that :func:`~.widths.cell_width` measures: :func:`~.widths.cell_width` itself,
    which says ``None`` for a text not printable (a text beyond ASCII was looked
    over twice: issue 35)."""
    return cell_width(text)


def _table_lines(table: Grid, width: int) -> list[str] | None:
    columns = table.columns
    rows = [[column.header for column in columns]]
    rows += [[cell if isinstance(cell, str) else cell.plain for cell in row]
             for row in table.rows]
    if table.show_footer:
        rows.append([column.footer for column in columns])
    texts = list(zip(*rows, strict=True))  # column by column
    lengths: list[list[int] | None] = []  # None: each cell as long as it is wide
    widest = []
    for column_texts in texts:
        measured = _lengths(column_texts)
        if measured is False:
            return None
        lengths.append(measured)
        widest.append(max(map(len, column_texts)) if measured is None else max(measured))
    widths = column_widths(widest, width - len(columns) - 1)  # less dividers and edges
    if widths is None:
        return None
    table_width = sum(widths) + len(widths) + 1
    title = _annotation(table.title, table_width)
    caption = _annotation(table.caption, table_width)
    if title is None or caption is None:
        return None
    # Each column: the room for its text (its width less its padding, none at
    # the table's outer edges), how it aligns, what it does with a long word.
    layout = [(w - pad, column.justify == "right", column.overflow)
              for w, pad, column in zip(widths, pads(len(widths)), columns, strict=True)]
    body = _body(texts, lengths, widest, layout)
    if body is None:
        return None
    blank = " " * table_width
    lines = [*title, blank, *body[0], " " + "─" * (table_width - 2) + " "]
    for row in body[1:-1] if table.show_footer else body[1:]:
        lines += row
    if table.show_footer:
        lines += [blank, *body[-1]]
    lines.append(blank)
    return lines + caption


def _body(texts, lengths, widest, layout) -> list[list[str]] | None:
    """Each row's lines (the header's first): every cell padded to its room,
    column by column; a row with a cell too long for its room is wrapped
    (:func:`tall_row`)."""
    cells = []
    tall: set[int] = set()
    for column_texts, column_lengths, longest, (room, right, _) in \
            zip(texts, lengths, widest, layout, strict=True):
        if column_lengths is None:  # one cell a character (most columns): str's own padding
            cells.append([text.rjust(room) for text in column_texts] if right
                          else [text.ljust(room) for text in column_texts])
            if longest > room:
                tall.update(index for index, text in enumerate(column_texts)
                            if len(text) > room)
            continue
        cells.append([padded(text, length, room, right)
                       for text, length in zip(column_texts, column_lengths, strict=True)])
        if longest > room:
            tall.update(index for index, length in enumerate(column_lengths) if length > room)
    body = [[EDGE + BETWEEN.join(row) + EDGE] for row in zip(*cells, strict=True)]
    for index in tall:
        row = tall_row([column[index] for column in texts],
                       [len(column[index]) if measured is None else measured[index]
                        for column, measured in zip(texts, lengths, strict=True)],
                       layout, header=index == 0)
        if row is None:
            return None
        body[index] = row
    return body


def _lengths(texts) -> list[int] | None | Literal[False]:
    """A column's cells' widths; ``None`` when each is as wide as it is long
    (every character one cell wide: figures, most names and words, arrows,
    suits), found at once; ``False`` if a cell needs rich."""
    joined = "".join(texts)
    if joined.isascii():
        return None if joined.isprintable() else False
    total = cell_width(joined)
    if total is None:
        return False
    if total == len(joined):  # no character two cells wide
        return None
    return list(map(cell_width, texts))  # type: ignore[arg-type]  # each measured above


def _annotation(text: str | None, width: int) -> list[str] | None:
    """A title or caption: its lines (none if there is none), or ``None`` if
    rich must draw it."""
    if not text:  # rich leaves out an empty title
        return []
    length = cell_length(text)
    if length is None:
        return None
    return _wrap(text, length, width, False, "fold")


def column_widths(widest: list[int], room: int) -> list[int] | None:
    """Each column's width with its padding, as rich computes it: the widest
    cell, and when the table is wider than the room, the widest columns
    narrowed first (rich's own arithmetic, vendored in :mod:`.widths`)."""
    paddings = pads(len(widest))
    natural = [min(length + pad, room) for length, pad in zip(widest, paddings, strict=True)]
    widths = natural
    if sum(widths) > room:
        widths = collapse_widths(widths, [True] * len(widths), room)
        if sum(widths) > room:
            widths = ratio_reduce(sum(widths) - room, [1] * len(widths), widths, widths)
        widths = [min(n, w) for n, w in zip(natural, widths, strict=True)]
    if any(w - pad < 1 for w, pad in zip(widths, paddings, strict=True)):
        return None  # a column squeezed to nothing: leave it to rich
    return widths


@functools.cache
def pads(count: int) -> tuple[int, ...]:
    """Each column's padding: a space either side, none at the table's edges."""
    return tuple((index > 0) + (index < count - 1) for index in range(count))


def _wrap(text: str, length: int, width: int, right: bool,
          overflow: str) -> list[str] | None:
    """``text`` (``length`` cells) in lines of exactly ``width`` cells, wrapped
    as rich wraps a cell."""
    if length <= width:
        return [" " * (width - length) + text if right else text + " " * (width - length)]
    lines = wrapped(text, width, right, overflow)
    return None if lines is None else list(lines)


@functools.lru_cache(maxsize=4096)
def wrapped(text: str, width: int, right: bool, overflow: str) -> tuple[str, ...] | None:
    # Cached: the same reasons come back deal after deal at the same width.
    lines = wrap(text, width, "right" if right else "left", overflow)
    if lines is None:
        return None
    padded = []
    for line in lines:
        gap = " " * (width - (cell_width(line) or 0))
        padded.append(gap + line if right else line + gap)
    return tuple(padded)


# A row's line: its cells, each padded to its room, between a space at either
# edge and three between two cells (the padding either side and the divider).
EDGE, BETWEEN = " ", "   "


def padded(text: str, length: int, room: int, right: bool) -> str:
    if length == len(text):  # one cell a character: str's own padding
        return text.rjust(room) if right else text.ljust(room)
    gap = " " * (room - length)
    return gap + text if right else text + gap


def tall_row(texts, lengths, layout, header: bool) -> list[str] | None:
    """A row with a cell wrapped onto more lines: body cells at the top,
    header cells at the bottom."""
    blocks = []
    for text, length, (room, right, overflow) in zip(texts, lengths, layout, strict=True):
        if length <= room:  # most cells of the row: one line, padded here
            blocks.append([padded(text, length, room, right)])
            continue
        lines = wrapped(text, room, right, overflow)
        if lines is None:
            return None
        blocks.append(list(lines))
    height = max(map(len, blocks))
    for block, (room, _, _) in zip(blocks, layout, strict=True):
        filler = [" " * room] * (height - len(block))
        block[:] = filler + block if header else block + filler
    return [EDGE + BETWEEN.join(parts) + EDGE for parts in zip(*blocks, strict=True)]
