"""The walk through a deal's tricks: who led, who took, what each held.

``replay_deal`` plays the tricks in order, establishes who led and who took
each one (PLAY-1, PLAY-3), each player's hand after the exchange, the partie
(DEAL-3), the espagnolette (ESP-1) and its privilege (ESP-2, ESP-3), and the
revokes (PLAY-4).  The optional lines (hands, talon, exchanges, partie) are
held against the play by :mod:`.crosscheck`.

Most deals are plain and :mod:`.plain` replays them in one pass (a deal where
a player discarded two, :mod:`.plaintwo`); the walk here is the readable
reference they are held to.  A deal still being typed
(``reversis record``) is replayed by ``replay_full``, then ``find_revokes``
looks for revokes among its tricks so far and the trick in progress.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Unpack

from ..amounts import too_many_digits
from ..cards import PACK, Card, CardCode
from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Count, Msg
from ..notation.statements import named_players
from ..model import (
    CardAt, Deal, EspagnoletteLine, ExchangeLine, HandLine, Name, PartieLine, Pos, TalonLine,
    TrickLine,
)
from ..model.rows import NO_INDEX
from ..vocabulary import KEYWORDS_NOT_SIZES
from ..words import shortened
from .crosscheck import CrossChecks
from .plain import replay_plain
from .plaintwo import replay_two_discarded
from .plainvoid import replay_void
from .recorded import recorded_problems
from .result import (
    TRICKS_PER_DEAL, Espagnolette, Play, Played, PlayedTrick, ReplayedDeal, TrickAsWritten,
    Outcome, is_espagnolette, next_seat, winning_play,
)
from .revokes import find_revokes, revokes_of
from .rules_of_play import PLAYING_ORDERS

__all__ = ["find_revokes", "replay_deal", "replay_full"]

_LIKE_A_DEAL_LINE = re.compile(r"\s*[^\s\d#]\S*\s+\d+\s+\S+\s+\S+\s*(#.*)?$")




class _Walk:
    """Where the walk through a deal's trick lines stands between two lines."""

    def __init__(self, first_hand: int | None, deal_line: int):
        self.leader = first_hand  # who leads the next trick by the tricks before; None: unknown
        self.reading = first_hand  # who leads it as the record reads, for showing only
        self.expected = 1  # the number the next trick line should have
        self.previous_line = deal_line  # the line of the trick line before
        self.numbers: list[int] = []  # the trick numbers written so far
        self.renumbered = False  # a trick line is out of order (RV209)


