"""What every command of the CLI shares: exit codes, the run's language and
the translated click classes (command, option, argument), usage errors,
consoles and diagnostics on stderr, JSON on stdout.  The rest is split by job
(review architecture-4, change 6): the options several commands take in
:mod:`.options`, the ``-o`` guards in :mod:`.guards`, progress in
:mod:`.progress`.  Only the CLI layer prints; the library returns values and
renderables.  Like the command modules, this one imports the library and
rich inside the functions that use them, for start-up time.
"""

from __future__ import annotations

import functools
import gettext
import inspect
import json
import os
import sys
from collections.abc import Sequence
from typing import cast

import click

# The standard library and three small modules of ours: start-up time is unchanged.
from ..i18n import Count, Msg, N_, lang, set_language, t, tr, use
from ..i18n.catalogs import LOCALE_DIR
from .consoles import (
    LazyConsole, PlainConsole, console, console_spec, err_console, is_plain, look_of,
    output_console, plain_look,
)

__all__ = [
    "Argument", "Command", "Count", "DiagnosticLog", "EXIT_INPUT_ERRORS", "EXIT_INTERNAL",
    "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE", "FilePath", "LazyConsole", "Msg", "N_",
    "Option", "PlainConsole", "TranslatedHelp", "argument", "bad_parameter", "command",
    "console", "console_spec", "err_console", "is_plain", "lang", "look_of", "option",
    "output_console", "plain_look", "print_json", "problem_text", "report", "speak", "t", "tr",
    "usage_error", "use",
]

EXIT_OK, EXIT_INPUT_ERRORS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report Ctrl-C


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
    from ..render.diagnostics import diagnostic_view  # the library: start-up time

    out = out or console(stderr=True)
    for d in diags:  # the view: rich draws it, a PlainConsole writes it without rich
        out.print(diagnostic_view(d), soft_wrap=True)
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


def stream_json(data, stream=None) -> None:
    """:func:`print_json`'s bytes, written as they are made: neither the whole
    text nor the list of its pieces is held (``stats --json`` of a long
    season: issue 35).  A sequence that is not a list (a lazy one, like the
    stats' ``file:deal`` references) is written as a list."""
    def as_list(value):
        if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
            return list(value)
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")

    if stream is None:  # sys.stdout as click.echo finds it (CliRunner swaps it in tests);
        stream = sys.stdout  # click 8.5 deprecates click.get_text_stream
    pieces: list[str] = []
    for piece in json.JSONEncoder(ensure_ascii=False, indent=2, default=as_list).iterencode(data):
        pieces.append(piece)
        if len(pieces) >= 1024:
            stream.write("".join(pieces))
            pieces.clear()
    pieces.append("\n")
    stream.write("".join(pieces))
    stream.flush()
