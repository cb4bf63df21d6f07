"""The statements of a record: one value a line, with its source positions
(the model's values besides the deal, :mod:`.deal`, and the cards as dealt,
:mod:`.dealt`)."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..cards import PACK, Card
from ..values import Value, setattr_frozen
from ..vocabulary import EVENT_KINDS, VOID_EVENTS

__all__ = [
    "Pos", "Comment", "Name", "CardAt", "Statement", "HeaderLine", "Header",
    "DealLine", "ExchangeLine", "EspagnoletteLine", "EventLine", "NoteLine", "TrickLine",
    "EVENT_KINDS", "VOID_EVENTS", "POOL_WORD", "PaidLine", "TallyEntry", "TallyLine",
    "set_exchange_interface", "set_trick_interface",
]

# How a record names the pool where a payer or payee stands (a keyword: no
# player may be called so).  The settlement names it the same way.
POOL_WORD = "pool"


class Pos(NamedTuple):
    """A place in the source: 1-based line and column (in characters).

    Positions, names and cards-as-written are the model's most numerous
    values, so they are named tuples: immutable, and cheap to make.
    """

    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


class _ModelValue(Value):
    """A value that pickles and copies by its fields, as the dataclasses did."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return partial(type(self), **{name: getattr(self, name) for name in self._fields}), ()


class Comment(_ModelValue):
    __slots__ = _fields = ("text", "pos")
    text: str  # without the leading '#'
    pos: Pos

    def __init__(self, text: str, pos: Pos) -> None:
        _set_all(self, locals())


class Name(NamedTuple):
    """A player's name as written somewhere in the record."""

    text: str
    pos: Pos

    def __str__(self) -> str:
        return self.text


class CardAt(NamedTuple):
    """A card as written, with where it was written and how it was spelled."""

    card: Card
    pos: Pos
    spelling: str


class Statement(_ModelValue):
    """One line of the record.  Every statement is made with keywords only."""

    __slots__ = ("pos", "comments_before", "comment_after")
    _fields: ClassVar[tuple[str, ...]] = ("pos", "comments_before", "comment_after")
    pos: Pos
    comments_before: tuple[Comment, ...]
    comment_after: Comment | None

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None) -> None:
        _set_all(self, locals())


def _set_all(made: Value, given: dict[str, Any]) -> None:
    """Set every field of ``made`` to its value in ``given``: an ``__init__``
    here passes its ``locals()``, its parameters, one for each field."""
    for name in made._fields:
        setattr_frozen(made, name, given[name])


# --- header -----------------------------------------------------------------


class HeaderLine(Statement):
    """A header statement: ``keyword`` and its value(s).

    ``keyword`` is one of reversis, title, date, place, note, rules, set,
    unit, players, pot.  ``value`` is the text (strings unquoted), ``names``
    the players of a players line, ``option`` the name of a ``set`` line
    (written at ``option_pos``).
    """

    __slots__ = ("keyword", "value", "value_pos", "option", "names", "option_pos")
    _fields = (*Statement._fields, *__slots__)
    keyword: str
    value: str
    value_pos: Pos | None
    option: str
    names: tuple[Name, ...]
    option_pos: Pos | None

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, keyword: str, value: str = "",
                 value_pos: Pos | None = None, option: str = "", names: tuple[Name, ...] = (),
                 option_pos: Pos | None = None) -> None:
        _set_all(self, locals())


class Header(_ModelValue):
    __slots__ = _fields = ("lines", "trailing_comments")
    lines: tuple[HeaderLine, ...]
    trailing_comments: tuple[Comment, ...]

    def __init__(self, lines: tuple[HeaderLine, ...],
                 trailing_comments: tuple[Comment, ...] = ()) -> None:
        _set_all(self, locals())

    def get(self, keyword: str) -> HeaderLine | None:
        for line in self.lines:
            if line.keyword == keyword:
                return line
        return None

    def all(self, keyword: str) -> tuple[HeaderLine, ...]:
        return tuple(line for line in self.lines if line.keyword == keyword)

    @property
    def players(self) -> tuple[str, ...]:
        line = self.get("players")
        return tuple(n.text for n in line.names) if line else ()

    @property
    def title(self) -> str | None:
        line = self.get("title")
        return line.value if line else None


