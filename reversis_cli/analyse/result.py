"""What ``reversis analyse`` establishes about one deal (docs/output.md,
"reversis-analysis/1"): per decision, every legal card with the two values
the search gives it, a value trace per player and the findings.

Amounts are a player's net for the whole deal, in fiches, exactly as
``score --json`` writes a player's ``net`` (stakes, in-play payments, partie,
pool, remises): ``int`` or ``Fraction``, never a float.

* ``guaranteed``: the player plays that card and then his best, the three
  others play to make his net as small as they can (the paranoid value);
* ``selfish``: from there on everyone plays for his own net (max-n); of
  equally good cards, another player takes the one that leaves the analysed
  player least, then the first in pack order, and the analysed player the
  first in pack order (docs/decisions.md, issue 32).
"""

from __future__ import annotations

from ..cards import Card
from ..settle.payments import Amount, Payment
from ..values import Value, setattr_frozen

__all__ = ["CardValue", "Decision", "Finding", "TracePoint", "DealAnalysis",
           "PROVABLE", "LIKELY", "OUT_OF_REACH_REASONS"]

PROVABLE = "provable"  # another card guaranteed more than the card played
LIKELY = "likely"      # another card was better only if everyone plays for himself

# Why a deal is not analysed at all (DealAnalysis.out_of_reach), each a stable word:
#   "not-settled"  the record has errors in this deal, or it is void (IRR-0)
#   "irregular"    an irregularity the search cannot replay (its rule in ``out_of_reach_rule``)
#   "too-late"     no decision is left from the trick asked for (the last irregularity
#                  or revoke came in the last trick)
OUT_OF_REACH_REASONS = ("not-settled", "irregular", "too-late")


class CardValue(Value):
    """One legal card of a decision and what it is worth to the player about to play."""

    __slots__ = _fields = ("card", "guaranteed", "selfish")
    card: Card
    guaranteed: Amount
    selfish: Amount

    def __init__(self, card: Card, guaranteed: Amount, selfish: Amount) -> None:
        setattr_frozen(self, "card", card)
        setattr_frozen(self, "guaranteed", guaranteed)
        setattr_frozen(self, "selfish", selfish)


class Decision(Value):
    """A player about to play a card in ``trick``: every legal card (equivalent
    ones each listed, with their shared values), in pack order, and the card he
    played."""

    __slots__ = _fields = ("trick", "seat", "played", "cards")
    trick: int
    seat: int
    played: Card
    cards: tuple[CardValue, ...]

    def __init__(self, trick: int, seat: int, played: Card, cards: tuple[CardValue, ...]
                 ) -> None:
        setattr_frozen(self, "trick", trick)
        setattr_frozen(self, "seat", seat)
        setattr_frozen(self, "played", played)
        setattr_frozen(self, "cards", cards)

    def value_of(self, card: Card) -> CardValue:
        for value in self.cards:
            if value.card is card:
                return value
        raise KeyError(card)

    @property
    def chosen(self) -> CardValue:
        """The values of the card he played."""
        return self.value_of(self.played)


class Finding(Value):
    """A card that cost its player money (``grade`` PROVABLE or LIKELY).

    ``better`` is the legal card that was worth most by that grade's value
    (guaranteed for PROVABLE, selfish for LIKELY), ``loss`` = better_value -
    played_value > 0.  ``event`` is the payment the card played let happen: a
    payment of the settlement (the engine's own, rule id and all) of the line
    the search plays after the card played that is not in the line after the
    better card, the one that costs the player most; None when the difference
    is spread over payments none of which stands out (the partie's share, for
    instance, is still a payment and is named)."""

    __slots__ = _fields = ("grade", "trick", "seat", "played", "better", "played_value",
                           "better_value", "loss", "event")
    grade: str
    trick: int
    seat: int
    played: Card
    better: Card
    played_value: Amount
    better_value: Amount
    loss: Amount
    event: Payment | None

    def __init__(self, grade: str, trick: int, seat: int, played: Card, better: Card,
                 played_value: Amount, better_value: Amount, loss: Amount,
                 event: Payment | None) -> None:
        for name, value in zip(self._fields, (grade, trick, seat, played, better, played_value,
                                              better_value, loss, event), strict=True):
            setattr_frozen(self, name, value)


class TracePoint(Value):
    """After ``card`` was played by ``seat`` in ``trick``: each seat's guaranteed
    net from there (indexed by seat).  A drop in a seat's value from one point
    to the next marks the card that cost it."""

    __slots__ = _fields = ("trick", "seat", "card", "values")
    trick: int
    seat: int
    card: Card
    values: tuple[Amount, ...]

    def __init__(self, trick: int, seat: int, card: Card, values: tuple[Amount, ...]) -> None:
        setattr_frozen(self, "trick", trick)
        setattr_frozen(self, "seat", seat)
        setattr_frozen(self, "card", card)
        setattr_frozen(self, "values", values)


class DealAnalysis(Value):
    """One deal analysed from ``exact_from_trick`` (None when out of reach).

    ``start`` is each seat's guaranteed net before the first card analysed;
    ``actual`` each seat's net as the deal was played (the settlement's);
    ``trace`` one point per card played from there; ``decisions`` every
    decision of every trick from ``exact_from_trick``, in playing order;
    ``findings`` the cards that cost money, in playing order; ``positions`` how
    many positions the search visited (for the benchmark)."""

    __slots__ = _fields = ("number", "players", "exact_from_trick", "out_of_reach",
                           "out_of_reach_rule", "start", "actual", "trace", "decisions",
                           "findings", "positions")
    number: int | None  # None: a deal whose number could not be read (not settled)
    players: tuple[str, ...]
    exact_from_trick: int | None
    out_of_reach: str | None
    out_of_reach_rule: str | None
    start: tuple[Amount, ...]
    actual: tuple[Amount, ...]
    trace: tuple[TracePoint, ...]
    decisions: tuple[Decision, ...]
    findings: tuple[Finding, ...]
    positions: int

    def __init__(self, number: int | None, players: tuple[str, ...],
                 exact_from_trick: int | None,
                 out_of_reach: str | None = None, out_of_reach_rule: str | None = None,
                 start: tuple[Amount, ...] = (), actual: tuple[Amount, ...] = (),
                 trace: tuple[TracePoint, ...] = (), decisions: tuple[Decision, ...] = (),
                 findings: tuple[Finding, ...] = (), positions: int = 0) -> None:
        for name, value in zip(self._fields, (
                number, players, exact_from_trick, out_of_reach, out_of_reach_rule, start,
                actual, trace, decisions, findings, positions), strict=True):
            setattr_frozen(self, name, value)
