"""The club page's chart: each player's cumulative net, session by session.

Inline SVG, as the session's chart (:mod:`.chart`): one polyline per player,
each with its own colour and dash pattern so that it reads on paper in black
and white too, and a dot per session whose SVG ``<title>`` gives the exact
amounts (a tooltip without any script).  The legend is the page's own text,
where a long name wraps whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..i18n import Msg, amount_shown, t, tr
from .chart import Frame, Scale, Tick, label_every

__all__ = ["SeasonChart", "SeasonLine", "Dot", "season_chart"]

WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 60, 40, 34, 48
# Colours dark enough to print and to tell apart; with more players than
# colours, the dash pattern still tells two lines of one colour apart.
COLOURS = ("#1f5fa8", "#b2362b", "#2e7d32", "#7b3fa0", "#8a6d00", "#00707a", "#444444",
           "#c2185b")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "14 4", "4 2 1 2")


@dataclass(frozen=True)
class Dot:
    x: float
    y: float
    tip: str  # the exact amounts, as the tooltip says them


@dataclass(frozen=True)
class SeasonLine:
    name: str
    points: str  # the polyline's points
    dots: tuple[Dot, ...]
    colour: str
    dash: str
    last: str  # the player's net at the end, as text
    end: Fraction  # the same, exact (what the tests compare)


@dataclass(frozen=True)
class SeasonChart(Frame):
    lines: tuple[SeasonLine, ...] = ()


def season_chart(labels: Sequence[str], series: dict[str, list[Fraction]]) -> SeasonChart:
    """``series[name][k]``: the player's net after ``k`` sessions (0 first);
    ``labels[k - 1]``: the ``k``-th session's date (or file)."""
    steps = len(labels)
    values = [v for points in series.values() for v in points]
    scale = Scale.of(values, steps, WIDTH, HEIGHT, (LEFT, RIGHT, TOP, BOTTOM))
    x, y = scale.x, scale.y
    lines = []
    for index, (name, points) in enumerate(series.items()):
        dots = tuple(Dot(x(k), y(v), t(Msg(
            "{player} after {session}: {total} in all ({change} that session)",
            player=name, session=labels[k - 1], total=amount_shown(v, signed=True),
            change=amount_shown(v - points[k - 1], signed=True))))
            for k, v in enumerate(points) if k)
        lines.append(SeasonLine(
            name, scale.points(points), dots,
            COLOURS[index % len(COLOURS)], DASHES[index % len(DASHES)],
            amount_shown(points[-1], signed=True), points[-1]))
    # a date every few sessions, as many as fit side by side, 10 sessions or 500
    every = label_every(labels, WIDTH - LEFT - RIGHT)
    x_ticks = tuple(Tick(x(k), labels[k - 1]) for k in range(1, steps + 1, every))
    summary = "; ".join(t(Msg("{player} ends at {amount}", player=line.name, amount=line.last))
                        for line in lines)
    return SeasonChart(
        "season-chart", WIDTH, HEIGHT, tr("Each player's net, session by session"),
        t(Msg("Each player's net added up over the season's sessions, in date order. "
              "{summary}.", summary=summary or "—")),
        x_ticks, scale.y_ticks(), scale.box, y(0), tr("sessions"), tr("fiches"),
        lines=tuple(lines))
