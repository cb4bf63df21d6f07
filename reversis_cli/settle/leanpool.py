"""The pool's part of a plain deal settled on ints (settle/lean.py): a deal
settled again from another pool, or with its payments priced otherwise (its
stakes, POOL-1 and POOL-2, and its nets and pool after are settle/leanstake.py's).

Of a plain deal's settlement only the stakes, the remises' and the takings'
amounts (one full staking, or the pool as staked: POOL-3, POOL-4) and the pool
after depend on the pool the deal starts from and on the deal before; the
rest is the replay's and the options'.  :func:`repooled` makes the settlement
of a deal again from another pool and deal before, and under options that
differ from its own settlement's in the stakes alone (``stake_player``,
``stake_dealer``, ``restake``), from that settlement: what
``stats --compare`` asks of most deals of a reading that moves the pool
(club/resettle.py).  The same goes for the options that change the amounts of
the payments a deal makes and nothing else (:data:`AMOUNT_OPTIONS`: the
doublings and the partie's value): the deal's payments are kept and priced
again under the reading.  It gives up (None: settle the deal) where its own
settlement may have dropped a payment of nothing (a pool of 0 staked, a full
staking of 0, a partie worth 0), where an amount is worked out from another
(an espagnolette's refund, ESP-5), where its payments are not in the order it
expects (a fine of IRR-6 elsewhere than last), where a pool taking was forfeited (IRR-4:
it is listed in ``cancelled`` at the pool's amount), and, pricing amounts
again, where a payment was forfeited (IRR-4, CLAIM-1: its settlement lists it
priced; the nets alone, :func:`repriced_nets`, need not).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import cast

from .. import fastpaths
from ..cards import ACE_OF_DIAMONDS, QUINOLA, Card
from ..replay.rules_of_play import vis_a_vis
from ..rules import Profile, RuleOptions
from .codes import Outcome, ReasonCode
from .leandeal import LeanDeal, LeanPayment
from .ledger import DOUBLING_GROUNDS, VIS_A_VIS, doubling_grounds
from .leanstake import balance, fed_or_quiet, must_stake, stakes
from .leanstake import held_amount as _amount
from .payments import POOL, Amount, Payment, share, whole
from .settlement import DealSettlement

__all__ = ["AMOUNT_OPTIONS", "LED", "POOL_OPTIONS", "REPRICED", "balance", "pool_moves",
           "repooled", "repriced_moves", "repriced_nets", "restaked_nets", "same_stakes", "stakes"]

# The options only the stakes read: a reading that changes no other option a
# deal read settles it as its own settlement, staked otherwise.
POOL_OPTIONS = frozenset({"stake_player", "stake_dealer", "restake"})
# The options that change only the amounts of the payments a plain deal makes
# (DOUBLE-1, DOUBLE-2, DOUBLE-3, PARTIE-1, PARTIE-5), never which it makes.
AMOUNT_OPTIONS = frozenset({"vis_a_vis_double", "late_tricks_double", "partie_vis_a_vis_double",
                            "partie_diamond_ace", "partie_quinola", "partie_bonus"})
# A deal whose reading changes no other option it read is its own settlement repriced
# (and ``led_aces_pay_winner`` turned off: its payments to the partie's winner unpaid).
REPRICED = POOL_OPTIONS | AMOUNT_OPTIONS
LED = "led_aces_pay_winner"

_new = tuple.__new__


def _remise(p: LeanPayment) -> str | None:
    """A remise's ``remise`` option (POOL-3), its last param (None: not there)."""
    params = cast(tuple, p[6])  # a lean payment's params are their items
    return params[-1][1] if params and params[-1][0] == "remise" else None


