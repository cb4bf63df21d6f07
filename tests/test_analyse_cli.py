"""``reversis analyse``: the command's surface, its views and its JSON
(docs/output.md, "reversis-analysis/1"), on analyses built by hand.

The values below are made up for deal 2 of samples/evening.rvs (players Anna,
Boris, Vera, Gleb; trick 10: Vera 9♦, Gleb 8♥, Anna 9♣, Boris 7♣; trick 11:
Vera J♦, Gleb 4♥, Anna 8♠, Boris 4♣): what is tested is how the command shows
and writes an analysis, whatever the search finds (tests/test_analyse_samples.py
runs the search itself).  The command's ``analyse_deal`` is replaced by one that
hands these values out.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from click.testing import CliRunner

import reversis_cli.analyse as analyse_package
from reversis_cli.analyse.jsonout import deal_analysis_json
from reversis_cli.analyse.result import (
    LIKELY, PROVABLE, CardValue, DealAnalysis, Decision, Finding, TracePoint,
)
from reversis_cli.cards import Card
from reversis_cli.cli import cli
from reversis_cli.render.analyse import card_groups, drops
from reversis_cli.settle.codes import ReasonCode
from reversis_cli.settle.payments import Payment

from conftest import ROOT, SAMPLES

EVENING = "samples/evening.rvs"
SALON = "samples/salon.rvs"
PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
VERA, GLEB, ANNA, BORIS = 2, 3, 0, 1
C = Card.parse

# Vera pays Anna the partie: the payment of deal 2's settlement (samples/evening.rvs).
PARTIE = Payment("Vera", "Anna", 32, "PARTIE-4", None, ReasonCode.PARTIE_LOST_VIS_A_VIS,
                 {"points": 22, "factor": 2, "doubled_for": ("vis_a_vis",)},
                 ("PARTIE-4", "PARTIE-5"))
# Gleb's placed ace, which a card of his gives up.
ACE = Payment("Vera", "Gleb", 1, "ACE-1", 11, ReasonCode.ACE_PLACED,
              {"card": C("AH"), "factor": 1}, ("ACE-1",))

THIRD = Fraction(100, 3)


def _plays() -> list[tuple[int, int, str]]:
    return [(10, VERA, "9D"), (10, GLEB, "8H"), (10, ANNA, "9C"), (10, BORIS, "7C"),
            (11, VERA, "JD"), (11, GLEB, "4H"), (11, ANNA, "8S"), (11, BORIS, "4C")]


def hand_built(number: int = 2, exact: int | None = 10) -> DealAnalysis:
    """Deal 2 from trick 10: Vera's 9♦ costs her 25 (provable: J♦ guaranteed
    -8), Gleb's 8♥ is worse only if everyone plays for himself; 9♣ and 8♠
    are worth the same to Anna; Anna's values are a third of a fiche off whole."""
    if exact is None:
        return DealAnalysis(number, PLAYERS, None, "irregular", "IRR-4")
    start = (THIRD, 0, -8, 1)
    values = {  # after each card: Anna, Boris, Vera, Gleb
        0: (THIRD, 0, -33, 1), 1: (THIRD, 0, -33, 1), 2: (THIRD, 0, -33, 1),
        3: (THIRD, 0, -33, 1), 4: (THIRD, 0, -33, 1), 5: (THIRD, 0, -33, 0),
        6: (THIRD, 0, -33, 0), 7: (THIRD, 0, -33, 0)}
    trace = tuple(TracePoint(trick, seat, C(card), values[i])
                  for i, (trick, seat, card) in enumerate(_plays()))
    decisions = (
        Decision(10, VERA, C("9D"), (CardValue(C("JD"), -8, -8), CardValue(C("9D"), -33, -30))),
        Decision(10, GLEB, C("8H"), (CardValue(C("8H"), 1, 1), CardValue(C("4H"), 1, 4))),
        Decision(10, ANNA, C("9C"), (CardValue(C("9C"), THIRD, THIRD),
                                     CardValue(C("8S"), THIRD, THIRD))),
        Decision(10, BORIS, C("7C"), (CardValue(C("7C"), 0, 0), CardValue(C("4C"), 0, 0))),
        Decision(11, VERA, C("JD"), (CardValue(C("JD"), -33, -33),)),
        Decision(11, GLEB, C("4H"), (CardValue(C("4H"), 0, 0),)),
        Decision(11, ANNA, C("8S"), (CardValue(C("8S"), THIRD, THIRD),)),
        Decision(11, BORIS, C("4C"), (CardValue(C("4C"), 0, 0),)),
    )
    findings = (
        Finding(PROVABLE, 10, VERA, C("9D"), C("JD"), -33, -8, 25, PARTIE),
        Finding(LIKELY, 10, GLEB, C("8H"), C("4H"), 1, 4, 3, ACE),
    )
    return DealAnalysis(number, PLAYERS, exact, None, None, start, (THIRD, 0, -33, 0),
                        trace, decisions, findings, 1234)


