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

from collections.abc import Sequence
from operator import itemgetter

from ..cards import respell
from ..i18n import Count, Msg, current
from ..i18n.numbers import written_amount
from ..settle import DealSettlement, DealStatus, Payment
from ..settle.texts import english_reason
from ..settle.payments import POOL
from .plain import BETWEEN, EDGE, cell_length, column_widths, padded, pads, tall_row, wrapped
from .score import OUTCOME_WORDS, in_trick_order, roles
from .widths import wrap

__all__ = ["deal_text"]

# Kept texts are dropped when a table holds this many: bounded memory for a
# session of any length (the JSON's payment texts do the same).
HELD = 4096


def _kept(table: dict, key, value):
    if len(table) >= HELD:
        table.clear()
    table[key] = value
    return value


def deal_text(s: DealSettlement, players: tuple[str, ...], cards: str,
              width: int) -> str | None:
    """``without_padding(plain_text(settlement_view(s, players, cards), width))``,
    or ``None`` when that view is to be written by the plain writer (or rich)."""
    if s.status is DealStatus.VOID:
        return None  # a void deal: its own lines, few deals
    words = _words(current())
    if words.players_head is None or words.payments_head is None:
        return None
    lines = _title(s, words, width)
    if lines is None:
        return None
    partie = " ".join([card.format(cards) for card in s.partie_cards])
    more = _line(words.partie(partie, s.partie_value), width)
    players_table = _players_table(s, players, words, width)
    if more is None or players_table is None:
        return None
    lines += more
    lines += players_table
    for title, payments in ((words.payments, s.payments), (words.cancelled, s.cancelled)):
        if payments:
            table = _payments_table(title, payments, words, cards, width)
            if table is None:
                return None
            lines += table
    more = _line(words.pool(s.pool_before, s.pool_after), width)
    if more is None:
        return None
    lines += more
    return "\n".join(lines) + "\n"


