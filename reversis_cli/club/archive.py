"""``archive`` as a library: records settled by the session service, stored
in a SQLite database (docs/output.md, "reversis archive: the club's SQLite database").

The archive is one more writer of settled deals: each record is read and
settled by :class:`~reversis_cli.session.service.Session`, as ``score`` reads it,
and each deal's settlement is written as rows (:mod:`.rows`).  Nothing here
computes money.

Loading is incremental and safe to stop: a file whose content hash is the
one stored is skipped, a changed one replaced, and each file is loaded whole
or not at all (a savepoint of a transaction that commits several files,
:class:`.transaction.Batch`), so that a file with errors leaves the database
as it was before that file, and an interruption or a crash as it was before
the files not yet said to be stored.  Every value goes in as a SQL parameter:
names, titles and notes are stored as written.

A session is one evening whatever its path (:mod:`.identity`): a file whose
evening is stored under another path is a duplicate (skipped) while that
path's file is there, and a move (the session takes the new path) when it
is gone.  Every lookup is made under the write lock, so that another run
storing the same files at the same time is seen, never collided with.
"""

from __future__ import annotations

import datetime
import os
import sqlite3
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from ..session.inputs import expand_inputs
from ..diagnostics import Diagnostic, diagnostic
from ..files import os_reason
from ..i18n import Count, Msg
from ..reader import display_name, record_from_text
from ..session.service import Session
from .rows import SessionRows, session_row
from .collector import collector_paused
from .database import LOCK_WAIT, MEMORY, content_hash, guarded, open_to_read
from .schema import ArchiveError, archive_problem, prepare
from .transaction import Batch, Transaction, atomic, release, write_ahead
from .identity import delete_session, remove_orphans, session_identity

__all__ = ["LOADED", "UNCHANGED", "REPLACED", "REMOVED", "NOT_LOADED", "DUPLICATE", "MOVED",
           "WITHDRAWN", "FileState", "FileResult", "ArchiveError", "ArchiveRun", "archive_inputs",
           "archive_files",
           "build_in_memory", "connect", "close", "load_files", "prune_vanished", "gone_sessions",
           "remove_session", "mend", "stale_kept", "record_inputs", "is_json_record",
           "notation_of", "MEMORY", "open_to_read"]

class FileState(StrEnum):
    """What became of a file (``FileResult.state``); each equals the word the JSON and
    the lines of ``archive`` use."""

    LOADED = "loaded"
    UNCHANGED = "unchanged"
    REPLACED = "replaced"
    REMOVED = "removed"
    NOT_LOADED = "not loaded"
    DUPLICATE = "duplicate"
    MOVED = "moved"
    WITHDRAWN = "withdrawn"  # removed by --remove


LOADED, UNCHANGED, REPLACED, REMOVED, NOT_LOADED, DUPLICATE, MOVED, WITHDRAWN = FileState
JSON_SUFFIX = ".json"
_JSON_FORMAT = b'"reversis-record/'
DEALS_PER_BATCH = 256  # rows written with one executemany per table
ANALYSIS_TABLES = ("analyses", "analysis_deals", "analysis_players")


@dataclass
class FileResult:
    """What became of one file: its state (:data:`LOADED`...), the deals
    stored, and the diagnostics found reading it."""

    name: str
    state: FileState
    deals: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    session_id: int | None = None  # the session stored (loaded, replaced, moved)
    stale_marked: bool = False  # the stored session's stale mark was set or cleared
    # the stored path of the session a duplicate repeats, or a move came from
    other: str = ""
    # the stored session's identity, when made as it was stored ("": read it back)
    identity: str = field(default="", repr=False, compare=False)

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
    too (raises :class:`~reversis_cli.session.inputs.InputError`)."""
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
            # foreign keys off while a migration rebuilds the sessions table (dropping
            # it with them on would delete every row of every session)
            conn.execute("PRAGMA foreign_keys = OFF")
            prepare(conn, name)
            conn.execute("PRAGMA foreign_keys = ON")
            if name != MEMORY:  # an archive of ours: its journal is the archive's to choose
                write_ahead(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def close(conn: sqlite3.Connection, name: str = MEMORY) -> None:
    """Close the archive ``conn`` that :func:`connect` opened: one in a file
    left in SQLite's ordinary journal (:func:`.transaction.release`)."""
    if name == MEMORY:
        conn.close()
    else:
        release(conn)


