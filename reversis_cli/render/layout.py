"""Layout shared by the renderers."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

__all__ = ["hanging"]


def hanging(prefix: str | Text, body: str | Text, style: str = "") -> Table:
    """``prefix`` then ``body``, whose wrapped lines start under its first
    character (a hanging indent), not at the left margin."""
    prefix = prefix if isinstance(prefix, Text) else Text(prefix, style=style)
    body = body if isinstance(body, Text) else Text(body, style=style)
    grid = Table.grid()
    grid.add_column(no_wrap=True, width=prefix.cell_len)
    grid.add_column()
    grid.add_row(prefix, body)
    return grid
