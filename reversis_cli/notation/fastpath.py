"""The fast path: well-formed deal, trick, exchange, espagnolette, event, hand, talon,
partie, paid and tally lines read without Lark.

Most lines of a record are trick lines, and nearly all of them are written
well.  Reading those with compiled regular expressions is several times
cheaper than the LALR parser, so a deal's lines pass here first.  Nothing
here defines the notation: the expressions are put together from the
grammar's own terminals (``INT``, ``CARDS``, the keywords, read from the
grammar's text without the parser: ``grammar_source.terminal_pattern``), and
each line read here becomes exactly the statement the grammar's builder would
make of it, positions included (a parity test holds the two to that).  A line
the expressions do not match in full -- a typo, a comment, a keyword used as
a name -- is left to Lark, so every error keeps its exact column.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Sequence

from ..diagnostics import Diagnostic
from ..amounts import MAX_DIGITS
from ..cards import KNOWN_SPELLINGS
from ..model import (
    CardAt, Deal, DealLine, EspagnoletteLine, ExchangeLine, Name, Pos,
    Statement, TrickLine,
)
from ..model.rows import (
    LONG_ROW, NO_INDEX, DealtRow, ExchangeRow, TrickRow, line_of_row, row_of_lean_line,
    trick_line_of_row)
from .fastdealt import DealtLines, lean_dealt
from .fastevents import EVENT_WORDS, EventLines
from .fastrecorded import RecordedLines
from .spaced import SpacedLines
from .fastlines import lean_exchange_line, new_deal_line, new_exchange_line, new_trick_line
from .cardwords import read_cards, reads_as_card_or_lookalike
from ..grammar_source import terminal_pattern
from .grammar_file import keywords


class FastPath(RecordedLines, EventLines, DealtLines):
    """The compiled expressions for the lines the fast path reads.

    Each is compiled at its first use (:class:`_Compiled`, which then leaves its
    place to it: a ``functools.cached_property`` would cost ~0.02 M instructions
    a deal), the trick and exchange ones at the run's first deal line, whatever
    its deal (a cost of the start-up, not of the first deal with tricks).  None
    holds the grammar's NAME (~8 M instructions to compile, each time: :mod:`re`
    shares nothing between expressions): where NAME stands they match any word,
    each checked once by :meth:`is_name`.  Paid and tally lines' only when met."""

    # Each a _Compiled until its first use (set in __init__), which reads as one.
    deal_line: re.Pattern[str]
    trick: re.Pattern[str]
    exchange: re.Pattern[str]
    espagnolette: re.Pattern[str]
    paid: re.Pattern[str]
    tally: re.Pattern[str]
    tally_entry: re.Pattern[str]

    def __init__(self, terminal: Callable[[str], str], keywords: frozenset[str]) -> None:
        """The fast path of the grammar whose terminals ``terminal`` gives (the
        expression of each, by its name, as Lark compiles it) and whose
        ``keywords`` no name may be."""
        self._grammar_terminal = terminal
        self.keywords = keywords
        # What :attr:`trick` has read, for :meth:`_lean_trick`: the numbers (by
        # their digits), the leaders' and the takers' words, the cards (the
        # index of each spelling).
        self._numbers: dict[str, int] = {}
        self._leaders: set[str] = set()
        self._takers: set[str] = set()
        self._card_indexes: dict[str, int] = {}
        # What :attr:`exchange` has read, for :meth:`_exchange_by_words`: the
        # players' words, and the cards (the index of each spelling).
        self._exchange_players: set[str] = set()
        self._dealers: set[str] = set()  # the dealers' words :attr:`deal_line` has read
        self._exchange_cards: dict[str, int] = {}
        self._names: dict[str, bool] = {}
        self._full_name: re.Pattern[str] | None = None  # NAME, compiled at a non-ASCII word
        self._blank, self._end = r"[ \t]+", r"[ \t]*\Z"
        self._start_dealt()
        for attribute in ("deal_line", "trick", "exchange", "espagnolette", "paid", "tally",
                          "tally_entry"):
            setattr(self, attribute, _Compiled(self, attribute))

    def _terminal(self, name: str) -> str:
        if name == "NAME":
            # Any word; the words a match takes as names are checked with
            # :meth:`is_name` (the grammar's NAME costs ~8 M to compile).
            return _WORD
        return self._grammar_terminal(name)

    def is_name(self, word: str) -> bool:
        """Whether ``word`` is a name by the grammar's NAME, each word checked once: an
        ASCII word by an expression equal to NAME on ASCII (a test holds it), any other
        by NAME itself, compiled only then."""
        known = self._names.get(word)
        if known is None:
            if word.isascii():
                known = _ASCII_NAME.fullmatch(word) is not None
            else:
                full_name = self._full_name
                if full_name is None:
                    full_name = self._full_name = re.compile(self._grammar_terminal("NAME"))
                known = full_name.fullmatch(word) is not None
            if len(self._names) < _NAMES_KEPT:
                self._names[word] = known
        return known

    def _names_are_names(self, *words: str | None) -> bool:
        """Every word given (None: none written) a name by NAME."""
        is_name = self.is_name
        return all(word is None or is_name(word) for word in words)

    def _build_trick(self) -> re.Pattern[str]:
        """Any trick line the fast path reads."""
        name, number, cards, arrow = (self._terminal(word)
                                      for word in ("NAME", "INT", "CARDS", "MORETHAN"))
        blank, end = self._blank, self._end
        # A leader is optional, and a word that reads as a card is a card:
        # the grammar gives CARDS the higher priority, so the name must not
        # start a run of cards.
        return re.compile(
            rf"[ \t]*(?P<number>{number})(?:{blank}(?!{cards})(?P<leader>{name}))?"
            rf"{blank}(?P<cards>{cards})(?:[ \t]*{arrow}[ \t]*(?P<taker>{name}))?{end}")

    def _build_exchange(self) -> re.Pattern[str]:
        """The exchange line."""
        # The keywords too are the grammar's terminals (Lark names "exchange" EXCHANGE).
        name, cards, exchange, discards, takes, refuses, sees = (
            self._terminal(word) for word in ("NAME", "CARDS", "EXCHANGE", "DISCARDS", "TAKES",
                                              "REFUSES", "SEES"))
        blank = self._blank
        return re.compile(
            rf"[ \t]*{exchange}{blank}(?P<player>{name}){blank}(?:"
            rf"{discards}{blank}(?P<discards>{cards})(?:{blank}{takes}{blank}(?P<takes>{cards}))?"
            rf"|{takes}{blank}(?P<takes_only>{cards})"
            rf"|(?P<refuses>{refuses})(?:{blank}{sees}{blank}(?P<sees>{cards}))?){self._end}")

    def _build_deal_line(self) -> re.Pattern[str]:
        """The deal line."""
        name, number, deal, dealer = (self._terminal(word)
                                      for word in ("NAME", "INT", "DEAL", "DEALER"))
        blank = self._blank
        return re.compile(rf"[ \t]*{deal}{blank}(?P<number>{number}){blank}{dealer}{blank}"
                          rf"(?P<dealer>{name}){self._end}")

    def _build_espagnolette(self) -> re.Pattern[str]:
        """The espagnolette line."""
        name, espagnolette, waives = (self._terminal(word)
                                      for word in ("NAME", "ESPAGNOLETTE", "WAIVES"))
        blank = self._blank
        return re.compile(rf"[ \t]*{espagnolette}{blank}(?P<player>{name})"
                          rf"(?:{blank}(?P<waives>{waives}))?{self._end}")

    def read_deal(self, lines: Sequence[str], first_line: int
                  ) -> tuple[Deal, list[Diagnostic]] | None:
        """The deal of a chunk whose every line the fast path reads, and its cards' problems;
        None when a line is not plain (a comment, a control character, a tab, a too long line
        or number, a statement left to Lark: ``parse_chunk`` parses it).  The usual lines read
        by their words; a lean deal (``lean_dealt``), its lines made when asked."""
        deal_line: DealLine | None = None
        layout: list[Statement | TrickRow | ExchangeRow | DealtRow] = []
        rows: list[TrickRow] = []
        exchange_rows: list[ExchangeRow] = []
        others: list[Statement | DealtRow] = []  # (a dealt line read by its words: its row)
        problems: list[Diagnostic] = []
        # a line read in full; lines left unchecked; rows of three cards (IRR-5: the last)
        in_full, spaced, threes = False, type(lines) is SpacedLines, 0
        lean_trick, exchange_by_words, dealt_by_words, dealt_heads = (
            self._lean_trick, self._exchange_by_words, self._dealt_by_words, self._dealt_read[0])
        for number, line in enumerate(lines, first_line):
            words = line.split()
            if deal_line is None:
                if len(words) == 4:
                    deal_line = self._deal_line_by_words(line, words, number)
                    if deal_line is not None:
                        continue
            else:
                count = len(words)
                # an exchange line has the words of a trick line too (six of them:
                # "exchange NAME discards C takes C"): its first word tells it first
                if 2 < count < 8 and words[0] == "exchange":
                    exchange = exchange_by_words(line, words, number, spaced)
                    if exchange is not None:
                        layout.append(exchange)
                        exchange_rows.append(exchange)
                        continue
                elif 4 < count < 9:  # the words of a trick line
                    row = lean_trick(line, words, number, spaced)
                    if row is not None:
                        layout.append(row)
                        rows.append(row)
                        continue
                # a dealt line by its words (is_plain's checks but the long number's)
                if count and words[0] in dealt_heads and line.isprintable() \
                        and "#" not in line and len(line) <= MAX_LINE_LENGTH \
                        and (dealt := dealt_by_words(line, words, number)) is not None:
                    layout.append(dealt)
                    others.append(dealt)
                    continue
            if not line:
                continue
            if not is_plain(line):
                return None
            if not words:  # spaces only (a plain line has no other blank): a blank line
                continue
            if deal_line is None:  # the first statement is the deal line
                deal_line = self._deal_line(line, number)
                if deal_line is None:
                    return None
                continue
            statement = self._read_plain(line, words, number, problems)
            if statement is None or isinstance(statement, DealLine):
                return None  # a second deal line: Lark says what is wrong
            if isinstance(statement, (TrickLine, ExchangeLine)) \
                    and (kept := row_of_lean_line(statement)) is not None:
                layout.append(kept)  # a lean exchange line's row, or a trick of three cards'
                threes += len(kept) == LONG_ROW
                (rows if len(kept) == LONG_ROW else exchange_rows).append(kept)  # type: ignore
                continue
            in_full = in_full or isinstance(statement, (TrickLine, ExchangeLine))
            layout.append(statement)
            others.append(statement)
        if deal_line is None:
            return None
        if problems:
            problems.sort(key=lambda d: (d.line or 0, d.column or 0))
        if in_full or threes and (threes > 1 or rows[-1][4] != NO_INDEX):  # made in full
            return Deal(deal_line, tuple([line_of_row(item) if isinstance(item, tuple) else item
                                          for item in layout])), problems
        return lean_dealt(deal_line, layout, rows, exchange_rows, others), problems

    def _lean_trick(self, line: str, words: list[str], number: int, spaced: bool = False
                    ) -> TrickRow | None:
        """The usual trick line, read by its ``words`` (the fast path of
        :meth:`_trick`, which reads every trick line the fast path reads): its
        row (``model.TrickRow``, made a line by ``trick_line_of_row``) when the
        line is plain and its words are a number, a leader, cards and a taker
        that :attr:`trick` has read as such before, each in its place, with
        four cards; else None.

        :attr:`trick` reads such a line the same way: a word it took for a
        leader's name starts no card, a card is a card wherever it stands
        after a blank, and a plain line's only blank is the space."""
        count = len(words)  # each form unpacked whole: no slice of the words made
        leader: str | None
        taker: str | None
        if count == 6:
            digits, leader, first, second, third, fourth = words
            taker = None
            if leader not in self._leaders:
                return None
        elif count == 8:  # "> TAKER" at the end
            digits, leader, first, second, third, fourth, arrow, taker = words
            if arrow != ">" or taker not in self._takers or leader not in self._leaders:
                return None
        elif count == 5:
            digits, first, second, third, fourth = words
            leader = taker = None
        elif count == 7:
            digits, first, second, third, fourth, arrow, taker = words
            leader = None
            if arrow != ">" or taker not in self._takers:
                return None
        else:
            return None
        found = self._numbers.get(digits)
        if found is None:
            return None
        index = self._card_indexes.get
        i0, i1, i2, i3 = index(first), index(second), index(third), index(fourth)
        if i0 is None or i1 is None or i2 is None or i3 is None:
            return None
        # is_plain's checks (not for SpacedLines), but the one for a long number: no
        # word read here holds one
        if not spaced and (not line.isprintable() or len(line) > MAX_LINE_LENGTH):
            return None
        return (found, i0, i1, i2, i3, leader, taker, line, number)

    def _exchange_by_words(self, line: str, words: list[str], number: int,
                           spaced: bool = False) -> ExchangeRow | None:
        """The usual exchange line, read by its ``words`` (the fast path of
        :meth:`_exchange`): its row (``model.rows.ExchangeRow``, made the lean
        line :meth:`_exchange` makes of it by ``exchange_line_of_row``), when
        the line is plain and its words are ``exchange``, a player's word and
        the keywords and cards of one of its forms, each card one word, the
        player's word one :attr:`exchange` has read as a player before and
        each card's word one it has read as a single card; else None.

        :attr:`exchange` reads such a line the same way: its words are
        separated by blanks, a plain line's only blank is the space, and each
        word stands where the expression read it before."""
        player = words[1]
        if player not in self._exchange_players:
            return None
        count, keyword, card = len(words), words[2], self._exchange_cards.get
        takes: tuple[int, ...] | None = None
        discards: tuple[int, ...] = ()
        sees: tuple[int, ...] = ()
        if keyword == "discards" and (count == 4 or count == 6 and words[4] == "takes"):
            discard = card(words[3])
            if discard is None:
                return None
            discards = (discard,)
            if count == 6:
                take = card(words[5])
                if take is None:
                    return None
                takes = (take,)
        elif keyword == "discards" and (count == 5 or count == 7 and words[5] == "takes"):
            first, second = card(words[3]), card(words[4])  # two discarded (IRR-5)
            if first is None or second is None:
                return None
            discards = (first, second)
            if count == 7:
                take = card(words[6])
                if take is None:
                    return None
                takes = (take,)
        elif keyword == "takes" and count == 4:
            take = card(words[3])
            if take is None:
                return None
            takes = (take,)
        elif keyword == "refuses" and (count == 3 or count == 5 and words[3] == "sees"):
            if count == 5:
                seen = card(words[4])
                if seen is None:
                    return None
                sees = (seen,)
        else:
            return None
        if not spaced and (not line.isprintable() or len(line) > MAX_LINE_LENGTH):
            return None  # is_plain's checks, as in _lean_trick
        return (player, keyword == "refuses", discards, takes, sees, len(sees), line, number)

    def read(self, line: str, number: int, problems: list[Diagnostic]) -> Statement | None:
        """The statement on ``line`` (line ``number`` of the file), or ``None``
        when the line is not one the fast path reads: Lark reads it then."""
        if "#" in line:  # comments are collected by Lark's lexer
            return None
        head = (body := line.lstrip(" \t"))[:1]
        if head.isdigit():
            row = self._lean_trick(line, line.split(), number)
            return trick_line_of_row(row) if row is not None \
                else self._trick(line, number, problems)
        if head == "e":
            return self._exchange(line, number, problems) or self._event(line, number)
        if head == "d":
            return self._deal_line(line, number) or self._event(line, number)
        if body[:6] in ("partie", "talon "):  # no paid or tally line: a dealt line (or an
            return self._dealt_line(head, line, number, problems)  # event line): its own
        if head == "p":
            return self._paid(line, number) or self._event(line, number) \
                or self._dealt_line(head, line, number, problems)
        if head == "t":
            return self._tally(line, number) or self._dealt_line(head, line, number, problems)
        if head == "h":
            return self._dealt_line(head, line, number, problems)
        return self._event(line, number) if head in _EVENT_HEADS else None

    def _trick(self, line: str, number: int, problems: list[Diagnostic]) -> TrickLine | None:
        match = self.trick.match(line)
        if match is None:
            return None
        leader, taker = match.group("leader", "taker")
        if not self._names_are_names(leader, taker):
            return None  # not a name: Lark says what it is
        if leader in self.keywords or taker in self.keywords:
            return None  # a keyword where a name stands: Lark reads it its own way
        if leader and reads_as_card_or_lookalike(leader):
            return None  # a card with a letter from another alphabet: the builder says so
        start = Pos(number, match.start("number") + 1)
        cards = read_cards(match.group("cards"), number, match.start("cards") + 1, problems)
        self._remember(match.group("number"), leader, taker, cards)
        return new_trick_line(
            start, int(match.group("number")),
            Name(leader, Pos(number, match.start("leader") + 1)) if leader else None, cards,
            Name(taker, Pos(number, match.start("taker") + 1)) if taker else None, start)

    def _remember(self, digits: str, leader: str | None, taker: str | None,
                  cards: tuple[CardAt, ...]) -> None:
        """Keep the words :attr:`trick` has read, each as what it read it,
        for :meth:`_lean_trick` (a few thousand at most: a hostile file cannot
        grow the tables without end; none with a number too long, which a
        plain line holds none of)."""
        if len(self._numbers) < _NAMES_KEPT and len(digits) <= MAX_DIGITS:
            self._numbers[digits] = int(digits)
        for word, kept in ((leader, self._leaders), (taker, self._takers)):
            if word is not None and len(kept) < _NAMES_KEPT and not LONG_DIGIT_RUN.search(word):
                kept.add(word)
        if len(self._card_indexes) < _NAMES_KEPT:
            for card_at in cards:
                self._card_indexes[card_at.spelling] = card_at.card.index

    def _remember_exchange(self, player: str, *cards: str | None) -> None:
        """Keep the words :attr:`exchange` has read as a player and as single
        cards (each a known spelling) for :meth:`_exchange_by_words`, a few
        thousand at most, and no word with a number too long (a plain line
        holds none)."""
        if len(self._exchange_players) < _NAMES_KEPT and not LONG_DIGIT_RUN.search(player):
            self._exchange_players.add(player)
        known = KNOWN_SPELLINGS.get
        for spelling in cards:
            if spelling is not None and len(self._exchange_cards) < _NAMES_KEPT:
                card = known(spelling)
                if card is not None:
                    self._exchange_cards[spelling] = card.index

    def _exchange(self, line: str, number: int, problems: list[Diagnostic]
                  ) -> ExchangeLine | EspagnoletteLine | None:
        found = self.exchange.match(line)
        if found is None:
            return self._espagnolette(line, number)
        player, discards, takes, takes_only, refuses, sees = found.groups()
        if player in self.keywords or not self.is_name(player):
            return None
        lean = _lean_exchange(line, number, player, refuses is not None, discards,
                              takes if takes is not None else takes_only, sees)
        if lean is not None:
            self._remember_exchange(player, *(discards or "").split(),  # two discarded: each
                                    takes if takes is not None else takes_only, sees)
            return lean
        starts, new = found.start, tuple.__new__
        seen = _cards_at(sees, number, starts(6) + 1, problems) if sees is not None else ()
        if takes is not None:
            took: tuple[CardAt, ...] | None = _cards_at(takes, number, starts(3) + 1, problems)
        elif takes_only is not None:
            took = _cards_at(takes_only, number, starts(4) + 1, problems)
        else:
            took = None
        return new_exchange_line(
            new(Pos, (number, len(line) - len(line.lstrip(" \t")) + 1)),
            new(Name, (player, new(Pos, (number, starts(1) + 1)))), refuses is not None,
            _cards_at(discards, number, starts(2) + 1, problems) if discards is not None else (),
            took, seen[0] if seen else None, len(seen))

    def _espagnolette(self, line: str, number: int) -> EspagnoletteLine | None:
        found = self.espagnolette.match(line)
        if found is None or found.group("player") in self.keywords \
                or not self.is_name(found.group("player")):
            return None
        return EspagnoletteLine(
            pos=Pos(number, len(line) - len(line.lstrip(" \t")) + 1),
            player=Name(found.group("player"), Pos(number, found.start("player") + 1)),
            waives=found.group("waives") is not None)

    def _deal_line_by_words(self, line: str, words: list[str], number: int
                            ) -> DealLine | None:
        """The usual deal line, read by its four ``words`` (the fast path of
        :meth:`_deal_line`): the line :meth:`_deal_line` makes of it, when
        the line is plain, its words are ``deal``, a number, ``dealer`` and a
        word :attr:`deal_line` has read as a dealer's name before, and one
        space stands between each two (so each word's column is known);
        else None."""
        deal, digits, keyword, dealer = words
        if deal != "deal" or keyword != "dealer" or dealer not in self._dealers \
                or not digits.isdigit() or not digits.isascii() or len(digits) > MAX_DIGITS:
            return None
        indent = len(line) - len(line.lstrip(" "))
        # "deal N dealer NAME": one space between each two words, none after
        if len(line) != indent + 13 + len(digits) + len(dealer) or not line.isprintable():
            return None
        if isinstance(self.trick, _Compiled):  # the run's first deal line (see the class)
            self.trick.compiled()
            if isinstance(self.exchange, _Compiled):
                self.exchange.compiled()
        new = tuple.__new__  # a named tuple's own __new__ is a Python function: skipped
        return new_deal_line(
            new(Pos, (number, indent + 1)), int(digits),
            new(Name, (dealer, new(Pos, (number, indent + 14 + len(digits))))),
            new(Pos, (number, indent + 6)))

    def _deal_line(self, line: str, number: int) -> DealLine | None:
        match = self.deal_line.match(line)
        if match is None or match.group("dealer") in self.keywords \
                or not self.is_name(match.group("dealer")):
            return None
        dealer = match.group("dealer")
        if len(self._dealers) < _NAMES_KEPT and not LONG_DIGIT_RUN.search(dealer):
            self._dealers.add(dealer)  # for _deal_line_by_words
        if isinstance(self.trick, _Compiled):  # the run's first deal line (see the class)
            self.trick.compiled()
            if isinstance(self.exchange, _Compiled):
                self.exchange.compiled()
        new = tuple.__new__  # a named tuple's own __new__ is a Python function: skipped
        return new_deal_line(
            new(Pos, (number, len(line) - len(line.lstrip(" \t")) + 1)),
            int(match.group("number")),
            new(Name, (match.group("dealer"), new(Pos, (number, match.start("dealer") + 1)))),
            new(Pos, (number, match.start("number") + 1)))


