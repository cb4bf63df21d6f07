"""Wording and layout a reader notices: hanging indents, singular nouns,
neutral pronouns, payments in trick order, the partie as written, Ctrl-C."""

import json
import re

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli, main

from conftest import SAMPLES
from records import MINIMAL

WIDTH = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
NARROW = {"COLUMNS": "60", "NO_COLOR": "1", "TERM": "dumb"}
GENDERED = re.compile(r"\b(his|him|he|her|hers|she|himself|herself)\b", re.IGNORECASE)


def run(*args, env=WIDTH, exit_code=0):
    """``reversis ARGS`` in-process.  A run that ends otherwise than expected
    fails here: a check of what its output lacks must not pass on a crash."""
    result = CliRunner().invoke(cli, list(args), env=env)
    assert result.exit_code == exit_code, result.output
    return result


def test_wrapped_facts_and_steps_keep_their_indent():
    for args in (("arbitrate", str(SAMPLES / "irregular.rvs"), "--deal", "7"),
                 ("explain", str(SAMPLES / "evening.rvs"), "--deal", "2")):
        result = run(*args, env=NARROW)
        lines = result.output.splitlines()
        long_lines = 0
        for previous, line in zip(lines, lines[1:], strict=False):
            if previous.startswith(("  • ", "      [")) and len(previous.rstrip()) > 50:
                # a continuation of a wrapped line never starts at the margin
                assert line == "" or line.startswith(("  ", " 1", " 2", " 3")), (previous, line)
                long_lines += 1
        assert long_lines, f"{args[0]}: no long fact or step to check"
        facts = [i for i, line in enumerate(lines) if line.startswith("  • ")]
        continued = [lines[i + 1] for i in facts if lines[i + 1].startswith("    ")
                     and not lines[i + 1].startswith("  • ")]
        if args[0] == "arbitrate":
            assert continued, "the narrow terminal should wrap some facts"
            assert all(line.startswith("    ") for line in continued)


def test_a_single_trick_or_point_is_singular():
    explained = run("explain", str(SAMPLES / "evening.rvs"), "--deal", "2").output
    assert "Anna 0 points in 1 trick," in explained
    assert not re.search(r"\b1 (tricks|points|cards)\b", explained)
    ruled = run("arbitrate", str(SAMPLES / "evening.rvs"), "--deal", "2", "--no-quotes").output
    assert "Anna 1 trick and 0 points" in ruled
    assert not re.search(r"\b1 (tricks|points|cards)\b", ruled)


def test_the_output_never_guesses_a_player_gender():
    outputs = [run("score", str(SAMPLES / name)).output
               for name in ("irregular.rvs", "big-night.rvs")]
    for number in (2, 4, 5, 7):
        outputs.append(run("arbitrate", str(SAMPLES / "irregular.rvs"), "--deal", str(number),
                           "--no-quotes").output)
    outputs.append(run("explain", str(SAMPLES / "irregular.rvs"), "--deal", "4").output)
    for text in outputs:
        # Not the Russian sources, quoted as written, nor the record's own lines
        # echoed under a diagnostic.
        found = [line for line in text.splitlines() if GENDERED.search(line)
                 and "«" not in line and " | " not in line]
        assert not found, found[:3]


def test_payment_tables_follow_the_tricks_and_the_json_keeps_its_order():
    table = run("score", str(SAMPLES / "tver-ru.rvs"), "--deal", "1").output
    tricks = [int(m) for m in re.findall(r"^\s+(\d+)\s+\S+ → ", table, re.MULTILINE)]
    assert tricks == sorted(tricks) == [2, 4, 11]
    assert table.index("stakes the pool") < table.index("ACE-3") < table.index("PARTIE-4")
    data = json.loads(run("score", "--json", str(SAMPLES / "tver-ru.rvs")).output)
    assert [p["trick"] for p in data["deals"][0]["payments"]] == [None] * 4 + [4, None, 2, 11]


def test_show_prints_the_partie_as_written(tmp_path):
    text = (SAMPLES / "salon.rvs").read_text(encoding="utf-8")
    assert "partie JH 4S 7C KH" in text
    result = run("show", str(SAMPLES / "salon.rvs"), "--deal", "1", "--cards", "ascii")
    assert "Partie: JH 4S 7C KH  (as written" in result.output


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_exits_130_not_1(monkeypatch, tmp_path, capsys, jobs):
    from reversis_cli import check
    from reversis_cli.session import batch

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(check, "check_file", interrupted)
    monkeypatch.setattr(batch, "run_files", interrupted)
    for name in ("a.rvs", "b.rvs"):
        (tmp_path / name).write_text(MINIMAL, encoding="utf-8")
    with pytest.raises(SystemExit) as exit_:
        main(["check", "--jobs", jobs, str(tmp_path)])
    assert exit_.value.code == 130
    assert "interrupted" in capsys.readouterr().err


def test_usage_errors_still_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["score", "--no-such-option"])
    assert exit_.value.code == 2
    assert "No such option" in capsys.readouterr().err


@pytest.mark.slow
def test_ctrl_c_with_jobs_stops_the_workers_at_once(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    big = tmp_path / "big.rvs"
    subprocess.run([sys.executable, "-m", "reversis_cli", "simulate", "--deals", "3000",
                    "--seed", "1", "-o", str(big)], check=True)
    for index in range(3):
        (tmp_path / f"copy{index}.rvs").write_bytes(big.read_bytes())
    process = subprocess.Popen([sys.executable, "-m", "reversis_cli", "score", "--jobs", "2",
                                str(tmp_path)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, start_new_session=True,
                               preexec_fn=_as_from_a_terminal)
    deadline = time.monotonic() + 60
    while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)  # until the workers run: then the interrupt meets the pool at work
    time.sleep(0.2)
    assert process.poll() is None, "the run ended before the Ctrl-C: the files are too short"
    started = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    err = process.communicate(timeout=60)[1].decode()
    assert process.returncode == 130
    assert time.monotonic() - started < 5  # the workers do not finish their files first
    assert "Traceback" not in err


def test_show_counts_one_card_point_in_the_singular():
    from types import SimpleNamespace
    from typing import cast

    from reversis_cli.replay import ReplayedDeal
    from reversis_cli.cards import Card
    from reversis_cli.render.show import _partie_line

    partie = tuple(Card.parse(c) for c in ("JS", "2C", "3D", "4H"))
    # a stand-in with the two fields of a replayed deal the line reads
    deal = cast(ReplayedDeal, SimpleNamespace(partie=partie, partie_written=True))
    line = _partie_line(deal, "ascii").plain
    assert line.endswith("(as written; 1 card point)")


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    from pathlib import Path

    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _as_from_a_terminal() -> None:
    """Ctrl-C as a program started from a terminal gets it: a test run in the
    background (``pytest &``) inherits SIGINT ignored, and so would the child."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
