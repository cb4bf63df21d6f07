"""``REVERSIS_REFERENCE=1`` (reversis_cli/fastpaths.py): every fast twin off at
once, the same bytes out.

In the default run: each twin's fast function is entered on an ordinary
record without the switch, and none of them with it, while the commands
print the same thing (in this process, the switch set by monkeypatch).
Under ``slow``: the commands as a user runs them, as processes with and
without the variable, on every sample, and the goldens read under it.
docs/contributing.md, "Fast paths", lists the twins; a new one comes with its
row there and its entry in :data:`TWINS` here.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli import fastpaths
from reversis_cli.cli import cli

from conftest import ROOT, SAMPLES

# Each twin's fast function, where its chooser finds it (docs/contributing.md, "Fast paths").
TWINS: dict[str, tuple[str, str]] = {
    "fast header": ("reversis_cli.notation.parse", "read_header"),
    "fast path (a deal whole)": ("reversis_cli.notation.fastpath:FastPath", "read_deal"),
    "fast path (lean lines)": ("reversis_cli.notation.fastpath:FastPath", "read"),
    "lean deal (trick rows)": ("reversis_cli.notation.fastdealt", "lean_deal"),
    "exchange lines by their words": ("reversis_cli.notation.fastpath:FastPath",
                                      "_exchange_by_words"),
    "deal lines by their words": ("reversis_cli.notation.fastpath:FastPath",
                                  "_deal_line_by_words"),
    "espagnolette lines by their words": ("reversis_cli.notation.fastevents:EventLines",
                                          "_espagnolette_by_words"),
    "block reader": ("reversis_cli.notation.chunks", "_plain_deal"),
    "block reader (a block at once)": ("reversis_cli.notation.chunks", "_plain_deals"),
    "block reader (a block cut by split)": ("reversis_cli.notation.chunks", "_split_deals"),
    "a deal of spaced lines in one loop": ("reversis_cli.notation.parse", "read_spaced_deal"),
    "plain replay": ("reversis_cli.replay.plain", "walk_plain"),
    "plain replay of a revoke": ("reversis_cli.replay.plain", "add_revokes"),
    "a revoke's warning written directly": ("reversis_cli.replay.revokes", "revoke_message"),
    "plain replay of a kept card": ("reversis_cli.replay.plain", "_kept_card_plain"),
    "plain replay of two discarded": ("reversis_cli.replay.plaintwo", "_walk"),
    "plain replay of a void deal": ("reversis_cli.replay.plainvoid", "_void_replayed"),
    "hand, talon and partie lines by their words": ("reversis_cli.notation.fastdealt:DealtLines",
                                                    "_dealt_words"),
    "plain replay (the cards as dealt)": ("reversis_cli.replay.plain", "dealt_plain"),
    "plain replay (the usual deal's cards as dealt, at once)": (
        "reversis_cli.replay.plain", "dealt_usual"),
    "dealt lines by their words": ("reversis_cli.notation.fastdealt:DealtLines",
                                   "_dealt_by_words"),
    "rows: still held": ("reversis_cli.settle.inplay", "still_held"),
    "rows: tally": ("reversis_cli.settle.ledger", "_tally_rows"),
    "plain tables": ("reversis_cli.render.session", "plain_text"),
    "plain deal (one pass)": ("reversis_cli.render.session", "deal_text"),
    "plain deal from its lean settlement": ("reversis_cli.render.session", "lean_deal_text"),
    "plain lines": ("reversis_cli.render.plain", "plain_lines"),
    "JSON text": ("reversis_cli.score.jsontext", "deal_text"),
    "a forfeited payment's texts from its parts": ("reversis_cli.score.jsontext",
                                                    "_forfeited_texts"),
    "a reason's English from its template": ("reversis_cli.settle.texts", "_filled"),
    "lean settlement": ("reversis_cli.settle.lean:_Lean", "settle"),
    "lean settlement of event lines": ("reversis_cli.settle.leanevents:_LeanEvents", "settle"),
    "lean settlement of two discarded": ("reversis_cli.settle.leantwo", "rows_of_walk"),
    "--jobs on one file": ("reversis_cli.session.parts", "_estimate"),
    "a worker's file copied as bytes": ("reversis_cli.session.batch", "binary_of"),
    "options watched (stats --compare)": ("reversis_cli.club.watch", "_watched"),
    "lean re-settlements (stats --compare)": ("reversis_cli.club.compare", "lean_reading"),
    "a deal restaked from its own settlement (stats --compare)": ("reversis_cli.club.resettle",
                                                                  "repooled"),
    "a deal's nets priced again from its own settlement (stats --compare)": (
        "reversis_cli.club.resettle", "repriced_moves"),
    "a deal's nets restaked from its own settlement (stats --compare)": (
        "reversis_cli.club.resettle", "restaked_moves"),
    "a restaked deal's moves of the pool (stats --compare)": ("reversis_cli.club.resettle",
                                                              "pool_moves"),
    "a void deal carried (stats --compare)": ("reversis_cli.club.resettle", "_carried"),
    "archive's summary tally": ("reversis_cli.club.tally:Tally", "write"),
    "archive's identity from its rows": ("reversis_cli.club.rows", "identity_of_rows"),
    "archive's rows from a lean deal": ("reversis_cli.club.rows:SessionRows", "_lean_rows"),
}
# The reference's own work: Lark reading a chunk.
LARK = ("reversis_cli.notation.parse", "_parse_with_lark")

ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
# What the switch is for: the commands a dispute is settled with, on a record of
# plain deals (the twins' own ground) and one of irregular deals.
COMMANDS = [("score", "--json"), ("check", "--json"), ("score",), ("stats", "--json"),
            ("check",), ("score", "--jobs", "2", "--json"),
            ("score", "--jobs", "2", "--json", str(SAMPLES / "evening.rvs")),  # a batch
            ("stats", "--json", "--compare", "modern"),
            # the engine on a deal of rows (stats --compare watches every deal lean now)
            ("explain", "--deal", "3")]
RECORDS = ["evening.rvs", "irregular.rvs", "every-event-ru.rvs"]


def _owner(where: str):
    module, _, cls = where.partition(":")
    owner = importlib.import_module(module)
    return getattr(owner, cls) if cls else owner


def _count_calls(monkeypatch, counts: Counter) -> None:
    for name, (where, attribute) in [*TWINS.items(), ("Lark", LARK)]:
        owner = _owner(where)
        original = getattr(owner, attribute) if not isinstance(owner, type) \
            else owner.__dict__[attribute]

        def counted(*args, __name=name, __original=original, **kwargs):
            counts[__name] += 1
            return __original(*args, **kwargs)

        monkeypatch.setattr(owner, attribute, counted)


def _outputs() -> list[tuple[int, str]]:
    found = []
    for command in COMMANDS:
        for record in RECORDS:
            result = CliRunner().invoke(cli, [*command, str(SAMPLES / record)], env=ENV)
            assert result.exception is None or isinstance(result.exception, SystemExit), \
                result.output
            found.append((result.exit_code, result.output))
    return found


# A run of the whole suite under the switch compares nothing here: the fast way is off.
fast_by_default = pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1")


@pytest.fixture(scope="module")
def fast_outputs():
    return _outputs()


@fast_by_default
def test_without_the_switch_every_twin_is_entered(monkeypatch):
    """The counting below sees each twin where its chooser calls it: else the
    next test, that none is entered under the switch, could not fail."""
    counts: Counter = Counter()
    _count_calls(monkeypatch, counts)
    _texts_met_for_the_first_time(monkeypatch)
    _outputs()
    assert [name for name in TWINS if counts[name] == 0] == []


def _texts_met_for_the_first_time(monkeypatch) -> None:
    """The JSON writer's kept texts emptied for this test: a payment an earlier
    test of the same process wrote is kept whole, and its twin (a forfeited
    payment's texts from its parts) would not be entered again."""
    from reversis_cli.score import jsontext

    kept = [name for name, value in vars(jsontext).items()
            if isinstance(value, dict) and name.startswith("_")
            and name.endswith(("_TEXTS", "_BYTES", "_REASONS"))]
    assert {"_LEAN_TEXTS", "_LEAN_BYTES", "_FORFEIT_TEXTS", "_PAYMENT_TEXTS"} <= set(kept)
    for name in kept:
        monkeypatch.setattr(jsontext, name, {})


@fast_by_default
def test_the_switch_turns_every_twin_off_with_the_same_output(monkeypatch, fast_outputs):
    counts: Counter = Counter()
    _count_calls(monkeypatch, counts)
    fast_lark = counts["Lark"]
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    reference = _outputs()
    assert {name: counts[name] for name in TWINS if counts[name]} == {}
    assert reference == fast_outputs
    # the readable path does the work: Lark reads every chunk of every record
    assert counts["Lark"] > fast_lark + 100


def test_the_switch_takes_only_the_value_1(monkeypatch):
    before = fastpaths.REFERENCE
    try:
        for value, on in [("1", True), ("0", False), ("", False), ("yes", False),
                          ("true", False), (" 1", False)]:
            monkeypatch.setenv("REVERSIS_REFERENCE", value)
            assert importlib.reload(fastpaths).REFERENCE is on, value
        monkeypatch.delenv("REVERSIS_REFERENCE")
        assert importlib.reload(fastpaths).REFERENCE is False
    finally:
        monkeypatch.undo()
        importlib.reload(fastpaths)
    assert fastpaths.REFERENCE is before


# --- as a user runs them: processes with and without the variable -----------------------

# Every sample record: each top-level one alone, the club's sessions together (as
# stats reads them), the bad ones together (one process each way per command).
GROUPS = {path.name: [path] for path in sorted(SAMPLES.glob("*.rvs"))}
GROUPS["club"] = sorted((SAMPLES / "club").glob("*.rvs"))
GROUPS["bad"] = sorted((SAMPLES / "bad").glob("*.rvs"))
SUBPROCESS_COMMANDS = [("score", "--json"), ("check", "--json"), ("score",), ("stats", "--json")]


def _run(args: list[str], reference: bool) -> tuple[int, bytes, bytes]:
    env = {key: value for key, value in os.environ.items() if key != "REVERSIS_REFERENCE"}
    env.update(COLUMNS="100")
    if reference:
        env["REVERSIS_REFERENCE"] = "1"
    done = subprocess.run([sys.executable, "-m", "reversis_cli", *args], cwd=ROOT, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("group", sorted(GROUPS))
@pytest.mark.parametrize("command", SUBPROCESS_COMMANDS, ids=" ".join)
def test_every_sample_gives_the_same_bytes_both_ways(command, group):
    args = [*command, *(str(path.relative_to(ROOT)) for path in GROUPS[group])]
    fast = _run(args, reference=False)
    assert fast[1], "the command wrote nothing"
    assert _run(args, reference=True) == fast


@pytest.mark.slow
def test_the_goldens_hold_under_the_switch(tmp_path):
    """The tests that compare with tests/golden (the default run: the fast way)
    run again under REVERSIS_REFERENCE=1: conftest.py's REVERSIS_GOLDEN_READS
    keeps only them (and notes the goldens read, so that this test sees that
    they were).  The slow ones (real processes) are left to the test above."""
    reads = tmp_path / "golden-reads.txt"
    files = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests").glob("test_*.py")
                   if path.name != Path(__file__).name)
    env = {**os.environ, "REVERSIS_REFERENCE": "1", "REVERSIS_GOLDEN_READS": str(reads)}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "no:xdist", "-m", "not slow", *files],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-4000:]
    read = set(reads.read_text("utf-8").split())
    assert {"score-big-night.txt", "check-disputed-sheet.txt", "ru/check-revoke.txt",
            "stats/samples-club.json", "stats/samples-club-en.txt"} <= read


