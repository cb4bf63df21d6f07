"""The cards as dealt: the ``hand``, ``talon`` and ``partie`` lines of a deal,
and their lean forms, the fast path's (``notation/fastdealt.py``).

A record written with its hands (``reversis simulate --hands``) has six such
lines a deal.  The fast path makes the usual one *lean*: its ``cards``
(:class:`.statements.CardAt`, with their positions) are made from the text of
its cards at their first reading, as ``notation.cardwords.read_cards`` makes
them.  What the plain replay reads (replay/plaindealt.py) is cheap on every
line:

- ``indexes``: the cards' indexes in the order written (a talon's order names
  each card's owner, a partie's is the order it is shown in);
- a hand line's ``mask`` (its cards' bits, ``1 << index``, summed: a card
  written twice carries into another bit, so the mask then has fewer bits than
  ``size``) and ``size`` (how many cards are written), and ``player_text``.

A hand line read by its words (:func:`lean_hand_words`) is made with its mask,
its size and its player's word only: its ``indexes`` too are made from its text
when first read.  Every other field of a lean line is made the same way
(``__getattr__`` is called only for a slot not set); a lean line equals the
line Lark's builder makes (tests/test_fastpath_parity.py,
tests/test_replay_dealt.py).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

from ..cards import PACK, Card
from ..values import setattr_frozen
from .statements import CardAt, Comment, Name, Pos, Statement, _set_all

__all__ = ["HandLine", "TalonLine", "PartieLine", "lean_cards_line", "lean_dealt_words",
           "lean_hand_words"]


class HandLine(Statement):
    __slots__ = ("player", "cards", "indexes", "_source", "player_text", "mask", "size")
    _fields = (*Statement._fields, "player", "cards")
    player: Name
    cards: tuple[CardAt, ...]
    indexes: tuple[int, ...]
    player_text: str
    mask: int  # the cards' bits summed (see the module's docstring)
    size: int  # how many cards are written
    _source: tuple[str, int, int] | tuple[str, int] | None  # a lean line's text (see below)

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, player: Name,
                 cards: tuple[CardAt, ...]) -> None:
        _set_all(self, locals())
        _set_cards_interface(self)

    if not TYPE_CHECKING:  # mypy would take any attribute of the line for a field
        def __getattr__(self, name: str) -> Any:
            return _write_out_cards(self, name)


class TalonLine(Statement):
    __slots__ = ("cards", "indexes", "_source")
    _fields = (*Statement._fields, "cards")
    cards: tuple[CardAt, ...]
    indexes: tuple[int, ...]
    _source: tuple[str, int, int] | tuple[str, int] | None  # a lean line's text

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, cards: tuple[CardAt, ...]) -> None:
        _set_all(self, locals())
        _set_cards_interface(self)

    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            return _write_out_cards(self, name)


class PartieLine(Statement):
    __slots__ = ("cards", "indexes", "_source")
    _fields = (*Statement._fields, "cards")
    cards: tuple[CardAt, ...]
    indexes: tuple[int, ...]
    _source: tuple[str, int, int] | tuple[str, int] | None  # a lean line's text

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, cards: tuple[CardAt, ...]) -> None:
        _set_all(self, locals())
        _set_cards_interface(self)

    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            return _write_out_cards(self, name)


CardsLine = HandLine | TalonLine | PartieLine
# A lean line's ``_source``: the text of its cards, their line and the column of
# the first (made by the expression, or written out); or, read by its words, the
# whole line's text and its line (its positions not found yet).


def _set_cards_interface(line: CardsLine) -> None:
    """The cheap fields of a hand, talon or partie line made with all its fields."""
    setattr_frozen(line, "_source", None)
    indexes = tuple([card_at.card.index for card_at in line.cards])
    setattr_frozen(line, "indexes", indexes)
    if isinstance(line, HandLine):
        setattr_frozen(line, "player_text", line.player.text)
        setattr_frozen(line, "mask", sum(map(_BIT.__getitem__, indexes)))
        setattr_frozen(line, "size", len(indexes))


def lean_cards_line(cls: type[CardsLine], pos: Pos, player: Name | None,
                    indexes: tuple[int, ...], text: str, line: int, column: int) -> CardsLine:
    """A lean hand (``player`` given), talon or partie line: its cards are the
    words of ``text`` (at ``column`` of ``line``, separated by blanks), whose
    cards' indexes are ``indexes``; made into ``cards`` when first read."""
    made = object.__new__(cls)
    s_pos, s_before, s_after, s_indexes, s_source, s_player, s_text, _, _ = _LEAN_SETTERS[cls]
    s_pos(made, pos)
    s_before(made, ())
    s_after(made, None)
    s_indexes(made, indexes)
    s_source(made, (text, line, column))
    if player is not None:
        s_player(made, player)
        s_text(made, player.text)
    return made


