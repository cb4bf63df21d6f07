"""``reversis score``: settle one record or many, deal by deal.

Output is written as each deal is settled, so a file of any length is
scored in bounded memory.  With several files, each file's output follows
the last (in the order named, whatever ``--jobs``), then a summary.  A
worker process writes a file's output to a temporary file that the parent
then copies out, so parallel runs print exactly what a serial run prints.
"""

from __future__ import annotations

import functools
import shutil
import sys
import tempfile
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING
from collections.abc import Callable

import click

from .common import (
    EXIT_INPUT_ERRORS, EXIT_INTERNAL, EXIT_OK, LazyConsole, Msg, argument, cards_option,
    check_profile_options, command, console, console_spec, input_files, jobs_option, lang, option,
    profile_options, profile_usage_error, progress_bar, report, serial_if_stdin, t, usage_error,
    use,
)

if TYPE_CHECKING:
    from ..session import ScoredDeal, Session, SessionOutcome

__all__ = ["score_command", "score_file"]


@dataclass(frozen=True)
class ScoreOptions:
    deal_number: int | None
    as_json: bool
    rules: str | None
    sets: tuple[tuple[str, str], ...]
    look: dict | None  # console_spec of the terminal the tables are for (None: JSON)
    cards: str = "unicode"  # how tables spell cards
    language: str = "en"  # the run's: a worker process speaks it too, however it was started
    err_look: dict | None = None  # console_spec of stderr (a part's diagnostics: split.py)


@command("score")
@argument("inputs", metavar="FILES...", nargs=-1, required=True)
@option("--deal", "deal_number", type=click.IntRange(min=1), help="Only this deal.")
@option("--json", "as_json", is_flag=True,
        help="Print the settlement as JSON (reversis-score/1, described in "
             "docs/output.md) instead of tables.")
@profile_options
@cards_option
@jobs_option
def score_command(inputs: tuple[str, ...], deal_number: int | None, as_json: bool,
                  rules: str | None, sets: dict[str, str], style: str, jobs: int) -> None:
    """Settle every deal: who pays whom, how much, why, and the pool.

    FILES are records, folders (every .rvs file in them), quoted patterns or
    - for standard input.
    """
    files = input_files(inputs)
    if deal_number is not None and len(files) > 1:
        raise usage_error(Msg("--deal picks a deal of one file; name a single file"))
    check_profile_options(rules, sets)
    # JSON needs no console: without one, rich is not even loaded.
    look = None if as_json else console_spec(console())
    err_look = None if as_json else console_spec(console(stderr=True))
    options = ScoreOptions(deal_number, as_json, rules, tuple(sets.items()), look,
                           style.lower(), lang(), err_look)
    if deal_number is None:
        outcomes = _run(files, options, serial_if_stdin(files, jobs))
    else:
        # One deal of one file: its output is held until the deal is found, so
        # that a deal the file does not have prints nothing but the usage error.
        held = StringIO()
        outcomes = _run(files, options, 1, held)
        first = outcomes[0]
        if first.settled and not first.deals:
            raise usage_error(Msg("{name} has no deal {number}", name=first.name,
                                  number=deal_number))
        sys.stdout.write(held.getvalue())
    if len(files) > 1 and not as_json:
        from ..render.session import render_summary  # rich: start-up time

        console().print(render_summary(outcomes))
    if any(o.internal_error for o in outcomes):
        sys.exit(EXIT_INTERNAL)
    sys.exit(EXIT_INPUT_ERRORS if any(o.errors for o in outcomes) else EXIT_OK)


