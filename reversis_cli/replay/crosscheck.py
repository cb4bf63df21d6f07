"""The replay's cross-checks of the optional lines: hands, talon, exchanges
and partie, each held against the tricks as played.

:class:`CrossChecks` is mixed into the replay (:class:`.play._Replay`): the
checks read its state (the deal, the seats, the dealer, who kept a talon card
or discarded two, the cards of tricks not established) and report through its
``error``.  Each contradiction names both lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence, Sized

from ..cards import PACK, Card, CardCode, CardCodes
from ..diagnostics import Diagnostic
from ..i18n import Count, Msg
from ..model import CardAt, Deal, ExchangeLine, HandLine, Statement, TalonLine
from ..words import joined, listed
from .result import Play, Played, PlayedTrick, next_seat

__all__ = ["CrossChecks"]

# What the record says of a card, written from the card's text (A♠) when needed.
_Said = Callable[[CardCode], Msg]


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

    def is_damaged(self, stmt: Statement | None) -> bool:
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

    def _partie(self, played: Played, hands: Sequence[frozenset[Card]], whole: bool
                ) -> tuple[Card, ...]:
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
                hint = (Msg("; {players} kept a talon card, so write the partie (or the hand) to "
                            "say which card was never played", players=joined(unknown))
                        if unknown else "")
                self.error("RV206", Msg("{cards} of the pack are not accounted for ({listed}); "
                                        "the partie holds {size}{hint}", cards=_count(unplayed),
                                        listed=_cards(unplayed), size=size, hint=hint),
                           self.deal.pos)
            return tuple(unplayed) if len(unplayed) == size else ()
        errors_before = len(self.diags)
        for card_at in _repeated(line.cards):
            self.error("RV202", Msg("{card} is written twice in the partie",
                                    card=CardCode(card_at.card)), card_at.pos)
        for card_at in line.cards:
            self._not_played(card_at, played, "RV306", _in_partie, _in_partie)
        if not whole or self.is_damaged(line):
            return tuple(c.card for c in line.cards)
        written = {c.card for c in line.cards}
        missing = [c for c in unplayed if c not in written]
        unknown_kept = [s for s in self.kept if self._written_after_exchange(s) is None]
        if len(missing) == len(unknown_kept) == 1:
            missing = []  # the card the player who kept a talon card never played
        if missing and len(self.diags) == errors_before:  # else the cause is already said
            if len(missing) == 1:
                message = Msg("the partie holds {cards}; {missing} is neither played nor in it",
                              cards=_count(written), missing=_cards(missing))
            else:
                message = Msg("the partie holds {cards}; {missing} are neither played nor in it",
                              cards=_count(written), missing=_cards(missing))
            self.error("RV206", message, line.pos)
        return tuple(c.card for c in line.cards)

    def _played_loose(self, code: str, said: Msg, card_at: CardAt) -> None:
        """``card_at`` is written out of play (``said``) but also in a trick not established."""
        there = self.loose[card_at.card]
        self.error(code, Msg("{said}, but it is played in trick {trick} (line {line})",
                             said=said, trick=self.loose_trick[card_at.card],
                             line=there.pos.line), card_at.pos,
                   related=((there.pos, Msg("played here")),))

    def _check_hands(self, played: Played) -> None:
        dealt: dict[Card, HandLine] = {}  # a card not played: the hand line first holding it
        for line in self.deal.hands:
            seat = self.seats.get(line.player.text)
            if seat is None:
                continue
            expected = 12 if seat == self.dealer else 11
            if len(line.cards) != expected and not self.is_damaged(line) and self.dealer >= 0:
                if seat == self.dealer:
                    message = Msg("{player}'s hand has {cards}; the dealer is dealt {expected}",
                                  player=line.player.text, cards=_count(line.cards),
                                  expected=expected)
                else:
                    message = Msg("{player}'s hand has {cards}; a player other than the dealer "
                                  "is dealt {expected}", player=line.player.text,
                                  cards=_count(line.cards), expected=expected)
                self.error("RV204", message, line.pos)
            for card_at in _repeated(line.cards):
                self.error("RV202", Msg("{card} is written twice in {player}'s hand",
                                        card=CardCode(card_at.card), player=line.player.text),
                           card_at.pos)
            for card_at in line.cards:
                where = played.get(card_at.card)
                if where is not None and where[1].seat != seat:
                    self._played_by("RV303", Msg("{player}'s hand holds {card}",
                                                 player=line.player.text,
                                                 card=CardCode(card_at.card)), where, card_at)
                elif where is None:
                    self._dealt_twice(dealt, line, card_at)
            if not self.damaged and self.dealer >= 0:  # a lost card would look unexplained
                self._check_hand_against_play(seat, line, played)

    def _dealt_twice(self, dealt: dict[Card, HandLine], line: HandLine, card_at: CardAt) -> None:
        """RV202 across hands: a card no one played, written in two players' hands
        (each may say he discarded it, so no other check sees it; the card it stands
        for is then in no line).  A played card in the wrong hand is RV303's."""
        other = dealt.setdefault(card_at.card, line)
        if other.player.text != line.player.text:  # his line twice is RV308's, said already
            self.error("RV202", Msg("{card} is in {player}'s hand and in {other}'s hand "
                                    "(line {line})", card=CardCode(card_at.card),
                                    player=line.player.text, other=other.player.text,
                                    line=other.pos.line),
                       card_at.pos, related=((other.pos, Msg("hand written here")),))

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
            cards = listed([Msg("{card} (trick {trick})", card=CardCode(p.card), trick=t.number)
                            for t, p in unexplained])
            why = (Msg("the dealer takes no talon card") if seat == self.dealer
                   else Msg("only one talon card can be taken") if limit else
                   Msg("they are not the talon card taken"))
            self.error("RV303", Msg("{player} played {cards}, not in {player}'s hand at line "
                                    "{line}; {why}", player=self.name(seat), cards=cards,
                                    line=line.pos.line, why=why),
                       play.pos, trick=trick.number,
                       related=((line.pos, Msg("hand written here")),))

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
                self.error("RV304", Msg("the talon has {cards}; it has 3",
                                        cards=_count(talon.cards)), talon.pos)
            for card_at in _repeated(talon.cards):
                self.error("RV202", Msg("{card} is written twice in the talon",
                                        card=CardCode(card_at.card)), card_at.pos)
            for owner, card_at in zip(owners, talon.cards, strict=False):
                talon_card[owner] = card_at
                for hand in self.deal.hands:
                    if card_at.card in {c.card for c in hand.cards}:
                        self.error("RV304", Msg("{card} is in the talon and in {player}'s hand "
                                                "(line {line})", card=CardCode(card_at.card),
                                                player=hand.player.text, line=hand.pos.line),
                                   card_at.pos, related=((hand.pos, Msg("hand written here")),))
                where = played.get(card_at.card)
                if where is not None and where[1].seat != owner:
                    self._played_by("RV304", Msg("talon card {card} belongs to {owner}",
                                                 card=CardCode(card_at.card),
                                                 owner=self.name(owner)),
                                    where, card_at)
        for exchange in self.deal.exchanges:
            seat = self.seats.get(exchange.player.text)
            if seat is not None:
                self._check_exchange(exchange, seat, talon_card.get(seat), played)

    def _not_played(self, card_at: CardAt, played: Played, code: str, said: _Said,
                    loose: _Said) -> None:
        """A card that left the game before the play (discarded, or in the
        partie) cannot also be played: ``code`` at the card when it was.
        ``said`` writes what the record says of it, ``loose`` the same with the
        card first (for a trick not established): written only when there is
        an error, as this runs for every card of every clean record."""
        where = played.get(card_at.card)
        if where is not None:
            self._played_by(code, said(CardCode(card_at.card)), where, card_at)
        elif card_at.card in self.loose:
            self._played_loose(code, loose(CardCode(card_at.card)), card_at)

    def _played_by(self, code: str, said: Msg, where: tuple[PlayedTrick, Play],
                   card_at: CardAt) -> None:
        """``code`` at ``card_at``: what the record ``said`` of the card, but who
        played it where (``where``: the trick and the play)."""
        trick, play = where
        self.error(code, Msg("{said}, but {player} played it in trick {trick} (line {line})",
                             said=said, player=self.name(play.seat), trick=trick.number,
                             line=_line_of(play)), card_at.pos,
                   related=((play.pos, Msg("played here")),))

    def _check_exchange(self, line: ExchangeLine, seat: int, talon_card: CardAt | None,
                        played: Played) -> None:
        who = line.player.text
        if seat == self.dealer and (line.refuses or line.takes):
            self.error("RV305", Msg("{player} is the dealer: the dealer discards one card and "
                                    "takes none", player=who), line.pos)
        allowed = 2 if seat in self.two_discarded else (0 if seat in self.kept else 1)
        if not line.refuses and len(line.discards) != allowed and not self.is_damaged(line):
            if len(line.discards) == 2 and allowed == 1:
                message = Msg("{player} discards {cards}; the exchange allows {allowed} (write "
                              "discarded-two for a player who discarded two)", player=who,
                              cards=_count(line.discards), allowed=allowed)
            else:
                message = Msg("{player} discards {cards}; the exchange allows {allowed}",
                              player=who, cards=_count(line.discards), allowed=allowed)
            self.error("RV305", message, line.pos)
        hand = self._hand_line(seat)
        for card_at in line.discards:
            self._not_played(card_at, played, "RV305",
                             lambda card: Msg("{player} discards {card}", player=who, card=card),
                             lambda card: Msg("{card} is discarded by {player}", card=card,
                                              player=who))
            if hand is not None and card_at.card not in {c.card for c in hand.cards} \
                    and not self.is_damaged(hand):
                self.error("RV305", Msg("{player} discards {card}, which is not in that "
                                        "player's hand at line {line}", player=who,
                                        card=CardCode(card_at.card), line=hand.pos.line),
                           card_at.pos, related=((hand.pos, Msg("hand written here")),))
        for card_at in line.takes or ():
            if talon_card is not None and card_at.card is not talon_card.card:
                self.error("RV305", Msg("{player} takes {card}, but the talon card for {player} "
                                        "is {talon} (line {line})", player=who,
                                        card=CardCode(card_at.card),
                                        talon=CardCode(talon_card.card),
                                        line=talon_card.pos.line), card_at.pos,
                           related=((talon_card.pos, Msg("talon written here")),))
            where = played.get(card_at.card)
            if where is not None and where[1].seat != seat:
                trick, play = where
                self.error("RV305", Msg("{player} takes {card}, but {other} played it in trick "
                                        "{trick} (line {line})", player=who,
                                        card=CardCode(card_at.card), other=self.name(play.seat),
                                        trick=trick.number, line=_line_of(play)),
                           card_at.pos, related=((play.pos, Msg("played here")),))
        seen = line.sees
        if line.sees_count > 1:
            self.error("RV305", Msg("{player} saw {count} cards; a player looks at one talon "
                                    "card only", player=who, count=line.sees_count), line.pos)
        if seen is not None and talon_card is not None and seen.card is not talon_card.card:
            self.error("RV305", Msg("{player} saw {card}, but the talon card for {player} is "
                                    "{talon} (line {line})", player=who, card=CardCode(seen.card),
                                    talon=CardCode(talon_card.card), line=talon_card.pos.line),
                       seen.pos, related=((talon_card.pos, Msg("talon written here")),))
        refused = seen or (talon_card if line.refuses else None)
        if line.refuses and refused is not None and played.get(refused.card) is not None:
            trick, play = played[refused.card]
            self.error("RV305", Msg("{player} refused {card}, which then stays out of play, but "
                                    "{other} played it in trick {trick}", player=who,
                                    card=CardCode(refused.card), other=self.name(play.seat),
                                    trick=trick.number),
                       line.pos, related=((play.pos, Msg("played here")),))

    # -- espagnolette, revokes ---------------------------------------------------


def _line_of(play: Play) -> int:
    """The line a play was read from: every play the replay makes has one."""
    assert play.pos is not None
    return play.pos.line


def _cards(cards: Iterable[Card]) -> CardCodes:
    return CardCodes(tuple(cards))


def _count(cards: Sized) -> Count:
    """``3 cards``, in the reader's language."""
    return Count(len(cards), "{n} card", "{n} cards")


def _repeated(cards: tuple[CardAt, ...]) -> list[CardAt]:
    """Each card written again after its first time in ``cards``."""
    seen: set[Card] = set()
    out = []
    for card_at in cards:
        if card_at.card in seen:
            out.append(card_at)
        seen.add(card_at.card)
    return out



def _in_partie(card: CardCode) -> Msg:
    return Msg("{card} is in the partie", card=card)
