"""The fast path's paid and tally lines (what the table paid and wrote down),
read without Lark: a part of :class:`.fastpath.FastPath`, which see.

Only lines whose every amount reads are taken here: a line with an amount in
error is Lark's, whose builder reports it (RV115).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..amounts import read_amount
from ..model import POOL_WORD, Name, PaidLine, Pos, TallyEntry, TallyLine

__all__ = ["RecordedLines"]


class RecordedLines:
    """The paid and tally lines of :class:`.fastpath.FastPath` (its expressions
    ``paid``, ``tally`` and ``tally_entry``, compiled at their first use)."""

    # The fast path's, set by FastPath.__init__.
    paid: Any
    tally: Any
    tally_entry: Any
    keywords: frozenset[str]
    _blank: str
    _end: str
    _terminal: Callable[[str], str]
    is_name: Callable[[str], bool]
    _names_are_names: Callable[..., bool]

    def _recorded(self) -> tuple[str, str, str]:
        """The three expressions' text, worked out for each (once a record): a
        method, not a ``functools.cached_property``, which would write into the
        fast path's ``__dict__`` and slow its every attribute (see
        ``fastdealt.DealtLines._start_dealt``)."""
        return _recorded_expressions(self._terminal, self._blank, self._end)

    def _build_paid(self) -> re.Pattern[str]:
        """The paid line."""
        return re.compile(self._recorded()[0])

    def _build_tally(self) -> re.Pattern[str]:
        """The tally line."""
        return re.compile(self._recorded()[1])

    def _build_tally_entry(self) -> re.Pattern[str]:
        """One figure of a tally line."""
        return re.compile(self._recorded()[2])

    def _paid(self, line: str, number: int) -> PaidLine | None:
        match = self.paid.match(line)
        if match is None:
            return None
        payer, payee = match.group("payer", "payee")
        if _keyword_name(payer, self.keywords) or _keyword_name(payee, self.keywords):
            return None
        if not self._names_are_names(payer, payee):
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
            if found.group("name") in self.keywords or amount is None \
                    or not self.is_name(found.group("name")):
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


def _recorded_expressions(terminal, blank: str, end: str) -> tuple[str, str, str]:
    """The expressions (not compiled) of the paid line, the tally line and one
    tally figure, from the grammar's terminals; the amounts are the
    well-formed ones only."""
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
    return paid_line, tally_line, entry
