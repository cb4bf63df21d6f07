"""What every command of the CLI shares: exit codes, the options and
arguments several commands take (defined once, here), consoles, diagnostics
on stderr, JSON on stdout, profile problems as usage errors, and the
progress bar.  Only the CLI layer prints; the library returns values and
renderables.  Like the command modules, this one imports the library and
rich inside the functions that use them, for start-up time.
"""

from __future__ import annotations

import functools
import gettext
import inspect
import io
import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, cast

import click

# The standard library and three small modules of ours: start-up time is unchanged.
from ..i18n import Count, Msg, N_, lang, set_language, t, tr, use
from ..i18n.catalogs import LOCALE_DIR
from ..i18n.language import language_cards
from .consoles import (
    LazyConsole, PlainConsole, console, console_spec, is_plain, look_of, output_console,
    plain_look,
)

__all__ = [
    "Argument", "CARD_STYLES", "CardsOption", "Command", "Count", "DiagnosticLog",
    "EXIT_INPUT_ERRORS", "EXIT_INTERNAL", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "FilePath",
    "LazyConsole",
    "Msg", "N_", "OUTPUT_HINT", "Option", "STDOUT", "TranslatedHelp",
    "apply_sets", "argument", "bad_parameter", "card_style_option", "cards_option",
    "check_profile_options", "command", "console", "console_spec", "file_argument", "is_plain",
    "look_of", "output_console", "plain_look", "PlainConsole",
    "files_argument", "input_files", "jobs_option", "json_option", "lang", "load_rules_option",
    "open_session", "option", "print_json", "problem_text", "profile_options",
    "profile_usage_error", "progress_bar", "record_files_argument", "refuse_output", "report",
    "rules_option", "serial_if_stdin", "set_option", "shown_cards", "speak", "steps_progress",
    "t", "tr",
    "usage_error", "use", "write_output",
]

if TYPE_CHECKING:
    from ..session.service import Session

EXIT_OK, EXIT_INPUT_ERRORS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report Ctrl-C
CARD_STYLES = click.Choice(["ascii", "unicode", "ru"], case_sensitive=False)


# --- the language of the run --------------------------------------------------------------

# click writes its own words ("Usage:", "Missing argument", ...) with the standard
# library's gettext functions (the GNU API, one global domain), which is how its
# maintainers have applications translate it: our cli catalog holds their Russian.
CLICK_DOMAIN = "cli"


