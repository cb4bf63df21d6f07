"""The search's settlement (reversis_cli/analyse/money.py) against the engine's.

``analyse`` values millions of finished deals with its own trick-by-trick
settlement; the engine (settle/) is the reference.  Here every leaf of the
searched endgames -- every legal way to finish a deal from trick 10 (and from
trick 9 for a few), equivalent cards each played, not merged -- is settled both
ways, under both profiles and random option sets, with reversis and
espagnolette deals among them, and the irregularities the search replays (a
peek, a missed claim, a revoke, a discard out of turn): each seat's net must be
the same number.
"""

from __future__ import annotations

import random

import pytest

from reversis_cli.analyse import AnalysisDisagreement, analyse_deal
from reversis_cli.analyse import money
from reversis_cli.analyse.analysis import UNREPLAYABLE, _hand_masks, _recorded
from reversis_cli.analyse.lines import settle_line
from reversis_cli.analyse.money import Position, close_trick, final_net
from reversis_cli.analyse.search import legal_groups
from reversis_cli.analyse.table import DealTable
from reversis_cli.reader import record_from_text
from reversis_cli.session.service import Session
from reversis_cli.simulate.options import SimulationOptions
from reversis_cli.simulate.session import simulate_session

from reference_settle import OPTION_VALUES

# The options the reference's cross-checks try, and one only the search replays here.
CHOICES = {**OPTION_VALUES, "peek_forfeits": ["everything", "quinola_and_reversis"]}


def simulated(seed: int, deals: int = 10) -> Session:
    """A simulated session under a random profile and options, rare events forced often."""
    rng = random.Random(seed)
    rules = rng.choice(["classic", "modern"])
    text = "".join(simulate_session(SimulationOptions(
        deals=deals, seed=seed, rules=rules, events=0.6, irregular=0.3)))
    sets = "".join(f"set {name} = {rng.choice(values)}\n" for name, values in CHOICES.items()
                   if rng.random() < 0.4)
    if seed % 3 == 0:
        sets += "pot 7/2\n"  # a pool holding a fraction of a fiche
    text = text.replace(f"rules {rules}\n", f"rules {rules}\n{sets}", 1)
    return Session.of(record_from_text(text, f"simulated-{seed}"))


def _leaves(table, pos, plays=()):
    """Every finished line from ``pos``: (its tricks, the position at its end)."""
    if len(plays) == 4:
        after = close_trick(table, pos, plays)
        if after.trick > 11:
            yield [plays], after
            return
        for line, end in _leaves(table, after):
            yield [plays, *line], end
        return
    seat = (pos.leader + len(plays)) % 4
    for group in legal_groups(table, pos, plays, seat):
        for card in group:  # every card, equivalent or not
            yield from _leaves(table, pos, plays + ((seat, card),))


def _start(replayed, start: int) -> int:
    """After the last trick a revoke or a missed claim names; 12 for a deal the search
    does not replay (a player with twelve or ten cards)."""
    if any(event.kind in UNREPLAYABLE for event in replayed.irregularities):
        return 12
    return max([start] + [r.trick + 1 for r in replayed.revokes]
               + [e.trick + 1 for e in replayed.irregularities if e.kind == "unclaimed"])


def _check_leaves(session: Session, first: int) -> int:
    profile = session.reading.profile
    checked = 0
    for scored in session.deals():
        replayed, settlement = scored.checked.replayed, scored.settlement
        if settlement is None or replayed is None or replayed.void or not replayed.complete:
            continue
        start = _start(replayed, first)
        if start > 11:
            continue
        table = DealTable(replayed, profile, settlement)
        pos = Position.first(_hand_masks(replayed), replayed.first_hand)
        for trick in _recorded(replayed)[:start - 1]:
            pos = close_trick(table, pos, trick)
        context = {"pool_before": scored.pool_before, "previous": scored.previous,
                   "first_deal": scored.previous is None,
                   "pot_line_given": scored.pot_line_given,
                   "session_start": scored.session_start}
        names = replayed.players
        for line, end in _leaves(table, pos):
            net = final_net(table, end)
            engine = settle_line(replayed, profile, context, start - 1, line)
            assert [table.fiches(v) for v in net] == [engine.net[n] for n in names], \
                (replayed.number, line)
            checked += 1
    return checked


@pytest.mark.parametrize("seed", range(6))
def test_every_leaf_from_trick_10_is_the_engines_net(seed):
    assert _check_leaves(simulated(seed), 10) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6, 46))
def test_every_leaf_from_trick_10_is_the_engines_net_many_sessions(seed):
    assert _check_leaves(simulated(seed), 10) > 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 104))
def test_every_leaf_from_trick_9_is_the_engines_net(seed):
    assert _check_leaves(simulated(seed, deals=4), 9) > 0


def test_a_search_that_settles_differently_is_stopped(monkeypatch):
    """The analysis settles the line behind every figure with the engine: a search
    whose settlement is one fiche out never reaches the user as a figure."""
    session = Session.open("samples/evening.rvs")
    scored = next(iter(session.deals()))
    profile = session.reading.profile
    real = money.final_net

    def one_off(table, pos):
        net = real(table, pos)
        net[0] += table.scale
        net[1] -= table.scale
        return net

    monkeypatch.setattr("reversis_cli.analyse.search.final_net", one_off)
    with pytest.raises(AnalysisDisagreement):
        analyse_deal(scored, profile, from_trick=10)


def test_deals_the_search_cannot_replay_are_out_of_reach():
    session = Session.open("samples/irregular.rvs")
    profile = session.reading.profile
    found = {scored.checked.number: analyse_deal(scored, profile)
             for scored in session.deals()}
    assert (found[4].out_of_reach, found[4].out_of_reach_rule) == ("irregular", "IRR-4")
    assert (found[8].out_of_reach, found[8].out_of_reach_rule) == ("irregular", "IRR-5")
    assert found[3].out_of_reach == "not-settled" and found[3].exact_from_trick is None
    # a peek (IRR-4: Gleb wins nothing), a missed claim in an early trick (CLAIM-1):
    # replayed, and analysed from the trick asked for
    assert found[2].out_of_reach is None and found[2].exact_from_trick == 8
    assert found[10].out_of_reach is None and found[10].exact_from_trick == 8


def test_a_missed_claim_or_a_revoke_late_in_the_deal_moves_the_start():
    session = Session.open("samples/every-event-ru.rvs")
    profile = session.reading.profile
    found = {scored.checked.number: analyse_deal(scored, profile)
             for scored in session.deals()}
    assert found[14].exact_from_trick == 11  # unclaimed 10: from the trick after it
    assert (found[15].out_of_reach, found[15].out_of_reach_rule) == ("too-late", "CLAIM-1")
