"""Replay: from what a deal's record says to what happened at the table.

``replay_deal`` walks the tricks in order, establishes who led and who took
each one (PLAY-1, PLAY-3), each player's hand after the exchange, the partie
(DEAL-3), the espagnolette (ESP-1) and its privilege (ESP-2, ESP-3), and the
revokes (PLAY-4).  It cross-checks everything else the record wrote (hands,
talon, exchanges, partie, recorded takers) and reports each contradiction as
a diagnostic naming both lines.  It never raises on bad input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from .cards import PACK, QUINOLA, Card, Rank, Suit
from .diagnostics import Diagnostic, diagnostic
from .model import (
    CardAt, Deal, EspagnoletteLine, EventLine, ExchangeLine, HandLine, Name,
    PartieLine, Pos, TalonLine, TrickLine,
)
from .words import counted

__all__ = [
    "TRICKS_PER_DEAL", "Play", "PlayedTrick", "TrickAsWritten", "Espagnolette", "Revoke",
    "ReplayedDeal", "replay_deal", "next_seat",
]

TRICKS_PER_DEAL = 11
PRIVILEGED_TRICKS = 9  # ESP-2: the espagnolette may renounce freely in tricks 1-9


def next_seat(seat: int, step: int = 1) -> int:
    return (seat + step) % 4


_new = tuple.__new__

# The playing order of a trick from each leader.
_ORDERS = tuple(tuple((leader + k) % 4 for k in range(4)) for leader in range(4))


class Play(NamedTuple):
    seat: int
    card: Card
    pos: Pos | None = None


class PlayedTrick(NamedTuple):
    """A trick as played: plays in playing order from the leader."""

    number: int
    leader: int
    plays: tuple[Play, ...]
    taker: int
    line: TrickLine | None = None

    @property
    def led_suit(self) -> Suit:
        return self.plays[0].card.suit

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(p.card for p in self.plays)

    @property
    def points(self) -> int:
        return sum(p.card.points for p in self.plays)

    def play_of(self, seat: int) -> Play | None:
        for play in self.plays:
            if play.seat == seat:
                return play
        return None


class TrickAsWritten(NamedTuple):
    """A trick the replay could not establish: it is in error itself, or who
    led it cannot be known because a trick before it is in error.

    ``leader``, ``plays`` and ``taker`` are a reading of the line as written
    (from its written leader, or from the taker of the trick before as read),
    for showing it; nothing is derived from them.  They are None or empty when
    even that reading is impossible.  ``established_leader`` is who had the
    lead by the tricks before, when they are established (a trick in error
    may still have been led by a known player).
    """

    line: TrickLine
    in_error: bool
    leader: int | None = None
    plays: tuple[Play, ...] = ()
    taker: int | None = None
    established_leader: int | None = None


@dataclass(frozen=True, slots=True)
class Espagnolette:
    """ESP-1: the holder, what he holds, and whether he waived (ESP-3)."""

    seat: int
    waived: bool = False
    declared: EspagnoletteLine | None = None

    @property
    def privileged(self) -> bool:
        return not self.waived


@dataclass(frozen=True, slots=True)
class Revoke:
    """PLAY-4: ``seat`` played ``card`` off the suit led while holding ``held``."""

    trick: int
    seat: int
    card: Card
    held: Card
    pos: Pos | None = None


@dataclass(frozen=True)
class ReplayedDeal:
    """What happened in one deal, as the record establishes it.

    Seats are indexes into ``players`` (playing order).  ``hands`` are the
    hands after the exchange; ``partie`` the cards out of play that form the
    partie (DEAL-3).  ``complete`` is False when errors prevent settling.
    ``tricks`` are the tricks established; ``unresolved`` the tricks written
    that are not (in error, or after a trick in error: see ``TrickAsWritten``).
    ``dealer_known`` is False when the dealer named is not a player.
    """

    deal: Deal
    players: tuple[str, ...]
    dealer: int
    tricks: tuple[PlayedTrick, ...] = ()
    hands: tuple[frozenset[Card], ...] = (frozenset(),) * 4
    partie: tuple[Card, ...] = ()
    partie_written: bool = False
    espagnolette: Espagnolette | None = None
    revokes: tuple[Revoke, ...] = ()
    void: bool = False
    complete: bool = True
    diagnostics: tuple[Diagnostic, ...] = field(default=())
    unresolved: tuple[TrickAsWritten, ...] = ()
    dealer_known: bool = True

    @property
    def number(self) -> int:
        return self.deal.number

    @property
    def first_hand(self) -> int:
        return next_seat(self.dealer)

    @property
    def events(self) -> tuple[EventLine, ...]:
        return self.deal.events

    def seat(self, name: str) -> int:
        return self.players.index(name)

    def name(self, seat: int) -> str:
        return self.players[seat]

    @staticmethod
    def vis_a_vis(a: int, b: int) -> bool:
        return (a - b) % 4 == 2

    def tricks_won(self) -> list[int]:
        won = [0, 0, 0, 0]
        for trick in self.tricks:
            won[trick.taker] += 1
        return won

    def points_won(self) -> list[int]:
        points = [0, 0, 0, 0]
        for trick in self.tricks:
            taker = trick.taker
            for play in trick.plays:
                points[taker] += play.card.points
        return points

    def held_at(self, seat: int, trick_number: int) -> frozenset[Card]:
        """The cards ``seat`` still held when trick ``trick_number`` began."""
        played = {t.play_of(seat).card for t in self.tricks[: trick_number - 1] if t.play_of(seat)}
        return self.hands[seat] - played


class Played:
    """Where each card was played, looked up by card index (no hashing)."""

    __slots__ = ("_at",)

    def __init__(self, tricks) -> None:
        self._at: list[tuple[PlayedTrick, Play] | None] = [None] * len(PACK)
        for trick in reversed(tricks):  # the first time a card was played wins
            for play in trick.plays:
                self._at[play.card.index] = (trick, play)

    def get(self, card: Card) -> tuple[PlayedTrick, Play] | None:
        return self._at[card.index]

    def __getitem__(self, card: Card) -> tuple[PlayedTrick, Play]:
        return self._at[card.index]

    def items(self):
        return ((PACK[i], at) for i, at in enumerate(self._at) if at is not None)


def winning_play(plays: tuple[Play, ...]) -> Play:
    """PLAY-3: the highest card of the suit led takes the trick."""
    best = plays[0]
    led = best.card.suit
    for play in plays[1:]:
        card = play.card
        if card.suit is led and card.rank > best.card.rank:
            best = play
    return best


# --------------------------------------------------------------------------


# Line keywords whose loss (a line set aside for a syntax error) leaves every
# player's number of cards known: only kept and discarded-two change it.
_KEYWORDS_NOT_SIZES = ("hand", "talon", "exchange", "partie", "espagnolette", "unclaimed",
                       "misdeal", "redeal", "exposed", "peeked", "out-of-turn", "note", "deal")


_LIKE_A_DEAL_LINE = re.compile(r"\s*[^\s\d#]\S*\s+\d+\s+\S+\s+\S+\s*(#.*)?$")


class _Replay:
    """One deal's replay; collects diagnostics and carries on.

    ``damaged`` maps the line number of each line of the deal that already has
    a reading error (a syntax error, a ten, a word that is not a card) to its
    text: such a line was set aside or lost a card, so nothing that needs it
    whole is checked.
    """

    def __init__(self, deal: Deal, players: tuple[str, ...], damaged: dict[int, str] | None = None):
        self.damaged = damaged or {}
        deal = self._before_a_lost_deal_line(deal)
        self.deal = deal
        self.players = players
        self.seats = {name: i for i, name in enumerate(players)}
        self.diags: list[Diagnostic] = []
        self.broken = False  # an error that makes the deal unsettleable
        self.dealer = self.seats.get(deal.dealer.text, -1)
        self.kept = self._flagged("kept")
        self.two_discarded = self._flagged("discarded-two")
        self.bad_lines: set[int] = set()  # lines of the deal with an error of their own
        self.unresolved: list[TrickAsWritten] = []
        self.loose: dict[Card, CardAt] = {}  # cards of tricks not established, where written
        self.loose_trick: dict[Card, int] = {}

    # -- helpers ------------------------------------------------------------

    def error(self, code: str, message: str, pos: Pos | None, *, trick: int | None = None,
              related: tuple = (), fatal: bool = True) -> None:
        self.diags.append(diagnostic(code, message, pos, deal=self.deal.number, trick=trick,
                                     related=related))
        if fatal and self.diags[-1].is_error:
            self.broken = True

    def seat_of(self, name: Name | None) -> int | None:
        if name is None:
            return None
        seat = self.seats.get(name.text)
        if seat is None:
            players = ", ".join(self.players)
            self.error("RV112", f"{name.text} is not one of the players ({players})", name.pos)
        return seat

    def _flagged(self, kind: str) -> set[int]:
        return {self.seats[e.player.text] for e in self.deal.events_of(kind)
                if e.player is not None and e.player.text in self.seats}

    def hand_size(self, seat: int) -> int:
        """Cards a player holds after the exchange (IRR-4, IRR-5 change it)."""
        return 11 + (seat in self.kept) - (seat in self.two_discarded)

    def name(self, seat: int) -> str:
        return self.players[seat]

    def is_damaged(self, stmt) -> bool:
        return stmt is not None and stmt.pos.line in self.damaged

    def _before_a_lost_deal_line(self, deal: Deal) -> Deal:
        """The deal without what follows a line set aside that may be a
        misspelt ``deal`` line (``dael 2 dealer Anna``): the lines under it
        likely belong to the next deal, and checked with this one they would
        only make up errors."""
        if not self.damaged:
            return deal
        read = {stmt.pos.line for stmt in deal.statements}
        read.add(deal.pos.line)
        cut = min((line for line, text in self.damaged.items()
                   if line not in read and _LIKE_A_DEAL_LINE.match(text)), default=None)
        if cut is None or cut < deal.pos.line:
            return deal
        return Deal(deal.line, tuple(s for s in deal.statements if s.pos.line < cut))

    def _lost_lines(self) -> list[tuple[int, str]]:
        """Lines set aside by the parse: damaged lines that are no statement."""
        if not self.damaged:
            return []
        kept = {stmt.pos.line for stmt in self.deal.statements}
        kept.add(self.deal.pos.line)
        return [(line, text.strip()) for line, text in sorted(self.damaged.items())
                if line not in kept and text.strip() and not text.strip().startswith("#")]

    # -- the walk -------------------------------------------------------------

    def run(self) -> ReplayedDeal:
        deal = self.deal
        if self.dealer < 0:
            self.seat_of(deal.dealer)
        seats = self.seats
        for stmt in deal.statements:  # every name written must be a player's
            for attr in ("player", "leader", "taker"):
                name = getattr(stmt, attr, None)
                if name is not None and name.text not in seats:
                    self.seat_of(name)
                    self.bad_lines.add(stmt.pos.line)
        self._check_repeats()
        if deal.is_void:
            for trick in deal.tricks[:1]:
                self.error("RV309", "a void deal (misdeal or exposed card) has no tricks; "
                           "write the redeal as the next deal", trick.pos)
            return self._result(void=True)
        tricks = self._play_tricks()
        # Only a deal whose every trick is established and whose every line was
        # read whole is checked for what needs all of it (our reading: an error
        # must not make up problems elsewhere).
        whole = (len(tricks) == TRICKS_PER_DEAL and not self.unresolved and not self.damaged
                 and self.dealer >= 0)
        played = Played(tricks)
        hands = self._hands_after_exchange(tricks)
        partie = self._partie(played, hands, whole)
        if whole:
            hands = self._give_kept_cards(hands, partie)
        self._check_hands(played)
        self._check_talon_and_exchanges(played)
        # Who held what when rests on every card of the deal: with an error
        # anywhere (a card in the partie and in a trick, say) it is not known.
        known = whole and not self.broken
        espagnolette = self._espagnolette(hands) if known else None
        revokes = tuple(self._revokes(tricks, hands, espagnolette)) if known else ()
        return self._result(tricks=tuple(tricks), hands=hands, partie=partie,
                            espagnolette=espagnolette, revokes=revokes)

    def _result(self, **kw) -> ReplayedDeal:
        dealer = max(self.dealer, 0)
        return ReplayedDeal(
            deal=self.deal, players=self.players, dealer=dealer,
            partie_written=self.deal.partie is not None,
            complete=not self.broken and not self.damaged, diagnostics=tuple(self.diags),
            unresolved=tuple(self.unresolved), dealer_known=self.dealer >= 0, **kw)

    def _check_repeats(self) -> None:
        """At most one talon and partie, one hand and exchange per player."""
        seen: dict[tuple, Pos] = {}
        for stmt in self.deal.statements:
            if isinstance(stmt, (TalonLine, PartieLine)):
                key = (type(stmt),)
            elif isinstance(stmt, (HandLine, ExchangeLine, EspagnoletteLine)):
                key = (type(stmt), stmt.player.text)
            else:
                continue
            if key in seen:
                self.error("RV308", f"this line repeats what line {seen[key].line} already "
                           "says for this deal", stmt.pos, related=((seen[key], "first said here"),))
            else:
                seen[key] = stmt.pos

    def _check_cards_repeated(self, written: tuple[TrickLine, ...]) -> None:
        """RV202 across every trick line, whatever else is wrong; both lines of a
        repeated card are in error, since either may be the wrong one."""
        indexes = [card_at.card.index for line in written for card_at in line.cards]
        if len(set(indexes)) == len(indexes):  # the usual case, found quickly
            return
        seen: list[tuple[CardAt, TrickLine] | None] = [None] * len(PACK)  # by card index
        for line in written:
            for card_at in line.cards:
                first = seen[card_at.card.index]
                if first is None:
                    seen[card_at.card.index] = (card_at, line)
                    continue
                self.error("RV202", f"{card_at.card} is played twice: here and at line "
                           f"{first[0].pos.line}", card_at.pos, trick=line.number,
                           related=((first[0].pos, "first played here"),))
                self.bad_lines.update((line.pos.line, first[1].pos.line))

    def _sizes_known(self, lost: list[tuple[int, str]]) -> bool:
        """False when a line set aside may have been a kept or discarded-two line."""
        for _, text in lost:
            word = text.split()[0]
            if not word[:1].isdigit() and word not in _KEYWORDS_NOT_SIZES:
                return False
        return True

    def _in_order(self, leader: int, index: int) -> list[int]:
        """Who plays trick ``index`` led by ``leader``: a player without cards
        left (IRR-5) is passed over."""
        order = _ORDERS[leader]
        if index <= self.fewest:  # everyone still has a card: the hot path
            return order
        return [s for s in order if self.sizes[s] >= index]

    def _play_tricks(self) -> list[PlayedTrick]:
        """Establish who led and took each trick, in order.

        A trick is established when its leader is: first hand for trick 1,
        else the taker of the trick before when that one is established, else
        (after a trick in error, or with an unknown dealer) the leader written
        on its line, taken as written.  A trick in error establishes nothing.
        """
        tricks: list[PlayedTrick] = []
        written = self.deal.tricks
        expected = TRICKS_PER_DEAL
        if len(written) > expected:  # every card is played by then: the rest is not played
            extra = written[expected]
            self.error("RV205", f"a deal has {expected} tricks; this is a {_ordinal(expected + 1)}"
                       f" (deal {self.deal.number} has {len(written)})", extra.pos,
                       trick=extra.number)
            written = written[:expected]
        self.sizes = [self.hand_size(s) for s in range(4)]
        self.fewest = min(self.sizes)
        lost = self._lost_lines()
        lost_tricks = [(line, int(text.split()[0])) for line, text in lost
                       if text.split()[0].isdigit()]
        sizes_known = self._sizes_known(lost)
        self._check_cards_repeated(written)
        seats = self.seats
        leader = next_seat(self.dealer) if self.dealer >= 0 else None  # None: not established
        reading = leader  # who leads as the record reads, for showing only
        expected, previous_line, renumbered = 1, self.deal.pos.line, False
        numbers: list[int] = []  # the trick numbers written so far
        bad_lines, damaged, fewest = self.bad_lines, self.damaged, self.fewest
        for line in written:
            at_line = line.pos.line
            if lost_tricks:
                for at, number in lost_tricks:
                    if previous_line < at < at_line:  # a trick line that could not be read
                        leader = reading = None  # so who took it is unknown
                        if number == expected:
                            expected = number + 1
                        numbers.append(number)
                previous_line = at_line
            in_error = at_line in bad_lines or at_line in damaged
            index = line.number
            if index != expected:
                renumbered = in_error = True
                if index < expected and numbers and index not in numbers:  # a swapped pair
                    self.error("RV209", f"trick {index} is written after trick {numbers[-1]}; "
                               "tricks are written in the order played", line.pos, trick=index)
                else:
                    self.error("RV209", f"trick {index} is written where trick {expected} "
                               "belongs", line.pos, trick=index)
                    expected = index + 1
            else:
                expected = index + 1
            numbers.append(index)
            took = reading  # the taker of the trick before, as read
            if reading is not None and index > fewest:
                order = self._in_order(reading, index)
                if order and order[0] != reading:
                    # The taker of the last trick has no card left (he played with ten,
                    # IRR-5): the next player in order leads (our reading).
                    reading = order[0]
                    leader = reading if leader is not None else None
            written_leader = None if line.leader is None else seats.get(line.leader.text)
            if written_leader is not None and leader is not None and written_leader != leader:
                why = ("first hand, the player after the dealer, leads trick 1" if index == 1
                       else f"{self.name(leader)} took trick {index - 1} and leads the next"
                       if took == leader else
                       f"{self.name(took)} took trick {index - 1} with no card left after it, "
                       f"so {self.name(leader)} leads the next (IRR-5)")
                self.error("RV208", f"trick {index} is written as led by "
                           f"{self.name(written_leader)}, but {why}", line.leader.pos, trick=index)
                in_error = True
            established = leader  # by the tricks before: a written leader is not needed
            if written_leader is not None:
                reading = written_leader
                if leader is None:
                    leader = written_leader  # nothing to check it against: as written
            needed = 4 if index <= fewest else sum(size >= index for size in self.sizes)
            if index > TRICKS_PER_DEAL:
                in_error = True  # RV205 says so; "it needs 0 cards" would say nothing
            elif len(line.cards) != needed and at_line not in damaged \
                    and (sizes_known or index < TRICKS_PER_DEAL):
                self.error("RV203", f"trick {index} has {len(line.cards)} card"
                           f"{'s' if len(line.cards) != 1 else ''}; it needs {needed}, "
                           "one from each player", line.pos, trick=index)
                in_error = True
            if reading is not None and len(line.cards) == needed == 4:  # the hot path, inline
                plays = []
                for seat, card_at in zip(_ORDERS[reading], line.cards):
                    plays.append(_new(Play, (seat, card_at.card, card_at.pos)))  # no __new__ call
                plays = tuple(plays)
                taker = winning_play(plays).seat
            else:
                plays, taker = self._read_plays(line, reading, index, needed)
            if not in_error and leader is not None and taker is not None:
                recorded = None if line.taker is None else seats.get(line.taker.text)
                if recorded is not None and recorded != taker:
                    best = winning_play(plays)
                    self.error("RV207", f"trick {index} was taken by {self.name(taker)} with "
                               f"{best.card}, not by {self.name(recorded)}",
                               line.taker.pos, trick=index)
                    in_error = True
            if in_error or leader is None or taker is None:
                self._unresolved(TrickAsWritten(line, in_error, reading, plays, taker,
                                                established))
                leader, reading = None, taker
                continue
            tricks.append(_new(PlayedTrick, (index, leader, plays, taker, line)))
            leader = reading = taker
        count = len(written) + len(lost_tricks)
        if count != TRICKS_PER_DEAL and not renumbered:
            pos = written[-1].pos if written else self.deal.pos
            self.error("RV205", f"deal {self.deal.number} has {count} "
                       f"trick{'s' if count != 1 else ''}; a deal has {TRICKS_PER_DEAL}", pos)
        return tricks

    def _read_plays(self, line: TrickLine, leader: int | None, index: int, needed: int
                    ) -> tuple[tuple[Play, ...], int | None]:
        """The plays of a trick line read from ``leader``, and who took it;
        ``((), None)`` when the line cannot be read so."""
        if leader is None or len(line.cards) != needed or not needed:
            return (), None
        plays = []
        for seat, card_at in zip(self._in_order(leader, index), line.cards):
            plays.append(_new(Play, (seat, card_at.card, card_at.pos)))  # hot: no __new__ call
        plays = tuple(plays)
        return plays, winning_play(plays).seat

    def _unresolved(self, trick: TrickAsWritten) -> None:
        self.unresolved.append(trick)
        for card_at in trick.line.cards:
            self.loose.setdefault(card_at.card, card_at)
            self.loose_trick.setdefault(card_at.card, trick.line.number)

    # -- hands, partie ----------------------------------------------------------

    def _hands_after_exchange(self, tricks: list[PlayedTrick]) -> tuple[frozenset[Card], ...]:
        cards: list[list[Card]] = [[], [], [], []]
        for trick in tricks:
            for play in trick.plays:
                cards[play.seat].append(play.card)
        hands = [set(c) for c in cards]
        # A player who kept a talon card holds one card he never plays (IRR-4);
        # a written hand tells which.
        for seat in self.kept:
            written = self._written_after_exchange(seat)
            if written:
                hands[seat] |= written - hands[seat]
        return tuple(frozenset(h) for h in hands)

    def _written_after_exchange(self, seat: int) -> set[Card] | None:
        """The hand as dealt, with the written exchange applied, if both are known."""
        hand = self._hand_line(seat)
        if hand is None:
            return None
        cards = {c.card for c in hand.cards}
        exchange = self._exchange_line(seat)
        if exchange is not None:
            cards -= {c.card for c in exchange.discards}
            cards |= {c.card for c in exchange.takes or ()}
        return cards

    def _hand_line(self, seat: int) -> HandLine | None:
        for hand in self.deal.hands:
            if self.seats.get(hand.player.text) == seat:
                return hand
        return None

    def _exchange_line(self, seat: int) -> ExchangeLine | None:
        for exchange in self.deal.exchanges:
            if self.seats.get(exchange.player.text) == seat:
                return exchange
        return None

    def _give_kept_cards(self, hands, partie) -> tuple[frozenset[Card], ...]:
        """A player who kept a talon card holds one card he never plays: the
        card neither played nor in the written partie (IRR-4)."""
        unknown = [s for s in self.kept if self._written_after_exchange(s) is None]
        if len(unknown) != 1 or not partie:
            return hands
        held = set().union(*hands) | set(partie)
        rest = [c for c in PACK if c not in held]
        if len(rest) != 1:
            return hands
        out = list(hands)
        out[unknown[0]] = hands[unknown[0]] | {rest[0]}
        return tuple(out)

    def _partie_size(self) -> int:
        return 4 - len(self.kept) + len(self.two_discarded)

    def _partie(self, played: "Played", hands, whole: bool) -> tuple[Card, ...]:
        held = [False] * len(PACK)
        for hand in hands:
            for card in hand:
                held[card.index] = True
        unplayed = [c for c in PACK if not held[c.index]]
        line = self.deal.partie
        size = self._partie_size()
        if line is None:
            if not whole:  # the cards not accounted for are not known
                return ()
            if len(unplayed) != size and not self.broken:
                unknown = [self.name(s) for s in sorted(self.kept)
                           if self._written_after_exchange(s) is None]
                hint = (f"; {' and '.join(unknown)} kept a talon card, so write the partie "
                        "(or the hand) to say which card was never played" if unknown else "")
                self.error("RV206", f"{counted(len(unplayed), 'card')} of the pack are not accounted for "
                           f"({_cards(unplayed)}); the partie holds {size}{hint}", self.deal.pos)
            return tuple(unplayed) if len(unplayed) == size else ()
        errors_before = len(self.diags)
        self._check_no_repeats(line.cards, "the partie")
        for card_at in line.cards:
            where = played.get(card_at.card)
            if where is not None:
                trick, play = where
                self.error("RV306", f"{card_at.card} is in the partie, but "
                           f"{self.name(play.seat)} played it in trick {trick.number} "
                           f"(line {play.pos.line})", card_at.pos,
                           related=((play.pos, "played here"),))
            elif card_at.card in self.loose:
                self._played_loose("is in the partie", card_at)
        if not whole or self.is_damaged(line):
            return tuple(c.card for c in line.cards)
        written = {c.card for c in line.cards}
        missing = [c for c in unplayed if c not in written]
        unknown_kept = [s for s in self.kept if self._written_after_exchange(s) is None]
        if len(missing) == len(unknown_kept) == 1:
            missing = []  # the card the player who kept a talon card never played
        if missing and len(self.diags) == errors_before:  # else the cause is already said
            self.error("RV206", f"the partie holds {counted(len(written), 'card')}; "
                       f"{_cards(missing)} "
                       f"{'is' if len(missing) == 1 else 'are'} neither played nor in it",
                       line.pos)
        return tuple(c.card for c in line.cards)

    def _played_loose(self, what: str, card_at: CardAt) -> None:
        """``card_at`` is written out of play but also in a trick not established."""
        there = self.loose[card_at.card]
        self.error("RV306" if what.startswith("is in the partie") else "RV305",
                   f"{card_at.card} {what}, but it is played in trick "
                   f"{self.loose_trick[card_at.card]} (line {there.pos.line})", card_at.pos,
                   related=((there.pos, "played here"),))

    def _check_no_repeats(self, cards: tuple[CardAt, ...], where: str) -> None:
        seen: set[Card] = set()
        for card_at in cards:
            if card_at.card in seen:
                self.error("RV202", f"{card_at.card} is written twice in {where}", card_at.pos)
            seen.add(card_at.card)

    def _check_hands(self, played: "Played") -> None:
        for line in self.deal.hands:
            seat = self.seats.get(line.player.text)
            if seat is None:
                continue
            expected = 12 if seat == self.dealer else 11
            if len(line.cards) != expected and not self.is_damaged(line) and self.dealer >= 0:
                role = "the dealer" if seat == self.dealer else "a player other than the dealer"
                self.error("RV204", f"{line.player.text}'s hand has {counted(len(line.cards), 'card')}; "
                           f"{role} is dealt {expected}", line.pos)
            self._check_no_repeats(line.cards, f"{line.player.text}'s hand")
            for card_at in line.cards:
                where = played.get(card_at.card)
                if where is not None and where[1].seat != seat:
                    trick, play = where
                    self.error("RV303", f"{line.player.text}'s hand holds {card_at.card}, but "
                               f"{self.name(play.seat)} played it in trick {trick.number} "
                               f"(line {play.pos.line})", card_at.pos,
                               related=((play.pos, "played here"),))
            if not self.damaged and self.dealer >= 0:  # a lost card would look unexplained
                self._check_hand_against_play(seat, line, played)

    def _check_hand_against_play(self, seat: int, line: HandLine, played: "Played") -> None:
        """Cards he played that were not dealt to him must be his talon card."""
        dealt = {c.card for c in line.cards}
        in_other_hands = {c.card for h in self.deal.hands if h is not line for c in h.cards}
        taken = self._known_take(seat)
        limit = 0 if seat == self.dealer or taken is not None else 1
        unexplained = [(t, p) for c, (t, p) in played.items()
                       if p.seat == seat and c not in dealt and c not in in_other_hands
                       and c not in (taken or ())]
        if len(unexplained) > limit:
            trick, play = unexplained[0]
            listed = ", ".join(f"{p.card} (trick {t.number})" for t, p in unexplained)
            why = ("the dealer takes no talon card" if seat == self.dealer
                   else "only one talon card can be taken" if limit else
                   "they are not the talon card taken")
            self.error("RV303", f"{self.name(seat)} played {listed}, not in "
                       f"{self.name(seat)}'s hand at line {line.pos.line}; {why}",
                       play.pos, trick=trick.number, related=((line.pos, "hand written here"),))

    def _known_take(self, seat: int) -> set[Card] | None:
        """The talon card(s) a player took, when the exchange or talon says."""
        exchange = self._exchange_line(seat)
        if exchange is not None and (exchange.takes is not None or exchange.refuses):
            return {c.card for c in exchange.takes or ()}
        talon = self._usable_talon()
        owners = [next_seat(self.dealer, k) for k in (1, 2, 3)]
        if talon is not None and seat in owners and exchange is not None \
                and len(talon.cards) == 3:
            return {talon.cards[owners.index(seat)].card}
        return None

    def _usable_talon(self) -> TalonLine | None:
        """The talon line, when who owns which of its cards can be told: its
        cards all read and the dealer known (DEAL-2)."""
        talon = self.deal.talon
        return None if self.is_damaged(talon) or self.dealer < 0 else talon

    def _check_talon_and_exchanges(self, played: "Played") -> None:
        talon = self._usable_talon()
        owners = [next_seat(self.dealer, k) for k in (1, 2, 3)]  # DEAL-2
        talon_card = {}
        if talon is not None:
            if len(talon.cards) != 3:
                self.error("RV304", f"the talon has {counted(len(talon.cards), 'card')}; it has 3", talon.pos)
            self._check_no_repeats(talon.cards, "the talon")
            for owner, card_at in zip(owners, talon.cards):
                talon_card[owner] = card_at
                for hand in self.deal.hands:
                    if card_at.card in {c.card for c in hand.cards}:
                        self.error("RV304", f"{card_at.card} is in the talon and in "
                                   f"{hand.player.text}'s hand (line {hand.pos.line})",
                                   card_at.pos, related=((hand.pos, "hand written here"),))
                where = played.get(card_at.card)
                if where is not None and where[1].seat != owner:
                    trick, play = where
                    self.error("RV304", f"talon card {card_at.card} belongs to "
                               f"{self.name(owner)}, but {self.name(play.seat)} played it in "
                               f"trick {trick.number} (line {play.pos.line})", card_at.pos,
                               related=((play.pos, "played here"),))
        for exchange in self.deal.exchanges:
            seat = self.seats.get(exchange.player.text)
            if seat is not None:
                self._check_exchange(exchange, seat, talon_card.get(seat), played)

    def _check_exchange(self, line: ExchangeLine, seat: int, talon_card: CardAt | None,
                        played: "Played") -> None:
        who = line.player.text
        if seat == self.dealer and (line.refuses or line.takes):
            self.error("RV305", f"{who} is the dealer: the dealer discards one card and takes none",
                       line.pos)
        allowed = 2 if seat in self.two_discarded else (0 if seat in self.kept else 1)
        if not line.refuses and len(line.discards) != allowed and not self.is_damaged(line):
            self.error("RV305", f"{who} discards {counted(len(line.discards), 'card')}; "
                       f"the exchange allows {allowed}" + (
                           " (write discarded-two for a player who discarded two)"
                           if len(line.discards) == 2 and allowed == 1 else ""), line.pos)
        hand = self._hand_line(seat)
        for card_at in line.discards:
            where = played.get(card_at.card)
            if where is not None:
                trick, play = where
                self.error("RV305", f"{who} discards {card_at.card}, but "
                           f"{self.name(play.seat)} played it in trick {trick.number} "
                           f"(line {play.pos.line})", card_at.pos,
                           related=((play.pos, "played here"),))
            elif card_at.card in self.loose:
                self._played_loose(f"is discarded by {who}", card_at)
            if hand is not None and card_at.card not in {c.card for c in hand.cards} \
                    and not self.is_damaged(hand):
                self.error("RV305", f"{who} discards {card_at.card}, which is not in that "
                           f"player's hand at line {hand.pos.line}", card_at.pos,
                           related=((hand.pos, "hand written here"),))
        for card_at in line.takes or ():
            if talon_card is not None and card_at.card is not talon_card.card:
                self.error("RV305", f"{who} takes {card_at.card}, but the talon card for {who} is "
                           f"{talon_card.card} (line {talon_card.pos.line})", card_at.pos,
                           related=((talon_card.pos, "talon written here"),))
            where = played.get(card_at.card)
            if where is not None and where[1].seat != seat:
                trick, play = where
                self.error("RV305", f"{who} takes {card_at.card}, but {self.name(play.seat)} "
                           f"played it in trick {trick.number} (line {play.pos.line})",
                           card_at.pos, related=((play.pos, "played here"),))
        seen = line.sees
        if line.sees_count > 1:
            self.error("RV305", f"{who} saw {line.sees_count} cards; a player looks at one "
                       "talon card only", line.pos)
        if seen is not None and talon_card is not None and seen.card is not talon_card.card:
            self.error("RV305", f"{who} saw {seen.card}, but the talon card for {who} is "
                       f"{talon_card.card} (line {talon_card.pos.line})", seen.pos,
                       related=((talon_card.pos, "talon written here"),))
        refused = seen or (talon_card if line.refuses else None)
        if line.refuses and refused is not None and played.get(refused.card) is not None:
            trick, play = played[refused.card]
            self.error("RV305", f"{who} refused {refused.card}, which then stays out of play, "
                       f"but {self.name(play.seat)} played it in trick {trick.number}",
                       line.pos, related=((play.pos, "played here"),))

    # -- espagnolette, revokes ---------------------------------------------------

    def _espagnolette(self, hands) -> Espagnolette | None:
        holder = None
        for seat, hand in enumerate(hands):
            if is_espagnolette(hand):
                holder = seat
        declared = {self.seats.get(line.player.text): line for line in self.deal.espagnolettes}
        for seat, line in declared.items():
            if seat is not None and seat != holder:
                self.error("RV307", f"{line.player.text} is declared the espagnolette, but the "
                           "hand after the exchange holds neither four aces nor three aces "
                           "and the quinola", line.pos)
        if holder is None:
            return None
        line = declared.get(holder)
        return Espagnolette(holder, waived=bool(line and line.waives), declared=line)

    def _revokes(self, tricks: list[PlayedTrick], hands, esp: Espagnolette | None):
        """PLAY-4 outside ESP-2: off-suit while still holding the suit led.

        A card is still held at trick t when it is played after t, or never
        played (a kept talon card); checked only on a renounce, which is rare.
        """
        played_in = [99] * len(PACK)  # the trick each card was first played in, by index
        for trick in reversed(tricks):
            for play in trick.plays:
                played_in[play.card.index] = trick.number
        for trick in tricks:
            led = trick.led_suit
            for play in trick.plays[1:]:
                if play.card.suit is led:
                    continue
                held = [c for c in hands[play.seat]
                        if c.suit is led and played_in[c.index] > trick.number]
                privileged = (esp is not None and esp.seat == play.seat and esp.privileged
                              and trick.number <= PRIVILEGED_TRICKS)
                if held and not privileged:
                    first = min(held, key=lambda c: c.index)
                    self.error("RV201", f"{self.name(play.seat)} played {play.card} on a "
                               f"{led.singular} lead while holding {first} (revoke)",
                               play.pos, trick=trick.number, fatal=False)
                    yield Revoke(trick.number, play.seat, play.card, first, play.pos)


_ACES = tuple(c for c in PACK if c.rank is Rank.ACE)


def is_espagnolette(hand: frozenset[Card] | set[Card]) -> bool:
    """ESP-1: four aces, or three aces and the quinola."""
    aces = sum(ace in hand for ace in _ACES)
    return aces == 4 or (aces == 3 and QUINOLA in hand)


def _cards(cards) -> str:
    return " ".join(str(c) for c in cards)


def replay_deal(deal: Deal, players: tuple[str, ...],
                damaged: dict[int, str] | None = None) -> ReplayedDeal:
    """Replay one deal of a session whose players (in playing order) are given.

    ``damaged`` maps each line of the deal the reading already found wrong to
    its text (see ``_Replay``).  Session-level checks (deal numbers, the
    expected dealer) belong to the reader, which sees the deals in order.
    """
    return _Replay(deal, players, damaged).run()


def _ordinal(number: int) -> str:
    """``12th``, ``21st``, ``22nd``."""
    suffix = "th" if number % 100 in (11, 12, 13) else _SUFFIXES.get(number % 10, "th")
    return f"{number}{suffix}"


_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}
