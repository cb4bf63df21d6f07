"""A lean deal's rows (:func:`.deal.lean_deal`, the fast path's): the plain
trick and exchange lines kept as tuples of ints and words, and the lean lines
made of them when asked for (:mod:`.statements` makes a lean line's other
fields from its text when first read)."""

from __future__ import annotations

from typing import cast

from .dealt import HandLine, PartieLine, TalonLine, lean_dealt_words, lean_hand_words
from .statements import ExchangeLine, TrickLine

__all__ = ["TrickRow", "ExchangeRow", "DealtRow", "LONG_ROW", "DEALT_ROW", "DEALT_KINDS",
           "dealt_line_of_row", "lean_trick_line",
           "lean_exchange_line", "trick_line_of_row", "exchange_line_of_row", "line_of_row",
           "row_of_lean_line"]

_new = object.__new__


def _slot_setters(cls: type, *names: str) -> tuple:
    return tuple(getattr(cls, name).__set__ for name in names)


_LEAN_TRICK_SLOTS = _slot_setters(TrickLine, "_source", "number", "indexes",
                                  "leader_text", "taker_text")


def lean_trick_line(text: str, line: int, number: int, indexes: tuple[int, ...],
                    leader_text: str | None, taker_text: str | None) -> TrickLine:
    """A lean trick line (the fast path's, and a lean deal's, made from its
    row): ``text``, line ``line`` of the file, whose words are separated by
    spaces only and are the trick's ``number``, the leader's word if any, a
    card word for each of ``indexes`` and, if a taker is written, ``>`` and
    the taker's word.  Its other fields are made from the text when first
    read.  Its slots are set through their descriptors: 2.3x cheaper than
    ``object.__setattr__``."""
    made = _new(TrickLine)
    s_source, s_number, s_indexes, s_leader, s_taker = _LEAN_TRICK_SLOTS
    s_source(made, (text, line))
    s_number(made, number)
    s_indexes(made, indexes)
    s_leader(made, leader_text)
    s_taker(made, taker_text)
    return made


# A plain trick line as a lean deal keeps it (:func:`.deal.lean_deal`, the
# fast path's): its number, its four card indexes in the order written, the
# leader's and the taker's words (None: not written), and its text and line
# in the file, from which its ``TrickLine`` is made when asked for
# (:func:`trick_line_of_row`).  A deal read in full gives its trick lines as
# rows too (``Deal.trick_rows``), without text or line (None).
TrickRow = tuple[int, int, int, int, int, str | None, str | None, str | None, int | None]
# How long a trick line's row is (an exchange line's is shorter): the two told apart.
LONG_ROW = 9
# The fourth card of the row of a trick of three cards (trick 11 when a player
# discarded two, IRR-5): none.  A lean deal holds such a row only as its last
# (notation/fastpath.py), and gives no rows to the plain replay then
# (``Deal.trick_rows``): only replay/plaintwo.py reads it (``Deal.lean_rows``).
NO_INDEX = -1


def trick_line_of_row(row: TrickRow) -> TrickLine:
    """The lean trick line of a lean deal's ``row``: the line the fast path
    read it from, as the fast path would have made it."""
    number, i0, i1, i2, i3, leader_text, taker_text, text, line = row
    assert text is not None and line is not None, "a lean deal's row has its text"
    return lean_trick_line(text, line, number,
                           (i0, i1, i2, i3) if i3 != NO_INDEX else (i0, i1, i2),
                           leader_text, taker_text)



_LEAN_EXCHANGE_SLOTS = _slot_setters(ExchangeLine, "_source", "player_text", "refuses",
                                     "discard_indexes", "take_indexes", "sees_indexes",
                                     "sees_count")


