"""One long record on several cores: ``--jobs N`` with a single file.

A club's archive kept in one record would be read by one process.  Here it
is cut at deal lines into parts of about :data:`PART_DEALS` deals; this
process reads the first part itself while worker processes read the others,
and the parts are put together in order.  Besides its own lines, a deal's
reading depends on what is carried from the deals before it: the reader's
:class:`~reversis_cli.reader.Expectations` (the number the deal should have,
who should deal it), the file's count of errors (reading stops past
``MAX_ERRORS_PER_FILE``) and, for ``score``, the settling's
:class:`~reversis_cli.session.service.Carried` (the pool, the last deal played, the
balance).  A worker cannot know them at its part's start: it learns them by
reading the few deals before its part (the warm-up) and says what it started
from.  This process takes a part only when that is exactly where the reading
before it ended, and reads the part itself otherwise, so the output is the
output of one process whatever the warm-up found (docs/decisions.md, "One
long file on several cores").
"""

from __future__ import annotations

import itertools
import mmap
import os
import stat
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING


from .. import fastpaths
from .batch import run_in_order
from ..diagnostics import Diagnostic
from ..model import has_figures
from ..notation.chunks import MAX_LINE_BYTES
from ..notation.statements import RECORDED_KEYWORDS
from ..reader import MAX_ERRORS_PER_FILE, CheckedDeal, Expectations, Record, open_record
from ..values import MutableValue, Value, setattr_frozen
from .service import Carried, ScoredDeal, Session

if TYPE_CHECKING:  # the pool is imported only with --jobs (start-up time)
    from multiprocessing.pool import Pool

__all__ = ["Part", "PartResult", "plan_parts", "may_split", "read_in_parts", "read_deals",
           "check_part", "warm_check", "score_parts", "warm_up", "same_expectations",
           "stops_reading", "takes_part", "PART_DEALS", "CHECK_WARM_UP", "SCORE_WARM_UP",
           "WARM_DEALS"]

# Deals a part holds at least: a few hundred milliseconds of work, against the
# tens a worker process takes to start.  The tests set it small, through the environment.
PART_DEALS = max(int(os.environ.get("REVERSIS_PART_DEALS", "500")), 1)
# A long file is cut into about PARTS_A_JOB parts a process (the last parts
# then end together), each of at most MAX_PART_DEALS deals: 4,000 deals are
# ~11 MB of JSON, held once by this process when it takes the part, and ~130
# times the score warm-up, so that the warm-up costs under 1 % (issue 35).
PARTS_A_JOB = 4
MAX_PART_DEALS = 4000
# Deals a worker reads before its part to learn what is carried into it: the
# reader's expectations come from the deal before; the pool of score, emptied
# every few deals, from a few more.
CHECK_WARM_UP = 2
SCORE_WARM_UP = 30

# Deals a worker reads when it starts, while this process plans the parts
# (``may_split``): the fast path's expressions compiled before its first part.
WARM_DEALS = 3

_DEAL_START = b"\ndeal "  # the deal lines a part may begin at (any deal line may end one)
# What the table paid and wrote down is held against the whole session before
# it: a file with such a line (and no figures to resume from) is read in one process.
_RECORDED_WORDS = tuple(word.encode() for word in RECORDED_KEYWORDS)
_BLOCK = 1 << 20
_LOOK_BACK = 20  # blank lines looked through above a deal line


class Part(Value):
    """Deals of a file read together: from the deal line at byte ``offset``
    (line ``line``) to the one that begins line ``until`` (None: the end)."""

    __slots__ = _fields = ("index", "offset", "line", "until", "end", "warm_offset",
                           "warm_line")
    index: int
    offset: int
    line: int
    until: int | None
    end: int  # the byte the next part begins at (the file's size for the last), for progress
    warm_offset: int  # a few deals earlier: where a worker begins its warm-up
    warm_line: int

    def __init__(self, index: int, offset: int, line: int, until: int | None, end: int,
                 warm_offset: int, warm_line: int):
        setattr_frozen(self, "index", index)
        setattr_frozen(self, "offset", offset)
        setattr_frozen(self, "line", line)
        setattr_frozen(self, "until", until)
        setattr_frozen(self, "end", end)
        setattr_frozen(self, "warm_offset", warm_offset)
        setattr_frozen(self, "warm_line", warm_line)


