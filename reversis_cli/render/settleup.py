"""The settle-up as tables: each party's balance in fiches and in money, what
stays in the pool, and the transfers (a view of
:class:`~reversis_cli.club.settleup.SettleUp`, in the words of
:mod:`reversis_cli.club.settleup_words`; nothing is added up here)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..club import settleup_words as words
from ..club.settleup import SettleUp
from ..i18n import tr
from .amounts import money_column

__all__ = ["render_settle_up"]


def render_settle_up(s: SettleUp) -> Group:
    """The "Settling up" section under a session's tables."""
    parts: list[RenderableType] = [Text(words.heading(s), style="bold"), _balances(s)]
    pool = words.pool_note(s)
    if pool is not None:
        parts.append(Text(pool))
    parts.append(Text(words.transfers_heading(s), style="bold"))
    parts += [Text("  " + line) for line in words.transfers(s)]
    return Group(*parts)


def _balances(s: SettleUp) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(tr("Player"))
    money_column(table, tr("Fiches"))
    money_column(table, tr("Money"))
    for row in words.rows(s):
        table.add_row(*row)
    return table