def _run(files: list[Path], options: ScoreOptions, jobs: int,
         held: StringIO | None = None) -> list[SessionOutcome]:
    """Score ``files`` in order, writing to stdout (or into ``held``)."""
    from ..batch import run_files  # the library: start-up time
    from ..jsonout import BATCH_OPEN, BATCH_SEPARATOR, batch_close  # the library: start-up time

    many = len(files) > 1

    def write(text: str) -> None:
        # sys.stdout looked up at each write: the progress bar wraps it to erase itself first
        (sys.stdout if held is None else held).write(text)

    if options.as_json and many:
        write(BATCH_OPEN)
    outcomes = []
    with progress_bar(files, enabled=not options.as_json) as (tick, done):
        if jobs <= 1 or not many:  # one file may still be read in parts (split.py)
            for index, path in enumerate(files):
                if index:
                    write(BATCH_SEPARATOR if options.as_json else "\n")
                outcomes.append(score_file(path, options, write, LazyConsole(stderr=True),
                                           functools.partial(tick, path), jobs))
                done(path)
        else:
            job = functools.partial(_score_to_files, options=options)
            for index, (outcome, out, err) in enumerate(run_files(job, files, jobs, done)):
                if index:
                    write(BATCH_SEPARATOR if options.as_json else "\n")
                _copy_out(out, sys.stdout if held is None else held)
                _copy_out(err, sys.stderr)
                outcomes.append(outcome)
    if options.as_json and many:
        write(batch_close(outcomes))
    return outcomes


def _score_to_files(path: Path, options: ScoreOptions) -> tuple[SessionOutcome, str, str]:
    """A worker's job: score one file into two temporary files (out, err)."""
    out = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".out", delete=False)
    err = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".err", delete=False)
    with out, err, use(options.language):
        outcome = score_file(path, options, out.write, LazyConsole(file=err, like=options.look))
    return outcome, out.name, err.name


def _copy_out(name: str, stream) -> None:
    with open(name, encoding="utf-8") as source:
        shutil.copyfileobj(source, stream)
    Path(name).unlink(missing_ok=True)


def score_file(path: Path, options: ScoreOptions, write: Callable[[str], object], err,
               tick: Callable[[int], None] | None = None, jobs: int = 1) -> SessionOutcome:
    """Score one record, writing its JSON or tables with ``write`` as it goes
    (a long one in parts, with ``jobs`` > 1: reversis_cli/split.py).

    A bug met in this file is reported with the file's name, and the file's
    JSON is still one whole object (with ``internal_error``), so that a batch
    goes on with the next file."""
    from ..jsonout import internal_error_json, internal_error_text  # the library: start-up time
    from ..reader import display_name  # the library: start-up time
    from ..session import SessionOutcome  # the library: start-up time

    name = display_name(path)
    written = []

    def tracked(text: str) -> None:
        written.append(True)
        write(text)

    try:
        return _score_one(path, options, tracked, err, tick, jobs)
    except BrokenPipeError:  # the reader went away (| head): not a bug in this file
        raise
    except Exception as exc:  # noqa: BLE001 -- a bug: name the file, carry on
        if options.as_json and not written:  # else write_session_json closed it
            write(internal_error_json(name, exc))
        outcome = SessionOutcome(name, internal_error=internal_error_text(exc))
        err.print(t(Msg("reversis: internal error while scoring {name} ({error}); please "
                        "report it with this file", name=name, error=outcome.internal_error)),
                  soft_wrap=True, markup=False)
        return outcome


def _score_one(path: Path, options: ScoreOptions, write: Callable[[str], object], err,
               tick: Callable[[int], None] | None, jobs: int) -> SessionOutcome:
    with _open_session(path, options) as session:
        if not options.as_json:
            report(session.diagnostics, err)
        if not session.settleable:
            _not_settled(session, options, write, err)
            return session.outcome()
        parts = _parts(path, options, jobs)
        deals = (_in_parts(session, parts, options, err, tick, jobs) if parts
                 else _reported(session, options, err, tick))
        try:
            if options.as_json:
                from ..jsonout import write_session_json  # the library: start-up time

                write_session_json(session, deals, write, from_start=options.deal_number is None)
            else:
                _write_tables(session, deals, write, options)
        finally:
            deals.close()  # with parts: the workers stop now, on a closed pipe or Ctrl-C too
        return session.outcome()


