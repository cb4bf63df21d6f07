"""The archive's schema, version 5 (docs/output.md, "The schema (version
5)"), and how a database is recognised as one of ours.

A database is ours when its ``meta`` table says ``application`` =
``reversis-cli``.  Its ``schema_version`` says which tables it has: an older
one is brought up to this version by the steps of :data:`MIGRATIONS`, a newer
one is refused (an older tool cannot know what a newer one stored).  A
database with tables but no such ``meta`` is another application's, and is
never written to.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from itertools import groupby
from operator import itemgetter

from ..diagnostics import Diagnostic, ReversisError, diagnostic
from ..i18n import Msg
from .identity import remove_orphans, session_identity
from .trickjson import deal_tricks_text
from .transaction import atomic

__all__ = ["APPLICATION", "SCHEMA_VERSION", "MIGRATIONS", "TABLES", "VIEWS", "ArchiveError",
           "prepare", "archive_problem", "check_readable", "not_ours"]

APPLICATION = "reversis-cli"
SCHEMA_VERSION = 5

# Each table of version 5, created in this order (docs/output.md describes every
# column).  A table whose primary key has two columns or more is WITHOUT ROWID
# (version 4): its rows are kept in the order of that key, once, instead of in a
# table and again in the key's index.  Amounts are exact: a payment's and a net's as numerator and
# denominator integers; a pool as ``score --json`` writes amounts (an integer,
# or the text "n/d" in the rare session whose pot line is a fraction).
TABLES: tuple[tuple[str, str], ...] = (
    ("meta", """CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL)"""),
    # AUTOINCREMENT: the id of a session deleted (in the sqlite3 shell, its rows
    # perhaps left behind) is never given to another (issue 30).
    ("sessions", """CREATE TABLE sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        path TEXT NOT NULL UNIQUE,
        sha256 TEXT NOT NULL,
        identity TEXT NOT NULL,
        archived TEXT,
        stale TEXT,
        title TEXT,
        date TEXT,
        day TEXT,
        place TEXT,
        rules TEXT NOT NULL,
        options TEXT NOT NULL,
        pool_start NOT NULL,
        pool_end NOT NULL,
        deals INTEGER NOT NULL)"""),
    ("players", """CREATE TABLE players (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (session_id, seat)) WITHOUT ROWID"""),
    ("deals", """CREATE TABLE deals (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        deal INTEGER NOT NULL,
        line INTEGER NOT NULL,
        dealer TEXT NOT NULL,
        status TEXT NOT NULL,
        outcome TEXT NOT NULL,
        pool_before NOT NULL,
        pool_after NOT NULL,
        reversis TEXT,
        reversis_breaker TEXT,
        espagnolette TEXT,
        espagnolette_status TEXT,
        PRIMARY KEY (session_id, deal)) WITHOUT ROWID"""),
    ("deal_players", """CREATE TABLE deal_players (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        deal INTEGER NOT NULL,
        player TEXT NOT NULL,
        seat INTEGER NOT NULL,
        role TEXT NOT NULL,
        tricks INTEGER NOT NULL,
        points INTEGER NOT NULL,
        net_num INTEGER NOT NULL,
        net_den INTEGER NOT NULL,
        PRIMARY KEY (session_id, deal, seat)) WITHOUT ROWID"""),
    ("payments", """CREATE TABLE payments (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        deal INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        payer TEXT NOT NULL,
        payee TEXT NOT NULL,
        amount_num INTEGER NOT NULL,
        amount_den INTEGER NOT NULL,
        code TEXT NOT NULL,
        rule TEXT NOT NULL,
        rules TEXT NOT NULL,
        trick INTEGER,
        PRIMARY KEY (session_id, deal, seq)) WITHOUT ROWID"""),
    # A deal's tricks in one row (version 5): a JSON array of [trick, leader, cards,
    # taker, points], in the order played; the view ``tricks`` (VIEWS) gives them one
    # row per trick, as the table of that name did up to version 4.
    ("deal_tricks", """CREATE TABLE deal_tricks (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        deal INTEGER NOT NULL,
        tricks TEXT NOT NULL,
        PRIMARY KEY (session_id, deal)) WITHOUT ROWID"""),
    ("events", """CREATE TABLE events (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        deal INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        player TEXT,
        trick INTEGER,
        line INTEGER,
        PRIMARY KEY (session_id, deal, seq)) WITHOUT ROWID"""),
    ("notes", """CREATE TABLE notes (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        deal INTEGER,
        line INTEGER,
        text TEXT NOT NULL)"""),
    # The summary of each session, summed from its rows when it is stored
    # (club/summary.py): what ``stats`` reads for a season without a pass over
    # every deal.
    ("summary_figures", """CREATE TABLE summary_figures (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        player TEXT NOT NULL,
        role TEXT NOT NULL,
        figure TEXT NOT NULL,
        den INTEGER NOT NULL,
        count INTEGER NOT NULL,
        num INTEGER NOT NULL,
        PRIMARY KEY (session_id, player, role, figure, den)) WITHOUT ROWID"""),
    ("summary_between", """CREATE TABLE summary_between (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        player TEXT NOT NULL,
        other TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (session_id, kind, player, other)) WITHOUT ROWID"""),
    ("summary_players", """CREATE TABLE summary_players (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        player TEXT NOT NULL,
        played INTEGER NOT NULL,
        losses INTEGER NOT NULL,
        run_first INTEGER NOT NULL,
        run_last INTEGER NOT NULL,
        run_longest INTEGER NOT NULL,
        pool_best_num INTEGER,
        pool_best_den INTEGER,
        pool_best_deals TEXT,
        PRIMARY KEY (session_id, player)) WITHOUT ROWID"""),
    # What ``stats --analyse`` found of each session's deals (club/analysis.py),
    # computed when asked and kept: one analysis per session, identity, profile,
    # starting trick and release of the search.
    ("analyses", """CREATE TABLE analyses (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        identity TEXT NOT NULL,
        rules TEXT NOT NULL,
        options TEXT NOT NULL,
        from_trick INTEGER NOT NULL,
        analyser TEXT NOT NULL,
        analysed TEXT NOT NULL,
        UNIQUE (session_id, identity, rules, options, from_trick, analyser))"""),
    ("analysis_deals", """CREATE TABLE analysis_deals (
        analysis_id INTEGER NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        deal INTEGER NOT NULL,
        exact_from_trick INTEGER,
        out_of_reach TEXT,
        out_of_reach_rule TEXT,
        PRIMARY KEY (analysis_id, deal)) WITHOUT ROWID"""),
    ("analysis_players", """CREATE TABLE analysis_players (
        analysis_id INTEGER NOT NULL REFERENCES analyses(id) ON DELETE CASCADE,
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        deal INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        player TEXT NOT NULL,
        mistakes INTEGER NOT NULL,
        lost_num INTEGER NOT NULL,
        lost_den INTEGER NOT NULL,
        PRIMARY KEY (analysis_id, deal, seat)) WITHOUT ROWID"""),
)

# The tables each version added after version 2 (a migration creates them).
ADDED_IN = {3: ("analyses", "analysis_deals", "analysis_players")}

# The table of a deal's tricks up to version 4, one row per trick (what
# :func:`_to_version_4` rebuilds, and :func:`_to_version_5` folds into deal_tricks).
TRICKS_V4 = """CREATE TABLE tricks (
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        deal INTEGER NOT NULL,
        trick INTEGER NOT NULL,
        leader TEXT NOT NULL,
        cards TEXT NOT NULL,
        taker TEXT NOT NULL,
        points INTEGER NOT NULL,
        PRIMARY KEY (session_id, deal, trick)) WITHOUT ROWID"""

# The views of version 5: ``tricks``, one row per trick read out of deal_tricks, with
# the columns and values of version 4's table (what the summary's SQL, the
# identity and a user's own queries read).
VIEWS: tuple[tuple[str, str], ...] = (
    ("tricks", """CREATE VIEW tricks (session_id, deal, trick, leader, cards, taker, points) AS
        SELECT d.session_id, d.deal, json_extract(t.value, '$[0]'),
               json_extract(t.value, '$[1]'), json_extract(t.value, '$[2]'),
               json_extract(t.value, '$[3]'), json_extract(t.value, '$[4]')
        FROM deal_tricks AS d, json_each(d.tricks) AS t"""),
)

# What the figures look up by: a player's deals, a kind of payment, a period.
INDEXES = (
    "CREATE INDEX sessions_day ON sessions(day)",
    "CREATE INDEX sessions_sha256 ON sessions(sha256)",
    "CREATE INDEX sessions_identity ON sessions(identity)",
    "CREATE INDEX payments_code ON payments(code, session_id)",
    "CREATE INDEX events_kind ON events(kind, session_id)",
    "CREATE INDEX notes_session ON notes(session_id)",
    "CREATE INDEX analyses_session ON analyses(session_id)",
    "CREATE INDEX analysis_deals_session ON analysis_deals(session_id)",
    "CREATE INDEX analysis_players_session ON analysis_players(session_id)",
)



def _to_version_2(conn: sqlite3.Connection) -> None:
    """Version 1 -> 2: sessions gets its identity, the date it was archived and
    the mark of a record spoilt since (issue 30), and ids that are never used
    again (AUTOINCREMENT: a table rebuilt, as SQLite's ALTER TABLE cannot add
    it).  Every session is kept, with its id; the rows of sessions deleted
    without them go.  Runs with foreign keys off (:func:`prepare`), so that
    dropping the old table deletes none of its rows' children."""
    statement = dict(TABLES)["sessions"]
    conn.execute(statement.replace("CREATE TABLE sessions", "CREATE TABLE sessions_v2", 1))
    columns = ("id, path, sha256, title, date, day, place, rules, options, pool_start, "
               "pool_end, deals")
    conn.execute(f"INSERT INTO sessions_v2 ({columns}, identity) "
                 f"SELECT {columns}, '' FROM sessions")
    conn.execute("DROP TABLE sessions")
    conn.execute("ALTER TABLE sessions_v2 RENAME TO sessions")
    for index in INDEXES:
        if " ON sessions(" in index:
            conn.execute(index)
    remove_orphans(conn)
    for (sid,) in conn.execute("SELECT id FROM sessions").fetchall():
        conn.execute("UPDATE sessions SET identity = ? WHERE id = ?",
                     (session_identity(conn, sid), sid))