class _Compiled:
    """One of a :class:`FastPath`'s expressions, compiled at its first use by
    the fast path's ``_build_`` method of its name, which it then leaves its
    place to (a reader that kept it gets the compiled expression too)."""

    def __init__(self, owner: FastPath, attribute: str) -> None:
        self._owner, self._attribute = owner, attribute
        self._pattern: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        if self._pattern is None:
            self._pattern = getattr(self._owner, "_build_" + self._attribute)()
            setattr(self._owner, self._attribute, self._pattern)
        return self._pattern

    def match(self, text: str, *where: int) -> re.Match[str] | None:
        return self.compiled().match(text, *where)

    def finditer(self, text: str, *where: int) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(text, *where)


def _lean_exchange(line: str, number: int, player: str, refuses: bool, discards: str | None,
                   takes: str | None, sees: str | None) -> ExchangeLine | None:
    """The usual exchange line, matched by :attr:`FastPath.exchange`, as a lean
    line (``fastlines.lean_exchange_line``) when each card written is a word
    known by its spelling, and the cards taken and seen one each (two
    discarded is a run of two words; a run taken or seen, or a spelling read
    for the first time, is left to :func:`_cards_at`, which says what is
    wrong with it); else None."""
    known = KNOWN_SPELLINGS.get
    discard_indexes: tuple[int, ...] = ()
    take_indexes = None
    sees_indexes: tuple[int, ...] = ()
    if discards is not None:
        card = known(discards)
        if card is not None:
            discard_indexes = (card.index,)
        else:  # a run of cards (two discarded, IRR-5): each word a card known by its spelling
            cards = [known(word) for word in discards.split()]
            if None in cards:
                return None
            discard_indexes = tuple([card.index for card in cards if card is not None])
    if takes is not None:
        card = known(takes)
        if card is None:
            return None
        take_indexes = (card.index,)
    if sees is not None:
        card = known(sees)
        if card is None:
            return None
        sees_indexes = (card.index,)
    return lean_exchange_line(line, number, player, refuses, discard_indexes, take_indexes,
                              sees_indexes)


