"""IRR-0..IRR-7 and CLAIM-1: irregularities and claims, under every option value.

Seats (dealer Gleb): Anna first hand, then Boris, Vera, Gleb; vis-a-vis pairs are
Anna-Vera and Boris-Gleb.  ``run`` puts the given tricks at the end of the deal (the
last is trick 11) after filler tricks that pay nothing, adds the event lines, settles
and checks the invariants (zero sum, 40 points, exact amounts) on every case.
"""

from __future__ import annotations


from reversis_cli import values

import pytest

from settle_helpers import (
    FIXTURES, PLAYERS, SessionSettler, check_invariants, event, make_deal, read_example, row,
    rows, scenario,
)
from reversis_cli.cards import Card
from reversis_cli.replay import Revoke
from reversis_cli.rules import load_profile
from reversis_cli.settle import RULES, settle_deal, settlement_to_json
from reversis_cli.settle.engine import VOID_RULES


def _profile(profile="classic", overrides=None):
    prof = load_profile(profile)
    return prof.with_overrides(overrides) if overrides else prof


def run(tail, profile="classic", events=(), overrides=None, takers=None, unplayed=None,
        drop=None, revokes=(), pool_before=0, previous=None):
    """Settle a scenario with ``events``; ``drop`` removes a card from trick 11 (the card
    of a ten-card player, IRR-5), which then lies in the partie."""
    tricks = scenario(tail, takers=takers)
    if drop:
        tricks[10] = " ".join(w for w in tricks[10].split() if w != drop)
    replayed = make_deal(tricks, events=events, unplayed=unplayed, revokes=revokes)
    s = settle_deal(replayed, _profile(profile, overrides), pool_before, previous=previous,
                    first_deal=previous is None, pot_line_given=False)
    check_invariants(s, replayed)
    return s


def example(name, events=(), profile=None, overrides=None):
    profile_name, replayed = read_example(FIXTURES / f"{name}.rvs")
    extra = tuple(event(e) for e in events)
    replayed = values.replace(replayed, deal=values.replace(
        replayed.deal, statements=replayed.deal.statements + extra))
    s = settle_deal(replayed, _profile(profile or profile_name, overrides), 0, previous=None,
                    first_deal=True, pot_line_given=False)
    check_invariants(s, replayed)
    return s


def forfeited(s, rule=None):
    """The rows of ``cancelled`` that a forfeiture (not REV-4) put there."""
    return rows([p for p in s.cancelled if "forfeited:" in p.reason], rule)


def _void(events, profile="classic", pool_before=30):
    replayed = make_deal([], events=events)
    s = settle_deal(replayed, _profile(profile), pool_before, previous=None, first_deal=False,
                    pot_line_given=True)
    check_invariants(s)
    return s


# --- the registry -----------------------------------------------------------------------------

def test_every_irregularity_has_a_rule_entry():
    ids = {i for rule in RULES + VOID_RULES for i in rule.ids}
    assert {"IRR-0", "IRR-1", "IRR-2", "IRR-3", "IRR-4", "IRR-5", "IRR-6", "IRR-7",
            "CLAIM-1"} <= ids
    order = [rule.apply.__name__ for rule in RULES]
    # Forfeitures after REV-4, before ESP-5's refunds; takings after POOL-4.
    assert order.index("cancel_in_play") < order.index("forfeit_peeker_gains") \
        < order.index("settle_espagnolette")
    assert order.index("pay_winner_dues") < order.index("forfeit_unclaimed") \
        < order.index("settle_espagnolette")
    assert order.index("resolve_takings") < order.index("forfeit_peeker_takings")


# --- IRR-0 .. IRR-3 (and IRR-6 before a late misdeal): void deals -----------------------------

