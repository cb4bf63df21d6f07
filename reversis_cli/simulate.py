"""A seeded generator of legal Reversis sessions, written as ``.rvs`` text.

The generator deals (docs/rules.md DEAL-1 to DEAL-3), exchanges and plays whole
deals with a simple but plausible Reversis policy — the aim of the game is
*not* to take points — and writes them in the notation of docs/notation.md.
Everything is driven by one ``random.Random``: the same seed gives the same
text, byte for byte.

Rare events can be forced per deal (``force=``):

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

Irregular deals (docs/rules.md IRR-0 to IRR-7, CLAIM-1) can be forced too.  The
void ones have no tricks (docs/notation.md) and decide who deals next
(:func:`dealer_after`):

``"exposed"``
    a card exposed in dealing (IRR-1): ``exposed``; the same dealer deals again.
``"misdeal"``
    ``misdeal DEALER`` (IRR-2); the deal passes to the next player.
``"misdeal_redeal"``
    ``misdeal DEALER`` and ``redeal paid`` (IRR-2); the same dealer deals again.
``"misdeal_late"``
    ``misdeal DEALER late`` (IRR-3); the deal passes to the next player.

The others are played out:

``"peeked"``
    ``peeked NAME``: a non-dealer who discarded and took his talon card (IRR-4).
``"kept"``
    ``kept NAME``: a non-dealer took his talon card without discarding; he
    holds 12 cards and plays 11, and the partie holds 3 (IRR-4).
``"discarded_two"``
    ``discarded-two NAME``: a non-dealer discarded two cards and took his
    talon card; he plays 10, is skipped in trick 11 (which has three cards)
    and the partie holds 5 (IRR-5).  He never takes trick 10, so he never
    has the lead to trick 11 with no card left.
``"out_of_turn"``
    ``out-of-turn NAME``: a player (not first hand) who discarded (IRR-6).
``"revoke"``
    one player renounces once while still holding the suit led, and plays
    that suit later (PLAY-4, IRR-7): two of his cards are swapped between two
    tricks so that every trick keeps its taker and there is exactly one revoke.
``"unclaimed"``
    ``unclaimed T`` or ``unclaimed T NAME`` (CLAIM-1): an ace is led or
    played in trick T (ACE-3), the only ace or quinola of that trick, by a
    player other than the partie winner; NAME, when written, is the partie
    winner (:func:`partie_winner`), to whom that payment is due.

The played irregular deals hold no reversis (made or broken) and no
espagnolette, so that the irregularity is the only event.  :func:`format_deal`
always writes the lines an irregularity needs to be read unambiguously: the
irregular player's exchange line, and for ``kept`` his hand as dealt and the
partie, for ``discarded_two`` the partie.

Forced deals are found by rejection sampling with the same ``rng`` and a
bounded number of attempts (:class:`GenerationError` when exhausted).

Public API: :func:`generate_session`, :func:`generate_deal`,
:func:`format_deal`, :func:`format_header`, :func:`dealer_after`,
:class:`DealRecord`, :class:`Exchange`, :class:`Event`, :func:`replay_check`,
:func:`revokes`, :func:`ace_plays`, :func:`partie_winner`, and
:func:`simulate_session` (``reversis simulate``: a realistic mix of rare events,
written piece by piece).
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Mapping, Sequence

from .cards import PACK, QUINOLA, Card, Rank, Suit, sort_cards

__all__ = [
    "DEFAULT_PLAYERS", "FORCE_MODES", "RARE_MODES", "VOID_MODES", "IRREGULAR_MODES",
    "GenerationError", "Exchange", "Event", "DealRecord",
    "generate_deal", "format_deal", "format_header", "generate_session", "dealer_after",
    "is_espagnolette", "privileged_plays", "replay_check", "revokes", "ace_plays",
    "partie_winner", "simulate_session", "DEFAULT_EVENT_RATE", "EVENT_MIX",
]

DEFAULT_PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
RARE_MODES = ("reversis", "broken_reversis", "espagnolette")
VOID_MODES = ("exposed", "misdeal", "misdeal_redeal", "misdeal_late")
PLAYED_IRREGULAR_MODES = ("peeked", "kept", "discarded_two", "out_of_turn", "revoke",
                          "unclaimed")
IRREGULAR_MODES = VOID_MODES + PLAYED_IRREGULAR_MODES
FORCE_MODES = (None,) + RARE_MODES + IRREGULAR_MODES
TRICKS = 11
PRIVILEGED_TRICKS = 9  # ESP-2
MAX_ATTEMPTS = 5000

CardStyle = str | Callable[[Card], str]


class GenerationError(RuntimeError):
    """No deal with the requested property was found within the attempt budget."""


@dataclass(frozen=True, slots=True)
class Exchange:
    """One player's part of the exchange (DEAL-3).

    ``discard`` is the card put out (None when he refused); ``take`` the talon
    card he took (None for the dealer and for a refusal); ``refused`` the talon
    card he refused, which goes to the partie; ``seen`` whether the record says
    he looked at the refused card (``refuses sees X``).
    """

    seat: int
    discard: Card | None = None
    take: Card | None = None
    refused: Card | None = None
    seen: bool = False
    discard2: Card | None = None  # IRR-5: a second card discarded

    @property
    def discards(self) -> tuple[Card, ...]:
        """The cards he put out: none (refused, or kept: IRR-4), one, or two (IRR-5)."""
        return tuple(c for c in (self.discard, self.discard2) if c is not None)


@dataclass(frozen=True, slots=True)
class Event:
    """An event line of a deal (docs/notation.md, "Events").

    ``kind`` is the keyword (``exposed``, ``misdeal``, ``redeal``, ``peeked``,
    ``kept``, ``discarded-two``, ``out-of-turn``, ``unclaimed``); ``seat`` the
    player named (or None), ``trick`` the trick of ``unclaimed`` and ``late``
    marks ``misdeal NAME late``.
    """

    kind: str
    seat: int | None = None
    trick: int | None = None
    late: bool = False

    def text(self, players: Sequence[str]) -> str:
        name = players[self.seat] if self.seat is not None else None
        if self.kind == "redeal":
            return "redeal paid"
        if self.kind == "unclaimed":
            return f"unclaimed {self.trick}" + (f" {name}" if name else "")
        if self.kind == "misdeal":
            return f"misdeal {name}" + (" late" if self.late else "")
        return self.kind + (f" {name}" if name else "")


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal as played.  Seats index the players in playing order.

    ``dealt`` are the hands as dealt (sorted; the dealer's has 12 cards),
    ``talon`` the three talon cards in order (DEAL-2: the k-th belongs to the
    k-th player after the dealer), ``exchanges`` in playing order from first
    hand with the dealer last, ``hands`` the hands after the exchange,
    ``partie`` the cards out of play (four, or as IRR-4/IRR-5 change it),
    ``tricks`` pairs of (leader seat, cards in playing order from the leader;
    a player with no card left is skipped), ``takers`` the taker of each
    trick, ``espagnolette`` the seat holding one (ESP-1) or None, ``force``
    the event the deal was generated for and ``events`` the event lines it
    writes.  A void deal (misdeal, exposed card) has no cards at all.
    """

    dealer: int
    dealt: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]
    exchanges: tuple[Exchange, ...]
    hands: tuple[frozenset[Card], ...]
    partie: tuple[Card, ...]
    tricks: tuple[tuple[int, tuple[Card, ...]], ...]
    takers: tuple[int, ...]
    espagnolette: int | None = None
    force: str | None = None
    events: tuple[Event, ...] = ()

    @property
    def first_hand(self) -> int:
        return (self.dealer + 1) % 4

    @property
    def void(self) -> bool:
        """A misdeal or an exposed card: no tricks (IRR-0)."""
        return any(e.kind in ("misdeal", "exposed") for e in self.events)

    def event_seat(self, kind: str) -> int | None:
        """The player named by the first event line of ``kind``, if any."""
        return next((e.seat for e in self.events if e.kind == kind), None)

    def plays(self, number: int) -> tuple[tuple[int, Card], ...]:
        """(seat, card) of trick ``number`` (1-based) in playing order.

        A player whose hand is already played out (IRR-5) is skipped.
        """
        leader, cards = self.tricks[number - 1]
        seats = [s for s in ((leader + k) % 4 for k in range(4))
                 if len(self.hands[s]) >= number]
        return tuple(zip(seats, cards))

    def unplayed(self) -> frozenset[Card]:
        """Cards held after the exchange but never played (IRR-4 ``kept``)."""
        played = {c for _, cards in self.tricks for c in cards}
        return frozenset().union(*self.hands) - played if self.hands else frozenset()

    def tricks_won(self) -> list[int]:
        won = [0, 0, 0, 0]
        for taker in self.takers:
            won[taker] += 1
        return won

    def points_won(self) -> list[int]:
        points = [0, 0, 0, 0]
        for (_, cards), taker in zip(self.tricks, self.takers):
            points[taker] += sum(c.points for c in cards)
        return points

    @property
    def reversis(self) -> int | None:
        """The seat that took all eleven tricks (REV-1), if any."""
        return self.takers[0] if len(set(self.takers)) == 1 else None

    @property
    def broken_reversis(self) -> tuple[int, int] | None:
        """(undertaker, breaker) when the first nine went to one player but not all eleven."""
        first = set(self.takers[:9])
        if len(first) != 1 or len(set(self.takers)) == 1:
            return None
        undertaker = self.takers[0]
        breaker = next(t for t in self.takers if t != undertaker)
        return undertaker, breaker


