"""The working state of one deal's settlement, shared by the rule functions.

The engine runs the rules of its registry in order over one :class:`Ledger`;
each rule reads what earlier rules established (the outcome, the partie's
winners) and adds payments, pending dues and reasoning steps.  The ledger is
the only mutable object of the settlement; everything it holds is an
immutable value, and the engine freezes it into a ``DealSettlement``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from fractions import Fraction

from ..cards import PACK, Card, Suit
from ..replay import PlayedTrick, ReplayedDeal
from ..replay.result import Row, Walked
from ..replay.rules_of_play import partie_standing, seat_rank, vis_a_vis
from ..rules import Profile, RuleOptions
from .codes import EspagnoletteStatus, Outcome
from .payments import POOL, Amount, NoteCode, Payment, ReasonCode, Step, whole
from .settlement import PlayedBefore

__all__ = ["DOUBLING_GROUNDS", "LATE_TRICK", "VIS_A_VIS", "Ledger", "InPlay", "WinnerDue",
           "Fall"]

# POOL-4: when two takings meet in one deal, the higher wins.
TAKING_PRIORITY = {"REV-1": 3, "QUIN-1": 2, "ESP-4": 1}


_new = tuple.__new__

# The grounds for doubling an in-play payment (params ``doubled_for``) and their rules.
VIS_A_VIS = "vis_a_vis"
LATE_TRICK = "late_trick"
DOUBLING_GROUNDS = {VIS_A_VIS: "DOUBLE-1", LATE_TRICK: "DOUBLE-2"}


class InPlay(NamedTuple):
    """An in-play payment (ACE-1, ACE-2, QUIN-1, QUIN-2, ESP-9) and the card behind it
    (a named tuple: made for every ace that falls, and cheaper than a frozen dataclass)."""

    payment: Payment
    card: Card
    payee_seat: int
    payer_seat: int


class WinnerDue(NamedTuple):
    """ACE-3 / QUIN-3: a card led or played that owes the partie winner after the deal."""

    rule: str
    holder: int
    card: Card
    base: int
    trick: int


class Fall(NamedTuple):
    """An ace or the quinola as it fell: the trick's number, who led it (who played
    its first card: ``inplay.leader_of``), who took it, who played the card, the
    card, and the suit led.  Ints and cards, read alike from a plain deal's rows
    and from any deal's tricks (X3 of issue 35: no trick made for it)."""

    trick: int
    leader: int
    taker: int
    seat: int
    card: Card
    led: Suit


class _Tally(NamedTuple):
    """What one pass over a deal's 44 cards finds, for the rules that read it."""

    won: tuple[int, ...]  # tricks won by seat (ReplayedDeal.tricks_won)
    points: tuple[int, ...]  # card points won by seat (ReplayedDeal.points_won)
    played_in: list[int]  # by card index: the trick it was first played in (0: never)
    paying: list[Fall]  # the aces and the quinola, in playing order


def _tally(replayed: ReplayedDeal) -> _Tally:
    """Counted once: each rule asking would walk the 44 cards again.  A plain
    deal's is read from its rows (:func:`_tally_rows`, the fast path)."""
    rows = replayed.rows
    if rows is not None:
        return _tally_rows(rows)
    walked = replayed.walked
    if walked is not None:
        return _tally_walked(walked)
    return _tally_tricks(replayed.tricks)


def _tally_walked(walked: tuple[Walked, ...]) -> _Tally:
    """The tally of a deal where a player discarded two, from its tricks as
    walked (replay/plaintwo.py: seats and card indexes, each card played once;
    trick 11 of three cards), no trick made: :func:`_tally_tricks` by another
    road, which tests/test_replay_two_discarded.py holds it to."""
    won, points, played_in = [0, 0, 0, 0], [0, 0, 0, 0], [0] * len(PACK)
    paying = []
    for number, _, seats, taker, indexes in walked:
        won[taker] += 1
        led = _SUITS[indexes[0]]
        for seat, index in zip(seats, indexes, strict=True):
            points[taker] += _POINTS[index]
            played_in[index] = number
            if _PAYS[index]:
                paying.append(_new(Fall, (number, seats[0], taker, seat, PACK[index], led)))
    return _Tally(tuple(won), tuple(points), played_in, paying)


