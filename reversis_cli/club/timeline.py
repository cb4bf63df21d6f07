"""Each session's net per player, in the order of the season: what the club
page draws as each player's net over time.

Read from the sessions' summaries (``summary_figures``, the net of each
player in each seat role: club/summary.py), summed exactly (grouped by
denominator in SQL, then as fractions): the same figures ``stats`` sums for the
season, taken session by session, a few rows a session instead of a row a
deal and player.  Nothing is settled again.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .summary import NET

__all__ = ["SessionNets", "nets_by_session", "running_nets"]


@dataclass(frozen=True)
class SessionNets:
    """One session of the archive: where its record is, what it says of itself,
    and each player's net over its deals."""

    path: str
    sha256: str
    title: str | None
    date: str | None
    deals: int
    nets: dict[str, Fraction] = field(default_factory=dict)


def nets_by_session(conn: sqlite3.Connection, paths: Sequence[str]) -> list[SessionNets]:
    """The sessions stored under ``paths``, in that order, each with its nets."""
    found = {path: (sid, sha, title, date, deals) for sid, path, sha, title, date, deals in
             conn.execute("SELECT id, path, sha256, title, date, deals FROM sessions")}
    nets: dict[int, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    for sid, name, num, den in conn.execute(
            "SELECT session_id, player, SUM(num), den FROM summary_figures WHERE figure = ? "
            "GROUP BY session_id, player, den", (NET,)):
        nets[sid][name] += Fraction(num, den)
    return [SessionNets(path, sha, title, date, deals, dict(nets[sid]))
            for path in paths for sid, sha, title, date, deals in (found[path],)]


def running_nets(sessions: Sequence[SessionNets], players: Sequence[str]
                 ) -> dict[str, list[Fraction]]:
    """Each player's cumulative net: 0 before the first session, then after
    each session (unchanged over a session the player sat out)."""
    series = {name: [Fraction(0)] for name in players}
    for session in sessions:
        for name, points in series.items():
            points.append(points[-1] + session.nets.get(name, Fraction(0)))
    return series