def is_espagnolette(hand: Iterable[Card]) -> bool:
    """ESP-1: four aces, or three aces and the quinola."""
    hand = set(hand)
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    return aces == 4 or (aces == 3 and QUINOLA in hand)


def privileged_plays(record: DealRecord) -> list[tuple[int, Card]]:
    """(trick, card) of the espagnolette's off-suit plays made while holding the suit led."""
    seat = record.espagnolette
    if seat is None:
        return []
    out = []
    held = set(record.hands[seat])
    for number in range(1, len(record.tricks) + 1):
        plays = record.plays(number)
        led = plays[0][1].suit
        for who, card in plays[1:]:
            if who == seat and card.suit is not led and any(c.suit is led for c in held):
                out.append((number, card))
        for who, card in plays:
            if who == seat:
                held.discard(card)
    return out


def dealer_after(record: DealRecord) -> int:
    """Who deals the next deal: SEAT-2, except that the same dealer deals again
    after an exposed card (IRR-1) or a misdeal with ``redeal paid`` (IRR-2)."""
    kinds = {e.kind for e in record.events}
    late = any(e.late for e in record.events if e.kind == "misdeal")
    if "exposed" in kinds or ("misdeal" in kinds and "redeal" in kinds and not late):
        return record.dealer
    return (record.dealer + 1) % 4