def lean_exchange_line(text: str, line: int, player_text: str, refuses: bool,
                       discard_indexes: tuple[int, ...], take_indexes: tuple[int, ...] | None,
                       sees_indexes: tuple[int, ...]) -> ExchangeLine:
    """A lean exchange line (the fast path's): ``text``, line ``line`` of the
    file, whose words are separated by blanks and each card a word of its own
    (see ``.statements._write_out_exchange``).  Its other fields are made from the
    text when first read."""
    made = _new(ExchangeLine)
    s_source, s_player, s_refuses, s_discards, s_takes, s_sees, s_count = _LEAN_EXCHANGE_SLOTS
    s_source(made, (text, line))
    s_player(made, player_text)
    s_refuses(made, refuses)
    s_discards(made, discard_indexes)
    s_takes(made, take_indexes)
    s_sees(made, sees_indexes)
    s_count(made, len(sees_indexes))
    return made


# A plain exchange line as a lean deal keeps it: the player's word, whether
# he refuses, the indexes of the cards discarded, taken (None: no ``takes``
# written) and seen, how many cards are written after ``sees``, and its text
# and line in the file, from which its ``ExchangeLine`` is made when asked for
# (:func:`exchange_line_of_row`).  A deal read in full gives its exchange
# lines as rows too (``Deal.exchange_rows``), without text or line (None).
ExchangeRow = tuple[str, bool, tuple[int, ...], tuple[int, ...] | None, tuple[int, ...], int,
                    str | None, int | None]


def exchange_line_of_row(row: ExchangeRow) -> ExchangeLine:
    """The lean exchange line of a lean deal's ``row``: the line the fast
    path read it from, as the fast path would have made it."""
    player, refuses, discards, takes, sees, _, text, line = row
    assert text is not None and line is not None, "a lean deal's row has its text"
    return lean_exchange_line(text, line, player, refuses, discards, takes, sees)


def row_of_lean_line(line: TrickLine | ExchangeLine) -> TrickRow | ExchangeRow | None:
    """The row of a lean exchange line, or of a lean trick line of three cards
    (its fourth card :data:`NO_INDEX`), which remakes it; None for any other line."""
    source = line._source
    if source is None:
        return None
    text, number = source
    if isinstance(line, ExchangeLine):
        return (line.player_text, line.refuses, line.discard_indexes, line.take_indexes,
                line.sees_indexes, line.sees_count, text, number)
    indexes = line.indexes
    if len(indexes) != 3:
        return None
    return (line.number, *indexes, NO_INDEX, line.leader_text, line.taker_text, text, number)


# A hand, talon or partie line read by its words (notation/fastdealt.py), as a lean
# deal keeps it: its kind (its place in DEALT_KINDS), a hand's player's word (None for
# a talon or partie), a hand's mask and size (its cards' bits summed, how many are
# written: model/dealt.py's), a talon's or partie's cards' indexes (None for a hand),
# the line's text and its line in the file; seven items (a trick row has nine, an
# exchange row eight).  Its line is made when asked for (:func:`dealt_line_of_row`).
DealtRow = tuple[int, str | None, int, int, tuple[int, ...] | None, str, int]
DEALT_ROW = 7
DEALT_KINDS: tuple[type[HandLine], type[TalonLine], type[PartieLine]] = (
    HandLine, TalonLine, PartieLine)


def dealt_line_of_row(row: DealtRow) -> HandLine | TalonLine | PartieLine:
    """The lean hand, talon or partie line of a lean deal's ``row``: the line
    the fast path read by its words, as it made it before it kept rows."""
    kind, player, mask, size, indexes, text, line = row
    if player is not None:
        return lean_hand_words(player, mask, size, text, line)
    assert indexes is not None, "a talon or partie row has its cards"
    return lean_dealt_words(DEALT_KINDS[kind], indexes, text, line)  # type: ignore[arg-type]


def line_of_row(row: TrickRow | ExchangeRow | DealtRow
                ) -> TrickLine | ExchangeLine | HandLine | TalonLine | PartieLine:
    """The lean line of a trick, an exchange or a dealt line's row (told apart by length)."""
    if len(row) == LONG_ROW:
        return trick_line_of_row(cast(TrickRow, row))
    if len(row) == DEALT_ROW:
        return dealt_line_of_row(cast(DealtRow, row))
    return exchange_line_of_row(cast(ExchangeRow, row))
