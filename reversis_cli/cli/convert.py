"""``reversis fmt`` and ``reversis convert``.

Like the other commands they parse their options, call one library function
(:func:`reversis_cli.convert.fmt.format_file`, :func:`reversis_cli.convert.convert`)
and print; exit 0 done, 1 the input has errors (or, with ``fmt --check``, a
file is not canonical), 2 the command line is wrong.  Files are written only
through :func:`reversis_cli.files.write_atomic`.  As in every command module,
the library is imported inside the command functions, for start-up time.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .common import (
    Count, EXIT_INPUT_ERRORS, EXIT_OK, FilePath, Msg, N_, bad_parameter, command, lang, option,
    report, t, tr, usage_error,
)
from .guards import refuse_output, write_output
from .options import (
    apply_sets, card_style_option, file_argument, load_rules_option, record_files_argument,
    rules_option, set_option,
)

from ..i18n.language import language_cards

__all__ = ["fmt_command", "convert_command"]

SOURCES = ("rvs", "json", "csv-tricks")
TARGETS = ("json", "rvs", "csv-tricks", "csv-payments")
# A record to convert is read whole; a session of a million deals is far below this.
MAX_INPUT_BYTES = 1 << 30


def _standard_input() -> bytes:
    """Standard input, read whole up to the size a record file may have."""
    data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise bad_parameter(Msg("cannot read standard input: it is larger than {limit} bytes",
                                limit=f"{MAX_INPUT_BYTES:,}"), param_hint="FILE")
    return data


_WHY_NOT = {
    "lossy": N_("the record has lines that cannot be rewritten without losing them (see above)"),
    "errors": N_("the record has errors (see above); the file is left as it is: fix them, "
                 "then run fmt again"),
    "file": N_("the file is left as it is (see above)"),
}


@command("fmt")
@record_files_argument
@option("--check", is_flag=True,
        help="Change nothing; exit 1 if a file is not in canonical form.")
@card_style_option(default=None, help="How to write cards (default: as most of the record's "
                                       "cards are written).")
def fmt_command(files: tuple[str, ...], check: bool, style: str | None) -> None:
    """Rewrite records in canonical form, keeping every comment.

    A file with lines that cannot be read, or a record with errors (see
    `reversis check`), is left as it is; so is a read-only file, one with
    several hard links, or anything but a regular file.  Permissions, line
    ends and a BOM are kept.  FILE '-' reads standard input and writes the
    canonical text to standard output.
    """
    from ..convert.fmt import canonical_text, format_file, in_the_style_of  # start-up time

    style = style.lower() if style else None
    changed = unchanged = failed = 0
    for file in files:
        if file == "-":
            raw = _standard_input()
            result = canonical_text(raw, "<stdin>", style)
            if result.text is not None:  # the canonical text could be made
                result.text = in_the_style_of(result.text, raw)
                result.changed = result.text.encode("utf-8") != raw
                if not check:
                    click.echo(result.text, nl=False)
        else:
            result = format_file(file, style, check=check)
        if not result.ok:
            failed += 1
            report(result.diagnostics)
            click.echo(t(Msg("{file}: not formatted: {why}", file=file,
                             why=tr(_WHY_NOT[result.reason]))), err=True)
        elif result.changed:
            changed += 1
            if check:
                click.echo(t(Msg("would reformat {file}", file=file)))
            elif file != "-":
                click.echo(t(Msg("reformatted {file}", file=file)), err=True)
        else:
            unchanged += 1
    if check or len(files) > 1 or failed:
        click.echo(t(_fmt_summary(check, changed, unchanged, failed)), err=True)
    sys.exit(EXIT_INPUT_ERRORS if failed or (check and changed) else EXIT_OK)


def _fmt_summary(check: bool, changed: int, unchanged: int, failed: int) -> Msg:
    """``1 file reformatted, 2 already canonical, 1 not formatted``."""
    if check:
        done = Count(changed, "{n} file would be reformatted", "{n} files would be reformatted")
    else:
        done = Count(changed, "{n} file reformatted", "{n} files reformatted")
    canonical = Count(unchanged, "{n} already canonical", "{n} already canonical")
    if not failed:
        return Msg("{done}, {canonical}", done=done, canonical=canonical)
    return Msg("{done}, {canonical}, {failed}", done=done, canonical=canonical,
               failed=Count(failed, "{n} not formatted", "{n} not formatted"))


def _parse_players(ctx, param, value: str | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    names = tuple(n.strip() for n in value.replace(";", ",").split(",") if n.strip())
    if len(names) != 4 or len(set(names)) != 4:
        raise bad_parameter(Msg("give the four players in playing order, separated by "
                                "commas: --players Anna,Boris,Vera,Gleb"))
    return names


def _settle_with(rules: str | None, sets: dict[str, str], pot: str | None,
                 output: str | None):
    """The header lines a CSV import writes; a bad one is a usage error."""
    from ..convert.csvtricks import SettleWith, rules_for_record  # the library: start-up time
    from ..amounts import read_amount  # the library: start-up time

    if pot is not None and read_amount(pot.strip()) is None:
        raise bad_parameter(Msg("{pot} is not an amount: write a whole number or a "
                                "fraction such as 30 or 5/2 (at most 30 digits)", pot=repr(pot)),
                            param_hint="--pot")
    apply_sets(load_rules_option(rules or "classic"), sets)  # a path: from the current folder
    if rules is not None:  # the record looks for the file from its own folder
        rules = rules_for_record(rules, Path(output).parent if output not in (None, "-")
                                 else Path.cwd())
    return SettleWith(rules, tuple(sets.items()), pot.strip() if pot is not None else None)


@command("convert")
@file_argument
@option("--to", "target", type=click.Choice(TARGETS), required=True,
        help="The format to write.")
@option("--from", "source", type=click.Choice(SOURCES),
        help="The format of FILE (default: from its extension: .rvs, .json, .csv).")
@option("-o", "--output", type=FilePath(dir_okay=False, allow_dash=True), metavar="FILE",
        help="Write here (atomically) instead of standard output.")
@option("--players", metavar="A,B,C,D", callback=_parse_players,
        help="csv-tricks input: the players in playing order, when the rows cannot "
             "tell it.")
@rules_option(help="csv-tricks input: the rule profile to write in the record (the CSV "
                  "cannot hold it); a file path is from the current folder, and the record "
                  "names it from its own folder.")
@set_option(help="csv-tricks input: a set line to write in the record (repeatable).")
@option("--pot", metavar="AMOUNT",
        help="csv-tricks input: the pool before deal 1, in fiches (such as 30 or 5/2).")
@card_style_option(default=None,
                   help="How to write cards: in .rvs output and the JSON's 'cards' member "
                        "(default as the record spells them, as fmt), in csv-tricks output "
                        "(default ascii), and in the reasons of csv-payments (default as the "
                        "reasons are written, A♠).")
def convert_command(file: str, target: str, source: str | None, output: str | None,
                    players: tuple[str, ...] | None, rules: str | None,
                    sets: dict[str, str], pot: str | None, style: str | None) -> None:
    """Convert a record: .rvs, JSON (reversis-record/1), csv-tricks, csv-payments.

    Every conversion keeps everything the target can hold: rvs → json → rvs
    gives the `fmt` output, and comments travel in the JSON. csv-tricks holds
    only the tricks: export says what it leaves out, and --rules, --set and
    --pot give the header back on import.
    """
    from ..convert import convert, format_from_name  # the library: start-up time
    from ..files import (  # the library: start-up time
        FileKindError, read_regular_file, reading_problem,
    )

    if source is None:
        source = format_from_name(file) if file != "-" else None
        if source is None:
            raise usage_error(Msg("cannot tell the format of {file} from its name: "
                                  "give --from rvs|json|csv-tricks", file=file))
    for given, name in ((players, "--players"), (rules, "--rules"), (sets, "--set"),
                        (pot, "--pot")):
        if given and source != "csv-tricks":
            raise usage_error(Msg("{option} is for csv-tricks input only", option=name))
    refuse_output(output, [file], lambda source: Msg(
        "the output {output} is the input {file} itself; write the converted record to "
        "another file", output=output, file=source))
    settle_with = _settle_with(rules, sets, pot, output)
    if file == "-":
        data, name = _standard_input(), "<stdin>"
    else:
        try:
            data, name = read_regular_file(file, MAX_INPUT_BYTES), file
        except (OSError, FileKindError) as exc:
            raise bad_parameter(Msg("cannot read {file}: {reason}", file=file,
                                    reason=reading_problem(exc)), param_hint="FILE") from None
    if style is None and target == "csv-payments":
        # the reasons are sentences in the run's language: their cards too (Т♠ in
        # Russian, as the screen shows them); files already written keep theirs
        style = language_cards(lang())
    result = convert(data, name, source, target, style=style.lower() if style else None,
                     players=players, settle_with=settle_with, payments=_payments_writer(target))
    errors = report(result.diagnostics)
    if result.text is None or errors:
        click.echo(t(Msg("{file}: not converted", file=file)), err=True)
        sys.exit(EXIT_INPUT_ERRORS)
    if output is None:
        click.echo(result.text, nl=False)
    else:
        write_output(output, result.text.encode("utf-8"))
    sys.exit(EXIT_OK)


def _payments_writer(target: str):
    """csv-payments is the score as CSV: its writer settles the record, so the
    command passes it to the converter (which never settles)."""
    if target != "csv-payments":
        return None
    from ..score.csv import rvs_to_payments_csv  # the library: start-up time
    return rvs_to_payments_csv
