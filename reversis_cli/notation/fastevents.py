"""The fast path's event lines (``misdeal NAME``, ``unclaimed 4``, ``redeal paid``
...) and trick lines of three cards, read without Lark: a part of
:class:`.fastpath.FastPath`, which see.

An irregular deal has one or two of them among its tricks; before these were
read here, one such line sent the whole deal to Lark (about ten times the
cost of a plain deal).  Each line is read by its words, separated by blanks
and tabs only, in the forms of the grammar's event rules
(``grammar/reversis.lark``), and made into the :class:`~reversis_cli.model.EventLine`
the builder makes of it, positions included (the line's at its keyword).
Anything else (a comment, a name that is a keyword or no name, a number too
long, a word too many) is Lark's, so that every error keeps its message and
column; tests/test_fastpath_parity.py holds the two readings together.

In a deal read whole (``FastPath.read_deal``), a line that is not a plain
deal's goes to :meth:`EventLines._read_plain`: an event line straight to the
event reader by its keyword (``FastPath.read`` tries other expressions
first), and a trick of three cards (trick 11 when a player discarded two,
IRR-5) read as ``FastPath._lean_trick`` reads one of four, a lean line: only
words the trick expression has read before, each as what it read it (a
number, a leader's name, a card, a taker's name), each in its place.
Anything else is ``FastPath.read``'s (tests/test_fastpath_irregular.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..amounts import MAX_DIGITS
from ..diagnostics import Diagnostic
from ..model import EspagnoletteLine, EventLine, Name, Pos, Statement, TrickLine
from .fastlines import lean_trick_line, new_event_line

__all__ = ["EventLines", "EVENT_WORDS"]

# The events whose one word after the keyword is a player's name.
_NAMED = frozenset(("peeked", "kept", "discarded-two", "out-of-turn"))
EVENT_WORDS = _NAMED | {"unclaimed", "misdeal", "redeal", "exposed"}
_WORD = re.compile(r"[^ \t]+")
# An espagnolette line made without its __init__ (its slots' setters, in its fields' order).
_new = object.__new__
_ESPAGNOLETTE_SLOTS = tuple(getattr(EspagnoletteLine, name).__set__
                            for name in EspagnoletteLine._fields)
_DIGITS = re.compile(r"[0-9]+")


class EventLines:
    """The event lines and the tricks of three cards of :class:`.fastpath.FastPath`."""

    # The fast path's, set by FastPath.__init__.
    keywords: frozenset[str]
    is_name: Callable[[str], bool]
    read: Callable[[str, int, list[Diagnostic]], Statement | None]
    # What the trick expression has read (FastPath._lean_trick's tables).
    _numbers: dict[str, int]
    _leaders: set[str]
    _takers: set[str]
    _card_indexes: dict[str, int]

    def _event(self, line: str, number: int) -> EventLine | None:
        found = [(word.group(), word.start() + 1) for word in _WORD.finditer(line)]
        if not found or found[0][0] not in EVENT_WORDS or not line.isprintable() and any(
                not char.isprintable() and char not in " \t" for char in line):
            return None
        return self._event_of(found, number)

    def _event_by_words(self, line: str, words: list[str], number: int) -> EventLine | None:
        """:meth:`_event` of a plain line (``fastpath.is_plain``: printable, so
        its only blank is the space) whose first word is an event's keyword,
        split into its ``words`` (``str.split``: the words :meth:`_event` finds):
        each word's column found in the line after the word before it, the
        line made as :meth:`_event_of` makes it, without the list of columns."""
        kind, count = words[0], len(words)
        new = tuple.__new__  # a named tuple's own __new__ is a Python function: skipped
        at = line.index(kind)  # only spaces before the keyword
        pos = new(Pos, (number, at + 1))
        at += len(kind)
        if kind in _NAMED or kind == "misdeal":
            if count == 2:
                late = False
            elif count == 3 and kind == "misdeal" and words[2] == "late":
                late = True
            else:
                return None
            player = self._player_after(line, words[1], at, number)
            if player is None:
                return None
            return new_event_line(pos, kind, player, None, None, late, False)
        if kind == "unclaimed":
            digits = words[1] if 1 < count < 4 else ""
            # _DIGITS's ASCII digits (str.isdigit alone takes "²"), not too many
            if not digits.isdigit() or not digits.isascii() or len(digits) > MAX_DIGITS:
                return None
            at = line.index(digits, at)
            player = None
            if count == 3:
                player = self._player_after(line, words[2], at + len(digits), number)
                if player is None:
                    return None
            return new_event_line(pos, kind, player, int(digits), new(Pos, (number, at + 1)),
                                  False, False)
        if kind == "redeal":
            return new_event_line(pos, kind, None, None, None, False, True) \
                if count == 2 and words[1] == "paid" else None
        return new_event_line(pos, kind, None, None, None, False, False) if count == 1 else None

    def _player_after(self, line: str, word: str, at: int, number: int) -> Name | None:
        """:meth:`_player` of ``word``, written in ``line`` after index ``at``."""
        if word in self.keywords or not self.is_name(word):
            return None  # a keyword where a name stands, or no name: Lark says so
        return tuple.__new__(Name, (word, tuple.__new__(Pos, (number, line.index(word, at) + 1))))

    def _event_of(self, found: list[tuple[str, int]], number: int) -> EventLine | None:
        """The event line of the words ``found`` (each with its column), the
        first an event's keyword; None when Lark is to read it."""
        kind, count = found[0][0], len(found)
        if kind in _NAMED:
            return self._named(kind, found, number) if count == 2 else None
        if kind == "misdeal":
            if count == 2 or count == 3 and found[2][0] == "late":
                return self._named(kind, found, number, late=count == 3)
            return None
        if kind == "unclaimed":
            return self._unclaimed(found, number) if count in (2, 3) else None
        if kind == "redeal":
            if count == 2 and found[1][0] == "paid":
                return new_event_line(Pos(number, found[0][1]), kind, None, None, None, False,
                                      True)
            return None
        return new_event_line(Pos(number, found[0][1]), kind, None, None, None, False, False) \
            if count == 1 else None

    def _player(self, word: str, column: int, number: int) -> Name | None:
        if word in self.keywords or not self.is_name(word):
            return None  # a keyword where a name stands, or no name: Lark says so
        return Name(word, Pos(number, column))

    def _named(self, kind: str, found: list[tuple[str, int]], number: int,
               late: bool = False) -> EventLine | None:
        player = self._player(*found[1], number)
        if player is None:
            return None
        return new_event_line(Pos(number, found[0][1]), kind, player, None, None, late, False)

    def _unclaimed(self, found: list[tuple[str, int]], number: int) -> EventLine | None:
        digits, column = found[1]
        if _DIGITS.fullmatch(digits) is None or len(digits) > MAX_DIGITS:
            return None
        player = None
        if len(found) == 3:
            player = self._player(*found[2], number)
            if player is None:
                return None
        return new_event_line(Pos(number, found[0][1]), "unclaimed", player, int(digits),
                              Pos(number, column), False, False)

    def _read_plain(self, line: str, words: list[str], number: int,
                    problems: list[Diagnostic]) -> Statement | None:
        """``FastPath.read`` of a plain line (``fastpath.is_plain``) split into
        its ``words``, an event line and a trick of three cards (IRR-5) read
        by their words (``read`` would read the one by its expression after
        trying others, and make the other in full)."""
        head = words[0]
        if head in EVENT_WORDS:  # no other statement starts with an event's keyword
            return self._event_by_words(line, words, number)
        if head == "espagnolette":  # FastPath._espagnolette's line, by its words
            return self._espagnolette_by_words(line, words, number) \
                or self.read(line, number, problems)
        if 3 < len(words) < 8 and head.isdigit() and (
                three := self._three_card_trick(line, words, number)) is not None:
            return three
        return self.read(line, number, problems)

    def _espagnolette_by_words(self, line: str, words: list[str], number: int
                               ) -> EspagnoletteLine | None:
        """``FastPath._espagnolette`` of a plain line (``fastpath.is_plain``: its
        only blank is the space) whose first word is ``espagnolette``: the line
        ``espagnolette NAME`` or ``espagnolette NAME waives`` made as it makes it,
        each word's column found after the word before it; None for any other
        (``FastPath.read`` then reads it, or Lark)."""
        count = len(words)
        if count != 2 and (count != 3 or words[2] != "waives"):
            return None
        at = line.index("espagnolette")  # only spaces before the keyword
        player = self._player_after(line, words[1], at + len("espagnolette"), number)
        if player is None:
            return None
        made = _new(EspagnoletteLine)
        s_pos, s_before, s_after, s_player, s_waives = _ESPAGNOLETTE_SLOTS
        s_pos(made, tuple.__new__(Pos, (number, at + 1)))
        s_before(made, ())
        s_after(made, None)
        s_player(made, player)
        s_waives(made, count == 3)
        return made

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
