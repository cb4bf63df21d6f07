"""A deal where a player discarded two cards (``discarded-two NAME``, IRR-5: he
plays ten, trick 11 has three cards, the partie five) goes through the plain
replay (replay/plaintwo.py) when nothing about it is in doubt, and the engine
settles it as before.  The two replays agree field by field on every such deal
the plain one takes; ``score --json``, the tables, ``check --json`` and
``check`` give the same bytes with every fast path on and under
``REVERSIS_REFERENCE=1``; a broken or hostile two-discarded deal (wrong card
counts, a card not held, a card discarded and played, a revoke) is given up and
reported by the full walk, at the same place with the same code either way, or,
for a revoke, replayed plain and warned of alike.
"""

from __future__ import annotations

import random

import pytest

from reversis_cli import fastpaths
from reversis_cli.cards import Card
from reversis_cli.replay.play import replay_deal
from reversis_cli.replay.plain import replay_plain
from reversis_cli.replay.plaintwo import replay_two_discarded
from reversis_cli.simulate import SimulationOptions, simulate_session

from test_mix_parity import _outputs as _mix_outputs
from test_replay_dealt import (_broken as _broken_dealt, _changed, _same_both_ways,
                               reported_the_same_both_ways)
from test_replay_plain import _agree, _broken as _broken_tricks, _replayed

fast_by_default = pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1")


def _two(seed: int, deals: int, **options) -> str:
    """A session in which every other deal has a player discard two."""
    forces = {number: "discarded_two" for number in range(1, deals + 1, 2)}
    return "".join(simulate_session(SimulationOptions(deals, seed=seed, forces=forces,
                                                      **options)))


def _two_deals(calls) -> list[bool]:
    """For each deal with a ``discarded-two`` line, whether the plain replay took it
    (replay/plaintwo.py: replay/plain.py never takes such a deal)."""
    assert all(replay_plain(deal, players) is None for deal, players, damaged in calls
               if deal.events_of("discarded-two") and not damaged)
    return [replay_two_discarded(deal, players) is not None for deal, players, damaged in calls
            if deal.events_of("discarded-two") and not damaged]


@fast_by_default
@pytest.mark.parametrize("options", [{}, {"rules": "modern"}, {"write_hands": True},
                                     {"card_style": "ru", "irregular": 0.2, "events": 0.2}],
                         ids=str)
def test_a_two_discarded_deal_is_replayed_plain_as_the_full_walk_replays_it(options,
                                                                            monkeypatch):
    calls = _replayed(_two(35, 40, **options), monkeypatch)
    _agree(calls)  # every deal the plain replay takes is the full walk's, field by field
    taken = _two_deals(calls)
    assert len(taken) >= 20 and all(taken)  # the simulator writes nothing in doubt
    for deal, players, _ in calls:
        plain = replay_two_discarded(deal, players)
        if plain is None:
            continue
        assert plain.rows is None and plain._tricks is None  # its tricks made when asked
        ten = players.index(deal.events_of("discarded-two")[0].player.text)
        assert sorted(map(len, plain.hands)) == [10, 11, 11, 11] and len(plain.hands[ten]) == 10
        assert len(plain.partie) == 5
        assert [play.seat for play in plain.tricks[10].plays if play.seat == ten] == []


@fast_by_default
@pytest.mark.parametrize("rules,seed", [("classic", 5), ("modern", 6)])
def test_two_discarded_deals_give_the_same_bytes_both_ways(rules, seed, tmp_path, monkeypatch):
    text = _two(seed, 60, rules=rules, irregular=0.1, events=0.2)
    path = tmp_path / "two.rvs"
    path.write_text(text, encoding="utf-8")
    fast = _mix_outputs(str(path))  # score --json, the tables, check --json
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    assert _mix_outputs(str(path)) == fast
    assert fast[0][0] == 0 and fast[0][1].count('"cards": ["') >= 30 * 11


