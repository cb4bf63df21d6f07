"""A session's deals settled again under another reading, lean: the fast path
(a *twin*) of ``stats --compare``'s re-settlements (docs/contributing.md,
"Fast paths"; issue 35).

The reference (:func:`~.compare._other_nets` over
:meth:`~..sheet.infer_search.Search.reading`) settles each deal a reading
must settle through the full engine, with its reasoning, and makes a scored
deal of it; all ``stats --compare`` keeps of it is each party's net.  Here the
same deals are settled in the same order from the same state, a plain deal on
ints (:meth:`~..settle.SessionSettler.settle_lean`, which gives up to the
engine on any deal or option it does not handle), and only the nets are
worked out.  What a deal keeps, what comes out otherwise and what the pool
ends at follow the reference step by step; tests/test_compare_lean.py holds
the two to the same output bytes.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from fractions import Fraction
from typing import cast

from ..rules import Profile
from ..session.service import ScoredDeal, Session
from ..settle import DealSettlement, DealStatus, SessionSettler
from ..settle.lean import plain_facts
from ..settle.leanpool import (LED, pool_moves, repooled, repriced_moves, restaked_moves,
                               same_stakes)
from ..settle.leandeal import LeanDeal
from ..cards import ACE_OF_DIAMONDS, PACK, QUINOLA
from ..settle.ledger import doubling_grounds
from ..settle.payments import POOL, Amount, share, whole

__all__ = ["Net", "lean_reading", "raw_net", "state_of", "signature_of", "summed_apart"]

Net = dict[str, Fraction]  # a party (a player's name or POOL) -> fiches


def signature_of(settlement: DealSettlement | LeanDeal | None):
    """What ``Search`` compares of a settlement (``infer_search._signature``):
    its status, payments and the pool after; a lean deal is a deal played."""
    if settlement is None:
        return None
    status = DealStatus.PLAYED if isinstance(settlement, LeanDeal) else settlement.status
    payments = tuple((p.payer, p.payee, p.amount, p.rule, p.trick) for p in settlement.payments)
    return status, payments, settlement.pool_after


def state_of(pool, previous: DealSettlement | LeanDeal | None):
    """The session state a deal is settled in (``infer_search._state``)."""
    if previous is None:
        return pool, None
    return pool, tuple((p.payer, p.payee, p.rule) for p in previous.payments
                       if POOL in (p.payer, p.payee))


def raw_net(settlement: DealSettlement | LeanDeal, pool_before) -> dict:
    """A deal's nets as the settlement holds them (ints, a Fraction where a
    share is one): each player's, and the pool's gain as :func:`~.compare._nets`
    counts it."""
    net: dict
    if isinstance(settlement, LeanDeal):
        net = dict(zip(settlement.names, settlement.net, strict=True))
    else:
        net = dict(settlement.net)
    net[POOL] = settlement.pool_after - pool_before
    return net


def lean_reading(session: Session, scored: Sequence[ScoredDeal], states: Sequence,
                 reading: tuple[Profile, frozenset[int] | None, frozenset[int]],
                 own: Net, own_deals: Sequence[dict | None], numbers: Sequence[int],
                 pool_start, facts: list, plan: tuple[Sequence[bool], Amount]
                 ) -> tuple[Net, tuple[int, ...]]:
    """Each party's net over ``session`` under a reading and the numbers of
    the deals whose nets it changes, as the reference finds them: ``scored``
    the deals under the session's own profile (``states`` and ``own_deals``,
    by :func:`raw_net`, theirs, ``own`` their total); ``reading`` its profile,
    the deal indexes a changed option may reach (None: every deal) and those
    whose own settlement it changes in the stakes alone (``restaked``:
    settle/leanpool.py); ``facts`` each deal's
    :func:`~..settle.lean.plain_facts` once worked out (None: not yet; False:
    not a plain deal), shared by the readings; ``plan``: whether each deal is
    settled at all, and the pool the own reading ends with.  The differences
    are summed as the settlements hold them (:func:`summed_apart`)."""
    profile, must, restake = reading
    delta = {name: 0 for name in own if name != POOL}  # the ints summed apart (``summed_apart``)
    parts: list = []  # the Fractions: a share (PARTIE-6), a split tie
    changed: list[int] = []
    sums = (delta, parts, changed)
    pool_end = pool_start
    settler = SessionSettler(profile, session.players, session.pool_start.amount,
                             session.pool_start.given)
    # a deal in step whose reading changes only amounts of what it read: its nets repriced
    amounts = session.profile is not None and same_stakes(session.profile.options,
                                                         profile.options)
    priced = _priced_as(session.profile, profile)  # what a deal of ``restake`` is priced under
    turned_on = priced is not profile  # led_aces_pay_winner: each deal's dues added (``_dues``)
    live, own_end = plan
    order = sorted(must) if must is not None else None  # in step: only these are settled
    in_step, index, count = True, 0, len(scored)
    pending = None  # a deal whose nets alone were worked out (``_restaked``)
    while index < count:
        if in_step and order is not None:  # the deals up to the next one it must settle kept
            at = bisect_left(order, index)
            if at == len(order):
                pool_end = own_end  # every deal after kept as it was: the pool as it left it
                break
            index = order[at]
        base = scored[index]
        if not live[index]:  # never settled
            index += 1
            continue
        owed = None
        if turned_on and index in restake:  # what it owes the partie's winner (None: settle it)
            owed = _dues(base, facts, index, profile)
            if owed is None:
                restake = restake - {index}
        if in_step:
            if amounts and index in restake:  # its own pool and stakes: still in step
                moves = _repriced(base, session.profile, priced, owed)
                if moves is not None:
                    pool_end = base.lean.pool_after  # type: ignore[union-attr]
                    if any(moves):
                        _moved(sums, numbers[index], base.lean.names, moves)  # type: ignore
                    index += 1
                    continue
            settler.pool, settler.last_played = base.pool_before, base.previous
            pending = None
        after = states[index + 1]  # the pool first: most often it tells
        quick = _restaked(settler, base, index in restake, session.profile, priced, owed)
        if quick is not None:  # its nets alone: the state worked out if it is read
            moves, pending = quick
            if any(moves) or settler.pool != pending[0].pool_after:
                _moved(sums, numbers[index], pending[0].names, moves)
        else:
            now, pending = _next(settler, base, (index in restake, priced, owed),
                                 session.profile, facts, index)
            # (a settlement with the own one's payments and pool has its nets: the
            # reference keeps the own one then, to the same effect)
            was = own_deals[index]
            if was != now:
                changed.append(numbers[index])
                summed_apart(delta, parts, now, was or {})
        pool_end = settler.pool  # (the settlement's pool after, or its nets' alone)
        in_step = after is not None and settler.pool == after[0] \
            and _moves(settler, pending, priced) == after[1]
        index += 1
    return _total(own, sums, pool_end, pool_start), tuple(changed)


def _total(own: Net, sums: tuple[dict, list, list[int]], pool_end, pool_start) -> Net:
    """Each party's net over the session under the reading: its own, plus the
    changes summed (the Fractions apart, added last), the pool's from its end."""
    delta, parts, _ = sums
    for name, amount in parts:
        delta[name] += amount
    total = {name: own[name] + Fraction(delta[name]) if name in delta else own[name]
             for name in own}
    total[POOL] = Fraction(pool_end) - Fraction(pool_start)
    return total


