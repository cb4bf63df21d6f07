"""``league`` as a library: a season's standings under the club's own rules
(docs/league.md).

The rules come from a league file (:mod:`.league_file` reads it into a
:class:`LeagueSettings`); the figures are read from the archive with SQL
(:func:`player_rows`), each player's net summed exactly from the stored
nets; the standings are pure functions of the two (:func:`standings`).
Nothing here settles a deal again.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from ..dates import in_period
from ..diagnostics import Diagnostic
from .database import stale_notices, stale_sessions
from .pool import SeasonPool

__all__ = [
    "RANKINGS", "TIE_BREAKS", "ABSENCE_RULES", "TOTAL", "PER_DEAL", "PER_SESSION",
    "NOT_RANKED", "PENALTY", "TOO_FEW_SESSIONS", "TOO_FEW_DEALS", "EXCLUDED",
    "LeagueSettings", "PlayerRow", "Ranked", "Unranked", "Standings",
    "season_sessions", "player_rows", "standings",
]

TOTAL, PER_DEAL, PER_SESSION = "total", "per-deal", "per-session"
RANKINGS = (TOTAL, PER_DEAL, PER_SESSION)
# The tie-breaks a league file may list, each "better first".
SESSIONS, DEALS, PARTIES_LOST, NAME = "sessions", "deals", "fewest-parties-lost", "name"
TIE_BREAKS = (TOTAL, PER_DEAL, PER_SESSION, SESSIONS, DEALS, PARTIES_LOST, NAME)
NOT_RANKED, PENALTY = "not-ranked", "penalty"
ABSENCE_RULES = (NOT_RANKED, PENALTY)
# Why a player is not in the table (the JSON's ``reason``).
TOO_FEW_SESSIONS, TOO_FEW_DEALS, EXCLUDED = "too-few-sessions", "too-few-deals", "excluded"


@dataclass(frozen=True)
class LeagueSettings:
    """A league file's rules, checked (docs/league.md)."""

    title: str | None = None
    records: tuple[str, ...] = ()  # files or folders, as the league file's folder resolves them
    archive: str | None = None  # or an archive database
    club: str | None = None  # the club's roster (club/roster.py), as the league file names it
    start: str | None = None  # ISO day, inclusive (``from``)
    end: str | None = None  # ISO day, inclusive (``to``)
    ranking: str = TOTAL
    tie_breaks: tuple[str, ...] = ()
    min_sessions: int = 0
    min_deals: int = 0
    absence: str = NOT_RANKED
    penalty_per_session: int = 0  # fiches for each session short of min_sessions
    penalty_per_deal: int = 0  # fiches for each deal short of min_deals
    exclude: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayerRow:
    """What the archive says of one player over the season's sessions."""

    name: str
    sessions: int
    deals: int
    net: Fraction
    parties_lost: int


@dataclass(frozen=True)
class Ranked:
    rank: int
    row: PlayerRow
    penalty: Fraction  # fiches taken off the net for absence
    figure: Fraction  # what the table is ranked by, exact

    @property
    def scored(self) -> Fraction:
        """The net with the penalty taken off."""
        return self.row.net - self.penalty


@dataclass(frozen=True)
class Unranked:
    row: PlayerRow
    reason: str  # TOO_FEW_SESSIONS, TOO_FEW_DEALS or EXCLUDED


@dataclass(frozen=True)
class Standings:
    settings: LeagueSettings
    sessions: int  # sessions of the season (in the period)
    ranked: tuple[Ranked, ...]
    unranked: tuple[Unranked, ...]
    # what the pool took over the season's sessions (club/pool.py)
    pool: SeasonPool = field(default_factory=SeasonPool)


# --- the rows, read from the archive ------------------------------------------------------


def season_sessions(conn: sqlite3.Connection, settings: LeagueSettings,
                    skip_stale: bool = False, base: Path | None = None
                    ) -> tuple[list[int], list[Diagnostic]]:
    """The ids of the sessions in the league's period, by the rule ``stats``
    and the club page follow too (:func:`~reversis_cli.dates.in_period`), and
    RV614 for each of them whose record has had errors since it was archived
    (left out with ``skip_stale``; ``base``, the archive's folder, names its
    record)."""
    ids = [sid for sid, day in conn.execute("SELECT id, day FROM sessions ORDER BY id")
           if in_period(day, settings.start, settings.end)]
    chosen = set(ids)
    stale = [row for row in stale_sessions(conn) if row[0] in chosen]
    if skip_stale:
        left_out = {row[0] for row in stale}
        ids = [sid for sid in ids if sid not in left_out]
    return ids, stale_notices(stale, base, skip_stale)