# Deal 1 of a session (seed 5), where Vera discarded two and took trick 10 with her last
# card: Gleb, the player after her, leads trick 11 (the full walk's reading of IRR-5).
# The simulator never writes such a deal, so it is written out here.
TOOK_TEN = """\
reversis 1
rules classic
players Anna Boris Vera Gleb

deal 1 dealer Gleb
  exchange Anna discards AD takes 4H
  exchange Boris discards KS takes 6D
  exchange Vera discards JH QH takes QS
  exchange Gleb discards AC
  partie AD KS JH QH AC
  discarded-two Vera
   1 Anna  3C 2C 7C 6C
   2 Vera  3H 2H 4H AH
   3 Boris 2D 8D JD 5D
   4 Gleb  3S 2S KC QS
   5 Vera  8S 7S 6S QC
   6 Vera  6H KH 8H 5H
   7 Gleb  5S AS 9D 9S
   8 Anna  4C 8C JC 9C
   9 Vera  7H QD KD 7D
  10 Vera  9H JS 5C 6D
  11 Gleb  4S 4D 3D
"""


@fast_by_default
def test_the_ten_card_player_takes_trick_ten_and_the_next_leads(tmp_path, monkeypatch):
    calls = _replayed(TOOK_TEN, monkeypatch)
    assert _two_deals(calls) == [True] and _agree(calls) == 1
    plain = replay_two_discarded(*calls[0][:2])
    assert plain is not None
    assert plain.tricks[9].taker == 2 and plain.tricks[10].leader == 3  # Vera, then Gleb
    assert [play.seat for play in plain.tricks[10].plays] == [3, 0, 1]
    outputs = _same_both_ways(TOOK_TEN, tmp_path, monkeypatch, "took.rvs")
    assert [status for status, _ in outputs] == [0, 0, 0]
    # the written leader of trick 11 may not be Vera, who has no card left
    wrong = _changed(TOOK_TEN, "11 Gleb  4S", "11 Vera  4S")
    reported_the_same_both_ways(wrong, "RV208", ("11 Vera", "Vera"), tmp_path, monkeypatch)
    assert _two_deals(_replayed(wrong, monkeypatch)) == [False]


@fast_by_default
def test_a_revoke_in_a_two_discarded_deal_is_found_as_the_full_walk_finds_it(tmp_path,
                                                                             monkeypatch):
    """2C and 8D swapped between tricks 1 and 3: Boris plays 8D on Anna's club lead
    while holding KC, which he plays in trick 4 (a revoke, RV201, and its remise)."""
    text = _changed(_changed(TOOK_TEN, "1 Anna  3C 2C 7C", "1 Anna  3C 8D 7C"),
                    "3 Boris 2D 8D JD", "3 Boris 2D 2C JD")
    calls = _replayed(text, monkeypatch)
    assert _two_deals(calls) == [True] and _agree(calls) == 1
    plain = replay_two_discarded(*calls[0][:2])
    assert plain is not None and [(r.trick, r.seat, r.card, r.held) for r in plain.revokes] \
        == [(1, 1, Card.parse("8D"), Card.parse("KC"))]
    outputs = _same_both_ways(text, tmp_path, monkeypatch, "revoke.rvs")
    assert "warning[RV201]" in outputs[2][1] and '"IRR-7"' in outputs[0][1]


@fast_by_default
def test_a_revoke_whose_card_held_is_played_in_trick_11_is_found(tmp_path, monkeypatch):
    """8H and 4D swapped between tricks 6 and 11: Anna plays 4D on Vera's heart lead
    in trick 6, KD in trick 9 and 5C in trick 10 on hers too, while holding 8H,
    which she plays in trick 11 alone.  Tricks 1-10 hold no heart of hers after
    any of the three renounces; whether one is a revoke is asked of the eleven
    tricks, trick 11's three cards among them (the ten-card player's byte of no
    suit)."""
    text = _changed(_changed(TOOK_TEN, "6 Vera  6H KH 8H", "6 Vera  6H KH 4D"),
                    "11 Gleb  4S 4D", "11 Gleb  4S 8H")
    calls = _replayed(text, monkeypatch)
    assert _two_deals(calls) == [True] and _agree(calls) == 1
    plain = replay_two_discarded(*calls[0][:2])
    assert plain is not None and [(r.trick, r.seat, r.card, r.held) for r in plain.revokes] \
        == [(trick, 0, Card.parse(card), Card.parse("8H"))
            for trick, card in ((6, "4D"), (9, "KD"), (10, "5C"))]
    outputs = _same_both_ways(text, tmp_path, monkeypatch, "revoke11.rvs")
    assert outputs[2][1].count("warning[RV201]") == 3


