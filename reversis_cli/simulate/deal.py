"""Dealing the cards (docs/rules.md DEAL-1 to DEAL-3), sometimes loaded for a forced event."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import PACK, Card, sort_cards


def weighted_order(rng: random.Random, cards: Sequence[Card], base: float) -> list[Card]:
    """Cards in a random order favouring high ranks (Efraimidis-Spirakis keys)."""
    keyed = [(rng.random() ** (1.0 / (base ** (c.rank - 2))), c) for c in cards]
    keyed.sort(key=lambda kc: (-kc[0], kc[1].index))
    return [c for _, c in keyed]


def deal_cards(rng: random.Random, dealer: int, special: int | None = None,
               special_cards: Sequence[Card] = (), strength: float = 1.0,
               ) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """DEAL-1: 12 to the dealer, 11 to the others, 3 to the talon.

    ``special`` (a seat) gets ``special_cards`` and, with ``strength`` > 1,
    a hand biased toward high cards.
    """
    deck = [c for c in PACK if c not in special_cards]
    rng.shuffle(deck)
    hands: list[list[Card]] = [[], [], [], []]
    if special is not None:
        size = 12 if special == dealer else 11
        hands[special] = list(special_cards)
        if strength > 1.0:
            picked = weighted_order(rng, deck, strength)[: size - len(special_cards)]
            hands[special] += picked
            deck = [c for c in deck if c not in set(picked)]
        else:
            hands[special] += deck[: size - len(special_cards)]
            deck = deck[size - len(special_cards):]
    for seat in range(4):
        if seat == special:
            continue
        size = 12 if seat == dealer else 11
        hands[seat], deck = deck[:size], deck[size:]
    talon = tuple(deck)
    assert len(talon) == 3
    return [tuple(sort_cards(h)) for h in hands], talon

