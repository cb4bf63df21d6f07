"""A season under another reading (``stats ... --compare`` / ``--set``): a
view of :class:`~reversis_cli.club.compare.SeasonComparison`, nothing
added up here.  Option names and values are written as a player types them
in a ``set`` line; the sentences are in the run's language, players' names
where they need no case ending."""

from __future__ import annotations

from fractions import Fraction

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..club.compare import POOL, OptionEffect, SeasonComparison
from ..i18n import Msg, N_, fiches, t, tr
from .amounts import money_column, signed
from .score import party

__all__ = ["render_season_comparison", "moved_sentence"]

_PLAYER_COLUMNS = (N_("Own rules"), N_("Other reading"), N_("Difference"))
_OPTION_COLUMNS = (N_("Option"), N_("Own → other"))


def render_season_comparison(c: SeasonComparison) -> Group:
    """The heading, each player's net under both readings, and what each
    option that differs moved and from whom."""
    parts: list[RenderableType] = [
        Text(t(Msg("The season under another reading: {reading}", reading=c.reading)),
             style="bold"),
        Text(t(Msg("Sessions: {sessions}, deals: {deals}; settled otherwise under it: {changed}.",
                   sessions=c.sessions, deals=c.deals, changed=len(c.changed)))),
        _players(c)]
    moving = [e for e in c.options if e.moved]
    if moving or any(c.together.values()):
        parts.append(_options(c, moving))
        parts += [Text(moved_sentence(e)) for e in moving]
    if any(c.together.values()):
        parts.append(Text(tr("together: what the options move only in combination, the whole "
                             "difference less each option's own (docs/decisions.md)."),
                          style="dim"))
    still = [e.option for e in c.options if not e.moved]
    if still:
        parts.append(Text(t(Msg("These options differ but moved nothing this season: {options}.",
                                options=", ".join(still)))))
    if not c.options:
        parts.append(Text(tr("No option differs: every session was played under this reading.")))
    return Group(*parts)


def _players(c: SeasonComparison) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title=tr("Net per player"), title_justify="left",
                  pad_edge=False)
    table.add_column(tr("Player"))
    for name in _PLAYER_COLUMNS:
        money_column(table, tr(name))
    for p in (*c.players, c.pool):
        label = tr("Pool") if p.name == POOL else p.name
        table.add_row(label, signed(p.own), signed(p.other), signed(p.difference))
    return table


def _options(c: SeasonComparison, moving: list[OptionEffect]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title=tr("What each option moved"),
                  title_justify="left", pad_edge=False)
    table.add_column(tr(_OPTION_COLUMNS[0]), no_wrap=True)  # a name cut short names nothing
    table.add_column(tr(_OPTION_COLUMNS[1]))
    money_column(table, tr("Moved"))
    table.add_column(tr("Deals"), justify="right")
    table.add_column(tr("From"))
    table.add_column(tr("To"))
    for e in moving:
        table.add_row(e.option, f"{' / '.join(e.was)} → {e.value}", fiches_figure(e.moved),
                      str(len(e.deals)), _parties(e.losers), _parties(e.gainers))
    together = c.together
    if any(together.values()):
        lost = tuple((p, -v) for p, v in together.items() if v < 0)
        won = tuple((p, v) for p, v in together.items() if v > 0)
        table.add_row(tr("together"), "", fiches_figure(sum((v for _, v in won), Fraction(0))),
                      "", _parties(_most_first(lost)), _parties(_most_first(won)))
    return table


def fiches_figure(amount: Fraction) -> str:
    """An amount without a sign, as a column of amounts writes it."""
    return signed(amount).lstrip("+")


def _most_first(items: tuple[tuple[str, Fraction], ...]) -> tuple[tuple[str, Fraction], ...]:
    return tuple(sorted(items, key=lambda item: (-item[1], item[0] == POOL, item[0])))


def _parties(items: tuple[tuple[str, Fraction], ...]) -> str:
    """«Глеб 36½», «корзина 15», one a line: names in the nominative, each
    with its amount."""
    return "\n".join(f"{party(name)} {fiches_figure(amount)}" for name, amount in items)


def moved_sentence(e: OptionEffect) -> str:
    """"vis_a_vis_double = no moved 412 fiches this season, 300 of them from
    Gleb." (the party that loses most by it)."""
    if not e.losers:
        return t(Msg("{option} = {value} moved nothing this season.", option=e.option,
                     value=e.value))
    loser, lost = e.losers[0]
    if loser == POOL:
        return t(Msg("{option} = {value} moved {moved} this season, {lost} of them from the "
                     "pool.", option=e.option, value=e.value, moved=fiches(e.moved), lost=lost))
    return t(Msg("{option} = {value} moved {moved} this season, {lost} of them from {player}.",
                 option=e.option, value=e.value, moved=fiches(e.moved), lost=lost,
                 player=loser))
