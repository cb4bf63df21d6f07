"""Dates checked everywhere and the names of a league file checked (issue 30,
items 7 and 8; newcomer-4 findings 4, 5, 7, 13 and §20): ``stats --from/--to``
refuse what is no date, a record's impossible ``date`` is an error of
``check``, one rule places a session dated by month or year in a period for
``stats``, ``league`` and the club page, ``report --league`` reads the league
file's own season, and an ``exclude`` nobody played as is an error."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.club.archive import archive_inputs
from reversis_cli.club.league import LeagueSettings

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "samples" / "club"
ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}


def run(*args: str):
    return CliRunner().invoke(cli, list(args), env=ENV)


def _json(*args: str) -> dict:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _redated(folder: Path, name: str, date: str | None) -> None:
    """``samples/club/NAME`` copied into ``folder`` with its ``date`` line
    changed (or taken out: None)."""
    text = (CLUB / name).read_text(encoding="utf-8")
    line = "" if date is None else f"date {date}\n"
    (folder / name).write_text(re.sub(r"(?m)^date .*\n", line, text), encoding="utf-8")


# --- stats --from / --to (newcomer-4 finding 7) ---------------------------------------------


@pytest.mark.parametrize("value, why", [
    ("2027-02-31", "2027-02-31 is not a date: 2027-02 has no day 31"),
    ("31.02.2027", "31.02.2027 is not a date: 2027-02 has no day 31"),
    ("2027-02-29", "2027-02-29 is not a date: 2027-02 has no day 29"),
    ("2027-W05", "2027-W05 is not a date: write it as 2027-01-14"),
    ("2027-01-14 evening", "2027-01-14 evening is not a date: write it as 2027-01-14"),
    ("2027-01-14T20:00", "2027-01-14T20:00 is not a date: write it as 2027-01-14"),
    ("2027-13", "2027-13 is not a date: a month is numbered 1 to 12"),
    ("", " is not a date: write it as 2027-01-14"),
    ("２０２７-01-14", "２０２７-01-14 is not a date: write it as 2027-01-14"),
])
@pytest.mark.parametrize("option", ["--from", "--to"])
def test_stats_refuses_a_date_that_is_garbled_or_not_in_the_calendar(option, value, why):
    result = run("stats", str(CLUB), option, value, "--json")
    assert result.exit_code == 2, result.output
    assert why in result.output
    assert not result.output.lstrip().startswith("{")


def test_stats_refuses_a_period_that_ends_before_it_begins_in_the_league_files_words():
    result = run("stats", str(CLUB), "--from", "2027-02", "--to", "2027-01")
    assert result.exit_code == 2, result.output
    assert "the period ends (2027-01) before it begins (2027-02)" in result.output
    russian = run("--lang", "ru", "stats", str(CLUB), "--from", "2027-02-11", "--to", "2027-02-04")
    assert "период кончается (2027-02-04) раньше, чем начинается (2027-02-11)" in russian.output


def test_stats_takes_the_days_and_the_rest_of_a_month_it_is_given():
    # the same day at both ends, a leap day, a period from a day to the end of its month
    assert len(_json("stats", str(CLUB), "--from", "14.01.2027", "--to", "2027-01-14",
                     "--json")["sessions"]) == 1
    assert _json("stats", str(CLUB), "--from", "2028-02-29", "--json")["sessions"] == []
    february = _json("stats", str(CLUB), "--from", "2027-02-05", "--to", "2027-02", "--json")
    assert [Path(s).name for s in february["sessions"]] == ["2027-02-11.rvs"]


def test_a_russian_date_error_is_russian():
    result = run("--lang", "ru", "stats", str(CLUB), "--from", "2027-02-30")
    assert result.exit_code == 2
    assert "2027-02-30 — не дата: в месяце 2027-02 нет 30-го числа" in result.output


# --- a record's date (issue 30 item 7) -------------------------------------------------------


@pytest.mark.parametrize("written, why", [
    ("2027-02-30", "2027-02-30 is not a date: 2027-02 has no day 30"),
    ('"2027-02-30, evening"', "2027-02-30 is not a date: 2027-02 has no day 30"),
    ("30.02.2027", "30.02.2027 is not a date: 2027-02 has no day 30"),
    ("2027-13", "2027-13 is not a date: a month is numbered 1 to 12"),
    ("2026-02-29", "2026-02-29 is not a date: 2026-02 has no day 29"),
])
def test_check_refuses_a_record_dated_by_no_day_of_the_calendar(tmp_path, written, why):
    _redated(tmp_path, "2027-01-14.rvs", written)
    record = str(tmp_path / "2027-01-14.rvs")
    result = run("check", record)
    assert result.exit_code == 1, result.output
    line = next(n for n, text in enumerate(
        (tmp_path / "2027-01-14.rvs").read_text(encoding="utf-8").splitlines(), 1)
        if text.startswith("date "))
    assert f"2027-01-14.rvs:{line}:6: error[RV114]: {why}" in result.output
    assert f"{line:>5} | date {written}\n      |      ^\n" in result.output
    # so the archive does not take it in, and stats leaves it out with exit 1
    assert run("score", record).exit_code == 1
    archived = run("archive", record, "-o", str(tmp_path / "club.sqlite"))
    assert archived.exit_code == 1 and "RV114" in archived.output
    stats = run("stats", str(tmp_path), "--json")
    assert stats.exit_code == 1 and "RV114" in stats.output


@pytest.mark.parametrize("written", ["2027-02", "2027", "29.02.2028", "2028-02-29",
                                     '"17 November, evening"', "Thursday"])
def test_a_partial_date_or_free_text_stays_valid_in_a_record(tmp_path, written):
    _redated(tmp_path, "2027-01-14.rvs", written)
    result = run("check", str(tmp_path / "2027-01-14.rvs"))
    assert result.exit_code == 0, result.output


def test_the_russian_of_a_record_date_error():
    result = CliRunner().invoke(cli, ["--lang", "ru", "check", "-"], env=ENV,
                                input="reversis 1\ndate 2027-02-30\nplayers A B C D\n")
    assert ("<stdin>:2:6: ошибка[RV114]: 2027-02-30 — не дата: в месяце 2027-02 нет 30-го "
            "числа") in result.output


# --- one rule for a session dated by month or year (newcomer-4 finding 4, tests-4 M09) -------


@pytest.fixture()
def month_dated(tmp_path) -> Path:
    """newcomer-4's league-vs-report.sh: 2027-01-14 re-dated "2027-01", two
    other evenings as they are, a league file of the year 2027."""
    folder = tmp_path / "lvr"
    folder.mkdir()
    _redated(folder, "2027-01-14.rvs", "2027-01")
    for name in ("2027-01-21.rvs", "2027-02-11.rvs"):
        shutil.copy(CLUB / name, folder / name)
    (folder / "league.toml").write_text('records = ["."]\nfrom = 2027-01-01\nto = 2027-12-31\n',
                                        encoding="utf-8")
    return folder


def _club_standings(html: str) -> list[tuple[str, int]]:
    table = re.search(r'<table class="figures standings-table">.*?</table>', html, re.S)
    assert table is not None
    return [(name, int(sessions)) for name, sessions in re.findall(
        r'<th scope="row">([^<]*)</th><td class="num">(\d+)</td>', table.group(0))]


def test_league_and_the_club_page_crown_the_same_champion(month_dated, tmp_path):
    league = _json("league", str(month_dated / "league.toml"), "--json")
    assert league["sessions"] == 3
    expected = [(row["player"], row["sessions"]) for row in league["standings"]]
    assert expected[0] == ("Gleb", 3)
    site = tmp_path / "site"
    result = run("report", str(month_dated), "--league", str(month_dated / "league.toml"),
                 "-o", f"{site}/")
    assert result.exit_code == 0, result.output
    html = (site / "index.html").read_text(encoding="utf-8")
    assert _club_standings(html) == expected
    assert "3 sessions" in html
    # and stats over the same period counts the same three evenings
    stats = _json("stats", str(month_dated), "--from", "2027-01-01", "--to", "2027-12-31",
                  "--json")
    assert len(stats["sessions"]) == 3 and stats["left_out_undated"] == 0
    assert stats["players"]["Gleb"]["sessions"] == 3


@pytest.mark.parametrize("date, start, end, counted", [
    ("2027-01", "2027-01-10", None, True),  # the month meets a period that starts in it
    ("2027-01", None, "2027-01-05", True),  # ... or ends in it
    ("2027-01", "2027-02-01", None, False),
    ("2027", "2027-06-01", "2027-06-30", True),  # a year meets any period inside it
    ("2027", "2028-01-01", None, False),
    (None, "2027-01-01", None, False),  # undated: only without a period
    (None, None, None, True),
])
def test_stats_and_league_place_a_session_by_one_rule(tmp_path, date, start, end, counted):
    _redated(tmp_path, "2027-01-14.rvs", date)
    shutil.copy(CLUB / "2027-02-11.rvs", tmp_path / "2027-02-11.rvs")
    period = "".join(f"{key} = {value}\n" for key, value in (("from", start), ("to", end))
                     if value)
    (tmp_path / "league.toml").write_text('records = ["."]\n' + period, encoding="utf-8")
    args = [arg for key, value in (("--from", start), ("--to", end)) if value
            for arg in (key, value)]
    stats = _json("stats", str(tmp_path), *args, "--json")
    in_stats = any(Path(s).name == "2027-01-14.rvs" for s in stats["sessions"])
    assert in_stats == counted
    assert stats["left_out_undated"] == int(date is None and bool(args))
    # the other session, 2027-02-11, is dated by its day
    february = (start is None or start <= "2027-02-11") and (end is None or "2027-02-11" <= end)
    league = _json("league", str(tmp_path / "league.toml"), "--json")
    assert league["sessions"] == int(counted) + int(february)


# --- report --league reads the league file's season (newcomer-4 finding 13) ------------------


def _standings_of(site: Path) -> list[tuple[str, int]]:
    return _club_standings((site / "index.html").read_text(encoding="utf-8"))


def test_report_league_without_files_reads_the_league_files_records(tmp_path):
    season = tmp_path / "club"
    shutil.copytree(CLUB, season)
    league = str(season / "league-per-deal.toml")
    result = run("report", "--league", league, "-o", f"{tmp_path / 'site'}/")
    assert result.exit_code == 0, result.output
    standings = _json("league", league, "--json")["standings"]
    expected = [(row["player"], row["sessions"]) for row in standings]
    assert _standings_of(tmp_path / "site") == expected
    assert sorted(p.name for p in (tmp_path / "site" / "sessions").glob("*.html")) == [
        "2027-01-14.html", "2027-01-21.html", "2027-02-04.html", "2027-02-11.html"]


def test_report_league_without_files_reads_the_league_files_archive(tmp_path):
    season = tmp_path / "club"
    shutil.copytree(CLUB, season)
    archive_inputs([str(season)], tmp_path / "club.sqlite")
    (season / "archived.toml").write_text('archive = "../club.sqlite"\nto = 2027-01-31\n',
                                          encoding="utf-8")
    result = run("report", "--league", str(season / "archived.toml"), "-o", f"{tmp_path}/site/")
    assert result.exit_code == 0, result.output
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "until 2027-01-31, 2 sessions" in html
    # each session's page made from the record the archive names, beside it
    assert sorted(p.name for p in (tmp_path / "site" / "sessions").glob("*.html")) == [
        "2027-01-14.html", "2027-01-21.html"]


def test_report_league_with_a_season_that_cannot_be_read_says_where(tmp_path):
    (tmp_path / "league.toml").write_text('records = ["nowhere"]\n', encoding="utf-8")
    result = run("report", "--league", str(tmp_path / "league.toml"), "-o", f"{tmp_path}/s/")
    assert result.exit_code == 1
    assert "league.toml:1:12: error[RV609]: there is no file or folder" in result.output


def test_files_named_with_a_league_file_are_the_season(tmp_path):
    """FILES win over the league file's records (docs/output.md): the period
    and the rules are the league file's."""
    two = tmp_path / "two"
    two.mkdir()
    for name in ("2027-01-14.rvs", "2027-01-21.rvs"):
        shutil.copy(CLUB / name, two / name)
    result = run("report", str(two), "--league", str(CLUB / "league-per-deal.toml"),
                 "-o", f"{tmp_path}/site/")
    assert result.exit_code == 0, result.output
    assert "2027-01-01 to 2027-03-31, 2 sessions" in (
        tmp_path / "site" / "index.html").read_text(encoding="utf-8")