def revokes(record: DealRecord) -> list[tuple[int, int, Card, Card]]:
    """(trick, seat, card played, card of the suit led still held) of each revoke
    (PLAY-4): off the suit led while holding it, outside the espagnolette's ESP-2."""
    out = []
    remaining = [set(h) for h in record.hands]
    for number in range(1, len(record.tricks) + 1):
        plays = record.plays(number)
        led = plays[0][1].suit
        for seat, card in plays[1:]:
            held = sorted((c for c in remaining[seat] if c.suit is led), key=lambda c: c.index)
            privileged = seat == record.espagnolette and number <= PRIVILEGED_TRICKS
            if card.suit is not led and held and not privileged:
                out.append((number, seat, card, held[0]))
        for seat, card in plays:
            remaining[seat].discard(card)
    return out


def ace_plays(record: DealRecord) -> list[tuple[int, int, Card, str]]:
    """(trick, seat, card, how) for each ace and the quinola played: ``how`` is
    ``led``, ``played``, ``forced`` or ``placed`` (docs/rules.md, "Placed, forced,
    led or played"; ``forced_means = compelled``)."""
    out = []
    remaining = [set(h) for h in record.hands]
    for number in range(1, len(record.tricks) + 1):
        plays = record.plays(number)
        led = plays[0][1].suit
        for k, (seat, card) in enumerate(plays):
            if card.is_ace or card.is_quinola:
                if k == 0:
                    how = "led"
                elif card.suit is not led:
                    how = "placed"
                elif any(c.suit is led and c is not card for c in remaining[seat]):
                    how = "played"
                else:
                    how = "forced"
                out.append((number, seat, card, how))
        for seat, card in plays:
            remaining[seat].discard(card)
    return out


def partie_winner(record: DealRecord) -> int:
    """PARTIE-2 with ties to the best seat (SEAT-3): fewest points, then fewest
    tricks, then the dealer, then the others in reverse playing order."""
    points, won = record.points_won(), record.tricks_won()
    return min(range(4), key=lambda s: (points[s], won[s], (record.dealer - s) % 4))


def replay_check(record: DealRecord) -> list[str]:
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
                problems.append(f"seat {ex.seat} takes {ex.take}, his talon card is {own}")
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
    esp = next((s for s in range(4) if is_espagnolette(record.hands[s])), None)
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
            zip(record.tricks, record.takers), start=1):
        seats = [s for s in ((leader + k) % 4 for k in range(4)) if remaining[s]]
        if written_leader != seats[0]:
            problems.append(f"trick {number}: led by {written_leader}, lead was {seats[0]}")
        if len(cards) != len(seats):
            problems.append(f"trick {number}: {len(cards)} cards, {len(seats)} players hold any")
            break
        led = cards[0].suit
        for k, (seat, card) in enumerate(zip(seats, cards)):
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


