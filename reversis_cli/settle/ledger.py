"""The working state of one deal's settlement, shared by the rule functions.

The engine runs the rules of its registry in order over one :class:`Ledger`;
each rule reads what earlier rules established (the outcome, the partie's
winners) and adds payments, pending dues and reasoning steps.  The ledger is
the only mutable object of the settlement; everything it holds is an
immutable value, and the engine freezes it into a ``DealSettlement``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..cards import Card
from ..replay import ReplayedDeal
from ..rules import Profile, RuleOptions
from .payments import POOL, Amount, Payment, Step, whole
from .settlement import DealSettlement

__all__ = ["Ledger", "InPlay", "WinnerDue", "card_text"]

# POOL-4: when two takings meet in one deal, the higher wins.
TAKING_PRIORITY = {"REV-1": 3, "QUIN-1": 2, "ESP-4": 1}


def card_text(card: Card) -> str:
    """Cards in reasons and steps are written the way players see them: A♠."""
    return card.format("unicode")


@dataclass(frozen=True)
class InPlay:
    """An in-play payment (ACE-1, ACE-2, QUIN-1, QUIN-2, ESP-9) and the card behind it."""

    payment: Payment
    card: Card
    payee_seat: int
    payer_seat: int


@dataclass(frozen=True)
class WinnerDue:
    """ACE-3 / QUIN-3: a card led or played that owes the partie winner after the deal."""

    rule: str
    holder: int
    card: Card
    base: int
    trick: int


@dataclass
class Ledger:
    replayed: ReplayedDeal
    profile: Profile
    pool_before: Amount
    options: RuleOptions = field(init=False, repr=False)  # the profile's, read often
    previous: DealSettlement | None = None
    first_deal: bool = False
    pot_line_given: bool = False
    session_start: Amount | None = None  # POOL-1: the pool as the session began
    # Established by the rules, in registry order.
    pool_start: Amount = 0  # POOL-4: the pool after this deal's staking
    staked: bool = False
    outcome: str = "normal"
    reversis_maker: int | None = None
    undertaker: int | None = None
    breaker: int | None = None
    breaker_trick: int | None = None
    espagnolette: int | None = None  # the seat of an espagnolette who did not waive
    espagnolette_status: str | None = None
    partie_value: Amount = 0
    winners: tuple[int, ...] = ()
    losers: tuple[int, ...] = ()
    # Payments by the kind that orders them in the report.
    stakes: list[Payment] = field(default_factory=list)
    in_play: list[InPlay] = field(default_factory=list)
    winner_dues: list[WinnerDue] = field(default_factory=list)
    partie: list[Payment] = field(default_factory=list)
    to_winner: list[Payment] = field(default_factory=list)
    reversis: list[Payment] = field(default_factory=list)
    espagnolette_payments: list[Payment] = field(default_factory=list)
    remises: list[Payment] = field(default_factory=list)
    takings: list[Payment] = field(default_factory=list)
    penalties: list[Payment] = field(default_factory=list)  # IRR-2, IRR-3, IRR-6
    cancelled: list[Payment] = field(default_factory=list)  # REV-4, IRR-4, CLAIM-1
    forfeited: dict[Payment, str] = field(default_factory=dict)  # in cancelled: by which rule
    steps: list[Step] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.options = self.profile.options

    # --- reading the deal ------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.replayed.players

    @property
    def dealer(self) -> int:
        return self.replayed.dealer

    def name(self, seat: int) -> str:
        return self.replayed.players[seat]

    @staticmethod
    def vis_a_vis(a: int, b: int) -> bool:
        return (a - b) % 4 == 2

    def seat_rank(self, seat: int) -> int:
        """SEAT-3: 0 for the dealer (best seat) up to 3 for first hand (worst)."""
        return (self.dealer - seat) % 4

    def tricks_won(self) -> list[int]:
        if "_tricks" not in self.__dict__:  # computed once: the ranking asks often
            self.__dict__["_tricks"] = self.replayed.tricks_won()
        return list(self.__dict__["_tricks"])

    def points_won(self) -> list[int]:
        if "_points" not in self.__dict__:
            self.__dict__["_points"] = self.replayed.points_won()
        return list(self.__dict__["_points"])

    def score_keys(self) -> tuple[tuple[int, int], ...]:
        """(points, tricks) of each seat: what PARTIE-2/3 compare (computed once)."""
        if "_keys" not in self.__dict__:
            self.__dict__["_keys"] = tuple(zip(self.points_won(), self.tricks_won(), strict=True))
        return self.__dict__["_keys"]

    def took(self, seat: int) -> tuple[int, ...]:
        return tuple(t.number for t in self.replayed.tricks if t.taker == seat)

    # --- recording -------------------------------------------------------------

    def step(self, rule: str, trick: int | None, text: str) -> None:
        self.steps.append(Step(rule, trick, text))

    def payment(self, payer: int | str, payee: int | str, amount: Amount, rule: str,
                trick: int | None, reason: str) -> Payment:
        """A payment between seats (ints) or the pool (POOL)."""
        return Payment(
            payer=payer if isinstance(payer, str) else self.name(payer),
            payee=payee if isinstance(payee, str) else self.name(payee),
            amount=amount if type(amount) is int else whole(Fraction(amount)), rule=rule,
            trick=trick, reason=reason)

    def doubling(self, a: int, b: int, trick: int) -> tuple[int, str]:
        """DOUBLE-1 and DOUBLE-2: the factor for an in-play payment between a and b."""
        factor = 1
        why: list[str] = []
        if self.options.vis_a_vis_double and self.vis_a_vis(a, b):
            factor, why = factor * 2, why + ["vis-à-vis (DOUBLE-1)"]
        if trick in self.options.late_tricks_double:
            factor, why = factor * 2, why + [f"trick {trick} (DOUBLE-2)"]
        return factor, (", doubled for " + " and ".join(why)) if why else ""

    def add_in_play(self, payer: int, payee: int, base: int, rule: str, trick: int,
                    card: Card, reason: str) -> None:
        """An in-play payment, doubled by DOUBLE-1/DOUBLE-2 (never for a zero amount)."""
        factor, why = self.doubling(payer, payee, trick)
        pay = self.payment(payer, payee, base * factor, rule, trick, reason + why)
        self.in_play.append(InPlay(pay, card, payee, payer))
        self.step(rule, trick, f"{self.name(payer)} owes {self.name(payee)} {pay.amount}: "
                  f"{reason}{why}")

    def remise_amount(self) -> Amount:
        """POOL-3: what one remise puts in under option ``remise``."""
        if self.options.remise == "pool":
            return self.pool_start
        return self.profile.full_staking

    def add_remise(self, seat: int, rule: str, trick: int | None, reason: str) -> None:
        amount = self.remise_amount()
        self.remises.append(self.payment(seat, POOL, amount, rule, trick, reason))
        self.step(rule, trick, f"{self.name(seat)} puts in a remise of {amount} (POOL-3, "
                  f"remise = {self.options.remise}): {reason}")

    def add_penalty(self, seat: int, amount: Amount, rule: str, reason: str) -> None:
        """An irregularity's fine into the pool (IRR-2, IRR-3, IRR-6); never doubled."""
        pay = self.payment(seat, POOL, amount, rule, None, reason)
        self.penalties.append(pay)
        self.step(rule, None, f"{pay.payer} pays {amount} into the pool: {reason}")

    def forfeit(self, payment: Payment, why: str, rule: str) -> Payment:
        """A payment that is not made (IRR-4, CLAIM-1): listed in ``cancelled`` under its
        own rule id, its reason saying why it was forfeited."""
        gone = payment._replace(reason=f"{payment.reason}; forfeited: {why}")
        self.cancelled.append(gone)
        self.forfeited[gone] = rule
        self.step(rule, payment.trick, f"not paid: {payment.payer} to {payment.payee} "
                  f"{payment.amount} ({payment.rule}), because {why}")
        return gone

    def offer_taking(self, seat: int, rule: str, trick: int | None, reason: str) -> None:
        """POOL-4: a claim on the pool; the engine keeps only the highest
        (REV-1 > QUIN-1 > ESP-4)."""
        self.takings.append(self.payment(POOL, seat, self.pool_start, rule, trick, reason))
        self.step(rule, trick, f"{self.name(seat)} is due the pool: {reason}")