# --- deal -------------------------------------------------------------------


class DealLine(Statement):
    __slots__ = ("number", "dealer", "number_pos")
    _fields = (*Statement._fields, *__slots__)
    number: int
    dealer: Name
    number_pos: Pos | None

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, number: int, dealer: Name,
                 number_pos: Pos | None = None) -> None:
        _set_all(self, locals())


class ExchangeLine(Statement):
    """``exchange NAME discards C.. [takes C..]`` or ``exchange NAME refuses [sees C]``.

    The fast path makes the usual line *lean* (``notation.fastlines.lean_exchange_line``):
    its text, the player's word and the indexes of the cards; the other fields
    are made from the text at their first reading, as the Lark builder makes
    them.  ``player_text``, ``discard_indexes``, ``take_indexes`` (None: no
    ``takes`` written) and ``sees_indexes`` are cheap on every line."""

    __slots__ = ("player", "refuses", "discards", "takes", "sees", "sees_count",
                 "player_text", "discard_indexes", "take_indexes", "sees_indexes",
                 "_source")
    _fields = (*Statement._fields, "player", "refuses", "discards", "takes", "sees",
               "sees_count")
    player: Name
    refuses: bool
    discards: tuple[CardAt, ...]
    takes: tuple[CardAt, ...] | None  # None: not written
    sees: CardAt | None
    sees_count: int  # cards written after "sees" (one is right)
    player_text: str
    discard_indexes: tuple[int, ...]
    take_indexes: tuple[int, ...] | None
    sees_indexes: tuple[int, ...]
    _source: tuple[str, int] | None  # a lean line's text and line (None: all fields set)

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, player: Name, refuses: bool = False,
                 discards: tuple[CardAt, ...] = (), takes: tuple[CardAt, ...] | None = None,
                 sees: CardAt | None = None, sees_count: int = 0) -> None:
        _set_all(self, locals())
        set_exchange_interface(self)

    if not TYPE_CHECKING:  # mypy would take any attribute of the line for a field
        def __getattr__(self, name: str) -> Any:
            # Called only when a slot is read before it is set: a lean line's
            # full fields, made at their first reading.
            if name not in _LAZY_EXCHANGE_FIELDS:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            _write_out_exchange(self)
            return object.__getattribute__(self, name)


# The fields a lean exchange line makes when first read, from its text.
_LAZY_EXCHANGE_FIELDS = frozenset(("pos", "comments_before", "comment_after", "player",
                                   "discards", "takes", "sees"))


def set_exchange_interface(line: ExchangeLine) -> None:
    """The cheap fields of an exchange line made with all its fields."""
    setattr_frozen(line, "_source", None)
    setattr_frozen(line, "player_text", line.player.text)
    setattr_frozen(line, "discard_indexes", tuple([at.card.index for at in line.discards]))
    takes = line.takes
    setattr_frozen(line, "take_indexes",
                   None if takes is None else tuple([at.card.index for at in takes]))
    setattr_frozen(line, "sees_indexes", () if line.sees is None else (line.sees.card.index,))


