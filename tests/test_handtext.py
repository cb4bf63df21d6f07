"""A deal's four hand lines read together as text (model/handtext.py) give the
masks their words give, or nothing: never another hand.

``hand_masks`` is held to an independent reading of the words (each word a card
of the pack in one style, by ``Card.parse``, one space between two, no card
twice) on hands dealt at random in both styles and on thousands of texts
altered a character at a time; the one loop that asks it
(notation/fastspaced.py) is held to ``FastPath.read_deal`` and to Lark on deals
whose hand lines are so altered.
"""

from __future__ import annotations

import random

import pytest

from reversis_cli.cards import PACK, Card, CardError
from reversis_cli.grammar_source import terminal_pattern
from reversis_cli.model.handtext import STYLES, hand_masks
from reversis_cli.notation.fastpath import FastPath
from reversis_cli.notation import fastspaced
from reversis_cli.notation.fastspaced import read_spaced_deal
from reversis_cli.notation.grammar_file import keywords
from reversis_cli.notation.parse import parse_deal
from reversis_cli.notation.spaced import SpacedLines
from reversis_cli.simulate import SimulationOptions, simulate_session

from test_fastpath_parity import block_chunks, lean_parts


def words_masks(texts: list[str]) -> list[int] | None:
    """The oracle: each text's cards' bits, when each text is words of the pack in
    one style (the same for all), one space between two, nothing before or after,
    and no card is written twice; else None."""
    masks, seen = [], 0
    spellings = {style: {card.format(style) for card in PACK} for style in STYLES}
    words = [word for text in texts for word in text.split(" ")]
    if not any(set(words) <= spelt for spelt in spellings.values()):
        return None
    for text in texts:
        mask = 0
        for word in text.split(" "):
            try:
                bit = 1 << Card.parse(word).index
            except CardError:
                return None
            if seen & bit:
                return None
            seen |= bit
            mask |= bit
        masks.append(mask)
    return masks


def dealt_texts(rng: random.Random, style: str) -> list[str]:
    """Four hands of a deal (12, 11, 11, 11 cards) in the pack's order, or shuffled."""
    cards = list(PACK)
    rng.shuffle(cards)
    hands = [sorted(cards[:12], key=lambda c: c.index), cards[12:23], cards[23:34], cards[34:45]]
    return [" ".join(card.format(style) for card in hand) for hand in hands]


@pytest.mark.parametrize("style", STYLES)
def test_hands_dealt_read_as_their_words(style):
    rng = random.Random(style)
    for _ in range(300):
        texts = dealt_texts(rng, style)
        masks = words_masks(texts)
        read = hand_masks(*texts)
        assert masks is not None and read is not None and read[:4] == tuple(masks)
        assert sum(masks).bit_count() == 45


# What a hand can be mistyped with: the other styles' and other alphabets' cards and
# letters, lower case, the suits' other symbols, tens, blanks of all kinds, marks.
# And the characters whose UTF-8 shares a byte with a card's where its first bytes are
# those a translation deletes: Р У Х Ц (D0 A0, A3, A5, A6: a suit's last byte), ♒ ♔ ♚
# (E2 99 92, 94, 9A: a Russian rank's), a lower case т, Й (D0 99: both bytes deleted) and
# ⠠ ⥣ (E2 A0 A0, E2 A5 A3: a suit's first byte and suits' last bytes).
ALPHABET = ("AKQJ98765432SHDC♠♥♦♣" "akqjshdc" "ТКДВ" "♤♡♢♧" "АКВ" "T10" " \t\u00a0#>x?"
            "\u0301\ufe0f" "РУХЦ♒♔♚тЙ⠠⥣")


def altered(rng: random.Random, texts: list[str]) -> list[str]:
    texts = list(texts)
    which = rng.randrange(4)
    text = texts[which]
    kind = rng.randrange(6)
    at = rng.randrange(len(text) + 1)
    if kind == 0:  # a character replaced
        text = text[:at] + rng.choice(ALPHABET) + text[at + 1:]
    elif kind == 1:  # one inserted
        text = text[:at] + rng.choice(ALPHABET) + text[at:]
    elif kind == 2:  # one dropped
        text = text[:at] + text[at + 1:]
    elif kind == 3 and at + 1 < len(text):  # two swapped
        text = text[:at] + text[at + 1] + text[at] + text[at + 2:]
    elif kind == 4:  # a card of another hand written again, in place of one or besides
        other = rng.choice(texts[:which] + texts[which + 1:]).split(" ")
        words = text.split(" ")
        if rng.random() < 0.5:
            words[rng.randrange(len(words))] = rng.choice(other)
        else:
            words.insert(rng.randrange(len(words) + 1), rng.choice(other))
        text = " ".join(words)
    else:  # a word moved to another hand
        words, there = text.split(" "), texts[(which + 1) % 4].split(" ")
        there.insert(rng.randrange(len(there) + 1), words.pop(rng.randrange(len(words))))
        texts[(which + 1) % 4] = " ".join(there)
        text = " ".join(words)
    texts[which] = text
    return texts


