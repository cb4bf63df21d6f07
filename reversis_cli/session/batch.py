"""Many records at once: a per-file job run over them, on one core or
several, with progress (which files the command line names is
:mod:`.inputs`'s).  Results come back in the order of the inputs whatever
the number of processes, so output is the same with ``--jobs 1`` and
``--jobs 8``.

What a worker writes (a file's or a part's output) goes into a file of an
:func:`output_folder`, which this process copies from: text is not pickled
through the pool's pipe, and the folder goes, with whatever is in it, when
the run ends, is interrupted (Ctrl-C) or is terminated (SIGTERM).  It
reaches this process's standard output as bytes, undecoded, whenever that
stream is the interpreter's own, in UTF-8 (:func:`binary_of`; docs/decisions.md,
"the workers' bytes copied as they are").
"""

from __future__ import annotations

import codecs
import errno
import io
import itertools
import os
import sys
import shutil
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, TypeVar

from .. import fastpaths


__all__ = ["run_files", "run_in_order", "worker_pool", "output_folder", "copy_out", "copy_bytes",
           "binary_of"]

T = TypeVar("T")
R = TypeVar("R")

if TYPE_CHECKING:  # the pool is imported only with --jobs (start-up time)
    from multiprocessing.pool import AsyncResult, Pool


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
    with worker_pool(min(jobs, len(files))) as pool:
        for path, result in zip(files, pool.imap(job, files), strict=True):
            if done:
                done(path)
            yield result


@contextmanager
def run_in_order(job: Callable[[T], R], items: Iterable[T], jobs: int,
                 ahead: int = 2, pool: Pool | None = None) -> Iterator[Iterator[R]]:
    """``job(item)`` for each item in ``jobs`` processes, started at once
    (or in ``pool``, started already by :func:`worker_pool`, which its owner
    stops; then ``items`` may be an iterator, taken as far as needed); the
    block is given the results in order, and the workers stop when it ends.

    At most ``ahead`` items a process are worked on or waiting to be handed
    out: when the results are taken slowly (a pager), memory stays bounded.
    """
    if pool is not None:
        yield _handed_out(pool, job, iter(items), jobs * ahead)
        return
    assert isinstance(items, Sequence)  # its length: the processes to start
    if not items:
        yield iter(())
        return
    with worker_pool(min(jobs, len(items))) as started:
        yield _handed_out(started, job, iter(items), jobs * ahead)


def _handed_out(pool: Pool, job: Callable[[T], R], queue: Iterator[T],
                at_once: int) -> Iterator[R]:
    """The first ``at_once`` items handed to the pool now, the results in order."""
    waiting = deque(pool.apply_async(job, (item,)) for item in itertools.islice(queue, at_once))
    return _in_order(pool, job, waiting, queue)


def _in_order(pool: Pool, job: Callable[[T], R], waiting: deque[AsyncResult[R]],
              queue: Iterator[T]) -> Iterator[R]:
    while waiting:
        result = waiting.popleft().get()
        for item in itertools.islice(queue, 1):
            waiting.append(pool.apply_async(job, (item,)))
        yield result


