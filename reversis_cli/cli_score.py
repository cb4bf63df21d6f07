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
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Callable

import click

from .cli_common import (
    EXIT_INPUT_ERRORS, EXIT_INTERNAL, EXIT_OK, check_profile_options, console, console_spec, input_files,
    jobs_option, open_scoring, plural, profile_options, progress_bar, report,
)

__all__ = ["score_command", "FileOutcome", "score_file", "SESSION_ROWS"]

# The session table shows a running balance per deal for sessions up to this
# long; a longer one (an archive, a simulation) shows its totals only.
SESSION_ROWS = 500


@dataclass
class FileOutcome:
    """What one file came to, for the summary and the exit status."""

    name: str
    deals: int = 0
    errors: int = 0
    warnings: int = 0
    totals: dict = field(default_factory=dict)
    pool_end: Fraction | int = 0
    missing_deal: bool = False
    internal_error: str | None = None  # a bug stopped this file: what it was


@dataclass(frozen=True)
class ScoreOptions:
    deal_number: int | None
    as_json: bool
    rules: str | None
    sets: tuple[tuple[str, str], ...]
    look: dict  # console_spec of the terminal the output is for


@click.command("score")
@click.argument("inputs", metavar="FILES...", nargs=-1, required=True)
@click.option("--deal", "deal_number", type=click.IntRange(min=1), help="Only this deal.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the settlement as JSON (reversis-score/1, described in "
                   "docs/formats.md) instead of tables.")
@profile_options
@jobs_option
def score_command(inputs: tuple[str, ...], deal_number: int | None, as_json: bool,
                  rules: str | None, sets: dict[str, str], jobs: int) -> None:
    """Settle every deal: who pays whom, how much, why, and the pool.

    FILES are records, folders (every .rvs file in them) or quoted patterns.
    """
    files = input_files(inputs)
    if deal_number is not None and len(files) > 1:
        raise click.UsageError("--deal picks a deal of one file; name a single file")
    check_profile_options(rules, sets)
    options = ScoreOptions(deal_number, as_json, rules, tuple(sets.items()),
                           console_spec(console()))
    outcomes = _run(files, options, jobs)
    if deal_number is not None and outcomes[0].missing_deal:
        raise click.UsageError(f"{files[0]} has no deal {deal_number}")
    if len(files) > 1 and not as_json:
        console().print(_render_summary(outcomes))
    if any(o.internal_error for o in outcomes):
        sys.exit(EXIT_INTERNAL)
    sys.exit(EXIT_INPUT_ERRORS if any(o.errors for o in outcomes) else EXIT_OK)


def _run(files: list[Path], options: ScoreOptions, jobs: int) -> list[FileOutcome]:
    from .batch import run_files

    many = len(files) > 1
    write = sys.stdout.write
    if options.as_json and many:
        write('{\n"format": "reversis-score-batch/1",\n"files": [\n')
    outcomes = []
    with progress_bar(files, enabled=not options.as_json) as (tick, done):
        if jobs <= 1:
            for index, path in enumerate(files):
                _separate(write, options, index)
                outcomes.append(score_file(path, options, write, console(stderr=True),
                                           functools.partial(tick, path)))
                done(path)
        else:
            job = functools.partial(_score_to_files, options=options)
            for index, (outcome, out, err) in enumerate(run_files(job, files, jobs, done)):
                _separate(write, options, index)
                _copy_out(out, sys.stdout)
                _copy_out(err, sys.stderr)
                outcomes.append(outcome)
    if options.as_json and many:
        write("\n],\n" + f'"summary": {_summary_json(outcomes)}\n}}\n')
    return outcomes


def _separate(write: Callable[[str], object], options: ScoreOptions, index: int) -> None:
    if index and options.as_json:
        write(",\n")
    elif index:
        write("\n")


def _score_to_files(path: Path, options: ScoreOptions) -> tuple[FileOutcome, str, str]:
    """A worker's job: score one file into two temporary files (out, err)."""
    out = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".out", delete=False)
    err = tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".err", delete=False)
    with out, err:
        outcome = score_file(path, options, out.write, console(file=err, like=options.look))
    return outcome, out.name, err.name


def _copy_out(name: str, stream) -> None:
    with open(name, encoding="utf-8") as source:
        shutil.copyfileobj(source, stream)
    Path(name).unlink(missing_ok=True)


def score_file(path: Path, options: ScoreOptions, write: Callable[[str], object], err,
               tick: Callable[[int], None] | None = None) -> FileOutcome:
    """Score one record, writing its JSON or tables with ``write`` as it goes.

    A bug met in this file is reported with the file's name, and the file's
    JSON is still one whole object (with ``internal_error``), so that a batch
    goes on with the next file."""
    from .scoring import internal_error_json, internal_error_text

    outcome = FileOutcome(str(path))
    written = []

    def tracked(text: str) -> None:
        written.append(True)
        write(text)

    try:
        _score_one(path, options, tracked, err, tick, outcome)
    except Exception as exc:  # noqa: BLE001 -- a bug: name the file, carry on
        outcome.internal_error = internal_error_text(exc)
        if options.as_json and not written:  # else write_session_json closed it
            write(internal_error_json(str(path), exc))
        err.print(f"reversis: internal error while scoring {path} ({outcome.internal_error}); "
                  "please report it with this file", soft_wrap=True, markup=False)
    return outcome


