"""``analyse_deal`` against its oracle: a plain minimax written apart from the
solver (tests/reference_minimax.py: no pruning, no table, no card merged with
another), whose every leaf is settled by the independent reference settlement
(tests/reference_settle.py), on endgames of simulated sessions
(tests/analyse_endgames.py: both profiles, random option sets, reversis made
and broken, espagnolettes who succeed, fail or waive).

For every decision of every trick from the trick analysed on the line played:
the legal cards are the minimax's (each equivalent card listed), each card's
``guaranteed`` is the minimax's paranoid value for the player, its
``selfish`` the max-n value (ties as docs/decisions.md breaks them), never
below ``guaranteed``; the trace's values are the paranoid values after each
card, the provable findings the cards that guaranteed less than another; the
analysis starts where it was asked to and its ``actual`` is the net as played
(the engine's and the reference's).  From reversis_cli.analyse only
``analyse_deal`` is used, and its result read.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from analyse_endgames import Case, differences, mixed_cases  # noqa: E402
from reference_minimax import solve  # noqa: E402

from reversis_cli.analyse import analyse_deal  # noqa: E402


def _disagreements(cases: list[Case]) -> list[str]:
    found: list[str] = []
    for case in cases:
        analysis = analyse_deal(case.scored, case.profile, from_trick=case.asked)
        found += differences(case, analysis, solve(case.game))
    return found


def _kinds(cases: list[Case]) -> Counter:
    """What the endgames hold: the outcome, the espagnolette's status, the
    profile, whether options were set, the trick taken up from, the
    irregularities."""
    kinds: Counter = Counter()
    for case in cases:
        kinds.update([case.game.outcome, case.game.espagnolette, case.profile.name,
                      bool(case.profile.overridden), case.game.start, *case.game.irregular])
    return kinds


def _report(found: list[str]) -> str:
    return f"{len(found)} disagreements:\n" + "\n".join(found[:30])


def test_analyse_agrees_with_a_plain_minimax():
    """30 endgames: 2 from trick 8, 12 from trick 9, 16 from trick 10."""
    cases = mixed_cases({8: 2, 9: 12, 10: 16}, seed=1, deals=8)
    kinds = _kinds(cases)
    assert all(kinds[k] for k in ("reversis", "reversis_broken", "classic", "modern", True, 8)
               ), kinds
    found = _disagreements(cases)
    assert not found, _report(found)


@pytest.mark.slow
def test_analyse_agrees_with_a_plain_minimax_on_a_thousand_endgames():
    """1,000 endgames: 80 from trick 8 (trees of at most 3,000 leaves), 400
    from trick 9 and 520 from trick 10; about 60 s of CPU: 10 s to make them,
    40 s for the minimax, 10 s for analyse_deal."""
    cases = mixed_cases({8: 80, 9: 400, 10: 520}, seed=0)
    kinds = _kinds(cases)
    assert len(cases) == 1000
    assert all(kinds[k] >= 10 for k in ("reversis", "reversis_broken", "success", "waived",
                                        "classic", "modern", True)), kinds
    assert all(kinds[k] >= 5 for k in ("failed", "peeked", "out-of-turn", "revoke", "unclaimed")
               ), kinds
    found = _disagreements(cases)
    assert not found, _report(found)
