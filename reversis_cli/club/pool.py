"""The pool over a season: what it took and what it held (docs/output.md,
"The pool over the season").

A player's net counts only what passed between that player and the others
or the pool; what the pool took and kept is in nobody's net.  So over any
set of sessions the players' nets add up to minus the pool's net, where the
pool's net is the sum, session by session, of what it held at the end less
what it held at the start (``pool_end - pool_start``, both stored by
``archive``).  A pot carried from one evening into the next telescopes away:
only what the pool gained and never gave back stays in the sum.

Read from the sessions' rows; nothing is settled again.  Amounts are exact.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise

__all__ = ["PoolBreak", "SeasonPool", "season_pool", "pool_json"]

# A pool gap listed in full up to this many; the rest are counted.
SHOWN_BREAKS = 3


@dataclass(frozen=True)
class PoolBreak:
    """A session that did not start with what the session before it (in the
    order of the season) left in the pool."""

    path: str
    date: str | None
    start: Fraction
    previous_path: str
    previous_end: Fraction


@dataclass(frozen=True)
class SeasonPool:
    """The pool over the sessions chosen, in order of day and path."""

    sessions: int = 0
    net: Fraction = Fraction(0)  # sum of (end - start): minus the players' nets
    start: Fraction = Fraction(0)  # before the first session's first deal
    end: Fraction = Fraction(0)  # after the last session's last deal
    last_path: str | None = None
    breaks: tuple[PoolBreak, ...] = ()


def _amount(stored: object) -> Fraction:
    """A pool as the archive stores it: an integer, or the text ``"n/d"``."""
    return Fraction(str(stored))


def season_pool(conn: sqlite3.Connection, session_ids: Iterable[int]) -> SeasonPool:
    """The pool over the sessions ``session_ids`` of the archive ``conn``,
    taken in the order of the season (day, then path): its net, its start and
    end, and each session that did not start where the one before left it."""
    wanted = set(session_ids)
    rows = [(path, date, _amount(start), _amount(end)) for sid, path, date, start, end in
            conn.execute("SELECT id, path, date, pool_start, pool_end FROM sessions "
                         "ORDER BY day, path") if sid in wanted]
    if not rows:
        return SeasonPool()
    breaks = tuple(PoolBreak(path, date, start, before[0], before[3])
                   for before, (path, date, start, _) in pairwise(rows)
                   if start != before[3])
    return SeasonPool(len(rows), sum((end - start for _, _, start, end in rows), Fraction(0)),
                      rows[0][2], rows[-1][3], rows[-1][0], breaks)


def pool_json(pool: SeasonPool) -> dict:
    """``"pool"`` of ``stats --json`` and ``league --json``: amounts as
    ``score --json`` writes them."""
    from ..settle import amount_json  # the settlement's modules: for the JSON only

    return {
        "net": amount_json(pool.net),
        "start": amount_json(pool.start),
        "end": amount_json(pool.end),
        "not_carried": [{"session": b.path, "date": b.date, "start": amount_json(b.start),
                         "previous": b.previous_path, "previous_end": amount_json(b.previous_end)}
                        for b in pool.breaks],
    }
