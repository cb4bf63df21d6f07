"""``reversis score``: settle one record or many, deal by deal.

Output is written as each deal is settled, so a file of any length is
scored in bounded memory.  With several files, each file's output follows
the last (in the order named, whatever ``--jobs``), then a summary.  A
worker process writes a file's output to a temporary file that the parent
then copies out, so parallel runs print exactly what a serial run prints.
"""

from __future__ import annotations

import functools
import sys
import tempfile
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING
from collections.abc import Callable

import click

from .common import (
    EXIT_INPUT_ERRORS, EXIT_INTERNAL, EXIT_OK, LazyConsole, Msg, argument, command, console,
    err_console, is_plain, lang, look_of, option, output_console, t, usage_error, use,
)
from .options import (
    cards_option, check_profile_options, input_files, jobs_option, profile_options,
    profile_usage_error, serial_if_stdin,
)
from .progress import file_tick, progress_bar
from .. import fastpaths
from .money import money_options, with_money
from ..score import FORMATS, writer_class
from ..values import Value, setattr_frozen

if TYPE_CHECKING:
    from ..session.scoring import DealWriter
    from ..session.service import Session, SessionOutcome

__all__ = ["score_command", "score_file"]


class ScoreOptions(Value):
    """What a run of ``score`` was asked for (plain data: it crosses to a worker process)."""

    __slots__ = _fields = ("deal_number", "output", "rules", "sets", "look", "cards",
                           "language", "err_look")
    deal_number: int | None
    output: str  # the format: a name in reversis_cli/score's table of writers
    rules: str | None
    sets: tuple[tuple[str, str], ...]
    look: dict | None  # console_spec of the terminal the tables are for (None: not tables)
    cards: str  # how tables spell cards
    language: str  # the run's: a worker process speaks it too, however it was started
    err_look: dict | None  # console_spec of stderr (a part's diagnostics: session/parts.py)

    def __init__(self, deal_number: int | None, output: str, rules: str | None,
                 sets: tuple[tuple[str, str], ...], look: dict | None, cards: str = "unicode",
                 language: str = "en", err_look: dict | None = None):
        setattr_frozen(self, "deal_number", deal_number)
        setattr_frozen(self, "output", output)
        setattr_frozen(self, "rules", rules)
        setattr_frozen(self, "sets", sets)
        setattr_frozen(self, "look", look)
        setattr_frozen(self, "cards", cards)
        setattr_frozen(self, "language", language)
        setattr_frozen(self, "err_look", err_look)


@command("score")
@argument("inputs", metavar="FILES...", nargs=-1, required=True)
@option("--deal", "deal_number", type=click.IntRange(min=1), help="Only this deal.")
@option("--format", "output", type=click.Choice(tuple(FORMATS)), default=None,
        help="How the settlement is written: tables (the default), json "
             "(reversis-score/1, described in docs/output.md) or csv-payments (one row "
             "per payment, as convert --to csv-payments writes).")
@option("--json", "as_json", is_flag=True, help="The same as --format json.")
@profile_options
@money_options
@cards_option
@jobs_option
def score_command(inputs: tuple[str, ...], deal_number: int | None, output: str | None,
                  as_json: bool, rules: str | None, sets: dict[str, str], fiche_value: str | None,
                  currency: str | None, style: str, jobs: int) -> None:
    """Settle every deal: who pays whom, how much, why, and the pool.

    FILES are records, folders (every .rvs file in them), quoted patterns or
    - for standard input.
    """
    files = input_files(inputs)
    if as_json and output not in (None, "json"):
        raise usage_error(Msg("--json is --format json; give one of them"))
    output = "json" if as_json else output or "tables"
    if deal_number is not None and len(files) > 1:
        raise usage_error(Msg("--deal picks a deal of one file; name a single file"))
    check_profile_options(rules, sets)
    sets = with_money(sets, fiche_value, currency)
    # JSON needs no console: without one, rich is not even loaded; nor do tables
    # on a file or a pipe (render/plain.py), when stderr is not a terminal either.
    look = look_of() if output == "tables" else None
    err_look = None if output == "json" else look_of(stderr=True)
    options = ScoreOptions(deal_number, output, rules, tuple(sets.items()), look,
                           style.lower(), lang(), err_look)
    writer = _writer(options)
    if deal_number is None:
        outcomes = _run(files, options, writer, serial_if_stdin(files, jobs))
    else:
        # One deal of one file: its output is held until the deal is found, so
        # that a deal the file does not have prints nothing but the usage error.
        held = StringIO()
        outcomes = _run(files, options, writer, 1, held)
        first = outcomes[0]
        if first.settled and not first.deals:
            raise usage_error(Msg("{name} has no deal {number}", name=first.name,
                                  number=deal_number))
        sys.stdout.write(held.getvalue())
    summary = writer.summary(outcomes) if len(files) > 1 else None
    if summary is not None:
        (output_console(like=look) if is_plain(look) else console()).print(summary)
    if any(o.internal_error for o in outcomes):
        sys.exit(EXIT_INTERNAL)
    sys.exit(EXIT_INPUT_ERRORS if any(o.errors for o in outcomes) else EXIT_OK)