def _next(settler: SessionSettler, base: ScoredDeal,
          restake: tuple[bool, Profile, list | None], own: Profile | None, facts: list,
          index: int) -> tuple[dict, Pending | None]:
    """The nets of ``base``'s deal settled next by ``settler`` (moved on), as
    :func:`raw_net` holds them, and, where only its nets were worked out, what
    the next deal's state is worked out from (:data:`Pending`; None: settled).  ``restake``: whether
    the reading restakes it, under which profile (:func:`_priced_as`), and the
    dues it owes the partie's winner besides (:func:`_dues`)."""
    again, priced, owed = restake
    carried = _carried(settler, base) if again and base.lean is None else None
    if carried is not None:
        return carried, None
    # (a deal owing dues is settled: its own one restaked would leave them out)
    settlement = _settled(settler, base, (again and not owed, priced), own, facts, index)
    return raw_net(settlement, base.pool_before), None


def _carried(settler: SessionSettler, base: ScoredDeal) -> dict | None:
    """The nets (as :func:`raw_net` holds them) of ``base``'s void deal (IRR-0: a
    misdeal, an exposed card) settled next by ``settler``, the settler moved on;
    None: not such a deal.  A void deal stakes nothing and pays only its
    penalties, fixed amounts into the pool (``irregular.void_deal``, IRR-2,
    IRR-3, IRR-6), whatever the pool and the deal played before, which it leaves
    as the deal before the next (``SessionSettler.settle``): its own payments,
    and the pool moved on by them.  Asked only of a deal of the reading's
    ``restake`` set (the watch saw it read none of the options that differ: a
    void deal reads none)."""
    if base.lean is not None:  # (a lean deal's settlement is made when asked: not asked)
        return None
    own = base.settlement
    if own is None or own.status is not DealStatus.VOID or own.cancelled \
            or any([p.payee != POOL for p in own.payments]):
        return None
    now: dict = dict(own.net)
    settler.pool = whole(settler.pool + (own.pool_after - own.pool_before))
    now[POOL] = settler.pool - base.pool_before
    return now


