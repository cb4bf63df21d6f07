"""Many records at once: which files the command line names, and running a
per-file job over them, on one core or several, with progress.

``-`` stands for standard input.  A directory stands for every ``.rvs``
file under it; a pattern with ``*``, ``?`` or ``[`` (quoted, so that the
shell leaves it alone) for the files it matches.  Results come back in the
order of the inputs whatever the number of processes, so output is the same
with ``--jobs 1`` and ``--jobs 8``.
"""

from __future__ import annotations

import fnmatch
import itertools
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..i18n import Msg

__all__ = ["InputError", "expand_inputs", "run_files", "run_in_order", "RECORD_SUFFIX"]

RECORD_SUFFIX = ".rvs"
_GLOB_CHARS = "*?["

T = TypeVar("T")
R = TypeVar("R")

if TYPE_CHECKING:  # the pool is imported only with --jobs (start-up time)
    from multiprocessing.pool import AsyncResult, Pool


class InputError(ValueError):
    """A command-line input that names no record (its message a :class:`Msg`)."""


def expand_inputs(args: Iterable[str],
                  also: Callable[[Path], bool] | None = None) -> list[Path]:
    """The files named by ``args``: files as given, directories searched for
    ``.rvs`` files (and the files ``also`` takes: the archive takes JSON
    records too), patterns expanded; each file once, in the order named.

    Folders reached through a symlink are not entered (a link back up would
    make the walk endless), and a file named twice, by any path, is read once.
    """
    files: list[Path] = []
    seen: set[str] = set()
    for arg in args:
        path = Path(arg)
        if arg == "-":  # standard input
            found = [path]
        elif path.is_dir():
            found = sorted(p for p in _walk_files(path)
                           if p.suffix == RECORD_SUFFIX or (also is not None and also(p)))
            if not found:
                raise InputError(Msg("{arg}: the folder holds no {suffix} file", arg=arg,
                                     suffix=RECORD_SUFFIX))
        elif path.exists():
            found = [path]
        elif any(ch in arg for ch in _GLOB_CHARS):
            found = sorted(p for p in _matching(arg) if p.is_file())
            if not found:
                raise InputError(Msg("{arg}: no file matches", arg=arg))
        else:
            raise InputError(Msg("{arg}: no such file or folder", arg=arg))
        for file in found:
            real = os.path.realpath(file)
            if real not in seen:
                seen.add(real)
                files.append(file)
    return files


def _walk_files(folder: Path) -> Iterator[Path]:
    """Every regular file under ``folder``, not entering symlinked folders."""
    for root, _, names in os.walk(folder, followlinks=False):
        for name in names:
            path = Path(root) / name
            if path.is_file():
                yield path


def _matching(pattern: str) -> Iterator[Path]:
    """What ``pattern`` names, as :func:`glob.glob` with ``recursive=True``
    would, except that ``*`` and ``**`` never enter a symlinked folder."""
    parts = Path(pattern).parts
    literal = 0
    while literal < len(parts) and not _is_magic(parts[literal]):
        literal += 1
    base = Path(*parts[:literal]) if literal else Path(".")
    return _match(base, parts[literal:])


def _is_magic(part: str) -> bool:
    return any(ch in part for ch in _GLOB_CHARS)


def _match(base: Path, parts: tuple[str, ...]) -> Iterator[Path]:
    if not parts:
        yield base
        return
    head, tail = parts[0], parts[1:]
    if not _is_magic(head):
        if os.path.lexists(base / head):
            yield from _match(base / head, tail)
        return
    for entry in _entries(base, hidden=head.startswith(".")):
        is_real_dir = entry.is_dir(follow_symlinks=False)
        if head == "**":
            if is_real_dir:
                yield from _match(base / entry.name, parts)
            elif not tail:
                yield base / entry.name  # a last ``**`` matches files too
        elif fnmatch.fnmatchcase(entry.name, head):
            if not tail:
                yield base / entry.name
            elif is_real_dir:
                yield from _match(base / entry.name, tail)
    if head == "**":
        yield from _match(base, tail)  # ``**`` standing for no folder at all


def _entries(folder: Path, hidden: bool) -> list[os.DirEntry]:
    """The folder's entries (hidden ones only when asked, as glob does)."""
    try:
        with os.scandir(folder) as entries:
            return [e for e in entries if hidden or not e.name.startswith(".")]
    except OSError:
        return []


def run_files(job: Callable[[Path], T], files: list[Path], jobs: int = 1,
              done: Callable[[Path], None] | None = None) -> Iterator[T]:
    """``job(file)`` for each file, results in the order of ``files``.

    With ``jobs`` > 1 the files are shared among that many processes (a job
    must then be a module-level function, and its result picklable).
    ``done(file)`` is called as each result is handed back.
    """
    if jobs <= 1 or len(files) <= 1:
        for path in files:
            result = job(path)
            if done:
                done(path)
            yield result
        return
    with _worker_pool(min(jobs, len(files))) as pool:
        for path, result in zip(files, pool.imap(job, files), strict=True):
            if done:
                done(path)
            yield result


@contextmanager
def run_in_order(job: Callable[[T], R], items: Sequence[T], jobs: int,
                 ahead: int = 2) -> Iterator[Iterator[R]]:
    """``job(item)`` for each item in ``jobs`` processes, started at once;
    the block is given the results in order, and the workers stop when it ends.

    At most ``ahead`` items a process are worked on or waiting to be handed
    out: when the results are taken slowly (a pager), memory stays bounded.
    """
    if not items:
        yield iter(())
        return
    with _worker_pool(min(jobs, len(items))) as pool:
        queue = iter(items)
        waiting = deque(pool.apply_async(job, (item,))
                        for item in itertools.islice(queue, jobs * ahead))
        yield _in_order(pool, job, waiting, queue)


def _in_order(pool: Pool, job: Callable[[T], R], waiting: deque[AsyncResult[R]],
              queue: Iterator[T]) -> Iterator[R]:
    while waiting:
        result = waiting.popleft().get()
        for item in itertools.islice(queue, 1):
            waiting.append(pool.apply_async(job, (item,)))
        yield result


@contextmanager
def _worker_pool(processes: int) -> Iterator[Pool]:
    """A pool of worker processes, stopped at once when the block ends."""
    # multiprocessing's pool, for its terminate(): on Ctrl-C (or any error) the
    # workers are stopped at once instead of finishing the files they hold.
    # Ctrl-C is held back while the pool starts: one arriving then could kill
    # a worker before it ignores the signal, or leave a half-built pool, and
    # either can hang the shutdown.  It is let through inside the try below.
    import multiprocessing  # start-up time: a tenth of the imports, only with --jobs
    import signal  # its enums cost a run that has no workers (start-up time)

    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = multiprocessing.get_context().Pool(processes,
                                                  initializer=_leave_interrupts_to_parent)
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        raise
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        yield pool
    finally:
        pool.terminate()


def _leave_interrupts_to_parent() -> None:
    """In a worker: Ctrl-C reaches every process of the terminal; only the
    parent answers it (exit 130), and it stops the workers."""
    import signal  # only in a worker: start-up time

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
