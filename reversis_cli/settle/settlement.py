"""What a deal settles to: the engine's result, the value every reader of a
settlement (rendering, JSON, the session) takes.

It has a module of its own so that the ledger and the pool rules, which look
at the previous deal's settlement, need not import the engine that runs them.
"""

from __future__ import annotations

from typing import Protocol

from ..cards import Card
from ..values import Value, setattr_frozen
from .codes import DealStatus, EspagnoletteStatus, Outcome
from .payments import Amount, Payment, Step

__all__ = ["DealSettlement", "PlayedBefore"]

_FIELDS = ("number", "dealer", "status", "outcome", "tricks_won", "points", "partie_cards",
           "partie_value", "winners", "losers", "espagnolette", "payments", "cancelled",
           "pool_before", "pool_after", "net", "steps", "reversis_maker", "undertaker",
           "breaker")


class DealSettlement(Value):
    """Everything a deal settles to; see docs/output.md for the meaning of each part.

    ``steps`` is the reasoning (``reversis explain``, ``arbitrate``), None when the
    settlement was asked for without it (``settle_deal(..., steps=False)``): every
    other reader takes the payments, and a deal's steps cost as much as its payments.
    """

    __slots__ = _FIELDS
    _fields = _FIELDS

    number: int
    dealer: str
    status: DealStatus
    outcome: Outcome
    tricks_won: dict[str, int]
    points: dict[str, int]
    partie_cards: tuple[Card, ...]
    partie_value: Amount
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    espagnolette: tuple[str, EspagnoletteStatus] | None  # (player, status)
    payments: tuple[Payment, ...]
    cancelled: tuple[Payment, ...]
    pool_before: Amount
    pool_after: Amount
    net: dict[str, Amount]
    steps: tuple[Step, ...] | None
    # The parts in a reversis (REV-1..3), as the rules found them, whatever was paid:
    # the player who took every trick; or who took the first nine, and who broke it.
    reversis_maker: str | None
    undertaker: str | None
    breaker: str | None

    def __init__(self, number: int, dealer: str, status: DealStatus, outcome: Outcome,
                 tricks_won: dict[str, int], points: dict[str, int],
                 partie_cards: tuple[Card, ...], partie_value: Amount,
                 winners: tuple[str, ...], losers: tuple[str, ...],
                 espagnolette: tuple[str, EspagnoletteStatus] | None,
                 payments: tuple[Payment, ...], cancelled: tuple[Payment, ...],
                 pool_before: Amount, pool_after: Amount, net: dict[str, Amount],
                 steps: tuple[Step, ...] | None, reversis_maker: str | None = None,
                 undertaker: str | None = None, breaker: str | None = None) -> None:
        setattr_frozen(self, "number", number)
        setattr_frozen(self, "dealer", dealer)
        setattr_frozen(self, "status", status)
        setattr_frozen(self, "outcome", outcome)
        setattr_frozen(self, "tricks_won", tricks_won)
        setattr_frozen(self, "points", points)
        setattr_frozen(self, "partie_cards", partie_cards)
        setattr_frozen(self, "partie_value", partie_value)
        setattr_frozen(self, "winners", winners)
        setattr_frozen(self, "losers", losers)
        setattr_frozen(self, "espagnolette", espagnolette)
        setattr_frozen(self, "payments", payments)
        setattr_frozen(self, "cancelled", cancelled)
        setattr_frozen(self, "pool_before", pool_before)
        setattr_frozen(self, "pool_after", pool_after)
        setattr_frozen(self, "net", net)
        setattr_frozen(self, "steps", steps)
        setattr_frozen(self, "reversis_maker", reversis_maker)
        setattr_frozen(self, "undertaker", undertaker)
        setattr_frozen(self, "breaker", breaker)

    def __reduce__(self) -> tuple[type[DealSettlement], tuple]:
        # A settlement crosses to the parent process (session/parts.py): pickled as its
        # constructor's arguments, since its frozen __setattr__ refuses pickle's own way.
        return DealSettlement, self._values()


class PlayedBefore(Protocol):
    """What POOL-2 reads of the last deal played: its payments (a
    :class:`DealSettlement`, or a plain deal settled lean, settle/lean.py)."""

    @property
    def payments(self) -> tuple[Payment, ...]: ...
