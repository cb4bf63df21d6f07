"""The lean deal (issue 35): a deal the fast path reads whole keeps its plain
trick lines as rows (``model.TrickRow``) and makes their ``TrickLine``s only
when asked; the usual exchange line is read by its words once the expression
has read its player and its cards.  Both are twins of the deal read in full
(docs/contributing.md, "Fast paths"): here every deal read lean is held to
Lark's, row by row and line by line, before and after its lines are made,
and a plain record is checked without a trick line made at all.
"""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.grammar_source import terminal_pattern
from reversis_cli.model import Deal, ExchangeLine, TrickLine
from reversis_cli.model import deal as deal_module
from reversis_cli.model.rows import exchange_line_of_row
from reversis_cli.notation.fastpath import FastPath
from reversis_cli.notation.grammar_file import keywords
from reversis_cli.notation.parse import parse_deal
from reversis_cli.simulate import SimulationOptions, simulate_session

from test_fastpath_parity import WORDS, deal_chunks, mutate_line


def _is_lean(deal: Deal) -> bool:
    return deal._rows is not None


def _lines_made(deal: Deal) -> bool:
    """Whether a deal's statements are made (a lean deal's, only once asked for)."""
    try:
        object.__getattribute__(deal, "statements")
    except AttributeError:
        return False
    return True


def assert_lean_is_larks(lines: list[str], first_line: int) -> bool:
    """Read ``lines`` both ways; when the fast path made a lean deal, hold what
    it gives without making a line (rows, counts, lines by type) to Lark's,
    then its lines, made from the rows, line by line.  Whether it was lean."""
    fast, fast_problems = parse_deal(lines, first_line, fast=True)
    slow, slow_problems = parse_deal(lines, first_line, fast=False)
    assert fast_problems == slow_problems, "\n".join(lines)
    if fast is None or slow is None or not _is_lean(fast):
        assert fast == slow, "\n".join(lines)
        return False
    assert not _lines_made(fast)
    slow_rows = slow.trick_rows
    assert slow_rows is not None  # the fast path reads four cards a line only
    fast_rows = fast.trick_rows
    assert fast_rows is not None
    assert [row[:7] for row in fast_rows] == [row[:7] for row in slow_rows]
    assert [row[:6] for row in fast.exchange_rows] == [row[:6] for row in slow.exchange_rows]
    assert (fast.statement_count, fast.trick_count, fast.other_count) == (
        len(slow.statements), len(slow.tricks), slow.other_count)
    for kind in {type(statement) for statement in slow.statements} - {TrickLine, ExchangeLine}:
        assert fast.of_type(kind) == slow.of_type(kind), kind
    assert (fast.line, fast.trailing_comments) == (slow.line, slow.trailing_comments)
    assert not _lines_made(fast), "a lean deal makes no line until asked"
    middle = fast.trick_count // 2
    alone = fast.trick_line(middle) if fast.trick_count else None  # made alone
    assert not _lines_made(fast)
    tricks = fast.tricks
    assert alone is None or tricks[middle] is alone, "a line made alone is the line kept"
    assert all(line._source is not None for line in tricks)  # lean lines, written out when read
    assert [id(line) for line in fast.statements if isinstance(line, TrickLine)] == \
        [id(line) for line in tricks], "the statements and the tricks are the same lines"
    assert [id(line) for line in fast.statements if isinstance(line, ExchangeLine)] == \
        [id(line) for line in fast.exchanges]
    assert all(line._source is not None for line in fast.exchanges)  # lean lines
    for exchange, lark_exchange in zip(fast.exchanges, slow.exchanges, strict=True):
        for name in ExchangeLine._fields:
            assert getattr(exchange, name) == getattr(lark_exchange, name), \
                (name, exchange._source)
    for mine, lark in zip(tricks, slow.tricks, strict=True):
        for name in TrickLine._fields:
            assert getattr(mine, name) == getattr(lark, name), (name, mine._source)
    assert fast == slow, "\n".join(lines)
    assert hash(fast) == hash(slow)
    return True


