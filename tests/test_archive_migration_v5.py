"""Schema version 5 (issue 35): a deal's tricks in one row of ``deal_tricks``,
the view ``tricks`` giving them one row per trick as version 4's table did.
An archive of version 4 is read as it is by ``stats`` (never written), migrated
by the next ``archive`` run, and gives the same evenings (identities) and the
same figures, byte for byte, before, after, and as a new archive of the same
records."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from reversis_cli.club import schema
from reversis_cli.club.archive import build_in_memory
from reversis_cli.club.identity import session_identity
from reversis_cli.club.trickjson import deal_tricks_text

from conftest import ROOT
from test_archive_migration import (RECORDS, SAMPLES, archive_from_dump, contents, rows,
                                    run, version)

V4_DUMP = ROOT / "tests" / "fixtures" / "archive" / "v4-club-irregular.sql"
TRICKS = "SELECT * FROM tricks ORDER BY session_id, deal, trick"


@pytest.fixture
def old(tmp_path, monkeypatch) -> Path:
    """The dump of version 4 (made by the code of version 4 from RECORDS) as
    club.sqlite beside its records."""
    return archive_from_dump(V4_DUMP, tmp_path, monkeypatch)


def _figures(db: str) -> dict[str, str]:
    """What a user reads of the archive: stats as JSON and as a table, a
    player's stats, the league's standings."""
    Path("league.toml").write_text(
        f'title = "Season"\narchive = "{db}"\nfrom = 2027-01-01\nto = 2027-12-31\n'
        'ranking = "total"\ntie_breaks = ["per-deal", "sessions", "name"]\n', encoding="utf-8")
    found = {"stats --json": run("stats", "--json", db), "stats": run("stats", db),
             "stats --player": run("stats", "--player", "Anna", db),
             "league --json": run("league", "--json", "league.toml")}
    for name, result in found.items():
        assert result.exit_code == 0, (name, result.output)
    return {name: result.stdout for name, result in found.items()}


def test_an_archive_of_version_4_is_migrated_with_the_same_evenings_and_figures(old):
    before = contents(old)
    assert version(old) == "4" and len(before["tricks"]) == 495
    figures = _figures("club.sqlite")  # read as it is, without writing it
    assert version(old) == "4" and contents(old) == before
    done = run("archive", "recs", "-o", "club.sqlite")
    assert done.exit_code == 0, done.output
    assert done.stderr.count("unchanged, skipped") == len(RECORDS)
    assert version(old) == str(schema.SCHEMA_VERSION) == "5"
    before["meta"] = [("application", "reversis-cli"), ("schema_version", "5")]
    # every row as it was, the tricks read through the view; the identities unchanged
    assert contents(old) == before
    conn = sqlite3.connect(old)
    try:
        assert [(row[0], session_identity(conn, row[0])) for row in before["sessions"]] == \
            [(row[0], row[3]) for row in before["sessions"]]
    finally:
        conn.close()
    kinds = dict(rows(old, "SELECT name, type FROM sqlite_master WHERE name LIKE '%tricks'"))
    assert kinds == {"deal_tricks": "table", "tricks": "view"}
    # a row for each deal with tricks (a void deal has none)
    assert rows(old, "SELECT count(*) FROM deal_tricks") == \
        rows(old, "SELECT count(DISTINCT session_id || ':' || deal) FROM tricks")
    assert rows(old, "PRAGMA integrity_check") == [("ok",)]
    assert rows(old, "PRAGMA foreign_key_check") == []
    assert _figures("club.sqlite") == figures


def test_a_migrated_archive_is_a_new_archive_of_its_records_byte_for_byte(old, tmp_path):
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    assert run("archive", "recs", "-o", "new.sqlite").exit_code == 0
    new = tmp_path / "new.sqlite"
    # deal_tricks too: the migration's text (json.dumps) is the writer's, to the byte
    every = "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sessions'"
    for table, in rows(new, every):
        assert rows(new, f"SELECT * FROM {table}") == rows(old, f"SELECT * FROM {table}"), table
    assert rows(new, "SELECT path, identity FROM sessions ORDER BY path") == \
        rows(old, "SELECT path, identity FROM sessions ORDER BY path")
    for name, sql in rows(new, "SELECT name, sql FROM sqlite_master WHERE name <> 'sessions' "
                                "AND sql IS NOT NULL"):
        same = f"SELECT replace(sql, '\"', '') FROM sqlite_master WHERE name = '{name}'"
        assert rows(old, same) == [(sql.replace('"', ''),)], name
    fresh = {name: text.replace("new.sqlite", "club.sqlite")  # the archive's name apart
             for name, text in _figures("new.sqlite").items()}
    assert fresh == _figures("club.sqlite")


def test_a_migration_stopped_half_way_leaves_version_4_as_it_was(old, monkeypatch):
    before = contents(old)

    step = schema.MIGRATIONS[4]

    def broken(conn):  # the whole step done, then the disk fails before the commit
        step(conn)
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setitem(schema.MIGRATIONS, 4, broken)
    done = run("archive", "recs", "-o", "club.sqlite")
    assert done.exit_code != 0
    assert version(old) == "4" and contents(old) == before


def test_the_tricks_text_of_a_plain_deal_is_the_reference_text(monkeypatch):
    """The one-pass text of SessionRows._tricks is json.dumps's (the
    reference), and the view gives back the rows of version 4, values and
    types, for records with irregular deals, events and Russian names."""
    records = sorted(str(p) for p in SAMPLES.glob("*.rvs"))
    conn, _ = build_in_memory(records)
    try:
        stored = conn.execute("SELECT session_id, deal, tricks FROM deal_tricks "
                              "ORDER BY session_id, deal").fetchall()
        tricks = conn.execute(TRICKS).fetchall()
    finally:
        conn.close()
    assert len(stored) > 90
    by_deal: dict[tuple[int, int], list[tuple]] = {}
    for row in tricks:
        by_deal.setdefault(row[:2], []).append(row)
        assert [type(value) for value in row] == [int, int, int, str, str, str, int]
    assert [(sid, deal, deal_tricks_text(by_deal.get((sid, deal), [])))
            for sid, deal, _ in stored] == stored
    assert all(json.loads(text) == [list(row[2:]) for row in by_deal.get((sid, deal), [])]
               for sid, deal, text in stored)