class _Words:
    """What a language says again and again, made once: the headers, the
    templates of the deal's lines, the texts kept by what they say."""

    def __init__(self, translator) -> None:
        self.translator = translator
        self.language = translator.language
        tr = translator.gettext
        self.tr = tr
        self.deal = tr("Deal {number}")
        self.payments = tr("Payments")
        self.cancelled = tr("Cancelled (REV-4 or forfeited)")
        self.players_head = _head(tr(h) for h in ("Player", "Tricks", "Points", "Role", "Net"))
        self.payments_head = _head(tr(h) for h in ("Trick", "Payer → payee", "Amount", "Rule",
                                                   "Reason"))
        self.partie_template = tr("Partie {cards}: {worth}")
        self.english = self.language == "en"
        self.pool_word = tr("pool")
        self.dealers: dict[str, str] = {}
        self.worth: dict = {}
        self.pools: dict = {}
        self.signed: dict = {}
        self.amounts: dict = {}
        self.rows: dict[str, dict] = {}  # by the cards' spelling: rows by payment
        self.said: dict[tuple, tuple | None] = {}  # the Role column, by the facts it says
        self.heads: dict[tuple, str] = {}
        self.names_padded: dict[tuple, list[str]] = {}
        self.players_by_rooms: dict[tuple, list] = {}
        self.tops: dict[tuple, list[str] | None] = {}
        self.getters: dict[tuple[str, ...], itemgetter] = {}
        self.orders: dict[tuple, list[int] | None] = {}
        self.parties: dict[tuple[str, str], tuple[str, int | None]] = {}

    def head_line(self, head: tuple[tuple[str, ...], tuple[int, ...]], rooms: tuple[int, ...],
                  right: tuple[bool, ...]) -> str:
        """A table's header, each under a column with room for it."""
        key = (head, rooms)
        line = self.heads.get(key)
        if line is None:
            line = _kept(self.heads, key, _row_line(*head, rooms, right))
        return line

    def payments_top(self, title: str, rooms: tuple[int, ...],
                     table_width: int) -> list[str] | None:
        """A payments' table's lines above its rows (its title, a blank, the header,
        the rule), made once for the columns' ``rooms``; None when the title must be
        wrapped or a header does not fit its column."""
        key = (title, rooms)
        top = self.tops.get(key, ())
        if top == ():
            head = self.payments_head
            assert head is not None  # deal_text looked
            length = _length(title)
            top = _kept(self.tops, key, None if length is None or length > table_width or any(
                length > room for length, room in zip(head[1], rooms, strict=True)) else [
                title.rstrip(" "), "", self.head_line(head, rooms, _PAYMENTS_RIGHT),
                " " + "─" * (table_width - 2)])
        return top  # type: ignore[return-value]

    def names(self, players: tuple[str, ...]) -> tuple[int, tuple[int, ...]] | None:
        """The widest of the players' names and each one's width (None: one cannot
        be measured)."""
        lengths = _lengths(players)
        return None if lengths is None else (max(lengths), lengths)

    def players_layout(self, rooms: tuple[int, ...], table_width: int) -> list:
        """The players' table's rows laid out by ``str.format`` (cells one cell a
        character, the name padded already), and the lines above its rows (a blank,
        the header, the rule): made once for the columns' ``rooms``."""
        made = self.players_by_rooms.get(rooms)
        if made is None:
            _, won, points, role, net = rooms
            assert self.players_head is not None  # deal_text looked
            made = _kept(self.players_by_rooms, rooms, [
                ("{}" + BETWEEN + f"{{:>{won}}}" + BETWEEN + f"{{:>{points}}}" + BETWEEN
                 + f"{{:<{role}}}" + BETWEEN + f"{{:>{net}}}").format,
                "", self.head_line(self.players_head, rooms, _PLAYERS_RIGHT),
                " " + "─" * (table_width - 2)])
        return made

    def getter(self, players: tuple[str, ...]) -> itemgetter:
        """The players' figures of a table by name, in their order, as a tuple."""
        figures = self.getters.get(players)
        if figures is None:
            figures = _kept(self.getters, players, itemgetter(*players))
        return figures

    def padded(self, players: tuple[str, ...], names: tuple[int, tuple[int, ...]],
               room: int) -> list[str]:
        """Each name padded to the first column's ``room``, after the table's edge."""
        key = (players, room)
        done = self.names_padded.get(key)
        if done is None:
            done = _kept(self.names_padded, key, [
                EDGE + padded(name, length, room, False)
                for name, length in zip(players, names[1], strict=True)])
        return done

    def roles(self, s: DealSettlement, players: tuple[str, ...]) -> tuple | None:
        """Each player's Role (:func:`~.score.roles`) and its width, kept by the facts it
        says; None: one cannot be measured."""
        key = (players, s.winners, s.losers, s.reversis_maker, s.undertaker, s.breaker,
               s.espagnolette)
        said: tuple | None = self.said.get(key, ())
        if said == ():
            texts = [roles(s, name) for name in players]
            widths = _lengths(tuple(texts))
            said = _kept(self.said, key, None if widths is None
                         else (max(widths), tuple(zip(texts, widths, strict=True))))
        return said

    def party(self, payer: str, payee: str) -> tuple[str, int | None]:
        """"payer → payee" as the Payer → payee column says it, and its width."""
        key = (payer, payee)
        said = self.parties.get(key)
        if said is None:
            pool = self.pool_word
            text = f"{pool if payer == POOL else payer} → {pool if payee == POOL else payee}"
            said = _kept(self.parties, key, (text, cell_length(text)))
        return said

    def dealer(self, name: str) -> str:
        text = self.dealers.get(name)
        if text is None:
            text = _kept(self.dealers, name,
                         self.translator.text(Msg("dealer {dealer}", dealer=name)))
        return text

    def partie(self, partie: str, value) -> str:
        worth = self.worth.get(value)
        if worth is None:
            worth = _kept(self.worth, value,
                          self.translator.text(Count(value, "worth {n}", "worth {n}")))
        # t(Msg(...)) of the view, whose values are strings already: its template filled
        return self.partie_template.format_map({"cards": partie, "worth": worth})

    def pool(self, before, after) -> str:
        key = (before, after)
        text = self.pools.get(key)
        if text is None:
            language = self.language
            text = _kept(self.pools, key, self.translator.text(
                Msg("Pool: {before} before the deal, {after} after",
                    before=written_amount(before, language),
                    after=written_amount(after, language))))
        return text

    def net(self, amount) -> tuple[str, int | None]:
        """A balance as the Net column writes it (:func:`~.amounts.signed`), and its width."""
        said = self.signed.get(amount)
        if said is None:
            text = written_amount(amount, self.language, True)
            said = _kept(self.signed, amount, (text, cell_length(text)))
        return said

    def amount(self, amount) -> tuple[str, int | None]:
        """An amount as the Amount column writes it (:func:`~.amounts.fiches`), and its width."""
        said = self.amounts.get(amount)
        if said is None:
            text = written_amount(amount, self.language)
            said = _kept(self.amounts, amount, (text, cell_length(text)))
        return said


