"""Test oracles for the session generator: independent readings of a played deal.

They read the generator's working state (:class:`reversis_cli.simulate.played.PlayedDeal`,
seats and cards) and check it against the rules in their own code, not the
generator's: what is legal (:func:`replay_check`), the revokes, how each ace and
the quinola was played, who wins the partie, the espagnolette's privileged
plays.  Only tests (and tests/tools/make_samples.py) use them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from reversis_cli.cards import PACK, QUINOLA, Card, Rank
from reversis_cli.simulate.played import PlayedDeal
from reversis_cli.simulate.record import DealWriter
from reversis_cli.notation.writer import write_deal

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
# ESP-2 as docs/rules.md says it, not the generator's own constant: the
# espagnolette may renounce freely in tricks 1-9 only.
PRIVILEGED_TRICKS = 9
TRICKS = 11  # docs/rules.md PLAY-1: eleven tricks a deal


def holds_espagnolette(hand: Iterable[Card]) -> bool:
    """ESP-1: four aces, or three aces and the quinola."""
    hand = set(hand)
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    return aces == 4 or (aces == 3 and QUINOLA in hand)


def deal_lines(played: PlayedDeal, players: Sequence[str] = PLAYERS, number: int = 1, *,
               style: str = "ascii", write_hands: bool = False,
               write_exchanges: bool = True) -> list[str]:
    """The deal's lines as ``reversis simulate`` writes them."""
    writer = DealWriter(players, style, write_hands=write_hands,
                        write_exchanges=write_exchanges)
    return write_deal(writer.deal(played, number), style)


# The readings below do not walk the tricks with a running set of the cards
# still held, as the generator does: they ask, of the hands after the
# exchange, in which trick each card left its hand (never, for a kept card).
NEVER = 12  # after the last trick: a card never played is held to the end


def _left_hand_in(record: PlayedDeal) -> dict[Card, int]:
    """The trick in which each card played left its player's hand."""
    return {card: number for number, (_, cards) in enumerate(record.tricks, start=1)
            for card in cards}


def _every_play(record: PlayedDeal) -> list[tuple[int, int, int, Card]]:
    """(trick, place in the trick, seat, card) of every card played."""
    return [(number, place, seat, card) for number in range(1, len(record.tricks) + 1)
            for place, (seat, card) in enumerate(record.plays(number))]


def _could_follow(record: PlayedDeal, left: dict[Card, int], number: int, seat: int,
                  card: Card, suit) -> list[Card]:
    """The other cards of ``suit`` that ``seat`` had in his hand when he
    played ``card`` in trick ``number``: they left it in a later trick, or never."""
    return sorted((c for c in record.hands[seat]
                   if c.suit is suit and c is not card and left.get(c, NEVER) > number),
                  key=lambda c: c.index)


def _led_suit(record: PlayedDeal, number: int):
    return record.tricks[number - 1][1][0].suit


def privileged_plays(record: PlayedDeal) -> list[tuple[int, Card]]:
    """(trick, card) of the espagnolette's off-suit plays made while holding the suit led."""
    left = _left_hand_in(record)
    return [(number, card) for number, place, seat, card in _every_play(record)
            if seat == record.espagnolette and place > 0
            and card.suit is not _led_suit(record, number)
            and _could_follow(record, left, number, seat, card, _led_suit(record, number))]


def revokes(record: PlayedDeal) -> list[tuple[int, int, Card, Card]]:
    """(trick, seat, card played, card of the suit led still held) of each revoke
    (PLAY-4): off the suit led while holding it, outside the espagnolette's ESP-2."""
    left = _left_hand_in(record)
    out = []
    for number, place, seat, card in _every_play(record):
        suit = _led_suit(record, number)
        excused = seat == record.espagnolette and number <= PRIVILEGED_TRICKS
        if place == 0 or card.suit is suit or excused:
            continue
        held = _could_follow(record, left, number, seat, card, suit)
        if held:
            out.append((number, seat, card, held[0]))
    return out


# docs/rules.md, "Placed, forced, led or played" (forced_means = compelled), as
# a table: (he led the trick, the card is of the suit led, he had another of it).
_HOW = {(True, True, True): "led", (True, True, False): "led",
        (False, False, True): "placed", (False, False, False): "placed",
        (False, True, True): "played", (False, True, False): "forced"}


def ace_plays(record: PlayedDeal) -> list[tuple[int, int, Card, str]]:
    """(trick, seat, card, how) for each ace and the quinola played: ``how`` is
    ``led``, ``played``, ``forced`` or ``placed``."""
    left = _left_hand_in(record)
    stars = [(n, place, seat, card) for n, place, seat, card in _every_play(record)
             if card.rank is Rank.ACE or card == QUINOLA]
    return [(n, seat, card,
             _HOW[place == 0, card.suit is _led_suit(record, n),
                  bool(_could_follow(record, left, n, seat, card, _led_suit(record, n)))])
            for n, place, seat, card in stars]


def partie_winner(record: PlayedDeal) -> int:
    """PARTIE-2 with ties to the best seat (SEAT-3): fewest points, then fewest
    tricks; among equals the first of the seats from the dealer backwards."""
    points, tricks = [0] * 4, [0] * 4
    for (_, cards), taker in zip(record.tricks, record.takers, strict=True):
        points[taker] += sum(card.points for card in cards)
        tricks[taker] += 1
    best_seat_first = [(record.dealer - k) % 4 for k in range(4)]
    return min(best_seat_first, key=lambda seat: (points[seat], tricks[seat]))


