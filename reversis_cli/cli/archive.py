"""``reversis archive``: records settled into a club's SQLite database."""

from __future__ import annotations

import sys

from .common import (
    EXIT_INPUT_ERRORS, EXIT_OK, Count, LazyConsole, Msg, bad_parameter, command,
    files_argument, option, problem_text, report, t, tr, usage_error,
)
from .club_file import club_option, read_club

__all__ = ["archive_command", "result_line"]

DEFAULT_DATABASE = "club.sqlite"


@command("archive")
@files_argument
@option("-o", "--output", metavar="DB", default=DEFAULT_DATABASE, show_default=True,
        help="The archive to write: a SQLite database, created if missing.")
@option("--prune", is_flag=True,
        help="Also remove the sessions whose record file is gone.")
@club_option
def archive_command(inputs: tuple[str, ...], output: str, prune: bool, club: str | None) -> None:
    """Keep settled records in one SQLite database, for statistics and queries.

    FILES are records, folders (every .rvs file and JSON record in them) or
    quoted patterns.  A file already in the archive and unchanged is skipped,
    a changed one replaced; a file with errors is not loaded.  The tables are
    described in docs/output.md.
    """
    from ..session.batch import InputError  # the library: start-up time
    from ..club.archive import archive_inputs, record_inputs  # the library: start-up time
    from ..club.names import archive_names  # the library: start-up time
    from ..club.schema import ArchiveError  # the library: start-up time
    from ..files import same_file  # the library: start-up time

    if "-" in inputs:
        raise usage_error(Msg("archive reads record files, not standard input"))
    try:
        files = record_inputs(inputs)
    except InputError as exc:
        raise bad_parameter(problem_text(exc), param_hint=tr("FILES")) from None
    for source in files:
        if same_file(source, output):
            raise usage_error(Msg("the archive {output} is the record {file} itself; name "
                                  "another database with -o", output=output, file=source))
    err = LazyConsole(stderr=True)
    roster = read_club(club, err)
    results = []

    def each(result) -> None:
        report(result.diagnostics, err)
        err.print(t(result_line(result)), soft_wrap=True)
        results.append(result)

    try:
        archive_inputs(inputs, output, prune=prune, each=each)
        named = report(archive_names(output, roster), err)  # RV623 errors, RV624 warnings
    except ArchiveError as exc:
        report([exc.diagnostic], err)
        sys.exit(EXIT_INPUT_ERRORS)
    deals = sum(r.deals for r in results)
    err.print(t(Msg("{database}: {deals} stored in this run", database=output,
                    deals=Count(deals, "{n} deal", "{n} deals"))), soft_wrap=True)
    failed = named or any(r.state == "not loaded" for r in results)
    sys.exit(EXIT_INPUT_ERRORS if failed else EXIT_OK)


def result_line(result) -> Msg:
    """One file's line: ``evening.rvs: loaded, 9 deals``."""
    deals = Count(result.deals, "{n} deal", "{n} deals")
    errors = Count(result.errors, "{n} error", "{n} errors")
    lines = {
        "loaded": Msg("{name}: loaded, {deals}", name=result.name, deals=deals),
        "replaced": Msg("{name}: changed, replaced, {deals}", name=result.name, deals=deals),
        "unchanged": Msg("{name}: unchanged, skipped", name=result.name),
        "removed": Msg("{name}: the file is gone, removed", name=result.name),
        "not loaded": Msg("{name}: not loaded, {errors}", name=result.name, errors=errors),
    }
    return lines[result.state]
