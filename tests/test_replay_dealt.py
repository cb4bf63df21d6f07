"""A deal written with its hands (``hand``, ``talon``, ``partie`` lines) goes
through the plain replay (replay/plaindealt.py holds those lines to the play)
and the lean settlement when nothing about it is in doubt, and gives the same
bytes as the readable path (``REVERSIS_REFERENCE=1``): ``score --json`` and
``check --json`` on simulated records with their hands, irregular ones among
them, and on hand-written hostile deals, each of which the full walk reports
with the same diagnostic at the same place either way.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner

from reversis_cli import fastpaths
from reversis_cli.cards import PACK
from reversis_cli.cli import cli
from reversis_cli.model import HandLine, PartieLine, TalonLine
from reversis_cli.model.deal import DealtRows
from reversis_cli.model.rows import DEALT_KINDS
from reversis_cli.notation.fastpath import FastPath
from reversis_cli.notation import parse
from reversis_cli.notation.parse import parse_deal
from reversis_cli.notation.spaced import SpacedLines
from reversis_cli.replay.plain import replay_plain
from reversis_cli.settle import lean
from reversis_cli.simulate import SimulationOptions, simulate_session

from conftest import ROOT
from test_fastpath_parity import deal_chunks
from test_replay_plain import _agree, _replayed

ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
COMMANDS = [("score", "--json"), ("check", "--json"), ("check",)]


def _simulated(seed: int, deals: int, **options) -> str:
    options.setdefault("write_hands", True)
    return "".join(simulate_session(SimulationOptions(deals, seed=seed, **options)))


def _outputs(path, monkeypatch, reference: bool) -> list[tuple[int, str]]:
    monkeypatch.setattr(fastpaths, "REFERENCE", reference)
    found = []
    for command in COMMANDS:
        result = CliRunner().invoke(cli, [*command, str(path)], env=ENV)
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            result.output
        found.append((result.exit_code, result.output))
    monkeypatch.setattr(fastpaths, "REFERENCE", False)
    return found


def _same_both_ways(text: str, tmp_path, monkeypatch, name: str = "dealt.rvs"
                    ) -> list[tuple[int, str]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    fast = _outputs(path, monkeypatch, False)
    assert fast == _outputs(path, monkeypatch, True)
    return fast


# -- a hand, talon or partie line is read lean, its cards made when first read ----------

@pytest.mark.parametrize("style", ["ascii", "unicode", "ru"])
def test_lean_hand_talon_and_partie_lines_are_lark_s(style):
    text = _simulated(6, 12, card_style=style, irregular=0.2)
    lean = 0
    for chunk in deal_chunks(text):
        fast, _ = parse_deal(list(chunk.lines), chunk.first_line, fast=True)
        slow, _ = parse_deal(list(chunk.lines), chunk.first_line, fast=False)
        assert fast is not None and slow is not None
        for kind in (HandLine, TalonLine, PartieLine):
            for mine, lark in zip(fast.of_type(kind), slow.of_type(kind), strict=True):
                assert lark._source is None
                if mine._source is None:
                    continue
                lean += 1
                if kind is HandLine:  # read by its words: its mask and size, the rest later
                    assert (mine.mask, mine.size) == (lark.mask, lark.size)
                assert mine.indexes == lark.indexes  # read before the cards are made
                assert mine._source is not None and mine == lark
                assert [tuple(card) for card in mine.cards] == [tuple(c) for c in lark.cards]
                assert all(card.card is PACK[card.card.index] for card in mine.cards)
        assert fast == slow
    assert lean > 12 * 4  # a spelling read the first time is read in full


# Lines read again by their words once their words are known: blanks, case and spellings.
DEALT_VARIANTS = [
    "hand Anna QS 8S 4S", "  hand   Anna    QS  8S 4S   ", "hand Anna qs 8s 4s", "hand Anna Q♠ 8♠",
    "hand Annа QS 8S", "hand hand QS", "hand Anna 10S QS", "hand Anna TS QS", "hand Anna QS QS",
    "hand Anna", "hand Anna QS > Vera", "talon 6S 9H 9S", "talon  6S 9H   9S  ", "talon 6S",
    "talon", "talon 6S 9H 9S 8S", "partie JH 9H KD AD", "partie   JH 9H", "partie JH, 9H",
    "partie 12S", "hand Anna QS #8S", "hand Anna\tQS 8S", "hand Anna QS 8S\x0b",
    "hand Ann1234567890123456789012345678901 QS", "hand Anna QS 8S ♠", "hand 9Anna QS 8S",
    "hand exchange QS 8S", "hand pool 8S", "hand Anna-Maria QS",
]


@pytest.mark.parametrize("size", [2, 8])
def test_dealt_lines_by_their_words_read_as_lark_reads_them(size, monkeypatch):
    by_words = []
    read = FastPath._dealt_by_words

    def counted(self, *args):
        made = read(self, *args)
        by_words.append(made is not None)
        return made

    monkeypatch.setattr(FastPath, "_dealt_by_words", counted)
    rng = random.Random(size)
    head = "deal 1 dealer Gleb"
    lines = [head] + [rng.choice(DEALT_VARIANTS) for _ in range(600)]
    for start in range(1, len(lines), size):  # a deal of a few lines, again and again
        chunk = [head, *lines[start:start + size]]
        fast, fast_problems = parse_deal(list(chunk), 1, fast=True)
        slow, slow_problems = parse_deal(list(chunk), 1, fast=False)
        assert (fast, fast_problems) == (slow, slow_problems), chunk
    assert sum(by_words) > 40  # lines read by their words, whole deals of them


# The variants a block reader cuts as SpacedLines (ASCII, no blank but the space).
SPACED_DEALT_VARIANTS = [line for line in DEALT_VARIANTS if line.isascii()
                         and not re.search(r"[\t\x0b\x0c\x1c-\x1f]", line)]


@pytest.mark.parametrize("size", [3, 7])
def test_dealt_lines_of_spaced_lines_read_in_the_one_loop_as_lark_reads_them(size,
                                                                             monkeypatch):
    """The one loop (notation/fastspaced.py) reads a hand line inline and a talon
    or partie line by its words: every deal of SpacedLines the same as Lark's
    (above the tricks, and below them, where the loop leaves the line to the rest)."""
    whole = []
    read = parse.read_spaced_deal

    def counted(*args):
        made = read(*args)
        whole.append(made is not None and isinstance(made[0]._by_type.get(HandLine), list))
        return made

    monkeypatch.setattr(parse, "read_spaced_deal", counted)
    rng = random.Random(size)
    head, trick = "deal 1 dealer Gleb", "   1 Anna  2C JC 7C 9C"
    usual = ["  hand Anna  QS 8S 4S", "  hand Boris QH 2C", "  talon 6S 9H 9S",
             "  partie JH 9H KD AD", "  exchange Anna discards JH takes 6S"]
    lines = [rng.choice(usual if rng.random() < 0.8 else SPACED_DEALT_VARIANTS + [trick])
             for _ in range(700)]
    # Read twice, counted the second time: the fast path learns the words it reads
    # (a process's earlier tests may have taught it more or fewer), so that by then it
    # knows every word of these lines whatever ran before in the process.
    for _ in range(2):
        whole.clear()
        for start in range(0, len(lines), size):  # a deal of a few lines, again and again
            chunk = SpacedLines([head, *lines[start:start + size]])
            fast, fast_problems = parse_deal(chunk, 1, fast=True)
            slow, slow_problems = parse_deal(list(chunk), 1, fast=False)
            assert (fast is None) == (slow is None), chunk
            if fast is not None and slow is not None:  # the rows the plain replay reads
                assert [[row[:5] for row in rows] for rows in fast.dealt_rows] == [
                    [row[:5] for row in rows] for rows in slow.dealt_rows], chunk
            assert (fast, fast_problems) == (slow, slow_problems), chunk
    assert sum(whole) > 40  # deals read whole by the loop, their hand lines as rows


def test_a_hand_with_a_card_written_twice_has_a_mask_of_fewer_cards_read_either_way():
    """The mask is the cards' bits summed: QS twice carries into JS's bit, and the
    plain replay sees fewer bits than cards (RV202, the full walk's to say)."""
    chunk = ["deal 1 dealer Gleb", "  hand Anna QS 8S", "  hand Anna QS QS 8S",
             "  hand Anna QS 8S 8S"]
    fast, _ = parse_deal(chunk, 1, fast=True)
    slow, _ = parse_deal(chunk, 1, fast=False)
    assert fast is not None and slow is not None
    read = [(line.mask, line.size) for line in fast.hands]
    assert read == [(line.mask, line.size) for line in slow.hands]
    assert [mask.bit_count() for mask, _ in read] == [2, 2, 2]
    assert [size for _, size in read] == [2, 3, 3]
    assert fast.hands[1]._source is not None and fast.hands[1].indexes == slow.hands[1].indexes


def test_the_slots_the_plain_replay_reads_on_every_dealt_line_are_plain_slots():
    """No ``__getattr__`` on a dealt line's class: with one, every attribute is
    read the slow way (≈0.7 k instructions, not the specialised read of a slot),
    and the plain replay reads three a hand line; only the slots made when
    first read are ``_Lazy``, and those are not read on a plain deal."""
    from reversis_cli.model import dealt

    read_each_deal: dict[type, tuple[str, ...]] = {
        HandLine: ("player_text", "mask", "size"), TalonLine: ("indexes",),
        PartieLine: ("indexes",)}
    for kind, names in read_each_deal.items():
        assert not any("__getattr__" in vars(klass) for klass in kind.__mro__), kind
        assert "indexes" in vars(kind) and "cards" in vars(kind)
        for name in names:
            assert not isinstance(vars(kind)[name], dealt._Lazy), (kind, name)
    assert isinstance(vars(HandLine)["indexes"], dealt._Lazy)


# -- the plain replay takes a deal with its hands, as the full walk replays it ------------

@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no plain replay")
@pytest.mark.parametrize("options", [{}, {"rules": "modern"}, {"card_style": "ru"},
                                     {"write_exchanges": False}], ids=str)
def test_a_deal_with_its_hands_is_replayed_plain(options, monkeypatch):
    calls = _replayed(_simulated(3, 40, events=0.0, **options), monkeypatch)
    assert all(deal.hands and deal.talon and deal.partie for deal, _, _ in calls)
    # every deal: no event, no revoke in a simulated plain deal; held to the full walk
    assert _agree(calls) == len(calls)


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no plain replay")
def test_the_partie_is_as_written_and_the_lean_settlement_takes_the_deal(monkeypatch):
    calls = _replayed(_simulated(5, 10, events=0.0), monkeypatch)
    settled = []
    settle = lean._Lean.settle

    def counted(self, *facts):
        settled.append(self)
        return settle(self, *facts)

    monkeypatch.setattr(lean._Lean, "settle", counted)
    for deal, players, _ in calls:
        plain = replay_plain(deal, players)
        assert plain is not None and plain.partie_written
        assert plain.partie == tuple(c.card for c in deal.partie.cards)  # in the order written
    result = CliRunner().invoke(cli, ["score", "--json", "-"], input=_simulated(5, 10, events=0.0),
                                env=ENV)
    assert result.exit_code == 0, result.output
    assert len(settled) == 10  # each deal settled on ints


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no plain replay")
@pytest.mark.parametrize("options", [
    {"irregular": 0.2, "events": 0.2}, {"events": 0.3}, {"irregular": 0.3},
], ids=str)
def test_irregular_deals_with_their_hands_replay_alike(options, monkeypatch):
    calls = _replayed(_simulated(9, 60, **options), monkeypatch)
    assert _agree(calls) > len(calls) // 3  # the regular ones among them are plain


# -- the same bytes both ways -----------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"irregular": 0.2, "events": 0.2}], ids=str)
def test_records_with_their_hands_give_the_same_bytes_both_ways(options, tmp_path, monkeypatch):
    outputs = _same_both_ways(_simulated(1, 60, **options), tmp_path, monkeypatch)
    assert outputs[0][0] == 0 and outputs[0][1].count('"number"') >= 60


def test_the_variable_itself_gives_the_same_bytes(tmp_path):
    """``REVERSIS_REFERENCE=1`` in a process's environment, not the module's flag."""
    path = tmp_path / "mixed.rvs"
    path.write_text(_simulated(4, 40, irregular=0.2, events=0.2), encoding="utf-8")
    outputs = []
    for value in ("0", "1"):
        env = {**os.environ, **ENV, fastpaths.VARIABLE: value}
        outputs.append([subprocess.run([sys.executable, "-m", "reversis_cli", *command,
                                        str(path)], capture_output=True, cwd=ROOT, env=env)
                        for command in (("score", "--json"), ("check", "--json"))])
    assert [(r.returncode, r.stdout, r.stderr) for r in outputs[0]] \
        == [(r.returncode, r.stdout, r.stderr) for r in outputs[1]]
    assert outputs[0][0].returncode == 0 and outputs[0][0].stdout


# -- hostile deals: the full walk says what is wrong, the same way both ways -----------

# deal 1 of ``simulate --deals 1 --seed 1 --hands``: its lines as written
_HANDS = {
    "Anna": "QS 8S 4S 2S QH JH 4H 8D AC 3C 2C",
    "Boris": "5S AH 6H 5H 3H QD 5D 3D KC QC JC",
    "Vera": "JS 3S 8H 7H 2H KD 4D 2D 7C 6C 4C",
}


def _deal_one() -> str:
    text = _simulated(1, 1)
    for player, cards in _HANDS.items():
        assert f"hand {player:<5} {cards}\n" in text
    assert "  talon 6S 9H 9S\n" in text
    return text


def _changed(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1
    return text.replace(old, new)


def _at(text: str, line_text: str, word: str, nth: int = 1) -> str:
    """``LINE:COL`` of the ``nth`` ``word`` of the line holding ``line_text``."""
    lines = text.split("\n")
    number = next(k for k, line in enumerate(lines, 1) if line_text in line)
    column = [m.start() for m in re.finditer(rf"(?<!\S){word}(?!\S)", lines[number - 1])][nth - 1]
    return f"{number}:{column + 1}"


# Each case: how the deal is made wrong, the code the full walk reports, and where: the
# line holding a text, the word on it (its nth time).
HOSTILE: dict[str, tuple[Callable[[str], str], str, tuple[Any, ...]]] = {
    # Anna plays 2C in trick 1, but her hand line holds 9H (out of play) instead; with no
    # talon line 9H is in no other line, and she takes 6S: 2C is all that is wrong
    "a card played that is not in the written hand": (
        lambda t: _changed(_changed(t, "AC 3C 2C\n", "AC 3C 9H\n"), "  talon 6S 9H 9S\n", ""),
        "RV303", ("   1 Anna  ", "2C")),
    # her hand line says JC, which Boris plays, and Boris's says 2C, which she plays
    "a card played that is in another's hand": (
        lambda t: _changed(_changed(t, "AC 3C 2C\n", "AC 3C JC\n"), "QC JC\n", "QC 2C\n"),
        "RV303", ("hand Anna", "JC")),
    "a hand with a card written twice": (
        lambda t: _changed(t, "AC 3C 2C\n", "AC 3C 3C\n"), "RV202", ("hand Anna", "3C", 2)),
    # 9H (Boris's talon card, refused: out of play) in Anna's hand instead of JH, her
    # discard, whose exchange line is left out: only the talon says something is wrong
    "a talon card in a hand": (
        lambda t: _changed(_changed(t, "QH JH 4H", "QH 9H 4H"),
                           "  exchange Anna discards JH takes 6S\n", ""),
        "RV304", ("talon", "9H")),
    "a talon card played by another": (
        lambda t: _changed(t, "talon 6S 9H 9S", "talon 6S 9S 9H"), "RV304", ("talon", "9S")),
    "a card seen that is not the talon card": (
        lambda t: _changed(t, "exchange Boris refuses\n", "exchange Boris refuses sees JH\n"),
        "RV305", ("exchange Boris", "JH")),
    # KD in Anna's hand (for JH) as well as Vera's, each discarding it: no card is
    # played from the wrong hand and the partie is the cards not played, so only the
    # hands said so; the full walk once reported nothing (RV202 across hands)
    "a card in two hands, each discarding it": (
        lambda t: _changed(_changed(t, "QH JH 4H 8D", "QH KD 4H 8D"),
                           "exchange Anna discards JH", "exchange Anna discards KD"),
        "RV202", ("hand Vera", "KD")),
    "a partie with a card played": (
        lambda t: _changed(t, "partie JH 9H KD AD", "partie JH 9H KD 2C"), "RV306",
        ("partie", "2C")),
    # Each of the next four leaves the hands and the talon a partition of the pack (48
    # cards, each once), which plaindealt.dealt_usual asks first: only the seats say it.
    # Anna's and Boris's hand lines name each other: each plays the other's hand
    "two hand lines with their players swapped": (
        lambda t: _changed(_changed(_changed(t, "hand Anna  QS", "hand @@@@  QS"),
                                    "hand Boris 5S", "hand Anna  5S"),
                           "hand @@@@  QS", "hand Boris QS"),
        "RV303", ("hand Boris QS", "QS")),
    # the dealer's 5C written in Anna's hand: twelve cards hers, eleven his
    "the dealer's card in another's hand": (
        lambda t: _changed(_changed(t, "9C 8C 5C\n", "9C 8C\n"), "AC 3C 2C\n", "AC 3C 2C 5C\n"),
        "RV204", ("hand Anna", "hand")),
    # Anna takes Vera's talon card, which Vera takes and plays
    "a card taken that is another's talon card": (
        lambda t: _changed(t, "discards JH takes 6S", "discards JH takes 9S"), "RV305",
        ("exchange Anna", "9S")),
    # Vera refuses 9S, then plays it; KD, kept, is never played
    "a refused talon card played": (
        lambda t: _changed(t, "exchange Vera discards KD takes 9S", "exchange Vera refuses"),
        "RV305", ("exchange Vera", "exchange")),
    # The exchange rows alone made wrong, the hands, the talon and the play as dealt:
    # dealt_usual holds the rows itself (plain._exchanges_plain is then not asked).
    # Anna's row twice (her refusal in Boris's place), Boris's none
    "a player's exchange line twice, another's none": (
        lambda t: _changed(t, "exchange Boris refuses\n", "exchange Anna refuses\n"),
        "RV308", ("exchange Anna refuses", "exchange")),
    "a refusal that sees two cards": (
        lambda t: _changed(t, "exchange Boris refuses\n", "exchange Boris refuses sees 9H 9S\n"),
        "RV305", ("exchange Boris", "exchange")),
    "the dealer refusing": (
        lambda t: _changed(t, "exchange Gleb discards AD\n", "exchange Gleb refuses\n"),
        "RV305", ("exchange Gleb", "exchange")),
    # Anna (the first seat, whose seat's two bits are none) plays 9H, Boris's refused
    # talon card, instead of QH, which her hand line holds and which is then out of play
    "a refused talon card played instead of a card of the hand": (
        lambda t: _changed(_changed(t, "2 Boris 3H 2H KH QH", "2 Boris 3H 2H KH 9H"),
                           "partie JH 9H KD AD", "partie JH QH KD AD"),
        "RV304", ("talon", "9H")),
}


def test_a_hand_line_written_twice_is_said_once_not_as_cards_in_two_hands(tmp_path):
    line = "  hand Anna  QS 8S 4S 2S QH JH 4H 8D AC 3C 2C\n"
    path = tmp_path / "twice.rvs"
    path.write_text(_changed(_deal_one(), line, line + line), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1
    assert "error[RV308]: this line repeats what line" in result.output
    assert "RV202" not in result.output, result.output


@pytest.mark.parametrize("case", HOSTILE, ids=str)
def test_a_hostile_hand_line_is_reported_the_same_both_ways(case, tmp_path, monkeypatch):
    make, code, place = HOSTILE[case]
    reported_the_same_both_ways(make(_deal_one()), code, place, tmp_path, monkeypatch)


def reported_the_same_both_ways(text: str, code: str, place: tuple[str, str], tmp_path,
                                monkeypatch) -> None:
    """A hostile deal: the same bytes fast and under the switch, the error
    ``code`` at ``place`` (a line's start and a word of it), and the plain
    replay gave the deal up (the full walk said it)."""
    outputs = _same_both_ways(text, tmp_path, monkeypatch, "hostile.rvs")
    (_, as_json), (status, as_text) = outputs[1], outputs[2]
    assert status != 0
    where = f"hostile.rvs:{_at(text, *place)}: error[{code}]"
    assert where in as_text, as_text
    assert f'"code": "{code}"' in as_json
    calls = _replayed(text, monkeypatch)
    assert len(calls) == 1 and replay_plain(*calls[0][:2]) is None


def _broken(text: str, rng: random.Random) -> str:
    """A deal's hand, talon, partie or exchange lines with one thing made wrong."""
    lines = text.split("\n")
    kinds = ("hand", "talon", "partie", "exchange")
    k = rng.choice([k for k, line in enumerate(lines) if line.split()[:1]
                    and line.split()[0] in kinds])
    words = lines[k].split()
    first = 2 if words[0] in ("hand", "exchange") else 1
    how = rng.randrange(5)
    if how == 0:  # a card left out
        del words[rng.randrange(first, len(words))]
    elif how == 1:  # a card written twice
        words.insert(rng.randrange(first, len(words)), rng.choice(words[first:]))
    elif how == 2:  # a card of another line of the deal
        others = [w for line in lines if line.split()[:1] and line.split()[0] in kinds
                  for w in line.split()[1:] if re.fullmatch(r"[2-9JQKA][SHDC]", w)]
        places = [j for j in range(first, len(words)) if re.fullmatch(r"[2-9JQKA][SHDC]",
                                                                       words[j])]
        if places:
            words[rng.choice(places)] = rng.choice(others)
    elif how == 3:  # the line written twice
        lines.insert(k, lines[k])
        return "\n".join(lines)
    else:  # its cards in another order (a talon's order names each card's owner)
        cards = words[first:]
        rng.shuffle(cards)
        words[first:] = cards
    lines[k] = "  " + " ".join(words)
    return "\n".join(lines)


@pytest.mark.parametrize("deals", [40, pytest.param(200, marks=pytest.mark.slow)])
def test_broken_hand_lines_replay_alike_and_give_the_same_bytes(deals, tmp_path, monkeypatch):
    rng = random.Random(35)
    blocks = _simulated(12, deals, events=0.0).split("\n\n")
    text = "\n\n".join([blocks[0]] + [_broken(block, rng) for block in blocks[1:]])
    calls = _replayed(text, monkeypatch)
    plain = _agree(calls)
    assert plain < len(calls) * 2 // 3  # most were broken for the full walk too
    outputs = _same_both_ways(text, tmp_path, monkeypatch, "broken.rvs")
    assert outputs[1][0] != 0  # check found them


@pytest.mark.parametrize("seed", range(6))
def test_each_seat_s_cards_played_as_a_mask_are_its_bytes_one_by_one(seed):
    """``plaindealt._masks_by_seat`` (at C speed: the cards' owners by
    ``bytes.maketrans``, each seat's mask read in binary) gives each seat the
    bits of its eleven bytes, one at a time as before; a byte that is no card
    (``NO_CARD``: the eleventh of a player who discarded two) in none."""
    from reversis_cli.replay.plain import NO_CARD
    from reversis_cli.replay.plaindealt import _masks_by_seat
    rng = random.Random(seed)
    played = bytearray(rng.sample(range(len(PACK)), 44))
    if seed % 2:
        played[rng.randrange(4) * 11 + 10] = NO_CARD
    want = [sum(1 << index for index in played[seat * 11:seat * 11 + 11] if index != NO_CARD)
            for seat in range(4)]
    assert _masks_by_seat(bytes(played)) == want
    assert sum(mask.bit_count() for mask in want) == 44 - seed % 2


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no lean deal")
def test_a_deal_s_dealt_lines_are_rows_the_replay_reads_and_lines_only_when_asked(monkeypatch):
    """A record written with its hands: each deal read by the fast path keeps its
    hand, talon and partie lines as rows (``Deal.dealt_rows``), which the plain
    replay reads; no line is made for ``score --json`` or ``check``.  Asked for,
    they are Lark's lines, in place among the deal's statements."""
    calls = _replayed(_simulated(9, 30, events=0.0), monkeypatch)
    lean = [deal for deal, _, _ in calls if type(deal._by_type.get(HandLine)) is DealtRows]
    assert len(lean) > 25  # all but a deal or two with a word read first
    for deal in lean:  # none made
        assert all(type(deal._by_type[kind]) is DealtRows for kind in DEALT_KINDS)
        assert [len(rows) for rows in deal.dealt_rows] == [4, 1, 1]
    text = _simulated(9, 30, events=0.0)
    for chunk in deal_chunks(text)[1:]:
        fast, _ = parse_deal(chunk.lines, chunk.first_line, fast=True)
        slow, _ = parse_deal(chunk.lines, chunk.first_line, fast=False)
        assert fast is not None and slow is not None
        assert fast.hands == slow.hands and fast.talon == slow.talon  # made from the rows
        assert fast.statements == slow.statements and fast.partie == slow.partie


def test_a_deal_whose_first_hand_line_is_read_by_its_expression_has_lines_not_rows():
    """A deal of dealt lines, some read by their words (rows) and one by the
    expression (a player's word read first here): every dealt line a line, in
    order, and the rows made lines (one sequence a kind, as Lark's)."""
    parse_deal(["deal 1 dealer Gleb", "  hand Anna QS 8S", "  talon AS KS QH"], 1)
    chunk = ["deal 2 dealer Anna", "  hand Anna QS 8S", "  hand Zoya QS 8S", "  hand Anna QS",
             "  talon AS KS QH"]
    fast, fast_problems = parse_deal(chunk, 1, fast=True)
    assert fast is not None and type(fast._by_type[HandLine]) is tuple  # lines, no rows
    slow, slow_problems = parse_deal(chunk, 1, fast=False)
    assert (fast, fast_problems) == (slow, slow_problems)
    assert [line.player.text for line in fast.hands] == ["Anna", "Zoya", "Anna"]
    assert [len(rows) for rows in fast.dealt_rows] == [3, 1, 0]


# -- the usual deal held to its play at once (plaindealt.dealt_usual) -----------------------

def _dealt_plain_both_ways(text: str) -> tuple[int, int]:
    """Each deal of ``text`` that reaches ``dealt_plain`` with nobody keeping a
    card or discarding two, asked of ``dealt_usual`` and of the checks one by one
    (``dealt_plain``): where ``dealt_usual`` answers, they answer the same.  How
    many ``dealt_usual`` answered, and how many of the usual shape
    (four hands, one talon, one partie, four exchange rows) the general checks
    took."""
    from reversis_cli.replay import plain, plaindealt, plainwalk
    players = ("Anna", "Boris", "Vera", "Gleb")
    answered = usual_shape = 0
    for chunk in deal_chunks(text):
        deal, _ = parse_deal(list(chunk.lines), chunk.first_line)
        if deal is None:
            continue
        seats = plain._seats(players)
        dealer = seats.get(deal.dealer.text)
        if dealer is None:
            continue
        walked = plainwalk.walk_plain(deal.trick_rows, seats, players, dealer)
        if walked is None:
            continue
        _, played, by_seat, _, _ = walked
        exchanges = deal.exchange_rows
        lines = plaindealt.dealt_lines(deal)
        # asked first, as replay_plain asks it: its answer holds the exchange rows too
        fast = plaindealt.dealt_usual(lines, seats, dealer, played, by_seat, exchanges)
        held = plain._exchanges_plain(exchanges, seats, dealer, played, by_seat)
        assert held or fast is None, chunk.lines
        if not held:
            continue
        general = plaindealt.dealt_plain(deal, seats, dealer, played, by_seat, exchanges,
                                         lines=lines)
        if fast is not None:
            answered += 1
            assert general == (fast, -1), chunk.lines
        shape = [len(rows) for rows in lines] == [4, 1, 1] and len(exchanges) == 4
        usual_shape += general is not None and shape
    return answered, usual_shape


@pytest.mark.parametrize("options", [{"events": 0.0}, {"write_exchanges": False},
                                     {"irregular": 0.3, "events": 0.2}], ids=str)
def test_the_usual_deal_is_held_to_its_play_at_once_as_the_general_checks_hold_it(options):
    answered, usual_shape = _dealt_plain_both_ways(_simulated(21, 80, **options))
    # every usual deal the general checks take, dealt_usual takes
    assert answered == usual_shape
    if options.get("write_exchanges", True):
        assert answered > 40


def test_the_usual_deal_gives_up_on_broken_lines_where_the_general_checks_do():
    rng = random.Random(88)
    blocks = _simulated(22, 150, events=0.0).split("\n\n")
    broken = "\n\n".join([blocks[0]] + [_broken(block, rng) for block in blocks[1:]])
    answered, usual_shape = _dealt_plain_both_ways(broken)  # asserts each answer alike
    assert 0 < answered <= usual_shape < 150


# Hand lines that only the hands' count and their bits summed to the pack tell wrong:
# KD in Anna's hand and in Vera's, each discarding it (JH in no line: the full walk
# reports nothing, but the general checks give the deal up, so dealt_usual must); Anna's
# 2C written as a third 3C (3C + 3C + 3C = 3C + 2C in bits: her mask as dealt, of
# twelve words).
CARDS_SUMMED_WRONG = {
    "a card in two hands, each discarding it": lambda t: _changed(
        _changed(t, "QH JH 4H 8D", "QH KD 4H 8D"), "exchange Anna discards JH",
        "exchange Anna discards KD"),
    "a card written three times, its bits summed to the hand as dealt": lambda t: _changed(
        t, "AC 3C 2C\n", "AC 3C 3C 3C\n"),
}


@pytest.mark.parametrize("case", CARDS_SUMMED_WRONG, ids=str)
def test_the_usual_deal_gives_up_where_only_the_count_of_cards_tells(case):
    assert _dealt_plain_both_ways(_deal_one()) == (1, 1)
    assert _dealt_plain_both_ways(CARDS_SUMMED_WRONG[case](_deal_one())) == (0, 0)
