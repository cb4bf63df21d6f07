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
    IRREGULAR_MODES, VOID_MODES, GenerationError, SimulationOptions, simulate_session,
)
from reversis_cli.simulate.events import generate_deal
from reversis_cli.simulate.played import PlayedDeal, dealer_after

from conftest import bad_samples, good_samples
from simulate_oracles import PLAYERS, deal_lines, privileged_plays, replay_check


def generate_session(seed: int, deals: int, **options) -> str:
    """A whole session's text; no rare events unless asked for."""
    options.setdefault("events", 0.0)
    return "".join(simulate_session(SimulationOptions(deals, seed, **options)))

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"


def holds_espagnolette(hand) -> bool:
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    return aces == 4 or (aces == 3 and QUINOLA in hand)


def replay(record: PlayedDeal) -> list[str]:
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
            assert ex.take is None and ex.refused is None and ex.discard is not None
            hands[seat].remove(ex.discard)
            out_of_play.append(ex.discard)
        elif ex.refused is not None:
            assert ex.refused is record.talon[k - 1] and ex.discard is None
            out_of_play.append(ex.refused)
        else:
            assert ex.take is record.talon[k - 1] and ex.discard is not None
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
    for number, ((written, cards), taker) in enumerate(
            zip(record.tricks, record.takers, strict=True), 1):
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


@pytest.mark.parametrize("deals", [50, pytest.param(200, marks=pytest.mark.slow)])
def test_ordinary_deals_are_legal(deals):
    rng = random.Random(7)
    for i in range(deals):
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
    assert record.broken_reversis is not None and record.broken_reversis[0] == undertaker


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
    assert f"  espagnolette {PLAYERS[holder]}" in deal_lines(record)


def test_unknown_force_is_refused():
    with pytest.raises(ValueError):
        generate_deal(random.Random(0), 0, force="grand-slam")


def test_attempts_are_bounded():
    with pytest.raises(GenerationError):
        generate_deal(random.Random(0), 0, force="reversis", max_attempts=0)


def test_session_text_shape():
    players = ("Анна", "Борис", "Вера", "Глеб")
    text = generate_session(5, 4, players=players, title="Вечер", rules="modern",
                            write_hands=True, card_style="ru", comments=("seeded",))
    lines = text.splitlines()
    assert lines[:2] == ["# seeded", "reversis 1"]
    assert 'title "Вечер"' in lines and "rules modern" in lines
    assert "players Анна Борис Вера Глеб" in lines
    headings = [line for line in lines if line.startswith("deal ")]
    # SEAT-2: the deal passes to the next player, starting with the last listed.
    assert headings == [f"deal {n} dealer {players[(n + 2) % 4]}" for n in range(1, 5)]
    tricks = [line for line in lines if re.match(r" +\d+ ", line)]
    assert len(tricks) == 44
    assert sum(line.startswith("  hand ") for line in lines) == 16
    assert sum(line.startswith("  talon ") for line in lines) == 4
    assert sum(line.startswith("  partie ") for line in lines) == 4
    assert sum(line.startswith("  exchange ") for line in lines) == 16
    cards = " ".join(line for line in lines if line.startswith("   1 "))
    assert "AS" not in cards and re.search("[ТКДВ]", text)


def test_written_cards_round_trip():
    record = generate_deal(random.Random(3), 2)
    for style in ("ascii", "unicode", "ru"):
        text = deal_lines(record, ("A1", "B1", "C1", "D1"), style=style, write_hands=True)
        hand = next(line for line in text if line.startswith("  hand "))
        written = [Card.parse(w) for w in hand.split()[2:]]
        assert written == list(record.dealt[(record.dealer + 1) % 4])


def _load_make_samples():
    path = ROOT / "tests" / "tools" / "make_samples.py"
    spec = importlib.util.spec_from_file_location("make_samples", path)
    assert spec is not None and spec.loader is not None
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
    from reversis_cli.check import check_file

    return check_file(path).diagnostics


def _exit_code(path: Path) -> int:
    from click.testing import CliRunner

    from reversis_cli.cli import cli

    return CliRunner().invoke(cli, ["check", str(path)]).exit_code


