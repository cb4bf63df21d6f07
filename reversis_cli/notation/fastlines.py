"""The reader's constructors for its hottest statements (the fast path's).

The same objects as the model's keyword forms make
(tests/test_model_constructors.py), their slots set through their
descriptors: 2.3x cheaper than ``object.__setattr__``.  Positional, in field
order; the comments a fast-read line carries are none.  A *lean* line holds
its text and the cheap fields only; the model makes the others from the text
when first read.
"""

from __future__ import annotations

from typing import Any

from ..model import CardAt, DealLine, EventLine, ExchangeLine, Name, Pos, TrickLine, \
    set_exchange_interface, set_trick_interface
# The lean lines are made from a lean deal's rows too: their constructors are the model's.
from ..model.rows import lean_exchange_line, lean_trick_line

__all__ = ["lean_trick_line", "lean_exchange_line", "new_trick_line", "new_exchange_line",
           "new_deal_line", "new_event_line"]

def _slot_setters(cls: type, *names: str) -> tuple:
    return tuple(getattr(cls, name).__set__ for name in names)


_new = object.__new__
def _filled(cls: type, setters: tuple, values: tuple) -> Any:
    made: Any = _new(cls)
    for setter, value in zip(setters, values, strict=True):
        setter(made, value)
    return made


_TRICK_SLOTS = _slot_setters(TrickLine, *TrickLine._fields)
_EXCHANGE_SLOTS = _slot_setters(ExchangeLine, *ExchangeLine._fields)
_DEAL_LINE_SLOTS = _slot_setters(DealLine, *DealLine._fields)
_EVENT_SLOTS = _slot_setters(EventLine, *EventLine._fields)


def new_trick_line(pos: Pos, number: int, leader: Name | None, cards: tuple[CardAt, ...],
                   taker: Name | None, number_pos: Pos | None) -> TrickLine:
    """``TrickLine(pos=pos, number=number, ...)``, without comments."""
    made = _filled(TrickLine, _TRICK_SLOTS, (pos, (), None, number, leader, cards, taker,
                                             number_pos))
    set_trick_interface(made)
    return made


def new_exchange_line(pos: Pos, player: Name, refuses: bool, discards: tuple[CardAt, ...],
                      takes: tuple[CardAt, ...] | None, sees: CardAt | None,
                      sees_count: int) -> ExchangeLine:
    """``ExchangeLine(pos=pos, player=player, ...)``, without comments (some
    four a deal: its slots are set one by one, not in a loop)."""
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
    set_exchange_interface(made)
    return made


def new_deal_line(pos: Pos, number: int, dealer: Name, number_pos: Pos | None) -> DealLine:
    """``DealLine(pos=pos, number=number, ...)``, without comments (one a
    deal: its slots are set one by one, not in a loop)."""
    made = _new(DealLine)
    s_pos, s_before, s_after, s_number, s_dealer, s_number_pos = _DEAL_LINE_SLOTS
    s_pos(made, pos)
    s_before(made, ())
    s_after(made, None)
    s_number(made, number)
    s_dealer(made, dealer)
    s_number_pos(made, number_pos)
    return made


def new_event_line(pos: Pos, kind: str, player: Name | None, trick: int | None,
                   trick_pos: Pos | None, late: bool, paid: bool) -> EventLine:
    """``EventLine(pos=pos, kind=kind, ...)``, without comments (one in an
    irregular deal: its slots are set one by one, not in a loop)."""
    made = _new(EventLine)
    s_pos, s_before, s_after, s_kind, s_player, s_trick, s_trick_pos, s_late, s_paid = \
        _EVENT_SLOTS
    s_pos(made, pos)
    s_before(made, ())
    s_after(made, None)
    s_kind(made, kind)
    s_player(made, player)
    s_trick(made, trick)
    s_trick_pos(made, trick_pos)
    s_late(made, late)
    s_paid(made, paid)
    return made