def repooled(deal: LeanDeal, own: Profile, profile: Profile, pool_before: Amount,
             previous: DealSettlement | LeanDeal | None, session_start: Amount | None
             ) -> LeanDeal | None:
    """What :func:`~.lean.settle_plain` makes of ``deal``'s deal under ``profile``
    from ``pool_before`` after ``previous``, given ``deal``, its settlement under
    ``own``, and that the two profiles differ in no option that settlement read
    but :data:`REPRICED`'s; None: settle it (the module's docstring)."""
    payments = deal.payments
    amounts, unpaid, full, _ = _between(own, profile)
    if fastpaths.REFERENCE or full == 0:
        return None
    layout = _layout(deal)
    if layout is None:
        return None
    first, end, last, fines = layout
    middle, remises, takings = payments[first:end], payments[end:last], payments[last:fines]
    cancelled, value = deal.cancelled, deal.partie_value
    if amounts:
        if _forfeited(deal):
            return None
        value = partie_worth(deal.partie_cards, profile.options)
        priced, unmade = _repriced(deal, middle, profile.options, value), \
            _repriced(deal, cancelled, profile.options, value)
        if priced is None or unmade is None:
            return None
        middle, cancelled = priced, unmade
    if unpaid is not None:
        if unpaid is False or _forfeited(deal):
            return None  # the dues it would pay were never worked out: settle it
        middle = tuple([p for p in middle if p[3] not in _TO_WINNER])  # ACE-3, QUIN-3 unpaid
    pool_before = whole(pool_before)
    staked, start = stakes(profile, pool_before, previous, session_start, deal.dealer,
                           deal.names)
    if start == 0:
        return None
    ordered = [*staked, *middle]
    ordered += [_new(Payment, (p[0], p[1], _amount(start if _remise(p) == "pool" else full),
                               *p[3:])) for p in remises]
    ordered += [_new(Payment, (p[0], p[1], _amount(start), *p[3:])) for p in takings]
    ordered += payments[fines:]  # IRR-6: its fines, fixed, listed last
    if amounts and 0 in [p[2] for p in ordered]:  # a partie worth nothing (``lean._freeze``)
        ordered = [p for p in ordered if p[2] != 0]
    nets, pool_after = balance(deal.names, ordered, pool_before, deal.number)
    (number, names, dealer, cards, outcome, won, points, _, winners, losers, esp, *_,
     maker, undertaker, breaker) = deal  # made as ``deal._replace`` would, at less cost
    return _new(LeanDeal, (number, names, dealer, cards, outcome, won, points, value, winners,
                           losers, esp, tuple(ordered), cancelled, pool_before, pool_after, nets,
                           maker, undertaker, breaker))


def _layout(deal: LeanDeal) -> tuple[int, int, int, int] | None:
    """Where ``deal``'s stakes end, its remises, its takings and its fines for a
    discard out of turn (IRR-6: 5 into the pool each, whatever the pool, listed
    last) begin (its own payments between the stakes and the remises); None
    where :func:`repooled` gives up on its payments (the module's docstring)."""
    payments = deal.payments
    first = 0  # the stakes, then the deal's own payments, the remises, the takings
    while first < len(payments) and payments[first][3] == "POOL-1":
        first += 1
    fines = len(payments)
    while fines > first and payments[fines - 1][3] == "IRR-6" \
            and payments[fines - 1][1] == POOL:
        fines -= 1
    last = fines
    while last > first and payments[last - 1][0] == POOL:
        last -= 1
    end = last
    while end > first and payments[end - 1][1] == POOL:
        end -= 1
    was = deal.pool_before + sum([p[2] for p in payments[:first]])
    if was == 0 or fines - last > 1 \
            or any([POOL in (p[0], p[1]) for p in payments[first:end]]) \
            or any([_remise(p) is None for p in payments[end:last]]) \
            or (deal.cancelled and any([p[0] == POOL for p in deal.cancelled])):
        return None  # (a pool taking forfeited, IRR-4: its amount was the pool's)
    return first, end, last, fines


def restaked_nets(deal: LeanDeal, own: Profile, profile: Profile, pool_before: Amount,
                  previous: DealSettlement | LeanDeal | None, session_start: Amount | None
                  ) -> tuple[list[Amount], Amount, bool] | None:
    """Each seat's net and the pool after of what :func:`repooled` makes of
    ``deal``, and whether it was staked (:func:`restaked_moves`)."""
    found = restaked_moves(deal, own, profile, pool_before, previous, session_start)
    if found is None:
        return None
    moves, pool_after, staked = found
    return [net + move for net, move in zip(deal.net, moves, strict=True)], pool_after, staked


