"""The rules of play, each stated once: what a trick is, who takes it, what
is a revoke, how an ace or the quinola fell, who is the espagnolette and how
the partie ranks the players (docs/rules.md PLAY, ESP, PARTIE, SEAT).

These read seats (0-3 in playing order) and cards only, so that every part of
the package can ask them: the replay (:mod:`.play`), the settlement
(``settle/``), the generator (``simulate/``) and the CSV reader
(``convert/``).  One place states a rule in its own inlined form: the replay
of a plain deal (:mod:`.plain`), a named fast path that
tests/test_replay_plain.py holds to the full walk.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import PACK, QUINOLA, Card, Rank, Suit

__all__ = [
    "TRICKS_PER_DEAL", "PRIVILEGED_TRICKS", "MUST_FOLLOW_TRICKS", "taking_index",
    "may_renounce", "revoke_evidence", "fallen_by_lead", "fallen_by_follow",
    "is_espagnolette", "seat_rank", "partie_standing", "partie_winner_by_seat",
    "vis_a_vis", "UNDERTAKEN_TRICKS", "reversis_maker", "reversis_breach", "PLAYING_ORDERS",
]

# SEAT-1: the playing order of a trick from each leader (seats turn to the right).
PLAYING_ORDERS = tuple(tuple((leader + k) % 4 for k in range(4)) for leader in range(4))

TRICKS_PER_DEAL = 11
PRIVILEGED_TRICKS = 9  # ESP-2: the espagnolette may renounce freely in tricks 1-9
# ESP-2, ESP-4: the tricks after the privilege, where the espagnolette must follow suit
MUST_FOLLOW_TRICKS = tuple(range(PRIVILEGED_TRICKS + 1, TRICKS_PER_DEAL + 1))
UNDERTAKEN_TRICKS = 9  # REV-2: taking the first nine tricks undertakes a reversis


def taking_index(cards: Sequence[Card]) -> int:
    """PLAY-3: the place, in playing order, of the card that takes the trick:
    the highest card of the suit led (the first card)."""
    led = cards[0].suit
    best = 0
    for k in range(1, len(cards)):
        card = cards[k]
        if card.suit is led and card.rank > cards[best].rank:
            best = k
    return best


def may_renounce(trick_number: int, seat: int, espagnolette: int | None) -> bool:
    """ESP-2: whether ``seat`` may play off the suit led while holding it:
    only the espagnolette (who has not waived: ESP-3, the caller's ``None``),
    and only in tricks 1-9."""
    return seat == espagnolette and trick_number <= PRIVILEGED_TRICKS


def revoke_evidence(card: Card, led: Suit, still_held: Iterable[Card]) -> list[Card]:
    """PLAY-4: the cards of the suit led a player still held when he played
    ``card`` off it (empty when he followed suit, or could not).  Any card
    here makes the play a revoke, unless :func:`may_renounce` excuses it."""
    if card.suit is led:
        return []
    return [c for c in still_held if c.suit is led]


def fallen_by_lead(card: Card, led: Suit, leads: bool) -> str | None:
    """How an ace or the quinola fell (docs/rules.md, "Placed, forced, led or
    played"), as far as the lead tells: ``led`` when its player led the trick,
    ``placed`` when it is off the suit led; None when it followed suit (then
    :func:`fallen_by_follow` tells)."""
    if leads:
        return "led"
    if card.suit is not led:
        return "placed"
    return None


def fallen_by_follow(held_another_of_suit: bool) -> str:
    """A card that followed suit (``forced_means = compelled``): ``played`` when
    its player held another card of the suit led and could have played it
    instead, ``forced`` when it was his only one."""
    return "played" if held_another_of_suit else "forced"


_ACES = tuple(c for c in PACK if c.rank is Rank.ACE)


def is_espagnolette(hand: frozenset[Card] | set[Card]) -> bool:
    """ESP-1: four aces, or three aces and the quinola."""
    aces = sum(ace in hand for ace in _ACES)
    return aces == 4 or (aces == 3 and QUINOLA in hand)


def vis_a_vis(a: int, b: int) -> bool:
    """SEAT-1: two players two places apart in playing order sit opposite."""
    return (a - b) % 4 == 2


def reversis_maker(takers: Sequence[int]) -> int | None:
    """REV-1: the seat that took every trick of the deal, if one did."""
    if takers and len(set(takers)) == 1:
        return takers[0]
    return None


def reversis_breach(takers: Sequence[int]) -> tuple[int, int] | None:
    """REV-2, REV-3: (the undertaker, the index of the first trick another
    took) when one seat took the first nine tricks but not every trick."""
    first = takers[:UNDERTAKEN_TRICKS]
    if len(first) < UNDERTAKEN_TRICKS or len(set(first)) != 1:
        return None
    undertaker = first[0]
    broken = next((k for k, taker in enumerate(takers) if taker != undertaker), None)
    return None if broken is None else (undertaker, broken)


def seat_rank(dealer: int, seat: int) -> int:
    """SEAT-3: 0 for the dealer (the best seat) up to 3 for first hand (the worst)."""
    return (dealer - seat) % 4


def partie_standing(points: Sequence[int], tricks: Sequence[int]
                    ) -> tuple[tuple[int, int], ...]:
    """PARTIE-2, PARTIE-3: what ranks each seat for the partie, best lowest:
    its card points, then its tricks."""
    return tuple(zip(points, tricks, strict=True))


def partie_winner_by_seat(points: Sequence[int], tricks: Sequence[int], dealer: int) -> int:
    """PARTIE-2 with ties to the best seat (SEAT-3).  The settlement walks the
    same ranking step by step, with the ``partie_ties`` option
    (settle/partie.py, from :func:`partie_standing` and :func:`seat_rank`)."""
    standing = partie_standing(points, tricks)
    return min(range(4), key=lambda s: (standing[s], seat_rank(dealer, s)))
