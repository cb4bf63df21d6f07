"""The club's figures as a member reads them (issue 30, items 9, 10, 13, 14).

A season of twelve players, one of them with a name of 69 characters, half
its sessions under modern (split parties: halves in the nets), read at 80
columns and narrower: every figure of ``stats``, ``league`` and ``stats
--compare`` is parsed back from the text and must be whole on its line and
equal to the JSON's; amounts are a whole part and a proper fraction; the
compare says what each option means, in both languages.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import SAMPLES
from rich.cells import cell_len

from reversis_cli.cli import cli
from reversis_cli.i18n import amount_shown, average_shown, tr, use
from reversis_cli.render.fit import name_lines
from reversis_cli.rules.profile import OPTIONS
from reversis_cli.simulate import SimulationOptions, simulate_session

LONG = "Konstantin_Pavlovich_Pobedonostsev_Konstantin_Pavlovich_Pobedonostsev"
TWELVE = ("Anna", "Boris", "Vera", "Gleb", "Dima", "Elena", "Ivan", "Olga", "Pavel", "Sofia",
          "Timur", LONG)
RULE = re.compile(r"^ ─+ ?$")
# A figure as a table shows it: 7, -633, +778 1/2 (a no-break space), -1.98, ·
FIGURE = re.compile(r"[+\-\u2212]?\d+(?:\u00a0\d+/\d+|/\d+|[.,]\d+)?|·")


def _season(folder: Path, sessions: int = 20, deals: int = 6) -> Path:
    """Rotating fours of the twelve, classic and modern in turn, a week apart."""
    folder.mkdir()
    for n in range(sessions):
        players = tuple(TWELVE[(n * 3 + k) % 12] for k in range(4))
        text = "".join(simulate_session(SimulationOptions(
            deals, seed=300 + n, rules=("classic", "modern")[n % 2], players=players)))
        day = f"2027-{1 + n // 4:02d}-{1 + 7 * (n % 4):02d}"
        first, rest = text.split("\n", 1)
        (folder / f"{day}.rvs").write_text(f"{first}\ndate {day}\n{rest}", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def twelve(tmp_path_factory) -> Path:
    return _season(tmp_path_factory.mktemp("twelve") / "season")


def run(*args: str, columns: int = 80, lang: str = "en"):
    result = CliRunner().invoke(cli, ["--lang", lang, *args], catch_exceptions=False,
                                env={"COLUMNS": str(columns), "NO_COLOR": "1", "TERM": "dumb"})
    assert result.exit_code == 0, result.output
    return result.output


def _no_line_wider(text: str, columns: int) -> None:
    wide = [line for line in text.split("\n") if cell_len(line) > columns]
    assert not wide, wide[:3]


# --- parsing a table back -------------------------------------------------------------


def _tables(lines: list[str], start: int, end: int):
    """Each table between ``start`` and ``end``: its header lines and its rows."""
    index = start
    while index < end:
        if not RULE.match(lines[index]):
            index += 1
            continue
        top = index
        while top > start and lines[top - 1].strip():
            top -= 1
        bottom = index + 1
        while bottom < end and lines[bottom].strip():
            bottom += 1
        yield lines[top:index], lines[index + 1:bottom]
        index = bottom


def _columns(rows: list[str], count: int) -> list[tuple[int, int]]:
    """Where the last ``count`` columns of right-aligned figures are: each
    column's first and last position, found from the rows' figures."""
    starts: dict[int, int] = {}
    for row in rows:
        for found in re.finditer(r"[^ ]+", row):  # a figure holds no ASCII space
            if FIGURE.fullmatch(found.group()):
                starts[found.end()] = min(starts.get(found.end(), found.start()), found.start())
    edges = sorted(starts)[-count:]
    return [(edges[n - 1] + 1 if n else starts[edge], edge) for n, edge in enumerate(edges)]


def _cell(line: str, span: tuple[int, int]) -> str:
    """The last word of the line's piece in a column (figures hold no space)."""
    piece = line[span[0]:span[1]].rstrip()
    return piece.split(" ")[-1] if piece.strip() else ""


