"""One person, one player: the club's roster applied to an archive as it is
read, and the names that look like one person's spelt two ways.

The archive stores every name as its record writes it.  A reader (``stats``,
``league``, the club page) applies the roster with :func:`apply_roster` on its
connection: each table that holds players' names is shadowed, for that
connection only, by a temporary view of the same name that gives the name the
club counts (SQLite looks a table name up in ``temp`` before ``main``).  Every
query then groups by that name, so a figure is summed once under it, and a
change of the roster takes effect without archiving again.  The archive file is
never written.  A roster that would seat one person twice in one session is
refused (RV623): two seats' money is never merged.

Without a roster (or beyond it), names that differ only by case or script
(Анна, Anna, anna) are reported (RV624) with the alias lines that would make
them one player.
"""

from __future__ import annotations

import os
import re
import sqlite3
import unicodedata
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Count, Msg
from ..i18n.message import value_text
from .database import open_to_read, shown_path

if TYPE_CHECKING:  # the roster's module (its TOML, the league's): loaded with a club file
    from .league import LeagueSettings
    from .roster import Alias, Roster

__all__ = ["NAME_COLUMNS", "apply_roster", "archive_names", "check_roster",
           "spelling_warnings", "fold", "league_names"]

# The columns that hold a player's name, by table (docs/output.md, "The schema").
NAME_COLUMNS: dict[str, tuple[str, ...]] = {
    "players": ("name",),
    "deals": ("dealer", "reversis", "reversis_breaker", "espagnolette"),
    "deal_players": ("player",),
    "payments": ("payer", "payee"),
    "tricks": ("leader", "taker"),
    "events": ("player",),
    "summary_figures": ("player",),
    "summary_between": ("player", "other"),
    "summary_players": ("player",),
}
_ALIASES = "temp.roster_aliases"

# Cyrillic letters as Latin ones, to compare names across scripts (Анна, Anna):
# a comparison, never a spelling shown.
_LATIN = str.maketrans({
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
    "з": "z", "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
    "я": "ya", "і": "i", "ї": "i", "є": "e", "ў": "u",
})


def fold(name: str) -> str:
    """What two spellings of one name have in common: the name without case,
    in Latin letters (``Анна``, ``Anna`` and ``anna`` all give ``anna``)."""
    return unicodedata.normalize("NFKC", name).casefold().translate(_LATIN)


def apply_roster(conn: sqlite3.Connection, roster: Roster | None,
                 base: Path | None = None) -> list[Diagnostic]:
    """Read the archive ``conn`` under ``roster`` from now on (nothing without
    one), and the warnings of names that still look like one person's.
    :class:`~.roster.RosterError` (RV623) when the roster would make two
    players of one session the same person.  ``base``: the database's folder,
    which its paths are relative to (a session is named as the user names it)."""
    if roster is not None:
        check_roster(conn, roster, base)
        if _used(conn, roster):
            _shadow(conn, roster)
    return spelling_warnings(conn, roster, base)


def archive_names(path: str, roster: Roster | None) -> list[Diagnostic]:
    """What ``archive`` says of the names of the archive at ``path`` once it is
    loaded: the roster's collisions (RV623, errors), names that look like one
    person's (RV624).  The archive keeps the names as written: nothing is
    changed."""
    conn = open_to_read(path)
    try:
        base = Path(os.path.abspath(path)).parent
        if roster is None:  # nothing of a club file's to check: its module is not loaded
            return spelling_warnings(conn, None, base)
        from .roster import RosterError  # start-up time: archive without a club file

        try:
            return apply_roster(conn, roster, base)
        except RosterError as exc:
            return exc.diagnostics
    finally:
        conn.close()


def check_roster(conn: sqlite3.Connection, roster: Roster, base: Path | None = None) -> None:
    """Refuse a roster that seats one person twice in a session: each such
    session, its two names and the alias that joins them."""
    from .roster import RosterError  # start-up time: stats without a club file

    found = []
    for path, names in _sessions(conn, "main.players", base):
        seats: dict[str, str] = {}
        for name in names:
            canonical = roster.canonical(name)
            alias = roster.alias_of(name) or roster.alias_of(seats.get(canonical, name))
            if canonical in seats and alias is not None:
                found.append(_collision(alias, roster, path, seats[canonical], name))
            seats.setdefault(canonical, name)
    if found:
        raise RosterError(found)


def _collision(alias: Alias, roster: Roster, path: str, first: str,
               second: str) -> Diagnostic:
    """RV623 at the line of ``alias``, which makes ``first`` and ``second`` one."""
    canonical = alias.canonical
    return diagnostic("RV623", Msg(
        "{first} and {second} both play in {session}, so they are two people, but the club "
        "file makes both {canonical}: correct the alias (two seats' money is never added "
        "together)", first=first, second=second, session=path, canonical=canonical),
        alias.pos, file=roster.name, source_line=alias.source_line)


def _sessions(conn: sqlite3.Connection, players: str,
              base: Path | None) -> list[tuple[str, list[str]]]:
    """Each session's path (as the user names it) and its players' names (from
    ``players``: the names as written, ``main.players``, or as counted,
    ``players``), in order of day and path."""
    names: dict[int, list[str]] = defaultdict(list)
    paths: dict[int, str] = {}
    for sid, path, name in conn.execute(
            f"SELECT s.id, s.path, p.name FROM {players} AS p JOIN main.sessions AS s "
            f"ON s.id = p.session_id ORDER BY s.day, s.path, p.seat"):
        paths[sid] = path
        names[sid].append(name)
    return [(shown_path(paths[sid], base), names[sid]) for sid in paths]


