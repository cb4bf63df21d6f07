"""A deal restaked from its own lean settlement (reversis_cli/settle/leanpool.py),
the way ``stats --compare`` settles again the deals of a reading that changes
only the stakes: parity with the lean settlement itself (``settle_plain``),
deal by deal, from the deal's own pool and others, after its own deal before
and after none, under readings that change the stakes, the restaking or both,
on plain and irregular sessions of both profiles.  Where it gives up (a pool
staked to 0, a full staking of 0) the deal is settled."""

from __future__ import annotations

import pytest

from reversis_cli import fastpaths
from reversis_cli.reader import record_from_text
from reversis_cli.session.service import Session
from reversis_cli.settle import SessionSettler
from reversis_cli.settle.lean import settle_plain
from reversis_cli.settle.leandeal import LeanDeal
from reversis_cli.settle.leanevents import settle_events
from reversis_cli.settle.leantwo import settle_two
from reversis_cli.settle.leanpool import repooled

from test_compare import SEASON, simulated
from test_compare_reprice import lean_deals

OTHER_RESTAKE = {"below_initial": "taken_or_quiet", "taken_or_quiet": "below_initial"}


def _readings(own) -> dict[str, dict[str, str]]:
    return {"dealer": {"stake_dealer": "3"}, "players": {"stake_player": "2"},
            "restake": {"restake": OTHER_RESTAKE[own.options.restake]},
            "all three": {"stake_dealer": "12", "stake_player": "4",
                          "restake": OTHER_RESTAKE[own.options.restake]},
            "nothing staked": {"stake_dealer": "0", "stake_player": "0"}}


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no twin")
@pytest.mark.parametrize("season", range(len(SEASON)))
@pytest.mark.parametrize("remise", ["pool", "stake"])
def test_a_deal_restaked_is_the_deal_settled_from_that_pool(season, remise):
    players, rules, irregular, seed = SEASON[season]
    text = simulated(40, seed, players, rules, irregular)
    restaked = gave_up = 0
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True  # its plain deals settled lean, as stats --compare settles them
        assert session.profile is not None
        own = session.profile.with_overrides({"remise": remise})
        scored = list(session.deals())
        for name, sets in _readings(own).items():
            profile = own.with_overrides(sets)
            start = _start(session, profile)
            for index, base, replayed, before in lean_deals(scored):
                # the deal's own settlement under ``own``, from its own state
                mine = _settled(replayed, own, base.pool_before, base.previous,
                                _start(session, own))
                assert mine is not None
                for pool in (base.pool_before, 0, 7, base.pool_before + 13):
                    for previous in (base.previous, None, before):
                        again = repooled(mine, own, profile, pool, previous, start)
                        if again is None:
                            gave_up += 1
                            continue
                        restaked += 1
                        assert again == _settled(replayed, profile, pool, previous,
                                                 start), (name, index, pool)
    assert restaked > 1000
    assert gave_up > 0  # the readings that stake nothing, at least


def _settled(replayed, profile, pool, previous, start) -> LeanDeal | None:
    """The deal settled lean as ``SessionSettler.settle_lean`` settles it: a
    plain deal, one with event lines (settle/leanevents.py), or one where a player
    discarded two (settle/leantwo.py)."""
    return settle_plain(replayed, profile, pool, previous, start) or \
        settle_events(replayed, profile, pool, previous, start) or \
        settle_two(replayed, profile, pool, previous, start)


