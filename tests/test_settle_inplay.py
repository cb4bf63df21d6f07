"""ACE-1..3, QUIN-1..3, DOUBLE-1..3 and the classes placed / forced / led / played.

Seats (dealer Gleb): Anna first hand, then Boris, Vera, Gleb; vis-a-vis pairs
are Anna-Vera and Boris-Gleb.  ``settle_scenario`` puts the given tricks at
the end of the deal (the last is trick 11) after filler tricks that pay nothing.
"""

from __future__ import annotations

import pytest

from settle_helpers import check_invariants, read_example, row, rows, settle_scenario, FIXTURES
from reversis_cli.rules import load_profile
from reversis_cli.settle import settle_deal

# An ace placed in trick 9 (3-trick tail) or 11 (last trick).
T9 = ["Anna KS {b} {v} 3S", "Anna QS 4S 5S 6S", "Anna JS 7S 8S 9S"]
T11 = ["Anna KS {b} {v} 3S"]

IN_PLAY = [
    # ACE-1: the taker pays the placer; AD is worth 2; DOUBLE-1 / DOUBLE-2 multiply.
    pytest.param(T9, "AH", "2S", "classic", {}, [row("Anna", "Boris", 1, "ACE-1", 9)],
                 id="ACE-1-neighbour-trick9"),
    pytest.param(T9, "2S", "AH", "classic", {}, [row("Anna", "Vera", 2, "ACE-1", 9)],
                 id="ACE-1-DOUBLE-1-vis-a-vis"),
    pytest.param(T11, "AH", "2S", "classic", {}, [row("Anna", "Boris", 2, "ACE-1", 11)],
                 id="ACE-1-DOUBLE-2-trick11"),
    pytest.param(T11, "2S", "AD", "classic", {}, [row("Anna", "Vera", 8, "ACE-1", 11)],
                 id="ACE-1-diamond-ace-DOUBLE-1xDOUBLE-2"),
    pytest.param(T11, "2S", "AD", "modern", {}, [row("Anna", "Vera", 2, "ACE-1", 11)],
                 id="ACE-1-modern-no-doubling"),
    pytest.param(T11, "2S", "AD", "classic", {"vis_a_vis_double": "no"},
                 [row("Anna", "Vera", 4, "ACE-1", 11)], id="ACE-1-DOUBLE-1-off"),
    pytest.param(T11, "2S", "AD", "classic", {"late_tricks_double": "none"},
                 [row("Anna", "Vera", 4, "ACE-1", 11)], id="ACE-1-DOUBLE-2-none"),
    pytest.param(T9, "2S", "AD", "classic", {"late_tricks_double": "9"},
                 [row("Anna", "Vera", 8, "ACE-1", 9)], id="ACE-1-DOUBLE-2-house-trick9"),
    # QUIN-1: the taker pays the placer 5.
    pytest.param(T9, "JH", "2S", "classic", {}, [row("Anna", "Boris", 5, "QUIN-1", 9)],
                 id="QUIN-1-neighbour"),
    pytest.param(T11, "2S", "JH", "classic", {}, [row("Anna", "Vera", 20, "QUIN-1", 11)],
                 id="QUIN-1-DOUBLE-1xDOUBLE-2"),
]


@pytest.mark.parametrize("tail, b, v, profile, overrides, expected", IN_PLAY)
def test_in_play_payment(tail, b, v, profile, overrides, expected):
    tail = [tail[0].format(b=b, v=v)] + tail[1:]
    s = settle_scenario(tail, profile, overrides=overrides)
    check_invariants(s)
    rule = expected[0][3]
    assert [r for r in rows(s.payments, rule) if r[0] != "pool"] == expected


def test_QUIN_1_placer_takes_the_pool():
    s = settle_scenario(["Anna KS JH 2S 3S"], "classic")
    assert rows(s.payments, "QUIN-1") == sorted([row("Anna", "Boris", 10, "QUIN-1", 11),
                                                 row("pool", "Boris", 45, "QUIN-1", 11)])
    assert s.pool_after == 0


# ACE-2 / ACE-3 and forced_means: Boris's AS follows Anna's spade lead in trick 10;
# with 4S still in his hand it is "played" (compelled), without it "forced".
PLAYED = ["Anna 5S AS 2S 3S", "Boris 4S 6S 7S 8S"]
FORCED = ["Anna 5S AS 2S 3S", "Boris 4C 6S 7S 8S"]


