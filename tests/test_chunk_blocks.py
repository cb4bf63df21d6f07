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


# --- the usual block cut by split (_split_deals) -----------------------------------------

def test_the_usual_blocks_are_cut_by_split(monkeypatch):
    """Not a test that cannot fail: a simulated record's blocks are cut at
    their deal lines by ``split`` (no search), the same chunks as the lines give."""
    split: list[int] = []
    split_deals = chunks._split_deals

    def counted(region, number):
        found = split_deals(region, number)
        split.append(-1 if found is None else len(found[0]))
        return found

    monkeypatch.setattr(chunks, "_split_deals", counted)
    data = simulated(300, 0)
    assert by_blocks(data, BLOCK_BYTES) == by_lines(data)
    assert -1 not in split and sum(split) >= 290


def test_the_blanks_of_str_split_are_the_blanks_of_the_line_path():
    """``str.isspace`` (the split cut's test for a line of blanks) knows the
    blanks of the line path's expression, and no other character."""
    for code in (*range(0xD800), *range(0xE000, 0x110000)):
        if code == 0x0A:
            continue
        char = chr(code)
        assert char.isspace() == bool(chunks._BLANKS_ONLY.search("\n" + char)), code


def renamed(data: bytes, *names: bytes) -> bytes:
    for old, new in zip((b"Anna", b"Boris", b"Vera", b"Gleb"), names, strict=True):
        data = data.replace(old, new)
    return data


# Names where "deal" stands in any case (the split cut leaves such a block to the search),
# names of other alphabets (a deal's bytes are not its characters), a name "dealer".
NAMES = [(b"Ideal", b"Boris", b"Vera", b"Gleb"), (b"Anna", b"DEALy", b"Vera", b"Gleb"),
         (b"Anna", b"Boris", b"dealer_", b"Gleb"),
         ("Аня".encode(), "Борис".encode(), "Вера".encode(), "Глеб".encode()),
         ("Zoë".encode(), "Björn".encode(), "Éva".encode(), "Łukasz".encode())]


@pytest.mark.parametrize("names", NAMES, ids=range(len(NAMES)))
def test_records_with_unusual_names_are_cut_the_same(names):
    data = simulated(40, 4)
    header_end = data.index(b"\ndeal ")
    data = data[:header_end] + renamed(data[header_end:], *names)
    assert_same(data, (1, 7, 333, 1000, BLOCK_BYTES))


@pytest.mark.parametrize("names", [NAMES[0], NAMES[3]], ids=("ascii", "cyrillic"))
def test_a_deal_at_each_side_of_the_byte_limit_is_cut_the_same(names, monkeypatch):
    """The split cut counts a deal's bytes (not its characters) against
    MAX_LINE_BYTES: every limit around the deals' sizes gives the same chunks."""
    data = simulated(12, 6)
    header_end = data.index(b"\ndeal ")
    data = data[:header_end] + renamed(data[header_end:], *names)
    sizes = sorted({len(deal) + 6 for deal in data[header_end:].split(b"\ndeal ")})
    for limit in range(sizes[0] - 3, sizes[-1] + 3):
        monkeypatch.setattr(chunks, "MAX_LINE_BYTES", limit)
        assert_same(data, (1000, BLOCK_BYTES))


@pytest.mark.parametrize("card_style", ["unicode", "ascii"])
def test_a_deal_is_spaced_lines_by_its_bytes_at_each_side_of_the_limit(card_style,
                                                                       monkeypatch):
    """The split cut counts a deal beyond ASCII in characters and its bytes only where
    that cannot decide: a deal's lines are SpacedLines exactly when its bytes (with its
    line end) are within the limit, at every limit around the deals' characters and bytes;
    the chunks and the bytes taken are those of the lines."""
    from reversis_cli.notation import spaced
    from reversis_cli.notation.spaced import SpacedLines

    data = simulated(12, 6, card_style=card_style, write_hands=True)
    header_end = data.index(b"\ndeal ")
    deals = data[header_end + 1:].split(b"\ndeal ")
    sizes = [len(deal) + 1 if at == 0 else len(deal) + 6 for at, deal in enumerate(deals)]
    counts = [len(deal.decode()) + 1 if at == 0 else len(deal.decode()) + 6
              for at, deal in enumerate(deals)]
    assert card_style == "ascii" or counts != sizes
    limits = {n + d for n in (*sizes, *counts, *(4 * c for c in counts)) for d in (-1, 0, 1)}
    for limit in sorted(limits):
        monkeypatch.setattr(spaced, "SPACED_BYTES", limit)
        found, _ = by_blocks(data, BLOCK_BYTES)
        assert (found, _) == by_lines(data)
        # the deals the split cut (the first and the last are read alone, by lines)
        spaced_deals = [type(chunk.lines) is SpacedLines for chunk in found[2:-1]]
        assert spaced_deals == [size <= limit for size in sizes[1:-1]], limit
        assert True in spaced_deals or limit < min(sizes[1:-1])