def _to_version_3(conn: sqlite3.Connection) -> None:
    """Version 2 -> 3: the tables of the deals' analysis (``stats --analyse``),
    empty: nothing else changes."""
    statements = dict(TABLES)
    for table in ADDED_IN[3]:
        conn.execute(statements[table])
        for index in INDEXES:
            if f" ON {table}(" in index:
                conn.execute(index)


# The tables whose rows are kept by their primary key (WITHOUT ROWID), version 5's.
KEYED = ("players", "deals", "deal_players", "payments", "deal_tricks", "events",
         "summary_figures", "summary_between", "summary_players", "analysis_deals",
         "analysis_players")


def _to_version_4(conn: sqlite3.Connection) -> None:
    """Version 3 -> 4: each table with a primary key of several columns rebuilt
    WITHOUT ROWID (the same columns and rows; each row kept once, by its key),
    and the index ``deal_players_player``, which no query used, dropped.  Runs
    with foreign keys off (:func:`prepare`), as :func:`_to_version_2` does.
    The file keeps its size until SQLite reuses the pages freed (or ``VACUUM``).
    Each session's identity is made again, without its options (club/identity.py),
    and the analyses stored under the old one follow it."""
    conn.execute("DROP INDEX IF EXISTS deal_players_player")
    statements = {**dict(TABLES), "tricks": TRICKS_V4}
    for table in (*KEYED, "tricks"):
        found = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                             (table,)).fetchone()
        if found is None or "WITHOUT ROWID" in found[0]:
            continue  # made WITHOUT ROWID already (version 2's step), or of version 5
        columns = ", ".join(row[1] for row in conn.execute(f"PRAGMA table_info({table})"))
        conn.execute(statements[table].replace(f"CREATE TABLE {table} (",
                                               f"CREATE TABLE {table}_v4 (", 1))
        conn.execute(f"INSERT INTO {table}_v4 ({columns}) SELECT {columns} FROM {table}")
        conn.execute(f"DROP TABLE {table}")
        conn.execute(f"ALTER TABLE {table}_v4 RENAME TO {table}")
        for index in INDEXES:
            if f" ON {table}(" in index:
                conn.execute(index)
    _identities_again(conn)


