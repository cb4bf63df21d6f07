"""``reversis record`` killed (SIGKILL) in the middle of a deal and in the
middle of an append: the record is intact and the draft resumes; and a real
pseudo-terminal session, end to end."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from reversis_cli.record import Recorder, draft_path

from record_helpers import prefix, sample_deal, typed_prefix

pytestmark = pytest.mark.slow  # real processes: a second or more each

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"}


def trick_lines(sample, number):
    return [" ".join(str(c.card) for c in t.cards) for t in sample_deal(sample, number).tricks]


def wait_for(stream_path: Path, text: str, proc, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if text in stream_path.read_text(encoding="utf-8", errors="replace"):
            return
        if proc.poll() is not None:
            break
        time.sleep(0.02)
    raise AssertionError(f"never saw {text!r}: {stream_path.read_text(encoding='utf-8')}")


def start(args, tmp_path, script=None):
    out = tmp_path / "out.txt"
    command = [sys.executable, "-c", script, *args] if script else \
        [sys.executable, "-m", "reversis_cli", "record", *args]
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=out.open("w"),
                            stderr=subprocess.STDOUT, env=ENV, cwd=tmp_path, text=True)
    return proc, out


def test_killed_in_the_middle_of_a_deal_the_file_is_intact_and_the_draft_resumes(tmp_path):
    path = tmp_path / "s.rvs"
    before = prefix("evening.rvs", 1)
    path.write_text(before, encoding="utf-8")
    lines = trick_lines("evening.rvs", 2)
    proc, out = start([str(path), "--plain"], tmp_path)
    assert proc.stdin is not None
    proc.stdin.write("\n".join(lines[:5]) + "\n")
    proc.stdin.flush()
    wait_for(out, "Trick 6,", proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert path.read_text(encoding="utf-8") == before
    recorder = Recorder.open(path)
    assert recorder.draft is not None and len(recorder.draft.lines) == 5
    deal = recorder.resume()
    assert deal.trick_number == 6
    for line in lines[5:]:
        assert recorder.add_line(line).accepted
    assert recorder.finish().closed
    assert path.read_text(encoding="utf-8") == typed_prefix("evening.rvs", 2)


# The record command with the rename that puts the new record in place held
# back: the process is killed while the new text waits beside the record.
STALLED_APPEND = textwrap.dedent("""
    import os, sys, time
    real = os.replace
    def stalled(src, dst, *a, **k):
        if str(dst).endswith("s.rvs"):
            print("WRITING THE RECORD", flush=True)
            time.sleep(60)
        return real(src, dst, *a, **k)
    os.replace = stalled
    from reversis_cli.cli import main
    sys.argv = ["reversis", "record", *sys.argv[1:]]
    main()
""")


def test_killed_in_the_middle_of_an_append_the_file_is_intact_and_the_draft_resumes(tmp_path):
    path = tmp_path / "s.rvs"
    before = prefix("evening.rvs", 1)
    path.write_text(before, encoding="utf-8")
    lines = trick_lines("evening.rvs", 2)
    proc, out = start([str(path), "--plain"], tmp_path, STALLED_APPEND)
    assert proc.stdin is not None
    proc.stdin.write("\n".join(lines) + "\n")
    proc.stdin.flush()
    wait_for(out, "WRITING THE RECORD", proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert path.read_text(encoding="utf-8") == before  # not a byte of the new deal
    recorder = Recorder.open(path)
    assert recorder.draft is not None and len(recorder.draft.lines) == 11
    deal = recorder.resume()
    assert deal.complete and recorder.finish().closed
    assert path.read_text(encoding="utf-8") == typed_prefix("evening.rvs", 2)
    assert not draft_path(path).exists()


def test_a_session_in_a_real_terminal_then_check(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    path = tmp_path / "s.rvs"
    child = pexpect.spawn(sys.executable, ["-m", "reversis_cli", "record", str(path), "--plain",
                                           "--players", "Anna,Boris,Vera,Gleb", "--rules",
                                           "classic", "--dealer", "Gleb"],
                          env=ENV, cwd=str(tmp_path), encoding="utf-8", timeout=30)
    for number, line in enumerate(trick_lines("evening.rvs", 1), start=1):
        child.expect(f"Trick {number}, \\w+ leads:")
        child.sendline(line)
    child.expect("Deal 1 written to")
    child.expect("Deal 2, dealer Anna. Trick 1, Boris leads:")
    child.sendline("ZS 4S KS 2S")
    child.expect("RV102")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    check = subprocess.run([sys.executable, "-m", "reversis_cli", "check", str(path)],
                           env=ENV, capture_output=True, text=True)
    assert check.returncode == 0 and "1 deal: no errors" in check.stdout


def test_at_a_terminal_a_refused_line_comes_back_with_up_to_be_corrected(tmp_path):
    """newcomer-3, finding 13: the marker's text is not lost after a refusal:
    the line mode reads with the line editor, so Up brings the line back."""
    pexpect = pytest.importorskip("pexpect")
    pytest.importorskip("readline")
    path = tmp_path / "s.rvs"
    child = pexpect.spawn(sys.executable, ["-m", "reversis_cli", "record", str(path), "--plain",
                                           "--players", "Anna,Boris,Vera,Gleb", "--rules",
                                           "classic", "--dealer", "Gleb"],
                          env=ENV, cwd=str(tmp_path), encoding="utf-8", timeout=30)
    first = trick_lines("evening.rvs", 1)[0]
    child.expect("Trick 1, Anna leads:")
    child.sendline(first[:-1] + "X")  # the last card mistyped: refused
    child.expect("RV102")
    child.expect("Trick 1, Anna leads:")
    child.send("\x1b[A")  # Up: the refused line again
    child.send("\x7f" + first[-1] + "\r")  # its last letter corrected
    child.expect("Trick 2, Vera leads:")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert first in draft_path(path).read_text(encoding="utf-8")