@pytest.mark.parametrize("deals", [40, pytest.param(160, marks=pytest.mark.slow)])
@pytest.mark.parametrize("broken", ["dealt", "tricks"])
def test_broken_two_discarded_deals_replay_alike_and_give_the_same_bytes(deals, broken,
                                                                         tmp_path, monkeypatch):
    rng = random.Random(35)
    blocks = _two(17, deals, write_hands=True).split("\n\n")
    if broken == "dealt":
        changed = [_broken_dealt(block, rng) for block in blocks[1:]]
    else:
        changed = ["\n".join(_broken_tricks(block.split("\n"), rng)) for block in blocks[1:]]
    text = "\n\n".join([blocks[0], *changed])
    calls = _replayed(text, monkeypatch)
    _agree(calls)
    outputs = _same_both_ways(text, tmp_path, monkeypatch, "broken.rvs")
    assert outputs[1][0] != 0  # check found them


# -- hostile two-discarded deals: given up, and said by the full walk the same way both ways --

def _deal_one() -> str:
    """Deal 1 of a session forced to two discarded, with its hands (seed 1): Anna
    discards JH and 8D and plays ten; Boris leads trick 11 of three cards."""
    text = _two(1, 1, write_hands=True)
    for line in ("  hand Anna  QS 8S 4S 2S QH JH 4H 8D 4C 3C 2C\n",
                 "  exchange Anna discards JH 8D takes 9H\n", "  partie JH 8D 9S KD AD\n",
                 "  discarded-two Anna\n", "  11 Boris 6H 8H JD\n"):
        assert line in text
    return text


HOSTILE = {
    # trick 11 of four cards: Anna has none left (RV203)
    "four cards in trick 11": (
        lambda t: _changed(t, "11 Boris 6H 8H JD", "11 Boris 6H 8H JD 8D"), "RV203",
        ("11 Boris", "11")),
    # a trick before 11 of three cards (RV203)
    "three cards in trick 10": (
        lambda t: _changed(t, "10 Vera  5C KS 3C KC", "10 Vera  5C KS 3C"), "RV203",
        ("10 Vera", "10")),
    # the ten-card player discards one (the exchange allows two: RV305)
    "the ten-card player discards one": (
        lambda t: _changed(t, "discards JH 8D takes", "discards JH takes"), "RV305",
        ("exchange Anna", "exchange")),
    # he discards a card he plays (RV305)
    "a card discarded and played": (
        lambda t: _changed(t, "discards JH 8D takes", "discards JH 2C takes"), "RV305",
        ("exchange Anna", "2C")),
    # his hand line holds a card Boris plays (RV303)
    "a card not held": (
        lambda t: _changed(t, "8D 4C 3C 2C\n", "8D 4C 3C KH\n"), "RV303", ("hand Anna", "KH")),
    # the partie leaves one of the five out (RV206)
    "a partie of four": (
        lambda t: _changed(t, "partie JH 8D 9S KD AD", "partie JH 8D 9S KD"), "RV206",
        ("partie", "partie")),
    # trick 11 of three cards written twice: two rows of three (the deal read in full, RV205)
    "trick 11 twice": (
        lambda t: _changed(t, "  11 Boris 6H 8H JD\n", "  11 Boris 6H 8H JD\n"
                              "  11 Boris  6H 8H JD\n"), "RV205", ("11 Boris  6H", "11")),
    # the last row of three cards numbered 12 (RV209)
    "trick 11 numbered 12": (
        lambda t: _changed(t, "  11 Boris 6H 8H JD", "  12 Boris 6H 8H JD"), "RV209",
        ("12 Boris", "12")),
    # a card of trick 11 played before (RV202)
    "a card of trick 11 played twice": (
        lambda t: _changed(t, "  11 Boris 6H 8H JD", "  11 Boris 6H 8H 5H"), "RV202",
        ("11 Boris", "5H")),
    # another player's exchange discarding two, read by its words (RV305)
    "another player discards two": (
        lambda t: _changed(t, "exchange Vera discards KD takes AC",
                           "exchange Vera discards KD 2D takes AC"), "RV305",
        ("exchange Vera", "exchange")),
    # a second player said to have discarded two: trick 11 would have two cards (RV203)
    "two players with ten": (
        lambda t: _changed(t, "  discarded-two Anna\n", "  discarded-two Anna\n"
                              "  discarded-two Vera\n"), "RV203", ("11 Boris", "11")),
}