def replay_check(record: PlayedDeal) -> list[str]:
    """Independent legality check of a record; returns the problems found (empty: legal).

    A deal forced to hold a revoke (``force="revoke"``) may hold exactly one.
    """
    problems: list[str] = []
    if record.void:
        if record.tricks or record.takers or record.dealt or record.partie:
            problems.append("a void deal has no cards and no tricks")
        return problems
    kept = record.event_seat("kept")
    two = record.event_seat("discarded-two")
    for seat in (kept, two):
        if seat == record.dealer:
            problems.append("the dealer cannot keep a talon card or discard two")
    dealt_all = [c for hand in record.dealt for c in hand] + list(record.talon)
    if sorted(dealt_all) != list(PACK):
        problems.append("the deal is not the 48 cards of the pack")
    sizes = [len(h) for h in record.dealt]
    expected = [12 if s == record.dealer else 11 for s in range(4)]
    if sizes != expected:
        problems.append(f"dealt hand sizes {sizes}, expected {expected}")
    if len(record.talon) != 3:
        problems.append("talon is not 3 cards")
    # The exchange, replayed.
    hands = [set(h) for h in record.dealt]
    partie: list[Card] = []
    order = [(record.dealer + k) % 4 for k in (1, 2, 3, 4)]
    if [e.seat for e in record.exchanges] != order:
        problems.append("exchanges not in playing order from first hand, dealer last")
    for ex in record.exchanges:
        allowed = 2 if ex.seat == two else 0 if ex.seat == kept else 1
        if ex.seat == record.dealer:
            if ex.take or ex.refused or len(ex.discards) != 1:
                problems.append("the dealer discards one card and takes none")
        else:
            own = record.talon[(ex.seat - record.dealer) % 4 - 1]
            if ex.refused is not None:
                if ex.refused is not own or ex.discards or ex.take or ex.seat in (kept, two):
                    problems.append(f"bad refusal by seat {ex.seat}")
                partie.append(own)
                continue
            if ex.take is not own:
                problems.append(f"seat {ex.seat} takes {ex.take}, the talon card is {own}")
            if len(ex.discards) != allowed:
                problems.append(f"seat {ex.seat} discards {len(ex.discards)}, allowed {allowed}")
            hands[ex.seat].add(own)
        for card in ex.discards:
            if card not in hands[ex.seat]:
                problems.append(f"seat {ex.seat} discards {card}, not in hand")
            hands[ex.seat].discard(card)
            partie.append(card)
    if [frozenset(h) for h in hands] != list(record.hands):
        problems.append("hands after exchange do not follow from the exchange")
    size = [11 + (s == kept) - (s == two) for s in range(4)]
    if [len(h) for h in hands] != size:
        problems.append(f"hands after exchange hold {[len(h) for h in hands]}, expected {size}")
    partie_size = 4 - (kept is not None) + (two is not None)
    if sorted(partie) != sorted(record.partie) or len(partie) != partie_size:
        problems.append(f"partie is not the {partie_size} cards out of play")
    esp = next((s for s in range(4) if holds_espagnolette(record.hands[s])), None)
    if esp != record.espagnolette:
        problems.append(f"espagnolette recorded {record.espagnolette}, hands say {esp}")
    # The play.
    if len(record.tricks) != TRICKS or len(record.takers) != TRICKS:
        problems.append("a deal has 11 tricks")
    leader = record.first_hand
    remaining = [set(h) for h in record.hands]
    seen: set[Card] = set()
    allowed_revokes = 1 if record.force == "revoke" else 0
    found_revokes = 0
    for number, ((written_leader, cards), taker) in enumerate(
            zip(record.tricks, record.takers, strict=False), start=1):
        seats = [s for s in ((leader + k) % 4 for k in range(4)) if remaining[s]]
        if written_leader != seats[0]:
            problems.append(f"trick {number}: led by {written_leader}, lead was {seats[0]}")
        if len(cards) != len(seats):
            problems.append(f"trick {number}: {len(cards)} cards, {len(seats)} players hold any")
            break
        led = cards[0].suit
        for k, (seat, card) in enumerate(zip(seats, cards, strict=False)):
            if card in seen:
                problems.append(f"trick {number}: {card} played twice")
            seen.add(card)
            if card not in remaining[seat]:
                problems.append(f"trick {number}: seat {seat} does not hold {card}")
            if k and card.suit is not led and any(c.suit is led for c in remaining[seat]):
                if not (seat == record.espagnolette and number <= PRIVILEGED_TRICKS):
                    found_revokes += 1
                    if found_revokes > allowed_revokes:
                        problems.append(f"trick {number}: seat {seat} revokes with {card}")
            remaining[seat].discard(card)
        best = max((k for k in range(len(cards)) if cards[k].suit is led),
                   key=lambda k: cards[k].rank)
        real_taker = seats[best]
        if real_taker != taker:
            problems.append(f"trick {number}: taker {taker}, should be {real_taker}")
        leader = real_taker
    if found_revokes < allowed_revokes:
        problems.append("a revoke was asked for, and there is none")
    unplayed = set().union(*remaining)
    if len(unplayed) != (kept is not None):
        problems.append(f"cards never played: {sorted(unplayed)}")
    if len(seen | set(record.partie) | unplayed) != 48:
        problems.append("played cards, unplayed cards and partie are not the 48 cards")
    return problems
