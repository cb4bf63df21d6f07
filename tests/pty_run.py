"""A command run on a terminal (a pseudo-terminal): where the progress bars of
``report`` and ``stats --analyse`` show (never in a pipe), and what a terminal shows."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

from conftest import ROOT


def _on_terminal(args: tuple[str, ...], cwd: Path, whole: bool) -> tuple[int, str, str]:
    """The command run in ``cwd`` with its standard error on a pseudo-terminal (100
    columns), its input and output too when ``whole``, else its output in a pipe:
    (status, what the pipe got, what the terminal got)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
    env = dict(os.environ, COLUMNS="100", TERM="xterm", PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "reversis_cli", *args],
                               stdin=slave if whole else subprocess.DEVNULL,
                               stdout=slave if whole else subprocess.PIPE, stderr=slave,
                               env=env, cwd=cwd)
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    out = process.stdout.read().decode("utf-8") if process.stdout else ""
    return process.wait(), out, b"".join(chunks).decode("utf-8", "replace")


def on_terminal_stderr(*args: str, cwd: Path = ROOT) -> tuple[int, str, str]:
    """The command (in English) with its standard error on a terminal and its standard
    output in a pipe: (status, stdout, stderr)."""
    return _on_terminal(("--lang", "en", *args), cwd, False)


def on_terminal(*args: str, cwd: Path = ROOT) -> tuple[int, str]:
    """The command with its input and both outputs on one terminal: (status, screen)."""
    status, _, screen = _on_terminal(args, cwd, True)
    return status, screen
