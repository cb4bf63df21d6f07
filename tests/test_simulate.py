"""The session generator: reproducible, legal, and the forced events really happen."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path

import pytest

from reversis_cli.cards import PACK, QUINOLA, Card, Rank
from reversis_cli.simulate import (
    DealRecord, GenerationError, format_deal, generate_deal, generate_session,
    privileged_plays, replay_check,
)

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"


def holds_espagnolette(hand) -> bool:
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    return aces == 4 or (aces == 3 and QUINOLA in hand)


def replay(record: DealRecord) -> list[str]:
    """An independent replay of a record: returns what is illegal in it (empty: legal)."""
    problems = []
    dealer = record.dealer
    # DEAL-1: 12 to the dealer, 11 to the others, 3 to the talon; the 48 cards once each.
    assert [len(h) for h in record.dealt] == [12 if s == dealer else 11 for s in range(4)]
    assert len(record.talon) == 3
    everything = [c for h in record.dealt for c in h] + list(record.talon)
    assert len(set(everything)) == 48 and set(everything) == set(PACK)
    # DEAL-2/3: exchanges in order from first hand, the dealer last.
    hands = [set(h) for h in record.dealt]
    out_of_play = []
    for k, ex in enumerate(record.exchanges, start=1):
        seat = (dealer + k) % 4
        assert ex.seat == seat
        if seat == dealer:
            assert ex.take is None and ex.refused is None
            hands[seat].remove(ex.discard)
            out_of_play.append(ex.discard)
        elif ex.refused is not None:
            assert ex.refused is record.talon[k - 1] and ex.discard is None
            out_of_play.append(ex.refused)
        else:
            assert ex.take is record.talon[k - 1]
            hands[seat].remove(ex.discard)
            hands[seat].add(ex.take)
            out_of_play.append(ex.discard)
    assert [frozenset(h) for h in hands] == list(record.hands)
    assert all(len(h) == 11 for h in hands)
    assert set(out_of_play) == set(record.partie) and len(record.partie) == 4
    esp = [s for s in range(4) if holds_espagnolette(hands[s])]
    assert esp == ([] if record.espagnolette is None else [record.espagnolette])
    # PLAY-1..3 and ESP-2.
    leader = (dealer + 1) % 4
    played = set()
    assert len(record.tricks) == 11 and len(record.takers) == 11
    for number, ((written, cards), taker) in enumerate(zip(record.tricks, record.takers), 1):
        assert written == leader, f"trick {number}: wrong leader"
        assert len(cards) == 4
        led = cards[0].suit
        for k, card in enumerate(cards):
            seat = (leader + k) % 4
            assert card in hands[seat], f"trick {number}: seat {seat} does not hold {card}"
            has_suit = any(c.suit is led for c in hands[seat])
            privileged = seat == record.espagnolette and number <= 9
            if k and card.suit is not led and has_suit and not privileged:
                problems.append(f"trick {number}: seat {seat} revokes {card}")
            hands[seat].remove(card)
            played.add(card)
        best = max(range(4), key=lambda k: (cards[k].suit is led, cards[k].rank))
        assert taker == (leader + best) % 4, f"trick {number}: wrong taker"
        leader = taker
    assert len(played) == 44 and played.isdisjoint(record.partie)
    return problems


@pytest.mark.parametrize("seed", [0, 1, 2, 1785, 99991])
def test_same_seed_same_text(seed):
    kw = dict(write_hands=True, events=0.3)
    assert generate_session(seed, 4, **kw) == generate_session(seed, 4, **kw)


def test_different_seeds_differ():
    assert generate_session(1, 2) != generate_session(2, 2)


def test_ordinary_deals_are_legal():
    rng = random.Random(7)
    for i in range(200):
        record = generate_deal(rng, i % 4)
        assert replay(record) == []
        assert replay_check(record) == []


@pytest.mark.parametrize("seed", range(6))
def test_reversis_made(seed):
    record = generate_deal(random.Random(seed), seed % 4, force="reversis")
    assert replay(record) == []
    assert len(set(record.takers)) == 1
    assert record.reversis == record.takers[0]
    assert record.tricks_won()[record.reversis] == 11


@pytest.mark.parametrize("seed", range(6))
def test_reversis_broken(seed):
    record = generate_deal(random.Random(seed), seed % 4, force="broken_reversis")
    assert replay(record) == []
    undertaker = record.takers[0]
    assert all(t == undertaker for t in record.takers[:9])
    assert record.takers[9] != undertaker or record.takers[10] != undertaker
    assert record.broken_reversis[0] == undertaker


@pytest.mark.parametrize("seed", range(6))
def test_espagnolette_uses_its_privilege(seed):
    record = generate_deal(random.Random(seed), seed % 4, force="espagnolette")
    assert replay(record) == []
    holder = record.espagnolette
    assert holder is not None and holds_espagnolette(record.hands[holder])
    # At least one off-suit play in tricks 1-9 while holding the suit led (ESP-2) ...
    held = set(record.hands[holder])
    privileged = []
    for number in range(1, 12):
        plays = record.plays(number)
        led = plays[0][1].suit
        for seat, card in plays[1:]:
            if seat == holder and card.suit is not led and any(c.suit is led for c in held):
                privileged.append(number)
        held -= {card for seat, card in plays if seat == holder}
    assert privileged and max(privileged) <= 9
    assert [n for n, _ in privileged_plays(record)] == privileged
    # ... and it is written down.
    text = format_deal(record, 1, ("Anna", "Boris", "Vera", "Gleb"))
    assert f"espagnolette {('Anna', 'Boris', 'Vera', 'Gleb')[holder]}\n" in text


def test_unknown_force_is_refused():
    with pytest.raises(ValueError):
        generate_deal(random.Random(0), 0, force="grand-slam")


def test_attempts_are_bounded():
    with pytest.raises(GenerationError):
        generate_deal(random.Random(0), 0, force="reversis", max_attempts=0)


def test_session_text_shape():
    players = ("Анна", "Борис", "Вера", "Глеб")
    text = generate_session(5, 4, players=players, title="Вечер", rules="modern",
                            write_hands=True, card_style="ru")
    lines = text.splitlines()
    assert lines[0] == "reversis 1"
    assert 'title "Вечер"' in lines and "rules modern" in lines
    assert "players Анна Борис Вера Глеб" in lines
    deal_lines = [line for line in lines if line.startswith("deal ")]
    # SEAT-2: the deal passes to the next player, starting with the last listed.
    assert deal_lines == [f"deal {n} dealer {players[(n + 2) % 4]}" for n in range(1, 5)]
    tricks = [line for line in lines if re.match(r"  \d+ ", line)]
    assert len(tricks) == 44
    assert sum(line.startswith("  hand ") for line in lines) == 16
    assert sum(line.startswith("  talon ") for line in lines) == 4
    assert sum(line.startswith("  partie ") for line in lines) == 4
    assert sum(line.startswith("  exchange ") for line in lines) == 16
    cards = " ".join(line for line in lines if line.startswith("  1 "))
    assert "AS" not in cards and re.search("[ТКДВ]", text)


def test_written_cards_round_trip():
    record = generate_deal(random.Random(3), 2)
    for style in ("ascii", "unicode", "ru"):
        text = format_deal(record, 1, ("A1", "B1", "C1", "D1"), card_style=style,
                           write_hands=True)
        hand = next(line for line in text.splitlines() if line.startswith("  hand "))
        written = [Card.parse(w) for w in hand.split()[2:]]
        assert written == list(record.dealt[(record.dealer + 1) % 4])


def _load_make_samples():
    path = ROOT / "tests" / "tools" / "make_samples.py"
    spec = importlib.util.spec_from_file_location("make_samples", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_samples", module)
    spec.loader.exec_module(module)
    return module


def test_samples_are_reproducible(tmp_path):
    """samples/ is exactly what tests/tools/make_samples.py writes from its seeds."""
    _load_make_samples().main(["make_samples", str(tmp_path)])
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.rvs"))
    assert made, "nothing generated"
    for rel in made:
        assert (SAMPLES / rel).read_bytes() == (tmp_path / rel).read_bytes(), rel


def test_big_night_has_its_events():
    ms = _load_make_samples()
    records = ms.deals(ms.SEEDS["big-night"], 12, ms.BIG_NIGHT_FORCES)
    assert all(replay(r) == [] for r in records)
    assert records[2].reversis is not None
    assert records[5].espagnolette is not None and privileged_plays(records[5])
    assert records[8].broken_reversis is not None


_EXPECT = re.compile(rb"#\s*expect:\s*(RV\d{3})")


def _codes(path: Path) -> list:
    check = pytest.importorskip("reversis_cli.check")
    return check.check_file(path).diagnostics


def _exit_code(path: Path) -> int:
    cli = pytest.importorskip("reversis_cli.cli")
    from click.testing import CliRunner
    return CliRunner().invoke(cli.cli, ["check", str(path)]).exit_code


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.rvs")), ids=lambda p: p.name)
def test_samples_check_clean(path):
    diags = _codes(path)
    assert [(d.code, d.line, d.message) for d in diags] == []
    assert _exit_code(path) == 0


@pytest.mark.parametrize("path", sorted((SAMPLES / "bad").glob("*.rvs")), ids=lambda p: p.name)
def test_bad_samples_report_their_code(path):
    data = path.read_bytes()
    match = _EXPECT.match(data)
    expected = match.group(1).decode() if match else {"empty.rvs": "RV110"}[path.name]
    diags = _codes(path)
    codes = {d.code for d in diags}
    assert expected in codes, [(d.code, d.message) for d in diags]
    assert codes == {expected}, [(d.code, d.message) for d in diags]
    assert _exit_code(path) == (0 if expected == "RV201" else 1)
