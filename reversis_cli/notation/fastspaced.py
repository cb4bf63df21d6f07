"""The usual deal of :class:`.spaced.SpacedLines` read in one loop.

``parse.parse_deal`` gives a deal the block reader cut as ``SpacedLines`` here
first: its deal line, exchange lines and trick lines read by their words, each
trick line's in the loop itself (``FastPath._lean_trick``'s reading, without a
call), the deal made lean (``model.deal.lean_deal``); a record written with its
hands has its hand, talon and partie lines above the tricks, read by their words
as ``FastPath._dealt_by_words`` reads them (lean lines).  At the first line that
is not one of those -- an event, a comment, a word the fast path has not read
before, a dealt line below a trick -- it gives up, and ``FastPath.read_deal``
reads the deal, which it reads the same (a parity test holds the two to that).
The trick and exchange lines come first and the deal line last, so that a deal
with an event line under its deal line costs this loop almost nothing.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic
from ..model import Deal
from ..model.deal import lean_deal
from ..model.rows import DealtRow, ExchangeRow, TrickRow, dealt_by_kind
from .fastpath import FastPath
from .spaced import SpacedLines

__all__ = ["read_spaced_deal"]


def read_spaced_deal(fast: FastPath, lines: SpacedLines, first_line: int
                     ) -> tuple[Deal, list[Diagnostic]] | None:
    """``fast.read_deal(lines, first_line)`` for the usual deal: its lines
    under the deal line exchange lines, then trick lines (blank lines among
    them); None for any other, or a word ``fast`` has not read before."""
    numbers, leaders, takers, index = fast._numbers.get, fast._leaders, fast._takers, \
        fast._card_indexes.get
    players, exchange_card = fast._exchange_players, fast._exchange_cards.get
    dealt_heads = fast._dealt_read[0]
    rows: list[TrickRow] = []
    exchange_rows: list[ExchangeRow] = []
    # the hand, talon and partie lines (before the first trick), and the lines above
    # the tricks in order with them (exchange rows among them): none in most deals
    dealt: list[DealtRow] = []
    head: list[DealtRow | ExchangeRow] = []
    number = first_line
    for line in lines[1:]:
        number += 1
        words = line.split()
        count = len(words)
        if count == 6:  # "N LEADER C C C C", or an exchange line's six words
            digits, leader, first, second, third, fourth = words
            found = numbers(digits)
            if found is None or leader not in leaders:
                item: ExchangeRow | DealtRow | None
                if digits == "exchange" and first == "discards" and third == "takes" \
                        and leader in players and not rows:  # as _exchange_by_words reads it
                    discard, take = exchange_card(second), exchange_card(fourth)
                    if discard is not None and take is not None:
                        item = (leader, False, (discard,), (take,), (), 0, line, number)
                        exchange_rows.append(item)
                        head.append(item)
                        continue
                if rows or (item := _head_line(fast, line, words, number, exchange_rows, dealt)) \
                        is None:
                    return None
                head.append(item)
                continue
            taker = None
        elif count == 8:  # "N LEADER C C C C > TAKER"
            digits, leader, first, second, third, fourth, arrow, taker = words
            found = numbers(digits)
            if found is None or arrow != ">" or leader not in leaders or taker not in takers:
                return None
        elif not count:
            continue
        elif words[0] == "exchange" or words[0] in dealt_heads:
            if rows or (item := _head_line(fast, line, words, number, exchange_rows, dealt)) \
                    is None:
                return None
            head.append(item)
            continue
        else:  # the trick lines without a leader
            row = fast._lean_trick(line, words, number, True)
            if row is None:
                return None
            rows.append(row)
            continue
        i0, i1, i2, i3 = index(first), index(second), index(third), index(fourth)
        if i0 is None or i1 is None or i2 is None or i3 is None:
            return None
        rows.append((found, i0, i1, i2, i3, leader, taker, line, number))
    words = lines[0].split()
    deal_line = fast._deal_line_by_words(lines[0], words, first_line) if len(words) == 4 \
        else None
    if deal_line is None:
        return None
    layout: list[DealtRow | ExchangeRow | TrickRow] = [*(head if dealt else exchange_rows),
                                                        *rows]
    return lean_deal(deal_line, layout, rows, exchange_rows, (),
                     dealt_by_kind(dealt) if dealt else None), []


def _head_line(fast: FastPath, line: str, words: list[str], number: int,
               exchange_rows: list[ExchangeRow], dealt: list[DealtRow]
               ) -> ExchangeRow | DealtRow | None:
    """A line above the tricks read by its words (``words[0]``: ``exchange`` or a
    dealt line's keyword read before), added to ``exchange_rows`` or ``dealt``: an
    exchange row, or a hand, talon or partie line's row (``FastPath.read_deal``
    reads them the same; is_plain's checks hold: a word read before holds no "#",
    no control character); None when the fast path does not read it so."""
    if words[0] == "exchange":
        count = len(words)  # "exchange NAME" alone: _exchange_by_words reads a third word
        exchange = fast._exchange_by_words(line, words, number, True) if 2 < count < 7 \
            else None
        if exchange is not None:
            exchange_rows.append(exchange)
        return exchange
    row = fast._dealt_by_words(line, words, number)
    if row is not None:
        dealt.append(row)
    return row
