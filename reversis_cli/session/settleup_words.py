"""The settle-up in the reader's words, for every view of it (the tables of
``score``, the report's session page): sums of money with the currency's
sign, written as the reader's language writes them, and the sentences around
them.  Nothing is computed here; each text reads a
:class:`~.settleup.SettleUp`."""

from __future__ import annotations

from ..i18n import Count, Msg, N_, amount_shown, fiches, money_shown, t, tr
from ..settle.payments import POOL
from .settleup import SettleUp, Transfer

__all__ = ["CURRENCY_SIGNS", "money", "rate", "heading", "rows", "pool_note",
           "transfers_heading", "transfer_line", "transfers", "NOBODY_OWES"]

# The signs readers know; any other currency is written with its code.
CURRENCY_SIGNS = {"RUB": "₽", "EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥", "CNY": "¥",
                  "UAH": "₴", "KZT": "₸", "INR": "₹", "ILS": "₪", "TRY": "₺", "KRW": "₩"}
_NO_BREAK = "\u00a0"  # between a sum and its currency: one figure, never broken
NOBODY_OWES = N_("Nobody owes anybody anything.")


def _with_currency(s: SettleUp, figure: str) -> str:
    currency = s.money.currency
    if currency is None:
        return figure
    return figure + _NO_BREAK + CURRENCY_SIGNS.get(currency, currency)


def money(s: SettleUp, units: int, signed: bool = False) -> str:
    """A sum as the reader writes it, with the currency's sign or code
    (``12.50 ₽``, «12,50 ₽»); without a currency, the figure alone."""
    return _with_currency(s, money_shown(units, s.digits, signed))


def rate(s: SettleUp) -> str:
    """``1 fiche = 0.5 ₽``: the fiche's value exactly as given, in the
    reader's way of writing a decimal."""
    value = s.fiche_value
    digits = 0
    while (value * 10 ** digits).denominator != 1:
        digits += 1
    written = _with_currency(s, money_shown(int(value * 10 ** digits), digits))
    return t(Msg("1 fiche = {value}", value=written))


def heading(s: SettleUp) -> str:
    return t(Msg("Settling up: {rate}", rate=rate(s)))


def _party(name: str) -> str:
    return tr("pool") if name == POOL else name


def rows(s: SettleUp) -> list[tuple[str, str, str]]:
    """Each party, its balance in fiches and in money."""
    return [(tr("Pool") if name == POOL else name, amount_shown(s.fiches[name], signed=True),
             money(s, s.units[name], True)) for name in s.parties]


def pool_note(s: SettleUp) -> str | None:
    """What becomes of the pool, when it matters."""
    if s.money.pool_at_end == "shared":
        if not s.pool_end:
            return None
        return t(Msg("The pool ({amount}) is shared out equally among the players.",
                     amount=fiches(s.pool_end)))
    if not s.pool_left:
        return None
    if s.fiches.get(POOL):
        return t(Msg("Left in the pool for the next session: {amount}. The pool's line "
                     "above is what it gained or lost in this session, paid in or out below.",
                     amount=fiches(s.pool_left)))
    return t(Msg("Left in the pool for the next session: {amount}, as at the start.",
                 amount=fiches(s.pool_left)))


def transfers_heading(s: SettleUp) -> str:
    # A Count of the whole heading: English says the number bare, as before; a
    # language with plural forms puts its noun beside it («3 платежа»).
    n = len(s.transfers)
    if s.minimal:
        return t(Count(n, "Transfers (the fewest that settle it: {n})",
                       "Transfers (the fewest that settle it: {n})"))
    return t(Count(n, "Transfers ({n}; at most one fewer than the parties, not searched for "
                      "the fewest)",
                   "Transfers ({n}; at most one fewer than the parties, not searched for "
                   "the fewest)"))


def transfer_line(s: SettleUp, transfer: Transfer) -> str:
    """«Борис → Анна: 12,50 ₽»: names never declined."""
    return t(Msg("{payer} → {payee}: {amount}", payer=_party(transfer.payer),
                 payee=_party(transfer.payee), amount=money(s, transfer.amount)))


def transfers(s: SettleUp) -> list[str]:
    """Each transfer as a line, or that nobody owes anything."""
    return [transfer_line(s, one) for one in s.transfers] or [tr(NOBODY_OWES)]
