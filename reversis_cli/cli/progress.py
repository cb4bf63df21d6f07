"""Progress on standard error, while a command reads: the bar over the files
(bytes read) and the phases over counted steps; nothing in a pipe or a file, and
erased before the output it would have crossed.  rich is imported when a bar is
drawn (start-up time)."""

from __future__ import annotations

import functools
import io
import shutil
import sys
import time
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from .consoles import console

__all__ = ["steps_progress", "progress_bar", "file_tick", "BAR_DELAY", "BAR_REFRESH"]


@contextmanager
def steps_progress():
    """Progress over counted steps (sessions, records) on standard error, when
    it is a terminal; nothing in a pipe or a file.  Yields ``phase(label,
    total)``, which starts a line of the bar and returns what to call after
    each step.  The bar is erased at the end (rich's transient display), so
    the output that follows starts on a clean line."""
    if not sys.stderr.isatty():
        yield lambda label, total: (lambda: None)
        return
    from rich.progress import (  # rich: start-up time
        BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn,
    )

    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=console(stderr=True), transient=True)

    def phase(label: str, total: int) -> Callable[[], None]:
        task = progress.add_task(label, total=total)
        return lambda: progress.advance(task)

    with progress:
        yield phase


# The bar appears only once reading has gone on this long without output: a
# command whose output follows at once never shows one.
BAR_DELAY = 0.4
BAR_REFRESH = 0.1


@contextmanager
def progress_bar(files: list[Path], enabled: bool):
    """A progress bar over the bytes of ``files`` on a terminal, else nothing.

    Yields ``(tick, done)``: ``tick(file, bytes_read)`` inside a file,
    ``done(file)`` when a file is finished.  While it runs, everything written
    to stdout or stderr first erases the bar, so no output ever starts on the
    bar's line; the bar is drawn again at the next tick.
    """
    if not enabled or not (sys.stdout.isatty() and sys.stderr.isatty()):
        yield _no_tick, (lambda path: None)
        return
    from rich.progress import (  # rich: start-up time
        BarColumn, Progress, TextColumn, TimeRemainingColumn,
    )

    sizes = {path: max(_size(path), 1) for path in files}
    reached = dict.fromkeys(files, 0)
    bar = _Bar(sys.stderr, Progress(
        TextColumn("{task.description}"), BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
        TimeRemainingColumn(), auto_refresh=False))
    task = bar.progress.add_task("reading", total=sum(sizes.values()))

    def tick(path: Path, position: int) -> None:
        step = min(position, sizes[path]) - reached[path]
        if step > 0:
            reached[path] += step
            bar.progress.update(task, advance=step, description=path.name)
            bar.draw()

    def done(path: Path) -> None:
        tick(path, sizes[path])

    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Erasing(sys.stdout, bar), _Erasing(sys.stderr, bar)
    try:
        yield tick, done
    finally:
        sys.stdout, sys.stderr = saved
        bar.erase()


def _no_tick(path: Path, position: int) -> None:
    """The tick of no bar (a pipe, a file, ``--json``): nothing to draw."""


def file_tick(tick: Callable[[Path, int], None], path: Path) -> Callable[[int], None] | None:
    """``tick`` for the file ``path``, as the readers take it: None where no bar
    is drawn, so that they ask no position of the file after each deal (a
    property read through two objects: ~2,500 instructions a deal)."""
    return None if tick is _no_tick else functools.partial(tick, path)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:  # standard input, or a file gone since: no size to show
        return 0


class _Bar:
    """One line of progress on a terminal, drawn by hand so that it can be
    erased before any output (rich's live display leaves its line behind
    when output does not go through its own console)."""

    def __init__(self, terminal, progress):
        self.terminal = terminal
        self.progress = progress
        self.clock = time.monotonic
        self.started = self.clock()
        self.last_draw = 0.0
        self.drawn = False
        self.at_line_start = True

    def draw(self) -> None:
        now = self.clock()
        if not self.at_line_start or now - self.started < BAR_DELAY \
                or now - self.last_draw < BAR_REFRESH:
            return
        self.erase()
        line = _render_line(self.progress.get_renderable(), self.terminal)
        self.terminal.write(line)
        self.terminal.flush()
        self.drawn, self.last_draw = True, now

    def erase(self) -> None:
        if self.drawn:
            self.terminal.write("\r\x1b[2K")
            self.terminal.flush()
            self.drawn = False

    def wrote(self, text: str) -> None:
        if text:
            self.at_line_start = text.endswith("\n")


def _render_line(renderable, terminal) -> str:
    """The bar as one line of terminal text, without its line end."""
    from rich.console import Console  # rich: start-up time

    buffer = io.StringIO()
    Console(file=buffer, width=shutil.get_terminal_size().columns - 1, force_terminal=True,
            highlight=False).print(renderable)
    return buffer.getvalue().rstrip("\n").split("\n")[-1]


class _Erasing:
    """A stream that erases the progress bar before each write."""

    def __init__(self, stream, bar: _Bar):
        self._stream = stream
        self._bar = bar

    def write(self, text: str) -> int:
        self._bar.erase()
        written = self._stream.write(text)
        self._bar.wrote(text)
        return written

    def __getattr__(self, name):
        return getattr(self._stream, name)