VOID = [
    pytest.param(["exposed"], [], id="IRR-1-exposed-nothing-paid"),
    pytest.param(["exposed", "redeal paid"], [], id="IRR-1-exposed-redeal-nothing-paid"),
    pytest.param(["misdeal Gleb"], [], id="IRR-2-misdeal-deal-passes"),
    pytest.param(["misdeal Gleb", "redeal paid"], [row("Gleb", "pool", 5, "IRR-2")],
                 id="IRR-2-redeal-paid-1-jeton"),
    pytest.param(["misdeal Gleb late"], [row("Gleb", "pool", 20, "IRR-3")],
                 id="IRR-3-late-4-jetons"),
    pytest.param(["misdeal Gleb late", "redeal paid"], [row("Gleb", "pool", 20, "IRR-3")],
                 id="IRR-3-late-no-redeal"),
    pytest.param(["out-of-turn Vera", "misdeal Gleb late"],
                 [row("Gleb", "pool", 20, "IRR-3"), row("Vera", "pool", 5, "IRR-6")],
                 id="IRR-3-IRR-6-out-of-turn-before-late-misdeal"),
    pytest.param(["peeked Boris", "unclaimed 3", "misdeal Gleb late"],
                 [row("Gleb", "pool", 20, "IRR-3")], id="IRR-0-peek-and-claim-void"),
]


@pytest.mark.parametrize("profile", ["classic", "modern"])
@pytest.mark.parametrize("events, expected", VOID)
def test_IRR_0_void_deal_settles_only_its_penalty(events, expected, profile):
    s = _void(events, profile)
    assert s.status == "void" and s.outcome == "normal"
    assert rows(s.payments) == sorted(expected)
    assert not any(p.rule == "POOL-1" for p in s.payments)  # IRR-0: stakes nothing
    assert s.cancelled == () and s.winners == () and s.partie_value == 0
    assert s.pool_after == 30 + sum(r[2] for r in expected)
    assert s.steps[0].rule == "IRR-0"
    js = settlement_to_json(s)
    assert js["status"] == "void"
    assert js["pool"]["after"] - js["pool"]["before"] + sum(js["net"].values()) == 0


def test_IRR_2_and_IRR_3_reasons_are_sentences():
    (paid,) = _void(["misdeal Gleb", "redeal paid"]).payments
    assert paid.reason == "Gleb misdealt and pays 1 jeton into the pool to deal again"
    (late,) = _void(["misdeal Gleb late"]).payments
    assert "noticed only after the exchange" in late.reason and "4 jetons" in late.reason
    exposed = _void(["exposed"])
    assert any(st.rule == "IRR-1" and "deals again" in st.text for st in exposed.steps)


def _played(number, dealer, tail="KS AH 2S 3S"):
    first = PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
    return make_deal(scenario([f"{first} {tail}"], dealer=dealer), dealer=dealer,
                     number=number)


@pytest.mark.parametrize("profile", ["classic", "modern"])
def test_IRR_0_session_pool_carries_the_penalty_and_POOL_2_skips_the_void_deal(profile):
    settler = SessionSettler(_profile(profile), PLAYERS)
    first = settler.settle(_played(1, "Gleb"))  # a quiet deal: no remise, no taking
    assert not any(p.payee == "pool" and p.rule != "POOL-1" for p in first.payments)
    void = settler.settle(make_deal([], dealer="Anna", number=2,
                                    events=["misdeal Anna late"]))
    check_invariants(void)
    assert void.status == "void" and void.pool_before == first.pool_after
    assert void.pool_after == first.pool_after + 20
    assert settler.last_played is first  # POOL-2 looks back to the last deal played
    third = settler.settle(_played(3, "Boris"))
    check_invariants(third)
    assert third.pool_before == void.pool_after
    stakes = rows(third.payments, "POOL-1")
    if profile == "classic":
        # below_initial: 45 + 20 is at least one full staking: no staking.
        assert third.pool_before == 65 and stakes == []
    else:
        # taken_or_quiet: deal 1 (not the void deal, whose penalty fed the pool) was quiet.
        assert third.pool_before == 60 and len(stakes) == 4
        assert third.steps is not None
        assert any("last deal played" in st.text for st in third.steps)
    assert sum(settler.totals().values()) + settler.pool == 0


@pytest.mark.parametrize("pot, given, staked", [(0, False, True), (0, True, True),
                                                (45, True, False)],
                         ids=["POOL-1-no-pot", "POOL-1-pot-0", "POOL-1-pot-45"])
def test_IRR_0_a_penalty_before_the_first_deal_played_does_not_replace_the_staking(
        pot, given, staked):
    settler = SessionSettler(_profile("classic"), PLAYERS, pool_start=pot,
                             pool_start_given=given)
    void = settler.settle(make_deal([], events=["misdeal Gleb", "redeal paid"]))
    assert void.pool_after == pot + 5
    played = settler.settle(_played(2, "Gleb"))
    check_invariants(played)
    assert bool(rows(played.payments, "POOL-1")) == staked
    assert played.pool_before == pot + 5
    assert sum(settler.totals().values()) + settler.pool == pot


