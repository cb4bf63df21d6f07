"""Russian (and Unicode) markers keep their card spelling: ``--cards`` on
every command that shows cards, ``fmt`` keeping the record's own spelling,
and CSV export honouring ``--cards``."""

import re

import pytest
from click.testing import CliRunner

from reversis_cli.cards import respell, spelling_of
from reversis_cli.cli import cli

from conftest import SAMPLES

WIDTH = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
RU = str(SAMPLES / "tver-ru.rvs")
LATIN_FACE = re.compile(r"(?<!\w)[AKQJ][♠♥♦♣]")
RU_FACE = re.compile(r"(?<!\w)[ТКДВ][♠♥♦♣]")


# The commands that show one deal's payments and reasons.
DEAL_COMMANDS = [("score", RU, "--deal", "1"), ("explain", RU, "--deal", "1"),
                 ("arbitrate", RU, "--deal", "1", "--no-quotes")]


def run(*args):
    return CliRunner().invoke(cli, list(args), env=WIDTH)


@pytest.mark.parametrize("command", DEAL_COMMANDS)
def test_score_explain_arbitrate_write_russian_cards_when_asked(command):
    result = run(*command, "--cards", "ru")
    assert result.exit_code == 0, result.output
    assert RU_FACE.search(result.output)
    assert not LATIN_FACE.search(result.output)  # in reasons and facts too


@pytest.mark.parametrize("command", DEAL_COMMANDS)
def test_ascii_cards_reach_the_reasons(command):
    result = run(*command, "--cards", "ascii")
    assert result.exit_code == 0, result.output
    assert "♠" not in result.output and "♥" not in result.output
    assert re.search(r"\bA[SHDC]\b", result.output)


def test_fmt_keeps_a_russian_record_in_russian(tmp_path):
    record = tmp_path / "ru.rvs"
    record.write_bytes((SAMPLES / "tver-ru.rvs").read_bytes())
    result = run("fmt", str(record))
    assert result.exit_code == 0, result.output
    text = record.read_text(encoding="utf-8")
    assert "exchange Борис discards Т♦ takes 7♥" in text
    assert not re.search(r"\b[AKQJ2-9][SHDC]\b", text.split("\n", 1)[1])


def test_fmt_cards_option_still_converts(tmp_path):
    record = tmp_path / "ru.rvs"
    record.write_bytes((SAMPLES / "tver-ru.rvs").read_bytes())
    assert run("fmt", "--cards", "ascii", str(record)).exit_code == 0
    assert "exchange Борис discards AD takes 7H" in record.read_text(encoding="utf-8")


def test_fmt_keeps_ascii_records_ascii():
    result = CliRunner().invoke(cli, ["fmt", "-"],
                                input=(SAMPLES / "evening.rvs").read_bytes())
    assert result.exit_code == 0
    assert not RU_FACE.search(result.output) and "♠" not in result.output


def test_the_spelling_of_a_record_is_the_majority_of_its_cards():
    assert spelling_of(["Т♦", "7♥", "Д♣", "AS"]) == "ru"
    assert spelling_of(["A♦", "7♥", "Q♣", "Т♠"]) == "unicode"
    assert spelling_of(["AD", "7H", "Д♣"]) == "ascii"
    assert spelling_of(["deal", "1", "Anna"]) is None


def test_respell_leaves_names_and_words_alone():
    assert respell("Anna placed A♣ on Gleb's trick", "ru") == "Anna placed Т♣ on Gleb's trick"
    assert respell("Anna placed A♣ on Gleb's trick", "ascii") == "Anna placed AC on Gleb's trick"


def test_csv_tricks_export_honours_cards():
    result = run("convert", RU, "--to", "csv-tricks", "--cards", "ru")
    assert result.exit_code == 0, result.output
    assert "1,Глеб,2,Борис,5♣,2♣,4♣,Т♣" in result.output
    default = run("convert", RU, "--to", "csv-tricks")
    assert "1,Глеб,2,Борис,5C,2C,4C,AC" in default.output  # ASCII unless asked


def test_csv_payments_export_honours_cards():
    result = run("convert", RU, "--to", "csv-payments", "--cards", "ru")
    assert result.exit_code == 0, result.output
    assert "Анна placed Т♠ on Борис's trick" in result.output