def _refuse_not_a_file(name: str) -> None:
    """A folder, or a file marked read-only (no write bit: refused whoever runs,
    as an administrator's run, whom the system lets write, would write it)."""
    if os.path.isdir(name):
        raise archive_problem("RV601", Msg("cannot be used as an archive: it is a folder"), name)
    try:
        mode = os.stat(name).st_mode
    except OSError:  # missing: created; unreadable: SQLite says why
        return
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise archive_problem("RV605", Msg(
            "the archive cannot be written: the file or its folder is read-only"), name)


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
    each whole or not at all, several in one commit (:class:`.transaction.Batch`);
    ``each(result)`` after each file, once it is committed."""
    results: list[FileResult] = []

    def committed(result: FileResult) -> None:
        results.append(result)
        if each is not None:
            each(result)

    batch = Batch(conn, committed)
    # the foreign keys are off while the files are loaded: each file's rows name the
    # session just stored, and a session deleted in a load takes its rows with it by
    # delete_session; with them on, SQLite journals every INSERT to undo it alone.
    # Temporary files in memory while loading: a file's savepoint keeps there the pages
    # it changes that were in the database before it (a few hundred KB), which SQLite
    # would otherwise write to a file on disk past 64 KiB.  Set back after, so that the
    # readers' sorts of a season in memory spill to disk as before.
    with guarded(name):
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute("PRAGMA temp_store = MEMORY")
    # Python's cyclic collector paused while the files are loaded, the objects a file
    # made collected after it (club/collector.py: ~12 K instructions a deal)
    try:
        with collector_paused() as collect:
            for path in files:
                with guarded(name):
                    result, size = load_file(conn, path, stored_path(path, base), base, batch)
                    batch.done(result, size)
                collect()
        with guarded(name):
            batch.commit()
    except BaseException:
        with guarded(name):
            batch.abandon()
        raise
    finally:
        with guarded(name):
            conn.execute("PRAGMA temp_store = DEFAULT")
            conn.execute("PRAGMA foreign_keys = ON")
    return results


def load_file(conn: sqlite3.Connection, path: Path, key: str, base: Path | None = None,
              batch: Batch[FileResult] | None = None) -> tuple[FileResult, int]:
    """One file into the archive under ``key``: skipped when its content is the
    one stored (or another path's evening), else read, settled and stored in
    one transaction, or one savepoint of ``batch``'s (nothing of it when it has
    an error).  With the result, the bytes stored (0: nothing written)."""
    name = display_name(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        return FileResult(name, NOT_LOADED, diagnostics=[diagnostic(
            "RV001", Msg("cannot read {name}: {reason}", name=name, reason=os_reason(exc)),
            file=name)]), 0
    digest = content_hash(data)
    known = _stored_at(conn, key)
    if known is not None and known[1] == digest and known[2] is None:
        return FileResult(name, UNCHANGED), 0  # read without the lock: stored, and whole
    text, problems = notation_of(path, data, name)
    if batch is not None:
        batch.lock(len(data))
    with atomic(conn) as transaction:
        result = _load_locked(conn, transaction, name, text, problems, key, digest, base)
        if result.state in (NOT_LOADED, DUPLICATE, UNCHANGED) and not result.stale_marked:
            transaction.rollback()  # nothing of this run to keep
            return result, 0
    return result, len(data)


def _stored_at(conn: sqlite3.Connection, key: str) -> tuple | None:
    """(id, sha256, stale, deals, archived) of the session stored under ``key``."""
    return conn.execute("SELECT id, sha256, stale, deals, archived FROM sessions "
                        "WHERE path = ?", (key,)).fetchone()


def _load_locked(conn: sqlite3.Connection, transaction: Transaction, name: str,
                 text: bytes | None,
                 problems: list[Diagnostic], key: str, digest: str,
                 base: Path | None) -> FileResult:
    """:func:`load_file` under the write lock: what is stored is looked up
    again (another run may have stored it meanwhile)."""
    known = _stored_at(conn, key)
    if known is not None and known[1] == digest:
        result = FileResult(name, UNCHANGED)
        if known[2] is not None:  # the record reads again as it was archived
            conn.execute("UPDATE sessions SET stale = NULL WHERE id = ?", (known[0],))
            result.stale_marked = True
        return result
    if known is None:
        twin = conn.execute("SELECT id, path FROM sessions WHERE sha256 = ? AND path <> ?",
                            (digest, key)).fetchone()
        if twin is not None:  # the same bytes under another path: nothing to settle
            return _moved_or_duplicate(conn, name, key, twin, base, None)
    if text is None:
        return _not_loaded(conn, transaction, FileResult(name, NOT_LOADED, diagnostics=problems),
                           known)
    result = _store(conn, record_from_text(text, name), key, digest,
                    known[0] if known else None)
    result.diagnostics[:0] = problems
    if result.errors:
        result.deals = 0
        return _not_loaded(conn, transaction, result, known)
    assert result.session_id is not None
    identity = result.identity or session_identity(conn, result.session_id)
    conn.execute("UPDATE sessions SET identity = ? WHERE id = ?", (identity, result.session_id))
    same = conn.execute("SELECT id, path FROM sessions WHERE identity = ? AND id <> ?",
                        (identity, result.session_id)).fetchone()
    if same is not None:
        return _moved_or_duplicate(conn, name, key, same, base, result)
    result.state = LOADED if known is None else REPLACED
    return result


def _moved_or_duplicate(conn: sqlite3.Connection, name: str, key: str, other: tuple,
                        base: Path | None, stored: FileResult | None) -> FileResult:
    """The file holds the evening stored as ``other`` (id, path): a move when
    that path's file is gone (the session takes ``key``), else a duplicate,
    left out.  ``stored``: the file's own session, just stored (None when it
    was not settled)."""
    other_id, other_path = other
    if _exists(other_path, base):
        return FileResult(name, DUPLICATE, other=other_path, diagnostics=[diagnostic(
            "RV613", Msg("{name} holds the same evening as {other}, counted already: left "
                         "out (one evening is counted once)", name=name, other=other_path),
            file=name)])
    if stored is None:
        conn.execute("UPDATE sessions SET path = ? WHERE id = ?", (key, other_id))
        deals = conn.execute("SELECT deals FROM sessions WHERE id = ?", (other_id,)).fetchone()
        return FileResult(name, MOVED, deals[0], other=other_path)
    # the evening's analysis (stats --analyse) belongs to its identity: it moves with it
    for table in ANALYSIS_TABLES:
        conn.execute(f"UPDATE {table} SET session_id = ? WHERE session_id = ?",
                     (stored.session_id, other_id))
    delete_session(conn, other_id)
    stored.state, stored.other = MOVED, other_path
    return stored


def _exists(stored: str, base: Path | None) -> bool:
    return (Path(stored) if base is None else base / stored).exists()


def _not_loaded(conn: sqlite3.Connection, transaction: Transaction, result: FileResult,
                known: tuple | None) -> FileResult:
    """A file with errors: nothing of it stored.  When an earlier version of it
    is archived, that version is kept, marked stale (the record on disk no
    longer reads), and the run says so."""
    result.state, result.deals = NOT_LOADED, 0
    if known is None:
        return result
    session_id, _, stale, deals, archived = known
    # still inside the load's atomic block: what was stored of this version is undone,
    # and the block goes on to keep the stale mark alone
    transaction.undo()
    if stale is None:
        conn.execute("UPDATE sessions SET stale = ? WHERE id = ?", (_today(), session_id))
        result.stale_marked = True
    result.diagnostics.append(stale_kept(result.name, deals, archived))
    return result


def stale_kept(name: str, deals: int, archived: str | None) -> Diagnostic:
    """RV614: the archived version of a record that now has errors is kept."""
    count = Count(deals, "{n} deal", "{n} deals")
    if archived:
        message = Msg("the archived version of {name} ({deals}, archived {date}) is kept: "
                      "the record has errors now", name=name, deals=count, date=archived)
    else:
        message = Msg("the archived version of {name} ({deals}) is kept: the record has "
                      "errors now", name=name, deals=count)
    return diagnostic("RV614", message, file=name)


def _today() -> str:
    return datetime.date.today().isoformat()


def notation_of(path: Path, data: bytes, name: str) -> tuple[bytes | None, list[Diagnostic]]:
    """The record's text in the notation: as it is, or converted from a JSON
    record (None, with the problems, when it cannot be)."""
    if path.suffix.lower() != JSON_SUFFIX:
        return data, []
    from ..convert import convert  # a JSON record's: start-up time of a run of .rvs files

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
            delete_session(conn, session_id)
        header = session_row(session)
        session_id = conn.execute(
            "INSERT INTO sessions (id, path, sha256, identity, archived, title, date, day, "
            "place, rules, options, pool_start, pool_end, deals) "
            "VALUES (?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
            (session_id, key, digest, _today(), *header)).lastrowid
        assert session_id is not None
        result.session_id = session_id
        rows = SessionRows(session_id, session.players)
        rows.header_notes(record.header)
        # a plain deal settled lean (settle/lean.py, a twin held to the engine), its
        # settlement made from that for the rows: the same settlement, less work
        session.lean = True
        conn.executemany("INSERT INTO players (session_id, seat, name) VALUES (?, ?, ?)",
                         [(session_id, seat, player) for seat, player in
                          enumerate(session.players)])
        for scored in session.deals():
            result.diagnostics.extend(scored.checked.diagnostics)
            if (scored.lean is None and scored.settlement is None) or session.errors:
                continue  # an error: nothing of this file is kept, the rest is read for it
            rows.add(scored)
            result.deals += 1
            if rows.deals >= DEALS_PER_BATCH:
                rows.write(conn)
        rows.write(conn)
        conn.execute("UPDATE sessions SET deals = ?, pool_end = ? WHERE id = ?",
                     (result.deals, rows.pool_end(session), session_id))
        if not result.errors:  # else rolled back: nothing to sum
            rows.summarise(conn)
            result.identity = rows.identity(header) or ""
    return result


def gone_sessions(conn: sqlite3.Connection, base: Path | None) -> list[tuple[int, str]]:
    """(id, stored path) of each session whose record file is gone."""
    return [(session_id, path) for session_id, path in
            conn.execute("SELECT id, path FROM sessions ORDER BY path")
            if not _exists(path, base)]


def _delete_sessions(conn: sqlite3.Connection, ids: list[int], name: str) -> None:
    """Delete sessions (their rows with them: foreign keys are on), in one
    transaction."""
    with guarded(name), atomic(conn):
        conn.executemany("DELETE FROM sessions WHERE id = ?", [(i,) for i in ids])


def prune_vanished(conn: sqlite3.Connection, base: Path | None, name: str = MEMORY
                   ) -> list[FileResult]:
    """Remove the sessions whose file is gone, in one transaction."""
    with guarded(name):
        gone = gone_sessions(conn, base)
    if gone:
        _delete_sessions(conn, [i for i, _ in gone], name)
    return [FileResult(path, REMOVED) for _, path in gone]


def remove_session(conn: sqlite3.Connection, path: str, base: Path | None,
                   name: str = MEMORY) -> FileResult:
    """``archive --remove PATH``: the session stored under ``path`` (a path as
    the user names it, from the working folder; or as stored), whether or not
    its file is still there; :class:`ArchiveError` (RV615) when none is."""
    keys = [stored_path(Path(path), base), Path(path).as_posix()]
    with guarded(name):
        found = next((row for key in keys for row in conn.execute(
            "SELECT id, path FROM sessions WHERE path = ?", (key,))), None)
    if found is None:
        raise archive_problem("RV615", Msg(
            "{name} has no session of {path}: nothing removed", name=name, path=path), name)
    _delete_sessions(conn, [found[0]], name)
    return FileResult(found[1], WITHDRAWN)


def mend(conn: sqlite3.Connection, name: str = MEMORY) -> int:
    """Remove, in one transaction, the rows of sessions deleted without them
    (the sqlite3 shell deletes with foreign keys off); how many sessions' rows."""
    with guarded(name), atomic(conn):
        return remove_orphans(conn)