def _head(headers) -> tuple[tuple[str, ...], tuple[int, ...]] | None:
    """A table's headers and their widths; None if one cannot be measured."""
    texts = tuple(headers)
    lengths = _lengths(texts)
    return None if lengths is None else (texts, lengths)


_LENGTH: dict[str, int | None] = {}


def _length(text: str) -> int | None:
    """:func:`~.plain.cell_length`, kept by the text (a reason comes back deal after deal)."""
    length = _LENGTH.get(text, -1)
    if length == -1:
        length = _kept(_LENGTH, text, cell_length(text))
    return length


_LENGTHS: dict[tuple[str, ...], tuple[int, ...] | None] = {}


def _lengths(texts: tuple[str, ...]) -> tuple[int, ...] | None:
    """Each text's width in cells (:func:`~.plain.cell_length`), or None if one has none."""
    lengths = _LENGTHS.get(texts, False)
    if lengths is False:
        measured = tuple(map(cell_length, texts))
        lengths = _kept(_LENGTHS, texts, None if None in measured else measured)
    return lengths  # type: ignore[return-value]


_WORDS: dict[int, _Words] = {}


def _words(translator) -> _Words:
    words = _WORDS.get(id(translator))
    if words is None or words.translator is not translator:
        words = _WORDS[id(translator)] = _Words(translator)
    return words


def _title(s: DealSettlement, words: _Words, width: int) -> list[str] | None:
    number = s.number
    if type(number) is not int or number < 0:
        return None  # written as a message writes a value, by the reference
    text = words.deal.format_map({"number": str(number)}) + " — " + words.dealer(s.dealer)
    outcome = OUTCOME_WORDS[s.outcome]
    if outcome is not None:
        text += " — " + words.tr(outcome)
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


def _players_table(s: DealSettlement, players: tuple[str, ...], words: _Words,
                   width: int) -> list[str] | None:
    names = words.names(players)
    said = words.roles(s, players)
    if names is None or said is None:
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
    kept = words.signed
    nets: list = [kept.get(amount) or words.net(amount) for amount in amounts]
    if None in [length for _, length in nets]:
        return None
    head = words.players_head
    assert head is not None  # deal_text looked
    heads = head[1]
    widest = (max(heads[0], names[0]), max(heads[1], max(map(len, won))),
              max(heads[2], max(map(len, made))), max(heads[3], said[0]),
              max(heads[4], max([length for _, length in nets])))
    layout = _layout(widest, _PLAYERS_RIGHT, width)
    if layout is None or layout[2]:
        return None  # a cell wrapped in the players' table: the reference's
    rooms = layout[0]
    padded_names = words.padded(players, names, rooms[0])
    row, *lines = words.players_layout(rooms, layout[1])
    for name, won_text, made_text, (role, role_length), (net_text, net_length) \
            in zip(padded_names, won, made, said[1], nets, strict=True):
        if role_length == len(role) and net_length == len(net_text):  # one cell a character
            lines.append(row(name, won_text, made_text, role, net_text).rstrip(" "))
        else:
            lines.append((name + BETWEEN + won_text.rjust(rooms[1]) + BETWEEN
                          + made_text.rjust(rooms[2]) + BETWEEN
                          + padded(role, role_length, rooms[3], False) + BETWEEN
                          + padded(net_text, net_length, rooms[4], True)).rstrip(" "))
    lines.append("")
    return lines


