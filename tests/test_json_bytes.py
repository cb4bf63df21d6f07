"""``score --json``'s deals reach standard output as UTF-8 bytes (issue 35):
``SessionJson`` gives a deal settled lean to a writer that takes bytes
(``write_bytes``) encoded a part at a time (score/jsontext.py ``deal_bytes``:
its payments kept encoded), and the CLI's ``_Output`` writes them, and its
text encoded with the stream's errors policy, under the interpreter's own
stdout where session/batch.py's ``binary_of`` finds it.  The same bytes as
the text written to the stream, and as ``REVERSIS_REFERENCE=1``."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from reversis_cli import fastpaths
from reversis_cli.cli import progress
from reversis_cli.cli.score import _Output
from reversis_cli.reader import record_from_text
from reversis_cli.score import jsontext
from reversis_cli.score.json import JsonDeals, SessionJson, write_session_json
from reversis_cli.session.service import Session
from reversis_cli.simulate import SimulationOptions, simulate_session

from conftest import SAMPLES, good_samples

ROOT = Path(__file__).resolve().parent.parent


class _Sink:
    """A writer that takes text and bytes, as the CLI's ``_Output`` does."""

    def __init__(self):
        self.raw = io.BytesIO()
        self.deals = 0

    def __call__(self, text: str) -> None:
        self.raw.write(text.encode("utf-8"))

    def write_bytes(self, data: bytes) -> None:
        self.deals += 1
        self.raw.write(data)


def _both_ways(text: str) -> tuple[bytes, bytes, int]:
    """The session's JSON written as text, and to a writer that takes bytes."""
    out: list[str] = []
    with Session.of(record_from_text(text, "sim.rvs")) as session:
        session.lean = True
        write_session_json(session, session.deals(), out.append)
    sink = _Sink()
    with Session.of(record_from_text(text, "sim.rvs")) as session:
        session.lean = True
        write_session_json(session, session.deals(), sink)
    return "".join(out).encode("utf-8"), sink.raw.getvalue(), sink.deals


@pytest.mark.parametrize("rules, seed, hands", [("classic", 3, True), ("modern", 5, False),
                                                ("classic", 8, False)])
def test_a_writer_of_bytes_gets_the_texts_bytes(rules, seed, hands):
    # irregular deals (settled by the engine: written as text) among plain ones
    text = "".join(simulate_session(SimulationOptions(
        60, seed=seed, rules=rules, events=0.3, irregular=0.2, write_hands=hands)))
    as_text, as_bytes, deals = _both_ways(text)
    assert as_bytes == as_text
    assert deals > 20  # the plain deals went as bytes


@pytest.mark.parametrize("path", good_samples(), ids=lambda p: p.name)
def test_every_sample_the_same_bytes(path):
    assert len(set(_both_ways(path.read_text("utf-8"))[:2])) == 1


def test_names_beyond_ascii_and_a_deal_that_does_not_encode():
    text = "".join(simulate_session(SimulationOptions(20, seed=4, players=(
        "Глеб", "Ånna", "Vera", "Zoë"))))
    as_text, as_bytes, deals = _both_ways(text)
    assert as_bytes == as_text and deals == 20
    with Session.of(record_from_text(text, "sim.rvs")) as session:
        session.lean = True
        scored = next(iter(session.deals()))
        assert jsontext.deal_bytes(scored, {"note": "\udcff"}) is None  # a lone surrogate


def test_under_the_switch_no_deal_goes_as_bytes(monkeypatch):
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    text = "".join(simulate_session(SimulationOptions(10, seed=1)))
    as_text, as_bytes, deals = _both_ways(text)
    assert as_bytes == as_text and deals == 0
    assert not hasattr(_Output(None, bytes_out=True), "write_bytes")


# --- the CLI's output ---------------------------------------------------------------------


def _stdout(monkeypatch, raw: io.BytesIO, errors: str = "strict",
            line_buffering: bool = False) -> io.TextIOWrapper:
    stream = io.TextIOWrapper(raw, encoding="utf-8", errors=errors,
                              line_buffering=line_buffering)
    monkeypatch.setattr(sys, "__stdout__", stream)
    monkeypatch.setattr(sys, "stdout", stream)
    return stream


def test_text_and_bytes_keep_their_order(monkeypatch):
    raw = io.BytesIO()
    stdout = _stdout(monkeypatch, raw, errors="surrogateescape")
    stdout.write("«before» ")  # held in the text layer's buffer
    write = _Output(None, bytes_out=True)
    write("{\udcff ")  # the stream's errors policy: the byte itself
    write.write_bytes("♠ deal ".encode())
    write("}\n")
    stdout.flush()
    assert raw.getvalue() == "«before» {".encode() + b"\xff " \
        + "♠ deal }\n".encode()


def test_a_wrapped_stdout_takes_text_and_the_bytes_after_it_wait(monkeypatch):
    raw = io.BytesIO()
    stdout = _stdout(monkeypatch, raw)
    write = _Output(None, bytes_out=True)
    bar = progress._Bar(io.StringIO(), None)
    monkeypatch.setattr(sys, "stdout", progress._Erasing(stdout, bar))
    write("one ")
    write.write_bytes("♠ two ".encode())
    monkeypatch.setattr(sys, "stdout", stdout)
    write.write_bytes(b"three ")
    write("four")
    stdout.flush()
    assert raw.getvalue() == "one ♠ two three four".encode()


@pytest.mark.parametrize("where", ["a terminal", "not JSON", "held"])
def test_text_only(monkeypatch, where):
    raw = io.BytesIO()
    _stdout(monkeypatch, raw, line_buffering=where == "a terminal")
    write = _Output(io.StringIO() if where == "held" else None, bytes_out=where != "not JSON")
    assert not hasattr(write, "write_bytes")


def test_only_the_json_writer_writes_bytes():
    assert JsonDeals.bytes_out is True
    assert isinstance(JsonDeals().open("x", _Sink()), SessionJson)


# --- as a program ---------------------------------------------------------------------------


def _program(args: list[str], reference: bool, **env: str) -> tuple[int, bytes, bytes]:
    environ = {key: value for key, value in os.environ.items() if key != "REVERSIS_REFERENCE"}
    environ.update(PYTHONPATH=str(ROOT), **env)
    if reference:
        environ["REVERSIS_REFERENCE"] = "1"
    done = subprocess.run([sys.executable, "-m", "reversis_cli", *args], cwd=ROOT, env=environ,
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("args", [
    ["score", "--json", "evening.rvs"], ["score", "--json", "irregular.rvs", "tver-ru.rvs"],
    ["score", "--json", "--jobs", "2", "evening.rvs", "every-event-ru.rvs"],
    ["score", "--json", "--deal", "2", "evening.rvs"]], ids=" ".join)
def test_the_program_writes_the_references_bytes(args):
    args = [a if not a.endswith(".rvs") else str(SAMPLES / a) for a in args]
    fast = _program(args, reference=False)
    assert fast[1].count(b'"number"') >= 1
    assert _program(args, reference=True) == fast


def test_a_file_name_of_no_utf8_under_surrogateescape(tmp_path):
    name = os.fsdecode(b"caf\xe9.rvs")
    (tmp_path / name).write_bytes((SAMPLES / "evening.rvs").read_bytes())
    args = ["score", "--json", str(tmp_path / name)]
    fast = _program(args, False, PYTHONIOENCODING="utf-8:surrogateescape")
    assert b"caf\xe9.rvs" in fast[1]
    assert _program(args, True, PYTHONIOENCODING="utf-8:surrogateescape") == fast