# --- IRR-4: peeked / kept -----------------------------------------------------------------------

# Each case: the tail, the player who peeked, the rows IRR-4 forfeits under
# peek_forfeits = everything, and those it forfeits under quinola_and_reversis.
ACE_PLACED = ["Anna KS AH 2S 3S"]      # Boris places AH on Anna's trick 11: ACE-1 2
QUIN_PLACED = ["Anna KS JH 2S 3S"]     # Boris places the quinola: QUIN-1 10 and the pool
QUIN_FORCED = ["Boris KH JH 2H 3H"]    # Boris (leader) forces Vera's quinola: QUIN-2

PEEK = [
    pytest.param(ACE_PLACED, "Boris", [("Anna", "Boris", "ACE-1", 11)], [],
                 id="IRR-4-ACE-1-to-him"),
    pytest.param(ACE_PLACED, "Anna", [], [], id="IRR-4-he-still-pays-what-he-owes"),
    pytest.param(ACE_PLACED, "Vera", [("Anna", "Vera", "PARTIE-4", 0)], [],
                 id="IRR-4-PARTIE-4-to-the-winner"),
    pytest.param(QUIN_PLACED, "Boris", [("Anna", "Boris", "QUIN-1", 11),
                                        ("pool", "Boris", "QUIN-1", 11)], [],
                 id="IRR-4-QUIN-1-and-its-pool-taking"),
    pytest.param(QUIN_FORCED, "Boris",
                 [("Vera", "Boris", "QUIN-2", 11), ("Anna", "Boris", "QUIN-2", 11),
                  ("Gleb", "Boris", "QUIN-2", 11)],
                 [("Vera", "Boris", "QUIN-2", 11), ("Anna", "Boris", "QUIN-2", 11),
                  ("Gleb", "Boris", "QUIN-2", 11)],
                 id="IRR-4-QUIN-2-forcing-the-quinola"),
    pytest.param(["Anna AS 2S 3S 4S"], "Gleb",
                 [("Anna", "Gleb", "PARTIE-4", 0), ("Anna", "Gleb", "ACE-3", 11)], [],
                 id="IRR-4-ACE-3-to-the-winner"),
]


def _keyed(payments, keys):
    """The rows of ``payments`` whose (payer, payee, rule, trick) is one of ``keys``."""
    return sorted(r for r in rows(payments) if (r[0], r[1], r[3], r[4]) in keys)


@pytest.mark.parametrize("kind", ["peeked", "kept"])
@pytest.mark.parametrize("option", ["everything", "quinola_and_reversis"])
@pytest.mark.parametrize("tail, who, everything, quinola_and_reversis", PEEK)
def test_IRR_4_forfeits(tail, who, everything, quinola_and_reversis, option, kind):
    # A kept player holds a twelfth card he never plays (here the partie's ace of clubs).
    unplayed = {who: "AC"} if kind == "kept" else None
    plain = run(tail, unplayed=unplayed)
    s = run(tail, events=[f"{kind} {who}"], overrides={"peek_forfeits": option},
            unplayed=unplayed)
    expected = _keyed(plain.payments, everything if option == "everything"
                      else quinola_and_reversis)
    assert len(expected) == len(everything if option == "everything"
                                else quinola_and_reversis)
    assert forfeited(s) == expected
    assert all(p.payee == who for p in s.cancelled)
    # What is forfeited is simply not made; everything else stands, what he owes too.
    assert rows(s.payments) == sorted(r for r in rows(plain.payments) if r not in expected)
    for p in s.cancelled:
        assert p.reason.endswith("(IRR-4)" if option == "everything"
                                 else "(IRR-4, peek_forfeits = quinola_and_reversis)")
        assert ("looked at the talon card" if kind == "peeked"
                else "took the talon card without discarding") in p.reason


def test_IRR_4_forfeited_pool_taking_leaves_the_pool():
    s = run(QUIN_PLACED, events=["peeked Boris"])
    assert not any(p.payer == "pool" for p in s.payments)
    assert s.pool_after == 45
    steps = [st.text for st in s.steps if st.rule in ("IRR-4", "POOL-4")]
    assert any("is not taken" in t for t in steps)


