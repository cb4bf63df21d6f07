"""The archive's one way to write: :func:`atomic`, a ``BEGIN IMMEDIATE`` block that
commits when it ends and rolls back when it raises, or when it asks to
(:meth:`Transaction.rollback`: a run that finds, inside the lock, that there is
nothing to keep).  ``BEGIN IMMEDIATE`` takes the database's write lock at once,
so two runs never both read and then both write (docs/decisions.md, issue 30).
Inside a transaction already open (a :class:`Batch` of files) the block is a
savepoint: it keeps or undoes its own writes alone, and the batch commits them.

A writer's run is journaled ahead (:func:`write_ahead`: SQLite's WAL, each
commit appended to ``NAME-wal`` and synced at checkpoints only), and ends with
the archive back in SQLite's ordinary journal (:func:`release`), so that an
archive at rest is one file, which a reader opens read-only in any folder
(docs/decisions.md, issue 35)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

R = TypeVar("R")

__all__ = ["Transaction", "atomic", "Batch", "BATCH_BYTES", "write_ahead", "release"]

_SAVEPOINT = "atomic"


class Transaction:
    """What the block of :func:`atomic` decided: commit (the default) or not."""

    __slots__ = ("keep", "conn", "nested")

    def __init__(self, conn: sqlite3.Connection, nested: bool) -> None:
        self.keep, self.conn, self.nested = True, conn, nested

    def rollback(self) -> None:
        """End the block without keeping anything it wrote."""
        self.keep = False

    def undo(self) -> None:
        """Undo what the block wrote so far, and go on in it (what it writes
        next is kept unless it asks otherwise)."""
        if self.nested:
            self.conn.execute(f"ROLLBACK TO {_SAVEPOINT}")
        else:
            self.conn.execute("ROLLBACK")
            self.conn.execute("BEGIN IMMEDIATE")


@contextmanager
def atomic(conn: sqlite3.Connection) -> Iterator[Transaction]:
    """One write transaction on ``conn`` (opened with ``isolation_level=None``);
    a savepoint of the transaction already open, if one is."""
    nested = conn.in_transaction
    conn.execute(f"SAVEPOINT {_SAVEPOINT}" if nested else "BEGIN IMMEDIATE")
    transaction = Transaction(conn, nested)
    try:
        yield transaction
    except BaseException:
        if not nested:
            conn.execute("ROLLBACK")
        elif conn.in_transaction:  # else SQLite rolled the whole batch back (a full disk)
            conn.execute(f"ROLLBACK TO {_SAVEPOINT}")
            conn.execute(f"RELEASE {_SAVEPOINT}")
        raise
    if not nested:
        conn.execute("COMMIT" if transaction.keep else "ROLLBACK")
        return
    if not transaction.keep:
        conn.execute(f"ROLLBACK TO {_SAVEPOINT}")
    conn.execute(f"RELEASE {_SAVEPOINT}")


# Records' bytes stored in one commit (a 100-deal evening is about 42 KB): each commit
# writes to the log every page it changed, and the same index and table pages change
# for every file (issue 35: 53,206 writes for 200 files one a commit, ~23,000 six a
# commit); the write lock is held for ~0.1 s, and a run killed loses at most that work.
BATCH_BYTES = 256 * 1024


class Batch(Generic[R]):
    """Files stored in one transaction, each in a savepoint of it (:func:`atomic`),
    committed once they hold :data:`BATCH_BYTES` of records, before a file that
    would take them past it, and at the end; each file's result is given to
    ``each`` only once it is committed, so that a file said to be stored is
    stored, whatever stops the run after."""

    def __init__(self, conn: sqlite3.Connection, each: Callable[[R], None] | None) -> None:
        self.conn, self.each = conn, each
        self.size = 0
        self.waiting: list[R] = []

    def lock(self, size: int) -> None:
        """Take the write lock for a file of ``size`` bytes, the files before
        committed first if it would take them past :data:`BATCH_BYTES`."""
        if self.size and self.size + size > BATCH_BYTES:
            self.commit()
        if not self.conn.in_transaction:
            self.conn.execute("BEGIN IMMEDIATE")

    def done(self, result: R, size: int) -> None:
        """A file's result (``size``: its bytes, 0 when it was not stored)."""
        self.waiting.append(result)
        self.size += size
        if self.size >= BATCH_BYTES or not self.conn.in_transaction:
            self.commit()

    def commit(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("COMMIT")
        self.size, waiting, self.waiting = 0, self.waiting, []
        if self.each is not None:
            for result in waiting:
                self.each(result)

    def abandon(self) -> None:
        """Roll back what is not committed (the run stops: nothing of it was said)."""
        self.waiting.clear()
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")


def write_ahead(conn: sqlite3.Connection) -> None:
    """Journal this connection's writes ahead (``journal_mode = WAL``), synced
    at checkpoints (``synchronous = NORMAL``): each commit stays atomic and, once
    made, survives the process being killed; a power cut may lose the last
    commits, never the database (the files they were of are archived again by
    the next run).  Where SQLite cannot keep the log beside the database, the
    ordinary journal goes on as before."""
    try:
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()
    except sqlite3.Error:  # held by another program: its BEGIN IMMEDIATE will say so
        return
    if mode is not None and str(mode[0]).lower() == "wal":
        # NORMAL only with the log: in the ordinary journal FULL keeps a power cut harmless
        conn.execute("PRAGMA synchronous = NORMAL")


def release(conn: sqlite3.Connection) -> None:
    """Close a writer's connection, the archive back in the ordinary journal
    (the log checkpointed into the database and removed).  When another
    connection has the archive open (another run, a reader), SQLite refuses
    at once and the archive stays journaled ahead: its log is whole, and the
    last run to end puts it back."""
    try:
        conn.execute("PRAGMA busy_timeout = 0")
        conn.execute("PRAGMA journal_mode = DELETE")
    except sqlite3.Error:
        pass  # busy, or the log cannot be removed: nothing is lost, the log is read
    finally:
        conn.close()