def test_report_without_files_or_league_still_asks_for_files(tmp_path):
    result = run("report", "-o", f"{tmp_path}/site/")
    assert result.exit_code == 2
    assert "Missing argument 'FILES...'" in result.output


# --- names in a league file (newcomer-4 finding 5) ----------------------------------------


def _league_of_the_club(tmp_path: Path, text: str) -> Path:
    for path in CLUB.glob("2027-*.rvs"):
        shutil.copy(path, tmp_path / path.name)
    league = tmp_path / "league.toml"
    league.write_text(text, encoding="utf-8")
    return league


def test_an_exclude_nobody_played_as_is_an_error_with_a_suggestion(tmp_path):
    league = _league_of_the_club(tmp_path, 'records = ["."]\nexclude = ["gleb", "Nobody"]\n')
    result = run("league", str(league))
    assert result.exit_code == 1
    assert ("league.toml:2:12: error[RV608]: exclude: nobody called gleb played in the season; "
            "did you mean Gleb?\n    2 | exclude = [\"gleb\", \"Nobody\"]\n"
            "      |            ^\n") in result.output
    assert ("league.toml:2:20: error[RV608]: exclude: nobody called Nobody played in the "
            "season; the players are: Anna, Boris, Dima, Elena, Gleb, Vera") in result.output
    assert "Rank" not in result.output
    # the club page checks the same names
    page = run("report", "--league", str(league), "-o", f"{tmp_path}/site/")
    assert page.exit_code == 1 and "did you mean Gleb?" in page.output
    assert not (tmp_path / "site" / "index.html").exists()


