"""A played deal as the project's own record: model statements, ready for the writer.

The statements are made in the writer's canonical order (docs/formats.md,
"Canonical form"), so a simulated session is already what ``reversis fmt``
would write.  Nothing here was read from a source, so every position is
:data:`NOT_READ`; the writer never looks at positions.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import PACK, Card
from ..model import (
    CardAt, Comment, Deal, DealLine, EspagnoletteLine, EventLine, ExchangeLine, HandLine,
    Header, HeaderLine, Name, PartieLine, Pos, Statement, TalonLine, TrickLine,
)
from ..vocabulary import EVENT_ORDER
from .played import PlayedDeal, SeatEvent, Swap

__all__ = ["NOT_READ", "DealWriter", "session_header"]

NOT_READ = Pos(0, 0)  # the position of a statement that was made, not read


def session_header(players: Sequence[str], rules: str, title: str | None = None,
                   comments: Sequence[str] = ()) -> Header:
    """The header of a session: version, title, rules, players; ``comments`` above it."""
    above = tuple(Comment(f" {text}", NOT_READ) for text in comments)
    lines = [HeaderLine(keyword="reversis", value="1", pos=NOT_READ, comments_before=above)]
    if title is not None:
        lines.append(HeaderLine(keyword="title", value=title, pos=NOT_READ))
    lines.append(HeaderLine(keyword="rules", value=rules, pos=NOT_READ))
    lines.append(HeaderLine(keyword="players", pos=NOT_READ,
                            names=tuple(Name(p, NOT_READ) for p in players)))
    return Header(tuple(lines))


class DealWriter:
    """Turns played deals into model deals for one session's players and card style.

    ``write_hands`` adds the hands as dealt, the talon and the partie;
    ``write_exchanges`` every exchange line.  Whatever the flags, the lines an
    irregularity needs are there: the exchange line of a player who peeked, kept
    or discarded two; the hand as dealt of one who kept; the partie when
    someone kept or discarded two.
    """

    def __init__(self, players: Sequence[str], style: str, *, write_hands: bool,
                 write_exchanges: bool):
        self.names = tuple(Name(p, NOT_READ) for p in players)
        # A card written is the same value wherever it goes: make each once,
        # found by the card's index (faster than hashing the card).
        written = {c.index: CardAt(c, NOT_READ, c.format(style)) for c in PACK}
        self.written = [written[i] for i in range(len(PACK))]
        self.write_hands = write_hands
        self.write_exchanges = write_exchanges

    def deal(self, played: PlayedDeal, number: int) -> Deal:
        line = DealLine(number=number, dealer=self.names[played.dealer], pos=NOT_READ)
        return Deal(line, tuple(self._statements(played)))

    def _statements(self, played: PlayedDeal) -> list[Statement]:
        kept = played.event_seat("kept")
        two = played.event_seat("discarded-two")
        order = [(played.dealer + k) % 4 for k in (1, 2, 3, 4)]
        out: list[Statement] = []
        if played.dealt:
            out += [HandLine(player=self.names[s], cards=self._cards(played.dealt[s]),
                             pos=NOT_READ)
                    for s in order if self.write_hands or s == kept]
        if self.write_hands and played.talon:
            out.append(TalonLine(cards=self._cards(played.talon), pos=NOT_READ))
        must = {e.seat for e in played.events if e.kind in ("peeked", "kept", "discarded-two")}
        out += [self._exchange(swap) for swap in played.exchanges
                if self.write_exchanges or swap.seat in must]
        if played.tricks and (self.write_hands or kept is not None or two is not None):
            out.append(PartieLine(cards=self._cards(played.partie), pos=NOT_READ))
        if played.espagnolette is not None:
            out.append(EspagnoletteLine(player=self.names[played.espagnolette], pos=NOT_READ))
        events = sorted(played.events, key=lambda e: EVENT_ORDER.index(e.kind))
        out += [self._event(e) for e in events]
        for number, (leader, cards) in enumerate(played.tricks, start=1):
            out.append(TrickLine(number=number, leader=self.names[leader],
                                 cards=self._cards(cards), pos=NOT_READ))
        return out

    def _card(self, card: Card) -> CardAt:
        return self.written[card.index]

    def _cards(self, cards: Sequence[Card]) -> tuple[CardAt, ...]:
        written = self.written
        return tuple([written[c.index] for c in cards])

    def _exchange(self, swap: Swap) -> ExchangeLine:
        player = self.names[swap.seat]
        if swap.refused is not None:
            sees = self._card(swap.refused) if swap.seen else None
            return ExchangeLine(player=player, refuses=True, sees=sees,
                                sees_count=int(swap.seen), pos=NOT_READ)
        takes = (self._card(swap.take),) if swap.take is not None else None
        return ExchangeLine(player=player, discards=self._cards(swap.discards), takes=takes,
                            pos=NOT_READ)

    def _event(self, event: SeatEvent) -> EventLine:
        player = self.names[event.seat] if event.seat is not None else None
        return EventLine(kind=event.kind, player=player, trick=event.trick, late=event.late,
                         paid=event.kind == "redeal", pos=NOT_READ)