# --------------------------------------------------------------------------
# Policies


_ACE_OF_DIAMONDS = Card(Rank.ACE, Suit.DIAMONDS)


def _danger(card: Card) -> tuple:
    """How much a player wants to be rid of a card: quinola, aces, points, rank."""
    return (card.is_quinola, card.is_ace, card is _ACE_OF_DIAMONDS,
            card.points, card.rank, -card.index)


def _suit_of(hand: Iterable[Card], suit: Suit) -> list[Card]:
    return [c for c in hand if c.suit is suit]


def _lowest(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.is_quinola, c.index))


def _highest(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: (c.rank, -c.index))


class _Table:
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
        for number in range(1, TRICKS + 1):
            # A player with no card left (IRR-5) is skipped.
            self.seats = [s for s in ((leader + k) % 4 for k in range(4)) if self.hands[s]]
            self.leader = leader = self.seats[0]
            cards: list[Card] = []
            for seat in self.seats:
                card = self.choose(seat, number, cards)
                self.hands[seat].remove(card)
                cards.append(card)
            self.played.update(cards)
            led = cards[0].suit
            best = max((k for k in range(len(cards)) if cards[k].suit is led),
                       key=lambda k: cards[k].rank)
            taker = self.seats[best]
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
        privileged = seat == self.espagnolette and number <= PRIVILEGED_TRICKS
        if privileged:
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
        led = cards[0].suit
        winning = max((k for k in range(len(cards)) if cards[k].suit is led),
                      key=lambda k: cards[k].rank)
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
        led = cards[0].suit
        top = max(c.rank for c in cards if c.suit is led)
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
        top = max(c.rank for c in cards if c.suit is led)
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
        top = max(c.rank for c in cards if c.suit is led)
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


# --------------------------------------------------------------------------
# Dealing


def _weighted_order(rng: random.Random, cards: Sequence[Card], base: float) -> list[Card]:
    """Cards in a random order favouring high ranks (Efraimidis-Spirakis keys)."""
    keyed = [(rng.random() ** (1.0 / (base ** (c.rank - 2))), c) for c in cards]
    keyed.sort(key=lambda kc: (-kc[0], kc[1].index))
    return [c for _, c in keyed]


def _deal_cards(rng: random.Random, dealer: int, special: int | None = None,
                special_cards: Sequence[Card] = (), strength: float = 1.0):
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
            picked = _weighted_order(rng, deck, strength)[: size - len(special_cards)]
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


def _exchange(rng: random.Random, dealt, talon, dealer: int, aspirant: int | None,
              kept: int | None = None, two: int | None = None):
    """DEAL-3; ``kept`` takes his talon card without discarding (IRR-4), ``two``
    discards two cards and takes his (IRR-5)."""
    hands = [set(h) for h in dealt]
    exchanges: list[Exchange] = []
    partie: list[Card] = []
    discards: dict[int, Card | None] = {}
    for k in (1, 2, 3, 4):
        seat = (dealer + k) % 4
        hand = hands[seat]
        if seat == kept:
            own = talon[k - 1]
            hand.add(own)
            exchanges.append(Exchange(seat, take=own))
            discards[seat] = None
            continue
        if seat == two:
            keep = _esp_keep(hand)
            first = _exchange_discard(rng, hand, keep)
            second = _exchange_discard(rng, hand - {first}, keep)
            own = talon[k - 1]
            hand -= {first, second}
            hand.add(own)
            exchanges.append(Exchange(seat, discard=first, take=own, discard2=second))
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
            exchanges.append(Exchange(seat, discard=discard))
            partie.append(discard)
            discards[seat] = discard
            continue
        own = talon[k - 1]
        if seat != aspirant and rng.random() < 0.15:
            exchanges.append(Exchange(seat, refused=own, seen=rng.random() < 0.5))
            partie.append(own)
            discards[seat] = None
            continue
        hand.discard(discard)
        hand.add(own)
        exchanges.append(Exchange(seat, discard=discard, take=own))
        partie.append(discard)
        discards[seat] = discard
    return hands, tuple(exchanges), tuple(partie), discards