def test_a_misspelt_name_on_a_line_of_its_own_is_pointed_at(tmp_path):
    league = _league_of_the_club(tmp_path, 'records = ["."]\nexclude = [\n  "Gleb",\n'
                                           '  "Elna",\n]\n')
    result = run("--lang", "ru", "league", str(league))
    assert result.exit_code == 1
    assert ("league.toml:4:3: ошибка[RV608]: exclude: в сезоне не играл никто с именем Elna; "
            "может быть, имелось в виду Elena?") in result.output


def test_a_name_is_checked_against_the_players_of_the_period(tmp_path):
    # Elena played only in February: in a January league she is a name of nobody
    league = _league_of_the_club(tmp_path, 'records = ["."]\nto = 2027-01-31\n'
                                           'exclude = ["Elena"]\n')
    result = run("league", str(league))
    assert result.exit_code == 1 and "nobody called Elena played in the season" in result.output


def test_the_names_check_takes_the_known_names_it_is_given():
    """One function, given the names a season knows (a roster's aliases can
    widen the set): a case slip first, then the closest spelling."""
    from reversis_cli.club.league_file import unknown_names

    settings = LeagueSettings(records=(".",), exclude=("anna", "Borsi", "Anna", "Zoe"))
    text = 'records = ["."]\nexclude = ["anna", "Borsi", "Anna", "Zoe"]\n'
    found = unknown_names(text, "l.toml", settings, {"Anna", "Boris"})
    assert [(d.pos and (d.pos.line, d.pos.column), str(d.message)) for d in found] == [
        ((2, 12), "exclude: nobody called anna played in the season; did you mean Anna?"),
        ((2, 20), "exclude: nobody called Borsi played in the season; did you mean Boris?"),
        ((2, 37), "exclude: nobody called Zoe played in the season; the players are: Anna, "
                  "Boris"),
    ]
    assert unknown_names(text, "l.toml", settings, {"Anna", "Boris", "anna", "Borsi",
                                                    "Zoe"}) == []


# --- a period with no session (newcomer-4 §20) ----------------------------------------------


def test_a_league_period_with_no_session_says_so_instead_of_an_empty_table(tmp_path):
    league = _league_of_the_club(tmp_path, 'records = ["."]\nfrom = 2028-01-01\n'
                                           'exclude = ["Gleb"]\n')
    result = run("league", str(league))
    assert result.exit_code == 0, result.output
    assert "from 2028-01-01, 0 sessions" in result.output
    assert "No session of the season falls in this period, so there are no standings" \
        in result.output
    assert "Rank" not in result.output
    russian = run("--lang", "ru", "league", str(league))
    assert "В этот период не попала ни одна игра сезона, поэтому таблицы нет" in russian.output
    page = run("report", "--league", str(league), "-o", f"{tmp_path}/site/")
    assert page.exit_code == 0, page.output
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "No session of the season falls in this period" in html
    assert '<table class="figures standings-table">' not in html
