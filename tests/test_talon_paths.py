"""The fast paths of the deals where the talon exchange went wrong (issue 35): a
kept talon card (IRR-4) and two cards discarded (IRR-5).

- such a deal cut as ``SpacedLines`` is read on from its first unusual line
  (``notation/fastrest.py``) as ``FastPath.read_deal`` reads it;
- a deal with a partie line and no hand or talon line is held to its play by
  ``plaindealt._partie_alone`` as by the whole of ``dealt_plain`` (the full walk
  being the reference: the replays agree, the bytes are those of
  ``REVERSIS_REFERENCE=1``, a hostile deal is reported the same way);
- the settlement's rows (``leantwo.rows_of_walk``) and the JSON text of the tricks
  of a two-discarded deal (``jsontext._walked_text``) are those of the general
  forms they stand in for.
"""

from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace
from typing import cast

import pytest

from reversis_cli import fastpaths
from reversis_cli.cards import PACK
from reversis_cli.grammar_source import terminal_pattern
from reversis_cli.notation.fastpath import FastPath
from reversis_cli.notation.fastspaced import read_spaced_deal
from reversis_cli.notation.grammar_file import keywords
from reversis_cli.notation.spaced import SpacedLines
from reversis_cli.replay import ReplayedDeal
from reversis_cli.replay.plain import replay_plain
from reversis_cli.replay.plaintwo import replay_two_discarded
from reversis_cli.score.jsontext import _tricks_text
from reversis_cli.settle.leantwo import _rows_of_any_walk, rows_of_walk
from reversis_cli.simulate import SimulationOptions, simulate_session

from test_fastpath_parity import block_chunks, lean_parts
from test_mix_parity import _outputs as _mix_outputs
from test_replay_dealt import _changed, reported_the_same_both_ways
from test_replay_kept import _deal_one
from test_replay_plain import _agree, _replayed

fast_by_default = pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1")

MODES = ("kept", "discarded_two", "peeked", "out_of_turn", "revoke", "unclaimed")


def _forced(seed: int, deals: int, **options) -> str:
    """A session whose deals are forced in turn to each kind of MODES."""
    forces = {number: MODES[number % len(MODES)] for number in range(1, deals + 1)}
    return "".join(simulate_session(SimulationOptions(deals, seed=seed, forces=forces,
                                                      card_style="ascii", **options)))


@pytest.mark.parametrize("hands", [False, True])
def test_an_irregular_deal_of_spaced_lines_is_read_on_as_read_deal_reads_it(hands):
    """Each deal, cut as ``SpacedLines``, read by ``read_spaced_deal`` (which hands
    it on to ``read_spaced_rest`` at its first unusual line) and by ``read_deal``
    alone: two fast paths that have read the same words, the same deal, lean the
    same way, or both given up."""
    text = _forced(3, 60, write_hands=hands)
    spaced, whole = (FastPath(terminal_pattern, keywords()) for _ in range(2))
    read = {mode: 0 for mode in MODES}
    for chunk in block_chunks(text):
        if type(chunk.lines) is not SpacedLines:  # the first block's deals are cut as lines
            continue
        got = read_spaced_deal(spaced, chunk.lines, chunk.first_line)
        want = whole.read_deal(chunk.lines, chunk.first_line)
        if got is None:  # a dealer's word not read yet: parse_deal asks read_deal then
            assert spaced.read_deal(chunk.lines, chunk.first_line) == want
            continue
        assert want is not None and got == want and got[1] == want[1] == []
        assert lean_parts(got[0]) == lean_parts(want[0]), "\n".join(chunk.lines)
        deal = got[0]
        read[MODES[deal.number % len(MODES)]] += 1
    # every kind read on by the loop, beyond the first deals (their words unread)
    assert min(read.values()) >= 7, read


def _without_hands(text: str) -> str:
    return re.sub(r"^  hand .*\n", "", text, flags=re.M)


@fast_by_default
@pytest.mark.parametrize("seed", [4, 5])
def test_a_kept_card_with_a_partie_line_alone_is_replayed_plain_as_the_full_walk(
        seed, tmp_path, monkeypatch):
    """Kept deals without their hand lines: the card kept is the one neither
    played nor in the partie line; the plain replay takes them
    (``_partie_alone``), as the full walk replays them, the same bytes both ways."""
    forces = {number: "kept" for number in range(1, 31)}
    text = _without_hands("".join(simulate_session(SimulationOptions(30, seed=seed,
                                                                     forces=forces))))
    calls = _replayed(text, monkeypatch)
    _agree(calls)
    taken = [replay_plain(deal, players) for deal, players, _ in calls]
    assert sum(plain is not None and plain.kept_card is not None for plain in taken) >= 15
    path = tmp_path / "kept.rvs"
    path.write_text(text, encoding="utf-8")
    fast = _mix_outputs(str(path))
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    assert _mix_outputs(str(path)) == fast
    assert fast[0][0] == 0 and fast[0][1].count('"forfeited_by": "IRR-4"') >= 15


