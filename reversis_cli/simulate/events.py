"""Forcing rare and irregular events into a deal.

A forced deal is found by rejection sampling: it is dealt and played with
further draws from the session's ``random.Random`` until the event happens,
within a bounded number of attempts (:class:`GenerationError` when exhausted).

Rare events (``force=``):

``"reversis"``
    one player is dealt a strong hand and plays to take every trick while the
    others duck; the deal is redrawn until he really takes all eleven (REV-1).
``"broken_reversis"``
    the same, until he takes the first nine tricks and another player takes
    trick 10 or 11 (REV-2, REV-3).
``"espagnolette"``
    a player holds four aces, or three aces and the quinola, after the
    exchange (ESP-1) and uses his privilege (ESP-2): in tricks 1-9 he plays
    off the suit led while holding it, at least once.

Irregular deals (docs/rules.md IRR-0 to IRR-7, CLAIM-1).  The void ones have
no tricks and decide who deals next (:func:`.played.dealer_after`):
``"exposed"`` (IRR-1, the same dealer deals again), ``"misdeal"`` (IRR-2, the
deal passes), ``"misdeal_redeal"`` (IRR-2 with ``redeal paid``, the same
dealer again), ``"misdeal_late"`` (IRR-3, the deal passes).  The others are
played out: ``"peeked"`` (IRR-4: a non-dealer who discarded and took his
talon card), ``"kept"`` (IRR-4: a non-dealer took his talon card without
discarding; he plays 11 of his 12 and the partie holds 3),
``"discarded_two"`` (IRR-5: he plays 10, is skipped in trick 11 and never
takes trick 10; the partie holds 5), ``"out_of_turn"`` (IRR-6: a player, not
first hand, who discarded), ``"revoke"`` (PLAY-4, IRR-7: two of one player's
cards are swapped between two tricks so that every trick keeps its taker and
there is exactly one revoke) and ``"unclaimed"`` (CLAIM-1: an ace led or
played in trick T, the only ace or quinola of that trick, by a player other
than the partie winner; the winner is named half the time).

The played irregular deals hold no reversis (made or broken) and no
espagnolette, so that the irregularity is the only event.
"""

from __future__ import annotations

import dataclasses
import random

from ..cards import PACK, QUINOLA, Card, sort_cards
from ..replay.rules_of_play import (
    TRICKS_PER_DEAL, fallen_by_follow, fallen_by_lead, is_espagnolette, may_renounce,
    partie_winner_by_seat, revoke_evidence, taking_index,
)
from .deal import deal_cards
from .play import Table, exchange
from .played import PlayedDeal, SeatEvent

__all__ = [
    "RARE_MODES", "VOID_MODES", "PLAYED_IRREGULAR_MODES", "IRREGULAR_MODES", "FORCE_MODES",
    "MAX_ATTEMPTS", "GenerationError", "generate_deal",
]

RARE_MODES = ("reversis", "broken_reversis", "espagnolette")
VOID_MODES = ("exposed", "misdeal", "misdeal_redeal", "misdeal_late")
PLAYED_IRREGULAR_MODES = ("peeked", "kept", "discarded_two", "out_of_turn", "revoke",
                          "unclaimed")
IRREGULAR_MODES = VOID_MODES + PLAYED_IRREGULAR_MODES
FORCE_MODES = (None,) + RARE_MODES + IRREGULAR_MODES
MAX_ATTEMPTS = 5000


class GenerationError(RuntimeError):
    """No deal with the requested property was found within the attempt budget."""


def generate_deal(rng: random.Random, dealer_seat: int, *, force: str | None = None,
                  max_attempts: int = MAX_ATTEMPTS) -> PlayedDeal:
    """Deal, exchange and play one deal with ``dealer_seat`` dealing.

    ``force`` asks for a rare event or an irregularity (see the module
    docstring); the deal is redrawn with further draws from ``rng`` until it
    happens.  A void deal (``exposed``, ``misdeal*``) draws nothing.
    """
    if force not in FORCE_MODES:
        raise ValueError(f"unknown force mode {force!r}; use one of {FORCE_MODES}")
    if not 0 <= dealer_seat < 4:
        raise ValueError("dealer_seat is 0..3")
    if force in VOID_MODES:
        return _void_deal(dealer_seat, force)
    for _ in range(max_attempts):
        played = _one_deal(rng, dealer_seat, force)
        if _satisfies(played, force):
            decorated = _decorate(rng, played, force)
            if decorated is not None:
                return decorated
    raise GenerationError(f"no {force} deal found in {max_attempts} attempts")


