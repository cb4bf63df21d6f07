"""The settlement of a plain deal on ints: the lean twin of the rule registry.

:func:`settle_plain` settles a deal the one-pass replay read (its tricks are
rows of card indexes, ``ReplayedDeal.rows``) without a :class:`Ledger`: the
stakes, the aces and the quinola as they fell, a reversis made or broken, the
partie, what is owed to its winner, the espagnolette and the pool's taking, in the
registry's
order (``engine.RULES``), each payment a tuple of the fields of a
:class:`Payment` (its params as their items).  What it gives,
:class:`LeanDeal`, is what ``score --json`` writes (score/jsontext.py); any
other reader asks for the full settlement, :meth:`LeanDeal.full`, made from it
on demand.

A revoke puts in its remise last (IRR-7).  It gives up (None, and the engine
settles the deal) at the first doubt: a deal with an event line (those the
plain replay takes are settle/leanevents.py's), a void or incomplete deal, a
deal not read from rows, a rule option it does not know (a new option is
added to :data:`HANDLED` when this module settles by it), and under
``REVERSIS_REFERENCE=1``.  tests/test_settle_lean.py holds it to the engine,
payment by payment and byte by byte, under every value of every option.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from operator import itemgetter
from typing import Any

from .. import fastpaths
from ..cards import ACE_OF_DIAMONDS, PACK, QUINOLA, Card
from ..replay import ReplayedDeal
from ..replay.result import Row
from ..replay.rules_of_play import MUST_FOLLOW_TRICKS, fallen_by_follow, seat_rank, vis_a_vis
from ..rules import Profile, RuleOptions
from .codes import EspagnoletteStatus, Outcome
from .leandeal import LeanDeal, LeanPayment, payment_of
from .leanfacts import NO_CARD_INDEX, TAKER, Facts, deal_facts
from .leanpool import partie_worth
from .leanstake import balance, stakes
from .ledger import DOUBLING_GROUNDS, LATE_TRICK, TAKING_PRIORITY, VIS_A_VIS, doubling_grounds
from .payments import POOL, Amount, Payment, ReasonCode, share, whole
from .settlement import DealSettlement

__all__ = ["HANDLED", "NO_CARD_INDEX", "Facts", "LeanDeal", "deal_facts", "handles",
           "judged_run", "payment_of", "plain_facts", "settle_plain", "settle_plain_watched"]

# Each rule option this module settles by, with the values it knows.  A profile
# whose options hold another (a new option, a new value) is settled by the engine.
# ``None``: any value of the option's type (a number of fiches, a set of tricks).
HANDLED: dict[str, frozenset[Any] | None] = {
    "forced_means": frozenset({"compelled", "any_follow"}),
    "partie_diamond_ace": None, "partie_quinola": None, "partie_bonus": None,
    "partie_ties": frozenset({"seat", "split"}),
    "partie_vis_a_vis_double": frozenset({True, False}),
    "stake_player": None, "stake_dealer": None,
    "restake": frozenset({"below_initial", "taken_or_quiet"}),
    "remise": frozenset({"pool", "stake"}),
    "led_aces_pay_winner": frozenset({True, False}),
    "quinola_forcer": frozenset({"leader", "taker"}),
    "vis_a_vis_double": frozenset({True, False}),
    "late_tricks_double": None,
    "reversis_cancels": frozenset({"made_or_broken", "made"}),
    "espagnolette_fails_on": frozenset({"last_two", "any_trick"}),
    "espagnolette_takes_pool": frozenset({True, False}),
    "espagnolette_refunds": frozenset({"aces_and_quinola", "diamond_ace_and_quinola"}),
    "espagnolette_pays_broken": None,
    "revoke_penalty": frozenset({"remise", "none"}),  # IRR-7
    # Read only in a deal with an event line (settle/leanevents.py).
    "claims_required": frozenset({"led_and_played", "in_play"}),
    "peek_forfeits": frozenset({"everything", "quinola_and_reversis"}),
    # SEAT-1: the seats are written in playing order either way.
    "direction": None,
}

_new = tuple.__new__


def _handles(options: RuleOptions) -> bool:
    """Whether every option of ``options`` is one this module settles by, with a
    value it knows."""
    for name, value in zip(options._fields, options._values(), strict=True):
        if name not in HANDLED:
            return False
        known = HANDLED[name]
        if known is not None and value not in known:
            return False
    return True


# Profiles already looked at (a session has one, a comparison two), by identity.
_CHECKED: dict[int, tuple[RuleOptions, bool]] = {}


def _handled(options: RuleOptions) -> bool:
    seen = _CHECKED.get(id(options))
    if seen is None or seen[0] is not options:
        if len(_CHECKED) >= 64:
            _CHECKED.clear()
        seen = _CHECKED[id(options)] = (options, _handles(options))
    return seen[1]


def settle_plain(replayed: ReplayedDeal, profile: Profile, pool_before: Amount,
                 previous: DealSettlement | LeanDeal | None, session_start: Amount | None,
                 facts: Facts | None = None) -> LeanDeal | None:
    """The settlement of a plain deal (``engine.settle_deal`` without steps, as
    the session calls it), or None: not a deal this twin settles.  ``facts``:
    the deal's :func:`deal_facts`, when worked out before."""
    if not _plain(replayed) or not _handled(profile.options):
        return None
    return _Lean(replayed, profile, whole(pool_before), previous, session_start).settle(
        facts if facts is not None else deal_facts(replayed))


