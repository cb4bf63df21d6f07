"""The lean settlement of a plain deal with event lines: IRR-4, IRR-6, CLAIM-1.

A deal the plain replay takes may carry an event line that changes no trick:
``unclaimed T [NAME]`` (CLAIM-1), ``peeked NAME`` and ``kept NAME`` (IRR-4),
``out-of-turn NAME`` (IRR-6).  :func:`settle_events` settles such a deal on
ints as settle/lean.py settles a plain one, with the engine's forfeitures and
penalties at the points of its registry (``engine.RULES``):

* IRR-4's gains, after the reversis payments: every in-play, partie, to-the-winner
  and reversis payment due to a player who peeked or kept (``peek_forfeits =
  everything``), or only the QUIN-2, ESP-9, REV-3 and ESP-7 ones
  (``quinola_and_reversis``), moves to ``cancelled`` under its own rule id
  (``irregular.forfeit_peeker_gains``);
* CLAIM-1, then: the payments of trick T (to NAME only) that needed a claim
  (``irregular.forfeit_unclaimed``);
* the espagnolette's refunds and POOL-4 as in a plain deal, then IRR-4's pool
  taking and refunds due to him (``irregular.forfeit_peeker_takings``);
* IRR-6: one penalty of 5 into the pool for each line, listed last
  (``irregular.discard_out_of_turn``); a revoke's remise (IRR-7) as in a plain deal.

A kept card is in its keeper's hand and never played: it makes a card of its
suit he followed with "played", not "forced" (``inplay.classify_fall``).  The
twin gives up (None: the engine settles the deal) at the first doubt: an event
of another kind, a line whose player is not found, an ``unclaimed`` line without
its trick, a keeper's card not found, or a kept quinola where there is an
espagnolette (ESP-5 asks whether he held it).  tests/test_settle_leanevents.py
holds it to the engine byte by byte, under the options that change these rules.
"""

from __future__ import annotations

from .. import fastpaths
from ..cards import PACK, QUINOLA
from ..replay import Irregularity, ReplayedDeal
from ..replay.rules_of_play import fallen_by_follow, fallen_by_lead
from ..rules import Profile
from .codes import JETON
from .lean import _QUINOLA_INDEX, _SUITS, Facts, _Lean, _new, deal_facts, handles
from .leandeal import LeanDeal, LeanPayment
from .payments import POOL, Amount, NoteCode, Payment, ReasonCode, whole
from .settlement import DealSettlement

__all__ = ["SETTLED", "settle_events", "takes"]

# The kinds of event line this twin settles (a played deal's; every other
# kind, or a void deal, is the engine's).
SETTLED = frozenset({"unclaimed", "peeked", "kept", "out-of-turn"})

# IRR-4 under ``peek_forfeits = quinola_and_reversis`` (``irregular.FORCING_THE_QUINOLA``
# and ``BREAKING_A_REVERSIS``): the only gains forfeited.
_NAMED_GAINS = frozenset({"QUIN-2", "ESP-9", "REV-3", "ESP-7"})
# IRR-4: (everything forfeited, kept rather than peeked) -> why (``irregular._WHY_PEEK``).
_WHY_PEEK = {(True, False): NoteCode.FORFEIT_PEEKED, (True, True): NoteCode.FORFEIT_KEPT,
             (False, False): NoteCode.FORFEIT_PEEKED_FORCING,
             (False, True): NoteCode.FORFEIT_KEPT_FORCING}
_OUT_OF_TURN = 1 * JETON  # IRR-6 (``irregular.OUT_OF_TURN``)


def takes(replayed: ReplayedDeal) -> tuple[Irregularity, ...] | None:
    """The deal's events when each is one this twin settles, its player found
    (and an ``unclaimed`` line's trick written); else None."""
    events = replayed.irregularities
    for event in events:
        if event.kind not in SETTLED or (event.named is not None and event.seat is None):
            return None
        if (event.trick is None) if event.kind == "unclaimed" else (event.seat is None):
            return None
    return events


def settle_events(replayed: ReplayedDeal, profile: Profile, pool_before: Amount,
                  previous: DealSettlement | LeanDeal | None, session_start: Amount | None,
                  facts: Facts | None = None) -> LeanDeal | None:
    """The settlement of a deal plain but for event lines this twin settles
    (``engine.settle_deal`` without steps, as ``SessionSettler.settle_lean``
    asks it after ``lean.settle_plain`` gave up), or None: not such a deal, a
    doubt (the module's docstring), an option not handled (``lean.HANDLED``), or
    ``REVERSIS_REFERENCE=1``."""
    if fastpaths.REFERENCE or not replayed.deal.events or replayed.rows is None \
            or not replayed.complete or replayed.void or len(replayed.players) != 4 \
            or not handles(profile.options):
        return None
    events = takes(replayed)
    if events is None:
        return None
    lean = _LeanEvents(replayed, profile, whole(pool_before), previous, session_start)
    if not lean.found(events):
        return None
    return lean.settle(facts if facts is not None else deal_facts(replayed))


