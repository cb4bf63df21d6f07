"""ESP-1..10: the espagnolette (Anna in every scenario; dealer Gleb, Anna first hand)."""

from __future__ import annotations

import pytest

from settle_helpers import FIXTURES, check_invariants, read_example, row, rows, settle_scenario
from reversis_cli.rules import load_profile
from reversis_cli.settle import settle_deal

# Anna places AS, AH, AC and the quinola on Boris's tricks 8-11 and takes no trick.
SUCCESS = ["Boris KD 2D 3D AS", "Boris QD 4D 5D AH", "Boris JD 6D 7D AC", "Boris 9D 8D 2C JH"]
NOT_ANNA = ["Boris", "Vera", "Gleb", "Boris", "Vera", "Gleb", "Boris"]
NOT_ANNA_NOR_VERA = ["Boris", "Gleb", "Boris", "Gleb", "Boris", "Gleb", "Boris"]
ANNA_ONCE = ["Anna", "Boris", "Gleb", "Boris", "Gleb", "Boris", "Boris"]


def test_ESP_1_and_ESP_4_success_classic():
    s = settle_scenario(SUCCESS, "classic", takers=NOT_ANNA)
    check_invariants(s)
    assert s.espagnolette == ("Anna", "success")
    assert s.winners == ("Anna",)
    assert rows([p for p in s.payments if p.payee == "Anna" and p.rule != "PARTIE-4"]) == sorted([
        row("Boris", "Anna", 1, "ACE-1", 8), row("Boris", "Anna", 1, "ACE-1", 9),
        row("Boris", "Anna", 2, "ACE-1", 10), row("Boris", "Anna", 10, "QUIN-1", 11),
        row("pool", "Anna", 45, "QUIN-1", 11)])


def test_ESP_4_takes_pool_gives_way_to_QUIN_1_modern():
    s = settle_scenario(SUCCESS, "modern", takers=NOT_ANNA)
    assert s.espagnolette == ("Anna", "success")
    takings = [p for p in s.payments if p.payer == "pool"]
    assert rows(takings) == [row("pool", "Anna", 40, "QUIN-1", 11)]


def test_ESP_4_takes_pool_when_nothing_else_does():
    # The quinola goes to the partie instead: a four-ace espagnolette.
    tail = ["Boris KD 2D 3D AS", "Boris QD 4D 5D AH", "Boris JD 6D 7D AC", "Boris 9S 8S 2S AD"]
    s = settle_scenario(tail, "modern", takers=NOT_ANNA)
    assert rows([p for p in s.payments if p.payer == "pool"]) == [
        row("pool", "Anna", 40, "ESP-4")]
    c = settle_scenario(tail, "classic", takers=NOT_ANNA)
    assert [p for p in c.payments if p.payer == "pool"] == []


@pytest.mark.parametrize("ties", ["seat", "split"])
def test_ESP_4_wins_the_partie_wherever_he_sits(ties):
    # Vera also has no point and no trick; by seat she would win (SEAT-3), split would share.
    s = settle_scenario(SUCCESS, "classic", takers=NOT_ANNA_NOR_VERA,
                        overrides={"partie_ties": ties})
    assert s.points["Vera"] == 0 and s.tricks_won["Vera"] == 0
    assert s.winners == ("Anna",)


def test_ESP_4_fewer_tricks_still_beat_him():
    s = settle_scenario(SUCCESS, "classic", takers=ANNA_ONCE)
    assert s.espagnolette == ("Anna", "success")  # last_two: he took only trick 1
    assert s.winners == ("Vera",)


def test_ESP_5_fails_on_any_trick_modern():
    s = settle_scenario(SUCCESS, "modern", takers=ANNA_ONCE)
    check_invariants(s)
    assert s.espagnolette == ("Anna", "failed")
    assert s.losers == ("Anna",) and s.winners == ("Vera",)
    # modern refunds the quinola (and the ace of diamonds, not held): 2 x 5 to Boris
    assert rows(s.payments, "ESP-5") == sorted([row("Anna", "Boris", 10, "ESP-5", 11),
                                                row("Anna", "pool", 40, "ESP-5")])
    assert [p for p in s.payments if p.payer == "pool"] == []  # QUIN-1 taking void


