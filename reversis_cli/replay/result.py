"""What a replay establishes: the plays, the tricks, who held what, the
espagnolette, the revokes and the irregularities of one deal (the values
:mod:`.play` builds and the settlement reads)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple, TypedDict

from ..cards import PACK, Card, Suit
from ..diagnostics import Diagnostic
from ..model import Deal, EspagnoletteLine, EventLine, Pos, TrickLine
from ..values import Value, setattr_frozen
from .rules_of_play import (
    PLAYING_ORDERS, PRIVILEGED_TRICKS, TRICKS_PER_DEAL, is_espagnolette, taking_index, vis_a_vis,
)

__all__ = [
    "TRICKS_PER_DEAL", "PRIVILEGED_TRICKS", "Play", "PlayedTrick", "TrickAsWritten",
    "Espagnolette", "Revoke", "Irregularity", "ReplayedDeal", "Row", "Played", "winning_play",
    "next_seat", "is_espagnolette", "trick_of_row", "Outcome", "Walked",
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


class Espagnolette(Value):
    """ESP-1: the holder, what he holds, and whether he waived (ESP-3)."""

    __slots__ = ("seat", "waived", "declared")
    _fields = __slots__
    seat: int
    waived: bool
    declared: EspagnoletteLine | None

    def __init__(self, seat: int, waived: bool = False,
                 declared: EspagnoletteLine | None = None) -> None:
        setattr_frozen(self, "seat", seat)
        setattr_frozen(self, "waived", waived)
        setattr_frozen(self, "declared", declared)

    @property
    def privileged(self) -> bool:
        return not self.waived


class Revoke(Value):
    """PLAY-4: ``seat`` played ``card`` off the suit led while holding ``held``."""

    __slots__ = ("trick", "seat", "card", "held", "pos")
    _fields = __slots__
    trick: int
    seat: int
    card: Card
    held: Card
    pos: Pos | None

    def __init__(self, trick: int, seat: int, card: Card, held: Card,
                 pos: Pos | None = None) -> None:
        # each slot through its descriptor (setattr_frozen's, without its calls)
        set_trick, set_seat, set_card, set_held, set_pos = _REVOKE_SETTERS
        set_trick(self, trick)
        set_seat(self, seat)
        set_card(self, card)
        set_held(self, held)
        set_pos(self, pos)


_REVOKE_SETTERS = tuple(getattr(Revoke, name).__set__ for name in Revoke.__slots__)


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


# A plain deal's trick as the plain replay keeps it (replay/plain.py): its
# number, its leader's seat, its four card indexes in playing order from the
# leader, and its taker's seat; ints all, so that the replay, the settlement's
# tally and the JSON read them without a Play or PlayedTrick made.
Row = tuple[int, int, int, int, int, int, int]

# A trick of a deal where a player discarded two, as its replay keeps it
# (replay/plaintwo.py, ``ReplayedDeal.of_walk``): its number, its leader's seat,
# the seats that played it in playing order (three in trick 11), its taker's
# seat and its card indexes in the order played; its plays are made when asked,
# from its line (``Deal.trick_line``: of a lean deal, made then).
Walked = tuple[int, int, tuple[int, ...], int, tuple[int, ...]]

_NO_HANDS: tuple[frozenset[Card], ...] = (frozenset(),) * 4
_new_tuple = tuple.__new__  # a named tuple made without its __new__'s Python call (hot)


class Outcome(TypedDict, total=False):
    """What the walk found, handed to :class:`ReplayedDeal` as its keywords (a
    void deal gives only ``void``)."""

    tricks: tuple[PlayedTrick, ...]
    hands: tuple[frozenset[Card], ...]
    partie: tuple[Card, ...]
    espagnolette: Espagnolette | None
    revokes: tuple[Revoke, ...]
    void: bool


class ReplayedDeal(Value):
    """What happened in one deal, as the record establishes it.

    Seats are indexes into ``players`` (playing order).  ``hands`` are the
    hands after the exchange; ``partie`` the cards out of play that form the
    partie (DEAL-3).  ``complete`` is False when errors prevent settling.
    ``tricks`` are the tricks established; ``unresolved`` the tricks written
    that are not (in error, or after a trick in error: see ``TrickAsWritten``).
    ``dealer_known`` is False when the dealer named is not a player.

    A plain deal (:meth:`of_rows`, the fast path of replay/plain.py) keeps its
    tricks as ``rows`` (see ``Row``) and makes ``tricks`` and ``hands`` from
    them when first asked, and keeps them: most runs never ask (a ``check``
    never, ``score --json`` for a trick with an ace or the quinola, through
    :meth:`trick`).  A deal the full walk replayed has its tricks and hands
    given, and no rows (None).  Rows are not a field: they are what the
    tricks say, and two replays of one deal are equal whichever made them.
    """

    __slots__ = ("deal", "players", "dealer", "_tricks", "_hands", "partie", "partie_written",
                 "espagnolette", "revokes", "void", "complete", "diagnostics", "unresolved",
                 "dealer_known", "rows", "_irregularities", "_made", "_walked", "_kept")
    _fields = ("deal", "players", "dealer", "tricks", "hands", "partie", "partie_written",
               "espagnolette", "revokes", "void", "complete", "diagnostics", "unresolved",
               "dealer_known")
    deal: Deal
    players: tuple[str, ...]
    dealer: int
    _tricks: tuple[PlayedTrick, ...] | None
    _hands: tuple[frozenset[Card], ...] | None
    partie: tuple[Card, ...]
    partie_written: bool
    espagnolette: Espagnolette | None
    revokes: tuple[Revoke, ...]
    void: bool
    complete: bool
    diagnostics: tuple[Diagnostic, ...]
    unresolved: tuple[TrickAsWritten, ...]
    dealer_known: bool
    rows: tuple[Row, ...] | None
    _irregularities: tuple[Irregularity, ...] | None
    _made: list[PlayedTrick | None] | None  # the tricks trick() made of a plain deal
    _walked: tuple[Walked, ...] | None  # a deal of ten-card hands' tricks, to be made (of_walk)
    # A talon card kept, never played (IRR-4): (seat, index); of a plain deal
    # (of_rows) set only where one was kept, read through kept_card.
    _kept: tuple[int, int] | None

    def __init__(self, deal: Deal, players: tuple[str, ...], dealer: int,
                 tricks: tuple[PlayedTrick, ...] = (),
                 hands: tuple[frozenset[Card], ...] = _NO_HANDS,
                 partie: tuple[Card, ...] = (), partie_written: bool = False,
                 espagnolette: Espagnolette | None = None, revokes: tuple[Revoke, ...] = (),
                 void: bool = False, complete: bool = True,
                 diagnostics: tuple[Diagnostic, ...] = (),
                 unresolved: tuple[TrickAsWritten, ...] = (), dealer_known: bool = True
                 ) -> None:
        for setter, value in zip(_SETTERS, (
                deal, players, dealer, tricks, hands, partie, partie_written, espagnolette,
                revokes, void, complete, diagnostics, unresolved, dealer_known, None, None, None,
                None, None),
                strict=True):
            setter(self, value)

    @classmethod
    def of_rows(cls, deal: Deal, players: tuple[str, ...], dealer: int,
                rows: tuple[Row, ...] | None,
                partie: tuple[Card, ...], espagnolette: Espagnolette | None,
                diagnostics: tuple[Diagnostic, ...], partie_written: bool = False,
                kept: tuple[int, int] | None = None) -> ReplayedDeal:
        """The replay of a plain deal (replay/plain.py, the fast path): its
        tricks are ``rows``, one a trick of ``deal.tricks``, and its hands the
        cards each seat played (and ``kept``, a seat and the index of a talon
        card it kept and never played, IRR-4, in that seat's hand); both are
        made when first asked (rows None: :meth:`of_walk`'s, which sets what was
        walked next).  ``partie`` is the partie line's cards, in the order
        written, when ``partie_written``."""
        made = object.__new__(cls)
        # One a deal: each slot set by its setter, in __slots__' order, not in a loop.
        (s_deal, s_players, s_dealer, s_tricks, s_hands, s_partie, s_partie_written,
         s_espagnolette, s_revokes, s_void, s_complete, s_diagnostics, s_unresolved,
         s_dealer_known, s_rows, s_irregularities, s_made, s_walked, s_kept) = _SETTERS
        s_deal(made, deal)
        s_players(made, players)
        s_dealer(made, dealer)
        s_tricks(made, None)
        s_hands(made, None)
        s_partie(made, partie)
        s_partie_written(made, partie_written)
        s_espagnolette(made, espagnolette)
        s_revokes(made, ())
        s_void(made, False)
        s_complete(made, True)
        s_diagnostics(made, diagnostics)
        s_unresolved(made, ())
        s_dealer_known(made, True)
        s_rows(made, rows)
        s_irregularities(made, None)
        s_made(made, None)
        s_walked(made, None)
        if kept is not None:  # (a slot left unset on every other plain deal: one a deal)
            s_kept(made, kept)
        return made

    @classmethod
    def of_void(cls, deal: Deal, players: tuple[str, ...], dealer: int) -> ReplayedDeal:
        """``ReplayedDeal(deal, players, dealer, void=True)``, the full walk's replay of a
        void deal (replay/plainvoid.py), each slot set by its setter as in :meth:`of_rows`
        (``__init__`` sets them in a loop: a third of that replay)."""
        made = object.__new__(cls)
        (s_deal, s_players, s_dealer, s_tricks, s_hands, s_partie, s_partie_written,
         s_espagnolette, s_revokes, s_void, s_complete, s_diagnostics, s_unresolved,
         s_dealer_known, s_rows, s_irregularities, s_made, s_walked, s_kept) = _SETTERS
        s_deal(made, deal)
        s_players(made, players)
        s_dealer(made, dealer)
        s_tricks(made, ())
        s_hands(made, _NO_HANDS)
        s_partie(made, ())
        s_partie_written(made, False)
        s_espagnolette(made, None)
        s_revokes(made, ())
        s_void(made, True)
        s_complete(made, True)
        s_diagnostics(made, ())
        s_unresolved(made, ())
        s_dealer_known(made, True)
        s_rows(made, None)
        s_irregularities(made, None)
        s_made(made, None)
        s_walked(made, None)
        s_kept(made, None)
        return made

    @classmethod
    def of_walk(cls, deal: Deal, players: tuple[str, ...], dealer: int,
                walked: tuple[Walked, ...], partie: tuple[Card, ...], partie_written: bool,
                espagnolette: Espagnolette | None, diagnostics: tuple[Diagnostic, ...]
                ) -> ReplayedDeal:
        """The replay of a deal where a player discarded two (replay/plaintwo.py):
        its tricks, which rows of four cards do not fit, are made from ``walked``
        (see ``Walked``) when first asked, as the full walk makes them, and its
        hands (the cards each seat played) too."""
        made = cls.of_rows(deal, players, dealer, None, partie, espagnolette, diagnostics,
                           partie_written)
        _SET_WALKED(made, walked)
        return made

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        tricks = self._tricks
        if tricks is None and self._walked is not None:  # of_walk's, asked for the first time
            made = self._made or (None,) * len(self._walked)
            trick_line = self.deal.trick_line
            tricks = tuple([trick or _trick_of_walked(walked, trick_line(walked[0] - 1))
                            for trick, walked in zip(made, self._walked, strict=True)])
            setattr_frozen(self, "_tricks", tricks)
        elif tricks is None:  # a plain deal's, asked for the first time
            assert self.rows is not None, "a replay without tricks has rows"
            made = self._made or (None,) * len(self.rows)
            tricks = tuple([trick or trick_of_row(row, line) for trick, row, line
                            in zip(made, self.rows, self.deal.tricks, strict=True)])
            setattr_frozen(self, "_tricks", tricks)
        return tricks

    def trick(self, number: int) -> PlayedTrick:
        """Trick ``number`` (from 1) of ``tricks``; of a plain deal whose tricks
        are not made (or of a deal of ten-card hands, :meth:`of_walk`), made
        alone and kept (the settlement asks for the few with an ace or the
        quinola, some twice), and then part of ``tricks``."""
        if self._tricks is None and (self.rows is not None or self._walked is not None):
            made = self._made
            if made is None:
                made = [None] * len(self.rows or self._walked or ())
                setattr_frozen(self, "_made", made)
            trick = made[number - 1]
            if trick is None:
                walked = self._walked
                trick = made[number - 1] = (
                    _trick_of_walked(walked[number - 1], self.deal.trick_line(number - 1))
                    if walked is not None else
                    trick_of_row(self.rows[number - 1],  # type: ignore[index]
                                 self.deal.trick_line(number - 1)))
            return trick
        return self.tricks[number - 1]

    def takers(self) -> list[int]:
        """Who took each trick of ``tricks``, in order (a plain deal's from its
        rows, a deal of ten-card hands' from what it walked)."""
        if self._tricks is None and self.rows is not None:
            return [row[6] for row in self.rows]
        if self._tricks is None and self._walked is not None:
            return [walked[3] for walked in self._walked]
        return [trick.taker for trick in self.tricks]

    @property
    def walked(self) -> tuple[Walked, ...] | None:
        """A deal of ten-card hands' tricks as walked (:meth:`of_walk`, see
        ``Walked``), read without a trick made (the ledger's tally, the JSON
        text); None for any other deal."""
        return self._walked

    @property
    def hands(self) -> tuple[frozenset[Card], ...]:
        hands = self._hands
        if hands is None and self._walked is not None:  # a deal of ten-card hands' (of_walk)
            hands = _hands_of_walk(self._walked)
            setattr_frozen(self, "_hands", hands)
        elif hands is None:  # a plain deal's: the cards each seat played, made when first asked
            assert self.rows is not None, "a replay without hands has rows"
            made = [frozenset([PACK[index] for index in played])
                    for played in _played_by_seat(self.rows)]
            kept = self.kept_card
            if kept is not None:  # his hand: the cards he played and the one he kept
                made[kept[0]] = made[kept[0]] | {PACK[kept[1]]}
            hands = tuple(made)
            setattr_frozen(self, "_hands", hands)
        return hands

    @property
    def kept_card(self) -> tuple[int, int] | None:
        """Of a plain deal (:meth:`of_rows`) where a player kept a talon card
        and never played it (IRR-4), his seat and the card's index (in his
        hand of ``hands``, in no trick); None for any other deal."""
        return getattr(self, "_kept", None)  # unset on a plain deal without one

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
        found = self._irregularities
        if found is None:
            found = _irregularities(self.events, self.players)
            setattr_frozen(self, "_irregularities", found)
        return found

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
        if self._hands is None and self.rows is not None and self.kept_card is None:
            # the hands are the cards played
            return frozenset([PACK[index] for index in
                              _played_by_seat(self.rows[trick_number - 1:])[seat]])
        played = {play.card for t in self.tricks[: trick_number - 1]
                  if (play := t.play_of(seat))}
        return self.hands[seat] - played


# Each slot's setter, in the order __init__ and of_rows give their values.
_SETTERS = tuple(getattr(ReplayedDeal, name).__set__ for name in ReplayedDeal.__slots__)
_SET_WALKED = _SETTERS[ReplayedDeal.__slots__.index("_walked")]  # by name: not the last


def trick_of_row(row: Row, line: TrickLine | None = None) -> PlayedTrick:
    """A plain deal's trick, as the full walk makes it, from its row and its line;
    without the line (the settlement's, which reads neither), no ``line`` and no
    ``pos`` to its plays, and the lean line is not made to write out its words."""
    number, leader, a, b, c, d, taker = row
    s0, s1, s2, s3 = PLAYING_ORDERS[leader]
    p0 = p1 = p2 = p3 = None
    if line is not None:  # where each card was written
        (_, p0, _), (_, p1, _), (_, p2, _), (_, p3, _) = line.cards
    plays = (_new_tuple(Play, (s0, PACK[a], p0)), _new_tuple(Play, (s1, PACK[b], p1)),
             _new_tuple(Play, (s2, PACK[c], p2)), _new_tuple(Play, (s3, PACK[d], p3)))
    return _new_tuple(PlayedTrick, (number, leader, plays, taker, line))


def _trick_of_walked(walked: Walked, line: TrickLine) -> PlayedTrick:
    """A trick of a deal where a player discarded two (``ReplayedDeal.of_walk``),
    as the full walk makes it, with its ``line``.  Of a lean line (``TrickLine._source``), the
    place of each card is its word's, found in the line's text as
    ``model.statements._write_out`` finds it (the line is not written out:
    a third of the cost); of a line read in full, its cards' own."""
    number, leader, seats, taker, indexes = walked
    source = line._source
    if source is None:
        plays = tuple([_new_tuple(Play, (seat, card_at.card, card_at.pos))
                       for seat, card_at in zip(seats, line.cards, strict=True)])
    else:
        text, at = source
        starts = [found.start() + 1 for found in _WORD.finditer(text)]
        first = 1 if line.leader_text is None else 2  # the first card's word
        plays = tuple([_new_tuple(Play, (seat, PACK[index],
                                         _new_tuple(Pos, (at, starts[first + k]))))
                       for k, (seat, index) in enumerate(zip(seats, indexes, strict=True))])
    return _new_tuple(PlayedTrick, (number, leader, plays, taker, line))


# A word of a lean trick line (``model.statements._write_out``'s): the line's
# words are separated by spaces only.
_WORD = re.compile(r"\S+")


def _hands_of_walk(walked: tuple[Walked, ...]) -> tuple[frozenset[Card], ...]:
    """Each seat's hand after the exchange in a deal of ten-card hands: the cards
    it played, made as the full walk makes it (``_hands_after_exchange``: a set of
    the cards in the order played, so that the hands iterate alike)."""
    played: list[list[Card]] = [[], [], [], []]
    for _, _, seats, _, indexes in walked:
        for seat, index in zip(seats, indexes, strict=True):
            played[seat].append(PACK[index])
    return tuple([frozenset(set(cards)) for cards in played])


def _played_by_seat(rows: Iterable[Row]) -> list[list[int]]:
    """The card indexes each seat played in ``rows``, in the order played."""
    played: list[list[int]] = [[], [], [], []]
    for _, leader, a, b, c, d, _ in rows:
        s0, s1, s2, s3 = PLAYING_ORDERS[leader]
        played[s0].append(a)
        played[s1].append(b)
        played[s2].append(c)
        played[s3].append(d)
    return played


class Played:
    """Where each card was played, looked up by card index (no hashing)."""

    __slots__ = ("_at",)

    def __init__(self, tricks: Sequence[PlayedTrick]) -> None:
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

    def items(self) -> Iterator[tuple[Card, tuple[PlayedTrick, Play]]]:
        return ((PACK[i], at) for i, at in enumerate(self._at) if at is not None)


def winning_play(plays: tuple[Play, ...]) -> Play:
    """PLAY-3 (:func:`.rules_of_play.taking_index`): the play that takes the trick."""
    return plays[taking_index([play.card for play in plays])]
