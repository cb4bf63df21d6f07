"""PARTIE-1..6, SEAT-3, DEAL-3, POOL-1..5, REV-1..4 and IRR-0 (void deals)."""

from __future__ import annotations

from reversis_cli.values import replace
from fractions import Fraction

import pytest

from settle_helpers import (
    FIXTURES, PLAYERS, cards, check_invariants, make_deal, read_example, row, rows, scenario,
    settle, settle_scenario,
)
from reversis_cli.replay import Revoke
from reversis_cli.rules import load_profile
from reversis_cli.settle import SessionSettler, settle_deal
from reversis_cli.settle.ledger import Ledger
from reversis_cli.settle.partie import partie_value, pay_partie, pick_losers, pick_winners


def _example(name, profile=None, pool_before=0, **overrides):
    profile_name, replayed = read_example(FIXTURES / f"{name}.rvs")
    prof = load_profile(profile or profile_name)
    if overrides:
        prof = prof.with_overrides(overrides)
    s = settle_deal(replayed, prof, pool_before, previous=None, first_deal=True,
                    pot_line_given=False)
    check_invariants(s)
    return s


# --- PARTIE-1 -----------------------------------------------------------------------

@pytest.mark.parametrize("partie, profile, overrides, value", [
    ("9D JS QC AH", "modern", {}, 11),  # M¶17
    ("9D JS QC AH", "classic", {}, 11),
    ("AD JH 2C 3C", "classic", {}, 12),  # 5 + 3 + 4
    ("AD JH 2C 3C", "modern", {}, 9),    # 4 + 1 + 4
    ("AD JH 2C 3C", "classic", {"partie_quinola": "4"}, 13),  # the 1785 original
    ("2S 3S 4S 5S", "classic", {"partie_bonus": "0"}, 0),
], ids=["PARTIE-1-M17", "PARTIE-1-classic", "PARTIE-1-classic-AD-JH", "PARTIE-1-modern-AD-JH",
        "PARTIE-1-house-quinola-4", "PARTIE-1-house-bonus-0"])
def test_PARTIE_1_value(partie, profile, overrides, value):
    prof = load_profile(profile).with_overrides(overrides)
    assert partie_value(cards(partie), prof)[0] == value


def test_DEAL_3_the_partie_is_the_four_cards_not_played():
    s = _example("classic-late-quinola")
    played = {c for t in read_example(FIXTURES / "classic-late-quinola.rvs")[1].tricks
              for c in t.cards}
    assert set(s.partie_cards).isdisjoint(played) and len(s.partie_cards) == 4


# --- PARTIE-2, PARTIE-3, SEAT-3 with given points and tricks ---------------------------

class _Table(Ledger):
    """A ledger whose points and tricks are given, to test the tie-breaks alone."""

    def __init__(self, points, tricks, ties="seat", vis_double=True):
        prof = load_profile("classic").with_overrides(
            {"partie_ties": ties, "partie_vis_a_vis_double": "yes" if vis_double else "no"})
        super().__init__(make_deal([], dealer="Gleb"), prof, 0)
        self._points, self._tricks = points, tricks

    def points_won(self):
        return list(self._points)

    def tricks_won(self):
        return list(self._tricks)


def _names(seats):
    return tuple(PLAYERS[s] for s in seats)


@pytest.mark.parametrize("points, tricks, ties, winners, losers", [
    ((0, 5, 10, 25), (1, 2, 3, 5), "seat", ("Anna",), ("Gleb",)),
    ((3, 3, 10, 24), (2, 1, 3, 5), "seat", ("Boris",), ("Gleb",)),     # fewer tricks wins
    # Boris nearer the dealer; more tricks loses
    ((3, 3, 17, 17), (1, 1, 4, 5), "seat", ("Boris",), ("Gleb",)),
    ((3, 3, 17, 17), (1, 1, 4, 5), "split", ("Anna", "Boris"), ("Gleb",)),
    ((0, 20, 0, 20), (0, 5, 0, 6), "seat", ("Vera",), ("Gleb",)),
    ((20, 0, 20, 0), (5, 0, 5, 1), "seat", ("Boris",), ("Anna",)),     # first hand: worst seat
    ((10, 20, 20, 0), (1, 5, 5, 0), "seat", ("Gleb",), ("Boris",)),    # Boris is worse than Vera
    ((10, 20, 20, 0), (1, 5, 5, 0), "split", ("Gleb",), ("Boris", "Vera")),
    # the dealer best, the first hand worst
    ((0, 0, 0, 40), (0, 0, 0, 11), "seat", ("Vera",), ("Gleb",)),
], ids=["PARTIE-2-fewest-points", "PARTIE-2-fewest-tricks", "SEAT-3-PARTIE-3-most-tricks",
        "PARTIE-2-split", "SEAT-3-dealer-side", "PARTIE-3-seat-worst-loses",
        "PARTIE-3-seat-Boris-worse-than-Vera", "PARTIE-3-split", "SEAT-3-three-way-tie"])
