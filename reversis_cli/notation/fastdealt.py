"""The fast path's lines of the cards as dealt (``hand NAME CARDS``, ``talon
CARDS``, ``partie CARDS``), read without Lark: a part of
:class:`.fastpath.FastPath`, which see.

A record written with its hands (``reversis simulate --hands``, a careful
marker) has six such lines a deal, and an irregular deal that changes the
partie one; before these were read here, any of them sent the whole deal to
Lark.  The expressions are made from the grammar's terminals (``HAND``,
``TALON``, ``PARTIE``, ``CARDS``) as the other lines' are, a player's word
checked by :meth:`.fastpath.FastPath.is_name`; each line becomes the statement
the grammar's builder makes of it, positions included
(tests/test_fastpath_parity.py holds the two readings together).  A line the
expressions do not match in full is Lark's, so that every error keeps its
message and column.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

from ..amounts import MAX_DIGITS
from ..diagnostics import Diagnostic
from ..cards import CARD_STYLES, KNOWN_SPELLINGS, PACK, Card
from ..model import HandLine, Name, PartieLine, Pos, TalonLine, lean_cards_line
from ..model.deal import Deal, lean_deal
from ..model.rows import (DEALT_KINDS, DEALT_ROW, DealtRow, ExchangeRow, TrickRow,
                          dealt_line_of_row)
from ..model.statements import DealLine, Statement
from .cardwords import read_cards

__all__ = ["DealtLines", "lean_dealt"]

# Where the grammar has a NAME, any word: the word is then checked by is_name.
_WORD = r"[^ \t]+"
# The pack's cards as the writer spells them in each of its styles (``AS``, ``A♠``,
# ``Т♠``), each a word the grammar's card terminal reads whole (a test holds them to
# it): _dealt_words reads them before any trick line has taught it a card (a record's
# first hand lines, a first deal without tricks), without compiling the expressions.
_PACK_WORDS = frozenset(card.format(style) for card in PACK for style in CARD_STYLES)
# Each line's keyword (its terminal in the grammar) by its first letter.
_TERMINALS = {"h": "HAND", "t": "TALON", "p": "PARTIE"}


class DealtLines:
    """The hand, talon and partie lines of :class:`.fastpath.FastPath`."""

    # The fast path's, set by FastPath.__init__.
    keywords: frozenset[str]
    is_name: Callable[[str], bool]
    _blank: str
    _end: str
    _terminal: Callable[[str], str]

    _card_indexes: dict[str, int]

    def _start_dealt(self) -> None:
        """This part's attributes, set by ``FastPath.__init__``: plain attributes,
        never a ``functools.cached_property``, which writes into the instance's
        ``__dict__``; on Python 3.11 that makes the fast path's attributes a real
        dictionary, and every attribute the hot loop reads (``_leaders``,
        ``_card_indexes``…) is then looked up the slow way: ~12 k instructions
        a deal on a record without a single hand line (issue 35)."""
        # Each line's expression by the keyword's first letter: ``h``, ``t``,
        # ``p``, each compiled at its first use (:meth:`_dealt_match`).
        self._dealt: dict[str, re.Pattern[str] | None] = dict.fromkeys("htp")
        # Each line's keyword by its first letter, as the grammar writes it
        # (:meth:`_dealt_keyword`, at the first hand, talon or partie line).
        self._dealt_keywords: dict[str, str] | None = None
        # What :attr:`_dealt` has read, for :meth:`_dealt_by_words`: the
        # keywords' words (each with its line's kind), the players' words, the
        # cards' words (each a single card, with its index, and with its bit).
        self._dealt_read: tuple[dict[str, type[DealtLine]], set[str], dict[str, int],
                                dict[str, int]] = ({}, set(), {}, {})
        # Two of its look-ups bound once, for the one loop (``fastspaced``), which
        # reads a hand line inline: a keyword's kind, a card's bit.
        self._dealt_kind = self._dealt_read[0].get
        self._dealt_bit = self._dealt_read[3].__getitem__
        # and its players' words, for the same loop: one attribute read a hand line,
        # where ``_dealt_read[1]`` took an attribute and a subscript
        self._dealt_players = self._dealt_read[1]

    def _dealt_keyword(self, head: str) -> str:
        """The keyword of the line whose first letter is ``head``."""
        keywords = self._dealt_keywords
        if keywords is None:
            keywords = self._dealt_keywords = {
                first: self._terminal(word) for first, word in _TERMINALS.items()}
        return keywords[head]

    def _dealt_match(self, head: str, line: str) -> tuple[str | None, int, str, int] | None:
        """The line read by its expression (made from the grammar's terminals): the
        player's word and its index, the run of cards and its index; None: no match."""
        pattern = self._dealt[head]
        if pattern is None:
            keyword, cards = self._dealt_keyword(head), self._terminal("CARDS")
            blank, end = self._blank, self._end
            player = rf"(?P<player>{_WORD}){blank}" if head == "h" else ""
            pattern = self._dealt[head] = re.compile(
                rf"[ \t]*{keyword}{blank}{player}(?P<cards>{cards}){end}")
        found = pattern.match(line)
        if found is None:
            return None
        if head == "h":
            return found.group("player"), found.start("player"), found.group("cards"), \
                found.start("cards")
        return None, -1, found.group("cards"), found.start("cards")

    def _dealt_words(self, head: str, line: str) -> tuple[str | None, int, str, int] | None:
        """The usual line read by its words, as :meth:`_dealt_match` reads it: the
        keyword, the player's word for a hand, then cards, one space between two
        cards (spaces only, any number, before the keyword, after it, after the
        player's word -- a writer aligns the hands' cards under the longest
        name -- and after the last card), each card a word the trick lines'
        expression has read as one card before, or the pack's own spelling
        (``_PACK_WORDS``, each a word the grammar's ``_CARD`` reads whole:
        tests/test_fastdealt_words.py), so that the expression would match the
        same words where they stand.  None: ask the expression.  Compiling the
        three expressions costs ~20 M instructions, more than twenty plain
        deals, and a record's first partie line would pay for them; so would the
        hand lines of its first deal, read before any trick line (issue 35: a
        record written with its hands whose first deal has no trick, a misdeal)."""
        if "\t" in line:
            return None
        body = line.lstrip(" ")
        keyword, _, rest = body.rstrip(" ").partition(" ")
        if keyword != self._dealt_keyword(head):
            return None
        at = len(line) - len(body) + len(keyword) + 1  # where ``rest`` starts
        player, player_at = None, -1
        if head == "h":
            after = rest.lstrip(" ")
            player_at = at + len(rest) - len(after)
            player, _, rest = after.partition(" ")
            at = player_at + len(player) + 1
        cards_text = rest.lstrip(" ")
        at += len(rest) - len(cards_text)
        cards = cards_text.split(" ")
        known = self._card_indexes  # or the pack's own spelling: a record's first deal
        if not cards_text or not all([word in known or word in _PACK_WORDS for word in cards]):
            return None
        return player, player_at, cards_text, at

    def _dealt_line(self, head: str, line: str, number: int, problems: list[Diagnostic]
                    ) -> HandLine | TalonLine | PartieLine | None:
        found = self._dealt_words(head, line) or self._dealt_match(head, line)
        if found is None:
            return None
        player, player_at, text, cards_at = found
        if player is not None and (player in self.keywords or not self.is_name(player)):
            return None  # a keyword where a name stands, or no name: Lark says so
        pos = Pos(number, len(line) - len(line.lstrip(" \t")) + 1)
        name = None if player is None else Name(player, Pos(number, player_at + 1))
        kind = HandLine if name is not None else TalonLine if head == "t" else PartieLine
        column = cards_at + 1
        # Every word a spelling seen before (nearly always): a lean line, its cards
        # made when first read; else each card read now, a problem reported.
        words = text.split()
        known = list(map(KNOWN_SPELLINGS.get, words))
        if None not in known:
            indexes = tuple([card.index for card in cast(list[Card], known)])
            self._remember_dealt(kind, line.split()[0], player, words, indexes)
            return lean_cards_line(kind, pos, name, indexes, text, number, column)
        cards = read_cards(text, number, column, problems)
        if name is not None:
            return HandLine(pos=pos, player=name, cards=cards)
        return (TalonLine if head == "t" else PartieLine)(pos=pos, cards=cards)

    def _remember_dealt(self, kind: type[DealtLine], keyword: str, player: str | None,
                        words: list[str], indexes: tuple[int, ...]) -> None:
        """Keep the words :attr:`_dealt` has read as a keyword, a player and
        single cards, a few thousand at most (a hostile file cannot grow the
        tables without end), and no player's word with a number too long."""
        heads, players, cards, bits = self._dealt_read
        if len(heads) < _KEPT:
            heads[keyword] = kind
        if player is not None and len(players) < _KEPT and not _LONG_DIGITS.search(player):
            players.add(player)
        if len(cards) < _KEPT:
            cards.update(zip(words, indexes, strict=True))
            bits.update(zip(words, [1 << index for index in indexes], strict=True))

    def _dealt_by_words(self, line: str, words: list[str], number: int) -> DealtRow | None:
        """The usual hand, talon or partie line, read by its ``words`` (the fast
        path of :meth:`_dealt_line`), as a row (``model.rows.DealtRow``: a lean
        deal's, whose lean line is made when asked for); None unless its keyword, its
        player's word and each card's word are ones :attr:`_dealt` has read so
        (a line of the same kind).  ``line`` is plain (``fastpath.is_plain``,
        or its checks but the one for a long number, which no word read here
        holds: a player's word with one is never kept, a card's or a keyword's
        has none): its only blank is the space, so the expression would read
        its words where they stand."""
        heads, players, _, bits = self._dealt_read
        kind = heads.get(words[0])
        if kind is None:
            return None
        # its position, its player's Name and its cards made when first read
        if kind is HandLine:
            if len(words) <= 2 or words[1] not in players:
                return None
            try:  # a card written twice carries into another bit: the replay sees it
                mask = sum(map(bits.__getitem__, words[2:]))
            except KeyError:
                return None  # a word not read as a card before: the expression's
            return (0, words[1], mask, len(words) - 2, None, line, number)
        return self._cards_by_words(kind, words, line, number)

    def _cards_by_words(self, kind: type[DealtLine], words: list[str], line: str, number: int
                        ) -> DealtRow | None:
        """A talon or partie line's row (``kind``: ``TalonLine``, ``PartieLine``,
        its keyword read so before), for :meth:`_dealt_by_words` and for the one
        loop (``fastspaced``): None unless each card's word is one :attr:`_dealt`
        has read as a card.  A talon's three cards and a partie's four are looked
        up by subscript, the usual lines' (no call a card)."""
        card_of = self._dealt_read[2]
        count = len(words)
        indexes: tuple[int, ...]
        try:
            if count == 4:  # a talon's three cards
                indexes = (card_of[words[1]], card_of[words[2]], card_of[words[3]])
            elif count == 5:  # a partie's four
                indexes = (card_of[words[1]], card_of[words[2]], card_of[words[3]],
                           card_of[words[4]])
            elif count > 1:
                indexes = tuple(map(card_of.__getitem__, words[1:]))
            else:
                return None
        except KeyError:
            return None
        return (1 if kind is TalonLine else 2, None, 0, 0, indexes, line, number)

DealtLine = HandLine | TalonLine | PartieLine


def lean_dealt(deal_line: DealLine, layout: list[Statement | TrickRow | ExchangeRow | DealtRow],
               rows: list[TrickRow], exchange_rows: list[ExchangeRow],
               others: list[Statement | DealtRow]) -> Deal:
    """The lean deal of ``FastPath.read_deal`` (``model.deal.lean_deal``): its
    hand, talon and partie lines read by their words (rows, in ``others`` and
    ``layout``) kept as rows, but when a dealt line of the deal was read by its
    expression too (a word first read in this deal): every dealt line is then
    made a line, in order, so that each kind's lines are one sequence."""
    statements = [item for item in others if not isinstance(item, tuple)]
    if len(statements) == len(others):  # no dealt row: most deals
        return lean_deal(deal_line, layout, rows, exchange_rows, statements)
    if any([isinstance(item, DEALT_KINDS) for item in statements]):
        layout = [dealt_line_of_row(item) if isinstance(item, tuple)  # type: ignore[arg-type]
                  and len(item) == DEALT_ROW else item for item in layout]
        return lean_deal(deal_line, layout, rows, exchange_rows,
                         [item for item in layout if not isinstance(item, tuple)])
    dealt: tuple[list[DealtRow], list[DealtRow], list[DealtRow]] = ([], [], [])
    for item in others:
        if isinstance(item, tuple):
            dealt[item[0]].append(item)
    return lean_deal(deal_line, layout, rows, exchange_rows, statements, dealt)


# At most so many words kept of each kind (as FastPath keeps its own).
_KEPT = 4096
_LONG_DIGITS = re.compile(f"[0-9]{{{MAX_DIGITS + 1}}}")  # fastpath.LONG_DIGIT_RUN