def _void_deal(dealer: int, force: str) -> DealRecord:
    """IRR-0: a void deal is its event lines and nothing else."""
    events = {
        "exposed": (Event("exposed"),),
        "misdeal": (Event("misdeal", dealer),),
        "misdeal_redeal": (Event("misdeal", dealer), Event("redeal")),
        "misdeal_late": (Event("misdeal", dealer, late=True),),
    }[force]
    return DealRecord(dealer=dealer, dealt=(), talon=(), exchanges=(), hands=(), partie=(),
                      tricks=(), takers=(), force=force, events=events)


def _one_deal(rng: random.Random, dealer: int, force: str | None) -> DealRecord:
    aspirant = None
    special, special_cards, strength = None, (), 1.0
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
    dealt, talon = _deal_cards(rng, dealer, special, special_cards, strength)
    hands, exchanges, partie, discards = _exchange(rng, dealt, talon, dealer, aspirant,
                                                   kept, two)
    espagnolette = next((s for s in range(4) if is_espagnolette(hands[s])), None)
    table = _Table(rng, [set(h) for h in hands], (dealer + 1) % 4, aspirant, espagnolette,
                   discards)
    tricks, takers = table.play()
    events = ()
    if kept is not None:
        events = (Event("kept", kept),)
    elif two is not None:
        events = (Event("discarded-two", two),)
    return DealRecord(
        dealer=dealer, dealt=tuple(dealt), talon=tuple(talon), exchanges=exchanges,
        hands=tuple(frozenset(h) for h in hands), partie=partie,
        tricks=tuple(tricks), takers=tuple(takers), espagnolette=espagnolette, force=force,
        events=events)


def _satisfies(record: DealRecord, force: str | None) -> bool:
    if force is None:
        return True
    if force == "reversis":
        return record.reversis is not None and record.espagnolette is None
    if force == "broken_reversis":
        return record.broken_reversis is not None and record.espagnolette is None
    if force == "espagnolette":
        return (record.espagnolette is not None and record.reversis is None
                and record.broken_reversis is None and bool(privileged_plays(record)))
    if force in PLAYED_IRREGULAR_MODES:
        plain = (record.espagnolette is None and record.reversis is None
                 and record.broken_reversis is None)
        if force == "discarded_two":  # he must not have the lead to trick 11 with no card
            return plain and record.takers[9] != record.event_seat("discarded-two")
        return plain
    raise ValueError(f"unknown force mode {force!r}; use one of {FORCE_MODES}")


def _make_revoke(rng: random.Random, record: DealRecord) -> DealRecord | None:
    """Swap two cards of one player between two tricks so that exactly one revoke
    appears and every trick keeps its taker (and so its leader)."""
    tricks = [list(cards) for _, cards in record.tricks]
    leaders = [leader for leader, _ in record.tricks]
    candidates = []
    for i in range(1, TRICKS):
        for j in range(i + 1, TRICKS + 1):
            for ki in range(1, 4):
                seat = (leaders[i - 1] + ki) % 4
                kj = (seat - leaders[j - 1]) % 4
                x, y = tricks[i - 1][ki], tricks[j - 1][kj]
                if x.suit is y.suit:
                    continue
                new = [list(t) for t in tricks]
                new[i - 1][ki], new[j - 1][kj] = y, x
                candidate = dataclasses.replace(
                    record, tricks=tuple(zip(leaders, (tuple(t) for t in new))))
                found = revokes(candidate)
                if len(found) != 1 or found[0][1] != seat:
                    continue
                if _takers(candidate) == list(record.takers):
                    candidates.append(candidate)
    return rng.choice(candidates) if candidates else None


def _takers(record: DealRecord) -> list[int]:
    out = []
    for number in range(1, len(record.tricks) + 1):
        plays = record.plays(number)
        led = plays[0][1].suit
        out.append(max((p for p in plays if p[1].suit is led), key=lambda p: p[1].rank)[0])
    return out


