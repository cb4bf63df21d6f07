"""What stays fixed while the search plays a deal out: the rule options as plain
flags, the pool, the partie's value, the espagnolette, and the money that no
card from the analysed trick on can change (stakes, penalties, revokes' remises).

The search counts money in whole *units* of ``1/scale`` fiche: every share the
rules make (a partie split among up to four winners and four losers, an ACE-3
due shared among up to four winners) divides a whole amount by one of
1, 2, 3, 4, 6, 8, 9, 12, 16, all of which divide 144; the pool may hold a
fraction of a fiche, whose denominator the scale takes in too.  Integers keep
the search fast and exact; :meth:`DealTable.fiches` turns units back into the
``int``/``Fraction`` amounts ``score --json`` writes.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from ..cards import PACK, QUINOLA
from ..replay import ReplayedDeal
from ..replay.rules_of_play import MUST_FOLLOW_TRICKS, seat_rank, vis_a_vis
from ..rules import Profile
from ..settle.payments import Amount, whole
from ..settle.settlement import DealSettlement
from ..values import MutableValue

__all__ = ["DealTable", "FIXED_RULES", "IN_PLAY_RULES", "TO_WINNER", "SHARES",
           "QUINOLA_INDEX", "PAYS", "POINTS", "ACE_VALUE"]

# The in-play payments (their rule ids), and a word for ACE-3/QUIN-3's payments to the
# partie winner, as IRR-4 and CLAIM-1 forfeit them (settle/irregular.py).
IN_PLAY_RULES = ("ACE-1", "ACE-2", "QUIN-1", "QUIN-2", "ESP-9")
FORCING_THE_QUINOLA = ("QUIN-2", "ESP-9")
TO_WINNER = "to-winner"

# Every share the settlement makes divides by a divisor of this (see the module's text).
SHARES = 144

# The payments of a deal that no card from the first analysed trick on can change:
# POOL-1 stakes, IRR-6 penalties and IRR-7 revoke remises (a revoke starts the
# analysis after its trick, and its remise is the pool's size at the deal's start).
FIXED_RULES = ("POOL-1", "IRR-6", "IRR-7")

QUINOLA_INDEX = QUINOLA.index
# By card index: its points (DECK-2), whether it pays as it falls (an ace or the
# quinola) and an ace's worth under ACE-1..3 (2 for the ace of diamonds, 1 otherwise).
POINTS = tuple(card.points for card in PACK)
PAYS = tuple(card.pays_in_play for card in PACK)
ACE_VALUE = tuple((2 if card.suit.value == "D" else 1) if card.is_ace else 0 for card in PACK)


class DealTable(MutableValue):
    """The fixed facts of one deal for the search (made once per analysis)."""

    __slots__ = _fields = (
        "scale", "dealer", "rank", "esp", "esp_quinola", "pool", "remise", "partie",
        "fixed", "led_pays_winner", "forcer_is_leader", "any_follow", "vis_double",
        "late", "cancel_broken", "fail_any", "esp_pool", "refund_all_aces", "esp_pays_broken",
        "partie_split", "partie_vis_double", "double", "lost", "forfeits_all",
        "forfeits_breaking")
    scale: int  # units to a fiche
    dealer: int
    rank: tuple[int, ...]  # by seat (SEAT-3)
    esp: int  # the espagnolette's seat, -1 when none plays
    esp_quinola: bool
    pool: int
    remise: int
    partie: int
    fixed: tuple[int, ...]  # by seat: what no card from the analysed trick on changes
    led_pays_winner: bool
    forcer_is_leader: bool
    any_follow: bool
    vis_double: bool
    late: frozenset[int]
    cancel_broken: bool
    fail_any: bool
    esp_pool: bool
    refund_all_aces: bool
    esp_pays_broken: frozenset[int]
    partie_split: bool
    partie_vis_double: bool
    double: tuple[tuple[tuple[int, ...], ...], ...]  # [payer][payee][trick]
    lost: tuple[tuple[frozenset[str], ...], ...]  # [payee][trick]
    forfeits_all: frozenset[int]
    forfeits_breaking: frozenset[int]

    def __init__(self, replayed: ReplayedDeal, profile: Profile, settlement: DealSettlement
                 ) -> None:
        options = profile.options
        players = replayed.players
        stakes = sum([p.amount for p in settlement.payments if p.rule == "POOL-1"])
        pool_start = whole(settlement.pool_before + stakes)  # POOL-4: the pool to take
        remise = pool_start if options.remise == "pool" else profile.full_staking  # POOL-3
        self.scale = SHARES * lcm(Fraction(pool_start).denominator,
                                  Fraction(remise).denominator)
        self.dealer = replayed.dealer
        self.rank = tuple(seat_rank(replayed.dealer, s) for s in range(4))  # SEAT-3
        esp = replayed.espagnolette
        self.esp = esp.seat if esp is not None and not esp.waived else -1  # ESP-1, ESP-3
        self.esp_quinola = self.esp >= 0 and QUINOLA in replayed.hands[self.esp]
        self.pool = self.units(pool_start)
        self.remise = self.units(remise)
        self.partie = self.units(settlement.partie_value)  # PARTIE-1: its cards are fixed
        fixed = [0, 0, 0, 0]
        seats = {name: seat for seat, name in enumerate(players)}
        for p in settlement.payments:
            if p.rule in FIXED_RULES:
                fixed[seats[p.payer]] -= self.units(p.amount)  # all of them go to the pool
        self.fixed = tuple(fixed)
        self.led_pays_winner = options.led_aces_pay_winner
        self.forcer_is_leader = options.quinola_forcer == "leader"
        self.any_follow = options.forced_means == "any_follow"
        self.vis_double = options.vis_a_vis_double
        self.late = frozenset(options.late_tricks_double)
        self.cancel_broken = options.reversis_cancels == "made_or_broken"
        self.fail_any = options.espagnolette_fails_on == "any_trick"
        self.esp_pool = options.espagnolette_takes_pool
        self.refund_all_aces = options.espagnolette_refunds == "aces_and_quinola"
        self.esp_pays_broken = frozenset(options.espagnolette_pays_broken)
        self.partie_split = options.partie_ties == "split"
        self.partie_vis_double = options.partie_vis_a_vis_double
        # DOUBLE-1 and DOUBLE-2: the factor of an in-play payment between two seats in
        # a trick, by [payer][payee][trick] (index 0 unused).
        self.double = tuple(tuple(tuple(self._factor(a, b, t) for t in range(12))
                                  for b in range(4)) for a in range(4))
        self._forfeits(replayed, profile)

    def _forfeits(self, replayed: ReplayedDeal, profile: Profile) -> None:
        """IRR-4 (``peeked``) and CLAIM-1 (``unclaimed T [NAME]``): the payments not
        made.  ``lost[payee][trick]`` holds the in-play rules (and TO_WINNER for
        ACE-3/QUIN-3) whose payments to ``payee`` arising in ``trick`` are not
        made; ``forfeits_all`` the seats that forfeit every gain (``peek_forfeits =
        everything``: the partie, the reversis, refunds and the pool too);
        ``forfeits_breaking`` the seats not paid for breaking a reversis (any peek)."""
        options = profile.options
        lost: list[list[set[str]]] = [[set() for _ in range(12)] for _ in range(4)]
        everything = options.peek_forfeits == "everything"
        peekers = {e.seat for e in replayed.irregularities
                   if e.kind == "peeked" and e.seat is not None}
        for seat in peekers:
            for trick in range(1, 12):
                lost[seat][trick].update((*IN_PLAY_RULES, TO_WINNER) if everything
                                         else FORCING_THE_QUINOLA)
        for event in replayed.irregularities:
            if event.kind != "unclaimed" or event.trick is None or \
                    (event.named is not None and event.seat is None):
                continue
            for seat in range(4) if event.seat is None else (event.seat,):
                lost[seat][event.trick].add(TO_WINNER)
                if options.claims_required == "in_play":
                    lost[seat][event.trick].update(IN_PLAY_RULES)
        self.lost = tuple(tuple(frozenset(rules) for rules in by_trick) for by_trick in lost)
        self.forfeits_all = frozenset(peekers) if everything else frozenset()
        self.forfeits_breaking = frozenset(peekers)

    def _factor(self, a: int, b: int, trick: int) -> int:
        factor = 2 if self.vis_double and vis_a_vis(a, b) else 1
        return factor * 2 if trick in self.late else factor

    def units(self, amount: Amount) -> int:
        scaled = Fraction(amount) * self.scale
        assert scaled.denominator == 1, "the scale takes in every amount of the deal"
        return int(scaled)

    def fiches(self, units: int) -> Amount:
        return whole(Fraction(units, self.scale))

    def fails(self, trick: int) -> bool:
        """ESP-4/ESP-5: whether the espagnolette taking ``trick`` fails."""
        return self.fail_any or trick in MUST_FOLLOW_TRICKS
