"""``-`` is standard input for every command that reads records, and
diagnostics name it ``<stdin>``."""

import json

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli

from conftest import SAMPLES

WIDTH = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
EVENING = (SAMPLES / "evening.rvs").read_bytes()
TEN = (SAMPLES / "bad" / "ten.rvs").read_bytes()


def run(data: bytes, *args):
    return CliRunner().invoke(cli, list(args), input=data, env=WIDTH)


@pytest.mark.parametrize("args", [
    ("check", "-"), ("check", "-", "--jobs", "2"), ("score", "-"), ("show", "-"),
    ("explain", "-", "--deal", "1"), ("arbitrate", "-", "--deal", "1", "--no-quotes"),
])
def test_each_command_reads_standard_input(args):
    from_stdin = run(EVENING, *args)
    from_file = CliRunner().invoke(cli, [str(SAMPLES / "evening.rvs") if a == "-" else a
                                         for a in args], env=WIDTH)
    assert from_stdin.exit_code == 0, from_stdin.output
    assert from_stdin.output == from_file.output.replace(str(SAMPLES / "evening.rvs"),
                                                         "<stdin>")


@pytest.mark.parametrize("command", ["check", "score", "show"])
def test_diagnostics_name_standard_input(command):
    result = run(TEN, command, "-")
    assert result.exit_code == 1
    assert "<stdin>:12:17: error[RV101]" in result.output


def test_arbitrate_compare_reads_standard_input_once_for_both_readings():
    result = run(EVENING, "arbitrate", "-", "--deal", "2", "--compare", "modern", "--no-quotes")
    assert result.exit_code == 0, result.output
    assert "Side by side" in result.output


def test_score_json_names_standard_input():
    result = run(EVENING, "score", "--json", "-")
    assert json.loads(result.output)["source"] == "<stdin>"