@contextmanager
def worker_pool(processes: int) -> Iterator[Pool]:
    """A pool of worker processes, stopped at once when the block ends (for
    :func:`run_in_order`, one started before its items are known)."""
    # multiprocessing's pool, for its terminate(): on Ctrl-C (or any error) the
    # workers are stopped at once instead of finishing the files they hold.
    # Ctrl-C and SIGTERM are held back while the pool starts: either, arriving
    # half-way, leaves a pool whose thread goes on starting workers after this
    # process has gone (orphans that hold its pipes open, so that whoever
    # reads them waits for ever).  A signal held back is answered as soon as
    # the pool is whole, when the pool is already named for the finally below.
    # They are not held while it stops: its stop sets that thread's end first,
    # and Ctrl-C stays the way out of a stop that hangs.
    import multiprocessing  # start-up time: a tenth of the imports, only with --jobs

    pool = None
    try:
        with _signals_held():
            pool = multiprocessing.get_context().Pool(processes,
                                                      initializer=_leave_interrupts_to_parent)
        yield pool
    finally:
        if pool is not None:
            pool.terminate()


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block ends (then they are answered).
    Threads and processes started inside inherit the hold: a worker lets
    the signals through itself (:func:`_leave_interrupts_to_parent`)."""
    import signal  # its enums cost a run that has no workers (start-up time)

    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _leave_interrupts_to_parent() -> None:
    """In a worker: Ctrl-C reaches every process of the terminal; only the
    parent answers it (exit 130), and it stops the workers.  SIGTERM (the
    pool's way to stop a worker) ends a worker at once, whatever the parent
    made of it (:func:`output_folder`).  Both were held back while the worker
    was started (:func:`_signals_held`): they are let through here."""
    import signal  # only in a worker: start-up time

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


# --- the workers' output ------------------------------------------------------------------

TERMINATED = 128 + 15  # the exit status of a process ended by SIGTERM, as a shell shows it


@contextmanager
def output_folder() -> Iterator[Path]:
    """A new private folder for the workers' output files, removed with all
    in it when the block ends: done, failed, interrupted, or on SIGTERM (made
    a :class:`SystemExit` meanwhile, so that the workers are stopped and the
    folder removed before this process ends with status 143).  Only SIGKILL
    leaves it, in the system's temporary folder."""
    import signal  # start-up time: only with --jobs
    import threading  # start-up time: only with --jobs

    folder = Path(tempfile.mkdtemp(prefix="reversis-jobs-"))
    handled = (threading.current_thread() is threading.main_thread()
               and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL)
    if handled:
        signal.signal(signal.SIGTERM, _terminated)
    try:
        yield folder
    finally:
        if handled:
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
        shutil.rmtree(folder, ignore_errors=True)


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(TERMINATED)


def copy_out(path: str | os.PathLike[str], stream: IO[str]) -> None:
    """The text of a worker's file onto ``stream`` (as bytes when it can be:
    :func:`copy_bytes`), and the file removed."""
    if not copy_bytes(path, stream):
        with open(path, encoding="utf-8", newline="") as source:
            shutil.copyfileobj(source, stream, 1 << 20)
    os.unlink(path)


def binary_of(stream: object) -> IO[bytes] | None:
    """The bytes under the text stream ``stream`` when UTF-8 text written to it
    reaches them as it is, else None: ``stream`` is the interpreter's own
    standard output or error (not a wrapper: the progress bar's, which erases
    itself before each write, a test runner's, a StringIO), its encoding is
    UTF-8 (its errors policy is no matter: a worker's text was encoded
    strictly, so it has nothing to replace or escape), and a line end is
    written as ``\\n``."""
    if stream is None or (stream is not sys.__stdout__ and stream is not sys.__stderr__):
        return None
    if type(stream) is not io.TextIOWrapper or os.linesep != "\n":
        return None
    try:
        if codecs.lookup(stream.encoding).name != "utf-8":
            return None
    except LookupError:
        return None
    return stream.buffer


def copy_bytes(path: str | os.PathLike[str], stream: object) -> bool:
    """The bytes of a worker's file (UTF-8 text) onto the stream under the text
    stream ``stream``, undecoded, when :func:`binary_of` finds one, after the
    text written before them; False, and nothing copied, when it finds none
    or under ``REVERSIS_REFERENCE=1`` (the text way: :mod:`..fastpaths`).
    The file stays."""
    binary = None if fastpaths.REFERENCE else binary_of(stream)
    if binary is None:
        return False
    stream.flush()  # type: ignore[attr-defined] # the text before, in order; binary_of saw a stream
    with open(path, "rb") as source:
        if not _sent(source, binary):
            shutil.copyfileobj(source, binary, 1 << 20)
    return True


def _sent(source: IO[bytes], binary: IO[bytes]) -> bool:
    """``source`` sent whole to ``binary``'s file by the system (``os.sendfile``:
    no copy through this process), or False with nothing sent when the system
    cannot (an old kernel, a terminal, a file opened for appending...)."""
    if not hasattr(os, "sendfile"):
        return False
    try:
        out = binary.fileno()
    except (OSError, ValueError):  # io.UnsupportedOperation is an OSError too
        return False
    size, sent = os.fstat(source.fileno()).st_size, 0
    while sent < size:
        try:
            done = os.sendfile(out, source.fileno(), sent, size - sent)
        except OSError as exc:
            if sent or exc.errno not in _NO_SENDFILE:
                raise  # a closed pipe (| head), a full disk: as a write meets it
            return False
        if not done:  # the file shrank: not a worker's file any more
            break
        sent += done
    return True


_NO_SENDFILE = {errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSOCK, errno.EBADF,
                errno.ESPIPE}
