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


def _report(diags, console=None) -> int:
    """Print diagnostics compiler-style (stderr unless told) and count the errors."""
    from .render.diagnostics import render_diagnostic

    console = console or _console(stderr=True)
    for d in diags:
        console.print(render_diagnostic(d), soft_wrap=True)
    return sum(d.is_error for d in diags)


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
        console = _console()
        _report(diags, console)
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
    from .render.show import render_deal
    from .reader import open_record

    out = _console()
    found = 0
    with open_record(file) as record:
        errors = _report(record.header_diagnostics)
        for checked in record.deals():
            if deal_number is not None and checked.number != deal_number:
                continue
            found += 1
            errors += _report(checked.diagnostics)
            if checked.settleable:
                out.print(render_deal(checked.replayed, style.lower()))
                out.print()
    if deal_number is not None and not found:
        raise click.UsageError(f"{file} has no deal {deal_number}")
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


def _parse_sets(ctx, param, values) -> dict[str, str]:
    sets = {}
    for item in values:
        option, sep, value = item.partition("=")
        if not sep or not option.strip() or not value.strip():
            raise click.BadParameter(f"{item!r}: write option=value, e.g. partie_ties=split")
        sets[option.strip()] = value.strip()
    return sets


def _profile_options(func):
    func = click.option("--set", "sets", multiple=True, callback=_parse_sets,
                        metavar="OPTION=VALUE",
                        help="Override one option of the rule profile (repeatable).")(func)
    return click.option("--rules", metavar="PROFILE|FILE",
                        help="Rule profile: classic, modern or a TOML file; replaces the "
                             "record's own.")(func)


def _open_scoring(file: str, rules: str | None, sets: dict[str, str]):
    """The record and its profile; a bad --rules or --set is a usage error."""
    from .diagnostics import ProfileError
    from .reader import open_record
    from .scoring import resolve_profile

    record = open_record(file)
    try:
        profile, problems = resolve_profile(record, rules, sets)
    except ProfileError as exc:
        record.close()
        name = "--rules" if rules and "profile" in exc.diagnostic.message else "--set"
        raise click.BadParameter(exc.diagnostic.message, param_hint=name) from None
    return record, profile, record.header_diagnostics + problems


@cli.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--deal", "deal_number", type=click.IntRange(min=1), help="Only this deal.")
@click.option("--json", "as_json", is_flag=True, help="Print the OUTPUT.md JSON.")
@_profile_options
def score(file: str, deal_number: int | None, as_json: bool, rules: str | None,
          sets: dict[str, str]) -> None:
    """Settle every deal: who pays whom, how much, why, and the pool."""
    from .scoring import deal_json, score_deals, session_json

    record, profile, header_diags = _open_scoring(file, rules, sets)
    with record:
        errors = sum(d.is_error for d in header_diags)
        if profile is None or not record.players:
            scored = []
        else:
            scored = [s for s in score_deals(record, profile)
                      if deal_number is None or s.checked.number == deal_number]
    if deal_number is not None and not scored and not errors:
        raise click.UsageError(f"{file} has no deal {deal_number}")
    errors += sum(d.is_error for s in scored for d in s.checked.diagnostics)
    if as_json:
        deals = [deal_json(s, record.players) for s in scored]
        _print_json(session_json(record, profile, deals, header_diags) if profile else
                    {"format": "reversis-score/1", "source": file,
                     "diagnostics": [d.to_json() for d in header_diags]})
    else:
        _print_score(scored, record, header_diags, profile, show_session=deal_number is None)
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


def _print_score(scored, record, header_diags, profile, show_session: bool) -> None:
    from .render.score import render_session, render_settlement, render_unsettled
    from .scoring import pool_start_of

    out = _console()
    _report(header_diags)
    if profile is not None:
        out.print(f"Rules: {profile.name}" + (f" (changed: {', '.join(profile.overridden)})"
                                               if profile.overridden else ""))
    rows = []
    for s in scored:
        _report(s.checked.diagnostics)
        if s.settlement is None:
            out.print(render_unsettled(s.checked.number))
            rows.append((f"{s.checked.number} (not settled)", {}, s.pool_before))
        else:
            out.print(render_settlement(s.settlement, record.players))
            rows.append((str(s.settlement.number), s.settlement.net, s.settlement.pool_after))
        out.print()
    if show_session and rows:
        out.print(render_session(rows, record.players, pool_start_of(record)[0]))


