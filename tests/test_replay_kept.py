"""A deal where a player kept his talon card (``kept NAME``, IRR-4: his hand
after the exchange is of twelve cards, one never played) goes through the plain
replay when nothing about it is in doubt (replay/plain.py finds the kept card
as the full walk does, replay/plaindealt.py holds the lines to the play), and
the engine settles it as before.  The two replays agree on every such deal the
plain one takes; ``score --json``, the tables and ``check --json`` give the
same bytes with every fast path on and under ``REVERSIS_REFERENCE=1``; a
hostile kept deal is given up and reported by the full walk, at the same
place with the same code either way.
"""

from __future__ import annotations

import random
import re

import pytest

from reversis_cli import fastpaths
from reversis_cli.replay.plain import replay_plain
from reversis_cli.simulate import SimulationOptions, simulate_session

from test_mix_parity import _outputs as _mix_outputs
from test_replay_dealt import (_broken, _changed, _same_both_ways,
                               reported_the_same_both_ways)
from test_replay_plain import _agree, _replayed

fast_by_default = pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1")


def _kept(seed: int, deals: int, **options) -> str:
    """A session in which every other deal has a player keep his talon card."""
    forces = {number: "kept" for number in range(1, deals + 1, 2)}
    return "".join(simulate_session(SimulationOptions(deals, seed=seed, forces=forces,
                                                      **options)))


def _kept_deals(calls) -> list[bool]:
    """For each deal with a ``kept`` line, whether the plain replay took it."""
    return [replay_plain(deal, players) is not None for deal, players, damaged in calls
            if deal.events_of("kept") and not damaged]


@fast_by_default
@pytest.mark.parametrize("options", [{}, {"rules": "modern"}, {"write_hands": True},
                                     {"card_style": "ru", "irregular": 0.2, "events": 0.2}],
                         ids=str)
def test_a_kept_card_deal_is_replayed_plain_as_the_full_walk_replays_it(options, monkeypatch):
    calls = _replayed(_kept(21, 40, **options), monkeypatch)
    _agree(calls)  # every deal the plain replay takes is the full walk's, field by field
    taken = _kept_deals(calls)
    assert len(taken) >= 20
    # most are taken: those given up hold the kept card's suit renounced, or an
    # espagnolette the kept card makes
    assert sum(taken) > len(taken) * 2 // 3
    for deal, players, _ in calls:
        plain = replay_plain(deal, players)
        if plain is not None and deal.events_of("kept"):
            assert sum(map(len, plain.hands)) == 45  # 44 played and the one kept
            assert len(plain.partie) == 3


@fast_by_default
@pytest.mark.parametrize("rules,seed", [("classic", 5), ("modern", 6)])
def test_kept_card_deals_give_the_same_bytes_both_ways(rules, seed, tmp_path, monkeypatch):
    text = _kept(seed, 60, rules=rules, irregular=0.1, events=0.2)
    path = tmp_path / "kept.rvs"
    path.write_text(text, encoding="utf-8")
    fast = _mix_outputs(str(path))
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    assert _mix_outputs(str(path)) == fast
    assert fast[0][0] == 0 and fast[0][1].count('"forfeited_by": "IRR-4"') >= 10


@fast_by_default
def test_a_kept_card_keeps_an_ace_followed_with_played_not_forced(tmp_path, monkeypatch):
    """Deal 9 (seed 3): Boris, who kept J♣, follows Vera's club lead with A♣ in trick
    9 and plays no club after it; he still held J♣, so the ace was played (ACE-3:
    he pays the partie winner), not forced (ACE-2).  Read from the cards played
    alone (the rows), the ace would have looked forced."""
    text = _kept(3, 40)
    path = tmp_path / "kept.rvs"
    path.write_text(text, encoding="utf-8")
    fast = _mix_outputs(str(path))
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    assert _mix_outputs(str(path)) == fast
    assert "Boris played A♣ and pays the partie winner Anna" in fast[0][1]
    assert "Vera's lead forced Boris's A♣" not in fast[0][1]


@pytest.mark.parametrize("deals", [40, pytest.param(160, marks=pytest.mark.slow)])
def test_broken_kept_card_deals_replay_alike_and_give_the_same_bytes(deals, tmp_path,
                                                                     monkeypatch):
    rng = random.Random(36)
    blocks = _kept(13, deals, write_hands=True).split("\n\n")
    text = "\n\n".join([blocks[0]] + [_broken(block, rng) for block in blocks[1:]])
    calls = _replayed(text, monkeypatch)
    _agree(calls)
    outputs = _same_both_ways(text, tmp_path, monkeypatch, "broken.rvs")
    assert outputs[1][0] != 0  # check found them


# -- hostile kept deals: given up, and said by the full walk the same way both ways --------

def _deal_one() -> str:
    """Deal 1 of a session forced to a kept card: Anna keeps 9H (seed 1)."""
    text = _kept(1, 1)
    for line in ("  hand Anna QS 8S 4S 2S QH JH 4H 8D 4C 3C 2C\n", "  exchange Anna takes 9H\n",
                 "  partie AH AC AD\n", "  kept Anna\n"):
        assert line in text
    return text


HOSTILE = {
    # a player who kept his talon card discards none (IRR-4)
    "the keeper discards a card": (
        lambda t: _changed(t, "exchange Anna takes 9H", "exchange Anna discards JH takes 9H"),
        "RV305", ("exchange Anna", "exchange")),
    # the card he kept is not written anywhere: neither hand line nor partie line
    "the kept card unwritten": (
        lambda t: _changed(_changed(t, "  partie AH AC AD\n", ""),
                           "  hand Anna QS 8S 4S 2S QH JH 4H 8D 4C 3C 2C\n", ""),
        "RV206", ("deal 1", "deal")),
    # the partie holds a card played
    "a partie with a card played": (
        lambda t: _changed(t, "partie AH AC AD", "partie AH AC 2S"), "RV306", ("partie", "2S")),
    # AD left out of the partie: it is neither played, nor kept, nor in it
    "a partie that leaves a card out": (
        lambda t: _changed(t, "partie AH AC AD", "partie AH AC"), "RV206", ("partie", "partie")),
    # the hand line holds a card Boris plays
    "the keeper's hand holds another's card": (
        lambda t: _changed(t, "8D 4C 3C 2C\n", "8D 4C 3C KH\n"), "RV303", ("hand Anna", "KH")),
}


@pytest.mark.parametrize("case", HOSTILE, ids=str)
def test_a_hostile_kept_card_deal_is_reported_the_same_both_ways(case, tmp_path, monkeypatch):
    make, code, place = HOSTILE[case]
    reported_the_same_both_ways(make(_deal_one()), code, place, tmp_path, monkeypatch)


@fast_by_default
def test_the_untouched_kept_deal_is_taken_plain(monkeypatch):
    """The deal the hostile cases start from is plain: each case is given up for its fault."""
    text = _deal_one()
    calls = _replayed(text, monkeypatch)
    assert _kept_deals(calls) == [True] and _agree(calls) == 1
    assert re.search(r"^  kept Anna$", text, re.M)
