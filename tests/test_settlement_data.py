"""Payments and steps are data (issue 10, item 1): a reason code, its params and every
rule id they rest on; readers use those fields and never parse the English sentences."""

from __future__ import annotations

import ast
import json
import re
from functools import cache
from pathlib import Path

import pytest

from settle_helpers import FIXTURES, read_example, settle_scenario
from reversis_cli.rules import load_profile
from reversis_cli.session import Session
from reversis_cli.settle import settle_deal
from reversis_cli.settle.payments import NoteCode, Params, ReasonCode
from reversis_cli.simulate import SimulationOptions, simulate_session

PACKAGE = Path(__file__).resolve().parents[1] / "reversis_cli"
RULE_ID = re.compile(r"\b[A-Z]+-\d+\b")
# The modules that present a settlement: they read fields, never the sentences.
READERS = [PACKAGE / "arbitrate.py", PACKAGE / "explain.py", PACKAGE / "jsonout.py",
           *sorted((PACKAGE / "render").glob("*.py"))]


@cache
def _simulated(tmp: Path) -> list:
    """Every deal's settlement of a few simulated sessions, rare and irregular events
    included, under both shipped profiles."""
    settlements = []
    for seed in range(2):
        for rules in ("classic", "modern"):
            path = tmp / f"sim-{seed}-{rules}.rvs"
            path.write_text("".join(simulate_session(SimulationOptions(
                24, seed, rules=rules, events=0.5, irregular=0.3))), encoding="utf-8")
            with Session.open(path) as session:
                settlements += [d.settlement for d in session.deals()
                                if d.settlement is not None]
    return settlements


@pytest.fixture(scope="module")
def settlements(tmp_path_factory):
    return _simulated(tmp_path_factory.mktemp("simulated"))


def test_every_payment_has_a_known_code_its_rules_and_params(settlements):
    seen = set()
    for s in settlements:
        for p in s.payments + s.cancelled:
            assert isinstance(p.code, ReasonCode), p
            assert p.rules and p.rules[0] == p.rule, p
            assert isinstance(p.params, Params) and p.params, p
            seen.add(p.code)
    assert {ReasonCode.STAKE, ReasonCode.ACE_PLACED, ReasonCode.PARTIE_LOST} <= seen


def test_every_step_has_a_code(settlements):
    """A step records a payment (its ReasonCode) or explains (a NoteCode); never prose alone."""
    kinds = set()
    for s in settlements:
        for step in s.steps:
            assert isinstance(step.code, (ReasonCode, NoteCode)), step
            assert isinstance(step.params, Params), step
            kinds.add(type(step.code))
    assert kinds == {ReasonCode, NoteCode}


def test_every_rule_a_sentence_cites_is_in_its_rules(settlements):
    """The data says at least what the English says: DOUBLE-2, POOL-3, REV-2 ..."""
    for s in settlements:
        for p in s.payments + s.cancelled:
            assert set(RULE_ID.findall(p.reason)) <= set(p.rules), p
        for step in s.steps:
            assert step.rules and step.rules[0] == step.rule, step
            assert set(RULE_ID.findall(step.text)) <= set(step.rules), step


def test_a_doubled_payment_names_both_rules_and_why():
    # Boris's AS forced by Anna's spade lead in trick 10: ACE-2, doubled by DOUBLE-2.
    s = settle_scenario(["Anna 5S AS 2S 3S", "Boris 4C 6S 7S 8S"], "classic")
    (pay,) = [p for p in s.payments if p.rule == "ACE-2"]
    assert pay.code is ReasonCode.ACE_FORCED
    assert pay.rules == ("ACE-2", "DOUBLE-2")
    assert pay.params["factor"] == 2 and pay.params["doubled_for"] == ("late_trick",)
    assert pay.params["leader"] == "Anna" and pay.params["holder"] == "Boris"


