"""The twin of ``stats --compare`` (reversis_cli/club/watch.py): a deal whose
settlement read none of the options a reading changes keeps its own
settlement, unsettled again.  Parity: every session compared with the watch
and under ``REVERSIS_REFERENCE=1`` (every deal settled again under every
reading) comes to the same figures, on plain and irregular sessions, both
profiles, single options set; and the watch gives up when it cannot be
trusted."""

from __future__ import annotations

import pytest

from reversis_cli import fastpaths
from reversis_cli.club import watch
from reversis_cli.club.compare import OtherReading, compare_session
from reversis_cli.reader import record_from_text
from reversis_cli.rules import builtin_profile
from reversis_cli.session.service import Session
from reversis_cli.settle import engine, lean
from reversis_cli.simulate import SimulationOptions, simulate_session

from conftest import SAMPLES
from test_compare import SEASON, simulated

# the watch is a twin: under REVERSIS_REFERENCE=1 there is none, every deal is settled
NO_WATCH_UNDER_THE_SWITCH = pytest.mark.skipif(fastpaths.REFERENCE,
                                               reason="no watch under the switch")

READINGS = {
    "modern": OtherReading(builtin_profile("modern")),
    "classic": OtherReading(builtin_profile("classic")),
    "quinola_forcer": OtherReading(None, {"quinola_forcer": "taker"}),
    "two options": OtherReading(None, {"reversis_cancels": "made", "partie_ties": "split"}),
    "doubled tricks": OtherReading(None, {"late_tricks_double": "9,10,11"}),
}


def _sessions() -> list[tuple[str, str]]:
    texts = [(f"s{n}", simulated(60, seed, players, rules, irregular))
             for n, (players, rules, irregular, seed) in enumerate(SEASON, 1)]
    texts += [(path.name, path.read_text(encoding="utf-8"))
              for path in sorted((SAMPLES / "club").glob("*.rvs"))]
    texts += [(name, (SAMPLES / name).read_text(encoding="utf-8"))
              for name in ("irregular.rvs", "every-event-ru.rvs", "big-night.rvs")]
    return texts


SESSIONS = _sessions()


def _compared(name: str, text: str, other: OtherReading):
    with Session.of(record_from_text(text, name)) as session:
        return compare_session(session, other, name)


@pytest.mark.parametrize("reading", list(READINGS))
def test_the_watch_gives_the_figures_of_every_deal_settled_again(monkeypatch, reading):
    other = READINGS[reading]
    fast = [_compared(name, text, other) for name, text in SESSIONS]
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    reference = [_compared(name, text, other) for name, text in SESSIONS]
    assert fast == reference
    assert any(c.changed.get("") for c in fast)  # the readings do change deals


MODERN = builtin_profile("modern")
CLASSIC = builtin_profile("classic")


def _gives_up(*args, **kwargs):
    return None


def _by_the_engine(settler, replayed, judged):
    return settler.settle(replayed, False)


def _engine_reads(monkeypatch) -> None:
    """Every deal watched through the engine (no lean twin): the engine's reads."""
    monkeypatch.setattr(watch, "settle_plain_watched", _gives_up)
    monkeypatch.setattr(watch, "settle_lean_watched", _by_the_engine)


def _watched(text: str, name: str = "s1"):
    with Session.of(record_from_text(text, name)) as session:
        scored = list(session.deals())
        assert session.profile is not None
        return watch.watch_options(session, scored, session.profile), len(scored)


@NO_WATCH_UNDER_THE_SWITCH
def test_the_watch_leaves_most_deals_unsettled_for_an_option_they_never_read():
    players, rules, irregular, seed = SEASON[0]
    found, deals = _watched(simulated(60, seed, players, rules, irregular))
    assert found is not None
    every = watch.must_settle(found, frozenset({"espagnolette_fails_on"}), MODERN)
    assert every is not None and len(every) < deals // 4
    # an option every deal reads (the stakes): settled again throughout
    assert watch.must_settle(found, frozenset({"stake_player"}), MODERN) == \
        frozenset(range(deals))
    assert fastpaths.REFERENCE or watch.must_settle(None, frozenset(), MODERN) is None


@NO_WATCH_UNDER_THE_SWITCH
def test_a_value_worked_out_once_is_seen_in_every_deal_that_uses_it(monkeypatch):
    """A settlement that keeps what it works out from an option (here, in a
    table keyed by the options object) reads the option only the first time:
    each deal is watched with options of its own, so each deal reads it."""
    players, rules, irregular, seed = SEASON[0]
    text = simulated(20, seed, players, rules, irregular)
    settle = engine.settle_deal
    kept: dict[int, object] = {}

    def keeps(replayed, profile, *args, **kwargs):
        if id(profile.options) not in kept:
            kept[id(profile.options)] = profile.options.quinola_forcer
        return settle(replayed, profile, *args, **kwargs)

    monkeypatch.setattr(engine, "settle_deal", keeps)
    _engine_reads(monkeypatch)
    found, deals = _watched(text)
    assert found is not None
    assert watch.must_settle(found, frozenset({"quinola_forcer"}), MODERN) == \
        frozenset(range(deals))