def restaked_moves(deal: LeanDeal, own: Profile, profile: Profile, pool_before: Amount,
                   previous: DealSettlement | LeanDeal | None, session_start: Amount | None
                   ) -> tuple[list[Amount], Amount, bool] | None:
    """What :func:`repooled` makes of ``deal`` adds to each seat's own net, and
    the pool after, without making the settlement: its own nets less its own
    stakes, remises and takings (:func:`_core`), plus those staked from
    ``pool_before`` after ``previous``; where the readings differ in amounts
    too, its payments between players priced again first
    (:func:`repriced_moves`, whose pool part is its own).  The same values as
    :func:`repooled`'s (ints or Fractions, not made whole), and whether it was
    staked (POOL-1: what :func:`pool_moves` needs); None where it gives up
    (and, pricing amounts again, where the deal has a payment cancelled or one
    it would not price again)."""
    amounts, unpaid, full, below = _between(own, profile)
    if fastpaths.REFERENCE or full == 0 or unpaid is False:
        return None
    core = _core(deal)
    if core is None:
        return None
    _, remises, taker, shaped, _, fined, back = core
    moves = list(back)  # its own stakes, remises and takings given back
    if amounts or unpaid:
        if not shaped or deal.cancelled:
            return None
        priced = repriced_moves(deal, own.options, profile.options)
        if priced is None:
            return None
        moves = [move + change for move, change in zip(moves, priced, strict=True)]
    start: Amount = pool_before
    if previous is None:
        staked = must_stake(profile, pool_before, previous, session_start)
    elif below:  # (``must_stake``: one full staking is ``full`` here)
        staked = pool_before == 0 or pool_before < full
    else:
        staked = fed_or_quiet(previous)
    if staked:  # POOL-1: each player's stake, the dealer's own
        player, house = profile.options.stake_player, profile.options.stake_dealer
        moves = [move - player for move in moves]
        moves[deal.dealer] += player - house
        start += full
    if start == 0:
        return None
    pool_after: Amount = start
    for seat, of_pool in remises:
        amount = start if of_pool else full
        moves[seat] -= amount
        pool_after += amount
    if taker is not None:
        moves[taker] += start
        pool_after -= start
    return moves, pool_after + fined, staked  # (its fines, IRR-6, in its own nets)


def pool_moves(deal: LeanDeal, profile: Profile, staked: bool) -> tuple[tuple[str, str, str], ...]:
    """Who paid the pool and who took from it, and by which rule, in what
    :func:`repooled` makes of ``deal`` under ``profile`` (staked or not, as
    :func:`restaked_nets` found it), as ``club.resettle.state_of`` reads a
    deal before: its stakes (each seat's that is not 0), then its own remises,
    takings and fines (IRR-6; their amounts never 0 where it does not give up).  What the
    next deal is settled in, without the settlement made."""
    core = _core(deal)
    assert core is not None, "a deal restaked_nets gave the nets of"
    if not staked:
        return core[4]
    options, names, dealer = profile.options, deal.names, deal.dealer
    return tuple([(names[seat], POOL, "POOL-1") for seat in range(4)
                  if (options.stake_dealer if seat == dealer else options.stake_player)]) \
        + core[4]


# A deal's own settlement without its part of the pool, by the deal (kept with it):
# its nets less its stakes, remises and takings; each remise's seat and whether it is
# the pool's amount (else one full staking); the seat taking the pool (None: none);
# whether each of its doubled payments says its factor last (``_repriced`` prices it);
# its remises', takings' and fines' moves of the pool (payer, payee, rule:
# ``pool_moves``); its fines for a discard out of turn (IRR-6), kept in its nets; and
# what its nets less its stakes, remises and takings add to each seat's net.
_CORES: dict[int, tuple[LeanDeal, tuple | None]] = {}


def _core(deal: LeanDeal) -> tuple[tuple[Amount, ...], tuple[tuple[int, bool], ...],
                                   int | None, bool, tuple[tuple[str, str, str], ...],
                                   Amount, tuple[Amount, ...]] | None:
    seen = _CORES.get(id(deal))
    if seen is not None and seen[0] is deal:
        return seen[1]
    layout, core = _layout(deal), None
    if layout is not None:
        first, end, last, fines = layout
        payments, index = deal.payments, deal.names.index
        nets: list[Amount] = list(deal.net)
        for p in payments[:first]:  # its own stakes, remises and takings taken back
            nets[index(p[0])] += p[2]
        for p in payments[end:last]:
            nets[index(p[0])] += p[2]
        for p in payments[last:fines]:
            nets[index(p[1])] -= p[2]
        core = (tuple(nets), tuple([(index(p[0]), _remise(p) == "pool")
                                    for p in payments[end:last]]),
                index(payments[last][1]) if last < fines else None,
                all([_factored(p) for p in payments[first:end]]),
                tuple([(p[0], p[1], p[3]) for p in payments[end:]]),
                sum([p[2] for p in payments[fines:]]),
                tuple([net - was for net, was in zip(nets, deal.net, strict=True)]))
    if len(_CORES) >= 4096:
        _CORES.clear()
    _CORES[id(deal)] = (deal, core)
    return core


