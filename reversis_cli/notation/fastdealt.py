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

    def _dealt_line(self, head: str, line: str, number: int, problems: list[Diagnostic]
                    ) -> HandLine | TalonLine | PartieLine | None:
        found = self._dealt[head].match(line)
        if found is None:
            return None
        player = found.group("player") if head == "h" else None
        if player is not None and (player in self.keywords or not self.is_name(player)):
            return None  # a keyword where a name stands, or no name: Lark says so
        pos = Pos(number, len(line) - len(line.lstrip(" \t")) + 1)
        cards = read_cards(found.group("cards"), number, found.start("cards") + 1, problems)
        if player is not None:
            return HandLine(pos=pos, player=Name(player, Pos(number, found.start("player") + 1)),
                            cards=cards)
        return (TalonLine if head == "t" else PartieLine)(pos=pos, cards=cards)
