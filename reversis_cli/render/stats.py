"""``reversis stats`` as tables: a view of :class:`~reversis_cli.club.stats.Stats`
(every figure is counted there; nothing is added up here)."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..club.stats import ROLE_COUNTS, ROLES, Stats, Title
from ..i18n import Count, Msg, N_, average_shown, t, tr
from .amounts import fiches, signed
from .fit import Fitted, Prose, name_lines
from .pool import pool_lines
from .stats_analysis import analysis_parts, analysis_rows

__all__ = ["render_stats", "FIGURE_LABELS", "ROLE_LABELS", "TITLE_LABELS", "title_value"]

# Each count's row label, in the order of the players' table.
FIGURE_LABELS = {
    "partie_won": N_("Parties won"),
    "partie_lost": N_("Parties lost"),
    "quinola_placed": N_("Quinola placed"),
    "quinola_forced": N_("Quinola forced (another's)"),
    "quinola_lost_forced": N_("Own quinola forced"),
    "quinola_led": N_("Quinola led"),
    "quinola_fallen": N_("Quinola fallen on hearts"),
    "ace_placed": N_("Aces placed"),
    "ace_forced": N_("Aces forced (another's)"),
    "reversis_undertaken": N_("Reversis undertaken"),
    "reversis_made": N_("Reversis made"),
    "reversis_broken": N_("Reversis broken (own)"),
    "reversis_broke": N_("Reversis broken (another's)"),
    "espagnolette_held": N_("Espagnolette held"),
    "espagnolette_won": N_("Espagnolette won"),
    "espagnolette_failed": N_("Espagnolette failed"),
    "revokes": N_("Revokes"),
    "irregularities": N_("Other irregularities"),
    "pool_taken": N_("Pools taken"),
}

ROLE_LABELS = {"dealer": N_("Dealer"), "first_hand": N_("First hand"),
               "second_hand": N_("Second hand"), "third_hand": N_("Third hand")}

TITLE_LABELS = {
    "biggest_winner": N_("Biggest winner"),
    "most_quinolas_placed": N_("Most quinolas placed"),
    "most_reversis_made": N_("Most reversis made"),
    "biggest_pool_taken": N_("Biggest pool taken"),
    "longest_run_without_losing_a_partie": N_("Longest run of deals without losing a partie"),
}

_BETWEEN_HEADINGS = {
    "quinola_forced": N_("Who forced whose quinola (row: who forced it)"),
    "ace_forced": N_("Who forced whose ace (row: who forced it)"),
    "ace_taken": N_("Who took whose ace (row: who took it)"),
}

# A line of --show-deals: "Quinola forced: Vera → Gleb (1): file:deal".
_BETWEEN_SHORT = {"quinola_forced": N_("Quinola forced"), "ace_forced": N_("Ace forced"),
                  "ace_taken": N_("Ace taken")}

# Titles whose value is an amount in fiches (the others are counts).
_AMOUNT_TITLES = {"biggest_winner", "biggest_pool_taken"}


def render_stats(stats: Stats, show_deals: bool = False, analysis=None,
                 named=None) -> Group:
    """Every table of ``reversis stats``, in order; with ``analysis``
    (``--analyse``), each player's fiches lost to provable mistakes, under the
    club's names (``named``)."""
    parts: list[RenderableType] = [Text(t(_heading(stats)), style="bold")]
    if not stats.players:
        parts.append(Text(tr("No deals in these sessions.")))
        return Group(*parts)
    # Fitted: drawn at the window's width without breaking a figure (render/fit.py)
    parts.append(Fitted(_players(stats, analysis, named)))
    # the pool's line under the nets: with it, they add up to zero
    lines = pool_lines(stats.pool)
    if lines:
        parts += [Text(tr("Pool"), style="bold"), *[Prose(t(line)) for line in lines]]
    if analysis is not None:
        parts += analysis_parts(stats, analysis, named)
    parts += [Text(tr("By seat"), style="bold"), Fitted(_roles(stats))]
    for kind, heading in _BETWEEN_HEADINGS.items():
        table = _between(stats, kind)
        if table is not None:
            parts += [Text(tr(heading), style="bold"), Fitted(table)]
    parts += [Text(tr("Titles of the season"), style="bold"),
              Fitted(_season_titles(stats.season_titles), keys=2),
              Text(tr("Titles of each evening"), style="bold"),
              Fitted(_evening_titles(stats), keys=3)]
    if show_deals:
        parts += [Text(tr("The deals of each figure"), style="bold"), *_deal_lines(stats)]
    return Group(*parts)