# What two readings' options make of a deal repooled, by the readings (their options
# kept with it): whether amounts differ, the led aces' dues unpaid (True), never
# worked out (False) or as they were (None), one full staking (0 for either: 0), and
# whether the reading restakes below the initial pool (``restake``).
_BETWEEN: dict[tuple[int, int], tuple[RuleOptions, RuleOptions, tuple]] = {}


def _between(own: Profile, profile: Profile) -> tuple[bool, bool | None, int, bool]:
    key = (id(own.options), id(profile.options))
    seen = _BETWEEN.get(key)
    if seen is not None and seen[0] is own.options and seen[1] is profile.options:
        return seen[2]
    led = own.options.led_aces_pay_winner, profile.options.led_aces_pay_winner
    full = 0 if own.full_staking == 0 else profile.full_staking
    found = (_amounts_differ(own.options, profile.options),
             None if led[0] == led[1] else not led[1], full,
             profile.options.restake == "below_initial")
    if len(_BETWEEN) >= 64:
        _BETWEEN.clear()
    _BETWEEN[key] = (own.options, profile.options, found)
    return found


# Whether two readings' options double otherwise (DOUBLE-1, DOUBLE-2) and value the
# partie otherwise (PARTIE-1, PARTIE-5), by the options (kept with it).
_CHANGES: dict[tuple[int, int], tuple[RuleOptions, RuleOptions, tuple[bool, bool]]] = {}
_DOUBLINGS = ("vis_a_vis_double", "late_tricks_double")
_PARTIE = ("partie_vis_a_vis_double", "partie_diamond_ace", "partie_quinola", "partie_bonus")


def _changes(own: RuleOptions, other: RuleOptions) -> tuple[bool, bool]:
    seen = _CHANGES.get((id(own), id(other)))
    if seen is not None and seen[0] is own and seen[1] is other:
        return seen[2]
    found = (any([getattr(own, name) != getattr(other, name) for name in _DOUBLINGS]),
             any([getattr(own, name) != getattr(other, name) for name in _PARTIE]))
    if len(_CHANGES) >= 64:
        _CHANGES.clear()
    _CHANGES[id(own), id(other)] = (own, other, found)
    return found


def _forfeited(deal: LeanDeal) -> bool:
    """Whether a payment of ``deal`` was forfeited (IRR-4, CLAIM-1: listed in
    ``cancelled`` under another rule than an in-play one's, or to or from the pool)."""
    return bool(deal.cancelled) and any([p[3] not in _IN_PLAY or POOL in (p[0], p[1])
                                         or p[7][-1] in ("IRR-4", "CLAIM-1")
                                         for p in deal.cancelled])


def _amounts_differ(own: RuleOptions, other: RuleOptions) -> bool:
    return any([getattr(own, name) != getattr(other, name) for name in AMOUNT_OPTIONS])


def same_stakes(own: RuleOptions, other: RuleOptions) -> bool:
    """Whether two readings stake alike (:data:`POOL_OPTIONS`)."""
    return all([getattr(own, name) == getattr(other, name) for name in POOL_OPTIONS])


def repriced_nets(deal: LeanDeal, own: RuleOptions, options: RuleOptions
                  ) -> tuple[Amount, ...] | None:
    """Each seat's net of ``deal`` settled again from its own pool and deal before
    under ``options``, which stake as its own settlement's did and differ from
    ``own`` (its own settlement's) in no option it read but :data:`AMOUNT_OPTIONS`
    and ``led_aces_pay_winner`` turned off: its nets with each payment between
    players priced again (as :func:`repooled` prices it); the stakes, remises and
    takings, and so the pool after, are its own. None where :func:`repooled` gives
    up, but for a payment forfeited (IRR-4, CLAIM-1): which payments are forfeited
    is told by their payees, rules and tricks, never by their amounts, and a
    payment forfeited is in no net (:func:`repriced_moves`: the change alone)."""
    moves = repriced_moves(deal, own, options)
    return None if moves is None else tuple([net + move for net, move
                                              in zip(deal.net, moves, strict=True)])


