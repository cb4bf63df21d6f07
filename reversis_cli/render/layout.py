"""Layout shared by the renderers, and the views the score tables are made of.

A score table is first a view: its lines, columns and cells as text, with the
styles a terminal shows them in (:class:`Line`, :class:`Grid`,
:class:`Stack`).  Two writers read the same view: rich, on a terminal
(:meth:`Line.rich`, :meth:`Grid.rich`, :meth:`Stack.rich` make the very
renderables the tables were always printed with), and the plain writer
(:mod:`reversis_cli.render.plain`), which lays a view out as text for a file or
a pipe without loading rich.  rich is imported by the functions that use it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: rich is loaded by the functions that draw with it
    from rich.console import Group
    from rich.table import Table  # rich: only when drawn with it
    from rich.text import Text  # rich: only when drawn with it

__all__ = ["Cell", "Column", "Grid", "Line", "Part", "Stack", "hanging", "rich_of"]


def hanging(prefix: str | Text, body: str | Text, style: str = "") -> Table:
    """``prefix`` then ``body``, whose wrapped lines start under its first
    character (a hanging indent), not at the left margin."""

    from rich.table import Table  # rich: only when drawn with it
    from rich.text import Text  # rich: only when drawn with it

    prefix = prefix if isinstance(prefix, Text) else Text(prefix, style=style)
    body = body if isinstance(body, Text) else Text(body, style=style)
    grid = Table.grid()
    grid.add_column(no_wrap=True, width=prefix.cell_len)
    grid.add_column()
    grid.add_row(prefix, body)
    return grid


class Line:
    """A line of text in one ``style`` (rich's ``Text(text, style=style)``),
    ``more`` pieces appended each in its own style."""

    __slots__ = ("text", "style", "more")

    def __init__(self, text: str, style: str = "", more: tuple[tuple[str, str], ...] = ()):
        self.text = text
        self.style = style
        self.more = more

    @property
    def plain(self) -> str:
        """The text, without its styles."""
        return self.text + "".join(piece for piece, _ in self.more) if self.more else self.text

    def __rich__(self):  # rich prints a view as the renderable it stands for
        return self.rich()

    def rich(self) -> Text:
        from rich.text import Text  # rich: only when drawn with it

        text = Text(self.text, style=self.style)
        for piece, style in self.more:
            text.append(piece, style=style)
        return text

    def __repr__(self) -> str:
        return f"Line({self.plain!r}, {self.style!r})"


# A cell: its text, or a Line when it has a style of its own.
Cell = str | Line


class Column:
    """A column of a :class:`Grid`: its header, how its cells align
    (``left``, ``right``), what a cell too long for it does (``fold`` onto
    more lines, else rich's default ``ellipsis``), its footer."""

    __slots__ = ("header", "justify", "overflow", "footer")

    def __init__(self, header: str, justify: str = "left", overflow: str = "ellipsis",
                 footer: str = ""):
        self.header = header
        self.justify = justify
        self.overflow = overflow
        self.footer = footer


class Grid:
    """A table as the score draws every table: a head under a rule, no
    outer padding (rich's ``box.SIMPLE_HEAD``, ``pad_edge=False``), a title
    and a caption on the left, perhaps a footer; ``style`` for the whole."""

    __slots__ = ("columns", "rows", "title", "caption", "style", "show_footer")

    def __init__(self, columns: list[Column], title: str | None = None,
                 caption: str | None = None, style: str = "", show_footer: bool = False):
        self.columns = columns
        self.rows: list[list[Cell]] = []
        self.title = title
        self.caption = caption
        self.style = style
        self.show_footer = show_footer

    def add_row(self, *cells: Cell) -> None:
        self.rows.append(list(cells))

    def __rich__(self):  # rich prints a view as the renderable it stands for
        return self.rich()

    def rich(self) -> Table:
        # rich: only when drawn with it
        from rich import box
        from rich.table import Table  # rich: only when drawn with it

        table = Table(box=box.SIMPLE_HEAD, title=self.title, title_justify="left",
                      pad_edge=False, style=self.style, show_footer=self.show_footer,
                      caption=self.caption, caption_justify="left")
        for c in self.columns:
            table.add_column(c.header, justify=c.justify,  # type: ignore[arg-type]
                             overflow=c.overflow, footer=c.footer)  # type: ignore[arg-type]
        for row in self.rows:
            table.add_row(*(cell if isinstance(cell, str) else cell.rich() for cell in row))
        return table


class Stack:
    """Parts one under the other (rich's ``Group``)."""

    __slots__ = ("parts",)

    def __init__(self, parts: list[Part]):
        self.parts = parts

    def __rich__(self):  # rich prints a view as the renderable it stands for
        return self.rich()

    def rich(self) -> Group:
        from rich.console import Group  # rich: only when drawn with it

        return Group(*(rich_of(part) for part in self.parts))


# What a view is made of: a plain line of text (str), a Line, a Grid, a Stack.
Part = str | Line | Grid | Stack


def rich_of(part: Part):
    """``part`` as the rich renderable it stands for (a str stays a str)."""
    return part if isinstance(part, str) else part.rich()