def _open_session(path: Path, options: ScoreOptions) -> Session:
    from ..diagnostics import ProfileError  # the library: start-up time
    from ..session import Session  # the library: start-up time

    try:
        return Session.open(str(path), options.rules, dict(options.sets))
    except ProfileError as exc:
        raise profile_usage_error(exc) from None


def _not_settled(session: Session, options: ScoreOptions, write, err) -> None:
    if options.as_json:
        from ..jsonout import header_only_json  # the library: start-up time

        write(header_only_json(session.name, session.diagnostics))
    elif session.profile is None:
        err.print(t(Msg("{name}: not settled: the rules it names cannot be built (see above)",
                        name=session.name)), soft_wrap=True)


def _reported(session: Session, options: ScoreOptions, err, tick):
    """The deals to show (all, or --deal N); in tables, their diagnostics are
    printed as they come (the JSON holds them)."""
    for one in session.deals(only=options.deal_number, progress=tick):
        if not options.as_json:
            report(one.checked.diagnostics, err)
        yield one


class _Tables:
    """Renderables written as text with ``write``, laid out for ``look``."""

    def __init__(self, write: Callable[[str], object], look: dict | None):
        self._write = write
        self._buffer = StringIO()
        self.out = console(file=self._buffer, like=look)

    def flush(self) -> None:
        self._write(self._buffer.getvalue())
        self._buffer.seek(0)
        self._buffer.truncate()

    def show(self, renderable) -> None:
        from ..render.plain import plain_text  # rich: start-up time

        # Without colour, the same text laid out directly: rich's Console
        # costs ten times the settlement per deal (issue 14).
        out = self.out
        text = plain_text(renderable, out.width) if out.color_system is None else None
        if text is None:
            out.print(renderable)
        else:
            self._buffer.write(text)

    def deal(self, scored: ScoredDeal, players: tuple[str, ...], cards: str) -> None:
        from ..render.session import render_deal  # rich: start-up time

        self.show(render_deal(scored, players, cards))
        self._buffer.write("\n")
        self.flush()


def _write_tables(session: Session, deals, write, options: ScoreOptions) -> None:
    from ..render.session import BalanceRows, render_title  # rich: start-up time

    tables = _Tables(write, options.look)
    tables.show(render_title(session))
    rows = BalanceRows()
    for one in deals:
        if isinstance(one, str):  # deals written by a worker (split.py); no rows past 500 deals
            tables.flush()
            write(one)
            continue
        tables.deal(one, session.players, options.cards)
        rows.add(one, session)
    if options.deal_number is None and session.deals_shown:
        tables.show(rows.render(session))
    tables.flush()


# --- one long file in parts (reversis_cli/split.py) --------------------------------------


def _parts(path: Path, options: ScoreOptions, jobs: int):
    """The parts to score ``path`` in, or None.  The first part, scored in
    this process, holds more deals than the session table shows rows, so
    that the parts after it write deals only; a record with the table's
    figures is scored in order (their comparison needs the running balance)."""
    if options.deal_number is not None or jobs <= 1:
        return None  # asked before the imports: one job loads neither
    from ..render.session import SESSION_ROWS  # rich: start-up time
    from ..split import PART_DEALS, SCORE_WARM_UP, plan_parts  # the library: start-up time

    return plan_parts(path, jobs, first_deals=max(PART_DEALS, SESSION_ROWS + 1),
                      warm_up_deals=SCORE_WARM_UP, figures=False)


@dataclass
class _ScoredPart:
    """What a worker wrote for one part, and where the reading and the
    settling stood before and after it (plain data: it crosses processes)."""

    start: tuple | None = None  # (Expectations, Carried) the part was read from
    end: tuple | None = None
    out: str = ""
    err: str = ""
    deals: int = 0
    errors: int = 0
    warnings: int = 0
    irregular: bool = False  # a bug, or reading stopped: the parent scores the part again


