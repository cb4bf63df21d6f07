"""The ``reversis`` command line.

Each command parses its options, calls one library function, prints what it
returns and maps problems to the exit status of docs/output.md: 0 done and no
error, 1 the input has errors, 2 the command line is wrong (3: an internal
error, which prints one line and never a traceback).  Commands with more to
them live in ``cli_*.py`` beside this file; heavy modules (lark, rich) are
imported inside the commands that need them.
"""

from __future__ import annotations

import functools
import sys

import click

from . import __version__
from .cli_common import (
    EXIT_INPUT_ERRORS, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, cards_option, console,
    input_files, jobs_option, plural, print_json, progress_bar, report, serial_if_stdin,
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="reversis")
def cli() -> None:
    """Record, check, settle and explain games of Reversis."""


@cli.command()
@click.argument("inputs", metavar="FILES...", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the diagnostics as JSON.")
@click.option("--strict", is_flag=True, help="Treat warnings (revokes) as errors.")
@jobs_option
def check(inputs: tuple[str, ...], as_json: bool, strict: bool, jobs: int) -> None:
    """Check records: every card, every trick, every written line.

    FILES are records, folders (every .rvs file in them), quoted patterns or
    - for standard input.
    """
    from .batch import run_files
    from .check import check_file

    files = input_files(inputs)
    jobs = serial_if_stdin(files, jobs)
    out = console()
    reports = []
    with progress_bar(files, enabled=not as_json) as (tick, done):
        if jobs > 1:
            results = run_files(functools.partial(check_file, strict=strict), files, jobs, done)
        else:
            results = (check_file(path, strict=strict, tick=functools.partial(tick, path))
                       for path in files)
        for file_report in results:
            reports.append(file_report)
            if not as_json:
                report(file_report.diagnostics, out)
            if file_report.internal_error:
                click.echo(f"reversis: internal error while checking {file_report.name} "
                           f"({file_report.internal_error}); please report it with this file",
                           err=True)
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
        out.print(f"checked {plural(len(reports), 'file')}, {plural(deals, 'deal')}: "
                  f"{plural(errors, 'error')}, {plural(warnings, 'warning')}")
    if failed:
        sys.exit(EXIT_INTERNAL)
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


def _check_summary(reports):
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for name, justify in (("File", "left"), ("Deals", "right"), ("Errors", "right"),
                          ("Warnings", "right")):
        table.add_column(name, justify=justify)
    for r in reports:
        table.add_row(r.name, str(r.deals), "internal error" if r.internal_error else str(r.errors),
                      str(r.warnings))
    return table


@cli.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--deal", "deal_number", type=click.IntRange(min=1), help="Show only this deal.")
@cards_option
def show(file: str, deal_number: int | None, style: str) -> None:
    """Lay out each deal: tricks by player, leads and takers, hands, partie.

    FILE - reads standard input.
    """
    from .render.show import render_deal
    from .reader import open_record

    out = console()
    found = 0
    with open_record(file) as record:
        errors = report(record.header_diagnostics)
        for checked in record.deals():
            if deal_number is not None and checked.number != deal_number:
                continue
            found += 1
            errors += report(checked.diagnostics)
            if checked.replayed is not None:  # errors too: then a marker needs to see it
                out.print(render_deal(checked.replayed, style.lower(), checked.has_errors))
                out.print()
    if deal_number is not None and not found:
        raise click.UsageError(f"{record.name} has no deal {deal_number}")
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


def _register_commands() -> None:
    """Commands kept in modules of their own."""
    from .cli_convert import convert_command, fmt_command
    from .cli_deal import arbitrate_command, explain_command
    from .cli_rules import rules_command
    from .cli_score import score_command
    from .cli_simulate import simulate_command

    for command in (score_command, explain_command, arbitrate_command, rules_command,
                    fmt_command, convert_command, simulate_command):
        cli.add_command(command)


_register_commands()


def main(argv: list[str] | None = None) -> None:
    """Entry point: no Python traceback ever reaches a user."""
    try:
        # Not click's standalone mode: it turns Ctrl-C into "Aborted!" and exit 1,
        # the status that means "the input has errors".
        status = cli.main(args=argv, prog_name="reversis", standalone_mode=False)
        sys.exit(status if isinstance(status, int) else EXIT_OK)
    except click.Abort as exc:
        if not isinstance(exc.__cause__, KeyboardInterrupt):  # end of input at a prompt
            click.echo("Aborted!", err=True)
            sys.exit(EXIT_INPUT_ERRORS)
        click.echo("interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except click.ClickException as exc:  # a wrong command line: usage and exit 2
        exc.show()
        sys.exit(exc.exit_code)
    except BrokenPipeError:  # the reader of our output went away (| head)
        sys.stderr.close()
        sys.exit(EXIT_OK)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except Exception as exc:  # a bug: say so plainly, without a traceback
        click.echo(f"reversis: internal error ({type(exc).__name__}: {exc}); please report it "
                   "with the file that caused it", err=True)
        sys.exit(EXIT_INTERNAL)
