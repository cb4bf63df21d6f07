"""Output on a real terminal (a pseudo-terminal): the progress bar never
leaves text on the line where the output starts."""

from __future__ import annotations

import io
import re
import sys

import pytest

from reversis_cli.cli import progress as cli_progress
from reversis_cli.session.inputs import expand_inputs

from conftest import SAMPLES
from pty_run import on_terminal


_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def screen_lines(raw: str) -> list[str]:
    """The lines a terminal shows: a carriage return followed by "erase line"
    wipes what the line held; other escape sequences are dropped."""
    lines = []
    for line in raw.replace("\r\n", "\n").split("\n"):
        line = line.rsplit("\r\x1b[2K", 1)[-1]
        lines.append(_ANSI.sub("", line).rsplit("\r", 1)[-1])
    return lines


@pytest.mark.slow
def test_the_readme_first_command_starts_on_a_clean_line():
    status, raw = on_terminal("score", "samples/evening.rvs")
    assert status == 0
    assert screen_lines(raw)[0] == "samples/evening.rvs — rules: classic"


def test_output_while_the_bar_is_drawn_erases_it_first(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setattr(cli_progress, "BAR_DELAY", 0)
    monkeypatch.setattr(cli_progress, "BAR_REFRESH", 0)
    files = expand_inputs([str(SAMPLES / "evening.rvs")])
    with cli_progress.progress_bar(files, enabled=True) as (tick, done):
        tick(files[0], 100)
        assert "%" in terminal.getvalue()  # the bar is on screen
        cli_progress.console().print("first line of output")
        sys.stdout.write("second line\n")
        tick(files[0], 200)
    lines = screen_lines(terminal.getvalue())
    assert lines[:2] == ["first line of output", "second line"]
    assert lines[2:] == [""]  # and the bar is gone at the end
