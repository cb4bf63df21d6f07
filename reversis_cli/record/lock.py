"""One recorder per file: the lock a recorder holds for its whole life.

For ``games/thursday.rvs`` the lock is ``games/.thursday.rvs.lock`` (beside
the file a symlink points to, so that two names of one file share it).  The
recorder takes the system's advisory lock of that file (``flock``) without
waiting and writes into it who holds it: process id, host and start time, for
the message a second recorder gives.  The system drops the lock when its
process ends, however it ends, so a recorder killed with ``kill -9`` never
blocks the next one: its lock file is simply taken over.  On leaving, the
recorder removes the lock file while still holding it; a recorder that opened
the old file meanwhile sees, once it has the lock, that the name now points
elsewhere, and starts over.

On Windows no lock is taken: ``msvcrt.locking`` is a lock of bytes that
Windows drops some unspecified time after a killed process ends (so a killed
recorder could block the next), an open lock file cannot be removed there,
and nothing of this is tested on Windows; see docs/decisions.md.
"""

from __future__ import annotations

import json
import os
import socket
import time
import weakref
from dataclasses import dataclass
from pathlib import Path

from ..files import LOCKING, lock_file

__all__ = ["RecordLock", "Holder", "LockHeld", "lock_path"]

# Tries when the lock file is removed under us between opening and locking it.
_TRIES = 5


@dataclass(frozen=True)
class Holder:
    """Who holds a record's lock, as its lock file says (fields may be empty)."""

    pid: int | None = None
    host: str = ""
    started: str = ""  # local time, YYYY-MM-DD HH:MM


class LockHeld(Exception):
    """Another recorder holds the lock; ``holder`` says who, when it can."""

    def __init__(self, holder: Holder):
        super().__init__(holder)
        self.holder = holder


def lock_path(record: str | Path) -> Path:
    target = Path(os.path.realpath(record))
    return target.with_name(f".{target.name}.lock")


class RecordLock:
    """The lock of one record, held until :meth:`release` (or the process ends)."""

    def __init__(self, path: Path, fd: int | None):
        self.path = path
        self._fd = fd
        self._finalizer = weakref.finalize(self, _release, path, fd) if fd is not None else None

    @classmethod
    def acquire(cls, record: str | Path) -> RecordLock:
        """Take the lock of ``record`` (raises :class:`LockHeld`, or
        :class:`OSError` when the lock file cannot be made)."""
        path = lock_path(record)
        if not LOCKING:
            return cls(path, None)
        for _ in range(_TRIES):
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
            if not lock_file(fd):
                holder = _read_holder(fd)
                os.close(fd)
                raise LockHeld(holder)
            if _still_named(fd, path):
                _write_holder(fd)
                return cls(path, fd)
            os.close(fd)  # removed by its holder as it left: take the new one
        raise LockHeld(Holder())

    @property
    def held(self) -> bool:
        return self._finalizer is not None and self._finalizer.alive

    def release(self) -> None:
        if self._finalizer is not None:
            self._finalizer()


def _release(path: Path, fd: int) -> None:
    """Remove the lock file while holding it, then let it go."""
    try:
        if _still_named(fd, path):
            os.unlink(path)
    except OSError:
        pass
    finally:
        os.close(fd)


def _still_named(fd: int, path: Path) -> bool:
    try:
        here, there = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _write_holder(fd: int) -> None:
    data = json.dumps({"pid": os.getpid(), "host": socket.gethostname(),
                       "started": time.strftime("%Y-%m-%d %H:%M")}).encode("utf-8")
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, data + b"\n", 0)
    except OSError:  # who holds it is only for a message
        pass


def _read_holder(fd: int) -> Holder:
    try:
        data = json.loads(os.pread(fd, 4096, 0).decode("utf-8"))
        pid = data.get("pid")
        return Holder(pid if isinstance(pid, int) else None, str(data.get("host") or ""),
                      str(data.get("started") or ""))
    except (OSError, ValueError, AttributeError):
        return Holder()
