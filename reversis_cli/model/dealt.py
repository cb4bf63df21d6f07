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
(its slot's descriptor, ``_Lazy``, writes the text out when the slot is not
set); a lean line equals the line Lark's builder makes
(tests/test_fastpath_parity.py, tests/test_replay_dealt.py).
"""

from __future__ import annotations

import re
from typing import Any, cast

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


CardsLine = HandLine | TalonLine | PartieLine


class _Lazy:
    """A slot of a lean line that is made when first read (its text written
    out, :func:`_write_out_cards`): the slot's own descriptor, asked first.
    The classes have no ``__getattr__``, which would make every attribute read
    the slow way (the interpreter's specialised read of a slot is for a class
    without one); the slots the plain replay reads on every line are never
    lazy (``indexes`` of a talon or partie line, a hand line's ``player_text``,
    ``mask`` and ``size``), and stay plain."""

    __slots__ = ("_slot", "_name")

    def __init__(self, slot: Any, name: str) -> None:
        self._slot, self._name = slot, name

    def __get__(self, line: Any, owner: type | None = None) -> Any:
        if line is None:
            return self
        try:
            return self._slot.__get__(line, owner)
        except AttributeError:
            return _write_out_cards(line, self._name)

    def __set__(self, line: Any, value: Any) -> None:
        self._slot.__set__(line, value)

    def __delete__(self, line: Any) -> None:
        self._slot.__delete__(line)


def _slot(cls: type, name: str) -> Any:
    """The slot descriptor of ``name`` that ``cls`` or a base made (a _Lazy's own)."""
    found = next(klass.__dict__[name] for klass in cls.__mro__ if name in klass.__dict__)
    return found._slot if isinstance(found, _Lazy) else found


_LAZY_SLOTS = ("pos", "comments_before", "comment_after", "player", "cards", "indexes")
for _cls in (HandLine, TalonLine, PartieLine):
    for _name in _LAZY_SLOTS:
        # a talon's or partie's indexes are always set, and read on every line
        if hasattr(_cls, _name) and (_name != "indexes" or _cls is HandLine):
            setattr(_cls, _name, _Lazy(_slot(_cls, _name), _name))
# Each class's slot descriptors, by name (_write_out_cards reads them, never a _Lazy).
_SLOTS: dict[type, dict[str, Any]] = {
    cls: {name: _slot(cls, name) for name in (*Statement.__slots__, *cls.__slots__)}
    for cls in (HandLine, TalonLine, PartieLine)}


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
    if player is not None:  # a hand line: its mask and size too (the replay reads them)
        s_player(made, player)
        s_text(made, player.text)
        _HAND_MASK(made, sum(map(_BIT.__getitem__, indexes)))
        _HAND_SIZE(made, len(indexes))
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
    cls: tuple(_SLOTS[cls][name].__set__ if name in _SLOTS[cls] else None
               for name in ("pos", "comments_before", "comment_after", "indexes", "_source",
                            "player", "player_text", "mask", "size"))
    for cls in (HandLine, TalonLine, PartieLine)}
_, _, _, _, _HAND_SOURCE, _, _HAND_TEXT, _HAND_MASK, _HAND_SIZE = _LEAN_SETTERS[HandLine]
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
    """A lean line's slot ``name`` (one of :data:`_LAZY_SLOTS`), not set: made
    from its text at its first reading (read by its words, every field but the
    cards first; a hand line's indexes from its words, each a card read
    before); the slot's own error when it is not one made so."""
    slot = _SLOTS[type(line)][name]
    source = line._source
    if source is not None and len(source) == 2:  # read by its words: every field but these
        _write_out_positions(line, *source)
        source = line._source
    if source is not None and name in ("cards", "indexes"):
        text, number, column = cast(tuple[str, int, int], source)
        found = list(_BLANK_SEPARATED.finditer(text))
        if name == "indexes":  # a hand line read by its words
            setattr_frozen(line, "indexes", tuple([Card.parse(word.group()).index
                                                   for word in found]))
        else:
            setattr_frozen(line, "cards", tuple([
                CardAt(PACK[index], Pos(number, column + word.start()), word.group())
                for index, word in zip(line.indexes, found, strict=True)]))
    return slot.__get__(line, type(line))  # set now, or the slot's AttributeError
