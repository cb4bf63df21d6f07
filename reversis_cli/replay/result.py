"""What a replay establishes: the plays, the tricks, who held what, the
espagnolette, the revokes and the irregularities of one deal (the values
:mod:`.play` builds and the settlement reads)."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import NamedTuple

from ..cards import PACK, Card, Suit
from ..diagnostics import Diagnostic
from ..model import Deal, EspagnoletteLine, EventLine, Pos, TrickLine
from .rules_of_play import (
    PRIVILEGED_TRICKS, TRICKS_PER_DEAL, is_espagnolette, taking_index, vis_a_vis,
)

__all__ = [
    "TRICKS_PER_DEAL", "PRIVILEGED_TRICKS", "Play", "PlayedTrick", "TrickAsWritten",
    "Espagnolette", "Revoke", "Irregularity", "ReplayedDeal", "Played", "winning_play",
    "next_seat", "is_espagnolette",
]


def next_seat(seat: int, step: int = 1) -> int:
    return (seat + step) % 4


class Play(NamedTuple):
    seat: int
    card: Card
    pos: Pos | None = None


class PlayedTrick(NamedTuple):
    """A trick as played: plays in playing order from the leader."""

    number: int
    leader: int
    plays: tuple[Play, ...]
    taker: int
    line: TrickLine | None = None

    @property
    def led_suit(self) -> Suit:
        return self.plays[0].card.suit

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.plays)

    @property
    def points(self) -> int:
        return sum(p.card.points for p in self.plays)

    def play_of(self, seat: int) -> Play | None:
        for play in self.plays:
            if play.seat == seat:
                return play
        return None


class TrickAsWritten(NamedTuple):
    """A trick the replay could not establish: it is in error itself, or who
    led it cannot be known because a trick before it is in error.

    ``leader``, ``plays`` and ``taker`` are a reading of the line as written
    (from its written leader, or from the taker of the trick before as read),
    for showing it; nothing is derived from them.  They are None or empty when
    even that reading is impossible.  ``established_leader`` is who had the
    lead by the tricks before, when they are established (a trick in error
    may still have been led by a known player).
    """

    line: TrickLine
    in_error: bool
    leader: int | None = None
    plays: tuple[Play, ...] = ()
    taker: int | None = None
    established_leader: int | None = None


@dataclass(frozen=True, slots=True)
class Espagnolette:
    """ESP-1: the holder, what he holds, and whether he waived (ESP-3)."""

    seat: int
    waived: bool = False
    declared: EspagnoletteLine | None = None

    @property
    def privileged(self) -> bool:
        return not self.waived


@dataclass(frozen=True, slots=True)
class Revoke:
    """PLAY-4: ``seat`` played ``card`` off the suit led while holding ``held``."""

    trick: int
    seat: int
    card: Card
    held: Card
    pos: Pos | None = None


class Irregularity(NamedTuple):
    """An event line of the deal (IRR-1..6, CLAIM-1) with the player it names as a seat.

    ``seat`` is None when the line names no one, or a name that is not a player's (the
    replay says so, RV112); ``named`` is the name as written, for showing it."""

    kind: str
    seat: int | None
    named: str | None
    trick: int | None = None  # ``unclaimed T``
    late: bool = False        # ``misdeal NAME late``
    paid: bool = False        # ``redeal paid``


def _irregularities(events: tuple[EventLine, ...], players: tuple[str, ...]
                    ) -> tuple[Irregularity, ...]:
    seats = {name: seat for seat, name in enumerate(players)}
    found = []
    for event in events:
        named = event.player.text if event.player is not None else None
        found.append(Irregularity(event.kind, seats.get(named) if named is not None else None,
                                  named, event.trick, event.late, event.paid))
    return tuple(found)


@dataclass(frozen=True)
class ReplayedDeal:
    """What happened in one deal, as the record establishes it.

    Seats are indexes into ``players`` (playing order).  ``hands`` are the
    hands after the exchange; ``partie`` the cards out of play that form the
    partie (DEAL-3).  ``complete`` is False when errors prevent settling.
    ``tricks`` are the tricks established; ``unresolved`` the tricks written
    that are not (in error, or after a trick in error: see ``TrickAsWritten``).
    ``dealer_known`` is False when the dealer named is not a player.
    """

    deal: Deal
    players: tuple[str, ...]
    dealer: int
    tricks: tuple[PlayedTrick, ...] = ()
    hands: tuple[frozenset[Card], ...] = (frozenset(),) * 4
    partie: tuple[Card, ...] = ()
    partie_written: bool = False
    espagnolette: Espagnolette | None = None
    revokes: tuple[Revoke, ...] = ()
    void: bool = False
    complete: bool = True
    diagnostics: tuple[Diagnostic, ...] = field(default=())
    unresolved: tuple[TrickAsWritten, ...] = ()
    dealer_known: bool = True

    @property
    def number(self) -> int:
        return self.deal.number

    @property
    def first_hand(self) -> int:
        return next_seat(self.dealer)

    @property
    def events(self) -> tuple[EventLine, ...]:
        return self.deal.events

    @property
    def irregularities(self) -> tuple[Irregularity, ...]:
        """The deal's event lines with their players resolved to seats, in the order
        written: what the settlement reads of them (made when first asked, and kept)."""
        found = self.__dict__.get("irregularities")
        if found is None:  # frozen: kept as cached_property keeps
            found = self.__dict__["irregularities"] = _irregularities(self.events,
                                                                      self.players)
        return found

    @classmethod
    def built(cls, **given) -> ReplayedDeal:
        """The same value as ``ReplayedDeal(**given)``, made without the frozen
        dataclass's ``__init__`` (an ``object.__setattr__`` call a field): the
        plain replay makes one a deal, and that __init__ was 6% of it.  Left
        out, ``hands`` are the cards each seat played (see _PlayedHands)."""
        made = object.__new__(cls)
        values = made.__dict__
        values.update(_REPLAYED_DEFAULTS)
        values.update(given)
        return made

    def seat(self, name: str) -> int:
        return self.players.index(name)

    def name(self, seat: int) -> str:
        return self.players[seat]

    vis_a_vis = staticmethod(vis_a_vis)  # SEAT-1 (rules_of_play)

    def tricks_won(self) -> list[int]:
        won = [0, 0, 0, 0]
        for trick in self.tricks:
            won[trick.taker] += 1
        return won

    def points_won(self) -> list[int]:
        points = [0, 0, 0, 0]
        for trick in self.tricks:
            taker = trick.taker
            for play in trick.plays:
                points[taker] += play.card.points
        return points

    def held_at(self, seat: int, trick_number: int) -> frozenset[Card]:
        """The cards ``seat`` still held when trick ``trick_number`` began."""
        if "hands" not in self.__dict__:  # not made: the hands are the cards played
            return frozenset(play.card for t in self.tricks[trick_number - 1:]
                             if (play := t.play_of(seat)))
        played = {play.card for t in self.tricks[: trick_number - 1]
                  if (play := t.play_of(seat))}
        return self.hands[seat] - played


# What ReplayedDeal.built gives the fields it is not given (hands: see below).
_REPLAYED_DEFAULTS = {f.name: f.default for f in fields(ReplayedDeal)
                      if f.default is not MISSING and f.name != "hands"}
_NO_HANDS: tuple[frozenset[Card], ...] = (frozenset(),) * 4  # the field's default


class _PlayedHands:
    """``ReplayedDeal.hands`` of a deal built without them: the cards each
    seat played, in the order played, made when first asked and kept.

    A plain deal's hands are just that (replay/plain.py), and most runs never
    ask (the settlement only for an espagnolette): making four frozensets a
    deal, each card hashed by a Python ``__hash__``, was a tenth of a plain
    replay.  This is a non-data descriptor, so a ``hands`` the dataclass's
    ``__init__`` (or ``built``) stored on the instance is read as ever.
    """

    def __get__(self, replayed: ReplayedDeal | None, owner: type | None = None
                ) -> tuple[frozenset[Card], ...]:
        if replayed is None:  # asked of the class: the field's default, as before
            return _NO_HANDS
        cards: list[list[Card]] = [[], [], [], []]
        for trick in replayed.tricks:
            for play in trick.plays:
                cards[play.seat].append(play.card)
        hands = tuple(map(frozenset, cards))
        replayed.__dict__["hands"] = hands  # frozen: kept as cached_property keeps
        return hands


# Set after the dataclass is made, which has taken the field's default already.
setattr(ReplayedDeal, "hands", _PlayedHands())  # noqa: B010 (mypy: not the field's type)


class Played:
    """Where each card was played, looked up by card index (no hashing)."""

    __slots__ = ("_at",)

    def __init__(self, tricks) -> None:
        self._at: list[tuple[PlayedTrick, Play] | None] = [None] * len(PACK)
        for trick in reversed(tricks):  # the first time a card was played wins
            for play in trick.plays:
                self._at[play.card.index] = (trick, play)

    def get(self, card: Card) -> tuple[PlayedTrick, Play] | None:
        return self._at[card.index]

    def __getitem__(self, card: Card) -> tuple[PlayedTrick, Play]:
        at = self._at[card.index]
        if at is None:  # as a mapping does: ask .get() when it may not have been played
            raise KeyError(card)
        return at

    def items(self):
        return ((PACK[i], at) for i, at in enumerate(self._at) if at is not None)


def winning_play(plays: tuple[Play, ...]) -> Play:
    """PLAY-3 (:func:`.rules_of_play.taking_index`): the play that takes the trick."""
    return plays[taking_index([play.card for play in plays])]
