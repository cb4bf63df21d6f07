"""The archive's one way to write: :func:`atomic`, a ``BEGIN IMMEDIATE`` block that
commits when it ends and rolls back when it raises, or when it asks to
(:meth:`Transaction.rollback`: a run that finds, inside the lock, that there is
nothing to keep).  ``BEGIN IMMEDIATE`` takes the database's write lock at once,
so two runs never both read and then both write (docs/decisions.md, issue 30)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["Transaction", "atomic"]


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