def _example(profile=None, **overrides):
    name, replayed = read_example(FIXTURES / "classic-espagnolette-fails.rvs")
    prof = load_profile(profile or name)
    if overrides:
        prof = prof.with_overrides(overrides)
    return settle_deal(replayed, prof, 0, previous=None, first_deal=True, pot_line_given=False)


def test_ESP_5_refunds_diamond_ace_and_quinola_only():
    s = _example(espagnolette_refunds="diamond_ace_and_quinola")
    assert rows(s.payments, "ESP-5") == sorted([row("Anna", "Vera", 20, "ESP-5", 4),
                                                row("Anna", "pool", 45, "ESP-5")])


def test_ESP_3_waived_is_an_ordinary_deal():
    name, replayed = read_example(FIXTURES / "classic-espagnolette-fails.rvs")
    from reversis_cli.values import replace
    waived = replace(replayed, espagnolette=replace(replayed.espagnolette, waived=True))
    s = settle_deal(waived, load_profile("classic"), 0, previous=None, first_deal=True,
                    pot_line_given=False)
    check_invariants(s)
    assert s.espagnolette == ("Anna", "waived")
    assert s.winners == ("Anna",) and s.losers == ("Gleb",)
    assert rows(s.payments, "ESP-5") == []
    assert row("pool", "Anna", 45, "QUIN-1", 4) in rows(s.payments)


def test_ESP_5_four_aces_without_quinola_put_in_no_remise():
    # Anna places AS, AH, AC, then takes tricks 10 and 11 (leading AD): she fails.
    s = settle_scenario(["Boris KD 2D 3D AS", "Boris QD 4D 5D AH", "Boris 8D 7D 6D AC",
                         "Boris 4C 5C 6C 7C", "Anna AD JD 2C 3C"], "classic",
                        takers=["Boris", "Vera", "Gleb", "Boris", "Vera", "Boris"])
    check_invariants(s)
    assert s.espagnolette == ("Anna", "failed")
    assert [p for p in s.payments if p.payee == "pool" and p.rule != "POOL-1"] == []
    assert rows(s.payments, "ESP-5") == sorted([
        row("Anna", "Boris", 2, "ESP-5", 7), row("Anna", "Boris", 2, "ESP-5", 8),
        row("Anna", "Boris", 2, "ESP-5", 9)])


# ESP-9: Anna's quinola falls on Boris's heart lead in trick 10 although she holds 8H.
ESP9 = ["Boris KD 2D 3D AS", "Boris QD 4D 5D AH", "Boris JD 6D 7D AC",
        "Boris 5H 6H QH JH", "Gleb 7H 8H 9H KH"]
ESP9_TAKERS = ["Boris", "Vera", "Gleb", "Boris", "Vera", "Boris"]


def test_ESP_9_espagnolettes_quinola_is_forced_and_he_pays_as_the_others():
    s = settle_scenario(ESP9, "classic", takers=ESP9_TAKERS)
    check_invariants(s)
    assert s.espagnolette == ("Anna", "success")
    assert rows([p for p in s.payments if p.trick == 10]) == sorted([
        row("Anna", "Boris", 10, "ESP-9", 10), row("Vera", "Boris", 10, "QUIN-2", 10),
        row("Gleb", "Boris", 20, "QUIN-2", 10), row("Anna", "pool", 45, "ESP-9", 10)])


def test_ESP_9_not_for_a_waived_espagnolette():
    from settle_helpers import make_deal, scenario
    replayed = make_deal(scenario(ESP9, takers=ESP9_TAKERS), waived=True)
    s = settle_deal(replayed, load_profile("classic"), 0, previous=None, first_deal=True,
                    pot_line_given=False)
    assert rows([p for p in s.payments if p.trick == 10]) == [
        row("Anna", "pool", 45, "QUIN-3", 10)]


