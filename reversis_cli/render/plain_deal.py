"""A settled deal's tables as plain text in one pass, without its views (issue 35).

The reference writes a deal in two steps: :func:`~.score.settlement_view`
makes its view (lines, the players' table, the payments' tables, cell by cell
as text), and :func:`~.plain.plain_text` lays the view out as rich would.
Both steps are rebuilt from nothing for every deal, though most of what a deal
says came in the deal before: the same headers, the stakes' rows, an ace
placed on the same trick, the same few reasons wrapped at the same width.
:func:`deal_text` writes the same text from the settlement directly, and keeps
what it wrote by what it says: a payment's row by the payment, its lines by
the columns' widths, a signed net by its amount, a translated template by its
language.  Every table is laid out with the plain writer's own arithmetic
(:func:`~.plain.column_widths`, :func:`~.plain.tall_row`), and each line
comes without the spaces rich pads it with (:func:`~.plain.without_padding`:
what a file or a pipe gets).

It gives up (``None``) at the first doubt, and the caller writes the deal
through its view as before: a character the plain writer cannot measure, a
header or a title too long for its column, a deal that is void.  The text is
the reference's, byte for byte (``tests/test_plain_deal.py``, against the
views' text and against rich).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import repeat
from operator import itemgetter

from ..cards import respell
from ..i18n import current
from ..settle import DealSettlement, DealStatus, Payment
from ..settle.leandeal import LeanDeal, payment_of
from ..settle.texts import english_reason, english_reason_of, reason_key
from .plain import BETWEEN, EDGE, cell_length, column_widths, padded, pads, tall_row, wrapped
from .plain_words import (PAYMENTS_RIGHT, PLAYERS_RIGHT, Words, kept, row_line, text_length,
                          words_of)
from .score import in_trick_order
from .widths import wrap

__all__ = ["deal_text", "lean_deal_text"]

# A payment's row: its five cells, their widths, and its lines by the columns' rooms.
Row = tuple[tuple[str, ...], tuple[int, ...], dict]
RowOf = Callable[[Payment, Words, str], "Row | None"]


def deal_text(s: DealSettlement, players: tuple[str, ...], cards: str,
              width: int) -> str | None:
    """``without_padding(plain_text(settlement_view(s, players, cards), width))``,
    or ``None`` when that view is to be written by the plain writer (or rich)."""
    if s.status is DealStatus.VOID:
        return None  # a void deal: its own lines, few deals
    words = words_of(current())
    said = words.roles(s, players)
    if said is None or words.players_head is None or words.payments_head is None:
        return None
    figures = words.getter(players)
    try:  # each player's figures at C speed
        won = list(map(str, figures(s.tricks_won)))
        made = list(map(str, figures(s.points)))
        amounts = figures(s.net)
    except (KeyError, TypeError):  # a player without a figure (0, as the view says), one player
        won = [str(s.tricks_won.get(name, 0)) for name in players]
        made = [str(s.points.get(name, 0)) for name in players]
        amounts = [s.net.get(name, 0) for name in players]
    table = _players_table(players, won, made, amounts, said, words, width)
    if table is None:
        return None
    return _written(s, s.dealer, table, words, words.rows_of(cards), _payment_row, cards, width)


def lean_deal_text(lean: LeanDeal, players: tuple[str, ...], cards: str,
                   width: int) -> str | None:
    """:func:`deal_text` of ``lean.full()``, written from the lean settlement
    (settle/leandeal.py) itself: the players' figures by seat, a payment's row
    kept by the lean payment and its reason by what it says
    (:func:`~reversis_cli.settle.texts.reason_key`), no full settlement made."""
    words = words_of(current())
    if lean.names != players:  # the seats are not the columns' order: the full settlement's
        return deal_text(lean.full(), players, cards, width)
    said = words.lean_roles(lean)
    if said is None or words.players_head is None or words.payments_head is None:
        return None
    table = _players_table(players, list(map(str, lean.won)), list(map(str, lean.points)),
                           lean.net, said, words, width)
    if table is None:
        return None
    return _written(lean, players[lean.dealer], table, words, words.lean_rows_of(cards),
                    _lean_payment_row, cards, width)


def _written(s: DealSettlement | LeanDeal, dealer: str, players_table: list[str],
             words: Words, rows: dict, row_of: RowOf, cards: str, width: int) -> str | None:
    """The deal's lines around its players' table: its title, its partie, its
    payments' tables (each payment's row by ``row_of``, kept in ``rows``), its pool."""
    lines = _title(s.number, dealer, s.outcome, words, width)
    if lines is None:
        return None
    partie = " ".join([card.format(cards) for card in s.partie_cards])
    more = _line(words.partie(partie, s.partie_value), width)
    if more is None:
        return None
    lines += more
    lines += players_table
    for title, payments in ((words.payments, s.payments), (words.cancelled, s.cancelled)):
        if payments:
            table = _payments_table(title, payments, words, rows, row_of, cards, width)
            if table is None:
                return None
            lines += table
    key = (s.pool_before, s.pool_after, width)
    more = words.pool_lines.get(key, _UNSEEN)
    if more is _UNSEEN:
        more = kept(words.pool_lines, key, _line(words.pool(s.pool_before, s.pool_after), width))
    if more is None:
        return None
    lines += more
    return "\n".join(lines) + "\n"


# What a table of kept lines gives for a key not in it (a list of its own: None is kept).
_UNSEEN: list[str] = []


def _title(number: int, dealer: str, outcome, words: Words, width: int) -> list[str] | None:
    if type(number) is not int or number < 0:
        return None  # written as a message writes a value, by the reference
    written = str(number)
    tail, tail_length = words.title_tail(dealer, outcome)
    text = words.deal.format_map({"number": written}) + tail
    fixed = words.deal_fixed
    if fixed is not None and tail_length is not None \
            and fixed + len(written) + tail_length <= width:  # its width known: one line
        return [text.rstrip(" ")]
    return _line(text, width)


def _line(text: str, width: int) -> list[str] | None:
    """A line of text at ``width``, as :func:`~.plain.plain_text` writes it, unpadded."""
    length = cell_length(text)
    if length is None:
        return None
    if length <= width:
        return [text.rstrip(" ")]
    lines = wrap(text, width)
    return None if lines is None else [line.rstrip(" ") for line in lines]


def _players_table(players: tuple[str, ...], won: list[str], made: list[str],
                   amounts: Sequence, said: tuple, words: Words,
                   width: int) -> list[str] | None:
    """The players' table: each player's tricks, points, role (``said``:
    :meth:`~.plain_words.Words.roles`) and net, in the order of ``players``."""
    names = words.names(players)
    if names is None:
        return None
    signed = words.signed
    nets: list = list(map(signed.get, amounts))  # (text, width) of each, as kept
    if None in nets:
        nets = [net or words.net(amount) for net, amount in zip(nets, amounts, strict=True)]
    if not nets:
        return None  # no player: the view's
    net_texts, net_lengths = zip(*nets, strict=True)
    if None in net_lengths:
        return None
    head = words.players_head
    assert head is not None  # deal_text looked
    heads = head[1]
    widest = (max(heads[0], names[0]), max(heads[1], max(map(len, won))),
              max(heads[2], max(map(len, made))), max(heads[3], said[0]),
              max(heads[4], max(net_lengths)))
    layout = _layout(widest, PLAYERS_RIGHT, width)
    if layout is None or layout[2]:
        return None  # a cell wrapped in the players' table: the reference's
    rooms = layout[0]
    padded_names = words.padded(players, names, rooms[0])
    row, *lines = words.players_layout(rooms, layout[1])
    if said[2] is not None and tuple(map(len, net_texts)) == net_lengths \
            and len(padded_names) == len(won) == len(made) == len(net_texts):
        # every cell one cell a character (most deals): each row by str.format, at C speed
        lines += map(str.rstrip, map(row, padded_names, won, made, said[2], net_texts),
                     repeat(" "))
        lines.append("")
        return lines
    for name, won_text, made_text, (role, role_length), net_text, net_length \
            in zip(padded_names, won, made, said[1], net_texts, net_lengths, strict=True):
        if role_length == len(role) and net_length == len(net_text):  # one cell a character
            lines.append(row(name, won_text, made_text, role, net_text).rstrip(" "))
        else:
            lines.append((name + BETWEEN + won_text.rjust(rooms[1]) + BETWEEN
                          + made_text.rjust(rooms[2]) + BETWEEN
                          + padded(role, role_length, rooms[3], False) + BETWEEN
                          + padded(net_text, net_length, rooms[4], True)).rstrip(" "))
    lines.append("")
    return lines


_PAYMENTS_OVERFLOW = ("ellipsis", "ellipsis", "fold", "ellipsis", "ellipsis")

_LAYOUTS: dict[tuple, tuple[tuple[int, ...], int, bool, bool] | None] = {}


def _layout(widest: tuple[int, ...], right: tuple[bool, ...],
            width: int) -> tuple[tuple[int, ...], int, bool, bool] | None:
    """The room each column's text has, the table's width, whether a cell of the
    widest is longer than its room (a row must wrap), and whether one but the
    last's is, kept by the columns' widest cells; ``None``: no layout without rich's."""
    key = (widest, width)
    if key in _LAYOUTS:
        return _LAYOUTS[key]
    widths = column_widths(list(widest), width - len(widest) - 1)
    layout = None
    if widths is not None:
        rooms = tuple(w - pad for w, pad in zip(widths, pads(len(widths)), strict=True))
        too_long = [longest > room for longest, room in zip(widest, rooms, strict=True)]
        layout = (rooms, sum(widths) + len(widths) + 1, any(too_long), any(too_long[:-1]))
    return kept(_LAYOUTS, key, layout)