def _write_out_exchange(line: ExchangeLine) -> None:
    """Set a lean exchange line's full fields from its text, whose words the
    fast path found separated by blanks: ``exchange``, the player, then
    ``discards`` and its cards, ``takes`` and its card (each if written), or
    ``refuses``, and ``sees`` and its card if written; one card a word."""
    assert line._source is not None, "an exchange line made with all its fields has them all"
    text, number = line._source
    words = [(found.group(), Pos(number, found.start() + 1))
             for found in _BLANK_SEPARATED.finditer(text)]

    def card_at(at: int, index: int) -> CardAt:
        return CardAt(PACK[index], words[at][1], words[at][0])

    discards = tuple([card_at(3 + k, index) for k, index in enumerate(line.discard_indexes)])
    takes = line.take_indexes
    first_take = 4 + len(discards) if discards else 3  # after "takes"
    _set_all(line, {
        "pos": words[0][1], "comments_before": (), "comment_after": None,
        "player": Name(*words[1]), "refuses": line.refuses, "discards": discards,
        "takes": None if takes is None else
        tuple([card_at(first_take + k, index) for k, index in enumerate(takes)]),
        "sees": card_at(4, line.sees_indexes[0]) if line.sees_indexes else None,
        "sees_count": line.sees_count})


_BLANK_SEPARATED = re.compile(r"[^ \t]+")


class EspagnoletteLine(Statement):
    __slots__ = ("player", "waives")
    _fields = (*Statement._fields, *__slots__)
    player: Name
    waives: bool

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, player: Name,
                 waives: bool = False) -> None:
        _set_all(self, locals())


class EventLine(Statement):
    """An irregularity or claim line.

    ``kind`` is one of :data:`EVENT_KINDS`.  ``player`` is the named player
    (if any), ``trick`` the trick of an ``unclaimed`` line (and ``trick_pos``
    where its number is written), ``late`` marks ``misdeal NAME late`` and
    ``paid`` marks ``redeal paid``.
    """

    __slots__ = ("kind", "player", "trick", "trick_pos", "late", "paid")
    _fields = (*Statement._fields, *__slots__)
    kind: str
    player: Name | None
    trick: int | None
    trick_pos: Pos | None
    late: bool
    paid: bool

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, kind: str, player: Name | None = None,
                 trick: int | None = None, trick_pos: Pos | None = None, late: bool = False,
                 paid: bool = False) -> None:
        _set_all(self, locals())


class NoteLine(Statement):
    __slots__ = ("text",)
    _fields = (*Statement._fields, *__slots__)
    text: str

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, text: str) -> None:
        _set_all(self, locals())


class TrickLine(Statement):
    """``N [LEADER] CARDS [> TAKER]``.  The fast path makes most *lean*
    (``notation.fastlines.lean_trick_line``): its text, card indexes, leader's and taker's
    words; the other fields are made from the text at their first reading (a
    message, the writer, the full replay), as the Lark builder makes them.
    ``indexes`` (as many as ``cards``), ``leader_text`` and ``taker_text``
    (or None) are cheap on every line."""

    __slots__ = ("number", "leader", "cards", "taker", "number_pos",
                 "indexes", "leader_text", "taker_text", "_source")
    _fields = (*Statement._fields, "number", "leader", "cards", "taker", "number_pos")
    number: int
    leader: Name | None
    cards: tuple[CardAt, ...]
    taker: Name | None
    number_pos: Pos | None
    indexes: tuple[int, ...]
    leader_text: str | None
    taker_text: str | None
    _source: tuple[str, int] | None  # a lean line's text and line (None: all fields set)

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, number: int, leader: Name | None,
                 cards: tuple[CardAt, ...], taker: Name | None = None,
                 number_pos: Pos | None = None) -> None:
        _set_all(self, locals())
        set_trick_interface(self)

    if not TYPE_CHECKING:  # mypy would take any attribute of a trick line for a field
        def __getattr__(self, name: str) -> Any:
            # Called only when a slot is read before it is set: a lean line's
            # full fields, made at their first reading.
            if name not in _LAZY_TRICK_FIELDS:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            _write_out(self)
            return object.__getattribute__(self, name)


# The fields a lean trick line makes when first read, from its text.
_LAZY_TRICK_FIELDS = frozenset(("pos", "comments_before", "comment_after", "leader", "cards",
                                "taker", "number_pos"))