def lean_dealt_words(cls: type[TalonLine | PartieLine], indexes: tuple[int, ...], text: str,
                     line: int) -> TalonLine | PartieLine:
    """A talon or partie line read by its words (``notation.fastdealt``): only
    ``indexes`` set; its position, its comments (none) and its cards are made
    from ``text``, the plain line ``line`` of the record (one space between
    words), when one of them is first read."""
    made = object.__new__(cls)
    setters = _LEAN_SETTERS[cls]
    setters[3](made, indexes)
    setters[4](made, (text, line))
    return made


def lean_hand_words(player_text: str, mask: int, size: int, text: str, line: int) -> HandLine:
    """A hand line read by its words (``notation.fastdealt``): its player's word,
    its cards' ``mask`` and ``size`` set (see the module's docstring); the rest
    made from ``text``, the plain line ``line``, when first read."""
    made = object.__new__(HandLine)
    _HAND_SOURCE(made, (text, line))
    _HAND_TEXT(made, player_text)
    _HAND_MASK(made, mask)
    _HAND_SIZE(made, size)
    return made


# Each class's slot setters, in the order lean_cards_line sets them (one a line: hot).
_LEAN_SETTERS: dict[type, tuple[Any, ...]] = {
    cls: tuple(getattr(cls, name).__set__ if hasattr(cls, name) else None
               for name in ("pos", "comments_before", "comment_after", "indexes", "_source",
                            "player", "player_text", "mask", "size"))
    for cls in (HandLine, TalonLine, PartieLine)}
_, _, _, _, _HAND_SOURCE, _, _HAND_TEXT, _HAND_MASK, _HAND_SIZE = _LEAN_SETTERS[HandLine]
_LAZY = frozenset(("pos", "comments_before", "comment_after", "player", "cards", "indexes",
                   "mask", "size"))
_BLANK_SEPARATED = re.compile(r"[^ \t]+")
_BIT = [1 << index for index in range(len(PACK))]


def _write_out_positions(line: CardsLine, text: str, number: int) -> None:
    """The fields of a line read by its words (:func:`lean_dealt_words`,
    :func:`lean_hand_words`) but its cards, where the expression would have
    found them."""
    words = text.split()
    first = 2 if isinstance(line, HandLine) else 1  # the first card's word
    at = len(text) - len(text.lstrip(" "))
    setattr_frozen(line, "pos", Pos(number, at + 1))
    setattr_frozen(line, "comments_before", ())
    setattr_frozen(line, "comment_after", None)
    at += len(words[0])
    if first == 2:
        at = text.index(words[1], at)
        setattr_frozen(line, "player", Name(words[1], Pos(number, at + 1)))
        at += len(words[1])
    at = text.index(words[first], at)
    setattr_frozen(line, "_source", (text[at:].rstrip(" "), number, at + 1))


def _write_out_cards(line: CardsLine, name: str) -> Any:
    """A lean line's ``cards`` (and, read by its words, its other fields), made
    at its first reading; a hand line's ``mask`` and ``size`` from its indexes,
    its indexes (read by its words) from its text."""
    if name not in _LAZY:
        return object.__getattribute__(line, name)  # an AttributeError
    if name == "mask" or name == "size":  # of a line made with its indexes
        indexes = line.indexes
        setattr_frozen(line, "mask", sum(map(_BIT.__getitem__, indexes)))
        setattr_frozen(line, "size", len(indexes))
        return object.__getattribute__(line, name)
    source = line._source
    if source is not None and len(source) == 2:  # read by its words: every field but these
        _write_out_positions(line, *source)
        source = line._source
    if source is None or name not in ("cards", "indexes"):
        return object.__getattribute__(line, name)  # set now, or an AttributeError
    text, number, column = cast(tuple[str, int, int], source)
    found = list(_BLANK_SEPARATED.finditer(text))
    if name == "indexes":  # a hand line read by its words: each word a card read before
        setattr_frozen(line, "indexes", tuple([Card.parse(word.group()).index
                                               for word in found]))
        return line.indexes
    setattr_frozen(line, "cards", tuple([
        CardAt(PACK[index], Pos(number, column + word.start()), word.group())
        for index, word in zip(line.indexes, found, strict=True)]))
    return line.cards
