"""The consoles the commands print with: rich's, made when first used
(:class:`LazyConsole`), or, for a file or a pipe, a :class:`PlainConsole`
that writes the render layer's views as plain text without loading rich
(issue 24); and what a worker process needs to print as this one would
(:func:`console_spec`, :func:`look_of`).  Like the rest of the CLI, this
module imports rich inside the functions that use it, for start-up time.
"""

from __future__ import annotations

import builtins
import errno
import functools
import os
import sys

from .. import fastpaths

__all__ = ["LazyConsole", "PlainConsole", "console", "console_spec", "err_console", "is_plain",
           "look_of", "output_console", "plain_look", "table_console"]


def console(stderr: bool = False, file=None, like=None):
    """A rich Console.  ``like``: copy its width and colours (for output that
    a worker process writes to a file on the parent's behalf)."""
    extra = {}
    if like is not None:
        extra = {"width": like["width"], "force_terminal": like["terminal"],
                 "color_system": like["colors"]}
    # Our texts carry no markup or emoji codes: skipping those passes is faster
    # and keeps a player's "[" or ":" as written.
    return _console_class()(stderr=stderr, file=file, highlight=False, soft_wrap=False,
                            markup=False, emoji=False, **extra)


class LazyConsole:
    """A :func:`console` made when first used: a run that prints nothing through
    it (``score --json``, ``check --json``, without an internal error) never
    loads rich, a tenth of the instructions of a 20-deal ``score --json``."""

    def __init__(self, **kwargs) -> None:
        self._kwargs = kwargs
        self._console = None

    def __getattr__(self, name: str):
        if self._console is None:
            self._console = console(**self._kwargs)
        return getattr(self._console, name)


@functools.cache
def _console_class():
    """rich's Console, except that a broken pipe is raised like any other write's.

    rich's own answer is to exit with status 1, the status that means "the
    input has errors"; raised, it reaches :func:`reversis_cli.cli.main`, which
    ends quietly with status 0 whichever command was writing.
    """
    from rich.console import Console  # rich: start-up time

    class PipeConsole(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError(errno.EPIPE, "the reader of the output went away")

    return PipeConsole


class PlainConsole:
    """A console for a file or a pipe (no terminal, no colour: a look from
    :func:`plain_look`) that prints the render layer's views
    (reversis_cli/render/layout.py) and strings as plain text, without loading
    rich; anything else, or a view the plain writer is not sure of, through
    the rich :func:`console` of the same look, made then (everything, under
    ``REVERSIS_REFERENCE=1``).  The text is the
    same either way (tests/test_plain_tables.py), each line without the spaces
    rich pads a table's lines with (:func:`~reversis_cli.render.plain.without_padding`)."""

    color_system = None
    is_terminal = False

    def __init__(self, stderr: bool = False, file=None, like=None, as_rich: bool = False
                 ) -> None:
        """``as_rich``: what rich writes, spaces at the lines' ends kept (``check``'s
        output, always so written): only a view printed with ``soft_wrap`` is written
        plain (:func:`~reversis_cli.render.plain.plain_lines`, rich's very text), any
        other print through rich."""
        assert like is not None and is_plain(like)
        self._stderr = stderr
        self._file = file
        self._like = like
        self._as_rich = as_rich
        self.width: int = like["width"]
        self._console = None

    @property
    def file(self):
        # looked up at each write, as rich does: the progress bar wraps the streams
        return self._file or (sys.stderr if self._stderr else sys.stdout)

    def print(self, *objects, soft_wrap: bool = False, **options) -> None:
        from ..render.plain import plain_lines, plain_text  # the library: start-up time

        # markup: never read, as console()'s; REVERSIS_REFERENCE=1 (reversis_cli/fastpaths.py):
        # rich prints everything
        if not fastpaths.REFERENCE and len(objects) == 1 and set(options) <= {"markup"} \
                and (soft_wrap or not self._as_rich):
            text = plain_lines(objects[0]) if soft_wrap else plain_text(objects[0], self.width)
            if text is not None:
                self._write(text)
                return
        rich = self._rich()
        with rich.capture() as captured:
            rich.print(*objects, soft_wrap=soft_wrap, **options)
        self._write(captured.get())

    def _write(self, text: str) -> None:
        from ..render.plain import without_padding  # loaded by print already

        file = self.file
        file.write(text if self._as_rich else without_padding(text))
        file.flush()  # as rich flushes each print

    def _rich(self):
        if self._console is None:
            self._console = console(stderr=self._stderr, file=self._file, like=self._like)
        return self._console

    def __getattr__(self, name: str):
        return getattr(self._rich(), name)


def table_console():
    """The console of a command's tables on stdout: rich's on a terminal, a
    :class:`PlainConsole` in a file or a pipe (its lines without rich's
    padding at their ends)."""
    return output_console(like=look_of())


def is_plain(look: dict | None) -> bool:
    """Whether ``look`` (:func:`console_spec`) is a file's or a pipe's: no
    terminal, no colours."""
    return look is not None and not look["terminal"] and look["colors"] is None


def output_console(stderr: bool = False, file=None, like=None):
    """A :class:`PlainConsole` for a plain look, else :func:`console`."""
    if is_plain(like):
        return PlainConsole(stderr=stderr, file=file, like=like)
    return console(stderr=stderr, file=file, like=like)


def err_console(look: dict | None):
    """stderr's console: plain text where ``look`` (:func:`console_spec` of
    stderr) is a file's or a pipe's, rich not loaded; else rich's, made when
    first printed to."""
    if is_plain(look):
        return PlainConsole(stderr=True, like=look)
    return LazyConsole(stderr=True)


def look_of(stderr: bool = False) -> dict:
    """:func:`console_spec` of stdout (or stderr): without loading rich when
    the stream is surely a file or a pipe (:func:`plain_look`)."""
    return plain_look(stderr) or console_spec(console(stderr=stderr))


def plain_look(stderr: bool = False) -> dict | None:
    """What :func:`console_spec` says of a new :func:`console` on stdout (or
    stderr), worked out as rich 15 works it out, when the stream is surely
    not a terminal; ``None`` at the first doubt (a terminal, a variable that
    forces one, Windows, Jupyter), and the caller asks rich.
    ``tests/test_plain_tables.py`` holds it to rich's answer."""
    stream = sys.stderr if stderr else sys.stdout
    environ = os.environ
    if sys.platform == "win32" or hasattr(builtins, "get_ipython") or stream is None \
            or hasattr(stream, "rich_proxied_file"):
        return None
    forced = environ.get("TTY_COMPATIBLE", "")
    if forced == "1" or (forced != "0" and environ.get("FORCE_COLOR") not in (None, "")):
        return None
    if forced != "0" and environ.get("FORCE_COLOR") is None:
        try:
            if stream.isatty():
                return None
        except (AttributeError, ValueError):  # no isatty, or closed: rich says no terminal
            pass
    width = _plain_width(environ.get("COLUMNS"))
    return None if width is None else {"width": width, "terminal": False, "colors": None}


def _plain_width(columns: str | None) -> int | None:
    """rich's width of a console that is no terminal: ``COLUMNS``, else the
    first of stdin, stdout and stderr that is a terminal, else 80."""
    if columns is not None and columns.isdigit():
        width = int(columns) if columns.isascii() else 0
        return width if width > 0 else None  # rich would fail or lay out nothing
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):  # not a terminal
            pass
    return 80


def console_spec(out) -> dict:
    """What a worker needs to render as ``out`` would (picklable)."""
    return {"width": out.width, "terminal": out.is_terminal, "colors": out.color_system}


