"""The replay's cross-checks of the optional lines: hands, talon, exchanges
and partie, each held against the tricks as played.

:class:`CrossChecks` is mixed into the replay (:class:`.play._Replay`): the
checks read its state (the deal, the seats, the dealer, who kept a talon card
or discarded two, the cards of tricks not established) and report through its
``error``.  Each contradiction names both lines.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import PACK, Card
from ..diagnostics import Diagnostic
from ..model import CardAt, Deal, ExchangeLine, HandLine, TalonLine
from ..words import counted
from .result import Play, Played, next_seat

__all__ = ["CrossChecks"]


class CrossChecks:
    """The checks of the lines a record may leave out, against the play."""

    # The replay's state the checks read (set by the replay's __init__).
    deal: Deal
    players: tuple[str, ...]
    seats: dict[str, int]
    dealer: int
    kept: set[int]
    two_discarded: set[int]
    damaged: dict[int, str]
    diags: list[Diagnostic]
    broken: bool
    loose: dict[Card, CardAt]
    loose_trick: dict[Card, int]

    # Reports a diagnostic: the replay's own method.
    error: Callable[..., None]

    def name(self, seat: int) -> str:
        return self.players[seat]

    def is_damaged(self, stmt) -> bool:
        return stmt is not None and stmt.pos.line in self.damaged

    # -- what the record wrote of a player's hand --------------------------------

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

    # -- partie ---------------------------------------------------------------

    def _partie_size(self) -> int:
        return 4 - len(self.kept) + len(self.two_discarded)

    def _partie(self, played: Played, hands, whole: bool) -> tuple[Card, ...]:
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
                self.error("RV206", f"{counted(len(unplayed), 'card')} of the pack "
                           "are not accounted for "
                           f"({_cards(unplayed)}); the partie holds {size}{hint}", self.deal.pos)
            return tuple(unplayed) if len(unplayed) == size else ()
        errors_before = len(self.diags)
        self._check_no_repeats(line.cards, "the partie")
        for card_at in line.cards:
            self._not_played(card_at, played, "RV306", f"{card_at.card} is in the partie",
                             "is in the partie")
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

    def _check_hands(self, played: Played) -> None:
        for line in self.deal.hands:
            seat = self.seats.get(line.player.text)
            if seat is None:
                continue
            expected = 12 if seat == self.dealer else 11
            if len(line.cards) != expected and not self.is_damaged(line) and self.dealer >= 0:
                role = "the dealer" if seat == self.dealer else "a player other than the dealer"
                self.error("RV204", f"{line.player.text}'s hand has "
                           f"{counted(len(line.cards), 'card')}; "
                           f"{role} is dealt {expected}", line.pos)
            self._check_no_repeats(line.cards, f"{line.player.text}'s hand")
            for card_at in line.cards:
                where = played.get(card_at.card)
                if where is not None and where[1].seat != seat:
                    self._played_by("RV303", f"{line.player.text}'s hand holds {card_at.card}",
                                    where, card_at)
            if not self.damaged and self.dealer >= 0:  # a lost card would look unexplained
                self._check_hand_against_play(seat, line, played)

    def _check_hand_against_play(self, seat: int, line: HandLine, played: Played) -> None:
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

    def _check_talon_and_exchanges(self, played: Played) -> None:
        talon = self._usable_talon()
        owners = [next_seat(self.dealer, k) for k in (1, 2, 3)]  # DEAL-2
        talon_card = {}
        if talon is not None:
            if len(talon.cards) != 3:
                self.error("RV304", f"the talon has {counted(len(talon.cards), 'card')}; "
                           "it has 3", talon.pos)
            self._check_no_repeats(talon.cards, "the talon")
            for owner, card_at in zip(owners, talon.cards, strict=False):
                talon_card[owner] = card_at
                for hand in self.deal.hands:
                    if card_at.card in {c.card for c in hand.cards}:
                        self.error("RV304", f"{card_at.card} is in the talon and in "
                                   f"{hand.player.text}'s hand (line {hand.pos.line})",
                                   card_at.pos, related=((hand.pos, "hand written here"),))
                where = played.get(card_at.card)
                if where is not None and where[1].seat != owner:
                    self._played_by("RV304", f"talon card {card_at.card} belongs to "
                                    f"{self.name(owner)}", where, card_at)
        for exchange in self.deal.exchanges:
            seat = self.seats.get(exchange.player.text)
            if seat is not None:
                self._check_exchange(exchange, seat, talon_card.get(seat), played)

    def _not_played(self, card_at: CardAt, played, code: str, said: str, loose: str) -> None:
        """A card that left the game before the play (discarded, or in the
        partie) cannot also be played: ``code`` at the card when it was."""
        where = played.get(card_at.card)
        if where is not None:
            self._played_by(code, said, where, card_at)
        elif card_at.card in self.loose:
            self._played_loose(loose, card_at)

    def _played_by(self, code: str, said: str, where, card_at: CardAt) -> None:
        """``code`` at ``card_at``: what the record ``said`` of the card, but who
        played it where (``where``: the trick and the play)."""
        trick, play = where
        self.error(code, f"{said}, but {self.name(play.seat)} played it in trick "
                   f"{trick.number} (line {_line_of(play)})", card_at.pos,
                   related=((play.pos, "played here"),))

    def _check_exchange(self, line: ExchangeLine, seat: int, talon_card: CardAt | None,
                        played: Played) -> None:
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
            self._not_played(card_at, played, "RV305", f"{who} discards {card_at.card}",
                             f"is discarded by {who}")
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
                           f"played it in trick {trick.number} (line {_line_of(play)})",
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


def _line_of(play: Play) -> int:
    """The line a play was read from: every play the replay makes has one."""
    assert play.pos is not None
    return play.pos.line


def _cards(cards) -> str:
    return " ".join(str(c) for c in cards)
