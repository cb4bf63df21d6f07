"""One long file on several cores (reversis_cli/session/parts.py): ``--jobs 2`` with a
single record cuts it into parts read by worker processes, and prints
exactly what ``--jobs 1`` prints, whatever is carried over the cuts: deals
numbered wrong, dealers wrong, void deals and irregularities, the pool, the
error cap, a bug in one deal.  Parts are made small here (``PART_DEALS``)
so that a short file has many of them."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.session import parts as split
from reversis_cli.cli import cli
from reversis_cli.render import session as render_session
from reversis_cli.score import FORMATS

# Left out of `python -m pytest -q` (the working run); `-m ''` and CI run them:
# several processes per test (--jobs).
pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[1]
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
PART = 20  # deals a part holds in these tests


@pytest.fixture(autouse=True)
def small_parts(monkeypatch):
    """Parts of 20 deals, and a session table of 10 rows (so that the first
    part, scored in the parent, may be short too)."""
    monkeypatch.setattr(split, "PART_DEALS", PART)
    monkeypatch.setattr(render_session, "SESSION_ROWS", 10)


def _simulated(path: Path, deals: int, seed: int = 3, *more: str) -> Path:
    result = CliRunner().invoke(cli, ["simulate", "--deals", str(deals), "--seed", str(seed),
                                      "--irregular", "0.3", "-o", str(path), *more], env=ENV)
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def irregular_text(tmp_path_factory) -> str:
    return _simulated(tmp_path_factory.mktemp("split") / "long.rvs", 150).read_text("utf-8")


def _run(*args: str):
    result = CliRunner().invoke(cli, list(args), env=ENV)
    return result.exit_code, result.stdout, result.stderr


def _same_with_two_jobs(*args: str) -> tuple[int, str, str]:
    one = _run(*args, "--jobs", "1")
    two = _run(*args, "--jobs", "2")
    assert two == one
    return one


# Every format of score's table of writers (reversis_cli/score/__init__.py) is
# here, read from the table: a new writer is run in parts with no line of its own.
COMMANDS = [["check"], ["check", "--json"], ["score"], ["score", "--json"],
            ["--lang", "ru", "score"], ["--lang", "ru", "check"],
            ["--lang", "ru", "score", "--json"],
            *(["score", "--format", name] for name in FORMATS if name not in ("tables", "json"))]


def _renumbered(text: str, change) -> str:
    """``text`` with each deal line's number and dealer as ``change(index, number, dealer)``
    gives them (index from 0)."""
    count = iter(range(10 ** 6))

    def one(match: re.Match) -> str:
        number, dealer = change(next(count), int(match[1]), match[2])
        return f"deal {number} dealer {dealer}"

    return re.sub(r"(?m)^deal (\d+) dealer (\S+)", one, text)


def test_a_long_file_is_cut_at_deal_lines_into_parts(tmp_path, irregular_text):
    path = tmp_path / "long.rvs"
    path.write_text(irregular_text, encoding="utf-8")
    parts = split.plan_parts(path, 2)
    assert parts is not None and len(parts) >= 5
    data = path.read_bytes()
    lines = data.split(b"\n")
    for before, after in zip(parts, parts[1:], strict=False):
        assert before.until == after.line and before.end == after.offset
        assert data[after.offset:].startswith(b"deal ")
        assert lines[after.line - 1].startswith(b"deal ")
        assert data[after.warm_offset:].startswith(b"deal ") and after.warm_offset < after.offset
    assert parts[-1].until is None and parts[-1].end == len(data)
    assert split.plan_parts(path, 1) is None  # one job: in order
    assert split.plan_parts("-", 2) is None  # standard input: this process only reads it


def test_what_is_read_by_one_process(tmp_path, irregular_text):
    short = tmp_path / "short.rvs"
    short.write_text(irregular_text[:irregular_text.index("\ndeal 35 ")], encoding="utf-8")
    assert split.plan_parts(short, 2) is None  # fewer than two parts' deals
    not_utf8 = tmp_path / "latin1.rvs"
    not_utf8.write_bytes(irregular_text.encode() + b"# caf\xe9\n")
    assert split.plan_parts(not_utf8, 2) is None
    figures = tmp_path / "figures.rvs"
    figures.write_text(irregular_text + "  paid Anna Boris 5\n", encoding="utf-8")
    assert split.plan_parts(figures, 2) is not None  # check takes it
    assert split.plan_parts(figures, 2, figures=False) is None  # score needs the balance
    assert "redeal paid" in irregular_text  # not a paid line
    assert split.plan_parts(tmp_path / "missing.rvs", 2) is None


def _tiled(path: Path, parts: list) -> None:
    """``parts`` cut the file at ``path`` at deal lines, one after the other,
    each with its line numbers and a warm-up beginning at an earlier deal line."""
    data = path.read_bytes()
    assert parts[0].offset == 0 and parts[0].line == 1 and parts[-1].until is None
    assert [part.index for part in parts] == list(range(len(parts)))
    for before, after in zip(parts, parts[1:], strict=False):
        assert before.until == after.line and before.end == after.offset
        assert data[after.offset:].startswith(b"deal ")
        assert after.line == data[:after.offset].count(b"\n") + 1
        assert data[after.warm_offset:].startswith(b"deal ") and after.warm_offset < after.offset
        assert after.warm_line == data[:after.warm_offset].count(b"\n") + 1
    assert parts[-1].end == len(data)


@pytest.mark.parametrize("comments", [False, True], ids=["plain", "comments"])
def test_parts_found_as_they_go_cut_the_file_as_the_plan_does(tmp_path, irregular_text,
                                                               comments):
    text = (re.sub(r"(?m)^deal (2\d|4\d) ", r"# about deal \1\ndeal \1 ", irregular_text)
            if comments else irregular_text)
    path = tmp_path / "long.rvs"
    path.write_text(text, encoding="utf-8")
    assert split.may_split(path, 2) == 2
    with split.planned(path, 2, PART, split.SCORE_WARM_UP) as (found, splittable):
        parts = list(found)
        assert splittable()
    _tiled(path, parts)
    assert len(parts) >= 5
    plan = split.plan_parts(path, 2, warm_up_deals=split.SCORE_WARM_UP, figures=False)
    assert plan is not None
    _tiled(path, plan)
    # the same first cut (the sizes after it: the plan's from the count, these from the start)
    assert parts[0] == plan[0] and parts[1].offset == plan[1].offset


def test_what_parts_found_as_they_go_leave_to_one_process(tmp_path, irregular_text):
    short = tmp_path / "short.rvs"
    short.write_text(irregular_text[:irregular_text.index("\ndeal 35 ")], encoding="utf-8")
    assert split.may_split(short, 2) == 0  # fewer than two parts' deals
    assert split.may_split(tmp_path / "missing.rvs", 2) == 0
    assert split.may_split("-", 2) == 0 and split.may_split(short, 1) == 0
    for name, tail in (("latin1.rvs", b"# caf\xe9\n"), ("figures.rvs", b"  paid Anna Boris 5\n")):
        path = tmp_path / name
        path.write_bytes(irregular_text.encode() + tail)  # far down, past the first parts
        assert split.may_split(path, 2) == 2
        with split.planned(path, 2, PART, split.SCORE_WARM_UP) as (found, splittable):
            assert len(list(found)) >= 5 and not splittable()
        for args in (["score", "--json"], ["score"], ["check", "--json"]):
            _same_with_two_jobs(*args, str(path))


@pytest.mark.parametrize("args", [["score", "--json"], ["check", "--json"]], ids=" ".join)
def test_the_workers_begin_before_the_file_is_read_through(tmp_path, irregular_text,
                                                           monkeypatch, args):
    path = tmp_path / "long.rvs"
    path.write_text(irregular_text, encoding="utf-8")
    events: list[str] = []
    plain_text, run_in_order = split._plain_text, split.run_in_order

    def read_through(data):
        events.append("read through")
        return plain_text(data)

    def handed(job, items, *args, **kwargs):
        if isinstance(items, list):  # all handed out at once
            events.extend("handed" for _ in items)
            return run_in_order(job, items, *args, **kwargs)

        def noted():
            for item in items:
                events.append("handed")
                yield item
        return run_in_order(job, noted(), *args, **kwargs)

    monkeypatch.setattr(split, "_plain_text", read_through)
    monkeypatch.setattr(split, "run_in_order", handed)
    _same_with_two_jobs(*args, str(path))
    assert events[:2] == ["handed", "handed"] and "read through" in events


def test_comments_above_a_deal_keep_it_out_of_the_cuts(tmp_path, irregular_text):
    text = re.sub(r"(?m)^deal (2\d) ", r"# about deal \1\ndeal \1 ", irregular_text)
    path = tmp_path / "comments.rvs"
    path.write_text(text, encoding="utf-8")
    parts = split.plan_parts(path, 2)
    assert parts is not None
    data = path.read_bytes()
    for part in parts[1:]:
        above = data[:part.offset].rstrip(b"\n").rsplit(b"\n", 1)[-1]
        assert not above.lstrip().startswith(b"#")  # a comment above goes with the deal
    assert data[parts[1].offset:parts[1].offset + 8] == b"deal 30 "
    for args in (["check", "--json"], ["score", "--json"]):
        _same_with_two_jobs(*args, str(path))


@pytest.fixture
def read_again(monkeypatch) -> list[int]:
    """The parts the parent reads itself again (their index), as it reads them."""
    again: list[int] = []
    resume = split.resume

    def resume_counted(*a):
        again.append(a[1].index)
        return resume(*a)

    monkeypatch.setattr(split, "resume", resume_counted)
    return again


def test_windows_line_ends_and_a_byte_order_mark(tmp_path, irregular_text):
    path = tmp_path / "windows.rvs"
    path.write_bytes(b"\xef\xbb\xbf" + irregular_text.replace("\n", "\r\n").encode())
    assert split.plan_parts(path, 2) is not None
    for args in (["check", "--json"], ["score", "--json"]):
        _same_with_two_jobs(*args, str(path))


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_two_jobs_print_what_one_prints(tmp_path, irregular_text, args, read_again):
    path = tmp_path / "long.rvs"
    path.write_text(irregular_text, encoding="utf-8")
    status, out, _ = _same_with_two_jobs(*args, str(path))
    assert status == 0 and out
    assert read_again == []  # the workers' warm-up found what the parts begin from


def _wrong_at_the_cuts(index: int, number: int, dealer: str) -> tuple[int, str]:
    """Deals numbered wrong and dealt by the wrong player on both sides of every cut."""
    place = index % PART
    if place == PART - 1:
        return number + 3, dealer  # a slip just before a cut
    if place == 0 and index % (2 * PART) == 0:
        return number - 1, dealer  # the numbering taken up again after the cut
    if place in (0, 1):
        return number, {"Anna": "Boris", "Boris": "Vera", "Vera": "Gleb", "Gleb": "Anna"}[dealer]
    return number, dealer


@pytest.mark.parametrize("args", [["check", "--json"], ["score", "--json"], ["score"],
                                  ["--lang", "ru", "check"]], ids=" ".join)
def test_numbers_and_dealers_wrong_across_the_cuts(tmp_path, irregular_text, args, monkeypatch,
                                                   read_again):
    # A warm-up as short for score as for check: the slip before a cut (and
    # for score the pool) is then guessed wrong by the workers.
    monkeypatch.setattr(split, "SCORE_WARM_UP", split.CHECK_WARM_UP)
    path = tmp_path / "wrong.rvs"
    path.write_text(_renumbered(irregular_text, _wrong_at_the_cuts), encoding="utf-8")
    status, out, err = _same_with_two_jobs(*args, str(path))
    assert status == 1 and "RV301" in out + err and "RV302" in out + err
    assert read_again  # some parts did not begin as the workers guessed: read here again


def test_a_file_past_the_error_cap(tmp_path, irregular_text):
    path = tmp_path / "errors.rvs"
    path.write_text(_renumbered(irregular_text, lambda index, number, dealer: (5, "Anna")),
                    encoding="utf-8")
    for args in (["check", "--json"], ["score", "--json"], ["score"], ["check"]):
        status, out, err = _same_with_two_jobs(*args, str(path))
        assert status == 1 and "RV005" in out + err


def test_a_bug_in_a_deal_of_a_later_part(tmp_path, irregular_text, monkeypatch):
    from reversis_cli.settle import engine

    settle, plain = engine.settle_deal, engine.settle_plain

    def buggy(replayed, *args, **kwargs):
        if replayed.number == 77:
            raise RuntimeError("a bug in deal 77")
        return settle(replayed, *args, **kwargs)

    def buggy_plain(replayed, *args, **kwargs):  # score --json settles a plain deal lean
        if replayed.number == 77:
            raise RuntimeError("a bug in deal 77")
        return plain(replayed, *args, **kwargs)

    monkeypatch.setattr(engine, "settle_deal", buggy)
    monkeypatch.setattr(engine, "settle_plain", buggy_plain)
    path = tmp_path / "long.rvs"
    path.write_text(irregular_text, encoding="utf-8")
    for args in (["score", "--json"], ["score"]):
        status, out, err = _same_with_two_jobs(*args, str(path))
        assert status == 3 and "a bug in deal 77" in out + err


def test_several_files_are_still_shared_among_processes(tmp_path, irregular_text):
    for name in ("a.rvs", "b.rvs"):
        (tmp_path / name).write_text(irregular_text, encoding="utf-8")
    _same_with_two_jobs("score", "--json", str(tmp_path))


# --- as a program: a closed pipe, Ctrl-C ---------------------------------------------------

PROGRAM_ENV = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100",
               "REVERSIS_PART_DEALS": str(PART)}


@pytest.mark.parametrize("args", [["score", "--json"], ["score"], ["check"]], ids=" ".join)
def test_a_closed_pipe_ends_a_split_run_quietly(tmp_path, irregular_text, args):
    path = tmp_path / "long.rvs"
    path.write_text(irregular_text, encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "reversis_cli", *args, str(path), "--jobs",
                             "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=PROGRAM_ENV)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline()
    proc.stdout.close()
    errors = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=60) in (0, 1)  # 1: the simulated revokes are warnings, not errors
    assert "Traceback" not in errors and "BrokenPipeError" not in errors


@pytest.mark.slow
def test_ctrl_c_stops_the_workers_of_one_long_file(tmp_path):
    from test_wording_layout import _as_from_a_terminal, _children

    path = _simulated(tmp_path / "big.rvs", 6000)  # ≈1 s of work on 2 idle cores
    process = subprocess.Popen([sys.executable, "-m", "reversis_cli", "score", "--jobs", "2",
                                str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True, preexec_fn=_as_from_a_terminal,
                               env={**PROGRAM_ENV, "REVERSIS_PART_DEALS": "500"})
    deadline = time.monotonic() + 60
    while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.1)  # the workers at work (3,000 deals and 0.5 s: an idle machine had finished)
    assert process.poll() is None, "the run ended before the Ctrl-C: the file is too short"
    started = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    err = process.communicate(timeout=60)[1].decode()
    assert process.returncode == 130
    assert time.monotonic() - started < 5
    assert "Traceback" not in err