def test_IRR_4_holder_of_a_quinola_he_forced_still_puts_in_the_remise():
    for option in ("everything", "quinola_and_reversis"):
        s = run(QUIN_FORCED, events=["peeked Boris"], overrides={"peek_forfeits": option})
        assert row("Vera", "pool", 45, "QUIN-2", 11) in rows(s.payments)
        assert any(st.rule == "IRR-4" and "still puts in the remise" in st.text
                   for st in s.steps)


def test_IRR_4_kept_partie_holds_three_and_PARTIE_1_counts_them():
    tricks = scenario(ACE_PLACED)
    replayed = make_deal(tricks, events=["kept Boris"], unplayed={"Boris": "AC"})
    assert len(replayed.partie) == 3 and Card.parse("AC") in replayed.hands[1]
    s = settle_deal(replayed, _profile("classic"), 0, previous=None, first_deal=True,
                    pot_line_given=False)
    check_invariants(s, replayed)
    # JH 3 + AS 4 + AD 5 + bonus 4 (classic): the three cards that are there.
    assert sorted(str(c) for c in s.partie_cards) == ["AD", "AS", "JH"]
    assert s.partie_value == 16
    assert s.steps is not None
    assert any("twelve cards" in st.text for st in s.steps)


@pytest.mark.parametrize("option, forfeits", [("everything", True),
                                              ("quinola_and_reversis", False)])
def test_IRR_4_reversis_made_by_a_peeker(option, forfeits):
    s = example("classic-reversis", ["peeked Anna"], overrides={"peek_forfeits": option})
    made = [row(p, "Anna", a, "REV-1") for p, a in (("Boris", 16), ("Vera", 32), ("Gleb", 16))]
    made.append(row("pool", "Anna", 45, "REV-1"))
    assert forfeited(s) == (sorted(made) if forfeits else [])
    # REV-4's cancellations are listed once each, not forfeited again.
    assert len([p for p in s.cancelled if "forfeited:" not in p.reason]) == 3


@pytest.mark.parametrize("option", ["everything", "quinola_and_reversis"])
def test_IRR_4_reversis_broken_by_a_peeker(option):
    s = example("classic-broken-reversis", ["peeked Vera"], overrides={"peek_forfeits": option})
    assert forfeited(s) == [row("Anna", "Vera", 64, "REV-3")]
    assert row("Anna", "pool", 45, "REV-3") in rows(s.payments)  # the remise stands


def test_IRR_4_forfeiture_after_POOL_4_a_lower_claim_does_not_revive():
    # Modern: Anna's four-ace espagnolette succeeds (ESP-4 claims the pool), but Vera's
    # quinola placed in trick 11 wins POOL-4 (QUIN-1); Vera peeked, so her taking is not
    # made and the pool stays: Anna's claim, which gave way, does not revive.
    tail = ["Boris KD 2D 3D AS", "Boris QD 4D 5D AH", "Boris JD 6D 7D AC", "Boris 9S JH 8S AD"]
    takers = ["Boris", "Vera", "Gleb", "Boris", "Vera", "Gleb", "Boris"]
    plain = run(tail, "modern", takers=takers)
    assert plain.espagnolette == ("Anna", "success")
    assert [(p.rule, p.payee) for p in plain.payments if p.payer == "pool"] == [
        ("QUIN-1", "Vera")]
    s = run(tail, "modern", events=["peeked Vera"], takers=takers)
    assert not any(p.payer == "pool" for p in s.payments)
    assert row("pool", "Vera", 40, "QUIN-1", 11) in forfeited(s)
    assert s.pool_after == plain.pool_after + 40


# ESP-5 and forfeitures: Anna's espagnolette (AS AH AC and the quinola placed on Boris's
# tricks 8-11) fails under modern when she takes trick 1.
ESP_TAIL = ["Boris KD 2D 3D AS", "Boris QD 4D 5D AH", "Boris JD 6D 7D AC", "Boris 9D 8D 2C JH"]
ANNA_ONCE = ["Anna", "Boris", "Gleb", "Boris", "Gleb", "Boris", "Boris"]


