"""``reversis show``: each deal laid out as a table."""

from __future__ import annotations

import sys

import click

from .consoles import table_console
from .common import EXIT_INPUT_ERRORS, EXIT_OK, Msg, command, option, report, usage_error
from .options import cards_option, file_argument

__all__ = ["show_command"]


@command("show")
@file_argument
@option("--deal", "deal_number", type=click.IntRange(min=1), help="Show only this deal.")
@cards_option
def show_command(file: str, deal_number: int | None, style: str) -> None:
    """Lay out each deal: tricks by player, leads and takers, hands, partie.

    FILE - reads standard input.
    """
    from ..reader import open_record  # the library: imported when the command runs (start-up time)
    from ..render.show import render_deal  # rich: start-up time

    out = table_console()  # a pipe gets no trailing spaces
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
        raise usage_error(Msg("{name} has no deal {number}", name=record.name,
                              number=deal_number))
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)