def repriced_moves(deal: LeanDeal, own: RuleOptions, options: RuleOptions
                   ) -> list[Amount] | None:
    """What :func:`repriced_nets` adds to each seat's own net (each payment's
    change, summed: the same exact values); None where it gives up."""
    if fastpaths.REFERENCE:
        return None
    unpaid = own.led_aces_pay_winner != options.led_aces_pay_winner
    if unpaid and options.led_aces_pay_winner:
        return None  # the dues it would pay were never worked out: settle it
    form = _pricing(deal)
    if form is None:
        return None  # (``_pricing``: a partie that paid nothing, an espagnolette's refund)
    doubled, partie = _changes(own, options)
    parties, dues, played = form
    nets: list[Amount] = [0] * len(deal.net)
    if partie and parties:  # PARTIE-4: a loser's share (``_partie_payment``'s) priced again
        value = partie_worth(deal.partie_cards, options)
        each = share(value, len(deal.winners) * len(deal.losers))
        for payer, payee, was in parties:
            change = _partie_amount(payer, payee, options, each) - was
            if change:
                nets[payer] -= change
                nets[payee] += change
    for payer, payee, was, *_ in dues if unpaid else ():  # ACE-3, QUIN-3: no longer owed
        nets[payer] += was
        nets[payee] -= was
    if doubled:  # DOUBLE-1, DOUBLE-2 (``ledger.doubling_grounds``), each payment's factor again
        facing, late = options.vis_a_vis_double, options.late_tricks_double
        for group in (played,) if unpaid else (dues, played):
            for payer, payee, was, factor, trick, opposite in group:
                now = (4 if opposite and facing else 2) >> (trick not in late)
                if factor is None:
                    return None
                if now == factor:
                    continue  # doubled as it was
                amount = was * now
                amount = amount // factor if type(amount) is int and amount % factor == 0 \
                    else whole(Fraction(amount) / factor)
                change = amount - was
                if change:
                    nets[payer] -= change
                    nets[payee] += change
    return nets


# A deal's payments between players as :func:`repriced_moves` prices them, by the deal
# (kept with it): the partie's (PARTIE-4: seats, amount), those to the partie's winner
# (ACE-3, QUIN-3) and in play (seats, amount, factor, trick, whether they sit opposite);
# None: an espagnolette's refund (ESP-5), or a partie that paid nothing, whatever the options.
_PRICED: dict[int, tuple[LeanDeal, tuple | None]] = {}


def _pricing(deal: LeanDeal) -> tuple | None:
    seen = _PRICED.get(id(deal))
    if seen is not None and seen[0] is deal:
        return seen[1]
    index = deal.names.index
    parties: list[tuple] = []
    dues: list[tuple] = []
    played: list[tuple] = []
    form: tuple | None = (parties, dues, played)
    if deal.outcome is Outcome.NORMAL and deal.winners and deal.losers \
            and deal.partie_value == 0:
        form = None  # its own partie paid nothing: its payments were dropped
    for p in deal.payments if form is not None else ():
        payer, payee, rule = p[0], p[1], p[3]
        if payer == POOL or payee == POOL or rule in _KEPT:
            continue  # the pool's part is its own; no option prices these
        if rule == "PARTIE-4":
            parties.append((index(payer), index(payee), p[2]))
            continue
        if rule not in _IN_PLAY and rule not in _TO_WINNER:
            form = None
            break
        params = cast(tuple, p[6])
        factor = None  # (none said: priced only by a reading that doubles alike)
        if len(params) > 1 or params and params[-1][0] != "doubled_for":
            factor = params[-2][1] if params[-1][0] == "doubled_for" else params[-1][1]
        a, b = index(payer), index(payee)
        (dues if rule in _TO_WINNER else played).append((a, b, p[2], factor, p[4],
                                                         vis_a_vis(a, b)))
    if len(_PRICED) >= 4096:
        _PRICED.clear()
    _PRICED[id(deal)] = (deal, form)
    return form


def _factored(p: LeanPayment) -> bool:
    """Whether ``_repriced`` would price ``p`` again, as far as its params tell: a
    payment doubled or not (in play, to the partie's winner) says its factor last."""
    if p[3] not in _IN_PLAY and p[3] not in _TO_WINNER:
        return True
    params = cast(tuple, p[6])
    if params and params[-1][0] == "doubled_for":
        params = params[:-1]
    return bool(params) and params[-1][0] == "factor"


