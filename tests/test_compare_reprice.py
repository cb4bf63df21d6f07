"""A deal priced again from its own lean settlement (reversis_cli/settle/leanpool.py,
``repooled``), the way ``stats --compare`` settles again the deals of a reading that
changes only the amounts of what they pay (the doublings, the partie's value, the
payments to the partie's winner turned off), with the stakes or without: parity with the
lean settlement itself (``settle_plain``), deal by deal, payment by payment, from the
deal's own pool and others, on plain, irregular and event sessions of both profiles.
Where it gives up (a partie worth 0, an espagnolette's refund) the deal is settled; the
nets it gives are the ones the engine gives (the reference), and the output of ``stats
--compare`` under such readings is the reference's bytes."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from reversis_cli import fastpaths
from reversis_cli.cards import PACK
from reversis_cli.cli import cli
from reversis_cli.club import watch
from reversis_cli.club.resettle import state_of
from reversis_cli.rules import load_profile
from reversis_cli.rules.profile import OPTIONS
from reversis_cli.sheet.infer_search import value_text
from reversis_cli.reader import record_from_text
from reversis_cli.session.service import Session
from reversis_cli.settle import SessionSettler
from reversis_cli.settle.leandeal import LeanDeal
from reversis_cli.settle.leanpool import (AMOUNT_OPTIONS, _forfeited, pool_moves, repooled,
                                          repriced_nets, restaked_nets, same_stakes)
from reversis_cli.simulate import SimulationOptions, simulate_session

SEASONS = (  # players, rules, irregular rate, event rate, seed
    (("Anna", "Boris", "Vera", "Gleb"), "classic", 0.0, 0.0, 1),
    (("Boris", "Vera", "Gleb", "Dima"), "modern", 0.1, 0.2, 2),
    (("Vera", "Gleb", "Dima", "Elena"), "classic", 0.1, 0.2, 3),
    (("Gleb", "Dima", "Elena", "Anna"), "modern", 0.3, 0.0, 4),
)

READINGS = {
    "vis-a-vis": lambda o: {"vis_a_vis_double": _flip(o.vis_a_vis_double)},
    "partie vis-a-vis": lambda o: {"partie_vis_a_vis_double": _flip(o.partie_vis_a_vis_double)},
    "late tricks": lambda o: {"late_tricks_double": "9,10,11"},
    "no late tricks": lambda o: {"late_tricks_double": "none"},
    "quinola": lambda o: {"partie_quinola": "7"},
    "diamond ace and bonus": lambda o: {"partie_diamond_ace": "5", "partie_bonus": "3"},
    "a partie of nothing": lambda o: {"partie_quinola": "0", "partie_diamond_ace": "0"},
    "led aces turned over": lambda o: {"led_aces_pay_winner": _flip(o.led_aces_pay_winner)},
    "led aces off, the partie doubled otherwise": lambda o: {
        "led_aces_pay_winner": "no", "partie_vis_a_vis_double": _flip(o.partie_vis_a_vis_double)},
    "every amount and the stakes": lambda o: {
        "vis_a_vis_double": _flip(o.vis_a_vis_double),
        "partie_vis_a_vis_double": _flip(o.partie_vis_a_vis_double),
        "late_tricks_double": "8,11", "partie_quinola": "3", "stake_dealer": "6"},
}


def _flip(value: bool) -> str:
    return "no" if value else "yes"


def _simulated(deals: int, players, rules: str, irregular: float, events: float,
               seed: int) -> str:
    return "".join(simulate_session(SimulationOptions(
        deals, seed, rules=rules, irregular=irregular, events=events, players=players)))


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no twin")
@pytest.mark.parametrize("season", range(len(SEASONS)))
@pytest.mark.parametrize("partie", ["own", "worth nothing"])
def test_a_deal_repriced_is_the_deal_settled_under_that_reading(season, partie):
    text = _simulated(40, *SEASONS[season])
    repriced = gave_up = netted = 0
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True  # its plain deals settled lean, as stats --compare settles them
        assert session.profile is not None
        own = session.profile if partie == "own" else session.profile.with_overrides(
            {"partie_quinola": "0", "partie_diamond_ace": "0", "partie_bonus": "0"})
        scored = list(session.deals())
        for name, sets in READINGS.items():
            profile = own.with_overrides(sets(own.options))
            start = _start(session, profile)
            for index, base, replayed, before in lean_deals(scored):
                # the deal's own settlement under ``own``, from its own state
                mine = _lean(session, replayed, own, base.pool_before, base.previous)
                assert mine is not None
                nets = repriced_nets(mine, own.options, profile.options)  # from its own state
                if nets is not None and same_stakes(own.options, profile.options):
                    netted += 1
                    settled = _lean(session, replayed, profile, base.pool_before,
                                    base.previous)
                    assert settled is not None and nets == settled.net, (name, index)
                for pool in (base.pool_before, 5, base.pool_before + 13):
                    for previous in (base.previous, before):
                        again = repooled(mine, own, profile, pool, previous, start)
                        if again is None:
                            gave_up += 1
                            continue
                        repriced += 1
                        assert again == _lean(session, replayed, profile, pool,
                                              previous), (name, index, pool)
    assert repriced > 500
    assert netted > 150


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no twin")
def test_it_gives_up_on_a_partie_of_nothing_and_a_refund():
    """Deal 33 of this session, its partie worth nothing under ``own``, paid
    no partie (its payments of 0 dropped), and in deal 80 a failed
    espagnolette refunds twice what he received: neither is priced again."""
    text = _simulated(90, ("Anna", "Boris", "Vera", "Gleb"), "classic", 0.0, 0.0, 1)
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True
        assert session.profile is not None
        nothing = session.profile.with_overrides(
            {"partie_quinola": "0", "partie_diamond_ace": "0", "partie_bonus": "0"})
        scored = list(session.deals())
        for own, number in ((nothing, 33), (session.profile, 80)):
            base = scored[number - 1]
            replayed = base.checked.replayed
            assert replayed is not None and isinstance(base.lean, LeanDeal)
            mine = _lean(session, replayed, own, base.pool_before, base.previous)
            assert mine is not None
            assert any(p[3] in ("PARTIE-4", "ESP-5") for p in mine.payments) == (number == 80)
            for sets in READINGS.values():
                profile = own.with_overrides(sets(own.options))
                if all(getattr(profile.options, name) == getattr(own.options, name)
                       for name in AMOUNT_OPTIONS):
                    continue  # no amount to price again
                assert repooled(mine, own, profile, base.pool_before, base.previous,
                                _start(session, profile)) is None, (number, sets)
                assert repriced_nets(mine, own.options, profile.options) is None, (number, sets)


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no twin")
@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_a_deal_with_a_payment_forfeited_is_priced_again_by_its_nets(rules):
    """IRR-4 and CLAIM-1 forfeit a payment by its payee, rule and trick, never by
    its amount: the nets alone of a deal with a payment forfeited (``repriced_nets``)
    are those of the deal settled lean under each reading of amounts, from its own
    state; its settlement (``repooled``), which lists the forfeited payments priced,
    is still settled instead."""
    text = _simulated(150, ("Anna", "Boris", "Vera", "Gleb"), rules, 0.5, 0.3, 7)
    netted, kinds = 0, set()
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True
        own = session.profile
        assert own is not None
        scored = list(session.deals())
        for name, sets in READINGS.items():
            profile = own.with_overrides(sets(own.options))
            if not same_stakes(own.options, profile.options):
                continue
            for index, base, replayed, _ in lean_deals(scored):
                mine = base.lean
                if not _forfeited(mine):
                    continue
                nets = repriced_nets(mine, own.options, profile.options)
                settled = _lean(session, replayed, profile, base.pool_before, base.previous)
                assert settled is not None
                if nets is None:  # a partie of nothing, a refund: settled
                    continue
                assert nets == settled.net, (name, index)
                netted += 1
                kinds |= {p[7][-1] for p in mine.cancelled}
    assert netted > 40 and {"IRR-4", "CLAIM-1"} <= kinds


STAKES = {  # readings that change the stakes alone, and one that changes amounts too
    "dealer": lambda o: {"stake_dealer": "3"},
    "players": lambda o: {"stake_player": "2"},
    "restake": lambda o: {"restake": "below_initial" if o.restake != "below_initial"
                          else "taken_or_quiet"},
    "all three": lambda o: {"stake_dealer": "12", "stake_player": "4", "restake":
                            "below_initial" if o.restake != "below_initial" else "taken_or_quiet"},
    "nothing staked": lambda o: {"stake_dealer": "0", "stake_player": "0"},
    "amounts too": READINGS["every amount and the stakes"],
    "led aces off, the stakes": lambda o: {"led_aces_pay_winner": "no", "stake_player": "3"},
    "led aces on, the stakes": lambda o: {"led_aces_pay_winner": "yes", "stake_dealer": "1"},
}


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no twin")
@pytest.mark.parametrize("season", range(len(SEASONS)))
def test_a_deal_restaked_by_its_nets_is_the_deal_settled_under_that_reading(season):
    """``restaked_nets``: each seat's net and the pool after of a deal under a
    reading that changes the stakes (and amounts) are those of the deal settled lean
    (and of ``repooled``'s settlement) from any pool, after its own deal before,
    none, or the one before settled under the reading; what the next deal reads
    of it (``pool_moves``: who fed the pool or took from it, by which rule) is
    what it reads of that settlement; and its own settlement stands in for it
    before the next deal: the next is settled alike after either."""
    text = _simulated(40, *SEASONS[season])
    netted = stood_in = 0
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True
        own = session.profile
        assert own is not None
        scored = list(session.deals())
        for name, sets in STAKES.items():
            profile = own.with_overrides(sets(own.options))
            start = _start(session, profile)
            for index, base, replayed, before in lean_deals(scored):
                for pool in (base.pool_before, 0, 7, base.pool_before + 13):
                    for previous in (base.previous, None, before):
                        found = restaked_nets(base.lean, own, profile, pool, previous, start)
                        if found is None:
                            continue
                        netted += 1
                        again = repooled(base.lean, own, profile, pool, previous, start)
                        settled = _lean(session, replayed, profile, pool, previous)
                        assert again is not None and settled is not None
                        assert found[:2] == (list(settled.net), settled.pool_after), \
                            (name, index)
                        assert again == settled, (name, index, pool)
                        # what the next deal reads of it, its settlement never made
                        assert pool_moves(base.lean, profile, found[2]) == \
                            state_of(again.pool_after, again)[1], (name, index, pool)
                # the deal before, settled under the reading, and its own settlement
                if isinstance(before, LeanDeal) and index > 1:
                    made = repooled(before, own, profile, scored[index - 1].pool_before,
                                    scored[index - 2].lean, start)
                    if made is not None:
                        stood_in += 1
                        assert _lean(session, replayed, profile, made.pool_after, made) == \
                            _lean(session, replayed, profile, made.pool_after, before)
    assert netted > 400 and stood_in > 100


def lean_deals(scored):
    """Each deal of ``scored`` settled lean: its index, the deal, its replay, and
    the deal before it as settled (None for the first)."""
    for index, base in enumerate(scored):
        if not isinstance(base.lean, LeanDeal):
            continue
        replayed = base.checked.replayed
        assert replayed is not None
        yield index, base, replayed, scored[index - 1].lean if index else None


def _lean(session: Session, replayed, profile, pool, previous):
    """The deal settled lean as a reading settles it (``SessionSettler.settle_lean``:
    a plain deal, or one with event lines), from ``pool`` after ``previous``; None:
    the engine's."""
    settler = SessionSettler(profile, session.players, session.pool_start.amount,
                             session.pool_start.given)
    settler.pool, settler.last_played = pool, previous
    settled = settler.settle_lean(replayed)
    return settled if isinstance(settled, LeanDeal) else None


def _start(session: Session, profile):
    """The pool the session began with, as a settler of it under ``profile`` has it."""
    return SessionSettler(profile, session.players, session.pool_start.amount,
                          session.pool_start.given).session_start


ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
SETS = (["--compare", "modern"], ["--compare", "classic"],
        ["--set", "vis_a_vis_double=no", "--set", "partie_quinola=2"],
        ["--set", "late_tricks_double=7,11", "--set", "partie_vis_a_vis_double=no",
         "--set", "stake_dealer=5"],
        ["--set", "stake_player=3"], ["--set", "restake=below_initial"],
        ["--set", "restake=taken_or_quiet", "--set", "stake_dealer=0"])


def test_stats_compare_of_amounts_writes_the_reference_bytes(monkeypatch, tmp_path):
    """The nets of each reading through the repricing are the engine's: the
    JSON and the table are the same bytes under ``REVERSIS_REFERENCE=1``."""
    for n, season in enumerate(SEASONS):
        (tmp_path / f"s{n}.rvs").write_text(_simulated(30, *season), encoding="utf-8")

    def outputs() -> list[tuple[int, str]]:
        found = []
        for args in SETS:
            for json in ([], ["--json"]):
                result = CliRunner().invoke(cli, ["--lang", "en", "stats", *json, *args,
                                                  str(tmp_path)], env=ENV)
                assert result.exception is None or isinstance(result.exception, SystemExit)
                found.append((result.exit_code, result.output))
        return found

    fast = outputs()
    assert all(code == 0 for code, _ in fast), fast
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    assert outputs() == fast


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no watch")
@pytest.mark.parametrize("season", range(len(SEASONS)))
def test_the_watch_settles_each_deal_once_as_the_session_does(season):
    """``watched_deals`` settles the session's deals as ``session.deals()``
    does (its plain deals' settlements the watched ones) and watches them as
    ``watch_options`` does; ``settle_plan`` is ``must_settle`` and
    ``restaked`` in one pass, under each option of the other profile alone."""
    text = _simulated(40, *SEASONS[season])
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True
        own = session.profile
        assert own is not None
        expected = [(s.lean, s.settlement, s.pool_before, s.previous) for s in session.deals()]
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True
        scored, found = watch.watched_deals(session, own)
        assert [(s.lean, s.settlement, s.pool_before, s.previous) for s in scored] == expected
        assert found is not None
        alone = watch.watch_options(session, scored, own)
        assert alone is not None
        assert (found.reads, found.asked, found.lean, found.facts) == \
            (alone.reads, alone.asked, alone.lean, alone.facts)
    other = load_profile("classic" if own.name == "modern" else "modern")
    readings = []  # each option of the other profile alone, then the whole other reading
    for name in OPTIONS:
        value = getattr(other.options, name)
        if value != getattr(own.options, name):
            readings.append((own.with_overrides({name: value_text(name, value)}),
                             frozenset({name})))
    readings.append((other, frozenset(name for _, differ in readings for name in differ)))
    assert watch.LATE in readings[-1][1]  # the doubled tricks among them: asked deal by deal
    for profile, differ in readings:
        # (``settle_plan`` answers once for each set of options read, save the doubled tricks)
        assert watch.settle_plan(found, differ, profile) == (
            watch.must_settle(found, differ, profile), watch.restaked(found, differ, profile))


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no watch")
@pytest.mark.parametrize("season", range(len(SEASONS)))
def test_forced_means_counts_only_where_a_card_followed_with_another_held(season):
    """A plain deal whose paying cards that followed suit were each their
    player's last of the suit settles alike under both values of
    ``forced_means``: the watch does not count it as read there, and every
    deal it does not count it for is the same deal under the other value."""
    text = _simulated(60, *SEASONS[season])
    other = {"compelled": "any_follow", "any_follow": "compelled"}
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True
        own = session.profile
        assert own is not None
        scored, found = watch.watched_deals(session, own)
        assert found is not None
        profile = own.with_overrides({"forced_means": other[own.options.forced_means]})
        spared = counted = 0
        for index, base in enumerate(scored):
            read = found.reads[index]
            if not isinstance(base.lean, LeanDeal) or read is None:
                continue
            replayed = base.checked.replayed
            assert replayed is not None
            again = _lean(session, replayed, profile, base.pool_before, base.previous)
            if "forced_means" in read:
                counted += 1
            else:
                assert again == base.lean, index
                rows, fact = replayed.rows, found.facts[index]
                if not fact or rows is None:
                    continue  # a deal with event lines: the engine watched it
                spared += any(seat != leader and PACK[i].suit is PACK[rows[number - 1][2]].suit
                              for number, leader, _, seat, i in fact[2])
    # spared: deals with a paying card that followed suit (the option read), not counted
    assert spared > 0 and counted > 0


def test_each_amount_option_is_a_doubling_or_the_parties():
    """``repriced_nets`` prices again only what the options that differ price:
    each option of ``AMOUNT_OPTIONS`` is one of the two kinds it looks at."""
    from reversis_cli.settle import leanpool

    assert set(leanpool._DOUBLINGS) | set(leanpool._PARTIE) == AMOUNT_OPTIONS
