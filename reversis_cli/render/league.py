"""The league's standings as a table, and as JSON (docs/output.md, "reversis
league"): a view of :class:`~reversis_cli.club.league.Standings`; nothing is
added up here."""

from __future__ import annotations

from fractions import Fraction

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..club.league import (
    EXCLUDED, PER_DEAL, PER_SESSION, TOO_FEW_SESSIONS, Standings, Unranked,
)
from ..i18n import Count, Msg, N_, amount_shown, average_shown, t, tr
from ..settle import amount_json
from ..club.pool import pool_json
from .fit import Fitted, Prose, name_lines
from .pool import pool_lines

__all__ = ["render_league", "league_json", "figure_shown", "why_not_ranked", "about_lines",
           "no_session_line", "FIGURE_HEADINGS", "JSON_FORMAT"]

JSON_FORMAT = "reversis-league/1"
# The figure ranked by: the net less any penalty, in total or on average.
FIGURE_HEADINGS = {"total": N_("Score"), PER_DEAL: N_("Score per deal"),
                    PER_SESSION: N_("Score per session")}
_RANKING_WORDS = {"total": N_("the net in total"), PER_DEAL: N_("the net per deal"),
                  PER_SESSION: N_("the net per session")}
_TIE_WORDS = {"total": N_("net in total"), PER_DEAL: N_("net per deal"),
              PER_SESSION: N_("net per session"), "sessions": N_("more sessions"),
              "deals": N_("more deals"), "fewest-parties-lost": N_("fewer parties lost"),
              "name": N_("name")}


def figure_shown(kind: str, figure: Fraction) -> str:
    """A total exactly (``-7``, ``+5/2``); an average to two decimals (``+3.08``),
    rounded half away from zero: the table is ranked on the exact figure.  Signed,
    as every net is (``stats``, ``score``): a gain beside a loss reads as one."""
    if kind not in (PER_DEAL, PER_SESSION):
        return amount_shown(figure, signed=True)
    return average_shown(figure, signed=True)


def render_league(s: Standings) -> Group:
    parts: list[RenderableType] = [Text(s.settings.title or tr("League standings"),
                                        style="bold")]
    parts += [Text(t(line)) for line in about_lines(s)]
    # Fitted: never a figure broken (render/fit.py)
    parts.append(Fitted(_table(s), keys=2) if s.sessions else Text(t(no_session_line(s))))
    lines = pool_lines(s.pool)
    if lines:  # under the nets: with the pool's, they add up to zero
        parts += [Text(tr("Pool"), style="bold"), *[Prose(t(line)) for line in lines]]
    if s.unranked:
        parts.append(Text(tr("Not ranked"), style="bold"))
        parts += [Text("  " + t(why_not_ranked(u, s))) for u in s.unranked]
    return Group(*parts)


def about_lines(s: Standings) -> list[Msg]:
    settings = s.settings
    sessions = Count(s.sessions, "{n} session", "{n} sessions")
    if settings.start and settings.end:
        period = Msg("{start} to {end}, {sessions}", start=settings.start, end=settings.end,
                     sessions=sessions)
    elif settings.start:
        period = Msg("from {start}, {sessions}", start=settings.start, sessions=sessions)
    elif settings.end:
        period = Msg("until {end}, {sessions}", end=settings.end, sessions=sessions)
    else:
        period = Msg("all sessions: {sessions}", sessions=sessions)
    lines = [period, Msg("ranked by {ranking}", ranking=tr(_RANKING_WORDS[settings.ranking]))]
    if settings.tie_breaks:
        lines.append(Msg("ties broken by {tie_breaks}", tie_breaks=", ".join(
            tr(_TIE_WORDS[kind]) for kind in settings.tie_breaks)))
    return lines


def no_session_line(s: Standings) -> Msg:
    """What stands in place of a table with no session to rank."""
    if s.settings.start or s.settings.end:
        return Msg("No session of the season falls in this period, so there are no standings "
                   "(an undated session counts only without a period).")
    return Msg("The season has no session, so there are no standings.")


def _table(s: Standings) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(tr("Rank"), justify="right", no_wrap=True)
    table.add_column(tr("Player"))
    for heading in ("Sessions", "Deals", FIGURE_HEADINGS[s.settings.ranking], "Net", "Penalty"):
        table.add_column(tr(heading), justify="right", no_wrap=True)  # figures: never broken
    for r in s.ranked:
        table.add_row(str(r.rank), name_lines(r.row.name), str(r.row.sessions), str(r.row.deals),
                      figure_shown(s.settings.ranking, r.figure),
                      amount_shown(r.row.net, signed=True),
                      amount_shown(-r.penalty) if r.penalty else "")
    return table


def why_not_ranked(u: Unranked, s: Standings) -> Msg:
    """Why a player is not in the table, in a sentence."""
    row, settings = u.row, s.settings
    if u.reason == EXCLUDED:
        return Msg("{name}: excluded by the league's rules", name=row.name)
    if u.reason == TOO_FEW_SESSIONS:
        return Msg("{name}: too few sessions, {played} of the {needed} required",
                   name=row.name, played=row.sessions, needed=settings.min_sessions)
    return Msg("{name}: too few deals, {played} of the {needed} required",
               name=row.name, played=row.deals, needed=settings.min_deals)


def league_json(s: Standings) -> dict:
    """The standings as ``league --json`` writes them (docs/output.md)."""
    settings = s.settings
    return {
        "format": JSON_FORMAT,
        "title": settings.title,
        "from": settings.start,
        "to": settings.end,
        "sessions": s.sessions,
        "ranking": settings.ranking,
        "tie_breaks": list(settings.tie_breaks),
        "standings": [{
            "rank": r.rank, "player": r.row.name, "sessions": r.row.sessions,
            "deals": r.row.deals, "parties_lost": r.row.parties_lost,
            "net": amount_json(r.row.net), "penalty": amount_json(r.penalty),
            "figure": amount_json(r.figure),
        } for r in s.ranked],
        "not_ranked": [{
            "player": u.row.name, "sessions": u.row.sessions, "deals": u.row.deals,
            "net": amount_json(u.row.net), "reason": u.reason, "message": str(why_not_ranked(u, s)),
        } for u in s.unranked],
        "pool": pool_json(s.pool),
    }