# Samples that hold a revoke, or a table that paid against the rules, on purpose:
# warnings (RV201; RV317 to RV321), never errors.
SAMPLE_WARNINGS = {"irregular.rvs": ["RV201"], "every-event-ru.rvs": ["RV201"],
                   "disputed-sheet.rvs": ["RV320", "RV317", "RV318", "RV318", "RV318"],
                   # the sheet of a table that played a house reading, checked under
                   # classic: rules --infer finds the reading
                   "house-reading.rvs": ["RV317", "RV317", "RV318", "RV317", "RV318", "RV317",
                                         "RV317", "RV317", "RV317", "RV317", "RV317", "RV317",
                                         "RV318", "RV317", "RV317", "RV318"]}


@pytest.mark.parametrize("path", good_samples(), ids=lambda p: p.name)
def test_samples_check_clean(path):
    diags = _codes(path)
    expected = SAMPLE_WARNINGS.get(path.name, [])
    assert [d.code for d in diags] == expected, [(d.code, d.line, d.message) for d in diags]
    assert not any(d.is_error for d in diags)
    assert _exit_code(path) == 0


@pytest.mark.parametrize("path", bad_samples(), ids=lambda p: p.name)
def test_bad_samples_report_their_code(path):
    data = path.read_bytes()
    match = _EXPECT.match(data)
    expected = match.group(1).decode() if match else {"empty.rvs": "RV110"}[path.name]
    diags = _codes(path)
    codes = {d.code for d in diags}
    assert expected in codes, [(d.code, d.message) for d in diags]
    assert codes == {expected}, [(d.code, d.message) for d in diags]
    assert _exit_code(path) == (0 if expected == "RV201" else 1)


# --------------------------------------------------------------------------- irregularities
# docs/rules.md IRR-0..IRR-7 and CLAIM-1; docs/notation.md "Events".


def _irregular(force: str, seed: int) -> PlayedDeal:
    return generate_deal(random.Random(seed), seed % 4, force=force)


def _played_by(record: PlayedDeal, seat: int) -> list[Card]:
    return [card for n in range(1, len(record.tricks) + 1)
            for who, card in record.plays(n) if who == seat]


def _text(record: PlayedDeal, **kw) -> list[str]:
    return deal_lines(record, PLAYERS, **kw)


@pytest.mark.parametrize("force,lines,same_dealer", [
    ("exposed", ["exposed"], True),                                # IRR-1
    ("misdeal", ["misdeal {d}"], False),                           # IRR-2
    ("misdeal_redeal", ["misdeal {d}", "redeal paid"], True),      # IRR-2, paid
    ("misdeal_late", ["misdeal {d} late"], False),                 # IRR-3
])
@pytest.mark.parametrize("dealer", range(4))
def test_void_deals(force, lines, same_dealer, dealer):
    record = generate_deal(random.Random(dealer), dealer, force=force)
    assert record.void and record.tricks == () and record.partie == ()
    assert replay_check(record) == []
    name = PLAYERS[dealer]
    text = _text(record, write_hands=True)
    assert text == [f"deal 1 dealer {name}"] + ["  " + line.format(d=name) for line in lines]
    assert dealer_after(record) == (dealer if same_dealer else (dealer + 1) % 4)


def test_session_dealers_follow_irregularities():
    forces = {1: "exposed", 2: "misdeal", 3: "misdeal_redeal", 4: "misdeal_late",
              5: "kept", 6: "misdeal_redeal", 7: "exposed", 8: "revoke"}
    text = generate_session(11, 9, forces=forces)
    dealers = re.findall(r"^deal (\d+) dealer (\w+)", text, re.M)
    # Gleb deals 1; exposed: Gleb again; misdeal: passes; paid redeal: Anna again; late
    # misdeal: passes; kept (played): passes; paid redeal keeps; exposed keeps; then on.
    assert [d for _, d in dealers] == ["Gleb", "Gleb", "Anna", "Anna", "Boris", "Vera",
                                       "Vera", "Vera", "Gleb"]
    assert [int(n) for n, _ in dealers] == list(range(1, 10))
    blocks = text.split("\ndeal ")[1:]
    for number in (1, 2, 3, 4, 6, 7):  # void: no trick lines
        assert not re.search(r"^\s+\d+ ", blocks[number - 1].split("\n", 1)[1], re.M)


