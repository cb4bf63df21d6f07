"""``reversis check``: every card, every trick, every written line of records."""

from __future__ import annotations

import functools
import sys
from typing import Literal

import click

from .common import (
    Count, EXIT_INPUT_ERRORS, EXIT_INTERNAL, EXIT_OK, LazyConsole, Msg, N_, PlainConsole,
    command, is_plain, option, plain_look, print_json, report, t, tr,
)
from .options import files_argument, input_files, jobs_option, json_option, serial_if_stdin
from .progress import file_tick, progress_bar

__all__ = ["check_command"]


@command("check")
@files_argument
@json_option("Print the diagnostics as JSON.")
@option("--strict", is_flag=True,
        help="Treat warnings (revokes, the table's figures against the rules) as errors.")
@jobs_option
def check_command(inputs: tuple[str, ...], as_json: bool, strict: bool, jobs: int) -> None:
    """Check records: every card, every trick, every written line.

    FILES are records, folders (every .rvs file in them), quoted patterns or
    - for standard input.
    """
    # the library: imported when the command runs (start-up time)
    from ..session.batch import run_files
    from ..check import check_file  # the library: start-up time

    files = input_files(inputs)
    jobs = serial_if_stdin(files, jobs)
    # a file or a pipe: the warnings written as plain text (a revoke's, drawn by rich, cost
    # twice a deal's reading); else rich's, made when first printed to: check --json needs none
    look = plain_look()
    out = PlainConsole(like=look, as_rich=True) if is_plain(look) else LazyConsole()
    reports = []
    with progress_bar(files, enabled=not as_json) as (tick, done):
        if jobs > 1 and len(files) > 1:  # the files shared among processes
            results = run_files(functools.partial(check_file, strict=strict), files, jobs, done)
        else:  # one file may still be read in parts by several (reversis_cli/session/parts.py)
            results = (check_file(path, strict=strict, tick=file_tick(tick, path),
                                  jobs=jobs) for path in files)
        for file_report in results:
            reports.append(file_report)
            if not as_json:
                report(file_report.diagnostics, out)
            if file_report.internal_error:
                click.echo(t(Msg("reversis: internal error while checking {name} ({error}); "
                                 "please report it with this file", name=file_report.name,
                                 error=file_report.internal_error)), err=True)
    errors = sum(r.errors for r in reports)
    warnings = sum(r.warnings for r in reports)
    deals = sum(r.deals for r in reports)
    failed = [r for r in reports if r.internal_error]
    if as_json:
        print_json({
            "format": "reversis-check/1",
            "diagnostics": [d.to_json() for r in reports for d in r.diagnostics],
            "summary": {"files": len(reports), "deals": deals, "errors": errors,
                        "warnings": warnings},
            **({"internal_errors": [{"file": r.name, "message": r.internal_error}
                                    for r in failed]} if failed else {}),
        })
    else:
        if len(reports) > 1:
            out.print(_check_summary(reports))
        out.print(t(checked_line(len(reports), deals, errors, warnings)))
    if failed:
        sys.exit(EXIT_INTERNAL)
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


def checked_line(files: int, deals: int, errors: int, warnings: int) -> Msg:
    """``checked 2 files, 5 deals: 1 error, no warnings``."""
    return Msg("checked {files}, {deals}: {errors}, {warnings}",
               files=Count(files, "{n} file", "{n} files") if files else Msg("no files"),
               deals=Count(deals, "{n} deal", "{n} deals") if deals else Msg("no deals"),
               errors=Count(errors, "{n} error", "{n} errors") if errors else Msg("no errors"),
               warnings=Count(warnings, "{n} warning", "{n} warnings") if warnings
               else Msg("no warnings"))


_SUMMARY_COLUMNS: tuple[tuple[str, Literal["left", "right"]], ...] = (
    (N_("File"), "left"), (N_("Deals"), "right"), (N_("Errors"), "right"),
    (N_("Warnings"), "right"))


def _check_summary(reports):
    from rich import box  # rich: imported only when a summary is printed (start-up time)
    from rich.table import Table  # rich: start-up time

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for name, justify in _SUMMARY_COLUMNS:
        table.add_column(tr(name), justify=justify)
    for r in reports:
        table.add_row(r.name, str(r.deals),
                      tr("internal error") if r.internal_error else str(r.errors),
                      str(r.warnings))
    return table