@pytest.fixture
def analyses(monkeypatch):
    """The command's analyse_deal hands out hand_built() for every deal (deal 3
    out of reach), and records the trick each was asked from."""
    asked: list[tuple[int, int]] = []

    def fake(scored, profile, *, from_trick=8):
        number = scored.checked.number
        asked.append((number, from_trick))
        return hand_built(number, None if number == 3 else 10)

    monkeypatch.setattr(analyse_package, "analyse_deal", fake, raising=False)
    return asked


def run(*args: str, lang: str = "en"):
    result = CliRunner().invoke(cli, ["--lang", lang, "analyse", *args], prog_name="reversis",
                                env={"COLUMNS": "100"})
    return result


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


# --------------------------------------------------------------------------- the views


def test_the_views_say_where_the_analysis_is_exact_and_what_each_card_cost(analyses):
    result = run(EVENING, "--deal", "2", "--from-trick", "9")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert analyses == [(2, 9)]
    assert "Deal 2 — dealer Anna" in out
    # exact from 10 while 9 was asked: a later start is said as such
    assert ("Exact from trick 10, after the last revoke or unclaimed payment: not analysed "
            "before trick 10.") in " ".join(out.split())
    assert "assumes every hand known" in out  # the clubs' caveat
    assert "trick 10, Vera 9♦: 25 fiches lost — J♦ guaranteed -8, 9♦ only -33" in out
    assert ("the payment it lets happen: Vera → Anna 32 [PARTIE-4] Vera loses the partie "
            "(22 points) and pays Anna double, as vis-à-vis (PARTIE-5)") in " ".join(out.split())
    assert ("trick 10, Gleb 8♥: 3 fiches lost if everyone plays for himself — 4♥ gives +4, "
            "8♥ +1") in " ".join(out.split())
    assert "the payment it gives up: Vera → Gleb 1 [ACE-1]" in " ".join(out.split())
    assert out.index("Provable:") < out.index("Likely:")


def test_the_trace_marks_the_card_that_cost_it_and_only_that_one(analyses):
    out = run(EVENING, "--deal", "2").stdout
    rows = {line.split()[1] + " " + line.split()[2]: line for line in out.splitlines()
            if re.match(r"\s+1[01]\s+[A-Z][a-z]+ \S+\s+[-+0-9]", line)}
    assert rows["Vera 9♦"].split()[-3:] == ["-33", "▼", "+1"]  # Vera's cell, not Gleb's
    assert "▼" in rows["Gleb 4♥"]  # Gleb's value fell from +1 to 0
    assert [name for name, line in rows.items() if "▼" in line] == ["Vera 9♦", "Gleb 4♥"]
    # a third of a fiche, as a player writes it
    assert "+33 1/3" in rows["Anna 8♠"].replace("\xa0", " ")


def test_drops_are_found_against_the_point_before():
    assert drops(hand_built()) == [{VERA}, set(), set(), set(), set(), {GLEB}, set(), set()]