# Which columns align right: the players' table (tricks, points, net) and the payments'.
_PLAYERS_RIGHT = (False, True, True, False, True)
_PAYMENTS_RIGHT = (True, False, True, False, False)
_PAYMENTS_OVERFLOW = ("ellipsis", "ellipsis", "fold", "ellipsis", "ellipsis")

_LAYOUTS: dict[tuple, tuple | None] = {}


def _layout(widest: tuple[int, ...], right: tuple[bool, ...],
            width: int) -> tuple[tuple[int, ...], int, bool] | None:
    """The room each column's text has, the table's width, and whether a cell
    of the widest is longer than its room (a row must wrap), kept by the
    columns' widest cells; ``None``: no layout without rich's."""
    key = (widest, width)
    if key in _LAYOUTS:
        return _LAYOUTS[key]
    widths = column_widths(list(widest), width - len(widest) - 1)
    layout = None
    if widths is not None:
        rooms = tuple(w - pad for w, pad in zip(widths, pads(len(widths)), strict=True))
        layout = (rooms, sum(widths) + len(widths) + 1,
                  any(longest > room for longest, room in zip(widest, rooms, strict=True)))
    return _kept(_LAYOUTS, key, layout)


def _row_line(cells: Sequence[str], lengths: Sequence[int], rooms: Sequence[int],
              right: Sequence[bool]) -> str:
    """A row whose every cell fits its room, as one line without its padding at the end."""
    return (EDGE + BETWEEN.join([padded(text, length, room, flush)
                                 for text, length, room, flush
                                 in zip(cells, lengths, rooms, right, strict=True)])
            + EDGE).rstrip(" ")


