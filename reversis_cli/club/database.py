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

from ..diagnostics import Diagnostic, diagnostic
from ..i18n import N_, Count, Msg
from ..i18n.message import Language
from .identity import CHILD_TABLES, orphan_sessions, present
from .schema import ArchiveError, archive_problem, check_readable

__all__ = ["MEMORY", "LOCK_WAIT", "open_to_read", "guarded", "content_hash", "shown_path",
           "stale_sessions", "stale_notices"]

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
    when it cannot be read as an archive of this version.

    An archive of version 1 is read through views that give its sessions the
    columns of version 2, and the rows of sessions deleted without them (in the
    sqlite3 shell, foreign keys off) are hidden by views of each table that
    keep only the sessions there: temporary views, in this connection only,
    named as the tables (SQLite looks a name up in ``temp`` first)."""
    name = str(path)
    if os.path.isdir(name):
        raise archive_problem("RV601", Msg("cannot be used as an archive: it is a folder"), name)
    uri = Path(os.path.abspath(name)).as_uri() + "?mode=ro"
    with guarded(name, reading=True):
        conn = sqlite3.connect(uri, uri=True, timeout=LOCK_WAIT, isolation_level=None)
    try:
        with guarded(name, reading=True):
            version = check_readable(conn, name)
            _reading_views(conn, version)
    except BaseException:
        conn.close()
        raise
    return conn


# The sessions of version 1 as version 2 has them: no identity known, not
# dated, not stale.
_SESSIONS_OF_VERSION_1 = ("CREATE TEMP VIEW sessions AS SELECT *, '' AS identity, "
                          "NULL AS archived, NULL AS stale FROM main.sessions")


def _reading_views(conn: sqlite3.Connection, version: int) -> None:
    if version == 1:
        conn.execute(_SESSIONS_OF_VERSION_1)
    # the tables every session has rows in: a session deleted alone shows there
    if not orphan_sessions(conn, ("players", "summary_players")):
        return
    # from version 5, the view tricks too: it reads main's deal_tricks, not this view
    for table in (*present(conn, CHILD_TABLES), *(("tricks",) if version >= 5 else ())):
        conn.execute(f"CREATE TEMP VIEW {table} AS SELECT * FROM main.{table} "
                     f"WHERE session_id IN (SELECT id FROM sessions)")


@contextmanager
def guarded(name: str, reading: bool = False) -> Iterator[None]:
    """SQLite's errors as :class:`ArchiveError`, each with a message a player
    understands and its code; ``reading``: of a reader's opening, which tells
    an archive left journaled ahead in a folder it cannot write (RV617)."""
    try:
        yield
    except sqlite3.Error as exc:
        if reading and _left_ahead(exc, name):
            raise archive_problem("RV617", Msg(
                "the archive cannot be read in this folder: a run of archive that was "
                "stopped, or ran beside another program, left it in SQLite's write-ahead mode, "
                "and SQLite cannot make the file it then needs beside it, the folder being "
                "read-only; archive its records once more where its folder can be written, or "
                "copy it to a folder you can write to"), name) from None
        raise _problem_of(exc, name) from None


# The first bytes of a SQLite database; bytes 18 and 19 of its header are 2 and 2
# in write-ahead (WAL) mode (https://www.sqlite.org/fileformat2.html).
_SQLITE_HEADER = b"SQLite format 3\x00"


def _writable(folder: str) -> bool:
    return os.access(folder, os.W_OK)


def _left_ahead(exc: sqlite3.Error, name: str) -> bool:
    """Whether SQLite could not open, read-only, an archive in WAL mode in a
    folder that cannot be written (it would make the log's index, or the log,
    beside it first)."""
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    folder = os.path.dirname(os.path.abspath(name))
    if code not in (SQLITE_CANTOPEN, SQLITE_READONLY) or _writable(folder):
        return False
    try:
        with open(name, "rb") as stream:
            header = stream.read(20)
    except OSError:
        return False
    return header[:16] == _SQLITE_HEADER and header[18:20] == b"\x02\x02"


# SQLite's primary result codes (sqlite3.Error.sqlite_errorcode & 0xff), as
# https://www.sqlite.org/rescode.html numbers them: errors are told apart by
# these, never by their English text.
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY = 5, 6, 8
SQLITE_CORRUPT, SQLITE_CANTOPEN, SQLITE_NOTADB = 11, 14, 26


SQLITE_IOERR, SQLITE_FULL, SQLITE_CONSTRAINT = 10, 13, 19
# What a reader of another language is told instead of SQLite's English.
_REASONS = {SQLITE_IOERR: N_("an input/output error"), SQLITE_FULL: N_("the disk is full"),
            SQLITE_CANTOPEN: N_("SQLite cannot open the file"),
            SQLITE_CONSTRAINT: N_("a constraint of the archive failed")}


class SqliteReason:
    """SQLite's reason for an error, in a message: its own English words in
    English; in another language a label of its result code, never SQLite's
    English inside a sentence of that language (review russian-4, E2)."""

    def __init__(self, code: int, text: str) -> None:
        self.code, self.text = code, text

    def written(self, language: Language) -> str:
        if language.language == "en":
            return self.text
        label = _REASONS.get(self.code)
        if label is None:
            return Msg(N_("SQLite error code {code}"), code=str(self.code)).written(language)
        return language.gettext(label)


def _problem_of(exc: sqlite3.Error, name: str) -> ArchiveError:
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    if code in (SQLITE_BUSY, SQLITE_LOCKED):
        return archive_problem("RV604", Msg(
            "the archive is locked: another program is writing to it; try again when it is "
            "done"), name)
    if code == SQLITE_READONLY:
        return archive_problem("RV605", Msg(
            "the archive cannot be written: the file or its folder is read-only"), name)
    if code == SQLITE_CANTOPEN:
        return archive_problem("RV601", Msg("the file cannot be opened as an archive ({reason})",
                                            reason=SqliteReason(code, str(exc))), name)
    if code in (SQLITE_NOTADB, SQLITE_CORRUPT):
        return archive_problem("RV601", Msg(
            "the file cannot be read as a SQLite database: it is a file of another kind, or a "
            "damaged one"), name)
    # a constraint, a full disk, an I/O error: the database is whole, the run failed
    return archive_problem("RV612", Msg(
        "SQLite could not complete the change ({reason}); nothing of the file it was storing "
        "is kept", reason=SqliteReason(code, str(exc))), name)


def shown_path(stored: str, base: Path | None) -> str:
    """A stored path (relative to the database's folder) as the user names it:
    relative to the working folder when it is under it (or beside it, one
    folder up), else whole."""
    if base is None and not os.path.isabs(stored):
        return stored
    full = os.path.abspath(os.path.join(base or "", stored))
    try:
        relative = os.path.relpath(full)
    except ValueError:  # another drive (Windows)
        return Path(full).as_posix()
    far = relative.startswith(os.path.join(os.pardir, os.pardir, ""))
    return Path(full if far else relative).as_posix()


def stale_sessions(conn: sqlite3.Connection, chosen: str = "SELECT id FROM sessions",
                   params: tuple | list = ()) -> list[tuple[int, str, int, str | None]]:
    """(id, path, deals, archived) of each session of ``chosen`` whose record
    has had errors since it was archived (``archive`` marks them)."""
    return conn.execute(f"SELECT id, path, deals, archived FROM sessions WHERE stale IS NOT "
                        f"NULL AND id IN ({chosen}) ORDER BY path", params).fetchall()


def stale_notices(stale: list[tuple[int, str, int, str | None]], base: Path | None,
                  skipped: bool) -> list[Diagnostic]:
    """RV614 for each stale session: its figures are its last good version's,
    or (``skipped``: --skip-stale) it is left out."""
    out = []
    for _, stored, deals, archived in stale:
        path = shown_path(stored, base)
        if skipped:
            message = Msg("{path} has had errors since it was archived: its session is left "
                          "out (--skip-stale)", path=path)
        else:
            message = Msg("{path} has had errors since it was archived: its figures here are "
                          "those of its last good version ({deals}, archived {date}); "
                          "--skip-stale leaves it out", path=path,
                          deals=Count(deals, "{n} deal", "{n} deals"), date=archived or "-")
        out.append(diagnostic("RV614", message, file=path))
    return out
