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

import sqlite3
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from ..dates import iso_day
from ..i18n import Msg
from ..settle import amount_json
from .archive import build_in_memory, open_to_read
from .rows import ROLES

__all__ = ["COUNTS", "ROLE_COUNTS", "ROLES", "Count", "RoleStats", "PlayerStats", "Between",
           "Title", "Evening", "Stats", "Period", "StatsInputError", "is_database",
           "parse_day", "read_stats", "stats_json", "stats_of"]

SQLITE_MAGIC = b"SQLite format 3\x00"
DATABASE_SUFFIXES = (".sqlite", ".sqlite3", ".db")

PARTIE = "('partie_lost', 'partie_lost_vis_a_vis')"
# A taking of the pool (the only payments from the pool: REV-1, QUIN-1, ESP-4),
# looked up by its code's index.
POOL_TAKEN = "('pool_taken_reversis', 'pool_taken_quinola', 'pool_taken_espagnolette')"
# Every session, when no period is given: no subquery to run for each row.
EVERY_SESSION = "session_id IS NOT NULL"

# Each count: the SQL that lists its occurrences as (player, session_id, deal).
# ``{chosen}`` is the condition on ``session_id`` that keeps the sessions of the
# period.  A figure of the whole deal (a partie, a reversis, an espagnolette) is
# one occurrence per deal; a card or an event, one per payment or line.
_OCCURRENCES: dict[str, str] = {
    # the partie: the loser pays the winner (and the vis-a-vis) under PARTIE-4/5
    "partie_won": f"SELECT DISTINCT payee, session_id, deal FROM payments "
                  f"WHERE code IN {PARTIE} AND {{chosen}}",
    "partie_lost": f"SELECT DISTINCT payer, session_id, deal FROM payments "
                   f"WHERE code IN {PARTIE} AND {{chosen}}",
    # the quinola: placed (the placer is paid), forced (the forcer is paid; the
    # holder puts in a remise), fallen (QUIN-3's remise: led by its holder, or
    # played on hearts led by another)
    "quinola_placed": "SELECT payee, session_id, deal FROM payments "
                      "WHERE code = 'quinola_placed' AND {chosen}",
    "quinola_forced": "SELECT payee, session_id, deal FROM payments "
                      "WHERE code = 'quinola_forced' AND {chosen}",
    "quinola_lost_forced": "SELECT payer, session_id, deal FROM payments "
                           "WHERE code = 'remise_quinola_forced' AND {chosen}",
    "quinola_led": "SELECT p.payer, p.session_id, p.deal FROM payments AS p "
                   "JOIN tricks AS t ON t.session_id = p.session_id AND t.deal = p.deal "
                   "AND t.trick = p.trick WHERE p.code = 'remise_quinola_fallen' "
                   "AND t.leader = p.payer AND p.{chosen}",
    "quinola_fallen": "SELECT p.payer, p.session_id, p.deal FROM payments AS p "
                      "JOIN tricks AS t ON t.session_id = p.session_id AND t.deal = p.deal "
                      "AND t.trick = p.trick WHERE p.code = 'remise_quinola_fallen' "
                      "AND t.leader <> p.payer AND p.{chosen}",
    # aces: one per payment (the placer, the forcer is paid)
    "ace_placed": "SELECT payee, session_id, deal FROM payments "
                  "WHERE code = 'ace_placed' AND {chosen}",
    "ace_forced": "SELECT payee, session_id, deal FROM payments "
                  "WHERE code = 'ace_forced' AND {chosen}",
    # the reversis, from the deal's outcome and roles
    "reversis_undertaken": "SELECT reversis, session_id, deal FROM deals "
                           "WHERE reversis IS NOT NULL AND {chosen}",
    "reversis_made": "SELECT reversis, session_id, deal FROM deals "
                     "WHERE outcome = 'reversis' AND {chosen}",
    "reversis_broken": "SELECT reversis, session_id, deal FROM deals "
                       "WHERE outcome = 'reversis_broken' AND {chosen}",
    "reversis_broke": "SELECT reversis_breaker, session_id, deal FROM deals "
                      "WHERE reversis_breaker IS NOT NULL AND {chosen}",
    # the espagnolette who did not waive, and what became of it
    "espagnolette_held": "SELECT espagnolette, session_id, deal FROM deals "
                         "WHERE espagnolette IS NOT NULL AND {chosen}",
    "espagnolette_won": "SELECT espagnolette, session_id, deal FROM deals "
                        "WHERE espagnolette_status = 'success' AND {chosen}",
    "espagnolette_failed": "SELECT espagnolette, session_id, deal FROM deals "
                           "WHERE espagnolette_status = 'failed' AND {chosen}",
    # irregularities: one per event line naming the player (a revoke: one per
    # revoke the replay finds); an ``unclaimed`` line is a claim let go, not one
    "revokes": "SELECT player, session_id, deal FROM events "
               "WHERE kind = 'revoke' AND player IS NOT NULL AND {chosen}",
    "irregularities": "SELECT player, session_id, deal FROM events "
                      "WHERE kind NOT IN ('revoke', 'unclaimed') AND player IS NOT NULL "
                      "AND {chosen}",
    # the pool: one per taking
    "pool_taken": f"SELECT payee, session_id, deal FROM payments "
                  f"WHERE code IN {POOL_TAKEN} AND {{chosen}}",
}
COUNTS: tuple[str, ...] = tuple(_OCCURRENCES)