HOSTILE = {
    "a partie with a card played": (("partie AH AC AD", "partie AH AC 2S"), "RV306",
                                    ("partie", "2S")),
    "a partie that leaves a card out": (("partie AH AC AD", "partie AH AC"), "RV206",
                                        ("partie", "partie")),
}


@pytest.mark.parametrize("case", HOSTILE, ids=str)
def test_a_hostile_kept_deal_without_its_hand_is_reported_the_same_both_ways(
        case, tmp_path, monkeypatch):
    (old, new), code, place = HOSTILE[case]
    text = _changed(_changed(_deal_one(), "  hand Anna QS 8S 4S 2S QH JH 4H 8D 4C 3C 2C\n", ""),
                    old, new)
    reported_the_same_both_ways(text, code, place, tmp_path, monkeypatch)


def _two_discarded(monkeypatch) -> list:
    forces = {number: "discarded_two" for number in range(1, 21)}
    text = "".join(simulate_session(SimulationOptions(20, seed=8, forces=forces)))
    walked = [replay_two_discarded(deal, players) for deal, players, _ in
              _replayed(text, monkeypatch)]
    return [replayed for replayed in walked if replayed is not None]


@fast_by_default
def test_the_rows_of_a_walk_are_those_of_the_general_loop(monkeypatch):
    replays = _two_discarded(monkeypatch)
    assert len(replays) >= 15
    for replayed in replays:
        assert rows_of_walk(replayed.walked) == _rows_of_any_walk(replayed.walked)
    # a trick of three cards before the last (no replay walks one): the general loop's
    walked = list(replays[0].walked)
    number, leader, seats, taker, indexes = walked[4]
    walked[4] = (number, leader, seats[:3], taker, indexes[:3])
    assert rows_of_walk(tuple(walked)) == _rows_of_any_walk(tuple(walked))


@fast_by_default
def test_the_walk_keeps_its_first_ten_tricks_as_the_rows_settled(monkeypatch):
    """replay/plaintwo.py keeps tricks 1-10 as the plain walk made them rows
    (``WalkedTricks.ten``), and settle/leantwo.py settles on those: the same rows
    as made from the tricks walked (a plain tuple of them), trick by trick."""
    from reversis_cli.replay.plaintwo import WalkedTricks

    replays = _two_discarded(monkeypatch)
    assert len(replays) >= 15
    for replayed in replays:
        walked = replayed.walked
        assert type(walked) is WalkedTricks and len(walked.ten) == 10
        assert walked.ten == tuple(_rows_of_any_walk(tuple(walked))[:10])
        assert rows_of_walk(walked) == rows_of_walk(tuple(walked)) \
            == _rows_of_any_walk(tuple(walked))


def _json_tricks(names, walked) -> str:
    """The tricks as JSON, written by ``json.dumps`` (score/json.py's separators)."""
    text = json.dumps([{"number": number, "leader": names[leader],
                        "cards": [PACK[index].code for index in indexes],
                        "taker": names[taker]}
                       for number, leader, _, taker, indexes in walked], ensure_ascii=False)
    return text[1:-1]


@fast_by_default
def test_the_json_tricks_of_a_two_discarded_deal_are_json_s(monkeypatch):
    replays = _two_discarded(monkeypatch)
    for replayed in replays:
        assert replayed.rows is None and replayed.walked is not None
        assert _tricks_text(replayed) == _json_tricks(replayed.players, replayed.walked)
    walked = list(replays[1].walked)  # a trick of three cards before the last: the general text
    number, leader, seats, taker, indexes = walked[2]
    walked[2] = (number, leader, seats[:3], taker, indexes[:3])
    stand_in = SimpleNamespace(players=replays[1].players, rows=None, walked=tuple(walked))
    assert _tricks_text(cast(ReplayedDeal, stand_in)) \
        == _json_tricks(stand_in.players, stand_in.walked)


def test_a_random_walk_shape_never_breaks_the_json_text():
    """Tricks of any number of cards up to four, in any place: the text is JSON's."""
    rng = random.Random(3)
    names = ("Anna", "Boris", "Vera", "Gleb")
    for _ in range(50):
        walked = []
        for number in range(1, 12):
            size = rng.choice((3, 4, 4, 4))
            leader = rng.randrange(4)
            seats = tuple((leader + k) % 4 for k in range(size))
            walked.append((number, leader, seats, rng.randrange(4),
                           tuple(rng.sample(range(len(PACK)), size))))
        stand_in = SimpleNamespace(players=names, rows=None, walked=tuple(walked))
        assert _tricks_text(cast(ReplayedDeal, stand_in)) == _json_tricks(names, stand_in.walked)
