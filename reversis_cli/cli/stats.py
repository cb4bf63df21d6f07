"""``reversis stats``: each player's figures over a club's sessions."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from .consoles import table_console
from .money import money_options, with_money
from .common import (
    DiagnosticLog, EXIT_INPUT_ERRORS, EXIT_OK, Msg, bad_parameter, command, option, print_json,
    problem_text, report, stream_json, tr, usage_error,
)
from .options import apply_sets, files_argument, json_option, load_rules_option, set_option
from .progress import steps_progress
from .club_file import club_option, club_roster

if TYPE_CHECKING:
    from ..diagnostics import ReversisError

__all__ = ["stats_command"]


@command("stats")
@files_argument
@option("--from", "start", metavar="DATE",
        help="Only the sessions dated on or after DATE (2027-01-14, or a month: 2027-01).")
@option("--to", "end", metavar="DATE",
        help="Only the sessions dated on or before DATE (2027-01-14, or a month: 2027-01).")
@option("--player", metavar="NAME", help="Only this player's figures.")
@club_option
@json_option("Write the figures as JSON, each count with its file:deal references.")
@option("--show-deals", is_flag=True, help="Name the deals of each figure under the tables.")
@option("--compare", metavar="PROFILE|FILE",
        help="Settle every session again under this profile: what each player would have "
             "come to, and what each option that differs moved and from whom.")
@set_option(help="An option of the other reading (with --compare, of that profile; "
                 "without, of each session's own); repeatable.")
@money_options(fiche_help="What one fiche is worth in money (such as 0.5): the period's "
                          "figures end with one settle-up of every player's net over it and "
                          "of what the pool gained, and the fewest transfers that settle it.")
@option("--skip-stale", is_flag=True,
        help="Leave out the sessions whose record has had errors since it was archived "
             "(without it, their archived figures count, with a warning).")
@option("--analyse", is_flag=True,
        help="Analyse every deal and add the fiches each player lost to provable mistakes; "
             "an archive keeps the analysis, so that each deal is analysed once.")
@option("--from-trick", "from_trick", type=click.IntRange(1, 11), metavar="TRICK",
        help="With --analyse: analyse each deal from this trick (1 to 11; default 8); each "
             "trick earlier costs about ten times the time.")
def stats_command(inputs: tuple[str, ...], start: str | None, end: str | None,
                  player: str | None, club: str | None, as_json: bool, show_deals: bool,
                  compare: str | None, sets: dict[str, str], fiche_value: str | None,
                  currency: str | None, skip_stale: bool, analyse: bool,
                  from_trick: int | None) -> None:
    """Each player's figures over a club's sessions: net, parties, quinolas,
    aces, reversis, espagnolettes, irregularities, by seat, and titles.

    FILES are records, folders (every .rvs file and JSON record in them) or
    one archive made by `reversis archive` (read as it is).  With --from or
    --to, a session dated by month or year counts when that month or year
    meets the period; an undated one is left out, and the output says how
    many were.
    """
    from ..club.stats import StatsInputError, period_of, stats_json  # start-up time
    from ..render.stats import render_stats  # the library: start-up time

    if "-" in inputs:
        raise usage_error(Msg("stats reads record files or an archive, not standard input"))
    try:
        period = period_of(start, end)
    except StatsInputError as exc:
        raise usage_error(exc.message) from None
    if from_trick is not None and not analyse:
        raise usage_error(Msg("--from-trick says where --analyse starts: add --analyse"))
    other = _other_reading(compare, sets)
    money = _period_money(fiche_value, currency, player)
    err = DiagnosticLog(as_json)  # what is reported through it lands in the JSON too
    failed: list[str] = []
    copies: list[str] = []  # records of an evening already read: left out (RV613)
    stats, roster = _read_season(inputs, period, player, as_json or show_deals, skip_stale,
                                 club, err, failed, copies)
    report(stats.notices, err)
    comparison = None
    if other is not None:
        comparison = _compared(inputs, stats.sessions, other, err, roster)
    # a session the comparison could not read again is in its figures, not left out:
    # its diagnostic says so
    not_compared = comparison is not None and bool(comparison.problems)
    analysis = _analysis(inputs, stats.sessions, from_trick, err, failed) if analyse else None
    if as_json:
        data = stats_json(stats, inputs)
        if analysis is not None:
            _add_analysis_json(data, analysis, roster)
        data["club"] = _roster_json(roster)
        if comparison is not None:
            data["compare"] = _comparison_json(comparison)
        if money is not None:
            data["settle_up"] = _settle_up_json(stats, money)
        stream_json({**data, **_problems_json(inputs, failed, err, copies)})
    else:
        out = table_console()  # a pipe gets no trailing spaces
        out.print(render_stats(stats, show_deals, analysis, _named(roster)))
        if comparison is not None:
            out.print(_comparison_view(comparison))
        if money is not None:
            out.print(_settle_up_view(stats, money))
    not_analysed = analysis is not None and bool(analysis.problems)
    sys.exit(EXIT_INPUT_ERRORS if failed or not_compared or not_analysed else EXIT_OK)


def _read_season(inputs: tuple[str, ...], period, player: str | None, with_deals: bool,
                 skip_stale: bool, club: str | None, err: DiagnosticLog, failed: list[str],
                 copies: list[str]):
    """The figures of the season ``inputs`` name, each player counted as the
    club file ``club`` says, and that roster; each record left out reported
    as it is read (and added to ``failed`` or ``copies``); exit 1 for an archive
    that cannot be read or a club file with problems (RV620 to RV623)."""
    from ..session.inputs import InputError  # the library: start-up time
    from ..club.archive import DUPLICATE  # the library: start-up time
    from ..club.schema import ArchiveError  # the library: start-up time
    from ..club.stats import StatsInputError, read_stats  # the library: start-up time

    step = [lambda: None]  # after each record read: the progress on a terminal

    def each(result) -> None:
        step[0]()
        if result.errors or result.state == DUPLICATE:  # left out: said why
            report(result.diagnostics, err)
            (failed if result.errors else copies).append(result.name)

    try:
        roster = club_roster(club)  # the club file first: its problems stop the run
        with steps_progress() as phase:  # reading a season's records takes a while
            records = _records_to_read(inputs)
            if records:
                step[0] = phase(tr("Records"), records)
            stats, _ = read_stats(inputs, period, player, with_deals=with_deals,
                                  each=each, skip_stale=skip_stale, roster=roster,
                                  warn=lambda found: report([found], err))
    except InputError as exc:
        raise bad_parameter(problem_text(exc), param_hint=tr("FILES")) from None
    except StatsInputError as exc:
        raise usage_error(exc.message) from None
    except (ArchiveError, _roster_error()) as exc:  # RV601-RV605; the club file's RV620-RV623
        report(getattr(exc, "diagnostics", None) or [exc.diagnostic], err)
        if err.as_json:  # no figures: the JSON says why, as check --json for a file it cannot read
            print_json(_problems_json(inputs, failed, err))
        sys.exit(EXIT_INPUT_ERRORS)
    return stats, roster


def _analysis(inputs: tuple[str, ...], keys: tuple[str, ...], from_trick: int | None,
              err: DiagnosticLog, failed: list[str]):
    """The analysis of the sessions chosen (``keys``): read from the archive
    ``inputs`` names and what is missing analysed and stored there (the
    archive migrated if older); for records, analysed in an archive in memory.
    Exit 1 for an archive that cannot be written (RV601 to RV605, RV612)."""
    from ..analyse import DEFAULT_START  # the search: only for --analyse
    from ..club.analysis import analyse_archive, deals_to_analyse  # start-up time
    from ..club.archive import MEMORY, build_in_memory, close, connect  # start-up time
    from ..club.schema import ArchiveError  # the library: start-up time
    from ..club.stats import is_database  # the library: start-up time

    databases = [name for name in inputs if is_database(name)]
    name = databases[0] if databases else MEMORY
    try:
        if databases:
            conn, base = connect(name), Path(os.path.abspath(name)).parent
        else:  # the records read again: stats closed its archive in memory
            (conn, _), base = build_in_memory(inputs), None
        try:
            with steps_progress() as phase:  # seconds a deal
                step = phase(tr("Deals analysed"), deals_to_analyse(conn, keys))
                season = analyse_archive(conn, base, keys, from_trick or DEFAULT_START,
                                         name, step)
        finally:
            close(conn, name)
    except ArchiveError as exc:  # RV601-RV605, RV612: the figures are not shown
        report([exc.diagnostic], err)
        if err.as_json:
            print_json(_problems_json(inputs, failed, err))
        sys.exit(EXIT_INPUT_ERRORS)
    report(season.problems, err)
    return season


def _roster_error() -> type[ReversisError]:
    """The club file's error (looked up only when an error is raised: the
    roster's module, with its TOML and the league's, loads with a club file)."""
    from ..club.roster import RosterError  # the library: start-up time

    return RosterError


def _roster_json(roster) -> dict | None:
    from ..club.roster import roster_json  # the library: start-up time

    return roster_json(roster)


def _named(roster):
    """Each name as the club counts it (itself without a club file)."""
    return roster.canonical if roster is not None else None


def _add_analysis_json(data: dict, analysis, roster) -> None:
    """The analysis in the stats JSON: each player's figure beside his others,
    the deals in ``analysis`` (docs/output.md)."""
    from ..club.analysis import analysis_json  # the library: start-up time
    from ..settle import amount_json  # the library: start-up time

    figures = analysis.players(_named(roster))
    for name, player in data["players"].items():
        mine = figures.get(name)
        player["provable_loss"] = amount_json(mine.lost) if mine else 0
        player["provable_mistakes"] = mine.mistakes if mine else 0
        player["deals_analysed"] = mine.deals if mine else 0
    data["analysis"] = analysis_json(analysis, _named(roster), set(data["players"]))


def _records_to_read(inputs: tuple[str, ...]) -> int:
    """How many records ``stats`` reads (0 for an archive, read as it is)."""
    from ..club.archive import record_inputs  # the library: start-up time
    from ..club.stats import is_database  # the library: start-up time
    from ..session.inputs import InputError  # the library: start-up time

    if any(is_database(name) for name in inputs):
        return 0
    try:
        return len(record_inputs(inputs))
    except InputError:  # said by the reading itself
        return 0


def _period_money(fiche_value: str | None, currency: str | None, player: str | None):
    """The money of the period's settle-up (None without --fiche-value),
    checked before any file is read."""
    with_money({}, fiche_value, currency)  # --currency alone refused, a rounding said
    if fiche_value is None:
        return None
    if player is not None:
        raise usage_error(Msg("--fiche-value settles every player of the period: leave out "
                              "--player"))
    from ..rules.money import MoneyOptions, read_currency, read_fiche_value  # start-up time

    return MoneyOptions(read_fiche_value(fiche_value),
                        read_currency(currency) if currency else None)


def _period_settle_up(stats, money):
    """The settle-up of the period's totals: each player's net, as stats sums
    the stored payments (exact), and what the pool gained."""
    from ..session.settleup import period_settle_up  # the library: start-up time

    return period_settle_up({name: p.net for name, p in stats.players.items()}, money)


def _settle_up_json(stats, money) -> dict:
    from ..session.settleup import settle_up_json  # the library: start-up time

    return settle_up_json(_period_settle_up(stats, money))


def _settle_up_view(stats, money):
    from ..render.settleup import period_settle_up_view  # the library: start-up time

    return period_settle_up_view(_period_settle_up(stats, money)).rich()


def _problems_json(inputs: tuple[str, ...], failed: list[str], err: DiagnosticLog,
                   copies: tuple[str, ...] | list[str] = ()) -> dict:
    """What ``stats --json`` carries beside the figures (docs/output.md): the
    files left out (with errors; or a copy of an evening already read) and
    every diagnostic reported; alone, with the format and sources, when there
    are no figures."""
    return {"format": "reversis-stats/1", "sources": list(inputs),
            "left_out": [{"file": name, "reason": "errors"} for name in failed]
            + [{"file": name, "reason": "duplicate"} for name in copies],
            "diagnostics": err.json()}


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


def _compared(inputs: tuple[str, ...], sessions: tuple[str, ...], other, err, roster):
    """The season chosen settled again under ``other``, each player under the
    club's name; a session that cannot be read again is reported (and the run
    ends with exit 1)."""
    from ..club.compare import compare_season, season_sources  # the library: start-up time

    sources = season_sources(inputs, sessions)
    with steps_progress() as phase:  # settling every deal again takes a while
        step = phase(tr("Sessions settled again"), len(sources))
        comparison = compare_season(_stepped(sources, step), other,
                                    roster.canonical if roster is not None else None)
    report(list(comparison.problems), err)
    return comparison


def _stepped(items: list, step):
    """``items``, with ``step()`` after each is taken."""
    for item in items:
        yield item
        step()


def _comparison_json(comparison) -> dict:
    from ..club.compare import comparison_json  # the library: start-up time

    return comparison_json(comparison)


def _comparison_view(comparison):
    from ..render.compare import render_season_comparison  # brings rich: start-up time

    return render_season_comparison(comparison)