def _run(files: list[Path], options: ScoreOptions, writer: DealWriter, jobs: int,
         held: StringIO | None = None) -> list[SessionOutcome]:
    """Score ``files`` in order, writing to stdout (or into ``held``)."""
    from ..session.batch import copy_out, output_folder, run_files  # the library: start-up time

    many = len(files) > 1
    write = _Output(held, getattr(writer, "bytes_out", False) is True)
    if many:
        write(writer.batch_head())
    outcomes = []
    with progress_bar(files, enabled=writer.progress) as (tick, done):
        if jobs <= 1 or not many:  # one file may still be read in parts (session/parts.py)
            for index, path in enumerate(files):
                if index:
                    write(writer.between)
                outcomes.append(score_file(path, options, write, err_console(options.err_look),
                                           file_tick(tick, path), jobs))
                done(path)
        else:
            with output_folder() as folder:  # gone at the end, on Ctrl-C or SIGTERM too
                job = functools.partial(_score_to_files, options=options, folder=folder)
                for index, (outcome, out, err) in enumerate(run_files(job, files, jobs, done)):
                    if index:
                        write(writer.between)
                    copy_out(out, sys.stdout if held is None else held)
                    copy_out(err, sys.stderr)
                    outcomes.append(outcome)
    if many:
        write(writer.batch_tail(outcomes))
    return outcomes


class _Output:
    """Standard output (or ``held``) as the writers write to it: text, or a
    worker's file copied as bytes where that gives the same (``copy_file``).

    ``bytes_out`` (a writer that writes only through this, ``JsonDeals``): where
    session/batch.py's ``binary_of`` finds the interpreter's own stream in UTF-8,
    unwrapped and not line-buffered (a terminal), the text is encoded here, with the
    stream's errors policy, and written to the bytes under it, and UTF-8 bytes are
    taken as they are (``write_bytes``: a deal's JSON encoded a part at a time,
    score/jsontext.py's ``deal_bytes``), so that no deal is encoded whole by the
    stream.  The same bytes; under ``REVERSIS_REFERENCE=1``, text only."""

    def __init__(self, held: StringIO | None, bytes_out: bool = False):
        self._held = held
        self._binary = None
        self._stdout = None
        self._errors = "strict"
        self._through = False  # text written through a wrapper of stdout since the last bytes
        if bytes_out and held is None and not fastpaths.REFERENCE \
                and not getattr(sys.stdout, "line_buffering", True):
            from ..session.batch import binary_of  # loaded by _run already

            binary = binary_of(sys.stdout)
            if binary is not None:
                sys.stdout.flush()  # any text before, in order
                self._binary, self._stdout = binary, sys.stdout
                self._errors = sys.stdout.errors or "strict"
                self.write_bytes = self._write_bytes

    def _stream(self):
        # sys.stdout looked up at each write: the progress bar wraps it to erase itself first
        return sys.stdout if self._held is None else self._held

    def __call__(self, text: str) -> None:
        if self._binary is not None and sys.stdout is self._stdout:
            self._write_bytes(text.encode("utf-8", self._errors))
        else:
            self._through = self._binary is not None
            self._stream().write(text)

    def _write_bytes(self, data: bytes) -> None:
        """UTF-8 ``data`` onto the bytes under stdout, after the text before it."""
        if sys.stdout is not self._stdout:  # wrapped since (the progress bar): as text
            self._through = True
            sys.stdout.write(data.decode("utf-8"))
            return
        if self._through:  # text went through the stream's own buffer: out first
            self._through = False
            self._stdout.flush()
        self._binary.write(data)  # type: ignore[union-attr]  # set with _stdout

    def copy_file(self, name: str) -> bool:
        """The worker's file ``name`` copied as bytes (session/batch.py's
        ``copy_bytes``), or False: to be written as text."""
        from ..session.batch import copy_bytes  # only with --jobs: start-up time

        return copy_bytes(name, self._stream())