def _in_parts(session: Session, parts, options: ScoreOptions, err, tick, jobs: int):
    """The deals of ``session`` as :func:`_reported` gives them, the first
    part's scored here and the others' as text written by workers (or scored
    here too, when a worker's part did not begin where the part before ended)."""
    from ..batch import run_in_order  # the library: start-up time
    from ..split import resume  # the library: start-up time

    record, reading = session.record, session.reading
    counted = sum(d.is_error for d in record.header_diagnostics)
    job = functools.partial(_score_part, str(record.name), options)
    with run_in_order(job, parts[1:], jobs) as results:
        record.stop_before(parts[0].until)
        counted, stopped = yield from _here(session, options, err, tick, counted)
        for part, result in zip(parts[1:], results, strict=False):
            if stopped:
                return
            here = (record.expected, reading.carried())
            if _can_take(result, here, counted):
                sys.stderr.write(result.err)
                if result.out:
                    yield result.out
                _take(session, result, here[1])
                counted += result.errors
                if tick:
                    tick(part.end)
                continue
            resume(record, part, record.expected, counted)
            counted, stopped = yield from _here(session, options, err, tick, counted)


def _here(session: Session, options: ScoreOptions, err, tick, counted: int):
    """The deals up to where the record stops, scored in this process; the
    file's errors counted after them, and whether reading ends there."""
    from ..split import stops_reading  # the library: start-up time

    stopped = False
    for one in _reported(session, options, err, tick):
        counted += sum(d.is_error for d in one.checked.diagnostics)
        stopped = stopped or stops_reading(one.checked)
        yield one
    return counted, stopped


def _can_take(result: _ScoredPart, here: tuple, counted: int) -> bool:
    """Whether a worker's part began exactly where the reading here stands:
    the same expectations, pool and last deal played (the balance is only
    added to), and its errors stay within the file's cap."""
    from ..split import takes_part  # the library: start-up time

    if result.start is None:
        return False
    (expected, carried), (expected_here, carried_here) = result.start, here
    return (takes_part(result.irregular, expected, result.errors, expected_here, counted)
            and carried.pool == carried_here.pool
            and carried.last_played == carried_here.last_played)


def _take(session: Session, result: _ScoredPart, carried) -> None:
    """The session as the part left it: its counts, and the balance moved by its nets."""
    from ..session import Carried  # the library: start-up time

    assert result.start is not None and result.end is not None
    start, (expected, end) = result.start[1], result.end
    balance = {name: carried.balance[name] + end.balance[name] - start.balance[name]
               for name in carried.balance}
    session.record.expected = expected
    session.reading.carry_on(Carried(end.pool, end.last_played, balance))
    session.deals_shown += result.deals
    session.errors += result.errors
    session.warnings += result.warnings


def _score_part(name: str, options: ScoreOptions, part) -> _ScoredPart:
    """A worker's job: score one part after its warm-up, writing its deals
    as the parent would (JSON, or tables and their diagnostics)."""
    from ..jsonout import written_deal  # the library: start-up time
    from ..split import stops_reading, warm_up  # the library: start-up time

    done = _ScoredPart()
    try:
        with use(options.language), _open_session(Path(name), options) as session:
            warm_up(session.record, part, session.deals)
            done.start = (session.record.expected, session.reading.carried())
            before = (session.deals_shown, session.errors, session.warnings)
            out: list[str] = []
            err_file = StringIO()
            err = console(file=err_file, like=options.err_look or options.look)
            tables = _Tables(out.append, options.look)
            for one in _reported(session, options, err, None):
                if options.as_json:
                    out.append(written_deal(one, session.players))
                else:
                    tables.deal(one, session.players, options.cards)
                done.irregular = done.irregular or stops_reading(one.checked)
            done.out = ("," if options.as_json else "").join(out)
            done.err = err_file.getvalue()
            done.deals, done.errors, done.warnings = (
                now - then for now, then in zip((session.deals_shown, session.errors,
                                                 session.warnings), before, strict=True))
            done.end = (session.record.expected, session.reading.carried())
    except Exception:  # noqa: BLE001 -- scored again in the parent, which reports it as usual
        done.irregular = True
    return done