def _moves(settler: SessionSettler, pending: Pending | None, priced: Profile) -> tuple | None:
    """What the next deal reads of the deal ``settler`` settled last (who fed the
    pool or took from it, by which rule: :func:`state_of`); of one whose nets
    alone were worked out (``pending``), worked out without its settlement
    (``leanpool.pool_moves``: its stakes under ``priced``, its own remises and takings)."""
    if pending is None:
        return state_of(settler.pool, settler.last_played)[1]
    return pool_moves(pending[0], priced, pending[1])


def summed_apart(delta: dict, parts: list, now: dict, was: dict) -> None:
    """Each player's change from ``was`` to ``now`` added to ``delta``: an int
    there, a Fraction kept in ``parts`` and added at the end.  Once a Fraction
    is in a sum, every int added to it is a Fraction's addition: in a season
    of split ties, most of a reading's work.  The same exact sums."""
    for name in delta:
        change = now.get(name, 0) - was.get(name, 0)
        if type(change) is int:
            delta[name] += change
        else:
            parts.append((name, change))


def _dues(base: ScoredDeal, facts: list, index: int, profile: Profile
          ) -> list[tuple[str, str, Amount]] | None:
    """ACE-3, QUIN-3 (``lean._Lean._winner_dues``): what the deal of ``base``,
    settled with ``led_aces_pay_winner`` off, would have its led or played aces
    and quinola pay the partie's winners were it on, under ``profile``: each
    (payer's seat, payee's seat, amount); None where it gives up (not a plain
    deal, an espagnolette).  A card owes them where it fell neither placed nor
    forced: an ace for which the deal made no ACE-1 or ACE-2 payment, the
    quinola with a remise of QUIN-3.  A deal without winners (a reversis) owes
    nothing."""
    lean = base.lean
    if not isinstance(lean, LeanDeal):
        return None
    winners = lean.winners
    if not winners:
        return []  # no partie paid (a reversis): nothing owed to its winner
    if lean.espagnolette is not None or lean.cancelled:
        return None
    fact = facts[index]
    if fact is None:
        replayed = base.checked.replayed
        assert replayed is not None, "a settleable deal"
        fact = facts[index] = plain_facts(replayed) or False
    if not fact:
        return None
    payments, options, names, owed = lean.payments, profile.options, lean.names, []
    for number, _leader, _taker, seat, card_index in fact[2]:
        card = PACK[card_index]
        if card is QUINOLA:
            if not any([p[3] == "QUIN-3" and p[4] == number for p in payments]):
                continue
            value = 10
        elif any([p[3] in _PAID and p[4] == number and ("card", card) in cast(tuple, p[6])
                  for p in payments]):
            continue
        else:
            value = 2 if card is ACE_OF_DIAMONDS else 1
        each = share(value, len(winners))
        for winner in winners:
            if winner != seat:
                amount = each * 2 ** len(doubling_grounds(options, seat, winner, number))
                owed.append((names[seat], names[winner], amount if type(amount) is int
                             else whole(Fraction(amount))))
    return owed


_PAID = ("ACE-1", "ACE-2")  # an ace placed or forced: it owes the partie's winner nothing


def _pay(now: dict, owed: list[tuple[str, str, Amount]]) -> None:
    """The dues ``owed`` paid in the nets ``now``."""
    for payer, payee, amount in owed:
        now[payer] -= amount
        now[payee] += amount


def _priced_as(own: Profile | None, profile: Profile) -> Profile:
    """The reading a deal of its ``restake`` set is staked and priced again under:
    ``profile`` itself, or, where it turns ``led_aces_pay_winner`` on, ``profile``
    with the own value of that option (the watch puts in the set the deals that
    read it too, club/watch.py ``settle_plan``).  The option changes nothing but
    the dues to the partie's winner (ACE-3, QUIN-3): a deal's own settlement
    staked and priced again under the stand-in (settle/leanpool.py), plus the
    dues it owes (:func:`_dues`; none for a deal that never read it), is the
    deal under the reading, worked out instead of settled whole."""
    if own is None or not profile.options.led_aces_pay_winner \
            or own.options.led_aces_pay_winner:
        return profile
    return profile.with_overrides({LED: own.options.led_aces_pay_winner})


