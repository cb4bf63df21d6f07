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

import json
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent))
from analyse_endgames import REPLAYED, Case, differences, mixed_cases, session_text  # noqa: E402
from reference_minimax import endgames, solve  # noqa: E402
from reference_season import PROFILES  # noqa: E402

from reversis_cli.analyse import analyse_deal  # noqa: E402
from reversis_cli.cli import cli  # noqa: E402

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}


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


# About a minute on a quiet machine, six on one shared by five more runs: past the
# five minutes a test may take (pyproject.toml), so it has its own limit.
@pytest.mark.slow
@pytest.mark.timeout(900)
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


# --- the command's JSON ------------------------------------------------------------------


def _amount(value) -> Fraction:
    return Fraction(value)  # docs/output.md: an integer, or "n/d"


def _expected_json(game, tree) -> dict:
    """What the minimax says ``reversis analyse --json`` writes for the deal."""
    names = game.players
    decisions, trace = [], []
    for i, card in enumerate(game.line):
        path, trick = game.line[:i], game.start + i // 4
        seat = tree.movers[path]
        decisions.append({"trick": trick, "player": names[seat], "played": card, "cards": [
            {"card": c, "guaranteed": tree.values[path + (c,)].paranoid[seat],
             "selfish": tree.values[path + (c,)].selfish[seat][seat]}
            for c in tree.legal[path]]})
        trace.append({"trick": trick, "player": names[seat], "card": card, "guaranteed": dict(
            zip(names, tree.values[path + (card,)].paranoid, strict=True))})
    return {"deal": game.number, "exact_from_trick": game.start, "out_of_reach": None,
            "start": dict(zip(names, tree.values[()].paranoid, strict=True)),
            "actual": dict(zip(names, game.actual, strict=True)),
            "decisions": decisions, "trace": trace}


def _read_json(deal: dict) -> dict:
    """A deal of the JSON with its amounts read, the fields the minimax gives."""
    def money(by_name: dict) -> dict:
        return {name: _amount(v) for name, v in by_name.items()}
    return {"deal": deal["deal"], "exact_from_trick": deal["exact_from_trick"],
            "out_of_reach": deal["out_of_reach"], "start": money(deal["start"]),
            "actual": money(deal["actual"]),
            "decisions": [{**d, "cards": [{"card": c["card"], "guaranteed": _amount(
                c["guaranteed"]), "selfish": _amount(c["selfish"])} for c in d["cards"]]}
                for d in deal["decisions"]],
            "trace": [{**t, "guaranteed": money(t["guaranteed"])} for t in deal["trace"]]}


@pytest.mark.parametrize("rules,sets,seed,trick", [
    ("modern", {"partie_ties": "split"}, 47, 9),
    ("classic", {"partie_ties": "split", "remise": "stake", "quinola_forcer": "taker"}, 5, 10),
])
def test_the_json_agrees_with_the_minimax(tmp_path, rules, sets, seed, trick):
    """``reversis analyse --json --from-trick K`` on a whole session with
    shared partie payments (fractions, "n/d") and irregular deals: each deal's
    decisions, trace, start and actual are the minimax's; a deal with a revoke
    or a missed claim is taken up after it; the deals the minimax cannot take
    up (void, twelve cards, nothing left after the last revoke or claim) are
    out of reach."""
    text = session_text(seed, rules, 10, sets, irregular=0.5,
                        modes=REPLAYED + ("kept", "misdeal"))
    path = tmp_path / "session.rvs"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["analyse", "--json", "--from-trick", str(trick),
                                      str(path)], env=ENV)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert any(isinstance(value["guaranteed"], str) for deal in data["deals"]
               for decision in deal["decisions"] for value in decision["cards"])  # "n/d"
    games = {g.number: g for g in endgames(text, {**PROFILES[rules], **sets}, trick)}
    assert 6 <= len(games) < 10 and any(g.irregular for g in games.values())
    assert any(g.start > trick for g in games.values()) == (seed == 47)  # after a revoke or a claim
    assert [d["deal"] for d in data["deals"]] == list(range(1, 11))
    for deal in data["deals"]:
        game = games.get(deal["deal"])
        if game is None:
            assert deal["out_of_reach"] is not None, deal
            continue
        assert _read_json(deal) == _expected_json(game, solve(game)), game.number