def test_PARTIE_2_and_3(points, tricks, ties, winners, losers):
    table = _Table(points, tricks, ties)
    assert _names(pick_winners(table, [0, 1, 2, 3])) == winners
    assert _names(pick_losers(table, [0, 1, 2, 3])) == losers


@pytest.mark.parametrize("winners, losers, vis_double, expected", [
    ((1,), (3,), True, [row("Gleb", "Boris", 16, "PARTIE-4")]),          # PARTIE-5 vis-a-vis
    ((1,), (3,), False, [row("Gleb", "Boris", 8, "PARTIE-4")]),
    ((0,), (3,), True, [row("Gleb", "Anna", 8, "PARTIE-4")]),            # neighbours
    ((0, 2), (3,), True, [row("Gleb", "Anna", 4, "PARTIE-4"),
                          row("Gleb", "Vera", 4, "PARTIE-4")]),
    ((3,), (0, 1), True, [row("Anna", "Gleb", 4, "PARTIE-4"),
                          row("Boris", "Gleb", 8, "PARTIE-4")]),
    ((0, 1), (2, 3), True, [row("Gleb", "Anna", 2, "PARTIE-4"), row("Gleb", "Boris", 4, "PARTIE-4"),
                            row("Vera", "Anna", 4, "PARTIE-4"),
                            row("Vera", "Boris", 2, "PARTIE-4")]),
], ids=["PARTIE-5-vis-a-vis-double", "PARTIE-5-off", "PARTIE-4-neighbours",
        "PARTIE-4-two-winners", "PARTIE-4-5-two-losers-per-pair", "PARTIE-4-two-by-two"])
def test_PARTIE_4_and_5(winners, losers, vis_double, expected):
    table = _Table((0,) * 4, (0,) * 4, vis_double=vis_double)
    table.partie_value, table.winners, table.losers = 8, winners, losers
    pay_partie(table)
    assert rows(table.partie) == sorted(expected)


def test_PARTIE_4_fractional_split():
    s = _example("modern-split")
    assert rows(s.payments, "PARTIE-4") == [row("Gleb", "Anna", Fraction(5, 2), "PARTIE-4"),
                                           row("Gleb", "Vera", Fraction(5, 2), "PARTIE-4")]


@pytest.mark.parametrize("name", ["classic-reversis", "classic-broken-reversis"])
@pytest.mark.parametrize("cancels", ["made", "made_or_broken"])
def test_PARTIE_6_no_partie_in_a_reversis(name, cancels):
    s = _example(name, reversis_cancels=cancels)
    assert rows(s.payments, "PARTIE-4") == [] and s.winners == () and s.losers == ()


# --- REV-1..4 ---------------------------------------------------------------------------

def test_REV_1_made_modern():
    s = _example("classic-reversis", "modern")
    assert rows(s.payments, "REV-1") == sorted([
        row("Boris", "Anna", 16, "REV-1"), row("Vera", "Anna", 32, "REV-1"),
        row("Gleb", "Anna", 16, "REV-1"), row("pool", "Anna", 40, "REV-1")])
    assert rows(s.cancelled) == sorted([row("Anna", "Boris", 5, "QUIN-1", 8),
                                        row("Anna", "Vera", 1, "ACE-1", 9),
                                        row("Anna", "Vera", 1, "ACE-1", 10)])


def test_REV_2_and_REV_3_broken():
    s = _example("classic-broken-reversis")
    assert s.outcome == "reversis_broken"
    assert rows(s.payments, "REV-3") == sorted([row("Anna", "Vera", 64, "REV-3"),
                                                row("Anna", "pool", 45, "REV-3")])


def test_REV_4_made_only_leaves_a_broken_reversis_in_play_payments():
    s = _example("classic-broken-reversis", reversis_cancels="made")
    assert s.cancelled == ()
    assert row("Anna", "Boris", 2, "ACE-1", 7) in rows(s.payments)
    assert row("Gleb", "Vera", 2, "ACE-2", 11) in rows(s.payments)


def test_REV_4_a_broken_reversis_with_a_quinola_under_made():
    # Anna undertakes (tricks 1-9), Vera breaks in 10; in 11 Anna places the quinola.
    tail = ["Anna 2C 3C KC 4C", "Vera 5C 6C JH 7C"]
    s = settle_scenario(tail, "modern", takers=["Anna"] * 9)
    check_invariants(s)
    assert s.outcome == "reversis_broken"
    assert row("Boris", "Anna", 5, "QUIN-1", 11) in rows(s.payments)
    # POOL-4: she takes what the pool held after staking; the REV-3 remise stays.
    assert row("pool", "Anna", 40, "QUIN-1", 11) in rows(s.payments)
    assert row("Anna", "pool", 40, "REV-3") in rows(s.payments)
    assert s.pool_after == 40
    c = settle_scenario(tail, "classic", takers=["Anna"] * 9)
    assert [p.rule for p in c.cancelled] == ["QUIN-1"]
    assert not any(p.payer == "pool" for p in c.payments)


