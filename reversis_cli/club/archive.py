"""``archive`` as a library: records settled by the session service, stored
in a SQLite database (docs/output.md, "reversis archive: the club's SQLite database").

The archive is one more writer of settled deals: each record is read and
settled by :class:`~reversis_cli.session.service.Session`, as ``score`` reads it,
and each deal's settlement is written as rows (:mod:`.rows`).  Nothing here
computes money.

Loading is incremental and safe to stop: a file whose content hash is the
one stored is skipped, a changed one replaced, and each file is loaded in
one transaction, so that a file with errors, an interruption or a crash
leaves the database as it was before that file.  Every value goes in as a
SQL parameter: names, titles and notes are stored as written.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..session.batch import expand_inputs
from ..convert import convert
from ..diagnostics import Diagnostic, diagnostic
from ..files import os_reason
from ..i18n import Msg
from ..reader import display_name, record_from_text
from ..session.service import Session
from .rows import SessionRows, session_row
from .database import LOCK_WAIT, MEMORY, content_hash, guarded, open_to_read
from .schema import ArchiveError, archive_problem, prepare
from .summary import summarise

__all__ = ["LOADED", "UNCHANGED", "REPLACED", "REMOVED", "NOT_LOADED", "FileResult",
           "ArchiveError", "archive_inputs", "build_in_memory", "connect", "load_files",
           "prune_vanished", "record_inputs", "is_json_record", "notation_of", "MEMORY",
           "open_to_read"]

LOADED, UNCHANGED, REPLACED, REMOVED, NOT_LOADED = (
    "loaded", "unchanged", "replaced", "removed", "not loaded")
JSON_SUFFIX = ".json"
_JSON_FORMAT = b'"reversis-record/'
DEALS_PER_BATCH = 256  # rows written with one executemany per table


@dataclass
class FileResult:
    """What became of one file: its state (:data:`LOADED`...), the deals
    stored, and the diagnostics found reading it."""

    name: str
    state: str
    deals: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.diagnostics)


# --- which files ----------------------------------------------------------------------


def is_json_record(path: Path) -> bool:
    """A ``.json`` file that says it is a record (``reversis-record/1``) near its
    start: a folder may hold other JSON (``score --json`` output), not read."""
    if path.suffix.lower() != JSON_SUFFIX:
        return False
    try:
        with open(path, "rb") as stream:
            return _JSON_FORMAT in stream.read(4096)
    except OSError:
        return False


def record_inputs(inputs: Iterable[str]) -> list[Path]:
    """The files ``inputs`` name, by ``check``'s rules, a folder's JSON records
    too (raises :class:`~reversis_cli.session.batch.InputError`)."""
    return expand_inputs(inputs, also=is_json_record)


# --- the database -----------------------------------------------------------------------


def connect(output: str | Path = MEMORY) -> sqlite3.Connection:
    """The archive at ``output`` (``:memory:`` for one in memory), created if
    missing, migrated if older; :class:`ArchiveError` when it cannot be used."""
    name = str(output)
    if name != MEMORY:
        _refuse_not_a_file(name)
    with guarded(name):
        conn = sqlite3.connect(name, timeout=LOCK_WAIT, isolation_level=None)
    try:
        with guarded(name):
            conn.execute("PRAGMA foreign_keys = ON")
            prepare(conn, name)
    except BaseException:
        conn.close()
        raise
    return conn


def _refuse_not_a_file(name: str) -> None:
    """A folder, or a file marked read-only (no write bit: refused whoever runs,
    as an administrator's run, whom the system lets write, would write it)."""
    if os.path.isdir(name):
        raise archive_problem("RV601", Msg("cannot use {name} as an archive: it is a folder",
                                           name=name), name)
    try:
        mode = os.stat(name).st_mode
    except OSError:  # missing: created; unreadable: SQLite says why
        return
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise archive_problem("RV605", Msg(
            "cannot write to {name}: the file or its folder is read-only", name=name), name)


# --- loading ----------------------------------------------------------------------------


def stored_path(path: Path, base: Path | None) -> str:
    """How a file is named in the archive: relative to the database's folder
    (so that the archive and its records can move together), as given for an
    archive in memory; ``/`` between folders on every system."""
    if base is None:
        return Path(display_name(path)).as_posix()
    try:
        return Path(os.path.relpath(os.path.abspath(path), base)).as_posix()
    except ValueError:  # another drive (Windows): no relative path
        return Path(os.path.abspath(path)).as_posix()


def load_files(conn: sqlite3.Connection, files: Iterable[Path], base: Path | None,
               name: str = MEMORY, each: Callable[[FileResult], None] | None = None
               ) -> list[FileResult]:
    """Load ``files`` into the archive ``conn`` (named ``name`` in messages),
    each in its own transaction; ``each(result)`` after each file."""
    results = []
    for path in files:
        with guarded(name):
            result = load_file(conn, path, stored_path(path, base))
        results.append(result)
        if each is not None:
            each(result)
    return results


def load_file(conn: sqlite3.Connection, path: Path, key: str) -> FileResult:
    """One file into the archive under ``key``: skipped when its content is the
    one stored, else read, settled and stored in one transaction (nothing of it
    when it has an error)."""
    name = display_name(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        return FileResult(name, NOT_LOADED, diagnostics=[diagnostic(
            "RV001", Msg("cannot read {name}: {reason}", name=name, reason=os_reason(exc)),
            file=name)])
    digest = content_hash(data)
    known = conn.execute("SELECT id, sha256 FROM sessions WHERE path = ?", (key,)).fetchone()
    if known is not None and known[1] == digest:
        return FileResult(name, UNCHANGED)
    text, problems = notation_of(path, data, name)
    if text is None:
        return FileResult(name, NOT_LOADED, diagnostics=problems)
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = _store(conn, record_from_text(text, name), key, digest,
                        known[0] if known else None)
        result.diagnostics[:0] = problems
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    if result.errors:
        conn.execute("ROLLBACK")
        result.state, result.deals = NOT_LOADED, 0
    else:
        conn.execute("COMMIT")
        result.state = LOADED if known is None else REPLACED
    return result


def notation_of(path: Path, data: bytes, name: str) -> tuple[bytes | None, list[Diagnostic]]:
    """The record's text in the notation: as it is, or converted from a JSON
    record (None, with the problems, when it cannot be)."""
    if path.suffix.lower() != JSON_SUFFIX:
        return data, []
    converted = convert(data, name, "json", "rvs")
    if not converted.ok or converted.text is None:
        return None, converted.diagnostics
    return converted.text.encode("utf-8"), converted.diagnostics


def _store(conn: sqlite3.Connection, record, key: str, digest: str,
           session_id: int | None) -> FileResult:
    """Settle the record and write it; the caller commits or rolls back."""
    result = FileResult(record.name, LOADED)
    with Session.of(record) as session:
        result.diagnostics.extend(session.diagnostics)
        if not session.settleable or session.errors:
            return result
        if session_id is not None:  # replaced: its rows go, its id stays
            conn.execute("DELETE FROM sessions WHERE id = ?", (session_id,))
        session_id = conn.execute(
            "INSERT INTO sessions (id, path, sha256, title, date, day, place, rules, options, "
            "pool_start, pool_end, deals) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
            (session_id, key, digest, *session_row(session))).lastrowid
        assert session_id is not None
        rows = SessionRows(session_id, session.players)
        rows.header_notes(record.header)
        conn.executemany("INSERT INTO players (session_id, seat, name) VALUES (?, ?, ?)",
                         [(session_id, seat, player) for seat, player in
                          enumerate(session.players)])
        for scored in session.deals():
            result.diagnostics.extend(scored.checked.diagnostics)
            if scored.settlement is None or session.errors:
                continue  # an error: nothing of this file is kept, the rest is read for it
            rows.add(scored)
            result.deals += 1
            if rows.deals >= DEALS_PER_BATCH:
                rows.write(conn)
        rows.write(conn)
        conn.execute("UPDATE sessions SET deals = ?, pool_end = ? WHERE id = ?",
                     (result.deals, rows.pool_end(session), session_id))
        if not result.errors:  # else rolled back: nothing to sum
            summarise(conn, session_id)
    return result


def prune_vanished(conn: sqlite3.Connection, base: Path | None, name: str = MEMORY
                   ) -> list[FileResult]:
    """Remove the sessions whose file is gone, in one transaction."""
    with guarded(name):
        gone = [(session_id, path) for session_id, path in
                conn.execute("SELECT id, path FROM sessions ORDER BY path")
                if not (Path(path) if base is None else base / path).exists()]
        if not gone:
            return []
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.executemany("DELETE FROM sessions WHERE id = ?", [(i,) for i, _ in gone])
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    return [FileResult(path, REMOVED) for _, path in gone]


def archive_inputs(inputs: Iterable[str], output: str | Path, *, prune: bool = False,
                   each: Callable[[FileResult], None] | None = None) -> list[FileResult]:
    """``reversis archive``: the records ``inputs`` name loaded into the
    archive at ``output`` (created if missing), then, with ``prune``, the
    sessions whose file is gone removed.  Raises
    :class:`~reversis_cli.session.batch.InputError` for inputs that name no record and
    :class:`ArchiveError` for a database that cannot be used."""
    files = record_inputs(inputs)
    name = str(output)
    base = None if name == MEMORY else Path(os.path.abspath(name)).parent
    conn = connect(name)
    try:
        results = load_files(conn, files, base, name, each)
        if prune:
            removed = prune_vanished(conn, base, name)
            for result in removed:
                if each is not None:
                    each(result)
            results += removed
        return results
    finally:
        conn.close()


def build_in_memory(inputs: Iterable[str],
                    each: Callable[[FileResult], None] | None = None
                    ) -> tuple[sqlite3.Connection, list[FileResult]]:
    """The archive of the records ``inputs`` name, in memory: what ``stats``
    and ``league`` query when given records instead of a database (the same
    loading as :func:`archive_inputs`)."""
    files = record_inputs(inputs)
    conn = connect(MEMORY)
    return conn, load_files(conn, files, None, MEMORY, each)
