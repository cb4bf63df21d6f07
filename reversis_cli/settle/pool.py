"""The pool (docs/rules.md POOL-1 to POOL-5): staking, takings and the session carry.

Remises (POOL-3) are recorded by the rules that owe them through
``Ledger.add_remise``; this module decides whether the pool is staked and,
at the end of the deal, which claim on the pool stands.
"""

from __future__ import annotations

from typing import Any

from .ledger import TAKING_PRIORITY, Ledger
from .payments import POOL, Amount, NoteCode, ReasonCode
from .settlement import PlayedBefore

__all__ = ["must_stake", "stake_pool", "resolve_takings", "pool_was_taken", "pool_was_fed"]


def pool_was_taken(previous: PlayedBefore) -> bool:
    """POOL-2: some player took the pool in that deal."""
    return any(p.payer == POOL for p in previous.payments)


def pool_was_fed(previous: PlayedBefore) -> bool:
    """POOL-2: someone put a remise or a penalty in (stakes do not count)."""
    return any(p.payee == POOL and p.rule != "POOL-1" for p in previous.payments)


def must_stake(ledger: Ledger) -> tuple[bool, NoteCode, dict[str, Any]]:
    """POOL-1 / POOL-2: whether the pool is staked before this deal, the step that
    says why, and its facts."""
    pool, profile = ledger.pool_before, ledger.profile
    if ledger.first_deal or ledger.previous is None:
        # POOL-1: only emptiness matters; a pot line of 0 is an empty pool.  Penalties
        # paid in void deals before the first deal played (IRR-0) do not replace the
        # staking: what counts is the pool the session began with.
        start = pool if ledger.session_start is None else ledger.session_start
        if pool == 0:
            return True, NoteCode.STAKED_EMPTY, {}
        if start == 0:
            return True, NoteCode.STAKED_VOID_PENALTIES, {"pool": pool}
        return False, NoteCode.NOT_STAKED_POT, {"pool": pool}
    if profile.options.restake == "below_initial":
        full = profile.full_staking
        if pool == 0 or pool < full:
            return True, NoteCode.STAKED_BELOW_INITIAL, {"pool": pool, "full": full}
        return False, NoteCode.NOT_STAKED_FULL, {"pool": pool, "full": full}
    if pool_was_taken(ledger.previous):
        return True, NoteCode.STAKED_TAKEN, {}
    if not pool_was_fed(ledger.previous):
        return True, NoteCode.STAKED_QUIET, {}
    return False, NoteCode.NOT_STAKED_FED, {}


# The rules each reason for staking or not cites.
_STAKING_CITES = {NoteCode.STAKED_EMPTY: ("POOL-1",),
                  NoteCode.STAKED_VOID_PENALTIES: ("POOL-1", "IRR-0"),
                  NoteCode.NOT_STAKED_POT: ("POOL-1",)}


def stake_pool(ledger: Ledger) -> None:
    """POOL-1: each player stakes ``stake_player``, the dealer ``stake_dealer``."""
    staked, code, facts = must_stake(ledger)
    explain = ledger.steps is not None
    if explain:
        ledger.step("POOL-1" if staked else "POOL-2", None, code,
                    _STAKING_CITES.get(code, ("POOL-2",)), **facts)
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
                    ReasonCode.STAKE_DEALER if dealer else ReasonCode.STAKE, {}))
    ledger.pool_start = ledger.pool_before + total
    if explain:
        ledger.step("POOL-4", None, NoteCode.POOL_AT_START, pool=ledger.pool_start)


def resolve_takings(ledger: Ledger) -> None:
    """POOL-4: at most one taking stands, REV-1 before QUIN-1 before ESP-4."""
    if not ledger.takings:
        return
    ranked = sorted(ledger.takings, key=lambda p: -TAKING_PRIORITY[p.rule])
    kept, dropped = ranked[0], ranked[1:]
    for other in dropped:
        ledger.step("POOL-4", other.trick, NoteCode.TAKING_GIVES_WAY, (other.rule, kept.rule),
                    player=other.payee, rule=other.rule, taker=kept.payee, by=kept.rule)
    ledger.takings = [kept] if kept.amount else []
    ledger.step("POOL-4", kept.trick, NoteCode.POOL_TAKEN, (kept.rule,), player=kept.payee,
                amount=kept.amount, by=kept.rule)