def set_trick_interface(line: TrickLine) -> None:
    """The cheap fields of a trick line made with all its fields."""
    setattr_frozen(line, "_source", None)
    leader, taker = line.leader, line.taker
    setattr_frozen(line, "indexes", tuple([card_at.card.index for card_at in line.cards]))
    setattr_frozen(line, "leader_text", leader.text if leader is not None else None)
    setattr_frozen(line, "taker_text", taker.text if taker is not None else None)


def _write_out(line: TrickLine) -> None:
    """Set a lean trick line's full fields from its text, whose words the fast
    path found separated by spaces only: the number, the leader if written, a
    word for each card, and ``>`` and the taker if written."""
    assert line._source is not None, "a trick line made with all its fields has them all"
    text, number = line._source
    words = [(found.group(), Pos(number, found.start() + 1)) for found in _WORD.finditer(text)]
    first = 1 if line.leader_text is None else 2  # the first card's word
    _set_all(line, {
        "pos": words[0][1], "comments_before": (), "comment_after": None, "number": line.number,
        "leader": Name(*words[1]) if first == 2 else None,
        "cards": tuple([CardAt(PACK[index], words[first + k][1], words[first + k][0])
                        for k, index in enumerate(line.indexes)]),
        "taker": Name(*words[-1]) if line.taker_text is not None else None,
        "number_pos": words[0][1]})


_WORD = re.compile(r"\S+")


# --- what the table paid and wrote down ----------------------------------------


class PaidLine(Statement):
    """``paid PAYER PAYEE AMOUNT [RULE] [trick T]``: one payment as the table
    made it.  ``payer`` or ``payee`` is the pool when its text is
    :data:`POOL_WORD`.  ``amount`` is exact fiches (``int`` when whole);
    ``rule`` is the rule id as written and ``trick`` the trick number, each
    None when not written, with where they were written."""

    __slots__ = ("payer", "payee", "amount", "amount_pos", "rule", "rule_pos", "trick",
                 "trick_pos")
    _fields = (*Statement._fields, *__slots__)
    payer: Name
    payee: Name
    amount: int | Fraction
    amount_pos: Pos | None
    rule: str | None
    rule_pos: Pos | None
    trick: int | None
    trick_pos: Pos | None

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, payer: Name, payee: Name,
                 amount: int | Fraction, amount_pos: Pos | None = None, rule: str | None = None,
                 rule_pos: Pos | None = None, trick: int | None = None,
                 trick_pos: Pos | None = None) -> None:
        _set_all(self, locals())

    @property
    def payer_is_pool(self) -> bool:
        return self.payer.text == POOL_WORD

    @property
    def payee_is_pool(self) -> bool:
        return self.payee.text == POOL_WORD


class TallyEntry(NamedTuple):
    """One figure of a score sheet: a player's running total, as written."""

    name: Name
    amount: int | Fraction
    amount_pos: Pos


class TallyLine(Statement):
    """``tally NAME AMOUNT ... [pool AMOUNT]``: the score sheet after the deal.

    ``entries`` are in the order written (a correct line names each player
    once); ``pool`` is what the sheet says the pool holds, None when not
    written, and ``pool_pos`` where that amount is written."""

    __slots__ = ("entries", "pool", "pool_pos")
    _fields = (*Statement._fields, *__slots__)
    entries: tuple[TallyEntry, ...]
    pool: int | Fraction | None
    pool_pos: Pos | None

    def __init__(self, *, pos: Pos, comments_before: tuple[Comment, ...] = (),
                 comment_after: Comment | None = None, entries: tuple[TallyEntry, ...],
                 pool: int | Fraction | None = None, pool_pos: Pos | None = None) -> None:
        _set_all(self, locals())

    @property
    def totals(self) -> dict[str, int | Fraction]:
        """Each named player's figure (the first, if a name is repeated)."""
        out: dict[str, int | Fraction] = {}
        for entry in self.entries:
            out.setdefault(entry.name.text, entry.amount)
        return out
