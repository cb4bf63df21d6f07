"""What a deal settles to: the engine's result, the value every reader of a
settlement (rendering, JSON, the session) takes.

It has a module of its own so that the ledger and the pool rules, which look
at the previous deal's settlement, need not import the engine that runs them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from .codes import DealStatus, EspagnoletteStatus, Outcome
from .payments import Amount, Payment, Step

__all__ = ["DealSettlement"]


@dataclass(frozen=True)
class DealSettlement:
    """Everything a deal settles to; see docs/output.md for the meaning of each part."""

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
    steps: tuple[Step, ...]
    # The parts in a reversis (REV-1..3), as the rules found them, whatever was paid:
    # the player who took every trick; or who took the first nine, and who broke it.
    reversis_maker: str | None = None
    undertaker: str | None = None
    breaker: str | None = None
