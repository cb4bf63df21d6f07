"""The rest of a deal of :class:`.spaced.SpacedLines` after its first unusual line.

``fastspaced.read_spaced_deal`` reads the usual deal's exchange and trick lines
in one loop.  A deal with other lines -- a hand, a partie line, ``kept NAME``,
``discarded-two NAME`` and its trick of three cards (IRR-4, IRR-5), an event
line -- used to be given up there at its first such line and read again from
its top by ``FastPath.read_deal``, line by line through a call each.  Here
the loop's reading goes on from that line instead: a trick line of four
cards and a leader (and the trick of three cards of a player who discarded
two) is read inline as the loop reads it, each other line as ``read_deal``
reads it, by the same calls in the same order; the deal is what ``read_deal``
makes of the same lines, or None where ``read_deal`` gives up (a parity test,
tests/test_fastpath_parity.py, holds the two together).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ..diagnostics import Diagnostic
from ..model import Deal, DealLine, ExchangeLine, Statement, TrickLine
from ..model.rows import (DEALT_ROW, LONG_ROW, NO_INDEX, DealtRow, ExchangeRow, TrickRow,
                          line_of_row, row_of_lean_line)
from .fastdealt import lean_dealt
from .fastevents import EVENT_WORDS
from .fastpath import MAX_LINE_LENGTH, FastPath, is_plain
from .spaced import SpacedLines

__all__ = ["read_spaced_rest"]


def read_spaced_rest(fast: FastPath, lines: SpacedLines, first_line: int, at: int,
                     rows: list[TrickRow], above: list[ExchangeRow | DealtRow]
                     ) -> tuple[Deal, list[Diagnostic]] | None:
    """``fast.read_deal(lines, first_line)``, the lines before ``lines[at]`` read by
    ``read_spaced_deal`` into ``rows`` and ``above`` (exchange rows, and dealt lines'
    rows): the rest read here, the deal line last; None where ``read_deal`` would
    give up, or when the deal line is not plain or not the first line."""
    numbers, leaders, takers, index = fast._numbers.get, fast._leaders, fast._takers, \
        fast._card_indexes.get
    players, exchange_card = fast._exchange_players, fast._exchange_cards.get
    dealt_heads, dealt_by_words, event_by_words = (
        fast._dealt_read[0], fast._dealt_by_words, fast._event_by_words)
    add_row = rows.append
    marks: list[tuple[int, Item]] = []  # each other item, its place
    others, exchange_rows = _split_above(above)
    problems: list[Diagnostic] = []  # what a line read in full says (read_deal's)
    before, threes, in_full, number = len(above), 0, False, first_line + at - 1
    for line in lines[at:]:
        number += 1
        words = line.split()
        count = len(words)
        read: tuple[int, Any] | None = None
        if count == 6 or count == 8:  # "N LEADER C C C C [> TAKER]", an exchange line
            if count == 6:
                digits, leader, first, second, third, fourth = words
                taker = None
            else:
                digits, leader, first, second, third, fourth, arrow, taker = words
            found = numbers(digits)
            if found is not None and leader in leaders \
                    and (taker is None or arrow == ">" and taker in takers):
                i0, i1, i2, i3 = index(first), index(second), index(third), index(fourth)
                if i0 is not None and i1 is not None and i2 is not None and i3 is not None:
                    add_row((found, i0, i1, i2, i3, leader, taker, line, number))
                    continue
            elif digits == "exchange" and first == "discards" and third == "takes" \
                    and leader in players and taker is None:  # as read_spaced_deal reads it
                discard, take = exchange_card(second), exchange_card(fourth)
                if discard is not None and take is not None:
                    read = _EXCHANGE, (leader, False, (discard,), (take,), (), 0, line, number)
        elif count == 5:  # "N LEADER C C C": trick 11 of three cards (IRR-5)
            digits, leader, first, second, third = words  # as _three_card_trick reads it
            found = numbers(digits)
            if found is not None and leader in leaders:
                i0, i1, i2 = index(first), index(second), index(third)
                if i0 is not None and i1 is not None and i2 is not None:
                    add_row((found, i0, i1, i2, NO_INDEX, leader, None, line, number))
                    threes += 1
                    continue
        elif count == 4 and words[0] == "exchange" and words[1] in players:
            keyword, card = words[2], exchange_card(words[3])  # as _exchange_by_words reads
            if card is not None and keyword == "discards":
                read = _EXCHANGE, (words[1], False, (card,), None, (), 0, line, number)
            elif card is not None and keyword == "takes":
                read = _EXCHANGE, (words[1], False, (), (card,), (), 0, line, number)
        if read is None and count:  # as read_deal reads a hand, talon, partie or event line
            statement: Statement | DealtRow | None = None
            if words[0] in dealt_heads and line.isprintable() and "#" not in line:
                statement = dealt_by_words(line, words, number)
            elif words[0] in EVENT_WORDS and is_plain(line):
                statement = event_by_words(line, words, number)
            read = None if statement is None else (_STATEMENT, statement)
        if read is None:
            read = _other(fast, line, words, number, problems)
            if read is None:
                return None  # read_deal gives up
        kind, made = read
        if kind == _ROW:
            add_row(made)
            threes += made[4] == NO_INDEX  # a trick of three cards (a lean one's row)
        elif kind != _BLANK:
            if kind == _EXCHANGE:
                exchange_rows.append(made)
            else:
                others.append(made)
                in_full = in_full or kind == _FULL
            marks.append((len(rows), made))
    return _made(fast, lines, first_line, _layout(above[:before], rows, marks), rows,
                 exchange_rows, others, problems,
                 in_full or threes > 0 and (threes > 1 or rows[-1][4] != NO_INDEX))


def _split_above(above: list[ExchangeRow | DealtRow]
                 ) -> tuple[list[Statement | DealtRow], list[ExchangeRow]]:
    """The lines read above the tricks: the statements that are not trick or
    exchange rows (a dealt line's row, in a record written with its hands), and
    the exchange rows (``above`` itself when it holds no other)."""
    others: list[Statement | DealtRow] = [item for item in above  # type: ignore[misc]
                                          if len(item) == DEALT_ROW]
    if not others:
        return others, above  # type: ignore[return-value]
    return others, [item for item in above if len(item) != DEALT_ROW]  # type: ignore[misc]


_ITEM = itemgetter(1)  # a mark's item
Item = Statement | ExchangeRow | DealtRow  # what a mark places among the trick rows

# What _other read: a trick row, an exchange row, a statement kept as such, a trick or
# exchange line made in full (read_deal's ``in_full``), a blank line.
_ROW, _EXCHANGE, _STATEMENT, _FULL, _BLANK = range(5)


def _other(fast: FastPath, line: str, words: list[str], number: int,
           problems: list[Diagnostic]) -> tuple[int, Any] | None:
    """A line the loop does not read inline, read as ``FastPath.read_deal``
    reads it (its checks, its calls, in its order): what it is and the row or
    statement made of it; None where ``read_deal`` gives up."""
    count = len(words)
    if 2 < count < 8 and words[0] == "exchange":
        exchange = fast._exchange_by_words(line, words, number, True)
        if exchange is not None:
            return _EXCHANGE, exchange
    elif 4 < count < 9:
        trick = fast._lean_trick(line, words, number, True)
        if trick is not None:
            return _ROW, trick
    if count and words[0] in fast._dealt_read[0] and line.isprintable() and "#" not in line \
            and len(line) <= MAX_LINE_LENGTH \
            and (dealt := fast._dealt_by_words(line, words, number)) is not None:
        return _STATEMENT, dealt
    if not line:
        return _BLANK, None
    if not is_plain(line):
        return None
    if not words:
        return _BLANK, None
    if words[0] == fast._dealt_keyword("t"):
        # read's talon line, without its first question (a tally line?), whose
        # answer is no for a line of the talon's keyword: the tally's expression
        # (~3.5 M instructions) is not compiled for a record with no tally line
        statement: Statement | None = fast._dealt_line("t", line, number, problems)
    else:
        statement = fast._read_plain(line, words, number, problems)
    if statement is None or isinstance(statement, DealLine):
        return None  # a second deal line: Lark says what is wrong
    if isinstance(statement, (TrickLine, ExchangeLine)):
        kept = row_of_lean_line(statement)
        if kept is None:
            return _FULL, statement
        return (_ROW if len(kept) == LONG_ROW else _EXCHANGE), kept
    return _STATEMENT, statement


def _layout(head: list[ExchangeRow | DealtRow], rows: list[TrickRow],
            later: list[tuple[int, Item]]
            ) -> list[Statement | TrickRow | ExchangeRow | DealtRow]:
    """The deal's items in the order written: ``head`` (the exchange rows read
    before the first other line), then ``rows`` with each item of ``later``
    (every other item, in order) after as many rows as it says."""
    if not later or later[-1][0] == 0:  # every item before the first trick (the usual)
        return [*head, *map(_ITEM, later), *rows]
    layout: list[Statement | TrickRow | ExchangeRow | DealtRow] = [*head]
    done = 0
    for count, item in later:
        layout += rows[done:count]
        layout.append(item)
        done = count
    layout += rows[done:]
    return layout


def _made(fast: FastPath, lines: SpacedLines, first_line: int,
          layout: list[Statement | TrickRow | ExchangeRow | DealtRow], rows: list[TrickRow],
          exchange_rows: list[ExchangeRow], others: list[Statement | DealtRow],
          problems: list[Diagnostic], whole: bool) -> tuple[Deal, list[Diagnostic]] | None:
    """The deal as ``read_deal`` makes it, its deal line read last by its words, or
    by its expression as ``read_deal`` reads it (None when that gives up);
    ``whole``: made in full, not lean."""
    first = lines[0]
    words = first.split()
    deal_line = fast._deal_line_by_words(first, words, first_line) if len(words) == 4 \
        else None
    if deal_line is None and words and is_plain(first):
        # read_deal's own reading of its first line (a dealer not read before: a
        # record's first deals), rather than the whole deal read again there
        deal_line = fast._deal_line(first, first_line)
    if deal_line is None:
        return None
    if problems:
        problems.sort(key=lambda d: (d.line or 0, d.column or 0))
    if whole:
        return Deal(deal_line, tuple([line_of_row(item) if isinstance(item, tuple) else item
                                      for item in layout])), problems
    return lean_dealt(deal_line, layout, rows, exchange_rows, others), problems
