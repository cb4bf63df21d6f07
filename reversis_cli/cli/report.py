"""``reversis report``: the sessions as one self-contained HTML page, or a club's page.

The club page (docs/output.md, "The club page"): a folder, an archive
database, ``--league`` or an output folder ask for it; records named one by
one keep today's one page.  Where the pages go:

- ``-o DIR/`` (a folder, made if missing): ``DIR/index.html`` and each
  session's page in ``DIR/sessions/``;
- ``-o PAGE.html``: ``PAGE.html`` and each session's page in
  ``PAGE-sessions/`` beside it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ..i18n import LANGUAGES
from .common import (
    EXIT_INPUT_ERRORS, EXIT_OK, LazyConsole, Msg, argument, bad_parameter, command, option,
    problem_text, report, speak, tr, usage_error,
)
from .guards import STDOUT, refuse_output, write_output
from .options import check_profile_options, input_files, profile_options, profile_usage_error
from .progress import steps_progress
from .club_file import club_option, read_club
from .money import money_options, with_money

__all__ = ["report_command", "is_club_report", "club_layout"]



def _language(ctx, param, value: str | None) -> None:
    # The group's --lang, given again after the command name: the same choice, later.
    if value is not None:
        speak(value)


@command("report")
@argument("inputs", metavar="FILES...", nargs=-1)  # with --league, the league file's season
@option("-o", "--output", metavar="FILE|DIR", required=True,
        help="Write the page to FILE (replaced whole, only once complete); - for "
             "standard output.  A club page: DIR/index.html and DIR/sessions/, or "
             "FILE.html and FILE-sessions/ beside it.")
@option("--league", "league_file", metavar="FILE",
        help="A club page's standings by this league file's rules (docs/league.md).")
@club_option
@option("--lang", type=click.Choice(LANGUAGES), is_eager=True, expose_value=False,
        callback=_language, help="The language of the page (as reversis --lang).")
@profile_options
@money_options
def report_command(inputs: tuple[str, ...], output: str, league_file: str | None,
                   club: str | None, rules: str | None, sets: dict[str, str],
                   fiche_value: str | None, currency: str | None) -> None:
    """Write the sessions as one HTML page: balance, chart, every deal trick by trick.

    FILES are records, quoted patterns or - for standard input.  A folder, an
    archive made by `reversis archive`, --league or an output folder make a club
    page instead: the standings, each player's figures and net over time, the
    titles, and a page per session linked from it.  With --league and no
    FILES, the season is the league file's own records or archive.  The pages
    load nothing from the network.
    """
    if not inputs and league_file is None:
        ctx = click.get_current_context()
        raise click.MissingParameter(ctx=ctx, param=next(
            param for param in ctx.command.params if param.name == "inputs"))
    if is_club_report(inputs, output, league_file):
        write_club_report(inputs, output, league_file, rules, sets, fiche_value, currency,
                          club)
    if club is not None:
        raise usage_error(Msg("--club applies to a club page (a folder, an archive, --league "
                              "or an output folder), not to a page of records named one by one"))
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


# --- the club page ----------------------------------------------------------------------


SESSIONS_FOLDER = "sessions"


def _names_folder(output: str) -> bool:
    return output != STDOUT and (output.endswith(("/", os.sep)) or os.path.isdir(output))


def is_club_report(inputs: tuple[str, ...], output: str, league_file: str | None) -> bool:
    """A club page is asked for: by a folder or an archive among the inputs,
    by ``--league``, or by an output folder."""
    from ..club.stats import is_database  # the library: start-up time

    return (league_file is not None or _names_folder(output)
            or any(name != "-" and (os.path.isdir(name) or is_database(name))
                   for name in inputs))


def club_layout(output: str) -> tuple[Path, Path, str]:
    """The club page's file, its sessions' folder, and the link from the one
    to the other."""
    if _names_folder(output):
        folder = Path(output)
        return folder / "index.html", folder / SESSIONS_FOLDER, SESSIONS_FOLDER + "/"
    page = Path(output)
    sessions = page.stem + "-" + SESSIONS_FOLDER
    return page, page.parent / sessions, sessions + "/"


def write_club_report(inputs: tuple[str, ...], output: str, league_file: str | None,
                      rules: str | None, sets: dict[str, str], fiche_value: str | None,
                      currency: str | None, club: str | None = None) -> None:
    from ..club.league_file import LeagueFileError, read_league_file  # start-up time
    from ..club.names import apply_roster, league_names  # the library: start-up time
    from ..club.roster import RosterError, league_roster  # the library: start-up time
    from ..diagnostics import ProfileError, ReversisError  # the library: start-up time
    from ..report.club import build_club_page  # jinja2: start-up time
    from ..report.made import MadePages  # the library: start-up time

    if output == STDOUT:
        raise usage_error(Msg("a club page is written with its sessions' pages: give a "
                              "folder (-o club/) or a file (-o club.html), not -"))
    if rules is not None or sets:
        raise usage_error(Msg("a club page shows the archive as it was settled: --rules and "
                              "--set apply to a page of records named one by one"))
    if "-" in inputs:
        raise usage_error(Msg("a club page reads record files, folders or an archive, not "
                              "standard input"))
    err = LazyConsole(stderr=True)
    roster = read_club(club, err)
    failed: list[str] = []
    with steps_progress() as phase:
        try:
            league = read_league_file(Path(league_file), league_file) if league_file else None
            if league is not None and league_file is not None:
                roster = roster or league_roster(league.club, Path(league_file), league_file)
                league = league_names(league, roster)
            if inputs or league_file is None:
                conn, base, sources = _open_archive(inputs, err, failed, phase)
            else:  # the season the league file names, read as `league` reads it
                conn, base, sources = _open_league_season(league, league_file, err)
            report(apply_roster(conn, roster, base), err)  # names as the club counts them
            if league is not None and league_file is not None:
                _check_league_names(conn, league, league_file)
        except (LeagueFileError, RosterError, ReversisError) as exc:  # RV601-9, RV620-3
            report(getattr(exc, "diagnostics", None) or [exc.diagnostic], err)
            sys.exit(EXIT_INPUT_ERRORS)
        index, folder, link = club_layout(output)
        _make_folder(folder)
        refuse_output(str(index), sources, lambda source: Msg(
            "the output {output} is the record {file} itself; write the page to another file",
            output=str(index), file=source))
        made = MadePages(folder)  # the pages an earlier run made, kept when still right

        def write_page(session) -> None:  # each session's page as soon as it is made
            write_output(str(folder / session.name), session.html.encode("utf-8"))
            made.written(session.name)

        try:
            page = build_club_page(conn, base, link, league, with_money({}, fiche_value, currency),
                                   made, lambda total: phase(tr("Sessions' pages"), total),
                                   write_page)
        except ProfileError as exc:
            raise profile_usage_error(exc) from None
        finally:
            conn.close()
    report(page.diagnostics)
    _write_pages(page, folder, index, made)
    errors = failed or any(d.is_error for d in page.diagnostics)
    sys.exit(EXIT_INPUT_ERRORS if errors else EXIT_OK)


def _write_pages(page, folder: Path, index: Path, made) -> None:
    """After the sessions' pages (written as they were made), the page that
    links them, then the manifest of the pages (report/made.py): a run
    stopped before its end leaves pages the next run makes again, never a
    stale one taken as made."""
    from ..report.made import MANIFEST  # the library: start-up time

    write_output(str(index), page.html.encode("utf-8"))
    write_output(str(folder / MANIFEST), made.to_bytes())


def _open_archive(inputs: tuple[str, ...], err, failed: list[str], phase):
    """The archive to read, the folder its paths are relative to (None: as
    given) and the files read: one database read as it is, or the records
    named, archived in memory (a record with errors is left out, said why)."""
    from ..club.archive import (  # the library: start-up time
        DUPLICATE, build_in_memory, open_to_read, record_inputs,
    )
    from ..club.stats import is_database  # the library: start-up time
    from ..session.inputs import InputError  # the library: start-up time

    databases = [name for name in inputs if is_database(name)]
    if databases:
        if len(inputs) > 1:
            raise usage_error(Msg("a club page reads one archive, or records, not both: "
                                  "{names}", names=", ".join(inputs)))
        return open_to_read(databases[0]), Path(databases[0]).parent, [databases[0]]

    try:
        files = record_inputs(inputs)
    except InputError as exc:
        raise bad_parameter(problem_text(exc), param_hint=tr("FILES")) from None
    step = phase(tr("Records"), len(files))

    def each(result) -> None:
        step()
        if result.errors or result.state == DUPLICATE:  # left out: said why
            report(result.diagnostics, err)
        if result.errors:
            failed.append(result.name)

    try:
        conn, _ = build_in_memory(inputs, each)
    except InputError as exc:
        raise bad_parameter(problem_text(exc), param_hint=tr("FILES")) from None
    return conn, None, [str(f) for f in files]


def _open_league_season(league, league_file: str, err):
    """The archive of the season a league file names (its ``records`` or
    ``archive``, relative to its folder), the folder its paths are relative
    to, and the files read.  :class:`LeagueFileError` as for ``league``: a
    file missing, or a record with errors (no standings would leave it out)."""
    from ..club.archive import record_inputs  # start-up time
    from ..club.league_file import open_season  # start-up time

    path = Path(league_file)

    def each(result) -> None:  # a record's warnings, as it is read
        report(result.diagnostics, err)

    conn = open_season(league, path, league_file, each)
    if league.archive is not None:
        archive = path.parent / league.archive
        return conn, archive.parent, [str(archive)]
    return conn, None, [str(f) for f in record_inputs(
        [str(path.parent / item) for item in league.records])]


def _check_league_names(conn, league, league_file: str) -> None:
    """:class:`LeagueFileError` for a name of the league file that played no
    session of its season (as ``league`` checks)."""
    from ..club.league import player_rows, season_sessions  # start-up time
    from ..club.league_file import check_names  # start-up time

    sessions, _ = season_sessions(conn, league)  # the names only: no notice
    if sessions:  # without a session, the page says so; no name can be checked
        check_names(league, Path(league_file), league_file,
                    {row.name for row in player_rows(conn, sessions)})


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise bad_parameter(Msg("cannot make the folder {folder}: {reason}", folder=str(folder),
                                reason=problem_text(exc)), param_hint="-o") from None