def test_ESP_5_a_peeking_espagnolette_refunds_only_what_he_received():
    plain = run(ESP_TAIL, "modern", takers=ANNA_ONCE)
    assert row("Anna", "Boris", 10, "ESP-5", 11) in rows(plain.payments)
    s = run(ESP_TAIL, "modern", takers=ANNA_ONCE, events=["peeked Anna"])
    assert s.espagnolette == ("Anna", "failed")
    assert [r[3] for r in forfeited(s)] == ["ACE-1", "ACE-1", "ACE-1", "QUIN-1"]
    assert [r for r in rows(s.payments, "ESP-5") if r[1] != "pool"] == []  # nothing refunded
    assert row("Anna", "pool", 40, "ESP-5") in rows(s.payments)  # the remise stands
    assert any(st.rule == "ESP-5" and "never received" in st.text for st in s.steps)


@pytest.mark.parametrize("option, forfeits", [("everything", True),
                                              ("quinola_and_reversis", False)])
def test_ESP_5_refund_due_to_a_peeker(option, forfeits):
    s = run(ESP_TAIL, "modern", takers=ANNA_ONCE, events=["peeked Boris"],
            overrides={"peek_forfeits": option})
    refund = row("Anna", "Boris", 10, "ESP-5", 11)
    assert (refund in forfeited(s)) == forfeits
    assert (refund in rows(s.payments)) != forfeits
    assert row("Boris", "Anna", 5, "QUIN-1", 11) in rows(s.payments)  # what he owes is paid


# --- IRR-5: discarded two ---------------------------------------------------------------------

@pytest.mark.parametrize("profile", ["classic", "modern"])
def test_IRR_5_ten_cards_keeps_every_gain_partie_of_five(profile):
    # Vera discarded two: trick 11 has three cards (her 2S lies in the partie).
    s = run(ACE_PLACED, profile, events=["discarded-two Vera"], drop="2S")
    assert len(s.partie_cards) == 5 and "2S" in [str(c) for c in s.partie_cards]
    prof = _profile(profile)
    assert s.partie_value == (prof.options.partie_quinola + 4 + prof.options.partie_diamond_ace + 4
                              + prof.options.partie_bonus)  # JH AS AD AC 2S
    assert s.cancelled == ()
    # Boris discarded two and places AH in trick 10; he has no card for trick 11.
    tail = ["Anna KS AH 2S 3S", "Anna QS 4H 5S 6S"]
    boris = run(tail, profile, events=["discarded-two Boris"], drop="4H")
    ace = 2 if profile == "classic" else 1
    assert row("Anna", "Boris", ace, "ACE-1", 10) in rows(boris.payments)  # keeps every gain
    assert any(st.rule == "IRR-5" and "keeping every gain" in st.text for st in boris.steps)


def test_IRR_5_after_the_ten_card_player_takes_trick_10_the_next_player_leads():
    # Vera takes trick 10 with KS and has no card left; Gleb leads 4S to trick 11 and
    # Anna's ace of spades, her last card, is forced: she pays Gleb, not Vera (ACE-2).
    tail = ["Anna QS 2S KS 3S", "Vera 9H 4S AS 5S"]
    s = run(tail, events=["discarded-two Vera"], drop="9H")
    assert rows(s.payments, "ACE-2") == [row("Anna", "Gleb", 2, "ACE-2", 11)]


# --- IRR-6: a discard out of turn ---------------------------------------------------------------

@pytest.mark.parametrize("profile", ["classic", "modern"])
@pytest.mark.parametrize("events, expected", [
    (["out-of-turn Vera"], [row("Vera", "pool", 5, "IRR-6")]),
    (["out-of-turn Vera", "out-of-turn Vera"], [row("Vera", "pool", 5, "IRR-6")] * 2),
    (["out-of-turn Anna", "peeked Anna"], [row("Anna", "pool", 5, "IRR-6")]),
], ids=["IRR-6-once", "IRR-6-each-line", "IRR-6-with-IRR-4"])
def test_IRR_6_out_of_turn_pays_a_jeton(events, expected, profile):
    plain = run(ACE_PLACED, profile)
    s = run(ACE_PLACED, profile, events=events)
    assert rows(s.payments, "IRR-6") == expected
    assert s.payments[-len(expected):] == tuple(p for p in s.payments if p.rule == "IRR-6")
    assert s.payments[-1].reason == f"{expected[0][0]} discarded out of turn and pays 1 jeton " \
        "into the pool"
    assert s.pool_after == plain.pool_after + 5 * len(expected)