def _void_deal(dealer: int, force: str) -> PlayedDeal:
    """IRR-0: a void deal is its event lines and nothing else."""
    events = {
        "exposed": (SeatEvent("exposed"),),
        "misdeal": (SeatEvent("misdeal", dealer),),
        "misdeal_redeal": (SeatEvent("misdeal", dealer), SeatEvent("redeal")),
        "misdeal_late": (SeatEvent("misdeal", dealer, late=True),),
    }[force]
    return PlayedDeal(dealer=dealer, dealt=(), talon=(), exchanges=(), hands=(), partie=(),
                      tricks=(), takers=(), force=force, events=events)


def _one_deal(rng: random.Random, dealer: int, force: str | None) -> PlayedDeal:
    aspirant = None
    special, strength = None, 1.0
    special_cards: tuple[Card, ...] = ()
    kept = two = None
    if force in ("reversis", "broken_reversis"):
        aspirant = rng.randrange(4)
        special, strength = aspirant, 1.3
    elif force == "espagnolette":
        special = rng.randrange(4)
        aces = [c for c in PACK if c.is_ace]
        if rng.random() < 0.5:
            special_cards = tuple(aces)
        else:
            special_cards = tuple(sort_cards(rng.sample(aces, 3))) + (QUINOLA,)
    elif force == "kept":
        kept = (dealer + rng.randrange(1, 4)) % 4
    elif force == "discarded_two":
        two = (dealer + rng.randrange(1, 4)) % 4
    dealt, talon = deal_cards(rng, dealer, special, special_cards, strength)
    hands, exchanges, partie, discards = exchange(rng, dealt, talon, dealer, aspirant,
                                                  kept, two)
    espagnolette = next((s for s in range(4) if is_espagnolette(hands[s])), None)
    table = Table(rng, [set(h) for h in hands], (dealer + 1) % 4, aspirant, espagnolette,
                  discards)
    tricks, takers = table.play()
    events: tuple[SeatEvent, ...] = ()
    if kept is not None:
        events = (SeatEvent("kept", kept),)
    elif two is not None:
        events = (SeatEvent("discarded-two", two),)
    return PlayedDeal(
        dealer=dealer, dealt=tuple(dealt), talon=tuple(talon), exchanges=exchanges,
        hands=tuple(frozenset(h) for h in hands), partie=partie,
        tricks=tuple(tricks), takers=tuple(takers), espagnolette=espagnolette, force=force,
        events=events)


def _satisfies(record: PlayedDeal, force: str | None) -> bool:
    if force is None:
        return True
    if force == "reversis":
        return record.reversis is not None and record.espagnolette is None
    if force == "broken_reversis":
        return record.broken_reversis is not None and record.espagnolette is None
    if force == "espagnolette":
        return (record.espagnolette is not None and record.reversis is None
                and record.broken_reversis is None and bool(_privileged_plays(record)))
    if force in PLAYED_IRREGULAR_MODES:
        plain = (record.espagnolette is None and record.reversis is None
                 and record.broken_reversis is None)
        if force == "discarded_two":  # he must not have the lead to trick 11 with no card
            return plain and record.takers[9] != record.event_seat("discarded-two")
        return plain
    raise ValueError(f"unknown force mode {force!r}; use one of {FORCE_MODES}")


def _make_revoke(rng: random.Random, record: PlayedDeal) -> PlayedDeal | None:
    """Swap two cards of one player between two tricks so that exactly one revoke
    appears and every trick keeps its taker (and so its leader)."""
    tricks = [list(cards) for _, cards in record.tricks]
    leaders = [leader for leader, _ in record.tricks]
    candidates = []
    for i in range(1, TRICKS_PER_DEAL):
        for j in range(i + 1, TRICKS_PER_DEAL + 1):
            for ki in range(1, 4):
                seat = (leaders[i - 1] + ki) % 4
                kj = (seat - leaders[j - 1]) % 4
                x, y = tricks[i - 1][ki], tricks[j - 1][kj]
                if x.suit is y.suit:
                    continue
                new = [list(t) for t in tricks]
                new[i - 1][ki], new[j - 1][kj] = y, x
                candidate = dataclasses.replace(
                    record, tricks=tuple(zip(leaders, (tuple(t) for t in new), strict=True)))
                found = _revokers(candidate)
                if found != [seat]:
                    continue
                if _takers(candidate) == list(record.takers):
                    candidates.append(candidate)
    return rng.choice(candidates) if candidates else None


