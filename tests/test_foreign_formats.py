"""check and score given a JSON record or a csv-tricks file: one error that
says how to convert it, not an error on every line (QA finding 16)."""

import json

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli

from conftest import SAMPLES

ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}


def run(*args, input=None):
    return CliRunner().invoke(cli, list(args), env=ENV, input=input)


@pytest.fixture
def converted(tmp_path):
    out = {}
    for target, suffix in (("json", ".json"), ("csv-tricks", ".csv")):
        path = tmp_path / f"evening{suffix}"
        assert run("convert", str(SAMPLES / "evening.rvs"), "--to", target,
                   "-o", str(path)).exit_code == 0
        out[target] = path
    return out


@pytest.mark.parametrize("target, what", [("json", "a JSON record"),
                                          ("csv-tricks", "a csv-tricks file")])
def test_check_gives_one_error_with_the_convert_command(converted, target, what):
    path = converted[target]
    result = run("check", str(path))
    assert result.exit_code == 1
    errors = [line for line in result.stdout.splitlines() if "error[" in line]
    assert errors == [f"{path}:1:1: error[RV006]: this looks like {what}, not a record in "
                      f"the notation; convert it first: reversis convert {path} --to rvs "
                      "-o NEW.rvs"]


def test_the_advised_command_works(converted, tmp_path):
    back = tmp_path / "NEW.rvs"
    assert run("convert", str(converted["json"]), "--to", "rvs", "-o", str(back)).exit_code == 0
    assert run("check", str(back)).exit_code == 0


def test_score_json_and_stdin_name_the_source_format(converted):
    data = json.loads(run("score", "--json", str(converted["csv-tricks"])).stdout)
    assert [d["code"] for d in data["diagnostics"]] == ["RV006"]
    piped = run("check", "-", input=converted["json"].read_text(encoding="utf-8"))
    assert "reversis convert - --from json --to rvs" in piped.stdout
    assert piped.stdout.count("error[") == 1


def test_a_record_starting_with_comments_is_still_read():
    result = run("check", "-", input="# {not json}\n"
                 + (SAMPLES / "evening.rvs").read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.stdout
