"""Value types of a settlement: payments, reasoning steps, exact amounts.

Amounts are fiches, exact: ``int`` when whole, :class:`Fraction` otherwise
(a split partie).  No floats anywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any, NamedTuple

from ..cards import Card, Suit
from ..model import POOL_WORD
from ..i18n import Msg
from .codes import NoteCode, ReasonCode
from .texts import english_reason, reason, step_text

__all__ = ["POOL", "Amount", "NoteCode", "Payment", "ReasonCode", "Step", "whole", "share",
           "amount_json",
           "net_of", "party_of", "pool_change"]

POOL = POOL_WORD  # the payer or payee of a pool movement: the notation's word


def party_of(name: str) -> Msg | str:
    """A payer or payee in a sentence: a player's name, or the pool."""
    return Msg("the pool") if name == POOL else name
Amount = int | Fraction


def whole(amount: Amount) -> Amount:
    """The amount as an ``int`` when it is whole, else the exact fraction."""
    if type(amount) is not int and amount.denominator == 1:
        return int(amount)
    return amount


def share(total: Amount, parts: int) -> Amount:
    """``total`` shared in ``parts`` equal parts, exactly: an ``int`` when it divides
    (the usual partie of one winner and one loser), a :class:`Fraction` only when a
    remainder is left (a Fraction is some twenty times dearer to make and multiply)."""
    if type(total) is int and total % parts == 0:
        return total // parts
    return whole(Fraction(total, parts))


def amount_json(amount: Amount) -> int | str:
    """docs/output.md: a JSON integer when whole, else the fraction as ``"n/d"``."""
    if type(amount) is int:
        return amount
    amount = whole(amount)
    return amount if isinstance(amount, int) else f"{amount.numerator}/{amount.denominator}"


class Payment(NamedTuple):
    """One movement of fiches in a deal: who pays whom, how much, and why as data.

    ``code`` says why; ``params`` are the facts of its sentence that the payment's
    own fields do not say (the card, a third player, the factor and its grounds
    ``doubled_for``...; the payer's and payee's roles are the code's); ``rules`` is
    every rule id the payment rests on, ``rule`` first.  The sentence (``reason``) is
    written only when something reads it (``texts.reason``): a settlement makes none.
    Payments and steps are named tuples: immutable, and cheap to make."""

    payer: str  # a player's name or POOL
    payee: str  # a player's name or POOL
    amount: Amount
    rule: str
    trick: int | None
    code: ReasonCode
    params: dict[str, Any]
    rules: tuple[str, ...]

    @property
    def reason(self) -> Msg:
        """The English reason, a ``Msg``: ``t(payment.reason)`` writes it in the run's language."""
        return reason(self)

    def to_json(self) -> dict:
        """docs/output.md: the fields of reversis-score/1, then (added in the same
        version) the reason code, its params and the rule ids."""
        params = self.params
        card = params.get("card")
        if card is not None:  # the one card of most: as its code, without a walk
            params = {**params, "card": card.code} if "held" not in params else \
                params_json(params)
        return {"payer": self.payer, "payee": self.payee, "amount": amount_json(self.amount),
                "rule": self.rule, "trick": self.trick, "reason": english_reason(self),
                "code": self.code, "params": params, "rules": self.rules}

    # A payment is a value: equal payments have equal hashes.  ``params`` is a dict
    # (cheap to make), so the hash leaves it out.
    def __hash__(self) -> int:
        return hash((self.payer, self.payee, self.amount, self.rule, self.trick, self.code))


def params_json(params: dict[str, Any]) -> dict[str, Any]:
    """Params with cards in them as JSON: a card as its code (``AS``), a suit as its
    letter, a tuple as a list.  (Params without a card are JSON values already; a
    revoke's have two cards and a suit.)"""
    return {key: param_json(value) for key, value in params.items()}


def param_json(value: object) -> object:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Suit):
        return value.value
    if isinstance(value, Fraction):
        return amount_json(value)
    if isinstance(value, tuple):
        return [param_json(v) for v in value]
    return value


class Step(NamedTuple):
    """One line of the reasoning that ``reversis explain`` shows: the rule, the trick,
    what it says (``code``) and the facts (``params``), and every rule id it rests on.
    Its sentence (``text``) is written only when shown (``texts.step_text``)."""

    rule: str
    trick: int | None
    code: NoteCode
    params: dict[str, Any]
    rules: tuple[str, ...]

    @property
    def text(self) -> Msg:
        """The English sentence, a ``Msg``: ``t(step.text)`` writes it in the run's language."""
        return step_text(self)

    def __hash__(self) -> int:
        return hash((self.rule, self.trick, self.code, self.rules))


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

