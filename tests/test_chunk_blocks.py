"""The block reader cuts exactly the chunks the line reader cuts.

``notation/chunks.py``'s :class:`ChunkReader` (the fast path) reads a block of
bytes at a time and cuts a plain deal out of it whole; every other stretch
goes to the line path, ``split_chunks(decode_lines(...))``, the reference.
Here both read the same bytes, and the chunks (kind, first line, lines, last
line) and the problems must be equal: over every file under ``samples/``, the
hostile inputs of the test suite and the hostile records of review newcomer-3
(copied under ``tests/fixtures/``), and
thousands of simulated records mutated in every way a line can be unusual,
with blocks so small that they cut lines and characters everywhere, and the
reading's limits made small so that each is reached.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from reversis_cli.notation import chunks
from reversis_cli.notation.chunks import BLOCK_BYTES, ChunkReader, decode_lines, split_chunks
from reversis_cli.reader.foreign import until_foreign
from reversis_cli.simulate import SimulationOptions, simulate_session

from conftest import files_in

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
BLOCK_SIZES = (1, 2, 3, 5, 64, 1000, BLOCK_BYTES)


def by_lines(data: bytes, start: int = 1, foreign: bool = False):
    problems: list = []
    lines = decode_lines(io.BytesIO(data), problems, start)
    if foreign:
        lines = until_foreign(lines, "f.rvs", [])
    return list(split_chunks(lines, problems, start)), problems


def by_blocks(data: bytes, block_bytes: int, start: int = 1, foreign: bool = False):
    problems: list = []
    lines_filter = (lambda lines: until_foreign(lines, "f.rvs", [])) if foreign else None
    reader = ChunkReader(io.BytesIO(data), problems, start, lines_filter, block_bytes)
    return list(reader), problems


def assert_same(data: bytes, sizes=BLOCK_SIZES, foreign: bool = False) -> None:
    expected = by_lines(data, foreign=foreign)
    for size in sizes:
        assert by_blocks(data, size, foreign=foreign) == expected, (size, data[:200])


def simulated(deals: int, seed: int, **options) -> bytes:
    return "".join(simulate_session(SimulationOptions(deals, seed=seed, **options))).encode()


def test_no_other_character_folds_to_the_letters_of_deal():
    """The byte pattern folds ASCII only; the line pattern folds any letter."""
    every = "".join(map(chr, range(0x80, 0xD800))) + "".join(map(chr, range(0xE000, 0x110000)))
    assert re.findall(r"(?i)[deal]", every) == []


def test_the_fast_path_takes_the_plain_deals(monkeypatch):
    """Not a test that cannot fail: the deals of a simulated record go by blocks."""
    taken = []
    plain_deal = chunks._plain_deal

    def counted(blocks, number):
        chunk = plain_deal(blocks, number)
        taken.append(chunk is not None)
        return chunk

    monkeypatch.setattr(chunks, "_plain_deal", counted)
    data = simulated(40, 5)
    assert by_blocks(data, 64) == by_lines(data)
    assert sum(taken) == 40


def test_the_deals_read_whole_are_cut_a_block_at_a_time(monkeypatch):
    """Not a test that cannot fail: with blocks of the usual size, most deals
    are cut by _plain_deals, many at a call, the same chunks as the lines give."""
    cut: list[int] = []
    plain_deals = chunks._plain_deals

    def counted(blocks, number):
        found = plain_deals(blocks, number)
        cut.append(len(found))
        return found

    monkeypatch.setattr(chunks, "_plain_deals", counted)
    data = simulated(200, 7)
    assert by_blocks(data, BLOCK_BYTES) == by_lines(data)
    assert sum(cut) >= 190 and max(cut) >= 100


def sample_files() -> list[Path]:
    found = sorted(p for p in (ROOT / "samples").rglob("*") if p.is_file())
    assert len(found) > 40
    return found


@pytest.mark.parametrize("path", sample_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_sample_is_cut_the_same(path):
    assert_same(path.read_bytes())


def fixture_files() -> list[Path]:
    """Every file under tests/fixtures: among them review newcomer-3's hostile
    records, seven in hostile/ (gaps and mistakes in a score sheet, paid lines
    wrong, a misdeal by another than the dealer...) and its recorder's files in
    record/ and report/."""
    hostile = files_in(FIXTURES / "hostile", "*.rvs", 7)
    found = sorted(p for p in FIXTURES.rglob("*") if p.is_file())
    assert set(hostile) <= set(found) and len(found) >= 23, len(found)
    return found


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: str(p.relative_to(FIXTURES)))
def test_the_hostile_fixtures_are_cut_the_same(path):
    assert_same(path.read_bytes(), (1, 7, BLOCK_BYTES))


FULL = (ROOT / "samples" / "evening.rvs").read_bytes()
HOSTILE = [
    b"", b"\n\n\n", b"\xff\xfe\x00\x01garbage\x00", bytes(range(256)) * 4,
    b"players A B C D\n" + b"deal 1 dealer D\n 1 A " + b"AS " * 70_000 + b"\n",
    b"players " + b"x" * 2_000_000, FULL[:-200], FULL[:333], b"deal\n" * 1000,
    b"#" * 100_000, FULL.replace(b"\n", b"\r"), FULL.replace(b"\n", b"\r\n"),
    b"\xef\xbb\xbf" + FULL, b"\xef\xbb\xbf", b"\r\n" * 5, b"players A B C D\ndeal",
    b"players A B C D\n" + b"\0" * ((1 << 20) + 10), FULL + b"\n" * 5000,
    FULL.replace(b"deal 2", b"# \xff\ndeal 2"), b"deal 1\n" + b"  1 A AS\n" * 3000 + FULL,
    FULL.replace(b"\ndeal ", b"\n" + b"x" * 20_000 + b"\ndeal "),
    b"deal\tdealer\ttrick\n1\tAnna\t1\n", b"deal 1 dealer A\n" + b"\n" * 3000 + b"deal 2",
]


def test_the_ascii_blanks_are_the_blanks_of_the_line_path():
    """The block's search for a line of blanks (bytes) knows every ASCII blank
    the deal's (str) does, and no other character."""
    for code in range(0x80):
        line = "\n" + chr(code) * 2 + "\n"
        assert bool(chunks._ASCII_BLANKS_ONLY.search(line.encode())) \
            == bool(chunks._BLANKS_ONLY.search(line)), code