def test_cards_of_equal_values_share_a_cell_and_the_best_come_first():
    decision = hand_built().decisions[0]
    assert card_groups(decision) == [([C("JD")], -8, -8), ([C("9D")], -33, -30)]
    anna = hand_built().decisions[2]
    assert card_groups(anna) == [([C("9C"), C("8S")], THIRD, THIRD)]


def test_the_decisions_table_lists_each_choice_and_leaves_out_single_cards(analyses):
    out = run(EVENING, "--deal", "2").stdout
    table = out[out.index("Decisions"):out.index("Provable")]
    lines = [line.split() for line in table.splitlines() if re.match(r"\s+1[01]\s", line)]
    assert [line[:3] for line in lines] == [["10", "Vera", "9♦"], ["10", "Gleb", "8♥"],
                                            ["10", "Anna", "9♣"], ["10", "Boris", "7♣"]]
    assert lines[0][3:] == ["-33", "-30", "J♦", "-8", "/", "-8"]


def test_decisions_are_shown_with_deal_or_player_or_when_asked(analyses):
    assert "Decisions" not in run(EVENING).stdout
    assert "Decisions" in run(EVENING, "--decisions").stdout
    assert "Decisions" not in run(EVENING, "--deal", "2", "--no-decisions").stdout


def test_player_shows_his_decisions_and_findings_only(analyses):
    out = run(EVENING, "--deal", "2", "--player", "Gleb").stdout
    assert "trick 10, Gleb 8♥" in out and "Vera 9♦: 25" not in out
    decisions = out[out.index("Decisions"):out.index("Likely")]
    assert [line.split()[1] for line in decisions.splitlines()
            if re.match(r"\s+1[01]\s", line)] == ["Gleb"]
    assert "Vera 9♦" in out  # the trace still has every card


def test_a_deal_out_of_reach_says_why(analyses):
    result = run(EVENING, "--deal", "3")
    assert result.exit_code == 0
    assert ("Out of reach: the deal has an irregularity that the analysis cannot replay "
            "(IRR-4).") in " ".join(result.stdout.split())
    assert "Decisions" not in result.stdout


def test_cards_follow_the_cards_option(analyses):
    out = run(EVENING, "--deal", "2", "--cards", "ascii").stdout
    assert "trick 10, Vera 9D: 25 fiches lost — JD guaranteed -8, 9D only -33" in out


# --------------------------------------------------------------------------- the JSON


def test_the_json_is_reversis_analysis_1(analyses):
    result = run(EVENING, "--deal", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data)[:3] == ["format", "source", "profile"]
    assert data["format"] == "reversis-analysis/1" and data["source"] == EVENING
    assert data["players"] == list(PLAYERS) and data["from_trick"] == 8
    assert data["player"] is None
    [deal] = data["deals"]
    assert list(deal)[:4] == ["deal", "exact_from_trick", "decisions", "findings"]
    assert deal["deal"] == 2 and deal["exact_from_trick"] == 10
    assert deal["decisions"][0] == {
        "trick": 10, "player": "Vera", "played": "9D",
        "cards": [{"card": "JD", "guaranteed": -8, "selfish": -8},
                  {"card": "9D", "guaranteed": -33, "selfish": -30}]}
    # every decision, one legal card too; every card of equal values listed
    assert len(deal["decisions"]) == 8
    assert [c["card"] for c in deal["decisions"][2]["cards"]] == ["9C", "8S"]
    assert deal["decisions"][2]["cards"][0]["guaranteed"] == "100/3"  # as score --json
    assert deal["findings"][0] == {
        "grade": "provable", "trick": 10, "player": "Vera", "played": "9D", "better": "JD",
        "loss": 25, "played_value": -33, "better_value": -8,
        "event": {"payer": "Vera", "payee": "Anna", "amount": 32, "rule": "PARTIE-4",
                  "trick": None,
                  "reason": "Vera loses the partie (22 points) and pays Anna double, as "
                            "vis-à-vis (PARTIE-5)",
                  "code": "partie_lost_vis_a_vis",
                  "params": {"points": 22, "factor": 2, "doubled_for": ["vis_a_vis"]},
                  "rules": ["PARTIE-4", "PARTIE-5"]}}
    assert deal["findings"][1]["grade"] == "likely"
    assert deal["start"] == {"Anna": "100/3", "Boris": 0, "Vera": -8, "Gleb": 1}
    assert deal["actual"] == {"Anna": "100/3", "Boris": 0, "Vera": -33, "Gleb": 0}
    assert deal["trace"][0] == {"trick": 10, "player": "Vera", "card": "9D",
                                "guaranteed": {"Anna": "100/3", "Boris": 0, "Vera": -33,
                                               "Gleb": 1}}
    assert deal["out_of_reach"] is None and deal["diagnostics"] == []