def test_ACE_2_forced_compelled_pays_the_leader():
    s = settle_scenario(FORCED, "classic")
    assert rows(s.payments, "ACE-2") == [row("Boris", "Anna", 2, "ACE-2", 10)]
    assert rows(s.payments, "ACE-3") == []


def test_ACE_3_played_compelled_pays_the_winner_after_the_deal():
    s = settle_scenario(PLAYED, "classic")
    assert rows(s.payments, "ACE-2") == []
    (winner,) = s.winners
    factor = 2 * (2 if winner == "Gleb" else 1)  # DOUBLE-3: trick 10, and vis-a-vis Gleb
    expected = [] if winner == "Boris" else [row("Boris", winner, factor, "ACE-3", 10)]
    assert rows(s.payments, "ACE-3") == expected


def test_forced_means_any_follow_makes_every_follow_forced():
    s = settle_scenario(PLAYED, "classic", overrides={"forced_means": "any_follow"})
    assert rows(s.payments, "ACE-2") == [row("Boris", "Anna", 2, "ACE-2", 10)]
    assert rows(s.payments, "ACE-3") == []


def test_ACE_3_led_pays_the_winner_and_not_under_modern():
    tail = ["Anna AS 2S 3S 4S"]
    s = settle_scenario(tail, "classic")
    (winner,) = s.winners
    if winner != "Anna":
        factor = 2 * (2 if winner == "Vera" else 1)
        assert rows(s.payments, "ACE-3") == [row("Anna", winner, factor, "ACE-3", 11)]
    assert rows(settle_scenario(tail, "modern").payments, "ACE-3") == []
    assert rows(settle_scenario(tail, "classic", overrides={"led_aces_pay_winner": "no"})
                .payments, "ACE-3") == []


def _example(name):
    return read_example(FIXTURES / f"{name}.rvs")


def _settle_example(name, profile, overrides=None):
    profile_name, replayed = _example(name)
    prof = load_profile(profile or profile_name)
    if overrides:
        prof = prof.with_overrides(overrides)
    s = settle_deal(replayed, prof, 0, previous=None, first_deal=True, pot_line_given=False)
    check_invariants(s)
    return s


def test_ACE_3_holder_who_is_the_winner_pays_nothing():
    # classic-late-quinola: Vera wins the partie; make her the holder of a played ace by
    # counting what Boris and Gleb pay and checking Vera never pays herself.
    s = _settle_example("classic-late-quinola", "classic")
    assert all(p.payer != p.payee for p in s.payments)
    assert rows(s.payments, "ACE-3") == [row("Boris", "Vera", 1, "ACE-3", 1),
                                         row("Gleb", "Vera", 1, "ACE-3", 2)]


def test_ACE_3_split_winners_share_and_DOUBLE_3_per_pair():
    # modern-split under classic money rules but split ties: Anna and Vera share.
    s = _settle_example("modern-split", "classic", {"partie_ties": "split"})
    assert s.winners == ("Anna", "Vera")
    # Boris led AD in trick 3 (2, shared: 1 each); Gleb led AC in trick 5 (1: 1/2 each).
    assert rows(s.payments, "ACE-3") == sorted([
        row("Boris", "Anna", 1, "ACE-3", 3), row("Boris", "Vera", 1, "ACE-3", 3),
        row("Gleb", "Anna", "1/2", "ACE-3", 5), row("Gleb", "Vera", "1/2", "ACE-3", 5)])
    # DOUBLE-3 per pair: with vis-a-vis doubling, Boris-Gleb do not involve a winner, so
    # make the late tricks double trick 3 and see both shares doubled.
    s = _settle_example("modern-split", "classic", {"partie_ties": "split",
                                                     "late_tricks_double": "3"})
    assert row("Boris", "Anna", 2, "ACE-3", 3) in rows(s.payments, "ACE-3")


# Anna leads AS in trick 1; Anna and Vera tie with 4 points in one trick each.
TIE = ["Anna AS 2S 3S 4S", "Anna 5S QS 7S KS", "Gleb JD 2D 3D KD", "Vera 4D 5D 6D 7D",
       "Boris JS 9S 8S 6S", "Boris KH QH 9H 8H", "Boris 7H 6H 5H 4H", "Boris 3H 2H QD 9D",
       "Boris 8D KC QC JC", "Boris 9C 8C 7C 6C", "Boris 5C 4C 3C 2C"]


