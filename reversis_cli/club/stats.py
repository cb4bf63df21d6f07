"""``stats`` as a library: each player's figures over a club's sessions, read
from the archive (docs/output.md, "reversis stats: each player's figures").

Every figure is SQL over the archive's tables (club/schema.py): the payments
as the settlement made them (their ``code``), the deals' outcome and roles,
the events.  Nothing is settled again.  Amounts are summed exactly: grouped by
denominator in SQL, added as fractions here.  A count is a number of
occurrences, each named by a ``file:deal`` reference when asked for
(``with_deals``): the table's ``--show-deals`` and the JSON.
"""

from __future__ import annotations

import os
import sqlite3
from array import array
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from ..dates import DateError, ends_before, in_period, read_day
from ..diagnostics import Diagnostic
from ..i18n import Msg
from .database import open_to_read, stale_notices, stale_sessions
from .names import apply_roster
from .pool import SeasonPool, pool_json, season_pool
from .summary import BETWEEN, COUNTS, NET, POOL_AMOUNT, ROLES, occurrences

__all__ = ["COUNTS", "ROLE_COUNTS", "ROLES", "Count", "Refs", "RoleStats", "PlayerStats", "Between",
           "Title", "Evening", "Stats", "Period", "StatsInputError", "is_database",
           "parse_day", "period_of", "read_stats", "stats_json", "stats_of"]

SQLITE_MAGIC = b"SQLite format 3\x00"
DATABASE_SUFFIXES = (".sqlite", ".sqlite3", ".db")

# Every session, when no period is given: no subquery to run for each row.
EVERY_SESSION = "session_id IS NOT NULL"

# The counts shown by seat role (the others too are in the JSON's by_role).
ROLE_COUNTS: tuple[str, ...] = ("partie_won", "partie_lost", "quinola_placed", "pool_taken")

class StatsInputError(Exception):
    """The command line names something stats cannot read as asked: a usage
    error (exit 2) with a message a player understands."""

    def __init__(self, message: Msg):
        super().__init__(message)
        self.message = message


class Refs(Sequence[str]):
    """``file:deal`` references kept as numbers (a session's id, a deal's) and
    written out only as they are read: a season of 100,000 deals names some
    800,000 occurrences, which as strings held at once were most of the
    memory of ``stats --json`` (issue 35)."""

    __slots__ = ("_paths", "_ids")

    def __init__(self, paths: Mapping[int, str]) -> None:
        self._paths = paths
        self._ids = array("q")  # session id, deal, session id, deal, ...

    def add(self, session_id: int, deal: int) -> None:
        self._ids.append(session_id)
        self._ids.append(deal)

    def __len__(self) -> int:
        return len(self._ids) // 2

    def __iter__(self) -> Iterator[str]:
        ids, paths = self._ids, self._paths
        for n in range(0, len(ids), 2):
            yield f"{paths[ids[n]]}:{ids[n + 1]}"

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return tuple(self)[index]
        n = 2 * range(len(self))[index]
        return f"{self._paths[self._ids[n]]}:{self._ids[n + 1]}"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Refs({list(self)!r})"


@dataclass(frozen=True)
class Count:
    """A number of occurrences, and (when asked for) the ``file:deal`` of each."""

    count: int = 0
    deals: Sequence[str] = ()


@dataclass
class RoleStats:
    """A player's deals, net and counts in one seat role."""

    deals: int = 0
    net: Fraction = Fraction(0)
    counts: dict[str, int] = field(default_factory=dict)


@dataclass
class PlayerStats:
    name: str
    sessions: Count = Count()
    deals: int = 0
    net: Fraction = Fraction(0)
    pool_taken_amount: Fraction = Fraction(0)
    counts: dict[str, Count] = field(default_factory=dict)
    by_role: dict[str, RoleStats] = field(default_factory=dict)

    @property
    def net_per_deal(self) -> Fraction:
        return self.net / self.deals if self.deals else Fraction(0)


@dataclass(frozen=True)
class Between:
    """``by`` did ``kind`` to ``of``: forced his quinola or ace, took his ace."""

    kind: str
    by: str
    of: str
    count: Count


@dataclass(frozen=True)
class Title:
    """A title and who holds it (all of them on a tie), with its value."""

    key: str
    holders: tuple[str, ...]
    value: Fraction
    deals: tuple[str, ...] = ()