def test_every_twin_of_the_table_is_switched():
    """docs/contributing.md's "Fast paths" table names each fast function the
    counting above watches (a method with its class), and has a row for each
    module that chooses a twin."""
    text = (ROOT / "docs/contributing.md").read_text(encoding="utf-8")
    table = text.split("\n## Fast paths", 1)[1].split("\n## ", 1)[0]
    named = [f"`{where.partition(':')[2]}.{attribute}`" if ":" in where else f"`{attribute}`"
             for where, attribute in TWINS.values()]
    assert [name for name in named if name not in table] == []
    assert [c for c in CHOOSERS if f"reversis_cli/{c}" not in table] == []


# The modules that choose between a twin and its reference.
CHOOSERS = ["notation/parse.py", "notation/chunks.py", "replay/plain.py", "replay/revokes.py",
            "replay/plainvoid.py",
            "score/json.py",
            "settle/lean.py", "settle/leanevents.py", "settle/leantwo.py",
            "render/session.py", "cli/consoles.py", "cli/score.py", "session/parts.py",
            "session/batch.py",
            "club/watch.py",
            "club/tally.py", "club/rows.py"]


def test_fastpaths_is_read_by_every_chooser():
    """Each module that chooses a twin reads the one switch."""
    package = Path(fastpaths.__file__).parent
    assert [c for c in CHOOSERS
            if "fastpaths.REFERENCE" not in (package / c).read_text(encoding="utf-8")] == []
