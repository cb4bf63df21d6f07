"""Invariants on random legal deals, every option value: zero sum, 40 points, exact amounts."""

from __future__ import annotations

import random

import pytest

from settle_helpers import PLAYERS, check_invariants, make_deal
from reversis_cli.cards import PACK, Card
from reversis_cli.rules import OPTIONS, load_profile
from reversis_cli.settle import SessionSettler, settlement_to_json

CHOICES = {name: list(o.values) for name, o in OPTIONS.items() if o.kind == "choice"}
CHOICES.update({name: ["yes", "no"] for name, o in OPTIONS.items() if o.kind == "bool"})
CHOICES.update({name: ["none", "10,11", "11", "9,10,11"]
                for name, o in OPTIONS.items() if o.kind == "tricks"})


def random_tricks(rng: random.Random, first: int) -> list[str]:
    deck = list(PACK)
    rng.shuffle(deck)
    hands = [set(deck[11 * s: 11 * s + 11]) for s in range(4)]
    if rng.random() < 0.3:  # a greedy hand: lots of high cards, reversis-like deals
        best = sorted(deck[:44], key=lambda c: -c.rank)[:11]
        others = [c for c in deck[:44] if c not in best]
        hands = [set(best)] + [set(others[11 * k: 11 * k + 11]) for k in range(3)]
        rng.shuffle(hands)
    tricks, leader = [], first
    for _ in range(11):
        plays: list[Card] = []
        for i in range(4):
            seat = (leader + i) % 4
            hand = hands[seat]
            legal = [c for c in hand if plays and c.suit is plays[0].suit] or list(hand)
            legal.sort(key=lambda c: c.index)
            card = max(legal, key=lambda c: c.rank) if rng.random() < 0.5 else rng.choice(legal)
            plays.append(card)
            hand.discard(card)
        led = plays[0].suit
        taker = (leader + max(range(4), key=lambda i: (plays[i].suit is led, plays[i].rank))) % 4
        tricks.append(" ".join(str(c) for c in plays))
        leader = taker
    return tricks


@pytest.mark.parametrize("seed", range(12))
def test_random_sessions_balance(seed):
    rng = random.Random(seed)
    base = ("classic", "modern")[seed % 2]
    overrides = {n: rng.choice(v) for n, v in CHOICES.items() if rng.random() < 0.5}
    profile = load_profile(base).with_overrides(overrides)
    settler = SessionSettler(profile, PLAYERS)
    for number in range(1, 26):
        dealer = (number + 2) % 4  # Gleb deals first
        deal = make_deal(random_tricks(rng, (dealer + 1) % 4), dealer=PLAYERS[dealer],
                         number=number)
        s = settler.settle(deal)
        check_invariants(s)
        assert s.pool_before >= 0 and s.pool_after >= 0
        js = settlement_to_json(s)
        assert js["pool"]["after"] == js["pool"]["before"] + sum(
            (p.amount if p.payee == "pool" else -p.amount)
            for p in s.payments if "pool" in (p.payer, p.payee))
    assert sum(settler.totals().values()) + settler.pool == 0
