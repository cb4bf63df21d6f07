"""``reversis stats``: each player's figures over a club's sessions."""

from __future__ import annotations

import sys

from .common import (
    EXIT_INPUT_ERRORS, EXIT_OK, LazyConsole, Msg, bad_parameter, command, console,
    files_argument, json_option, option, print_json, problem_text, report, tr, usage_error,
)

__all__ = ["stats_command"]


@command("stats")
@files_argument
@option("--from", "start", metavar="DATE",
        help="Only the sessions dated on or after DATE (2027-01-14, or a month: 2027-01).")
@option("--to", "end", metavar="DATE",
        help="Only the sessions dated on or before DATE (2027-01-14, or a month: 2027-01).")
@option("--player", metavar="NAME", help="Only this player's figures.")
@json_option("Write the figures as JSON, each count with its file:deal references.")
@option("--show-deals", is_flag=True, help="Name the deals of each figure under the tables.")
def stats_command(inputs: tuple[str, ...], start: str | None, end: str | None,
                  player: str | None, as_json: bool, show_deals: bool) -> None:
    """Each player's figures over a club's sessions: net, parties, quinolas,
    aces, reversis, espagnolettes, irregularities, by seat, and titles.

    FILES are records, folders (every .rvs file and JSON record in them) or
    one archive made by `reversis archive` (read as it is).  With --from or
    --to, a session without a full date is left out, and the output says how
    many were.
    """
    from ..session.batch import InputError  # the library: start-up time
    from ..club.schema import ArchiveError  # the library: start-up time
    from ..club.stats import (  # the library: start-up time
        Period, StatsInputError, parse_day, read_stats, stats_json,
    )
    from ..render.stats import render_stats  # the library: start-up time

    if "-" in inputs:
        raise usage_error(Msg("stats reads record files or an archive, not standard input"))
    try:
        period = Period(parse_day(start) if start else None, parse_day(end) if end else None)
    except StatsInputError as exc:
        raise usage_error(exc.message) from None
    err = LazyConsole(stderr=True)
    failed = []

    def each(result) -> None:
        if result.errors:
            report(result.diagnostics, err)
            failed.append(result.name)

    try:
        stats, _ = read_stats(inputs, period, player, with_deals=as_json or show_deals,
                              each=each)
    except InputError as exc:
        raise bad_parameter(problem_text(exc), param_hint=tr("FILES")) from None
    except StatsInputError as exc:
        raise usage_error(exc.message) from None
    except ArchiveError as exc:
        report([exc.diagnostic], err)
        sys.exit(EXIT_INPUT_ERRORS)
    if as_json:
        print_json(stats_json(stats, inputs))
    else:
        console().print(render_stats(stats, show_deals))
    sys.exit(EXIT_INPUT_ERRORS if failed else EXIT_OK)
