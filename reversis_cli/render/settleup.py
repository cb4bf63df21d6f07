"""The settle-up as tables: each party's balance in fiches and in money, what
stays in the pool, and the transfers (a view of
:class:`~reversis_cli.session.settleup.SettleUp`, in the words of
:mod:`reversis_cli.session.settleup_words`; nothing is added up here)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..session import settleup_words as words
from ..session.settleup import SettleUp
from ..i18n import tr
from ..settle.payments import POOL
from .amounts import money_view
from .layout import Column, Grid, Line, Part, Stack

if TYPE_CHECKING:  # annotations only: render_settle_up loads rich when called
    from rich.console import Group

__all__ = ["period_settle_up_view", "render_settle_up", "settle_up_view"]


def render_settle_up(s: SettleUp) -> Group:
    """:func:`settle_up_view`, for rich."""
    return settle_up_view(s).rich()


def settle_up_view(s: SettleUp) -> Stack:
    """The "Settling up" section under a session's tables."""
    parts: list[Part] = [Line(words.heading(s), "bold"), _balances(s)]
    pool = words.pool_note(s)
    if pool is not None:
        parts.append(Line(pool))
    parts.append(Line(words.transfers_heading(s), "bold"))
    parts += [Line("  " + line) for line in words.transfers(s)]
    return Stack(parts)


def period_settle_up_view(s: SettleUp) -> Stack:
    """The settle-up of a period (``stats --fiche-value``): the same tables,
    and what the pool's line is."""
    view = settle_up_view(s)
    if POOL in s.fiches:
        view.parts.insert(2, Line(tr("The pool's line is what it gained or lost over these "
                                     "sessions, paid in or out below.")))
    return view


def _balances(s: SettleUp) -> Grid:
    table = Grid([Column(tr("Player")), money_view(tr("Fiches")), money_view(tr("Money"))])
    for row in words.rows(s):
        table.add_row(*row)
    return table
