"""The usual deal of :class:`.spaced.SpacedLines` read in one loop.

``parse.parse_deal`` gives a deal the block reader cut as ``SpacedLines`` here
first: its deal line, exchange lines and trick lines read by their words, each
trick line's in the loop itself (``FastPath._lean_trick``'s reading, without a
call), an event line by ``EventLines._event_by_words`` as ``read_deal`` reads it
(a peek, an unclaimed trick, a discard out of turn ...: giving up there would
read the deal twice), the deal made lean (``model.deal.lean_deal``).  At the
first line that is not one of those -- a hand, a comment, a word the fast path
has not read before -- it gives up, and ``FastPath.read_deal`` reads the deal, which it
reads the same (a parity test holds the two to that).  The trick and exchange
lines come first and the deal line last, so that a deal with a hand or an event
line under its deal line costs this loop almost nothing.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic
from ..model import Deal, DealLine, EventLine
from ..model.deal import lean_deal
from ..model.rows import ExchangeRow, TrickRow
from .fastevents import EVENT_WORDS
from .fastpath import FastPath, is_plain
from .spaced import SpacedLines

__all__ = ["read_spaced_deal"]


def read_spaced_deal(fast: FastPath, lines: SpacedLines, first_line: int
                     ) -> tuple[Deal, list[Diagnostic]] | None:
    """``fast.read_deal(lines, first_line)`` for the usual deal: its lines
    under the deal line exchange lines, then trick lines (blank lines and
    event lines among them); None for any other, or a word ``fast`` has not
    read before."""
    numbers, leaders, takers, index = fast._numbers.get, fast._leaders, fast._takers, \
        fast._card_indexes.get
    players, exchange_card = fast._exchange_players, fast._exchange_cards.get
    rows: list[TrickRow] = []
    exchange_rows: list[ExchangeRow] = []
    events: list[tuple[int, int, EventLine]] = []  # each after so many exchanges and tricks
    number = first_line
    for line in lines[1:]:
        number += 1
        words = line.split()
        count = len(words)
        if count == 6:  # "N LEADER C C C C", or an exchange line's six words
            digits, leader, first, second, third, fourth = words
            found = numbers(digits)
            if found is None or leader not in leaders:
                if digits == "exchange" and not rows:
                    # "exchange PLAYER discards C takes C", as _exchange_by_words reads it
                    discard, take = exchange_card(second), exchange_card(fourth)
                    if first == "discards" and third == "takes" and leader in players \
                            and discard is not None and take is not None:
                        exchange_rows.append((leader, False, (discard,), (take,), (), 0, line,
                                              number))
                        continue
                    exchange = fast._exchange_by_words(line, words, number, True)
                    if exchange is None:
                        return None
                    exchange_rows.append(exchange)
                    continue
                return None
            taker = None
        elif count == 8:  # "N LEADER C C C C > TAKER"
            digits, leader, first, second, third, fourth, arrow, taker = words
            found = numbers(digits)
            if found is None or arrow != ">" or leader not in leaders or taker not in takers:
                return None
        elif not count:
            continue
        elif words[0] == "exchange":
            if rows or count > 6 or (exchange := fast._exchange_by_words(
                    line, words, number, True)) is None:
                return None
            exchange_rows.append(exchange)
            continue
        elif count < 4:  # an event line ("peeked NAME", "unclaimed T NAME" ...), as read_deal
            # reads it: a plain line whose first word is an event's keyword, by its words
            if words[0] not in EVENT_WORDS or not is_plain(line) \
                    or (event := fast._event_by_words(line, words, number)) is None:
                return None
            events.append((len(exchange_rows), len(rows), event))
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
    if events:
        return _with_events(deal_line, exchange_rows, rows, events), []
    layout: list[ExchangeRow | TrickRow] = [*exchange_rows, *rows]
    return lean_deal(deal_line, layout, rows, exchange_rows, ()), []


def _with_events(deal_line: DealLine, exchange_rows: list[ExchangeRow], rows: list[TrickRow],
                 events: list[tuple[int, int, EventLine]]) -> Deal:
    """The lean deal with its event lines, each in its place among the rows
    (the exchange rows all come before the trick rows)."""
    layout: list[ExchangeRow | TrickRow | EventLine] = []
    exchanges = tricks = 0
    for after_exchanges, after_tricks, event in events:
        layout += exchange_rows[exchanges:after_exchanges]
        layout += rows[tricks:after_tricks]
        layout.append(event)
        exchanges, tricks = after_exchanges, after_tricks
    layout += exchange_rows[exchanges:]
    layout += rows[tricks:]
    return lean_deal(deal_line, layout, rows, exchange_rows, [event for _, _, event in events])