def _payments_table(title: str, payments: tuple[Payment, ...], words: Words, rows: dict,
                    row_of: RowOf, cards: str, width: int) -> list[str] | None:
    made = []
    lean = row_of is _lean_payment_row
    for p in _in_trick_order(payments, words.orders):
        # kept by the payment (what its row says: equal payments say the same); a lean
        # one by its items as a plain tuple, hashed at C speed (Payment's own hash is
        # Python's), its params being items too
        key = p[:] if lean else p
        row = rows.get(key)
        if row is None:
            row = kept(rows, key, row_of(p, words, cards))
            if row is None:
                return None
        made.append(row)
    head = words.payments_head
    assert head is not None  # deal_text looked
    widest = tuple(map(max, head[1], *map(_LENGTHS, made)))
    layout = _layout(widest, PAYMENTS_RIGHT, width)
    if layout is None:
        return None
    rooms, table_width, _, tall = layout  # tall: a cell but the reason wraps
    top = words.payments_top(title, rooms, table_width)
    if top is None:
        return None  # a title wrapped, a header taller than a line: the reference's
    if tall:
        lines = top[:]
        for cells, lengths, _ in made:  # a cell but the reason wrapped: the plain writer's way
            text = _tall_payment(cells, lengths, rooms)
            if text is None:
                return None
            lines.append(text)
        lines.append("")
        return lines
    texts = []
    for row in made:  # a row met before is laid out for these rooms already, most often
        text = row[2].get(rooms)
        texts.append(text if text is not None else _payment_lines(row, rooms))
    return top + texts + [""]


