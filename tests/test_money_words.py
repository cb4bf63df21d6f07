"""What the money options and the club's tables say of themselves (issue 30,
newcomer-4 §20): --currency alone is refused, a fiche value finer than the
currency's smallest unit is said, and the club's tables in a pipe end their
lines without padding."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli

from conftest import SAMPLES


def run(*args: str):
    return CliRunner().invoke(cli, ["--lang", "en", *args])


@pytest.mark.parametrize("command", ["score", "report"])
def test_currency_without_a_fiche_value_is_a_usage_error(command, tmp_path):
    extra = ("-o", str(tmp_path / "page.html")) if command == "report" else ()
    result = run(command, str(SAMPLES / "evening.rvs"), "--currency", "eur", *extra)
    assert result.exit_code == 2
    assert "--currency EUR is the currency of --fiche-value" in result.stderr
    assert "--set currency=EUR" in result.stderr
    assert not (tmp_path / "page.html").exists()


def test_a_records_own_fiche_value_takes_the_currency_from_set(tmp_path):
    result = run("score", str(SAMPLES / "evening.rvs"), "--set", "fiche_value=0.5",
                 "--set", "currency=EUR", "--json")
    assert result.exit_code == 0
    assert '"currency": "EUR"' in result.stdout


def test_a_fiche_value_finer_than_the_currency_s_unit_is_said():
    result = run("score", str(SAMPLES / "evening.rvs"), "--fiche-value", "0.01",
                 "--currency", "JPY")
    assert result.exit_code == 0
    assert ("a fiche is worth 0.01 JPY, not a whole number of the smallest unit of JPY (1): "
            "every amount in money is rounded to 1 JPY") in result.stderr


@pytest.mark.parametrize("value, currency", [("0.5", "EUR"), ("2", "JPY"), ("0.01", "RUB")])
def test_a_fiche_value_in_whole_units_says_nothing(value, currency):
    result = run("score", str(SAMPLES / "evening.rvs"), "--fiche-value", value,
                 "--currency", currency)
    assert result.exit_code == 0
    assert result.stderr == ""


def test_the_rounding_is_said_in_russian():
    result = CliRunner().invoke(cli, ["--lang", "ru", "score", str(SAMPLES / "evening.rvs"),
                                      "--fiche-value", "0.01", "--currency", "JPY"])
    assert "фишка стоит 0.01 JPY" in result.stderr


@pytest.mark.parametrize("args", [
    ("stats", str(SAMPLES / "club")),
    ("stats", str(SAMPLES / "club"), "--compare", "modern"),
    ("league", str(SAMPLES / "club" / "league-per-deal.toml")),
])
def test_the_club_s_tables_in_a_pipe_have_no_trailing_spaces(args):
    result = run(*args)
    assert result.exit_code == 0
    lines = result.stdout.split("\n")
    assert len(lines) > 10
    assert [line for line in lines if line != line.rstrip()] == []
