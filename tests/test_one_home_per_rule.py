"""Each rule of play has one home, replay/rules_of_play.py (issue 22, item 4):
the replay, the settlement, the generator and the CSV reader ask it, no other
module restates its constants, and the generator's test oracle stays its own."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import reversis_cli
from reversis_cli.cards import Card
from reversis_cli.replay import rules_of_play as rules
from reversis_cli.simulate.events import generate_deal

from conftest import files_in, parsed

PACKAGE = Path(reversis_cli.__file__).parent
HOME = PACKAGE / "replay" / "rules_of_play.py"
TESTS = Path(__file__).parent

# The modules that apply a rule of play, and so must ask its home (render/score.py no
# longer does: it reads the reversis' maker from the settlement, issue 22 item 7).
ASKERS = ("replay/play.py", "replay/result.py", "settle/inplay.py", "settle/ledger.py",
          "settle/reversis.py", "settle/espagnolette.py", "settle/lean.py", "simulate/play.py",
          "simulate/events.py", "simulate/played.py", "convert/csvrows.py")


def _cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


# A module-level upper-case name given a number or a tuple of numbers.
_NUMERIC_CONSTANT = re.compile(
    r"^([A-Z][A-Z0-9_]*) *(?:: *[\w\[\], .]+)?= *\(?[0-9][0-9, ]*\)?\s*(?:#|$)", re.MULTILINE)


def _module_constants(path: Path) -> set[str]:
    """The upper-case names a module assigns a number or a tuple of numbers to."""
    return set(_NUMERIC_CONSTANT.findall(path.read_text(encoding="utf-8")))


def test_no_other_module_defines_a_constant_of_play():
    """TRICKS, PRIVILEGED_TRICKS, the last two tricks, the nine tricks of REV-2."""
    of_play = ("TRICK", "LAST_TWO", "UNDERTAKEN")
    found = {str(path.relative_to(PACKAGE)): sorted(name for name in _module_constants(path)
                                                     if any(w in name for w in of_play))
             for path in files_in(PACKAGE, "**/*.py", 100) if path != HOME}
    assert {where: names for where, names in found.items() if names} == {}
    assert {"TRICKS_PER_DEAL", "PRIVILEGED_TRICKS", "UNDERTAKEN_TRICKS"} <= _module_constants(HOME)


@pytest.mark.parametrize("module", ASKERS)
def test_the_modules_that_apply_a_rule_ask_its_home(module):
    asked = {node.module for node in ast.walk(parsed(PACKAGE / module))
             if isinstance(node, ast.ImportFrom) and node.module}
    assert asked & {"rules_of_play", "replay.rules_of_play", ".rules_of_play"}, module


def test_the_oracle_does_not_ask_the_code_it_checks():
    source = (TESTS / "simulate_oracles.py").read_text(encoding="utf-8")
    assert "rules_of_play" not in source and "simulate.events" not in source
    assert "simulate.play " not in source and "simulate.play import" not in source


def test_the_highest_card_of_the_suit_led_takes():
    assert rules.taking_index(_cards("9H AS KH 2H")) == 2  # PLAY-3: the ace is off suit
    assert rules.taking_index(_cards("QC 3C JD 9S")) == 0


def test_a_revoke_is_a_renounce_while_holding_the_suit_led():
    led = Card.parse("5H").suit
    assert rules.revoke_evidence(Card.parse("KS"), led, _cards("2H 9C")) == _cards("2H")
    assert rules.revoke_evidence(Card.parse("KS"), led, _cards("9C")) == []
    assert rules.revoke_evidence(Card.parse("3H"), led, _cards("2H")) == []  # followed
    # ESP-2: the espagnolette, and only he, in tricks 1-9 only
    assert rules.may_renounce(9, 2, 2) and not rules.may_renounce(10, 2, 2)
    assert not rules.may_renounce(3, 1, 2) and not rules.may_renounce(3, 1, None)


def test_how_an_ace_fell():
    led = Card.parse("5D").suit
    assert rules.fallen_by_lead(Card.parse("AD"), led, leads=True) == "led"
    assert rules.fallen_by_lead(Card.parse("AS"), led, leads=False) == "placed"
    assert rules.fallen_by_lead(Card.parse("AD"), led, leads=False) is None
    assert [rules.fallen_by_follow(b) for b in (True, False)] == ["played", "forced"]


def test_the_reversis_made_and_broken():
    assert rules.reversis_maker([2] * 11) == 2 and rules.reversis_maker([]) is None
    assert rules.reversis_breach([1] * 9 + [3, 1]) == (1, 9)
    assert rules.reversis_breach([1] * 8 + [3, 1, 1]) is None
    assert rules.reversis_breach([1] * 11) is None


def test_the_partie_winner_by_seat():
    # a tie in points and tricks goes to the dealer, then backwards (SEAT-3)
    assert rules.partie_winner_by_seat([0, 0, 5, 5], [2, 2, 3, 4], dealer=3) == 1
    assert rules.partie_winner_by_seat([0, 0, 5, 5], [2, 2, 3, 4], dealer=0) == 0
    assert rules.partie_winner_by_seat([4, 0, 5, 5], [2, 2, 3, 4], dealer=0) == 1


def test_the_generator_reads_its_deals_by_the_same_rules():
    """The generator's takers are the rule's, trick by trick."""
    played = generate_deal(random.Random(5), 0)
    for number, taker in enumerate(played.takers, start=1):
        plays = played.plays(number)
        assert plays[rules.taking_index([card for _, card in plays])][0] == taker
