"""``stats --json`` and ``league --json`` carry their diagnostics inside the
JSON, as ``check --json`` and ``score --json`` do: a file left out is named,
a database or league file that cannot be read still gives a JSON (of its
problems alone), and whatever the command reports lands there (issue 30,
item 11)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from reversis_cli.club.archive import archive_inputs

from conftest import SAMPLES

CLUB = SAMPLES / "club"
TEN = SAMPLES / "bad" / "ten.rvs"


def run(*args: str):
    return CliRunner().invoke(cli_group(), ["--lang", "en", *args])


def cli_group():
    from reversis_cli.cli import cli

    return cli


def codes(data: dict) -> list[str]:
    return [d["code"] for d in data["diagnostics"]]


def test_stats_json_names_the_record_it_left_out():
    result = run("stats", str(TEN), str(CLUB), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["left_out"] == [{"file": str(TEN), "reason": "errors"}]
    [diag] = data["diagnostics"]
    assert (diag["code"], diag["file"], diag["line"], diag["column"]) == ("RV101", str(TEN), 12, 17)
    assert str(TEN) not in data["sessions"]  # the figures are of the rest
    assert result.stderr == ""  # in the JSON, as check --json keeps them


def test_stats_json_of_a_clean_season_has_empty_lists():
    result = run("stats", str(CLUB), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["left_out"] == [] and data["diagnostics"] == []


def test_stats_text_still_prints_the_diagnostic_on_stderr():
    result = run("stats", str(TEN), str(CLUB))
    assert result.exit_code == 1
    assert "error[RV101]" in result.stderr and "RV101" not in result.stdout


def test_stats_json_of_a_database_it_cannot_read_is_its_diagnostic(tmp_path):
    corrupt = tmp_path / "corrupt.sqlite"
    corrupt.write_bytes(b"not a database at all\n")
    result = run("stats", str(corrupt), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["format"] == "reversis-stats/1"
    assert codes(data) == ["RV601"] and data["diagnostics"][0]["file"] == str(corrupt)
    assert "players" not in data  # no figures, and nothing that looks like them


def test_league_json_of_a_league_file_it_cannot_read_is_its_diagnostics(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('records = ["."]\nranking = "by-luck"\n', encoding="utf-8")
    result = run("league", str(bad), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["format"] == "reversis-league/1" and "standings" not in data
    [diag] = data["diagnostics"]
    assert (diag["code"], diag["file"], diag["line"]) == ("RV608", str(bad), 2)
    assert result.stderr == ""


def test_league_json_with_a_record_with_errors_names_it(tmp_path):
    shutil.copytree(CLUB, tmp_path / "club")
    shutil.copy(TEN, tmp_path / "club" / "ten.rvs")
    result = run("league", str(tmp_path / "club" / "league-per-deal.toml"), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert codes(data) == ["RV101", "RV609"]
    assert data["diagnostics"][0]["file"].endswith("ten.rvs")
    assert "ten.rvs" in data["diagnostics"][1]["message"]


def test_league_json_carries_an_empty_list_when_all_is_well():
    result = run("league", str(CLUB / "league-per-deal.toml"), "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["diagnostics"] == []


def test_whatever_stats_reports_lands_in_the_json(tmp_path):
    """The general path: --compare's problem (a record changed since it was
    archived, RV610), reported by another part of the command, is in the JSON."""
    shutil.copytree(CLUB, tmp_path / "club")
    database = tmp_path / "club" / "club.sqlite"
    archive_inputs([str(tmp_path / "club")], database)
    changed = tmp_path / "club" / "2027-01-21.rvs"
    changed.write_text(changed.read_text(encoding="utf-8") + "\n# a comment\n",
                       encoding="utf-8")
    result = run("stats", str(database), "--compare", "modern", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert "RV610" in codes(data), data["diagnostics"]
    assert Path(data["diagnostics"][0]["file"]).name == "2027-01-21.rvs"


def test_league_json_with_an_unknown_name_is_its_diagnostic(tmp_path):
    shutil.copytree(CLUB, tmp_path / "club")
    league = tmp_path / "club" / "typo.toml"
    league.write_text('records = ["."]\nexclude = ["gleb"]\n', encoding="utf-8")
    result = run("league", str(league), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert "standings" not in data and codes(data) == ["RV608"]
    assert "Gleb" in data["diagnostics"][0]["message"]  # did you mean
