"""``reversis archive``: records settled into a club's SQLite database."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .common import (
    Count, EXIT_INPUT_ERRORS, EXIT_OK, Msg, argument, bad_parameter, command, err_console, option,
    plain_look, problem_text, report, t, tr, usage_error,
)
from .guards import OUTPUT_HINT
from .club_file import club_option, read_club

__all__ = ["archive_command", "result_line", "run_lines"]

DEFAULT_DATABASE = "club.sqlite"


@command("archive")
@argument("inputs", metavar="FILES...", nargs=-1)
@option("-o", "--output", metavar="DB", default=DEFAULT_DATABASE, show_default=True,
        help="The archive to write: a SQLite database, created if missing.")
@option("--prune", is_flag=True,
        help="Also remove the sessions whose record file is gone.")
@option("--remove", metavar="FILE", multiple=True,
        help="Remove the session of the record FILE (there or gone); repeatable.")
@club_option
def archive_command(inputs: tuple[str, ...], output: str, prune: bool,
                    remove: tuple[str, ...], club: str | None) -> None:
    """Keep settled records in one SQLite database, for statistics and queries.

    FILES are records, folders (every .rvs file and JSON record in them) or
    quoted patterns.  A file already in the archive and unchanged is skipped,
    a changed one replaced; a file with errors is not loaded (an archived
    version of it is kept, and said to be).  One evening is one session: a
    record whose evening is archived under another path is left out while
    that file is there, and taken as moved when it is gone.  The tables are
    described in docs/output.md.
    """
    from ..session.inputs import InputError  # the library: start-up time
    from ..club.archive import (  # the library: start-up time
        MOVED, NOT_LOADED, ArchiveRun, archive_files, record_inputs,
    )
    from ..club.names import archive_names  # the library: start-up time
    from ..club.schema import ArchiveError  # the library: start-up time
    from ..files import same_file  # the library: start-up time

    if not inputs and not remove:
        raise usage_error(Msg("name the records to archive (or a session to remove with "
                              "--remove)"))
    if "-" in inputs:
        raise usage_error(Msg("archive reads record files, not standard input"))
    _check_output(output)
    try:
        files = record_inputs(inputs) if inputs else []
    except InputError as exc:
        raise bad_parameter(problem_text(exc), param_hint=tr("FILES")) from None
    for source in files:
        if same_file(source, output):
            raise usage_error(Msg("the archive {output} is the record {file} itself; name "
                                  "another database with -o", output=output, file=source))
    err = err_console(plain_look(stderr=True))  # no rich on a pipe: a tenth of the start-up
    roster = read_club(club, err)
    results = []

    def each(result) -> None:  # a duplicate's RV613: its line says it
        report([d for d in result.diagnostics if d.code != "RV613"], err)
        err.print(t(result_line(result)), soft_wrap=True)
        results.append(result)

    run = ArchiveRun()
    try:
        archive_files(files, output, prune=prune, remove=remove, each=each, run=run)
        named = report(archive_names(output, roster), err)  # RV623 errors, RV624 warnings
    except ArchiveError as exc:
        report([exc.diagnostic], err)
        sys.exit(EXIT_INPUT_ERRORS)
    for line in run_lines(run):
        err.print(t(line), soft_wrap=True)
    deals = sum(r.deals for r in results if r.state != MOVED)
    err.print(t(Msg("{database}: {deals} stored in this run", database=output,
                    deals=Count(deals, "{n} deal", "{n} deals"))), soft_wrap=True)
    failed = named or any(r.state == NOT_LOADED for r in results)
    sys.exit(EXIT_INPUT_ERRORS if failed else EXIT_OK)


def _check_output(output: str) -> None:
    """``-o``: a database is a file (never standard output), in a folder that
    is there."""
    from ..files import folder_problem  # the library: start-up time

    if output == "-":
        raise bad_parameter(Msg("an archive is a database file, it cannot be standard "
                                "output: name a file"), param_hint=OUTPUT_HINT)
    if not os.path.lexists(output):
        problem = folder_problem(Path(os.path.abspath(output)).parent)
        if problem is not None:
            raise bad_parameter(Msg("cannot write {output}: {problem}", output=output,
                                    problem=problem), param_hint=OUTPUT_HINT)


def run_lines(run) -> list[Msg]:
    """What the run says after the files: rows mended, records gone."""
    lines = []
    if run.mended:
        lines.append(Msg("removed the rows left behind by {sessions} deleted without them",
                         sessions=Count(run.mended, "{n} session", "{n} sessions")))
    if len(run.gone) == 1:
        lines.append(Msg("1 session's record is gone ({paths}); --prune removes it",
                         paths=run.gone[0]))
    elif run.gone:
        lines.append(Msg("{gone} ({paths}); --prune removes them", paths=", ".join(run.gone),
                         gone=Count(len(run.gone), "{n} session's record is gone",
                                    "{n} sessions' records are gone")))
    return lines


def result_line(result) -> Msg:
    """One file's line: ``evening.rvs: loaded, 9 deals``."""
    deals = Count(result.deals, "{n} deal", "{n} deals")
    errors = Count(result.errors, "{n} error", "{n} errors")
    lines = {
        "loaded": Msg("{name}: loaded, {deals}", name=result.name, deals=deals),
        "replaced": Msg("{name}: changed, replaced, {deals}", name=result.name, deals=deals),
        "unchanged": Msg("{name}: unchanged, skipped", name=result.name),
        "removed": Msg("{name}: the file is gone, removed", name=result.name),
        "withdrawn": Msg("{name}: removed, with all its rows", name=result.name),
        "not loaded": Msg("{name}: not loaded, {errors}", name=result.name, errors=errors),
        "duplicate": Msg("{name}: the same evening as {other}, already archived: skipped",
                         name=result.name, other=result.other),
        "moved": Msg("{name}: taken as {other} moved here, {deals}", name=result.name,
                     other=result.other, deals=deals),
    }
    return lines[result.state]
