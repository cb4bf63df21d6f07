"""Value types of a settlement: payments, reasoning steps, exact amounts.

Amounts are fiches, exact: ``int`` when whole, :class:`Fraction` otherwise
(a split partie).  No floats anywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

__all__ = ["POOL", "Amount", "Payment", "Step", "whole", "amount_json", "net_of", "pool_change"]

POOL = "pool"  # the payer or payee of a pool movement
Amount = int | Fraction


def whole(amount: Amount) -> Amount:
    """The amount as an ``int`` when it is whole, else the exact fraction."""
    if type(amount) is not int and amount.denominator == 1:
        return int(amount)
    return amount


def amount_json(amount: Amount) -> int | str:
    """docs/output.md: a JSON integer when whole, else the fraction as ``"n/d"``."""
    if type(amount) is int:
        return amount
    amount = whole(amount)
    return amount if isinstance(amount, int) else f"{amount.numerator}/{amount.denominator}"


class Payment(NamedTuple):
    """One movement of fiches in a deal, with the rule that made it due.

    Payments and steps are named tuples: immutable, and cheap to make (a
    deal makes dozens)."""

    payer: str  # a player's name or POOL
    payee: str  # a player's name or POOL
    amount: Amount
    rule: str
    trick: int | None
    reason: str

    def to_json(self) -> dict:
        return {"payer": self.payer, "payee": self.payee, "amount": amount_json(self.amount),
                "rule": self.rule, "trick": self.trick, "reason": self.reason}


class Step(NamedTuple):
    """One line of the reasoning that ``reversis explain`` shows."""

    rule: str
    trick: int | None
    text: str


def net_of(payments: Iterable[Payment], players: Iterable[str]) -> dict[str, Amount]:
    """What each player gained (positive) or lost over the payments."""
    net: dict[str, Amount] = {name: 0 for name in players}
    for p in payments:
        if p.payer in net:
            net[p.payer] -= p.amount
        if p.payee in net:
            net[p.payee] += p.amount
    return {name: whole(value) for name, value in net.items()}


def pool_change(payments: Iterable[Payment]) -> Amount:
    """How much the pool grew (negative: shrank) over the payments."""
    change: Amount = 0
    for p in payments:
        if p.payee == POOL:
            change += p.amount
        if p.payer == POOL:
            change -= p.amount
    return whole(change)
