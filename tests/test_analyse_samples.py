"""``reversis analyse`` on the samples, with the search itself: what a player
reading the output can check against the rest of the tool (``score --json``'s
tricks and nets) and against itself (a drop only at a player's own card, every
finding's figures those of its decision)."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli

from conftest import ROOT

EVENING = "samples/evening.rvs"
IRREGULAR = "samples/irregular.rvs"


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def run(*args: str):
    return CliRunner().invoke(cli, list(args), prog_name="reversis", env={"COLUMNS": "100"})


def amount(value) -> Fraction:
    return Fraction(value)


@pytest.fixture(scope="module")
def evening():
    """The analysis and the score of every deal of the evening, from trick 8."""
    analysis = json.loads(CliRunner().invoke(cli, ["analyse", str(ROOT / EVENING), "--json"])
                          .stdout)
    score = json.loads(CliRunner().invoke(cli, ["score", str(ROOT / EVENING), "--json"]).stdout)
    return analysis, {deal["number"]: deal for deal in score["deals"]}


def test_every_decision_from_trick_8_is_the_play_of_the_record(evening):
    analysis, score = evening
    assert [d["deal"] for d in analysis["deals"]] == list(score)
    for deal in analysis["deals"]:
        tricks = score[deal["deal"]]["tricks"][7:]
        played = [(t["number"], t["leader"], t["cards"]) for t in tricks]
        decisions = deal["decisions"]
        assert len(decisions) == 16
        for number, _, cards in played:
            mine = [d for d in decisions if d["trick"] == number]
            assert [d["played"] for d in mine] == cards
        for decision in decisions:
            listed = [c["card"] for c in decision["cards"]]
            assert decision["played"] in listed
            assert len(set(listed)) == len(listed)


def test_the_values_hold_together(evening):
    """Each for himself is never below guaranteed; the trace ends on the nets
    the settlement gives; a player's guarantee before his card is his best card's."""
    analysis, score = evening
    for deal in analysis["deals"]:
        net = score[deal["deal"]]["net"]
        assert deal["actual"] == net
        assert deal["trace"][-1]["guaranteed"] == net
        for decision in deal["decisions"]:
            for card in decision["cards"]:
                assert amount(card["selfish"]) >= amount(card["guaranteed"])
        first = deal["decisions"][0]
        assert amount(deal["start"][first["player"]]) == max(
            amount(c["guaranteed"]) for c in first["cards"])


def test_each_finding_is_its_decisions_figures(evening):
    analysis, _ = evening
    found = 0
    for deal in analysis["deals"]:
        for finding in deal["findings"]:
            found += 1
            decision = next(d for d in deal["decisions"] if d["trick"] == finding["trick"]
                            and d["player"] == finding["player"])
            key = "guaranteed" if finding["grade"] == "provable" else "selfish"
            values = {c["card"]: amount(c[key]) for c in decision["cards"]}
            assert finding["played"] == decision["played"]
            assert amount(finding["played_value"]) == values[finding["played"]]
            assert amount(finding["better_value"]) == values[finding["better"]] == max(
                values.values())
            assert amount(finding["loss"]) == values[finding["better"]] - values[
                finding["played"]] > 0
            event = finding["event"]
            assert event is None or finding["player"] in (event["payer"], event["payee"])
    assert found >= 5  # the evening has its mistakes


def test_a_drop_in_the_trace_is_the_players_own_card():
    out = run("analyse", EVENING, "--no-decisions").stdout
    players = ["Anna", "Boris", "Vera", "Gleb"]
    drops = 0
    for line in out.splitlines():
        row = re.match(r"\s+\d+\s+([A-Z][a-z]+) \S+\s+(.*)$", line)
        if row is None or "▼" not in line:
            continue
        cells = re.findall(r"\S+(?: ▼)?", row.group(2))
        assert [players[i] for i, cell in enumerate(cells) if "▼" in cell] == [row.group(1)]
        drops += 1
    assert drops >= 5


def test_one_players_findings_are_his_among_everyones(evening):
    analysis, _ = evening
    gleb = json.loads(run("analyse", EVENING, "--json", "--player", "Gleb").stdout)
    for whole, his in zip(analysis["deals"], gleb["deals"], strict=True):
        assert his["findings"] == [f for f in whole["findings"] if f["player"] == "Gleb"]
        assert his["decisions"] == [d for d in whole["decisions"] if d["player"] == "Gleb"]
        assert his["trace"] == whole["trace"]


def test_deals_with_irregularities_are_out_of_reach_and_said_so():
    data = json.loads(run("analyse", IRREGULAR, "--json").stdout)
    reach = {d["deal"]: (d["out_of_reach"], d["out_of_reach_rule"]) for d in data["deals"]}
    assert reach[4] == ("irregular", "IRR-4")  # a talon card kept: twelve cards
    assert reach[8] == ("irregular", "IRR-5")  # two discarded: ten cards
    assert reach[2] == reach[10] == (None, None)  # a peek and a missed claim are replayed
    assert reach[3] == ("not-settled", None)  # a void deal
    text = " ".join(run("analyse", IRREGULAR, "--deal", "8").stdout.split())
    assert ("Out of reach: the deal has an irregularity that the analysis cannot replay "
            "(IRR-5).") in text


def test_the_command_starts_where_the_library_does():
    from reversis_cli.analyse import DEFAULT_START
    from reversis_cli.cli.analyse import DEFAULT_START as COMMANDS_DEFAULT

    assert COMMANDS_DEFAULT == DEFAULT_START
    assert json.loads(run("analyse", EVENING, "--deal", "1", "--json").stdout)[
        "from_trick"] == DEFAULT_START == 8
