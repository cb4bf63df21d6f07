"""Every command that writes a file: never onto its own input, never a record
with errors, one atomic writer, failures as plain errors, and fmt keeping what
the file's owner chose (mode, line ends, BOM, links).  Issue 15, items 2, 3, 8, 20."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.convert.fmt import canonical_text

from records import MINIMAL, mutate

_FORMATTED = canonical_text(MINIMAL, "t").text
assert _FORMATTED is not None  # MINIMAL is a good record
CANONICAL: str = _FORMATTED
# Trick 5 names Boris as leader, but Vera has the lead: an error of meaning (RV208);
# the other tricks have no leader written, so canonical form would derive them.
WITH_ERROR = mutate(MINIMAL, 7, "5 Vera", "5 Boris")


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


# --- item 2: the output is the input ---------------------------------------------------


@pytest.mark.parametrize("target", ["csv-payments", "json", "csv-tricks", "rvs"])
def test_convert_refuses_to_write_over_its_own_input(tmp_path, target):
    record = tmp_path / "s.rvs"
    record.write_text(MINIMAL)
    result = run("convert", str(record), "--to", target, "-o", str(record))
    assert result.exit_code == 2
    assert f"the output {record} is the input {record}" in result.output
    assert record.read_text() == MINIMAL


def test_convert_sees_the_same_file_through_a_symlink_and_a_hard_link(tmp_path):
    record = tmp_path / "s.rvs"
    record.write_text(MINIMAL)
    (tmp_path / "link.rvs").symlink_to(record)
    os.link(record, tmp_path / "hard.rvs")
    for other in ("link.rvs", "hard.rvs"):
        result = run("convert", str(record), "--to", "json", "-o", str(tmp_path / other))
        assert result.exit_code == 2, other
        assert record.read_text() == MINIMAL


def test_simulate_refuses_to_write_over_its_rule_profile(tmp_path, run_that_may_hang):
    profile = tmp_path / "house.toml"
    profile.write_text('base = "classic"\npartie_quinola = 4\n')
    before = profile.read_text()
    result = run_that_may_hang("simulate", "--deals", "1", "--rules", "house.toml", "-o",
                               "house.toml", cwd=tmp_path)
    assert result.returncode == 2
    assert "house.toml is the rule profile" in result.stderr
    assert profile.read_text() == before


# --- item 3: a record with errors is neither formatted nor converted ----------------------


def test_fmt_leaves_a_record_with_errors_as_it_is(tmp_path):
    record = tmp_path / "r.rvs"
    record.write_text(WITH_ERROR)
    result = run("fmt", str(record))
    assert result.exit_code == 1
    assert "RV208" in result.output
    assert "the record has errors" in result.output and "left as it is" in result.output
    assert record.read_text() == WITH_ERROR


def test_fmt_of_stdin_writes_nothing_for_a_record_with_errors():
    result = run("fmt", "-", input=WITH_ERROR)
    assert result.exit_code == 1
    assert result.stdout == ""


@pytest.mark.parametrize("target", ["csv-tricks", "json", "rvs", "csv-payments"])
def test_convert_refuses_a_record_with_errors(tmp_path, target):
    record = tmp_path / "r.rvs"
    record.write_text(WITH_ERROR)
    out = tmp_path / "out"
    result = run("convert", str(record), "--to", target, "-o", str(out))
    assert result.exit_code == 1
    assert "RV208" in result.output and "not converted" in result.output
    assert not out.exists()


def test_convert_refuses_a_json_record_with_errors(tmp_path):
    good = tmp_path / "r.rvs"
    good.write_text(MINIMAL)
    json_text = run("convert", str(good), "--to", "json").stdout
    wrong = '"number": 5, "leader": "Boris"'
    bad = tmp_path / "r.json"
    bad.write_text(json_text.replace('"number": 5, "leader": "Vera"', wrong))
    assert wrong in bad.read_text()
    result = run("convert", str(bad), "--to", "csv-tricks")
    assert result.exit_code == 1
    assert "RV208" in result.output and "not converted" in result.output
    assert result.stdout == ""


# --- item 8: failed writes are plain errors ------------------------------------------------


def test_convert_into_a_missing_folder_is_a_usage_error_naming_the_path(tmp_path):
    record = tmp_path / "s.rvs"
    record.write_text(MINIMAL)
    target = tmp_path / "missing" / "s.json"
    result = run("convert", str(record), "--to", "json", "-o", str(target))
    assert result.exit_code == 2
    assert f"cannot write {target}" in result.output
    assert "does not exist" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_fmt_in_a_read_only_folder_is_an_input_error_not_an_internal_one(tmp_path, monkeypatch):
    from reversis_cli import files

    folder = tmp_path / "ro"
    folder.mkdir()
    record = folder / "r.rvs"
    record.write_text(MINIMAL)
    os.chmod(folder, 0o555)
    if os.access(folder, os.W_OK):  # root writes anyway: the folder refuses as it would others
        def refused(*args, **kwargs):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(files.tempfile, "mkstemp", refused)
    try:
        result = run("fmt", str(record))
    finally:
        os.chmod(folder, 0o755)
    assert result.exit_code == 1
    assert f"cannot write {record}" in result.output
    assert record.read_text() == MINIMAL


def test_a_failed_write_is_reported_and_leaves_no_temporary(tmp_path, monkeypatch):
    from reversis_cli import files

    record = tmp_path / "r.rvs"
    record.write_text(MINIMAL)

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", full_disk)
    result = run("fmt", str(record))
    assert result.exit_code == 1
    assert f"cannot write {record}: No space left on device" in result.output
    assert record.read_text() == MINIMAL
    assert [p.name for p in tmp_path.iterdir()] == ["r.rvs"]


# --- item 20: fmt keeps the file as its owner made it --------------------------------------


def test_fmt_keeps_crlf_and_the_bom(tmp_path):
    record = tmp_path / "r.rvs"
    record.write_bytes(("\ufeff" + MINIMAL.replace("\n", "\r\n")).encode("utf-8"))
    assert run("fmt", str(record)).exit_code == 0
    data = record.read_bytes()
    assert data == ("\ufeff" + CANONICAL.replace("\n", "\r\n")).encode("utf-8")
    # and a second run finds it canonical
    assert run("fmt", "--check", str(record)).exit_code == 0


def test_fmt_of_stdin_keeps_crlf():
    result = run("fmt", "-", input=MINIMAL.replace("\n", "\r\n"))
    assert result.exit_code == 0
    assert result.stdout_bytes == CANONICAL.replace("\n", "\r\n").encode("utf-8")


def test_fmt_refuses_a_read_only_file(tmp_path):
    record = tmp_path / "r.rvs"
    record.write_text(MINIMAL)
    os.chmod(record, 0o444)
    result = run("fmt", str(record))
    assert result.exit_code == 1
    assert "error[RV525]" in result.output and "read-only" in result.output
    assert record.read_text() == MINIMAL
    assert os.stat(record).st_mode & 0o777 == 0o444


def test_fmt_refuses_a_fifo_without_blocking(tmp_path, run_that_may_hang):
    fifo = tmp_path / "r.rvs"
    os.mkfifo(fifo)
    result = run_that_may_hang("fmt", str(fifo), cwd=tmp_path)
    assert result.returncode == 1
    assert "not a regular file" in result.stderr
    assert Path(fifo).is_fifo()


def test_fmt_refuses_a_file_with_hard_links_and_keeps_them(tmp_path):
    record = tmp_path / "r.rvs"
    record.write_text(MINIMAL)
    os.link(record, tmp_path / "copy.rvs")
    result = run("fmt", str(record))
    assert result.exit_code == 1
    assert "hard links" in result.output
    assert os.stat(record).st_nlink == 2 and record.read_text() == MINIMAL


def test_a_canonical_read_only_file_is_simply_already_canonical(tmp_path):
    record = tmp_path / "r.rvs"
    record.write_text(CANONICAL)
    os.chmod(record, 0o444)
    assert run("fmt", str(record)).exit_code == 0


def test_fmt_check_of_canonical_crlf_stdin_is_already_canonical():
    result = run("fmt", "--check", "-", input=CANONICAL.replace("\n", "\r\n"))
    assert result.exit_code == 0, result.output


# --- QA finding 2: -o never replaces what fmt would refuse to rewrite ---------------------


def _fifo(path: Path) -> str:
    os.mkfifo(path)
    return "not a regular file"


def _read_only(path: Path) -> str:
    path.write_text("mine\n")
    os.chmod(path, 0o444)
    return "read-only"


def _hard_linked(path: Path) -> str:
    path.write_text("mine\n")
    os.link(path, path.with_name("other-link"))
    return "hard links"


def _folder(path: Path) -> str:
    path.mkdir()
    return "folder"  # convert: click's own check says "is a directory"


OUTPUT_IN_THE_WAY = [_fifo, _read_only, _hard_linked, _folder]


def _unchanged(path: Path, make) -> bool:
    if make is _fifo:
        return path.is_fifo()
    if make is _folder:
        return path.is_dir()
    if make is _read_only:
        return path.read_text() == "mine\n" and os.stat(path).st_mode & 0o777 == 0o444
    return path.read_text() == "mine\n" and os.stat(path).st_nlink == 2


@pytest.mark.parametrize("make", OUTPUT_IN_THE_WAY, ids=lambda f: f.__name__)
def test_convert_refuses_an_output_fmt_would_not_rewrite(tmp_path, make, run_that_may_hang):
    record = tmp_path / "s.rvs"
    record.write_text(MINIMAL)
    output = tmp_path / "out.json"
    why = make(output)
    result = run_that_may_hang("convert", str(record), "--to", "json", "-o", str(output),
                               cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert str(output) in result.stderr
    assert why in result.stderr or (make is _folder and "is a directory" in result.stderr)
    assert _unchanged(output, make)


@pytest.mark.parametrize("make", OUTPUT_IN_THE_WAY, ids=lambda f: f.__name__)
def test_simulate_refuses_an_output_fmt_would_not_rewrite(tmp_path, make, run_that_may_hang):
    output = tmp_path / "out.rvs"
    why = make(output)
    result = run_that_may_hang("simulate", "--deals", "1", "-o", str(output), cwd=tmp_path)
    assert result.returncode == 2, result.stderr
    assert f"cannot write {output}" in result.stderr and why in result.stderr
    assert _unchanged(output, make)


def test_convert_and_simulate_still_replace_a_writable_file(tmp_path):
    record = tmp_path / "s.rvs"
    record.write_text(MINIMAL)
    output = tmp_path / "out.json"
    output.write_text("old\n")
    assert run("convert", str(record), "--to", "json", "-o", str(output)).exit_code == 0
    assert output.read_text().startswith("{")
    assert run("simulate", "--deals", "1", "-o", str(output)).exit_code == 0
    assert output.read_text().startswith("#")


# --- QA finding 4: the output is standard input ---------------------------------------------


@pytest.mark.slow
def test_convert_refuses_to_write_over_the_file_given_as_stdin(tmp_path):
    record = tmp_path / "s.rvs"
    record.write_text(MINIMAL)
    with open(record, "rb") as stdin:
        result = subprocess.run(
            [sys.executable, "-m", "reversis_cli", "convert", "-", "--from", "rvs", "--to",
             "csv-tricks", "-o", str(record)], stdin=stdin, cwd=tmp_path, capture_output=True,
            text=True, timeout=20, env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})
    assert result.returncode == 2
    assert f"the output {record} is the input - itself" in result.stderr
    assert record.read_text() == MINIMAL