def test_a_deal_at_each_side_of_the_line_limit_is_cut_the_same(monkeypatch):
    data = simulated(12, 6)
    data = data.replace(b"\n\ndeal 5 ", b"\n\n\n\n\n\ndeal 5 ")
    for limit in range(12, 24):
        monkeypatch.setattr(chunks, "MAX_CHUNK_LINES", limit)
        assert_same(data, (1000, BLOCK_BYTES))


BLOCK_EDGES = [
    lambda data: data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"),  # CRLF line ends
    lambda data: b"\xef\xbb\xbf" + data,  # a BOM at the start
    lambda data: data.replace(b"\ndeal 7 ", "\n# é\ufeff\ndeal 7 ".encode()),  # a BOM further on
    lambda data: data.replace(b"\ndeal 7 ", "\n# Глеб\xef\xbb\xbf\ndeal 7 ".encode()),
    lambda data: data.replace(b"Vera", b"V\xffra", 1),  # not UTF-8
    lambda data: data.replace(b" 3 Anna", b"\t3 Anna"),  # a tab
    lambda data: data.replace(b"\n  exchange", b"  \n  exchange"),  # trailing spaces
    lambda data: data.replace(b"\n\ndeal 9 ", b"\n   \ndeal 9 "),  # a line of blanks above
    lambda data: data.rstrip(b"\n"),  # no final line end
    lambda data: data.replace(b"\ndeal 4 ", b"\n" + b"y" * 70_000 + b"\ndeal 4 "),  # very long
    lambda data: data.replace(b"\ndeal 4 ", b"\ndeal\t4 "),  # a deal line written otherwise
    lambda data: data.replace(b"\ndeal 4 ", b"\n deal 4 "),
    lambda data: data.replace(b"\ndeal 4 ", b"\nDeal 4 "),
    lambda data: data.replace(b"\ndeal 4 ", b"\ndeal\ndeal 4 "),
]


@pytest.mark.parametrize("edit", BLOCK_EDGES, ids=range(len(BLOCK_EDGES)))
def test_deals_across_block_boundaries_are_cut_the_same(edit):
    """Each unusual thing, and a deal line cut by a block's end at every byte:
    the blocks' sizes stepped so that the boundary falls everywhere in a deal."""
    data = edit(simulated(12, 8))
    deal = data.index(b"\ndeal 5 ")
    sizes = (*range(deal - 40, deal + 40, 3), BLOCK_BYTES) if len(data) < 20_000 \
        else (997, BLOCK_BYTES)
    assert_same(data, sizes)



def test_the_deal_sizes_kept_are_always_the_region_s_own():
    """notation/spaced.py keeps the last region's deal sizes: regions asked in turn,
    one asked again after another, and an equal region made anew, each get the bytes
    of their own deals (counted here by a split of each)."""
    from reversis_cli.notation.spaced import cut_bytes, deal_bytes

    regions = [simulated(6, seed, card_style="unicode") for seed in (1, 2)]
    regions = [region[region.index(b"deal "):] for region in regions]
    regions.append(bytes(bytearray(regions[0])))  # equal, another object
    for region in (*regions, regions[1], regions[0], regions[2]):
        deals = region.split(b"\ndeal ")
        for index, deal in enumerate(deals):
            assert deal_bytes(region, index) == len(deal)
            assert cut_bytes(region, index + 1) == len(b"\ndeal ".join(deals[:index + 1])) + 1
        assert cut_bytes(region, 0) == 0