@pytest.mark.parametrize("case", HOSTILE, ids=str)
def test_a_hostile_two_discarded_deal_is_reported_the_same_both_ways(case, tmp_path,
                                                                    monkeypatch):
    make, code, place = HOSTILE[case]
    text = make(_deal_one())
    reported_the_same_both_ways(text, code, place, tmp_path, monkeypatch)
    assert _two_deals(_replayed(text, monkeypatch)) == [False]  # given up: the full walk said it


@fast_by_default
def test_the_untouched_two_discarded_deal_is_taken_plain(monkeypatch):
    """The deal the hostile cases start from is plain: each case is given up for its fault."""
    calls = _replayed(_deal_one(), monkeypatch)
    assert _two_deals(calls) == [True] and _agree(calls) == 1


@fast_by_default
def test_trick_lines_without_a_leader_or_with_a_taker_give_the_full_walk_s_places(tmp_path,
                                                                                 monkeypatch):
    """Each card's place is found in its line's text: the word after the number when
    no leader is written, and a taker written after the cards changes nothing."""
    text = _changed(_changed(_changed(TOOK_TEN, "   3 Boris 2D", "   3 2D"),
                             "   5 Vera  8S", "   5 8S"), "KC QS\n", "KC QS > Vera\n")
    calls = _replayed(text, monkeypatch)
    assert _two_deals(calls) == [True] and _agree(calls) == 1  # places compared one by one
    assert [status for status, _ in _same_both_ways(text, tmp_path, monkeypatch)] == [0, 0, 0]


@fast_by_default
@pytest.mark.parametrize("options", [{}, {"rules": "modern"},
                                     {"card_style": "ru", "irregular": 0.3, "events": 0.3}],
                         ids=str)
def test_the_settlement_reads_a_two_discarded_deal_without_its_tricks_made(options,
                                                                           monkeypatch):
    """The ledger's tally, the takers, one trick asked alone and the JSON's tricks of a
    deal replayed plain (``ReplayedDeal.walked``) are the full walk's, and none of them
    makes the deal's tricks (issue 35: ≈0.4 M instructions a deal)."""
    from reversis_cli.score.jsontext import _tricks_text
    from reversis_cli.settle.ledger import _tally, _tally_tricks

    calls = _replayed(_two(36, 40, **options), monkeypatch)
    seen = 0
    for deal, players, _ in calls:
        plain = replay_two_discarded(deal, players)
        if plain is None:
            continue
        seen += 1
        monkeypatch.setattr(fastpaths, "REFERENCE", True)
        full = replay_deal(deal, players)
        monkeypatch.setattr(fastpaths, "REFERENCE", False)
        assert plain.walked is not None and full.walked is None
        assert _tally(plain) == _tally_tricks(full.tricks)
        assert plain.takers() == full.takers()
        assert _tricks_text(plain) == _tricks_text(full)
        assert plain._tricks is None  # none of the above made them
        for number in (11, 3, 11):
            assert plain.trick(number) == full.tricks[number - 1]
        assert plain._tricks is None and plain.tricks == full.tricks
    assert seen >= 15


