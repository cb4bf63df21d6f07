"""A deal as written: its deal line and its statements (:mod:`.statements`).

A deal the fast path reads whole is *lean* (:func:`lean_deal`): its plain
trick lines are kept as rows of ints and words (``TrickRow``), and their
``TrickLine`` objects are made only when the statements or the trick lines
are asked for (a message, the writer, the full walk); the plain replay reads
the rows (``Deal.trick_rows``).  So are the hand, talon and partie lines the fast
path reads by their words (``Deal.dealt_rows``; their lines made by ``of_type``).
A lean deal is equal to the deal read in full, line for line
(tests/test_fastpath_parity.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import TYPE_CHECKING, Any

from ..values import setattr_frozen
from ..vocabulary import VOID_EVENTS
from .rows import (
    DEALT_KINDS, DEALT_ROW, LONG_ROW, NO_INDEX, DealtRow, ExchangeRow, TrickRow,
    dealt_line_of_row, exchange_line_of_row, trick_line_of_row,
)
from .dealt import HandLine, PartieLine, TalonLine
from .statements import (
    DealLine, EspagnoletteLine, EventLine, ExchangeLine, Name, NoteLine, PaidLine, Pos,
    Statement, TallyLine, TrickLine, Comment, _ModelValue, _set_all,
)

__all__ = ["Deal", "DealtRows", "has_figures", "lean_deal"]


# A lean deal's hand, talon or partie lines read by their words, as rows
# (``DealtRow``), in ``Deal._by_type`` in place of their lines until ``of_type``
# asks for them (the plain replay reads the rows, ``Deal.dealt_rows``): a list,
# where the lines of a kind are a tuple (told apart by type: no object to make).
DealtRows = list


class Deal(_ModelValue):
    """One ``deal`` block as written, statements in source order.

    A lean deal (:func:`lean_deal`) has no ``statements`` slot set until it
    is first read: its trick and exchange lines are then made from its rows."""

    __slots__ = ("line", "statements", "trailing_comments", "_by_type", "_rows", "_layout",
                 "_lines", "_exchange_rows")
    _fields = ("line", "statements", "trailing_comments")
    line: DealLine
    statements: tuple[Statement, ...]
    trailing_comments: tuple[Comment, ...]
    _by_type: dict[type, tuple | DealtRows]  # not a field: made from the statements (see DealtRows)
    # A lean deal's trick and exchange rows, and its statements with a row in
    # place of each such line (None all: a deal made with its statements).
    _rows: Sequence[TrickRow] | None
    _exchange_rows: Sequence[ExchangeRow] | None
    _layout: Sequence[Statement | TrickRow | ExchangeRow | DealtRow] | None
    # The trick lines of a lean deal made one by one (trick_line), before all are.
    _lines: list[TrickLine | None] | None

    def __init__(self, line: DealLine, statements: tuple[Statement, ...],
                 trailing_comments: tuple[Comment, ...] = ()) -> None:
        _set_all(self, locals())
        # The statements by type, once: the replay asks for them often.
        by_type: dict[type, list] = {}
        for kind, run in groupby(statements, type):  # runs: the tricks, the exchanges
            by_type.setdefault(kind, []).extend(run)
        setattr_frozen(self, "_by_type", {k: tuple(v) for k, v in by_type.items()})
        setattr_frozen(self, "_rows", None)
        setattr_frozen(self, "_layout", None)
        setattr_frozen(self, "_lines", None)
        setattr_frozen(self, "_exchange_rows", None)

    if not TYPE_CHECKING:  # mypy would take any attribute of a deal for a field
        def __getattr__(self, name: str) -> Any:
            # Called only when a slot is read before it is set: a lean deal's
            # statements, made at their first reading.
            if name != "statements" or object.__getattribute__(self, "_layout") is None:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            self._write_out_rows()
            return object.__getattribute__(self, name)

    def _write_out_rows(self) -> None:
        """A lean deal's trick and exchange lines, made from its rows (and its
        statements with them), once."""
        rows, exchange_rows = self._rows, self._exchange_rows
        assert rows is not None and exchange_rows is not None and self._layout is not None, \
            "a lean deal has rows"
        made_alone = self._lines or (None,) * len(rows)
        tricks = tuple([line or trick_line_of_row(row)
                        for line, row in zip(made_alone, rows, strict=True)])
        exchanges = tuple([exchange_line_of_row(row) for row in exchange_rows])
        next_trick, next_exchange = iter(tricks).__next__, iter(exchanges).__next__
        # each dealt row's line, by kind, in order (the lines of_type made, or makes)
        next_dealt = [iter(self.of_type(kind)).__next__ for kind in DEALT_KINDS]
        setattr_frozen(self, "statements", tuple([
            item if not isinstance(item, tuple)
            else next_trick() if len(item) == LONG_ROW
            else next_dealt[item[0]]() if len(item) == DEALT_ROW  # type: ignore[index]
            else next_exchange()
            for item in self._layout]))
        self._by_type[TrickLine] = tricks
        self._by_type[ExchangeLine] = exchanges

    def trick_line(self, index: int) -> TrickLine:
        """Trick line ``index`` (from 0) of ``tricks``; of a lean deal whose
        lines are not made, made alone and kept (the settlement asks for the
        few with an ace or the quinola): the same line ``tricks`` holds then."""
        rows = self._rows
        if rows is None or index < 0 or TrickLine in self._by_type:
            return self.tricks[index]
        lines = self._lines
        if lines is None:
            lines = [None] * len(rows)
            setattr_frozen(self, "_lines", lines)
        line = lines[index]
        if line is None:
            line = lines[index] = trick_line_of_row(rows[index])
        return line

    @property
    def trick_rows(self) -> Sequence[TrickRow] | None:
        """The trick lines as rows (see ``TrickRow``): a lean deal's own, a
        deal read in full's made from its lines (without text); None when a
        line does not hold four cards (the plain replay reads these)."""
        rows = self._rows
        if rows is not None:  # a trick of three cards is a lean deal's last row, if any
            return rows if not rows or rows[-1][4] != NO_INDEX else None
        made = []
        for line in self.tricks:
            indexes = line.indexes
            if len(indexes) != 4:
                return None
            made.append((line.number, *indexes, line.leader_text, line.taker_text, None, None))
        return made

    @property
    def lean_rows(self) -> Sequence[TrickRow] | None:
        """A lean deal's trick rows, its last perhaps of three cards (its fourth
        ``NO_INDEX``: trick 11 when a player discarded two, IRR-5); None for a
        deal made with its lines (replay/plaintwo.py reads these)."""
        return self._rows

    @property
    def exchange_rows(self) -> Sequence[ExchangeRow]:
        """The exchange lines as rows (see ``ExchangeRow``): a lean deal's own,
        a deal read in full's made from its lines (without text)."""
        rows = self._exchange_rows
        if rows is not None:
            return rows
        return [(line.player_text, line.refuses, line.discard_indexes, line.take_indexes,
                 line.sees_indexes, line.sees_count, None, None) for line in self.exchanges]

    @property
    def other_count(self) -> int:
        """How many statements the deal holds besides its trick and exchange
        lines (and its deal line)."""
        layout, rows, exchange_rows = self._layout, self._rows, self._exchange_rows
        if layout is None or rows is None or exchange_rows is None:
            return len(self.statements) - len(self.tricks) - len(self.exchanges)
        return len(layout) - len(rows) - len(exchange_rows)

    @property
    def statement_count(self) -> int:
        """How many statements the deal holds (its deal line not counted)."""
        layout = self._layout
        return len(self.statements) if layout is None else len(layout)

    @property
    def trick_count(self) -> int:
        """How many trick lines the deal holds."""
        rows = self._rows
        return len(self.tricks) if rows is None else len(rows)

    @property
    def number(self) -> int:
        return self.line.number

    @property
    def dealer(self) -> Name:
        return self.line.dealer

    @property
    def pos(self) -> Pos:
        return self.line.pos

    def of_type(self, kind: type) -> tuple:
        found = self._by_type.get(kind)
        if found is None:
            if (kind is TrickLine or kind is ExchangeLine) and self._rows is not None:
                self._write_out_rows()  # a lean deal's, made now
                return self._by_type[kind]  # type: ignore[return-value]
            return ()
        if isinstance(found, list):  # DealtRows: a lean deal's dealt lines, made now, once
            made = self._by_type[kind] = tuple([dealt_line_of_row(row) for row in found])
            return made
        return found

    @property
    def dealt_rows(self) -> tuple[Sequence[DealtRow], Sequence[DealtRow], Sequence[DealtRow]]:
        """The hand, talon and partie lines as rows (see ``DealtRow``), each kind
        in the order written: a lean deal's own, a deal's lines made otherwise
        made rows (without text or line; the plain replay reads these)."""
        get = self._by_type.get  # of_type's, without its calls
        hands, talons, parties = get(HandLine, ()), get(TalonLine, ()), get(PartieLine, ())
        if isinstance(hands, list) or isinstance(talons, list) or isinstance(parties, list):
            return hands, talons, parties  # a lean deal's rows (no kind of its made lines)
        return ([(0, line.player_text, line.mask, line.size, None, "", 0) for line in hands],
                [(1, None, 0, 0, line.indexes, "", 0) for line in talons],
                [(2, None, 0, 0, line.indexes, "", 0) for line in parties])

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
        # of_type's without its call: an event line is never a row
        return self._by_type.get(EventLine, ())  # type: ignore[return-value]

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
        events = self._by_type.get(EventLine)  # of_type's: an event line is never a row
        if not events:
            return ()
        return tuple([e for e in events if e.kind == kind])

    @property
    def is_void(self) -> bool:
        return any(e.kind in VOID_EVENTS for e in self.events)

    @property
    def misdeals_by_another(self) -> tuple[EventLine, ...]:
        """The ``misdeal`` lines that name someone other than the deal's dealer.
        Only the dealer misdeals (IRR-2, IRR-3), so one of the two names is
        wrong, and which is not known: what rests on them is not settled."""
        dealer = self.line.dealer.text
        return tuple([e for e in self.events_of("misdeal")
                      if e.player is not None and e.player.text != dealer])


