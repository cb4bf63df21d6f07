"""``stats --analyse`` as tables: the fiches each player lost to provable
mistakes (a view of :class:`~reversis_cli.club.analysis.SeasonAnalysis`;
every figure is summed there)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..club.stats import Stats
from ..i18n import Count, Msg, N_, t, tr
from .amounts import fiches
from .fit import Fitted, Prose, name_lines

if TYPE_CHECKING:
    from ..club.analysis import SeasonAnalysis

__all__ = ["analysis_rows", "analysis_parts", "REASON_LABELS"]

# Why a deal is not analysed (DealAnalysis.out_of_reach), as a reader says it.
REASON_LABELS = {
    "not-settled": N_("not settled"),
    "irregular": N_("irregularity"),
    "too-late": N_("too late"),
}


def analysis_rows(stats: Stats, analysis: SeasonAnalysis,
                  named: Callable[[str], str] | None) -> list[tuple[str, list[str]]]:
    """The players' table's rows of the analysis: each player's fiches lost
    to provable mistakes and how many mistakes ("-" for a player none of whose
    deals was analysed)."""
    figures = analysis.players(named)
    lost, mistakes = [], []
    for name in stats.players:
        mine = figures.get(name)
        lost.append(fiches(mine.lost) if mine else "-")
        mistakes.append(str(mine.mistakes) if mine else "-")
    return [(tr("Fiches lost to provable mistakes"), lost), (tr("Provable mistakes"), mistakes)]


def analysis_parts(stats: Stats, analysis: SeasonAnalysis,
                   named: Callable[[str], str] | None) -> list[RenderableType]:
    """The heading, the line of what was analysed and the table of the deals
    that cost someone fiches or were out of reach."""
    parts: list[RenderableType] = [
        Text(t(Msg("Provable mistakes (analysed from trick {trick})",
                   trick=analysis.from_trick)), style="bold"),
        Prose(t(_summary(analysis)))]
    table = _deals(stats, analysis, named)
    if table.row_count:
        parts.append(Fitted(table, keys=2))
    return parts


def _summary(analysis: SeasonAnalysis) -> Msg:
    analysed = Count(analysis.analysed, "{n} deal analysed", "{n} deals analysed")
    out = analysis.out_of_reach
    if out:
        reasons = ", ".join(f"{tr(REASON_LABELS.get(reason, reason))}: {n}"
                            for reason, n in sorted(out.items()))
        message = Msg("{analysed}; out of reach: {out} ({reasons}).", analysed=analysed,
                      out=Count(sum(out.values()), "{n} deal", "{n} deals"), reasons=reasons)
    else:
        message = Msg("{analysed}; none out of reach.", analysed=analysed)
    if analysis.reused:
        message = Msg("{summary} {computed} analysed in this run, {reused} read from the "
                      "archive.", summary=message, computed=analysis.computed,
                      reused=analysis.reused)
    if analysis.not_analysed:
        message = Msg("{summary} Not analysed: {sessions}.", summary=message,
                      sessions=", ".join(analysis.not_analysed))
    return message


def _deals(stats: Stats, analysis: SeasonAnalysis,
           named: Callable[[str], str] | None) -> Table:
    """One row per deal in which a player shown lost fiches, or which is out
    of reach: from which trick it is exact, and each player's loss."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(tr("Deal"))
    table.add_column(tr("From trick"), no_wrap=True)
    for name in stats.players:
        table.add_column(name_lines(name), justify="right", no_wrap=True)
    for deal in analysis.deals:
        lost = {named(p) if named else p: v for p, v in deal.lost.items()}
        if deal.exact_from_trick is not None and not any(lost.get(n) for n in stats.players):
            continue
        if deal.exact_from_trick is None:
            reason = tr(REASON_LABELS.get(deal.out_of_reach or "", deal.out_of_reach or ""))
            exact = t(Msg("out of reach: {reason}", reason=reason)) + (
                f" ({deal.out_of_reach_rule})" if deal.out_of_reach_rule else "")
        else:
            exact = str(deal.exact_from_trick)
        table.add_row(deal.ref, exact, *[fiches(lost[n]) if n in lost else "" for n in
                                          stats.players])
    return table