def plain_facts(replayed: ReplayedDeal) -> Facts | None:
    """A deal's :func:`deal_facts` if it is a deal :func:`settle_plain` may
    settle (whatever the options), else None."""
    return deal_facts(replayed) if _plain(replayed) else None


def _plain(replayed: ReplayedDeal) -> bool:
    """Whether :func:`settle_plain` may settle the deal, whatever the options:
    a whole deal of rows, not void, with no event line, of four players."""
    return not (fastpaths.REFERENCE or replayed.rows is None or not replayed.complete
                or replayed.void or replayed.deal.events or len(replayed.players) != 4)


def handles(options: RuleOptions) -> bool:
    """Whether :func:`settle_plain` settles by ``options`` (every option one of
    :data:`HANDLED`, with a value it knows)."""
    return _handled(options)


def settle_plain_watched(replayed: ReplayedDeal, profile: Profile, judged: RuleOptions,
                         pool_before: Amount, previous: DealSettlement | LeanDeal | None,
                         session_start: Amount | None, facts: Facts | None = None
                         ) -> LeanDeal | None:
    """:func:`settle_plain` under ``profile``, whose options are watched
    (club/watch.py): whether they are handled is judged on ``judged``, the
    same values unwatched, so that the watch sees only what the settlement
    itself reads."""
    return judged_run(profile.options, judged, lambda: settle_plain(
        replayed, profile, pool_before, previous, session_start, facts))


def judged_run(options: RuleOptions, judged: RuleOptions, run: Callable[[], Any]) -> Any:
    """``run()``, where each lean twin asks whether ``options`` (watched) are
    handled (:func:`handles`), answered on ``judged`` unwatched, as
    :func:`settle_plain_watched` does for the plain deal's (club/watch.py)."""
    _CHECKED[id(options)] = (options, _handled(judged))
    try:
        return run()
    finally:
        _CHECKED.pop(id(options), None)


