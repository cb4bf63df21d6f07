"""A plain deal with an event line settled lean (settle/leanevents.py, issue 35).

An unclaimed trick (CLAIM-1), a talon card peeked at or kept (IRR-4) and a
discard out of turn (IRR-6) change no trick: the plain replay takes such a deal,
and the lean settlement settles it with the engine's forfeitures and penalties.
Held here to the engine payment by payment and byte by byte (``score --json``,
with the lean path on and under REVERSIS_REFERENCE=1), under the options that
change these rules, and ``check``'s bytes with it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from reversis_cli.cards import PACK
from reversis_cli.settle.leanevents import SETTLED
from reversis_cli.simulate import SimulationOptions, simulate_session

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_settle_lean import _both_ways, _session, fast_by_default  # noqa: E402

_FORCED = ("peeked", "kept", "out_of_turn", "unclaimed")


def _event_deals(seed: int, rules: str, deals: int = 60) -> str:
    """A session whose every other deal is forced to carry one of the event lines
    this twin settles, among reversis, espagnolettes and irregular deals."""
    return "".join(simulate_session(SimulationOptions(
        deals, seed=seed, rules=rules, events=0.3, irregular=0.1,
        forces={number: _FORCED[(number // 2) % 4] for number in range(2, deals, 2)})))


def _taken(deals: list) -> list:
    """The deals with an event line, every one of a kind the twin settles."""
    return [one for one in deals if one.checked.replayed is not None
            and one.checked.replayed.events
            and not {e.kind for e in one.checked.replayed.events} - SETTLED]


SETS = [
    {},
    {"claims_required": "in_play"},
    {"claims_required": "led_and_played", "led_aces_pay_winner": "yes"},
    {"peek_forfeits": "quinola_and_reversis", "claims_required": "in_play"},
    {"peek_forfeits": "quinola_and_reversis", "led_aces_pay_winner": "yes",
     "forced_means": "any_follow"},
    {"espagnolette_refunds": "diamond_ace_and_quinola", "espagnolette_takes_pool": "no",
     "remise": "stake", "restake": "taken_or_quiet"},
]


@fast_by_default
@pytest.mark.parametrize("sets", SETS, ids=lambda sets: ",".join(
    f"{k}={v}" for k, v in sets.items()) or "profile")
@pytest.mark.parametrize("rules,seed", [("classic", 81), ("modern", 82)])
def test_event_lines_are_settled_lean_as_by_the_engine(rules, seed, sets, monkeypatch):
    text = _event_deals(seed, rules)
    with _session(text, sets, lean=True) as session:
        deals = list(session.deals())
    taken = _taken(deals)
    assert len(taken) >= 20
    lean = [one.lean for one in taken if one.lean is not None]
    assert len(lean) >= len(taken) - 2  # a kept card in doubt is the engine's
    kinds = {e.kind for one in taken if one.lean is not None and one.checked.replayed
             for e in one.checked.replayed.events}
    assert kinds == SETTLED
    rules_paid = [p[3] for deal in lean for p in deal.payments]
    forfeited = [dict(p[6])["forfeited_by"] for deal in lean for p in deal.cancelled
                 if "forfeited_by" in dict(p[6])]
    assert "IRR-6" in rules_paid and "CLAIM-1" in forfeited
    if sets.get("peek_forfeits") != "quinola_and_reversis":
        assert "IRR-4" in forfeited
    _both_ways(text, sets, monkeypatch)


def _played_by(rows, seat: int) -> set[int]:
    return {row[2 + (seat - row[1]) % 4] for row in rows}


@fast_by_default
def test_a_kept_card_makes_an_ace_followed_in_its_suit_played(monkeypatch):
    """The keeper held his kept card all along: an ace he followed with in its
    suit was "played", not "forced" (``inplay.classify_fall``); the data hold
    such a deal, and it is settled lean as by the engine."""
    text = "".join(simulate_session(SimulationOptions(
        120, seed=83, rules="classic", forces={n: "kept" for n in range(1, 121)})))
    with _session(text, {}, lean=True) as session:
        deals = list(session.deals())
    found = 0
    for one in deals:
        replayed = one.checked.replayed
        if one.lean is None or replayed is None or not replayed.events:
            continue
        assert replayed.rows is not None
        keeper = next(e.seat for e in replayed.irregularities if e.kind == "kept")
        assert keeper is not None
        played = _played_by(replayed.rows, keeper)
        extra = [c for c in replayed.hands[keeper] if c.index not in played]
        for row in replayed.rows:
            card = PACK[row[2 + (keeper - row[1]) % 4]]
            if card.is_ace and row[1] != keeper and PACK[row[2]].suit is card.suit \
                    is extra[0].suit:
                found += 1
    assert found >= 1
    _both_ways(text, {}, monkeypatch)


@fast_by_default
@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_check_writes_the_same_with_the_event_lines_settled_lean(rules, tmp_path):
    """``check`` and ``score --json``: the same bytes and exit status with every
    fast path on and under REVERSIS_REFERENCE=1."""
    path = tmp_path / "events.rvs"
    path.write_text(_event_deals(84 if rules == "classic" else 85, rules, 40), "utf-8")
    for command in (["check"], ["score", "--json"], ["score"]):
        runs = [subprocess.run([sys.executable, "-m", "reversis_cli", *command, str(path)],
                               capture_output=True, env=_env(reference), check=False)
                for reference in (False, True)]
        assert runs[0].returncode == runs[1].returncode
        assert runs[0].stdout == runs[1].stdout and runs[0].stdout


def _env(reference: bool) -> dict[str, str]:
    import os
    env = {k: v for k, v in os.environ.items() if k != "REVERSIS_REFERENCE"}
    if reference:
        env["REVERSIS_REFERENCE"] = "1"
    return env


def _archive_dump(paths: list[str], reference: bool, monkeypatch) -> dict[str, list]:
    from reversis_cli import fastpaths
    from reversis_cli.club.archive import build_in_memory
    monkeypatch.setattr(fastpaths, "REFERENCE", reference)
    conn, results = build_in_memory(paths)
    try:
        assert all(result.deals for result in results)
        tables = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {table: sorted(conn.execute(f"SELECT * FROM {table}").fetchall(), key=repr)
                for table in tables}
    finally:
        conn.close()
        monkeypatch.undo()


@fast_by_default
def test_the_archive_of_event_lines_settled_lean_is_the_engine_s(tmp_path, monkeypatch):
    """Every table of the archive (the deals, players, payments rows and the
    sessions' tally) the same with the event lines settled lean and under
    REVERSIS_REFERENCE=1."""
    paths = []
    for rules, seed in (("classic", 86), ("modern", 87)):
        path = tmp_path / f"{rules}.rvs"
        path.write_text(_event_deals(seed, rules), "utf-8")
        paths.append(str(path))
    from reversis_cli.settle import leanevents
    settled = [0]
    original = leanevents._LeanEvents.settle

    def counted(self, facts):
        settled[0] += 1
        return original(self, facts)

    with monkeypatch.context() as patch:
        patch.setattr(leanevents._LeanEvents, "settle", counted)
        fast = _archive_dump(paths, False, patch)
    assert settled[0] >= 40  # the event lines settled lean
    assert sum(len(rows) for rows in fast.values()) > 500
    assert any("IRR-6" in row for rows in fast.values() for row in rows)
    assert fast == _archive_dump(paths, True, monkeypatch)
