"""``reversis rules``: show a rule profile, or where two profiles differ, or
infer from a record's paid and tally lines the options its table played.

Like the other commands it parses its arguments, loads the profiles (the one
library call) and prints renderables; as in every command module, the
renderers (and rich) are imported inside the command function, for start-up
time.
"""

from __future__ import annotations

import sys

import click

from .consoles import table_console
from .common import (
    EXIT_INPUT_ERRORS, EXIT_OK, FilePath, Msg, argument, command, console, option, report, t,
    usage_error,
)
from .guards import STDOUT, refuse_output, write_output
from .options import load_rules_option, open_session, rules_option, set_option

__all__ = ["rules_command"]


@command("rules")
@argument("profile", metavar="[PROFILE|FILE]", required=False)
@option("--diff", nargs=2, metavar="A B", default=None,
        help="Show only the options on which profiles A and B differ.")
@option("--quote", is_flag=True,
        help="Quote under each option the Russian paragraphs it cites.")
@option("--infer", "record", metavar="FILE", default=None,
        type=FilePath(exists=True, dir_okay=False, allow_dash=True),
        help="Find the option values under which the paid and tally lines of the record "
             "FILE agree with the rules, and print them as a house profile.")
@option("-o", "--output", metavar="FILE", default=None,
        help="With --infer: write the house profile to FILE instead of printing it; - "
             "writes it alone to standard output, the rest to standard error.")
@rules_option(help="With --infer: start from this profile instead of the record's own.")
@set_option(help="With --infer: hold an option at this value (repeatable).")
def rules_command(profile: str | None, diff: tuple[str, str] | None, quote: bool,
                  record: str | None, output: str | None, rules: str | None,
                  sets: dict[str, str]) -> None:
    """List the rule options of a profile (default: classic), or compare two.

    PROFILE is classic, modern or the path of a TOML house profile.
    """
    if record is None:
        for given, name in ((output, "-o"), (rules, "--rules"), (sets, "--set")):
            if given:
                raise usage_error(Msg("{option} goes with --infer FILE", option=name))
    elif profile is not None or diff:
        raise usage_error(Msg("--infer FILE reads the profile from the record: give no "
                              "PROFILE or --diff with it"))
    if diff and profile is not None:
        raise usage_error(Msg("give either a PROFILE or --diff A B, not both"))
    if record is not None:
        _infer(record, output, rules, sets)
    elif diff:
        from ..render.rules import render_diff  # start-up time

        a, b = (load_rules_option(name, option="--diff") for name in diff)
        table_console().print(render_diff(a, b, quote=quote, given=diff))
    else:
        from ..render.rules import render_profile  # start-up time

        chosen = load_rules_option(profile or "classic", option="'[PROFILE|FILE]'")
        table_console().print(render_profile(chosen, quote=quote))


def _infer(record: str, output: str | None, rules: str | None, sets: dict[str, str]) -> None:
    """``rules --infer``: report the record's problems, or print (or write)
    the options found."""
    from ..sheet.infer import infer_in  # the library: start-up time
    from ..render.infer import render_inference  # rich: start-up time

    refuse_output(output, [record], lambda source: Msg(
        "the output {output} is the record {file} itself; write the house profile to "
        "another file", output=output, file=source))
    with open_session(record, rules, sets) as session:
        outcome = infer_in(session, held=sets)
    report(outcome.diagnostics)
    if outcome.inference is None:
        if outcome.problem is not None:
            click.echo(t(outcome.problem), err=True)
        sys.exit(EXIT_INPUT_ERRORS)
    if output is not None:
        write_output(output, outcome.inference.house_profile.encode("utf-8"))
    # With the profile on standard output, what was found goes to standard error.
    console(stderr=output == STDOUT).print(render_inference(outcome.inference,
                                                            written_to=output))
    sys.exit(EXIT_OK)
