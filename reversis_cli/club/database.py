"""Opening an archive to read it, and SQLite's errors as diagnostics.

Apart from :mod:`.archive` (which settles records and writes them) so that a
reader of an existing database (``stats DB``) loads no more than it needs:
not the parser, the settlement or the session service.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..i18n import Msg
from .schema import ArchiveError, archive_problem, check_readable

__all__ = ["MEMORY", "LOCK_WAIT", "open_to_read", "guarded", "content_hash"]

MEMORY = ":memory:"
# How long to wait for another process's write to end before saying the
# database is locked (seconds): a reader's short lock passes, a writer's
# evening-long transaction does not.
LOCK_WAIT = 2.0


def content_hash(data: bytes) -> str:
    """What ``sessions.sha256`` holds for a record's bytes: how the archive
    tells an unchanged file (skipped) from a changed one, and how a reader of
    the archive tells that a record is still the one archived."""
    return hashlib.sha256(data).hexdigest()


def open_to_read(path: str | Path) -> sqlite3.Connection:
    """An existing archive opened read-only, as it is (never created, migrated
    or written): what ``stats`` reads.  :class:`ArchiveError` (RV601 to RV604)
    when it cannot be read as an archive of this version."""
    name = str(path)
    if os.path.isdir(name):
        raise archive_problem("RV601", Msg("cannot use {name} as an archive: it is a folder",
                                           name=name), name)
    uri = Path(os.path.abspath(name)).as_uri() + "?mode=ro"
    with guarded(name):
        conn = sqlite3.connect(uri, uri=True, timeout=LOCK_WAIT, isolation_level=None)
    try:
        with guarded(name):
            check_readable(conn, name)
    except BaseException:
        conn.close()
        raise
    return conn


@contextmanager
def guarded(name: str) -> Iterator[None]:
    """SQLite's errors as :class:`ArchiveError`, each with a message a player
    understands and its code."""
    try:
        yield
    except sqlite3.Error as exc:
        raise _problem_of(exc, name) from None


def _problem_of(exc: sqlite3.Error, name: str) -> ArchiveError:
    text = str(exc).lower()
    if "locked" in text or "busy" in text:
        return archive_problem("RV604", Msg(
            "{name} is locked: another program is writing to it; try again when it is done",
            name=name), name)
    if "readonly" in text or "read-only" in text:
        return archive_problem("RV605", Msg(
            "cannot write to {name}: the file or its folder is read-only", name=name), name)
    if "unable to open" in text:
        return archive_problem("RV601", Msg("cannot open {name} as an archive: {reason}",
                                            name=name, reason=str(exc)), name)
    return archive_problem("RV601", Msg(
        "{name} cannot be read as a SQLite database (a file of another kind, or a damaged "
        "one): {reason}", name=name, reason=str(exc)), name)