@dataclass(frozen=True)
class Evening:
    """One session's titles."""

    path: str
    date: str | None
    titles: tuple[Title, ...]


@dataclass(frozen=True)
class Period:
    """``--from`` / ``--to`` as ISO days (a month or year too: 2027-01)."""

    start: str | None = None
    end: str | None = None

    @property
    def given(self) -> bool:
        return self.start is not None or self.end is not None


@dataclass
class Stats:
    """What ``stats`` shows: the sessions chosen, each player's figures, who
    did what to whom, and the titles."""

    sessions: tuple[str, ...]
    left_out: int
    period: Period
    players: dict[str, PlayerStats]
    between: list[Between]
    season_titles: list[Title]
    evenings: list[Evening]
    # what the pool took over these sessions: the players' nets sum to minus its net
    pool: SeasonPool = field(default_factory=SeasonPool)
    # what the figures rest on that the reader should know (RV614: a session
    # whose record has had errors since it was archived)
    notices: list[Diagnostic] = field(default_factory=list)


# --- the input ---------------------------------------------------------------------------


def parse_day(text: str) -> str:
    """A ``--from``/``--to`` date as ISO text (``2027-01-14``, ``2027-01``,
    ``2027``, also ``14.01.2027``); :class:`StatsInputError` when unreadable,
    followed by other words, or no day of the calendar (``2027-02-31``)."""
    try:
        return read_day(text)
    except DateError as exc:
        raise StatsInputError(exc.message) from None


def period_of(start: str | None, end: str | None) -> Period:
    """``--from``/``--to`` as a period; :class:`StatsInputError` for a date
    that cannot be read or a period that ends before it begins (the league
    file's words for it, RV608)."""
    period = Period(parse_day(start) if start is not None else None,
                    parse_day(end) if end is not None else None)
    if ends_before(period.start, period.end):
        raise StatsInputError(Msg("the period ends ({end}) before it begins ({start})",
                                  start=period.start, end=period.end))
    return period


def is_database(path: str) -> bool:
    """A file that is a SQLite database, or named as one (read as an archive,
    and refused with a diagnostic when it is not one)."""
    if not Path(path).is_file():
        return False
    if path.lower().endswith(DATABASE_SUFFIXES):
        return True
    try:
        with open(path, "rb") as stream:
            return stream.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False


def read_stats(inputs: tuple[str, ...], period: Period = Period(), player: str | None = None,
               with_deals: bool = False, each=None, skip_stale: bool = False, roster=None,
               warn=None) -> tuple[Stats, list]:
    """``reversis stats``: the archive ``inputs`` name (one database, read as it
    is) or the records they name (archived in memory), and its figures; with
    the file results of the records loaded (empty for a database).  Names are
    counted as the club's ``roster`` says (club/names.py), ``player`` too;
    ``warn(diagnostic)`` for names that look like one person's.  Raises
    :class:`StatsInputError`, :class:`~reversis_cli.club.schema.ArchiveError`,
    :class:`~reversis_cli.session.inputs.InputError`,
    :class:`~reversis_cli.club.roster.RosterError`."""
    databases = [name for name in inputs if is_database(name)]
    if len(databases) > 1:
        raise StatsInputError(Msg("stats reads one archive at a time: {names}",
                                  names=", ".join(databases)))
    if databases and len(inputs) > 1:
        raise StatsInputError(Msg("stats reads one archive, or records, not both: "
                                  "{names}", names=", ".join(inputs)))
    results: list = []
    base = None
    if databases:
        conn = open_to_read(databases[0])
        base = Path(os.path.abspath(databases[0])).parent
    else:
        # records are read and settled: the archive's loading (not needed, nor
        # loaded, to read a database)
        from .archive import build_in_memory

        conn, results = build_in_memory(inputs, each)
    try:
        for found in apply_roster(conn, roster, base):
            if warn is not None:
                warn(found)
        if roster is not None and player is not None:
            player = roster.canonical(player)
        return stats_of(conn, period, player, with_deals, skip_stale, base), results
    finally:
        conn.close()


# --- the figures -----------------------------------------------------------------------


