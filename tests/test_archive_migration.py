"""Schema version 4 (issue 35): the tables keyed by several columns are WITHOUT
ROWID and the unused index deal_players_player is gone.  An archive of version
3 is read as it is by ``stats`` (never written), migrated by the next
``archive`` run with every row kept, and gives the same figures before, after,
and as a new archive of the same records."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.club import schema

from conftest import ROOT

SAMPLES = ROOT / "samples"
V3_DUMP = ROOT / "tests" / "fixtures" / "archive" / "v3-club-irregular.sql"
# the records the dump archived (by the code of schema version 3), as recs/NAME
RECORDS = ("club/2027-01-14.rvs", "club/2027-01-21.rvs", "every-event-ru.rvs", "irregular.rvs")
ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}


def run(*args: str):
    return CliRunner().invoke(cli, ["--lang", "en", *args], env=ENV)


def rows(db: Path, sql: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def contents(db: Path, skip: tuple[str, ...] = ()) -> dict[str, list[tuple]]:
    """Every row of every table of the archive, in a stable order: the tricks
    as the table of version 4 or the view of version 5 gives them, one row per
    trick (deal_tricks, version 5's storage of them, left out)."""
    tables = [name for name, in rows(db, "SELECT name FROM sqlite_master WHERE type IN "
                                         "('table', 'view') AND name NOT LIKE 'sqlite_%' "
                                         "AND name <> 'deal_tricks' ORDER BY name")]
    return {table: sorted(rows(db, f"SELECT * FROM {table}"), key=repr)
            for table in tables if table not in skip}


def _without_identity(tables: dict[str, list[tuple]]) -> dict[str, list[tuple]]:
    """The tables with the sessions' and analyses' identity columns left out."""
    at = {"sessions": 3, "analyses": 2}
    return {table: [row[:at[table]] + row[at[table] + 1:] if table in at else row
                    for row in found] for table, found in tables.items()}


def version(db: Path) -> str:
    return rows(db, "SELECT value FROM meta WHERE key = 'schema_version'")[0][0]


def archive_from_dump(dump: Path, tmp_path: Path, monkeypatch) -> Path:
    """``dump`` (an older version's archive, as SQL) made club.sqlite in
    ``tmp_path``, the working folder, beside the records it holds (in recs/)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "recs").mkdir()
    for name in RECORDS:
        shutil.copy(SAMPLES / name, tmp_path / "recs" / Path(name).name)
    db = tmp_path / "club.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript(dump.read_text(encoding="utf-8"))
    conn.close()
    return db


@pytest.fixture
def old(tmp_path, monkeypatch) -> Path:
    """The dump of version 3 as club.sqlite beside its records, with an
    analysis stored (so that the analysis tables have rows to keep)."""
    db = archive_from_dump(V3_DUMP, tmp_path, monkeypatch)
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO analyses (id, session_id, identity, rules, options, from_trick, "
                 "analyser, analysed) SELECT 1, id, identity, rules, options, 8, 'test', "
                 "'2026-12-06' FROM sessions WHERE id = 1")
    conn.execute("INSERT INTO analysis_deals VALUES (1, 1, 1, 8, NULL, NULL)")
    conn.execute("INSERT INTO analysis_players VALUES (1, 1, 1, 0, 'Anna', 1, 5, 1)")
    conn.commit()
    conn.close()
    return db


def test_an_archive_of_version_3_is_read_then_migrated_with_every_row_and_figure(old):
    before = contents(old)
    assert version(old) == "3" and sum(map(len, before.values())) > 1000
    assert "deal_players_player" in {n for n, in rows(old, "SELECT name FROM sqlite_master")}
    read = run("stats", "--json", "club.sqlite")  # read as it is, without writing it
    assert read.exit_code == 0, read.output
    assert version(old) == "3" and contents(old) == before
    done = run("archive", "recs", "-o", "club.sqlite")
    assert done.exit_code == 0, done.output
    assert done.stderr.count("unchanged, skipped") == len(RECORDS)
    assert version(old) == str(schema.SCHEMA_VERSION) == "5"  # by 4, then 5
    before["meta"] = [("application", "reversis-cli"), ("schema_version", "5")]
    # every row of every table as it was, but the identities: made again without the
    # options (club/identity.py), the analysis following its session's
    identities = rows(old, "SELECT id, identity FROM sessions ORDER BY id")
    assert _without_identity(contents(old)) == _without_identity(before)
    assert rows(old, "SELECT session_id, identity FROM analyses") == identities[:1]
    assert {i for _, i in identities} & {row[3] for row in before["sessions"]} == set()
    made = dict(rows(old, "SELECT name, sql FROM sqlite_master WHERE type = 'table'"))
    assert sorted(name for name, sql in made.items() if sql.endswith("WITHOUT ROWID")) == \
        sorted(schema.KEYED)
    names = {name for name, in rows(old, "SELECT name FROM sqlite_master")}
    assert "deal_players_player" not in names
    assert {"payments_code", "events_kind", "analysis_deals_session"} <= names
    assert not [n for n in names if n.endswith("_v4") or n.startswith("sqlite_autoindex_deal")]
    assert rows(old, "PRAGMA integrity_check") == [("ok",)]
    assert rows(old, "PRAGMA foreign_key_check") == []
    after = run("stats", "--json", "club.sqlite")
    assert json.loads(after.stdout) == json.loads(read.stdout)
    table = run("stats", "club.sqlite")
    assert table.exit_code == 0 and "Anna" in table.stdout


def test_a_migrated_archive_is_a_new_archive_of_its_records(old, tmp_path):
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    assert run("archive", "recs", "-o", "new.sqlite").exit_code == 0
    new = tmp_path / "new.sqlite"
    for table in schema.KEYED:  # the same statement, the name quoted by the rename apart
        sql = f"SELECT replace(sql, '\"', '') FROM sqlite_master WHERE name = '{table}'"
        assert rows(new, sql) == rows(old, sql)
    analysis = ("analyses", "analysis_deals", "analysis_players", "sessions")
    assert contents(new, skip=analysis) == contents(old, skip=analysis)
    # the identities the migration made are those a fresh load makes (E58)
    assert rows(new, "SELECT path, identity FROM sessions ORDER BY path") == \
        rows(old, "SELECT path, identity FROM sessions ORDER BY path")
    assert json.loads(run("stats", "--json", "new.sqlite").stdout)["players"] == \
        json.loads(run("stats", "--json", "club.sqlite").stdout)["players"]
    # the analysis stored under version 3 is still its session's
    assert rows(old, "SELECT session_id, deal FROM analysis_deals") == [(1, 1)]


def test_a_migration_stopped_half_way_leaves_version_3_as_it_was(old, monkeypatch):
    before = contents(old)

    def broken(conn):
        conn.execute("DROP INDEX IF EXISTS deal_players_player")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setitem(schema.MIGRATIONS, 3, broken)
    done = run("archive", "recs", "-o", "club.sqlite")
    assert done.exit_code == 1 and "RV612" in done.stderr and "Traceback" not in done.output
    assert version(old) == "3" and contents(old) == before
    assert "deal_players_player" in {n for n, in rows(old, "SELECT name FROM sqlite_master")}
