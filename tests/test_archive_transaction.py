"""The archive's one way to write (club/transaction.py): a block that ends keeps
what it wrote, one that raises or asks to roll back keeps nothing; and the states
of a file archived are the words the lines and the JSON have always used."""

from __future__ import annotations

import sqlite3

import pytest

from reversis_cli.club.archive import FileState
from reversis_cli.club.transaction import atomic


@pytest.fixture
def conn(tmp_path):
    db = sqlite3.connect(tmp_path / "t.sqlite", isolation_level=None)
    db.execute("CREATE TABLE t (x INTEGER)")
    yield db
    db.close()


def rows(db) -> list[int]:
    return [x for (x,) in db.execute("SELECT x FROM t")]


def test_a_block_that_ends_keeps_what_it_wrote(conn):
    with atomic(conn):
        conn.execute("INSERT INTO t VALUES (1)")
    assert rows(conn) == [1] and not conn.in_transaction


def test_a_block_that_raises_keeps_nothing(conn):
    with pytest.raises(KeyboardInterrupt), atomic(conn):
        conn.execute("INSERT INTO t VALUES (1)")
        raise KeyboardInterrupt  # Ctrl+C in the middle of a session's rows
    assert rows(conn) == [] and not conn.in_transaction


def test_a_block_that_asks_to_roll_back_keeps_nothing(conn):
    with atomic(conn) as transaction:
        conn.execute("INSERT INTO t VALUES (1)")
        transaction.rollback()
    assert rows(conn) == [] and not conn.in_transaction


def test_a_block_holds_the_write_lock_from_its_start(tmp_path, conn):
    other = sqlite3.connect(tmp_path / "t.sqlite", isolation_level=None, timeout=0)
    with atomic(conn), pytest.raises(sqlite3.OperationalError, match="locked"):
        other.execute("BEGIN IMMEDIATE")
    other.close()


def test_the_states_are_the_words_of_the_lines_and_the_json():
    assert [str(s) for s in FileState] == [
        "loaded", "unchanged", "replaced", "removed", "not loaded", "duplicate", "moved",
        "withdrawn"]