def speak(language: str) -> None:
    """Speak ``language`` for the rest of the run: our messages and click's own.

    GNU gettext takes the language of messages from ``LANGUAGE`` before the
    locale, so setting it makes click say what ``--lang`` chose, whatever the
    locale says.
    """
    set_language(language)
    gettext.bindtextdomain(CLICK_DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(CLICK_DOMAIN)
    os.environ["LANGUAGE"] = language


def _translated(msgid: str | None) -> str | None:
    return tr(msgid) if msgid else msgid


class TranslatedHelp(click.Command):
    """A command whose help is written in English in the code, as the message
    id, and read in the run's language: click evaluates help texts when the
    module is imported, before ``--lang`` is known.  The message id is the
    docstring as click shows it (inspect.cleandoc)."""

    @property
    def help(self) -> str | None:
        return _translated(self._help_msgid)

    @help.setter
    def help(self, value: str | None) -> None:
        self._help_msgid = inspect.cleandoc(value) if value else value

    @property
    def short_help(self) -> str | None:
        return _translated(self._short_help_msgid)

    @short_help.setter
    def short_help(self, value: str | None) -> None:
        self._short_help_msgid = inspect.cleandoc(value) if value else value

    @property
    def epilog(self) -> str | None:
        return _translated(self._epilog_msgid)

    @epilog.setter
    def epilog(self, value: str | None) -> None:
        self._epilog_msgid = inspect.cleandoc(value) if value else value

    # The usage line's words ("[OPTIONS]", a group's "COMMAND [ARGS]..."), which
    # click sets when the command is made, read in the run's language as a GNU
    # tool's Russian writes them ("[ПАРАМЕТРЫ]"): the English is the message id.
    @property
    def options_metavar(self) -> str | None:
        return _translated(self._options_metavar_msgid)

    @options_metavar.setter
    def options_metavar(self, value: str | None) -> None:
        self._options_metavar_msgid = value

    @property
    def subcommand_metavar(self) -> str:
        return tr(self._subcommand_metavar_msgid)

    @subcommand_metavar.setter
    def subcommand_metavar(self, value: str) -> None:
        self._subcommand_metavar_msgid = value

    # Our own cache of the --help option, not click's private ``_help_option``.
    _translated_help: click.Option | None = None

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """click's --help, made once per command, with its help read in the
        language of each run (click's own is fixed when first made: before
        ``--lang`` is read, for the group)."""
        names = self.get_help_option_names(ctx)
        if not names or not self.add_help_option:
            return None
        if self._translated_help is None:
            click.help_option(*names, cls=Option, help=N_("Show this message and exit."))(self)
            # made as click makes its own: the decorator appends it to the params
            self._translated_help = cast(click.Option, self.params.pop())
        return self._translated_help


class Command(TranslatedHelp):
    """Every command of the tool: its help in the run's language."""


class Option(click.Option):
    """Every option of the tool: its help in the run's language."""

    @property
    def help(self) -> str | None:
        return _translated(self._help_msgid)

    @help.setter
    def help(self, value: str | None) -> None:
        self._help_msgid = value

    def make_metavar(self, ctx: click.Context) -> str:
        """The value's name (``FILE``, ``INTEGER RANGE``) in the run's language:
        its English, whether given or made by click from the type, is the
        message id (a choice, ``[ascii|unicode|ru]``, lists what is typed and
        has none)."""
        return tr(super().make_metavar(ctx))

    def get_help_extra(self, ctx: click.Context) -> click.types.OptionHelpExtra:
        """click's extras, a lower bound in the run's words: click writes the
        formula ``x>=1`` itself, out of gettext's reach; the formula is the
        message id, so English reads as click writes it («не меньше 1»)."""
        extra = super().get_help_extra(ctx)
        kind = self.type
        if ("range" in extra and isinstance(kind, click.IntRange) and kind.max is None
                and kind.min is not None and not kind.min_open):
            extra["range"] = t(Msg("x>={n}", n=kind.min))
        return extra


class Argument(click.Argument):
    """Every argument of the tool: its name in the usage line and in click's
    errors (``FILES...``) in the run's language, as an option's value."""

    def make_metavar(self, ctx: click.Context) -> str:
        return tr(super().make_metavar(ctx))


class FilePath(click.Path):
    """click's Path, whose errors name what it wants (a file, a directory) in the
    run's language: click's own fixes that word when the type is made, at import."""

    @property
    def name(self) -> str:
        if self.file_okay and not self.dir_okay:
            return tr("file")
        return tr("directory") if self.dir_okay and not self.file_okay else tr("path")

    @name.setter
    def name(self, value: str) -> None:
        """click's __init__ sets it; the getter above says it in each run's language."""


command = functools.partial(click.command, cls=Command)
option = functools.partial(click.option, cls=Option)
argument = functools.partial(click.argument, cls=Argument)


def usage_error(message: Msg) -> click.UsageError:
    return click.UsageError(t(message))


def bad_parameter(message: Msg | str, param_hint: str | None = None) -> click.BadParameter:
    """A bad value, said in the run's language (a library's message too, once
    its area has translated it)."""
    return click.BadParameter(t(message), param_hint=param_hint)


OUTPUT_HINT = "'-o' / '--output'"
STDOUT = "-"  # -o - : standard output, for every command that writes a file


def refuse_output(output: str | None, sources, same: Callable[[str], Msg]) -> None:
    """The one check of every command's ``-o FILE``, made before any work: an
    output file that is one of the ``sources`` (by any path, standard input
    included), or that cannot be written (its folder missing or closed to new
    files, a read-only file, a device...: :func:`reversis_cli.files.output_problem`),
    is a usage error (``same(source)`` says the first).  No output (None) and
    standard output (``-``) need no check."""
    if output is None or output == STDOUT:
        return
    from ..files import output_problem, same_as_stdin, same_file  # the library: start-up

    for source in map(str, sources):
        if same_file(source, output) if source != "-" else same_as_stdin(output):
            raise usage_error(same(source))
    problem = output_problem(output)
    if problem is not None:
        raise bad_parameter(Msg("cannot write {output}: {problem}", output=output,
                                problem=problem), param_hint=OUTPUT_HINT)


def write_output(output: str, data: bytes | Iterable[bytes]) -> None:
    """A command's output written to ``output``: standard output for ``-``,
    else the file, replaced atomically; a write that fails after all (the disk
    full) is a usage error on ``-o`` too, as :func:`refuse_output`'s."""
    from ..files import WriteError, write_atomic  # the library: start-up time

    if output == STDOUT:
        stream = sys.stdout.buffer
        for block in [data] if isinstance(data, (bytes, bytearray)) else data:
            stream.write(block)
        stream.flush()
        return
    try:
        write_atomic(output, data)
    except WriteError as exc:
        raise bad_parameter(problem_text(exc), param_hint=OUTPUT_HINT) from None


def problem_text(exc: Exception) -> str:
    """An exception's message in the run's language when it carries a message."""
    message = exc.args[0] if len(exc.args) == 1 else None
    return t(message) if isinstance(message, Msg) else str(exc)


# --- consoles (reversis_cli/cli/consoles.py) and diagnostics --------------------------------


def report(diags, out=None) -> int:
    """Print diagnostics compiler-style (stderr unless told) and count the errors.
    Sent to a :class:`DiagnosticLog`, they are kept for the command's JSON too
    (and with ``--json`` only kept, as ``check --json`` keeps them)."""
    diags = list(diags)
    if isinstance(out, DiagnosticLog):
        out.kept.extend(diags)
        if out.as_json:
            return sum(d.is_error for d in diags)
    from ..render.diagnostics import render_diagnostic  # brings rich: start-up time

    out = out or console(stderr=True)
    for d in diags:
        out.print(render_diagnostic(d), soft_wrap=True)
    return sum(d.is_error for d in diags)


class DiagnosticLog(LazyConsole):
    """Standard error's console for a command whose ``--json`` carries its
    diagnostics (``stats``, ``league``): whatever the command reports (:func:`report`)
    through it is kept, in order, for the JSON's ``"diagnostics"``; printed to
    standard error only without ``--json``, as ``check`` does.  So a
    diagnostic any part of the command reports lands in the JSON without the
    JSON's writer knowing of it."""

    def __init__(self, as_json: bool) -> None:
        super().__init__(stderr=True)
        self.as_json = as_json
        self.kept: list = []

    def json(self) -> list[dict]:
        return [d.to_json() for d in self.kept]


def print_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def parse_sets(ctx, param, values) -> dict[str, str]:
    sets = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise bad_parameter(Msg("{item}: write option=value, e.g. partie_ties=split",
                                    item=repr(item)))
        sets[name.strip()] = value.strip()
    return sets


def rules_option(help: str = "Rule profile: classic, modern or a TOML file; replaces the "
                                  "record's own.", **kwargs):
    return option("--rules", metavar="PROFILE|FILE", help=help, **kwargs)


def set_option(help: str = "Override one option of the rule profile (repeatable)."):
    return option("--set", "sets", multiple=True, callback=parse_sets,
            metavar="OPTION=VALUE", help=help)


def profile_options(func):
    """--rules and --set, as score and explain take them."""
    return rules_option()(set_option()(func))


def card_style_option(default: str | None = "unicode", help: str = "How to write cards."):
    return option("--cards", "style", type=CARD_STYLES, default=default,
                  show_default=default is not None, help=help, cls=CardsOption)


class CardsOption(Option):
    """``--cards`` of the commands that show cards: its default, ``unicode``
    (A♠), is ``ru`` (Т♠) when the run speaks Russian, in the help as in the
    value the command gets; a ``--cards`` given still chooses."""

    def get_default(self, ctx: click.Context, call: bool = True):
        default = super().get_default(ctx, call=call)
        return shown_cards(None) if default == "unicode" else default


def shown_cards(style: str | None) -> str:
    """How cards are shown: as ``--cards`` says, else as a reader of the run's
    language writes them (Т♠ in Russian, A♠ in English)."""
    return style.lower() if style else language_cards(lang())


cards_option = card_style_option()


def jobs_option(func):
    return option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
                  help="Files to work on at once, each in its own process.")(func)


