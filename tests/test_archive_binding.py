"""How the archive binds its rows' values (issue 35, branch i35-archive3): a None
goes in as NULL through the adapter club/rows.py registers (sqlite3 would otherwise
look for ``__adapt__`` and ``__conform__`` for each one), and nothing else changes."""

from __future__ import annotations

import sqlite3

from reversis_cli.club import rows  # noqa: F401  (registers the adapter)
from reversis_cli.club.archive import build_in_memory

from conftest import SAMPLES


def test_none_is_adapted_by_the_registered_adapter_to_null():
    adapter = sqlite3.adapters.get((type(None), sqlite3.PrepareProtocol))
    assert adapter is not None and adapter(None) is None
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("CREATE TABLE t (a, b)")
        conn.executemany("INSERT INTO t VALUES (?, ?)", [(None, 1), ("None", None)])
        assert conn.execute("SELECT typeof(a), a, typeof(b) FROM t ORDER BY rowid").fetchall() \
            == [("null", None, "integer"), ("text", "None", "null")]
    finally:
        conn.close()


def test_the_archive_stores_a_missing_value_as_null_never_as_a_text():
    conn, results = build_in_memory([str(SAMPLES / "big-night.rvs")])
    try:
        assert results and all(r.errors == 0 for r in results)
        kinds = conn.execute(
            "SELECT typeof(reversis), typeof(espagnolette), count(*) FROM deals "
            "GROUP BY 1, 2").fetchall()
        assert ("null", "null") in {(a, b) for a, b, _ in kinds}
        assert all(a in ("null", "text") and b in ("null", "text") for a, b, _ in kinds)
        tricks = dict(conn.execute(
            "SELECT typeof(trick), count(*) FROM payments GROUP BY 1").fetchall())
        assert tricks.get("null", 0) > 0 and set(tricks) <= {"null", "integer"}
        assert conn.execute("SELECT count(*) FROM payments WHERE trick = 'None' "
                            "OR rule = 'None'").fetchone() == (0,)
    finally:
        conn.close()
