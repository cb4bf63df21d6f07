"""What the one-pass tables (render/plain_deal.py) say again and again, made
once and kept: a language's headers and templates, the widths of the texts a
deal writes (a reason comes back deal after deal), the lines above a table's
rows for the columns' widths, a player's roles by the facts they say.

Every kept table is emptied when it holds :data:`HELD` texts: bounded memory for
a session of any length (the JSON's payment texts do the same).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from ..i18n import Count, Msg
from ..i18n.numbers import written_amount
from ..settle import DealSettlement
from ..settle.leandeal import LeanDeal
from ..settle.payments import POOL
from .plain import BETWEEN, EDGE, cell_length, padded
from .score import OUTCOME_WORDS, roles

__all__ = ["HELD", "Words", "kept", "words_of", "text_length", "text_lengths", "row_line",
           "PLAYERS_RIGHT", "PAYMENTS_RIGHT"]

HELD = 4096

# Which columns align right: the players' table (tricks, points, net) and the payments'.
PLAYERS_RIGHT = (False, True, True, False, True)
PAYMENTS_RIGHT = (True, False, True, False, False)


def kept(table: dict, key, value):
    """``table[key] = value``, the table emptied first when full; ``value``."""
    if len(table) >= HELD:
        table.clear()
    table[key] = value
    return value


class Words:
    """What a language says again and again, made once: the headers, the
    templates of the deal's lines, the texts kept by what they say."""

    def __init__(self, translator) -> None:
        self.translator = translator
        self.language = translator.language
        tr = translator.gettext
        self.tr = tr
        self.deal = tr("Deal {number}")
        # The title's width but its number's (written in ASCII digits), when that is the
        # only field of its template: no title measured again (None: each is).
        fixed = self.deal.replace("{number}", "", 1)
        self.deal_fixed = (text_length(fixed) if "{number}" in self.deal
                           and "{" not in fixed and "}" not in fixed else None)
        self.tails: dict[tuple, tuple[str, int | None]] = {}
        self.pool_lines: dict[tuple, list[str] | None] = {}
        self.payments = tr("Payments")
        self.cancelled = tr("Cancelled (REV-4 or forfeited)")
        self.players_head = head_of(tr(h) for h in ("Player", "Tricks", "Points", "Role", "Net"))
        self.payments_head = head_of(tr(h) for h in ("Trick", "Payer → payee", "Amount", "Rule",
                                                     "Reason"))
        self.partie_template = tr("Partie {cards}: {worth}")
        self.english = self.language == "en"
        self.pool_word = tr("pool")
        self.dealers: dict[str, str] = {}
        self.worth: dict = {}
        self.pools: dict = {}
        self.signed: dict = {}
        self.amounts: dict = {}
        # By the cards' spelling: rows by payment, by lean payment, reasons by what they say.
        self.rows: dict[str, dict] = {}
        self.lean_rows: dict[str, dict] = {}
        self.lean_reasons: dict[str, dict] = {}
        self.lean_said: dict[tuple, tuple | None] = {}  # the Role column, by seats
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
            line = kept(self.heads, key, row_line(*head, rooms, right))
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
            length = text_length(title)
            top = kept(self.tops, key, None if length is None or length > table_width or any(
                length > room for length, room in zip(head[1], rooms, strict=True)) else [
                title.rstrip(" "), "", self.head_line(head, rooms, PAYMENTS_RIGHT),
                " " + "─" * (table_width - 2)])
        return top  # type: ignore[return-value]

    def names(self, players: tuple[str, ...]) -> tuple[int, tuple[int, ...]] | None:
        """The widest of the players' names and each one's width (None: one cannot
        be measured)."""
        lengths = text_lengths(players)
        return None if lengths is None else (max(lengths), lengths)

    def players_layout(self, rooms: tuple[int, ...], table_width: int) -> list:
        """The players' table's rows laid out by ``str.format`` (cells one cell a
        character, the name padded already), and the lines above its rows (a blank,
        the header, the rule): made once for the columns' ``rooms``."""
        made = self.players_by_rooms.get(rooms)
        if made is None:
            _, won, points, role, net = rooms
            assert self.players_head is not None  # deal_text looked
            made = kept(self.players_by_rooms, rooms, [
                ("{}" + BETWEEN + f"{{:>{won}}}" + BETWEEN + f"{{:>{points}}}" + BETWEEN
                 + f"{{:<{role}}}" + BETWEEN + f"{{:>{net}}}").format,
                "", self.head_line(self.players_head, rooms, PLAYERS_RIGHT),
                " " + "─" * (table_width - 2)])
        return made

    def getter(self, players: tuple[str, ...]) -> itemgetter:
        """The players' figures of a table by name, in their order, as a tuple."""
        figures = self.getters.get(players)
        if figures is None:
            figures = kept(self.getters, players, itemgetter(*players))
        return figures

    def padded(self, players: tuple[str, ...], names: tuple[int, tuple[int, ...]],
               room: int) -> list[str]:
        """Each name padded to the first column's ``room``, after the table's edge."""
        key = (players, room)
        done = self.names_padded.get(key)
        if done is None:
            done = kept(self.names_padded, key, [
                EDGE + padded(name, length, room, False)
                for name, length in zip(players, names[1], strict=True)])
        return done

    def roles(self, s: DealSettlement, players: tuple[str, ...]) -> tuple | None:
        """Each player's Role (:func:`~.score.roles`) and its width, kept by the facts it
        says, with the widest, and the roles alone when each is one cell a character
        (else None); None: one cannot be measured."""
        key = (players, s.winners, s.losers, s.reversis_maker, s.undertaker, s.breaker,
               s.espagnolette)
        said: tuple | None = self.said.get(key, ())
        if said == ():
            texts = [roles(s, name) for name in players]
            widths = text_lengths(tuple(texts))
            said = kept(self.said, key, None if widths is None
                        else (max(widths), tuple(zip(texts, widths, strict=True)),
                              tuple(texts) if list(map(len, texts)) == list(widths) else None))
        return said

    def rows_of(self, cards: str) -> dict:
        """The payments' rows kept for the spelling of cards ``cards``, by payment."""
        return self.rows.get(cards) or self.rows.setdefault(cards, {})

    def lean_rows_of(self, cards: str) -> dict:
        """The same by lean payment (settle/leandeal.py: params as items)."""
        return self.lean_rows.get(cards) or self.lean_rows.setdefault(cards, {})

    def lean_reasons_of(self, cards: str) -> dict:
        """Lean payments' reasons in English, by what they say (``texts.reason_key``)."""
        return self.lean_reasons.get(cards) or self.lean_reasons.setdefault(cards, {})

    def lean_roles(self, lean: LeanDeal) -> tuple | None:
        """:meth:`roles` of a lean settlement's players, kept by the seats it names
        (its full settlement made only for facts not met yet)."""
        key = (lean.names, lean.winners, lean.losers, lean.maker, lean.undertaker,
               lean.breaker, lean.espagnolette)
        said: tuple | None = self.lean_said.get(key, ())
        if said == ():
            said = kept(self.lean_said, key, self.roles(lean.full(), lean.names))
        return said

    def party(self, payer: str, payee: str) -> tuple[str, int | None]:
        """"payer → payee" as the Payer → payee column says it, and its width."""
        key = (payer, payee)
        said = self.parties.get(key)
        if said is None:
            pool = self.pool_word
            text = f"{pool if payer == POOL else payer} → {pool if payee == POOL else payee}"
            said = kept(self.parties, key, (text, cell_length(text)))
        return said

    def title_tail(self, dealer: str, outcome) -> tuple[str, int | None]:
        """A deal's title after its number (its dealer, its outcome) and its width."""
        key = (dealer, outcome)
        said = self.tails.get(key)
        if said is None:
            text = " — " + self.dealer(dealer)
            words = OUTCOME_WORDS[outcome]
            if words is not None:
                text += " — " + self.tr(words)
            said = kept(self.tails, key, (text, cell_length(text)))
        return said

    def dealer(self, name: str) -> str:
        text = self.dealers.get(name)
        if text is None:
            text = kept(self.dealers, name,
                         self.translator.text(Msg("dealer {dealer}", dealer=name)))
        return text

    def partie(self, partie: str, value) -> str:
        worth = self.worth.get(value)
        if worth is None:
            worth = kept(self.worth, value,
                          self.translator.text(Count(value, "worth {n}", "worth {n}")))
        # t(Msg(...)) of the view, whose values are strings already: its template filled
        return self.partie_template.format_map({"cards": partie, "worth": worth})

    def pool(self, before, after) -> str:
        key = (before, after)
        text = self.pools.get(key)
        if text is None:
            language = self.language
            text = kept(self.pools, key, self.translator.text(
                Msg("Pool: {before} before the deal, {after} after",
                    before=written_amount(before, language),
                    after=written_amount(after, language))))
        return text

    def net(self, amount) -> tuple[str, int | None]:
        """A balance as the Net column writes it (:func:`~.amounts.signed`), and its width."""
        said = self.signed.get(amount)
        if said is None:
            text = written_amount(amount, self.language, True)
            said = kept(self.signed, amount, (text, cell_length(text)))
        return said

    def amount(self, amount) -> tuple[str, int | None]:
        """An amount as the Amount column writes it (:func:`~.amounts.fiches`), and its width."""
        said = self.amounts.get(amount)
        if said is None:
            text = written_amount(amount, self.language)
            said = kept(self.amounts, amount, (text, cell_length(text)))
        return said


