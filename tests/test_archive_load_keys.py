"""The archive loads its files with SQLite's foreign keys off (issue 35): each
INSERT then needs no statement journal.  A session deleted in a load (a file
replaced, an evening moved) takes every row of it with it all the same, and
the keys are on again once the files are loaded."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from reversis_cli.club.archive import (
    LOADED, MOVED, NOT_LOADED, REPLACED, archive_inputs, build_in_memory, connect, load_files,
)
from reversis_cli.club.identity import CHILD_TABLES, orphan_sessions, present
from reversis_cli.simulate import SimulationOptions, simulate_session

from conftest import SAMPLES


def _simulated(deals: int, seed: int) -> str:
    return "".join(simulate_session(SimulationOptions(deals, seed, irregular=0.3)))


def _counts(conn: sqlite3.Connection, session_id: int) -> dict[str, int]:
    return {table: conn.execute(f"SELECT count(*) FROM {table} WHERE session_id = ?",
                                (session_id,)).fetchone()[0]
            for table in present(conn, CHILD_TABLES)}


def _fresh_counts(path: Path, folder: Path) -> dict[str, int]:
    """Each table's rows of ``path`` archived alone, in a new archive."""
    db = folder / "alone.sqlite"
    archive_inputs([str(path)], db)
    conn = sqlite3.connect(db)
    try:
        (session_id,) = conn.execute("SELECT id FROM sessions").fetchone()
        return _counts(conn, session_id)
    finally:
        conn.close()


def test_a_replaced_file_keeps_only_its_new_rows(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    (records / "s1.rvs").write_text(_simulated(12, 3), encoding="utf-8")
    (records / "s2.rvs").write_text(_simulated(6, 4), encoding="utf-8")
    db = tmp_path / "club.sqlite"
    assert {r.state for r in archive_inputs([str(records)], db)} == {LOADED}
    (records / "s1.rvs").write_text(_simulated(5, 9), encoding="utf-8")
    assert [r.state for r in archive_inputs([str(records / "s1.rvs")], db)] == [REPLACED]
    conn = sqlite3.connect(db)
    try:
        (session_id,) = conn.execute(
            "SELECT id FROM sessions WHERE path = 'records/s1.rvs'").fetchone()
        replaced = _counts(conn, session_id)
        assert orphan_sessions(conn) == set()
    finally:
        conn.close()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert replaced == _fresh_counts(records / "s1.rvs", elsewhere)
    assert replaced["deals"] == 5 and replaced["payments"] > 0


def test_a_moved_evening_leaves_nothing_of_its_old_session(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    (records / "old.rvs").write_text(_simulated(8, 5), encoding="utf-8")
    db = tmp_path / "club.sqlite"
    archive_inputs([str(records)], db)
    # the same evening, written otherwise (a comment), under a new path; the old one gone
    text = (records / "old.rvs").read_text(encoding="utf-8")
    (records / "new.rvs").write_text("# moved here\n" + text, encoding="utf-8")
    (records / "old.rvs").unlink()
    assert [r.state for r in archive_inputs([str(records / "new.rvs")], db)] == [MOVED]
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("SELECT path FROM sessions").fetchall() == [("records/new.rvs",)]
        assert orphan_sessions(conn) == set()
    finally:
        conn.close()


def test_the_foreign_keys_are_on_again_after_loading_even_a_file_with_errors(tmp_path):
    bad = tmp_path / "bad.rvs"
    shutil.copy(SAMPLES / "bad" / "card-twice.rvs", bad)
    conn, results = build_in_memory([str(SAMPLES / "evening.rvs"), str(bad)])
    try:
        assert [r.state for r in results] == [LOADED, NOT_LOADED]
        assert conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
    finally:
        conn.close()
    conn = connect(tmp_path / "club.sqlite")
    try:
        load_files(conn, [SAMPLES / "evening.rvs"], tmp_path)
        assert conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
    finally:
        conn.close()


# --- the rows of sessions deleted without them (mend) -----------------------------------


def _not_a_session(conn: sqlite3.Connection, table: str) -> set:
    """The definition: the session ids of ``table``'s rows that no session has."""
    return {sid for sid, in conn.execute(
        f"SELECT DISTINCT session_id FROM {table} WHERE session_id NOT IN "
        f"(SELECT id FROM sessions)")}


def _season(folder: Path, count: int) -> list[Path]:
    folder.mkdir()
    paths = []
    for n in range(count):
        path = folder / f"s{n}.rvs"
        path.write_text(_simulated(3, 20 + n), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.mark.parametrize("ranges", [True, False])
def test_rows_left_by_sessions_deleted_with_the_keys_off_are_found_and_mended(
        tmp_path, monkeypatch, ranges):
    """The sqlite3 shell deletes with foreign keys off: the first, a middle and the
    last session deleted so leave their rows, found between the sessions' ids
    (by the index on session_id), as every id no session has is, and the next run
    removes them all; sought by ranges (sessions of 3 deals made long enough for
    them) and by reading every row."""
    from reversis_cli.club import identity

    if ranges:
        monkeypatch.setattr(identity, "_DEALS_FOR_RANGES", 1)
    db = tmp_path / "club.sqlite"
    archive_inputs([str(p) for p in _season(tmp_path / "records", 6)], db)
    conn = sqlite3.connect(db)
    try:
        ids = [i for i, in conn.execute("SELECT id FROM sessions ORDER BY id")]
        assert len(ids) == 6
        gone = {ids[0], ids[3], ids[5]}
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.executemany("DELETE FROM sessions WHERE id = ?", [(i,) for i in gone])
        # ids no session has, typed in by hand: below, a fraction between two sessions
        # of consecutive ids, one in a gap, above, a text (after every number)
        for odd in (-4, 0, ids[1] + 0.5, ids[3] + 0.5, ids[5] + 40, "x"):
            conn.execute("INSERT INTO notes (session_id, deal, line, text) "
                         "VALUES (?, NULL, 1, 'by hand')", (odd,))
        conn.commit()
        tables = present(conn, CHILD_TABLES)
        for table in tables:
            assert orphan_sessions(conn, (table,)) == _not_a_session(conn, table), table
        assert orphan_sessions(conn) == gone | {-4, 0, ids[1] + 0.5, ids[3] + 0.5,
                                                 ids[5] + 40, "x"}
    finally:
        conn.close()
    assert [r.state for r in archive_inputs([], db)] == []
    conn = sqlite3.connect(db)
    try:
        assert orphan_sessions(conn) == set()
        assert all(_not_a_session(conn, table) == set() for table in tables)
        kept = {i for i, in conn.execute("SELECT DISTINCT session_id FROM deals")}
        assert kept == {ids[1], ids[2], ids[4]}
    finally:
        conn.close()


def test_a_table_without_an_index_on_session_id_and_an_empty_archive_are_read_whole(tmp_path):
    db = tmp_path / "club.sqlite"
    archive_inputs([str(p) for p in _season(tmp_path / "records", 2)], db)
    conn = sqlite3.connect(db)
    try:
        conn.execute("CREATE TABLE extra (session_id INTEGER, n INTEGER)")
        conn.executemany("INSERT INTO extra VALUES (?, 1)", [(1,), (7,), (-1,)])
        assert orphan_sessions(conn, ("extra",)) == {7, -1}
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("DELETE FROM sessions")
        conn.commit()
        every = {i for i, in conn.execute("SELECT DISTINCT session_id FROM deals")}
        assert len(every) == 2 and orphan_sessions(conn) == every
        assert orphan_sessions(conn, ("extra",)) == {1, 7, -1}
    finally:
        conn.close()