class _Replay(CrossChecks):
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

    def error(self, code: str, message: Msg, pos: Pos | None, *, trick: int | None = None,
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
            self.error("RV112", Msg("{name} is not one of the players ({players}){hint}",
                                    name=name.text, players=", ".join(self.players),
                                    hint=_spelt_otherwise(name.text, self.players)), name.pos)
        return seat

    def _flagged(self, kind: str) -> set[int]:
        return {self.seats[e.player.text] for e in self.deal.events_of(kind)
                if e.player is not None and e.player.text in self.seats}

    def hand_size(self, seat: int) -> int:
        """Cards a player holds after the exchange (IRR-4, IRR-5 change it)."""
        return 11 + (seat in self.kept) - (seat in self.two_discarded)

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
        for stmt in deal.statements:  # every name the table's row points at is a player's
            for name in named_players(stmt):
                if name.text not in seats:
                    self.seat_of(name)
                    self.bad_lines.add(stmt.pos.line)
        self._check_misdealers()
        self._check_repeats()
        self._check_unclaimed_tricks()
        self.diags.extend(recorded_problems(deal, self.players))  # paid and tally lines
        if deal.is_void:
            for trick in deal.tricks[:1]:
                self.error("RV309", Msg("a void deal (misdeal or exposed card) has no tricks; "
                                        "write the redeal as the next deal"), trick.pos)
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
        found = revokes_of(tricks, hands, espagnolette, self.deal.number, self.players) \
            if known else []
        self.diags.extend(warning for _, warning in found)
        revokes = tuple(revoke for revoke, _ in found)
        return self._result(tricks=tuple(tricks), hands=hands, partie=partie,
                            espagnolette=espagnolette, revokes=revokes)

    def _result(self, **outcome: Unpack[Outcome]) -> ReplayedDeal:
        dealer = max(self.dealer, 0)
        return ReplayedDeal(
            deal=self.deal, players=self.players, dealer=dealer,
            partie_written=self.deal.partie is not None,
            complete=not self.broken and not self.damaged, diagnostics=tuple(self.diags),
            unresolved=tuple(self.unresolved), dealer_known=self.dealer >= 0, **outcome)

    def _check_misdealers(self) -> None:
        """Only the dealer misdeals (IRR-2, IRR-3): a ``misdeal`` line naming
        another player would charge him the dealer's penalty.  Which of the two
        names is the slip is not known, so the deal is not settled."""
        if self.dealer < 0:
            return  # an unknown dealer is an error of its own
        dealer = self.players[self.dealer]
        for event in self.deal.misdeals_by_another:
            assert event.player is not None  # misdeals_by_another names someone
            if event.player.text not in self.seats:
                continue  # an unknown player: RV112 says so
            self.error("RV322", Msg("only the dealer can misdeal: {dealer} deals this deal. "
                                    "Correct the name of the misdealer, or the dealer",
                                    dealer=dealer), event.player.pos)
            self.bad_lines.add(event.pos.line)

    def _check_repeats(self) -> None:
        """At most one talon and partie, one hand and exchange per player."""
        seen: dict[tuple, Pos] = {}
        for stmt in self.deal.statements:
            if isinstance(stmt, (TalonLine, PartieLine)):
                key: tuple = (type(stmt),)
            elif isinstance(stmt, (HandLine, ExchangeLine, EspagnoletteLine)):
                key = (type(stmt), stmt.player.text)
            else:
                continue
            if key in seen:
                self.error("RV308", Msg("this line repeats what line {line} already says for "
                                        "this deal", line=seen[key].line), stmt.pos,
                           related=((seen[key], Msg("first said here")),))
            else:
                seen[key] = stmt.pos

    def _check_unclaimed_tricks(self) -> None:
        """An ``unclaimed T`` line names one of the deal's tricks, 1 to 11."""
        for event in self.deal.events_of("unclaimed"):
            if event.trick is not None and not 1 <= event.trick <= TRICKS_PER_DEAL:
                self.error("RV310", Msg("there is no trick {number}: a deal's tricks are "
                                        "numbered 1 to {last}", number=shortened(str(event.trick)),
                                        last=TRICKS_PER_DEAL), event.trick_pos or event.pos,
                           fatal=False)  # the play itself is not touched by it

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
                card, at = CardCode(card_at.card), first[0].pos.line
                said = (Msg("{card} is played twice in this trick", card=card)
                        if at == card_at.pos.line else
                        Msg("{card} is played twice: here and at line {line}", card=card, line=at))
                self.error("RV202", said, card_at.pos, trick=line.number,
                           related=((first[0].pos, Msg("first played here")),))
                self.bad_lines.update((line.pos.line, first[1].pos.line))

    def _sizes_known(self, lost: list[tuple[int, str]]) -> bool:
        """False when a line set aside may have been a kept or discarded-two line."""
        for _, text in lost:
            word = text.split()[0]
            if not word[:1].isdigit() and word not in KEYWORDS_NOT_SIZES:
                return False
        return True

    def _in_order(self, leader: int, index: int) -> list[int]:
        """Who plays trick ``index`` led by ``leader``, in order: a player
        without cards left (IRR-5) is passed over."""
        return [seat for seat in PLAYING_ORDERS[leader] if self.sizes[seat] >= index]

    def _play_tricks(self) -> list[PlayedTrick]:
        """Establish who led and took each trick, in order.

        A trick is established when its leader is: first hand for trick 1,
        else the taker of the trick before when that one is established, else
        (after a trick in error, or with an unknown dealer) the leader written
        on its line, taken as written.  A trick in error establishes nothing.
        """
        written = self._tricks_that_can_be_played()
        self.sizes = [self.hand_size(seat) for seat in range(4)]
        lost = self._lost_lines()
        # A trick line set aside, with its number (None: too long to be one).
        self.lost_tricks = [(line, None if too_many_digits(text.split()[0])
                             else int(text.split()[0]))
                            for line, text in lost if text.split()[0].isdigit()]
        self.sizes_known = self._sizes_known(lost)
        self.following = _next_numbers(written, self.lost_tricks)
        self._check_cards_repeated(written)
        first_hand = next_seat(self.dealer) if self.dealer >= 0 else None
        walk = _Walk(first_hand, self.deal.pos.line)
        tricks: list[PlayedTrick] = []
        for line in written:
            self._pass_lost_tricks(walk, line.pos.line)
            in_error = line.pos.line in self.bad_lines or line.pos.line in self.damaged
            in_error |= self._number_trick(walk, line)
            wrong_leader, established = self._leader_of(walk, line)
            trick = self._read_trick(walk, line, in_error or wrong_leader, established)
            if trick is not None:
                tricks.append(trick)
        count = len(written) + len(self.lost_tricks)
        if count != TRICKS_PER_DEAL and not walk.renumbered:
            pos = written[-1].pos if written else self.deal.pos
            self.error("RV205", Msg("deal {deal} has {tricks}; a deal has {count}",
                                    deal=self.deal.number,
                                    tricks=Count(count, "{n} trick", "{n} tricks"),
                                    count=TRICKS_PER_DEAL), pos)
        return tricks

    def _tricks_that_can_be_played(self) -> tuple[TrickLine, ...]:
        """The trick lines up to the last trick; every card is played by then,
        so a line after it is in error (RV205) and not played."""
        written = self.deal.tricks
        if len(written) <= TRICKS_PER_DEAL:
            return written
        extra = written[TRICKS_PER_DEAL]
        self.error("RV205", Msg("a deal has {tricks} tricks; this is a {ordinal} (deal {deal} "
                                "has {count})", tricks=TRICKS_PER_DEAL,
                                ordinal=_ordinal(TRICKS_PER_DEAL + 1), deal=self.deal.number,
                                count=len(written)), extra.pos, trick=extra.number)
        return written[:TRICKS_PER_DEAL]

    def _pass_lost_tricks(self, walk: _Walk, at_line: int) -> None:
        """Count the trick lines set aside between the last line and this one:
        who took them is unknown, so the next leader is not established."""
        for at, number in self.lost_tricks:
            if walk.previous_line < at < at_line:
                walk.leader = walk.reading = None
                if number is None:  # its number is unreadable: take it as in order
                    number = walk.expected
                if number == walk.expected:
                    walk.expected = number + 1
                walk.numbers.append(number)
        walk.previous_line = at_line

    def _number_trick(self, walk: _Walk, line: TrickLine) -> bool:
        """RV209 for a trick line out of order; True when it is."""
        index, expected = line.number, walk.expected
        walk.numbers.append(index)
        if index == expected:
            walk.expected = index + 1
            return False
        walk.renumbered = True
        before = walk.numbers[:-1]
        if index < expected and before and index not in before:  # a swapped pair
            self.error("RV209", Msg("trick {trick} is written after trick {previous}; "
                                    "tricks are written in the order played",
                                    trick=index, previous=before[-1]), line.pos, trick=index)
        else:
            self.error("RV209", Msg("trick {trick} is written where trick {expected} belongs",
                                    trick=index, expected=expected), line.pos, trick=index)
            # When the next line goes on from the number this one should
            # have, only this number is wrong (1 2 5 4): the next is right.
            slip = self.following.get(line.pos.line) == expected + 1
            walk.expected = expected + 1 if slip else index + 1
        return True

    def _leader_of(self, walk: _Walk, line: TrickLine) -> tuple[bool, int | None]:
        """Who leads this trick: RV208 when the leader written is not the one
        the tricks before establish.  Returns whether it is wrong, and who had
        the lead by the tricks before (None: not established)."""
        index, took = line.number, walk.reading  # the taker of the trick before, as read
        if walk.reading is not None and self.sizes[walk.reading] < index:
            # The taker of the last trick has no card left (he played with ten,
            # IRR-5): the next player in order leads (our reading).
            order = self._in_order(walk.reading, index)
            if order:
                walk.reading = order[0]
                walk.leader = walk.reading if walk.leader is not None else None
        leader = established = walk.leader
        written = None if line.leader is None else self.seats.get(line.leader.text)
        wrong = written is not None and leader is not None and written != leader
        if wrong:
            # a known leader means the trick before was read, and a leader
            # was read from this line because it is written
            assert took is not None and leader is not None and written is not None
            assert line.leader is not None
            self.error("RV208", Msg("trick {trick} is written as led by {written}, but {why}",
                                    trick=index, written=self.name(written),
                                    why=self._why_leads(index, leader, took)),
                       line.leader.pos, trick=index)
        if written is not None:
            walk.reading = written
            if walk.leader is None:
                walk.leader = written  # nothing to check it against: as written
        return wrong, established

    def _why_leads(self, index: int, leader: int, took: int) -> Msg:
        """Why ``leader`` leads trick ``index`` (``took`` took the trick before)."""
        if index == 1:
            return Msg("first hand, the player after the dealer, leads trick 1")
        if took == leader:
            return Msg("{leader} took trick {previous} and leads the next",
                       leader=self.name(leader), previous=index - 1)
        return Msg("{took} took trick {previous} with no card left after it, so {leader} "
                   "leads the next (IRR-5)", took=self.name(took), previous=index - 1,
                   leader=self.name(leader))

    def _read_trick(self, walk: _Walk, line: TrickLine, in_error: bool,
                    established: int | None) -> PlayedTrick | None:
        """The trick played on this line, or None when it is not established
        (then kept as written, see ``TrickAsWritten``): RV203 for a wrong
        number of cards, RV207 for a wrong taker."""
        index, leader = line.number, walk.leader
        needed = sum(size >= index for size in self.sizes)
        if index > TRICKS_PER_DEAL:
            in_error = True  # RV205 says so; "it needs 0 cards" would say nothing
        elif len(line.cards) != needed and line.pos.line not in self.damaged \
                and (self.sizes_known or index < TRICKS_PER_DEAL):
            self.error("RV203", Msg("trick {trick} has {cards}; it needs {needed}, one from "
                                    "each player", trick=index,
                                    cards=Count(len(line.cards), "{n} card", "{n} cards"),
                                    needed=needed), line.pos, trick=index)
            in_error = True
        plays, taker = self._read_plays(line, walk.reading, index, needed)
        if not in_error and leader is not None and taker is not None:
            in_error = self._wrong_taker(line, plays, taker)
        if in_error or leader is None or taker is None:
            self._unresolved(TrickAsWritten(line, in_error, walk.reading, plays, taker,
                                            established))
            walk.leader, walk.reading = None, taker
            return None
        walk.leader = walk.reading = taker
        return PlayedTrick(index, leader, plays, taker, line)

    def _wrong_taker(self, line: TrickLine, plays: tuple[Play, ...], taker: int) -> bool:
        """RV207 when the taker written is not who took the trick; True then."""
        recorded = None if line.taker is None else self.seats.get(line.taker.text)
        if recorded is None or recorded == taker:
            return False
        assert line.taker is not None  # recorded was read from it
        self.error("RV207", Msg("trick {trick} was taken by {taker} with {card}, not by "
                                "{recorded}", trick=line.number, taker=self.name(taker),
                                card=CardCode(winning_play(plays).card),
                                recorded=self.name(recorded)), line.taker.pos, trick=line.number)
        return True

    def _read_plays(self, line: TrickLine, leader: int | None, index: int, needed: int
                    ) -> tuple[tuple[Play, ...], int | None]:
        """The plays of a trick line read from ``leader``, and who took it;
        ``((), None)`` when the line cannot be read so."""
        if leader is None or len(line.cards) != needed or not needed:
            return (), None
        plays = tuple(Play(seat, card_at.card, card_at.pos) for seat, card_at
                      in zip(self._in_order(leader, index), line.cards, strict=True))
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

    def _give_kept_cards(self, hands: tuple[frozenset[Card], ...], partie: tuple[Card, ...]
                         ) -> tuple[frozenset[Card], ...]:
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

    def _espagnolette(self, hands: Sequence[frozenset[Card]]) -> Espagnolette | None:
        holder: int | None = None
        for seat, hand in enumerate(hands):
            if is_espagnolette(hand):
                holder = seat
        declared = {self.seats.get(line.player.text): line for line in self.deal.espagnolettes}
        for declared_seat, line in declared.items():
            if declared_seat is not None and declared_seat != holder:
                self.error("RV307", Msg("{player} is declared the espagnolette, but the hand "
                                        "after the exchange holds neither four aces nor three "
                                        "aces and the quinola", player=line.player.text),
                           line.pos)
        if holder is None:
            return None
        found = declared.get(holder)
        return Espagnolette(holder, waived=bool(found and found.waives), declared=found)


def replay_deal(deal: Deal, players: tuple[str, ...],
                damaged: dict[int, str] | None = None) -> ReplayedDeal:
    """Replay one deal of a session whose players (in playing order) are given.

    ``damaged`` maps each line of the deal the reading already found wrong to
    its text (see ``_Replay``).  Session-level checks (deal numbers, the
    expected dealer) belong to the reader, which sees the deals in order.
    """
    if not damaged:  # most deals are plain: one pass over the tricks replays them
        # A lean deal whose last trick is of three cards (IRR-5): no plain deal, asked of
        # plaintwo at once (``Deal.lean_rows``, read without the property's call: every
        # deal passes here).
        rows = deal._rows
        if rows and rows[-1][4] == NO_INDEX:
            plain = replay_two_discarded(deal, players)
        elif not rows and (void := replay_void(deal, players)) is not None:
            return void  # a void deal (IRR-0): no trick to walk
        else:
            plain = replay_plain(deal, players) or replay_two_discarded(deal, players)
        if plain is not None:
            return plain
    return _Replay(deal, players, damaged).run()


def replay_full(deal: Deal, players: tuple[str, ...],
                damaged: dict[int, str] | None = None) -> ReplayedDeal:
    """The same replay as ``replay_deal``, always by the full walk: the
    reference the one-pass replay of a plain deal (:mod:`.plain`) is held to,
    and the replay of a deal still being played, whose tricks so far are
    seldom a plain deal."""
    return _Replay(deal, players, damaged).run()


def _spelt_otherwise(name: str, players: tuple[str, ...]) -> Msg | str:
    """A hint when ``name`` is a player's name with its accents composed
    otherwise (é as one character or as e + a combining accent): the two look
    the same, and only the characters tell them apart."""
    composed = unicodedata.normalize("NFC", name)
    for player in players:
        if unicodedata.normalize("NFC", player) == composed:
            return Msg("; it looks like {player}, but its accents are written with other "
                       "characters (one letter with its accent, or a letter and a combining "
                       "accent): write it as on the players line", player=player)
    return ""


def _next_numbers(written: tuple[TrickLine, ...], lost: list[tuple[int, int | None]]
                  ) -> dict[int, int | None]:
    """For each written trick line, the number of the trick line below it
    (read or set aside for an error)."""
    lines = sorted([(line.pos.line, line.number) for line in written] + lost)
    return {at: number for (at, _), (_, number) in zip(lines, lines[1:], strict=False)}


def _ordinal(number: int) -> Msg:
    """``12th``, ``21st``, ``22nd``."""
    last = 0 if number % 100 in (11, 12, 13) else number % 10
    if last == 1:
        return Msg("{n}st", n=number)
    if last == 2:
        return Msg("{n}nd", n=number)
    if last == 3:
        return Msg("{n}rd", n=number)
    return Msg("{n}th", n=number)
