"""The pool's part of a plain deal as it is settled on ints (settle/lean.py): its
stakes (POOL-1, POOL-2), and each seat's net and the pool after its payments.

Split from settle/leanpool.py, which settles a deal again from another pool or
prices its payments otherwise (``stats --compare``) and reads these too.  A
deal's stakes are the same payments at each deal its dealer deals under the
same options: made once (``_STAKES``), with what they move (``_MOVED``).
"""

from __future__ import annotations

from fractions import Fraction

from ..rules import Profile, RuleOptions
from .codes import ReasonCode
from .leandeal import LeanDeal, LeanPayment
from .payments import POOL, Amount, Payment, whole
from .settlement import DealSettlement

__all__ = ["balance", "fed_or_quiet", "held_amount", "must_stake", "stakes"]

_new = tuple.__new__


def stakes(profile: Profile, pool: Amount, previous: DealSettlement | LeanDeal | None,
           session_start: Amount | None, dealer: int, names: tuple[str, ...]
           ) -> tuple[tuple[LeanPayment, ...], Amount]:
    """POOL-1, POOL-2 (``pool.must_stake``, ``pool.stake_pool``): the stakes of a
    deal starting from ``pool`` after ``previous``, and the pool as staked."""
    if not must_stake(profile, pool, previous, session_start):
        return (), pool
    options = profile.options
    seen = _STAKES.get((id(options), dealer, names))
    if seen is None or seen[0] is not options:
        seen = _staked(options, dealer, names)
    return seen[1], pool + seen[2]


# The stakes of a deal by its options (kept with them), dealer and players: the
# same payments at each deal the dealer deals, made once (a modern session stakes
# most deals: four payments a deal made again were some 10 k instructions).
_STAKES: dict[tuple[int, int, tuple[str, ...]],
              tuple[RuleOptions, tuple[LeanPayment, ...], Amount]] = {}


def _staked(options: RuleOptions, dealer: int, names: tuple[str, ...]
            ) -> tuple[RuleOptions, tuple[LeanPayment, ...], Amount]:
    total: Amount = 0
    made: list[LeanPayment] = []
    player, house = options.stake_player, options.stake_dealer
    for seat in range(4):
        amount = house if seat == dealer else player
        total += amount
        if amount:
            made.append(_new(Payment, (
                names[seat], POOL,
                amount if type(amount) is int else held_amount(amount), "POOL-1",
                None, ReasonCode.STAKE_DEALER if seat == dealer else ReasonCode.STAKE,
                (), ("POOL-1",))))
    if len(_STAKES) >= 64:
        _STAKES.clear()
    seen = _STAKES[id(options), dealer, names] = (options, tuple(made), total)
    return seen


def must_stake(profile: Profile, pool: Amount, previous: DealSettlement | LeanDeal | None,
                session_start: Amount | None) -> bool:
    """POOL-1 (``pool.must_stake``): whether a deal starting from ``pool`` after
    ``previous`` (what it reads of it: its payments) is staked."""
    if previous is None:
        start = pool if session_start is None else session_start
        return pool == 0 or start == 0
    if profile.options.restake == "below_initial":
        return pool == 0 or pool < profile.full_staking
    quiet = True  # it took from the pool, or nothing but its stakes fed it: one pass
    for p in previous.payments:
        if p[0] == POOL:
            return True
        if p[1] == POOL and quiet and p[3] != "POOL-1":
            quiet = False
    return quiet


_FED: dict[int, tuple[DealSettlement | LeanDeal, bool]] = {}  # by the deal, kept with it


def fed_or_quiet(previous: DealSettlement | LeanDeal) -> bool:
    """:func:`must_stake` after ``previous`` under ``restake = taken_or_quiet``
    (it fed the pool or took nothing from it), once for the readings of ``stats --compare``."""
    seen = _FED.get(id(previous))
    if seen is not None and seen[0] is previous:
        return seen[1]
    payments = previous.payments
    found = any([p[0] == POOL for p in payments]) or not any(
        [p[1] == POOL and p[3] != "POOL-1" for p in payments])
    if len(_FED) >= 4096:
        _FED.clear()
    _FED[id(previous)] = (previous, found)
    return found


def balance(names: tuple[str, ...], ordered: list[LeanPayment], pool_before: Amount,
            number: int, staked: tuple[LeanPayment, ...] = ()
            ) -> tuple[tuple[Amount, ...], Amount]:
    """Each seat's net and the pool after the payments ``ordered``, after the
    stakes ``staked`` (what :func:`stakes` gave; ``ordered`` without them)
    (``engine._moves``): ints, or whole Fractions where one is not an int."""
    if staked:  # each deal a dealer deals moves the same: summed once (``_moved``)
        seen = _MOVED.get(id(staked))
        net = (seen[1] if seen is not None and seen[0] is staked else _moved(staked, names)).copy()
    else:
        net = dict.fromkeys(names, 0)
        net[POOL] = 0
    for p in ordered:
        amount = p[2]
        net[p[0]] -= amount
        net[p[1]] += amount
    pool_change = net.pop(POOL)
    nets = tuple(net.values())  # in the players' order (made so above)
    pool_after = pool_before + pool_change
    moved = sum(nets) + pool_change  # a Fraction where an amount was one (none: an int)
    if type(moved) is not int or type(pool_after) is not int:
        nets = tuple([whole(value) for value in nets])
        pool_change, pool_after = whole(pool_change), whole(pool_after)
        moved = sum(nets) + pool_change
    if moved != 0:  # pragma: no cover - a bug, never bad input
        raise AssertionError(f"deal {number} does not balance")
    return nets, pool_after


# The nets (the pool's last) of a deal's stakes alone, by the stakes (kept with
# them: ``_STAKES``'s tuples, the same at each deal a dealer deals).
_MOVED: dict[int, tuple[tuple[LeanPayment, ...], dict[str, Amount]]] = {}


def _moved(staked: tuple[LeanPayment, ...], names: tuple[str, ...]) -> dict[str, Amount]:
    net: dict[str, Amount] = dict.fromkeys(names, 0)
    net[POOL] = 0
    for p in staked:
        net[p[0]] -= p[2]
        net[p[1]] += p[2]
    if len(_MOVED) >= 64:
        _MOVED.clear()
    _MOVED[id(staked)] = (staked, net)
    return net


def held_amount(amount: Amount) -> Amount:
    """An amount as a lean payment holds it (``_Lean._payment``)."""
    return amount if type(amount) is int else whole(Fraction(amount))