def figures_by_player(text: str, heading: str, next_heading: str, players: list[str]):
    """``{(label, player): figure}`` of the players' table(s) between two headings,
    read column by column; fails on a figure not whole on its line."""
    lines = text.split("\n")
    start = lines.index(heading) if heading in lines else 0
    end = lines.index(next_heading, start)
    found: dict[tuple[str, str], str] = {}
    seen: list[str] = []
    for head, rows in _tables(lines, start, end):
        count = sum(1 for word in rows[0].split(" ") if FIGURE.fullmatch(word))
        spans = _columns(rows, count)
        # the first column's heading: the last word before its figures' right edge
        wide = [(max(0, start - 30) if n == 0 else start, end)
                for n, (start, end) in enumerate(spans)]
        names = ["".join(_cell(line, span) for line in head) for span in wide]
        seen += names
        label, row_cells = "", dict[str, str]()
        for row in rows + [""]:
            cells = [_cell(row, span) for span in spans]
            label_part = row[:spans[0][0]].strip()
            if row and not any(cells):  # a label's second line
                label += " " + label_part
                continue
            found.update({(label, name): cell for name, cell in row_cells.items()})
            label = label_part
            for name, cell in zip(names, cells, strict=True):
                assert FIGURE.fullmatch(cell) or not row, (label, name, cell, row)
            row_cells = dict(zip(names, cells, strict=True))
    assert sorted(seen) == sorted(players)
    return found


# --- item 9: never a figure broken ---------------------------------------------------------


@pytest.mark.parametrize("columns", [80, 60])
def test_stats_of_twelve_players_never_breaks_a_figure(twelve, columns):
    text = run("stats", str(twelve), columns=columns)
    _no_line_wider(text, columns)
    data = json.loads(run("stats", str(twelve), "--json"))
    players = data["players"]
    shown = figures_by_player(text, "Statistics of 20 sessions", "By seat", list(players))
    assert any(Fraction(p["net"]).denominator > 1 for p in players.values())  # halves too
    for name, p in players.items():
        net = Fraction(p["net"])
        assert shown[("Net", name)] == amount_shown(net, signed=True)
        assert shown[("Net per deal", name)] == average_shown(Fraction(p["net_per_deal"]),
                                                             signed=True)
        assert shown[("Deals", name)] == str(p["deals"])
        assert shown[("Parties lost", name)] == str(p["partie_lost"]["count"])
        assert shown[("Fiches taken from the pool", name)] == amount_shown(
            Fraction(p["pool_taken_amount"]))


def test_a_long_name_wraps_at_its_word_boundaries_in_stats(twelve):
    text = run("stats", str(twelve))
    for piece in ("Konstantin_", "Pavlovich_", "Pobedonostsev_"):
        assert piece in text
    assert name_lines(LONG) == ("Konstantin_\nPavlovich_\nPobedonostsev_\nKonstantin_\n"
                                "Pavlovich_\nPobedonostsev")
    head = text.split(" ─")[0].split("\n")
    assert len(head) < 10  # not a screen of three letters a line


def test_a_name_with_no_boundary_is_cut_at_the_width_only():
    assert name_lines("A" * 45) == "A" * 20 + "\n" + "A" * 20 + "\n" + "A" * 5
    assert name_lines("Gleb") == "Gleb"