@pytest.mark.parametrize("blank", [" ", "\t", "\x0b", "\x0c", "\x1c", "\x1f", "\xa0",
                                   "\u2003", " \t "])
def test_a_line_of_blanks_in_a_deal_read_whole_is_cut_the_same(blank):
    """A line of blanks (ASCII or not) in a deal of a block read whole sends the
    deal to the line path as the deal-by-deal search did."""
    data = simulated(6, 3)
    for at in (data.index(b"\n", data.index(b"\ndeal ", data.index(b"\ndeal ") + 1) + 1),
               data.index(b"\ndeal ", data.index(b"\ndeal ", data.index(b"\ndeal ") + 1) + 1)):
        # in the deal, and at its end (above the next deal line)
        assert_same(data[:at] + b"\n" + blank.encode() + data[at:], (7, 1000, BLOCK_BYTES))


@pytest.mark.parametrize("data", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_inputs_are_cut_the_same(data):
    # A tiny block makes each byte read copy the bytes not yet taken: not on long lines.
    sizes = (1, 7, BLOCK_BYTES) if len(data) < 20_000 else (997, BLOCK_BYTES)
    assert_same(data, sizes)
    assert_same(data, (7, BLOCK_BYTES), foreign=True)


def test_a_part_read_from_a_deal_line_is_cut_the_same():
    """``Record.resume_at``: from a deal line in the middle of a file."""
    data = simulated(12, 2)
    offset = data.index(b"\ndeal 5 ") + 1
    line = data[:offset].count(b"\n") + 1
    for size in (1, 9, BLOCK_BYTES):
        assert by_blocks(data[offset:], size, line) == by_lines(data[offset:], line)


# --- mutations ----------------------------------------------------------------------------

LINE_MUTATIONS = (
    lambda line, rng: b"# a comment\n" + line,
    lambda line, rng: line + b"  # after it",
    lambda line, rng: b"\n" + line,
    lambda line, rng: b"   \n" + line,
    lambda line, rng: b"\t\xc2\xa0\n" + line,
    lambda line, rng: line + b"\r",
    lambda line, rng: line[:rng.randrange(len(line) + 1)] + b"\xff" + line[rng.randrange(
        len(line) + 1):],
    lambda line, rng: line + b"x" * rng.choice((30, 38, 39, 40, 41, 200, 300)),
    lambda line, rng: line + b"\x00",
    lambda line, rng: b"\xef\xbb\xbf" + line,
    lambda line, rng: line.replace(b"deal", rng.choice((b"Deal", b"DEAL", b"deal\t", b"dea"))),
    lambda line, rng: line.lstrip(),
    lambda line, rng: b"deal",
    lambda line, rng: b"",
    lambda line, rng: b"\n".join([b"# c"] * rng.randrange(1, 6)) + b"\n\n" + line,
    lambda line, rng: line + b"\n" * rng.randrange(1, 16),
    lambda line, rng: line + "é€😀".encode()[:rng.randrange(1, 10)],
)


def mutated(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(lines))
        lines[at] = rng.choice(LINE_MUTATIONS)(lines[at], rng)
    out = b"\n".join(lines)
    if rng.random() < 0.1:
        out = out.rstrip(b"\n")
    return out


@pytest.fixture
def small_limits(monkeypatch):
    """The reading's limits made small, so that short records reach each of them."""
    for name, value in (("MAX_LINE_BYTES", 40), ("MAX_CHUNK_LINES", 14),
                        ("MAX_COMMENT_LINES", 3), ("MAX_SKIPPED_LINES", 20),
                        ("MAX_SKIPPED_BYTES", 300), ("MAX_DECODING_DIAGNOSTICS", 2)):
        monkeypatch.setattr(chunks, name, value)


# The default run mutates 1,200 records; the slow run, 8,000 more.
MUTANTS = [150, pytest.param(1000, marks=pytest.mark.slow)]


@pytest.mark.parametrize("count", MUTANTS)
@pytest.mark.parametrize("seed", range(4))
def test_mutated_records_are_cut_the_same(seed, count):
    rng = random.Random(seed * 100_000 + count)  # seed 0 draws apart at 150 and 1,000
    source = simulated(6, seed, irregular=0.2)
    for _ in range(count):
        data = mutated(source, rng)
        assert_same(data, (rng.randrange(1, 40), rng.randrange(40, 5000), BLOCK_BYTES))


@pytest.mark.parametrize("count", MUTANTS)
@pytest.mark.parametrize("seed", range(4))
def test_mutated_records_are_cut_the_same_at_the_limits(seed, count, small_limits):
    rng = random.Random(500_000 + seed * 100_000 + count)
    source = simulated(4, seed, write_hands=False)
    for _ in range(count):
        data = mutated(source, rng)
        assert_same(data, (rng.randrange(1, 40), rng.randrange(40, 2000)))