def _decorate(rng: random.Random, record: DealRecord, force: str | None) -> DealRecord | None:
    """Add what a played irregularity needs beyond the play itself (None: redraw)."""
    if force == "peeked":
        seats = [e.seat for e in record.exchanges
                 if e.seat != record.dealer and e.take is not None]
        return (dataclasses.replace(record, events=(Event("peeked", rng.choice(seats)),))
                if seats else None)
    if force == "out_of_turn":
        seats = [e.seat for e in record.exchanges[1:] if e.discards]
        return (dataclasses.replace(record, events=(Event("out-of-turn", rng.choice(seats)),))
                if seats else None)
    if force == "revoke":
        return _make_revoke(rng, record)
    if force == "unclaimed":
        # An ace led or played (ACE-3, due to the partie winner) in a trick with no
        # other ace or quinola, so that the line forfeits that one payment.
        winner = partie_winner(record)
        stars = ace_plays(record)
        alone = {n for n, *_ in stars if sum(m == n for m, *_ in stars) == 1}
        aces = [(n, seat) for n, seat, card, how in stars
                if card.is_ace and how in ("led", "played") and seat != winner and n in alone]
        if not aces:
            return None
        trick, _ = rng.choice(aces)
        name = winner if rng.random() < 0.5 else None
        return dataclasses.replace(record, events=(Event("unclaimed", name, trick=trick),))
    return record


def generate_deal(rng: random.Random, dealer_seat: int, *, force: str | None = None,
                  max_attempts: int = MAX_ATTEMPTS) -> DealRecord:
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
        record = _one_deal(rng, dealer_seat, force)
        if _satisfies(record, force):
            record = _decorate(rng, record, force)
            if record is not None:
                return record
    raise GenerationError(f"no {force} deal found in {max_attempts} attempts")


# --------------------------------------------------------------------------
# Writing


def _card_writer(style: CardStyle) -> Callable[[Card], str]:
    if callable(style):
        return style
    if style not in ("ascii", "unicode", "ru"):
        raise ValueError(f"card style {style!r}: use ascii, unicode or ru")
    return lambda card: card.format(style)


def _with_comment(line: str, comment: str | None) -> str:
    return f"{line}  # {comment}" if comment else line


def format_deal(record: DealRecord, number: int, players: Sequence[str], *,
                card_style: CardStyle = "ascii", write_hands: bool = False,
                write_talon: bool | None = None, write_exchanges: bool = True,
                write_partie: bool | None = None, write_espagnolette: bool = True,
                leaders: str = "all", takers: Iterable[int] = (),
                comments: Mapping[str, str] | None = None, indent: str = "  ") -> str:
    """The ``deal N`` block of one deal (docs/notation.md), ending with a newline.

    ``write_talon`` and ``write_partie`` default to ``write_hands``.
    ``leaders`` is ``"all"`` (every trick names its leader) or ``"first"``
    (trick 1 only).  ``takers``: trick numbers that get a ``> NAME``.
    ``comments`` keys: ``"deal"`` (end of the deal line), ``"before:N"``
    (own line before trick N; ``before:0`` right after the deal line),
    ``"trick:N"`` (end of trick N's line), ``"after"`` (own line after the
    last trick), ``"exchange"`` (own line before the exchanges),
    ``"event:KIND"`` (own line before the event line of that keyword, e.g.
    ``event:peeked``).

    Event lines (``record.events``) come after the hands and talon and before
    the exchanges; ``unclaimed`` comes after the last trick.  Whatever the
    flags, the lines an irregularity needs are written: the exchange line of
    a player who peeked, kept or discarded two; the hand as dealt of one who
    kept; the partie when someone kept or discarded two.
    """
    if leaders not in ("all", "first"):
        raise ValueError("leaders is 'all' or 'first'")
    if len(players) != 4:
        raise ValueError("four players")
    fmt = _card_writer(card_style)
    cards = lambda cs: " ".join(fmt(c) for c in cs)  # noqa: E731
    comments = dict(comments or {})
    write_talon = write_hands if write_talon is None else write_talon
    write_partie = write_hands if write_partie is None else write_partie
    takers = set(takers)
    name = lambda seat: players[seat]  # noqa: E731
    out = [_with_comment(f"deal {number} dealer {name(record.dealer)}", comments.get("deal"))]

    def own(key: str) -> None:
        if comments.get(key):
            out.append(f"{indent}# {comments[key]}")

    own("before:0")

    def event_line(event: Event) -> None:
        own(f"event:{event.kind}")
        out.append(indent + event.text(players))

    kept = record.event_seat("kept")
    two = record.event_seat("discarded-two")
    must_exchange = {e.seat for e in record.events
                     if e.kind in ("peeked", "kept", "discarded-two")}
    must_hand = {kept} if kept is not None else set()
    order = [(record.dealer + k) % 4 for k in (1, 2, 3, 4)]
    if record.dealt and (write_hands or must_hand):
        width = max(len(name(s)) for s in order)
        for seat in order:
            if write_hands or seat in must_hand:
                out.append(f"{indent}hand {name(seat):<{width}} {cards(record.dealt[seat])}")
    if write_talon and record.talon:
        out.append(f"{indent}talon {cards(record.talon)}")
    for event in record.events:
        if event.kind != "unclaimed":
            event_line(event)
    if record.exchanges and (write_exchanges or must_exchange):
        if write_exchanges:
            own("exchange")
        for ex in record.exchanges:
            if not (write_exchanges or ex.seat in must_exchange):
                continue
            who = name(ex.seat)
            if ex.refused is not None:
                line = f"exchange {who} refuses" + (f" sees {fmt(ex.refused)}" if ex.seen else "")
            else:
                line = f"exchange {who}"
                if ex.discards:
                    line += " discards " + cards(ex.discards)
                if ex.take is not None:
                    line += f" takes {fmt(ex.take)}"
            out.append(indent + line)
    if record.tricks and (write_partie or kept is not None or two is not None):
        out.append(f"{indent}partie {cards(record.partie)}")
    if write_espagnolette and record.espagnolette is not None:
        out.append(f"{indent}espagnolette {name(record.espagnolette)}")
    width = max(len(p) for p in players)
    for number_, ((leader, trick_cards), taker) in enumerate(
            zip(record.tricks, record.takers), start=1):
        own(f"before:{number_}")
        who = name(leader) if (leaders == "all" or number_ == 1) else ""
        line = f"{indent}{number_} {who:<{width}} {cards(trick_cards)}"
        if number_ in takers:
            line += f" > {name(taker)}"
        out.append(_with_comment(line, comments.get(f"trick:{number_}")))
    for event in record.events:
        if event.kind == "unclaimed":
            event_line(event)
    own("after")
    return "\n".join(out) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def format_header(players: Sequence[str], *, title: str | None = None, date: str | None = None,
                  place: str | None = None, note: str | None = None, rules: str = "classic",
                  pot: int | None = None, comments: Sequence[str] = ()) -> str:
    """The header of a session: version, metadata, rules, players."""
    out = [f"# {c}" for c in comments]
    out.append("reversis 1")
    if title is not None:
        out.append(f"title {_quote(title)}")
    if date is not None:
        out.append(f"date {date}")
    if place is not None:
        out.append(f"place {_quote(place)}")
    if note is not None:
        out.append(f"note {_quote(note)}")
    out.append(f"rules {rules}")
    out.append("players " + " ".join(players))
    if pot is not None:
        out.append(f"pot {pot}")
    return "\n".join(out) + "\n"