def json_option(help: str):
    return option("--json", "as_json", is_flag=True, help=help)


# Commands that read many records: files, folders, patterns or '-'.
files_argument = argument("inputs", metavar="FILES...", nargs=-1, required=True)
# Commands that read one record ('-': standard input).
file_argument = argument("file", type=FilePath(exists=True, dir_okay=False,
                                                       allow_dash=True))
# Commands that rewrite records in place.
record_files_argument = argument("files", nargs=-1, required=True,
                                       type=FilePath(exists=True, dir_okay=False,
                                                       allow_dash=True))


# Which option a profile problem from the command line is about, by its code:
# an unknown or unreadable profile is --rules, a bad option or value is --set.
PROFILE_OPTION_BY_CODE = {"RV401": "--rules", "RV402": "--set"}


def profile_usage_error(exc, option: str | None = None) -> click.BadParameter:
    """A ProfileError from the command line as a usage error pinned on its option:
    ``option`` when the caller knows it, else the one its code points at."""
    diagnostic = exc.diagnostic
    return bad_parameter(diagnostic.message,
                         param_hint=option or PROFILE_OPTION_BY_CODE[diagnostic.code])


def load_rules_option(rules: str, base_dir: Path | None = None, option: str = "--rules"):
    """The profile named on the command line; any problem with it (the file
    named too, whatever its code) is a usage error pinned on ``option``."""
    from ..diagnostics import ProfileError  # the library: start-up time
    from ..rules import load_profile  # the library: start-up time

    try:
        return load_profile(rules, base_dir=Path.cwd() if base_dir is None else base_dir)
    except ProfileError as exc:
        raise profile_usage_error(exc, option) from None


