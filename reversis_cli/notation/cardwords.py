"""Reading the cards of a line, and telling a leader's name from a card.

Both the Lark path (``builder.py``) and the fast path (``fastpath.py``) read
cards here.  This module loads no parser: the fast path reads a whole record
without Lark.
"""

from __future__ import annotations

from ..cards import (
    KNOWN_SPELLINGS, Card, CardError, TenCardError, lookalike_card, not_a_card_message,
    reads_as_card,
)
from ..diagnostics import Diagnostic, diagnostic
from ..model import CardAt, Pos

__all__ = ["read_cards", "read_rare_card", "reads_as_card_or_lookalike", "NAMES_SEEN"]


def read_cards(text: str, line: int, column: int, problems: list[Diagnostic]
               ) -> tuple[CardAt, ...]:
    """The cards of a run of cards written at ``column`` of ``line``.

    A ten or a word that is not a card is reported in ``problems`` and left
    out.  Both the Lark path and the fast path read cards here, the hottest
    loop of the reader: it splits with str methods and makes the named tuples
    directly, which costs a third of a regular expression and their ``__new__``."""
    out = []
    known = KNOWN_SPELLINGS  # a spelling seen before: nearly every card
    new = tuple.__new__
    at = 0
    for word in text.split():
        at = text.index(word, at)
        card = known.get(word)
        if card is not None:
            out.append(new(CardAt, (card, new(Pos, (line, column + at)), word)))
        else:
            read_rare_card(word, Pos(line, column + at), out, problems)
        at += len(word)
    return tuple(out)


NAMES_SEEN: set[str] = set()  # words already found not to be cards (leaders' names)


def reads_as_card_or_lookalike(word: str) -> bool:
    """A card, a ten, or a card with a letter of the wrong alphabet (each
    reported as such, not taken for a leader's name)."""
    if word in NAMES_SEEN:
        return False
    if reads_as_card(word) or lookalike_card(word) is not None:
        return True
    if len(NAMES_SEEN) < 1024:
        NAMES_SEEN.add(word)
    return False


def read_rare_card(word: str, pos: Pos, out: list[CardAt], problems: list[Diagnostic]) -> None:
    try:
        out.append(CardAt(Card.parse(word), pos, word))
    except TenCardError as exc:
        problems.append(diagnostic("RV101", exc.message, pos))
    except CardError:
        problems.append(diagnostic("RV102", not_a_card_message(word), pos))
