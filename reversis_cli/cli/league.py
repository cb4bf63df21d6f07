"""``reversis league``: a season's standings under the club's own rules, as its
league file writes them down (docs/league.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

from .consoles import table_console
from .common import (
    DiagnosticLog, EXIT_INPUT_ERRORS, EXIT_OK, argument, command, option, print_json, report,
)
from .options import json_option
from .club_file import club_option, club_roster

__all__ = ["league_command"]


@command("league")
@argument("league_file", metavar="FILE")
@json_option("Write the standings as JSON (docs/output.md) instead of the table.")
@option("--skip-stale", is_flag=True,
        help="Leave out the sessions whose record has had errors since it was archived "
             "(without it, their archived figures count, with a warning).")
@club_option
def league_command(league_file: str, as_json: bool, skip_stale: bool, club: str | None) -> None:
    """Rank a season's players by the rules written in a league file.

    FILE is a league file (TOML): the records or archive of the season, the
    period, the minimum attendance, the ranking, the penalty or exclusion for
    absence and the tie-breaks (docs/league.md).  Records with errors stop the
    standings: fix them first.
    """
    from ..club.league import player_rows, season_sessions, standings  # the library: start-up time
    from ..club.pool import season_pool  # the library: start-up time
    from ..club.league_file import (  # the library: start-up time
        LeagueFileError, check_names, open_season, read_league_file, season_base,
    )
    from ..club.names import apply_roster, league_names  # the library: start-up time
    from ..club.roster import (  # the library: start-up time
        RosterError, league_roster, roster_json,
    )
    from ..diagnostics import ReversisError  # the library: start-up time
    from ..render.league import league_json, render_league  # rich: start-up time

    err = DiagnosticLog(as_json)  # what is reported through it lands in the JSON too
    path = Path(league_file)

    def each(result) -> None:  # a record's warnings, as it is read
        report(result.diagnostics, err)

    try:
        roster = club_roster(club)
        settings = read_league_file(path, league_file)
        roster = roster or league_roster(settings.club, path, league_file)
        settings = league_names(settings, roster)
        conn = open_season(settings, path, league_file, each)
    except (LeagueFileError, RosterError) as exc:
        _stop(exc.diagnostics, err)
    except ReversisError as exc:  # the archive cannot be read (RV601 to RV605)
        _stop([exc.diagnostic], err)
    try:
        report(apply_roster(conn, roster, season_base(settings, path)), err)  # as counted
        sessions, notices = season_sessions(conn, settings, skip_stale,
                                            season_base(settings, path))
        report(notices, err)
        rows = player_rows(conn, sessions)
        if sessions:  # without a session, the table says so; no name can be checked
            check_names(settings, path, league_file, {row.name for row in rows})
        table = standings(settings, rows, len(sessions), season_pool(conn, sessions))
    except (LeagueFileError, RosterError) as exc:  # a name that played no session; RV623
        _stop(exc.diagnostics, err)
    finally:
        conn.close()
    if as_json:
        print_json({**league_json(table), "club": roster_json(roster),
                    "diagnostics": err.json()})
    else:
        table_console().print(render_league(table))  # a pipe gets no trailing spaces
    sys.exit(EXIT_OK)


def _stop(diagnostics, err: DiagnosticLog) -> NoReturn:
    """No standings: the problems reported, and with ``--json`` a JSON of them
    alone (docs/output.md), as ``check --json`` writes for a file it cannot
    read; exit 1."""
    report(diagnostics, err)
    if err.as_json:
        print_json({"format": "reversis-league/1", "diagnostics": err.json()})
    sys.exit(EXIT_INPUT_ERRORS)