def _tally_tricks(tricks: tuple[PlayedTrick, ...]) -> _Tally:
    """The tally of the tricks established, whatever the deal (the clear path)."""
    won, points, played_in = [0, 0, 0, 0], [0, 0, 0, 0], [0] * len(PACK)
    paying = []
    # Backwards, so that the first trick a card was played in is the one left in
    # played_in without a test for each card; ``paying`` is turned round at the end.
    for trick in reversed(tricks):
        taker, number = trick.taker, trick.number
        won[taker] += 1
        for play in reversed(trick.plays):
            card = play.card
            points[taker] += card.points
            played_in[card.index] = number
            if card.pays_in_play:
                paying.append(_new(Fall, (number, trick.plays[0].seat, taker, play.seat, card,
                                          trick.led_suit)))
    paying.reverse()
    return _Tally(tuple(won), tuple(points), played_in, paying)


# By card index: its points, and whether it pays as it falls (an ace or the quinola).
_POINTS = tuple(card.points for card in PACK)
_PAYS = tuple(card.pays_in_play for card in PACK)
_SUITS = tuple(card.suit for card in PACK)


def _tally_rows(rows: tuple[Row, ...]) -> _Tally:
    """The tally of a plain deal, from its rows (the fast path beside
    :func:`_tally_tricks`, which tests/test_replay_plain.py holds it to): each
    card is played once, and the cards that pay as they fall are read from the
    row where they are, no trick made (nor a lean line made to write out its
    words)."""
    won, points, played_in = [0, 0, 0, 0], [0, 0, 0, 0], [0] * len(PACK)
    paying = []
    for number, leader, a, b, c, d, taker in rows:
        won[taker] += 1
        points[taker] += _POINTS[a] + _POINTS[b] + _POINTS[c] + _POINTS[d]
        played_in[a] = played_in[b] = played_in[c] = played_in[d] = number
        if _PAYS[a] or _PAYS[b] or _PAYS[c] or _PAYS[d]:
            led = _SUITS[a]
            for k, index in enumerate((a, b, c, d)):
                if _PAYS[index]:
                    paying.append(_new(Fall, (number, leader, taker, (leader + k) % 4,
                                              PACK[index], led)))
    return _Tally(tuple(won), tuple(points), played_in, paying)


