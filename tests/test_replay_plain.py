"""The one-pass replay of a plain deal (replay/plain.py) agrees with the full
walk (replay/play.py) on every deal it accepts, and gives up on the others.

The deals come from the samples (good and bad), simulated sessions with
events, irregularities and written hands, and simulated deals broken on
purpose in the ways a record goes wrong (cards swapped, a wrong leader or
taker, a line repeated, a discard played).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from reversis_cli.reader import record as reader
from reversis_cli.reader import record_from_text
from reversis_cli.replay.plain import replay_plain
from reversis_cli.replay.plaintwo import replay_two_discarded
from reversis_cli.replay import replay_full
from reversis_cli.settle.inplay import still_held
from reversis_cli.settle.ledger import _tally, _tally_tricks
from reversis_cli.cards import PACK, Suit
from reversis_cli.simulate import SimulationOptions, simulate_session

SAMPLES = Path(__file__).parent.parent / "samples"


def _replayed(text: str, monkeypatch) -> list[tuple]:
    """Every (deal, players, damaged) the reader replays in ``text``."""
    calls = []
    replay = reader.replay_deal

    def recording(deal, players, damaged=None):
        calls.append((deal, players, damaged))
        return replay(deal, players, damaged)

    monkeypatch.setattr(reader, "replay_deal", recording)
    with record_from_text(text) as record:
        for _ in record.deals():
            pass
    monkeypatch.undo()
    return calls


def _index(card) -> int:
    return card.index


def _as_settled(paying) -> list:
    """What the rules read of the aces and the quinola as they fell: the trick's
    number, leader and taker, the seat, the card and the suit led."""
    return [tuple(fall) for fall in paying]


def _agree(calls) -> int:
    """Holds the two replays to each other; the number of plain deals."""
    plain_deals = 0
    for deal, players, damaged in calls:
        full = replay_full(deal, players, damaged)
        if damaged:
            continue  # the plain replay is never asked
        plain = replay_plain(deal, players) or replay_two_discarded(deal, players)
        if plain is None:
            continue
        plain_deals += 1
        assert full.rows is None  # the full walk gives its tricks, not rows
        if plain.rows is None:  # a player discarded two (replay/plaintwo.py): no rows
            _agree_walked(plain, full)
            continue
        assert plain.rows == _rows(full.tricks)
        # held_at and trick() before anything asks the hands or the tricks, which the
        # plain replay leaves to be made from its rows
        assert [plain.held_at(seat, number) for seat in range(4) for number in (1, 6, 11)] \
            == [full.held_at(seat, number) for seat in range(4) for number in (1, 6, 11)]
        for number in range(1, len(full.tricks) + 1):
            _same_trick(plain.trick(number), full.tricks[number - 1])
        # the settlement's one pass: the aces and the quinola as the rules read them (ints
        # and cards, no trick made), the rest the same
        plain_tally, full_tally = _tally(plain), _tally_tricks(full.tricks)
        assert plain_tally[:3] == full_tally[:3]
        assert _as_settled(plain_tally.paying) == _as_settled(full_tally.paying)
        # inplay's reading of the rows (not asked where a player kept a talon card: his
        # hand holds a card he never played)
        for number in range(1, (not deal.events_of("kept")) * len(full.tricks) + 1):
            for seat in range(4):
                for suit in Suit:
                    assert sorted(still_held(plain.rows, seat, number, suit), key=_index) \
                        == sorted([c for c in full.held_at(seat, number + 1)
                                   if c.suit is suit], key=_index)
        # the hands and tricks are made when asked; where a player kept a talon card
        # held_at (above) asked for them (his hand holds a card he never played)
        kept = bool(deal.events_of("kept"))
        assert (plain._hands is None) is not kept
        assert (plain._tricks is None) is not kept
        for made, walked in zip(plain.tricks, full.tricks, strict=True):
            _same_trick(made, walked)
        assert plain == full, f"deal {deal.number}"
        assert [list(h) for h in plain.hands] == [list(h) for h in full.hands]  # same order
        assert plain.trick(3) is plain.tricks[2]  # once made, the tricks are kept
    return plain_deals


def _agree_walked(plain, full) -> None:
    """A deal where a player discarded two, replayed plain: its tricks, made
    only when asked (a revoke's position asks for its own trick alone), and its
    hands are the full walk's."""
    assert plain.deal.events_of("discarded-two")
    assert plain._tricks is None and (plain._made is None) is not bool(plain.revokes)
    assert [list(h) for h in plain.hands] == [list(h) for h in full.hands]  # same order
    assert plain.held_at(2, 11) == full.held_at(2, 11)
    assert plain.trick(11) is plain.tricks[10]  # made once, and kept
    for made, walked in zip(plain.tricks, full.tricks, strict=True):
        _same_trick(made, walked)
    assert plain == full, f"deal {plain.deal.number}"


def _rows(tricks) -> tuple:
    """The full walk's tricks as the plain replay's rows (result.Row)."""
    return tuple((t.number, t.leader, *(p.card.index for p in t.plays), t.taker)
                 for t in tricks)


def _same_trick(made, walked) -> None:
    """A trick made from a row is the full walk's, field by field, play by play."""
    assert type(made) is type(walked)
    assert (made.number, made.leader, made.taker) == (walked.number, walked.leader,
                                                      walked.taker)
    assert made.line is walked.line
    for mine, theirs in zip(made.plays, walked.plays, strict=True):
        assert type(mine) is type(theirs)
        assert mine.seat == theirs.seat and mine.pos == theirs.pos
        assert mine.card is theirs.card  # the pack's card itself (rules compare with ``is``)


def _simulated(seed: int, deals: int, **options) -> str:
    return "".join(simulate_session(SimulationOptions(deals, seed=seed, **options)))


# The default run replays the first 25 deals of each session, the slow run all 150.
@pytest.mark.parametrize("deals", [25, pytest.param(150, marks=pytest.mark.slow)])
@pytest.mark.parametrize("options", [
    {}, {"events": 0.3}, {"irregular": 0.3}, {"write_hands": True}, {"rules": "modern"},
    {"card_style": "ru"},
], ids=str)
def test_simulated_deals_replay_alike(options, deals, monkeypatch):
    calls = _replayed(_simulated(7, deals, **options), monkeypatch)
    plain = _agree(calls)
    if not options.get("write_hands"):
        assert plain > len(calls) // 2  # most deals are plain: the test tests something


def test_the_samples_replay_alike(monkeypatch):
    paths = sorted(SAMPLES.rglob("*.rvs"))
    assert len(paths) >= 40
    for path in paths:
        _agree(_replayed(path.read_bytes().decode("utf-8", "replace"), monkeypatch))


def _broken(lines: list[str], rng: random.Random) -> list[str]:
    """One deal's lines with one thing made wrong."""
    tricks = [k for k, line in enumerate(lines) if line.strip()[:1].isdigit()]
    exchanges = [k for k, line in enumerate(lines) if line.strip().startswith("exchange")]
    out = list(lines)
    how = rng.randrange(6)
    if how in (0, 1):  # two cards swapped, across tricks or within one
        a = rng.choice(tricks)
        b = a if how == 1 else rng.choice(tricks)
        wa, wb = out[a].split(), out[b].split()
        i, j = rng.randrange(2, len(wa)), rng.randrange(2, len(wb))
        if a == b:
            wa[i], wa[j] = wa[j], wa[i]
            out[a] = " ".join(wa)
        else:
            wa[i], wb[j] = wb[j], wa[i]
            out[a], out[b] = " ".join(wa), " ".join(wb)
    elif how == 2:  # a trick led or taken by someone else
        k = rng.choice(tricks)
        words = out[k].split()
        words[1] = rng.choice(["Anna", "Boris", "Vera", "Gleb", "Olga"])
        out[k] = " ".join(words)
    elif how == 3 and exchanges:  # an exchange line written twice
        out.insert(exchanges[-1], out[rng.choice(exchanges)])
    elif how == 4 and exchanges:  # a card discarded that is also played
        k = rng.choice(exchanges)
        words = out[k].split()
        if "discards" in words:
            played = rng.choice(out[rng.choice(tricks)].split()[2:])
            words[words.index("discards") + 1] = played
            out[k] = " ".join(words)
    else:  # a trick taken, as written, by someone
        k = rng.choice(tricks)
        out[k] += " > " + rng.choice(["Anna", "Boris", "Vera", "Gleb"])
    return out


@pytest.mark.parametrize("deals", [50, pytest.param(300, marks=pytest.mark.slow)])
def test_broken_deals_replay_alike(monkeypatch, deals):
    rng = random.Random(14)
    blocks = _simulated(11, deals).split("\n\n")
    text = "\n\n".join([blocks[0]] + ["\n".join(_broken(b.split("\n"), rng)) for b in blocks[1:]])
    calls = _replayed(text, monkeypatch)
    assert len(calls) > deals * 2 // 3  # the reader may stop at a deal it cannot place
    assert _agree(calls) < len(calls) // 2  # most were broken for the full walk too


def _revokes_each_asked(renounces, by_seat, espagnolette):
    """The plain replay's revoke search as it was, asking every renounce (the
    reference of the one that asks a seat and suit once), each revoke found."""
    from reversis_cli.replay import plain
    from reversis_cli.replay.result import PRIVILEGED_TRICKS

    privileged = espagnolette.seat if espagnolette is not None and espagnolette.privileged \
        else None
    suits = by_seat.translate(plain._SUIT_OF_INDEX)
    found = []
    for number, seat, lo in renounces:
        first = 11 * seat
        if suits.find(lo, first + number, first + 11) >= 0 \
                and not (seat == privileged and number <= PRIVILEGED_TRICKS):
            found.append((number, seat, lo))
    return found


def test_a_revoke_is_found_asking_each_seat_and_suit_once():
    """Random hands and renounces (in trick order, as the walks make them), a
    privileged espagnolette or none: the same answer as asking every renounce, and
    the same revokes (the plain replay makes the warnings of these alone)."""
    import random

    from reversis_cli.replay import plain
    from reversis_cli.replay.result import Espagnolette

    rng = random.Random(35)
    found = 0
    for _ in range(20_000):
        by_seat = bytes(rng.sample(range(52), 44))
        renounces = sorted((rng.randrange(1, 12), rng.randrange(4), 13 * rng.randrange(4))
                           for _ in range(rng.randrange(1, 12)))
        holder = rng.choice([None, 0, 1, 2, 3])
        espagnolette = None if holder is None else Espagnolette(holder, waived=rng.random() < 0.3)
        want = _revokes_each_asked(renounces, by_seat, espagnolette)
        assert plain.revokes_in(renounces, by_seat, espagnolette) == want
        found += bool(want)
    assert 1_000 < found < 19_000


def test_a_kept_talon_card_is_found_without_a_hand_made(monkeypatch):
    """A deal where a player kept a talon card (IRR-4), replayed plain: the card
    he kept and never played (``kept_card``) is the one the full walk's hand of
    his holds and no trick does, and the four hands are made only when asked
    (``check`` never asks them), then the full walk's, his with the kept card."""
    calls = _replayed(_simulated(11, 12, forces={n: "kept" for n in range(1, 13)}),
                      monkeypatch)
    kept_deals = 0
    for deal, players, _ in calls:
        plain = replay_plain(deal, players)
        if plain is None:
            continue
        kept_deals += 1
        assert plain._hands is None  # not made by the replay
        assert plain.kept_card is not None
        seat, index = plain.kept_card
        full = replay_full(deal, players)
        assert PACK[index] in full.hands[seat]
        assert all(play.card is not PACK[index] for trick in full.tricks for play in trick.plays)
        assert plain.held_at(seat, 11) == full.held_at(seat, 11)  # the kept card held
        assert [list(h) for h in plain.hands] == [list(h) for h in full.hands]
        assert plain == full
    assert kept_deals > 6  # most such deals are replayed plain: the test tests something


def test_revokes_found_plain_are_the_full_walks(monkeypatch):
    """Deals with a revoke (PLAY-4), replayed plain: the same revokes, each held
    card the lowest of the suit he played later, and the same warnings."""
    calls = _replayed(_simulated(9, 16, forces={n: "revoke" for n in range(1, 17)}),
                      monkeypatch)
    assert _agree(calls) > 8
    revokes = [replay_plain(deal, players) for deal, players, _ in calls]
    assert sum(bool(plain and plain.revokes) for plain in revokes) > 8
    # no trick made for a revoke's card and place: read from the rows and the line's text
    assert all(plain._made is None for plain in revokes if plain is not None and plain.rows)


@pytest.mark.parametrize("force", ["none", "discarded_two"])
def test_revokes_made_by_swapping_two_cards_are_found_as_the_full_walk_finds_them(force):
    """Two cards of a seat swapped between two tricks (one of the suit led, played
    later: a revoke, or several): the plain replay (and replay/plaintwo.py's, where
    a player discarded two) finds the full walk's revokes, held cards and places."""
    from reversis_cli.notation.chunks import ChunkReader
    from reversis_cli.notation.parse import parse_deal
    import io

    forces = {} if force == "none" else {n: force for n in range(1, 9)}
    text = _simulated(4, 8, forces=forces)
    players = tuple(text.split("\n")[2].split()[1:])
    found = 0
    for chunk in ChunkReader(io.BytesIO(text.encode()), []):
        lines = list(chunk.lines)
        tricks = [i for i, line in enumerate(lines) if line[:4].strip().isdigit()][:10]
        for i, j in [(i, j) for i in tricks for j in tricks if i < j][::3]:
            for k in (-1, -2, -3):  # a written card of each line (no taker is written)
                changed = list(lines)
                first, second = changed[i].split(" "), changed[j].split(" ")
                first[k], second[k] = second[k], first[k]
                changed[i], changed[j] = " ".join(first), " ".join(second)
                deal, _ = parse_deal(changed, chunk.first_line)
                if deal is None:
                    continue
                plain = replay_plain(deal, players) or replay_two_discarded(deal, players)
                if plain is None or not plain.revokes:
                    continue
                full = replay_full(deal, players, None)
                assert (plain.revokes, plain.diagnostics) == (full.revokes, full.diagnostics)
                found += 1
    assert found > 100, found


def test_revokes_of_deals_read_in_full_are_placed_as_the_full_walk_places_them(monkeypatch):
    """A deal with a comment is read in full (its lines made, no row text): the
    revoke's card is placed by its line, as the full walk places it."""
    text = _simulated(9, 16, forces={n: "revoke" for n in range(1, 17)})
    calls = _replayed(text.replace("\n   1 ", "\n  # a comment\n   1 "), monkeypatch)
    assert all(deal.lean_rows is None for deal, _, _ in calls)
    assert _agree(calls) > 8
    revokes = [replay_plain(deal, players) for deal, players, _ in calls]
    assert sum(bool(plain and plain.revokes) for plain in revokes) > 8


def test_kept_lines_in_doubt_are_left_to_the_full_walk(monkeypatch):
    """The ``kept`` line the plain replay takes is one, naming a player who is not
    the dealer and no trick (``plain._kept_seat``): a second ``kept`` line (his or
    another's) or one naming the dealer gives the deal to the full walk."""
    text = _simulated(11, 6, forces={n: "kept" for n in range(1, 7)})
    plain_deals = 0
    for deal_text in text.split("\n\n")[1:]:
        kept = next(line for line in deal_text.splitlines() if line.strip().startswith("kept"))
        keeper = kept.split()[1]
        dealer = deal_text.split()[3]
        others = [name for name in ("Anna", "Boris", "Vera", "Gleb") if name != keeper]
        variants = [deal_text.replace(kept, f"{kept}\n{kept}"),
                    deal_text.replace(kept, f"{kept}\n  kept {others[0]}"),
                    deal_text.replace(kept, f"  kept {dealer}")]
        head = text.split("\n\n")[0] + "\n\n"
        (deal, players, _), = _replayed(head + deal_text, monkeypatch)
        if replay_plain(deal, players) is None:
            continue
        plain_deals += 1
        for variant in variants:
            (deal, players, _), = _replayed(head + variant, monkeypatch)
            assert replay_plain(deal, players) is None, variant
    assert plain_deals >= 3


def _holder_by_hands(by_seat: bytes) -> int | None:
    """ESP-1 from each seat's eleven cards played, counted: the oracle of _ace_holder."""
    aces = {card.index for card in PACK if card.rank.name == "ACE"}
    quinola = next(card.index for card in PACK if card.rank.name == "JACK"
                   and card.suit is Suit.HEARTS)
    for seat in range(4):
        hand = set(by_seat[11 * seat:11 * seat + 11])
        held = len(hand & aces)
        if held == 4 or held == 3 and quinola in hand:
            return seat
    return None


def test_the_espagnolettes_holder_is_the_seat_whose_cards_played_make_it():
    """replay/plain.py's _ace_holder (each card's seat by one translation table) names
    the seat a count of each hand's cards names, on deals dealt at random and on deals
    made to hold three or four aces in one hand, an ace or the quinola unplayed, and a
    ten-card player's slot (NO_CARD)."""
    from reversis_cli.replay.plain import NO_CARD, _ace_holder

    rng = random.Random("espagnolette")
    aces = [card.index for card in PACK if card.rank.name == "ACE"]
    quinola = next(card.index for card in PACK if card.rank.name == "JACK"
                   and card.suit is Suit.HEARTS)
    held = found = 0
    for round_ in range(6000):
        cards = list(range(len(PACK)))
        rng.shuffle(cards)
        if round_ % 2:  # three or four aces (and perhaps the quinola) put in one hand
            seat = rng.randrange(4)
            chosen = rng.sample(aces, rng.choice((3, 4))) + (
                [quinola] if rng.random() < .5 else [])
            for place, card in zip(rng.sample(range(11 * seat, 11 * seat + 11), len(chosen)),
                                   chosen, strict=True):
                cards[cards.index(card)], cards[place] = cards[place], card
        by_seat = bytes(cards[:44])
        if round_ % 7 == 0:  # the eleventh of a player who discarded two
            by_seat = by_seat[:10] + bytes((NO_CARD,)) + by_seat[11:]
        want = _holder_by_hands(by_seat)
        assert _ace_holder(by_seat) == want, by_seat
        held += want is not None
        found += 1
    assert found == 6000 and 300 < held < 3000  # both answers, often
