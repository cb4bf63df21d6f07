"""Files on disk: the one atomic writer every command uses, and the guards
around reading and writing (same file, regular file, size cap).

A failed write never reaches the user as an internal error: every
:class:`OSError` becomes a :class:`WriteError` whose message names the path,
for the CLI to print as a plain error.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from .i18n import Msg
from .words import grouped

__all__ = ["WriteError", "FileKindError", "write_atomic", "same_file", "same_as_stdin",
           "read_regular_file", "regular_file_problem", "rewrite_problem", "output_problem",
           "folder_problem", "os_reason", "reading_problem", "remove_abandoned_temporaries",
           "lock_file", "LOCKING", "rename_aside", "standard_input", "Spooled", "SpoolReader"]

try:  # POSIX: advisory locks, released by the system when their process ends
    import fcntl
except ImportError:  # Windows: see lock_file
    fcntl = None  # type: ignore[assignment]

# Whether this system gives the advisory locks lock_file takes.
LOCKING = fcntl is not None


class WriteError(Exception):
    """A file could not be written; ``str()`` names the path and says why."""


class FileKindError(Exception):
    """A path that is not a regular file, or one too big to read."""


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether ``a`` and ``b`` are one file (through symlinks and hard links too)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # one of them does not exist (yet)
        return False


def same_as_stdin(path: str | Path) -> bool:
    """Whether standard input is the file at ``path`` (``cmd - -o FILE < FILE``)."""
    try:
        given = os.fstat(sys.stdin.fileno())
        there = os.stat(path)
    except (OSError, ValueError, AttributeError):  # no stdin, or no file there (yet)
        return False
    return (given.st_dev, given.st_ino) == (there.st_dev, there.st_ino)


# The system's reasons a player meets most, as messages: the system writes
# them in English (Python does not set the locale's language for them).
_OS_REASONS = {
    errno.ENOENT: Msg("No such file or directory"),
    errno.EACCES: Msg("Permission denied"),
    errno.EISDIR: Msg("Is a directory"),
    errno.ENOTDIR: Msg("Not a directory"),
    errno.ENAMETOOLONG: Msg("File name too long"),
    errno.ELOOP: Msg("Too many levels of symbolic links"),
    errno.EROFS: Msg("Read-only file system"),
    errno.ENOSPC: Msg("No space left on device"),
}


def os_reason(exc: OSError) -> str:
    """Why the system refused, as it says it: a message in the reader's
    language when it is one of the usual reasons, worded as the system words it."""
    said = exc.strerror or str(exc)
    known = _OS_REASONS.get(exc.errno) if exc.errno is not None else None
    return known if known is not None and known == said else said


def reading_problem(exc: OSError | FileKindError) -> Msg | str:
    """Why a file could not be read (from :func:`read_regular_file`): the
    system's reason, or what kind of file it is."""
    if isinstance(exc, OSError):
        return os_reason(exc)
    return exc.args[0] if exc.args else str(exc)


def regular_file_problem(path: str | Path, st: os.stat_result | None = None) -> str | None:
    """Why ``path`` is not a plain file that can be read and rewritten, or None."""
    if st is None:
        try:
            st = os.stat(path)
        except OSError as exc:
            return os_reason(exc)
    if stat.S_ISDIR(st.st_mode):
        return Msg("it is a folder")
    if not stat.S_ISREG(st.st_mode):
        return Msg("it is not a regular file (a pipe, a device or a socket)")
    return None


def rewrite_problem(path: str | Path, st: os.stat_result) -> str | None:
    """Why the regular file ``path`` (whose stat is ``st``) must not be replaced, or None.

    Replacing is a rename over it: a read-only file would be overwritten even
    so (and always by root, so the write bits are what count: they say what the
    owner meant), and a file with several hard links would lose them.
    """
    if not os.access(path, os.W_OK) or not st.st_mode & 0o222:
        return Msg("the file is read-only")
    if st.st_nlink > 1:
        return Msg("the file has {count} hard links, and replacing it would cut them",
                   count=st.st_nlink)
    return None


