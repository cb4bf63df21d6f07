"""The five hand-settled deals of shared/spec/examples (copied to tests/fixtures/examples)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from reversis_cli.rules import load_profile
from reversis_cli.settle import SessionSettler, settlement_to_json
from settle_helpers import check_invariants, example_dirs, read_example

NAMES = ["classic-late-quinola", "classic-reversis", "classic-broken-reversis",
         "classic-espagnolette-fails", "modern-split"]
CASES = [pytest.param(d / name, id=f"{d.parent.name}/{name}")
         for d in example_dirs() for name in NAMES if (d / f"{name}.rvs").exists()]


def _amount(value):
    return Fraction(value) if isinstance(value, str) else Fraction(value)


def _multiset(payments):
    return sorted((p["payer"], p["payee"], _amount(p["amount"]), p["rule"], p["trick"] or 0)
                  for p in payments)


def test_the_fixtures_are_copied():
    assert any(d.name == "examples" and d.parent.name == "fixtures" for d in example_dirs())
    assert len(CASES) >= 5


@pytest.mark.parametrize("stem", CASES)
def test_worked_example(stem):
    profile_name, replayed = read_example(stem.with_suffix(".rvs"))
    expected = json.loads(stem.with_suffix(".expected.json").read_text("utf-8"))
    assert expected["profile"] == profile_name
    settler = SessionSettler(load_profile(profile_name), replayed.players)
    settlement = settler.settle(replayed)
    check_invariants(settlement)
    got = settlement_to_json(settlement)
    for key in ("outcome", "tricks_won", "points", "winners", "losers", "espagnolette"):
        assert got[key] == expected[key], key
    assert got["partie"]["value"] == expected["partie"]["value"]
    assert sorted(got["partie"]["cards"]) == sorted(expected["partie"]["cards"])
    assert _multiset(got["payments"]) == _multiset(expected["payments"])
    assert _multiset(got["cancelled"]) == _multiset(expected["cancelled"])
    assert got["pool"] == expected["pool"]
    assert got["net"] == expected["net"]
    json.dumps(got)  # JSON-ready: no Fractions, no Cards