def _identities_again(conn: sqlite3.Connection) -> None:
    """Every session's identity by this version's definition; an analysis
    stored under the session's old identity moves to the new one."""
    for sid, old in conn.execute("SELECT id, identity FROM sessions").fetchall():
        new = session_identity(conn, sid)
        conn.execute("UPDATE sessions SET identity = ? WHERE id = ?", (new, sid))
        conn.execute("UPDATE analyses SET identity = ? WHERE session_id = ? AND identity = ?",
                     (new, sid, old))


def _to_version_5(conn: sqlite3.Connection) -> None:
    """Version 4 -> 5: each deal's tricks in one row of deal_tricks (the text
    club/trickjson.py writes), read a session at a time in the order of their
    key; the table ``tricks`` dropped and made a view of the same name, columns
    and values.  The identities are left as they are: they read the same values
    through the view (tests/test_archive_migration_v5.py)."""
    conn.execute(dict(TABLES)["deal_tricks"])
    sessions = [sid for sid, in conn.execute(
        "SELECT DISTINCT session_id FROM tricks ORDER BY session_id").fetchall()]
    for sid in sessions:  # orphans too: the next mend removes them with their deals
        rows = conn.execute("SELECT * FROM tricks WHERE session_id = ? ORDER BY deal, trick",
                            (sid,)).fetchall()
        conn.executemany("INSERT INTO deal_tricks (session_id, deal, tricks) VALUES (?, ?, ?)",
                         [(sid, deal, deal_tricks_text(list(group)))
                          for deal, group in groupby(rows, key=itemgetter(1))])
    conn.execute("DROP TABLE tricks")
    for _, statement in VIEWS:
        conn.execute(statement)