@pytest.mark.parametrize("style, hands", [("ascii", False), ("unicode", False), ("ru", False),
                                          ("ascii", True)])
def test_simulated_deals_read_lean_are_larks(style, hands):
    text = "".join(simulate_session(SimulationOptions(
        40, seed=21, card_style=style, write_hands=hands, irregular=0.05)))
    chunks = deal_chunks(text)
    lean = sum(assert_lean_is_larks(list(chunk.lines), chunk.first_line) for chunk in chunks)
    # the fast path reads most deals lean, with their hand, talon and partie lines too
    assert lean >= len(chunks) * 3 // 4


@pytest.mark.parametrize("seed", [22, 23])
def test_altered_deals_read_lean_are_larks(seed):
    """The same with lines altered: whatever the fast path still reads lean is
    Lark's, and what it does not is read in full."""
    rng = random.Random(seed)
    text = "".join(simulate_session(SimulationOptions(
        60, seed=seed, card_style="ascii", write_hands=False, irregular=0.1)))
    lines = text.split("\n")
    for _ in range(len(lines) // 10):
        at = rng.randrange(len(lines))
        lines[at] = mutate_line(rng, lines[at], WORDS + [">", "> Vera", "  ", "Anna",
                                                         "exchange", "refuses", "sees"])
    chunks = deal_chunks("\n".join(lines))
    lean = sum(assert_lean_is_larks(list(chunk.lines), chunk.first_line) for chunk in chunks)
    assert 0 < lean < len(chunks)


def _fresh() -> FastPath:
    return FastPath(terminal_pattern, keywords())


DEAL = ["deal 1 dealer Anna", "exchange Boris discards KS takes 9H", "exchange Vera refuses",
        "1 Boris AS 2S 3S 4S > Boris", "2 Boris KH QH JH 5H"]


def test_a_deal_with_a_trick_line_read_in_full_holds_trick_lines_only():
    """The first time a word is read, the expression reads its line in full:
    that deal is made with its lines; the next with the same words is lean."""
    fast = _fresh()
    first = fast.read_deal(DEAL, 1)
    second = fast.read_deal(DEAL, 1)
    assert first is not None and second is not None
    assert not _is_lean(first[0]) and _lines_made(first[0])
    assert _is_lean(second[0]) and not _lines_made(second[0])
    assert first == second


@pytest.mark.parametrize("written, by_words", [
    ("exchange Boris discards KS takes 9H", True), ("exchange Boris discards KS", True),
    ("exchange Boris takes 9H", True), ("exchange Boris refuses", True),
    ("exchange Boris refuses sees KS", True), ("  exchange  Boris   discards KS ", True),
    ("exchange Boris discards KS 9H", True),  # two discarded (IRR-5): by its words (E78)
    ("exchange Boris discards KS 9H takes 9H", True), ("exchange Boris discards KS 9H 2S", False),
    ("exchange Boris discards KS 9H sees 2S", False),
    ("exchange Boris refuses sees KS 9H", False), ("exchange Boris discards ks", False),
    ("exchange Gleb discards KS", False),  # a player the expression has not read
    ("exchange Boris discards KS takes", False), ("exchange Boris Takes 9H", False),
    ("exchange Boris refuses KS", False), ("exchange Boris discards KS\t", False),
    ("exchange Boris discards KS sees 9H", False), ("exchange exchange refuses", False),
])
def test_an_exchange_line_by_its_words_is_the_expressions(written, by_words):
    """Once the expression has read the player and the cards, the usual forms
    are read by their words, as the expression reads them (Lark's line); any
    other line is left to the expression."""
    fast = _fresh()
    for _ in range(2):  # the cards' spellings met, then Boris, KS, 9H read by the expression
        assert fast.read_deal(DEAL, 1) is not None
    words = written.split()
    row = fast._exchange_by_words(written, words, 2) if 2 < len(words) < 8 else None
    assert (row is not None) == by_words, written
    line = exchange_line_of_row(row) if row is not None else None
    lines = ["deal 1 dealer Anna", written]
    slow, _ = parse_deal(lines, 1, fast=False)
    read = fast.read_deal(lines, 1)
    if line is not None:
        assert slow is not None and line == slow.statements[0]
        assert isinstance(line, ExchangeLine) and line._source is not None  # lean
    if read is not None:
        assert read[0] == slow


def test_check_of_a_plain_record_makes_no_trick_line(monkeypatch, tmp_path):
    """``check`` reads, replays and judges a plain record on the rows: no
    trick line is made of a lean deal (each would cost its object), and the
    output is what the full reading gives."""
    from reversis_cli.notation import fastdealt, fastspaced

    record = tmp_path / "plain.rvs"
    record.write_text("".join(simulate_session(SimulationOptions(
        30, seed=24, card_style="ascii", write_hands=False))), encoding="utf-8")
    made: list[tuple] = []
    lean: list[tuple] = []
    for owner, name, calls in ((deal_module, "trick_line_of_row", made),
                               (fastdealt, "lean_deal", lean), (fastspaced, "lean_deal", lean)):
        original = getattr(owner, name)

        def counted(*args, __original=original, __calls=calls):
            __calls.append(args)
            return __original(*args)

        monkeypatch.setattr(owner, name, counted)
    fast = CliRunner().invoke(cli, ["check", str(record)])
    assert len(lean) >= 25 and made == []
    monkeypatch.setattr("reversis_cli.fastpaths.REFERENCE", True)
    slow = CliRunner().invoke(cli, ["check", str(record)])
    assert (fast.exit_code, fast.output) == (slow.exit_code, slow.output)
    assert "30 deals" in fast.output


@pytest.mark.parametrize("written, by_words", [
    ("deal 7 dealer Anna", True), ("  deal 12 dealer Anna", True), ("deal 007 dealer Anna", True),
    ("deal 7 dealer Anna ", False), ("deal 7  dealer Anna", False),  # the columns: the expression
    ("deal 7 dealer Gleb", False),  # a dealer the expression has not read
    ("deal \u0667 dealer Anna", False), ("Deal 7 dealer Anna", False),
    ("deal 7 Dealer Anna", False), ("deal 7 dealer deal", False),
    ("deal " + "1" * 30 + " dealer Anna", True), ("deal " + "1" * 31 + " dealer Anna", False),
])
def test_a_deal_line_by_its_words_is_the_expressions(written, by_words):
    """Once the expression has read the dealer's name, the usual deal line is
    read by its words, as the expression reads it (Lark's line)."""
    fast = _fresh()
    assert fast.read_deal(["deal 1 dealer Anna"], 1) is not None  # Anna read as a dealer
    line = fast._deal_line_by_words(written, written.split(), 3)
    assert (line is not None) == by_words, written
    slow, _ = parse_deal([written], 3, fast=False)
    if line is not None:
        assert slow is not None and line == slow.line
    read = fast.read_deal([written, "exchange Anna refuses"], 3)
    if read is not None:
        assert read[0] == parse_deal([written, "exchange Anna refuses"], 3, fast=False)[0]


def test_every_usual_exchange_line_of_a_deal_is_read_by_its_words(monkeypatch):
    """Once the expression has read them, no exchange line of a deal goes to
    it again: the six words of ``exchange NAME discards C takes C`` are a trick
    line's count too, and must not be taken for one (it went to the
    expression before this test)."""
    fast = _fresh()
    for _ in range(2):  # the cards' spellings met, then Boris, Vera, KS, 9H read by the expression
        assert fast.read_deal(DEAL, 1) is not None
    expression: list[str] = []
    original = fast._exchange

    def counted(line, number, problems):
        expression.append(line)
        return original(line, number, problems)

    monkeypatch.setattr(fast, "_exchange", counted)
    read = fast.read_deal(DEAL, 1)
    assert read is not None and expression == []
    assert read[0] == parse_deal(DEAL, 1, fast=False)[0]