@dataclass
class ArchiveRun:
    """What an ``archive`` run did besides each file's result."""

    mended: int = 0  # sessions whose left-behind rows were removed
    gone: list[str] = field(default_factory=list)  # stored paths whose record is gone


def archive_inputs(inputs: Iterable[str], output: str | Path, *, prune: bool = False,
                   remove: Iterable[str] = (),
                   each: Callable[[FileResult], None] | None = None,
                   run: ArchiveRun | None = None) -> list[FileResult]:
    """``reversis archive``: the records ``inputs`` name (:func:`record_inputs`)
    archived as :func:`archive_files` does.  Raises
    :class:`~reversis_cli.session.inputs.InputError` for inputs that name no record."""
    files = record_inputs(inputs) if inputs else []
    return archive_files(files, output, prune=prune, remove=remove, each=each, run=run)


def archive_files(files: list[Path], output: str | Path, *, prune: bool = False,
                  remove: Iterable[str] = (),
                  each: Callable[[FileResult], None] | None = None,
                  run: ArchiveRun | None = None) -> list[FileResult]:
    """The record ``files`` (expanded once, by the caller) loaded into the
    archive at ``output`` (created if missing); the sessions of ``remove``
    removed; with ``prune``, the sessions whose file is gone removed, else
    listed in ``run.gone``.  Raises :class:`ArchiveError` for a database that
    cannot be used."""
    name = str(output)
    base = None if name == MEMORY else Path(os.path.abspath(name)).parent
    run = run if run is not None else ArchiveRun()
    conn = connect(name)
    try:
        run.mended = mend(conn, name)
        results = [remove_session(conn, path, base, name) for path in remove]
        for result in results:
            if each is not None:
                each(result)
        results += load_files(conn, files, base, name, each)
        if prune:
            removed = prune_vanished(conn, base, name)
            for result in removed:
                if each is not None:
                    each(result)
            results += removed
        else:
            with guarded(name):
                run.gone = [path for _, path in gone_sessions(conn, base)]
        return results
    finally:
        close(conn, name)


def build_in_memory(inputs: Iterable[str],
                    each: Callable[[FileResult], None] | None = None
                    ) -> tuple[sqlite3.Connection, list[FileResult]]:
    """The archive of the records ``inputs`` name, in memory: what ``stats``
    and ``league`` query when given records instead of a database (the same
    loading as :func:`archive_inputs`)."""
    files = record_inputs(inputs)
    conn = connect(MEMORY)
    return conn, load_files(conn, files, None, MEMORY, each)
