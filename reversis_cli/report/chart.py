"""The chart of a session: each player's running balance and the pool, deal by deal.

Written as inline SVG here rather than with a charting library: the chart is a
few polylines and two axes (about a hundred lines), where a library would add
a dependency, and the ones that draw in the browser load a script.  Each
series has its own dash pattern, so that the chart reads in black and white on
paper too.  The legend is the page's own text beside the drawing, not text in
it: a long name wraps there, where inside the drawing it would be cut.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..i18n import Count, Msg, amount_shown, t, tr

__all__ = ["Chart", "Frame", "Scale", "Tick", "chart", "label_every", "round_ticks"]

Amount = int | Fraction

WIDTH, HEIGHT = 600, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 34, 40  # the margins: labels left and below
DASHES = ("", "8 4", "2 3", "10 3 2 3", "1 0")
POOL_DASH = "4 4"
COLOURS = ("#1f5fa8", "#b2362b", "#2e7d32", "#7b3fa0", "#8a6d00")
POOL_COLOUR = "#555555"


@dataclass(frozen=True)
class Series:
    label: str
    points: str  # the polyline's points
    dash: str
    colour: str
    width: float
    last: str  # the value at the end, as text


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


@dataclass(frozen=True)
class Frame:
    """What the frame of a chart shows (the macro chart_frame draws it): its
    size, title and description, the ticks and labels of both axes, the plot's
    box and where the value 0 lies."""

    id: str
    width: int
    height: int
    title: str
    description: str
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    plot: tuple[int, int, int, int]  # left, top, right, bottom
    zero_y: float
    x_label: str
    y_label: str


@dataclass(frozen=True)
class Chart(Frame):
    series: tuple[Series, ...] = ()


@dataclass(frozen=True)
class Scale:
    """Where a chart draws: step ``k`` of ``steps`` across the plot's box, a
    value up between the lowest and the highest of the round ``ticks`` (made to
    hold every value drawn, and 0)."""

    box: tuple[int, int, int, int]  # left, top, right, bottom
    steps: int
    ticks: tuple[int, ...]

    @classmethod
    def of(cls, values: Sequence[Amount], steps: int, width: int, height: int,
           margins: tuple[int, int, int, int]) -> Scale:
        """``margins``: left, right, top, bottom."""
        left, right, top, bottom = margins
        ticks = tuple(round_ticks(min([*values, 0]), max([*values, 0])))
        return cls((left, top, width - right, height - bottom), steps, ticks)

    def x(self, k: int) -> float:
        left, _, right, _ = self.box
        return left + (right - left) * (k / self.steps if self.steps else 0)

    def y(self, value: Amount) -> float:
        _, top, _, bottom = self.box
        low, high = self.ticks[0], self.ticks[-1]
        return bottom - (bottom - top) * float(Fraction(value - low, (high - low) or 1))

    def points(self, series: Sequence[Amount]) -> str:
        """A polyline's points: ``series[k]`` at step ``k``."""
        return " ".join(f"{self.x(k):.1f},{self.y(v):.1f}" for k, v in enumerate(series))

    def y_ticks(self) -> tuple[Tick, ...]:
        return tuple(Tick(self.y(v), amount_shown(v, signed=True)) for v in self.ticks)


def round_ticks(low: Amount, high: Amount, count: int = 5) -> list[int]:
    """Round values from ``low`` up to ``high`` or just past it, about
    ``count`` of them, a step of 1, 2 or 5 times a power of ten: 0, 20000,
    40000, never +93528."""
    raw = Fraction(max(1, high - low)) / count
    power = 1
    while power * 10 <= raw:
        power *= 10
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    start = math.floor(Fraction(low) / step) * step
    end = math.ceil(Fraction(high) / step) * step
    return list(range(start, end + step, step))


def label_every(labels: Sequence[str], room: float, font: float = 11) -> int:
    """Show every how-many-th of ``labels`` along an axis ``room`` units long
    so that no two run into each other: a label is about 0.65 of the font
    size a character wide (digits and dashes), with a character's gap."""
    if not labels:
        return 1
    widest = (max(len(label) for label in labels) + 1) * 0.65 * font
    return max(1, math.ceil(widest * len(labels) / room))


def chart(anchor: str, players: tuple[str, ...], balances: dict[str, list[Amount]],
          pool: list[Amount]) -> Chart:
    """The chart of a session: ``balances[name][k]`` and ``pool[k]`` after ``k`` deals."""
    deals = len(pool) - 1
    values = [v for series in balances.values() for v in series] + list(pool)
    scale = Scale.of(values, deals, WIDTH, HEIGHT, (LEFT, RIGHT, TOP, BOTTOM))
    lines = []
    for index, name in enumerate(players):
        series = balances[name]
        lines.append(Series(name, scale.points(series), DASHES[index % len(DASHES)],
                            COLOURS[index % len(COLOURS)], 2.0,
                            amount_shown(series[-1], signed=True)))
    lines.append(Series(tr("the pool"), scale.points(pool), POOL_DASH, POOL_COLOUR, 1.5,
                        amount_shown(pool[-1])))
    step = max(1, deals // 10)
    x_ticks = tuple(Tick(scale.x(k), str(k)) for k in range(0, deals + 1, step))
    summary = "; ".join(t(Msg("{player} ends at {amount}", player=s.label, amount=s.last))
                        for s in lines[:-1])
    description = t(Msg("Running balance of each player and the pool over {deals}. "
                        "{summary}; the pool ends at {pool}.",
                        deals=Count(deals, "{n} deal", "{n} deals"),
                        summary=summary or "—", pool=lines[-1].last))
    return Chart(f"{anchor}-chart", WIDTH, HEIGHT,
                 tr("Running balance and the pool, deal by deal"), description,
                 x_ticks, scale.y_ticks(), scale.box, scale.y(0), tr("deals"), tr("fiches"),
                 series=tuple(lines))