# ESP-6..8 and ESP-10: Boris undertakes or makes a reversis; Anna holds four aces.
MADE = ["Boris KD 2D 3D AS", "Boris QD 4D 5D AH", "Boris JD 6D 7D AC", "Boris 9S 8S 2S AD"]
BROKEN_10 = ["Boris JS 9S 2S AD", "Boris KD 2D 3D AS", "Boris 4D QD 5D AH", "Vera 6D 7D AC 8D"]
BROKEN_11 = ["Boris JS 9S 2S AD", "Boris KD 2D 3D AS", "Boris QD 4D 5D AH", "Boris 6D 8D 7D AC"]
ANNA_BREAKS = ["Boris JS 9S 2C AD", "Boris KD 2D 3D AS", "Boris 8D 7C 6C AH",
               "Boris 4D 5D 6D QD", "Anna AC 7D 3C 5C"]


def test_ESP_6_the_espagnolette_pays_the_whole_reversis():
    s = settle_scenario(MADE, "classic", takers=["Boris"] * 7)
    check_invariants(s)
    assert s.outcome == "reversis" and s.espagnolette == ("Anna", "superseded")
    assert rows(s.payments, "ESP-6") == [row("Anna", "Boris", 64, "ESP-6")]
    assert rows(s.payments, "REV-1") == [row("pool", "Boris", 45, "REV-1")]
    assert len(s.cancelled) == 4


@pytest.mark.parametrize("tail, profile, rule, payer", [
    (BROKEN_10, "classic", "ESP-7", "Anna"),
    (BROKEN_11, "classic", "ESP-7", "Anna"),
    (BROKEN_10, "modern", "REV-3", "Boris"),
    (BROKEN_11, "modern", "ESP-7", "Anna"),
], ids=["ESP-7-classic-trick10", "ESP-7-classic-trick11", "ESP-7-modern-trick10-undertaker-pays",
        "ESP-7-modern-trick11"])
def test_ESP_7_broken_by_a_third_player(tail, profile, rule, payer):
    s = settle_scenario(tail, profile, takers=["Boris"] * 7)
    check_invariants(s)
    assert s.outcome == "reversis_broken" and s.espagnolette == ("Anna", "superseded")
    stake = 45 if profile == "classic" else 40
    assert rows(s.payments, rule)[:1] == [row(payer, "Vera", 64, rule)]
    assert row("Boris", "pool", stake, "REV-3") in rows(s.payments)  # the undertaker's remise


def test_ESP_8_the_espagnolette_breaks_the_reversis():
    s = settle_scenario(ANNA_BREAKS, "classic", takers=["Boris"] * 6)
    check_invariants(s)
    assert s.outcome == "reversis_broken" and s.espagnolette == ("Anna", "superseded")
    assert rows(s.payments, "REV-3") == sorted([row("Boris", "Anna", 64, "REV-3"),
                                                row("Boris", "pool", 45, "REV-3")])
    assert rows(s.payments, "ESP-5") == []


def test_ESP_8_the_espagnolette_makes_a_reversis_ordinary():
    tail = ["Anna AS 2S 3S 4S", "Anna AH 2H 3H 4H", "Anna AC 2C 3C 4C", "Anna AD 2D 3D 4D"]
    s = settle_scenario(tail, "classic", takers=["Anna"] * 7)
    assert s.outcome == "reversis" and s.espagnolette == ("Anna", "superseded")
    assert rows(s.payments, "REV-1") == sorted([
        row("Boris", "Anna", 16, "REV-1"), row("Vera", "Anna", 32, "REV-1"),
        row("Gleb", "Anna", 16, "REV-1"), row("pool", "Anna", 45, "REV-1")])
