"""The club page's chart and names at a club's scale (issue 30, item 14;
review newcomer-4, findings 18 and 19): dates that never run into each other
at 10 sessions or 200, y ticks on round values, long names that wrap at their
word boundaries.  The browser tests open the pages in a headless Chromium
(tests/browser.py) and measure what is drawn."""

from __future__ import annotations

import datetime
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.report.chart import round_ticks
from reversis_cli.report.page import _environment
from reversis_cli.report.season_chart import season_chart
from reversis_cli.simulate import SimulationOptions, simulate_session

LONG = "Konstantin_Pavlovich_Pobedonostsev_" * 6 + "X"  # 211 characters
SIX = ("Anna", "Boris", "Vera", "Gleb", "Dima", "Elena")


def _season(folder: Path, sessions: int, names=SIX, deals: int = 1) -> Path:
    folder.mkdir(parents=True)
    start = datetime.date(2017, 1, 5)
    for n in range(sessions):
        four = tuple(names[(n + k) % len(names)] for k in range(4))
        text = "".join(simulate_session(SimulationOptions(
            deals, seed=500 + n, rules=("classic", "modern")[n % 2], players=four)))
        day = start + datetime.timedelta(days=7 * n)
        first, rest = text.split("\n", 1)
        (folder / f"{day}.rvs").write_text(f"{first}\ndate {day}\n{rest}", encoding="utf-8")
    return folder


def _page(folder: Path, out: Path) -> Path:
    result = CliRunner().invoke(cli, ["--lang", "en", "report", str(folder), "-o", f"{out}/"])
    assert result.exit_code == 0, result.output
    return out / "index.html"


# --- without a browser ------------------------------------------------------------------


def _round(step: int) -> bool:
    while step % 10 == 0:
        step //= 10
    return step in (1, 2, 5)


@pytest.mark.parametrize(("low", "high"), [
    (-93528, 23382), (-48527, 1200), (-5, 3), (Fraction(-21, 2), Fraction(97, 2)),
    (0, 7), (-1000, 1000), (-74500, 0), (0, 123456789),
])
def test_y_ticks_are_round_and_hold_every_value(low, high):
    ticks = round_ticks(low, high)
    steps = {b - a for a, b in zip(ticks, ticks[1:], strict=False)}
    assert len(steps) == 1 and _round(steps.pop())
    assert ticks[0] <= low and ticks[-1] >= high
    assert 3 <= len(ticks) <= 8


@pytest.mark.parametrize("sessions", [3, 10, 200, 520])
def test_the_dates_shown_are_as_many_as_fit(sessions):
    labels = [f"{datetime.date(2017, 1, 5) + datetime.timedelta(days=7 * n)}"
              for n in range(sessions)]
    chart = season_chart(labels, {"Anna": [Fraction(0)] * (sessions + 1)})
    xs = [tick.position for tick in chart.x_ticks]
    # a date is about 72 units wide at the chart's 11-unit font: none closer than that
    assert min((b - a for a, b in zip(xs, xs[1:], strict=False)), default=99) >= 72
    assert len(xs) >= min(sessions, 5)


def test_a_long_name_breaks_only_after_its_underscores_and_keeps_its_title():
    markup = str(_environment().filters["wrap"](LONG))
    assert f'title="{LONG}"' in markup
    body = re.sub(r"<span[^>]*>|</span>", "", markup)
    assert body.split("<wbr>") == ["Konstantin_", "Pavlovich_", "Pobedonostsev_"] * 6 + ["X"]
    assert str(_environment().filters["wrap"]("Gleb")) == "Gleb"


# --- in a browser -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser():
    from browser import browser_or_stop

    driver = browser_or_stop()
    yield driver
    driver.quit()


OVERLAPS = """
const boxes = Array.from(document.querySelectorAll('#season-chart text.tick[text-anchor=middle]'))
  .map(t => t.getBoundingClientRect());
let overlaps = 0;
for (let i = 1; i < boxes.length; i++) if (boxes[i].left < boxes[i - 1].right + 2) overlaps++;
return [boxes.length, overlaps];
"""


@pytest.mark.slow
@pytest.mark.parametrize("sessions", [10, 200])
def test_the_chart_dates_never_run_into_each_other(browser, tmp_path, sessions):
    page = _page(_season(tmp_path / "season", sessions), tmp_path / "site")
    for width in (1100, 700):
        browser.set_window_size(width, 900)
        browser.get(page.as_uri())
        shown, overlaps = browser.execute_script(OVERLAPS)
        assert shown >= 4 and overlaps == 0, (width, shown, overlaps)
    browser.set_window_size(1100, 900)


@pytest.mark.slow
def test_a_long_name_in_the_statistics_header_is_a_few_lines_not_a_column_of_letters(
        browser, tmp_path):
    names = ("Anna", "Boris", LONG, "Vera", "Gleb", "Dima")
    page = _page(_season(tmp_path / "season", 6, names, deals=2), tmp_path / "site")
    browser.get(page.as_uri())
    width, height, em, title = browser.execute_script("""
const th = Array.from(document.querySelectorAll('.stats-table thead th'))
  .find(t => t.textContent.startsWith('Konstantin'));
const em = parseFloat(getComputedStyle(th).fontSize);
return [th.querySelector('.long').getBoundingClientRect().width,
        th.getBoundingClientRect().height, em, th.querySelector('.long').title];
""")
    assert title == LONG
    assert 8 * em <= width <= 14.5 * em  # neither four letters wide nor the page's width
    assert height <= 25 * 1.6 * em  # a few lines: 211 letters at ~16 a line
