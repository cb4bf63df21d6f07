"""An irregular deal's lines read by their words (notation/fastevents.py): the
trick of three cards of a deal where a player discarded two (IRR-5) and his
exchange discarding two are lean lines, the event lines are read without the
expressions tried before them; each deal reads exactly as Lark reads it,
diagnostics included (issue 35)."""

from __future__ import annotations

import pytest

from reversis_cli.cards import Card
from reversis_cli.model import ExchangeLine
from reversis_cli.notation.parse import parse_deal

# A deal the fast path learns the words from (its trick expression reads them first).
TEACHER = ["deal 54 dealer Gleb", "  exchange Boris discards AD takes 3C",
           *(f"  {n} Vera  QH 2C 6C 5S > Vera" for n in (1, 2, 11)),
           "  3 QH 2C 6C 5S", "  4 Vera QH 2C 6C 5S", "  5 QH 2C 6C 5S > Vera"]

TWO_DISCARDED = """deal 55 dealer Anna
  exchange Boris discards AD AC takes 3C
  exchange Vera refuses sees AH
  exchange Gleb discards 5H takes KC
  exchange Anna discards 4D
  partie AD AC AH 5H 4D
  discarded-two Boris
   1 Boris 4H 6H KD 3H
   2 Vera  3D JD 2D 6D
   3 Gleb  4S 2S 6S AS
   4 Vera  7D KC JH 5D
   5 Vera  9C 7C 8C 3C
   6 Vera  8H JS 9H 7H
   7 Anna  5C JC QC 4C
   8 Vera  9D 8S QS KS
   9 Vera  8D 5S 9S KH
  10 Vera  QD 3S 7S 2H
  {}""".split("\n")


def both_ways(lines: list[str]):
    parse_deal(TEACHER, 1, fast=True)
    parse_deal(list(lines), 100, fast=True)  # each card's spelling known the second time
    fast = parse_deal(list(lines), 100, fast=True)
    slow = parse_deal(list(lines), 100, fast=False)
    assert fast == slow, "\n".join(lines)
    return fast[0], slow[0]


LEAN_THREE = ["11 Vera  QH 2C 6C", "11 QH 2C 6C", "11 QH 2C 6C > Vera",
              "11 Vera QH  2C 6C  >  Vera"]
NOT_LEAN = ["11 Vera QH 2C", "11 Vera QH 2C 6C >", "11 Vera QH 2C 6C > deal",
            "11 QH 2C 6C Vera", "11 Vera QH 2C 10C", "11 Vera QH 2C 6C 5S 4S",
            "11 Vera QH 2C 6C Vera", "11 QH 2C 6C > 9H", "11 QH 2C 6C > Gleb Anna",
            "11 Vera QH 2C X"]


@pytest.mark.parametrize("trick", LEAN_THREE + NOT_LEAN)
def test_a_two_discarded_deal_reads_as_larks(trick):
    """The deal with its trick 11 written well or not: the same statements and
    diagnostics both ways; a well-written trick of three cards and the exchange
    discarding two are lean lines, equal to Lark's field by field and card by card."""
    lines = [line.replace("{}", trick) for line in TWO_DISCARDED]
    fast, slow = both_ways(lines)
    if fast is None or slow is None:
        return
    last = fast.tricks[-1]  # (a lean line's text is let go once its fields are made)
    lean_three = last.number == 11 and len(last.indexes) == 3 and last._source is not None
    pairs = list(zip(fast.statements, slow.statements, strict=True))
    exchange = next(m for m, _ in pairs if isinstance(m, ExchangeLine))
    lean_exchange = exchange._source is not None
    for mine, lark in pairs:
        for name in type(lark)._fields:
            assert getattr(mine, name) == getattr(lark, name), (name, lines)
        cards = (getattr(mine, "cards", None) or getattr(mine, "discards", None) or (),
                 getattr(lark, "cards", None) or getattr(lark, "discards", None) or ())
        for card, lark_card in zip(*cards, strict=True):
            assert (card.card, card.pos, card.spelling) == \
                (lark_card.card, lark_card.pos, lark_card.spelling)
    assert lean_three == (trick in LEAN_THREE), lines
    if lean_three:  # the deal read whole by the fast path: "discards AD AC takes 3C" lean
        assert lean_exchange


@pytest.mark.parametrize("event", [
    "peeked  Vera", "unclaimed   11   Anna", "redeal  paid", "misdeal Gleb  late",
    "discarded-two  Boris", "kept Vera", "out-of-turn Anna", "exposed",
    "peeked", "unclaimed 12", "unclaimed x", "peeked Vera Anna", "kept deal", "exposed Anna",
    "misdeal Gleb early", "redeal", "discarded-two 9H", "unclaimed 123456789012345678901"])
def test_event_lines_read_by_their_words_as_larks(event):
    """An event line read by its words: the deal Lark reads, columns and
    diagnostics included, one space or several between the words."""
    lines = [line.replace("discarded-two Boris", event).replace("{}", LEAN_THREE[0])
             for line in TWO_DISCARDED]
    both_ways(lines)


# A deal whose trick of three cards is read as a row (issue 35, branch i35-two2): the rows
# of its trick lines (the last of three cards, its fourth NO_INDEX), its exchange lines
# discarding two read by their words; a trick of three cards elsewhere makes the deal in full.
EXCHANGES_BY_WORDS = ["  exchange Boris discards AD AC", "  exchange Boris discards AD AC takes 3C",
                      "  exchange Boris  discards AD  AC   takes 3C"]