def test_the_json_event_is_the_payment_as_score_json_writes_it(analyses):
    score = json.loads(CliRunner().invoke(cli, ["score", EVENING, "--deal", "2", "--json"])
                       .stdout)
    partie = score["deals"][0]["payments"][-1]
    analysis = json.loads(run(EVENING, "--deal", "2", "--json").stdout)
    assert analysis["deals"][0]["findings"][0]["event"] == partie


def test_the_json_of_one_player_and_of_a_deal_out_of_reach(analyses):
    data = json.loads(run(EVENING, "--player", "Gleb", "--json").stdout)
    assert data["player"] == "Gleb"
    two = next(d for d in data["deals"] if d["deal"] == 2)
    assert {d["player"] for d in two["decisions"]} == {"Gleb"}
    assert [f["player"] for f in two["findings"]] == ["Gleb"]
    three = next(d for d in data["deals"] if d["deal"] == 3)
    assert three["exact_from_trick"] is None and three["out_of_reach"] == "irregular"
    assert three["out_of_reach_rule"] == "IRR-4" and three["decisions"] == []
    assert three["start"] is None and three["trace"] == []


def test_several_files_make_a_batch_as_score_does(analyses):
    result = run(EVENING, SALON, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["format"] == "reversis-analysis-batch/1"
    assert [f["source"] for f in data["files"]] == [EVENING, SALON]
    assert all(f["format"] == "reversis-analysis/1" for f in data["files"])
    assert [s["source"] for s in data["summary"]] == [EVENING, SALON]
    evening = data["summary"][0]
    assert evening["deals"] == len(data["files"][0]["deals"]) and evening["errors"] == 0
    # every deal but deal 3 has the two findings
    assert evening["provable"] == evening["likely"] == evening["deals"] - 1


def test_the_analysis_json_of_a_deal_keeps_the_contract():
    out = deal_analysis_json(hand_built(), only=VERA)
    assert [d["player"] for d in out["decisions"]] == ["Vera", "Vera"]
    assert [f["player"] for f in out["findings"]] == ["Vera"]


# --------------------------------------------------------------------------- the diagnostics


@pytest.mark.parametrize("args, code, where, words", [
    (("--player", "Vira"), "RV531", "--player",
     "nobody called Vira plays in samples/evening.rvs; did you mean Vera?"),
    (("--player", "vera"), "RV531", "--player",
     "nobody called vera plays in samples/evening.rvs; did you mean Vera?"),
    (("--player", "Zoe"), "RV531", "--player",
     "nobody called Zoe plays in samples/evening.rvs; the players are Anna, Boris, Vera, Gleb"),
    (("--deal", "99"), "RV532", "--deal", "samples/evening.rvs has no deal 99"),
    (("--from-trick", "0"), "RV533", "--from-trick",
     "--from-trick 0: a deal has tricks 1 to 11 (the default is 8)"),
    (("--from-trick", "12"), "RV533", "--from-trick",
     "--from-trick 12: a deal has tricks 1 to 11 (the default is 8)"),
    (("--deal", "2", SALON), "RV534", "--deal",
     "--deal picks a deal of one file; name a single file"),
])
def test_what_cannot_be_asked_is_a_diagnostic_on_its_option(analyses, args, code, where, words):
    result = run(EVENING, *args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.strip() == f"{where}: error[{code}]: {words}"
    assert analyses == []  # refused before any analysis


def test_a_player_missing_from_one_of_several_files_is_refused(analyses, tmp_path):
    other = tmp_path / "other.rvs"
    other.write_text((SAMPLES / "evening.rvs").read_text("utf-8").replace("Vera", "Vlada"),
                     "utf-8")
    result = run(EVENING, str(other), "--player", "Vera")
    assert result.exit_code == 2
    assert f"--player: error[RV531]: nobody called Vera plays in {other}" in result.stderr


@pytest.mark.parametrize("args, words", [
    (("--player", "Vira"), "--player: ошибка[RV531]: Vira: такого игрока в "
                           "samples/evening.rvs нет; может быть, Vera?"),
    (("--deal", "99"), "--deal: ошибка[RV532]: в samples/evening.rvs нет сдачи 99"),
    (("--from-trick", "12"), "--from-trick: ошибка[RV533]: --from-trick 12: в сдаче взятки с 1 "
                             "по 11 (по умолчанию 8)"),
    (("--deal", "2", SALON), "--deal: ошибка[RV534]: "),
])
def test_the_diagnostics_in_russian(analyses, args, words):
    result = run(EVENING, *args, lang="ru")
    assert result.exit_code == 2
    assert result.stderr.startswith(words), result.stderr


def test_a_record_with_errors_is_reported_and_its_deals_are_out_of_reach(monkeypatch):
    def fake(scored, profile, *, from_trick=8):
        assert scored.settlement is None  # the one deal has errors
        return DealAnalysis(scored.checked.number, PLAYERS, None, "not-settled")

    monkeypatch.setattr(analyse_package, "analyse_deal", fake, raising=False)
    result = run("samples/bad/card-twice.rvs")
    assert result.exit_code == 1
    assert "error[RV202]" in result.stderr
    assert "Out of reach: the deal has errors or is void, so it is not settled." in result.stdout
    data = json.loads(run("samples/bad/card-twice.rvs", "--json").stdout)
    assert data["deals"][0]["out_of_reach"] == "not-settled"
    assert data["deals"][0]["diagnostics"][0]["code"] == "RV202"


def test_a_record_that_cannot_be_read_gives_its_diagnostics_and_status_1(analyses):
    result = run("samples/bad/three-players.rvs", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert set(data) == {"format", "source", "diagnostics"}
    assert data["diagnostics"][0]["code"] == "RV110"
    assert analyses == []


def test_a_bug_in_the_analysis_names_the_file_and_exits_3(monkeypatch):
    def broken(scored, profile, *, from_trick=8):
        raise RuntimeError("the search lost its way")

    monkeypatch.setattr(analyse_package, "analyse_deal", broken, raising=False)
    result = run(EVENING, SALON, "--json")
    assert result.exit_code == 3
    assert ("reversis: internal error while analysing samples/evening.rvs (RuntimeError: the "
            "search lost its way)") in result.stderr
    data = json.loads(result.stdout)  # still one JSON document, every file in it
    assert [f.get("internal_error") for f in data["files"]] == [
        "RuntimeError: the search lost its way"] * 2


# --------------------------------------------------------------------------- Russian


def test_the_views_in_russian(analyses):
    result = run(EVENING, "--deal", "2", lang="ru")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "Сдача 2 — сдаёт Anna" in out
    assert ("Точно со взятки 10, после последнего ложного ренонса или не потребованного "
            "платежа: до взятки 10 не разбирается.") in out
    assert "Все оценки здесь исходят из того, что все руки известны" in out
    assert ("взятка 10, Vera 9♦: потеря — 25 фишек; В♦ гарантирует −8, 9♦ — только −33"
            in out)
    assert ("эта карта допускает платёж: Vera → Anna 32 [PARTIE-4] Vera проигрывает "
            "партию") in out
    assert "взятка 10, Gleb 8♥: потеря — 3 фишки, если каждый играет за себя" in out
    assert "+33⅓" in out  # a third, as a Russian player writes it
    assert "Гарантировано" in out and "Каждый за себя" in out
