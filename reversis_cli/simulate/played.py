"""A deal as the generator plays it: seats and cards, before it becomes a record.

This is the generator's working state, indexed by seat (0-3 in the players'
order) rather than by name: the play policy and the forcing of events reason
about seats.  It is never written as text: :mod:`.record` turns it into the
project's model (:class:`reversis_cli.model.Deal`), which the writer writes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..replay.rules_of_play import reversis_breach, reversis_maker


@dataclass(frozen=True, slots=True)
class Swap:
    """One player's part of the exchange (DEAL-3).

    ``discard`` is the card put out (None when he refused); ``take`` the talon
    card he took (None for the dealer and for a refusal); ``refused`` the talon
    card he refused, which goes to the partie; ``seen`` whether the record says
    he looked at the refused card (``refuses sees X``).
    """

    seat: int
    discard: Card | None = None
    take: Card | None = None
    refused: Card | None = None
    seen: bool = False
    discard2: Card | None = None  # IRR-5: a second card discarded

    @property
    def discards(self) -> tuple[Card, ...]:
        """The cards he put out: none (refused, or kept: IRR-4), one, or two (IRR-5)."""
        return tuple(c for c in (self.discard, self.discard2) if c is not None)


@dataclass(frozen=True, slots=True)
class SeatEvent:
    """An event of the deal, by seat: it becomes an event line of the record.

    ``kind`` is the keyword (``exposed``, ``misdeal``, ``redeal``, ``peeked``,
    ``kept``, ``discarded-two``, ``out-of-turn``, ``unclaimed``); ``seat`` the
    player named (or None), ``trick`` the trick of ``unclaimed`` and ``late``
    marks ``misdeal NAME late``.
    """

    kind: str
    seat: int | None = None
    trick: int | None = None
    late: bool = False


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One deal as played.  Seats index the players in playing order.

    ``dealt`` are the hands as dealt (sorted; the dealer's has 12 cards),
    ``talon`` the three talon cards in order (DEAL-2: the k-th belongs to the
    k-th player after the dealer), ``exchanges`` in playing order from first
    hand with the dealer last, ``hands`` the hands after the exchange,
    ``partie`` the cards out of play (four, or as IRR-4/IRR-5 change it),
    ``tricks`` pairs of (leader seat, cards in playing order from the leader;
    a player with no card left is skipped), ``takers`` the taker of each
    trick, ``espagnolette`` the seat holding one (ESP-1) or None, ``force``
    the event the deal was generated for and ``events`` what it records.
    A void deal (misdeal, exposed card) has no cards at all.
    """

    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    exchanges: tuple[Swap, ...]
    hands: tuple[frozenset[Card], ...]
    partie: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    takers: tuple[int, ...]
    espagnolette: int | None = None
    force: str | None = None
    events: tuple[SeatEvent, ...] = ()

    @property
    def first_hand(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def void(self) -> bool:
        """A misdeal or an exposed card: no tricks (IRR-0)."""
        return any(e.kind in ("misdeal", "exposed") for e in self.events)

    def event_seat(self, kind: str) -> int | None:
        """The player named by the first event of ``kind``, if any."""
        return next((e.seat for e in self.events if e.kind == kind), None)

    def plays(self, number: int) -> tuple[tuple[int, Card], ...]:
        """(seat, card) of trick ``number`` (1-based) in playing order.

        A player whose hand is already played out (IRR-5) is skipped.
        """
        leader, cards = self.tricks[number - 1]
        seats = [s for s in ((leader + k) % 4 for k in range(4))
                 if len(self.hands[s]) >= number]
        return tuple(zip(seats, cards, strict=True))

    def unplayed(self) -> frozenset[Card]:
        """Cards held after the exchange but never played (IRR-4 ``kept``)."""
        played = {c for _, cards in self.tricks for c in cards}
        return frozenset().union(*self.hands) - played if self.hands else frozenset()

    def tricks_won(self) -> list[int]:
        won = [0, 0, 0, 0]
        for taker in self.takers:
            won[taker] += 1
        return won

    def points_won(self) -> list[int]:
        points = [0, 0, 0, 0]
        for (_, cards), taker in zip(self.tricks, self.takers, strict=True):
            points[taker] += sum(c.points for c in cards)
        return points

    @property
    def reversis(self) -> int | None:
        """The seat that took all eleven tricks (REV-1), if any."""
        return reversis_maker(self.takers)

    @property
    def broken_reversis(self) -> tuple[int, int] | None:
        """(undertaker, breaker) when the first nine went to one player but not all eleven."""
        breach = reversis_breach(self.takers)
        if breach is None:
            return None
        undertaker, broken = breach
        return undertaker, self.takers[broken]


def dealer_after(played: PlayedDeal) -> int:
    """Who deals the next deal: SEAT-2, except that the same dealer deals again
    after an exposed card (IRR-1) or a misdeal with ``redeal paid`` (IRR-2)."""
    kinds = {e.kind for e in played.events}
    late = any(e.late for e in played.events if e.kind == "misdeal")
    if "exposed" in kinds or ("misdeal" in kinds and "redeal" in kinds and not late):
        return played.dealer
    return (played.dealer + 1) % 4
