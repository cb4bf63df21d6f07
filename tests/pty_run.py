"""A command run with its standard error on a terminal: where the progress bars of
``report`` and ``stats --analyse`` show (never in a pipe)."""

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


def on_terminal_stderr(*args: str, cwd: Path = ROOT) -> tuple[int, str, str]:
    """The command run in ``cwd`` with its standard error on a pseudo-terminal
    (100 columns) and its standard output in a pipe: (status, stdout, stderr)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
    env = dict(os.environ, COLUMNS="100", TERM="xterm", PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "reversis_cli", "--lang", "en", *args],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave,
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