def stats_of(conn: sqlite3.Connection, period: Period = Period(), player: str | None = None,
             with_deals: bool = False, skip_stale: bool = False,
             base: Path | None = None) -> Stats:
    """The figures of the archive ``conn`` over the sessions of ``period``,
    for every player or for ``player`` (:class:`StatsInputError` when nobody of
    that name played in them).

    The figures are read from the sessions' summaries (club/summary.py), a few
    rows per session and player; the per-deal tables only to name the deals
    (``with_deals``).  A session whose record has had errors since it was
    archived is counted as archived, with a notice, or left out
    (``skip_stale``); ``base``, the database's folder, names its record."""
    chosen, params, left_out = _chosen(conn, period)
    stale = stale_sessions(conn, chosen, params)
    notices = stale_notices(stale, base, skip_stale)
    narrowed = period.given or bool(skip_stale and stale)
    if skip_stale and stale:
        chosen += (" AND " if " WHERE " in chosen else " WHERE ") + "stale IS NULL"
    sql_chosen = f"session_id IN ({chosen})" if narrowed else EVERY_SESSION
    paths = {sid: path for sid, path in conn.execute(
        f"SELECT id, path FROM sessions WHERE id IN ({chosen}) ORDER BY day, path", params)}
    players = _players(conn, sql_chosen, params, paths)
    if player is not None:
        if player not in players:
            raise StatsInputError(Msg("nobody called {player} played in these sessions; the "
                                      "players are: {names}", player=player,
                                      names=", ".join(sorted(players)) or "-"))
    _figures(conn, sql_chosen, params, players)
    if with_deals:
        for key in COUNTS:
            _name_deals(conn, key, sql_chosen, params, players, paths)
    bests = _pool_bests(conn, sql_chosen, params)
    stats = Stats(tuple(paths.values()), left_out, period, players,
                  _between(conn, sql_chosen, params, paths, with_deals),
                  _season_titles(conn, sql_chosen, params, players, paths, bests),
                  _evenings(conn, sql_chosen, params, paths, bests), season_pool(conn, paths),
                  notices)
    if player is not None:
        stats.players = {player: players[player]}
        stats.between = [b for b in stats.between if player in (b.by, b.of)]
    return stats


def _chosen(conn: sqlite3.Connection, period: Period) -> tuple[str, list, int]:
    """The SQL that lists the chosen sessions' ids, its parameters, and how
    many sessions were left out for want of a date.  The period's rule is
    :func:`~reversis_cli.dates.in_period`, the one ``league`` and the club page
    follow: a session dated by month or year counts when it meets the period."""
    if not period.given:
        return "SELECT id FROM sessions", [], 0
    conn.create_function("in_period", 3, in_period, deterministic=True)
    left_out = conn.execute("SELECT COUNT(*) FROM sessions WHERE day IS NULL").fetchone()[0]
    return ("SELECT id FROM sessions WHERE in_period(day, ?, ?)", [period.start, period.end],
            left_out)


def _ref(paths: dict[int, str], session_id: int, deal: int) -> str:
    return f"{paths[session_id]}:{deal}"


def _players(conn, chosen, params, paths) -> dict[str, PlayerStats]:
    sessions: dict[str, list[str]] = defaultdict(list)
    for name, sid in conn.execute(
            f"SELECT name, session_id FROM players WHERE {chosen}", params):
        sessions[name].append(paths[sid])
    order = {path: n for n, path in enumerate(paths.values())}
    return {name: PlayerStats(name, Count(len(files), tuple(sorted(files, key=order.__getitem__))),
                              counts={key: Count() for key in COUNTS},
                              by_role={role: RoleStats(counts=dict.fromkeys(COUNTS, 0))
                                       for role in ROLES})
            for name, files in sorted(sessions.items())}


def _figures(conn, chosen, params, players) -> None:
    """Each player's deals, net, pool taken and counts, in total and by role,
    summed over the sessions' summaries."""
    for name, role, figure, den, count, num in conn.execute(
            f"SELECT player, role, figure, den, SUM(count), SUM(num) FROM summary_figures "
            f"WHERE {chosen} GROUP BY player, role, figure, den", params):
        if name not in players:
            continue
        stats = players[name]
        if figure == NET:
            amount = Fraction(num, den)
            stats.deals += count
            stats.net += amount
            stats.by_role[role].deals += count
            stats.by_role[role].net += amount
        elif figure == POOL_AMOUNT:
            stats.pool_taken_amount += Fraction(num, den)
        else:
            stats.by_role[role].counts[figure] = count
            stats.counts[figure] = Count(stats.counts[figure].count + count)