def _heading(stats: Stats) -> Msg:
    sessions = Count(len(stats.sessions), "{n} session", "{n} sessions")
    if stats.left_out:
        return Msg("Statistics of {sessions} ({left} left out: no date)",
                   sessions=sessions, left=stats.left_out)
    return Msg("Statistics of {sessions}", sessions=sessions)


def _grid(stats: Stats, first: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(first)
    for name in stats.players:
        _figure_column(table, name_lines(name))
    return table


def _figure_column(table: Table, header: str) -> None:
    """A column of figures: never narrowed below its widest, never broken."""
    table.add_column(header, justify="right", no_wrap=True)


def _players(stats: Stats, analysis=None, named=None) -> Table:
    table = _grid(stats, tr("Player"))
    players = list(stats.players.values())
    table.add_row(tr("Sessions"), *[str(p.sessions.count) for p in players])
    table.add_row(tr("Deals"), *[str(p.deals) for p in players])
    table.add_row(tr("Net"), *[signed(p.net) for p in players])
    # an average, to two decimals (the JSON keeps it exact)
    table.add_row(tr("Net per deal"),
                  *[average_shown(p.net_per_deal, signed=True) for p in players])
    for key, label in FIGURE_LABELS.items():
        table.add_row(tr(label), *[str(p.counts[key].count) for p in players])
    table.add_row(tr("Fiches taken from the pool"), *[fiches(p.pool_taken_amount)
                                                      for p in players])
    if analysis is not None:
        for label, cells in analysis_rows(stats, analysis, named):
            table.add_row(label, *cells)
    return table


def _roles(stats: Stats) -> Table:
    table = _grid(stats, tr("Seat"))
    players = list(stats.players.values())
    for role in ROLES:
        label = tr(ROLE_LABELS[role])
        rows = [(tr("deals"), [str(p.by_role[role].deals) for p in players]),
                (tr("net"), [signed(p.by_role[role].net) for p in players])]
        rows += [(tr(FIGURE_LABELS[key]).lower(), [str(p.by_role[role].counts[key])
                                                    for p in players]) for key in ROLE_COUNTS]
        for n, (what, cells) in enumerate(rows):
            table.add_row(f"{label}: {what}" if n == 0 else f"  {what}", *cells,
                          end_section=n == len(rows) - 1)
    return table


def _between(stats: Stats, kind: str) -> Table | None:
    found = {(b.by, b.of): b.count.count for b in stats.between if b.kind == kind}
    if not found:
        return None
    names = sorted({name for pair in found for name in pair})
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("")
    for name in names:
        _figure_column(table, name_lines(name))
    for by in names:
        table.add_row(name_lines(by), *[str(found[(by, of)]) if (by, of) in found else
                            ("·" if by == of else "0") for of in names])
    return table


def title_value(title: Title) -> str:
    """A title's value: fiches for an amount, a number for a count; the best net
    signed, as the net beside it in every table is."""
    if title.key == "biggest_winner":
        return signed(title.value)
    return fiches(title.value) if title.key in _AMOUNT_TITLES else str(title.value)


def _season_titles(titles: list[Title]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(tr("Title"))
    table.add_column(tr("Who"))
    _figure_column(table, tr("Value"))
    for title in titles:
        table.add_row(tr(TITLE_LABELS[title.key]), _holders(title), title_value(title))
    return table


def _evening_titles(stats: Stats) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(tr("Evening"))
    table.add_column(tr("Title"))
    table.add_column(tr("Who"))
    _figure_column(table, tr("Value"))
    for evening in stats.evenings:
        for n, title in enumerate(evening.titles):
            table.add_row(evening.date or evening.path if n == 0 else "",
                          tr(TITLE_LABELS[title.key]), _holders(title), title_value(title),
                          end_section=n == len(evening.titles) - 1)
    return table


def _holders(title: Title) -> str:
    return ", ".join(name_lines(name) for name in title.holders)


def _deal_lines(stats: Stats) -> list[Text]:
    lines = []
    for name, player in stats.players.items():
        for key, label in FIGURE_LABELS.items():
            count = player.counts[key]
            if count.count:
                lines.append(Text(f"  {name} · {tr(label)} ({count.count}): "
                                  + ", ".join(count.deals)))
    for b in stats.between:
        lines.append(Text(f"  {tr(_BETWEEN_SHORT[b.kind])}: {b.by} → {b.of} ({b.count.count}): "
                          + ", ".join(b.count.deals)))
    return lines
