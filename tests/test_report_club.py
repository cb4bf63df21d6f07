"""``reversis report`` of a folder or an archive: the club page and its
sessions' pages (docs/output.md, "reversis report")."""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.club.archive import archive_inputs, build_in_memory
from reversis_cli.club.stats import stats_of
from reversis_cli.i18n import amount_shown, use
from reversis_cli.report.club import build_club_page
from test_report import _part, parsed

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "samples" / "club"
XSS = ROOT / "tests" / "fixtures" / "report" / "xss.rvs"
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}


def invoke(*args):
    return CliRunner().invoke(cli, list(args), env=ENV)


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    """samples/club copied, with its archive beside it."""
    folder = tmp_path_factory.mktemp("club") / "club"
    shutil.copytree(CLUB, folder)
    archive_inputs([str(folder)], folder / "club.sqlite")
    return folder


@pytest.fixture(scope="module")
def written(season, tmp_path_factory):
    out = tmp_path_factory.mktemp("out") / "site"
    result = invoke("report", str(season), "-o", f"{out}/")
    assert result.exit_code == 0, result.output
    return out


def _page(lang: str = "en") -> str:
    conn, _ = build_in_memory([str(CLUB.relative_to(ROOT))])
    with use(lang):
        return build_club_page(conn, None, "sessions/").html


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_club_page_of_the_sample_season(golden, monkeypatch, lang):
    monkeypatch.chdir(ROOT)  # the files named as given: the same on any machine
    html = _page(lang)
    tags = parsed(html)
    assert tags.problems == [] and tags.stack == []
    assert f'<html lang="{lang}">' in html
    golden(f"report/club-{lang}.txt", "\n".join(tags.text) + "\n")


def test_the_russian_page_has_no_english_heading(monkeypatch):
    monkeypatch.chdir(ROOT)
    html = _page("ru")
    for english in ("Standings", "Statistics", "Titles of the season", "Net over time",
                    "Sessions", "Biggest winner"):
        assert f">{english}<" not in html
    assert "Турнирная таблица" in html and "Статистика" in html


def test_the_page_names_nothing_outside_itself_and_runs_no_script(written):
    html = (written / "index.html").read_text(encoding="utf-8")
    for tag, attrs in parsed(html).tags:
        for name in ("src", "href", "action", "srcset"):
            value = attrs.get(name) or ""
            assert not re.match(r"\s*(https?:|//|ftp:|file:)", value), (tag, name, value)
    assert "<script" not in html and "@import" not in html and "url(" not in html
    assert "default-src 'none'" in html


def test_every_link_leads_to_a_session_page_written_beside_it(written):
    html = (written / "index.html").read_text(encoding="utf-8")
    links = [attrs["href"] for tag, attrs in parsed(html).tags if tag == "a"]
    assert links == [f"sessions/{day}.html" for day in
                     ("2027-01-14", "2027-01-21", "2027-02-04", "2027-02-11")]
    for link in links:
        page = (written / link).read_text(encoding="utf-8")
        assert "<h1>" in page and 'class="session"' in page  # today's page of one session


def test_a_page_file_keeps_its_session_pages_in_a_folder_named_after_it(season, tmp_path):
    result = invoke("report", str(season), "-o", str(tmp_path / "club.html"))
    assert result.exit_code == 0, result.output
    html = (tmp_path / "club.html").read_text(encoding="utf-8")
    assert 'href="club-sessions/2027-01-14.html"' in html
    assert sorted(p.name for p in (tmp_path / "club-sessions").iterdir()) == [
        ".reversis-pages.json",  # what the pages are made from (report/made.py)
        "2027-01-14.html", "2027-01-21.html", "2027-02-04.html", "2027-02-11.html"]


def test_the_chart_has_a_line_a_player_ending_at_the_players_net(written, season):
    html = (written / "index.html").read_text(encoding="utf-8")
    svg = _part(r'<svg id="season-chart".*?</svg>', html)
    ends = dict(re.findall(r'<g class="player-line" data-player="([^"]*)" data-end="([^"]*)"',
                           svg))
    conn, _ = build_in_memory([str(season)])
    stats = stats_of(conn)
    assert ends == {name: amount_shown(p.net, signed=True) for name, p in stats.players.items()}
    assert svg.count("<polyline") == len(stats.players) == 6
    # each line's last point is drawn at its net, on the same scale as the axis
    ticks = [(float(y), int(label)) for y, label in re.findall(
        r'<text class="tick" x="\d+" y="([\d.]+)" text-anchor="end">([-+]?\d+)</text>', svg)]
    (y0, v0), (y1, v1) = ticks[0], ticks[-1]
    for name, points in re.findall(
            r'data-player="([^"]*)".*?<polyline class="series" points="([^"]*)"', svg, re.S):
        last_y = float(points.split()[-1].split(",")[1]) + 4  # ticks' labels sit 4 below
        value = v0 + (last_y - y0) * (v1 - v0) / (y1 - y0)
        assert abs(value - float(stats.players[name].net)) < 1, name