def _repriced(base: ScoredDeal, own: Profile | None, profile: Profile,
              owed: list[tuple[str, str, Amount]] | None) -> list[Amount] | None:
    """What settling ``base``'s deal again from its own state under ``profile``,
    which stakes as its own and changes only amounts of what it read
    (:func:`~..settle.leanpool.repriced_moves`), adds to each seat's net, the
    dues ``owed`` to the partie's winner (:func:`_dues`) paid; None: settle it.
    Its pool after is its own."""
    lean = base.lean
    if not isinstance(lean, LeanDeal):
        return None
    assert own is not None, "a session settled lean has a profile"
    moves = repriced_moves(lean, own.options, profile.options)
    if moves is not None and owed:
        seat = lean.names.index
        for payer, payee, amount in owed:
            moves[seat(payer)] -= amount
            moves[seat(payee)] += amount
    return moves


def _moved(sums: tuple[dict, list, list[int]], number: int, names: tuple[str, ...],
           moves: list[Amount]) -> None:
    """The deal ``number`` changed, each seat's change ``moves`` added to the
    reading's sums as :func:`summed_apart` adds them."""
    delta, parts, changed = sums
    changed.append(number)
    for name, move in zip(names, moves, strict=True):
        if type(move) is int:
            delta[name] += move
        else:
            parts.append((name, move))


def _settled(settler: SessionSettler, base: ScoredDeal, restake: tuple[bool, Profile],
             own: Profile | None, facts: list, index: int) -> DealSettlement | LeanDeal:
    """``base``'s deal settled next by ``settler``: its own lean settlement
    staked again (under ``restake``'s profile, :func:`_priced_as`) where that is
    all the reading changes, else settled lean (from its facts, worked out once)."""
    if restake[0] and isinstance(base.lean, LeanDeal) and own is not None:
        again = repooled(base.lean, own, restake[1], settler.pool, settler.last_played,
                         settler.session_start)
        if again is not None:
            settler.pool, settler.last_played = again.pool_after, again
            return again
    replayed = base.checked.replayed
    assert replayed is not None, "a settleable deal"
    fact = facts[index]
    if fact is None:
        fact = facts[index] = plain_facts(replayed) or False
    return settler.settle_lean(replayed, fact or None)


# A deal of a stake reading whose nets alone were worked out: its own lean
# settlement (standing in for the one staked otherwise) and whether it was staked.
Pending = tuple[LeanDeal, bool]


def _restaked(settler: SessionSettler, base: ScoredDeal, restake: bool, own: Profile | None,
              priced: Profile, owed: list[tuple[str, str, Amount]] | None
              ) -> tuple[list[Amount], Pending] | None:
    """What ``base``'s deal settled next by ``settler`` adds to each seat's own net
    where the reading changes its own settlement in the stakes alone
    (:func:`~..settle.leanpool.restaked_moves`), the dues ``owed`` to the partie's
    winner paid (:func:`_dues`), the settler moved on (its pool after: the deal's
    nets as :func:`raw_net` holds them change where a seat's does or the pool
    after differs from its own), and what the state of the next deal is worked
    out from (``leanpool.pool_moves``); None: settle it.  The deal played before
    the next is its own settlement, which stands in for the one staked otherwise:
    all any settlement reads of the deal before is whether its payments fed or
    took the pool (``pool.pool_was_fed``, ``pool_was_taken``;
    ``leanpool._must_stake``), and the two differ in the stakes alone (POOL-1),
    which that leaves out.  The stakes' payments are in the state a deal is
    settled in (:func:`state_of`): where that is compared, they are worked out,
    the settlement never made."""
    lean = base.lean
    if not restake or not isinstance(lean, LeanDeal) or own is None:
        return None
    previous = settler.last_played
    found = restaked_moves(lean, own, priced, settler.pool, previous, settler.session_start)
    if found is None:
        return None
    moves, pool_after, staked = found
    if owed:
        seat = lean.names.index
        for payer, payee, amount in owed:
            moves[seat(payer)] -= amount
            moves[seat(payee)] += amount
    settler.pool, settler.last_played = pool_after, lean
    return moves, (lean, staked)