@pytest.mark.parametrize("exchange", EXCHANGES_BY_WORDS + [
    "  exchange Boris discards AD AC takes", "  exchange Boris discards AD AC AH takes 3C",
    "  exchange Boris discards AD takes AC 3C", "  exchange Boris discards AD AC gives 3C",
    "  exchange Boris discards AD 1C takes 3C"])
@pytest.mark.parametrize("trick", LEAN_THREE + NOT_LEAN[:3])
def test_a_two_discarded_deal_is_read_lean_with_a_row_of_three_cards(trick, exchange,
                                                                     monkeypatch):
    from reversis_cli.model.rows import NO_INDEX
    from reversis_cli.notation.fastpath import FastPath

    lines = [line.replace("{}", trick) for line in TWO_DISCARDED]
    lines[1] = exchange
    both_ways(lines)  # read as Lark reads it, and every word learnt
    by_expression = []
    expression = FastPath._exchange

    def spied(self, line, *rest):
        by_expression.append(line)
        return expression(self, line, *rest)

    monkeypatch.setattr(FastPath, "_exchange", spied)
    fast = parse_deal(list(lines), 100, fast=True)[0]
    if fast is None:
        return
    rows = fast.lean_rows
    well = exchange in EXCHANGES_BY_WORDS  # the others the expression's or Lark's
    if trick in LEAN_THREE:  # the deal read whole (both_ways held each to Lark)
        assert (exchange in by_expression) == (not well)
        assert rows is not None or not well, lines
    else:
        assert rows is None
    if rows is not None:  # asked before any line is made
        assert [row[4] == NO_INDEX for row in rows] == [False] * 10 + [True]
        assert fast.trick_rows is None  # the plain replay of four cards a trick never sees it
        assert fast.exchange_rows[0][2][:2] == (Card.parse("AD").index, Card.parse("AC").index)
        assert ExchangeLine not in fast._by_type and fast.trick_count == 11
        slow = parse_deal(list(lines), 100, fast=False)[0]
        assert slow is not None and fast.trick_line(10) == slow.tricks[10] and fast == slow


# A plain deal but for one event line (the "{}"), read whole by the fast path.
WITH_AN_EVENT = ["deal 56 dealer Gleb", "  exchange Boris discards AD takes 3C", "  {}",
                 *(f"  {n:>2} Vera  QH 2C 6C 5S > Vera" for n in range(1, 12))]


@pytest.mark.parametrize("event", [
    "peeked Vera", "kept Vera", "out-of-turn Anna", "discarded-two Boris", "misdeal Gleb",
    "misdeal Gleb late", "unclaimed 11", "unclaimed 3 Anna", "unclaimed 07 Anna",
    "redeal paid", "exposed", "  peeked   Vera  ", "unclaimed  4   Anna ", "misdeal  Gleb  late"])
def test_a_plain_deal_with_an_event_line_is_read_lean_as_larks(event):
    """The event line read by its words, each word's column found after the one
    before it, in a deal the fast path reads whole (lean): the deal Lark reads."""
    fast, _ = both_ways([line.replace("{}", event) for line in WITH_AN_EVENT])
    assert fast._layout is not None  # read whole by the fast path


@pytest.mark.parametrize("event", [
    "unclaimed ²", "unclaimed ٣ Anna", "unclaimed 3 Anna Vera", "unclaimed", "unclaimed Anna",
    "unclaimed 3 late", "misdeal Gleb late late", "misdeal late", "misdeal Gleb Anna",
    "kept", "kept Vera late", "kept peeked", "peeked 3", "redeal Anna", "redeal paid paid",
    "exposed exposed", "out-of-turn Anna#x", "kept Vera\tAnna", "unclaimed 3 Anna1",
    "kept A" + "1" * 31, "unclaimed " + "1" * 31, "peeked Вера", "kept Ve\u0301ra"])
def test_a_broken_event_line_in_a_plain_deal_is_said_as_lark_says_it(event):
    """Every event line the fast path does not read (or reads as Lark would): the
    same deal and the same diagnostics, at the same line and column."""
    both_ways([line.replace("{}", event) for line in WITH_AN_EVENT])


ESPAGNOLETTES_BY_WORDS = ["espagnolette Vera", "espagnolette Vera waives",
                          "  espagnolette   Vera  waives ", "espagnolette Zoe\u0308"]


@pytest.mark.parametrize("line", ESPAGNOLETTES_BY_WORDS + [
    "espagnolette", "espagnolette waives", "espagnolette Vera Anna", "espagnolette deal",
    "espagnolette Vera waive", "espagnolette 9H", "espagnolette Vera waives waives",
    "espagnolette Vera#x", "espagnolette Vera\twaives", "espagnolette A" + "1" * 31,
    "espagnolette Ve\u0301ra", "espagnolettes Vera", "espagnolette peeked"])
def test_an_espagnolette_line_is_read_by_its_words_as_larks(line, monkeypatch):
    """An espagnolette line (issue 35, branch i35-play4) read by its words in a
    deal read whole, not by the expression: the deal Lark reads, its columns and
    diagnostics; any line not so read is the expression's or Lark's, as before."""
    from reversis_cli.notation.fastpath import FastPath

    lines = [text.replace("{}", line) for text in WITH_AN_EVENT]
    both_ways(lines)
    by_expression = []
    expression = FastPath._espagnolette

    def spied(self, text, *rest):
        by_expression.append(text)
        return expression(self, text, *rest)

    monkeypatch.setattr(FastPath, "_espagnolette", spied)
    fast = parse_deal(list(lines), 100, fast=True)
    assert fast == parse_deal(list(lines), 100, fast=False)
    if line in ESPAGNOLETTES_BY_WORDS:
        assert by_expression == [] and fast[0] is not None and fast[0]._layout is not None
