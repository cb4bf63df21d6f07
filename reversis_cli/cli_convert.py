"""``reversis fmt`` and ``reversis convert``.

Registered on the main group in :mod:`reversis_cli.cli` with
``cli.add_command(fmt_command)`` and ``cli.add_command(convert_command)``.
Like the other commands they parse their options, call one library function
(:func:`reversis_cli.formatting.format_file`, :func:`reversis_cli.convert.convert`)
and print; exit 0 done, 1 the input has errors (or, with ``fmt --check``, a
file is not canonical), 2 the command line is wrong.
"""

from __future__ import annotations

import sys

import click

__all__ = ["fmt_command", "convert_command"]

CARD_STYLES = click.Choice(["ascii", "unicode", "ru"], case_sensitive=False)
EXIT_OK, EXIT_INPUT_ERRORS = 0, 1
SOURCES = ("rvs", "json", "csv-tricks")
TARGETS = ("json", "rvs", "csv-tricks", "csv-payments")


def _report(diags) -> int:
    """Print diagnostics compiler-style on stderr; the number of errors."""
    from rich.console import Console

    from .render.diagnostics import render_diagnostic

    console = Console(stderr=True, highlight=False, soft_wrap=False)
    for d in diags:
        console.print(render_diagnostic(d), soft_wrap=True)
    return sum(d.is_error for d in diags)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


@click.command("fmt")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--check", is_flag=True,
              help="Change nothing; exit 1 if a file is not in canonical form.")
@click.option("--cards", "style", type=CARD_STYLES,
              help="How to write cards (default: as most of the record's cards are written).")
def fmt_command(files: tuple[str, ...], check: bool, style: str) -> None:
    """Rewrite records in canonical form, keeping every comment.

    A file with lines that cannot be read is left as it is. FILE '-' reads
    standard input and writes the canonical text to standard output.
    """
    from .formatting import canonical_text, format_file

    style = style.lower() if style else None
    changed = unchanged = failed = 0
    for file in files:
        if file == "-":
            result = canonical_text(sys.stdin.buffer.read(), "<stdin>", style)
            if result.ok and not check:
                click.echo(result.text, nl=False)
        else:
            result = format_file(file, style, check=check)
        if not result.ok:
            failed += 1
            _report(result.diagnostics)
            click.echo(f"{file}: not formatted: the record has lines that cannot be rewritten "
                       "without losing them (see above)", err=True)
        elif result.changed:
            changed += 1
            if check:
                click.echo(f"would reformat {file}")
            elif file != "-":
                click.echo(f"reformatted {file}", err=True)
        else:
            unchanged += 1
    if check or len(files) > 1 or failed:
        verb = "would be reformatted" if check else "reformatted"
        parts = [f"{_plural(changed, 'file')} {verb}", f"{unchanged} already canonical"]
        if failed:
            parts.append(f"{failed} not formatted")
        click.echo(", ".join(parts), err=True)
    sys.exit(EXIT_INPUT_ERRORS if failed or (check and changed) else EXIT_OK)


def _parse_players(ctx, param, value: str | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    names = tuple(n.strip() for n in value.replace(";", ",").split(",") if n.strip())
    if len(names) != 4 or len(set(names)) != 4:
        raise click.BadParameter("give the four players in playing order, separated by "
                                 "commas: --players Anna,Boris,Vera,Gleb")
    return names


@click.command("convert")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--to", "target", type=click.Choice(TARGETS), required=True,
              help="The format to write.")
@click.option("--from", "source", type=click.Choice(SOURCES),
              help="The format of FILE (default: from its extension: .rvs, .json, .csv).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write here (atomically) instead of standard output.")
@click.option("--players", metavar="A,B,C,D", callback=_parse_players,
              help="csv-tricks input: the players in playing order, when the rows cannot "
                   "tell it.")
@click.option("--cards", "style", type=CARD_STYLES,
              help="How to write cards: in .rvs and csv-tricks output (default ascii), and in "
                   "the reasons of csv-payments (default as the reasons are written, A♠).")
def convert_command(file: str, target: str, source: str | None, output: str | None,
                    players: tuple[str, ...] | None, style: str) -> None:
    """Convert a record: .rvs, JSON (reversis-record/1), csv-tricks, csv-payments.

    Every conversion keeps everything the target can hold: rvs → json → rvs
    gives the `fmt` output, and comments travel in the JSON.
    """
    from pathlib import Path

    from .convert import convert, format_from_name
    from .formatting import write_atomic

    if source is None:
        source = format_from_name(file) if file != "-" else None
        if source is None:
            raise click.UsageError(f"cannot tell the format of {file} from its name: "
                                   "give --from rvs|json|csv-tricks")
    if players is not None and source != "csv-tricks":
        raise click.UsageError("--players is for csv-tricks input only")
    if file == "-":
        data, name = sys.stdin.buffer.read(), "<stdin>"
    else:
        data, name = Path(file).read_bytes(), file
    result = convert(data, name, source, target, style=style.lower() if style else None,
                     players=players)
    errors = _report(result.diagnostics)
    if result.text is None or errors:
        click.echo(f"{file}: not converted", err=True)
        sys.exit(EXIT_INPUT_ERRORS)
    if output is None or output == "-":
        click.echo(result.text, nl=False)
    else:
        write_atomic(output, result.text)
    sys.exit(EXIT_OK)
