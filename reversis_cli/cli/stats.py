"""``reversis stats``: each player's figures over a club's sessions."""

from __future__ import annotations

import sys

from .common import (
    EXIT_INPUT_ERRORS, EXIT_OK, LazyConsole, Msg, apply_sets, bad_parameter, command, console,
    files_argument, json_option, load_rules_option, option, print_json, problem_text, report,
    set_option, tr, usage_error,
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
@option("--compare", metavar="PROFILE|FILE",
        help="Settle every session again under this profile: what each player would have "
             "come to, and what each option that differs moved and from whom.")
@set_option(help="An option of the other reading (with --compare, of that profile; "
                 "without, of each session's own); repeatable.")
@option("--skip-stale", is_flag=True,
        help="Leave out the sessions whose record has had errors since it was archived "
             "(without it, their archived figures count, with a warning).")
def stats_command(inputs: tuple[str, ...], start: str | None, end: str | None,
                  player: str | None, as_json: bool, show_deals: bool, compare: str | None,
                  sets: dict[str, str], skip_stale: bool) -> None:
    """Each player's figures over a club's sessions: net, parties, quinolas,
    aces, reversis, espagnolettes, irregularities, by seat, and titles.

    FILES are records, folders (every .rvs file and JSON record in them) or
    one archive made by `reversis archive` (read as it is).  With --from or
    --to, a session dated by month or year counts when that month or year
    meets the period; an undated one is left out, and the output says how
    many were.
    """
    from ..session.batch import InputError  # the library: start-up time
    from ..club.schema import ArchiveError  # the library: start-up time
    from ..club.stats import (  # the library: start-up time
        StatsInputError, period_of, read_stats, stats_json,
    )
    from ..render.stats import render_stats  # the library: start-up time

    if "-" in inputs:
        raise usage_error(Msg("stats reads record files or an archive, not standard input"))
    try:
        period = period_of(start, end)
    except StatsInputError as exc:
        raise usage_error(exc.message) from None
    other = _other_reading(compare, sets)
    err = LazyConsole(stderr=True)
    failed = []
    said: list = []  # every diagnostic reported: --json carries them too

    def each(result) -> None:
        if result.errors or result.state == "duplicate":  # left out: said why
            report(result.diagnostics, err)
            said.extend(result.diagnostics)
        if result.errors:
            failed.append(result.name)

    try:
        stats, _ = read_stats(inputs, period, player, with_deals=as_json or show_deals,
                              each=each, skip_stale=skip_stale)
    except InputError as exc:
        raise bad_parameter(problem_text(exc), param_hint=tr("FILES")) from None
    except StatsInputError as exc:
        raise usage_error(exc.message) from None
    except ArchiveError as exc:
        report([exc.diagnostic], err)
        sys.exit(EXIT_INPUT_ERRORS)
    report(stats.notices, err)
    said.extend(stats.notices)
    comparison = None
    if other is not None:
        comparison = _compared(inputs, stats.sessions, other, err)
        failed += comparison.problems
        said.extend(comparison.problems)
    if as_json:
        data = stats_json(stats, inputs)
        if comparison is not None:
            data["compare"] = _comparison_json(comparison)
        data.setdefault("diagnostics", [d.to_json() for d in said])
        print_json(data)
    else:
        console().print(render_stats(stats, show_deals))
        if comparison is not None:
            console().print(_comparison_view(comparison))
    sys.exit(EXIT_INPUT_ERRORS if failed else EXIT_OK)


def _other_reading(compare: str | None, sets: dict[str, str]):
    """The reading of --compare / --set (None without them), checked before
    any file is read: an unknown profile or option, or a bad value, is a usage
    error, as for arbitrate."""
    from ..club.compare import OtherReading  # the library: start-up time

    if compare is None and not sets:
        return None
    profile = load_rules_option(compare, option="--compare") if compare else None
    apply_sets(profile or load_rules_option("classic"), sets)
    return OtherReading(profile, sets)


def _compared(inputs: tuple[str, ...], sessions: tuple[str, ...], other, err):
    """The season chosen settled again under ``other``; a session that cannot
    be read again is reported (and the run ends with exit 1)."""
    from ..club.compare import compare_season, season_sources  # the library: start-up time

    comparison = compare_season(season_sources(inputs, sessions), other)
    report(list(comparison.problems), err)
    return comparison


def _comparison_json(comparison) -> dict:
    from ..club.compare import comparison_json  # the library: start-up time

    return comparison_json(comparison)


def _comparison_view(comparison):
    from ..render.compare import render_season_comparison  # brings rich: start-up time

    return render_season_comparison(comparison)
