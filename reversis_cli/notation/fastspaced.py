"""The usual deal of :class:`.spaced.SpacedLines`, read in one loop.

``parse.parse_deal`` gives a deal the block reader cut as ``SpacedLines`` here
first: its deal line, exchange lines and trick lines read by their words, each
trick line's in the loop itself (``FastPath._lean_trick``'s reading, without a
call), the deal made lean (``model.deal.lean_deal``); a record written with its
hands has its hand, talon and partie lines above the tricks, read by their words
as ``FastPath._dealt_by_words`` reads them, written out here (a hand line inline,
a talon or partie line by ``FastPath._cards_by_words``: rows of the deal; decisions
E89).  At the first line that is not one of those -- an event, a partie line below
the tricks, a comment, a word the fast path has not read before -- the loop hands
the deal over to
``fastrest.read_spaced_rest``, which reads the rest of it as ``FastPath.read_deal``
would (trick lines still inline), the lines already read kept: the deal is the
one ``read_deal`` makes, or None where ``read_deal`` gives up (a parity test holds
the two to that).  The deal line is read last.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic
from ..model import Deal, DealLine, HandLine
from ..model.deal import lean_deal
from ..model.handtext import hand_masks
from ..model.rows import DEALT_ROW, DealtRow, ExchangeRow, TrickRow
from .fastpath import FastPath
from .fastrest import read_spaced_rest
from .spaced import SpacedLines

__all__ = ["read_spaced_deal"]


def read_spaced_deal(fast: FastPath, lines: SpacedLines, first_line: int
                     ) -> tuple[Deal, list[Diagnostic]] | None:
    """``fast.read_deal(lines, first_line)`` for the usual deal: exchange lines (hand, talon,
    partie lines), then trick lines; the rest from its first other line by read_spaced_rest."""
    numbers, leaders, takers, index, cards_row = fast._numbers.get, fast._leaders, \
        fast._takers, fast._card_indexes.get, fast._cards_by_words
    players, exchange_card = fast._exchange_players, fast._exchange_cards.get
    rows: list[TrickRow] = []
    above: list[ExchangeRow | DealtRow] = []  # exchange rows, dealt rows among them (dealt)
    start = 1 if len(lines) < 5 or lines[1][:_AFTER_HAND] != _HAND else \
        _hands_as_text(fast, lines, first_line, above)  # (after the hand lines read as text)
    dealt, number = start > 1, first_line + start - 1
    for line in lines[start:]:
        number += 1
        words = line.split()
        count = len(words)
        if count == 6:  # "N LEADER C C C C", or an exchange line's six words
            digits, leader, first, second, third, fourth = words
            found = numbers(digits)
            if found is None or leader not in leaders:
                if digits == "exchange" and first == "discards" and third == "takes" \
                        and leader in players and not rows:  # as _exchange_by_words reads it
                    discard, take = exchange_card(second), exchange_card(fourth)
                    if discard is not None and take is not None:
                        above.append((leader, False, (discard,), (take,), (), 0, line, number))
                        continue
                if rows or (item := _head_line(fast, line, words, number)) is None:
                    break
                above.append(item)
                dealt = dealt or len(item) == DEALT_ROW  # a partie of five cards (IRR-5)
                continue
            taker = None
        elif count == 8:  # "N LEADER C C C C > TAKER"
            digits, leader, first, second, third, fourth, arrow, taker = words
            found = numbers(digits)
            if found is None or arrow != ">" or leader not in leaders or taker not in takers:
                break
        elif not count:
            continue
        elif words[0] == "exchange":
            if rows or count < 3 or count > 6 or (item := fast._exchange_by_words(
                    line, words, number, True)) is None:
                break
            above.append(item)
            continue
        elif (kind := fast._dealt_kind(words[0])) is not None and not rows:
            # "hand NAME C ...", "talon C C C", "partie C C C C" (a hand inline; below the
            # tricks such a line goes to _lean_trick, which reads none: its first word)
            if kind is HandLine and count > 2 and words[1] in fast._dealt_players:
                try:  # a card written twice carries into another bit: the replay sees it
                    mask = sum(map(fast._dealt_bit, words[2:]))
                except KeyError:
                    break  # a word not read as a card before: the expression's
                above.append((0, words[1], mask, count - 2, None, line, number))
            elif kind is HandLine or (item := cards_row(kind, words, line, number)) is None:
                break
            else:
                above.append(item)
            dealt = True
            continue
        else:  # the trick lines without a leader
            row = fast._lean_trick(line, words, number, True)
            if row is None:
                break
            rows.append(row)
            continue
        i0, i1, i2, i3 = index(first), index(second), index(third), index(fourth)
        if i0 is None or i1 is None or i2 is None or i3 is None:
            break
        rows.append((found, i0, i1, i2, i3, leader, taker, line, number))
    else:  # every line read: the deal line read now
        words = lines[0].split()
        if len(words) != 4 or (deal_line := fast._deal_line_by_words(lines[0], words,
                                                                     first_line)) is None:
            return None
        if not dealt:  # (above: the exchange rows only)
            return lean_deal(deal_line, [*above, *rows], rows, above, ()), []  # type: ignore
        return _with_dealt(deal_line, above, rows, start - 1), []
    # the first line the loop does not read: the rest read as read_deal reads it
    return read_spaced_rest(fast, lines, first_line, number - first_line, rows, above)


# The hand lines _hands_as_text reads: the grammar's keyword, at the indentation a
# writer gives the lines under a deal line (any other read in the loop).
_HAND = "  hand "
_AFTER_HAND = len(_HAND)


def _hands_as_text(fast: FastPath, lines: SpacedLines, first_line: int,
                   above: list[ExchangeRow | DealtRow]) -> int:
    """The four hand lines right under the deal line (``  hand NAME CARDS``),
    each player's word one the fast path has read before, as rows in ``above``:
    their cards read together as text (``model.handtext.hand_masks``), the masks
    the loop would sum from their words.  The index of the first line after
    them; 1 (none read) when the deal is not so written, or that reading does
    not take them: the loop then reads them."""
    one, two, three, four = lines[1:5]  # (five lines at least, the second a hand line)
    after = _AFTER_HAND
    if two[:after] != _HAND or three[:after] != _HAND or four[:after] != _HAND:
        return 1
    name_a, _, cards_a = one[after:].partition(" ")
    name_b, _, cards_b = two[after:].partition(" ")
    name_c, _, cards_c = three[after:].partition(" ")
    name_d, _, cards_d = four[after:].partition(" ")
    players = fast._dealt_players
    if name_a not in players or name_b not in players or name_c not in players \
            or name_d not in players:
        return 1
    cards_a, cards_b, cards_c, cards_d = (cards_a.lstrip(" "), cards_b.lstrip(" "),
                                          cards_c.lstrip(" "), cards_d.lstrip(" "))
    read = hand_masks(cards_a, cards_b, cards_c, cards_d)
    if read is None:
        return 1
    a, b, c, d, size_a, size_b, size_c, size_d = read
    above += ((0, name_a, a, size_a, None, one, first_line + 1),
              (0, name_b, b, size_b, None, two, first_line + 2),
              (0, name_c, c, size_c, None, three, first_line + 3),
              (0, name_d, d, size_d, None, four, first_line + 4))
    return 5


def _with_dealt(deal_line: DealLine, above: list[ExchangeRow | DealtRow], rows: list[TrickRow],
                hands: int) -> Deal:
    """The lean deal of a record written with its hands: its dealt lines' rows
    (among ``above``) kept by kind, as ``lean_deal`` keeps them; ``above``'s first
    ``hands`` rows are hand rows (read by ``_hands_as_text``)."""
    dealt: tuple[list[DealtRow], list[DealtRow], list[DealtRow]] = (
        above[:hands], [], [])  # type: ignore[assignment]
    exchange_rows: list[ExchangeRow] = []
    for item in above[hands:] if hands else above:
        if len(item) == DEALT_ROW:
            dealt[item[0]].append(item)  # type: ignore[index, arg-type]
        else:
            exchange_rows.append(item)  # type: ignore[arg-type]
    return lean_deal(deal_line, [*above, *rows], rows, exchange_rows, (), dealt)


def _head_line(fast: FastPath, line: str, words: list[str], number: int
               ) -> ExchangeRow | DealtRow | None:
    """A line above the tricks read by its words, as ``read_deal`` reads it: an
    exchange row, or a hand, talon or partie line's row (a partie of five cards:
    six words, as a trick line's); None when the fast path does not read it so."""
    if words[0] == "exchange":
        return fast._exchange_by_words(line, words, number, True) if len(words) < 7 else None
    return fast._dealt_by_words(line, words, number) if words[0] in fast._dealt_read[0] \
        else None