# version n -> the step that brings a database of version n to n + 1.  A step
# runs inside the transaction that opens the database, so that a migration
# stopped half way leaves the database as it was.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _to_version_2,
                                                               2: _to_version_3,
                                                               3: _to_version_4,
                                                               4: _to_version_5}


class ArchiveError(ReversisError):
    """The database cannot be used as an archive (codes RV6xx): not ours,
    corrupt, newer, locked or read-only."""


def archive_problem(code: str, message: Msg, name: str) -> ArchiveError:
    found: Diagnostic = diagnostic(code, message, file=name)
    return ArchiveError(found)


def prepare(conn: sqlite3.Connection, name: str) -> None:
    """Make ``conn`` an archive of this version: create the tables in an empty
    database, migrate an older one; refuse another application's database or
    a newer archive (:class:`ArchiveError`).  Runs in one transaction."""
    with atomic(conn):
        tables = {row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            _create(conn)
        else:
            _migrate(conn, _known_version(conn, tables, name))


def check_readable(conn: sqlite3.Connection, name: str) -> int:
    """Refuse, without writing anything, a database that is not an archive of
    ours, or one of a newer version (the checks of :func:`prepare`, for a
    reader such as ``stats``); the schema version of one that is."""
    tables = {row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    version = _known_version(conn, tables, name, reader=True)
    if version < 1:  # version 1 is the first: a lower one is not ours
        raise not_ours(name, reader=True)
    return version


def _create(conn: sqlite3.Connection) -> None:
    for _, statement in (*TABLES, *VIEWS):
        conn.execute(statement)
    for statement in INDEXES:
        conn.execute(statement)
    conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                     [("application", APPLICATION), ("schema_version", str(SCHEMA_VERSION))])


def _known_version(conn: sqlite3.Connection, tables: set[str], name: str,
                   reader: bool = False) -> int:
    """RV602 and RV603 in one place: the schema version of an archive of ours
    that this release knows (another application's database, or an archive
    of a newer release, is refused)."""
    version = _version_of(conn, tables, name, reader)
    if version > SCHEMA_VERSION:
        raise archive_problem("RV603", Msg(
            "an archive of a newer reversis-cli (schema version {found}; this one knows "
            "version {known}): update reversis-cli to read it",
            found=version, known=SCHEMA_VERSION), name)
    return version


def _version_of(conn: sqlite3.Connection, tables: set[str], name: str,
                reader: bool = False) -> int:
    """The schema version of an archive of ours; another application's
    database is refused."""
    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall()) \
        if "meta" in tables and _is_key_value(conn) else {}
    version = str(meta.get("schema_version", ""))
    if meta.get("application") != APPLICATION or not version.isdigit():
        raise not_ours(name, reader)
    return int(version)


def not_ours(name: str, reader: bool = False) -> ArchiveError:
    """RV602; the advice of ``archive`` (name another file with -o) is not a
    reader's, which has no -o (issue 30)."""
    if reader:
        return archive_problem("RV602", Msg(
            "a database of another application, not a reversis archive: name the archive "
            "that reversis archive made"), name)
    return archive_problem("RV602", Msg(
        "a database of another application, not a reversis archive: name another file "
        "with -o"), name)


def _is_key_value(conn: sqlite3.Connection) -> bool:
    columns = {row[1] for row in conn.execute("PRAGMA table_info(meta)")}
    return {"key", "value"} <= columns


def _migrate(conn: sqlite3.Connection, version: int) -> None:
    while version < SCHEMA_VERSION:
        MIGRATIONS[version](conn)
        version += 1
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))