# --- POOL-1..5 ----------------------------------------------------------------------------

LATE = read_example(FIXTURES / "classic-late-quinola.rvs")[1]


def _stakes(s):
    return rows(s.payments, "POOL-1")


def test_POOL_1_first_deal_stakes_when_empty():
    s = settle_deal(LATE, load_profile("classic"), 0, previous=None, first_deal=True,
                    pot_line_given=True)  # "pot 0" is an empty pool
    assert _stakes(s) == sorted([row("Anna", "pool", 10, "POOL-1"),
                                 row("Boris", "pool", 10, "POOL-1"),
                                 row("Vera", "pool", 10, "POOL-1"),
                                 row("Gleb", "pool", 15, "POOL-1")])
    m = settle_deal(LATE, load_profile("modern"), 0, previous=None, first_deal=True,
                    pot_line_given=False)
    assert sum(r[2] for r in _stakes(m)) == 40


def test_POOL_1_a_non_empty_pot_is_not_staked():
    s = settle_deal(LATE, load_profile("classic"), 30, previous=None, first_deal=True,
                    pot_line_given=True)
    check_invariants(s)
    assert _stakes(s) == []
    assert row("Vera", "pool", 30, "QUIN-2", 10) in rows(s.payments)  # POOL-3: remise = pool


@pytest.mark.parametrize("pool, staked", [(0, True), (44, True), (45, False), (90, False)],
                         ids=["POOL-2-empty", "POOL-2-below", "POOL-2-one-staking",
                              "POOL-2-above"])
def test_POOL_2_below_initial(pool, staked):
    previous = _example("classic-late-quinola")
    s = settle_deal(LATE, load_profile("classic"), pool, previous=previous, first_deal=False,
                    pot_line_given=False)
    assert bool(_stakes(s)) == staked


@pytest.mark.parametrize("previous_name, staked", [
    ("modern-split", True),             # the pool was taken (QUIN-1)
    ("classic-late-quinola", False),    # a remise went in, nobody took
], ids=["POOL-2-taken", "POOL-2-fed"])
def test_POOL_2_taken_or_quiet(previous_name, staked):
    previous = _example(previous_name, "modern")
    s = settle_deal(LATE, load_profile("modern"), 50, previous=previous, first_deal=False,
                    pot_line_given=False)
    assert bool(_stakes(s)) == staked


def test_POOL_2_quiet_deal_restakes():
    quiet = settle_scenario(["Anna KS AH 2S 3S"], "modern")  # no remise, no taking
    assert not any(p.payee == "pool" and p.rule != "POOL-1" for p in quiet.payments)
    s = settle_deal(LATE, load_profile("modern"), 40, previous=quiet, first_deal=False,
                    pot_line_given=False)
    assert _stakes(s)


def test_POOL_3_remise_stake_is_one_full_staking():
    s = _example("classic-late-quinola", pool_before=100, remise="stake")
    assert row("Vera", "pool", 45, "QUIN-2", 10) in rows(s.payments)
    s = _example("classic-late-quinola", pool_before=100)
    assert row("Vera", "pool", 100, "QUIN-2", 10) in rows(s.payments)


def test_POOL_5_session_carries_the_pool_and_balances():
    settler = SessionSettler(load_profile("classic"), PLAYERS)
    first = settler.settle(LATE)
    second_deal = make_deal(scenario(["Boris KS AH 2S 3S"], dealer="Anna"), dealer="Anna",
                            number=2)
    second = settler.settle(second_deal)
    check_invariants(second)
    assert second.pool_before == first.pool_after == 90
    assert _stakes(second) == []  # 90 >= one full staking
    totals = settler.totals()
    assert sum(totals.values()) + settler.pool == 0


def test_SEAT_2_the_dealer_of_each_deal_stakes_as_dealer():
    s = settle(scenario(["Boris KS AH 2S 3S"], dealer="Anna"), "classic", dealer="Anna")
    assert row("Anna", "pool", 15, "POOL-1") in _stakes(s)


# --- IRR-0 and PLAY-4 -------------------------------------------------------------------

def test_IRR_0_a_void_deal_stakes_and_settles_nothing():
    settler = SessionSettler(load_profile("classic"), PLAYERS, pool_start=20,
                             pool_start_given=True)
    s = settler.settle(make_deal([], void=True))
    assert s.status == "void" and s.payments == () and s.pool_after == s.pool_before == 20
    assert settler.pool == 20


def test_PLAY_4_a_revoke_changes_no_payment_without_a_penalty():
    """The deal stands as played (IRR-7): with revoke_penalty = none, nothing changes."""
    plain = _example("classic-late-quinola")
    revoked = replace(LATE, revokes=(Revoke(3, 1, cards("6D")[0], cards("5D")[0]),))
    profile = load_profile("classic").with_overrides({"revoke_penalty": "none"})
    s = settle_deal(revoked, profile, 0, previous=None, first_deal=True, pot_line_given=False)
    assert s.payments == plain.payments