def player_rows(conn: sqlite3.Connection, sessions: Iterable[int]) -> list[PlayerRow]:
    """Each player of ``sessions``: sessions and deals played, the net summed
    exactly (grouped by denominator in SQL, then as fractions), and the parties
    lost (deals in which the player paid for losing the partie)."""
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS league_sessions (id INTEGER PRIMARY KEY)")
    conn.execute("DELETE FROM league_sessions")
    conn.executemany("INSERT INTO league_sessions (id) VALUES (?)", [(s,) for s in sessions])
    counts = {name: (played, deals) for name, played, deals in conn.execute(
        "SELECT player, COUNT(DISTINCT session_id), COUNT(*) FROM deal_players "
        "WHERE session_id IN (SELECT id FROM league_sessions) GROUP BY player")}
    net: dict[str, Fraction] = defaultdict(Fraction)
    for name, den, num in conn.execute(
            "SELECT player, net_den, SUM(net_num) FROM deal_players "
            "WHERE session_id IN (SELECT id FROM league_sessions) GROUP BY player, net_den"):
        net[name] += Fraction(num, den)
    lost = dict(conn.execute(
        "SELECT payer, COUNT(DISTINCT session_id || ':' || deal) FROM payments "
        "WHERE session_id IN (SELECT id FROM league_sessions) AND code LIKE 'partie_lost%' "
        "GROUP BY payer").fetchall())
    return [PlayerRow(name, played, deals, net[name], lost.get(name, 0))
            for name, (played, deals) in sorted(counts.items())]


# --- the standings: pure functions of the settings and the rows -----------------------------


def _short(row: PlayerRow, settings: LeagueSettings) -> tuple[int, int]:
    """Sessions and deals short of the minimum attendance."""
    return (max(0, settings.min_sessions - row.sessions), max(0, settings.min_deals - row.deals))


def absence_penalty(row: PlayerRow, settings: LeagueSettings) -> Fraction:
    """Fiches taken off for absence (only under ``absence = "penalty"``)."""
    if settings.absence != PENALTY:
        return Fraction(0)
    sessions, deals = _short(row, settings)
    return Fraction(sessions * settings.penalty_per_session + deals * settings.penalty_per_deal)


def reason_not_ranked(row: PlayerRow, settings: LeagueSettings) -> str | None:
    """Why ``row`` is left out of the table, or None when it is ranked."""
    if row.name in settings.exclude:
        return EXCLUDED
    if settings.absence == PENALTY:
        return None
    sessions, deals = _short(row, settings)
    if sessions:
        return TOO_FEW_SESSIONS
    return TOO_FEW_DEALS if deals else None


def measure(kind: str, row: PlayerRow, penalty: Fraction) -> Fraction:
    """The net less the penalty, in total, per deal or per session."""
    scored = row.net - penalty
    if kind == PER_DEAL:
        return scored / row.deals if row.deals else Fraction(0)
    if kind == PER_SESSION:
        return scored / row.sessions if row.sessions else Fraction(0)
    return scored


def _tie_key(kind: str, row: PlayerRow, penalty: Fraction) -> object:
    """One tie-break's sort key, smaller first = better."""
    if kind in RANKINGS:
        return -measure(kind, row, penalty)
    if kind == SESSIONS:
        return -row.sessions
    if kind == DEALS:
        return -row.deals
    if kind == PARTIES_LOST:
        return row.parties_lost
    return row.name.casefold(), row.name


def order_key(settings: LeagueSettings, row: PlayerRow, penalty: Fraction) -> tuple:
    """The ranking figure, then each tie-break in the order the file lists them."""
    return tuple(_tie_key(kind, row, penalty)
                 for kind in (settings.ranking, *settings.tie_breaks))


def ranked_in_order(settings: LeagueSettings, rows: Iterable[PlayerRow]) -> tuple[Ranked, ...]:
    """The players ranked: equal keys after every tie-break share a rank
    (1, 2, 2, 4); within a shared rank, by name, for a stable table."""
    keyed = sorted(((order_key(settings, row, pen), row.name, row, pen) for row in rows
                    for pen in (absence_penalty(row, settings),)),
                   key=lambda item: (item[0], item[1]))
    out: list[Ranked] = []
    for place, (key, _, row, pen) in enumerate(keyed, 1):
        shared = out and keyed[place - 2][0] == key
        rank = out[-1].rank if shared else place
        out.append(Ranked(rank, row, pen, measure(settings.ranking, row, pen)))
    return tuple(out)


def standings(settings: LeagueSettings, rows: Iterable[PlayerRow], sessions: int,
              pool: SeasonPool | None = None) -> Standings:
    """The table and who is not in it, and why; ``pool``: the season's pool,
    shown beside them."""
    ranked, unranked = [], []
    for row in rows:
        reason = reason_not_ranked(row, settings)
        if reason is None:
            ranked.append(row)
        else:
            unranked.append(Unranked(row, reason))
    unranked.sort(key=lambda u: (u.row.name.casefold(), u.row.name))
    return Standings(settings, sessions, ranked_in_order(settings, ranked), tuple(unranked),
                     pool or SeasonPool())
