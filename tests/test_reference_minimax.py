"""The oracle of ``reversis analyse`` checked on its own: the plain minimax's
settlement (tests/reference_settle.py) and the engine's give the same net at
every leaf of its trees, and the comparison with an analysis finds every kind
of wrong value (an analysis made from the minimax's own values, then spoilt)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from analyse_endgames import Case, differences, engine_net, mixed_cases  # noqa: E402
from reference_minimax import Tree, leaves, settle_line, solve  # noqa: E402

from reversis_cli.analyse.result import (  # noqa: E402
    PROVABLE, CardValue, DealAnalysis, Decision, Finding, TracePoint,
)
from reversis_cli.cards import Card  # noqa: E402


def _leaf_differences(cases: list[Case]) -> tuple[int, list[str]]:
    count, found = 0, []
    for case in cases:
        game = case.game
        assert engine_net(case, game.played.plays[game.start - 1:]) == game.actual, case
        for tricks in leaves(game):
            count += 1
            engine, reference = engine_net(case, tricks), settle_line(game, tricks)
            if engine != reference:
                found.append(f"{case}: {[c for seq in tricks for _, c in seq]}: "
                             f"engine {engine}, reference {reference}")
    return count, found


def test_the_settlements_agree_at_every_leaf():
    """Every legal completion of 24 endgames (trick 10 and 9): the reference's
    net for each player equals the engine's, so the minimax's values are money
    the engine would write."""
    cases = mixed_cases({9: 4, 10: 20}, seed=7, deals=6)
    assert any(c.game.irregular for c in cases)
    count, found = _leaf_differences(cases)
    assert count > 1000 and not found, "\n".join(found[:10])


@pytest.mark.slow
def test_the_settlements_agree_at_every_leaf_of_many_endgames():
    cases = mixed_cases({8: 2, 9: 30, 10: 150}, seed=8, deals=12)
    assert {c.game.outcome for c in cases} == {"normal", "reversis", "reversis_broken"}
    assert {i for c in cases for i in c.game.irregular} == {
        "peeked", "out-of-turn", "revoke", "unclaimed"}
    count, found = _leaf_differences(cases)
    assert count > 15_000 and not found, "\n".join(found[:10])


# --- the comparison finds a wrong analysis ------------------------------------------------


def _card(text: str) -> Card:
    return Card.parse(text)


def _analysis_of(case: Case, tree: Tree) -> DealAnalysis:
    """The analysis the minimax's values make: what analyse_deal must return."""
    game = case.game
    decisions, trace, findings = [], [], []
    for i, card in enumerate(game.line):
        path, trick = game.line[:i], game.start + i // 4
        seat = tree.movers[path]
        values = tuple(CardValue(_card(c), tree.values[path + (c,)].paranoid[seat],
                                 tree.values[path + (c,)].selfish[seat][seat])
                       for c in tree.legal[path])
        decisions.append(Decision(trick, seat, _card(card), values))
        trace.append(TracePoint(trick, seat, _card(card), tree.values[path + (card,)].paranoid))
        best = max(values, key=lambda v: v.guaranteed)
        played = decisions[-1].chosen
        if best.guaranteed > played.guaranteed:
            findings.append(Finding(PROVABLE, trick, seat, _card(card), best.card,
                                    played.guaranteed, best.guaranteed,
                                    best.guaranteed - played.guaranteed, None))
    settlement = case.scored.settlement
    assert settlement is not None
    net = settlement.net
    return DealAnalysis(game.number, tuple(game.players), game.start, None, None,
                        tree.values[()].paranoid, tuple(net[p] for p in game.players),
                        tuple(trace), tuple(decisions), tuple(findings))


def _spoilt(analysis: DealAnalysis, n: int, change) -> DealAnalysis:
    """``analysis`` with decision ``n`` changed by ``change(decision)``."""
    decisions = list(analysis.decisions)
    decisions[n] = change(decisions[n])
    return DealAnalysis(analysis.number, analysis.players, analysis.exact_from_trick,
                        None, None, analysis.start, analysis.actual, analysis.trace,
                        tuple(decisions), analysis.findings)


def _with_values(decision: Decision, values) -> Decision:
    return Decision(decision.trick, decision.seat, decision.played, tuple(values))


def test_the_comparison_finds_every_wrong_value():
    cases = mixed_cases({9: 4}, seed=3)
    case = next(c for c in cases if _analysis_of(c, solve(c.game)).findings)
    tree = solve(case.game)
    right = _analysis_of(case, tree)
    assert differences(case, right, tree) == []
    n = next(i for i, d in enumerate(right.decisions) if len(d.cards) > 1)
    first, *rest = right.decisions[n].cards
    spoilt = {
        "guaranteed": lambda d: _with_values(d, [CardValue(first.card, first.guaranteed - 1,
                                                           first.selfish)] + rest),
        "selfish": lambda d: _with_values(d, [CardValue(first.card, first.guaranteed,
                                                        first.selfish + 1)] + rest),
        "legal cards": lambda d: _with_values(d, d.cards[:-1]),
        "who, what": lambda d: Decision(d.trick, (d.seat + 1) % 4, d.played, d.cards),
    }
    for what, change in spoilt.items():
        found = differences(case, _spoilt(right, n, change), tree)
        assert any(what in line for line in found), (what, found)
    below = _spoilt(right, n, lambda d: _with_values(
        d, [CardValue(first.card, first.guaranteed, first.guaranteed - 1)] + rest))
    assert any("below guaranteed" in line for line in differences(case, below, tree))
    trace = list(right.trace)
    point = trace[n]
    trace[n] = TracePoint(point.trick, point.seat, point.card,
                          tuple(v + 1 for v in point.values))
    wrong_trace = DealAnalysis(right.number, right.players, right.exact_from_trick, None, None,
                               right.start, right.actual, tuple(trace), right.decisions,
                               right.findings)
    assert any("trace values" in line for line in differences(case, wrong_trace, tree))
    later = DealAnalysis(right.number, right.players, case.game.start + 1, None, None,
                         right.start, right.actual, right.trace, right.decisions, right.findings)
    assert any("exact_from_trick" in line for line in differences(case, later, tree))
    no_findings = DealAnalysis(right.number, right.players, right.exact_from_trick, None, None,
                               right.start, right.actual, right.trace, right.decisions, ())
    assert any("provable findings" in line for line in differences(case, no_findings, tree))