class Ledger:
    """One deal's settlement as the rules build it (the only mutable object of a
    settlement).  ``steps`` is None when the settlement is asked for without its
    reasoning (``explain`` False): a rule then records no step, and may skip the
    facts only a step would say (``if ledger.steps is not None``)."""

    __slots__ = (
        "replayed", "profile", "pool_before", "options", "previous", "first_deal",
        "pot_line_given", "session_start", "pool_start", "staked", "outcome",
        "reversis_maker", "undertaker", "breaker", "breaker_trick", "espagnolette",
        "espagnolette_status", "partie_value", "winners", "losers", "stakes", "in_play",
        "winner_dues", "partie", "to_winner", "reversis", "espagnolette_payments", "remises",
        "takings", "penalties", "cancelled", "forfeited", "steps", "names", "tally", "_keys")

    replayed: ReplayedDeal
    profile: Profile
    pool_before: Amount
    options: RuleOptions  # the profile's, read often
    previous: PlayedBefore | None  # a DealSettlement, or a plain deal settled lean
    first_deal: bool
    pot_line_given: bool
    session_start: Amount | None  # POOL-1: the pool as the session began
    # Established by the rules, in registry order.
    pool_start: Amount  # POOL-4: the pool after this deal's staking
    staked: bool
    outcome: Outcome
    reversis_maker: int | None
    undertaker: int | None
    breaker: int | None
    breaker_trick: int | None
    espagnolette: int | None  # the seat of an espagnolette who did not waive
    espagnolette_status: EspagnoletteStatus | None
    partie_value: Amount
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    # Payments by the kind that orders them in the report.
    stakes: list[Payment]
    in_play: list[InPlay]
    winner_dues: list[WinnerDue]
    partie: list[Payment]
    to_winner: list[Payment]
    reversis: list[Payment]
    espagnolette_payments: list[Payment]
    remises: list[Payment]
    takings: list[Payment]
    penalties: list[Payment]  # IRR-2, IRR-3, IRR-6
    cancelled: list[Payment]  # REV-4, IRR-4, CLAIM-1
    forfeited: dict[Payment, str]  # in cancelled: by which rule
    steps: list[Step] | None  # the reasoning; None: not asked for
    names: tuple[str, ...]  # the players' names by seat
    # Tricks and points won by seat, counted once: the partie and the report read them.
    tally: _Tally
    _keys: tuple[tuple[int, int], ...] | None  # score_keys, paired once

    def __init__(self, replayed: ReplayedDeal, profile: Profile, pool_before: Amount,
                 previous: PlayedBefore | None = None, first_deal: bool = False,
                 pot_line_given: bool = False, session_start: Amount | None = None, *,
                 explain: bool = True) -> None:
        self.replayed, self.profile, self.pool_before = replayed, profile, pool_before
        self.options = profile.options
        self.previous, self.first_deal, self.pot_line_given = previous, first_deal, pot_line_given
        self.session_start = session_start
        self.pool_start, self.staked, self.outcome = 0, False, Outcome.NORMAL
        self.reversis_maker = self.undertaker = self.breaker = self.breaker_trick = None
        self.espagnolette = self.espagnolette_status = None
        self.partie_value, self.winners, self.losers = 0, (), ()
        self.stakes, self.in_play, self.winner_dues, self.partie = [], [], [], []
        self.to_winner, self.reversis, self.espagnolette_payments = [], [], []
        self.remises, self.takings, self.penalties, self.cancelled = [], [], [], []
        self.forfeited = {}
        self.steps = [] if explain else None
        self.names = replayed.players
        self._keys = None
        self.tally = _tally(self.replayed)

    # --- reading the deal ------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.replayed.players

    @property
    def dealer(self) -> int:
        return self.replayed.dealer

    def name(self, seat: int) -> str:
        return self.replayed.players[seat]

    vis_a_vis = staticmethod(vis_a_vis)  # SEAT-1 (rules_of_play)

    def seat_rank(self, seat: int) -> int:
        """SEAT-3: 0 for the dealer (best seat) up to 3 for first hand (worst)."""
        return seat_rank(self.dealer, seat)

    def tricks_won(self) -> tuple[int, ...]:
        return self.tally.won

    def points_won(self) -> tuple[int, ...]:
        return self.tally.points

    def score_keys(self) -> tuple[tuple[int, int], ...]:
        """(points, tricks) of each seat: what PARTIE-2/3 compare (paired once)."""
        keys = self._keys
        if keys is None:
            keys = self._keys = partie_standing(self.points_won(), self.tricks_won())
        return keys

    def took(self, seat: int) -> tuple[int, ...]:
        """The numbers of the tricks ``seat`` took; a plain deal's from its rows (the
        fast path: no trick made, no lean line written out)."""
        rows = self.replayed.rows
        if rows is not None:
            return tuple([row[0] for row in rows if row[6] == seat])
        return tuple(t.number for t in self.replayed.tricks if t.taker == seat)

    # --- recording -------------------------------------------------------------

    def step(self, rule: str, trick: int | None, code: NoteCode,
             also: tuple[str, ...] = (), /, **params: object) -> None:
        """A step of the reasoning: ``code`` says what, ``params`` are its facts; it
        rests on ``rule`` and the rules ``also`` names.  Nothing when the settlement
        was asked for without its reasoning."""
        steps = self.steps
        if steps is not None:
            steps.append(_new(Step, (rule, trick, code, params,
                                     (rule, *also) if also else (rule,))))

    def payment(self, payer: int | str, payee: int | str, amount: Amount, rule: str,
                trick: int | None, code: ReasonCode, params: dict[str, Any],
                also: tuple[str, ...] = ()) -> Payment:
        """A payment between seats (ints) or the pool (POOL), resting on ``rule`` and the
        rules ``also`` names (a doubling, PARTIE-5...)."""
        # tuple.__new__: a named tuple's own __new__ is a Python function, and a deal
        # makes dozens of payments and steps
        return _new(Payment, (
            payer if isinstance(payer, str) else self.names[payer],
            payee if isinstance(payee, str) else self.names[payee],
            amount if type(amount) is int else whole(Fraction(amount)), rule, trick, code,
            params, (rule, *also) if also else (rule,)))

    def doubling(self, a: int, b: int, trick: int) -> tuple[str, ...]:
        """DOUBLE-1 and DOUBLE-2: the grounds for doubling an in-play payment between a
        and b (DOUBLING_GROUNDS' keys); the factor is 2 for each."""
        return doubling_grounds(self.options, a, b, trick)

    def add_in_play(self, payer: int, payee: int, base: int, rule: str, trick: int,
                    card: Card, code: ReasonCode, /, **params: Any) -> None:
        """An in-play payment, doubled by DOUBLE-1/DOUBLE-2 (never for a zero amount)."""
        grounds = self.doubling(payer, payee, trick)
        params["card"] = card
        names = self.names
        # the payment as ``payment`` makes it: seats and an int amount, no tests needed
        if grounds:
            factor = params["factor"] = 2 ** len(grounds)
            params["doubled_for"] = grounds
            pay = _new(Payment, (names[payer], names[payee], base * factor, rule, trick, code,
                                 params, (rule, *[DOUBLING_GROUNDS[g] for g in grounds])))
        else:
            params["factor"] = 1
            pay = _new(Payment, (names[payer], names[payee], base, rule, trick, code, params,
                                 (rule,)))
        self.in_play.append(_new(InPlay, (pay, card, payee, payer)))
        steps = self.steps
        if steps is not None:
            steps.append(_new(Step, (rule, trick, NoteCode.OWES, {"payment": pay}, pay.rules)))

    def record(self, pay: Payment) -> None:
        """The step that records a payment made after the play: "X pays Y n: why"."""
        steps = self.steps
        if steps is not None:
            steps.append(_new(Step, (pay.rule, pay.trick, NoteCode.PAYS, {"payment": pay},
                                     pay.rules)))

    def remise_amount(self) -> Amount:
        """POOL-3: what one remise puts in under option ``remise``."""
        if self.options.remise == "pool":
            return self.pool_start
        return self.profile.full_staking

    def add_remise(self, seat: int, rule: str, trick: int | None, code: ReasonCode, /,
                   **params: object) -> None:
        """A remise (POOL-3): its amount by option ``remise``."""
        option = self.options.remise
        params["remise"] = option
        pay = self.payment(seat, POOL, self.remise_amount(), rule, trick, code, params,
                           ("POOL-3",))
        self.remises.append(pay)
        self._note(pay, NoteCode.PUTS_IN_REMISE)

    def add_penalty(self, seat: int, amount: Amount, rule: str, code: ReasonCode) -> None:
        """An irregularity's fine into the pool (IRR-2, IRR-3, IRR-6); never doubled."""
        pay = self.payment(seat, POOL, amount, rule, None, code, {})
        self.penalties.append(pay)
        self._note(pay, NoteCode.PAYS_PENALTY)

    def forfeit(self, payment: Payment, rule: str, why: NoteCode, /,
                **facts: object) -> Payment:
        """A payment that is not made (IRR-4, CLAIM-1): listed in ``cancelled`` under its
        own rule id; its params say by which rule (``forfeited_by``) and why
        (``forfeit``, a :class:`NoteCode`, and its facts)."""
        params = {**payment.params, "forfeited_by": rule, "forfeit": why, **facts}
        gone = payment._replace(params=params, rules=(*payment.rules, rule))
        self.cancelled.append(gone)
        self.forfeited[gone] = rule
        if self.steps is not None:
            self.steps.append(Step(rule, payment.trick, NoteCode.NOT_PAID, {"payment": gone},
                                   (rule, *payment.rules)))
        return gone

    def offer_taking(self, seat: int, rule: str, trick: int | None, code: ReasonCode) -> None:
        """POOL-4: a claim on the pool; the engine keeps only the highest
        (REV-1 > QUIN-1 > ESP-4)."""
        pay = self.payment(POOL, seat, self.pool_start, rule, trick, code, {})
        self.takings.append(pay)
        self._note(pay, NoteCode.DUE_THE_POOL)

    def _note(self, pay: Payment, code: NoteCode) -> None:
        """The step that records ``pay`` as ``code`` says, when steps are recorded."""
        if self.steps is not None:
            self.steps.append(_new(Step, (pay.rule, pay.trick, code, {"payment": pay},
                                          pay.rules)))


def doubling_grounds(options: RuleOptions, a: int, b: int, trick: int) -> tuple[str, ...]:
    """DOUBLE-1 and DOUBLE-2 under ``options``: the grounds for doubling an in-play
    payment between seats a and b in ``trick`` (the engine's and the lean settlement's)."""
    grounds: tuple[str, ...] = ()
    if vis_a_vis(a, b) and options.vis_a_vis_double:  # the option read where it counts
        grounds = (VIS_A_VIS,)
    if trick in options.late_tricks_double:
        grounds += (LATE_TRICK,)
    return grounds