class _Lean:
    """One plain deal's settlement on ints (the engine's rules in its order)."""

    __slots__ = ("replayed", "rows", "profile", "options", "names", "pool_before",
                 "pool_start", "stakes", "in_play", "partie", "to_winner", "reversis",
                 "remises", "takings", "cancelled", "dues", "won", "points", "outcome",
                 "maker", "undertaker", "breaker", "breaker_trick", "winners", "losers",
                 "value", "esp", "esp_status", "esp_payments", "keys")
    rows: tuple[Row, ...]
    maker: int | None
    undertaker: int | None
    breaker: int | None
    breaker_trick: int | None
    value: Amount
    won: tuple[int, ...]
    points: tuple[int, ...]
    pool_start: Amount
    stakes: tuple[LeanPayment, ...]
    keys: tuple[tuple[int, int], ...]  # the partie's standing by seat
    esp: int | None  # the espagnolette in play (ESP-1: not one who waived)
    esp_status: EspagnoletteStatus | None

    def __init__(self, replayed: ReplayedDeal, profile: Profile, pool_before: Amount,
                 previous: DealSettlement | LeanDeal | None, session_start: Amount | None,
                 rows: tuple[Row, ...] | None = None):
        rows = replayed.rows if rows is None else rows  # given: settle/leantwo.py's
        assert rows is not None, "settle_plain settles a deal of rows"
        self.replayed, self.rows, self.profile = replayed, rows, profile
        self.options, self.names, self.pool_before = profile.options, replayed.players, pool_before
        self.in_play: list[LeanPayment] = []
        self.partie: list[LeanPayment] = []
        self.to_winner: list[LeanPayment] = []
        self.reversis: list[LeanPayment] = []
        self.remises: list[LeanPayment] = []
        self.takings: list[LeanPayment] = []
        self.cancelled: list[LeanPayment] = []
        self.dues: list[tuple[str, int, Card, int, int]] = []  # rule, holder, card, base, trick
        self.outcome = Outcome.NORMAL
        self.maker = self.undertaker = self.breaker = self.breaker_trick = None
        self.winners: tuple[int, ...] = ()
        self.losers: tuple[int, ...] = ()
        self.esp_payments: list[LeanPayment] = []
        held = replayed.espagnolette  # ESP-1, ESP-3 (``espagnolette.identify_espagnolette``)
        if held is None:
            self.esp = self.esp_status = None
        elif held.waived:
            self.esp, self.esp_status = None, EspagnoletteStatus.WAIVED
        else:
            self.esp, self.esp_status = held.seat, None
        # POOL-1, POOL-2 (``pool.must_stake``, ``pool.stake_pool``: settle/leanpool.py)
        self.stakes, self.pool_start = stakes(profile, pool_before, previous, session_start,
                                              replayed.dealer, replayed.players)

    # --- payments ---------------------------------------------------------------------

    def _payment(self, payer: int | str, payee: int | str, amount: Amount, rule: str,
                 trick: int | None, code: ReasonCode, params: tuple,
                 rules: tuple[str, ...]) -> LeanPayment:
        names = self.names
        return _new(Payment, (payer if isinstance(payer, str) else names[payer],
                              payee if isinstance(payee, str) else names[payee],
                              amount if type(amount) is int else whole(
                                  amount if type(amount) is Fraction else Fraction(amount)),
                              rule, trick, code, params, rules))

    def _grounds(self, a: int, b: int, trick: int) -> tuple[str, ...]:
        """DOUBLE-1, DOUBLE-2 (as ``Ledger.doubling``)."""
        return doubling_grounds(self.options, a, b, trick)

    def _in_play(self, payer: int, payee: int, base: int, rule: str, trick: int, card: Card,
                 code: ReasonCode, params: tuple = ()) -> None:
        """``Ledger.add_in_play``."""
        options = self.options  # ``_grounds``, inline: one or two in every deal
        grounds: tuple[str, ...] = ()
        # the seats first: an option is read only where it counts (club/watch.py);
        # ``vis_a_vis`` inline (a call a payment)
        if (payer - payee) % 4 == 2 and options.vis_a_vis_double:
            grounds = (VIS_A_VIS,)
        if trick in options.late_tricks_double:
            grounds += (LATE_TRICK,)
        names = self.names  # seats and an int amount: made as ``_payment`` would make it
        if grounds:
            factor = 2 ** len(grounds)
            self.in_play.append(_new(Payment, (
                names[payer], names[payee], base * factor, rule, trick, code,
                (*params, ("card", card), ("factor", factor), ("doubled_for", grounds)),
                (rule, *[DOUBLING_GROUNDS[g] for g in grounds]))))
        else:
            self.in_play.append(_new(Payment, (
                names[payer], names[payee], base, rule, trick, code,
                (*params, ("card", card), ("factor", 1)), (rule,))))

    def _remise(self, seat: int, rule: str, trick: int | None, code: ReasonCode,
                params: tuple = ()) -> None:
        """``Ledger.add_remise`` (POOL-3)."""
        option = self.options.remise
        amount = self.pool_start if option == "pool" else self.profile.full_staking
        self.remises.append(self._payment(seat, POOL, amount, rule, trick, code,
                                          (*params, ("remise", option)), (rule, "POOL-3")))

    def _taking(self, seat: int, rule: str, trick: int | None, code: ReasonCode) -> None:
        """``Ledger.offer_taking`` (POOL-4)."""
        self.takings.append(self._payment(POOL, seat, self.pool_start, rule, trick, code, (),
                                          (rule,)))

    # --- the rules, in the registry's order ---------------------------------------------

    def _fell(self, number: int, leader: int, seat: int, index: int) -> str:
        """How a paying card fell: placed, forced, led or played (``inplay.classify``)."""
        if seat == leader:  # ``fallen_by_lead``, inline (two in most deals)
            return "led"
        suit = _SUITS[self.rows[number - 1][2]]
        if _SUITS[index] is not suit:
            return "placed"
        if index == _QUINOLA_INDEX and seat == self.esp:  # ESP-9
            return "forced"
        if self.options.forced_means == "any_follow":
            return "forced"
        # another card of the suit led that he played later: he held it then
        for later in self.rows[number:]:
            if _HELD_SUITS[later[2 + (seat - later[1]) % 4]] is suit:
                return fallen_by_follow(True)
        return fallen_by_follow(False)

    def _aces_and_quinola(self, paying: list[tuple[int, int, int, int, int]]) -> None:
        """ACE-1..3, QUIN-1..3, DOUBLE-1, DOUBLE-2 (``inplay.in_play_payments``)."""
        options = self.options
        for number, leader, taker, seat, index in paying:
            card = PACK[index]
            kind = self._fell(number, leader, seat, index)
            if card is not QUINOLA:
                value = 2 if card is ACE_OF_DIAMONDS else 1
                if kind == "placed":
                    self._in_play(taker, seat, value, "ACE-1", number, card,
                                  ReasonCode.ACE_PLACED)
                elif kind == "forced":
                    self._in_play(seat, leader, value, "ACE-2", number, card,
                                  ReasonCode.ACE_FORCED)
                elif options.led_aces_pay_winner:
                    self.dues.append(("ACE-3", seat, card, value, number))
            elif kind == "placed":
                self._in_play(taker, seat, 5, "QUIN-1", number, card, ReasonCode.QUINOLA_PLACED)
                self._taking(seat, "QUIN-1", number, ReasonCode.POOL_TAKEN_QUINOLA)
            elif kind == "forced":
                forcer = leader if options.quinola_forcer == "leader" else taker
                esp = seat == self.esp
                rule = "ESP-9" if esp else "QUIN-2"
                if forcer != seat:  # ESP-9: the espagnolette pays 5, as the others do
                    self._in_play(seat, forcer, 5 if esp else 10, rule, number, card,
                                  ReasonCode.QUINOLA_FORCED)
                    for other in range(4):
                        if other not in (seat, forcer):
                            self._in_play(other, forcer, 5, "QUIN-2", number, card,
                                          ReasonCode.QUINOLA_FORCED_OTHER,
                                          (("holder", self.names[seat]),))
                self._remise(seat, rule, number, ReasonCode.REMISE_QUINOLA_FORCED,
                             (("card", card),))
            else:
                self._remise(seat, "QUIN-3", number, ReasonCode.REMISE_QUINOLA_FALLEN,
                             (("card", card),))
                if options.led_aces_pay_winner:
                    self.dues.append(("QUIN-3", seat, card, 10, number))

    def settle(self, facts: Facts) -> LeanDeal:
        self._play_payments(facts)
        self._pool_end()
        self._revoke_remises()
        return self._freeze()

    def _play_payments(self, facts: Facts) -> None:
        """The payments of the play: aces and quinola, the espagnolette judged, the
        partie, a reversis's cancellations, the winner's dues and the reversis."""
        self.won, self.points, paying, self.keys, found = facts
        self._aces_and_quinola(paying)
        if found[0] is not Outcome.NORMAL:
            self.outcome, self.maker, self.undertaker, self.breaker, self.breaker_trick = found
        if self.esp is not None:
            self._judge_espagnolette()
        self._partie()
        if self.outcome is not Outcome.NORMAL:  # REV-4, REV-1, REV-3: else nothing to do
            self._cancel_in_play()
        if self.dues:
            self._winner_dues()
        if self.outcome is not Outcome.NORMAL:
            self._pay_reversis()

    def _pool_end(self) -> None:
        """The espagnolette's taking (ESP-4) or refunds (ESP-5), and POOL-4."""
        if self.esp_status is EspagnoletteStatus.SUCCESS:  # ESP-4
            if self.options.espagnolette_takes_pool:
                assert self.esp is not None, "only an espagnolette in play is judged"
                self._taking(self.esp, "ESP-4", None, ReasonCode.POOL_TAKEN_ESPAGNOLETTE)
        elif self.esp_status is EspagnoletteStatus.FAILED:  # ESP-5
            self._refund_placings()
            self._failed_quinola()
        if self.takings:  # POOL-4: the highest taking stands (``pool.resolve_takings``)
            takings = self.takings
            kept = takings[0] if len(takings) == 1 else sorted(takings, key=_TAKING_RANK)[0]
            self.takings = [kept] if kept[2] else []

    def _revoke_remises(self) -> None:
        """IRR-7 under ``revoke_penalty = remise`` (``irregular.revoke_remise``)."""
        if self.replayed.revokes and self.options.revoke_penalty == "remise":
            for revoke in self.replayed.revokes:
                self._remise(revoke.seat, "IRR-7", revoke.trick, ReasonCode.REMISE_REVOKE, (
                    ("card", revoke.card), ("held", revoke.held),
                    ("suit", _SUITS[self.rows[revoke.trick - 1][2]])))

    def _partie(self) -> None:
        """PARTIE-1..6 (``partie.rank_partie``, ``partie.pay_partie``)."""
        self.value = partie_worth(self.replayed.partie, self.options)
        if self.outcome is not Outcome.NORMAL:
            return
        keys = self.keys
        best, worst, esp = min(keys), max(keys), self.esp
        if esp is not None and self.esp_status is EspagnoletteStatus.FAILED:  # ESP-5
            self.losers = (esp,)
            others = [s for s in range(4) if s != esp]
            best_other = min([keys[s] for s in others])
            self.winners = self._tie([s for s in others if keys[s] == best_other], min)
        else:
            if esp is not None and self.esp_status is EspagnoletteStatus.SUCCESS \
                    and keys[esp] == best:  # ESP-4: he wins the partie
                self.winners = (esp,)
            else:
                tied = [s for s in range(4) if keys[s] == best]
                self.winners = (tied[0],) if len(tied) == 1 else self._tie(tied, min)
            tied = [s for s in range(4) if keys[s] == worst]
            self.losers = (tied[0],) if len(tied) == 1 else self._tie(tied, max)
        each = share(self.value, len(self.winners) * len(self.losers))
        options = self.options  # the seats first: the option read where it counts
        names, points = self.names, self.points
        for loser in self.losers:
            for winner in self.winners:
                if (loser - winner) % 4 == 2 and options.partie_vis_a_vis_double:  # vis_a_vis
                    self.partie.append(self._payment(
                        loser, winner, each * 2, "PARTIE-4", None,
                        ReasonCode.PARTIE_LOST_VIS_A_VIS,
                        (("points", self.points[loser]), ("factor", 2),
                         ("doubled_for", (VIS_A_VIS,))), ("PARTIE-4", "PARTIE-5")))
                else:  # made as ``_payment`` makes it (``each``, from ``share``, is whole)
                    self.partie.append(_new(Payment, (
                        names[loser], names[winner], each, "PARTIE-4", None,
                        ReasonCode.PARTIE_LOST, (("points", points[loser]), ("factor", 1)),
                        ("PARTIE-4",))))

    def _tie(self, tied: list[int], pick: Any) -> tuple[int, ...]:
        """PARTIE-2/3's last step (``partie._settle_tie``)."""
        if len(tied) == 1 or self.options.partie_ties == "split":
            return tuple(tied)
        dealer = self.replayed.dealer
        return (pick(tied, key=lambda seat: seat_rank(dealer, seat)),)

    def _cancel_in_play(self) -> None:
        """REV-4 (``reversis.cancel_in_play``)."""
        if self.outcome is Outcome.NORMAL or (
                self.outcome is Outcome.REVERSIS_BROKEN
                and self.options.reversis_cancels != "made_or_broken"):
            return
        self.cancelled, self.in_play = self.in_play, []
        self.remises = [r for r in self.remises if r[3] not in _QUINOLA_REMISES]
        self.takings = [p for p in self.takings if p[3] != "QUIN-1"]
        self.dues = []

    def _winner_dues(self) -> None:
        """ACE-3, QUIN-3, DOUBLE-3 (``inplay.pay_winner_dues``)."""
        winners = self.winners
        if not winners:
            return
        for rule, holder, card, base, trick in self.dues:
            each = share(base, len(winners))
            code = _TO_WINNER[rule, self.rows[trick - 1][1] == holder]
            for winner in winners:
                if winner == holder:
                    continue
                grounds = self._grounds(holder, winner, trick)
                factor = 2 ** len(grounds)
                params: tuple = (("card", card), ("factor", factor))
                if grounds:
                    params += (("doubled_for", grounds),)
                self.to_winner.append(self._payment(
                    holder, winner, each * factor, rule, trick, code, params,
                    (rule, "DOUBLE-3") if grounds else (rule,)))

    def _pay_reversis(self) -> None:
        """REV-1, REV-3 (``reversis.pay_reversis``; no espagnolette here)."""
        esp = self.esp
        if self.outcome is Outcome.REVERSIS:
            maker = self.maker
            assert maker is not None
            if esp is not None and esp != maker:  # ESP-6: the espagnolette pays all 64
                self.reversis.append(self._payment(
                    esp, maker, 64, "ESP-6", None, ReasonCode.REVERSIS_MADE_ESPAGNOLETTE, (),
                    ("ESP-6",)))
                self._taking(maker, "REV-1", None, ReasonCode.POOL_TAKEN_REVERSIS)
                return
            for seat in range(4):
                if seat != maker:
                    if vis_a_vis(seat, maker):
                        amount, code = 32, ReasonCode.REVERSIS_MADE_VIS_A_VIS
                    else:
                        amount, code = 16, ReasonCode.REVERSIS_MADE_NEIGHBOUR
                    self.reversis.append(self._payment(seat, maker, amount, "REV-1", None, code,
                                                       (), ("REV-1",)))
            self._taking(maker, "REV-1", None, ReasonCode.POOL_TAKEN_REVERSIS)
        elif self.outcome is Outcome.REVERSIS_BROKEN:
            undertaker, breaker = self.undertaker, self.breaker
            assert undertaker is not None and breaker is not None
            payer, rule = undertaker, "REV-3"
            if esp is not None and esp not in (undertaker, breaker) \
                    and self.breaker_trick in self.options.espagnolette_pays_broken:
                payer, rule = esp, "ESP-7"  # ESP-7: the espagnolette pays the 64
            self.reversis.append(self._payment(
                payer, breaker, 64, rule, None, ReasonCode.REVERSIS_BROKEN,
                (("undertaker", self.names[undertaker]), ("broken_in", self.breaker_trick)),
                (rule,)))
            self._remise(undertaker, "REV-3", None, ReasonCode.REMISE_REVERSIS_BROKEN)

    def _judge_espagnolette(self) -> None:
        """ESP-4, ESP-5, ESP-10 (``espagnolette.espagnolette_status``)."""
        if self.outcome is not Outcome.NORMAL:
            self.esp_status = EspagnoletteStatus.SUPERSEDED
            return
        esp, rows = self.esp, self.rows  # trick n's row is rows[n - 1] (as in _fell)
        if self.options.espagnolette_fails_on == "any_trick":
            took = esp in map(TAKER, rows)
        else:  # tricks 10 and 11
            took = esp in [rows[n - 1][6] for n in MUST_FOLLOW_TRICKS]
        self.esp_status = EspagnoletteStatus.FAILED if took else EspagnoletteStatus.SUCCESS

    def _refund_placings(self) -> None:
        """ESP-5: twice what he received for placing the cards the option names
        (``espagnolette.refund_placings``; nothing is forfeited in a plain deal)."""
        names, esp = self.names, self.esp
        assert esp is not None
        who, every_ace = names[esp], self.options.espagnolette_refunds == "aces_and_quinola"
        for pay in self.in_play:
            if pay[1] != who or pay[3] not in ("ACE-1", "QUIN-1"):
                continue
            card = dict(pay[6])["card"]
            if card is QUINOLA or (card.is_ace and (every_ace or card is ACE_OF_DIAMONDS)):
                self.esp_payments.append(self._payment(
                    esp, names.index(pay[0]), 2 * pay[2], "ESP-5", pay[4],
                    ReasonCode.ESPAGNOLETTE_REFUND,
                    (("card", card), ("received", pay[2]), ("factor", 2)), ("ESP-5",)))

    def _failed_quinola(self) -> None:
        """ESP-5: one remise for the quinola he held, in place of its own, and his
        QUIN-1 taking void (``espagnolette.failed_quinola``)."""
        esp = self.esp
        assert esp is not None
        if not any([_QUINOLA_INDEX in row[2:6] and row[2 + (esp - row[1]) % 4] == _QUINOLA_INDEX
                    for row in self.rows]):
            return  # he did not hold it: a plain deal's hands are the cards played
        who = self.names[esp]
        self.remises = [r for r in self.remises
                        if not (r[0] == who and r[3] in _QUINOLA_REMISES)]
        self.takings = [p for p in self.takings if not (p[3] == "QUIN-1" and p[1] == who)]
        self._remise(esp, "ESP-5", None, ReasonCode.REMISE_ESPAGNOLETTE_FAILED)

    def _freeze(self) -> LeanDeal:
        """The payments in the order of docs/output.md, the nets and the pool
        (``engine._freeze``, ``engine._moves``)."""
        ordered = [*self.in_play, *self.partie, *self.to_winner, *self.reversis,
                   *self.esp_payments, *self.remises, *self.takings]
        if 0 in map(_AMOUNT, ordered):  # only house stakes of 0 make a payment of nothing
            ordered = [p for p in ordered if p[2] != 0]
        names, staked = self.names, self.stakes
        nets, pool_after = balance(names, ordered, self.pool_before, self.replayed.number,
                                   staked)
        if staked:
            ordered[:0] = staked
        replayed = self.replayed
        winners, losers, held = self.winners, self.losers, replayed.espagnolette
        return _new(LeanDeal, (
            replayed.number, names, replayed.dealer, tuple(replayed.partie), self.outcome,
            self.won, self.points, self.value,
            winners if len(winners) < 2 else tuple(sorted(winners)),
            losers if len(losers) < 2 else tuple(sorted(losers)),
            None if held is None or self.esp_status is None
            else (names[held.seat], self.esp_status),
            tuple(ordered), tuple(self.cancelled), self.pool_before, pool_after, nets,
            self.maker, self.undertaker, self.breaker))


# By card index: its suit; _HELD_SUITS has one more, None at NO_CARD_INDEX (a row's
# place where no card was played: settle/leanfacts.py).
_SUITS = tuple(card.suit for card in PACK)
_HELD_SUITS = (*_SUITS, None)
_QUINOLA_REMISES = ("QUIN-2", "QUIN-3", "ESP-9")
_QUINOLA_INDEX = QUINOLA.index
_AMOUNT = itemgetter(2)  # Payment.amount
_PAYING = frozenset(card.index for card in PACK if card.pays_in_play)


def _TAKING_RANK(p: LeanPayment) -> int:
    return -TAKING_PRIORITY[p[3]]


_TO_WINNER = {("ACE-3", True): ReasonCode.ACE_LED_TO_WINNER,
              ("ACE-3", False): ReasonCode.ACE_PLAYED_TO_WINNER,
              ("QUIN-3", True): ReasonCode.QUINOLA_LED_TO_WINNER,
              ("QUIN-3", False): ReasonCode.QUINOLA_PLAYED_TO_WINNER}