def _start(session: Session, profile):
    """The pool the session began with, as a settler of it under ``profile`` has it."""
    return SessionSettler(profile, session.players, session.pool_start.amount,
                          session.pool_start.given).session_start


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no twin")
@pytest.mark.parametrize("season", [1, 3])  # modern sessions: led_aces_pay_winner = no
def test_a_deal_is_restaked_with_its_dues_when_the_led_aces_are_turned_on(season):
    """A reading that turns ``led_aces_pay_winner`` on (``--compare classic`` of a
    modern season) restakes a deal under the reading with the option as its own
    (``resettle._priced_as``) and adds what its led or played aces and quinola
    owe the partie's winner (``resettle._dues``): the nets are the deal's settled
    lean under the reading itself, from any pool and deal before.  A deal that
    never read the option owes nothing; without its dues, a deal that read it
    comes out otherwise (the dues are what the option changes)."""
    from reversis_cli.club import resettle
    from reversis_cli.club.watch import settle_plan, watched_deals
    from reversis_cli.rules.profile import OPTIONS
    from reversis_cli.settle.leanpool import LED, restaked_nets
    from test_compare_reprice import SEASONS, _lean, _simulated

    text = _simulated(60, *SEASONS[season])
    restaked, owing, told = 0, 0, 0
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True
        own = session.profile
        assert own is not None and not own.options.led_aces_pay_winner
        scored, watch = watched_deals(session, own)
        assert watch is not None
        for sets in ({LED: "yes"}, {LED: "yes", "stake_dealer": "3"},
                     {LED: "yes", "restake": "below_initial"},
                     {LED: "yes", "stake_player": "2", "partie_quinola": "4",
                      "vis_a_vis_double": "yes", "late_tricks_double": "10,11"}):
            profile = own.with_overrides(sets)
            differ = frozenset(name for name in OPTIONS
                               if getattr(own.options, name) != getattr(profile.options, name))
            _, again = settle_plan(watch, differ, profile)
            priced, start = resettle._priced_as(own, profile), _start(session, profile)
            assert not priced.options.led_aces_pay_winner
            assert resettle._priced_as(profile, own) is own  # turned off: itself
            for index, base, replayed, before in lean_deals(scored):
                if index not in again:
                    continue
                dues = resettle._dues(base, watch.facts, index, profile)
                read = watch.reads[index]
                assert read is not None
                if dues is None:  # not a plain deal, an espagnolette: settled
                    continue
                assert LED in read or dues == [], (sets, index)
                for pool in (base.pool_before, 7):
                    for previous in (base.previous, before):
                        found = restaked_nets(base.lean, own, priced, pool, previous, start)
                        if found is None:
                            continue
                        settled = _lean(session, replayed, profile, pool, previous)
                        assert settled is not None
                        nets = dict(zip(base.lean.names, found[0], strict=True))
                        without = dict(nets)
                        resettle._pay(nets, dues)
                        expected = dict(zip(settled.names, settled.net, strict=True))
                        assert nets == expected, (sets, index, pool)
                        assert found[1] == settled.pool_after
                        restaked += 1
                        owing += bool(dues)
                        told += without != expected
    assert restaked > 300
    assert owing > 30 and told == owing  # the dues are what the option changes


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no twin")
def test_a_void_deal_is_carried_from_any_pool_as_the_engine_settles_it():
    """A void deal (a misdeal, an exposed card) of a reading that restakes it is
    carried (``resettle._carried``): its own penalties, the pool moved on by them,
    the deal before the next left as it was, from any pool and deal before, under
    any reading: what the engine settles.  Any other deal is not carried."""
    from reversis_cli.club import resettle
    from reversis_cli.rules import builtin_profile
    from reversis_cli.settle import DealStatus

    from test_compare_reprice import _simulated

    text = _simulated(150, ("Anna", "Boris", "Vera", "Gleb"), "classic", 0.5, 0.2, 3)
    carried = 0
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True
        own = session.profile
        assert own is not None
        scored = list(session.deals())
        played = [s.lean for s in scored if isinstance(s.lean, LeanDeal)]
        readings = (own, own.with_overrides({"stake_player": "3", "restake": "below_initial"}),
                    builtin_profile("modern"))
        for base in scored:
            replayed = base.checked.replayed
            if replayed is None or not base.checked.settleable:
                continue
            void = base.settlement is not None and base.settlement.status is DealStatus.VOID
            for profile in readings:
                for pool in (base.pool_before, 0, 7, base.pool_before + 13):
                    for previous in (base.previous, None, played[0], played[-1]):
                        settler = SessionSettler(profile, session.players,
                                                 session.pool_start.amount,
                                                 session.pool_start.given)
                        settler.pool, settler.last_played = pool, previous
                        now = resettle._carried(settler, base)
                        if not void:
                            assert now is None and settler.pool == pool
                            continue
                        engine = SessionSettler(profile, session.players,
                                                session.pool_start.amount,
                                                session.pool_start.given)
                        engine.pool, engine.last_played = pool, previous
                        settled = engine.settle(replayed, False)
                        assert now == resettle.raw_net(settled, base.pool_before)
                        assert settler.pool == engine.pool
                        assert settler.last_played is engine.last_played is previous
                        carried += 1
    assert carried > 300 and any(p.payments for p in
                                 (s.settlement for s in scored if s.lean is None) if p)


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no twin")
def test_a_deal_with_a_fine_for_a_discard_out_of_turn_is_restaked():
    """A deal's fines for a discard out of turn (IRR-6: 5 into the pool each,
    listed last) are fixed: its nets restaked (``restaked_nets``), its settlement
    restaked (``repooled``) and what the next deal reads of it (``pool_moves``) are
    those of the deal settled lean under the reading, from any pool and deal before."""
    from reversis_cli.club.resettle import state_of
    from reversis_cli.settle.leanpool import pool_moves, restaked_nets

    from test_compare_reprice import STAKES, _lean, _simulated, _start

    text = _simulated(150, ("Anna", "Boris", "Vera", "Gleb"), "modern", 0.6, 0.1, 5)
    fined = 0
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True
        own = session.profile
        assert own is not None
        scored = list(session.deals())
        for name, sets in STAKES.items():
            profile = own.with_overrides(sets(own.options))
            start = _start(session, profile)
            for index, base, replayed, before in lean_deals(scored):
                if not any(p[3] == "IRR-6" for p in base.lean.payments):
                    continue
                for pool in (base.pool_before, 0, 7, base.pool_before + 13):
                    for previous in (base.previous, None, before):
                        found = restaked_nets(base.lean, own, profile, pool, previous, start)
                        if found is None:
                            continue
                        again = repooled(base.lean, own, profile, pool, previous, start)
                        settled = _lean(session, replayed, profile, pool, previous)
                        assert again is not None and settled is not None
                        assert found[:2] == (list(settled.net), settled.pool_after), \
                            (name, index, pool)
                        assert again == settled, (name, index, pool)
                        assert pool_moves(base.lean, profile, found[2]) == \
                            state_of(again.pool_after, again)[1]
                        fined += 1
    assert fined > 100


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no twin")
def test_no_reading_makes_a_lean_deals_full_settlement(monkeypatch):
    """The readings of ``stats --compare`` work on the lean settlements: none asks
    a deal settled lean for its full settlement (``LeanDeal.full``, made on demand,
    several times the cost of the lean one), on plain and irregular sessions."""
    from reversis_cli.club.compare import OtherReading, compare_session
    from reversis_cli.rules import builtin_profile

    made: list[int] = []
    full = LeanDeal.full

    def counted(self):
        made.append(self.number)
        return full(self)

    monkeypatch.setattr(LeanDeal, "full", counted)
    for players, rules, irregular, seed in SEASON:
        other = OtherReading(builtin_profile("classic" if rules == "modern" else "modern"))
        with Session.of(record_from_text(simulated(60, seed, players, rules, irregular),
                                         "s.rvs")) as session:
            session.lean = True
            compare_session(session, other, "s.rvs")
    assert made == []
