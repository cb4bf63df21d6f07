"""What a deal settles to: the engine's result, the value every reader of a
settlement (rendering, JSON, the session) takes.

It has a module of its own so that the ledger and the pool rules, which look
at the previous deal's settlement, need not import the engine that runs them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from .payments import Amount, Payment, Step

__all__ = ["DealSettlement"]


@dataclass(frozen=True)
class DealSettlement:
    """Everything a deal settles to; see docs/output.md for the meaning of each part."""

    number: int
    dealer: str
    status: str  # "played" | "void"
    outcome: str  # "normal" | "reversis" | "reversis_broken"
    tricks_won: dict[str, int]
    points: dict[str, int]
    partie_cards: tuple[Card, ...]
    partie_value: Amount
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    espagnolette: tuple[str, str] | None  # (player, status)
    payments: tuple[Payment, ...]
    cancelled: tuple[Payment, ...]
    pool_before: Amount
    pool_after: Amount
    net: dict[str, Amount]
    steps: tuple[Step, ...]