# A row's cells' widths (Row's second item).
_LENGTHS = itemgetter(1)


class _At:
    """A payment's trick and place, all that its reading order reads (a plain
    class: a named tuple's class is compiled when its module loads)."""

    __slots__ = ("trick", "place")

    def __init__(self, trick: int | None, place: int) -> None:
        self.trick = trick
        self.place = place


def _in_trick_order(payments: tuple[Payment, ...], orders: dict) -> Sequence[Payment]:
    """:func:`~.score.in_trick_order`, kept by the payments' tricks (the order
    reads nothing else): most deals' payments come in that order already."""
    if _read_in_order(payments):
        return payments
    tricks = tuple([p.trick for p in payments])
    order = orders.get(tricks, False)
    if order is False:
        stand_ins: list = [_At(trick, place) for place, trick in enumerate(tricks)]
        in_order: list = in_trick_order(stand_ins)
        ordered = [at.place for at in in_order]
        order = kept(orders, tricks, None if ordered == list(range(len(payments)))
                      else ordered)
    return payments if order is None else [payments[index] for index in order]


def _read_in_order(payments: tuple[Payment, ...]) -> bool:
    """Whether ``payments`` are in reading order already (most deals' are), so that
    :func:`~.score.in_trick_order` keeps them as they are: their
    :func:`~.score.reading_keys` rising, the stakes before the tricks, the tricks in
    order, then the payments after the play, with no trick after them."""
    started = after = False
    last = 0
    for p in payments:
        trick = p.trick
        if trick is None:
            after = started
        elif after or (started and trick < last):
            return False
        else:
            started, last = True, trick
    return True


