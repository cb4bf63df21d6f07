"""The hand, talon and partie lines read by their words (``fastdealt._dealt_words``)
against their expressions (``_dealt_match``): the same reading, positions included,
on every line the words take, even before any trick line has taught the fast path a
card (the pack's own spellings, ``_PACK_WORDS``) and with the players' names aligned
(issue 35, decision E101).
"""

from __future__ import annotations

import random
import re

import pytest

from reversis_cli import fastpaths
from reversis_cli.cards import CARD_STYLES, PACK, Card
from reversis_cli.grammar_source import terminal_pattern
from reversis_cli.notation.fastdealt import _PACK_WORDS
from reversis_cli.notation.fastpath import FastPath
from reversis_cli.notation.fastspaced import read_spaced_deal
from reversis_cli.notation.grammar_file import keywords
from reversis_cli.notation.spaced import SpacedLines
from reversis_cli.simulate import SimulationOptions, simulate_session

from test_fastpath_parity import block_chunks, lean_parts

_HEADS = {"h": "hand", "t": "talon", "p": "partie"}
_PLAYERS = ["Anna", "Boris", "Vera", "Gleb", "hand", "talon", "x#y", "Анна", "B\u00a0C", ""]
# the pack's own spellings (of one style a line), then words that are not, or are not
# the pack's own (the three first styles' and these: a line of cards is mostly cards)
_STYLE_WORDS = [[card.format(style) for card in PACK] for style in CARD_STYLES]
_CARD_WORDS = [str(card) for card in PACK] + ["as", "10S", "A♠\ufe0f", "AS\ufe0f", "ТК", "XS",
                                              "A", "AS-", "AS#", "#", "1S", "AS,", "\u00a0AS",
                                              "Т♤", "A♠♠", "♠", "Д"]


def _fresh() -> FastPath:
    return FastPath(terminal_pattern, keywords())


def test_the_pack_words_are_cards_the_grammar_reads_whole():
    """Each word taken without a trick line before is one the grammar's card run
    reads whole, as one card."""
    cards = re.compile(terminal_pattern("CARDS"))
    assert _PACK_WORDS == {card.format(style) for card in PACK for style in CARD_STYLES}
    for word in _PACK_WORDS:
        assert cards.fullmatch(word), word
        assert not cards.fullmatch(word[:-1]), word


def _line(rng: random.Random, head: str) -> str:
    def blanks() -> str:
        return rng.choice([" ", " ", "  ", "   ", "\t", " \t", ""])

    words = [rng.choice([_HEADS[head], _HEADS[head], "hands", "Hand", "talon", "partie"])]
    if head == "h" or rng.random() < 0.1:
        words.append(rng.choice(_PLAYERS))
    style = rng.choice(_STYLE_WORDS)  # a line's cards in one style, mostly
    words += [rng.choice(_CARD_WORDS) if rng.random() < 0.1
              else rng.choice(rng.choice(_STYLE_WORDS)) if rng.random() < 0.05
              else rng.choice(style) for _ in range(rng.choice([0, 1, 3, 4, 11, 12]))]
    text = rng.choice(["", " ", "  "]) + words[0]
    for at, word in enumerate(words[1:], 1):
        before_cards = at <= (2 if head == "h" else 1)
        text += blanks() if before_cards else rng.choice([" "] * 8 + ["  ", "\t"])
        text += word
    return text + rng.choice(["", "", " ", "  ", "\t", " # note"])


def test_the_words_read_a_line_as_its_expression_does():
    """Whatever line the words take, the expression reads the same: the player's
    word and where it stands, the run of cards and where it starts.  The usual
    lines, names aligned, are taken (no expression compiled for them)."""
    rng = random.Random(35)
    fresh, taken = _fresh(), 0
    for _ in range(20000):
        head = rng.choice("htp")
        line = _line(rng, head)
        by_words = fresh._dealt_words(head, line)
        if by_words is not None:
            taken += 1
            assert by_words == fresh._dealt_match(head, line), line
    assert taken > 800


@pytest.mark.parametrize("style", CARD_STYLES)
def test_a_first_deal_written_with_aligned_hands_compiles_no_expression(style):
    """A record's first hand, talon and partie lines, read before any trick line,
    the names aligned as the writer aligns them, in each style of cards: read by
    their words."""
    def spelt(cards: str) -> str:
        return " ".join(Card.parse(word).format(style) for word in cards.split())

    fresh = _fresh()
    lines = ["  hand Boris " + spelt("JS 6S 3S 2S JH 9H 7H 6H QD 3D 6C"),
             "  hand Vera  " + spelt("AH 5H 4H 8D 5D 4D 2D KC 9C 7C 3C"),
             "  talon " + spelt("8C 7D 9D"), "  partie " + spelt("6C AH AD AC")]
    for number, line in enumerate(lines, 1):
        assert fresh._dealt_line(line.split()[0][0], line, number, []) is not None, line
    assert fresh._dealt == dict.fromkeys("htp"), "an expression compiled"
    read = fresh._dealt_words("h", lines[1])
    assert read == ("Vera", 7, lines[1][13:], 13)
    assert read == fresh._dealt_match("h", lines[1])


@pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1: no SpacedLines")
@pytest.mark.parametrize("seed, options", [(35, dict(irregular=0.3, events=0.2)),
                                           (36, dict(irregular=1.0, events=0.5))])
def test_a_record_s_first_deals_are_read_in_the_loop_as_read_deal_reads_them(seed, options):
    """Two fast paths that have read nothing: the one reads each deal of a record
    written with its hands as parse_deal does (read_spaced_deal, then read_deal if
    it gives up), the other by read_deal alone; the same deals, and the same words
    learnt.  A deal line whose dealer is read for the first time is read by its
    expression at the end of fastrest.read_spaced_rest (read_deal's reading of
    it), and a talon line read there is not asked first whether it is a tally
    line: the tally's expression is never compiled."""
    text = "".join(simulate_session(SimulationOptions(40, seed=seed, card_style="ascii",
                                                      write_hands=True, **options)))
    spaced, whole = _fresh(), _fresh()
    in_loop = 0
    for chunk in block_chunks(text):
        got = read_spaced_deal(spaced, chunk.lines, chunk.first_line) \
            if type(chunk.lines) is SpacedLines else None
        in_loop += got is not None
        if got is None:
            got = spaced.read_deal(chunk.lines, chunk.first_line)
        want = whole.read_deal(chunk.lines, chunk.first_line)
        assert got == want, "\n".join(chunk.lines)
        if got is not None and want is not None:
            assert lean_parts(got[0]) == lean_parts(want[0]), "\n".join(chunk.lines)
    assert in_loop > 20
    assert spaced._dealers == whole._dealers and spaced._dealt_read == whole._dealt_read
