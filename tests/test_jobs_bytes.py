"""``--jobs`` with one long file: the parts the workers wrote reach standard
output as bytes, undecoded (session/batch.py ``copy_bytes``), only where that
gives what ``--jobs 1`` gives: standard output the interpreter's own, in
UTF-8, not wrapped (the progress bar's wrapper erases the bar before each
write).  Elsewhere the parts go through the text layer as before (issue 35,
docs/decisions.md "the workers' bytes copied as they are")."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import BinaryIO

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.cli import progress
from reversis_cli.cli.score import _Output
from reversis_cli.session import batch
from reversis_cli.session.scoring import WrittenPart
from test_split import _renumbered, _wrong_at_the_cuts

ROOT = Path(__file__).parents[1]
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
PROGRAM_ENV = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100", "NO_COLOR": "1",
               "TERM": "dumb", "REVERSIS_PART_DEALS": "20"}
TEXT = "deal 1 — Глеб ♠\n"  # what a worker's part may hold: UTF-8 beyond ASCII


def _part(folder: Path, text: str = TEXT) -> WrittenPart:
    path = folder / "part-1-x.txt"
    path.write_bytes(text.encode("utf-8"))
    return WrittenPart(str(path))


def _stdout(monkeypatch, encoding: str = "utf-8", errors: str = "strict",
            buffer: BinaryIO | None = None) -> io.TextIOWrapper:
    """A text stream made the interpreter's standard output (and sys.stdout)."""
    stream = io.TextIOWrapper(buffer or io.BytesIO(), encoding=encoding, errors=errors)
    monkeypatch.setattr(sys, "__stdout__", stream)
    monkeypatch.setattr(sys, "stdout", stream)
    return stream


# --- the guard ------------------------------------------------------------------------


@pytest.mark.parametrize("errors", ["strict", "surrogateescape", "backslashreplace"])
def test_the_interpreters_stdout_in_utf8_takes_the_bytes(monkeypatch, errors):
    stream = _stdout(monkeypatch, "UTF8", errors)
    assert batch.binary_of(stream) is stream.buffer


@pytest.mark.parametrize("encoding", ["latin-1", "cp1251", "utf-8-sig", "utf-16", "ascii"])
def test_stdout_in_another_encoding_takes_text(monkeypatch, encoding):
    assert batch.binary_of(_stdout(monkeypatch, encoding)) is None


def test_a_stream_not_the_interpreters_takes_text(monkeypatch):
    stdout = _stdout(monkeypatch)
    bar = progress._Bar(io.StringIO(), None)
    assert batch.binary_of(progress._Erasing(stdout, bar)) is None  # its .buffer is stdout's
    assert batch.binary_of(io.StringIO()) is None
    assert batch.binary_of(io.TextIOWrapper(io.BytesIO(), encoding="utf-8")) is None
    assert batch.binary_of(None) is None
    with CliRunner().isolation():  # click's runner: a wrapper of its own over bytes
        assert batch.binary_of(sys.stdout) is None


def test_the_bytes_follow_the_text_written_before_and_precede_what_follows(monkeypatch,
                                                                            tmp_path):
    raw = io.BytesIO()
    stdout = _stdout(monkeypatch, buffer=raw)
    write = _Output(None)
    write("{\n  «head»")  # held in the text layer's buffer until flushed
    _part(tmp_path).copy(write)
    write("tail»\n")
    stdout.flush()
    assert raw.getvalue() == ("{\n  «head»" + TEXT + "tail»\n").encode("utf-8")
    assert not list(tmp_path.iterdir())  # the worker's file went


def test_bytes_sent_to_a_real_file_keep_the_order(monkeypatch, tmp_path):
    """On a file (``os.sendfile``), after the text held in both layers' buffers."""
    with open(tmp_path / "out.txt", "wb") as raw:
        stdout = _stdout(monkeypatch, buffer=raw)
        write = _Output(None)
        write("before ")
        (tmp_path / "parts").mkdir()
        _part(tmp_path / "parts").copy(write)
        write("after\n")
        stdout.flush()
        stdout.detach()
    assert (tmp_path / "out.txt").read_text("utf-8") == "before " + TEXT + "after\n"


@pytest.mark.parametrize("where", ["latin-1 stdout", "the progress bar", "held"])
def test_the_text_path_where_the_bytes_would_differ(monkeypatch, tmp_path, where):
    raw = io.BytesIO()
    stdout = _stdout(monkeypatch, "cp1251" if where == "latin-1 stdout" else "utf-8",
                     buffer=raw)
    held = io.StringIO() if where == "held" else None
    if where == "the progress bar":
        bar = progress._Bar(io.StringIO(), None)
        bar.drawn = True
        monkeypatch.setattr(sys, "stdout", progress._Erasing(stdout, bar))
    text = TEXT.replace("♠", "") if where == "latin-1 stdout" else TEXT
    _part(tmp_path, text).copy(_Output(held))
    if held is not None:
        assert held.getvalue() == text and raw.getvalue() == b""
        return
    stdout.flush()
    assert raw.getvalue() == text.encode(stdout.encoding)
    if where == "the progress bar":
        assert not bar.drawn  # erased before the part, as before any write


def test_a_write_without_copy_file_gets_the_text(tmp_path):
    out: list[str] = []
    part = _part(tmp_path)
    assert part
    part.copy(out.append)
    assert out == [TEXT] and not list(tmp_path.iterdir())


# --- as a program: --jobs 2 gives the bytes --jobs 1 gives ------------------------------


