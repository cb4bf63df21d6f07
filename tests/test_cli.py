"""The commands as a user runs them: output, exit status, JSON."""

import json

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli

from conftest import SAMPLES, good_samples
from records import MINIMAL, mutate

WIDTH = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}


def run(*args, env=WIDTH):
    return CliRunner().invoke(cli, list(args), env=env)


@pytest.fixture
def revoke_file(tmp_path):
    path = tmp_path / "revoke.rvs"
    path.write_text(mutate(mutate(MINIMAL, 8, "QS QH 2S AD", "QS QH 7H AD"), 11,
                           "6S 9C 7H 7C", "6S 9C 2S 7C"), encoding="utf-8")
    return path


def test_check_accepts_every_sample():
    result = run("check", *map(str, good_samples()))
    assert result.exit_code == 0, result.output
    # The warnings are those recorded on purpose: the revokes of irregular.rvs and
    # every-event-ru.rvs, the figures of disputed-sheet.rvs that depart from the rules (one
    # paid line, four tallies) and the sixteen tallies of house-reading.rvs, kept under a
    # house reading of classic.
    assert result.output.strip().splitlines()[-1].endswith("no errors, 23 warnings")
    assert result.output.count("warning[RV201]") == 2
    assert "irregular.rvs:" in result.output and "every-event-ru.rvs:" in result.output
    assert result.output.count("disputed-sheet.rvs:") == 5


def test_check_reports_compiler_style_with_caret(tmp_path):
    path = tmp_path / "ten.rvs"
    path.write_text(mutate(MINIMAL, 3, "9H", "10H"), encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"{path}:3:16: error[RV101]: 10H is a ten, and the Reversis pack has no tens"
    assert lines[1] == "    3 |   1 Anna 5H AH 10H KH"
    assert lines[2] == "      |                ^"
    assert lines[-1] == "checked 1 file, 1 deal: 1 error, no warnings"


def test_revoke_is_a_warning_unless_strict(revoke_file):
    result = run("check", str(revoke_file))
    assert result.exit_code == 0
    assert ("warning[RV201]: Vera played 7H on a spade lead while holding 2S (revoke)"
            in result.output)
    strict = run("check", "--strict", str(revoke_file))
    assert strict.exit_code == 1
    assert "error[RV201]" in strict.output


def test_check_json(revoke_file):
    result = run("check", "--json", str(revoke_file))
    data = json.loads(result.output)
    assert data["format"] == "reversis-check/1"
    # Vera renounces twice while holding 2S: tricks 6 and 7.
    assert data["diagnostics"][0] == {
        "code": "RV201", "severity": "warning", "file": str(revoke_file), "line": 8,
        "column": 16, "deal": 1, "trick": 6,
        "message": "Vera played 7H on a spade lead while holding 2S (revoke)",
    }
    assert [d["trick"] for d in data["diagnostics"]] == [6, 7]
    assert data["summary"] == {"files": 1, "deals": 1, "errors": 0, "warnings": 2}


def test_usage_errors_exit_2(tmp_path):
    assert run("check").exit_code == 2
    assert run("check", str(tmp_path / "missing.rvs")).exit_code == 2
    assert run("check", "--frobnicate", str(SAMPLES / "evening.rvs")).exit_code == 2
    assert run("show", str(SAMPLES / "evening.rvs"), "--deal", "99").exit_code == 2


@pytest.mark.parametrize("style", ["unicode", "ascii", "ru"])
def test_show_golden(style, golden):
    result = run("show", str(SAMPLES / "big-night.rvs"), "--deal", "1", "--cards", style)
    assert result.exit_code == 0, result.output
    golden(f"show-big-night-1-{style}.txt", result.output)


@pytest.mark.slow  # 1.5 s; the default run has show's goldens, in each card spelling
def test_show_every_deal_of_every_sample():
    for path in good_samples():
        result = run("show", str(path))
        assert result.exit_code == 0, (path, result.output)
        assert result.output.count("Deal ") >= 8


@pytest.mark.slow  # an interpreter; test_cli_package runs the same command by default
def test_python_dash_m_runs_the_cli():
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "reversis_cli", "check",
                             str(SAMPLES / "evening.rvs")], capture_output=True, text=True)
    assert result.returncode == 0
    assert "no errors" in result.stdout


def test_an_internal_error_is_one_line_not_a_traceback(monkeypatch, capsys):
    import reversis_cli.check as check_module
    from reversis_cli.cli import main

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(check_module, "check_file", broken)
    with pytest.raises(SystemExit) as exit_info:
        main(["check", str(SAMPLES / "evening.rvs")])
    assert exit_info.value.code == 3
    err = capsys.readouterr().err
    assert "internal error (RuntimeError: boom)" in err and "Traceback" not in err
