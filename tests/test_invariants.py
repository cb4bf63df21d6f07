"""Invariants over 8,000 simulated deals under each profile (classic, modern).

Four sessions of 2,000 deals, as ``reversis simulate`` writes them (the default
mix of rare events, plus 5% irregular deals: misdeals, exposed cards, peeks,
keeps, two discards, discards out of turn, revokes, unclaimed payments), are
read once through the library (text -> record_from_text -> deals) and every
deal is settled under both profiles, each carrying its own pool, exactly as
``score_deals`` does.  For every deal:

* the record reads clean (a simulated revoke is the only diagnostic, a warning);
* 48 cards are accounted for: the cards played in tricks, the card a ``kept``
  player held and never played, and the partie (44 + 4, or 44 + 1 + 3 after
  ``kept``, or 43 + 5 after ``discarded-two``); a void deal has none;
* the points in the tricks, the partie and the unplayed card make 40; 11 tricks;
* the players' nets and the pool's change sum to zero, each payment is positive
  and between two different parties, the pool's change is its payments';
* the pool is carried from deal to deal and is never negative;

and over the session the totals and the pool's change sum to zero.
"""

from __future__ import annotations

import pytest

from reversis_cli.cards import PACK
from reversis_cli.reader import record_from_text
from reversis_cli.rules import load_profile
from reversis_cli.session.service import pool_start_of
from reversis_cli.settle import POOL, SessionSettler
from reversis_cli.simulate import SimulationOptions, simulate_session

PROFILES = ("classic", "modern")
SESSIONS = 4
DEALS_PER_SESSION = 2_000
IRREGULAR = 0.05
PACK_SET = frozenset(PACK)


def session_text(seed: int) -> str:
    styles = ("ascii", "unicode", "ru", "ascii")
    return "".join(simulate_session(SimulationOptions(
        DEALS_PER_SESSION, seed=1000 + seed, rules=PROFILES[seed % 2], irregular=IRREGULAR,
        card_style=styles[seed % 4], write_hands=seed == 2)))


def check_cards(replayed, settlement) -> None:
    if settlement.status == "void":
        assert not replayed.tricks and not settlement.partie_cards
        assert not any(settlement.points.values()) and not any(settlement.tricks_won.values())
        return
    played = [c for t in replayed.tricks for c in t.cards]
    unplayed = frozenset().union(*replayed.hands) - frozenset(played)
    partie = settlement.partie_cards
    kinds = {e.kind for e in replayed.deal.statements if hasattr(e, "kind")}
    kept, two = "kept" in kinds, "discarded-two" in kinds
    assert len(played) == 44 - two, len(played)
    assert len(unplayed) == kept
    assert len(partie) == 4 - kept + two
    assert len(set(played)) == len(played)
    assert frozenset(played) | unplayed | frozenset(partie) == PACK_SET
    points = sum(settlement.points.values()) + sum(c.points for c in partie) \
        + sum(c.points for c in unplayed)
    assert points == 40
    assert sum(settlement.tricks_won.values()) == 11 == len(replayed.tricks)


def check_money(settlement, pool_before) -> None:
    s = settlement
    assert s.pool_before == pool_before and s.pool_before >= 0 and s.pool_after >= 0
    assert sum(s.net.values()) + (s.pool_after - s.pool_before) == 0
    change = 0
    for p in s.payments:
        assert p.amount > 0 and p.payer != p.payee, p
        change += p.amount if p.payee == POOL else -p.amount if p.payer == POOL else 0
    assert s.pool_after - s.pool_before == change


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(SESSIONS))
def test_simulated_sessions_keep_every_invariant(seed):
    with record_from_text(session_text(seed), f"simulated-{seed}.rvs") as record:
        assert record.header_diagnostics == []
        pool_start, given = pool_start_of(record)
        settlers = [SessionSettler(load_profile(name), record.players, pool_start, given)
                    for name in PROFILES]
        deals = revokes = 0
        for checked in record.deals():
            deals += 1
            assert all(d.code == "RV201" and not d.is_error for d in checked.diagnostics), \
                checked.diagnostics
            assert checked.settleable and checked.replayed is not None
            revokes += bool(checked.diagnostics)
            for settler in settlers:
                pool_before = settler.pool
                settlement = settler.settle(checked.replayed)
                check_money(settlement, pool_before)
                check_cards(checked.replayed, settlement)
    assert deals == DEALS_PER_SESSION
    assert revokes  # the irregular deals came through
    for settler in settlers:
        assert sum(settler.totals().values()) + settler.pool - pool_start == 0