def has_figures(deal: Deal | None) -> bool:
    """Whether a deal carries the table's own figures (cheap: asked of every
    deal, here so that asking does not load the comparison with the rules)."""
    if deal is None:
        return False
    by_type = deal._by_type  # ``of_type`` without its calls: neither is a lean deal's rows
    return bool(by_type.get(PaidLine) or by_type.get(TallyLine))


_DEAL_SETTERS = tuple(getattr(Deal, name).__set__ for name in (
    "line", "trailing_comments", "_by_type", "_rows", "_layout", "_lines", "_exchange_rows"))


def lean_deal(line: DealLine, layout: Sequence[Statement | TrickRow | ExchangeRow | DealtRow],
              rows: Sequence[TrickRow], exchange_rows: Sequence[ExchangeRow],
              others: Sequence[Statement],
              dealt_rows: Sequence[Sequence[DealtRow]] = ()
              ) -> Deal:
    """The lean deal the fast path reads whole (notation/fastpath.py): its
    deal ``line``, its statements in order with a row (``TrickRow``,
    ``ExchangeRow``) in place of each plain trick and exchange line
    (``layout``), those ``rows`` and ``exchange_rows`` in order, and the
    statements that are not rows (``others``, in order: no trick or exchange
    line among them).  No trailing comments: a deal read whole has none.
    ``dealt_rows``: its hand, talon and partie lines read by their words, as
    rows, by kind (``DEALT_KINDS``' order; each in ``layout`` too; no dealt line
    is then in ``others``), kept in ``_by_type`` as :class:`DealtRows`, made
    lines by ``of_type``.
    Equal to ``Deal(line, statements)``, its lines made from the rows."""
    made = object.__new__(Deal)
    s_line, s_trailing, s_by_type, s_rows, s_layout, s_lines, s_exchange_rows = _DEAL_SETTERS
    s_line(made, line)
    s_trailing(made, ())
    by_type: dict[type, Any] = {}
    for statement in others:  # a few exchange lines, mostly
        kind = type(statement)
        found = by_type.get(kind)
        if found is None:
            by_type[kind] = [statement]
        else:
            found.append(statement)
    for kind, found in by_type.items():
        by_type[kind] = tuple(found)
    if dealt_rows:  # a record written with its hands: six lines a deal
        hands, talons, parties = dealt_rows  # DEALT_KINDS' order; each a list: DealtRows
        if hands:
            by_type[HandLine] = hands
        if talons:
            by_type[TalonLine] = talons
        if parties:
            by_type[PartieLine] = parties
    s_by_type(made, by_type)
    s_rows(made, rows)
    s_layout(made, layout)
    s_lines(made, None)
    s_exchange_rows(made, exchange_rows)
    return made