def output_problem(path: str | Path) -> str | None:
    """Why a command must not write its output to ``path``, or None.

    The one check of an output file, made before any work (the CLI's
    ``refuse_output``) and again by :func:`write_atomic`.  A new file may be
    written; an existing one only if it is a regular file that may be written
    and has one link, the rules ``fmt`` follows too.  Either way its folder
    must exist and take new files (the file is written beside itself and
    renamed over).  A symlink is judged by what it points to (that is what
    gets replaced).
    """
    target = Path(os.path.realpath(path))
    try:
        st = os.stat(target)
    except FileNotFoundError:
        return folder_problem(target.parent)  # a new file (or a dangling symlink's target)
    except OSError as exc:
        return os_reason(exc)
    return regular_file_problem(target, st) or rewrite_problem(target, st) \
        or folder_problem(target.parent)


def folder_problem(folder: Path) -> str | None:
    """Why no new file can be made in ``folder``, or None."""
    try:
        st = os.stat(folder)
    except FileNotFoundError:
        return Msg("the folder {folder} does not exist", folder=str(folder))
    except OSError as exc:
        return os_reason(exc)
    if not stat.S_ISDIR(st.st_mode):
        return Msg("{folder} is not a folder", folder=str(folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        return Msg("no new file may be made in the folder {folder}", folder=str(folder))
    return None


def read_regular_file(path: str | Path, limit: int) -> bytes:
    """The bytes of ``path``, which must be a regular file of at most ``limit`` bytes.

    The file is opened without blocking (so a FIFO put in its place between the
    check and the open cannot hang us) and checked again once open.  Raises
    :class:`FileKindError` or :class:`OSError`.
    """
    problem = regular_file_problem(path, os.stat(path))
    if problem is not None:
        raise FileKindError(problem)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as stream:
        st = os.fstat(stream.fileno())
        problem = regular_file_problem(path, st)
        if problem is not None:
            raise FileKindError(problem)
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise FileKindError(Msg("it is larger than {limit} bytes", limit=grouped(limit)))
    return data


def write_atomic(path: str | Path, data: bytes | Iterable[bytes]) -> None:
    """Replace ``path`` by ``data``, whole or not at all.

    Only a new file or a regular file that :func:`output_problem` allows is
    written (so a device, a FIFO, a read-only file or hard links are never
    replaced); otherwise :class:`WriteError` says why.

    The bytes go to a temporary file in the same folder, are flushed to disk,
    and the temporary file is renamed over ``path`` (a symlink's target is
    replaced, not the link).  An existing file keeps its permissions; a new
    one gets the usual ones.  On any failure the temporary file is removed and
    :class:`WriteError` names ``path``.
    """
    shown = str(path)
    target = Path(os.path.realpath(path))
    problem = output_problem(target)
    if problem is not None:
        raise WriteError(Msg("cannot write {path}: {why}", path=shown, why=problem))
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX,
                                    dir=target.parent)
    except OSError as exc:
        raise WriteError(_why(shown, exc, target.parent)) from None
    # Held while the temporary file is ours: one left by a writer that was
    # killed is then known by nobody holding it (remove_abandoned_temporaries).
    lock_file(fd)
    out = os.fdopen(fd, "wb")
    try:
        try:
            for block in ([data] if isinstance(data, (bytes, bytearray)) else data):
                out.write(block)
            out.flush()
            os.fsync(out.fileno())
            os.chmod(temp, _mode_for(target))
            if LOCKING:  # renamed while still open, so still locked to the end
                os.replace(temp, target)
        finally:
            out.close()
        if not LOCKING:  # Windows renames no open file
            os.replace(temp, target)
    except BaseException as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise WriteError(_why(shown, exc, target.parent)) from None
        raise
    _sync_folder(target.parent)


TEMP_SUFFIX = ".tmp"
# mkstemp's names: the prefix, eight letters, digits or underscores, the suffix.
_TEMP_MIDDLE = r"[a-z0-9_]{8}"


def lock_file(fd: int) -> bool:
    """Take the advisory lock of the open file ``fd`` without waiting: True
    when taken, False when another open file holds it, or when the system has
    no such locks (Windows: the lock of msvcrt covers bytes, not a file, and
    is not dropped when the file is renamed, so it would not say the same)."""
    if fcntl is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def remove_abandoned_temporaries(path: str | Path) -> list[str]:
    """Remove the temporary files :func:`write_atomic` left beside ``path``
    when its process was killed mid-write; the names of those removed.

    A writer holds the lock of its temporary file until it is renamed or
    removed, so a temporary file whose lock can be taken has no writer left:
    only those are removed.  Without locks (Windows) nothing is removed."""
    if fcntl is None:
        return []
    target = Path(os.path.realpath(path))
    pattern = re.compile(re.escape(f".{target.name}.") + _TEMP_MIDDLE + re.escape(TEMP_SUFFIX))
    removed = []
    try:
        names = sorted(os.listdir(target.parent))
    except OSError:
        return []
    for name in names:
        if pattern.fullmatch(name) and _remove_if_abandoned(target.parent / name):
            removed.append(name)
    return removed


def _remove_if_abandoned(temp: Path) -> bool:
    try:
        fd = os.open(temp, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or not lock_file(fd):
            return False
        there = os.stat(temp, follow_symlinks=False)
        if (there.st_dev, there.st_ino) != (st.st_dev, st.st_ino):
            return False
        os.unlink(temp)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)


def rename_aside(path: str | Path) -> Path:
    """Rename ``path`` to the first free ``PATH.N`` (N = 1, 2, ...), its bytes
    untouched; the new path.  Raises :class:`OSError`.  The caller makes sure
    nobody else names files so meanwhile (record: under the record's lock)."""
    path = Path(path)
    number = 1
    while os.path.lexists(kept := path.with_name(f"{path.name}.{number}")):
        number += 1
    os.rename(path, kept)
    return kept


def _mode_for(target: Path) -> int:
    try:
        return os.stat(target).st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask  # mkstemp makes 0600; a record is a plain file


def _why(shown: str, exc: OSError, folder: Path) -> Msg:
    if isinstance(exc, FileNotFoundError) and not folder.exists():
        return Msg("cannot write {path}: the folder {folder} does not exist", path=shown,
                   folder=str(folder))
    return Msg("cannot write {path}: {why}", path=shown, why=os_reason(exc))


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable, where the system allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# --- standard input, read once by every reader of a command -------------------------

_stdin_read: tuple[object, Spooled] | None = None  # (the stream, its spool)


def standard_input() -> Spooled:
    """Standard input, read once: a command may go through the record twice
    (arbitrate --compare replays the session under the other reading)."""
    global _stdin_read
    if _stdin_read is None or _stdin_read[0] is not sys.stdin:
        _stdin_read = (sys.stdin, Spooled(sys.stdin.buffer))
    return _stdin_read[1]


class Spooled:
    """A stream read as it is needed and kept in a spool (in memory, then in a
    temporary file), so that each reader sees the same bytes while memory
    stays bounded, and an endless input is read only as far as a reader goes."""

    def __init__(self, source: BinaryIO) -> None:
        self.source = source
        self.spool = tempfile.SpooledTemporaryFile(max_size=1 << 20)
        self.size = 0

    def reader(self) -> SpoolReader:
        return SpoolReader(self)

    def read_more(self, limit: int, whole_line: bool = True) -> bytes:
        """Up to ``limit`` bytes more of the source, kept in the spool: up to a
        line end, or (``whole_line`` False) as many as it has at hand (a
        source that reads only lines gives a line)."""
        read: Callable[[int], bytes] = self.source.readline
        if not whole_line:  # read1 where the stream has one (a buffered stream's), else
            # read, else readline (a source that reads only lines: tests/test_bounded_input.py)
            read = (getattr(self.source, "read1", None) or getattr(self.source, "read", None)
                    or read)
        more = read(limit)
        if more:
            self.spool.seek(self.size)
            self.spool.write(more)
            self.size += len(more)
        return more


class SpoolReader:
    """One reading of a :class:`Spooled` stream, from its start."""

    def __init__(self, spooled: Spooled):
        self._spooled = spooled
        self._at = 0

    def readline(self, limit: int = -1) -> bytes:
        spooled, data = self._spooled, b""
        if self._at < spooled.size:
            spooled.spool.seek(self._at)
            data = spooled.spool.readline(limit)
        short = limit < 0 or len(data) < limit
        if short and not data.endswith(b"\n") and self._at + len(data) == spooled.size:
            data += spooled.read_more(limit - len(data) if limit >= 0 else -1)
        self._at += len(data)
        return data

    def read(self, size: int) -> bytes:
        """Up to ``size`` bytes (the block reader's, notation/chunks.py): b"" only at the end."""
        spooled = self._spooled
        if self._at < spooled.size:
            spooled.spool.seek(self._at)
            data = spooled.spool.read(min(size, spooled.size - self._at))
        else:
            data = spooled.read_more(size, whole_line=False)
        self._at += len(data)
        return data

    def tell(self) -> int:
        return self._at

    def close(self) -> None:
        """Standard input stays open for the next reader."""