def head_of(headers) -> tuple[tuple[str, ...], tuple[int, ...]] | None:
    """A table's headers and their widths; None if one cannot be measured."""
    texts = tuple(headers)
    lengths = text_lengths(texts)
    return None if lengths is None else (texts, lengths)


_LENGTH: dict[str, int | None] = {}


def text_length(text: str) -> int | None:
    """:func:`~.plain.cell_length`, kept by the text (a reason comes back deal after deal)."""
    length = _LENGTH.get(text, -1)
    if length == -1:
        length = kept(_LENGTH, text, cell_length(text))
    return length


_LENGTHS: dict[tuple[str, ...], tuple[int, ...] | None] = {}


def text_lengths(texts: tuple[str, ...]) -> tuple[int, ...] | None:
    """Each text's width in cells (:func:`~.plain.cell_length`), or None if one has none."""
    lengths = _LENGTHS.get(texts, False)
    if lengths is False:
        measured = tuple(map(cell_length, texts))
        lengths = kept(_LENGTHS, texts, None if None in measured else measured)
    return lengths  # type: ignore[return-value]


_WORDS: dict[int, Words] = {}


def words_of(translator) -> Words:
    words = _WORDS.get(id(translator))
    if words is None or words.translator is not translator:
        words = _WORDS[id(translator)] = Words(translator)
    return words


def row_line(cells: Sequence[str], lengths: Sequence[int], rooms: Sequence[int],
             right: Sequence[bool]) -> str:
    """A row whose every cell fits its room, as one line without its padding at the end."""
    return (EDGE + BETWEEN.join([padded(text, length, room, flush)
                                 for text, length, room, flush
                                 in zip(cells, lengths, rooms, right, strict=True)])
            + EDGE).rstrip(" ")