def generate_session(seed: int, deals: int, *, players: Sequence[str] = DEFAULT_PLAYERS,
                     title: str | None = None, rules: str = "classic",
                     write_hands: bool = False, write_exchanges: bool = True,
                     card_style: CardStyle = "ascii", events: float = 0.0,
                     first_dealer: int = 3, date: str | None = None,
                     place: str | None = None, leaders: str = "all",
                     forces: Mapping[int, str] | None = None) -> str:
    """A whole session of ``deals`` deals as ``.rvs`` text, from ``random.Random(seed)``.

    The deal passes to the next player each time (SEAT-2), starting with
    ``players[first_dealer]``, except after an exposed card or a paid redeal
    (:func:`dealer_after`).  ``events`` is the chance that a deal is forced
    to be a reversis, a broken reversis or an espagnolette (chosen at random);
    ``forces`` maps deal numbers to a force mode explicitly (irregular ones
    included).
    """
    return "".join(_session_parts(
        seed, deals, players=players, header=dict(title=title, date=date, place=place,
                                                  rules=rules),
        write_hands=write_hands, write_exchanges=write_exchanges, card_style=card_style,
        events=events, mix=None, irregular=0.0, first_dealer=first_dealer, leaders=leaders,
        forces=forces))


# The event mix of ``reversis simulate``: the chance that a deal is forced to hold a
# rare event, and how that chance is shared.  The espagnolette also comes about
# unforced (the players keep three aces and the quinola in the exchange, hoping
# for it), so it gets a small share; reversis made and broken never happen
# unforced.  At 0.05 a session shows (measured on 3 x 4,000 deals) a reversis
# made about every 42 deals, a broken one every 48 (either: every 22), an
# espagnolette every 27;
# from ordinary play, the quinola placed every 4, forced every 24, led or played
# every 16, and an ace placed in trick 10 or 11 every 9 (tests/perf/rates.py).
DEFAULT_EVENT_RATE = 0.05
EVENT_MIX: tuple[tuple[str, float], ...] = (
    ("reversis", 0.45), ("broken_reversis", 0.45), ("espagnolette", 0.10))