# The counts shown by seat role (the others too are in the JSON's by_role).
ROLE_COUNTS: tuple[str, ...] = ("partie_won", "partie_lost", "quinola_placed", "pool_taken")

# Who did it to whom: (kind, payment code, SQL column of the doer, of the one done to).
_BETWEEN = (
    ("quinola_forced", "quinola_forced", "payee", "payer"),  # forcer, holder
    ("ace_forced", "ace_forced", "payee", "payer"),          # forcer, holder
    ("ace_taken", "ace_placed", "payer", "payee"),           # taker, placer
)


class StatsInputError(Exception):
    """The command line names something stats cannot read as asked: a usage
    error (exit 2) with a message a player understands."""

    def __init__(self, message: Msg):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Count:
    """A number of occurrences, and (when asked for) the ``file:deal`` of each."""

    count: int = 0
    deals: tuple[str, ...] = ()


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


# --- the input ---------------------------------------------------------------------------


def parse_day(text: str) -> str:
    """A ``--from``/``--to`` date as ISO text (``2027-01-14``, ``2027-01``,
    ``2027``, also ``14.01.2027``); :class:`StatsInputError` when unreadable."""
    day = iso_day(text)
    if day is None:
        raise StatsInputError(Msg("{value} is not a date: write it as 2027-01-14 (or 2027-01, "
                                  "2027)", value=text))
    return day


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
               with_deals: bool = False, each=None) -> tuple[Stats, list]:
    """``reversis stats``: the archive ``inputs`` name (one database, read as it
    is) or the records they name (archived in memory), and its figures; with
    the file results of the records loaded (empty for a database).  Raises
    :class:`StatsInputError`, :class:`~reversis_cli.club.schema.ArchiveError`,
    :class:`~reversis_cli.session.batch.InputError`."""
    databases = [name for name in inputs if is_database(name)]
    if databases and len(inputs) > 1:
        raise StatsInputError(Msg("stats reads one archive, or records, not both: "
                                  "{names}", names=", ".join(inputs)))
    results: list = []
    if databases:
        conn = open_to_read(databases[0])
    else:
        conn, results = build_in_memory(inputs, each)
    try:
        return stats_of(conn, period, player, with_deals), results
    finally:
        conn.close()


# --- the figures -----------------------------------------------------------------------


def stats_of(conn: sqlite3.Connection, period: Period = Period(), player: str | None = None,
             with_deals: bool = False) -> Stats:
    """The figures of the archive ``conn`` over the sessions of ``period``,
    for every player or for ``player`` (:class:`StatsInputError` when nobody of
    that name played in them)."""
    chosen, params, left_out = _chosen(conn, period)
    sql_chosen = f"session_id IN ({chosen})" if period.given else EVERY_SESSION
    paths = {sid: path for sid, path in conn.execute(
        f"SELECT id, path FROM sessions WHERE id IN ({chosen}) ORDER BY day, path", params)}
    players = _players(conn, sql_chosen, params, paths)
    if player is not None:
        if player not in players:
            raise StatsInputError(Msg("nobody called {player} played in these sessions; the "
                                      "players are: {names}", player=player,
                                      names=", ".join(sorted(players)) or "-"))
    evening_nets = _nets(conn, sql_chosen, params, players)
    for key in COUNTS:
        _count(conn, key, sql_chosen, params, players, paths, with_deals)
    _pool_amounts(conn, sql_chosen, params, players)
    stats = Stats(tuple(paths.values()), left_out, period, players,
                  _between(conn, sql_chosen, params, paths, with_deals),
                  _season_titles(conn, sql_chosen, params, players, paths),
                  _evenings(conn, sql_chosen, params, paths, evening_nets))
    if player is not None:
        stats.players = {player: players[player]}
        stats.between = [b for b in stats.between if player in (b.by, b.of)]
    return stats


