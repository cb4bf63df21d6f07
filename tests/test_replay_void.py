"""A void deal read lean (IRR-0: ``misdeal NAME [late]``, ``exposed``, ``redeal
paid``, no trick) is replayed by replay/plainvoid.py without the full walk, to the
same replay field by field; a void deal the full walk has something to say of (a
misdeal naming another than the dealer, a name that is no player's, a trick or an
exchange line, an ``unclaimed`` or ``peeked`` line beside it) is given up and
reported by the full walk, the same bytes with every fast path on and under
``REVERSIS_REFERENCE=1``.
"""

from __future__ import annotations

import pytest

from reversis_cli import fastpaths
from reversis_cli.replay.play import replay_full
from reversis_cli.replay.plainvoid import replay_void
from reversis_cli.simulate import SimulationOptions, simulate_session

from test_replay_dealt import _same_both_ways
from test_replay_plain import _replayed

fast_by_default = pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1")

_VOID = ("exposed", "misdeal", "misdeal_redeal", "misdeal_late")


def _voids(seed: int, deals: int, **options) -> str:
    """A session whose deals are void by turns, a played deal among them."""
    forces = {number: _VOID[number % 4] for number in range(1, deals + 1) if number % 5}
    return "".join(simulate_session(SimulationOptions(deals, seed=seed, forces=forces,
                                                      **options)))


def _fields(replayed) -> tuple:
    return tuple(getattr(replayed, name) for name in type(replayed).__slots__
                 if name not in ("_irregularities", "_made", "_walked", "_kept"))


@fast_by_default
@pytest.mark.parametrize("options", [{}, {"rules": "modern"}, {"write_hands": True},
                                     {"card_style": "ru", "events": 0.2}], ids=str)
def test_a_void_deal_is_replayed_plain_as_the_full_walk_replays_it(options, monkeypatch):
    calls = _replayed(_voids(36, 30, **options), monkeypatch)
    taken = 0
    for deal, players, damaged in calls:
        void = replay_void(deal, players)
        if void is None:
            assert damaged or not deal.is_void
            continue
        taken += 1
        full = replay_full(deal, players, damaged)
        assert _fields(void) == _fields(full), f"deal {deal.number}"
        assert void.irregularities == full.irregularities
    assert taken >= 20  # each void deal the simulator writes


_HEADER = "reversis 1\nrules classic\nplayers Anna Boris Vera Gleb\n\n"


@pytest.mark.parametrize("deal", [
    "deal 1 dealer Gleb\n  misdeal Gleb\n",
    "deal 1 dealer Gleb\n  misdeal Gleb late\n",
    "deal 1 dealer Gleb\n  misdeal Gleb\n  redeal paid\n",
    "deal 1 dealer Gleb\n  exposed\n",
    "deal 1 dealer Gleb\n  redeal paid\n",  # no misdeal: not void
    "deal 1 dealer Gleb\n  misdeal Anna\n",  # RV322
    "deal 1 dealer Gleb\n  misdeal Olga\n",  # RV112
    "deal 1 dealer Olga\n  exposed\n",  # the dealer no player
    "deal 1 dealer Gleb\n  exposed\n  misdeal Gleb\n  exposed\n",
    "deal 1 dealer Gleb\n  exposed\n  peeked Anna\n",
    "deal 1 dealer Gleb\n  exposed\n  unclaimed 12\n",  # RV310
    "deal 1 dealer Gleb\n  exposed\n  exchange Anna refuses\n  exchange Anna refuses\n",
    "deal 1 dealer Gleb\n  misdeal Gleb\n   1 Anna  3S 6S 8S 4S\n",  # RV309
    "deal 1 dealer Gleb\n  misdeal Gleb\n  # the cards fell\n",
])
def test_a_void_deal_reads_the_same_both_ways(deal, tmp_path, monkeypatch):
    # the deal twice: the fast path reads its words from the second on
    text = _HEADER + deal + "\n" + deal.replace("deal 1", "deal 2").replace(
        "dealer Gleb", "dealer Anna").replace("misdeal Gleb", "misdeal Anna")
    _same_both_ways(text, tmp_path, monkeypatch, "void.rvs")
    for found, players, damaged in _replayed(text, monkeypatch):
        void = None if damaged else replay_void(found, players)
        if void is not None:
            assert _fields(void) == _fields(replay_full(found, players, damaged))