def _payment_row(p: Payment, words: Words, cards: str) -> Row | None:
    """A payment's cells and their widths; ``None`` if a cell cannot be measured."""
    reason = english_reason(p) if words.english else words.translator.text(p.reason)
    if cards != "unicode":
        reason = respell(reason, cards)
    return _row(p.payer, p.payee, p.amount, p.rule, p.trick, reason, words)


def _lean_payment_row(p: Payment, words: Words, cards: str) -> Row | None:
    """:func:`_payment_row` of a lean payment's full one (``payment_of``), its
    English reason kept by what it says (the JSON's key: an ace placed on another
    trick reads the same) and filled from its fields."""
    payer, payee, amount, rule, trick, code, items, _ = p
    params: tuple = items  # type: ignore[assignment]  # a lean payment's: the items
    key = reason_key(code, payer, payee, rule, trick, params) if words.english else None
    if key is None:  # a fine's, or a language but English: the full payment's
        return _payment_row(payment_of(p), words, cards)
    reasons = words.lean_reasons_of(cards)
    reason = reasons.get(key)
    if reason is None:
        reason = english_reason_of(code, payer, payee, rule, trick, params)
        if cards != "unicode":
            reason = respell(reason, cards)
        kept(reasons, key, reason)
    return _row(payer, payee, amount, rule, trick, reason, words)


def _row(payer: str, payee: str, amount, rule: str, trick: int | None, reason: str,
         words: Words) -> Row | None:
    trick_text = "" if trick is None else str(trick)
    party, party_length = words.party(payer, payee)
    amount_text, amount_length = words.amount(amount)
    reason_length = text_length(reason)
    rule_length = text_length(rule)
    if party_length is None or amount_length is None or reason_length is None \
            or rule_length is None:
        return None
    return ((trick_text, party, amount_text, rule, reason),
            (len(trick_text), party_length, amount_length, rule_length, reason_length), {})


def _payment_lines(row: tuple, rooms: tuple[int, ...]) -> str:
    """A payment's row when every cell but the reason fits its room, kept by the
    rooms: the four first cells padded, the reason beside them, wrapped under itself
    when too long (:func:`~.plain.tall_row`'s text), without padding at the lines' ends."""
    (trick, party, amount, rule, reason), (_, party_length, amount_length, rule_length,
                                           reason_length), laid_out = row
    if party_length == len(party) and amount_length == len(amount) \
            and rule_length == len(rule):  # one cell a character (most rows): padded by str
        pad = _BEFORE.get(rooms)
        if pad is None:
            template = (EDGE + "{{:>{}}}" + BETWEEN + "{{:<{}}}" + BETWEEN + "{{:>{}}}" + BETWEEN
                        + "{{:<{}}}" + BETWEEN).format(*rooms[:4])
            pad = kept(_BEFORE, rooms, template.format)
        before = pad(trick, party, amount, rule)
    else:
        trick_room, party_room, amount_room, rule_room, _ = rooms
        before = (EDGE + trick.rjust(trick_room) + BETWEEN
                  + padded(party, party_length, party_room, False) + BETWEEN
                  + padded(amount, amount_length, amount_room, True) + BETWEEN
                  + padded(rule, rule_length, rule_room, False) + BETWEEN)
    if reason_length <= rooms[-1]:
        text = (before + reason).rstrip(" ")
    else:
        first, rest = _reason_lines(reason, rooms)
        text = (before + first).rstrip(" ") + rest
    return kept(laid_out, rooms, text)


