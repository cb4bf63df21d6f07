"""What a plain deal's replay alone decides, whatever the reading (settle/lean.py's
first step): the tricks and points won by seat, the aces and the quinola as they
fell, the partie's standing and the reversis found.  Worked out once a deal, they
serve each reading that settles it again (club/resettle.py).
"""

from __future__ import annotations

from operator import itemgetter

from ..cards import PACK
from ..replay import ReplayedDeal
from ..replay.result import Row
from ..replay.rules_of_play import (UNDERTAKEN_TRICKS, partie_standing, reversis_breach,
                                    reversis_maker)
from .codes import Outcome

__all__ = ["NO_CARD_INDEX", "TAKER", "Facts", "deal_facts"]

# What a plain deal's replay alone decides, whatever the reading: the tricks and
# points won by seat, the aces and the quinola as they fell
# (trick, leader, taker, seat, card index), the partie's standing and the reversis
# found (REV-1..3: the outcome, maker, undertaker, breaker, the breaker's trick).
Facts = tuple[tuple[int, ...], tuple[int, ...],
              list[tuple[int, int, int, int, int]], tuple[tuple[int, int], ...],
              tuple[Outcome, int | None, int | None, int | None, int | None]]


def deal_facts(replayed: ReplayedDeal, rows: tuple[Row, ...] | None = None) -> Facts:
    """The facts of a deal of rows (``replayed.rows``, or ``rows`` given: a
    two-discarded deal's, settle/leantwo.py) that no rule option changes: worked
    out once, they serve each reading that settles it again (club/resettle.py)."""
    rows = replayed.rows if rows is None else rows
    assert rows is not None, "a deal of rows"
    takers = list(map(TAKER, rows))
    won, points = (takers.count(0), takers.count(1), takers.count(2), takers.count(3)), \
        [0, 0, 0, 0]
    paying = []
    pays, worth = _PAYS, _WORTH
    for number, leader, a, b, c, d, taker in rows:
        trick = worth[a] + worth[b] + worth[c] + worth[d]  # its points, and _PAID a paying card
        if trick < _PAID:
            points[taker] += trick
        else:
            points[taker] += trick % _PAID
            for k, index in enumerate((a, b, c, d)):
                if pays[index]:
                    paying.append((number, leader, taker, (leader + k) % 4, index))
    found: tuple[Outcome, int | None, int | None, int | None, int | None] = \
        (Outcome.NORMAL, None, None, None, None)
    if takers.count(takers[0]) >= UNDERTAKEN_TRICKS:  # else neither made nor broken
        maker = reversis_maker(takers)  # REV-1, REV-2, REV-3 (``reversis.find_reversis``)
        breach = reversis_breach(takers) if maker is None else None
        if maker is not None:
            found = (Outcome.REVERSIS, maker, None, None, None)
        elif breach is not None:
            undertaker, broken = breach
            row = rows[broken]
            found = (Outcome.REVERSIS_BROKEN, None, undertaker, row[6], row[0])
    return won, tuple(points), paying, partie_standing(points, won), found


# By card index: its points, whether it pays as it falls.  Both have one more, at
# NO_CARD_INDEX: a row's place where no card was played (the ten-card player's in
# trick 11, IRR-5: settle/leantwo.py; lean._HELD_SUITS has it too).
NO_CARD_INDEX = len(PACK)
_POINTS = (*[card.points for card in PACK], 0)
_PAYS = (*[card.pays_in_play for card in PACK], False)
# By card index: its points, plus _PAID if it pays as it falls: a trick's four summed
# say both at once (a trick's points, at most 16, stay below _PAID).
_PAID = 64
_WORTH = tuple([points + _PAID * pays for points, pays in zip(_POINTS, _PAYS, strict=True)])
TAKER = itemgetter(6)  # a row's taker (settle/lean.py reads it too)