@pytest.mark.parametrize("seed", range(5))
def test_peeked(seed):
    record = _irregular("peeked", seed)
    assert replay_check(record) == [] and replay(record) == []
    (event,) = record.events
    seat = event.seat
    assert seat is not None
    assert event.kind == "peeked" and seat != record.dealer
    ex = next(e for e in record.exchanges if e.seat == seat)
    assert ex.discard is not None and ex.take is record.talon[(seat - record.dealer) % 4 - 1]
    text = _text(record, write_exchanges=False)
    assert f"  peeked {PLAYERS[seat]}" in text
    assert f"  exchange {PLAYERS[seat]} discards {ex.discard} takes {ex.take}" in text


@pytest.mark.parametrize("seed", range(5))
def test_kept_plays_with_twelve(seed):
    record = _irregular("kept", seed)
    assert replay_check(record) == []
    (event,) = record.events
    seat = event.seat
    assert seat is not None
    assert event.kind == "kept" and seat != record.dealer
    own = record.talon[(seat - record.dealer) % 4 - 1]
    ex = next(e for e in record.exchanges if e.seat == seat)
    assert ex.discards == () and ex.take is own
    assert record.hands[seat] == frozenset(record.dealt[seat]) | {own}
    assert [len(h) for h in record.hands] == [12 if s == seat else 11 for s in range(4)]
    assert all(len(cards) == 4 for _, cards in record.tricks)
    played = _played_by(record, seat)
    assert len(played) == 11
    (left,) = record.hands[seat] - set(played)
    assert record.unplayed() == {left}
    assert len(record.partie) == 3
    everything = set(record.partie) | {c for _, cs in record.tricks for c in cs} | {left}
    assert len(everything) == 48
    # Even a minimal record writes what the checker needs: his hand, his exchange, the partie.
    text = _text(record, write_exchanges=False)
    name = PLAYERS[seat]
    assert f"  kept {name}" in text
    assert f"  exchange {name} takes {own}" in text
    assert any(line.startswith(f"  hand {name} ") and len(line.split()) == 13 for line in text)
    assert sum(line.startswith("  hand ") for line in text) == 1
    partie = [line for line in text if line.startswith("  partie ")]
    assert len(partie) == 1 and len(partie[0].split()) == 4


@pytest.mark.parametrize("seed", range(5))
def test_discarded_two_plays_with_ten(seed):
    record = _irregular("discarded_two", seed)
    assert replay_check(record) == []
    (event,) = record.events
    seat = event.seat
    assert seat is not None
    assert event.kind == "discarded-two" and seat != record.dealer
    ex = next(e for e in record.exchanges if e.seat == seat)
    assert len(ex.discards) == 2 and ex.take is not None
    assert [len(h) for h in record.hands] == [10 if s == seat else 11 for s in range(4)]
    assert len(_played_by(record, seat)) == 10
    assert [len(cards) for _, cards in record.tricks] == [4] * 10 + [3]
    assert seat not in [s for s, _ in record.plays(11)]
    assert record.takers[9] != seat  # he never has the lead to trick 11
    assert len(record.partie) == 5 and set(ex.discards) <= set(record.partie)
    text = _text(record, write_exchanges=False)
    name = PLAYERS[seat]
    assert f"  discarded-two {name}" in text
    assert f"  exchange {name} discards {ex.discard} {ex.discard2} takes {ex.take}" in text
    assert sum(len(line.split()) - 1 for line in text if line.startswith("  partie ")) == 5
    assert len(text[-1].split()) == 5  # "11 LEADER c c c"


@pytest.mark.parametrize("seed", range(5))
def test_out_of_turn(seed):
    record = _irregular("out_of_turn", seed)
    assert replay_check(record) == [] and replay(record) == []
    (event,) = record.events
    ex = next(e for e in record.exchanges if e.seat == event.seat)
    assert event.kind == "out-of-turn" and event.seat != record.first_hand and ex.discards
    assert event.seat is not None
    assert f"  out-of-turn {PLAYERS[event.seat]}" in _text(record)


@pytest.mark.parametrize("seed", range(6))
def test_revoke_is_one_revoke(seed):
    record = _irregular("revoke", seed)
    assert replay_check(record) == []
    assert record.espagnolette is None
    problems = replay(record)  # the independent replay finds it ...
    assert len(problems) == 1, problems
    # ... and it really is one: off the suit led while holding it, played later.
    hands = [set(h) for h in record.hands]
    found = []
    for number in range(1, 12):
        plays = record.plays(number)
        led = plays[0][1].suit
        for seat, card in plays[1:]:
            held = [c for c in hands[seat] if c.suit is led]
            if card.suit is not led and held:
                later = [c for c in _played_by(record, seat)[number:] if c.suit is led]
                assert set(held) <= set(later)
                found.append((number, seat))
        for seat, card in plays:
            hands[seat].discard(card)
    assert len(found) == 1