@fast_by_default
@pytest.mark.parametrize("rules,seed,setting", [
    ("classic", 11, None), ("modern", 12, None), ("classic", 13, "forced_means=any_follow"),
    ("modern", 14, "quinola_forcer=taker"), ("classic", 15, "late_tricks_double=none"),
    ("modern", 16, "led_aces_pay_winner=false"), ("classic", 17, "vis_a_vis_double=false"),
    ("classic", 18, "espagnolette_fails_on=any_trick")], ids=str)
def test_a_record_where_every_deal_discards_two_scores_the_same_both_ways(rules, seed, setting,
                                                                          tmp_path,
                                                                          monkeypatch):
    """Every deal read from its walk (issue 35, E71): ``score --json`` and the table are
    the full walk's and the engine's, byte for byte, under the options that read the
    tally, the takers and the tricks with an ace or the quinola."""
    from click.testing import CliRunner

    from reversis_cli.cli import cli

    deals = 30
    text = "".join(simulate_session(SimulationOptions(
        deals, seed=seed, rules=rules, events=0.3,
        forces={number: "discarded_two" for number in range(1, deals + 1)})))
    path = tmp_path / "two.rvs"
    path.write_text(text, encoding="utf-8")
    extra = ["--set", setting] if setting else []

    def outputs() -> list[tuple[int, str]]:
        found = []
        for command in (["score", "--json"], ["score"]):
            result = CliRunner().invoke(cli, [*command, str(path), *extra])
            assert result.exception is None or isinstance(result.exception, SystemExit)
            found.append((result.exit_code, result.output))
        return found

    fast = outputs()
    assert fast[0][0] == 0 and fast[0][1].count('"taker": ') == deals * 11
    assert text.count("discarded-two") == deals
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    assert outputs() == fast


def test_a_trick_of_three_cards_before_trick_11_is_given_up_by_the_walk():
    """Rows of a deal read in full (no leader or taker written): trick 10 of three
    cards, trick 11 of three, 42 different cards and the pack's last (2C) not
    among them.  The walk gives the deal up: a missing card's ``NO_INDEX`` is no
    card, though it would make the count of cards played come right."""
    from reversis_cli.model.rows import NO_INDEX, TrickRow
    from reversis_cli.replay import plaintwo

    cards = iter(range(47))  # every index but 2C's, 47
    rows: list[TrickRow] = []
    for number in range(1, 12):
        a, b, c = next(cards), next(cards), next(cards)
        d = NO_INDEX if number >= 10 else next(cards)
        rows.append((number, a, b, c, d, None, None, "", number))
    players = ("Anna", "Boris", "Vera", "Gleb")
    seats = {"Anna": 0, "Boris": 1, "Vera": 2, "Gleb": 3}
    assert plaintwo._walk(rows, seats, players, 3, 0) is None
    _, a, b, c, _, _, _, _, _ = rows[9]
    rows[9] = (10, a, b, c, next(cards), None, None, "", 10)  # four cards: walked
    assert plaintwo._walk(rows, seats, players, 3, 0) is not None


def test_trick_11_s_taker_is_read_by_the_tables_as_play_3_reads_it():
    """``plainwalk.place_of_three`` against PLAY-3 said plainly (the highest card of
    the suit led takes; the higher card is the lower index), on every three
    different cards in every order."""
    from itertools import permutations

    from reversis_cli.cards import PACK
    from reversis_cli.replay.plainwalk import place_of_three

    for cards in permutations(range(len(PACK)), 3):
        lo = cards[0] - cards[0] % 12
        led = [index for index in cards if lo <= index < lo + 12]
        assert place_of_three(*cards) == cards.index(min(led)), cards
