"""A plain deal settled on ints (settle/lean.py): what it settles to.

:class:`LeanDeal` holds the parts of a :class:`DealSettlement` by seat, its
payments as :class:`Payment` tuples whose params are their items;
:meth:`LeanDeal.full` makes the settlement the engine gives, for any reader but
``score --json``'s text (score/jsontext.py).
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import Card
from .codes import DealStatus, EspagnoletteStatus, Outcome
from .payments import Amount, Payment
from .settlement import DealSettlement

__all__ = ["LeanDeal", "LeanPayment", "payment_of"]

# A lean payment is a Payment whose params are their items, in the order made (a
# tuple: hashable, so that its JSON text is found by the payment itself).  Only
# ``payment_of`` and score/jsontext.py read such params; POOL-2 reads payer, payee
# and rule, as of any payment.
LeanPayment = Payment


class LeanDeal(NamedTuple):
    """A plain deal settled on ints: the parts of a :class:`DealSettlement`,
    seats where it has names, payments as tuples (:data:`LeanPayment`)."""

    number: int
    names: tuple[str, ...]  # the players by seat
    dealer: int
    partie_cards: tuple[Card, ...]
    outcome: Outcome
    won: tuple[int, ...]
    points: tuple[int, ...]
    partie_value: Amount
    winners: tuple[int, ...]  # seats, in order
    losers: tuple[int, ...]
    espagnolette: tuple[str, EspagnoletteStatus] | None  # (player, status)
    payments: tuple[LeanPayment, ...]
    cancelled: tuple[LeanPayment, ...]
    pool_before: Amount
    pool_after: Amount
    net: tuple[Amount, ...]  # by seat
    maker: int | None
    undertaker: int | None
    breaker: int | None

    def full(self) -> DealSettlement:
        """The settlement as the engine gives it without its reasoning."""
        names = self.names

        def named(seat: int | None) -> str | None:
            return None if seat is None else names[seat]

        return DealSettlement(
            self.number, names[self.dealer], DealStatus.PLAYED, self.outcome,
            dict(zip(names, self.won, strict=True)), dict(zip(names, self.points, strict=True)),
            self.partie_cards, self.partie_value,
            tuple([names[s] for s in self.winners]), tuple([names[s] for s in self.losers]),
            self.espagnolette, tuple([payment_of(p) for p in self.payments]),
            tuple([payment_of(p) for p in self.cancelled]), self.pool_before, self.pool_after,
            dict(zip(names, self.net, strict=True)), None, named(self.maker),
            named(self.undertaker), named(self.breaker))

_new = tuple.__new__


def payment_of(p: LeanPayment) -> Payment:
    """A lean payment as the engine makes it."""
    return _new(Payment, (p[0], p[1], p[2], p[3], p[4], p[5], dict(p[6]), p[7]))
