"""The fast path: well-formed deal, trick, exchange, paid and tally lines read without Lark.

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
from ..amounts import read_amount
from ..model import (
    POOL_WORD, DealLine, ExchangeLine, Name, PaidLine, Pos, Statement, TallyEntry, TallyLine,
    TrickLine,
)
from .builder import read_cards, reads_as_card_or_lookalike
from .grammar_file import keywords, parser


@dataclass(frozen=True)
class FastPath:
    """The compiled expressions for the lines the fast path reads."""

    deal_line: re.Pattern[str]
    trick: re.Pattern[str]
    exchange: re.Pattern[str]
    keywords: frozenset[str]
    paid: re.Pattern[str]
    tally: re.Pattern[str]
    tally_entry: re.Pattern[str]

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
        paid, tally, entry = _recorded_expressions(terminal, blank, end)
        return cls(re.compile(deal_line), re.compile(trick), re.compile(exchange_line),
                   keywords, paid, tally, entry)

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
        if head == "p":
            return self._paid(line, number)
        if head == "t":
            return self._tally(line, number)
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


    # -- what the table paid and wrote down ----------------------------------------
    #
    # Only lines whose every amount reads are taken here: a line with an
    # amount in error is Lark's, whose builder reports it (RV115).

    def _paid(self, line: str, number: int) -> PaidLine | None:
        match = self.paid.match(line)
        if match is None:
            return None
        payer, payee = match.group("payer", "payee")
        if _keyword_name(payer, self.keywords) or _keyword_name(payee, self.keywords):
            return None
        amount = read_amount(match.group("amount"))
        if amount is None or amount <= 0:
            return None

        def at(group: str) -> Pos:
            return Pos(number, match.start(group) + 1)

        rule, trick = match.group("rule", "trick")
        return PaidLine(
            pos=Pos(number, len(line) - len(line.lstrip(" \t")) + 1),
            payer=Name(payer, at("payer")), payee=Name(payee, at("payee")), amount=amount,
            amount_pos=at("amount"), rule=rule, rule_pos=at("rule") if rule else None,
            trick=int(trick) if trick is not None else None,
            trick_pos=at("trick") if trick is not None else None)

    def _tally(self, line: str, number: int) -> TallyLine | None:
        match = self.tally.match(line)
        if match is None:
            return None
        entries = []
        for found in self.tally_entry.finditer(line, match.start("entries"), match.end("entries")):
            amount = read_amount(found.group("amount"), signed=True)
            if found.group("name") in self.keywords or amount is None:
                return None
            name = Name(found.group("name"), Pos(number, found.start("name") + 1))
            entries.append(TallyEntry(name, amount, Pos(number, found.start("amount") + 1)))
        pool = pool_pos = None
        if match.group("pool") is not None:
            pool, pool_pos = read_amount(match.group("pool")), Pos(number, match.start("pool") + 1)
            if pool is None:
                return None
        return TallyLine(pos=Pos(number, len(line) - len(line.lstrip(" \t")) + 1),
                         entries=tuple(entries), pool=pool, pool_pos=pool_pos)


def _keyword_name(name: str, keywords: frozenset[str]) -> bool:
    """A keyword where a payer or payee stands, the pool's excepted."""
    return name != POOL_WORD and name in keywords


def _recorded_expressions(terminal, blank: str, end: str):
    """The expressions of the paid line, the tally line and one tally figure,
    from the grammar's terminals; the amounts are the well-formed ones only."""
    name, number, rule = terminal("NAME"), terminal("INT"), terminal("RULE_ID")
    paid, pool, tally, trick = (terminal(word) for word in ("PAID", "POOL", "TALLY", "TRICK"))
    amount, signed = r"[0-9]+(?:/[0-9]+)?", r"[+-]?[0-9]+(?:/[0-9]+)?"
    after = r"(?=[ \t]|\Z)"  # an amount ends where its word does, as the grammar's WORD
    paid_line = (rf"[ \t]*{paid}{blank}(?P<payer>{name}){blank}(?P<payee>{name}){blank}"
                 rf"(?P<amount>{amount}){after}(?:{blank}(?P<rule>{rule}))?"
                 rf"(?:{blank}{trick}{blank}(?P<trick>{number}))?{end}")
    # A figure's name is never the pool's keyword: "pool" opens the pool's figure.
    entry = rf"{blank}(?!{pool}[ \t])(?P<name>{name}){blank}(?P<amount>{signed}){after}"
    unnamed = entry.replace("?P<name>", "").replace("?P<amount>", "")
    tally_line = (rf"[ \t]*{tally}(?P<entries>(?:{unnamed})*)"
                  rf"(?:{blank}{pool}{blank}(?P<pool>{amount}){after})?{end}")
    return re.compile(paid_line), re.compile(tally_line), re.compile(entry)


@functools.lru_cache(maxsize=1)
def fast_path() -> FastPath:
    """The fast path for this process's grammar, built once."""
    lark, _, _ = parser()
    return FastPath.from_parser(lark, keywords())