def plan_parts(path: str | Path, jobs: int, *, first_deals: int | None = None,
               warm_up_deals: int = CHECK_WARM_UP, figures: bool = True) -> list[Part] | None:
    """The parts to read ``path`` in, or None when it is read by one process:
    one job, standard input, fewer than twice :data:`PART_DEALS` deals, bytes that
    are not all UTF-8 text in lines the reader takes whole, or (``figures``
    False) a ``paid`` or ``tally`` line, whose comparison needs the running
    balance.  The first part holds at least ``first_deals`` deals (by
    default :data:`PART_DEALS`); a worker reads ``warm_up_deals`` before its part.
    Under ``REVERSIS_REFERENCE=1`` (:mod:`..fastpaths`) a file is read by one process."""
    if jobs <= 1 or fastpaths.REFERENCE or str(path) == "-":
        return None
    first_deals = PART_DEALS if first_deals is None else first_deals
    try:
        with open(path, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return None
            with mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as data:
                return _plan(data, jobs, first_deals, warm_up_deals, figures)
    except (OSError, ValueError):  # unreadable or empty: the reader says why, in order
        return None


def may_split(path: str | Path, jobs: int, first_deals: int | None = None) -> int:
    """How many workers to start before :func:`plan_parts` (so that they start
    while it reads the file through): 0 when :func:`plan_parts` will say None
    whatever the rest of the file holds (one job, standard input, not a
    regular file, fewer deals than two parts), else up to ``jobs``, no more than
    the file's size gives parts to.  Only the first deal lines are looked
    for; the file may still be read by one process (:func:`plan_parts`)."""
    if jobs <= 1 or fastpaths.REFERENCE or str(path) == "-":
        return 0
    first_deals = PART_DEALS if first_deals is None else first_deals
    least = max(2 * PART_DEALS, first_deals + PART_DEALS)
    try:
        with open(path, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return 0
            with mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as data:
                at, found = 0, 0
                while found < least:
                    at = data.find(_DEAL_START, at) + 1
                    if not at:
                        return 0
                    found += 1
                deals = found * len(data) // at  # the whole file's, as dense as its start
    except (OSError, ValueError):  # unreadable or empty: plan_parts says None too
        return 0
    return max(1, min(jobs, (deals - first_deals) // PART_DEALS))


def part_deals(deals: int, jobs: int, rest: int | None = None) -> int:
    """The deals a part of a file of ``deals`` deals holds, with ``jobs``
    processes: :data:`PARTS_A_JOB` parts a process, within :data:`PART_DEALS`
    and :data:`MAX_PART_DEALS`; with ``rest``, the deals the workers' parts
    share, made a little smaller where that gives every process as many parts
    (25 parts on 2 processes: one does 13 while the other waits; 26 even out)."""
    size = max(PART_DEALS, min(MAX_PART_DEALS, -(-deals // (PARTS_A_JOB * jobs))))
    if rest:
        parts = -(-rest // size)
        even = -(-parts // jobs) * jobs  # the parts, rounded up to a multiple of jobs
        smaller = -(-rest // even)
        if smaller >= PART_DEALS:
            return smaller
    return size


def _plan(data: mmap.mmap, jobs: int, first_deals: int, warm_up_deals: int,
          figures: bool) -> list[Part] | None:
    starts = _deal_starts(data)
    # A file of fewer deals is read by one process: not worth the workers' start-up.
    if len(starts) < max(2 * PART_DEALS, first_deals + PART_DEALS):
        return None
    size = part_deals(len(starts), jobs, len(starts) - first_deals)
    if not figures and any(_has_line(data, word) for word in _RECORDED_WORDS):
        return None
    if not _plain_text(data):
        return None
    cuts = []  # indexes in starts of the deal lines the parts after the first begin at
    index = first_deals
    while index < len(starts):
        if _begins_chunk(data, starts[index]):
            cuts.append(index)
            index += size
        else:
            index += 1
    if not cuts:
        return None
    warm = [max(cut - warm_up_deals, 0) for cut in cuts]
    lines = _line_numbers(data, [starts[i] for i in cuts + warm])
    size = len(data)
    parts = [Part(0, 0, 1, lines[starts[cuts[0]]], starts[cuts[0]], 0, 1)]
    for number, (cut, early) in enumerate(zip(cuts, warm, strict=True), start=1):
        after = cuts[number] if number < len(cuts) else None
        parts.append(Part(number, starts[cut], lines[starts[cut]],
                          None if after is None else lines[starts[after]],
                          size if after is None else starts[after],
                          starts[early], lines[starts[early]]))
    return parts


def _deal_starts(data: mmap.mmap) -> list[int]:
    """The byte offsets of the lines that begin ``deal `` (the simulator's and fmt's form)."""
    starts = []
    at = data.find(_DEAL_START)
    while at >= 0:
        starts.append(at + 1)
        at = data.find(_DEAL_START, at + 1)
    return starts


def _begins_chunk(data: mmap.mmap, at: int) -> bool:
    """Whether the deal line at ``at`` begins its deal's chunk: the lines
    above it, past blank ones, end with a statement, not with comments or
    blanks that the chunker (notation/chunks.py) would give to this deal."""
    end = at - 1  # the line end of the line above
    for _ in range(_LOOK_BACK):
        begin = data.rfind(b"\n", 0, end) + 1
        line = data[begin:end]
        if line.endswith(b"\r"):
            line = line[:-1]
        if line:
            return line.decode("utf-8", "replace").lstrip()[:1] not in ("", "#")
        if begin == 0:
            return False
        end = begin - 1
    return False


def _has_line(data: mmap.mmap, keyword: bytes) -> bool:
    """Whether a line begins with ``keyword`` (after blanks): found by its
    occurrences, few in a record (``redeal paid`` is one)."""
    at = data.find(keyword)
    while at >= 0:
        begin = data.rfind(b"\n", 0, at) + 1
        if not data[begin:at].decode("utf-8", "replace").strip():
            return True
        at = data.find(keyword, at + 1)
    return False


def _plain_text(data: mmap.mmap) -> bool:
    """UTF-8 throughout, every line shorter than the reader's limit: then
    reading a part alone decodes it as reading the file does (the reader
    counts decoding problems by file, and stops at a line too long)."""
    at, size = 0, len(data)
    while at < size:
        stop = data.find(b"\n", at + _BLOCK)
        stop = size if stop < 0 else stop + 1
        block = data[at:stop]
        if not block.isascii():  # ASCII is UTF-8: no text made to find it out
            try:
                block.decode("utf-8")
            except UnicodeDecodeError:
                return False
        if _long_line(block):
            return False
        at = stop
    return True


def _long_line(block: bytes) -> bool:
    """Whether a line of ``block`` (without its line end) is :data:`MAX_LINE_BYTES`
    long or more: looked for a window of that many bytes at a time (a line
    wholly inside a window is shorter), not line by line."""
    start, size = 0, len(block)
    while start + MAX_LINE_BYTES <= size:
        end = block.rfind(b"\n", start, start + MAX_LINE_BYTES)
        if end < 0:
            return True
        start = end + 1
    return False


def _line_numbers(data: mmap.mmap, offsets: list[int]) -> dict[int, int]:
    numbers, line, at = {}, 1, 0
    for offset in sorted(set(offsets)):
        line += data[at:offset].count(b"\n")
        numbers[offset], at = line, offset
    return numbers


# --- what is carried into a part ---------------------------------------------------------


def same_expectations(one: Expectations, other: Expectations) -> bool:
    """Whether the reader would read the next deal alike after either: the
    same numbers, and the same dealer decided by the same deal in all that
    the reader's RV302 message says of it."""
    return (one.number, one.or_else, _decider(one)) == (other.number, other.or_else,
                                                         _decider(other))


def _decider(expected: Expectations) -> tuple | None:
    if expected.dealer is None:
        return None
    seat, deal = expected.dealer
    return (seat, deal.pos, deal.number, deal.dealer.text, bool(deal.events_of("exposed")),
            deal.is_void)


def stops_reading(checked: CheckedDeal) -> bool:
    """Whether reading the file ends after this deal (RV005: the error cap,
    or lines without a deal line)."""
    return any(d.code == "RV005" for d in checked.diagnostics)


def warm_up(record: Record, part: Part, deals: Callable[[], Iterator] | None = None) -> None:
    """Read the few deals before ``part`` (settling them with ``deals`` when
    given), then set the record to read the part expecting what they left."""
    record.resume_at(part.warm_offset, part.warm_line, Expectations(), None)
    record.stop_before(part.line)
    for _ in (deals or record.deals)():
        pass
    resume(record, part, record.expected, None)


def resume(record: Record, part: Part, expected: Expectations, errors: int | None) -> None:
    record.resume_at(part.offset, part.line, expected, errors)
    record.stop_before(part.until)


# --- the protocol: parts read here or taken from workers, in order ---------------------


class PartResult(MutableValue):
    """What a worker made of one part (plain data: it crosses between processes)."""

    __slots__ = _fields = ("start", "end", "carried", "deals", "errors", "warnings", "figures",
                           "diagnostics", "out", "err", "irregular")
    start: Expectations | None  # what the reader expected at the part's first deal
    end: Expectations | None
    carried: tuple[Carried, Carried] | None  # score: the settling before and after
    deals: int
    errors: int
    warnings: int
    figures: bool  # check: a deal has the table's figures
    diagnostics: list[Diagnostic]  # check: the part's
    out: str  # score: the file the deals are in, as the writer wrote them (batch.output_folder)
    err: str  # score: their diagnostics as the writer printed them
    irregular: bool  # a bug, or reading stopped: this process reads the part again

    def __init__(self, start: Expectations | None = None, end: Expectations | None = None,
                 carried: tuple[Carried, Carried] | None = None, deals: int = 0,
                 errors: int = 0, warnings: int = 0, figures: bool = False,
                 diagnostics: list[Diagnostic] | None = None, out: str = "", err: str = "",
                 irregular: bool = False):
        self.start = start
        self.end = end
        self.carried = carried
        self.deals = deals
        self.errors = errors
        self.warnings = warnings
        self.figures = figures
        self.diagnostics = [] if diagnostics is None else diagnostics
        self.out = out
        self.err = err
        self.irregular = irregular


def read_in_parts(source: Record | Session, parts: list[Part],
                  job: Callable[[Part], PartResult], jobs: int,
                  tick: Callable[[int], None] | None = None, pool: Pool | None = None
                  ) -> Generator[CheckedDeal | ScoredDeal | PartResult, None, None]:
    """The deals of ``source`` (a record just opened, or a session) as they
    would be read in this process alone: the first part's read here, each
    other part's taken as ``job`` gave it back in a worker (a
    :class:`PartResult`; in ``pool`` when given, started before the parts
    were planned: :func:`may_split`), or read here too when the worker's part
    did not begin exactly where the reading before it ended."""
    session = source if isinstance(source, Session) else None
    record: Record = source.record if isinstance(source, Session) else source
    counted = sum(d.is_error for d in record.header_diagnostics)
    stopped = any(d.code == "RV005" for d in record.header_diagnostics)
    with run_in_order(job, parts[1:], jobs, pool=pool) as results:
        record.stop_before(parts[0].until)
        counted, stopped = yield from _read_here(source, tick, counted, stopped)
        for part, result in zip(parts[1:], results, strict=False):
            if stopped:
                return
            if _can_take(result, record, session, counted):
                _take(record, session, result)
                counted += result.errors
                yield result
                if tick:
                    tick(part.end)
                continue
            if result.out:  # read here again: the worker's text is not needed
                os.unlink(result.out)
            resume(record, part, record.expected, counted)
            counted, stopped = yield from _read_here(source, tick, counted, stopped)


def _read_here(source: Record | Session, tick: Callable[[int], None] | None, counted: int,
               stopped: bool) -> Generator[CheckedDeal | ScoredDeal, None, tuple[int, bool]]:
    """The deals up to where the record stops, read in this process; the
    file's errors counted after them, and whether reading ends there."""
    for one in read_deals(source, tick):
        checked = one if isinstance(one, CheckedDeal) else one.checked
        counted += sum(d.is_error for d in checked.diagnostics)
        stopped = stopped or stops_reading(checked)
        yield one
    return counted, stopped


def read_deals(source: Record | Session, tick: Callable[[int], None] | None = None
               ) -> Iterator[CheckedDeal] | Iterator[ScoredDeal]:
    """The deals of a record (checked) or of a session (settled), ``tick``
    called with the bytes read after each."""
    if isinstance(source, Session):
        return source.deals(progress=tick)
    return _ticked(source, tick)


def _ticked(record: Record, tick: Callable[[int], None] | None) -> Iterator[CheckedDeal]:
    for deal in record.deals():
        yield deal
        if tick:
            tick(record.position)


def takes_part(irregular: bool, start: Expectations | None, errors: int,
               expected: Expectations, counted: int) -> bool:
    """Whether a worker's part may be taken as it came back: nothing irregular
    stopped it, it began from the expectations the reading here has reached,
    and its ``errors`` keep the file's within the cap after ``counted``."""
    return (not irregular and start is not None and counted + errors <= MAX_ERRORS_PER_FILE
            and same_expectations(start, expected))


def _can_take(result: PartResult, record: Record, session: Session | None,
              counted: int) -> bool:
    """:func:`takes_part`, and for a session, the part settled from the pool
    and the last deal played here (the balance is only added to)."""
    if not takes_part(result.irregular, result.start, result.errors, record.expected, counted):
        return False
    if session is None:
        return True
    if result.carried is None:
        return False
    start, here = result.carried[0], session.reading.carried()
    return start.pool == here.pool and start.last_played == here.last_played


def _take(record: Record, session: Session | None, result: PartResult) -> None:
    """The reading (and the settling) as the part left them: the reader's
    expectations, the counts, and the balance moved by the part's nets."""
    assert result.end is not None
    if session is None:
        record.expected = result.end
        return
    assert result.carried is not None
    here, (start, end) = session.reading.carried(), result.carried
    balance = {name: here.balance[name] + end.balance[name] - start.balance[name]
               for name in here.balance}
    session.resume(result.end, Carried(end.pool, end.last_played, balance), result.deals,
                   result.errors, result.warnings)


# --- check -------------------------------------------------------------------------------


def check_part(name: str, part: Part) -> PartResult:
    """A worker's job: read one part after its warm-up."""
    out = PartResult()
    try:
        with open_record(name) as record:
            warm_up(record, part)
            out.start = record.expected
            for deal in record.deals():
                out.deals += 1
                out.diagnostics.extend(deal.diagnostics)
                out.errors += sum(d.is_error for d in deal.diagnostics)
                out.figures = out.figures or has_figures(deal.deal)
                out.irregular = out.irregular or stops_reading(deal)
            out.end = record.expected
    except Exception:  # noqa: BLE001 -- read again in the parent, which reports it as usual
        out.irregular = True
    return out


def warm_check(name: str) -> None:
    """A worker's start (:func:`may_split`): the first deals of ``name`` read."""
    with open_record(name) as record:
        for _ in itertools.islice(record.deals(), WARM_DEALS):
            pass


# --- score -------------------------------------------------------------------------------


def score_parts(path: str | Path, jobs: int, first_deals: int) -> list[Part] | None:
    """The parts to score ``path`` in, or None.  The first part, scored in
    this process, holds ``first_deals`` (more than the session table shows
    rows, so that the parts after it write deals only); a record with the
    table's figures is scored in order (their comparison needs the running balance)."""
    return plan_parts(path, jobs, first_deals=max(PART_DEALS, first_deals),
                      warm_up_deals=SCORE_WARM_UP, figures=False)