def apply_sets(profile, sets: dict[str, str], option: str = "--set"):
    """``profile`` with the command line's --set overrides; a bad one is a usage error."""
    from ..diagnostics import ProfileError  # the library: start-up time

    try:
        return profile.with_overrides(sets) if sets else profile
    except ProfileError as exc:
        raise profile_usage_error(exc, option) from None


def check_profile_options(rules: str | None, sets: dict[str, str]) -> None:
    """A bad --rules or --set is a usage error, said before any file is read."""
    apply_sets(load_rules_option(rules or "classic"), sets)


def open_session(file: str, rules: str | None, sets: dict[str, str]) -> Session:
    """The record opened as a session; a bad --rules or --set is a usage error."""
    from ..diagnostics import ProfileError  # the library: start-up time
    from ..session.service import Session  # the library: start-up time

    try:
        return Session.open(file, rules, sets)
    except ProfileError as exc:
        raise profile_usage_error(exc) from None


def serial_if_stdin(files: list[Path], jobs: int) -> int:
    """The number of processes to use: one when standard input is among the
    files, which only this process can read."""
    return 1 if any(str(path) == "-" for path in files) else jobs


def input_files(inputs: tuple[str, ...]) -> list[Path]:
    from ..session.inputs import InputError, expand_inputs  # the library: start-up time

    try:
        return expand_inputs(inputs)
    except InputError as exc:
        raise bad_parameter(problem_text(exc), param_hint=tr("FILES")) from None


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
        yield (lambda path, position: None), (lambda path: None)
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
