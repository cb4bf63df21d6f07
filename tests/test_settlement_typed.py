"""The settlement says everything its readers need, typed (issue 22, item 7): who made,
undertook and broke a reversis; the outcome and the statuses as enums whose values are
the words JSON writes; the irregularities with their seats as the replay resolved them;
and the rule each event falls under, from the settle registry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reversis_cli.i18n import use
from reversis_cli.reader import open_record
from reversis_cli.render.score import render_settlement
from reversis_cli.arbiter.ruling import rule
from reversis_cli.model import EVENT_KINDS
from reversis_cli.rules import load_profile
from reversis_cli.settle import (
    EVENT_RULES, RULES, VOID_RULES, DealStatus, EspagnoletteStatus, Outcome, Rule, event_rules,
    settlement_to_json,
)
from reversis_cli.settle.engine import EVENTS, LATE_MISDEAL
from reversis_cli.session.service import resolve_profile, score_deals

from settle_helpers import PLAYERS, event, make_deal, scenario, settle_scenario
from test_record_tui import as_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _settlements(name: str) -> dict:
    with open_record(SAMPLES / name) as record:
        profile, _ = resolve_profile(record)
        assert profile is not None
        return {scored.checked.number: scored.settlement
                for scored in score_deals(record, profile)}


BIG_NIGHT = _settlements("big-night.rvs")


# --- who made, undertook and broke a reversis ----------------------------------------------


def test_a_made_reversis_names_its_maker_and_no_one_else():
    made = BIG_NIGHT[3]  # deal 3: a reversis made
    assert made.outcome == Outcome.REVERSIS
    maker = made.reversis_maker
    assert maker is not None and made.tricks_won[maker] == 11
    assert made.undertaker is None and made.breaker is None


def test_a_broken_reversis_names_the_undertaker_and_the_breaker():
    broken = BIG_NIGHT[9]  # deal 9: Gleb undertook, Anna took a trick late
    assert broken.outcome == Outcome.REVERSIS_BROKEN
    assert (broken.undertaker, broken.breaker) == ("Gleb", "Anna")
    assert broken.reversis_maker is None


def test_a_deal_without_a_reversis_names_no_one():
    ordinary = [s for s in BIG_NIGHT.values() if s.outcome == Outcome.NORMAL]
    assert len(ordinary) == 10
    for s in ordinary:
        assert (s.reversis_maker, s.undertaker, s.breaker) == (None, None, None)


# ESP-7: Boris undertakes, Vera breaks in trick 10, and Anna (the espagnolette) pays
# Vera the 64: no REV-3 payment runs to the breaker, who broke the reversis all the same.
BROKEN_10 = ["Boris JS 9S 2S AD", "Boris KD 2D 3D AS", "Boris 4D QD 5D AH", "Vera 6D 7D AC 8D"]


def test_the_espagnolette_paying_the_breaker_leaves_each_his_part():
    s = settle_scenario(BROKEN_10, "classic", takers=["Boris"] * 7)
    assert [p.rule for p in s.payments if p.payee == "Vera"] == ["ESP-7"]
    assert (s.undertaker, s.breaker, s.reversis_maker) == ("Boris", "Vera", None)
    with use("en"):
        table = as_text(render_settlement(s, PLAYERS), 120).split("Payments")[0]
    rows = {line.split()[0]: line for line in table.splitlines()
            if line.strip().startswith(PLAYERS)}
    assert "broke the reversis" in rows["Vera"]
    assert "reversis broken" in rows["Boris"] and "broke the" not in rows["Boris"]
    assert "espagnolette (superseded)" in rows["Anna"] and "reversis" not in rows["Anna"]


# --- the outcome and the statuses are enums: their values are the JSON's words -------------


def test_the_enums_values_are_the_words_json_writes():
    assert [o.value for o in Outcome] == ["normal", "reversis", "reversis_broken"]
    assert [s.value for s in DealStatus] == ["played", "void"]
    assert [s.value for s in EspagnoletteStatus] == ["success", "failed", "waived",
                                                      "superseded"]


@pytest.mark.parametrize(("sample", "met"), [
    ("big-night.rvs", {"played", "normal", "reversis", "reversis_broken", "success"}),
    ("every-event-ru.rvs", {"played", "void", "normal", "reversis", "reversis_broken",
                            "success", "failed"}),
])
def test_every_settlement_carries_enums_and_json_writes_their_values(sample, met):
    seen: set[str] = set()
    for s in _settlements(sample).values():
        assert type(s.outcome) is Outcome and type(s.status) is DealStatus
        written = json.loads(json.dumps(settlement_to_json(s)))
        assert (written["status"], written["outcome"]) == (s.status.value, s.outcome.value)
        seen.update((s.status, s.outcome))
        if s.espagnolette is not None:
            assert type(s.espagnolette[1]) is EspagnoletteStatus
            assert written["espagnolette"]["status"] == s.espagnolette[1].value
            seen.add(s.espagnolette[1])
    assert seen == met


# --- the irregularities come from the replay with their seats ------------------------------


def test_the_replay_resolves_the_seat_an_event_names():
    replayed = make_deal(scenario(BROKEN_10, takers=["Boris"] * 7),
                         events=(event("peeked Vera"), event("unclaimed 9 Boris"),
                                 event("unclaimed 10"), event("out-of-turn Zoe")))
    found = [(i.kind, i.seat, i.trick) for i in replayed.irregularities]
    assert found == [("peeked", 2, None), ("unclaimed", 1, 9), ("unclaimed", None, 10),
                     ("out-of-turn", None, None)]
    assert [i.named for i in replayed.irregularities] == ["Vera", "Boris", None, "Zoe"]


def test_settle_reads_no_statement_of_the_notation():
    source = (Path(__file__).resolve().parent.parent / "reversis_cli" / "settle"
              / "irregular.py").read_text(encoding="utf-8")
    # the replay resolved the names (Irregularity.seat): settle neither reads an event line
    # of the notation nor looks a player's name up again
    assert "..model" not in source and "EventLine" not in source
    assert "players.index" not in source and ".player.text" not in source


# --- the rule each event falls under comes from the registry -------------------------------


def test_every_event_kind_falls_under_the_rule_the_registry_settles_it_by():
    assert EVENT_RULES == {
        "exposed": "IRR-1", "misdeal": "IRR-2", "redeal": "IRR-2", "misdeal late": "IRR-3",
        "out-of-turn": "IRR-6", "discarded-two": "IRR-5", "peeked": "IRR-4", "kept": "IRR-4",
        "unclaimed": "CLAIM-1"}
    assert set(EVENT_KINDS) <= set(EVENT_RULES)


def test_a_rule_added_to_the_registry_names_its_events():
    added = Rule(("IRR-8",), lambda ledger: None, "a new irregularity", EVENTS,
                 events=("new-kind",))
    found = event_rules((*VOID_RULES, *RULES, added))
    assert found["new-kind"] == "IRR-8"
    assert found["peeked"] == "IRR-4"  # the first rule that reads a kind names it


def test_arbitrate_cites_for_an_event_the_rule_the_registry_names(monkeypatch):
    # deal 12 of irregular.rvs: a misdeal noticed late (IRR-3); were the registry to
    # settle it by IRR-6, the ruling would cite IRR-6 with it
    late = SAMPLES / "irregular.rvs"
    assert "IRR-6" not in [r.id for r in rule(late, 12, load_profile("classic")).rules]
    monkeypatch.setitem(EVENT_RULES, LATE_MISDEAL, "IRR-6")
    assert "IRR-6" in [r.id for r in rule(late, 12, load_profile("classic")).rules]