def simulate_session(deals: int, seed: int = 0, rules: str = "classic", *,
                     events: float = DEFAULT_EVENT_RATE, irregular: float = 0.0,
                     mix: Sequence[tuple[str, float]] = EVENT_MIX,
                     players: Sequence[str] = DEFAULT_PLAYERS, card_style: CardStyle = "ascii",
                     write_hands: bool = False, write_exchanges: bool = True,
                     title: str | None = None, comments: Sequence[str] = (),
                     forces: Mapping[int, str] | None = None) -> Iterator[str]:
    """The text of a simulated session, in pieces: the header, then one piece per
    deal (each starting with the blank line that separates it).

    ``"".join(simulate_session(...))`` is the whole text; writing the pieces as
    they come keeps memory flat for any number of deals.  The same arguments
    give the same text byte for byte, and the first N deals of a longer session
    are the N deals of a shorter one with the same seed.

    ``events``: the chance that a regular deal is forced to a rare event, chosen
    by the weights of ``mix`` (default :data:`EVENT_MIX`).  ``irregular``: the
    chance that a deal is forced to one of :data:`IRREGULAR_MODES` (misdeals, an
    exposed card, peeks, revokes ...), chosen evenly; a revoke is a warning
    for ``reversis check``, the rest read without any diagnostic.  ``rules`` is
    written as is in the header's ``rules`` line (quote a path with spaces).
    """
    if not 0.0 <= events <= 1.0 or not 0.0 <= irregular <= 1.0:
        raise ValueError("events and irregular are chances between 0 and 1")
    modes = [m for m, _ in mix]
    if any(m not in RARE_MODES + IRREGULAR_MODES for m in modes):
        raise ValueError(f"unknown force mode in the mix {modes}")
    return _session_parts(
        seed, deals, players=players, header=dict(title=title, rules=rules,
                                                  comments=tuple(comments)),
        write_hands=write_hands, write_exchanges=write_exchanges, card_style=card_style,
        events=events, mix=tuple(mix), irregular=irregular, first_dealer=3, leaders="all",
        forces=forces)


def _session_parts(seed: int, deals: int, *, players: Sequence[str], header: dict,
                   write_hands: bool, write_exchanges: bool, card_style: CardStyle,
                   events: float, mix: tuple[tuple[str, float], ...] | None,
                   irregular: float, first_dealer: int, leaders: str,
                   forces: Mapping[int, str] | None) -> Iterator[str]:
    """The header, then each deal's block.  The first piece is yielded only once
    the arguments are checked; generation is lazy after that."""
    if len(players) != 4 or len(set(players)) != 4:
        raise ValueError("four distinct players")
    if deals < 0:
        raise ValueError("deals must be >= 0")
    forces = dict(forces or {})
    bad = [m for m in forces.values() if m not in FORCE_MODES]
    if bad:
        raise ValueError(f"unknown force mode {bad[0]!r}; use one of {FORCE_MODES}")
    _card_writer(card_style)  # fail now on a bad style, not at the first deal
    return _generate_parts(seed, deals, players, header, write_hands, write_exchanges,
                           card_style, events, mix, irregular, first_dealer, leaders, forces)


def _generate_parts(seed, deals, players, header, write_hands, write_exchanges, card_style,
                    events, mix, irregular, first_dealer, leaders, forces) -> Iterator[str]:
    rng = random.Random(seed)
    if mix is not None:
        modes, weights = [m for m, _ in mix], [w for _, w in mix]
    yield format_header(players, **header)
    dealer = first_dealer % 4
    for number in range(1, deals + 1):
        force = forces.get(number)
        # generate_session (mix None) draws exactly as it always has: its texts
        # are pinned by seed in the tests.
        # The irregular draw comes first: an irregular deal holds no rare event,
        # so with --events 1 --irregular 1 every deal is irregular, as asked,
        # and --events applies to the regular deals.  With irregular 0 there is
        # no draw for it, and the seeded texts of earlier versions are unchanged.
        if force is None and irregular > 0 and rng.random() < irregular:
            force = rng.choice(IRREGULAR_MODES)
        elif force is None and events > 0 and rng.random() < events:
            force = rng.choice(RARE_MODES) if mix is None else rng.choices(modes, weights)[0]
        record = generate_deal(rng, dealer, force=force)
        yield "\n" + format_deal(record, number, players, card_style=card_style,
                                 write_hands=write_hands, write_exchanges=write_exchanges,
                                 leaders=leaders)
        dealer = dealer_after(record)
