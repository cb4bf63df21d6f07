"""The walk of a plain deal's tricks of four cards (replay/plain.py's
``replay_plain``: all eleven; replay/plaintwo.py's: tricks 1-10 of a deal where
a player discarded two, whose trick 11 of three cards :func:`place_of_three`
reads).

Which of a trick's four cards takes (PLAY-3, its place in playing order)
is read from the cards alone by three table lookups, without the suit led
or a comparison made in Python.  The renounces are not listed trick by
trick: whether any of them is a revoke (the seat plays the suit later) is
asked once a deal, of one int of the suits played (:func:`may_revoke`), and
they are listed (:func:`renounces_of`) only on the few deals where one may
be, or where a talon card was kept.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import PACK
from ..model.rows import TrickRow
from .result import TRICKS_PER_DEAL, Row
from .rules_of_play import PLAYING_ORDERS

__all__ = ["walk_plain", "may_revoke", "place_of_three", "renounces_of", "Walk"]

_SUIT_SIZE = 12
_CARDS = len(PACK)


def _taking_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """PLAY-3 as three tables, card after card of a trick in playing order.
    A state is ``4 * w + p``: ``w`` the card that takes so far (always of
    the suit led), ``p`` its place.  ``first[a][b]`` is the state after the
    first two cards; ``second[state][c]`` after the third; ``third[state][d]``
    the place of the card that takes.  A card ``x`` beats ``w`` when it is of
    its suit and higher, that is ``lo <= x < w`` (the higher card is the
    lower index).  Made of ranges and repeats, not card by card: a few
    hundred C calls at import (about 2.7 M instructions, once)."""
    def row(w: int, keep: int, new_place: int) -> tuple[int, ...]:
        lo, same = w - w % _SUIT_SIZE, bytes((keep,))  # (bytes: made at C speed)
        return tuple(same * lo + bytes(range(4 * lo + new_place, 4 * w + new_place, 4))
                     + same * (_CARDS - w))

    def last(w: int, place: int) -> tuple[int, ...]:
        lo, same = w - w % _SUIT_SIZE, bytes((place,))
        return tuple(same * lo + b"\3" * (w - lo) + same * (_CARDS - w))

    # (a state's row only for the places it can hold: after two cards 0 or 1, after three 0-2)
    first = tuple([row(a, 4 * a, 1) for a in range(_CARDS)])
    second = tuple([row(s // 4, s, 2) if s % 4 < 2 else () for s in range(4 * _CARDS)])
    third = tuple([last(s // 4, s % 4) if s % 4 < 3 else () for s in range(4 * _CARDS)])
    return first, second, third


_FIRST, _SECOND, _THIRD = _taking_tables()
_PACK_INDEXES = bytes(range(_CARDS))
_BIT = tuple(1 << index for index in range(_CARDS))
_ALL = (1 << _CARDS) - 1
# bytes.translate table: a card's suit as one bit (1, 2, 4, 8); no card's, 0.
_SUIT_BIT = bytes(1 << index // _SUIT_SIZE if index < _CARDS else 0 for index in range(256))
# may_revoke's masks: the byte of each trick's card led (the fifth of five), and
# a byte copied to the four before it.
_LED = int.from_bytes(b"\0\0\0\0\xff" * TRICKS_PER_DEAL, "little")
_EACH_SEAT = 0x01010101

# What the walk gives: the rows (see ``result.Row``), the mask of the cards played,
# each seat's cards in the order played (a byte a trick walked, seat after seat), the
# cards not played (bytes of indexes, in pack order), and the cards of each trick as
# five bytes, the seats' then the card led (:func:`may_revoke` asks them whether a
# renounce may be a revoke, a seat playing the suit led later: :func:`renounces_of`
# then).
Walk = tuple[tuple[Row, ...], int, bytes, bytes, bytes]


def walk_plain(written: Sequence[TrickRow] | None, seats: dict[str, int],
               players: tuple[str, ...], dealer: int, tricks: int = TRICKS_PER_DEAL
               ) -> Walk | None:
    """The ``tricks`` first tricks of a deal established, each of four cards (a
    plain deal's eleven; a deal where a player discarded two, the ten before his
    trick 11 of three): None when a trick is not plain (not ``tricks`` rows, a
    number out of order, a leader or taker written who is not the one
    established, a card played twice), or when the session's four players are
    not four names (the full walk says so).  The rows hold card indexes (no
    ``NO_INDEX``: the caller has made sure of it where a row may hold one)."""
    if written is None or len(written) != tricks or len(seats) != 4 or len(players) != 4:
        return None
    first, second, third, orders = _FIRST, _SECOND, _THIRD, PLAYING_ORDERS
    rows = []
    seated: list[int] = []  # each trick's cards in seat order, and the card led
    leader = (dealer + 1) % 4  # first hand
    number = 0
    for row in written:
        written_number, a, b, c, d, named, named_taker, _, _ = row
        number += 1
        if written_number != number:
            return None
        # a name written is the player established (four names: seats's own)
        if named != players[leader] and named is not None:
            return None
        taker = orders[leader][third[second[first[a][b]][c]][d]]  # PLAY-3
        if named_taker is not None and named_taker != players[taker]:
            return None
        rows.append((number, leader, a, b, c, d, taker))
        # seat s played the card at place (s - leader) % 4: a branch, not a call
        if leader == 0:
            seated += (a, b, c, d, a)
        elif leader == 1:
            seated += (d, a, b, c, a)
        elif leader == 2:
            seated += (c, d, a, b, a)
        else:
            seated += (b, c, d, a, a)
        leader = taker
    cards = bytes(seated)  # five bytes a trick: seats 0 to 3, then the card led
    by_seat = b"".join((cards[0::5], cards[1::5], cards[2::5], cards[3::5]))
    unplayed = _PACK_INDEXES.translate(None, by_seat)
    if len(unplayed) != _CARDS - 4 * tricks:
        return None  # a card played twice
    return tuple(rows), _ALL - sum(map(_BIT.__getitem__, unplayed)), by_seat, unplayed, cards


def place_of_three(i0: int, i1: int, i2: int) -> int:
    """PLAY-3 of a trick of three cards (in playing order; trick 11 of a deal
    where a player discarded two): the place of the one that takes, read by two
    of the tables as :func:`walk_plain` reads a trick of four."""
    return _SECOND[_FIRST[i0][i1]][i2] % 4


def may_revoke(cards: bytes) -> bool:
    """Whether a seat played off the suit led (a renounce) and plays that
    suit in a later trick: PLAY-4's revoke, before ESP-2's privilege.  On
    one int of ``cards``' suits as bits (a byte a card, five a trick: the
    seats', then the card led's; a byte that is no card's, a seat passed over
    in trick 11 of three cards, of no suit): ``led`` the suit led copied to each
    seat's byte, ``later`` each seat's suits in the tricks after (an OR of the
    suits shifted by one to sixteen tricks), asked at C speed."""
    suits = int.from_bytes(cards.translate(_SUIT_BIT), "little")
    led = ((suits & _LED) >> 32) * _EACH_SEAT
    later = suits >> 40  # the trick after
    later |= later >> 40  # the two after
    later |= later >> 80  # the four after
    later |= later >> 160  # the eight after
    later |= later >> 320  # the sixteen after
    return bool(led & ~suits & later)


def renounces_of(rows: Sequence[Row]) -> list[tuple[int, int, int]]:
    """The renounces of a deal's tricks of four cards (``plain.Renounce``:
    trick, seat, the suit led's first index), in playing order."""
    found = []
    for number, leader, i0, i1, i2, i3, _ in rows:
        lo = i0 - i0 % _SUIT_SIZE
        hi = lo + _SUIT_SIZE
        if not lo <= i1 < hi:
            found.append((number, (leader + 1) % 4, lo))
        if not lo <= i2 < hi:
            found.append((number, (leader + 2) % 4, lo))
        if not lo <= i3 < hi:
            found.append((number, (leader + 3) % 4, lo))
    return found