def test_IRR_6_feeds_the_pool_for_POOL_2_taken_or_quiet():
    quiet = run(ACE_PLACED, "modern")
    fed = run(ACE_PLACED, "modern", events=["out-of-turn Vera"])
    nxt = make_deal(scenario(["Boris KS AH 2S 3S"], dealer="Anna"), dealer="Anna", number=2)
    for previous, staked in ((quiet, True), (fed, False)):
        s = settle_deal(nxt, _profile("modern"), previous.pool_after, previous=previous,
                        first_deal=False, pot_line_given=False)
        assert bool(rows(s.payments, "POOL-1")) == staked


# --- IRR-7: revokes -----------------------------------------------------------------------------

def _revoke(trick, seat, card, held):
    return Revoke(trick, seat, Card.parse(card), Card.parse(held))


@pytest.mark.parametrize("profile", ["classic", "modern"])
@pytest.mark.parametrize("penalty, overrides, revokes, expected", [
    ("remise", {}, [(3, 1, "7H", "2S")], [row("Boris", "pool", 45, "IRR-7", 3)]),
    ("remise", {}, [(3, 1, "7H", "2S"), (5, 1, "8H", "4S")],
     [row("Boris", "pool", 45, "IRR-7", 3), row("Boris", "pool", 45, "IRR-7", 5)]),
    ("remise", {}, [(3, 1, "7H", "2S"), (6, 2, "8H", "4D")],
     [row("Boris", "pool", 45, "IRR-7", 3), row("Vera", "pool", 45, "IRR-7", 6)]),
    ("remise", {"remise": "stake"}, [(3, 1, "7H", "2S")], [row("Boris", "pool", 45, "IRR-7", 3)]),
    ("none", {}, [(3, 1, "7H", "2S")], []),
], ids=["IRR-7-remise", "IRR-7-one-per-revoke", "IRR-7-two-revokers", "IRR-7-remise-stake",
        "IRR-7-none"])
def test_IRR_7_revoke_penalty(penalty, overrides, revokes, expected, profile):
    overrides = dict(overrides, revoke_penalty=penalty)
    plain = run(ACE_PLACED, profile, overrides=overrides)
    s = run(ACE_PLACED, profile, overrides=overrides,
            revokes=[_revoke(*r) for r in revokes])
    full = 45 if profile == "classic" else 40
    assert rows(s.payments, "IRR-7") == [r[:2] + (r[2] * full / 45,) + r[3:] for r in expected]
    # The deal stands as played: every other payment is the same.
    assert [p for p in s.payments if p.rule != "IRR-7"] == list(plain.payments)
    assert any(st.rule == "IRR-7" and "stands as played" in st.text for st in s.steps)


def test_IRR_7_remise_is_the_pool_amount_and_survives_a_reversis():
    s = run(ACE_PLACED, revokes=[_revoke(3, 1, "7H", "2S")], pool_before=100)
    (remise,) = [p for p in s.payments if p.rule == "IRR-7"]
    assert remise.amount == 100  # POOL-3, remise = pool: not staked, the pool holds 100
    assert remise.reason == ("Boris revoked in trick 3 (played 7♥ on a spade lead while "
                             "holding 2♠) and puts in a remise")
    _, replayed = read_example(FIXTURES / "classic-reversis.rvs")
    replayed = values.replace(replayed, revokes=(_revoke(2, 2, "2C", "3D"),))
    r = settle_deal(replayed, _profile("classic"), 0, previous=None, first_deal=True,
                    pot_line_given=False)
    check_invariants(r)
    assert row("Vera", "pool", 45, "IRR-7", 2) in rows(r.payments)


# --- CLAIM-1 ------------------------------------------------------------------------------------

LED_ACE = ["Anna AS 2S 3S 4S"]  # Anna leads AS in trick 11: ACE-3 to the winner, Gleb (2)
ACE3 = row("Anna", "Gleb", 2, "ACE-3", 11)
ACE1 = row("Anna", "Boris", 2, "ACE-1", 11)
QUIN2 = [row("Vera", "Boris", 20, "QUIN-2", 11), row("Anna", "Boris", 10, "QUIN-2", 11),
         row("Gleb", "Boris", 20, "QUIN-2", 11)]

