"""The players' policy: what they discard in the exchange and what they play.

A simple but plausible Reversis policy: the aim of the game is *not* to take
points, so players duck, renounce their most dangerous cards and keep the
quinola and aces out of the tricks they might take.  A reversis aspirant (a
forced event) plays to take every trick, and the others try to break him.
Every choice draws from the one ``random.Random`` of the session.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from ..cards import PACK, QUINOLA, Card, Rank, Suit, sort_cards
from ..replay.rules_of_play import TRICKS_PER_DEAL, may_renounce, taking_index
from .played import Swap

_ACE_OF_DIAMONDS = Card(Rank.ACE, Suit.DIAMONDS)


def _danger(card: Card) -> tuple:
    """How much a player wants to be rid of a card: quinola, aces, points, rank."""
    return (card.is_quinola, card.is_ace, card is _ACE_OF_DIAMONDS,
            card.points, card.rank, -card.index)


def _top(cards: Sequence[Card]) -> Rank:
    """The rank to beat: the rank of the card taking the trick so far (PLAY-3)."""
    return cards[taking_index(cards)].rank


def _suit_of(hand: Iterable[Card], suit: Suit) -> list[Card]:
    return [c for c in hand if c.suit is suit]


def _lowest(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.is_quinola, c.index))


def _highest(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: (c.rank, -c.index))


class Table:
    """The state of one deal in play, and the players' policies."""

    def __init__(self, rng: random.Random, hands: list[set[Card]], first: int,
                 aspirant: int | None, espagnolette: int | None,
                 discards: Mapping[int, Card | None]):
        self.rng = rng
        self.hands = hands
        self.first = first
        self.aspirant = aspirant
        self.espagnolette = espagnolette
        self.played: set[Card] = set()
        self.discards = discards
        self.takers: list[int] = []
        self.leader = first
        self.seats = [(first + k) % 4 for k in range(4)]

    def play(self) -> tuple[list[tuple[int, tuple[Card, ...]]], list[int]]:
        tricks: list[tuple[int, tuple[Card, ...]]] = []
        takers = self.takers
        leader = self.first
        for number in range(1, TRICKS_PER_DEAL + 1):
            # A player with no card left (IRR-5) is skipped.
            self.seats = [s for s in ((leader + k) % 4 for k in range(4)) if self.hands[s]]
            self.leader = leader = self.seats[0]
            cards: list[Card] = []
            for seat in self.seats:
                card = self.choose(seat, number, cards)
                self.hands[seat].remove(card)
                cards.append(card)
            self.played.update(cards)
            taker = self.seats[taking_index(cards)]
            tricks.append((leader, tuple(cards)))
            takers.append(taker)
            leader = taker
        return tricks, takers

    # -- choosing a card --------------------------------------------------------

    def choose(self, seat: int, number: int, cards: list[Card]) -> Card:
        hand = self.hands[seat]
        if seat == self.aspirant:
            return self._attack(seat, cards)
        if not cards:
            return self._lead(hand)
        led = cards[0].suit
        follow = _suit_of(hand, led)
        if may_renounce(number, seat, self.espagnolette):
            card = self._privileged(hand, cards, follow)
            if card is not None:
                return card
        if not follow:
            return self._renounce(hand)
        breaker = self._break(seat, cards, follow)
        if breaker is not None:
            return breaker
        return self._duck(follow, cards, last=len(cards) == len(self.seats) - 1)

    def _break(self, seat: int, cards: list[Card], follow: list[Card]) -> Card | None:
        """Against a player who has taken every trick so far, take this one if possible."""
        done = len(self.takers)
        if done < 4 or len(set(self.takers)) != 1 or self.takers[0] == seat:
            return None
        runner = self.takers[0]
        winning = taking_index(cards)
        if self.seats[winning] != runner:
            return None
        over = [c for c in follow if c.rank > cards[winning].rank]
        if over and self.rng.random() < 0.8:
            return _lowest(over)
        return None

    def _lead(self, hand: set[Card]) -> Card:
        """Lead a low card; never an ace or the quinola while anything else is left."""
        safe = [c for c in hand if not c.is_ace and not c.is_quinola] or list(hand)
        low = min(c.rank for c in safe)
        choices = sort_cards(c for c in safe if c.rank <= low + self.rng.choice((0, 0, 1, 2)))
        return self.rng.choice(choices)

    def _duck(self, follow: list[Card], cards: list[Card], last: bool) -> Card:
        top = _top(cards)
        under = [c for c in follow if c.rank < top]
        over = [c for c in follow if c.rank > top]
        plain_under = [c for c in under if not c.is_quinola]
        if plain_under:
            return _highest(plain_under)
        if under:  # only the quinola stays under: play it, or take the trick instead
            if over and self.rng.random() < 0.5:
                return _lowest(over)
            return under[0]
        # Every card takes the trick: last to play, take it with the highest;
        # otherwise the lowest, hoping someone goes over.
        return _highest(over) if last else _lowest(over)

    def _renounce(self, hand: set[Card]) -> Card:
        return max(hand, key=_danger)

    def _privileged(self, hand: set[Card], cards: list[Card], follow: list[Card]) -> Card | None:
        """ESP-2 in tricks 1-9: place the quinola and aces off the suit led; never take a trick."""
        led = cards[0].suit
        off = [c for c in hand if c.suit is not led]
        if not off:
            return None
        stars = [c for c in off if c.is_ace or c.is_quinola]
        if stars:
            return max(stars, key=_danger)
        top = _top(cards)
        if follow and not any(c.rank < top for c in follow):
            return max(off, key=_danger)  # following would take the trick: renounce instead
        return None

    def _attack(self, seat: int, cards: list[Card]) -> Card:
        """The reversis aspirant: take every trick."""
        hand = self.hands[seat]
        own = self.discards.get(seat)
        unseen = set(PACK) - self.played - hand - ({own} if own else set())
        if not cards:
            masters = [c for c in hand
                       if not any(u.suit is c.suit and u.rank > c.rank for u in unseen)]
            if masters:
                # Cash masters from the suit the others are shortest in first.
                return max(masters, key=lambda c: (-sum(u.suit is c.suit for u in unseen),
                                                   len(_suit_of(hand, c.suit)), c.rank, -c.index))
            longest = max(Suit, key=lambda s: (len(_suit_of(hand, s)), -list(Suit).index(s)))
            return _highest(_suit_of(hand, longest))
        led = cards[0].suit
        follow = _suit_of(hand, led)
        if not follow:
            # Keep the masters: throw the lowest card of the shortest suit.
            return min(hand, key=lambda c: (len(_suit_of(hand, c.suit)), c.rank, c.index))
        top = _top(cards)
        winners = [c for c in follow if c.rank > top]
        if not winners:
            return _lowest(follow)
        return _lowest(winners) if len(cards) == len(self.seats) - 1 else _highest(winners)