def _payments_table(title: str, payments: tuple[Payment, ...], words: _Words, cards: str,
                    width: int) -> list[str] | None:
    kept = words.rows.get(cards)
    if kept is None:
        kept = words.rows[cards] = {}
    rows = []
    for p in _in_trick_order(payments, words.orders):
        # kept by the payment (what its row says: equal payments say the same)
        row = kept.get(p)
        if row is None:
            row = _kept(kept, p, _payment_row(p, words, cards))
            if row is None:
                return None
        rows.append(row)
    head = words.payments_head
    assert head is not None  # deal_text looked
    widest = tuple(map(max, head[1], *[row[1] for row in rows]))
    layout = _layout(widest, _PAYMENTS_RIGHT, width)
    if layout is None:
        return None
    rooms, table_width, tall = layout
    top = words.payments_top(title, rooms, table_width)
    if top is None:
        return None  # a title wrapped, a header taller than a line: the reference's
    lines = top[:]
    if tall and any(longest > room for longest, room in zip(widest[:-1], rooms, strict=False)):
        for cells, lengths, _ in rows:  # a cell but the reason wrapped: the plain writer's way
            text = _tall_payment(cells, lengths, rooms)
            if text is None:
                return None
            lines.append(text)
    else:
        for row in rows:
            text = row[2].get(rooms)
            lines.append(text if text is not None else _payment_lines(row, rooms))
    lines.append("")
    return lines


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
        order = _kept(orders, tricks, None if ordered == list(range(len(payments)))
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


def _payment_row(p: Payment, words: _Words, cards: str) -> tuple | None:
    """A payment's cells and their widths; ``None`` if a cell cannot be measured."""
    reason = english_reason(p) if words.english else words.translator.text(p.reason)
    if cards != "unicode":
        reason = respell(reason, cards)
    trick = "" if p.trick is None else str(p.trick)
    party, party_length = words.party(p.payer, p.payee)
    amount, amount_length = words.amount(p.amount)
    reason_length = _length(reason)
    rule_length = _length(p.rule)
    if party_length is None or amount_length is None or reason_length is None \
            or rule_length is None:
        return None
    return ((trick, party, amount, p.rule, reason),
            (len(trick), party_length, amount_length, rule_length, reason_length), {})


def _payment_lines(row: tuple, rooms: tuple[int, ...]) -> str:
    """A payment's row when every cell but the reason fits its room, kept by the
    rooms: the four first cells padded, the reason beside them, wrapped under itself
    when too long (:func:`~.plain.tall_row`'s text), without padding at the lines' ends."""
    (trick, party, amount, rule, reason), (_, party_length, amount_length, rule_length,
                                           reason_length), laid_out = row
    trick_room, party_room, amount_room, rule_room, reason_room = rooms
    if party_length == len(party) and amount_length == len(amount) \
            and rule_length == len(rule):  # one cell a character (most rows): padded by str
        before = (EDGE + trick.rjust(trick_room) + BETWEEN + party.ljust(party_room) + BETWEEN
                  + amount.rjust(amount_room) + BETWEEN + rule.ljust(rule_room) + BETWEEN)
    else:
        before = (EDGE + trick.rjust(trick_room) + BETWEEN
                  + padded(party, party_length, party_room, False) + BETWEEN
                  + padded(amount, amount_length, amount_room, True) + BETWEEN
                  + padded(rule, rule_length, rule_room, False) + BETWEEN)
    if reason_length <= reason_room:
        text = (before + reason).rstrip(" ")
    else:
        first, rest = _reason_lines(reason, rooms)
        text = (before + first).rstrip(" ") + rest
    return _kept(laid_out, rooms, text)


_REASON_LINES: dict[tuple[str, tuple[int, ...]], tuple[str, str]] = {}


def _reason_lines(reason: str, rooms: tuple[int, ...]) -> tuple[str, str]:
    """A reason too long for its room (the last), wrapped as rich wraps a cell: its
    first line, and the lines under it, each after the blank cells before it."""
    key = (reason, rooms)
    said = _REASON_LINES.get(key)
    if said is None:
        lines: Sequence[str] | None = None
        if len(reason) == _length(reason):  # every character one cell
            lines = _greedy(reason, rooms[-1])
        if lines is None:
            lines = wrapped(reason, rooms[-1], _PAYMENTS_RIGHT[-1], _PAYMENTS_OVERFLOW[-1])
            assert lines is not None  # its width was measured
        under = EDGE + BETWEEN.join([" " * room for room in rooms[:-1]]) + BETWEEN
        said = _kept(_REASON_LINES, key, (lines[0], "".join(
            ["\n" + (under + line).rstrip(" ") for line in lines[1:]])))
    return said


def _greedy(text: str, width: int) -> list[str] | None:
    """``text`` wrapped at ``width`` as rich wraps a cell (:func:`~.widths.wrap`),
    each line without the spaces after it, when that is the plain greedy wrap:
    every character one cell, words between single spaces, none longer than
    ``width`` (so none is folded or cut); ``None`` otherwise."""
    words = text.split()
    if len(words) != text.count(" ") + 1 or max(map(len, words)) > width:
        return None  # other white space, a space at an end or two, a word to cut
    lines = []
    line = words[0]
    for word in words[1:]:
        if len(line) + 1 + len(word) <= width:  # the space after the line's last word
            line += " " + word
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


def _tall_payment(cells, lengths, rooms) -> str | None:
    """A payment's row with any of its cells wrapped (:func:`~.plain.tall_row`)."""
    if all(length <= room for length, room in zip(lengths, rooms, strict=True)):
        return _row_line(cells, lengths, rooms, _PAYMENTS_RIGHT)
    lines = tall_row(cells, lengths, list(zip(rooms, _PAYMENTS_RIGHT, _PAYMENTS_OVERFLOW,
                                               strict=True)), header=False)
    return None if lines is None else "\n".join([line.rstrip(" ") for line in lines])
