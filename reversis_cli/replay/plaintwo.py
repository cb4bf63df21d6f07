"""The plain replay of a deal where a player discarded two cards (IRR-5).

``discarded-two NAME``: NAME discarded two cards and played with ten, so the
partie holds five cards and trick 11 three (he is passed over in it).  The
one-pass replay (:mod:`.plain`) keeps a deal's tricks as rows of four cards,
which such a deal does not fit; :func:`replay_two_discarded` replays it in one
pass too, asking the full walk's questions (:mod:`.play`,
:mod:`.crosscheck`) on card indexes and bit masks, and gives up (None) at the
first answer that would be a diagnostic, or that it does not take on: more
than one ``discarded-two`` line, one naming a trick or no player, a ``kept``
line beside it, the ten-card player refusing his talon card or discarding
other than two different cards.  The full walk then replays the deal and
says what is wrong.  On the deals it accepts the two agree field by field
(tests/test_replay_two_discarded.py).

What the full walk does with such a deal, and this replay too: every player
but NAME plays eleven cards, NAME ten; a trick has one card from each player
with a card left (trick 11: three, in playing order without NAME); when NAME
took trick 10, the player after him leads trick 11 (our reading, as the full
walk's ``_leader_of``); his exchange discards two cards (RV305 otherwise);
the partie is the five cards not played.  The hands, talon and partie lines
are held to the play as in a plain deal (:mod:`.plaindealt`).

Its tricks are made when first asked, as the full walk makes them (a
``PlayedTrick`` of ``Play``s with the place each card was written:
``ReplayedDeal.of_walk``; a ``check`` never asks): the deal has no rows
(``ReplayedDeal.rows`` is None), and the engine settles it.  Each seat's
cards played are kept as in a plain deal, eleven bytes a seat, NAME's
eleventh a byte that is no card's index (:data:`NO_CARD`), so that the plain
replay's checks of the exchanges, the cards as dealt, the espagnolette and
the revokes read them unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter

from .. import fastpaths
from ..cards import Card
from ..model import Deal, EventLine
from ..model.rows import NO_INDEX, ExchangeRow, TrickRow
from ..notation.statements import named_players
# The plain replay's checks, shared.  Four keep their underscore: without it,
# _espagnolette, _seats and _unplayed would be named as locals of replay_plain are, and
# replay/plaindealt.py names _exchanges_plain so.
from .plain import (
    NAMED_OTHERS, NO_CARD, PLAIN_OTHERS, Renounce, _espagnolette, _exchanges_plain, _seats,
    _unplayed, add_revokes, event_plain, revokes_in,
)
from .plaindealt import dealt_lines, dealt_plain
from .plainwalk import may_revoke, place_of_three, renounces_of, walk_plain
from .recorded import recorded_problems
from .result import TRICKS_PER_DEAL, ReplayedDeal, Walked
from .rules_of_play import PLAYING_ORDERS

__all__ = ["WalkedTricks", "replay_two_discarded"]


class WalkedTricks(tuple):
    """The tricks :func:`_walk` walked (``ReplayedDeal.walked``: a tuple of
    ``Walked``), which also keeps tricks 1 to 10 as ``plainwalk.walk_plain`` made them,
    a plain deal's rows (``ten``, ``result.Row`` each): settle/leantwo.py settles
    on those rows, not made again from the tricks."""

    ten: tuple[tuple[int, int, int, int, int, int, int], ...]

_PLAYED = 4 * TRICKS_PER_DEAL - 1  # the cards played: trick 11 has three
_FOURTH_CARD = itemgetter(4)  # a trick row's fourth card (NO_INDEX: three cards)


def replay_two_discarded(deal: Deal, players: tuple[str, ...]) -> ReplayedDeal | None:
    """The replay of ``deal`` when a player discarded two (IRR-5), as the full
    walk makes it; None for any other deal, and at the first doubt (see the
    module's docstring).  The caller (``play.replay_deal``, after
    ``plain.replay_plain`` gave the deal up) has made sure no line of it is
    damaged.  Always None under ``REVERSIS_REFERENCE=1`` (:mod:`..fastpaths`)."""
    if fastpaths.REFERENCE:
        return None
    events = deal.events
    if not events:
        return None
    seats = _seats(players)
    dealer = seats.get(deal.dealer.text)
    if dealer is None:
        return None
    two = _two_seat(events, seats)
    if two is None:
        return None
    espagnolettes = deal.espagnolettes
    lines = dealt_lines(deal)  # hand, talon and partie lines, asked once
    dealt = len(lines[0]) + len(lines[1]) + len(lines[2])
    if not _others_plain(deal, events, seats, deal.other_count - len(espagnolettes) - dealt):
        return None
    walked = _walk(_trick_rows(deal), seats, players, dealer, two)
    if walked is None:
        return None
    tricks, played, by_seat, renounces = walked
    exchanges = deal.exchange_rows
    if not _his_exchange(exchanges, seats, two) \
            or not _exchanges_plain(exchanges, seats, dealer, played, by_seat, None, two):
        return None
    partie: tuple[Card, ...] = ()
    if dealt:  # the cards as dealt, held to the play as the full walk holds them
        written = dealt_plain(deal, seats, dealer, played, by_seat, exchanges, None, two,
                              lines)
        if written is None:
            return None
        partie = written[0]
    agreed, espagnolette = _espagnolette(by_seat, espagnolettes, seats)
    if not agreed:
        return None
    replayed = ReplayedDeal.of_walk(
        deal, players, dealer, tricks, partie or _unplayed(by_seat),
        bool(partie), espagnolette, tuple(recorded_problems(deal, players)))
    if renounces:
        revokes = revokes_in(renounces, by_seat, espagnolette)
        if revokes:  # (the other renounces are none: not asked again)
            add_revokes(replayed, revokes, by_seat)
    return replayed


def _two_seat(events: Sequence[EventLine], seats: dict[str, int]) -> int | None:
    """The seat of the player who discarded two, when one ``discarded-two``
    line names him and no trick, and no ``kept`` line is written; else None
    (the deal's ``events``: most such deals have that line alone)."""
    if len(events) == 1:
        line = events[0]
        if line.kind != "discarded-two":
            return None
    else:
        kinds = [event.kind for event in events]
        if kinds.count("discarded-two") != 1 or "kept" in kinds:
            return None
        line = events[kinds.index("discarded-two")]
    if line.player is None or line.trick is not None:
        return None
    return seats.get(line.player.text)


def _others_plain(deal: Deal, events: Sequence[EventLine], seats: dict[str, int],
                  others: int) -> bool:
    """``plain._others_plain``, the ``discarded-two`` line let through (it is
    :func:`_two_seat`'s) and a ``kept`` line not (:func:`_two_seat` said none
    is written)."""
    if others == len(events):  # only event lines: no other line to hold to the play
        for event in events:  # (a loop: no generator)
            if event.kind != "discarded-two" and not event_plain(event, seats):
                return False
        return True
    if others != sum(map(len, map(deal.of_type, PLAIN_OTHERS))):
        return False
    if not all(event.kind == "discarded-two" or event_plain(event, seats)
               for event in deal.events):
        return False
    return all(name.text in seats for model in NAMED_OTHERS
               for stmt in deal.of_type(model) for name in named_players(stmt))


def _his_exchange(exchanges: Sequence[ExchangeRow], seats: dict[str, int], two: int) -> bool:
    """Whether the exchange line of the player who discarded two, if written,
    discards two different cards (and refuses nothing)."""
    for row in exchanges:  # (a row read by index: no list of the rest made for each)
        if seats.get(row[0]) == two:
            discards = row[2]
            if row[1] or len(discards) != 2 or discards[0] == discards[1]:
                return False
    return True


def _trick_rows(deal: Deal) -> Sequence[TrickRow] | None:
    """The deal's trick lines as rows (``model.rows.TrickRow``, a trick of
    three cards' fourth card ``NO_INDEX``): a lean deal's own (no line made),
    else made from its lines (without text); None when a line holds neither
    three cards nor four (the walk would give it up)."""
    rows = deal.lean_rows
    if rows is not None:
        return rows
    made = []
    for line in deal.tricks:
        indexes = line.indexes
        if len(indexes) == 3:
            indexes = (*indexes, NO_INDEX)
        elif len(indexes) != 4:
            return None
        made.append((line.number, *indexes, line.leader_text, line.taker_text, None, None))
    return made  # type: ignore[return-value]


def _walk(rows: Sequence[TrickRow] | None, seats: dict[str, int], players: tuple[str, ...],
          dealer: int, two: int) -> tuple[tuple[Walked, ...], int, bytes, list[Renounce]] | None:
    """The tricks as the full walk establishes them (see ``result.Walked``: their
    plays are made when asked), the mask of the cards played, each seat's cards
    in the order played (eleven bytes a seat, as a plain deal's; the ten-card
    player's last is :data:`NO_CARD`), and the renounces when one may be a
    revoke (else none: :func:`.plainwalk.may_revoke`); None when a trick is not
    plain: not eleven tricks in order, a leader or taker written who is not the
    one the play gives, a trick of the wrong number of cards, a card played
    twice.  Tricks 1 to 10 are walked by the plain deal's walk
    (:func:`.plainwalk.walk_plain`), trick 11 by :func:`_last_trick`."""
    if rows is None or len(rows) != TRICKS_PER_DEAL \
            or NO_INDEX in map(_FOURTH_CARD, rows[:-1]):  # three cards before trick 11
        return None
    first = walk_plain(rows[:-1], seats, players, dealer, TRICKS_PER_DEAL - 1)
    if first is None:
        return None
    ten, played, _, _, cards = first
    last = _last_trick(rows[-1], ten[-1][-1], two, seats.get)
    if last is None:
        return None
    walked, seated = last
    i0, i1, i2 = walked[4]
    played |= 1 << i0 | 1 << i1 | 1 << i2
    if played.bit_count() != _PLAYED:
        return None  # a card played twice
    tricks = WalkedTricks([*[(number, leader, PLAYING_ORDERS[leader], taker, (c0, c1, c2, c3))
                             for number, leader, c0, c1, c2, c3, taker in ten], walked])
    tricks.ten = ten
    cards += seated  # five bytes a trick, as walk_plain's: each seat's eleven cut by slices
    by_seat = b"".join((cards[0::5], cards[1::5], cards[2::5], cards[3::5]))
    # A renounce in trick 11 is no revoke (no trick follows it): only those of tricks 1-10.
    return tricks, played, by_seat, renounces_of(ten) if may_revoke(cards) else []


def _last_trick(row: TrickRow, leader: int, two: int, seat_of: Callable[[str], int | None]
                ) -> tuple[Walked, bytes] | None:
    """Trick 11, of three cards: the ten-card player, who has none left, is passed
    over (IRR-5); when he took trick 10, the player after him leads (the full
    walk's reading).  The trick as walked and its cards as five bytes, in seat
    order (his :data:`NO_CARD`) then the card led; None when it is not plain."""
    number, i0, i1, i2, i3, named, named_taker, _, _ = row
    if number != TRICKS_PER_DEAL or i3 != NO_INDEX:
        return None  # not numbered 11, or four cards
    if leader == two:
        leader = (two + 1) % 4
    if named is not None and seat_of(named) != leader:
        return None
    order = _PASSED_OVER[leader][two]
    taker = order[place_of_three(i0, i1, i2)]  # PLAY-3
    if named_taker is not None and seat_of(named_taker) != taker:
        return None
    cards = [NO_CARD, NO_CARD, NO_CARD, NO_CARD, i0]
    cards[order[0]], cards[order[1]], cards[order[2]] = i0, i1, i2
    return (number, leader, order, taker, (i0, i1, i2)), bytes(cards)


# The seats in playing order from a leader (the first index), the one who discarded two
# (the second) passed over: trick 11's order (``_last_trick``; he never leads it).
_PASSED_OVER = tuple(tuple(tuple([seat for seat in PLAYING_ORDERS[leader] if seat != two])
                           for two in range(4)) for leader in range(4))