def _name_deals(conn, key, chosen, params, players, paths) -> None:
    """The ``file:deal`` of each occurrence of the count ``key``, in order of
    day, file and deal."""
    refs: dict[str, Refs] = defaultdict(lambda: Refs(paths))
    for name, sid, deal in conn.execute(
            f"WITH o (player, sid, deal) AS ({occurrences(key, chosen)}) "
            f"SELECT o.player, o.sid, o.deal "
            f"FROM o JOIN sessions AS s ON s.id = o.sid ORDER BY s.day, s.path, o.deal",
            params):
        refs[name].add(sid, deal)
    for name, player in players.items():
        count = player.counts[key]
        if count.count:
            player.counts[key] = Count(count.count, refs[name])


def _between(conn, chosen, params, paths, with_deals) -> list[Between]:
    counts = {(kind, by, of): n for kind, by, of, n in conn.execute(
        f"SELECT kind, player, other, SUM(count) FROM summary_between WHERE {chosen} "
        f"GROUP BY kind, player, other", params)}
    refs: dict[tuple[str, str, str], Refs] = defaultdict(lambda: Refs(paths))
    if with_deals:
        for kind, code, by, of in BETWEEN:
            for doer, done_to, sid, deal in conn.execute(
                    f"SELECT p.{by}, p.{of}, p.session_id, p.deal FROM payments AS p "
                    f"JOIN sessions AS s ON s.id = p.session_id WHERE p.code = ? "
                    f"AND p.{chosen} ORDER BY s.day, s.path, p.deal", [code, *params]):
                refs[(kind, doer, done_to)].add(sid, deal)
    return [Between(kind, by, of, Count(n, refs[(kind, by, of)]))
            for (kind, by, of), n in sorted(counts.items())]


# --- titles ------------------------------------------------------------------------------


def _best(key: str, values: dict[str, Fraction], deals: tuple[str, ...] = ()) -> list[Title]:
    """The title ``key`` for the highest value above zero (every holder on a tie)."""
    top = max(values.values(), default=Fraction(0))
    if top <= 0:
        return []
    return [Title(key, tuple(sorted(n for n, v in values.items() if v == top)), top, deals)]


# A player's biggest taking of the pool in one session: session, who, how
# much, and the deals in which they took that much.
PoolBest = tuple[int, str, Fraction, tuple[int, ...]]


def _pool_bests(conn, chosen, params) -> list[PoolBest]:
    """Each player's biggest taking of the pool in each session, in order of
    session."""
    return [(sid, name, Fraction(num, den), tuple(int(deal) for deal in deals.split()))
            for sid, name, num, den, deals in conn.execute(
                f"SELECT session_id, player, pool_best_num, pool_best_den, pool_best_deals "
                f"FROM summary_players WHERE pool_best_num IS NOT NULL AND {chosen} "
                f"ORDER BY session_id", params)]


def _season_titles(conn, chosen, params, players, paths, bests) -> list[Title]:
    titles = _best("biggest_winner", {n: p.net for n, p in players.items()})
    for key, count in (("most_quinolas_placed", "quinola_placed"),
                       ("most_reversis_made", "reversis_made")):
        titles += _best(key, {n: Fraction(p.counts[count].count) for n, p in players.items()})
    titles += _biggest_pools(bests, paths)
    titles += _best("longest_run_without_losing_a_partie", _runs(conn, chosen, params))
    return titles


def _biggest_pools(bests: list[PoolBest], paths) -> list[Title]:
    """The biggest pool taken (in one taking), with the deals it was taken in
    (in order of session and deal)."""
    best: dict[str, Fraction] = {}
    for _, name, amount, _ in bests:
        best[name] = max(best.get(name, amount), amount)
    titles = []
    for title in _best("biggest_pool_taken", best):
        deals: dict[int, list[int]] = defaultdict(list)
        for sid, _, amount, numbers in bests:
            if amount == title.value:
                deals[sid] += numbers
        titles.append(Title(title.key, title.holders, title.value, tuple(
            _ref(paths, sid, deal) for sid in sorted(deals) for deal in sorted(deals[sid]))))
    return titles


