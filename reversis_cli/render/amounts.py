"""Amounts in tables, as every renderer writes them.

A module of its own so that a view that shows only amounts (``stats``) loads
neither the settlement nor the score's tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import amount_shown
from .layout import Column

if TYPE_CHECKING:  # annotations only: the score's plain tables load no rich
    from rich.table import Table

__all__ = ["fiches", "money_column", "money_view", "signed"]


def money_column(table: Table, header: str, **kw) -> None:
    """A column of amounts: when space runs short an amount is folded onto more
    lines, never cut with an ellipsis (a cut figure is a wrong figure)."""
    table.add_column(header, justify=kw.pop("justify", "right"), overflow="fold", **kw)


def money_view(header: str, justify: str = "right", footer: str = "") -> Column:
    """:func:`money_column` for a view (:class:`~reversis_cli.render.layout.Grid`)."""
    return Column(header, justify=justify, overflow="fold", footer=footer)


def fiches(amount) -> str:
    """An exact amount as the reader's language writes it: 7, -3, 5/2 in
    English; 7, −3, 2½ in Russian (every table, every renderer)."""
    return amount_shown(amount)


def signed(amount) -> str:
    """A balance: ``+7``, ``-3`` (``−3`` in Russian), ``0``."""
    return amount_shown(amount, signed=True)