def _chosen(conn: sqlite3.Connection, period: Period) -> tuple[str, list, int]:
    """The SQL that lists the chosen sessions' ids, its parameters, and how
    many sessions were left out for want of a full date."""
    if not period.given:
        return "SELECT id FROM sessions", [], 0
    where, params = ["length(day) = 10"], list[object]()
    if period.start is not None:
        where.append("day >= ?")
        params.append(period.start)
    if period.end is not None:  # 2027-01 takes in the whole of January
        where.append("substr(day, 1, ?) <= ?")
        params += [len(period.end), period.end]
    left_out = conn.execute(
        "SELECT COUNT(*) FROM sessions WHERE day IS NULL OR length(day) <> 10").fetchone()[0]
    return f"SELECT id FROM sessions WHERE {' AND '.join(where)}", params, left_out


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


def _nets(conn, chosen, params, players) -> dict[int, dict[str, Fraction]]:
    """Each player's deals and net, in total and by role; returns each
    session's nets (for the evening's titles)."""
    evenings: dict[int, dict[str, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    for sid, name, role, den, deals, num in conn.execute(
            f"SELECT session_id, player, role, net_den, COUNT(*), SUM(net_num) "
            f"FROM deal_players WHERE {chosen} GROUP BY session_id, player, role, net_den",
            params):
        stats = players[name]
        amount = Fraction(num, den)
        stats.deals += deals
        stats.net += amount
        stats.by_role[role].deals += deals
        stats.by_role[role].net += amount
        evenings[sid][name] += amount
    return evenings


def _count(conn, key, chosen, params, players, paths, with_deals) -> None:
    occurrences = _OCCURRENCES[key].format(chosen=chosen)
    totals: dict[str, int] = defaultdict(int)
    for name, role, n in conn.execute(
            f"WITH o (player, sid, deal) AS ({occurrences}) SELECT o.player, dp.role, COUNT(*) "
            f"FROM o JOIN deal_players AS dp ON dp.session_id = o.sid AND dp.deal = o.deal "
            f"AND dp.player = o.player GROUP BY o.player, dp.role", params):
        if name in players:
            players[name].by_role[role].counts[key] = n
            totals[name] += n
    refs: dict[str, list[str]] = defaultdict(list)
    if with_deals:
        for name, sid, deal in conn.execute(
                f"WITH o (player, sid, deal) AS ({occurrences}) SELECT o.player, o.sid, o.deal "
                f"FROM o JOIN sessions AS s ON s.id = o.sid ORDER BY s.day, s.path, o.deal",
                params):
            refs[name].append(_ref(paths, sid, deal))
    for name, n in totals.items():
        players[name].counts[key] = Count(n, tuple(refs[name]))


def _pool_amounts(conn, chosen, params, players) -> None:
    for name, num, den in conn.execute(
            f"SELECT payee, SUM(amount_num), amount_den FROM payments "
            f"WHERE code IN {POOL_TAKEN} AND {chosen} GROUP BY payee, amount_den", params):
        if name in players:
            players[name].pool_taken_amount += Fraction(num, den)


def _between(conn, chosen, params, paths, with_deals) -> list[Between]:
    found: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for kind, code, by, of in _BETWEEN:
        for doer, done_to, sid, deal in conn.execute(
                f"SELECT p.{by}, p.{of}, p.session_id, p.deal FROM payments AS p "
                f"JOIN sessions AS s ON s.id = p.session_id WHERE p.code = ? AND p.{chosen} "
                f"ORDER BY s.day, s.path, p.deal", [code, *params]):
            found[(kind, doer, done_to)].append(_ref(paths, sid, deal))
    return [Between(kind, by, of, Count(len(refs), tuple(refs) if with_deals else ()))
            for (kind, by, of), refs in sorted(found.items())]


# --- titles ------------------------------------------------------------------------------


def _best(key: str, values: dict[str, Fraction], deals: tuple[str, ...] = ()) -> list[Title]:
    """The title ``key`` for the highest value above zero (every holder on a tie)."""
    top = max(values.values(), default=Fraction(0))
    if top <= 0:
        return []
    return [Title(key, tuple(sorted(n for n, v in values.items() if v == top)), top, deals)]


def _season_titles(conn, chosen, params, players, paths) -> list[Title]:
    titles = _best("biggest_winner", {n: p.net for n, p in players.items()})
    for key, count in (("most_quinolas_placed", "quinola_placed"),
                       ("most_reversis_made", "reversis_made")):
        titles += _best(key, {n: Fraction(p.counts[count].count) for n, p in players.items()})
    titles += _biggest_pools(_pool_takings(conn, chosen, params), paths)
    titles += _best("longest_run_without_losing_a_partie", _runs(conn, chosen, params))
    return titles


def _pool_takings(conn, chosen, params) -> list[tuple[int, int, str, Fraction]]:
    """Every taking of the pool: session, deal, who, how much."""
    return [(sid, deal, name, Fraction(num, den)) for sid, deal, name, num, den in conn.execute(
        f"SELECT session_id, deal, payee, amount_num, amount_den FROM payments "
        f"WHERE code IN {POOL_TAKEN} AND {chosen} ORDER BY session_id, deal", params)]


def _biggest_pools(takings, paths) -> list[Title]:
    """The biggest pool taken (in one taking), with the deals it was taken in."""
    best: dict[str, Fraction] = {}
    for _, _, name, amount in takings:
        best[name] = max(best.get(name, amount), amount)
    return [Title(t.key, t.holders, t.value,
                  tuple(_ref(paths, sid, deal) for sid, deal, _, amount in takings
                        if amount == t.value))
            for t in _best("biggest_pool_taken", best)]


def _runs(conn, chosen, params) -> dict[str, Fraction]:
    """Each player's longest run of played deals, in order of day, file and
    deal, without losing a partie.  Everyone at a session's table plays each of
    its deals, so a run is read off the played deals and the deals lost."""
    played: dict[int, list[int]] = defaultdict(list)
    for sid, deal in conn.execute(f"SELECT session_id, deal FROM deals WHERE status = 'played' "
                                  f"AND {chosen} ORDER BY session_id, deal", params):
        played[sid].append(deal)
    lost: dict[tuple[int, str], set[int]] = defaultdict(set)
    for name, sid, deal in conn.execute(_OCCURRENCES["partie_lost"].format(chosen=chosen),
                                        params):
        lost[(sid, name)].add(deal)
    seated: dict[int, list[str]] = defaultdict(list)
    for sid, name in conn.execute(f"SELECT session_id, name FROM players WHERE {chosen}",
                                  params):
        seated[sid].append(name)
    current: dict[str, int] = defaultdict(int)  # the run each player is on
    longest: dict[str, int] = defaultdict(int)
    for sid, in conn.execute("SELECT id FROM sessions ORDER BY day, path"):
        deals = played.get(sid, [])
        place = {deal: n for n, deal in enumerate(deals)}
        for name in seated.get(sid, ()):
            # the places of the deals lost: the runs are the stretches between them
            marks = sorted(place[deal] for deal in lost.get((sid, name), ()) if deal in place)
            start = 0
            for mark in marks:
                longest[name] = max(longest[name], current[name] + mark - start)
                current[name], start = 0, mark + 1
            current[name] += len(deals) - start
            longest[name] = max(longest[name], current[name])
    return {name: Fraction(n) for name, n in longest.items()}


def _evenings(conn, chosen, params, paths, nets) -> list[Evening]:
    quinolas: dict[int, dict[str, Fraction]] = defaultdict(dict)
    for sid, name, n in conn.execute(
            f"SELECT session_id, payee, COUNT(*) FROM payments WHERE code = 'quinola_placed' "
            f"AND {chosen} GROUP BY session_id, payee", params):
        quinolas[sid][name] = Fraction(n)
    takings: dict[int, list] = defaultdict(list)
    for taking in _pool_takings(conn, chosen, params):
        takings[taking[0]].append(taking)
    dates = dict(conn.execute("SELECT id, date FROM sessions"))
    return [Evening(path, dates.get(sid), tuple(
        _best("biggest_winner", nets[sid]) + _best("most_quinolas_placed", quinolas[sid])
        + _biggest_pools(takings[sid], paths)))
        for sid, path in paths.items()]


# --- JSON (docs/output.md, "reversis stats: each player's figures") ---------------------


def stats_json(stats: Stats, sources: tuple[str, ...]) -> dict:
    """``stats --json``: amounts as ``score --json`` writes them (an int, or
    ``"n/d"``), each count with its ``file:deal`` references."""
    return {
        "format": "reversis-stats/1",
        "sources": list(sources),
        "period": {"from": stats.period.start, "to": stats.period.end},
        "sessions": list(stats.sessions),
        "left_out_undated": stats.left_out,
        "players": {name: _player_json(p) for name, p in stats.players.items()},
        "between": [{"kind": b.kind, "by": b.by, "of": b.of, **_count_json(b.count)}
                    for b in stats.between],
        "titles": {
            "season": [_title_json(t) for t in stats.season_titles],
            "evenings": [{"session": e.path, "date": e.date,
                          "titles": [_title_json(t) for t in e.titles]} for e in stats.evenings],
        },
    }


def _count_json(count: Count) -> dict:
    return {"count": count.count, "deals": list(count.deals)}


def _player_json(p: PlayerStats) -> dict:
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


def _title_json(title: Title) -> dict:
    return {"title": title.key, "players": list(title.holders), "value": amount_json(title.value),
            "deals": list(title.deals)}
