"""The archive's one way to write (club/transaction.py): a block that ends keeps
what it wrote, one that raises or asks to roll back keeps nothing, inside a
transaction already open as a savepoint; several files committed together (a
batch), each said only once committed; and the states of a file archived are the
words the lines and the JSON have always used."""

from __future__ import annotations

import sqlite3

import pytest

from reversis_cli.club.archive import FileState
from reversis_cli.club.transaction import BATCH_BYTES, Batch, atomic


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


# --- a block inside a transaction already open: a savepoint (issue 35) -------------------


def test_a_block_inside_a_transaction_keeps_or_undoes_its_own_writes_alone(conn):
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(KeyboardInterrupt), atomic(conn):
        conn.execute("INSERT INTO t VALUES (2)")
        raise KeyboardInterrupt
    with atomic(conn) as transaction:
        conn.execute("INSERT INTO t VALUES (3)")
        transaction.rollback()
    with atomic(conn) as transaction:
        conn.execute("INSERT INTO t VALUES (4)")
        transaction.undo()  # what it wrote so far goes; it goes on
        conn.execute("INSERT INTO t VALUES (5)")
    with atomic(conn):
        conn.execute("INSERT INTO t VALUES (6)")
    assert conn.in_transaction  # the blocks committed nothing: the transaction does
    conn.execute("COMMIT")
    assert rows(conn) == [1, 5, 6]


def test_undo_of_a_block_of_its_own_goes_on_in_a_new_transaction(conn):
    with atomic(conn) as transaction:
        conn.execute("INSERT INTO t VALUES (1)")
        transaction.undo()
        assert conn.in_transaction
        conn.execute("INSERT INTO t VALUES (2)")
    assert rows(conn) == [2] and not conn.in_transaction


def test_a_batch_commits_at_its_size_and_before_a_file_that_would_pass_it(tmp_path, conn):
    said: list[str] = []
    seen = sqlite3.connect(tmp_path / "t.sqlite", isolation_level=None)

    def each(name: str) -> None:  # what is said is committed: another connection sees it
        said.append(name)
        assert name in {str(x) for x in rows(seen)} or name.startswith("skipped")

    batch = Batch(conn, each)
    half = BATCH_BYTES // 2
    for n, size in enumerate((half - 10, 10, half - 1, 2, BATCH_BYTES - 2, 5), 1):
        batch.lock(size)
        with atomic(conn):
            conn.execute("INSERT INTO t VALUES (?)", (n,))
        batch.done(str(n), size)
        if n == 1:
            batch.done("skipped a", 0)  # a file not stored waits its turn
        if n == 3:  # 1 to 3 are one byte short of a batch: not committed yet
            assert said == [] and conn.in_transaction
        if n == 5:
            assert said[-1] == "5" and not conn.in_transaction
    # 4 would take 1 to 3 past a batch: they are committed before it; 4 and 5 fill one,
    # committed as 5 ends
    assert said == ["1", "skipped a", "2", "3", "4", "5"] and conn.in_transaction
    batch.commit()  # the end: 6
    assert said[-1] == "6" and not conn.in_transaction
    batch.done("skipped b", 0)  # no transaction waiting: said at once
    assert said[-1] == "skipped b"
    seen.close()


def test_a_batch_abandoned_keeps_and_says_nothing_of_what_it_had_not_committed(conn):
    said: list[int] = []
    batch = Batch(conn, said.append)
    batch.lock(10)
    with atomic(conn):
        conn.execute("INSERT INTO t VALUES (1)")
    batch.done(1, 10)
    batch.abandon()
    assert said == [] and rows(conn) == [] and not conn.in_transaction
