"""The replay of a void deal written plain: its event lines only, no trick.

A void deal (IRR-0: ``misdeal NAME [late]``, ``exposed``, perhaps ``redeal paid``)
has no tricks to walk, yet the plain replay (:mod:`.plain`, :mod:`.plaintwo`)
gave it up and the full walk (:mod:`.play`) ran its checks over it: each name
a player's, only the dealer misdealing (RV322), no line repeated, no trick
line (RV309), no ``unclaimed`` trick out of range, no paid or tally line
(``recorded_problems``).  A deal read lean (``Deal._rows`` empty, no exchange
row) whose only lines are such event lines, its dealer and each name a
player's, each ``misdeal`` naming the dealer, answers none of those checks,
and its replay is the one the full walk makes of it: void, complete, no
diagnostic, the dealer's seat, no partie written.  A deal read whole (a comment
among its lines, words read by Lark) is taken alike when its only statements
are such event lines: comments are no check of the walk.  Any other deal is the
full walk's, as before; under ``REVERSIS_REFERENCE=1`` every deal is.
tests/test_replay_void.py holds the two to the same replay.
"""

from __future__ import annotations

from .. import fastpaths
from ..model import VOID_EVENTS, Deal, EventLine
from .result import ReplayedDeal

__all__ = ["replay_void"]

# The events of a void deal this replay takes (any other is the full walk's).
_KINDS = frozenset((*VOID_EVENTS, "redeal"))


def replay_void(deal: Deal, players: tuple[str, ...]) -> ReplayedDeal | None:
    """The full walk's replay of ``deal`` when it is a plain void deal (the
    module's docstring), else None (and always under ``REVERSIS_REFERENCE=1``)."""
    if fastpaths.REFERENCE:
        return None
    return _void_replayed(deal, players)


def _void_replayed(deal: Deal, players: tuple[str, ...]) -> ReplayedDeal | None:
    rows, by_type = deal._rows, deal._by_type  # a lean deal's, read without its calls
    if rows or deal._exchange_rows or len(by_type) != 1:
        return None  # a trick or exchange row, another kind of line (of a deal read whole)
    events = by_type.get(EventLine)
    dealer_name = deal.line.dealer.text
    if not events or dealer_name not in players:
        return None
    void = False
    for event in events:
        kind, player = event.kind, event.player
        if kind not in _KINDS:
            return None
        if player is not None and (player.text not in players
                                   or kind == "misdeal" and player.text != dealer_name):
            return None  # RV112, RV322: the full walk's to say
        void = void or kind in VOID_EVENTS
    if not void:
        return None
    dealer = len(players) - 1 - players[::-1].index(dealer_name)  # the walk's seats: the last
    return ReplayedDeal.of_void(deal, players, dealer)