def _score_to_files(path: Path, options: ScoreOptions,
                    folder: Path) -> tuple[SessionOutcome, str, str]:
    """A worker's job: score one file into two files of ``folder`` (out, err)."""
    out = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".out", delete=False,
                                      dir=folder, newline="")
    err = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".err", delete=False,
                                      dir=folder, newline="")
    with out, err, use(options.language):
        outcome = score_file(path, options, out.write,
                             output_console(file=err, like=options.look) if is_plain(options.look)
                             else LazyConsole(file=err, like=options.look))
    return outcome, out.name, err.name


def score_file(path: Path, options: ScoreOptions, write: Callable[[str], object], err,
               tick: Callable[[int], None] | None = None, jobs: int = 1) -> SessionOutcome:
    """Score one record, writing its JSON or tables with ``write`` as it goes
    (a long one in parts, with ``jobs`` > 1: reversis_cli/session/parts.py).

    A bug met in this file is reported with the file's name, and the file's
    JSON is still one whole object (with ``internal_error``), so that a batch
    goes on with the next file."""
    from ..reader import display_name  # the library: start-up time
    from ..session.service import SessionOutcome  # the library: start-up time

    name = display_name(path)
    writer = _writer(options)
    out = writer.open(name, write, err, options.deal_number)
    try:
        return _score_one(path, options, writer, out, err, tick, jobs)
    except BrokenPipeError:  # the reader went away (| head): not a bug in this file
        raise
    except Exception as exc:  # noqa: BLE001 -- a bug: name the file, carry on
        from ..score.json import internal_error_text  # the tables need no JSON (start-up time)

        out.failed(exc)
        outcome = SessionOutcome(name, internal_error=internal_error_text(exc))
        err.print(t(Msg("reversis: internal error while scoring {name} ({error}); please "
                        "report it with this file", name=name, error=outcome.internal_error)),
                  soft_wrap=True, markup=False)
        return outcome


def _writer(options: ScoreOptions) -> DealWriter:
    """How the deals are written: the writer of ``options.output`` in the table
    of writers, made by its builder below with what the command line holds
    (plain data: a worker process writes as this one would)."""
    return WRITER_BUILDERS[options.output](writer_class(options.output), options)


def _json_writer(writer: Callable[..., DealWriter], options: ScoreOptions) -> DealWriter:
    return writer()  # JSON needs nothing


def _csv_writer(writer: Callable[..., DealWriter], options: ScoreOptions) -> DealWriter:
    # a console for its diagnostics
    return writer(functools.partial(output_console, like=options.err_look), options.cards)


def _tables_writer(writer: Callable[..., DealWriter], options: ScoreOptions) -> DealWriter:
    look = options.look  # the terminal the tables are laid out for
    assert look is not None  # tables: the CLI looked at stdout
    return writer(functools.partial(console, like=look),
                  functools.partial(output_console, like=options.err_look or look),
                  options.cards, look["width"] if is_plain(look) else None)


# Each format of reversis_cli/score/__init__.py's FORMATS and how its writer is
# made; tests/test_score_formats.py fails for a format without its builder here.
WRITER_BUILDERS: dict[str, Callable[[Callable[..., DealWriter], ScoreOptions], DealWriter]] = {
    "tables": _tables_writer, "json": _json_writer, "csv-payments": _csv_writer,
}


def _score_one(path: Path, options: ScoreOptions, writer, out, err, tick,
               jobs: int) -> SessionOutcome:
    from ..session.scoring import score_session  # the library: start-up time

    with _open_session(path, options) as session:
        score_session(session, out, writer, only=options.deal_number, tick=tick, jobs=jobs,
                      path=path, rules=options.rules, sets=options.sets)
        if session.profile is None and writer.diagnostics_apart:  # beneath the diagnostics
            err.print(t(Msg("{name}: not settled: the rules it names cannot be built (see above)",
                            name=session.name)), soft_wrap=True)
        return session.outcome()


def _open_session(path: Path, options: ScoreOptions) -> Session:
    from ..diagnostics import ProfileError  # the library: start-up time
    from ..session.service import Session  # the library: start-up time

    try:
        return Session.open(str(path), options.rules, dict(options.sets))
    except ProfileError as exc:
        raise profile_usage_error(exc) from None