@NO_WATCH_UNDER_THE_SWITCH
def test_the_watch_gives_up_at_the_first_doubt(monkeypatch):
    players, rules, irregular, seed = SEASON[0]
    text = simulated(30, seed, players, rules, irregular)
    settle = engine.settle_deal

    def reads_the_whole_options(replayed, profile, *args, **kwargs):
        if replayed.number == 7:
            vars(profile.options)  # every option at once: deal 7 may depend on any
        return settle(replayed, profile, *args, **kwargs)

    monkeypatch.setattr(engine, "settle_deal", reads_the_whole_options)
    _engine_reads(monkeypatch)
    found, _ = _watched(text)
    assert found is not None and found.reads[6] is None
    assert 6 in (watch.must_settle(found, frozenset({"espagnolette_fails_on"}), MODERN) or ())

    monkeypatch.setattr(engine, "settle_deal", settle)

    def otherwise(replayed, profile, *args, **kwargs):  # not the deal's own settlement
        return settle(replayed, profile.with_overrides({"stake_player": 11}), *args, **kwargs)

    with Session.of(record_from_text(text, "s1")) as session:
        scored = list(session.deals())  # settled as they are
        assert session.profile is not None
        monkeypatch.setattr(engine, "settle_deal", otherwise)
        assert watch.watch_options(session, scored, session.profile) is None


def test_under_the_switch_there_is_no_watch(monkeypatch):
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    players, rules, irregular, seed = SEASON[0]
    assert _watched(simulated(10, seed, players, rules, irregular))[0] is None


@NO_WATCH_UNDER_THE_SWITCH
def test_the_lean_watch_gives_up_at_the_first_doubt(monkeypatch):
    """A plain deal is watched through the lean settlement (settle/lean.py):
    one that reads the options whole may depend on any of them."""
    players, rules, irregular, seed = SEASON[0]
    text = simulated(30, seed, players, rules, irregular)
    settle = lean._Lean.settle

    def reads_the_whole_options(self, *facts):
        if self.replayed.number == 7:
            vars(self.options)
        return settle(self, *facts)

    monkeypatch.setattr(lean._Lean, "settle", reads_the_whole_options)
    found, deals = _watched(text)
    assert found is not None and found.lean and found.reads[6] is None
    assert all(read is not None for n, read in enumerate(found.reads) if n != 6)
    assert 6 in (watch.must_settle(found, frozenset({"espagnolette_fails_on"}), MODERN) or ())


@NO_WATCH_UNDER_THE_SWITCH
def test_a_reading_the_lean_settlement_does_not_settle_settles_every_deal(monkeypatch):
    """The lean reads tell of a reading only if the lean settlement settles it:
    one it gives up on (the engine may read other options) settles every deal."""
    players, rules, irregular, seed = SEASON[0]
    found, deals = _watched(simulated(30, seed, players, rules, irregular))
    assert found is not None and found.lean
    differ = frozenset({"espagnolette_fails_on"})
    some = watch.must_settle(found, differ, MODERN)
    assert some is not None and len(some) < deals
    handled = dict(lean.HANDLED)
    handled["espagnolette_fails_on"] = frozenset({"last_two"})
    monkeypatch.setattr(lean, "HANDLED", handled)
    monkeypatch.setattr(lean, "_CHECKED", {})
    other = MODERN.with_overrides({"espagnolette_fails_on": "any_trick"})
    assert watch.must_settle(found, differ, other) is None


@NO_WATCH_UNDER_THE_SWITCH
def test_the_doubled_tricks_count_only_for_the_tricks_a_deal_asked_about():
    """A deal reads ``late_tricks_double`` one trick at a time: a reading that
    answers alike for every trick it asked about settles it alike."""
    players, rules, irregular, seed = SEASON[0]  # classic: tricks 10 and 11 doubled
    found, deals = _watched(simulated(60, seed, players, rules, irregular))
    assert found is not None and found.late == frozenset({10, 11})
    differ = frozenset({"late_tricks_double"})
    unknown = frozenset(n for n, read in enumerate(found.reads) if read is None)
    asked = [tricks or frozenset() for tricks in found.asked]
    for value in ("9,10,11", "none", "11"):
        other = CLASSIC.with_overrides({"late_tricks_double": value})
        doubled = other.options.late_tricks_double
        expected = unknown | {n for n in range(deals)
                              if any((t in doubled) != (t in {10, 11}) for t in asked[n])}
        assert watch.must_settle(found, differ, other) == frozenset(expected)
        assert 0 < len(expected) < deals
    # the same tricks doubled in another order of writing: no deal settled again
    same = CLASSIC.with_overrides({"late_tricks_double": "11,10"})
    assert watch.must_settle(found, differ, same) == unknown