def _league_file(folder: Path, ranking: str) -> Path:
    path = folder.parent / f"league-{ranking}.toml"
    records = sorted(p.name for p in folder.glob("*.rvs"))
    path.write_text(f'records = {json.dumps(["season/" + r for r in records])}\n'
                    f'ranking = "{ranking}"\n[attendance]\nmin_sessions = 8\n'
                    f'absence = "penalty"\npenalty_per_session = 7\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("columns", [80, 50])
@pytest.mark.parametrize("ranking", ["total", "per-session"])
def test_league_of_twelve_never_breaks_a_figure(twelve, columns, ranking):
    league = _league_file(twelve, ranking)
    text = run("league", str(league), columns=columns)
    _no_line_wider(text, columns)
    data = json.loads(run("league", str(league), "--json"))
    lines = text.split("\n")
    for row in data["standings"]:
        first = name_lines(row["player"]).split("\n")[0]
        figure = Fraction(row["figure"])
        # the figure and the net are signed, as every net is (issue 31, N1)
        figure_text = (amount_shown(figure, signed=True) if ranking == "total"
                       else average_shown(figure, signed=True))
        cells = [str(row["rank"]), re.escape(first), str(row["sessions"]), str(row["deals"]),
                 re.escape(figure_text), re.escape(amount_shown(Fraction(row["net"]), signed=True))]
        if row["penalty"] != 0:
            cells.append(re.escape(amount_shown(-Fraction(row["penalty"]))))
        # the figures may be in a second table under the first, after the rank and name
        pattern = r"^\s*" + r"\s+".join(cells[:2])
        assert any(re.match(pattern, line) for line in lines), (row, text)
        for cell in cells[2:]:
            assert any(re.search(rf"(?<!\S){cell}(?!\S)", line) for line in lines), (cell, text)


VULGAR = {"½": Fraction(1, 2), "⅓": Fraction(1, 3), "⅔": Fraction(2, 3), "¼": Fraction(1, 4),
          "¾": Fraction(3, 4), "⅙": Fraction(1, 6), "⅚": Fraction(5, 6)}


def _amount(text: str) -> Fraction:
    sign = -1 if text[0] in "-\u2212" else 1
    body = text.lstrip("+-\u2212")
    if body and body[-1] in VULGAR:
        return sign * (int(body[:-1] or 0) + VULGAR[body[-1]])
    whole, _, fraction = body.partition("\u00a0")
    if "/" in whole:
        return sign * Fraction(whole)
    return sign * (int(whole) + (Fraction(fraction) if fraction else Fraction(0)))


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_compare_of_twelve_never_cuts_a_value_nor_breaks_a_figure(twelve, lang):
    text = run("stats", str(twelve), "--compare", "modern", lang=lang)
    _no_line_wider(text, 80)
    assert "…" not in text
    lines = text.split("\n")
    heading = "Net per player" if lang == "en" else "Итог по игрокам"
    start = next(n for n, line in enumerate(lines) if line.strip() == heading)
    for _, rows in _tables(lines, start, len(lines)):
        for row in rows:
            cells = row.split()
            if len(cells) < 4 or not FIGURE.fullmatch(cells[-1].strip()):
                continue
            *_, own, other, difference = re.split(r" {2,}", row.strip())
            assert _amount(own) + _amount(difference) == _amount(other), row
        break
    with use(lang):
        together = tr("together")
    assert together in text


# --- item 10: amounts as a person writes them -------------------------------------------------


IMPROPER = re.compile(r"(?<![\d/])(\d+)/(\d+)")


def _improper(text: str) -> list[str]:
    return [m.group() for m in IMPROPER.finditer(text) if int(m.group(1)) >= int(m.group(2))]


def test_stats_league_and_compare_write_no_improper_fraction(twelve):
    league = _league_file(twelve, "total")
    for args in (("stats", str(twelve)), ("league", str(league)),
                 ("stats", str(SAMPLES / "club"), "--compare", "modern")):
        text = run(*args, columns=200)
        assert not _improper(text.replace("docs/decisions.md", "")), (args, _improper(text))
    compared = run("stats", str(SAMPLES / "club"), "--compare", "modern")
    assert "36\u00a01/2 of them from Gleb" in compared


def test_json_keeps_exact_fractions(twelve):
    data = json.loads(run("stats", str(twelve), "--json"))
    nets = [p["net"] for p in data["players"].values()]
    assert any(isinstance(net, str) and re.fullmatch(r"-?\d+/\d+", net) for net in nets)
    assert not any(isinstance(net, str) and "\u00a0" in net for net in nets)


def test_the_club_page_writes_whole_parts_and_keeps_the_exact_in_a_title(twelve, tmp_path):
    run("report", str(twelve), "-o", f"{tmp_path}/site/")
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    visible = re.sub(r'title="[^"]*"', "", html)
    assert not _improper(visible), _improper(visible)[:5]
    data = json.loads(run("stats", str(twelve), "--json"))
    half = next(p for p in data["players"].values() if Fraction(p["net"]).denominator > 1)
    net = Fraction(half["net"])
    assert f'title="{net.numerator}/{net.denominator}">{amount_shown(net, signed=True)}<' in html


# --- item 13: what each option means -------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_compare_says_what_each_option_that_moved_means(lang):
    text = " ".join(run("stats", str(SAMPLES / "club"), "--compare", "modern", lang=lang,
                        columns=100).split())
    with use(lang):
        for name in ("restake", "partie_ties", "late_tricks_double"):
            meaning = " ".join(tr(OPTIONS[name].meaning).split())
            assert f"{name}: {meaning}" in text
        if lang == "ru":  # a value's meaning, in brackets after it (review russian-4, E3)
            assert "restake = taken_or_quiet (когда корзину взяли" in text
            assert "yes (да)" in text and "→ no (нет)" in text  # the table's values


def test_a_window_too_narrow_for_any_table_gets_each_row_on_lines_of_its_own():
    league = str(SAMPLES / "club" / "league-year.toml")
    text = run("league", league, columns=24)
    _no_line_wider(text, 24)
    assert "This table needs a window 26 columns wide" in " ".join(text.split())
    data = json.loads(run("league", league, "--json"))
    for row in data["standings"]:
        for heading, value in (("Rank", row["rank"]), ("Player", row["player"]),
                               ("Net", amount_shown(Fraction(row["net"]), signed=True))):
            assert f"{heading}:\u00a0{value}" in text, (heading, value, text)
