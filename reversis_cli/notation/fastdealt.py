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

from ..diagnostics import Diagnostic
from ..model import HandLine, Name, PartieLine, Pos, TalonLine
from .cardwords import read_cards

__all__ = ["DealtLines"]

# Where the grammar has a NAME, any word: the word is then checked by is_name.
_WORD = r"[^ \t]+"
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

    @functools.cached_property
    def _dealt(self) -> dict[str, re.Pattern[str] | None]:
        """Each line's expression by the keyword's first letter: ``h``, ``t``,
        ``p``, each compiled at its first use (:meth:`_dealt_match`)."""
        return dict.fromkeys("htp")

    @functools.cached_property
    def _dealt_keywords(self) -> dict[str, str]:
        """Each line's keyword by its first letter, as the grammar writes it."""
        return {head: self._terminal(word) for head, word in _TERMINALS.items()}

    def _dealt_match(self, head: str, line: str) -> tuple[str | None, int, str, int] | None:
        """The line read by its expression (made from the grammar's terminals): the
        player's word and its index, the run of cards and its index; None: no match."""
        pattern = self._dealt[head]
        if pattern is None:
            keyword, cards = self._dealt_keywords[head], self._terminal("CARDS")
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
        keyword, the player's word for a hand, then cards, one space between
        words (blanks only before the keyword and after the last card), each card
        a word the trick lines' expression has read as one card before (so that
        the expression would match the same words).  None: ask the expression.
        Compiling the three expressions costs ~20 M instructions, more than twenty
        plain deals, and a record's first partie line would pay for them."""
        body = line.lstrip(" ")
        if "\t" in line or "  " in body.rstrip(" "):
            return None
        words = body.rstrip(" ").split(" ")
        if words[0] != self._dealt_keywords[head]:
            return None
        at = len(line) - len(body) + len(words[0]) + 1
        player, player_at = None, -1
        if head == "h":
            if len(words) < 3:
                return None
            player, player_at = words[1], at
            at += len(player) + 1
            cards = words[2:]
        else:
            cards = words[1:]
        known = self._card_indexes
        if not cards or not all([word in known for word in cards]):
            return None
        return player, player_at, " ".join(cards), at

    def _dealt_line(self, head: str, line: str, number: int, problems: list[Diagnostic]
                    ) -> HandLine | TalonLine | PartieLine | None:
        found = self._dealt_words(head, line) or self._dealt_match(head, line)
        if found is None:
            return None
        player, player_at, text, cards_at = found
        if player is not None and (player in self.keywords or not self.is_name(player)):
            return None  # a keyword where a name stands, or no name: Lark says so
        pos = Pos(number, len(line) - len(line.lstrip(" \t")) + 1)
        cards = read_cards(text, number, cards_at + 1, problems)
        if player is not None:
            return HandLine(pos=pos, player=Name(player, Pos(number, player_at + 1)),
                            cards=cards)
        return (TalonLine if head == "t" else PartieLine)(pos=pos, cards=cards)