def _how(record: PlayedDeal, number: int, seat: int, card: Card) -> str:
    plays = record.plays(number)
    if plays[0] == (seat, card):
        return "led"
    if card.suit is not plays[0][1].suit:
        return "placed"
    before = set(record.hands[seat]) - set(_played_by(record, seat)[:number - 1])
    return "played" if any(c.suit is card.suit and c is not card for c in before) else "forced"


@pytest.mark.parametrize("seed", range(6))
def test_unclaimed_names_a_trick_with_a_led_or_played_ace(seed):
    record = _irregular("unclaimed", seed)
    assert replay_check(record) == [] and replay(record) == []
    (event,) = record.events
    assert event.kind == "unclaimed" and event.trick is not None and 1 <= event.trick <= 11
    aces = [(s, c) for s, c in record.plays(event.trick) if c.is_ace]
    assert any(_how(record, event.trick, s, c) in ("led", "played") for s, c in aces)
    line = f"  unclaimed {event.trick}" + (f" {PLAYERS[event.seat]}" if event.seat is not None
                                           else "")
    text = _text(record)
    # Canonical form: events before the tricks (the old simulate wrote it last).
    assert text.index(line) == text.index(next(t for t in text if t.startswith("   1 "))) - 1
    if event.seat is not None:
        assert event.seat not in [s for s, _ in aces]


@pytest.mark.parametrize("force", IRREGULAR_MODES)
def test_irregular_deals_are_deterministic(force):
    assert _irregular(force, 42) == _irregular(force, 42)


def test_every_irregular_mode_checks(tmp_path):
    """The checker accepts a deal of each mode: errors none, a warning for the revoke only."""
    forces = {n: mode for n, mode in enumerate(IRREGULAR_MODES, start=1)}
    text = generate_session(2027, len(forces) + 1, forces=forces)
    path = tmp_path / "all.rvs"
    path.write_text(text, encoding="utf-8")
    diags = _codes(path)
    assert [d.code for d in diags] == ["RV201"], [(d.code, d.line, d.message) for d in diags]
    revoke_deal = 1 + IRREGULAR_MODES.index("revoke")
    assert diags[0].deal == revoke_deal


def test_irregular_sample_has_every_irregularity():
    ms = _load_make_samples()
    records = ms.deals(ms.SEEDS["irregular"], 14, ms.IRREGULAR_FORCES)
    assert set(IRREGULAR_MODES) <= {r.force for r in records}
    assert sum(r.force is None for r in records) >= 2
    assert all(replay_check(r) == [] for r in records)
    text = (SAMPLES / "irregular.rvs").read_text(encoding="utf-8")
    for keyword in ("exposed", "misdeal", "redeal paid", "late", "peeked", "kept",
                    "discarded-two", "out-of-turn", "unclaimed"):
        assert re.search(rf"^  {keyword}\b|^  misdeal \w+ {keyword}$", text, re.M), keyword
    assert "rules classic" in text and "players Anna Boris Vera Gleb" in text
    assert len(VOID_MODES) == text.count("\n  misdeal ") + text.count("\n  exposed")


def test_every_event_ru_sample_has_every_event():
    """The Cyrillic session of the Russian goldens and sweep: every irregularity, the
    three rare events, an espagnolette of each outcome, ordinary deals between."""
    ms = _load_make_samples()
    records = ms.every_event_ru_records()
    forces = [r.force for r in records]
    assert set(IRREGULAR_MODES) | {"reversis", "broken_reversis", "espagnolette"} <= set(forces)
    assert forces.count(None) >= 3
    assert all(replay_check(r) == [] for r in records)
    espagnolettes = [r for r in records if r.force == "espagnolette"]
    failed = [r.espagnolette in r.takers[9:11] for r in espagnolettes]  # ESP-4, classic
    assert sorted(failed) == [False, True]
    women = {ms.PLAYERS_RU.index(name) for name in ms.SHE_RU}
    assert {r.espagnolette for r in espagnolettes} == women
    assert next(r for r in records if r.reversis is not None).reversis in women