class _LeanEvents(_Lean):
    """A plain deal with event lines, settled on ints (the engine's order)."""

    __slots__ = ("events", "keeper", "kept_suit", "peekers")

    def found(self, events: tuple[Irregularity, ...]) -> bool:
        """Its events, the peekers and the kept card; False when in doubt."""
        self.events = events
        self.keeper = None
        self.kept_suit = None
        peekers: dict[int, bool] = {}  # IRR-4, as ``irregular._peekers``: peeked first
        for event in events:
            if event.kind == "peeked":
                peekers.setdefault(event.seat, False)  # type: ignore[arg-type]
        for event in events:
            if event.kind == "kept":
                peekers.setdefault(event.seat, True)  # type: ignore[arg-type]
                if self.keeper is not None:
                    return False
                self.keeper = event.seat
        self.peekers = peekers
        if self.keeper is None:
            return True
        seat = self.keeper
        # the card he kept and never played, as the plain replay found it (his hand
        # less the cards he played: the hands are not made for it)
        kept = self.replayed.kept_card
        if kept is None or kept[0] != seat:
            return False
        extra = PACK[kept[1]]
        if extra is QUINOLA and self.replayed.espagnolette is not None:
            return False
        self.kept_suit = extra.suit
        return True

    def _fell(self, number: int, leader: int, seat: int, index: int) -> str:
        """A card the keeper followed with in the suit of his kept card: "played"
        (he held another of the suit, ``inplay.classify_fall`` from his hand)."""
        if seat == self.keeper and not (index == _QUINOLA_INDEX and seat == self.esp):
            suit = _SUITS[self.rows[number - 1][2]]
            if self.kept_suit is suit and fallen_by_lead(PACK[index], suit, seat == leader) \
                    is None and self.options.forced_means != "any_follow":
                return fallen_by_follow(True)
        return _Lean._fell(self, number, leader, seat, index)  # without super()'s object

    def settle(self, facts: Facts) -> LeanDeal:
        """``_Lean.settle`` with the event rules where ``engine.RULES`` runs them."""
        self._play_payments(facts)
        options = self.options  # both read in every deal with an event line, as the engine does
        everything = options.peek_forfeits == "everything"
        claims = options.claims_required
        peekers = [(seat, self._why(seat, everything, kept))
                   for seat, kept in self.peekers.items()]
        for seat, why in peekers:  # IRR-4: his gains
            self._forfeit_gains(seat, everything, why)
        for event in self.events:  # CLAIM-1
            if event.kind == "unclaimed":
                self._forfeit_unclaimed(event, claims)
        self._pool_end()  # ESP-4, ESP-5, POOL-4
        for seat, why in peekers:  # IRR-4: his refunds and pool taking
            if self.esp_payments:
                self.esp_payments = self._forfeit_to(seat, self.esp_payments, everything, why)
            if self.takings:
                self.takings = self._forfeit_to(seat, self.takings, everything, why)
        # IRR-6, listed last: after the takings (``_freeze`` writes them last)
        penalties = [self._payment(event.seat, POOL, _OUT_OF_TURN, "IRR-6", None,  # type: ignore[arg-type]
                                   ReasonCode.DISCARD_OUT_OF_TURN, (), ("IRR-6",))
                     for event in self.events if event.kind == "out-of-turn"]
        self._revoke_remises()
        self.takings = [*self.takings, *penalties]
        return self._freeze()

    # --- forfeitures (``Ledger.forfeit``) ------------------------------------------------

    def _forfeit(self, p: LeanPayment, rule: str, why: NoteCode, facts: tuple) -> None:
        """``p`` not made: listed in ``cancelled`` under its own rule id, its params
        saying by which rule and why."""
        self.cancelled.append(_new(Payment, (
            p[0], p[1], p[2], p[3], p[4], p[5],
            (*p[6], ("forfeited_by", rule), ("forfeit", why), *facts), (*p[7], rule))))

    def _why(self, seat: int, everything: bool, kept: bool) -> tuple[NoteCode, tuple]:
        return _WHY_PEEK[everything, kept], (("peeker", self.names[seat]),
                                             ("peek_forfeits", self.options.peek_forfeits))

    def _forfeit_to(self, seat: int, payments: list[LeanPayment], everything: bool,
                    why: tuple[NoteCode, tuple]) -> list[LeanPayment]:
        """IRR-4: the payments that stand; those due to ``seat`` it takes are forfeited."""
        if not payments:  # most deals: no reversis, no refund, no taking to forfeit
            return payments
        who, standing = self.names[seat], []
        for p in payments:
            if p[1] == who and (everything or p[3] in _NAMED_GAINS):
                self._forfeit(p, "IRR-4", why[0], why[1])
            else:
                standing.append(p)
        return standing

    def _forfeit_gains(self, seat: int, everything: bool, why: tuple[NoteCode, tuple]
                       ) -> None:
        """IRR-4 (``irregular.forfeit_peeker_gains``): in-play, partie, to the
        winner, reversis, in that order (an empty list not looked at)."""
        if self.in_play:
            self.in_play = self._forfeit_to(seat, self.in_play, everything, why)
        if self.partie:
            self.partie = self._forfeit_to(seat, self.partie, everything, why)
        if self.to_winner:
            self.to_winner = self._forfeit_to(seat, self.to_winner, everything, why)
        if self.reversis:
            self.reversis = self._forfeit_to(seat, self.reversis, everything, why)

    def _forfeit_unclaimed(self, event: Irregularity, claims: str) -> None:
        """CLAIM-1 (``irregular.forfeit_unclaimed``): the payments of trick T (to
        NAME only) that needed a claim: to the winner, and in play under ``in_play``."""
        trick = event.trick
        payee = None if event.seat is None else self.names[event.seat]
        facts = (("claims_required", claims),)
        if claims == "in_play":
            standing = []
            for p in self.in_play:
                if p[4] == trick and (payee is None or p[1] == payee):
                    self._forfeit(p, "CLAIM-1", NoteCode.FORFEIT_UNCLAIMED, facts)
                else:
                    standing.append(p)
            self.in_play = standing
        to_winner = []
        for p in self.to_winner:  # ACE-3 and QUIN-3 only (``irregular.TO_THE_WINNER``)
            if p[4] == trick and (payee is None or p[1] == payee):
                self._forfeit(p, "CLAIM-1", NoteCode.FORFEIT_UNCLAIMED, facts)
            else:
                to_winner.append(p)
        self.to_winner = to_winner
