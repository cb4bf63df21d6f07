"""The settle-up as tables: each party's balance in fiches and in money, what
stays in the pool, and the transfers (a view of
:class:`~reversis_cli.club.settleup.SettleUp`; nothing is added up here)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..club.settleup import SettleUp
from ..i18n import Msg, fiches, money_shown, t, tr
from ..settle.payments import POOL
from .score import money_column, party, signed

__all__ = ["CURRENCY_SIGNS", "money", "render_settle_up"]

# The signs readers know; any other currency is written with its code.
CURRENCY_SIGNS = {"RUB": "₽", "EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥", "CNY": "¥",
                  "UAH": "₴", "KZT": "₸", "INR": "₹", "ILS": "₪", "TRY": "₺", "KRW": "₩"}
_NO_BREAK = "\u00a0"  # between a sum and its currency: one figure, never broken


def money(s: SettleUp, units: int, signed_: bool = False) -> str:
    """A sum as the reader writes it, with the currency's sign or code
    (``12.50 ₽``, «12,50 ₽»); without a currency, the figure alone."""
    text = money_shown(units, s.digits, signed_)
    currency = s.money.currency
    if currency is None:
        return text
    return text + _NO_BREAK + CURRENCY_SIGNS.get(currency, currency)


def _rate(s: SettleUp) -> str:
    """``1 fiche = 0.5 ₽``: the fiche's value exactly as given, in the
    reader's way of writing a decimal."""
    value = s.fiche_value
    digits = 0
    while (value * 10 ** digits).denominator != 1:
        digits += 1
    written = money_shown(int(value * 10 ** digits), digits)
    if s.money.currency is not None:
        written += _NO_BREAK + CURRENCY_SIGNS.get(s.money.currency, s.money.currency)
    return t(Msg("1 fiche = {value}", value=written))


def render_settle_up(s: SettleUp) -> Group:
    """The "Settling up" section under a session's tables."""
    parts: list[RenderableType] = [
        Text(t(Msg("Settling up: {rate}", rate=_rate(s))), style="bold"), _balances(s)]
    pool = _pool_note(s)
    if pool is not None:
        parts.append(Text(pool))
    parts.append(Text(_transfers_heading(s), style="bold"))
    if not s.transfers:
        parts.append(Text("  " + tr("Nobody owes anybody anything.")))
    for transfer in s.transfers:
        parts.append(Text("  " + t(Msg("{payer} → {payee}: {amount}",
                                       payer=party(transfer.payer),
                                       payee=party(transfer.payee),
                                       amount=money(s, transfer.amount)))))
    return Group(*parts)


def _balances(s: SettleUp) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(tr("Player"))
    money_column(table, tr("Fiches"))
    money_column(table, tr("Money"))
    for name in s.parties:
        table.add_row(party(name), signed(s.fiches[name]), money(s, s.units[name], True))
    return table


def _pool_note(s: SettleUp) -> str | None:
    """What becomes of the pool, when it matters."""
    pool = s.fiches.get(POOL)
    if s.money.pool_at_end == "shared":
        if not s.pool_end:
            return None
        return t(Msg("The pool ({amount}) is shared out equally among the players.",
                     amount=fiches(s.pool_end)))
    if not s.pool_left:
        return None
    if pool:
        return t(Msg("Left in the pool for the next session: {amount}. The pool's line "
                     "above is what it gained or lost in this session, paid in or out below.",
                     amount=fiches(s.pool_left)))
    return t(Msg("Left in the pool for the next session: {amount}, as at the start.",
                 amount=fiches(s.pool_left)))


def _transfers_heading(s: SettleUp) -> str:
    if s.minimal:
        return t(Msg("Transfers (the fewest that settle it: {n})", n=len(s.transfers)))
    return t(Msg("Transfers ({n}; at most one fewer than the parties, not searched for the "
                 "fewest)", n=len(s.transfers)))