def _runs(conn, chosen, params) -> dict[str, Fraction]:
    """Each player's longest run of played deals, in order of day, file and
    deal, without losing a partie: joined from each session's runs (the first,
    the last and the longest of the session)."""
    summaries: dict[int, list[tuple]] = defaultdict(list)
    for sid, *row in conn.execute(
            f"SELECT session_id, player, played, losses, run_first, run_last, run_longest "
            f"FROM summary_players WHERE {chosen}", params):
        summaries[sid].append(row)
    current: dict[str, int] = defaultdict(int)  # the run each player is on
    longest: dict[str, int] = defaultdict(int)
    for sid, in conn.execute("SELECT id FROM sessions ORDER BY day, path"):
        for name, played, losses, first, last, inside in summaries.get(sid, ()):
            if losses:
                longest[name] = max(longest[name], current[name] + first, inside)
                current[name] = last
            else:
                current[name] += played
            longest[name] = max(longest[name], current[name])
    return {name: Fraction(n) for name, n in longest.items()}


def _evenings(conn, chosen, params, paths, bests) -> list[Evening]:
    nets: dict[int, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    quinolas: dict[int, dict[str, Fraction]] = defaultdict(dict)
    for sid, name, figure, den, n, num in conn.execute(
            f"SELECT session_id, player, figure, den, SUM(count), SUM(num) "
            f"FROM summary_figures WHERE figure IN ('{NET}', 'quinola_placed') AND {chosen} "
            f"GROUP BY session_id, player, figure, den", params):
        if figure == NET:
            nets[sid][name] += Fraction(num, den)
        else:
            quinolas[sid][name] = Fraction(n)
    by_session: dict[int, list[PoolBest]] = defaultdict(list)
    for best in bests:
        by_session[best[0]].append(best)
    dates = dict(conn.execute("SELECT id, date FROM sessions"))
    return [Evening(path, dates.get(sid), tuple(
        _best("biggest_winner", nets[sid]) + _best("most_quinolas_placed", quinolas[sid])
        + _biggest_pools(by_session[sid], paths)))
        for sid, path in paths.items()]


# --- JSON (docs/output.md, "reversis stats: each player's figures") ---------------------


def stats_json(stats: Stats, sources: tuple[str, ...]) -> dict:
    """``stats --json``: amounts as ``score --json`` writes them (an int, or
    ``"n/d"``), each count with its ``file:deal`` references."""
    # the settlement's modules write the amounts: loaded for the JSON only,
    # the tables of a database need none of them
    from ..settle import amount_json

    def player_json(p: PlayerStats) -> dict:
        return {
            "sessions": p.sessions.count,
            "session_files": list(p.sessions.deals),
            "deals": p.deals,
            "net": amount_json(p.net),
            "net_per_deal": amount_json(p.net_per_deal),
            "pool_taken_amount": amount_json(p.pool_taken_amount),
            **{key: _count_json(p.counts[key]) for key in COUNTS},
            "by_role": {role: {"deals": r.deals, "net": amount_json(r.net), **r.counts}
                        for role, r in p.by_role.items()},
        }

    def title_json(title: Title) -> dict:
        return {"title": title.key, "players": list(title.holders),
                "value": amount_json(title.value), "deals": list(title.deals)}

    return {
        "format": "reversis-stats/1",
        "sources": list(sources),
        "period": {"from": stats.period.start, "to": stats.period.end},
        "sessions": list(stats.sessions),
        "left_out_undated": stats.left_out,
        "players": {name: player_json(p) for name, p in stats.players.items()},
        "between": [{"kind": b.kind, "by": b.by, "of": b.of, **_count_json(b.count)}
                    for b in stats.between],
        "titles": {
            "season": [title_json(t) for t in stats.season_titles],
            "evenings": [{"session": e.path, "date": e.date,
                          "titles": [title_json(t) for t in e.titles]} for e in stats.evenings],
        },
        "pool": pool_json(stats.pool),
    }


def _count_json(count: Count) -> dict:
    """A count and its deals: the references as :class:`Refs` still, written
    out as the JSON is written (cli/common.py, ``stream_json``)."""
    deals = count.deals if isinstance(count.deals, Refs) else list(count.deals)
    return {"count": count.count, "deals": deals}