def _score_one(path: Path, options: ScoreOptions, write: Callable[[str], object], err,
               tick: Callable[[int], None] | None, outcome: FileOutcome) -> None:
    from .scoring import score_deals, write_session_json

    record, profile, header_diags = open_scoring(str(path), options.rules, dict(options.sets))
    with record:
        outcome.errors = (sum(d.is_error for d in header_diags) if options.as_json
                          else report(header_diags, err))
        if profile is None or not record.players:
            if profile is None and not options.as_json:
                err.print(f"{path}: not settled: the rules it names cannot be built "
                          "(see above)", soft_wrap=True)
            if options.as_json:
                from .scoring import header_only_json

                write(header_only_json(str(path), header_diags))
            return
        scored = _counted(score_deals(record, profile), outcome, options, err, tick, record)
        if options.as_json:
            tail = write_session_json(record, profile, header_diags, scored, write)
            outcome.totals, outcome.pool_end = tail["totals"], tail["pool_end"]
        else:
            _write_tables(scored, record, profile, write, options, outcome)
    outcome.missing_deal = options.deal_number is not None and outcome.deals == 0


def _counted(scored, outcome: FileOutcome, options: ScoreOptions, err, tick, record):
    """The deals to show (all, or --deal N), reporting their diagnostics."""
    for one in scored:
        if tick:
            tick(record.position)
        if options.deal_number is not None and one.checked.number != options.deal_number:
            continue
        outcome.deals += 1
        diags = one.checked.diagnostics
        if options.as_json:  # they are in the JSON
            outcome.errors += sum(d.is_error for d in diags)
        else:
            outcome.errors += report(diags, err)
        outcome.warnings += sum(not d.is_error for d in diags)
        yield one


def _write_tables(scored, record, profile, write, options: ScoreOptions,
                  outcome: FileOutcome) -> None:
    from io import StringIO

    from .invisible import visible
    from .render.score import render_session, render_settlement, render_unsettled
    from .scoring import pool_start_of

    buffer = StringIO()
    out = console(file=buffer, like=options.look)

    def flush() -> None:
        write(buffer.getvalue())
        buffer.seek(0)
        buffer.truncate()

    changed = f" (changed: {', '.join(profile.overridden)})" if profile.overridden else ""
    out.print(f"{visible(record.name)} — rules: {visible(profile.name)}{changed}")
    pool_start = pool_start_of(record)[0]
    running = {name: 0 for name in record.players}
    pool = pool_start
    rows: list | None = []  # the session table's rows, while it is short enough to show
    for one in scored:
        settlement = one.settlement
        if settlement is None:
            out.print(render_unsettled(one.checked.number))
            label = f"{one.checked.number} (not settled)"
        else:
            out.print(render_settlement(settlement, record.players))
            label, pool = str(settlement.number), settlement.pool_after
            for name, amount in settlement.net.items():
                running[name] += amount
        if rows is not None and len(rows) < SESSION_ROWS:
            rows.append((label, dict(running), pool))
        else:
            rows = None
        out.print()
        flush()
    outcome.totals, outcome.pool_end = running, pool
    if options.deal_number is None and outcome.deals:
        out.print(render_session(rows, running, pool, record.players))
    flush()


def _summary_json(outcomes: list[FileOutcome]) -> str:
    import json

    from .settle import amount_json

    return json.dumps([{
        "source": o.name, "deals": o.deals, "errors": o.errors, "warnings": o.warnings,
        "totals": {k: amount_json(Fraction(v)) for k, v in o.totals.items()},
        "pool_end": amount_json(Fraction(o.pool_end)),
        **({"internal_error": o.internal_error} if o.internal_error else {}),
    } for o in outcomes], ensure_ascii=False)


def _render_summary(outcomes: list[FileOutcome]):
    from rich import box
    from rich.table import Table

    from .render.score import fiches, money_column, signed

    table = Table(box=box.SIMPLE_HEAD, title=f"{plural(len(outcomes), 'file')}",
                  title_justify="left", pad_edge=False)
    for name, justify in (("File", "left"), ("Deals", "right"), ("Errors", "right"),
                          ("Warnings", "right")):
        table.add_column(name, justify=justify, overflow="fold")
    money_column(table, "Pool at end")
    money_column(table, "Totals", justify="left")
    for o in outcomes:
        totals = ", ".join(f"{name} {signed(value)}" for name, value in o.totals.items())
        if o.internal_error:
            totals = "stopped by an internal error (see above)"
        table.add_row(o.name, str(o.deals), str(o.errors), str(o.warnings),
                      fiches(o.pool_end), totals)
    return table