ACE3 = ("Anna", "Gleb", "ACE-3", 11)
ACE1 = ("Anna", "Boris", "ACE-1", 11)
QUIN2 = [("Vera", "Boris", "QUIN-2", 11), ("Anna", "Boris", "QUIN-2", 11),
         ("Gleb", "Boris", "QUIN-2", 11)]

CLAIMS = [
    # tail, events, led_and_played forfeits, in_play forfeits (modern pays no ACE-3)
    pytest.param(LED_ACE, ["unclaimed 11"], [ACE3], [ACE3], id="CLAIM-1-ACE-3"),
    pytest.param(LED_ACE, ["unclaimed 11 Gleb"], [ACE3], [ACE3], id="CLAIM-1-ACE-3-named"),
    pytest.param(LED_ACE, ["unclaimed 11 Boris"], [], [], id="CLAIM-1-ACE-3-other-name"),
    pytest.param(LED_ACE, ["unclaimed 10"], [], [], id="CLAIM-1-ACE-3-other-trick"),
    pytest.param(ACE_PLACED, ["unclaimed 11"], [], [ACE1], id="CLAIM-1-ACE-1"),
    pytest.param(ACE_PLACED, ["unclaimed 11 Boris"], [], [ACE1], id="CLAIM-1-ACE-1-named"),
    pytest.param(ACE_PLACED, ["unclaimed 11 Anna"], [], [], id="CLAIM-1-ACE-1-payer-named"),
    pytest.param(QUIN_FORCED, ["unclaimed 11"], [], QUIN2, id="CLAIM-1-QUIN-2"),
    pytest.param(QUIN_FORCED, ["unclaimed 11 Boris"], [], QUIN2, id="CLAIM-1-QUIN-2-named"),
    pytest.param(QUIN_PLACED, ["unclaimed 11"], [], [("Anna", "Boris", "QUIN-1", 11)],
                 id="CLAIM-1-QUIN-1-payment-not-taking"),
    pytest.param(["Anna 5S AS 2S 3S", "Boris 4C 6S 7S 8S"], ["unclaimed 10 Anna"], [],
                 [("Boris", "Anna", "ACE-2", 10)], id="CLAIM-1-ACE-2"),
]


@pytest.mark.parametrize("profile", ["classic", "modern"])
@pytest.mark.parametrize("option", ["led_and_played", "in_play"])
@pytest.mark.parametrize("tail, events, led_and_played, in_play", CLAIMS)
def test_CLAIM_1_unclaimed(tail, events, led_and_played, in_play, option, profile):
    overrides = {"claims_required": option}
    plain = run(tail, profile, overrides=overrides)
    s = run(tail, profile, events=events, overrides=overrides)
    keys = led_and_played if option == "led_and_played" else in_play
    expected = _keyed(plain.payments, keys)
    assert len(expected) == len([k for k in keys if k[2] != "ACE-3" or profile == "classic"])
    assert forfeited(s) == expected
    assert rows(s.payments) == sorted(r for r in rows(plain.payments) if r not in expected)
    for p in s.cancelled:
        assert p.reason.endswith(f"it was not claimed in time (CLAIM-1, claims_required = "
                                 f"{option})")


def test_CLAIM_1_the_quinola_pool_taking_and_remise_stand():
    s = run(QUIN_PLACED, events=["unclaimed 11"], overrides={"claims_required": "in_play"})
    assert row("pool", "Boris", 45, "QUIN-1", 11) in rows(s.payments)
    f = run(QUIN_FORCED, "modern", events=["unclaimed 11"])
    assert row("Vera", "pool", 40, "QUIN-2", 11) in rows(f.payments)
    assert any(st.rule == "CLAIM-1" and "leaves it" in st.text for st in s.steps)


def test_CLAIM_1_led_and_played_explains_that_nothing_needed_a_claim():
    s = run(ACE_PLACED, events=["unclaimed 11"])
    assert s.cancelled == ()
    assert any(st.rule == "CLAIM-1" and "nothing that arose in it needs a claim" in st.text
               for st in s.steps)


