"""The fast path reads exactly what the grammar reads.

``notation/fastpath.py`` reads well-formed deal, trick and exchange lines with
regular expressions made from the grammar's terminals and hands every other
line to Lark.  Here every deal is parsed both ways -- with the fast path, and
with Lark alone (``fast=False``) -- and the statements (positions, cards as
spelled, comments), the trailing comments and the diagnostics must be equal:
over every shipped sample (good and bad), thousands of simulated deals in each
card spelling, and the same deals with their lines mutated in the ways a hand
or a program gets a line nearly right.
"""

from __future__ import annotations

import io
import random
import re

import pytest

from reversis_cli import fastpaths
from reversis_cli.model import ExchangeLine, TrickLine
from reversis_cli.notation.chunks import BLOCK_BYTES, ChunkReader, decode_lines, split_chunks
from reversis_cli.grammar_source import terminal_pattern
from reversis_cli.notation.fastpath import MAX_LINE_LENGTH, FastPath, fast_path
from reversis_cli.notation.grammar_file import keywords
from reversis_cli.notation.fastspaced import read_spaced_deal
from reversis_cli.notation.parse import parse_deal
from reversis_cli.notation.spaced import (NON_ASCII_BLANKS, OTHER_ASCII_BLANKS, SPACED_BYTES,
                                          SpacedLines, has_other_blank)
from reversis_cli.simulate import SimulationOptions, simulate_session

from conftest import bad_samples, good_samples


def deal_chunks(text: str):
    lines = decode_lines(io.BytesIO(text.encode("utf-8")), [])
    return [c for c in split_chunks(lines) if c.kind == "deal"]


def assert_same_both_ways(chunk) -> int:
    """Parse the chunk both ways; return how many lines the fast path could
    have taken (to show the test reaches it)."""
    fast = parse_deal(list(chunk.lines), chunk.first_line, fast=True)
    slow = parse_deal(list(chunk.lines), chunk.first_line, fast=False)
    assert fast == slow, "\n".join(chunk.lines)
    return len(chunk.lines)


@pytest.mark.parametrize("path", good_samples() + bad_samples(), ids=lambda p: p.name)
def test_every_sample_reads_the_same_both_ways(path):
    text = path.read_bytes().decode("utf-8", errors="replace")
    for chunk in deal_chunks(text):
        assert_same_both_ways(chunk)


# The default run reads the first deals of each session (about 4 ms a deal); the
# slow run, the whole of it.
@pytest.mark.parametrize("deals", [40, pytest.param(500, marks=pytest.mark.slow)])
@pytest.mark.parametrize("style, hands", [("ascii", True), ("unicode", False), ("ru", True)])
def test_simulated_deals_read_the_same_both_ways(style, hands, deals):
    text = "".join(simulate_session(SimulationOptions(
        deals, seed=11, card_style=style, write_hands=hands, irregular=0.05)))
    chunks = deal_chunks(text)
    assert len(chunks) == deals
    for chunk in chunks:
        assert_same_both_ways(chunk)


# Edits that leave a line well-formed, nearly well-formed or subtly wrong.
WORDS = ["hand", "deal", "exchange", "takes", "10S", "TS", "AS", "ZZ", "Анна", "Vera", ">",
         "#", "# note", "1", "0", "99", "\u00a0", "\f", "\t", "\r", "дч", "Д♥", "9♠\ufe0f",
         "A S", "pool", "-x", "Boris-2", "_", "КS", "\u0410S", "BC", "\x1b[31m", "\x00", "Deal",
         "Hand", "\u200b"]


def mutate_line(rng: random.Random, line: str, vocabulary: list[str] = WORDS) -> str:
    words = line.split(" ")
    kind = rng.randrange(7)
    if kind == 0 and words:      # replace a word
        words[rng.randrange(len(words))] = rng.choice(vocabulary)
    elif kind == 1:              # insert a word
        words.insert(rng.randrange(len(words) + 1), rng.choice(vocabulary))
    elif kind == 2 and words:    # drop a word
        del words[rng.randrange(len(words))]
    elif kind == 3:              # change the blanks
        return line.replace(" ", rng.choice(["  ", "\t", " \t", "\u00a0", ""]), rng.randrange(1, 4))
    elif kind == 4:              # a taker, right or wrong, or a word where the > stands
        return line + rng.choice([" > Vera", ">Anna", " > hand", " >", " > 9S", " > Vera > Anna",
                                  " Vera", " 7H Vera", " -> Vera", " Vera Vera", " > 9S Vera"])
    elif kind == 5 and line:     # one character changed
        at = rng.randrange(len(line))
        return line[:at] + rng.choice("SsHx♠1 #>\"") + line[at + 1:]
    else:                        # case
        return line.upper() if rng.random() < 0.5 else line.lower()
    return " ".join(words)


@pytest.mark.parametrize("seed, deals", [(5, 40), pytest.param(5, 250, marks=pytest.mark.slow),
                                         pytest.param(6, 250, marks=pytest.mark.slow)])