@cli.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--deal", "deal_number", type=click.IntRange(min=1), required=True,
              help="The deal to explain.")
@_profile_options
def explain(file: str, deal_number: int, rules: str | None, sets: dict[str, str]) -> None:
    """Explain one deal: each card's effect, the partie, the tie-breaks, other readings."""
    from .explain import explain_deal
    from .render.explain import render_explanation

    record, profile, header_diags = _open_scoring(file, rules, sets)
    errors = _report(header_diags)
    if profile is None or not record.players:
        sys.exit(EXIT_INPUT_ERRORS)
    with record:
        explanation = explain_deal(record, profile, deal_number)
    if explanation is None:
        raise click.UsageError(f"{file} has no deal {deal_number}")
    _report(explanation.scored.checked.diagnostics)
    if explanation.scored.settlement is None:
        click.echo(f"deal {deal_number} has errors and cannot be settled", err=True)
        sys.exit(EXIT_INPUT_ERRORS)
    _console().print(render_explanation(explanation))
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


@cli.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--deal", "deal_number", type=click.IntRange(min=1), required=True,
              help="The deal to rule on.")
@click.option("--rules", metavar="PROFILE|FILE", help="Rule on it under this profile.")
@click.option("--compare", metavar="PROFILE|FILE",
              help="Set the ruling beside the one under this profile.")
@click.option("--set", "sets", multiple=True, callback=_parse_sets, metavar="OPTION=VALUE",
              help="An option of the other reading (with --compare, of that profile).")
@click.option("--no-quotes", is_flag=True, help="Leave out the quoted source paragraphs.")
def arbitrate(file: str, deal_number: int, rules: str | None, compare: str | None,
              sets: dict[str, str], no_quotes: bool) -> None:
    """Rule on one deal: the facts, the rules with their sources, the payments."""
    from .arbitrate import NoSuchDeal, compare_rulings, rule
    from .render.arbitrate import render_comparison, render_ruling

    record, profile, header_diags = _open_scoring(file, rules, {})
    record.close()
    errors = _report(header_diags)
    if profile is None or not record.players:
        sys.exit(EXIT_INPUT_ERRORS)
    other = _other_reading(profile, compare, sets)
    try:
        ruling = rule(file, deal_number, profile)
        comparison = compare_rulings(file, deal_number, profile, other) if other else None
    except NoSuchDeal:
        raise click.UsageError(f"{file} has no deal {deal_number}") from None
    errors += _report(ruling.scored.checked.diagnostics)
    out = _console()
    out.print(render_ruling(ruling, quote=not no_quotes))
    if comparison is not None:
        label_b = (compare or profile.name) + "".join(f", {k}={v}" for k, v in sets.items())
        out.print(render_comparison(comparison, profile.name, label_b))
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


def _other_reading(profile, compare: str | None, sets: dict[str, str]):
    """The profile of --compare / --set, or None when neither is given."""
    from pathlib import Path

    from .diagnostics import ProfileError
    from .rules import load_profile

    if compare is None and not sets:
        return None
    try:
        base = load_profile(compare, base_dir=Path.cwd()) if compare else profile
        return base.with_overrides(sets) if sets else base
    except ProfileError as exc:
        raise click.BadParameter(exc.diagnostic.message,
                                 param_hint="--compare" if compare else "--set") from None


def _register_commands() -> None:
    """Commands kept in modules of their own, with their library calls."""
    from .cli_convert import convert_command, fmt_command
    from .cli_rules import rules_command

    for command in (rules_command, fmt_command, convert_command):
        cli.add_command(command)


_register_commands()


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
