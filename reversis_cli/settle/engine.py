"""The settlement engine: runs the rule registry over a replayed deal.

``RULES`` is the ordered registry: each entry names its rule ids and a small
function that reads and extends the deal's :class:`Ledger`.  Irregularities
(IRR-*, CLAIM-1, ``irregular.py``) are entries of it at the points the order
of settlement needs; a void deal (IRR-0) runs ``VOID_RULES`` instead.
``settle_deal`` is pure: the same deal, profile and pool give the same
settlement.  :class:`SessionSettler` carries the pool from deal to deal.

DECISIONS (readings of docs/rules.md where the text leaves room):

* POOL-1: before the first deal the pool is staked exactly when it is empty;
  a ``pot 0`` line is an empty pool and is staked (``pot_line_given`` only
  shows in the reasoning).  A later deal with no played deal before it (all
  void) is treated as the first.
* POOL-2 ``taken_or_quiet``: "taken" means a pool taking stood in the last
  deal played; "quiet" means no payment into the pool other than POOL-1
  stakes (remises, penalties) stood in it.
* ACE-3 / QUIN-3 with split winners: the amount is shared equally, each share
  doubled per pair (DOUBLE-3); a holder who is one of the winners pays only
  the other winners' shares.  "Nothing when the holder is the winner" is
  applied to QUIN-3's payment too.
* QUIN-2 / ESP-9: the espagnolette's own 5 and his remise carry rule
  ``ESP-9`` (the rule that sets them); the other players' 5 carry ``QUIN-2``.
  ESP-9 applies only to an espagnolette who did not waive.
* REV-4: ``cancelled`` lists the in-play payments only (ACE-1, ACE-2,
  QUIN-1, QUIN-2, ESP-9); the quinola's remise and pool taking that do not
  arise are explained in the steps, not listed (as the worked example
  classic-reversis shows for QUIN-1's taking).
* ESP-5: the failed espagnolette's remise is rule ``ESP-5``, trick null; a
  voided QUIN-1 taking is not listed in ``cancelled`` (worked example
  classic-espagnolette-fails).  Refunds carry the trick of the payment
  refunded.
* ESP-7: "a third player" is one who is neither the undertaker nor the
  espagnolette; the trick that counts is the first trick the breaker took.
* ESP status: a waived espagnolette reports ``waived`` even in a reversis
  deal (he is not "the espagnolette" at all, ESP-1).
* A payment whose amount is zero (possible only with house stakes of 0) is
  left out of the report.

Irregularities and claims:

* IRR-0: a void deal runs only its penalties (IRR-2, IRR-3, and IRR-6 for a
  discard out of turn made before a late misdeal was noticed); peeks, keeps,
  claims and revokes settle nothing in it.  Its status is ``void``, its
  penalties stay in the pool.  POOL-2 looks back to the last deal *played*:
  a void deal's penalty neither counts as feeding the pool nor hides the
  deal before it.  POOL-1: penalties paid in void deals before the first
  deal played do not replace the staking: that deal is staked when the
  session *began* with an empty pool (``session_start``), as if the staking
  had been made before the void deal.
* IRR-2: ``misdeal NAME`` without ``redeal paid``: the deal passes and
  nothing is paid; with it, the dealer (the misdealer) pays 5.  IRR-3:
  ``misdeal NAME late`` costs the dealer 20, and a ``redeal paid`` beside it
  pays nothing more (a late misdeal cannot be redealt for a jeton).  Only the
  dealer misdeals: a NAME that is not his is RV322, and such a deal is not
  settled; the penalty never goes to the name written.  IRR-1:
  ``exposed`` pays nothing, with or without ``redeal paid``.
* IRR-4 ``everything``: every payment and pool taking due to a peeker or
  keeper is not made -- in-play payments, the partie, ACE-3/QUIN-3 to the
  winner, reversis payments (REV-1, REV-3, ESP-6, ESP-7) and ESP-5 refunds
  due to him.  ``quinola_and_reversis``: only the two gains C¶50 names:
  forcing the quinola (QUIN-2 and ESP-9 payments to the forcer) and
  breaking a reversis (REV-3 or ESP-7's 64 to the breaker).  Placing the
  quinola (QUIN-1's 5 and its pool taking) and making a reversis (REV-1 and
  its pool taking, ESP-6) are not named and stand.  Forfeited payments are
  listed in ``cancelled`` under their own rule id, the reason ending with
  why.  A forfeited pool taking is taken away *after* POOL-4 has chosen:
  the pool keeps what it held, and a claim that gave way to his does not
  revive.  The holder of a quinola he forced still puts in his remise.
* IRR-5: nothing is paid for discarding two; trick 11 without the
  ten-card player's card and a partie of five are the replay's, PARTIE-1
  counts every card of the partie.  When the ten-card player took trick 10,
  trick 11 is led by the player of its first card (``inplay.leader_of``):
  ACE-2 pays him, QUIN-2's ``leader`` is him.
* IRR-6: each ``out-of-turn`` line is one penalty of 5, never doubled;
  penalties are listed last in ``payments``.
* IRR-7 ``remise``: one remise (POOL-3 amount) for each revoke the replay
  found, so a player who revoked twice puts in two (POOL-3: several remises
  in one deal are each that amount).  It carries the trick of the revoke.
  REV-4 and ESP-5 remove only quinola remises: a revoke's remise stands in
  a reversis deal.  ``none``: no payment, a step says so.
* CLAIM-1: ``unclaimed T`` forfeits, under ``led_and_played``, the ACE-3 and
  QUIN-3 payments to the winner for a card that fell in trick T; under
  ``in_play``, those and every in-play payment arising in trick T (ACE-1,
  ACE-2, QUIN-1's 5, QUIN-2, ESP-9).  ``unclaimed T NAME``: only those due
  to NAME (a split winner's share).  Pool takings (QUIN-1's pool) and
  remises are not payments anyone claims: they stand.  Nor do ESP-5 refunds
  or the partie need a claim.
* REV-4 before forfeiture: a payment REV-4 cancelled is not forfeited again
  (listed once, a step says so); IRR-4 runs before CLAIM-1, so a payment
  both rules would take is listed once, as IRR-4's.
* ESP-5 after forfeiture: the failed espagnolette repays double only what he
  received: an ACE-1/QUIN-1 payment forfeited (he peeked, or it went
  unclaimed) is not refunded.  A refund due to a peeker is itself forfeited
  under ``everything``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from operator import itemgetter

from ..replay import ReplayedDeal
from ..rules import Profile
from ..values import Value, setattr_frozen
from .codes import DealStatus, Outcome
from .espagnolette import espagnolette_status, identify_espagnolette, settle_espagnolette
from .inplay import in_play_payments, pay_winner_dues
from .irregular import (
    discard_out_of_turn, exposed_card, forfeit_peeker_gains, forfeit_peeker_takings,
    forfeit_unclaimed, misdeal_after_exchange, misdeal_before_exchange, revoke_remise,
    ten_card_player, void_deal,
)
from .lean import Facts, settle_plain
from .leandeal import LeanDeal
from .ledger import Ledger
from .partie import pay_partie, rank_partie
from .payments import POOL, Amount, NoteCode, Payment, Step, amount_json, whole
from .pool import resolve_takings, stake_pool
from .reversis import cancel_in_play, find_reversis, pay_reversis
from .settlement import DealSettlement

__all__ = ["Rule", "RULES", "VOID_RULES", "EVENT_RULES", "LATE_MISDEAL", "DealSettlement",
           "event_rule", "event_rules", "settle_deal", "SessionSettler", "settlement_to_json",
           "settlement_body_json"]


# What a deal may hold that some rules need (``Rule.needs``): a rule that needs what the
# deal does not hold has nothing to do in it, and is not called.
EVENTS, REVOKES, ESPAGNOLETTE = "events", "revokes", "espagnolette"

# In ``Rule.events``: a misdeal noticed after the exchange (``misdeal NAME late``), which
# IRR-3 settles, not IRR-2.
LATE_MISDEAL = "misdeal late"


class Rule(Value):
    """One entry of the registry: the rule ids it applies and the function; ``needs``
    names what the deal must hold for the function to have anything to do (None:
    every deal); ``events`` the kinds of event line it settles (``LATE_MISDEAL`` for a
    late misdeal), which is what ``arbitrate`` cites for such a line."""

    __slots__ = ("ids", "apply", "summary", "needs", "events")
    _fields = ("ids", "apply", "summary", "needs", "events")

    ids: tuple[str, ...]
    apply: Callable[[Ledger], None]
    summary: str
    needs: str | None
    events: tuple[str, ...]

    def __init__(self, ids: tuple[str, ...], apply: Callable[[Ledger], None], summary: str,
                 needs: str | None = None, events: tuple[str, ...] = ()) -> None:
        setattr_frozen(self, "ids", ids)
        setattr_frozen(self, "apply", apply)
        setattr_frozen(self, "summary", summary)
        setattr_frozen(self, "needs", needs)
        setattr_frozen(self, "events", events)


RULES: tuple[Rule, ...] = (
    Rule(("POOL-1", "POOL-2"), stake_pool, "stake the pool when it is due"),
    Rule(("ESP-1", "ESP-3"), identify_espagnolette, "find the espagnolette", ESPAGNOLETTE),
    Rule(("ACE-1", "ACE-2", "QUIN-1", "QUIN-2", "QUIN-3", "DOUBLE-1", "DOUBLE-2", "ESP-9"),
         in_play_payments, "aces and the quinola, trick by trick"),
    Rule(("REV-1", "REV-2", "REV-3"), find_reversis, "a reversis made or broken"),
    Rule(("ESP-4", "ESP-5", "ESP-10"), espagnolette_status, "the espagnolette's fate",
         ESPAGNOLETTE),
    Rule(("PARTIE-1", "PARTIE-2", "PARTIE-3", "PARTIE-6"), rank_partie,
         "the partie's value, winner and loser"),
    Rule(("IRR-5",), ten_card_player, "a player who discarded two plays with ten", EVENTS,
         ("discarded-two",)),
    Rule(("PARTIE-4", "PARTIE-5"), pay_partie, "the loser pays the partie"),
    Rule(("REV-4",), cancel_in_play, "a reversis cancels the in-play payments"),
    Rule(("ACE-3", "QUIN-3", "DOUBLE-3"), pay_winner_dues, "cards led or played pay the winner"),
    Rule(("REV-1", "REV-3", "ESP-6", "ESP-7", "ESP-8"), pay_reversis, "reversis payments"),
    # Forfeitures: after REV-4 (a cancelled payment is listed once), before ESP-5's
    # refunds (he repays only what he received).
    Rule(("IRR-4",), forfeit_peeker_gains, "a peeker's gains are not made", EVENTS,
         ("peeked", "kept")),
    Rule(("CLAIM-1",), forfeit_unclaimed, "payments not claimed in time are lost", EVENTS,
         ("unclaimed",)),
    Rule(("ESP-4", "ESP-5"), settle_espagnolette, "the espagnolette's refunds, remise, pool",
         ESPAGNOLETTE),
    Rule(("POOL-4",), resolve_takings, "who takes the pool"),
    Rule(("IRR-4",), forfeit_peeker_takings, "a peeker's pool taking and refunds are not made",
         EVENTS, ("peeked", "kept")),
    Rule(("IRR-6",), discard_out_of_turn, "a discard out of turn pays a jeton", EVENTS,
         ("out-of-turn",)),
    Rule(("IRR-7",), revoke_remise, "a revoke puts in a remise", REVOKES),
)

# A void deal (IRR-0) runs these instead: no staking, no play, only its penalties.
VOID_RULES: tuple[Rule, ...] = (
    Rule(("IRR-0",), void_deal, "a void deal stakes nothing"),
    Rule(("IRR-1",), exposed_card, "a card exposed in dealing: deal again", None,
         ("exposed",)),
    Rule(("IRR-2",), misdeal_before_exchange, "a misdeal: the deal passes, or 1 jeton", None,
         ("misdeal", "redeal")),
    Rule(("IRR-3",), misdeal_after_exchange, "a misdeal noticed late: 4 jetons", None,
         (LATE_MISDEAL, "redeal")),
    Rule(("IRR-6",), discard_out_of_turn, "a discard out of turn pays a jeton", None,
         ("out-of-turn",)),
)


def event_rules(registry: tuple[Rule, ...]) -> dict[str, str]:
    """The rule each kind of event line falls under: the first entry of ``registry``
    that settles it (``Rule.events``), by its first rule id."""
    found: dict[str, str] = {}
    for rule in registry:
        for kind in rule.events:
            found.setdefault(kind, rule.ids[0])
    return found


# A void deal's rules first: a misdeal or an exposed card is settled there.
EVENT_RULES = event_rules(VOID_RULES + RULES)


def event_rule(kind: str, late: bool = False) -> str | None:
    """The rule an event line falls under (``misdeal NAME late``: ``late``), None for a
    kind no rule settles."""
    return EVENT_RULES.get(LATE_MISDEAL if late and kind == "misdeal" else kind)


def _run_rules(ledger: Ledger, rules: tuple[Rule, ...] = RULES) -> None:
    for rule in rules:
        rule.apply(ledger)


# RULES as a deal runs them, by what it holds (events, revokes, an espagnolette): most
# deals hold none of them, and half the registry has nothing to do in such a deal.
_RUN: dict[tuple[bool, bool, bool], tuple[Rule, ...]] = {}


def _rules_for(replayed: ReplayedDeal) -> tuple[Rule, ...]:
    """The entries of RULES that have something to do in ``replayed``, in order."""
    key = (bool(replayed.events), bool(replayed.revokes), replayed.espagnolette is not None)
    found = _RUN.get(key)
    if found is None:
        held = {need for need, holds in zip((EVENTS, REVOKES, ESPAGNOLETTE), key, strict=True)
                if holds}
        found = _RUN[key] = tuple(r for r in RULES if r.needs is None or r.needs in held)
    return found


_AMOUNT = itemgetter(2)  # Payment.amount
# settle/leanevents.py's settle_events once imported (SessionSettler.settle_lean).
_LEAN_EVENTS: dict[str, Callable[..., LeanDeal | None]] = {}


def _payments_in_order(ledger: Ledger) -> tuple[Payment, ...]:
    """The order of docs/output.md: stakes, in-play, partie, to the winner, reversis, espagnolette,
    remises, pool takings, penalties."""
    ordered = ledger.stakes + [e[0] for e in ledger.in_play] + ledger.partie + ledger.to_winner
    for kind in (ledger.reversis, ledger.espagnolette_payments, ledger.remises, ledger.takings,
                 ledger.penalties):
        if kind:  # most deals have none of these
            ordered += kind
    if 0 in map(_AMOUNT, ordered):  # only house stakes of 0 make a payment of nothing
        return tuple([p for p in ordered if p.amount != 0])
    return tuple(ordered)


def _moves(payments: tuple[Payment, ...], players: tuple[str, ...]
           ) -> tuple[dict[str, Amount], Amount]:
    """``net_of`` and ``pool_change`` in one pass: each player's net and the pool's change."""
    # the pool as one more party, taken out at the end (no player is named "pool": POOL
    # is a word of the notation, never a name)
    net: dict[str, Amount] = dict.fromkeys(players, 0)
    net[POOL] = 0
    fractions = False
    for p in payments:
        amount = p.amount
        net[p.payer] -= amount
        net[p.payee] += amount
        if type(amount) is not int:
            fractions = True
    pool = net.pop(POOL)
    if fractions:
        for name, value in net.items():
            net[name] = whole(value)
        pool = whole(pool)
    return net, pool


def _unsettled(replayed: ReplayedDeal, pool_before: Amount, steps: bool) -> DealSettlement:
    """A deal whose record has errors: nothing is settled and the pool passes over it."""
    players = replayed.players
    return DealSettlement(
        number=replayed.number, dealer=players[replayed.dealer],
        status=DealStatus.VOID if replayed.void else DealStatus.PLAYED, outcome=Outcome.NORMAL,
        tricks_won={n: 0 for n in players}, points={n: 0 for n in players},
        partie_cards=tuple(replayed.partie), partie_value=0, winners=(), losers=(),
        espagnolette=None, payments=(), cancelled=(), pool_before=pool_before,
        pool_after=pool_before, net={n: 0 for n in players},
        steps=(Step("PLAY", None, NoteCode.DEAL_NOT_SETTLED, {}, ("PLAY",)),) if steps else None)


def settle_deal(replayed: ReplayedDeal, profile: Profile, pool_before: Amount, *,
                previous: DealSettlement | LeanDeal | None, first_deal: bool,
                pot_line_given: bool, session_start: Amount | None = None,
                steps: bool = True) -> DealSettlement:
    """Settle one deal.  ``previous`` is the last deal *played* (POOL-2 looks back to it).

    ``session_start`` is the pool the session began with (the pot line); when a void
    deal's penalty went into an empty pool before the first deal played, the first deal
    played is still staked (POOL-1).  Left out, the pool before the deal stands for it.
    ``steps`` False: the settlement without its reasoning (``DealSettlement.steps`` is
    None), for every reader but an explanation: the same rules make the same payments.
    """
    if not replayed.complete:
        return _unsettled(replayed, pool_before, steps)
    ledger = Ledger(replayed, profile, whole(pool_before), previous, first_deal,
                    pot_line_given, session_start, explain=steps)
    if replayed.void:
        _run_rules(ledger, VOID_RULES)
        return _freeze(ledger, DealStatus.VOID)
    _run_rules(ledger, _rules_for(replayed))
    return _freeze(ledger, DealStatus.PLAYED)


def _freeze(ledger: Ledger, status: DealStatus) -> DealSettlement:
    replayed, players, names = ledger.replayed, ledger.players, ledger.names
    payments = _payments_in_order(ledger)
    espagnolette = None
    if replayed.espagnolette:
        # ESP-3 (waived) or ESP-4/5/10 gave it its status
        assert ledger.espagnolette_status is not None, "an espagnolette held but not judged"
        espagnolette = (names[replayed.espagnolette.seat], ledger.espagnolette_status)
    net, pool_change = _moves(payments, players)
    pool_before = ledger.pool_before
    pool_after = pool_before + pool_change
    if type(pool_after) is not int:
        pool_after = whole(pool_after)
    # POOL-5: the players' nets and the pool's change sum to zero.
    total = sum(net.values()) + (pool_after - pool_before)
    if total != 0:  # pragma: no cover - a bug in a rule, never bad input
        raise AssertionError(f"deal {replayed.number} does not balance: {total}")
    steps = ledger.steps
    return DealSettlement(
        replayed.number, names[replayed.dealer], status, ledger.outcome,
        dict(zip(players, ledger.tally.won, strict=True)),
        dict(zip(players, ledger.tally.points, strict=True)),
        tuple(replayed.partie), ledger.partie_value,
        _names(names, ledger.winners), _names(names, ledger.losers), espagnolette,
        payments, tuple(ledger.cancelled), pool_before, pool_after, net,
        None if steps is None else tuple(steps), _name(names, ledger.reversis_maker),
        _name(names, ledger.undertaker), _name(names, ledger.breaker))


def _names(names: tuple[str, ...], seats: tuple[int, ...]) -> tuple[str, ...]:
    """The players at ``seats``, in seat order (most often one, or none)."""
    if len(seats) == 1:
        return (names[seats[0]],)
    return tuple([names[s] for s in sorted(seats)])


def _name(names: tuple[str, ...], seat: int | None) -> str | None:
    return None if seat is None else names[seat]


class SessionSettler:
    """Settles the deals of one session in order, carrying the pool (POOL-1..5)."""

    def __init__(self, profile: Profile, players: tuple[str, ...],
                 pool_start: Amount = 0, pool_start_given: bool = False):
        self.profile = profile
        self.players = tuple(players)
        self.pool: Amount = whole(pool_start)
        self.session_start: Amount = self.pool  # POOL-1, IRR-0: the pool as the session began
        self.pool_start_given = pool_start_given
        self.last_played: DealSettlement | LeanDeal | None = None
        # Running totals, not the settlements: a session of any length
        # settles in bounded memory.  The nets that are not ints (a split
        # partie's shares) are summed apart, in ``_shares``: once a total was a
        # Fraction, every net added to it after was a Fraction's addition (some
        # 7 k instructions each, four a deal: 0.03 M a deal of a modern season).
        self._totals: dict[str, Amount] = {name: 0 for name in self.players}
        self._shares: dict[str, Amount] = {name: 0 for name in self.players}
        # Whether a share was ever added (``totals`` adds none before), and, for each
        # player with shares, the total :meth:`totals` made last: from which share
        # (that object), its numerator and denominator, and from which int total.  The
        # tables read the balance after every deal; settling keeps to one addition.
        self._held = False
        self._made: dict[str, tuple[Amount, int, int, Amount, Amount]] = {}

    def settle(self, replayed: ReplayedDeal, steps: bool = True) -> DealSettlement:
        """The next deal settled; ``steps`` False: without its reasoning (``settle_deal``)."""
        settlement = settle_deal(
            replayed, self.profile, self.pool, previous=self.last_played,
            first_deal=self.last_played is None, pot_line_given=self.pool_start_given,
            session_start=self.session_start, steps=steps)
        self.pool = settlement.pool_after
        if settlement.status is DealStatus.PLAYED and replayed.complete:
            self.last_played = settlement
        totals, shares = self._totals, self._shares
        for name, amount in settlement.net.items():
            if type(amount) is int:
                totals[name] += amount
            else:
                shares[name] += amount
                self._held = True
        return settlement

    def settle_lean(self, replayed: ReplayedDeal, facts: Facts | None = None
                    ) -> DealSettlement | LeanDeal:
        """The next deal settled without its reasoning: a plain deal on ints
        (:func:`~.lean.settle_plain`, given its ``facts`` if worked out
        before; one with event lines, :func:`~.leanevents.settle_events`; one where
        a player discarded two, :func:`~.leantwo.settle_two`), any other as
        :meth:`settle` does."""
        lean = settle_plain(replayed, self.profile, self.pool, self.last_played,
                            self.session_start, facts)
        if lean is None and replayed.walked is not None:  # IRR-5
            from .leantwo import settle_two  # imported at the first such deal
            lean = settle_two(replayed, self.profile, self.pool, self.last_played,
                              self.session_start)
        elif lean is None and replayed.deal.events:  # IRR-4, IRR-6, CLAIM-1
            # imported at the first such deal: a run without one never loads it (and
            # kept: an import statement costs each deal a look-up of the module)
            settle = _LEAN_EVENTS.get("settle_events")
            if settle is None:
                from .leanevents import settle_events  # at the first such deal (E66)
                settle = _LEAN_EVENTS["settle_events"] = settle_events
            lean = settle(replayed, self.profile, self.pool, self.last_played,
                          self.session_start, facts)
        if lean is None:
            return self.settle(replayed, False)
        self.pool = lean.pool_after
        self.last_played = lean
        totals = self._totals
        for name, amount in zip(lean.names, lean.net, strict=True):
            if type(amount) is int:
                totals[name] += amount
            else:  # (the rare deal: ``_shares`` looked up only then)
                self._shares[name] += amount
                self._held = True
        return lean

    def totals(self) -> dict[str, Amount]:
        """Each player's running total: the sum of his nets so far."""
        totals = dict(self._totals)
        if not self._held:  # ints only
            return totals
        made = self._made
        for name, share in self._shares.items():
            if type(share) is int:  # none of his nets was a share
                continue
            value = totals[name]
            last = made.get(name)
            if last is not None and last[0] is share:  # no share added since
                if last[3] == value:  # nor any net: the same total
                    totals[name] = last[4]
                    continue
                numerator, denominator = last[1], last[2]
            else:
                numerator, denominator = share.numerator, share.denominator
            if denominator == 1:
                # his shares came to a whole number: summed with his ints from now on
                # (the key's value replaced, not the dict's size changed, as it is read)
                totals[name] = self._totals[name] = value + numerator
                self._shares[name] = 0
                made.pop(name, None)
                continue
            # n/d in lowest terms, d > 1: value + n/d is (value*d + n)/d, in lowest terms
            # and not whole, made at once (int + Fraction costs twice as much)
            total = totals[name] = Fraction(value * denominator + numerator, denominator)
            made[name] = (share, numerator, denominator, value, total)
        return totals

    def restore(self, pool: Amount, last_played: DealSettlement | LeanDeal | None,
                totals: Mapping[str, Amount]) -> None:
        """Settle the next deal as if the deals before had left ``pool``,
        ``last_played`` and the running ``totals`` (deals settled in another
        process: reversis_cli/session/parts.py)."""
        self.pool, self.last_played = pool, last_played
        self._totals = {name: totals[name] if type(totals[name]) is int else 0
                        for name in self.players}
        self._shares = {name: 0 if type(totals[name]) is int else totals[name]
                        for name in self.players}
        self._held = any(type(share) is not int for share in self._shares.values())
        self._made = {}


def settlement_to_json(s: DealSettlement) -> dict:
    """The deal object of docs/output.md, without "tricks" and "diagnostics"."""
    out = {"number": s.number, "dealer": s.dealer, "status": s.status, "outcome": s.outcome}
    out.update(settlement_body_json(s))
    return out


def settlement_body_json(s: DealSettlement) -> dict:
    """The deal object's members after "tricks", without "diagnostics"."""
    return {
        "tricks_won": dict(s.tricks_won),
        "points": dict(s.points),
        "partie": {"cards": [c.code for c in s.partie_cards],
                   "value": amount_json(s.partie_value)},
        "winners": list(s.winners),
        "losers": list(s.losers),
        "espagnolette": ({"player": s.espagnolette[0], "status": s.espagnolette[1]}
                         if s.espagnolette else None),
        "payments": [p.to_json() for p in s.payments],
        "cancelled": [p.to_json() for p in s.cancelled],
        "pool": {"before": amount_json(s.pool_before), "after": amount_json(s.pool_after)},
        "net": {name: amount_json(v) for name, v in s.net.items()},
    }