@pytest.mark.parametrize("style", STYLES)
def test_altered_hands_read_as_their_words_or_not_at_all(style):
    rng = random.Random(f"altered {style}")
    taken = refused = 0
    for _ in range(4000):
        texts = dealt_texts(rng, style)
        for _ in range(rng.randrange(1, 3)):
            texts = altered(rng, texts)
        got, want = hand_masks(*texts), words_masks(texts)
        assert (got and got[:4]) == (None if want is None else tuple(want)), texts
        assert got is None or got[4:] == tuple(len(text.split()) for text in texts)
        taken += got is not None
        refused += got is None
    # not a test that cannot fail: both answers come up often (a word moved to another
    # hand, a card of the same suit's rank swapped in, are hands still)
    assert taken > 300 and refused > 2000


def test_two_characters_whose_bytes_stand_in_for_a_card_s_are_refused_together():
    """In the Russian style a card is four or five bytes, and the translation deletes
    the first bytes of its characters: a letter whose second byte is a suit's (Р, D0 A0)
    where a suit stands, and a symbol whose last byte is a rank's (♒, E2 99 92) where a
    rank stands, in one text, must not make the cards their bytes would spell."""
    rng = random.Random("two stand-ins")
    suits_alike, ranks_alike = "РУХЦ", "♒♔♚⚒♓"
    for _ in range(40):
        texts = dealt_texts(rng, "ru")
        which = rng.randrange(4)
        chars = list(texts[which])
        for suit_at in range(1, len(chars), 3):
            for rank_at in range(0, len(chars), 3):
                altered_chars = list(chars)
                altered_chars[suit_at] = rng.choice(suits_alike)
                altered_chars[rank_at] = rng.choice(ranks_alike)
                altered_texts = list(texts)
                altered_texts[which] = "".join(altered_chars)
                assert words_masks(altered_texts) is None
                assert hand_masks(*altered_texts) is None, altered_texts[which]


def test_a_text_that_ends_or_begins_within_a_card_is_refused():
    texts = ["QS 8S 4S", "2S QH JH", "4H 8D AC", "3C 2C 9H"]
    assert hand_masks(*texts) is not None
    assert hand_masks("QS 8S 4", "S 2S QH", "4H 8D AC", "3C 2C 9H") is None
    assert hand_masks("QS 8S 4S ", "2S QH JH", "4H 8D AC", "3C 2C 9H") is None
    assert hand_masks("", "2S QH JH", "4H 8D AC", "3C 2C 9H") is None
    assert hand_masks("QS8S 4S", "2S QH JH", "4H 8D AC", "3C  2C 9H") is None
    assert hand_masks("SQ 8S 4S", "2S QH JH", "4H 8D AC", "3C 2C 9H") is None
    assert hand_masks("Q♠ 8♠ 4♠", "2♠ Q♥ J♥", "4♥ 8♦ A♣", "3♣ 2♣ 9S") is None


def hands_lines_altered(rng: random.Random, text: str) -> str:
    """``text`` with one hand line in five altered a character at a time (after the
    player's name: a name changed is another name, the loop's)."""
    lines = text.split("\n")
    for at, line in enumerate(lines):
        if line.startswith("  hand ") and rng.random() < 0.2:
            head = len(line) - len(line.split(" ")[-1]) - 30  # within the cards, mostly
            head = max(head, len("  hand Anna "))
            cut = rng.randrange(head, len(line) + 1)
            change = rng.choice(ALPHABET)
            lines[at] = line[:cut] + change + line[cut + rng.randrange(2):]
    return "\n".join(lines)


@pytest.mark.parametrize("style, seed", [("ascii", 41), ("unicode", 42), ("ascii", 43),
                                         ("ru", 44)])
def test_deals_with_altered_hand_lines_read_in_the_loop_as_read_deal_and_lark_read_them(
        style, seed, monkeypatch):
    """Two fast paths that have read the same words: one reads each deal by the one
    loop (hands as text first), the other by ``read_deal`` alone; the deal is the
    same, and the same as Lark's."""
    answers: list[bool] = []

    def counted(*texts: str) -> tuple[int, ...] | None:
        got = hand_masks(*texts)
        answers.append(got is not None)
        return got

    monkeypatch.setattr(fastspaced, "hand_masks", counted)
    text = "".join(simulate_session(SimulationOptions(80, seed=seed, card_style=style,
                                                      write_hands=True, irregular=0.2)))
    loop, whole = FastPath(terminal_pattern, keywords()), FastPath(terminal_pattern, keywords())
    for chunk in block_chunks(text):  # each path has read each word before
        for path in (loop, whole):
            path.read_deal(chunk.lines, chunk.first_line)
    rng = random.Random(seed)
    read = 0
    for chunk in block_chunks(hands_lines_altered(rng, text), 3000):
        if type(chunk.lines) is not SpacedLines:
            continue
        got = read_spaced_deal(loop, chunk.lines, chunk.first_line)
        want = whole.read_deal(chunk.lines, chunk.first_line)
        if got is not None:
            assert want is not None and got == want, "\n".join(chunk.lines)
            assert lean_parts(got[0]) == lean_parts(want[0]), "\n".join(chunk.lines)
            read += 1
        lark = parse_deal(list(chunk.lines), chunk.first_line, fast=False)
        assert parse_deal(chunk.lines, chunk.first_line, fast=True) == lark
    # not a test that cannot fail: hands read as text, and hands altered so that the
    # loop reads them by their words
    assert read > 15 and answers.count(True) > 15 and answers.count(False) > 5
