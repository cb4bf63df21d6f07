"""The archive loads its files with SQLite's foreign keys off (issue 35): each
INSERT then needs no statement journal.  A session deleted in a load (a file
replaced, an evening moved) takes every row of it with it all the same, and
the keys are on again once the files are loaded."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

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
