"""The ``reversis`` command line.

Each command parses its options, calls one library function, prints what it
returns and maps problems to the exit status of OUTPUT.md: 0 done and no
error, 1 the input has errors, 2 the command line is wrong.  Heavy modules
(lark, rich) are imported inside the commands that need them.
"""

from __future__ import annotations

import json
import sys

import click

from . import __version__

CARD_STYLES = click.Choice(["ascii", "unicode", "ru"], case_sensitive=False)
EXIT_OK, EXIT_INPUT_ERRORS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


def _console(stderr: bool = False):
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def _print_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="reversis")
def cli() -> None:
    """Record, check, settle and explain games of Reversis."""


@cli.command()
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, allow_dash=False))
@click.option("--json", "as_json", is_flag=True, help="Print the diagnostics as JSON.")
@click.option("--strict", is_flag=True, help="Treat warnings (revokes) as errors.")
def check(files: tuple[str, ...], as_json: bool, strict: bool) -> None:
    """Check records: every card, every trick, every written line."""
    from .check import check_files

    reports = check_files(files, strict=strict)
    diags = [d for r in reports for d in r.diagnostics]
    errors = sum(r.errors for r in reports)
    warnings = sum(r.warnings for r in reports)
    deals = sum(r.deals for r in reports)
    if as_json:
        _print_json({
            "format": "reversis-check/1",
            "diagnostics": [d.to_json() for d in diags],
            "summary": {"files": len(reports), "deals": deals, "errors": errors,
                        "warnings": warnings},
        })
    else:
        from .render.diagnostics import render_diagnostic

        console = _console()
        for d in diags:
            console.print(render_diagnostic(d), soft_wrap=True)
        console.print(_summary(len(reports), deals, errors, warnings))
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


def _summary(files: int, deals: int, errors: int, warnings: int) -> str:
    def n(count: int, word: str) -> str:
        return f"{count or 'no'} {word}{'' if count == 1 else 's'}"

    return f"checked {n(files, 'file')}, {n(deals, 'deal')}: {n(errors, 'error')}, " \
           f"{n(warnings, 'warning')}"


@cli.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--deal", "deal_number", type=click.IntRange(min=1), help="Show only this deal.")
@click.option("--cards", "style", type=CARD_STYLES, default="unicode", show_default=True,
              help="How to write cards.")
def show(file: str, deal_number: int | None, style: str) -> None:
    """Lay out each deal: tricks by player, leads and takers, hands, partie."""
    from .render.diagnostics import render_diagnostic
    from .render.show import render_deal
    from .reader import open_record

    out, err = _console(), _console(stderr=True)
    found = errors = 0
    with open_record(file) as record:
        for d in record.header_diagnostics:
            err.print(render_diagnostic(d), soft_wrap=True)
        errors += sum(d.is_error for d in record.header_diagnostics)
        for checked in record.deals():
            if deal_number is not None and checked.number != deal_number:
                continue
            found += 1
            for d in checked.diagnostics:
                err.print(render_diagnostic(d), soft_wrap=True)
            errors += sum(d.is_error for d in checked.diagnostics)
            if checked.settleable:
                out.print(render_deal(checked.replayed, style.lower()))
                out.print()
    if deal_number is not None and not found:
        raise click.UsageError(f"{file} has no deal {deal_number}")
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


def main(argv: list[str] | None = None) -> None:
    """Entry point: no Python traceback ever reaches a user."""
    try:
        cli.main(args=argv, prog_name="reversis", standalone_mode=True)
    except BrokenPipeError:  # the reader of our output went away (| head)
        sys.stderr.close()
        sys.exit(EXIT_OK)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # a bug: say so plainly, without a traceback
        click.echo(f"reversis: internal error ({type(exc).__name__}: {exc}); please report it "
                   "with the file that caused it", err=True)
        sys.exit(EXIT_INTERNAL)
