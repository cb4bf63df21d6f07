"""The replay of a plain deal, in one pass over its tricks.

Most deals of a record are plain: every line read whole, the dealer a
player, eleven tricks of four cards numbered in order, each led and taken by
whom the record says, and besides the tricks only exchange lines (and maybe
espagnolette, event, note, paid and tally lines, and the cards as dealt: hand,
talon and partie lines, held to the play by :mod:`.plaindealt`) that agree
with the play.
:func:`replay_plain` replays such a deal with card indexes and bit masks
instead of the full walk's bookkeeping (:mod:`.play`), and gives up (None)
at the first thing that is not plain, or that the full walk would report
(but a revoke, which it finds as the full walk does; and a talon card kept,
``kept``, whose card it finds as the full walk does): :mod:`.plaintwo` then
tries a deal where a player discarded two (IRR-5), whose trick 11 has three
cards, with this module's checks, and the full walk replays any other and
says what is wrong.  So the two
agree on every deal this one accepts; tests/test_replay_plain.py holds
them to it.

Pack order helps: the cards of a suit are twelve consecutive indexes, ace
first, so a suit is a range ``lo <= index < lo + 12`` and the higher card of
a suit is the lower index.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from operator import itemgetter

from .. import fastpaths
from ..cards import PACK, QUINOLA, Card
from ..model import (Deal, EspagnoletteLine, EventLine, ExchangeLine, Pos, TrickLine,
                     has_figures)
from ..model.rows import ExchangeRow
from ..notation.statements import PLAIN_EVENTS, STATEMENTS, named_players
from ..values import setattr_frozen
from .plaindealt import dealt_lines, dealt_plain, dealt_usual
from .plainwalk import may_revoke, renounces_of, walk_plain
from .recorded import recorded_problems
from .rules_of_play import may_renounce
from .revokes import revoke_found
from .result import PRIVILEGED_TRICKS, TRICKS_PER_DEAL, Espagnolette, ReplayedDeal

# (and, for replay/plaintwo.py, the checks it shares with it)
__all__ = ["replay_plain", "NO_CARD", "NAMED_OTHERS", "PLAIN_OTHERS", "Renounce", "add_revokes",
           "event_plain", "revokes_in"]

_SUIT_SIZE = 12
# Every card's index, in pack order (bytes: the indexes played deleted at C speed).
_PACK_INDEXES = bytes(range(len(PACK)))
# A byte of a seat's cards played that is no card: the eleventh of a player who
# discarded two (IRR-5, replay/plaintwo.py), who plays ten.
NO_CARD = 255
# A bytes.translate table on card indexes: each index's suit as its first index
# (NO_CARD's, and any byte that is no card's, none: NO_CARD).
_SUIT_OF_INDEX = bytes(index - index % _SUIT_SIZE if index < len(PACK) else NO_CARD
                       for index in range(256))
# bytes.translate tables on card indexes, by suit: a card of the suit kept, any other
# byte NO_CARD (higher than any card: the lowest index left is the suit's highest card).
_ONLY_SUIT = tuple(bytes(index if index < len(PACK) and index // _SUIT_SIZE == suit
                         else NO_CARD for index in range(256)) for suit in range(4))
_SEAT_CARDS = TRICKS_PER_DEAL  # each seat's cards played in a plain deal
# The model classes of the lines besides tricks and exchanges a plain deal may
# hold, from the statement table (espagnolettes are counted by the caller).
PLAIN_OTHERS = tuple(dict.fromkeys(
    row.model for row in STATEMENTS
    if row.plain_replay and row.model not in (TrickLine, ExchangeLine, EspagnoletteLine)))
NAMED_OTHERS = tuple(dict.fromkeys(
    row.model for row in STATEMENTS
    if row.model in PLAIN_OTHERS and row.model is not EventLine and row.player_fields))


def replay_plain(deal: Deal, players: tuple[str, ...]) -> ReplayedDeal | None:
    """The replay of ``deal`` when it is plain (see the module's docstring),
    else None.  The caller has made sure no line of it is damaged.  Always None
    under ``REVERSIS_REFERENCE=1`` (:mod:`..fastpaths`): the full walk replays every deal."""
    if fastpaths.REFERENCE:
        return None
    seats = _seats(players)
    dealer = seats.get(deal.dealer.text)
    if dealer is None:
        return None
    espagnolettes = deal.espagnolettes
    others = deal.other_count
    lines = None  # hand, talon and partie lines
    if not others:
        dealt = rest = 0
    elif len(events := deal.events) + len(espagnolettes) == others:
        # event and espagnolette lines alone: _others_plain's, in short (no dealt line)
        if not _events_plain(events, seats):
            return None
        dealt, rest = 0, len(events)
    else:
        lines = dealt_lines(deal)
        dealt = len(lines[0]) + len(lines[1]) + len(lines[2])
        rest = others - len(espagnolettes) - dealt
        if rest == len(events):  # besides the dealt lines, event lines alone (a kept card's)
            if rest and not _events_plain(events, seats):
                return None
        elif rest and not _others_plain(deal, seats, rest):
            return None
    kept = _kept_seat(deal, seats, dealer) if rest else None
    if kept is not None and (kept < 0 or not dealt):
        return None  # in doubt, or the kept card not written (RV206): the full walk
    walked = walk_plain(deal.trick_rows, seats, players, dealer)
    if walked is None:
        return None
    rows, played, by_seat, unplayed, cards = walked
    exchanges = deal.exchange_rows
    extra = -1  # the card a player who kept a talon card never played (IRR-4)
    # The cards as dealt, held to the play as the full walk holds them: the usual deal at
    # once, its exchange rows with them; any other, or a doubt: the checks one by one.
    partie = dealt_usual(lines, seats, dealer, played, by_seat, exchanges) \
        if dealt and kept is None and lines is not None else None
    if partie is None:
        if not _exchanges_plain(exchanges, seats, dealer, played, by_seat, kept):
            return None
        partie = ()
        if dealt:
            written = dealt_plain(deal, seats, dealer, played, by_seat, exchanges, kept,
                                  lines=lines)
            if written is None:
                return None
            partie, extra = written
            if kept is not None and not _kept_card_plain(extra, kept, renounces_of(rows),
                                                         by_seat):
                return None
    agreed, espagnolette = _espagnolette(by_seat, espagnolettes, seats)
    if not agreed:
        return None
    # The tricks and the hands (the cards each seat played) are made from the
    # rows when asked.
    replayed = ReplayedDeal.of_rows(
        deal, players, dealer, rows, partie or tuple(map(PACK.__getitem__, unplayed)),
        espagnolette,
        tuple(recorded_problems(deal, players)) if rest and has_figures(deal) else (),
        bool(partie), None if kept is None else (kept, extra))  # his hand: and the card kept
    if may_revoke(cards):  # a renounce of a suit played later (most deals none): which are revokes
        revokes = revokes_in(renounces_of(rows), by_seat, espagnolette)
        if revokes:
            add_revokes(replayed, revokes, by_seat)
    return replayed


def add_revokes(replayed: ReplayedDeal, renounces: Sequence[Renounce], by_seat: bytes
                ) -> None:
    """PLAY-4: a plain deal's revokes and their warnings, as the full walk finds
    them (``revokes.revokes_of``), from the renounces in playing order (or the
    revokes among them alone, :func:`revokes_in`'s): a card of
    the suit led that he plays later he held (a plain deal's hands are the cards
    played).  Of a deal replayed on rows, the card, the suit led and the card's
    place are read from the rows (:func:`_card_pos`): no trick is made for them;
    of one walked (replay/plaintwo.py), from the trick."""
    esp = replayed.espagnolette
    privileged = esp.seat if esp is not None and esp.privileged else None
    rows, deal = replayed.rows, replayed.deal
    found = []
    # each seat's suits in the order played, as their first indexes (revokes_in's)
    suits = by_seat.translate(_SUIT_OF_INDEX)
    # the trick in which each seat last plays each suit (0: none), by seat + the suit's
    # first index: a renounce before it is a revoke (a seat's cards are eleven, trick 1 first)
    last: dict[int, int] = {}
    for number, seat, lo in renounces:
        after = last.get(seat + lo)
        if after is None:
            first = _SEAT_CARDS * seat  # his card of trick 1; of trick n + 1 at first + n
            after = last[seat + lo] = suits.rfind(lo, first, first + _SEAT_CARDS) + 1 - first
        if after <= number or may_renounce(number, seat, privileged):
            continue  # not played after this trick (or the espagnolette's privilege)
        first = _SEAT_CARDS * seat
        # the card of the suit he held, the highest he plays later (the lowest index)
        held = PACK[min(by_seat[first + number:first + _SEAT_CARDS].translate(
            _ONLY_SUIT[lo // _SUIT_SIZE]))]
        if rows is not None:
            row = rows[number - 1]  # (number, leader, the cards in playing order, taker)
            written = (seat - row[1]) % 4  # his card's place in the line: playing order
            found.append(revoke_found(number, seat, PACK[row[2 + written]], PACK[row[2]].suit,
                                      held, _card_pos(deal, number, written), deal.number,
                                      replayed.players))
            continue
        trick = replayed.trick(number)
        play = trick.plays[(seat - trick.leader) % 4]
        found.append(revoke_found(number, seat, play.card, trick.led_suit, held, play.pos,
                                  deal.number, replayed.players))
    setattr_frozen(replayed, "revokes", tuple([revoke for revoke, _ in found]))
    setattr_frozen(replayed, "diagnostics",
                   (*replayed.diagnostics, *[warning for _, warning in found]))


def _card_pos(deal: Deal, number: int, written: int) -> Pos:
    """Where the ``written``-th card (from 0) of trick ``number``'s line is: of
    a lean deal's row, its word's place in the row's text (words separated by
    spaces only), as ``model.statements._write_out`` finds it without making
    the line; of a line read in full, its card's own."""
    rows = deal.lean_rows
    if rows is not None:
        _, _, _, _, _, leader_text, _, text, line = rows[number - 1]
        if text is not None and line is not None:
            found = _WORD_AT[written + (1 if leader_text is None else 2)].match(text)
            if found is not None:
                return Pos(line, found.end() + 1)
    return deal.trick_line(number - 1).cards[written].pos


# Where word k (from 0) of a lean trick line starts (its words ``\S+``, as
# ``model.statements._write_out`` finds them): the end of the k words before it
# and the blanks after each.
_WORD_AT = tuple(re.compile(rf"\s*(?:\S+\s+){{{k}}}") for k in range(8))


@functools.lru_cache(maxsize=16)
def _seats(players: tuple[str, ...]) -> dict[str, int]:
    """Each player's seat by name (a session's players are the same tuple
    deal after deal: made once; read only)."""
    return {name: seat for seat, name in enumerate(players)}


def _others_plain(deal: Deal, seats: dict[str, int], others: int) -> bool:
    """Whether the lines other than tricks, exchanges, espagnolettes and the
    cards as dealt are all events that change nothing in the play, notes,
    paid and tally lines."""
    if others != sum(map(len, map(deal.of_type, PLAIN_OTHERS))):
        return False  # a line of another kind: the full walk holds it to the play
    if not all(event_plain(event, seats) for event in deal.events):
        return False
    # A name that is no player's, in a field the statement table says names one:
    # the full walk reports it (events are checked just above).
    return all(name.text in seats for model in NAMED_OTHERS
               for stmt in deal.of_type(model) for name in named_players(stmt))


def _events_plain(events: Sequence[EventLine], seats: dict[str, int]) -> bool:
    """``_others_plain`` of a deal whose other lines, the dealt ones aside, are
    ``events`` alone: each changes nothing in the play."""
    for event in events:
        if not event_plain(event, seats):
            return False
    return True


def event_plain(event: EventLine, seats: dict[str, int]) -> bool:
    if event.kind not in PLAIN_EVENTS and event.kind != "kept":
        return False  # one that changes a hand or voids the deal (a kept card: _kept_seat)
    if event.player is not None and event.player.text not in seats:
        return False
    return event.trick is None or 1 <= event.trick <= TRICKS_PER_DEAL


def _kept_seat(deal: Deal, seats: dict[str, int], dealer: int) -> int | None:
    """The seat of the player who kept a talon card (IRR-4; his hand after the
    exchange is of twelve cards, one never played), None when nobody did; -1
    when the ``kept`` lines are in doubt: more than one, the dealer's (who
    takes no talon card), or one naming a trick."""
    line = None
    for event in deal.events:  # (``events_of("kept")`` without its tuple)
        if event.kind == "kept":
            if line is not None:
                return -1  # a second one
            line = event
    if line is None:
        return None
    seat = seats.get(line.player.text) if line.player is not None else None
    if seat is None or seat == dealer or line.trick is not None:
        return -1
    return seat


def _kept_card_plain(extra: int, kept: int, renounces: Sequence[Renounce], by_seat: bytes
                     ) -> bool:
    """Whether the card ``kept`` kept (index ``extra``) changes nothing the
    cards played decide: it is of no suit he renounced (he held it all along:
    PLAY-4 would find the revoke by it), and it does not make his hand the
    espagnolette (ESP-1: four aces, or three and the quinola) when the cards
    he played are not."""
    lo = extra - extra % _SUIT_SIZE
    if (kept, lo) in map(_SEAT_AND_SUIT, renounces):  # asked at C speed: a deal has several
        return False
    if extra != lo and extra != QUINOLA.index:
        return True  # neither an ace nor the quinola: ESP-1 of his hand is as played
    his = by_seat[_SEAT_CARDS * kept:_SEAT_CARDS * kept + _SEAT_CARDS]
    return _is_espagnolette(his + bytes((extra,))) == _is_espagnolette(his)


def _is_espagnolette(hand: bytes) -> bool:
    """ESP-1 of a hand given as card indexes."""
    # the aces are each suit's first index (no generator's frames: asked twice a kept ace)
    aces = (0 in hand) + (_SUIT_SIZE in hand) + (2 * _SUIT_SIZE in hand) \
        + (3 * _SUIT_SIZE in hand)
    return aces == 4 or aces == 3 and QUINOLA.index in hand


# A card played off the suit led: (trick, seat, the suit led's first index).
Renounce = tuple[int, int, int]
_SEAT_AND_SUIT = itemgetter(1, 2)  # a renounce's seat and suit


def _exchanges_plain(exchanges: Sequence[ExchangeRow], seats: dict[str, int], dealer: int,
                     played: int, by_seat: bytes, kept: int | None = None,
                     two: int | None = None) -> bool:
    """Whether the exchange lines (their rows, ``Deal.exchange_rows``) are one
    a player, and agree with the play: each player but the dealer discards
    one card or refuses, the cards discarded or refused are not played, a card
    taken is played by its taker or not at all (with no talon line written,
    nothing more is known).  The player who kept a talon card (``kept``)
    discards none (IRR-4), and does not refuse; the one who discarded two
    (``two``, IRR-5) two (``plaintwo._his_exchange`` holds his line)."""
    seen = 0  # the seats of the rows so far, a bit each (no set made, no call a row)
    for player, refuses, discards, takes, sees, sees_count, _, _ in exchanges:
        seat = seats.get(player)
        if seat is None or seen >> seat & 1 or sees_count > 1:
            return False
        seen |= 1 << seat
        if seat == dealer and (refuses or takes):
            return False
        if len(discards) == 1:  # the usual row: its one card not played
            if played >> discards[0] & 1:
                return False
        elif not refuses and (seat != kept or discards) and (seat != two or len(discards) != 2):
            return False
        else:
            for index in discards:
                if played >> index & 1:
                    return False
        if takes:  # a card taken and played: played by its taker (among his eleven bytes)
            for index in takes:
                if played >> index & 1 and index not in by_seat[_SEAT_CARDS * seat:
                                                                 _SEAT_CARDS * seat + _SEAT_CARDS]:
                    return False
        if refuses and sees and played >> sees[0] & 1:
            return False
    # the keeper's row, when he wrote one: none discarded, none refused (asked last, so
    # that a deal without a kept card asks nothing more above; a loop: no generator)
    if kept is not None:
        for row in exchanges:
            if (row[1] or row[2]) and seats.get(row[0]) == kept:
                return False
    return True


def _ace_holder(by_seat: bytes) -> int | None:
    """The seat that holds the espagnolette (ESP-1: all four aces, or three
    and the quinola), if one does; a plain deal's hands are the cards played."""
    # each card's seat, plus one, by one table (bytes.find a card cost ~1,700
    # instructions, four or five a deal): a card not played is its own index,
    # which no seat's code is (the aces' and the quinola's are 0 and 12 or more)
    seat_of = bytes.maketrans(by_seat, _SEAT_CODES[:len(by_seat)])
    # each ace's (the aces are each suit's first index)
    a, b, c, d = seat_of[0], seat_of[_SUIT_SIZE], seat_of[2 * _SUIT_SIZE], \
        seat_of[3 * _SUIT_SIZE]
    # three of four aces in one hand: two of the first three are in it
    seat = a if a == b or a == c else b if b == c else 0
    if not 0 < seat <= 4:
        return None
    held = (a == seat) + (b == seat) + (c == seat) + (d == seat)
    if held == 4 or held == 3 and seat_of[QUINOLA.index] == seat:
        return seat - 1
    return None


# The code of each place of ``by_seat`` (eleven a seat, in seat order): its seat plus one
# (5, no seat, past the four seats' places: a byte string holds at most 256).
_SEAT_CODES = bytes(min(1 + place // _SEAT_CARDS, 5) for place in range(256))
assert QUINOLA.index > 4 and _SUIT_SIZE > 4, "a card not played is read as no seat"


def _espagnolette(by_seat: bytes, declared_lines: Sequence[EspagnoletteLine],
                  seats: dict[str, int]) -> tuple[bool, Espagnolette | None]:
    """ESP-1 as the full walk finds it (the holder from the cards each seat
    played, ``by_seat``), and whether the espagnolette lines agree: False when
    one is repeated, names no player or names one who does not hold it."""
    holder = _ace_holder(by_seat)
    if holder is None and not declared_lines:  # most deals
        return True, None
    found = None
    if declared_lines:  # two lines would repeat one, or name someone not holding it
        found = declared_lines[0]
        if len(declared_lines) > 1 or holder is None or seats.get(found.player.text) != holder:
            return False, None
    if holder is None:
        return True, None
    return True, Espagnolette(holder, waived=bool(found and found.waives), declared=found)


def revokes_in(renounces: Sequence[Renounce], by_seat: bytes,
               espagnolette: Espagnolette | None) -> list[Renounce]:
    """PLAY-4: the renounces that are revokes, in playing order (most deals none):
    a player played off the suit led while still holding it (outside the
    espagnolette's privilege, ESP-2), that is he plays the suit in a later trick."""
    privileged = espagnolette.seat if espagnolette is not None and espagnolette.privileged \
        else None
    # each seat's suits in the order played, as their first indexes, seat after seat
    find = by_seat.translate(_SUIT_OF_INDEX).find
    # A seat's suit not played after a renounce is not after a later one either (a shorter
    # stretch of his cards is searched): not asked again.
    asked = 0  # a bit each, at seat + suit's first index (0..3, 13..16, 26..29, 39..42)
    found: list[Renounce] = []
    if privileged is None:  # most deals: no seat compared with None a renounce (a slow compare)
        for number, seat, lo in renounces:
            if asked >> (seat + lo) & 1:
                continue
            first = _SEAT_CARDS * seat  # his card of trick 1; of trick n + 1 at first + n
            if find(lo, first + number, first + _SEAT_CARDS) >= 0:
                found.append((number, seat, lo))  # he plays it later
            else:
                asked |= 1 << (seat + lo)
        return found
    for number, seat, lo in renounces:  # the espagnolette's in tricks 1-9 excused (ESP-2)
        if seat == privileged and number <= PRIVILEGED_TRICKS or asked >> (seat + lo) & 1:
            continue
        first = _SEAT_CARDS * seat
        if find(lo, first + number, first + _SEAT_CARDS) >= 0:
            found.append((number, seat, lo))
        else:
            asked |= 1 << (seat + lo)
    return found


def _unplayed(by_seat: bytes, extra: int = -1) -> tuple[Card, ...]:
    """The cards not played, in pack order: the pack's indexes less those of
    ``by_seat`` (every card played), taken out at C speed; less ``extra``, a
    kept card never played, when there is one (index >= 0)."""
    gone = by_seat if extra < 0 else by_seat + bytes((extra,))
    return tuple(map(PACK.__getitem__, _PACK_INDEXES.translate(None, gone)))
