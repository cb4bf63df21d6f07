"""A seeded generator of legal Reversis sessions, written as ``.rvs`` text.

The generator deals (RULES.md DEAL-1 to DEAL-3), exchanges and plays whole
deals with a simple but plausible Reversis policy — the aim of the game is
*not* to take points — and writes them in the notation of NOTATION.md.
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

Forced deals are found by rejection sampling with the same ``rng`` and a
bounded number of attempts (:class:`GenerationError` when exhausted).

Public API: :func:`generate_session`, :func:`generate_deal`,
:func:`format_deal`, :func:`format_header`, :class:`DealRecord`,
:class:`Exchange`, :func:`replay_check`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from .cards import PACK, QUINOLA, Card, Rank, Suit, sort_cards

__all__ = [
    "DEFAULT_PLAYERS", "FORCE_MODES", "GenerationError", "Exchange", "DealRecord",
    "generate_deal", "format_deal", "format_header", "generate_session",
    "is_espagnolette", "privileged_plays", "replay_check",
]

DEFAULT_PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
FORCE_MODES = (None, "reversis", "broken_reversis", "espagnolette")
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


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal as played.  Seats index the players in playing order.

    ``dealt`` are the hands as dealt (sorted; the dealer's has 12 cards),
    ``talon`` the three talon cards in order (DEAL-2: the k-th belongs to the
    k-th player after the dealer), ``exchanges`` in playing order from first
    hand with the dealer last, ``hands`` the hands after the exchange,
    ``partie`` the four cards out of play, ``tricks`` pairs of (leader seat,
    cards in playing order from the leader), ``takers`` the taker of each
    trick, ``espagnolette`` the seat holding one (ESP-1) or None, and
    ``force`` the event the deal was generated for.
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

    @property
    def first_hand(self) -> int:
        return (self.dealer + 1) % 4

    def plays(self, number: int) -> tuple[tuple[int, Card], ...]:
        """(seat, card) of trick ``number`` (1-based) in playing order."""
        leader, cards = self.tricks[number - 1]
        return tuple(((leader + k) % 4, card) for k, card in enumerate(cards))

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


def replay_check(record: DealRecord) -> list[str]:
    """Independent legality check of a record; returns the problems found (empty: legal)."""
    problems: list[str] = []
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
        if ex.seat == record.dealer:
            if ex.take or ex.refused or ex.discard is None:
                problems.append("the dealer discards one card and takes none")
        else:
            own = record.talon[(ex.seat - record.dealer) % 4 - 1]
            if ex.refused is not None:
                if ex.refused is not own or ex.discard or ex.take:
                    problems.append(f"bad refusal by seat {ex.seat}")
                partie.append(own)
                continue
            if ex.take is not own:
                problems.append(f"seat {ex.seat} takes {ex.take}, his talon card is {own}")
            hands[ex.seat].add(own)
        if ex.discard not in hands[ex.seat]:
            problems.append(f"seat {ex.seat} discards {ex.discard}, not in hand")
        hands[ex.seat].discard(ex.discard)
        partie.append(ex.discard)
    if [frozenset(h) for h in hands] != list(record.hands):
        problems.append("hands after exchange do not follow from the exchange")
    if sorted(partie) != sorted(record.partie) or len(partie) != 4:
        problems.append("partie is not the 4 cards out of play")
    esp = next((s for s in range(4) if is_espagnolette(record.hands[s])), None)
    if esp != record.espagnolette:
        problems.append(f"espagnolette recorded {record.espagnolette}, hands say {esp}")
    # The play.
    if len(record.tricks) != TRICKS or len(record.takers) != TRICKS:
        problems.append("a deal has 11 tricks")
    leader = record.first_hand
    remaining = [set(h) for h in record.hands]
    seen: set[Card] = set()
    for number, ((written_leader, cards), taker) in enumerate(
            zip(record.tricks, record.takers), start=1):
        if written_leader != leader:
            problems.append(f"trick {number}: led by {written_leader}, lead was {leader}")
        if len(cards) != 4:
            problems.append(f"trick {number}: {len(cards)} cards")
            break
        led = cards[0].suit
        for k, card in enumerate(cards):
            seat = (written_leader + k) % 4
            if card in seen:
                problems.append(f"trick {number}: {card} played twice")
            seen.add(card)
            if card not in remaining[seat]:
                problems.append(f"trick {number}: seat {seat} does not hold {card}")
            if k and card.suit is not led and any(c.suit is led for c in remaining[seat]):
                if not (seat == record.espagnolette and number <= PRIVILEGED_TRICKS):
                    problems.append(f"trick {number}: seat {seat} revokes with {card}")
            remaining[seat].discard(card)
        best = max((k for k in range(4) if cards[k].suit is led), key=lambda k: cards[k].rank)
        real_taker = (written_leader + best) % 4
        if real_taker != taker:
            problems.append(f"trick {number}: taker {taker}, should be {real_taker}")
        leader = real_taker
    if len(seen | set(record.partie)) != 48:
        problems.append("played cards and partie are not the 48 cards")
    return problems


# --------------------------------------------------------------------------
# Policies


def _danger(card: Card) -> tuple:
    """How much a player wants to be rid of a card: quinola, aces, points, rank."""
    return (card.is_quinola, card.is_ace, card is Card(Rank.ACE, Suit.DIAMONDS),
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

    def play(self) -> tuple[list[tuple[int, tuple[Card, ...]]], list[int]]:
        tricks: list[tuple[int, tuple[Card, ...]]] = []
        takers = self.takers
        leader = self.first
        for number in range(1, TRICKS + 1):
            self.leader = leader
            cards: list[Card] = []
            for k in range(4):
                seat = (leader + k) % 4
                card = self.choose(seat, number, cards)
                self.hands[seat].remove(card)
                cards.append(card)
            self.played.update(cards)
            led = cards[0].suit
            best = max((k for k in range(4) if cards[k].suit is led), key=lambda k: cards[k].rank)
            taker = (leader + best) % 4
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
        return self._duck(follow, cards, last=len(cards) == 3)

    def _break(self, seat: int, cards: list[Card], follow: list[Card]) -> Card | None:
        """Against a player who has taken every trick so far, take this one if possible."""
        done = len(self.takers)
        if done < 4 or len(set(self.takers)) != 1 or self.takers[0] == seat:
            return None
        runner = self.takers[0]
        led = cards[0].suit
        winning = max((k for k in range(len(cards)) if cards[k].suit is led),
                      key=lambda k: cards[k].rank)
        if (self.leader + winning) % 4 != runner:
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
        return _lowest(winners) if len(cards) == 3 else _highest(winners)


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


def _exchange(rng: random.Random, dealt, talon, dealer: int, aspirant: int | None):
    hands = [set(h) for h in dealt]
    exchanges: list[Exchange] = []
    partie: list[Card] = []
    discards: dict[int, Card | None] = {}
    for k in (1, 2, 3, 4):
        seat = (dealer + k) % 4
        hand = hands[seat]
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


def _one_deal(rng: random.Random, dealer: int, force: str | None) -> DealRecord:
    aspirant = None
    special, special_cards, strength = None, (), 1.0
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
    dealt, talon = _deal_cards(rng, dealer, special, special_cards, strength)
    hands, exchanges, partie, discards = _exchange(rng, dealt, talon, dealer, aspirant)
    espagnolette = next((s for s in range(4) if is_espagnolette(hands[s])), None)
    table = _Table(rng, [set(h) for h in hands], (dealer + 1) % 4, aspirant, espagnolette,
                   discards)
    tricks, takers = table.play()
    return DealRecord(
        dealer=dealer, dealt=tuple(dealt), talon=tuple(talon), exchanges=exchanges,
        hands=tuple(frozenset(h) for h in hands), partie=partie,
        tricks=tuple(tricks), takers=tuple(takers), espagnolette=espagnolette, force=force)


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
    raise ValueError(f"unknown force mode {force!r}; use one of {FORCE_MODES}")


def generate_deal(rng: random.Random, dealer_seat: int, *, force: str | None = None,
                  max_attempts: int = MAX_ATTEMPTS) -> DealRecord:
    """Deal, exchange and play one deal with ``dealer_seat`` dealing.

    ``force`` asks for a rare event (see the module docstring); the deal is
    redrawn with further draws from ``rng`` until it happens.
    """
    if force not in FORCE_MODES:
        raise ValueError(f"unknown force mode {force!r}; use one of {FORCE_MODES}")
    if not 0 <= dealer_seat < 4:
        raise ValueError("dealer_seat is 0..3")
    for _ in range(max_attempts):
        record = _one_deal(rng, dealer_seat, force)
        if _satisfies(record, force):
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
    """The ``deal N`` block of one deal (NOTATION.md), ending with a newline.

    ``write_talon`` and ``write_partie`` default to ``write_hands``.
    ``leaders`` is ``"all"`` (every trick names its leader) or ``"first"``
    (trick 1 only).  ``takers``: trick numbers that get a ``> NAME``.
    ``comments`` keys: ``"deal"`` (end of the deal line), ``"before:N"``
    (own line before trick N; ``before:0`` right after the deal line),
    ``"trick:N"`` (end of trick N's line), ``"after"`` (own line after the
    last trick), ``"exchange"`` (own line before the exchanges).
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
    order = [(record.dealer + k) % 4 for k in (1, 2, 3, 4)]
    if write_hands:
        width = max(len(name(s)) for s in order)
        for seat in order:
            out.append(f"{indent}hand {name(seat):<{width}} {cards(record.dealt[seat])}")
    if write_talon:
        out.append(f"{indent}talon {cards(record.talon)}")
    if write_exchanges:
        own("exchange")
        for ex in record.exchanges:
            who = name(ex.seat)
            if ex.refused is not None:
                line = f"exchange {who} refuses" + (f" sees {fmt(ex.refused)}" if ex.seen else "")
            elif ex.take is not None:
                line = f"exchange {who} discards {fmt(ex.discard)} takes {fmt(ex.take)}"
            else:
                line = f"exchange {who} discards {fmt(ex.discard)}"
            out.append(indent + line)
    if write_partie:
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
    ``players[first_dealer]``.  ``events`` is the chance that a deal is forced
    to be a reversis, a broken reversis or an espagnolette (chosen at random);
    ``forces`` maps deal numbers to a force mode explicitly.
    """
    if len(players) != 4 or len(set(players)) != 4:
        raise ValueError("four distinct players")
    if deals < 0:
        raise ValueError("deals must be >= 0")
    rng = random.Random(seed)
    forces = dict(forces or {})
    parts = [format_header(players, title=title, date=date, place=place, rules=rules)]
    dealer = first_dealer % 4
    for number in range(1, deals + 1):
        force = forces.get(number)
        if force is None and events > 0 and rng.random() < events:
            force = rng.choice(FORCE_MODES[1:])
        record = generate_deal(rng, dealer, force=force)
        parts.append(format_deal(record, number, players, card_style=card_style,
                                 write_hands=write_hands, write_exchanges=write_exchanges,
                                 leaders=leaders))
        dealer = (dealer + 1) % 4
    return "\n".join(parts)
