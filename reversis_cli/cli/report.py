"""``reversis report``: the sessions as one self-contained HTML page."""

from __future__ import annotations

import sys

import click

from ..i18n import LANGUAGES
from .common import (
    EXIT_INPUT_ERRORS, EXIT_OK, Msg, check_profile_options, command, files_argument,
    input_files, option, profile_options, profile_usage_error, refuse_output,
    report, speak, write_output,
)
from .money import money_options, with_money

__all__ = ["report_command"]



def _language(ctx, param, value: str | None) -> None:
    # The group's --lang, given again after the command name: the same choice, later.
    if value is not None:
        speak(value)


@command("report")
@files_argument
@option("-o", "--output", metavar="FILE", required=True,
        help="Write the page to FILE (replaced whole, only once complete); - for "
             "standard output.")
@option("--lang", type=click.Choice(LANGUAGES), is_eager=True, expose_value=False,
        callback=_language, help="The language of the page (as reversis --lang).")
@profile_options
@money_options
def report_command(inputs: tuple[str, ...], output: str, rules: str | None,
                   sets: dict[str, str], fiche_value: str | None,
                   currency: str | None) -> None:
    """Write the sessions as one HTML page: balance, chart, every deal trick by trick.

    FILES are records, folders (every .rvs file in them), quoted patterns or
    - for standard input.  The page loads nothing from the network.
    """
    from ..diagnostics import ProfileError  # the library: start-up time
    from ..report import build_report  # jinja2: start-up time

    files = input_files(inputs)
    refuse_output(output, files, lambda source: Msg(
        "the output {output} is the record {file} itself; write the page to another file",
        output=output, file=source))
    check_profile_options(rules, sets)
    sets = with_money(sets, fiche_value, currency)
    try:
        page = build_report(files, rules, sets)
    except ProfileError as exc:
        raise profile_usage_error(exc) from None
    report(page.diagnostics)
    write_output(output, page.html.encode("utf-8"))
    sys.exit(EXIT_INPUT_ERRORS if page.errors else EXIT_OK)