def _takers(record: PlayedDeal) -> list[int]:
    out = []
    for number in range(1, len(record.tricks) + 1):
        plays = record.plays(number)
        out.append(plays[taking_index([card for _, card in plays])][0])
    return out


def _decorate(rng: random.Random, record: PlayedDeal, force: str | None) -> PlayedDeal | None:
    """Add what a played irregularity needs beyond the play itself (None: redraw)."""
    if force == "peeked":
        seats = [e.seat for e in record.exchanges
                 if e.seat != record.dealer and e.take is not None]
        return (dataclasses.replace(record, events=(SeatEvent("peeked", rng.choice(seats)),))
                if seats else None)
    if force == "out_of_turn":
        seats = [e.seat for e in record.exchanges[1:] if e.discards]
        return (dataclasses.replace(record, events=(SeatEvent("out-of-turn", rng.choice(seats)),))
                if seats else None)
    if force == "revoke":
        return _make_revoke(rng, record)
    if force == "unclaimed":
        # An ace led or played (ACE-3, due to the partie winner) in a trick with no
        # other ace or quinola, so that the line forfeits that one payment.
        winner = _partie_winner(record)
        stars = _ace_plays(record)
        alone = {n for n, *_ in stars if sum(m == n for m, *_ in stars) == 1}
        aces = [(n, seat) for n, seat, card, how in stars
                if card.is_ace and how in ("led", "played") and seat != winner and n in alone]
        if not aces:
            return None
        trick, _ = rng.choice(aces)
        name = winner if rng.random() < 0.5 else None
        return dataclasses.replace(record, events=(SeatEvent("unclaimed", name, trick=trick),))
    return record


# --- what the forcing looks at in a played deal ---------------------------------
# (tests/simulate_oracles.py checks the generator with its own, separate readings.)


def _privileged_plays(played: PlayedDeal) -> list[int]:
    """Tricks where the espagnolette plays off the suit led while holding it (ESP-2)."""
    seat = played.espagnolette
    if seat is None:
        return []
    out = []
    held = set(played.hands[seat])
    for number in range(1, len(played.tricks) + 1):
        plays = played.plays(number)
        led = plays[0][1].suit
        if any(who == seat and revoke_evidence(card, led, held) for who, card in plays[1:]):
            out.append(number)
        held.difference_update(card for who, card in plays if who == seat)
    return out


def _revokers(played: PlayedDeal) -> list[int]:
    """The seat of each revoke (PLAY-4): off the suit led while holding it, outside ESP-2."""
    out = []
    remaining = [set(h) for h in played.hands]
    for number in range(1, len(played.tricks) + 1):
        plays = played.plays(number)
        led = plays[0][1].suit
        for seat, card in plays[1:]:
            if (revoke_evidence(card, led, remaining[seat])
                    and not may_renounce(number, seat, played.espagnolette)):
                out.append(seat)
        for seat, card in plays:
            remaining[seat].discard(card)
    return out


def _ace_plays(played: PlayedDeal) -> list[tuple[int, int, Card, str]]:
    """(trick, seat, card, how) for each ace and the quinola played: ``how`` is
    ``led``, ``played``, ``forced`` or ``placed`` (docs/rules.md, "Placed, forced,
    led or played"; ``forced_means = compelled``)."""
    out = []
    remaining = [set(h) for h in played.hands]
    for number in range(1, len(played.tricks) + 1):
        plays = played.plays(number)
        led = plays[0][1].suit
        for k, (seat, card) in enumerate(plays):
            if card.is_ace or card.is_quinola:
                how = fallen_by_lead(card, led, k == 0) or fallen_by_follow(
                    any(c.suit is led and c is not card for c in remaining[seat]))
                out.append((number, seat, card, how))
        for seat, card in plays:
            remaining[seat].discard(card)
    return out


def _partie_winner(played: PlayedDeal) -> int:
    """PARTIE-2 with ties to the best seat (SEAT-3)."""
    return partie_winner_by_seat(played.points_won(), played.tricks_won(), played.dealer)
