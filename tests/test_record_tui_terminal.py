"""``reversis record`` on the full screen in a real pseudo-terminal: a deal
typed key by key, the settlement, quit; the file then checks clean, and is
exactly what ``fmt`` writes for that deal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from test_record_tui import sample_deal

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8", "TERM": "xterm-256color"}


def drain(child, pexpect, seconds: float) -> None:
    child.expect([pexpect.TIMEOUT, pexpect.EOF], timeout=seconds)


@pytest.mark.slow  # a whole deal through a terminal: about 10 s
def test_a_deal_typed_on_the_full_screen_in_a_real_terminal_then_check(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    dealer, cards = sample_deal("evening.rvs", 1)
    path = tmp_path / "night.rvs"
    child = pexpect.spawn(sys.executable, ["-m", "reversis_cli", "record", str(path),
                                           "--players", "Anna,Boris,Vera,Gleb", "--rules",
                                           "classic", "--dealer", dealer],
                          env=ENV, cwd=str(tmp_path), encoding="utf-8", timeout=30,
                          dimensions=(40, 110))
    child.expect("Trick")  # the screen is up
    for card in cards:
        child.send(card.lower() + "\r")
        drain(child, pexpect, 0.15)  # read the screen meanwhile, or the app blocks writing it
    drain(child, pexpect, 1.0)
    assert "deal 1 dealer" in path.read_text(encoding="utf-8")  # settled and appended
    child.send("\r")  # the settlement page closes: the next deal
    drain(child, pexpect, 0.5)
    child.sendcontrol("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    check = subprocess.run([sys.executable, "-m", "reversis_cli", "check", str(path)],
                           env=ENV, capture_output=True, text=True)
    assert check.returncode == 0 and "1 deal: no errors" in check.stdout
    fmt = subprocess.run([sys.executable, "-m", "reversis_cli", "fmt", "--check", str(path)],
                         env=ENV, capture_output=True, text=True)
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr
