"""One person, one player (issue 30, item 6; newcomer-4 finding 9): the club file
(``club.toml``) read by archive, stats, league and report; names that differ only by
case or script warned of; the file's problems located; two seats never made one.

The season: eight sessions in which one person is written ``Anna`` (4), ``Анна``
(3) and ``anna`` (1).  Her figures under the club file are checked against each
session's ``score --json`` summed by hand, and against the three spellings'
figures without it."""

from __future__ import annotations

import json
import re
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.club.stats import COUNTS
from reversis_cli.simulate import SimulationOptions, simulate_session

ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
SPELLINGS = ("Anna",) * 4 + ("Анна",) * 3 + ("anna",)
OTHERS = ("Boris", "Vera", "Gleb", "Dima")
CLUB = '[aliases]\n"Анна" = "Anna"\n"anna" = "Anna"\n'


def run(*args: str):
    return CliRunner().invoke(cli, ["--lang", "en", *args], env=ENV)


def amount(value) -> Fraction:
    return Fraction(value) if isinstance(value, int) else Fraction(*map(int, value.split("/")))


@pytest.fixture(scope="module")
def season(tmp_path_factory) -> Path:
    """The eight sessions in ``season/``, the club file beside the folder."""
    root = tmp_path_factory.mktemp("roster")
    folder = root / "season"
    folder.mkdir()
    for n, anna in enumerate(SPELLINGS):
        players = (anna, *(OTHERS[(n + k) % 4] for k in range(3)))
        text = "".join(simulate_session(SimulationOptions(
            8, seed=300 + n, events=0.3, irregular=0.4, players=players)))
        first, rest = text.split("\n", 1)
        day = f"2027-{1 + n // 4:02d}-{10 + n:02d}"
        (folder / f"{day}.rvs").write_text(f"{first}\ndate {day}\n{rest}", encoding="utf-8")
    (root / "club.toml").write_text(CLUB, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def archive(season) -> Path:
    database = season.parent / "club.sqlite"
    result = run("archive", str(season), "-o", str(database))
    assert result.exit_code == 0, result.output
    return database


def stats_json(*args: str) -> dict:
    result = run("stats", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def club(season: Path) -> str:
    return str(season.parent / "club.toml")


def test_with_the_club_file_anna_is_one_player_with_every_spelling_summed(season):
    by_hand = Fraction(0)
    for n, path in enumerate(sorted(season.glob("*.rvs"))):
        result = run("score", "--json", str(path))
        assert result.exit_code == 0, result.output
        by_hand += amount(json.loads(result.stdout)["totals"][SPELLINGS[n]])
    players = stats_json(str(season), "--club", club(season))["players"]
    assert set(players) == {"Anna", *OTHERS}
    anna = players["Anna"]
    assert (anna["sessions"], anna["deals"]) == (8, 64)
    assert amount(anna["net"]) == by_hand
    assert len(anna["session_files"]) == 8


def test_every_figure_of_the_one_player_is_the_sum_of_the_three_spellings(season):
    apart = stats_json(str(season))["players"]
    together = stats_json(str(season), "--club", club(season))["players"]
    assert {"Anna", "Анна", "anna"} <= set(apart)
    three = [apart[name] for name in ("Anna", "Анна", "anna")]
    anna = together["Anna"]
    for key in ("net", "pool_taken_amount"):
        assert amount(anna[key]) == sum(amount(p[key]) for p in three), key
    for key in COUNTS:
        assert anna[key]["count"] == sum(p[key]["count"] for p in three), key
        assert sorted(anna[key]["deals"]) == sorted(d for p in three for d in p[key]["deals"])
    for role, figures in anna["by_role"].items():
        assert amount(figures["net"]) == sum(amount(p["by_role"][role]["net"]) for p in three)
        for key in ("deals", *COUNTS):
            assert figures[key] == sum(p["by_role"][role][key] for p in three), (role, key)
    # the others are untouched, and the players still add up to what they did
    for name in OTHERS:
        assert together[name] == apart[name]
    assert sum(amount(p["net"]) for p in together.values()) == \
        sum(amount(p["net"]) for p in apart.values())


def test_the_seasons_players_and_pool_still_sum_to_zero_under_the_club_file(season, archive):
    for source in (season, archive):
        data = stats_json(str(source), "--club", club(season))
        players = sum(amount(p["net"]) for p in data["players"].values())
        assert players != 0 and players + amount(data["pool"]["net"]) == 0


def test_titles_and_who_did_what_to_whom_name_the_one_player(season):
    data = stats_json(str(season), "--club", club(season))
    named = {name for b in data["between"] for name in (b["by"], b["of"])}
    named |= {name for t in data["titles"]["season"] for name in t["players"]}
    named |= {name for e in data["titles"]["evenings"] for t in e["titles"]
              for name in t["players"]}
    assert named <= {"Anna", *OTHERS}


def test_stats_of_the_records_and_of_their_archive_agree_under_the_club_file(season, archive):
    files = stats_json(str(season), "--club", club(season))
    database = stats_json(str(archive), "--club", club(season))

    def figures(data: dict) -> str:  # the files' names aside: the archive's are relative
        text = json.dumps({k: data[k] for k in ("players", "between", "titles")})
        return re.sub(r'"[^"]*?(2027-\d\d-\d\d)\.rvs', r'"\1.rvs', text)

    assert figures(files) == figures(database)
    assert set(database["players"]) == {"Anna", *OTHERS}


def test_the_archive_keeps_the_names_as_written_and_a_new_club_file_needs_no_archiving(
        season, archive):
    with sqlite3.connect(archive) as conn:
        names = {name for name, in conn.execute("SELECT name FROM players")}
    assert {"Anna", "Анна", "anna"} <= names
    assert {"Анна", "anna"} <= set(stats_json(str(archive))["players"])
    assert set(stats_json(str(archive), "--club", club(season))["players"]) == {"Anna", *OTHERS}


def test_no_table_read_under_the_club_file_shows_another_spelling(season, archive):
    """Every column of every table of the archive, as a reader sees it: a table
    with a player's name that the roster does not cover (one added later too)
    would show Анна or anna here."""
    from reversis_cli.club.database import open_to_read  # as below
    from reversis_cli.club.names import apply_roster
    from reversis_cli.club.roster import parse_roster

    conn = open_to_read(archive)
    try:
        assert conn.execute("SELECT COUNT(*) FROM players WHERE name = 'Анна'").fetchone()[0]
        apply_roster(conn, parse_roster(CLUB, "club.toml"))
        tables = [name for name, in conn.execute(
            "SELECT name FROM main.sqlite_master WHERE type = 'table'")]
        shown = {}
        for table in tables:
            for column in [row[1] for row in conn.execute(f"PRAGMA main.table_info({table})")]:
                shown[(table, column)] = conn.execute(
                    f"SELECT COUNT(*) FROM {table} WHERE {column} IN ('Анна', 'anna')"
                ).fetchone()[0]
        assert {where: n for where, n in shown.items() if n} == {}
        assert conn.execute("SELECT COUNT(*) FROM main.players WHERE name = 'Анна'").fetchone()[0]
    finally:
        conn.close()


def test_the_club_file_keeps_a_view_the_reader_already_has(archive):
    """A reader's own temporary view of a table (one that hides a session's
    rows, say) keeps its effect under the club file: the names are mapped over it."""
    from reversis_cli.club.database import open_to_read  # as below
    from reversis_cli.club.names import apply_roster
    from reversis_cli.club.roster import parse_roster

    conn = open_to_read(archive)
    try:
        hidden = conn.execute("SELECT session_id FROM players WHERE name = 'anna'").fetchone()[0]
        for table in ("players", "deal_players"):
            conn.execute(f"CREATE TEMP VIEW {table} AS SELECT * FROM main.{table} "
                         f"WHERE session_id <> {hidden}")
        apply_roster(conn, parse_roster(CLUB, "club.toml"))
        assert conn.execute("SELECT COUNT(*) FROM players WHERE session_id = ?",
                            (hidden,)).fetchone()[0] == 0
        assert conn.execute("SELECT COUNT(DISTINCT session_id) FROM deal_players "
                            "WHERE player = 'Anna'").fetchone()[0] == 7
        assert conn.execute("SELECT COUNT(*) FROM deal_players WHERE player IN "
                            "('Анна', 'anna')").fetchone()[0] == 0
    finally:
        conn.close()


def test_the_json_says_which_club_file_the_figures_were_counted_under(season):
    aliases = {"Анна": "Anna", "anna": "Anna"}
    assert stats_json(str(season), "--club", club(season))["club"] == \
        {"file": club(season), "aliases": aliases}
    assert stats_json(str(season))["club"] is None
    league = season.parent / "league-json.toml"
    league.write_text('records = ["season"]\nclub = "club.toml"\n', encoding="utf-8")
    data = json.loads(run("league", str(league), "--json").stdout)
    assert data["club"]["aliases"] == aliases


def test_a_session_deleted_in_the_sqlite3_shell_stays_out_under_the_club_file(archive,
                                                                              tmp_path):
    import shutil

    copy = tmp_path / "club.sqlite"
    shutil.copy(archive, copy)
    with sqlite3.connect(copy) as conn:  # foreign keys off, as the shell has them
        gone = conn.execute("SELECT session_id FROM players WHERE name = 'anna'").fetchone()[0]
        conn.execute("DELETE FROM sessions WHERE id = ?", (gone,))
    apart = stats_json(str(archive))["players"]
    anna = stats_json(str(copy), "--club", str(archive.parent / "club.toml"))["players"]["Anna"]
    assert anna["sessions"] == 7
    assert amount(anna["net"]) == amount(apart["Anna"]["net"]) + amount(apart["Анна"]["net"])


def test_player_takes_any_spelling(season):
    players = stats_json(str(season), "--club", club(season), "--player", "Анна")["players"]
    assert list(players) == ["Anna"] and players["Anna"]["sessions"] == 8


def test_compare_counts_the_one_player_too(season):
    data = stats_json(str(season), "--club", club(season), "--compare", "modern")
    assert set(data["compare"]["players"]) == {"Anna", *OTHERS}


# --- without a club file: the warning ---------------------------------------------------------

WARNING = re.compile(r'warning\[RV624\]: the names Anna \(4 sessions\), Анна \(3 sessions\), '
                     r'anna \(1 session\) differ only by case or script: .*'
                     r'"Анна" = "Anna"  "anna" = "Anna" under \[aliases\]')


def test_stats_without_a_club_file_warns_and_gives_the_alias_lines(season):
    result = run("stats", str(season))
    assert result.exit_code == 0
    assert len(WARNING.findall(result.stderr)) == 1, result.stderr
    assert "2027-02-14.rvs: warning[RV624]" in result.stderr  # the first Анна


def test_the_warning_is_said_in_russian(season):
    result = CliRunner().invoke(cli, ["--lang", "ru", "stats", str(season)], env=ENV)
    assert "имена Anna (4 игры), Анна (3 игры), anna (1 игра) различаются только " \
           "регистром или алфавитом" in result.stderr


def test_archive_league_and_report_warn_too(season, tmp_path):
    archived = run("archive", str(season), "-o", str(tmp_path / "c.sqlite"))
    assert archived.exit_code == 0 and WARNING.search(archived.stderr), archived.stderr
    league = tmp_path / "league.toml"
    league.write_text(f'records = ["{season}"]\n', encoding="utf-8")
    ranked = run("league", str(league))
    assert ranked.exit_code == 0 and WARNING.search(ranked.stderr), ranked.stderr
    page = run("report", str(tmp_path / "c.sqlite"), "-o", str(tmp_path / "page") + "/")
    assert page.exit_code == 0 and WARNING.search(page.stderr), page.stderr


def test_json_carries_the_warning_and_the_club_files_problems(season, tmp_path):
    data = json.loads(run("stats", "--json", str(season)).stdout)
    assert [d["code"] for d in data["diagnostics"]] == ["RV624"]
    assert '"Анна" = "Anna"  "anna" = "Anna"' in data["diagnostics"][0]["message"]
    bad = tmp_path / "bad.toml"
    bad.write_text('[aliases]\n"Boris" = "Anna"\n', encoding="utf-8")
    result = run("stats", "--json", str(season), "--club", str(bad))
    assert result.exit_code == 1 and "players" not in json.loads(result.stdout)
    assert {d["code"] for d in json.loads(result.stdout)["diagnostics"]} == {"RV623"}
    league = tmp_path / "league.toml"
    league.write_text(f'records = ["{season}"]\nclub = "bad.toml"\n', encoding="utf-8")
    result = run("league", "--json", str(league))
    assert result.exit_code == 1  # the records' warnings (revokes) are there too
    assert "RV623" in {d["code"] for d in json.loads(result.stdout)["diagnostics"]}


def test_the_club_file_ends_the_warning(season):
    result = run("stats", str(season), "--club", club(season))
    assert result.exit_code == 0 and "RV624" not in result.stderr


def test_two_spellings_at_one_table_are_two_people_and_not_warned_of(tmp_path):
    text = "".join(simulate_session(SimulationOptions(
        2, seed=5, players=("Anna", "anna", "Boris", "Vera"))))
    (tmp_path / "a.rvs").write_text(text, encoding="utf-8")
    result = run("stats", str(tmp_path / "a.rvs"))
    assert result.exit_code == 0 and "RV624" not in result.stderr


def test_names_are_compared_without_case_and_across_scripts():
    from reversis_cli.club.names import fold  # here: the CLI's tests run without the module

    assert fold("Анна") == fold("anna") == fold("ANNA") == "anna"
    assert fold("Борис") == fold("Boris")
    assert fold("Вера") != fold("Анна")


# --- the league file's club key, and the club page --------------------------------------------


def test_a_league_file_names_its_club_file(season, tmp_path):
    league = season.parent / "league-club.toml"
    league.write_text('records = ["season"]\nclub = "club.toml"\n', encoding="utf-8")
    result = run("league", str(league), "--json")
    assert result.exit_code == 0, result.output
    rows = {row["player"]: row for row in json.loads(result.stdout)["standings"]}
    assert set(rows) == {"Anna", *OTHERS}
    files = stats_json(str(season), "--club", club(season))["players"]["Anna"]
    assert (rows["Anna"]["sessions"], amount(rows["Anna"]["net"])) == (8, amount(files["net"]))
    assert "RV624" not in result.stderr


def test_a_league_file_excludes_a_player_by_any_spelling(season):
    league = season.parent / "league-exclude.toml"
    league.write_text('records = ["season"]\nclub = "club.toml"\nexclude = ["anna"]\n',
                      encoding="utf-8")
    data = json.loads(run("league", str(league), "--json").stdout)
    assert [(r["player"], r["reason"]) for r in data["not_ranked"]] == [("Anna", "excluded")]


def test_a_club_key_naming_no_file_is_an_error_at_the_key(tmp_path, season):
    league = tmp_path / "league.toml"
    league.write_text(f'records = ["{season}"]\nclub = "nope.toml"\n', encoding="utf-8")
    result = run("league", str(league))
    assert result.exit_code == 1
    assert f"{league}:2:1: error[RV620]: there is no club file" in result.stderr


def test_the_club_page_lists_the_one_player(season, archive, tmp_path):
    result = run("report", str(archive), "--club", club(season), "-o", str(tmp_path) + "/")
    assert result.exit_code == 0, result.output
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert ">Anna<" in page and "Анна" not in page and ">anna<" not in page


def test_the_club_page_by_a_league_file_takes_its_club_file(season, tmp_path):
    league = season.parent / "league-page.toml"
    league.write_text('records = ["season"]\nclub = "club.toml"\n', encoding="utf-8")
    result = run("report", str(season), "--league", str(league), "-o", str(tmp_path) + "/")
    assert result.exit_code == 0 and "RV624" not in result.stderr, result.output
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert ">Anna<" in page and "Анна" not in page


def test_club_on_the_command_line_replaces_the_league_files(season, tmp_path):
    (tmp_path / "bad.toml").write_text('[aliases]\n"Boris" = "Anna"\n', encoding="utf-8")
    league = tmp_path / "league.toml"
    league.write_text(f'records = ["{season}"]\nclub = "bad.toml"\n', encoding="utf-8")
    assert run("league", str(league)).exit_code == 1
    result = run("league", str(league), "--json", "--club", club(season))
    assert result.exit_code == 0, result.output
    assert {r["player"] for r in json.loads(result.stdout)["standings"]} == {"Anna", *OTHERS}


def test_club_on_a_page_of_records_named_one_by_one_is_refused(season, tmp_path):
    result = run("report", str(next(season.glob("*.rvs"))), "--club", club(season),
                 "-o", str(tmp_path / "one.html"))
    assert result.exit_code == 2 and "--club applies to a club page" in result.output


# --- two seats are never one person -----------------------------------------------------------


def test_a_club_file_that_seats_one_person_twice_is_an_error_naming_the_session(season,
                                                                                tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[aliases]\n"Анна" = "Anna"\n"Boris" = "Anna"\n', encoding="utf-8")
    result = run("stats", str(season), "--club", str(bad))
    assert result.exit_code == 1
    assert result.stdout == ""  # no figures
    first = sorted(season.glob("*.rvs"))[0]
    # the session as the user would name it: relative to the working folder when
    # that is near (a checkout beside the temporary folder), else whole
    said = re.search(rf"{re.escape(str(bad))}:3:1: error\[RV623\]: Anna and Boris both play in "
                     rf"(\S+), so they are two people, but the club file makes both Anna",
                     result.stderr)
    assert said is not None, result.stderr
    assert Path(said.group(1)).resolve() == first.resolve()
    assert '    3 | "Boris" = "Anna"' in result.stderr


def test_archive_with_that_club_file_stores_the_names_as_written_and_fails(season, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[aliases]\n"Boris" = "Anna"\n', encoding="utf-8")
    database = tmp_path / "c.sqlite"
    result = run("archive", str(season), "-o", str(database), "--club", str(bad))
    assert result.exit_code == 1 and "error[RV623]" in result.stderr
    with sqlite3.connect(database) as conn:
        assert conn.execute("SELECT COUNT(*) FROM sessions").fetchone()[0] == 8
    league = tmp_path / "league.toml"
    league.write_text('archive = "c.sqlite"\nclub = "bad.toml"\n', encoding="utf-8")
    assert "error[RV623]" in run("league", str(league)).stderr


# --- the club file's own problems -------------------------------------------------------------

PROBLEMS = [
    ('[aliases]\n"anna" = "Анна"\n"Анна" = "Anna"\n', "RV622", "2:1",
     'anna is mapped to Анна, which is itself mapped to Anna: map every spelling straight to '
     'the name the club counts ("anna" = "Anna")'),
    ('[aliases]\n"Anna" = "Anna"\n', "RV622", "2:1", "Anna is mapped to itself"),
    ('[aliases]\n"" = "Anna"\n', "RV622", "2:1", "an empty name"),
    ('[aliases]\n"anna" = "  "\n', "RV622", "2:1", "an empty name"),
    ('[aliases]\n"anna" = 3\n', "RV622", "2:1", "the alias anna must name a player in quotes"),
    ('[aliases]\n\n  anna = ["Anna"]\n', "RV622", "3:3", "must name a player in quotes"),
    ('[aliases]\n"Anna K" = "Anna"\n', "RV622", "2:1", "one word without spaces"),
    ('[aliases]\n"A.Ivanov" = "Ivanov "\n', "RV622", "2:1", "begins or ends with a space"),
    ('# the club\n[players]\nanna = "Anna"\n', "RV621", "2:1", "unknown key players"),
    ('title = "x"\n[aliases]\n', "RV621", "1:1", "unknown key title"),
    ('[aliases.more]\n"a" = "b"\n', "RV621", "1:1", "unknown table [aliases.more]"),
    ('aliases = 3\n', "RV622", "1:1", "aliases must be a table"),
    ('[aliases]\nАнна = "Anna"\n', "RV620", "2:1", 'write each name in quotes'),
    ('[aliases]\n"a" = "b"\n"a" = "c"\n', "RV620", "3:", "a key given twice"),
]


@pytest.mark.parametrize("text,code,where,message", PROBLEMS)
def test_each_problem_of_the_club_file_is_located_with_its_code(tmp_path, season, text, code,
                                                                 where, message):
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    result = run("stats", str(season), "--club", str(path))
    assert result.exit_code == 1 and result.stdout == ""
    assert f"{path}:{where}" in result.stderr and f"error[{code}]" in result.stderr, \
        result.stderr
    assert message in result.stderr
    assert re.search(r"^\s+\d+ \| .*\n\s+\| *\^", result.stderr, re.M)  # the caret


def test_the_club_files_problems_are_said_in_russian(tmp_path, season):
    path = tmp_path / "club.toml"
    path.write_text('[aliases]\n"anna" = "Анна"\n"Анна" = "Anna"\n"Boris" = "Boris"\n',
                    encoding="utf-8")
    result = CliRunner().invoke(cli, ["--lang", "ru", "stats", str(season), "--club", str(path)],
                                env=ENV)
    assert result.exit_code == 1
    assert (f'{path}:2:1: ошибка[RV622]: написание anna сведено к Анна, а Анна само сведено к '
            f'Anna: сводите каждое написание прямо к имени, под которым считает клуб '
            f'("anna" = "Anna")') in result.stderr
    assert "написание Boris сведено к самому себе: уберите эту строку" in result.stderr


def test_every_problem_of_the_file_is_said_at_once():
    from reversis_cli.club.roster import RosterError, parse_roster  # as above

    with pytest.raises(RosterError) as caught:
        parse_roster('[aliases]\n"A" = "A"\n"b" = 1\n[x]\n', "club.toml")
    assert [(d.code, d.line) for d in caught.value.diagnostics] == \
        [("RV621", 4), ("RV622", 2), ("RV622", 3)]


def test_a_missing_or_unreadable_club_file_is_a_diagnostic(tmp_path, season):
    result = run("stats", str(season), "--club", str(tmp_path / "none.toml"))
    assert result.exit_code == 1 and "error[RV620]: cannot read the club file" in result.stderr
    latin1 = tmp_path / "latin1.toml"
    latin1.write_bytes('[aliases]\n"Zoé" = "Zoe"\n'.encode("latin-1"))
    result = run("archive", str(season), "-o", str(tmp_path / "c.sqlite"),
                 "--club", str(latin1))
    assert result.exit_code == 1 and "is not UTF-8 text" in result.stderr
    assert not (tmp_path / "c.sqlite").exists()  # refused before anything is written


def test_a_good_club_file_reads_into_an_immutable_roster():
    from reversis_cli.club.roster import parse_roster  # as above

    roster = parse_roster("[aliases]\n'Анна' = 'Anna'\n\"A.Ivanov\" = \"Ivanov\"\n", "c.toml")
    assert roster.canonical("Анна") == "Anna" and roster.canonical("Boris") == "Boris"
    alias = roster.alias_of("A.Ivanov")
    assert alias is not None and alias.pos.line == 3
    with pytest.raises(AttributeError):
        roster.name = "other"  # type: ignore[misc]
