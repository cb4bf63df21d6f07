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
from ..rules.profile import OPTIONS
from ..rules.values import value_meaning
from .amounts import signed
from .fit import Fitted, Prose, name_lines
from .score import party

__all__ = ["render_season_comparison", "moved_sentence"]

_PLAYER_COLUMNS = (N_("Own rules"), N_("Other reading"), N_("Difference"))
_OPTION_COLUMNS = (N_("Option"), N_("own → other"))


def render_season_comparison(c: SeasonComparison) -> Group:
    """The heading, each player's net under both readings, and what each
    option that differs moved and from whom."""
    parts: list[RenderableType] = [
        Text(t(Msg("The season under another reading: {reading}", reading=c.reading)),
             style="bold"),
        Text(t(Msg("Sessions: {sessions}, deals: {deals}; settled otherwise under it: {changed}.",
                   sessions=c.sessions, deals=c.deals, changed=len(c.changed)))),
        Fitted(_players(c))]  # never a figure broken (render/fit.py)
    moving = [e for e in c.options if e.moved]
    if moving or any(c.together.values()):
        parts.append(Fitted(_options(c, moving)))
        for e in moving:
            parts += [Prose(moved_sentence(e)), Prose(meaning_line(e), style="dim")]
    if any(c.together.values()):
        parts.append(Prose(tr("together: what the options move only in combination, the whole "
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
        table.add_column(tr(name), justify="right", no_wrap=True)  # figures: never broken
    for p in (*c.players, c.pool):
        label = tr("Pool") if p.name == POOL else name_lines(p.name)
        table.add_row(label, signed(p.own), signed(p.other), signed(p.difference))
    return table


def _options(c: SeasonComparison, moving: list[OptionEffect]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title=tr("What each option moved"),
                  title_justify="left", pad_edge=False)
    # The option, and under it its values (own → other), one column: a name or
    # a value cut short names nothing, and the table keeps to 80 columns.
    table.add_column(f"{tr(_OPTION_COLUMNS[0])}\n  {tr(_OPTION_COLUMNS[1])}", no_wrap=True)
    table.add_column(tr("Moved"), justify="right", no_wrap=True)
    table.add_column(tr("Deals"), justify="right", no_wrap=True)
    table.add_column(tr("From"), no_wrap=True)  # names and figures, one a line
    table.add_column(tr("To"), no_wrap=True)
    # the values' meanings wrap at the widest option name's width (at least 26)
    width = max([26, *(len(e.option) for e in moving)])
    for e in moving:
        table.add_row(f"{e.option}\n{_values(e, width)}", fiches_figure(e.moved),
                      str(len(e.deals)), _parties(e.losers), _parties(e.gainers))
    together = c.together
    if any(together.values()):
        lost = tuple((p, -v) for p, v in together.items() if v < 0)
        won = tuple((p, v) for p, v in together.items() if v > 0)
        table.add_row(tr("together"), fiches_figure(sum((v for _, v in won), Fraction(0))),
                      "", _parties(_most_first(lost)), _parties(_most_first(won)))
    return table


def _values(e: OptionEffect, width: int) -> str:
    """``  below_initial`` / ``  → taken_or_quiet``: each value on its line,
    in a language that gives a value its meaning (Russian) with it in brackets
    («  yes (да)», «  → no (нет)»), wrapped under the value to ``width``."""
    lines = [*(_glossed(e.option, value, "  ", _GLUE) for value in e.was),
             _glossed(e.option, e.value, "  →" + _GLUE, _GLUE)]
    return "\n".join(_wrapped(line, width, "    ").replace(_GLUE, " ") for line in lines)


# Holds a value and its meaning's first word on one line: a value that ends a
# line reads as a bare value, its meaning as a line of its own.
_GLUE = "\x00"


def _glossed(option: str, value: str, lead: str, space: str = " ") -> str:
    meaning = value_meaning(option, value)
    return f"{lead}{value}" if meaning is None else f"{lead}{value}{space}({meaning})"


def _wrapped(line: str, width: int, indent: str) -> str:
    """``line`` cut at its spaces into lines of at most ``width`` characters,
    the lines after the first indented (a word longer than that stands alone)."""
    lead = line[:len(line) - len(line.lstrip(" "))]
    lines: list[str] = []
    current = lead
    for word in line[len(lead):].split(" "):
        if current.strip() and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = indent + word
        else:
            current = f"{current} {word}" if current.strip() else current + word
    return "\n".join([*lines, current])


def shown_value(option: str, value: str) -> str:
    """A value in a sentence: as typed, and in Russian with its meaning in
    brackets («any_follow (форсированной считается любая карта…)»)."""
    return _glossed(option, value, "")


def meaning_line(e: OptionEffect) -> str:
    """What the option means, as ``reversis rules`` says it (the rules
    catalog's text); the sentence above it gives the value's meaning."""
    return t(Msg("{option}: {meaning}", option=e.option, meaning=tr(OPTIONS[e.option].meaning)))


def fiches_figure(amount: Fraction) -> str:
    """An amount without a sign, as a column of amounts writes it."""
    return signed(amount).lstrip("+")


def _most_first(items: tuple[tuple[str, Fraction], ...]) -> tuple[tuple[str, Fraction], ...]:
    return tuple(sorted(items, key=lambda item: (-item[1], item[0] == POOL, item[0])))


def _parties(items: tuple[tuple[str, Fraction], ...]) -> str:
    """«Глеб 36½», «корзина 15», one a line: names in the nominative, each
    with its amount."""
    return "\n".join(f"{name_lines(party(name))} {fiches_figure(amount)}"
                     for name, amount in items)


def moved_sentence(e: OptionEffect) -> str:
    """"vis_a_vis_double = no moved 412 fiches this season, 300 of them from
    Gleb." (the party that loses most by it)."""
    if not e.losers:
        return t(Msg("{option} = {value} moved nothing this season.", option=e.option,
                     value=shown_value(e.option, e.value)))
    loser, lost = e.losers[0]
    if loser == POOL:
        return t(Msg("{option} = {value} moved {moved} this season, {lost} of them from the "
                     "pool.", option=e.option, value=shown_value(e.option, e.value),
                     moved=fiches(e.moved), lost=lost))
    return t(Msg("{option} = {value} moved {moved} this season, {lost} of them from {player}.",
                 option=e.option, value=shown_value(e.option, e.value),
                 moved=fiches(e.moved), lost=lost, player=loser))