@NO_WATCH_UNDER_THE_SWITCH
def test_the_doubled_tricks_used_otherwise_cast_doubt(monkeypatch):
    """Anything but asking of one trick (here, going through them) may make
    the deal depend on every trick: it is settled again under any reading."""
    players, rules, irregular, seed = SEASON[0]
    text = simulated(30, seed, players, rules, irregular)
    settle = lean._Lean.settle

    def goes_through_them(self, *facts):
        if self.replayed.number == 7:
            sorted(self.options.late_tricks_double)
        return settle(self, *facts)

    monkeypatch.setattr(lean._Lean, "settle", goes_through_them)
    found, _ = _watched(text)
    assert found is not None and found.reads[6] is None
    assert all(read is not None for n, read in enumerate(found.reads) if n != 6)
    same = CLASSIC.with_overrides({"late_tricks_double": "11,10"})
    assert watch.must_settle(found, frozenset({"late_tricks_double"}), same) == frozenset({6})


@NO_WATCH_UNDER_THE_SWITCH
@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_a_deal_with_event_lines_is_watched_by_its_lean_twin_once(monkeypatch, rules):
    """A deal with event lines (a peek, a kept card, a trick unclaimed, a card out
    of turn) or two cards discarded is watched as ``settle_lean`` settles it, by its
    lean twin, and that settlement is its own: each deal of a session is settled
    once, the engine settling only those no twin settles (a misdeal, an exposed
    card), without their reasoning.  The figures of the readings are the
    reference's (the parity tests above)."""
    text = "".join(simulate_session(SimulationOptions(
        120, 11, rules=rules, irregular=0.4, events=0.2, players=SEASON[0][0])))
    settled: list[int] = []
    settle = engine.settle_deal

    def counted(replayed, profile, *args, **kwargs):
        settled.append(replayed.number)
        assert not kwargs.get("steps")  # the money alone
        return settle(replayed, profile, *args, **kwargs)

    monkeypatch.setattr(engine, "settle_deal", counted)
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True
        assert session.profile is not None
        scored, found = watch.watched_deals(session, session.profile)
    assert found is not None and found.lean
    events = [s.checked.deal.events for s in scored
              if s.lean is not None and s.checked.deal is not None]
    kinds = {e.kind for lines in events for e in lines}
    assert {"peeked", "kept", "out-of-turn", "discarded-two"} <= kinds
    engine_settled = [s.checked.number for s in scored if s.lean is None
                      and s.settlement is not None]
    assert engine_settled and settled == engine_settled  # once each, no twin's deal among them
    # each deal its twin settled read what it read, and read it: a void deal too
    assert all(found.reads[n] for n, s in enumerate(scored) if s.lean is not None)


@NO_WATCH_UNDER_THE_SWITCH
def test_claims_and_peeks_count_only_for_a_deal_with_such_a_line():
    """The lean twins read ``claims_required`` and ``peek_forfeits`` in every deal
    with an event line (as the engine does), but do something with them only for
    an ``unclaimed`` line (CLAIM-1) and a ``peeked`` or ``kept`` one (IRR-4): the
    watch counts them as read only there, and every deal it does not count them
    for settles alike under each of their values."""
    from reversis_cli.settle import SessionSettler
    from reversis_cli.settle.leandeal import LeanDeal

    text = "".join(simulate_session(SimulationOptions(
        150, 12, rules="modern", irregular=0.5, events=0.2, players=SEASON[0][0])))
    values = {"claims_required": ("led_and_played", "in_play"),
              "peek_forfeits": ("everything", "quinola_and_reversis")}
    lines = {"claims_required": {"unclaimed"}, "peek_forfeits": {"peeked", "kept"}}
    alike = 0
    with Session.of(record_from_text(text, "s.rvs")) as session:
        session.lean = True
        own = session.profile
        assert own is not None
        scored, found = watch.watched_deals(session, own)
        assert found is not None
        for n, base in enumerate(scored):
            deal = base.checked.deal
            if not isinstance(base.lean, LeanDeal) or deal is None or not deal.events:
                continue
            kinds, read = {event.kind for event in deal.events}, found.reads[n]
            assert read is not None
            for option, allowed in values.items():
                assert (option in read) == bool(lines[option] & kinds), (n, option)
                if option in read:
                    continue
                for value in allowed:
                    settler = SessionSettler(own.with_overrides({option: value}),
                                             session.players, session.pool_start.amount,
                                             session.pool_start.given)
                    settler.pool, settler.last_played = base.pool_before, base.previous
                    assert base.checked.replayed is not None
                    assert settler.settle_lean(base.checked.replayed) == base.lean, (n, option)
                    alike += 1
    assert alike > 40
