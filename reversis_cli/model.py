"""What a record *says*: immutable value types built from the parse tree.

The model holds the record as written, with a source position on every node,
and makes no judgement about it; the replay (``replay/``) decides what
happened and what is wrong.  Comments are kept: each statement carries the
comment lines written directly above it and the comment at the end of its line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from .cards import Card
from .vocabulary import EVENT_KINDS, VOID_EVENTS

__all__ = [
    "Pos", "Comment", "Name", "CardAt", "Statement", "HeaderLine", "Header",
    "DealLine", "HandLine", "TalonLine", "ExchangeLine", "PartieLine",
    "EspagnoletteLine", "EventLine", "NoteLine", "TrickLine", "Deal",
    "EVENT_KINDS", "VOID_EVENTS", "POOL_WORD", "PaidLine", "TallyEntry", "TallyLine",
    "has_figures",
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


@dataclass(frozen=True, slots=True)
class Comment:
    text: str  # without the leading '#'
    pos: Pos


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


@dataclass(frozen=True, slots=True, kw_only=True)
class Statement:
    """One line of the record."""

    pos: Pos
    comments_before: tuple[Comment, ...] = ()
    comment_after: Comment | None = None


# --- header -----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HeaderLine(Statement):
    """A header statement: ``keyword`` and its value(s).

    ``keyword`` is one of reversis, title, date, place, note, rules, set,
    unit, players, pot.  ``value`` is the text (strings unquoted), ``names``
    the players of a players line, ``option`` the name of a ``set`` line
    (written at ``option_pos``).
    """

    keyword: str
    value: str = ""
    value_pos: Pos | None = None
    option: str = ""
    names: tuple[Name, ...] = ()
    option_pos: Pos | None = None


@dataclass(frozen=True, slots=True)
class Header:
    lines: tuple[HeaderLine, ...]
    trailing_comments: tuple[Comment, ...] = ()

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


@dataclass(frozen=True, slots=True, kw_only=True)
class DealLine(Statement):
    number: int
    dealer: Name
    number_pos: Pos | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandLine(Statement):
    player: Name
    cards: tuple[CardAt, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TalonLine(Statement):
    cards: tuple[CardAt, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ExchangeLine(Statement):
    """``exchange NAME discards C.. [takes C..]`` or ``exchange NAME refuses [sees C]``."""

    player: Name
    refuses: bool = False
    discards: tuple[CardAt, ...] = ()
    takes: tuple[CardAt, ...] | None = None  # None: not written
    sees: CardAt | None = None
    sees_count: int = 0  # cards written after "sees" (one is right)


@dataclass(frozen=True, slots=True, kw_only=True)
class PartieLine(Statement):
    cards: tuple[CardAt, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class EspagnoletteLine(Statement):
    player: Name
    waives: bool = False




@dataclass(frozen=True, slots=True, kw_only=True)
class EventLine(Statement):
    """An irregularity or claim line.

    ``kind`` is one of :data:`EVENT_KINDS`.  ``player`` is the named player
    (if any), ``trick`` the trick of an ``unclaimed`` line (and ``trick_pos``
    where its number is written), ``late`` marks ``misdeal NAME late`` and
    ``paid`` marks ``redeal paid``.
    """

    kind: str
    player: Name | None = None
    trick: int | None = None
    trick_pos: Pos | None = None
    late: bool = False
    paid: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class NoteLine(Statement):
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickLine(Statement):
    number: int
    leader: Name | None
    cards: tuple[CardAt, ...]
    taker: Name | None = None
    number_pos: Pos | None = None

    # issue 24 interface (i24-lean makes these cheap)
    @property
    def indexes(self) -> tuple[int, ...]:
        """The card indexes as written (as long as ``cards``)."""
        return tuple([card_at.card.index for card_at in self.cards])

    @property
    def leader_text(self) -> str | None:
        """The leader's name as written, or None."""
        return None if self.leader is None else self.leader.text

    @property
    def taker_text(self) -> str | None:
        """The taker's name as written, or None."""
        return None if self.taker is None else self.taker.text


