"""Every command that writes a file: ``-o -`` is standard output, and the
output path is checked before any work, by one function (issue 20, items 17
and 18; newcomer-3, findings 16 and 17)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli import files
from reversis_cli.cli import cli
from reversis_cli.convert.fmt import canonical_text

from records import MINIMAL

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
HOUSE = SAMPLES / "house-reading.rvs"
ENV = {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input, env=ENV)


# --- -o - is standard output ------------------------------------------------------------


def test_report_to_standard_output_writes_the_page_there_and_no_file_named_dash(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("report", str(SAMPLES / "evening.rvs"), "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("<!DOCTYPE html>") and result.stdout.rstrip().endswith(
        "</html>")
    assert list(tmp_path.iterdir()) == []


def test_report_from_standard_input_to_standard_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("report", "-", "-o", "-", input=(SAMPLES / "evening.rvs").read_text("utf-8"))
    assert result.exit_code == 0, result.output
    assert "<!DOCTYPE html>" in result.stdout and list(tmp_path.iterdir()) == []


def test_report_diagnostics_stay_on_standard_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("report", str(SAMPLES / "irregular.rvs"), "-o", "-")
    located = "irregular.rvs:105:20: warning[RV201]"  # as a terminal shows it
    assert located in result.stderr and located not in result.stdout
    assert result.stdout.startswith("<!DOCTYPE html>")


def test_simulate_to_standard_output_is_as_without_o(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    dash = run("simulate", "--deals", "2", "--seed", "4", "-o", "-")
    plain = run("simulate", "--deals", "2", "--seed", "4")
    assert dash.exit_code == 0 and dash.stdout == plain.stdout
    assert dash.stdout.startswith("# written by reversis simulate")
    assert dash.stderr == "" and list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_rules_infer_to_standard_output_writes_the_profile_alone_there(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("rules", "--infer", str(HOUSE), "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("# The rules this table played")
    assert 'base = "classic"' in result.stdout and "Under classic" not in result.stdout
    assert "Under classic the table departs" in result.stderr
    assert "The house profile is written to standard output." in result.stderr
    assert list(tmp_path.iterdir()) == []
    russian = run("--lang", "ru", "rules", "--infer", str(HOUSE), "-o", "-")
    assert "Домашний профиль выведен в стандартный вывод." in russian.stderr


def test_convert_to_standard_output_still_writes_there(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("convert", str(SAMPLES / "evening.rvs"), "--to", "json", "-o", "-")
    assert result.exit_code == 0 and result.stdout.startswith("{")
    assert list(tmp_path.iterdir()) == []


# --- the output path, checked before the work -----------------------------------------------


def _no_work(monkeypatch):
    """Make the work of each command fail the test if it is reached."""
    import reversis_cli.convert as convert
    import reversis_cli.sheet.infer as infer
    import reversis_cli.report as report
    import reversis_cli.simulate as simulate

    def reached(*args, **kwargs):
        raise AssertionError("the work started before the output was checked")

    monkeypatch.setattr(report, "build_report", reached)
    monkeypatch.setattr(infer, "infer_in", reached)
    monkeypatch.setattr(simulate, "simulate_session", reached)
    monkeypatch.setattr(convert, "convert", reached)


def _commands(output: str) -> list[list[str]]:
    return [["report", str(SAMPLES / "evening.rvs"), "-o", output],
            ["simulate", "--deals", "3", "-o", output],
            ["rules", "--infer", str(HOUSE), "-o", output],
            ["convert", str(SAMPLES / "evening.rvs"), "--to", "json", "-o", output]]


@pytest.mark.parametrize("index", range(4), ids=["report", "simulate", "rules-infer", "convert"])
def test_a_missing_folder_is_refused_before_any_work(tmp_path, monkeypatch, index):
    _no_work(monkeypatch)
    target = tmp_path / "nodir" / "out.x"
    result = run(*_commands(str(target))[index])
    assert result.exit_code == 2, result.output
    assert f"cannot write {target}: the folder {tmp_path / 'nodir'} does not exist" \
        in " ".join(result.output.split())
    assert "Traceback" not in result.output and not (tmp_path / "nodir").exists()


@pytest.mark.parametrize("index", range(4), ids=["report", "simulate", "rules-infer", "convert"])
def test_a_folder_that_is_a_file_is_refused_before_any_work(tmp_path, monkeypatch, index):
    _no_work(monkeypatch)
    (tmp_path / "plain").write_text("x")
    result = run(*_commands(str(tmp_path / "plain" / "out.x"))[index])
    assert result.exit_code == 2, result.output
    assert "cannot write" in result.output and "Not a directory" in result.output


@pytest.mark.parametrize("index", range(4), ids=["report", "simulate", "rules-infer", "convert"])
def test_a_folder_closed_to_new_files_is_refused_before_any_work(tmp_path, monkeypatch, index):
    _no_work(monkeypatch)
    closed = tmp_path / "closed"
    closed.mkdir()
    _closed_to_us(monkeypatch, closed)
    result = run(*_commands(str(closed / "out.x"))[index])
    assert result.exit_code == 2, result.output
    assert f"no new file may be made in the folder {closed}" in " ".join(result.output.split())
    assert list(closed.iterdir()) == []


def _closed_to_us(monkeypatch, folder: Path) -> None:
    """``folder`` refuses new files, as a folder without write permission does
    for anyone but root (the tests may run as root)."""
    access = os.access

    def closed(path, mode, *args, **kwargs):
        if Path(path) == folder and mode & os.W_OK:
            return False
        return access(path, mode, *args, **kwargs)

    monkeypatch.setattr(files.os, "access", closed)


def test_one_function_judges_every_output(tmp_path, monkeypatch):
    """output_problem: a new file in an open folder is fine; a missing folder,
    a file for a folder, a closed folder are not (write_atomic asks it too)."""
    assert files.output_problem(tmp_path / "new.rvs") is None
    assert "does not exist" in str(files.output_problem(tmp_path / "no" / "new.rvs"))
    (tmp_path / "f").write_text("x")
    assert files.output_problem(tmp_path / "f" / "new.rvs") is not None
    _closed_to_us(monkeypatch, tmp_path)
    assert "no new file may be made" in str(files.output_problem(tmp_path / "new.rvs"))
    with pytest.raises(files.WriteError, match="no new file may be made"):
        files.write_atomic(tmp_path / "new.rvs", b"x")
    assert not (tmp_path / "new.rvs").exists()


def test_fmt_leaves_a_record_in_a_closed_folder_as_it_is(tmp_path, monkeypatch):
    """fmt checks with the same function, once it knows it must write: a file
    already canonical needs no writing and is not an error."""
    folder = tmp_path / "closed"
    folder.mkdir()
    (folder / "messy.rvs").write_text(MINIMAL)
    (folder / "canonical.rvs").write_text(canonical_text(MINIMAL, "t").text)
    _closed_to_us(monkeypatch, folder)
    result = run("fmt", str(folder / "messy.rvs"))
    assert result.exit_code == 1
    assert "RV525" in result.output and "no new file may be made in the folder" in result.output
    assert (folder / "messy.rvs").read_text() == MINIMAL
    assert run("fmt", str(folder / "canonical.rvs")).exit_code == 0