def test_mutated_deals_read_the_same_both_ways(seed, deals):
    rng = random.Random(seed)
    text = "".join(simulate_session(SimulationOptions(
        deals, seed=seed, card_style="ascii", write_hands=True, irregular=0.1)))
    lines = text.split("\n")
    for _ in range(len(lines) // 8):
        at = rng.randrange(len(lines))
        lines[at] = mutate_line(rng, lines[at])
    chunks = deal_chunks("\n".join(lines))
    assert len(chunks) > deals * 4 // 5  # most deals survive their mutations as deals
    for chunk in chunks:
        assert_same_both_ways(chunk)



@pytest.mark.parametrize("blank", ["\x0c ", "\x0c", "\x0b", "\x1f", "\u00a0", "\u2003"])
def test_a_deal_line_inside_a_deal_after_a_blank_is_said_once_both_ways(blank):
    """A deal line the chunk cutter did not see as one (a form feed, a no-break space
    ... before it) lands in the deal above: said once, as Lark says it, and the deal
    is not read.  The fast path had blanked the deal's own line, so this one was taken
    for the first statement and replaced by a stand-in again and again (said twenty
    times); after a control character it was read as a second deal line of the deal."""
    text = "".join(simulate_session(SimulationOptions(2, seed=3)))
    at = text.index("\ndeal 2 ") + 1
    chunks = deal_chunks(text[:at] + blank + text[at:])
    assert len(chunks) == 1
    assert_same_both_ways(chunks[0])
    fast = parse_deal(list(chunks[0].lines), chunks[0].first_line, fast=True)
    line = text[:at].count("\n") + 1
    assert fast[0] is None and len([p for p in fast[1] if p.line == line]) == 1

# --- a deal's lines as the block reader cuts them (SpacedLines) -----------------------


def block_chunks(text: str, block_bytes: int = BLOCK_BYTES):
    """The deal chunks of ``text`` as ``ChunkReader`` cuts them: the usual deal's
    lines are ``SpacedLines``, which the fast path reads without checking each line."""
    reader = ChunkReader(io.BytesIO(text.encode("utf-8")), [], block_bytes=block_bytes)
    return [c for c in reader if c.kind == "deal"]


def mutated_block_chunks(text: str, rng: random.Random, vocabulary: list[str]):
    """The deal chunks of ``text`` cut from blocks of 2,000 bytes, a line in thirty
    (not a deal line: those are the chunk reader's) mutated with ``vocabulary``, so
    that a block holding a mutation may not be SpacedLines and the others are."""
    lines = text.split("\n")
    for _ in range(len(lines) // 30):
        at = rng.randrange(len(lines))
        if not lines[at].startswith("deal "):
            lines[at] = mutate_line(rng, lines[at], vocabulary)
    return block_chunks("\n".join(lines), 2000)


def assert_spaced_same_both_ways(chunk) -> bool:
    """The chunk's lines as cut (SpacedLines or not) read by the fast path as
    Lark reads them; whether they were SpacedLines."""
    fast = parse_deal(chunk.lines, chunk.first_line, fast=True)
    slow = parse_deal(list(chunk.lines), chunk.first_line, fast=False)
    assert fast == slow, "\n".join(chunk.lines)
    return type(chunk.lines) is SpacedLines


@pytest.mark.parametrize("style, hands, events", [("ascii", False, 0.2), ("ascii", True, 0.0),
                                                  ("unicode", False, 0.0), ("ru", False, 0.1)])
def test_deals_cut_from_blocks_read_the_same_both_ways(style, hands, events):
    text = "".join(simulate_session(SimulationOptions(
        60, seed=12, card_style=style, write_hands=hands, irregular=0.1, events=events)))
    spaced = [assert_spaced_same_both_ways(chunk) for chunk in block_chunks(text)]
    assert len(spaced) == 60
    # Not a test that cannot fail: the deals are SpacedLines, cards written ♠♥♦♣ or in
    # Russian too, but the first and the last (each cut alone, as the deal after the
    # header and at the end).
    assert spaced[1:-1] == [True] * 58


def test_the_blanks_beyond_ascii_are_every_one_str_split_splits_at():
    """spaced.NON_ASCII_BLANKS, with the space, the line end and OTHER_ASCII_BLANKS
    (and \\r, the line path's), is every character ``str.split`` splits at; each is
    found in a region of UTF-8 bytes, alone or among the suits, Russian words, dashes
    and quotes, and none of those alone is."""
    splits = {c for c in map(chr, range(0x110000)) if len(("a" + c + "b").split()) == 2}
    ascii_ones = {b.decode() for b in OTHER_ASCII_BLANKS} | {" ", "\n", "\r"}
    assert splits == ascii_ones | set(NON_ASCII_BLANKS)
    others = "  7♥ Q♣ Д♦ обмен — ‘’ “” … ‐ ‒ † • ‰ ⁄ ⁰ 　".replace("\u3000", "")
    assert not has_other_blank(others.encode())
    for blank in NON_ASCII_BLANKS:
        assert has_other_blank(blank.encode())
        assert has_other_blank((others + blank + others).encode())


# Characters beyond ASCII a block may hold, among them blanks other than the space
# (no-break, em, ideographic, the line separator), invisible ones (zero-width space, a
# bidirectional override) and the cards' suits and Russian words.
UNICODE_WORDS = ["\xa0", "\u2003", "\u3000", "\u2028", "\x85", "\u200b", "\u202e", "A\xa0",
                 "Вера", "♠", "7♥\u200b", "Q♣", "Д♦", "обмен", "\u00ad"]


@pytest.mark.parametrize("seed, style", [(31, "unicode"), (32, "ru"), (33, "unicode")])
def test_mutated_deals_beyond_ascii_cut_from_blocks_read_the_same_both_ways(seed, style):
    """Blocks of 2,000 bytes of a record whose cards are written ♠♥♦♣ or in Russian,
    a line here and there mutated with a character beyond ASCII: a block holding a
    blank other than the space is not SpacedLines, the others are (an invisible mark
    among them), and every deal is read as Lark reads it."""
    rng = random.Random(seed)
    text = "".join(simulate_session(SimulationOptions(
        80, seed=seed, card_style=style, irregular=0.1, write_hands=seed == 33)))
    chunks = mutated_block_chunks(text, rng, UNICODE_WORDS)
    spaced = [assert_spaced_same_both_ways(chunk) for chunk in chunks]
    assert 10 < sum(spaced) < len(spaced) - 10
    for chunk in chunks:  # an invisible mark may be in a SpacedLines, a blank may not
        if type(chunk.lines) is SpacedLines:
            assert all(len(line.split()) == len(line.split(" ")) - line.split(" ").count("")
                       for line in chunk.lines)


# What a trick or an exchange line of SpacedLines is read without: a control character,
# a blank of another kind, in a word or between two.
SPACED_WORDS = ["\x01", "\x7f", "\x1f", "\x0b", "\x0c", "\t", "  ", "\x1b[31m", "Anna\x01",
                "2C\x7f", "exchange", ">", "takes", "Vera", "QS", "5"]


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_mutated_deals_cut_from_blocks_read_the_same_both_ways(seed):
    """Blocks of 2,000 bytes, so that a block holding a mutation is not
    SpacedLines and the others are."""
    rng = random.Random(seed)
    text = "".join(simulate_session(SimulationOptions(
        80, seed=seed, card_style="ascii", irregular=0.1)))
    chunks = mutated_block_chunks(text, rng, SPACED_WORDS)
    spaced = [assert_spaced_same_both_ways(chunk) for chunk in chunks]
    assert 10 < sum(spaced) < len(spaced) - 10


def test_a_long_deal_or_a_tab_in_its_block_is_no_spaced_lines():
    text = "".join(simulate_session(SimulationOptions(8, seed=3, card_style="ascii")))
    for size in (SPACED_BYTES - 1, SPACED_BYTES, SPACED_BYTES + 1):
        deal = text[text.index("\ndeal 2 ") + 1:text.index("\ndeal 3 ") + 1]
        longer = text.replace(deal, deal[:-1] + "x" * (size - len(deal)) + "\n")  # size bytes
        kinds = [type(c.lines) is SpacedLines for c in block_chunks(longer)]
        # (the first and last deals are cut alone: never SpacedLines)
        assert kinds == [False, size <= SPACED_BYTES, True, True, True, True, True, False]
    assert not any(type(c.lines) is SpacedLines for c in block_chunks(text.replace(" 5 ", "\t5 ")))
    assert SPACED_BYTES == MAX_LINE_LENGTH + 1  # no line of a SpacedLines is too long


def lean_parts(deal):
    return (deal.line, deal._rows, deal._layout, deal._exchange_rows, deal._by_type, deal._lines,
            {kind: type(found) for kind, found in deal._by_type.items()})  # (DealtRows or lines)


@pytest.mark.parametrize("options", [dict(irregular=0.1, events=0.2), dict(write_hands=True),
                                     dict(irregular=0.3), dict()], ids=range(4))
def test_a_deal_of_spaced_lines_is_read_in_one_loop_as_read_deal_reads_it(options):
    """``read_spaced_deal`` (notation/fastspaced.py) makes the lean deal
    ``FastPath.read_deal`` makes of the same lines, or gives up."""
    text = "".join(simulate_session(SimulationOptions(120, seed=13, card_style="ascii",
                                                      **options)))
    path, read = fast_path(), 0
    # The words read first, as a record's first deals teach them: a deal whose words
    # one reading learns is read in full by it, and lean by the next (the fast path is
    # the process's own, which other tests may or may not have taught before).
    for chunk in block_chunks(text):
        path.read_deal(chunk.lines, chunk.first_line)
    for chunk in block_chunks(text):
        if type(chunk.lines) is not SpacedLines:
            continue
        got = read_spaced_deal(path, chunk.lines, chunk.first_line)
        want = path.read_deal(chunk.lines, chunk.first_line)
        if got is not None:
            assert want is not None and got == want and got[1] == []
            assert lean_parts(got[0]) == lean_parts(want[0]), "\n".join(chunk.lines)
            read += 1
    # Not a test that cannot fail: the deals are read by the loop (their hand, talon
    # and partie lines too, an event line read on by fastrest.read_spaced_rest).
    assert read > 100


@pytest.mark.parametrize("seed, options", [(21, {}), (22, {}),
                                           (23, dict(irregular=0.3, events=0.2)),
                                           (24, dict(irregular=0.3, write_hands=True)),
                                           (25, dict(write_hands=True))])
def test_mutated_deals_of_spaced_lines_are_read_in_one_loop_as_read_deal_reads_them(seed,
                                                                                    options):
    """Two fast paths that have read the same words: the one reads each deal as
    parse_deal does (read_spaced_deal, then read_deal if it gives up), the other by
    read_deal alone; both learn the same words from the same lines (the loop and
    fastrest.read_spaced_rest read a line by its expression where read_deal does)."""
    rng = random.Random(seed)
    text = "".join(simulate_session(SimulationOptions(80, seed=seed, card_style="ascii",
                                                      **options)))
    paths = FastPath(terminal_pattern, keywords()), FastPath(terminal_pattern, keywords())
    for chunk in block_chunks(text):  # each fast path has read each word before
        for path in paths:
            path.read_deal(chunk.lines, chunk.first_line)
    lines = text.split("\n")
    for _ in range(len(lines) // 50):
        at = rng.randrange(len(lines))
        lines[at] = mutate_line(rng, lines[at], SPACED_WORDS + ["deal", "dealer", "Gleb"]
                                + (["hand", "talon", "partie", "#", "AS"]
                                   if options.get("write_hands") else []))
    spaced, whole = paths
    # A card's spelling read for the first time is learnt for every path at once
    # (cards.KNOWN_SPELLINGS): a third path reads each deal first, so that neither
    # of the two compared reads a spelling the other has not.
    spellings = FastPath(terminal_pattern, keywords())
    read, given_up = 0, 0
    for chunk in block_chunks("\n".join(lines), 3000):
        if type(chunk.lines) is SpacedLines:
            spellings.read_deal(chunk.lines, chunk.first_line)
            got = read_spaced_deal(spaced, chunk.lines, chunk.first_line)
            want = whole.read_deal(chunk.lines, chunk.first_line)
            if got is None:
                given_up += 1
                assert spaced.read_deal(chunk.lines, chunk.first_line) == want
            else:
                assert want is not None and got == want, "\n".join(chunk.lines)
                assert lean_parts(got[0]) == lean_parts(want[0]), "\n".join(chunk.lines)
                read += 1
    assert read > 10 and given_up > 5


@pytest.mark.parametrize("mode", ["peeked", "unclaimed", "out_of_turn", "misdeal"])
def test_a_deal_with_an_event_line_is_read_in_the_loop_as_read_deal_reads_it(mode):
    """An event line (a peek, an unclaimed trick, a discard out of turn, a misdeal)
    among spaced lines is read in the loop, in its place among the rows: such a
    deal was read twice, the loop giving up at its event line.  Every such deal of
    a record where each deal has one is read there, the same lean deal as
    ``read_deal``'s, its event line where it stands."""
    text = "".join(simulate_session(SimulationOptions(
        24, seed=5, card_style="ascii", forces={n: mode for n in range(1, 25)})))
    path, read = fast_path(), 0
    for chunk in block_chunks(text):  # the fast path has read each word before
        parse_deal(chunk.lines, chunk.first_line)
    for chunk in block_chunks(text):
        if type(chunk.lines) is not SpacedLines:
            continue
        got = read_spaced_deal(path, chunk.lines, chunk.first_line)
        want = path.read_deal(chunk.lines, chunk.first_line)
        assert got is not None and want is not None, "\n".join(chunk.lines)
        assert got == want and lean_parts(got[0]) == lean_parts(want[0])
        assert got[0].events and got[0].statements == want[0].statements
        read += 1
    assert read == 22  # the first and the last deals are cut alone: not spaced lines


# Event lines the loop leaves to read_deal (and read_deal to Lark, or reads the same):
# a keyword for a name, a name too many, a word that is no event's, a bad trick number.
EVENT_LINES = ["  peeked unclaimed", "  peeked Anna Boris", "  peeked", "  unclaimed x",
               "  unclaimed 12345678901234567890", "  unclaimed 5 Anna Boris", "  exposed",
               "  exposed Anna", "  redeal paid", "  redeal", "  kept Vera", "  peeked Anna#",
               "  peeked Anna # a comment", "  misdeal Anna late", "  out-of-turn \x01Anna",
               "  unclaimed 3 Gleb", "  unclaimed ٣", "  peekd Anna", "  discarded-two Gleb"]


@pytest.mark.parametrize("event", EVENT_LINES)
def test_odd_event_lines_among_spaced_lines_are_read_as_read_deal_and_lark_read_them(event):
    text = "".join(simulate_session(SimulationOptions(6, seed=3, card_style="ascii")))
    for at in ("\n   1 ", "\n  11 "):  # before the first trick, and before the last
        changed = text.replace(at, "\n" + event + at)
        path = fast_path()
        for chunk in block_chunks(changed):
            assert_spaced_same_both_ways(chunk)
            if type(chunk.lines) is SpacedLines:
                got = read_spaced_deal(path, chunk.lines, chunk.first_line)
                if got is not None:
                    want = path.read_deal(chunk.lines, chunk.first_line)
                    assert want is not None and lean_parts(got[0]) == lean_parts(want[0])


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no SpacedLines")
@pytest.mark.parametrize("hands", [False, True])
@pytest.mark.parametrize("cut", [2, 1])
def test_an_exchange_line_cut_short_in_a_deal_of_spaced_lines_is_lark_s_to_report(cut, hands):
    """``exchange NAME`` (or ``exchange`` alone) in a deal the block reader cut
    as SpacedLines: the one loop gave up on it by an IndexError (an internal
    error, every later deal of the file lost); Lark reads it and says what is
    missing, as for any other line."""
    text = "".join(simulate_session(SimulationOptions(60, seed=3, card_style="ascii",
                                                      write_hands=hands)))
    at = text.index("\n  exchange ", text.index("deal 40 "))
    end = text.index("\n", at + 1)
    text = text[:at] + "\n  " + " ".join(text[at:end].split()[:cut]) + text[end:]
    for chunk in block_chunks(text[:at]):  # the fast path reads the words before
        parse_deal(chunk.lines, chunk.first_line)
    chunks = [chunk for chunk in block_chunks(text) if "deal 40 " in chunk.lines[0]]
    assert len(chunks) == 1 and type(chunks[0].lines) is SpacedLines
    assert_spaced_same_both_ways(chunks[0])
    deal, problems = parse_deal(chunks[0].lines, chunks[0].first_line)
    assert [problem.code for problem in problems] == ["RV100"]


def test_the_blanks_split_at_are_the_space_and_those_a_block_of_spaced_lines_has_none_of():
    splits = {chr(code) for code in range(0x80) if len(f"a{chr(code)}b".split()) == 2}
    assert splits == {" ", "\n", "\r"} | {blank.decode() for blank in OTHER_ASCII_BLANKS}


# --- lean trick lines (issue 24) ---------------------------------------------------


def lean_lines_as_lark(chunk) -> int:
    """Each lean trick line the fast path made of ``chunk`` (its fields made
    from its text when first read) against Lark's line, field by field and
    card by card; how many lean lines there were."""
    fast, _ = parse_deal(list(chunk.lines), chunk.first_line, fast=True)
    slow, _ = parse_deal(list(chunk.lines), chunk.first_line, fast=False)
    if fast is None or slow is None or len(fast.statements) != len(slow.statements):
        return 0  # the deal as a whole is compared above
    lean = [(mine, lark) for mine, lark in zip(fast.statements, slow.statements, strict=True)
            if isinstance(mine, TrickLine) and mine._source is not None]
    for mine, lark in lean:
        assert isinstance(lark, TrickLine), mine._source
        # the cheap fields first, read before anything else is made
        assert (mine.number, mine.indexes, mine.leader_text, mine.taker_text) == \
            (lark.number, lark.indexes, lark.leader_text, lark.taker_text), mine._source
        for name in TrickLine._fields:
            assert getattr(mine, name) == getattr(lark, name), (name, mine._source)
        for card, lark_card in zip(mine.cards, lark.cards, strict=True):
            assert (card.card, card.pos, card.spelling) == \
                (lark_card.card, lark_card.pos, lark_card.spelling), mine._source
    return len(lean) + lean_exchanges_as_lark(fast.statements, slow.statements)


def lean_exchanges_as_lark(fast, slow) -> int:
    """Each lean exchange line of ``fast`` against Lark's line of ``slow``,
    its cheap fields first, then field by field and card by card."""
    lean = [(mine, lark) for mine, lark in zip(fast, slow, strict=True)
            if isinstance(mine, ExchangeLine) and mine._source is not None]
    for mine, lark in lean:
        assert isinstance(lark, ExchangeLine), mine._source
        cheap = ("player_text", "refuses", "discard_indexes", "take_indexes", "sees_indexes",
                 "sees_count")
        assert [getattr(mine, name) for name in cheap] == \
            [getattr(lark, name) for name in cheap], mine._source
        for name in ExchangeLine._fields:
            assert getattr(mine, name) == getattr(lark, name), (name, mine._source)
        for card, lark_card in zip((*mine.discards, *(mine.takes or ()), mine.sees),
                                   (*lark.discards, *(lark.takes or ()), lark.sees), strict=True):
            assert card == lark_card, mine._source
            if card is not None and lark_card is not None:
                assert (card.card, card.pos, card.spelling) == \
                    (lark_card.card, lark_card.pos, lark_card.spelling), mine._source
        assert mine == lark, mine._source
    return len(lean)


EXCHANGE_LINES = [
    "exchange Anna discards KS takes 9H", "exchange Boris discards JH", "exchange Vera refuses",
    "exchange Gleb refuses sees QD", "exchange Anna takes 9H", "  exchange\tAnna  discards KS",
    "exchange Anna discards KS QH", "exchange Anna refuses sees QD 9H",
    "exchange Anna discards ks takes 9h", "exchange Anna discards K♠ takes 9♥",
    # two discarded (IRR-5): read lean, each card at its own word
    "exchange Anna discards KS QH takes 9H", "exchange Anna discards KS \t QH  takes 9H",
    "exchange Anna discards KS 10H takes 9H", "exchange Anna discards KS QH takes 9H 8H",
]


@pytest.mark.parametrize("written", EXCHANGE_LINES)
def test_lean_exchange_lines_are_larks(written):
    """An exchange line after a deal line, read lean where it can be: Lark's
    line, field by field; the usual forms are read lean."""
    lines = ["deal 1 dealer Anna", written, "1 Anna AS KS QS JS"]
    for _ in range(2):  # the second time, each card's spelling is known
        fast, _ = parse_deal(list(lines), 1, fast=True)
        slow, _ = parse_deal(list(lines), 1, fast=False)
        assert fast is not None and slow is not None
        lean = lean_exchanges_as_lark(fast.statements, slow.statements)
    assert lean == (written not in ("exchange Anna refuses sees QD 9H",
                                    "exchange Anna discards KS 10H takes 9H",
                                    "exchange Anna discards KS QH takes 9H 8H")), written


@pytest.mark.parametrize("path", good_samples() + bad_samples(), ids=lambda p: p.name)
def test_lean_trick_lines_of_every_sample_are_larks(path):
    text = path.read_bytes().decode("utf-8", errors="replace")
    for chunk in deal_chunks(text):
        lean_lines_as_lark(chunk)


@pytest.mark.parametrize("seed", [12, 13])
def test_lean_trick_lines_are_larks_as_written_and_altered(seed):
    """Simulated deals in every spelling, then the same with lines altered:
    each lean line is Lark's, and the fast path makes most trick lines lean."""
    rng = random.Random(seed)
    lean = tricks = 0
    for style in ("ascii", "unicode", "ru"):
        text = "".join(simulate_session(SimulationOptions(
            30, seed=seed, card_style=style, write_hands=style == "ru", irregular=0.05)))
        lines = text.split("\n")
        for chunk in deal_chunks("\n".join(lines)):
            lean += lean_lines_as_lark(chunk)
            tricks += len(chunk.lines)
        for _ in range(len(lines) // 6):
            at = rng.randrange(len(lines))
            lines[at] = mutate_line(rng, lines[at], WORDS + [">", "> Vera", "  ", "Anna"])
        for chunk in deal_chunks("\n".join(lines)):
            lean += lean_lines_as_lark(chunk)
    assert lean > tricks // 4


# A trick line typed with a word too many where the "> TAKER" stands (tests-4 M22):
# the taker and every card are known from the deals before, as the lean path
# needs; Lark refuses the word that is not a card.
TYPED_TRICK = "  11       QD 9D 3H 2S > Anna\n"


@pytest.mark.parametrize("typed, column, word", [
    ("  11       QD 9D 3H 2S 7H Anna\n", 27, "Anna"),
    ("  11       QD 9D 3H 2S -> Anna\n", 24, "->"),
    ("  11       QD 9D 3H 2S Anna Anna\n", 24, "Anna"),
], ids=["a-fifth-card", "an-arrow", "the-taker-twice"])
def test_a_word_too_many_before_a_known_taker_is_refused_both_ways(typed, column, word,
                                                                  tmp_path):
    from click.testing import CliRunner

    from reversis_cli.cli import cli

    from conftest import SAMPLES

    text = (SAMPLES / "disputed-sheet.rvs").read_text(encoding="utf-8")
    assert text.count(TYPED_TRICK) == 1
    line = text[:text.index(TYPED_TRICK)].count("\n") + 1
    chunks = deal_chunks(text)
    for earlier in chunks[:2]:  # the words of the deals before, known as in a run of check
        parse_deal(list(earlier.lines), earlier.first_line, fast=True)
    deal = chunks[2]
    fast, _ = parse_deal(list(deal.lines), deal.first_line, fast=True)
    assert fast is not None and [s._source is not None for s in fast.statements
                                 if isinstance(s, TrickLine) and s.number == 11] == [True]
    typo = text.replace(TYPED_TRICK, typed)
    for chunk in deal_chunks(typo):
        assert_same_both_ways(chunk)
    record = tmp_path / "typo.rvs"
    record.write_text(typo, encoding="utf-8")
    result = CliRunner().invoke(cli, ["--lang", "en", "check", str(record)])
    assert result.exit_code == 1
    assert f"typo.rvs:{line}:{column}: error[RV102]: {word} is not a card" in result.output


# --- paid and tally lines (issue 11) --------------------------------------------------

RECORDED_LINES = [
    "paid Anna pool 45", "paid pool Boris 5/2", "paid Anna Boris 1 ACE-2",
    "paid Anna Boris 2 ACE-1 trick 10", "paid Vera Gleb 16 trick 3", "paid Anna pool 45 POOL-1",
    "paid  Anna\tpool   45   ace-2", "paid Anna Anna 5", "paid pool pool 5",
    "paid Zed Boris 5", "paid Anna Boris 0", "paid Anna Boris 5/0", "paid Anna Boris x",
    "paid Anna Boris -5", "paid Anna Boris 1.5", "paid Anna Boris 5 ACE", "paid Anna Boris",
    "paid Anna Boris 5 trick", "paid Anna Boris 5 trick 99", "paid Anna Boris 5 trick 3 ACE-1",
    "paid deal Boris 5", "paid AS Boris 5", "paid Anna Boris 5x", "paid Anna Boris 5 ACE-2x",
    "paid Anna Boris " + "9" * 31, "paid Anna Boris 5  # a comment", "paid\u00a0Anna Boris 5",
    "tally Anna +7 Boris -3 Vera 0 Gleb -4", "tally Gleb -4 Vera 0 Boris -3 Anna +7 pool 45",
    "tally Anna 7 Boris -3 Vera 0 Gleb -4 pool 5/2", "tally Anna +7 Boris -3 Vera 0",
    "tally Anna +7 Anna -3 Vera 0 Gleb -4", "tally Anna +7 Zed -3 Vera 0 Gleb -4", "tally",
    "tally Anna", "tally Anna x Boris -3", "tally Anna 1.5", "tally Anna +-3", "tally Anna +7 pool",
    "tally Anna +7 pool -5", "tally Anna +7 pool 5 Boris -3", "tally pool 45",
    "tally hand +3", "tally poolside +3", "tally Anna -5/2 Boris +5/2 Vera 0 Gleb 0",
    "tally Anna +7 Boris -3 Vera 0 Gleb -4 # sheet", "tally\tAnna\t+7", "Tally Anna +7",
    "paid Anna Boris +5", "tally Anna +" + "1" * 40,
]


@pytest.mark.parametrize("line", RECORDED_LINES)
def test_paid_and_tally_lines_read_the_same_both_ways(line):
    """Every such line, well-formed or nearly, gives the same statements and
    the same diagnostics read by the fast path or by Lark alone."""
    lines = ["deal 1 dealer Gleb", "  1 Anna 5H AH 9H KH", "  " + line, "  2 3S 7S AS KS"]
    fast = parse_deal(list(lines), 3, fast=True)
    slow = parse_deal(list(lines), 3, fast=False)
    assert fast == slow


def test_the_fast_path_reads_well_formed_paid_and_tally_lines():
    """Not only the same: the well-formed lines are the fast path's own."""
    from reversis_cli.notation.fastpath import fast_path

    for line in ["  paid Anna pool 45 ACE-2 trick 10", "  paid pool Boris 5/2",
                 "  tally Anna +7 Boris -3 Vera 0 Gleb -4 pool 45", "  tally Vera 0"]:
        assert fast_path().read(line, 1, []) is not None, line


@pytest.mark.parametrize("seed", [7])
def test_mutated_paid_and_tally_lines_read_the_same_both_ways(seed):
    rng = random.Random(seed)
    well_formed = RECORDED_LINES[:6] + RECORDED_LINES[27:30]
    deals = []
    for number in range(1, 101):
        lines = [mutate_line(rng, rng.choice(well_formed)) for _ in range(4)]
        deals.append(f"deal {number} dealer Gleb\n" + "".join(f"  {x}\n" for x in lines))
    chunks = deal_chunks("players Anna Boris Vera Gleb\n" + "".join(deals))
    assert len(chunks) >= 100
    for chunk in chunks:
        assert_same_both_ways(chunk)


# --- event lines (issue 35) ----------------------------------------------------------

EVENT_LINES = [
    "misdeal Anna", "misdeal Gleb late", "unclaimed 4", "unclaimed 11 Vera", "redeal paid",
    "exposed", "peeked Boris", "kept Vera", "discarded-two Gleb", "out-of-turn Anna",
    "misdeal\tAnna   late", "unclaimed  3\tBoris", "misdeal late", "misdeal Anna Boris",
    "misdeal Anna latex", "misdeal", "unclaimed", "unclaimed x", "unclaimed 4 5",
    "unclaimed 4 Vera Gleb", "unclaimed " + "9" * 40, "unclaimed 0", "unclaimed 99 Zed",
    "redeal", "redeal unpaid", "redeal paid now", "exposed AS", "exposed\f", "peeked",
    "peeked hand", "peeked AS", "peeked Anna Boris", "kept pool", "out-of-turn deal",
    "discarded-two", "Misdeal Anna", "misdeal Anna # a slip", "peeked Ann\u00a0a",
    "peeked Зоя", "peeked Zoe\u0308", "unclaimed ４", "kept 2x", "out-of-turn -x",
]


DEALT_LINES = [
    "hand Anna AS KS QS JS 9S 8S 7S 6S 5S 4S 3S 2S", "talon AH KH QH", "partie 2H 3H 4H",
    "hand Vera 10S ♠K тс Qs", "talon\tAH   KH", "partie 2H 2H", "hand Zed AS",
    "hand AS KS", "hand hand AS", "hand Anna", "hand Anna AS KS x", "talon", "talon Anna",
    "partie 2H 3H 4X", "partie 2H 3H # kept", "hand Anna AS\u00a0KS", "talon AH,KH",
    "partie 2h 3h 4h", "hand Зоя ТП КП", "hand Anna 1S", "talon AH KH QH JH 9H 8H 7H 6H",
]


@pytest.mark.parametrize("line", DEALT_LINES)
def test_hand_talon_and_partie_lines_read_the_same_both_ways(line):
    lines = ["deal 1 dealer Gleb", "  " + line, "  1 Anna 5H AH 9H KH", "  2 3S 7S AS KS"]
    assert parse_deal(list(lines), 3, fast=True) == parse_deal(list(lines), 3, fast=False)


def test_the_fast_path_reads_well_formed_hand_talon_and_partie_lines():
    from reversis_cli.notation.fastpath import fast_path

    for line in DEALT_LINES[:3] + DEALT_LINES[4:5]:
        assert fast_path().read("  " + line, 1, []) is not None, line


@pytest.mark.parametrize("seed", [13])
def test_mutated_hand_talon_and_partie_lines_read_the_same_both_ways(seed):
    rng = random.Random(seed)
    deals = []
    for number in range(1, 121):
        lines = [mutate_line(rng, rng.choice(DEALT_LINES[:6])) for _ in range(3)]
        deals.append(f"deal {number} dealer Gleb\n" + "".join(f"  {x}\n" for x in lines)
                     + "  1 Anna 5H AH 9H KH\n")
    chunks = deal_chunks("players Anna Boris Vera Gleb\n" + "".join(deals))
    assert len(chunks) >= 120
    for chunk in chunks:
        assert_same_both_ways(chunk)


@pytest.mark.parametrize("line", EVENT_LINES)
def test_event_lines_read_the_same_both_ways(line):
    """Every event line, well-formed or nearly, gives the same statements and
    the same diagnostics read by the fast path or by Lark alone."""
    lines = ["deal 1 dealer Gleb", "  1 Anna 5H AH 9H KH", "  " + line, "  2 3S 7S AS KS"]
    assert parse_deal(list(lines), 3, fast=True) == parse_deal(list(lines), 3, fast=False)


def test_the_fast_path_reads_well_formed_event_lines():
    """Not only the same: the well-formed ones are the fast path's own, so that an
    irregular deal is not read by Lark for one line."""
    from reversis_cli.notation.fastpath import fast_path

    for line in EVENT_LINES[:12]:
        assert fast_path().read("  " + line, 1, []) is not None, line


@pytest.mark.parametrize("seed", [11])
def test_mutated_event_lines_read_the_same_both_ways(seed):
    rng = random.Random(seed)
    deals = []
    for number in range(1, 121):
        lines = [mutate_line(rng, rng.choice(EVENT_LINES[:12])) for _ in range(3)]
        deals.append(f"deal {number} dealer Gleb\n  1 Anna 5H AH 9H KH\n"
                     + "".join(f"  {x}\n" for x in lines))
    chunks = deal_chunks("players Anna Boris Vera Gleb\n" + "".join(deals))
    assert len(chunks) >= 120
    for chunk in chunks:
        assert_same_both_ways(chunk)


# --- names: the expressions match words, each word checked once (issue 24) ------------

NAMES = ["Anna", "Vera-2", "B_x", "Zoe\u0308", "Zoë", "अनिल", "Анна", "Ǆemal", "A²", "x",
         "_x", "-x", "2x", "²x", "\u0308x", "Anna.", "An@na", "Ann\u00a0a", "AS", "ΑS", "10S",
         "hand", "pool", "Pool", "deal", "waives", "Gleb\u200b", "G\u0301leb", "Ⅻ", "ﬁ"]


def lines_naming(name: str) -> list[str]:
    """A deal whose every line where a name stands names ``name`` once."""
    return [f"deal 1 dealer {name}", f"  exchange {name} discards KS takes 9H",
            "  exchange Boris refuses", f"  espagnolette {name} waives",
            f"  1 {name} 5H AH 9H KH > {name}", f"  2 3S 7S AS KS > {name}",
            f"  3 {name}  4D 3D 8D 7D", f"  paid {name} pool 45 ACE-2 trick 1",
            f"  paid pool {name} 5/2", f"  tally {name} +7 Boris -3 Vera 0 Gleb -4 pool 45"]


@pytest.mark.parametrize("name", NAMES)
def test_names_of_any_script_read_the_same_both_ways(name):
    lines = lines_naming(name)
    for at in range(len(lines)):  # each line alone after a good deal line, and all at once
        chunk = ["deal 1 dealer Gleb", lines[at]] if at else lines[:1]
        assert parse_deal(list(chunk), 1, fast=True) == parse_deal(list(chunk), 1, fast=False)
    assert parse_deal(list(lines), 1, fast=True) == parse_deal(list(lines), 1, fast=False)


def test_an_ascii_word_is_a_name_exactly_when_the_grammar_says_so():
    """The small ASCII expression of ``FastPath.is_name`` against the grammar's NAME,
    on every ASCII word of one and two characters and on a sample of three."""
    import itertools
    import re

    from reversis_cli.grammar_source import terminal_pattern
    from reversis_cli.notation.fastpath import FastPath
    from reversis_cli.notation.grammar_file import keywords, parser

    grammar_name = re.compile(parser()[0].get_terminal("NAME").pattern.to_regexp())
    printable = [chr(c) for c in range(33, 127)]
    words = printable + ["".join(p) for p in itertools.product(printable, repeat=2)]
    rng = random.Random(3)
    words += ["".join(rng.choice(printable) for _ in range(3)) for _ in range(5000)]
    fresh = FastPath(terminal_pattern, keywords())
    for word in words:
        assert fresh.is_name(word) == (grammar_name.fullmatch(word) is not None), word
        assert fresh.is_name(word) == (grammar_name.fullmatch(word) is not None), word  # kept


def test_the_fast_paths_expressions_hold_no_class_of_combining_marks():
    """Compiling the grammar's NAME costs ~8 M instructions each time: none of the
    expressions holds it, and reading an ASCII deal never compiles it."""
    from reversis_cli.grammar_source import terminal_pattern
    from reversis_cli.notation.fastpath import FastPath
    from reversis_cli.notation.grammar_file import keywords

    fresh = FastPath(terminal_pattern, keywords())
    for attribute in ("deal_line", "trick", "exchange", "espagnolette", "paid", "tally",
                      "tally_entry"):
        expression = getattr(fresh, "_build_" + attribute)().pattern
        assert "\u0300" not in expression and "\\u0300" not in expression, attribute
    text = "".join(simulate_session(SimulationOptions(3, seed=4, card_style="ascii")))
    for chunk in deal_chunks(text):
        assert fresh.read_deal(list(chunk.lines), chunk.first_line) is not None
    assert fresh._full_name is None, "NAME compiled for an ASCII record"


def test_the_fast_path_keeps_its_attributes_out_of_a_dictionary():
    """A ``functools.cached_property`` writes into the instance's ``__dict__``;
    on Python 3.11 the fast path's attributes are then a real dictionary, and
    every attribute its hot loop reads costs a slow look-up: ~12 k instructions
    a deal on the bench's plain records (issue 35), once the first deal's lines
    had been asked whether they were hand lines.  Every kind of line read, a
    non-ASCII name and paid and tally lines included, none of its attributes
    moves to a dictionary (the collector sees the dictionary among the
    object's referents only once it is made)."""
    import gc

    from reversis_cli.notation.fastpath import FastPath, fast_path

    def in_a_dictionary(reader: FastPath) -> bool:
        return any(isinstance(referent, dict) and "_leaders" in referent
                   for referent in gc.get_referents(reader))

    fresh = FastPath(fast_path()._grammar_terminal, fast_path().keywords)
    assert not in_a_dictionary(fresh)
    text = "".join(simulate_session(SimulationOptions(
        12, seed=3, write_hands=True, irregular=0.3, events=0.3,
        players=("Анна", "Boris", "Vera", "Gleb"))))
    for chunk in deal_chunks(text):
        fresh.read_deal(list(chunk.lines), chunk.first_line)
    for line in ("  paid Анна Boris 1 ACE-9", "  tally Анна 0 Boris 0 Vera 0 Gleb 0",
                 "  partie 2H 3H 4H 5C", "  hand Boris AS\tKS 5H 9H", "  talon AH KH QH"):
        assert fresh.read(line, 9, []) is not None, line
    assert fresh._full_name is not None and fresh._dealt["h"] is not None
    assert isinstance(fresh.paid, re.Pattern) and isinstance(fresh.tally, re.Pattern)
    assert not in_a_dictionary(fresh)


# --- the header, read without Lark when plain (issue 24) --------------------------------

def header_lines(text: str) -> list[str]:
    lines = decode_lines(io.BytesIO(text.encode("utf-8")), [])
    return list(next(iter(split_chunks(lines))).lines)


def assert_header_same_both_ways(lines: list[str], first_line: int = 1) -> None:
    from reversis_cli.notation.parse import parse_header

    fast = parse_header(list(lines), first_line, fast=True)
    slow = parse_header(list(lines), first_line, fast=False)
    assert fast == slow, "\n".join(lines)


@pytest.mark.parametrize("path", good_samples() + bad_samples(), ids=lambda p: p.name)
def test_every_samples_header_reads_the_same_both_ways(path):
    assert_header_same_both_ways(header_lines(path.read_bytes().decode("utf-8", "replace")))


HEADER = ["reversis 1", 'title "A Tuesday evening"', "date 2026-11-17", 'place "Anna\'s kitchen"',
          'note "pencil"', "rules classic", 'rules "house rules"', "unit fiche", "pot 45",
          "pot 5/2", "pot", 'pot ""', "players Anna Boris Vera Gleb",
          "players Анна Борис Вера Глеб", "players Zoe\u0308 अनिल Vera Gleb",
          "  players Anna  Boris Vera Gleb  ", "set x = 3"]
HEADER_WORDS = WORDS + ["reversis", "title", "players", "pot", "unit", "rules", "date", "note",
                        '"', '"a b"', '"a\\"b"', "=", "1", "classic", "2026-11-17", "5/2", "jeton",
                        "Players", "POT", "dealer", "x=3", "\u00e9"]


def test_the_usual_headers_are_read_without_lark():
    """Not only the same: a plain header is the fast path's own."""
    from reversis_cli.notation.fastheader import read_header

    for line in HEADER[:-1]:
        assert read_header([line], 1) is not None, line
    for lines in COMMENTED_HEADERS[:2]:  # the third has lines only Lark reads
        assert read_header(lines, 1) is not None, lines
    assert read_header(['title "A # B"'], 1) is None  # a # in a string: Lark's


# Comments in a header: above its first statement (the simulator's), after a
# statement, between statements, at the end (a header of a file without deals).
COMMENTED_HEADERS = [
    ["# written by reversis simulate --deals 20 --seed 0", "reversis 1", "rules classic",
     "players Anna Boris Vera Gleb"],
    ["reversis 1 # v1", "rules classic#house", "players Anna Boris Vera Gleb  #  seats",
     "# below the last", "", "#"],
    ["  # indented", "# two", "", "# after a blank", "pot # none", "unit fiche  # fiches",
     "players#none", "reversis#1", "date 2026-11-17 #", "rules été # accents"],
]
COMMENT_WORDS = ["#", "# note", "#x", "##", "# a # b", '# "quoted"', "#é"]


@pytest.mark.parametrize("lines", COMMENTED_HEADERS)
def test_a_headers_comments_read_the_same_both_ways(lines):
    assert_header_same_both_ways(lines)
    assert_header_same_both_ways(lines, 7)


@pytest.mark.parametrize("seed, headers", [(10, 600), pytest.param(11, 6000,
                                                                   marks=pytest.mark.slow)])
def test_mutated_headers_with_comments_read_the_same_both_ways(seed, headers):
    rng = random.Random(seed)
    for _ in range(headers):
        lines = [rng.choice(HEADER[:-1] + ["# c", ""]) for _ in range(rng.randrange(1, 6))]
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(lines))
            if rng.random() < 0.5:
                lines[at] = lines[at] + rng.choice([" ", "", "  "]) + rng.choice(COMMENT_WORDS)
            else:
                lines[at] = mutate_line(rng, lines[at], HEADER_WORDS + COMMENT_WORDS)
        assert_header_same_both_ways(lines)


@pytest.mark.parametrize("line", HEADER)
def test_each_header_line_reads_the_same_both_ways(line):
    assert_header_same_both_ways(["reversis 1", line, "", "players Anna Boris Vera Gleb"], 3)


@pytest.mark.parametrize("seed, headers", [(8, 600), pytest.param(9, 6000, marks=pytest.mark.slow)])
def test_mutated_headers_read_the_same_both_ways(seed, headers):
    rng = random.Random(seed)
    for _ in range(headers):
        lines = [rng.choice(HEADER) for _ in range(rng.randrange(1, 5))]
        for _ in range(rng.randrange(1, 3)):
            at = rng.randrange(len(lines))
            lines[at] = mutate_line(rng, lines[at], HEADER_WORDS)
        assert_header_same_both_ways(lines)


def test_a_plain_record_is_read_without_loading_lark(tmp_path):
    """A record whose header and deals the fast path reads is read, checked and
    settled without Lark, a header's comments too (the simulator writes one);
    a comment in a deal brings Lark in, to collect it."""
    from conftest import loaded_modules

    record = tmp_path / "plain.rvs"
    record.write_text("".join(simulate_session(SimulationOptions(3, seed=2))), encoding="utf-8")
    assert "lark" not in loaded_modules("score", "--json", str(record))
    simulated = tmp_path / "simulated.rvs"
    simulated.write_text("# written by reversis simulate --deals 3 --seed 2\n"
                         + record.read_text(encoding="utf-8"), encoding="utf-8")
    assert "lark" not in loaded_modules("score", "--json", str(simulated))
    commented = tmp_path / "commented.rvs"
    commented.write_text(record.read_text(encoding="utf-8").replace(
        "\ndeal 2", "\n# the second deal\ndeal 2"), encoding="utf-8")
    assert "lark" in loaded_modules("score", "--json", str(commented))


# --- hand, talon and partie lines read by their words (issue 35, the mix) -------------

# Lines of cards the trick lines below have read, in the forms the words reader takes and
# beside them (blanks, a keyword or a card where a name stands, a card never read before).
WORDS_DEALT_LINES = [
    "partie 2H 3H 4H", "partie 2H 3H 4H   ", "partie  2H 3H", "partie 2H\t3H", "talon AH KH QH",
    "hand Anna AS KS 5H 9H", "hand Anna  AS KS", "hand hand AS", "hand AS KS", "hand Anna",
    "partie", "partie ", "talon Anna", "hand Anna AS KS 4C", "partie 2H 3H x", "partie 2H,3H",
    "hand Anna AS KS\u00a0QS", "hand Ann\u00a0a AS", "hand Зоя AS KS", "partie 2H 2H",
    "Partie 2H 3H", "partiex 2H", "hand Anna 5H 9H # kept", "talon AH KH QH JH 9H 8H 7H 6H",
]
# Trick lines whose cards are every card of the lines above but 4C (read first).
_SEEN = ["  1 Anna 5H AH 9H KH", "  2 3S 7S AS KS", "  3 2H 3H 4H QH", "  4 QS JH 9H 8H",
         "  5 7H 6H JS 4S"]


@pytest.mark.parametrize("line", WORDS_DEALT_LINES)
def test_hand_talon_and_partie_lines_of_known_cards_read_the_same_both_ways(line):
    for at in (1, 4):  # the line before the tricks and after them
        lines = ["deal 1 dealer Gleb", *_SEEN]
        lines.insert(at, "  " + line)
        parse_deal(list(lines), 3, fast=True)  # the tricks' cards read once at least
        assert parse_deal(list(lines), 3, fast=True) == parse_deal(list(lines), 3, fast=False)


@pytest.mark.parametrize("seed", [35])
def test_mutated_lines_of_known_cards_read_the_same_both_ways(seed):
    rng = random.Random(seed)
    seen = "".join(f"{row}\n" for row in _SEEN)
    text = "players Anna Boris Vera Gleb\n" + "".join(
        f"deal {number} dealer Gleb\n{seen}  "
        f"{mutate_line(rng, rng.choice(WORDS_DEALT_LINES[:6]))}\n" for number in range(1, 301))
    chunks = deal_chunks(text)
    assert len(chunks) >= 300
    for chunk in chunks:
        assert_same_both_ways(chunk)


def test_a_partie_line_of_cards_read_before_compiles_no_expression():
    """An irregular deal's partie line costed ~20 M instructions once (three
    expressions compiled), the price of twenty plain deals: its words are read."""
    from reversis_cli.notation.fastpath import FastPath, fast_path

    fresh = FastPath(fast_path()._grammar_terminal, fast_path().keywords)
    for row in _SEEN:
        assert fresh.read(row, 2, []) is not None
    for line in ("partie 2H 3H 4H", "hand Anna AS KS 5H 9H", "talon AH KH QH"):
        assert fresh.read("  " + line, 7, []) is not None, line
    assert fresh._dealt == {"h": None, "t": None, "p": None}
    # 4c: never read in a trick, nor the pack's own spelling (fastdealt._PACK_WORDS)
    assert fresh.read("  partie 2H 4c", 8, []) is not None
    assert fresh._dealt["p"] is not None and fresh._dealt["h"] is None
    # nor the paid line's expression, which a partie line was tried against first
    assert not isinstance(fresh.paid, re.Pattern)
