"""A record whose rules cannot be built: `check` says so, nothing settles under them."""

import json

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli

from conftest import SAMPLES

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
EVENING = (SAMPLES / "evening.rvs").read_text(encoding="utf-8")

BROKEN_HEADERS = {
    "missing profile": ("rules nonesuch", "RV401", 6),
    "missing house file": ("rules no-such-house.toml", "RV401", 6),
    "bad set value": ("rules classic\nset stake_player = lots", "RV402", 7),
    "unknown set option": ("rules classic\nset stake_everyone = 3", "RV402", 7),
}


def run(*args):
    return CliRunner().invoke(cli, list(args), env=ENV)


def broken(tmp_path, case: str):
    replacement, code, line = BROKEN_HEADERS[case]
    path = tmp_path / "broken.rvs"
    path.write_text(EVENING.replace("rules classic", replacement), encoding="utf-8")
    return path, code, line


@pytest.mark.parametrize("case", BROKEN_HEADERS)
def test_check_reports_the_profile_problem_on_its_header_line(tmp_path, case):
    path, code, line = broken(tmp_path, case)
    result = run("check", str(path))
    assert result.exit_code == 1
    assert f"{path}:{line}:" in result.stdout and f"error[{code}]" in result.stdout
    data = json.loads(run("check", "--json", str(path)).stdout)
    assert [(d["code"], d["line"]) for d in data["diagnostics"]] == [(code, line)]


def test_check_reports_every_bad_set_line_even_when_the_profile_is_missing(tmp_path):
    path = tmp_path / "both.rvs"
    path.write_text(EVENING.replace("rules classic", "rules nonesuch\nset partie_ties = maybe"),
                    encoding="utf-8")
    data = json.loads(run("check", "--json", str(path)).stdout)
    assert [d["code"] for d in data["diagnostics"]] == ["RV401", "RV402"]


@pytest.mark.parametrize("case", BROKEN_HEADERS)
def test_score_settles_nothing_under_rules_it_could_not_build(tmp_path, case):
    path, code, _ = broken(tmp_path, case)
    result = run("score", str(path))
    assert result.exit_code == 1
    assert f"error[{code}]" in result.stderr
    assert "Deal 1" not in result.stdout and "Payments" not in result.stdout
    data = json.loads(run("score", "--json", str(path)).stdout)
    assert "deals" not in data and data["diagnostics"][0]["code"] == code


@pytest.mark.parametrize("command", [["explain", "--deal", "1"], ["arbitrate", "--deal", "1"],
                                     ["convert", "--to", "csv-payments"]])
def test_other_settling_commands_refuse_too(tmp_path, command):
    path, code, _ = broken(tmp_path, "bad set value")
    result = run(*command, str(path))
    assert result.exit_code == 1
    assert f"error[{code}]" in result.stderr
    assert "Anna" not in result.stdout


def test_a_good_header_still_checks_clean():
    result = run("check", str(SAMPLES / "evening.rvs"))
    assert result.exit_code == 0 and "no errors" in result.stdout


@pytest.mark.parametrize("line, column", [("set stake_everyone = 3", 5),  # the unknown name
                                          ("set  stake_player = lots", 21)])  # the bad value
def test_a_set_line_s_caret_is_on_what_is_wrong(tmp_path, line, column):
    """newcomer-3, finding 22: an unknown option's caret sat on its value."""
    path = tmp_path / "set.rvs"
    path.write_text(EVENING.replace("rules classic", "rules classic\n" + line), encoding="utf-8")
    data = json.loads(run("check", "--json", str(path)).stdout)
    assert [(d["code"], d["line"], d["column"]) for d in data["diagnostics"]] == \
        [("RV402", 7, column)]
    caret = " " * (column - 1) + "^"
    assert f"    7 | {line}\n      | {caret}\n" in run("check", str(path)).stdout


def test_a_set_line_in_a_record_being_recorded_points_at_the_name_too(tmp_path):
    """record reads the header with check's rules (the same located diagnostic)."""
    path = tmp_path / "r.rvs"
    path.write_text("reversis 1\nrules classic\nset bogus = 3\nplayers Anna Boris Vera Gleb\n",
                    encoding="utf-8")
    result = CliRunner().invoke(cli, ["record", str(path), "--plain"], input="quit\n", env=ENV)
    assert f"{path}:3:5: error[RV402]: there is no rule option called 'bogus'" in result.output
