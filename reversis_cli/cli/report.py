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
@option("-o", "--output", metavar="FILE|DIR", required=True,
        help="Write the page to FILE (replaced whole, only once complete); - for "
             "standard output.  A club page: DIR/index.html and DIR/sessions/, or "
             "FILE.html and FILE-sessions/ beside it.")
@option("--league", "league_file", metavar="FILE",
        help="A club page's standings by this league file's rules (docs/league.md).")
@option("--lang", type=click.Choice(LANGUAGES), is_eager=True, expose_value=False,
        callback=_language, help="The language of the page (as reversis --lang).")
@profile_options
@money_options
def report_command(inputs: tuple[str, ...], output: str, league_file: str | None,
                   rules: str | None, sets: dict[str, str], fiche_value: str | None,
                   currency: str | None) -> None:
    """Write the sessions as one HTML page: balance, chart, every deal trick by trick.

    FILES are records, quoted patterns or - for standard input.  A folder, an
    archive made by `reversis archive`, --league or an output folder make a club
    page instead: the standings, each player's figures and net over time, the
    titles, and a page per session linked from it.  The pages load nothing from
    the network.
    """
    from .club_report import is_club_report, write_club_report  # start-up time

    if is_club_report(inputs, output, league_file):
        write_club_report(inputs, output, league_file, rules, sets, fiche_value, currency)
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