# The four first cells of a payment's row padded to their rooms, by one format (by the rooms).
_BEFORE: dict[tuple[int, ...], Callable[..., str]] = {}
_REASON_LINES: dict[tuple[str, tuple[int, ...]], tuple[str, str]] = {}
# The start of a wrapped reason's next line (a new line, then the blank cells before
# the reason's), by the columns' rooms.
_UNDER: dict[tuple[int, ...], str] = {}


def _reason_lines(reason: str, rooms: tuple[int, ...]) -> tuple[str, str]:
    """A reason too long for its room (the last), wrapped as rich wraps a cell: its
    first line, and the lines under it, each after the blank cells before it."""
    key = (reason, rooms)
    said = _REASON_LINES.get(key)
    if said is None:
        under = _UNDER.get(rooms)
        if under is None:
            blanks = [" " * room for room in rooms[:-1]]
            under = kept(_UNDER, rooms, "\n" + EDGE + BETWEEN.join(blanks) + BETWEEN)
        lines: Sequence[str] | None = None
        if len(reason) == text_length(reason):  # every character one cell
            lines = _greedy(reason, rooms[-1])
        if lines is not None:  # no line of the greedy wrap ends with a space: none to take off
            rest = under + under.join(lines[1:]) if len(lines) > 1 else ""
        else:
            lines = wrapped(reason, rooms[-1], PAYMENTS_RIGHT[-1], _PAYMENTS_OVERFLOW[-1])
            assert lines is not None  # its width was measured
            rest = "".join([(under + line).rstrip(" ") for line in lines[1:]])
        said = kept(_REASON_LINES, key, (lines[0], rest))
    return said


# The greedy wrap at a width: a regular expression's findall (kept by the width).
_GREEDY_LINES: dict[int, Callable[[str], list[str]]] = {}


def _greedy(text: str, width: int) -> list[str] | None:
    """``text`` wrapped at ``width`` as rich wraps a cell (:func:`~.widths.wrap`),
    each line without the spaces after it, when that is the plain greedy wrap:
    every character one cell, words between single spaces, none longer than
    ``width`` (so none is folded or cut); ``None`` otherwise.

    Each line is then the longest run of at most ``width`` characters from a
    word's start that the space after a word, or the end, follows: found by one
    regular expression at C speed (a loop over the words cost more than the rest
    of a new payment's row)."""
    words = text.split()
    if len(words) != text.count(" ") + 1 or max(map(len, words)) > width:
        return None  # other white space, a space at an end or two, a word to cut
    lines_of = _GREEDY_LINES.get(width)
    if lines_of is None:
        lines_of = kept(_GREEDY_LINES, width, re.compile(f"(.{{1,{width}}})(?: |$)").findall)
    return lines_of(text)


def _tall_payment(cells, lengths, rooms) -> str | None:
    """A payment's row with any of its cells wrapped (:func:`~.plain.tall_row`)."""
    if all(length <= room for length, room in zip(lengths, rooms, strict=True)):
        return row_line(cells, lengths, rooms, PAYMENTS_RIGHT)
    lines = tall_row(cells, lengths, list(zip(rooms, PAYMENTS_RIGHT, _PAYMENTS_OVERFLOW,
                                               strict=True)), header=False)
    return None if lines is None else "\n".join([line.rstrip(" ") for line in lines])