@pytest.mark.parametrize("ties, winners, expected", [
    ("split", ("Anna", "Vera"), [row("Anna", "Vera", 1, "ACE-3", 1)]),
    ("seat", ("Vera",), [row("Anna", "Vera", 2, "ACE-3", 1)]),
], ids=["ACE-3-holder-among-split-winners", "ACE-3-SEAT-3-Vera-beats-first-hand"])
def test_ACE_3_holder_and_split_winners(ties, winners, expected):
    from settle_helpers import settle
    s = settle(TIE, "classic", overrides={"partie_ties": ties})
    check_invariants(s)
    assert s.winners == winners
    assert rows(s.payments, "ACE-3") == expected


def test_QUIN_2_C25_forced_from_the_forcers_vis_a_vis_in_trick_10():
    s = _settle_example("classic-late-quinola", "classic")
    assert rows(s.payments, "QUIN-2") == sorted([
        row("Vera", "Anna", 40, "QUIN-2", 10), row("Boris", "Anna", 10, "QUIN-2", 10),
        row("Gleb", "Anna", 10, "QUIN-2", 10), row("Vera", "pool", 45, "QUIN-2", 10)])


def test_QUIN_2_C25_forced_from_a_neighbour_in_trick_10():
    # Boris leads hearts in trick 10; Vera (his neighbour) is forced: 20 / 20 / 10.
    s = settle_scenario(["Boris 4H JH 6H 5H", "Vera 2C 3C 4C 5C"], "classic",
                        takers=None)
    assert rows(s.payments, "QUIN-2") == sorted([
        row("Vera", "Boris", 20, "QUIN-2", 10), row("Gleb", "Boris", 20, "QUIN-2", 10),
        row("Anna", "Boris", 10, "QUIN-2", 10), row("Vera", "pool", 45, "QUIN-2", 10)])


def test_QUIN_2_forcer_taker_option():
    # Boris leads 4H, Vera's forced JH, Gleb 6H, Anna 5H: Vera takes with the jack, so under
    # quinola_forcer = taker she would force herself: no one pays, she still puts in a remise.
    tail = ["Boris 4H JH 6H 5H", "Vera 2C 3C 4C 5C"]
    s = settle_scenario(tail, "classic", overrides={"quinola_forcer": "taker"})
    assert rows(s.payments, "QUIN-2") == [row("Vera", "pool", 45, "QUIN-2", 10)]
    # With a higher heart from Gleb, Gleb is the forcer (taker).
    tail = ["Boris 4H JH QH 5H", "Gleb 2C 3C 4C 5C"]
    s = settle_scenario(tail, "modern", overrides={"quinola_forcer": "taker"})
    assert rows(s.payments, "QUIN-2") == sorted([
        row("Vera", "Gleb", 10, "QUIN-2", 10), row("Boris", "Gleb", 5, "QUIN-2", 10),
        row("Anna", "Gleb", 5, "QUIN-2", 10), row("Vera", "pool", 40, "QUIN-2", 10)])


def test_QUIN_3_led_puts_in_a_remise_and_pays_the_winner():
    tail = ["Vera JH 2H 3H 4H"]
    s = settle_scenario(tail, "classic")
    (winner,) = s.winners
    assert row("Vera", "pool", 45, "QUIN-3", 11) in rows(s.payments)
    expected = [] if winner == "Vera" else [
        row("Vera", winner, 10 * 2 * (2 if winner == "Anna" else 1), "QUIN-3", 11)]
    assert [r for r in rows(s.payments, "QUIN-3") if r[1] != "pool"] == expected
    m = settle_scenario(tail, "modern")
    assert rows(m.payments, "QUIN-3") == [row("Vera", "pool", 40, "QUIN-3", 11)]


def test_QUIN_3_played_with_other_hearts():
    tail = ["Boris 5H JH 6H QH", "Anna 2H 3H 4H 8H"]  # Vera keeps 4H for trick 11
    s = settle_scenario(tail, "classic")
    assert row("Vera", "pool", 45, "QUIN-3", 10) in rows(s.payments)
    assert rows(s.payments, "QUIN-2") == []


def test_remise_stake_option():
    s = settle_scenario(["Anna 4H 6H JH 5H"], "classic", overrides={"remise": "stake"},
                        pool_before=100, first_deal=False)
    # pool 100 is not staked again (below_initial: 100 >= 45); a remise is one staking.
    assert row("Vera", "pool", 45, "QUIN-2", 11) in rows(s.payments)
