"""Every format in the table of score writers (reversis_cli/score/__init__.py) is run by
``reversis score --format`` on a sample and checked against what the tool already wrote
for it: the goldens of the tables and the JSON, and ``convert --to csv-payments``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from reversis_cli.score import FORMATS, writer_class

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = "samples/evening.rvs"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "reversis_cli", *args], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=120,
                          env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "COLUMNS": "100",
                               "REVERSIS_LANG": "en"})


def _expected(name: str) -> str:
    """What the tool writes today for ``name``, by the command that wrote it first."""
    if name == "tables":
        return _run("score", SAMPLE).stdout
    if name == "json":
        return _run("score", SAMPLE, "--json").stdout
    if name == "csv-payments":
        return _run("convert", SAMPLE, "--to", "csv-payments").stdout
    raise AssertionError(f"the format {name!r} has no expected output here: add one")


def test_every_format_in_the_table_has_its_builder_on_the_command_line():
    # first in this file: a new row fails here before its run fails below
    from reversis_cli.cli.score import WRITER_BUILDERS

    missing = sorted(set(FORMATS) - set(WRITER_BUILDERS))
    assert not missing, (f"the formats {missing} have no builder in WRITER_BUILDERS "
                         "(reversis_cli/cli/score.py): write how the command line makes "
                         "each one's writer")
    assert sorted(WRITER_BUILDERS) == sorted(FORMATS), "a builder for a format the table lacks"


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_format_in_the_table_writes_what_its_command_writes(name):
    got = _run("score", SAMPLE, "--format", name)
    assert got.returncode == 0, got.stderr
    assert got.stdout and got.stdout == _expected(name)


def test_the_table_names_writer_classes_and_the_help_names_the_formats():
    assert all(isinstance(writer_class(name), type) for name in FORMATS)
    help_text = _run("score", "--help").stdout
    assert all(name in help_text for name in FORMATS)


def test_json_and_format_json_together_or_apart():
    assert _run("score", SAMPLE, "--json", "--format", "json").returncode == 0
    both = _run("score", SAMPLE, "--json", "--format", "csv-payments")
    assert both.returncode == 2 and "--format json" in both.stderr and not both.stdout


def test_csv_payments_writes_no_row_of_a_record_with_an_error(tmp_path):
    text = (ROOT / SAMPLE).read_text(encoding="utf-8")
    bad = tmp_path / "bad.rvs"
    bad.write_text(text + "\ndeal 99 nonsense here\n", encoding="utf-8")
    got = _run("score", str(bad), "--format", "csv-payments")
    assert got.returncode != 0 and got.stdout == "" and "RV" in got.stderr