# --- the reader's constructors for its hottest statements -------------------------
#
# A frozen dataclass's __init__ takes keywords and sets each field through
# object.__setattr__; a record makes some fifteen statements a deal, and that
# was a sixth of its reading.  These make the same objects (same class, every
# field set, equal to what the keyword form makes: tests/test_model_constructors.py
# holds them to it) by setting the slots through their descriptors, 2.3x cheaper.
# Positional, in field order; the comments a fast-read line carries are none.


def _slot_setters(cls: type, *names: str) -> tuple:
    return tuple(getattr(cls, name).__set__ for name in names)


_new = object.__new__
_TRICK_SLOTS = _slot_setters(TrickLine, "pos", "comments_before", "comment_after", "number",
                             "leader", "cards", "taker", "number_pos")


def new_trick_line(pos: Pos, number: int, leader: Name | None, cards: tuple[CardAt, ...],
                   taker: Name | None, number_pos: Pos | None) -> TrickLine:
    """``TrickLine(pos=pos, number=number, ...)``, without comments."""
    made = _new(TrickLine)
    s_pos, s_before, s_after, s_number, s_leader, s_cards, s_taker, s_number_pos = _TRICK_SLOTS
    s_pos(made, pos)
    s_before(made, ())
    s_after(made, None)
    s_number(made, number)
    s_leader(made, leader)
    s_cards(made, cards)
    s_taker(made, taker)
    s_number_pos(made, number_pos)
    return made


_EXCHANGE_SLOTS = _slot_setters(ExchangeLine, "pos", "comments_before", "comment_after",
                                "player", "refuses", "discards", "takes", "sees", "sees_count")


def new_exchange_line(pos: Pos, player: Name, refuses: bool, discards: tuple[CardAt, ...],
                      takes: tuple[CardAt, ...] | None, sees: CardAt | None,
                      sees_count: int) -> ExchangeLine:
    """``ExchangeLine(pos=pos, player=player, ...)``, without comments."""
    made = _new(ExchangeLine)
    s_pos, s_before, s_after, s_player, s_refuses, s_discards, s_takes, s_sees, s_count = \
        _EXCHANGE_SLOTS
    s_pos(made, pos)
    s_before(made, ())
    s_after(made, None)
    s_player(made, player)
    s_refuses(made, refuses)
    s_discards(made, discards)
    s_takes(made, takes)
    s_sees(made, sees)
    s_count(made, sees_count)
    return made


_DEAL_LINE_SLOTS = _slot_setters(DealLine, "pos", "comments_before", "comment_after", "number",
                                 "dealer", "number_pos")


def new_deal_line(pos: Pos, number: int, dealer: Name, number_pos: Pos | None) -> DealLine:
    """``DealLine(pos=pos, number=number, ...)``, without comments."""
    made = _new(DealLine)
    s_pos, s_before, s_after, s_number, s_dealer, s_number_pos = _DEAL_LINE_SLOTS
    s_pos(made, pos)
    s_before(made, ())
    s_after(made, None)
    s_number(made, number)
    s_dealer(made, dealer)
    s_number_pos(made, number_pos)
    return made


# --- what the table paid and wrote down ----------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PaidLine(Statement):
    """``paid PAYER PAYEE AMOUNT [RULE] [trick T]``: one payment as the table
    made it.  ``payer`` or ``payee`` is the pool when its text is
    :data:`POOL_WORD`.  ``amount`` is exact fiches (``int`` when whole);
    ``rule`` is the rule id as written and ``trick`` the trick number, each
    None when not written, with where they were written."""

    payer: Name
    payee: Name
    amount: int | Fraction
    amount_pos: Pos | None = None
    rule: str | None = None
    rule_pos: Pos | None = None
    trick: int | None = None
    trick_pos: Pos | None = None

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


