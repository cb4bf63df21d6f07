"""The pool's part of a plain deal settled on ints (settle/lean.py): the stakes
(POOL-1, POOL-2), the nets and the pool after, and a deal settled again from
another pool.

Of a plain deal's settlement only the stakes, the remises' and the takings'
amounts (one full staking, or the pool as staked: POOL-3, POOL-4) and the pool
after depend on the pool the deal starts from and on the deal before; the
rest is the replay's and the options'.  :func:`repooled` makes the settlement
of a deal again from another pool and deal before, and under options that
differ from its own settlement's in the stakes alone (``stake_player``,
``stake_dealer``, ``restake``), from that settlement: what
``stats --compare`` asks of most deals of a reading that moves the pool
(club/resettle.py).  It gives up (None: settle the deal) where its own
settlement may have dropped a payment of nothing (a pool of 0 staked, a full
staking of 0), where its payments are not in the order it expects (a fine of
IRR-6 among them), and where a pool taking was forfeited (IRR-4: it is listed
in ``cancelled`` at the pool's amount).
"""

from __future__ import annotations

from fractions import Fraction
from typing import cast

from .. import fastpaths
from ..rules import Profile
from .codes import ReasonCode
from .leandeal import LeanDeal, LeanPayment
from .payments import POOL, Amount, Payment, whole
from .settlement import DealSettlement

__all__ = ["POOL_OPTIONS", "balance", "repooled", "stakes"]

# The options only the stakes read: a reading that changes no other option a
# deal read settles it as its own settlement, staked otherwise.
POOL_OPTIONS = frozenset({"stake_player", "stake_dealer", "restake"})

_new = tuple.__new__


def stakes(profile: Profile, pool: Amount, previous: DealSettlement | LeanDeal | None,
           session_start: Amount | None, dealer: int, names: tuple[str, ...]
           ) -> tuple[list[LeanPayment], Amount]:
    """POOL-1, POOL-2 (``pool.must_stake``, ``pool.stake_pool``): the stakes of a
    deal starting from ``pool`` after ``previous``, and the pool as staked."""
    options = profile.options
    if previous is None:
        start = pool if session_start is None else session_start
        staked = pool == 0 or start == 0
    elif options.restake == "below_initial":
        staked = pool == 0 or pool < profile.full_staking
    else:
        payments = previous.payments
        staked = any([p.payer == POOL for p in payments]) or not any(
            [p.payee == POOL and p.rule != "POOL-1" for p in payments])
    total: Amount = 0
    made: list[LeanPayment] = []
    if staked:
        for seat in range(4):
            amount = options.stake_dealer if seat == dealer else options.stake_player
            total += amount
            if amount:
                made.append(_new(Payment, (
                    names[seat], POOL,
                    _amount(amount), "POOL-1",
                    None, ReasonCode.STAKE_DEALER if seat == dealer else ReasonCode.STAKE,
                    (), ("POOL-1",))))
    return made, pool + total


def balance(names: tuple[str, ...], ordered: list[LeanPayment], pool_before: Amount,
            number: int) -> tuple[tuple[Amount, ...], Amount]:
    """Each seat's net and the pool after the payments ``ordered``
    (``engine._moves``): ints, or whole Fractions where one is not an int."""
    net: dict[str, Amount] = dict.fromkeys(names, 0)
    net[POOL] = 0
    fractions = False
    for p in ordered:
        amount = p[2]
        net[p[0]] -= amount
        net[p[1]] += amount
        if type(amount) is not int:
            fractions = True
    pool_change = net.pop(POOL)
    nets = tuple(net.values())  # in the players' order (made so above)
    pool_after = pool_before + pool_change
    if fractions or type(pool_after) is not int:
        nets = tuple([whole(value) for value in nets])
        pool_change, pool_after = whole(pool_change), whole(pool_after)
    if sum(nets) + pool_change != 0:  # pragma: no cover - a bug, never bad input
        raise AssertionError(f"deal {number} does not balance")
    return nets, pool_after


def _amount(amount: Amount) -> Amount:
    """An amount as a lean payment holds it (``_Lean._payment``)."""
    return amount if type(amount) is int else whole(Fraction(amount))


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
    but :data:`POOL_OPTIONS`; None: settle it (the module's docstring)."""
    payments = deal.payments
    if fastpaths.REFERENCE or own.full_staking == 0 or profile.full_staking == 0:
        return None
    first = 0  # the stakes, then the deal's own payments, the remises, the takings
    while first < len(payments) and payments[first][3] == "POOL-1":
        first += 1
    last = len(payments)
    while last > first and payments[last - 1][0] == POOL:
        last -= 1
    takings = payments[last:]
    end = last
    while end > first and payments[end - 1][1] == POOL:
        end -= 1
    remises, middle = payments[end:last], payments[first:end]
    was = deal.pool_before + sum([p[2] for p in payments[:first]])
    if was == 0 or len(takings) > 1 or any([POOL in (p[0], p[1]) for p in middle]) \
            or any([_remise(p) is None for p in remises]) \
            or (deal.cancelled and any([p[0] == POOL for p in deal.cancelled])):
        return None  # (a pool taking forfeited, IRR-4: its amount was the pool's)
    pool_before = whole(pool_before)
    staked, start = stakes(profile, pool_before, previous, session_start, deal.dealer,
                           deal.names)
    if start == 0:
        return None
    full = profile.full_staking
    ordered = [*staked, *middle]
    ordered += [_new(Payment, (p[0], p[1], _amount(start if _remise(p) == "pool" else full),
                               *p[3:])) for p in remises]
    ordered += [_new(Payment, (p[0], p[1], _amount(start), *p[3:])) for p in takings]
    nets, pool_after = balance(deal.names, ordered, pool_before, deal.number)
    return deal._replace(payments=tuple(ordered), pool_before=pool_before,
                         pool_after=pool_after, net=nets)
