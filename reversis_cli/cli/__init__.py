"""The ``reversis`` command line.

Each command parses its options, calls one library function, prints what it
returns and maps problems to the exit status of docs/output.md: 0 done and no
error, 1 the input has errors, 2 the command line is wrong, 3 an internal
error (one line, never a traceback), 130 interrupted.

The group below loads a command's module only when that command runs or its
help is shown, and the command modules import only click and the CLI's shared
modules at their top (:mod:`~reversis_cli.cli.common`, :mod:`~reversis_cli.cli.options`,
:mod:`~reversis_cli.cli.guards`, :mod:`~reversis_cli.cli.progress`): each command imports
the library (which brings lark and rich) inside its function, for start-up time, so that
``reversis --version`` and ``reversis --help`` load neither.
"""

from __future__ import annotations

import gettext
import importlib
import os
import sys

import click

from .. import __version__
from ..i18n import LANGUAGES, Msg, language_from_environment, t, tr
from .common import (
    EXIT_INPUT_ERRORS, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, TranslatedHelp, option, speak,
)

__all__ = ["cli", "main", "COMMANDS"]

# Command name -> "module:attribute" of its click command (--help lists them sorted).
COMMANDS = {
    "check": "reversis_cli.cli.check:check_command",
    "show": "reversis_cli.cli.show:show_command",
    "score": "reversis_cli.cli.score:score_command",
    "explain": "reversis_cli.cli.deal:explain_command",
    "arbitrate": "reversis_cli.cli.deal:arbitrate_command",
    "analyse": "reversis_cli.cli.analyse:analyse_command",
    "rules": "reversis_cli.cli.rules:rules_command",
    "fmt": "reversis_cli.cli.convert:fmt_command",
    "convert": "reversis_cli.cli.convert:convert_command",
    "simulate": "reversis_cli.cli.simulate:simulate_command",
    "record": "reversis_cli.cli.record:record_command",
    "serve": "reversis_cli.cli.serve:serve_command",
    "report": "reversis_cli.cli.report:report_command",
    "archive": "reversis_cli.cli.archive:archive_command",
    "league": "reversis_cli.cli.league:league_command",
    "stats": "reversis_cli.cli.stats:stats_command",
}


class LazyGroup(TranslatedHelp, click.Group):
    """A group whose commands are imported by name, when first asked for (and
    whose help, like every command's, is read in the run's language)."""

    def __init__(self, *args, lazy_commands: dict[str, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy_commands = lazy_commands

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.lazy_commands, *super().list_commands(ctx)})

    def resolve_command(self, ctx: click.Context, args: list[str]):
        # click offers the commands close to a mistyped one from those added to
        # the group, and a lazy group adds none: the offer is made here, in
        # click's own words (so in the run's language, from the cli catalog).
        name = args[0] if args else ""
        if (name and not name.startswith("-") and not ctx.resilient_parsing
                and self.get_command(ctx, name) is None):
            raise click.UsageError(_no_such_command(name, self.list_commands(ctx)), ctx)
        return super().resolve_command(ctx, args)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.lazy_commands:
            return super().get_command(ctx, cmd_name)
        module_name, _, attribute = self.lazy_commands[cmd_name].partition(":")
        command = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{self.lazy_commands[cmd_name]} is not a click command")
        return command

    # click turns a broken pipe into exit 1, the status of "the input has errors":
    # raised as ReaderGone instead, it reaches main().  make_context prints
    # --help and --version, invoke everything else.
    def make_context(self, *args, **kwargs) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except BrokenPipeError as exc:
            raise ReaderGone() from exc

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:
            raise ReaderGone() from exc


def _no_such_command(name: str, commands: list[str]) -> str:
    """click's message for an unknown command, with its offer of the close ones."""
    from ..words import close_words  # difflib, only for a mistyped command: start-up time

    message = gettext.gettext("No such command {name!r}.").format(name=name)
    close = sorted(close_words(name, commands))
    if not close:
        return message
    listed = ", ".join(repr(command) for command in close)
    offer = gettext.ngettext("Did you mean {possibility}?",
                             "(Did you mean one of: {possibilities}?)", len(close))
    return f"{message} {offer.format(possibility=listed, possibilities=listed)}"


class ReaderGone(Exception):
    """The reader of our output went away (``| head``): nothing is wrong."""


@click.group(cls=LazyGroup, lazy_commands=COMMANDS,
             context_settings={"help_option_names": ["-h", "--help"]})
@option("--version", is_flag=True, is_eager=True, expose_value=False,
        callback=lambda ctx, param, value: _show_version(ctx, value),
        help="Show the version and exit.")
@option("--lang", type=click.Choice(LANGUAGES), is_eager=True, expose_value=False,
        callback=lambda ctx, param, value: _choose_language(value),
        help="Language of tables, messages and help: en or ru "
             "(default: the locale's, from LC_ALL, LC_MESSAGES or LANG; English "
             "when the locale is neither).")
def cli() -> None:
    """Record, check, settle and explain games of Reversis."""


def _choose_language(value: str | None) -> None:
    """``--lang``, or the locale's language; eager, so that ``--lang ru --help``
    is already in Russian."""
    speak(value or language_from_environment(os.environ, LANGUAGES))


def _show_version(ctx: click.Context, value: bool) -> None:
    """click's --version, with its line in the run's language: click's own
    version option fixes its words when this module is imported, before
    ``--lang`` is read."""
    if value and not ctx.resilient_parsing:
        click.echo(tr("%(prog)s, version %(version)s") % {"prog": "reversis",
                                                          "version": __version__})
        ctx.exit()


def main(argv: list[str] | None = None) -> None:
    """Entry point: no Python traceback ever reaches a user."""
    _choose_language(None)  # the help shown before --lang is read speaks the locale's
    try:
        # Not click's standalone mode: it turns Ctrl-C into "Aborted!" and exit 1,
        # the status that means "the input has errors".
        status = cli.main(args=argv, prog_name="reversis", standalone_mode=False)
        sys.exit(status if isinstance(status, int) else EXIT_OK)
    except click.Abort as exc:
        if not isinstance(exc.__cause__, KeyboardInterrupt):  # end of input at a prompt
            click.echo(tr("Aborted!"), err=True)
            sys.exit(EXIT_INPUT_ERRORS)
        click.echo(tr("interrupted"), err=True)
        sys.exit(EXIT_INTERRUPTED)
    except click.ClickException as exc:  # a wrong command line: usage and exit 2
        exc.show()
        sys.exit(exc.exit_code)
    except (ReaderGone, BrokenPipeError):  # the reader of our output went away (| head)
        _silence_output()
        sys.exit(EXIT_OK)
    except KeyboardInterrupt:
        click.echo(tr("interrupted"), err=True)
        sys.exit(EXIT_INTERRUPTED)
    except Exception as exc:  # noqa: BLE001 -- a bug: said plainly, without a traceback
        click.echo(t(Msg("reversis: internal error ({error}); please report it with the file "
                         "that caused it", error=f"{type(exc).__name__}: {exc}")), err=True)
        sys.exit(EXIT_INTERNAL)


def _silence_output() -> None:
    """Point stdout and stderr at the null device after a broken pipe.

    Whatever is still buffered is then flushed there at exit, instead of
    failing again and making Python print "Exception ignored ... BrokenPipeError"
    (the remedy the Python documentation gives, under "Note on SIGPIPE").
    stderr too: with ``2>&1 | head`` it is the same broken pipe.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        try:
            os.dup2(devnull, stream.fileno())
        except (OSError, ValueError, AttributeError):  # closed, or not a real file
            pass
    os.close(devnull)
