"""QA finding 5: when the reader of our output goes away (``| head -1``), every
command ends quietly with exit 0: no "internal error", no exit 1 or 3, and no
"Exception ignored ... BrokenPipeError" from Python at exit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# Left out of `python -m pytest -q` (the working run); `-m ''` and CI run them:
# a fresh interpreter per command.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}


@pytest.fixture(scope="module")
def long_record(tmp_path_factory) -> Path:
    """A record whose every output is far larger than a pipe's buffer."""
    path = tmp_path_factory.mktemp("pipe") / "long.rvs"
    with open(path, "wb") as out:
        subprocess.run([sys.executable, "-m", "reversis_cli", "simulate", "--deals", "200"],
                       stdout=out, env=ENV, check=True, timeout=60)
    return path


def _read_one_line_then_close(args: list[str], stdin_path: Path | None = None,
                              stderr_too: bool = False) -> tuple[int, str]:
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "reversis_cli", *args], stdin=stdin, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if stderr_too else subprocess.PIPE, env=ENV, cwd=ROOT)
    finally:
        if not isinstance(stdin, int):  # subprocess.DEVNULL is a number
            stdin.close()
    assert proc.stdout is not None
    assert proc.stdout.readline()
    proc.stdout.close()
    errors = b""
    if not stderr_too:
        assert proc.stderr is not None
        errors = proc.stderr.read()
        proc.stderr.close()
    return proc.wait(timeout=60), errors.decode("utf-8", "replace")


COMMANDS = {
    "score": ["score", "{record}"],
    "score-json": ["score", "{record}", "--json"],
    "score-two-jobs": ["score", "{record}", "samples/evening.rvs", "--jobs", "2"],
    "show": ["show", "{record}"],
    "simulate": ["simulate", "--deals", "300"],
    "convert": ["convert", "{record}", "--to", "json"],
    "fmt-stdin": ["fmt", "-"],
}


@pytest.mark.parametrize("name", COMMANDS)
def test_a_closed_pipe_ends_the_command_quietly_with_exit_0(name, long_record):
    args = [arg.format(record=long_record) for arg in COMMANDS[name]]
    status, errors = _read_one_line_then_close(
        args, stdin_path=long_record if name == "fmt-stdin" else None)
    assert status == 0, errors
    assert errors == ""


def test_a_closed_pipe_shared_by_stderr_is_quiet_too(long_record):
    status, _ = _read_one_line_then_close(["score", str(long_record)], stderr_too=True)
    assert status == 0


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["rules"],
                                  ["score", "samples/evening.rvs"]], ids=" ".join)
def test_a_pipe_closed_before_any_output_is_quiet_too(args):
    proc = subprocess.Popen([sys.executable, "-m", "reversis_cli", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, cwd=ROOT)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # long before the interpreter has started
    errors = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    assert proc.wait(timeout=60) == 0, errors
    assert errors == ""
