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

import functools
import re
from collections.abc import Callable
from typing import cast

from ..amounts import MAX_DIGITS
from ..diagnostics import Diagnostic
from ..cards import KNOWN_SPELLINGS, Card
from ..model import HandLine, Name, PartieLine, Pos, TalonLine, lean_cards_line
from .cardwords import read_cards

__all__ = ["DealtLines"]

# Where the grammar has a NAME, any word: the word is then checked by is_name.
_WORD = r"[^ \t]+"


class DealtLines:
    """The hand, talon and partie lines of :class:`.fastpath.FastPath`."""

    # The fast path's, set by FastPath.__init__.
    keywords: frozenset[str]
    is_name: Callable[[str], bool]
    _blank: str
    _end: str
    _terminal: Callable[[str], str]

    @functools.cached_property
    def _dealt(self) -> dict[str, re.Pattern[str]]:
        """Each line's expression by the keyword's first letter: ``h``, ``t``, ``p``."""
        hand, talon, partie, cards = (self._terminal(word)
                                      for word in ("HAND", "TALON", "PARTIE", "CARDS"))
        blank, end = self._blank, self._end
        return {"h": re.compile(rf"[ \t]*{hand}{blank}(?P<player>{_WORD}){blank}"
                                rf"(?P<cards>{cards}){end}"),
                "t": re.compile(rf"[ \t]*{talon}{blank}(?P<cards>{cards}){end}"),
                "p": re.compile(rf"[ \t]*{partie}{blank}(?P<cards>{cards}){end}")}

    @functools.cached_property
    def _dealt_read(self) -> tuple[dict[str, type[DealtLine]], set[str], dict[str, int]]:
        """What :attr:`_dealt` has read, for :meth:`_dealt_by_words`: the
        keywords' words (each with its line's kind), the players' words, the
        cards' words (each a single card, with its index)."""
        return {}, set(), {}

    def _dealt_line(self, head: str, line: str, number: int, problems: list[Diagnostic]
                    ) -> HandLine | TalonLine | PartieLine | None:
        found = self._dealt[head].match(line)
        if found is None:
            return None
        player = found.group("player") if head == "h" else None
        if player is not None and (player in self.keywords or not self.is_name(player)):
            return None  # a keyword where a name stands, or no name: Lark says so
        pos = Pos(number, len(line) - len(line.lstrip(" \t")) + 1)
        name = None if player is None else Name(player, Pos(number, found.start("player") + 1))
        kind = HandLine if name is not None else TalonLine if head == "t" else PartieLine
        text, column = found.group("cards"), found.start("cards") + 1
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
        heads, players, cards = self._dealt_read
        if len(heads) < _KEPT:
            heads[keyword] = kind
        if player is not None and len(players) < _KEPT and not _LONG_DIGITS.search(player):
            players.add(player)
        if len(cards) < _KEPT:
            cards.update(zip(words, indexes, strict=True))

    def _dealt_by_words(self, line: str, words: list[str], number: int) -> DealtLine | None:
        """The usual hand, talon or partie line, read by its ``words`` (the fast
        path of :meth:`_dealt_line`), lean; None unless its keyword, its
        player's word and each card's word are ones :attr:`_dealt` has read so
        (a line of the same kind).  ``line`` is plain (``fastpath.is_plain``):
        its only blank is the space, so the expression would read its words
        where they stand."""
        heads, players, cards = self._dealt_read
        kind = heads.get(words[0])
        if kind is None:
            return None
        first = 2 if kind is HandLine else 1  # the first card's word
        if len(words) <= first or first == 2 and words[1] not in players:
            return None
        indexes = tuple(map(cards.get, words[first:]))
        if None in indexes:
            return None
        new = tuple.__new__  # the named tuples made without their __new__'s Python call
        at = len(line) - len(line.lstrip(" "))
        pos = new(Pos, (number, at + 1))
        at += len(words[0])
        name = None
        if first == 2:
            at = line.index(words[1], at)
            name = new(Name, (words[1], new(Pos, (number, at + 1))))
            at += len(words[1])
        at = line.index(words[first], at)
        return lean_cards_line(kind, pos, name, cast(tuple[int, ...], indexes),
                               line[at:].rstrip(" "), number, at + 1)


DealtLine = HandLine | TalonLine | PartieLine
# At most so many words kept of each kind (as FastPath keeps its own).
_KEPT = 4096
_LONG_DIGITS = re.compile(f"[0-9]{{{MAX_DIGITS + 1}}}")  # fastpath.LONG_DIGIT_RUN
