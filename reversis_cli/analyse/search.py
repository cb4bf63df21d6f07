"""The search: every legal continuation of a deal, valued two ways at once.

A node's value is a tuple of 20 whole numbers (units of the deal's table):

* ``value[s]`` for s in 0-3: seat s's *guaranteed* net, the paranoid value (s
  plays for his own net, the three others against it);
* ``value[4 + 4*p + q]``: seat q's net on the *selfish* line seen for seat p
  (max-n: everyone plays for his own net; at another player's turn, of his
  equally good cards the one that leaves p least, then the first in pack order;
  at p's own turn the first of his equally good cards in pack order).

Both are exact values of the whole game tree below a node: the walk is
exhaustive, with no cut-off that could lose a card's exact value, and two
reductions that cannot change a value:

1. **Equivalent cards** are tried once.  Two zero-point cards (9 down to 2) of
   one suit in one hand, with no card between them in any other hand or on the
   table, win and lose the same tricks, carry no points and pay nothing: every
   line after one is a line after the other, move for move.  Honours never merge:
   their points and payments differ.
2. **A table of trick starts.**  The money still to come from a trick start is a
   function of :func:`.money.memo_key` (the hands, the leader, the points and
   tricks taken, the dues, the quinola's state, the espagnolette's refunds and the
   reversis's), plus the in-play payments already made, which simply add on, so
   the table keeps values less those payments.  While a reversis could still
   cancel them (REV-4), the payments made are part of the key.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..replay.rules_of_play import PRIVILEGED_TRICKS
from .money import OVER, SUIT_MASKS, Play, Position, close_trick, final_net, memo_key
from .table import DealTable

__all__ = ["Solver", "legal_groups", "choose"]

# Trick starts kept at most (some 850 bytes each, 340 MB): past it the table starts afresh,
# which costs time, never a value.
MEMO_LIMIT = 400_000
_ZERO_POINT_FROM = 4  # within a suit, indexes 4-11 are the 9 down to the 2


def legal_groups(table: DealTable, pos: Position, plays: tuple[Play, ...], seat: int
                 ) -> list[list[int]]:
    """The cards ``seat`` may play next (PLAY-2, ESP-2), in pack order, grouped by
    equivalence: each group's first card stands for the group."""
    hand = pos.hands[seat]
    cards = hand
    if plays:
        follow = hand & SUIT_MASKS[plays[0][1] // 12]
        if follow and not (seat == table.esp and pos.trick <= PRIVILEGED_TRICKS):
            cards = follow
    others = (pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]) & ~hand
    groups: list[list[int]] = []
    last = -1
    while cards:
        low = cards & -cards
        index = low.bit_length() - 1
        cards ^= low
        if (last >= 0 and index % 12 >= _ZERO_POINT_FROM and last % 12 >= _ZERO_POINT_FROM
                and last // 12 == index // 12
                and not others & (low - 1) & ~((2 << last) - 1)):
            groups[-1].append(index)
        else:
            groups.append([index])
        last = index
    return groups


def choose(mover: int, children: Sequence[tuple[int, ...]], seat: int, selfish: bool) -> int:
    """Which child a node's value for ``seat`` comes from: the paranoid choice
    (``selfish`` False: the mover maximises or minimises seat's net), or the
    selfish one for seat (see the module's text); the first in pack order of equals."""
    if not selfish:
        values = [child[seat] for child in children]
        target = max(values) if mover == seat else min(values)
        return values.index(target)
    base = 4 + 4 * seat
    own, other = base + mover, base + seat
    best = 0
    first = children[0]
    best_own, best_other = first[own], first[other]
    for k in range(1, len(children)):
        child = children[k]
        value = child[own]
        if value > best_own or (value == best_own and mover != seat
                                and child[other] < best_other):
            best, best_own, best_other = k, value, child[other]
    return best


def _combine(mover: int, children: list[tuple[int, ...]]) -> tuple[int, ...]:
    out = []
    for seat in range(4):
        values = [child[seat] for child in children]
        out.append(max(values) if seat == mover else min(values))
    for seat in range(4):
        base = 4 + 4 * seat
        out.extend(children[choose(mover, children, seat, True)][base:base + 4])
    return tuple(out)


class Solver:
    """Values nodes of one deal; remembers trick starts for the deal's whole analysis."""

    def __init__(self, table: DealTable) -> None:
        self.table = table
        self.memo: dict[tuple, tuple[int, ...]] = {}
        self.positions = 0  # nodes valued, for the benchmark

    def at_start(self, pos: Position) -> tuple[int, ...]:
        """The value of a trick start (or of the finished deal, trick 12)."""
        acc = pos.acc
        if pos.trick == OVER:
            net = final_net(self.table, pos)
            return tuple(net) + tuple(net) * 4
        key = memo_key(pos, self.table)
        stored = self.memo.get(key)
        if stored is None:
            value = self.in_trick(pos, ())
            stored = tuple([v - acc[k % 4] for k, v in enumerate(value)])
            if len(self.memo) >= MEMO_LIMIT:  # a bound on memory; values are recomputed
                self.memo.clear()
            self.memo[key] = stored
            return value
        return tuple([v + acc[k % 4] for k, v in enumerate(stored)])

    def in_trick(self, pos: Position, plays: tuple[Play, ...]) -> tuple[int, ...]:
        """The value of a node inside trick ``pos.trick`` after ``plays``."""
        self.positions += 1
        if len(plays) == 4:
            return self.at_start(close_trick(self.table, pos, plays))
        seat = (pos.leader + len(plays)) % 4
        groups = legal_groups(self.table, pos, plays, seat)
        if len(groups) == 1:
            return self.in_trick(pos, plays + ((seat, groups[0][0]),))
        return _combine(seat, [self.in_trick(pos, plays + ((seat, group[0]),))
                               for group in groups])

    def children(self, pos: Position, plays: tuple[Play, ...]
                 ) -> tuple[int, list[list[int]], list[tuple[int, ...]]]:
        """The seat to play, his legal cards grouped, and each group's value."""
        seat = (pos.leader + len(plays)) % 4
        groups = legal_groups(self.table, pos, plays, seat)
        return seat, groups, [self.in_trick(pos, plays + ((seat, group[0]),))
                              for group in groups]
