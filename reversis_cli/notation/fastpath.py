"""The fast path: well-formed deal, trick and exchange lines read without Lark.

Most lines of a record are trick lines, and nearly all of them are written
well.  Reading those with one compiled regular expression each is several
times cheaper than running the LALR parser over them, so a deal's lines pass
here first.  Nothing here defines the notation: the expressions are put
together from the grammar's own terminals (``NAME``, ``INT``, ``CARDS``,
taken from the compiled parser), and each line read here becomes exactly the
statement the grammar's builder would make of it, positions included (a
parity test holds the two paths to that).  A line the expressions do not
match in full -- a typo, a comment, a keyword used as a name, anything
unusual -- is left to Lark, so every error keeps its exact column.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ..diagnostics import Diagnostic
from ..model import DealLine, ExchangeLine, Name, Pos, Statement, TrickLine
from .builder import read_cards, reads_as_card_or_lookalike
from .grammar_file import keywords, parser


@dataclass(frozen=True)
class FastPath:
    """The compiled expressions for the lines the fast path reads."""

    deal_line: re.Pattern[str]
    trick: re.Pattern[str]
    exchange: re.Pattern[str]
    keywords: frozenset[str]

    @classmethod
    def from_parser(cls, lark, keywords: frozenset[str]) -> FastPath:
        def terminal(name: str) -> str:
            return lark.get_terminal(name).pattern.to_regexp()

        name, number, cards = terminal("NAME"), terminal("INT"), terminal("CARDS")
        # The keywords too are the grammar's terminals (Lark names "exchange" EXCHANGE).
        deal, dealer, exchange, discards, takes, refuses, sees, arrow = (
            terminal(word) for word in ("DEAL", "DEALER", "EXCHANGE", "DISCARDS", "TAKES",
                                        "REFUSES", "SEES", "MORETHAN"))
        blank, end = r"[ \t]+", r"[ \t]*\Z"
        # A leader is optional, and a word that reads as a card is a card:
        # the grammar gives CARDS the higher priority, so the name must not
        # start a run of cards.
        trick = (rf"[ \t]*(?P<number>{number})(?:{blank}(?!{cards})(?P<leader>{name}))?"
                 rf"{blank}(?P<cards>{cards})(?:[ \t]*{arrow}[ \t]*(?P<taker>{name}))?{end}")
        exchange_line = (
            rf"[ \t]*{exchange}{blank}(?P<player>{name}){blank}(?:"
            rf"{discards}{blank}(?P<discards>{cards})(?:{blank}{takes}{blank}(?P<takes>{cards}))?"
            rf"|{takes}{blank}(?P<takes_only>{cards})"
            rf"|(?P<refuses>{refuses})(?:{blank}{sees}{blank}(?P<sees>{cards}))?){end}")
        deal_line = (rf"[ \t]*{deal}{blank}(?P<number>{number}){blank}{dealer}{blank}"
                     rf"(?P<dealer>{name}){end}")
        return cls(re.compile(deal_line), re.compile(trick), re.compile(exchange_line),
                   keywords)

    def read(self, line: str, number: int, problems: list[Diagnostic]) -> Statement | None:
        """The statement on ``line`` (line ``number`` of the file), or ``None``
        when the line is not one the fast path reads: Lark reads it then."""
        if "#" in line:  # comments are collected by Lark's lexer
            return None
        head = line.lstrip(" \t")[:1]
        if head.isdigit():
            return self._trick(line, number, problems)
        if head == "e":
            return self._exchange(line, number, problems)
        if head == "d":
            return self._deal_line(line, number)
        return None

    def _trick(self, line: str, number: int, problems: list[Diagnostic]) -> TrickLine | None:
        match = self.trick.match(line)
        if match is None:
            return None
        leader, taker = match.group("leader", "taker")
        if leader in self.keywords or taker in self.keywords:
            return None  # a keyword where a name stands: Lark reads it its own way
        if leader and reads_as_card_or_lookalike(leader):
            return None  # a card with a letter from another alphabet: the builder says so
        start = Pos(number, match.start("number") + 1)
        return TrickLine(
            pos=start, number=int(match.group("number")), number_pos=start,
            leader=Name(leader, Pos(number, match.start("leader") + 1)) if leader else None,
            cards=read_cards(match.group("cards"), number, match.start("cards") + 1, problems),
            taker=Name(taker, Pos(number, match.start("taker") + 1)) if taker else None)

    def _exchange(self, line: str, number: int, problems: list[Diagnostic]
                  ) -> ExchangeLine | None:
        match = self.exchange.match(line)
        if match is None or match.group("player") in self.keywords:
            return None

        def cards(group: str):
            text = match.group(group)
            if text is None:
                return None
            return read_cards(text, number, match.start(group) + 1, problems)

        seen = cards("sees") or ()
        takes = cards("takes") if match.group("takes") is not None else cards("takes_only")
        return ExchangeLine(
            pos=Pos(number, len(line) - len(line.lstrip(" \t")) + 1),
            player=Name(match.group("player"), Pos(number, match.start("player") + 1)),
            refuses=match.group("refuses") is not None, discards=cards("discards") or (),
            takes=takes, sees=seen[0] if seen else None, sees_count=len(seen))

    def _deal_line(self, line: str, number: int) -> DealLine | None:
        match = self.deal_line.match(line)
        if match is None or match.group("dealer") in self.keywords:
            return None
        return DealLine(pos=Pos(number, len(line) - len(line.lstrip(" \t")) + 1),
                        number=int(match.group("number")),
                        number_pos=Pos(number, match.start("number") + 1),
                        dealer=Name(match.group("dealer"), Pos(number, match.start("dealer") + 1)))


@functools.lru_cache(maxsize=1)
def fast_path() -> FastPath:
    """The fast path for this process's grammar, built once."""
    lark, _, _ = parser()
    return FastPath.from_parser(lark, keywords())
