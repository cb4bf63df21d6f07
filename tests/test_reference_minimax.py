"""The oracle of ``reversis analyse`` checked on its own: the plain minimax's
settlement (tests/reference_settle.py) and the engine's give the same net at
every leaf of its trees, and the comparison with an analysis finds every kind
of wrong value (an analysis made from the minimax's own values, then spoilt;
built of plain records with the fields of reversis_cli/analyse/result.py's
values, so that nothing of the analysis is imported here)."""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from analyse_endgames import Case, differences, engine_net, mixed_cases  # noqa: E402
from reference_minimax import Tree, leaves, settle_line, solve  # noqa: E402

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


# --- the comparison finds a wrong analysis ------------------------------------------------
# Plain records with the fields ``differences`` reads of analyse_deal's values.


@dataclass(frozen=True)
class _Value:
    card: Card
    guaranteed: Any
    selfish: Any


@dataclass(frozen=True)
class _Decision:
    trick: int
    seat: int
    played: Card
    cards: tuple[_Value, ...]


@dataclass(frozen=True)
class _Point:
    trick: int
    seat: int
    card: Card
    values: tuple


@dataclass(frozen=True)
class _Finding:
    grade: str
    trick: int
    seat: int
    played: Card
    better: Card
    played_value: Any
    better_value: Any
    loss: Any


@dataclass(frozen=True)
class _Analysis:
    players: tuple[str, ...]
    exact_from_trick: int
    out_of_reach: None
    start: tuple
    actual: tuple
    trace: tuple[_Point, ...]
    decisions: tuple[_Decision, ...]
    findings: tuple[_Finding, ...]


def _analysis_of(case: Case, tree: Tree) -> _Analysis:
    """The analysis the minimax's values make: what analyse_deal must return."""
    game = case.game
    decisions, trace, findings = [], [], []
    for i, card in enumerate(game.line):
        path, trick = game.line[:i], game.start + i // 4
        seat = tree.movers[path]
        values = tuple(_Value(Card.parse(c), tree.values[path + (c,)].paranoid[seat],
                              tree.values[path + (c,)].selfish[seat][seat])
                       for c in tree.legal[path])
        decisions.append(_Decision(trick, seat, Card.parse(card), values))
        trace.append(_Point(trick, seat, Card.parse(card), tree.values[path + (card,)].paranoid))
        best = max(values, key=lambda v: v.guaranteed)
        played = next(v for v in values if v.card is Card.parse(card))
        if best.guaranteed > played.guaranteed:
            findings.append(_Finding("provable", trick, seat, played.card, best.card,
                                     played.guaranteed, best.guaranteed,
                                     best.guaranteed - played.guaranteed))
    settlement = case.scored.settlement
    assert settlement is not None
    return _Analysis(tuple(game.players), game.start, None, tree.values[()].paranoid,
                     tuple(settlement.net[p] for p in game.players), tuple(trace),
                     tuple(decisions), tuple(findings))


def _spoilt(analysis: _Analysis, n: int, change) -> _Analysis:
    """``analysis`` with decision ``n`` changed by ``change(decision)``."""
    decisions = list(analysis.decisions)
    decisions[n] = change(decisions[n])
    return replace(analysis, decisions=tuple(decisions))


def test_the_comparison_finds_every_wrong_value():
    cases = mixed_cases({9: 4}, seed=3)
    case = next(c for c in cases if _analysis_of(c, solve(c.game)).findings)
    tree = solve(case.game)
    right = _analysis_of(case, tree)
    assert differences(case, right, tree) == []
    n = next(i for i, d in enumerate(right.decisions) if len(d.cards) > 1)
    first, *rest = right.decisions[n].cards
    spoilt = {
        "guaranteed": lambda d: replace(d, cards=(
            replace(first, guaranteed=first.guaranteed - 1), *rest)),
        "selfish": lambda d: replace(d, cards=(replace(first, selfish=first.selfish + 1), *rest)),
        "below guaranteed": lambda d: replace(d, cards=(
            replace(first, selfish=first.guaranteed - 1), *rest)),
        "legal cards": lambda d: replace(d, cards=d.cards[:-1]),
        "who, what": lambda d: replace(d, seat=(d.seat + 1) % 4),
    }
    for what, change in spoilt.items():
        found = differences(case, _spoilt(right, n, change), tree)
        assert any(what in line for line in found), (what, found)
    trace = list(right.trace)
    trace[n] = replace(trace[n], values=tuple(v + 1 for v in trace[n].values))
    others = {
        "trace values": replace(right, trace=tuple(trace)),
        "exact_from_trick": replace(right, exact_from_trick=case.game.start + 1),
        "provable findings": replace(right, findings=()),
        "actual": replace(right, actual=tuple(v - 1 for v in right.actual)),
        "start": replace(right, start=tuple(v + 1 for v in right.start)),
    }
    for what, wrong in others.items():
        found = differences(case, wrong, tree)
        assert any(what in line for line in found), (what, found)