@pytest.mark.parametrize("events", [["unclaimed 9"], ["unclaimed 9 Vera"], ["unclaimed 8"]])
def test_CLAIM_1_and_REV_4_a_cancelled_payment_is_listed_once(events):
    plain = example("classic-reversis", overrides={"claims_required": "in_play"})
    s = example("classic-reversis", events, overrides={"claims_required": "in_play"})
    assert rows(s.cancelled) == rows(plain.cancelled)
    assert forfeited(s) == []
    assert any(st.rule == "CLAIM-1" and "already cancelled by REV-4" in st.text
               for st in s.steps)


def test_CLAIM_1_and_IRR_4_listed_once():
    s = run(ACE_PLACED, events=["peeked Boris", "unclaimed 11"],
            overrides={"claims_required": "in_play"})
    assert forfeited(s) == [row("Anna", "Boris", 2, "ACE-1", 11)]
    (gone,) = s.cancelled
    assert "(IRR-4)" in gone.reason and "CLAIM-1" not in gone.reason
    assert any(st.rule == "CLAIM-1" and "already forfeited under IRR-4" in st.text
               for st in s.steps)


@pytest.mark.parametrize("events, refunded", [
    ([], True), (["unclaimed 11"], False), (["unclaimed 11 Anna"], False),
    (["unclaimed 11 Boris"], True), (["unclaimed 10"], True),
], ids=["ESP-5-refund", "ESP-5-unclaimed-not-refunded", "ESP-5-unclaimed-named",
        "ESP-5-other-name", "ESP-5-other-trick"])
def test_CLAIM_1_and_ESP_5_refund_only_what_was_received(events, refunded):
    s = run(ESP_TAIL, "modern", takers=ANNA_ONCE, events=events)
    refund = row("Anna", "Boris", 10, "ESP-5", 11)
    assert (refund in rows(s.payments)) == refunded
    assert row("Anna", "pool", 40, "ESP-5") in rows(s.payments)
    assert (row("Boris", "Anna", 5, "QUIN-1", 11) in forfeited(s)) != refunded


# --- every irregularity at once, on random legal deals, every option value ---------------------

@pytest.mark.parametrize("seed", range(8))
def test_random_irregular_sessions_balance(seed):
    import random

    from test_settle_invariants import CHOICES, random_tricks

    rng = random.Random(500 + seed)
    overrides = {n: rng.choice(v) for n, v in CHOICES.items() if rng.random() < 0.5}
    overrides.update({"peek_forfeits": rng.choice(["everything", "quinola_and_reversis"]),
                      "claims_required": rng.choice(["led_and_played", "in_play"]),
                      "revoke_penalty": rng.choice(["remise", "none"])})
    settler = SessionSettler(_profile(("classic", "modern")[seed % 2], overrides), PLAYERS)
    for number in range(1, 16):
        dealer = (number + 2) % 4
        names = list(PLAYERS)
        if rng.random() < 0.15:
            kind = rng.choice(["exposed", "misdeal {d}", "misdeal {d} late"])
            events = [kind.format(d=PLAYERS[dealer])] + (["redeal paid"] if rng.random() < 0.5
                                                         else [])
            deal = make_deal([], dealer=PLAYERS[dealer], number=number, events=events)
        else:
            events = [rng.choice(["peeked {}", "out-of-turn {}", "unclaimed 9 {}",
                                  "unclaimed 10", "unclaimed 11 {}"]).format(rng.choice(names))
                      for _ in range(rng.randrange(4))]
            tricks = random_tricks(rng, (dealer + 1) % 4)
            plain = make_deal(tricks, dealer=PLAYERS[dealer], number=number)
            t = rng.choice(plain.tricks)
            play = rng.choice(t.plays)
            revokes = [Revoke(t.number, play.seat, play.card, play.card)] \
                if rng.random() < 0.3 else []
            deal = make_deal(tricks, dealer=PLAYERS[dealer], number=number, events=events,
                             revokes=revokes)
        s = settler.settle(deal)
        check_invariants(s, deal)
        # a payment forfeited or cancelled is not also made
        made = {(p.payer, p.payee, p.amount, p.rule, p.trick, p.code) for p in s.payments}
        assert not made & {(p.payer, p.payee, p.amount, p.rule, p.trick, p.code)
                           for p in s.cancelled}
    assert sum(settler.totals().values()) + settler.pool == 0