def test_a_doubled_payment_to_the_winner_rests_on_DOUBLE_3_not_DOUBLE_1_or_2():
    profile = load_profile("classic").with_overrides({"partie_ties": "split",
                                                      "late_tricks_double": "3"})
    _, replayed = read_example(FIXTURES / "modern-split.rvs")
    s = settle_deal(replayed, profile, 0,
                    previous=None, first_deal=True, pot_line_given=False)
    doubled = [p for p in s.payments if p.rule == "ACE-3" and p.params["factor"] == 2]
    assert doubled
    for pay in doubled:
        assert pay.code is ReasonCode.ACE_TO_WINNER
        assert pay.rules == ("ACE-3", "DOUBLE-3")
        assert pay.params["doubled_for"] == ("late_trick",)
        assert pay.reason.endswith("doubled for trick 3 (DOUBLE-3)")


def _imports_re(tree: ast.AST) -> bool:
    return any(isinstance(n, ast.Import) and any(a.name == "re" for a in n.names)
               or isinstance(n, ast.ImportFrom) and n.module == "re" for n in ast.walk(tree))


@pytest.mark.parametrize("path", READERS, ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_readers_of_a_settlement_use_no_regular_expression(path):
    assert not _imports_re(ast.parse(path.read_text(encoding="utf-8"))), \
        f"{path.name} imports re: read Payment/Step fields (code, params, rules) instead"


def test_no_sentence_is_patched_to_change_the_rule_it_cites():
    """settle/ builds each sentence from its data; no str.replace swaps a rule id."""
    for path in sorted((PACKAGE / "settle").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "replace":
                literals = [a.value for a in node.args if isinstance(a, ast.Constant)]
                assert not any(isinstance(v, str) and RULE_ID.search(v) for v in literals), \
                    f"{path.name}:{node.lineno} patches a rule id in a sentence"


# --- score --json and docs/output.md (item 4) ---------------------------------------------

OUTPUT_MD = Path(__file__).resolve().parents[1] / "docs/output.md"
IN_PLAY_FACTS = {"card", "trick", "factor", "doubled_for"}
REMISE_FACTS = {"player", "remise_option"}


def _documented_codes() -> dict[str, set[str]]:
    """The reason-code table of docs/output.md: each code and the params it names."""
    text = OUTPUT_MD.read_text(encoding="utf-8")
    section = text.split("#### Reason codes", 1)[1].split("\n#", 1)[0]
    in_play_note, table = section.split("| code |", 1)
    in_play = re.findall(r"`([a-z_]+)`", in_play_note)
    assert in_play, "the note on the in-play codes is missing"
    codes: dict[str, set[str]] = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        found = re.fullmatch(r"`([a-z_]+)`", cells[0])
        if found is None:
            continue
        code, params = found.group(1), cells[2]
        alias = re.match(r"as `([a-z_]+)`", params)
        names = set(codes[alias.group(1)]) if alias else set(re.findall(r"`([a-z_]+)`", params))
        if len(codes) < 7 and code != "stake":  # the first six after `stake` are in play
            names |= IN_PLAY_FACTS
        if code.startswith("remise_"):
            names |= REMISE_FACTS
        codes[code] = names | {"forfeited_by"}
    return codes


def test_every_reason_code_is_documented_in_output_md():
    documented = _documented_codes()
    assert set(documented) == {str(c) for c in ReasonCode}


def test_the_params_of_every_payment_are_the_documented_ones(settlements):
    documented = _documented_codes()
    for s in settlements:
        for p in s.payments + s.cancelled:
            assert set(p.params) <= documented[p.code], (p.code, set(p.params))


def test_score_json_carries_code_params_and_rules_after_the_old_keys(settlements):
    for s in settlements:
        for p in s.payments + s.cancelled:
            out = json.loads(json.dumps(p.to_json()))
            assert list(out)[:6] == ["payer", "payee", "amount", "rule", "trick", "reason"]
            assert out["code"] == str(p.code) and out["rules"][0] == out["rule"]
            card = p.params.get("card")
            if card is not None:
                assert out["params"]["card"] == card.format("ascii")