def _cards_at(text: str, line: int, column: int, problems: list[Diagnostic]
              ) -> tuple[CardAt, ...]:
    """:func:`read_cards`, with the usual run of one card known at once (the
    cards an exchange discards and takes, one by one in a simulated record)."""
    card = KNOWN_SPELLINGS.get(text)
    if card is not None:
        return (tuple.__new__(CardAt, (card, tuple.__new__(Pos, (line, column)), text)),)
    return read_cards(text, line, column, problems)


# A word where the grammar has a NAME: the expressions match any word there,
# and the words matched are checked with FastPath.is_name.  Every NAME of the
# expressions stands before a blank or the end of the line, so the word is
# the span NAME itself would match (no NAME holds a blank or a tab).
_WORD = r"[^ \t]+"
# The grammar's NAME on ASCII words: a letter, then letters, digits, _ and -
# (the combining marks NAME adds are none of them ASCII).
_ASCII_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
# Words checked and kept by FastPath.is_name, at most (a hostile file cannot
# grow the table without end).
_NAMES_KEPT = 4096

# A statement is a short line; a longer one is refused before the parser sees it.
MAX_LINE_LENGTH = 4000
# A number too long to read (parse.py refuses a deal or trick number so written).
LONG_DIGIT_RUN = re.compile(f"[0-9]{{{MAX_DIGITS + 1}}}")


# The first letters of the event keywords (fastevents.py) the branches above leave.
_EVENT_HEADS = frozenset(word[0] for word in EVENT_WORDS) - {"e", "d", "p", "t"}


def is_plain(line: str) -> bool:
    """Whether nothing in ``line`` asks for a check of ``parse_chunk``: it is
    not too long, holds no comment, no character that is not printable (a
    control character, a tab, a blank other than the space) and no number
    that may be too long.  Every line of a clean record is plain."""
    return (line.isprintable() and "#" not in line and len(line) <= MAX_LINE_LENGTH
            and (len(line) <= MAX_DIGITS or LONG_DIGIT_RUN.search(line) is None))


@functools.lru_cache(maxsize=1)
def fast_path() -> FastPath:
    """The fast path for this process's grammar, built once from the grammar's
    text: no parser is built, and Lark is not even loaded, until a line the
    fast path does not read needs it."""
    return FastPath(terminal_pattern, keywords())