@pytest.fixture(scope="module")
def wrong_file(tmp_path_factory) -> Path:
    """Irregular deals, numbers and dealers wrong around the cuts (diagnostics in
    the parts; some parts read again in the parent), players with Russian
    names, long enough for the tables' first part (501 deals) and parts of 20
    after it."""
    path = tmp_path_factory.mktemp("bytes") / "wrong.rvs"
    result = CliRunner().invoke(cli, ["simulate", "--deals", "640", "--seed", "3",
                                      "--irregular", "0.3", "-o", str(path)], env=ENV)
    assert result.exit_code == 0, result.output
    text = _renumbered(path.read_text("utf-8"), _wrong_at_the_cuts)
    for english, russian in NAMES.items():
        text = text.replace(english, russian)
    path.write_text(text, "utf-8")
    return path


NAMES = {"Anna": "Анна", "Boris": "Борис", "Vera": "Вера", "Gleb": "Глеб"}


def _program(args: list[str], jobs: str, out, env: dict | None = None) -> tuple[int, bytes]:
    process = subprocess.run([sys.executable, "-m", "reversis_cli", *args, "--jobs", jobs],
                             stdout=out, stderr=subprocess.PIPE, env=env or PROGRAM_ENV,
                             timeout=300, check=False)
    return process.returncode, process.stderr


SHAPES = [["score", "--json"], ["--lang", "ru", "score", "--json"], ["score"],
          ["--lang", "ru", "score"], ["score", "--format", "csv-payments"], ["check"]]


@pytest.mark.slow
@pytest.mark.parametrize("into", ["a file", "a pipe"])
@pytest.mark.parametrize("args", SHAPES, ids=" ".join)
def test_two_jobs_write_the_bytes_one_writes(tmp_path, wrong_file, args, into):
    outputs = []
    for jobs in ("1", "2"):
        if into == "a file":
            with open(tmp_path / f"out{jobs}", "wb") as out:
                status, err = _program([*args, str(wrong_file)], jobs, out)
            written = (tmp_path / f"out{jobs}").read_bytes()
        else:
            process = subprocess.Popen(
                [sys.executable, "-m", "reversis_cli", *args, str(wrong_file), "--jobs", jobs],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=PROGRAM_ENV)
            written, err = process.communicate(timeout=300)
            status = process.returncode
        outputs.append((status, written, err))
    assert outputs[1] == outputs[0]
    status, written, err = outputs[0]
    # csv-payments writes no row of a record with errors: its diagnostics only
    assert status == 1 and (written.count(b"\n") > 640 or "csv-payments" in args)
    assert b"RV301" in written + err and b"RV302" in written + err


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["utf-16", "ascii:backslashreplace", "cp1251:replace",
                                      "utf-8:surrogateescape"])
def test_stdout_not_in_utf8_gets_what_one_job_writes(tmp_path, wrong_file, encoding):
    """Elsewhere than in UTF-8 the parts are encoded again, as by one process
    (the players' names, the suits of the payments' reasons)."""
    env = {**PROGRAM_ENV, "PYTHONIOENCODING": encoding}
    outputs = []
    for jobs in ("1", "2"):
        with open(tmp_path / f"out{jobs}", "wb") as out:
            status, err = _program(["score", "--json", str(wrong_file)], jobs, out, env)
        outputs.append((status, (tmp_path / f"out{jobs}").read_bytes(), err))
    assert outputs[1] == outputs[0]
    status, written, err = outputs[0]
    assert status == 1, err
    codec, _, errors = encoding.partition(":")
    text = written.decode(codec, errors or "strict")
    assert text.count('"number": ') >= 640 and '"number": 600' in text  # a worker's part
    if codec != "utf-8":
        assert "♥".encode() not in written  # no part copied as UTF-8 bytes
    if codec in ("utf-16", "cp1251"):
        assert text.count("Борис") > 1000


_BUG_AT = '''
import runpy, sys
from reversis_cli.settle import engine

settle, plain = engine.settle_deal, engine.settle_plain

def buggy(replayed, *args, **kwargs):
    if replayed.number == 577:  # in a worker's part, past the tables' first 501 deals
        raise RuntimeError("a bug in deal 577")
    return settle(replayed, *args, **kwargs)

def buggy_plain(replayed, *args, **kwargs):
    if replayed.number == 577:  # in a worker's part, past the tables' first 501 deals
        raise RuntimeError("a bug in deal 577")
    return plain(replayed, *args, **kwargs)

engine.settle_deal, engine.settle_plain = buggy, buggy_plain
sys.argv[0] = "reversis"
runpy.run_module("reversis_cli", run_name="__main__", alter_sys=True)
'''


@pytest.mark.slow
@pytest.mark.parametrize("args", [["score", "--json"], ["score"]], ids=" ".join)
def test_a_worker_meeting_a_bug_leaves_the_output_as_one_process_writes_it(tmp_path,
                                                                           wrong_file, args):
    script = tmp_path / "bug.py"
    script.write_text(_BUG_AT, "utf-8")
    outputs = []
    for jobs in ("1", "2"):
        with open(tmp_path / f"out{jobs}", "wb") as out:
            process = subprocess.run([sys.executable, str(script), *args, str(wrong_file),
                                      "--jobs", jobs], stdout=out, stderr=subprocess.PIPE,
                                     env=PROGRAM_ENV, timeout=300, check=False)
        outputs.append((process.returncode, (tmp_path / f"out{jobs}").read_bytes(),
                        process.stderr))
    assert outputs[1] == outputs[0]
    assert outputs[0][0] == 3 and b"a bug in deal 577" in outputs[0][1] + outputs[0][2]