def _used(conn: sqlite3.Connection, roster: Roster) -> bool:
    """Whether any name of the archive is an alias (else nothing to map)."""
    written = {a.written for a in roster.aliases}
    return any(name in written for name, in conn.execute(
        "SELECT DISTINCT name FROM main.players"))


def _shadow(conn: sqlite3.Connection, roster: Roster) -> None:
    """A temporary view over each table with names, of the same name and
    columns, that gives each name as the club counts it."""
    conn.execute(f"CREATE TABLE IF NOT EXISTS {_ALIASES} "
                 f"(written TEXT PRIMARY KEY, canonical TEXT NOT NULL)")
    conn.execute(f"DELETE FROM {_ALIASES}")
    conn.executemany(f"INSERT INTO {_ALIASES} (written, canonical) VALUES (?, ?)",
                     [(a.written, a.canonical) for a in roster.aliases])
    for table, mapped in NAME_COLUMNS.items():
        columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
        if not columns:  # an archive without this table
            continue
        source = _shown_now(conn, table)
        shown = [f"COALESCE((SELECT canonical FROM {_ALIASES} WHERE written = t.{c}), t.{c}) "
                 f"AS {c}" if c in mapped else f"t.{c}" for c in columns]
        conn.execute(f"DROP VIEW IF EXISTS temp.{table}")
        conn.execute(f"CREATE TEMP VIEW {table} AS SELECT {', '.join(shown)} "
                     f"FROM {source} AS t")


# A temporary view's SQL as SQLite keeps it (``CREATE VIEW name AS ...``, its TEMP dropped).
_VIEW_BODY = re.compile(r"CREATE\s+(?:TEMP(?:ORARY)?\s+)?VIEW\s+\S+\s+AS\s+(.*)",
                        re.S | re.I)


def _shown_now(conn: sqlite3.Connection, table: str) -> str:
    """What a reader of this connection sees as ``table`` now: the table, or
    the temporary view that already stands for it (the reader's own view of an
    archive, such as one that hides a deleted session's rows), so that the
    names are mapped over it and it keeps its effect."""
    row = conn.execute("SELECT sql FROM sqlite_temp_master WHERE type = 'view' AND name = ?",
                       (table,)).fetchone()
    body = _VIEW_BODY.match(row[0]) if row is not None else None
    return f"({body.group(1)})" if body is not None else f"main.{table}"


# --- names that look like one person's --------------------------------------------------------


class _Listed(NamedTuple):
    """Values written one after the other, separated by ``, `` in every language."""

    parts: tuple[object, ...]

    def written(self, language) -> str:
        return ", ".join(value_text(part, language) for part in self.parts)


def spelling_warnings(conn: sqlite3.Connection, roster: Roster | None,
                      base: Path | None = None) -> list[Diagnostic]:
    """A warning for each set of names (as counted) that differ only by case
    or script, with the alias lines that make them one player: the spelling of
    most sessions is the one kept.  Spellings that sit at one table in some
    session are two people, and said nothing of."""
    sessions: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    together: set[str] = set()
    order: dict[str, int] = {}
    for path, names in _sessions(conn, "players", base):
        order[path] = len(order)
        keys = [fold(name) for name in names]
        together.update(key for key in keys if keys.count(key) > 1)
        for name, key in zip(names, keys, strict=True):
            sessions[key][name].append(path)
    found = []
    for key, spellings in sessions.items():
        if len(spellings) > 1 and key not in together:
            found.append(_spelling_warning(spellings, order, roster))
    return found


def _spelling_warning(spellings: dict[str, list[str]], order: dict[str, int],
                      roster: Roster | None) -> Diagnostic:
    """One set's warning, on the first session where another spelling than
    the one kept is written."""
    from .roster import alias_line  # start-up time: stats without a club file

    ranked = sorted(spellings, key=lambda name: (-len(spellings[name]), name))
    kept = ranked[0]
    names = _Listed(tuple(Msg("{name} ({sessions})", name=name, sessions=Count(
        len(spellings[name]), "{n} session", "{n} sessions")) for name in ranked))
    lines = "  ".join(alias_line(name, kept) for name in ranked[1:])
    first = min((spellings[name][0] for name in ranked[1:]), key=order.__getitem__)
    if roster is None:
        message = Msg("the names {names} differ only by case or script: if they are one "
                      "person, write {lines} under [aliases] in a club file (club.toml) and "
                      "give it with --club club.toml, or name it in a league file with "
                      "club = \"club.toml\"", names=names, lines=lines)
    else:
        message = Msg("the names {names} differ only by case or script: if they are one "
                      "person, write {lines} under [aliases] in {club}", names=names,
                      lines=lines, club=roster.name)
    return diagnostic("RV624", message, file=first)


def league_names(settings: LeagueSettings, roster: Roster | None) -> LeagueSettings:
    """A league file's settings with the players it names (``exclude``) as the
    club counts them: an alias excludes its player."""
    if roster is None:
        return settings
    return replace(settings, exclude=tuple(dict.fromkeys(
        roster.canonical(name) for name in settings.exclude)))

