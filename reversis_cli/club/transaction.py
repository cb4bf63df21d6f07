"""The archive's one way to write: :func:`atomic`, a ``BEGIN IMMEDIATE`` block that
commits when it ends and rolls back when it raises, or when it asks to
(:meth:`Transaction.rollback`: a run that finds, inside the lock, that there is
nothing to keep).  ``BEGIN IMMEDIATE`` takes the database's write lock at once,
so two runs never both read and then both write (docs/decisions.md, issue 30).

A writer's run is journaled ahead (:func:`write_ahead`: SQLite's WAL, each
commit appended to ``NAME-wal`` and synced at checkpoints only), and ends with
the archive back in SQLite's ordinary journal (:func:`release`), so that an
archive at rest is one file, which a reader opens read-only in any folder
(docs/decisions.md, issue 35)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["Transaction", "atomic", "write_ahead", "release"]


class Transaction:
    """What the block of :func:`atomic` decided: commit (the default) or not."""

    __slots__ = ("keep",)

    def __init__(self) -> None:
        self.keep = True

    def rollback(self) -> None:
        """End the block without keeping anything it wrote."""
        self.keep = False


@contextmanager
def atomic(conn: sqlite3.Connection) -> Iterator[Transaction]:
    """One write transaction on ``conn`` (opened with ``isolation_level=None``)."""
    conn.execute("BEGIN IMMEDIATE")
    transaction = Transaction()
    try:
        yield transaction
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT" if transaction.keep else "ROLLBACK")


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
