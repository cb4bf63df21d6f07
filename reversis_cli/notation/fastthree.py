"""The fast path's lines of an irregular deal read by their words: a part of
:class:`.fastpath.FastPath`, which see.

``FastPath.read_deal`` reads a plain deal's lines by their words and leaves
any other line to ``FastPath.read``, which tries the expressions one after
the other.  Here two lines of irregular deals skip that: an event line
(``peeked NAME``, ``discarded-two NAME``...; fastevents.py) goes straight to
the event reader, and the trick of three cards (trick 11 when a player
discarded two, IRR-5) is read as ``FastPath._lean_trick`` reads one of four,
a lean line: only words the trick expression has read before, each as what
it read it (a number, a leader's name, a card, a taker's name), each in its
place.  Anything else is ``read``'s, as before.
"""

from __future__ import annotations

from collections.abc import Callable

from ..diagnostics import Diagnostic
from ..model import EventLine, Statement, TrickLine
from .fastevents import EVENT_WORDS
from .fastlines import lean_trick_line

__all__ = ["ThreeCardTricks"]


class ThreeCardTricks:
    """The trick line of three cards of :class:`.fastpath.FastPath`."""

    # The fast path's, set by FastPath.__init__ and filled by its trick expression.
    _numbers: dict[str, int]
    _leaders: set[str]
    _takers: set[str]
    _card_indexes: dict[str, int]
    read: Callable[[str, int, list[Diagnostic]], Statement | None]
    _event_by_words: Callable[[str, list[str], int], EventLine | None]

    def _read_plain(self, line: str, words: list[str], number: int,
                    problems: list[Diagnostic]) -> Statement | None:
        """``FastPath.read`` of a plain line (``fastpath.is_plain``) split into
        its ``words``, an event line and a trick of three cards (IRR-5) read
        by their words (``read`` would read the one by its expression after
        trying others, and make the other in full)."""
        head = words[0]
        if head in EVENT_WORDS:  # no other statement starts with an event's keyword
            return self._event_by_words(line, words, number)
        if 3 < len(words) < 8 and head.isdigit() and (
                three := self._three_card_trick(line, words, number)) is not None:
            return three
        return self.read(line, number, problems)

    def _three_card_trick(self, line: str, words: list[str], number: int) -> TrickLine | None:
        """The lean line (``fastlines.lean_trick_line``) of a plain line
        (``fastpath.is_plain``: its only blank is the space) whose ``words``
        are a number, a leader's word if written, three cards, and ``>`` and a
        taker's word if written, each word one the trick expression has read
        as such; else None.  A word read as a leader starts no card (the
        expression's look-ahead), and a card word is no leader's: the forms
        of three cards and of four cannot be taken one for the other."""
        count = len(words)
        leader: str | None = None
        taker: str | None = None
        if count in (5, 7):  # a leader written
            leader = words[1]
            if leader not in self._leaders:
                return None
        cards = words[1 + (leader is not None):4 + (leader is not None)]
        if count in (6, 7):  # "> TAKER" at the end
            taker = words[-1]
            if words[-2] != ">" or taker not in self._takers:
                return None
        elif count != 4 and count != 5:
            return None
        found = self._numbers.get(words[0])
        index = self._card_indexes.get
        indexes = [index(card) for card in cards]
        if found is None or None in indexes:
            return None
        return lean_trick_line(line, number, found, tuple(indexes),  # type: ignore[arg-type]
                               leader, taker)
