"""The chart of a session: each player's running balance and the pool, deal by deal.

Written as inline SVG here rather than with a charting library: the chart is a
few polylines and two axes (about a hundred lines), where a library would add
a dependency, and the ones that draw in the browser load a script.  Each
series has its own dash pattern, so that the chart reads in black and white on
paper too.  The legend is the page's own text beside the drawing, not text in
it: a long name wraps there, where inside the drawing it would be cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..i18n import Count, Msg, amount_shown, t, tr

__all__ = ["Chart", "chart"]

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
class Chart:
    id: str
    width: int
    height: int
    title: str
    description: str
    series: tuple[Series, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    plot: tuple[int, int, int, int]  # left, top, right, bottom
    zero_y: float
    x_label: str
    y_label: str


def round_ticks(low: Amount, high: Amount, count: int = 5) -> list[int]:
    """Round values from ``low`` to ``high``, about ``count`` of them."""
    span = max(1, int(high - low))
    raw = span / count
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        step = candidate
        if candidate >= raw:
            break
    else:
        step = int(raw) + 1
    start = int(low // step) * step
    return list(range(start, int(high) + step, step))


def chart(anchor: str, players: tuple[str, ...], balances: dict[str, list[Amount]],
          pool: list[Amount]) -> Chart:
    """The chart of a session: ``balances[name][k]`` and ``pool[k]`` after ``k`` deals."""
    deals = len(pool) - 1
    values = [v for series in balances.values() for v in series] + list(pool) + [0]
    ticks = round_ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    left, top = LEFT, TOP
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x(k: int) -> float:
        return left + (right - left) * (k / deals if deals else 0)

    def y(value: Amount) -> float:
        return bottom - (bottom - top) * float(Fraction(value - low, (high - low) or 1))

    def points(series: list[Amount]) -> str:
        return " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in enumerate(series))

    lines = []
    for index, name in enumerate(players):
        series = balances[name]
        lines.append(Series(name, points(series), DASHES[index % len(DASHES)],
                            COLOURS[index % len(COLOURS)], 2.0,
                            amount_shown(series[-1], signed=True)))
    lines.append(Series(tr("the pool"), points(pool), POOL_DASH, POOL_COLOUR, 1.5,
                        amount_shown(pool[-1])))
    step = max(1, deals // 10)
    x_ticks = tuple(Tick(x(k), str(k)) for k in range(0, deals + 1, step))
    y_ticks = tuple(Tick(y(v), amount_shown(v, signed=True)) for v in ticks)
    summary = "; ".join(t(Msg("{player} ends at {amount}", player=s.label, amount=s.last))
                        for s in lines[:-1])
    description = t(Msg("Running balance of each player and the pool over {deals}. "
                        "{summary}; the pool ends at {pool}.",
                        deals=Count(deals, "{n} deal", "{n} deals"),
                        summary=summary or "—", pool=lines[-1].last))
    return Chart(f"{anchor}-chart", WIDTH, HEIGHT,
                 tr("Running balance and the pool, deal by deal"), description,
                 tuple(lines), x_ticks, y_ticks, (left, top, right, bottom), y(0),
                 tr("deals"), tr("fiches"))