@dataclass(frozen=True, slots=True, kw_only=True)
class TallyLine(Statement):
    """``tally NAME AMOUNT ... [pool AMOUNT]``: the score sheet after the deal.

    ``entries`` are in the order written (a correct line names each player
    once); ``pool`` is what the sheet says the pool holds, None when not
    written, and ``pool_pos`` where that amount is written."""

    entries: tuple[TallyEntry, ...]
    pool: int | Fraction | None = None
    pool_pos: Pos | None = None

    @property
    def totals(self) -> dict[str, int | Fraction]:
        """Each named player's figure (the first, if a name is repeated)."""
        out: dict[str, int | Fraction] = {}
        for entry in self.entries:
            out.setdefault(entry.name.text, entry.amount)
        return out


@dataclass(frozen=True, slots=True)
class Deal:
    """One ``deal`` block as written, statements in source order."""

    line: DealLine
    statements: tuple[Statement, ...]
    trailing_comments: tuple[Comment, ...] = field(default=())
    _by_type: dict = field(init=False, repr=False, compare=False)

    @property
    def number(self) -> int:
        return self.line.number

    @property
    def dealer(self) -> Name:
        return self.line.dealer

    @property
    def pos(self) -> Pos:
        return self.line.pos

    def __post_init__(self) -> None:
        # The statements by type, once: the replay asks for them often.
        by_type: dict[type, list] = {}
        for statement in self.statements:
            by_type.setdefault(type(statement), []).append(statement)
        object.__setattr__(self, "_by_type", {k: tuple(v) for k, v in by_type.items()})

    def of_type(self, kind: type) -> tuple:
        return self._by_type.get(kind, ())

    @property
    def hands(self) -> tuple[HandLine, ...]:
        return self.of_type(HandLine)

    @property
    def talon(self) -> TalonLine | None:
        found = self.of_type(TalonLine)
        return found[0] if found else None

    @property
    def exchanges(self) -> tuple[ExchangeLine, ...]:
        return self.of_type(ExchangeLine)

    @property
    def partie(self) -> PartieLine | None:
        found = self.of_type(PartieLine)
        return found[0] if found else None

    @property
    def espagnolettes(self) -> tuple[EspagnoletteLine, ...]:
        return self.of_type(EspagnoletteLine)

    @property
    def events(self) -> tuple[EventLine, ...]:
        return self.of_type(EventLine)

    @property
    def notes(self) -> tuple[NoteLine, ...]:
        return self.of_type(NoteLine)

    @property
    def tricks(self) -> tuple[TrickLine, ...]:
        return self.of_type(TrickLine)

    @property
    def paid(self) -> tuple[PaidLine, ...]:
        """The payments the record says the table made, in the order written."""
        return self.of_type(PaidLine)

    @property
    def tally(self) -> TallyLine | None:
        """The score sheet after this deal (the first, if written twice)."""
        found = self.of_type(TallyLine)
        return found[0] if found else None

    def events_of(self, kind: str) -> tuple[EventLine, ...]:
        return tuple(e for e in self.events if e.kind == kind)

    @property
    def is_void(self) -> bool:
        return any(e.kind in VOID_EVENTS for e in self.events)

    @property
    def misdeals_by_another(self) -> tuple[EventLine, ...]:
        """The ``misdeal`` lines that name someone other than the deal's dealer.
        Only the dealer misdeals (IRR-2, IRR-3), so one of the two names is
        wrong, and which is not known: what rests on them is not settled."""
        return tuple(e for e in self.events_of("misdeal")
                     if e.player is not None and e.player.text != self.dealer.text)


def has_figures(deal: Deal | None) -> bool:
    """Whether a deal carries the table's own figures (cheap: asked of every
    deal, here so that asking does not load the comparison with the rules)."""
    return deal is not None and bool(deal.of_type(PaidLine) or deal.of_type(TallyLine))
