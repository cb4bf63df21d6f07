"""The pool (docs/rules.md POOL-1 to POOL-5): staking, takings and the session carry.

Remises (POOL-3) are recorded by the rules that owe them through
``Ledger.add_remise``; this module decides whether the pool is staked and,
at the end of the deal, which claim on the pool stands.
"""

from __future__ import annotations

from .ledger import TAKING_PRIORITY, Ledger
from .payments import POOL, Amount
from .settlement import DealSettlement

__all__ = ["must_stake", "stake_pool", "resolve_takings", "pool_was_taken", "pool_was_fed"]


def pool_was_taken(previous: DealSettlement) -> bool:
    """POOL-2: some player took the pool in that deal."""
    return any(p.payer == POOL for p in previous.payments)


def pool_was_fed(previous: DealSettlement) -> bool:
    """POOL-2: someone put a remise or a penalty in (stakes do not count)."""
    return any(p.payee == POOL and p.rule != "POOL-1" for p in previous.payments)


def must_stake(ledger: Ledger) -> tuple[bool, str]:
    """POOL-1 / POOL-2: whether the pool is staked before this deal, and why."""
    pool, profile = ledger.pool_before, ledger.profile
    if ledger.first_deal or ledger.previous is None:
        # POOL-1: only emptiness matters; a pot line of 0 is an empty pool.  Penalties
        # paid in void deals before the first deal played (IRR-0) do not replace the
        # staking: what counts is the pool the session began with.
        start = pool if ledger.session_start is None else ledger.session_start
        if pool == 0:
            return True, "the pool is empty before the first deal played (POOL-1)"
        if start == 0:
            return True, (f"the session began with an empty pool; the {pool} in it are "
                          "penalties of void deals, which do not replace the staking "
                          "(POOL-1, IRR-0)")
        return False, f"the session starts with {pool} in the pool, so no staking (POOL-1)"
    if profile.options.restake == "below_initial":
        full = profile.full_staking
        if pool == 0 or pool < full:
            return True, f"the pool holds {pool}, less than one full staking of {full} (POOL-2)"
        return False, f"the pool holds {pool}, at least one full staking of {full} (POOL-2)"
    if pool_was_taken(ledger.previous):
        return True, "the pool was taken in the last deal played (POOL-2)"
    if not pool_was_fed(ledger.previous):
        return True, "nobody put a remise or penalty in during the last deal played (POOL-2)"
    return False, "the last deal played fed the pool and nobody took it (POOL-2)"


def stake_pool(ledger: Ledger) -> None:
    """POOL-1: each player stakes ``stake_player``, the dealer ``stake_dealer``."""
    staked, why = must_stake(ledger)
    ledger.step("POOL-1" if staked else "POOL-2", None,
                ("The pool is staked: " if staked else "The pool is not staked: ") + why)
    ledger.staked = staked
    total: Amount = 0
    if staked:
        for seat in range(len(ledger.players)):
            dealer = seat == ledger.dealer
            amount = ledger.options.stake_dealer if dealer else ledger.options.stake_player
            total += amount
            if amount:
                ledger.stakes.append(ledger.payment(
                    seat, POOL, amount, "POOL-1", None,
                    "stakes the pool as dealer" if dealer else "stakes the pool"))
    ledger.pool_start = ledger.pool_before + total
    ledger.step("POOL-4", None, f"The pool holds {ledger.pool_start} at the start of the deal; "
                "remises and takings of this deal are measured by it")


def resolve_takings(ledger: Ledger) -> None:
    """POOL-4: at most one taking stands, REV-1 before QUIN-1 before ESP-4."""
    if not ledger.takings:
        return
    ranked = sorted(ledger.takings, key=lambda p: -TAKING_PRIORITY[p.rule])
    kept, dropped = ranked[0], ranked[1:]
    for other in dropped:
        ledger.step("POOL-4", other.trick, f"{other.payee}'s claim on the pool by {other.rule} "
                    f"gives way to {kept.payee}'s by {kept.rule}")
    ledger.takings = [kept] if kept.amount else []
    ledger.step("POOL-4", kept.trick, f"{kept.payee} takes the {kept.amount} the pool held at "
                f"the start of the deal ({kept.rule}); remises of this deal stay in it")
