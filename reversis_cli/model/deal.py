"""A deal as written: its deal line and its statements (:mod:`.statements`)."""

from __future__ import annotations

from itertools import groupby

from ..values import setattr_frozen
from ..vocabulary import VOID_EVENTS
from .statements import (
    DealLine, EspagnoletteLine, EventLine, ExchangeLine, HandLine, Name, NoteLine, PaidLine,
    PartieLine, Pos, Statement, TalonLine, TallyLine, TrickLine, Comment, _ModelValue, _set_all,
)

__all__ = ["Deal", "has_figures"]


class Deal(_ModelValue):
    """One ``deal`` block as written, statements in source order."""

    __slots__ = ("line", "statements", "trailing_comments", "_by_type")
    _fields = ("line", "statements", "trailing_comments")
    line: DealLine
    statements: tuple[Statement, ...]
    trailing_comments: tuple[Comment, ...]
    _by_type: dict[type, tuple]  # not a field: made from the statements

    def __init__(self, line: DealLine, statements: tuple[Statement, ...],
                 trailing_comments: tuple[Comment, ...] = ()) -> None:
        _set_all(self, locals())
        # The statements by type, once: the replay asks for them often.
        by_type: dict[type, list] = {}
        for kind, run in groupby(statements, type):  # runs: the tricks, the exchanges
            by_type.setdefault(kind, []).extend(run)
        setattr_frozen(self, "_by_type", {k: tuple(v) for k, v in by_type.items()})

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