def partie_worth(cards: Iterable[Card], options: RuleOptions) -> Amount:
    """PARTIE-1 on the lean road (``partie.partie_total`` the clear one): the
    partie's ``cards`` valued under ``options``, with its bonus."""
    value = options.partie_bonus
    for card in cards:
        value += (options.partie_diamond_ace if card is ACE_OF_DIAMONDS
                  else options.partie_quinola if card is QUINOLA else card.points)
    return value


_IN_PLAY = frozenset({"ACE-1", "ACE-2", "QUIN-1", "QUIN-2", "ESP-9"})  # ``_Lean._in_play``
_TO_WINNER = frozenset({"ACE-3", "QUIN-3"})  # ``_Lean._winner_dues``
_KEPT = frozenset({"REV-1", "REV-3", "ESP-6", "ESP-7"})  # no option prices them


def _repriced(deal: LeanDeal, made: tuple[LeanPayment, ...], options: RuleOptions,
              value: Amount) -> tuple[LeanPayment, ...] | None:
    """The payments ``made`` between the players of ``deal`` (none to or from
    the pool), each priced as the lean settlement prices it under ``options``
    with the partie worth ``value``; None: one it cannot price again."""
    names = deal.names
    if deal.outcome is Outcome.NORMAL and deal.winners and deal.losers and deal.partie_value == 0:
        return None  # its own partie paid nothing: its payments were dropped
    seat = {name: n for n, name in enumerate(names)}
    out: list[LeanPayment] = []
    for p in made:
        rule, params = p[3], cast(tuple, p[6])
        if rule in _KEPT:
            out.append(p)
            continue
        if rule == "PARTIE-4":
            out.append(_partie_payment(deal, seat[p[0]], seat[p[1]], options, value))
            continue
        if rule not in _IN_PLAY and rule not in _TO_WINNER:
            return None  # an espagnolette's refund (ESP-5), priced from other payments
        grounds = doubling_grounds(options, seat[p[0]], seat[p[1]], cast(int, p[4]))
        if params[-1][0] == "doubled_for":
            params = params[:-1]
        was, factor = params[-1][1], 2 ** len(grounds)
        if params[-1][0] != "factor":
            return None
        amount = p[2] * factor
        amount = amount // was if type(amount) is int and amount % was == 0 \
            else whole(Fraction(amount) / was)
        params = params[:-1] + ((("factor", factor), ("doubled_for", grounds)) if grounds
                                else (("factor", factor),))
        if rule in _IN_PLAY:
            rules = (rule, *[DOUBLING_GROUNDS[g] for g in grounds]) if grounds else (rule,)
        else:
            rules = (rule, "DOUBLE-3") if grounds else (rule,)
        out.append(_new(Payment, (p[0], p[1], amount, rule, p[4], p[5], params, rules)))
    return tuple(out)


def _doubled_partie(loser: int, winner: int, options: RuleOptions) -> bool:
    """PARTIE-5: the partie paid double between players sitting opposite."""
    return vis_a_vis(loser, winner) and bool(options.partie_vis_a_vis_double)


def _partie_amount(loser: int, winner: int, options: RuleOptions, each: Amount) -> Amount:
    """The amount of :func:`_partie_payment` (``each`` a loser's share of the
    partie), its payment not made: what :func:`repriced_nets` keeps of it."""
    return _amount(each * 2) if _doubled_partie(loser, winner, options) else _amount(each)


def _partie_payment(deal: LeanDeal, loser: int, winner: int, options: RuleOptions,
                    value: Amount) -> LeanPayment:
    """PARTIE-4, PARTIE-5 (``lean._Lean._partie``): what ``loser`` pays ``winner``."""
    names, each = deal.names, share(value, len(deal.winners) * len(deal.losers))
    points = ("points", deal.points[loser])
    if _doubled_partie(loser, winner, options):
        return _new(Payment, (names[loser], names[winner], _amount(each * 2), "PARTIE-4", None,
                              ReasonCode.PARTIE_LOST_VIS_A_VIS,
                              (points, ("factor", 2), ("doubled_for", (VIS_A_VIS,))),
                              ("PARTIE-4", "PARTIE-5")))
    return _new(Payment, (names[loser], names[winner], _amount(each), "PARTIE-4", None,
                          ReasonCode.PARTIE_LOST, (points, ("factor", 1)), ("PARTIE-4",)))
