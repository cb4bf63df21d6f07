"""What a record *says*: immutable value types built from the parse tree.

The model holds the record as written, with a source position on every node,
and makes no judgement about it; the replay (``replay/``) decides what
happened and what is wrong.  Comments are kept: each statement carries the
comment lines written directly above it and the comment at the end of its line.

:mod:`.statements` holds the values of one line each (:mod:`.dealt` those of
the cards as dealt), :mod:`.deal` the deal that gathers them (and its lean
form, the fast path's).
"""

from __future__ import annotations

from .deal import Deal, has_figures
from .dealt import (HandLine, PartieLine, TalonLine, lean_cards_line, lean_dealt_words,
                    lean_hand_words)
from .statements import (
    EVENT_KINDS, POOL_WORD, VOID_EVENTS, CardAt, Comment, DealLine, EspagnoletteLine, EventLine,
    ExchangeLine, Header, HeaderLine, Name, NoteLine, PaidLine, Pos, Statement, TallyEntry,
    TallyLine, TrickLine, set_exchange_interface, set_trick_interface,
)

__all__ = [
    "Pos", "Comment", "Name", "CardAt", "Statement", "HeaderLine", "Header",
    "DealLine", "HandLine", "TalonLine", "ExchangeLine", "PartieLine",
    "EspagnoletteLine", "EventLine", "NoteLine", "TrickLine", "Deal",
    "EVENT_KINDS", "VOID_EVENTS", "POOL_WORD", "PaidLine", "TallyEntry", "TallyLine",
    "has_figures", "set_exchange_interface", "set_trick_interface", "lean_cards_line",
    "lean_dealt_words", "lean_hand_words",
]
