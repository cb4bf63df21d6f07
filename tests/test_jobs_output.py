"""``--jobs``: what the workers write goes through files of a private
folder that this process copies from (session/batch.py), and nothing of it
is left behind when the run is stopped, by Ctrl-C or by SIGTERM, whether a
long file is read in parts or several files are shared among the workers
(issue 35).  The parts of a long file are sized by the file (session/parts.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.session import parts as split
from test_wording_layout import _as_from_a_terminal, _children

pytestmark = pytest.mark.slow  # several processes per test (--jobs)

ROOT = Path(__file__).parents[1]
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}


def _simulated(path: Path, deals: int, seed: int = 7) -> Path:
    result = CliRunner().invoke(cli, ["simulate", "--deals", str(deals), "--seed", str(seed),
                                      "-o", str(path)], env=ENV)
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def long_file(tmp_path_factory) -> Path:
    return _simulated(tmp_path_factory.mktemp("jobs") / "long.rvs", 3000)


def _ours(folder: Path) -> list[str]:
    """What a run left in the temporary folder: the workers' folders and
    files (``reversis-jobs-*``; before issue 35, ``*.out`` and ``*.err``)."""
    return sorted(p.name for p in folder.rglob("*")
                  if p.name.startswith("reversis-jobs-") or p.suffix in (".out", ".err"))


@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("shape", ["one long file", "several files"])
def test_a_stopped_run_leaves_no_temporary_file(tmp_path, long_file, stop, shape):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    if shape == "one long file":
        inputs = [str(long_file)]
    else:
        inputs = []
        for n in range(6):
            inputs.append(str(tmp_path / f"evening-{n}.rvs"))
            Path(inputs[-1]).write_bytes(long_file.read_bytes())
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temporary),
           "REVERSIS_PART_DEALS": "100"}
    process = subprocess.Popen([sys.executable, "-m", "reversis_cli", "score", "--json",
                                "--jobs", "2", *inputs], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=_as_from_a_terminal, env=env)
    deadline = time.monotonic() + 60
    # stopped while the workers write: their files are there
    while not (len(_children(process.pid)) >= 2 and _ours(temporary)) \
            and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    assert process.poll() is None and _ours(temporary), "the run ended before it was stopped"
    if stop == "SIGINT":
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole terminal's group
    else:
        os.kill(process.pid, signal.SIGTERM)
    err = process.communicate(timeout=60)[1].decode()
    assert process.returncode == (130 if stop == "SIGINT" else 143), err
    assert "Traceback" not in err
    assert _ours(temporary) == []
    time.sleep(0.5)  # the workers, stopped by the parent, are gone with nothing written after
    assert _ours(temporary) == []


def test_the_parts_of_a_long_file_are_sized_by_it(monkeypatch, tmp_path):
    monkeypatch.setattr(split, "PART_DEALS", 10)
    monkeypatch.setattr(split, "MAX_PART_DEALS", 60)
    path = _simulated(tmp_path / "mid.rvs", 400)
    parts = split.plan_parts(path, 2, warm_up_deals=split.SCORE_WARM_UP)
    assert parts is not None
    text = path.read_bytes()
    sizes = [text[p.offset:p.end].count(b"\ndeal ") for p in parts[1:]]
    # 400 deals, two processes: four parts each of about 50 deals (not 10)
    assert 7 <= len(parts) <= 9 and all(45 <= size <= 52 for size in sizes[:-1]), sizes
    monkeypatch.setattr(split, "MAX_PART_DEALS", 30)  # bounded: the text a part is held whole
    parts = split.plan_parts(path, 2, warm_up_deals=split.SCORE_WARM_UP)
    assert parts is not None
    assert all(text[p.offset:p.end].count(b"\ndeal ") <= 31 for p in parts[1:])


def test_one_long_file_scored_in_parts_is_written_as_by_one_process(long_file):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "REVERSIS_PART_DEALS": "100"}
    outputs = [subprocess.run([sys.executable, "-m", "reversis_cli", "score", "--json",
                               "--jobs", jobs, str(long_file)], capture_output=True, env=env,
                              check=False).stdout for jobs in ("1", "2")]
    assert outputs[0] == outputs[1] and outputs[0].count(b'"number"') >= 3000


# A signal that reaches the run while its pool of workers starts or stops.  The
# start is not cut in half (session/batch.py, _signals_held): cut in half, the
# pool's own thread went on starting workers after the run had ended, orphans
# that kept its stderr open, so that a reader waited for ever (a CI run hung so).
_SIGNALLED_AT = '''
import multiprocessing, multiprocessing.pool, os, runpy, signal, sys, threading

where, signum = sys.argv.pop(1), getattr(signal, sys.argv.pop(1))
start, terminate, sent = threading.Thread.start, multiprocessing.pool.Pool.terminate, []

def send():
    if not sent:
        sent.append(signum)
        os.kill(os.getpid(), signum)
        threading.Event().wait(0.2)  # the signal has every chance to be answered here

def started(thread, *args, **kwargs):
    start(thread, *args, **kwargs)
    if where == "start" and multiprocessing.active_children():
        send()  # the workers are there; the pool is not whole yet

def terminated(pool):
    if where == "stop":
        send()
    terminate(pool)

threading.Thread.start, multiprocessing.pool.Pool.terminate = started, terminated
sys.argv[0] = "reversis"
runpy.run_module("reversis_cli", run_name="__main__", alter_sys=True)
'''


@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("where", ["start", "stop"])
def test_a_signal_while_the_workers_start_or_stop_leaves_no_process(tmp_path, where, stop):
    script = tmp_path / "signalled.py"
    script.write_text(_SIGNALLED_AT)
    inputs = [str(_simulated(tmp_path / f"evening-{n}.rvs", 20, seed=n)) for n in range(3)]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path)}
    process = subprocess.Popen([sys.executable, str(script), where, stop, "score", "--json",
                                "--jobs", "2", *inputs], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=_as_from_a_terminal, env=env)
    try:
        err = process.communicate(timeout=60)[1].decode()
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)  # the orphans are still in its group
        process.communicate()
        pytest.fail("a worker outlived the run and held its stderr open")
    assert process.returncode == (130 if stop == "SIGINT" else 143), err
    assert "Traceback" not in err
    assert _ours(tmp_path) == []
