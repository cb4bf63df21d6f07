"""Value types of a settlement: payments, reasoning steps, exact amounts.

Amounts are fiches, exact: ``int`` when whole, :class:`Fraction` otherwise
(a split partie).  No floats anywhere.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, Mapping
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from ..cards import Card

__all__ = ["POOL", "Amount", "Params", "NoteCode", "Payment", "ReasonCode", "Step", "whole",
           "amount_json", "net_of", "pool_change"]

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


class ReasonCode(StrEnum):
    """Why a payment is due: a stable identifier that readers (JSON, arbitrate, a
    translation) key on instead of the English ``reason`` (docs/output.md lists them)."""

    STAKE = "stake"
    ACE_PLACED = "ace_placed"
    ACE_FORCED = "ace_forced"
    ACE_TO_WINNER = "ace_to_winner"
    QUINOLA_PLACED = "quinola_placed"
    QUINOLA_FORCED = "quinola_forced"
    QUINOLA_FORCED_OTHER = "quinola_forced_other"
    QUINOLA_TO_WINNER = "quinola_to_winner"
    PARTIE_LOST = "partie_lost"
    REVERSIS_MADE = "reversis_made"
    REVERSIS_MADE_ESPAGNOLETTE = "reversis_made_espagnolette"
    REVERSIS_BROKEN = "reversis_broken"
    ESPAGNOLETTE_REFUND = "espagnolette_refund"
    REMISE_QUINOLA_FORCED = "remise_quinola_forced"
    REMISE_QUINOLA_FALLEN = "remise_quinola_fallen"
    REMISE_REVERSIS_BROKEN = "remise_reversis_broken"
    REMISE_ESPAGNOLETTE_FAILED = "remise_espagnolette_failed"
    REMISE_REVOKE = "remise_revoke"
    POOL_TAKEN_REVERSIS = "pool_taken_reversis"
    POOL_TAKEN_QUINOLA = "pool_taken_quinola"
    POOL_TAKEN_ESPAGNOLETTE = "pool_taken_espagnolette"
    MISDEAL_REDEAL = "misdeal_redeal"
    MISDEAL_LATE = "misdeal_late"
    DISCARD_OUT_OF_TURN = "discard_out_of_turn"


class NoteCode(StrEnum):
    """What a reasoning step that moves no money establishes (a ranking, an option
    that rules a payment out, a payment that stands or gives way): the steps'
    counterpart of :class:`ReasonCode`."""

    ALREADY_CANCELLED = "already_cancelled"
    CARD_CLASSIFIED = "card_classified"
    CARD_EXPOSED = "card_exposed"
    DEAL_NOT_SETTLED = "deal_not_settled"
    DEAL_STANDS = "deal_stands"
    ESPAGNOLETTE_BROKE_REVERSIS = "espagnolette_broke_reversis"
    ESPAGNOLETTE_HELD = "espagnolette_held"
    ESPAGNOLETTE_JUDGED = "espagnolette_judged"
    ESPAGNOLETTE_LOSES_PARTIE = "espagnolette_loses_partie"
    ESPAGNOLETTE_OUTRANKED = "espagnolette_outranked"
    ESPAGNOLETTE_REVERSIS_ORDINARY = "espagnolette_reversis_ordinary"
    ESPAGNOLETTE_SUPERSEDED = "espagnolette_superseded"
    ESPAGNOLETTE_WAIVED = "espagnolette_waived"
    ESPAGNOLETTE_WINS_PARTIE = "espagnolette_wins_partie"
    FORCED_REMISE_STANDS = "forced_remise_stands"
    IN_PLAY_STANDS = "in_play_stands"
    LATE_MISDEAL_NO_REDEAL = "late_misdeal_no_redeal"
    MISDEAL_PASSES = "misdeal_passes"
    NOTHING_TO_CLAIM = "nothing_to_claim"
    NO_PARTIE_WINNER = "no_partie_winner"
    NO_QUINOLA_NO_REMISE = "no_quinola_no_remise"
    NO_REFUND_BY_OPTION = "no_refund_by_option"
    NO_REFUND_OF_FORFEITED = "no_refund_of_forfeited"
    NO_WINNER_DUE_BY_OPTION = "no_winner_due_by_option"
    OWN_QUINOLA_NO_FORCER = "own_quinola_no_forcer"
    PARTIE_NOT_PAID = "partie_not_paid"
    PARTIE_RANKED = "partie_ranked"
    PARTIE_TIE_BY_SEAT = "partie_tie_by_seat"
    PARTIE_TIE_SPLIT = "partie_tie_split"
    PARTIE_VALUE = "partie_value"
    PEEK_NOTED = "peek_noted"
    POINTS_AND_TRICKS = "points_and_tricks"
    POOL_AT_START = "pool_at_start"
    POOL_NOT_TAKEN = "pool_not_taken"
    QUINOLA_REMISE_REPLACED = "quinola_remise_replaced"
    QUINOLA_TAKING_VOID = "quinola_taking_void"
    REDEAL_WITHOUT_MISDEAL = "redeal_without_misdeal"
    REVERSIS_BROKEN_NOTED = "reversis_broken_noted"
    REVERSIS_MADE_NOTED = "reversis_made_noted"
    REVOKE_UNPUNISHED = "revoke_unpunished"
    STAKING_DECIDED = "staking_decided"
    TAKING_GIVES_WAY = "taking_gives_way"
    TAKING_NEEDS_NO_CLAIM = "taking_needs_no_claim"
    TEN_CARDS = "ten_cards"
    TRICK_UNCLAIMED = "trick_unclaimed"
    TWELVE_CARDS = "twelve_cards"
    UNDERTAKER_PAYS_BROKEN = "undertaker_pays_broken"
    VOID_DEAL = "void_deal"
    WINNER_DUE_NOTED = "winner_due_noted"
    WINNER_OWES_SELF_NOTHING = "winner_owes_self_nothing"


class Params(Mapping[str, object]):
    """The facts a reason's sentence is made from (players, cards, trick, factor...).

    Immutable and hashable, so that a payment stays a value (the ledger keys
    forfeited payments by them)."""

    __slots__ = ("_items",)

    def __init__(self, **facts: object) -> None:
        self._items = dict(facts)

    def __getitem__(self, key: str) -> object:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def items(self) -> ItemsView[str, object]:
        """The dict's own view, not Mapping's generic one: JSON walks every payment's."""
        return self._items.items()

    def __hash__(self) -> int:
        return hash(tuple(self._items.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self._items) == dict(other)

    def __repr__(self) -> str:
        return f"Params({self._items!r})"

    def replace(self, **facts: object) -> Params:
        return Params(**{**self._items, **facts})


NO_PARAMS = Params()


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
    code: ReasonCode
    params: Params
    rules: tuple[str, ...]  # every rule id the payment rests on; ``rule`` is the first

    def to_json(self) -> dict:
        """docs/output.md: the fields of reversis-score/1, then (added, same version) the
        reason code, its params and the rule ids."""
        return {"payer": self.payer, "payee": self.payee, "amount": amount_json(self.amount),
                "rule": self.rule, "trick": self.trick, "reason": self.reason,
                "code": self.code.value,
                "params": {key: value if type(value) in _AS_IS else _param_json(value)
                           for key, value in self.params.items()},
                "rules": list(self.rules)}


# Params that JSON writes as they are: checked first, since they are most of them.
_AS_IS = frozenset((str, int, bool, type(None)))


def _param_json(value: object) -> object:
    """A param as JSON: a card in its ASCII spelling (``AS``), an amount as amount_json,
    a tuple as a list; names, numbers, words and booleans as they are."""
    if isinstance(value, Card):
        return value.format("ascii")
    if isinstance(value, Fraction):
        return amount_json(value)
    if isinstance(value, tuple):
        return [_param_json(v) for v in value]
    return value


class Step(NamedTuple):
    """One line of the reasoning that ``reversis explain`` shows.

    A step that records a payment, or tells what became of one, carries that
    payment's code and params; a step that only explains (no money moves) has a
    :class:`NoteCode`.  ``rules``: every rule id the step rests on, ``rule`` first."""

    rule: str
    trick: int | None
    text: str
    code: ReasonCode | NoteCode
    params: Params
    rules: tuple[str, ...]


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