def test_the_tooltips_give_exact_amounts(written):
    html = (written / "index.html").read_text(encoding="utf-8")
    assert "<title>Elena after 2027-02-11: +107 in all (+75 that session)</title>" in html


def test_the_standings_follow_a_league_file_when_given(season, tmp_path):
    result = invoke("report", str(season), "--league", str(season / "league-per-deal.toml"),
                    "-o", f"{tmp_path}/")
    assert result.exit_code == 0, result.output
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    league = invoke("league", str(season / "league-per-deal.toml"), "--json")
    standings = json.loads(league.output)["standings"]
    table = _part(r'<table class="figures standings-table">.*?</table>', html)
    names = re.findall(r'<th scope="row">([^<]*)</th>', table)
    assert names == [row["player"] for row in standings]
    assert "Score per deal" in table


def test_an_archive_gives_the_same_pages_as_its_records(season, tmp_path, monkeypatch):
    monkeypatch.chdir(season.parent)
    for given, out in (("club", "from-records"), ("club/club.sqlite", "from-archive")):
        result = invoke("report", given, "-o", f"{tmp_path / out}/")
        assert result.exit_code == 0, result.output
    made = sorted(p.relative_to(tmp_path / "from-records")
                  for p in (tmp_path / "from-records").rglob("*.html"))
    assert len(made) == 5
    for page in made:
        assert (tmp_path / "from-records" / page).read_bytes() == \
            (tmp_path / "from-archive" / page).read_bytes(), page


def test_a_record_gone_since_archived_is_listed_without_a_page(season, tmp_path):
    copy = tmp_path / "club"
    shutil.copytree(season, copy)
    (copy / "2027-01-21.rvs").unlink()
    result = invoke("report", str(copy / "club.sqlite"), "-o", f"{tmp_path}/site/")
    assert result.exit_code == 0, result.output
    assert "RV611" in result.output and "2027-01-21.rvs" in result.output
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "2027-01-21.html" not in html and "no page: the record is gone or changed" in html
    assert not (tmp_path / "site" / "sessions" / "2027-01-21.html").exists()


def test_titles_places_and_notes_are_text_never_markup(tmp_path):
    """A name is letters only (the notation's NAME); a title, a place and a note
    may hold anything, and are shown as written, on every page."""
    evil = "<img src=x onerror=alert(9)>"
    text = XSS.read_text(encoding="utf-8").replace("Anna", "Robert--").replace(
        'note "</title>', f'note "{evil}</title>')
    (tmp_path / "evil.rvs").write_text(text, encoding="utf-8")
    result = invoke("report", str(tmp_path), "-o", f"{tmp_path}/site/")
    assert result.exit_code == 0, result.output
    for page in (tmp_path / "site").rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<img" not in html and "<svg onload" not in html and "<b id" not in html
        assert html.count("<script") == (0 if page.name == "index.html" else 1)  # ours only
    club = " ".join(parsed((tmp_path / "site" / "index.html").read_text(encoding="utf-8")).text)
    assert "<script>alert(1)</script>" in club and "Robert--" in club
    session = (tmp_path / "site" / "sessions" / "evil.html").read_text(encoding="utf-8")
    assert evil in " ".join(parsed(session).text)


@pytest.mark.parametrize("args, words", [
    (("-o", "-"), "not -"),
    (("--rules", "modern", "-o", "OUT/"), "--rules and --set"),
])
def test_what_a_club_page_cannot_do_is_a_usage_error(tmp_path, args, words):
    args = tuple(a.replace("OUT", str(tmp_path / "o")) for a in args)
    result = invoke("report", str(CLUB), *args)
    assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output


def test_records_named_one_by_one_keep_the_one_page(tmp_path):
    out = tmp_path / "two.html"
    result = invoke("report", str(CLUB / "2027-01-14.rvs"), str(CLUB / "2027-01-21.rvs"),
                    "-o", str(out))
    assert result.exit_code == 0
    assert '<section id="archive"' in out.read_text(encoding="utf-8")
    assert not (tmp_path / "two-sessions").exists()


def test_a_net_per_deal_is_rounded_on_the_page_and_exact_in_its_title(written):
    html = (written / "index.html").read_text(encoding="utf-8")
    assert '<td class="num" title="-183/20">-9.15</td>' in html
    assert Fraction(-183, 20) == Fraction("-9.15")