def _exchange_discard(rng: random.Random, hand: set[Card], keep: set[Card]) -> Card:
    """Which card a player puts out: usually his most dangerous, sometimes one to void a suit."""
    choices = [c for c in hand if c not in keep] or list(hand)
    if rng.random() < 0.75:
        return max(choices, key=_danger)
    counts = {s: len(_suit_of(hand, s)) for s in Suit}
    return max(choices, key=lambda c: (-counts[c.suit], c.rank, -c.index))


def _esp_keep(hand: set[Card]) -> set[Card]:
    """A player with three or four aces keeps them and the quinola (hoping for ESP-1)."""
    aces = {c for c in hand if c.is_ace}
    if len(aces) >= 3:
        return aces | ({QUINOLA} & hand)
    return set()


Exchanged = tuple[list[set[Card]], tuple[Swap, ...], tuple[Card, ...], dict[int, Card | None]]


def exchange(rng: random.Random, dealt: Sequence[Sequence[Card]], talon: Sequence[Card],
             dealer: int, aspirant: int | None, kept: int | None = None,
             two: int | None = None) -> Exchanged:
    """DEAL-3, from first hand to the dealer: the hands after it, each player's part,
    the partie, and the card each put out (None: none).

    ``kept`` takes his talon card without discarding (IRR-4), ``two`` discards two
    cards and takes his (IRR-5)."""
    hands = [set(h) for h in dealt]
    exchanges: list[Swap] = []
    partie: list[Card] = []
    discards: dict[int, Card | None] = {}
    for k in (1, 2, 3, 4):
        seat = (dealer + k) % 4
        hand = hands[seat]
        if seat == kept:
            own = talon[k - 1]
            hand.add(own)
            exchanges.append(Swap(seat, take=own))
            discards[seat] = None
            continue
        if seat == two:
            keep = _esp_keep(hand)
            first = _exchange_discard(rng, hand, keep)
            second = _exchange_discard(rng, hand - {first}, keep)
            own = talon[k - 1]
            hand -= {first, second}
            hand.add(own)
            exchanges.append(Swap(seat, discard=first, take=own, discard2=second))
            partie += [first, second]
            discards[seat] = first
            continue
        if seat == aspirant:
            # Weakest card out: the lowest of his shortest suit.
            discard = min(hand, key=lambda c: (len(_suit_of(hand, c.suit)), c.rank, c.index))
        else:
            discard = _exchange_discard(rng, hand, _esp_keep(hand))
        if seat == dealer:
            hand.discard(discard)
            exchanges.append(Swap(seat, discard=discard))
            partie.append(discard)
            discards[seat] = discard
            continue
        own = talon[k - 1]
        if seat != aspirant and rng.random() < 0.15:
            exchanges.append(Swap(seat, refused=own, seen=rng.random() < 0.5))
            partie.append(own)
            discards[seat] = None
            continue
        hand.discard(discard)
        hand.add(own)
        exchanges.append(Swap(seat, discard=discard, take=own))
        partie.append(discard)
        discards[seat] = discard
    return hands, tuple(exchanges), tuple(partie), discards

