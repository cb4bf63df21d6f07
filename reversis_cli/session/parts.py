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

import mmap
import os
import stat
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING


from .. import fastpaths
from .batch import run_in_order, worker_pool
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
           "check_part", "score_parts", "planned", "warm_up", "same_expectations",
           "stops_reading", "takes_part", "read_with_workers", "PART_DEALS", "CHECK_WARM_UP",
           "SCORE_WARM_UP"]

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
    """How many workers to start before the parts are planned (so that they
    start while the file is read through): 0 when :func:`plan_parts` would
    say None whatever the rest of the file holds (one job, standard input, not
    a regular file, fewer deals than two parts), else up to ``jobs``, no more
    than the file's size gives parts to.  Only the first deal lines are
    looked for: the file may still be read by one process (:func:`planned`)."""
    if jobs <= 1 or fastpaths.REFERENCE or str(path) == "-":
        return 0
    first_deals = PART_DEALS if first_deals is None else first_deals
    try:
        with open(path, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return 0
            with mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as data:
                deals = _estimate(data, first_deals)
    except (OSError, ValueError):  # unreadable or empty: plan_parts says None too
        return 0
    return max(1, min(jobs, (deals - first_deals) // PART_DEALS)) if deals else 0


def _estimate(data: mmap.mmap, first_deals: int) -> int:
    """The deal lines of the file, from how far its first ones go (0: fewer
    than two parts' deals, the least :func:`plan_parts` splits)."""
    at, found, least = 0, 0, max(2 * PART_DEALS, first_deals + PART_DEALS)
    while found < least:
        at = data.find(_DEAL_START, at) + 1
        if not at:
            return 0
        found += 1
    return found * len(data) // at  # the whole file's, as dense as its start


@contextmanager
def planned(path: str | Path, jobs: int, first_deals: int, warm_up_deals: int,
            figures: bool = False) -> Iterator[tuple[Iterator[Part], Callable[[], bool]]]:
    """The parts of ``path`` (after :func:`may_split` said yes) as they are
    found, the file read no further than the part asked for, their size from
    the deals the file's first part suggests; and the question to ask before
    a worker's part is taken: whether the file may be read in parts at all
    (every line plain text the reader takes whole, and without ``figures``
    no ``paid`` or ``tally`` line: :func:`plan_parts`).  The workers begin
    while the rest of the file is read through."""
    with ExitStack() as stack:
        try:
            file = stack.enter_context(open(path, "rb"))
            data = stack.enter_context(mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ))
        except (OSError, ValueError):  # gone since may_split: read by one process, as it is
            yield iter([Part(0, 0, 1, None, 0, 0, 1)]), lambda: False
            return
        deals = max(_estimate(data, first_deals), first_deals + PART_DEALS)
        size = part_deals(deals, jobs, deals - first_deals)
        yield (_parts_of(data, _deal_lines(data), size, first_deals, warm_up_deals),
               lambda: _splittable(data, figures))


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
    if not _splittable(data, figures):
        return None
    parts = list(_parts_of(data, iter(starts), size, first_deals, warm_up_deals))
    return parts if len(parts) > 1 else None


def _splittable(data: mmap.mmap, figures: bool) -> bool:
    """Whether parts of the file read apart read as the whole: plain text
    (:func:`_plain_text`), and without ``figures``, no ``paid`` or ``tally`` line."""
    if not figures and any(_has_line(data, word) for word in _RECORDED_WORDS):
        return False
    return _plain_text(data)


def _parts_of(data: mmap.mmap, starts: Iterator[int], size: int, first_deals: int,
              warm_up_deals: int) -> Iterator[Part]:
    """The parts, each given once the next one's start is found: the first of
    ``first_deals`` deal lines (``starts``: their offsets), each other of
    ``size`` from a deal line that begins its chunk (:func:`_begins_chunk`),
    where a worker begins with the ``warm_up_deals`` deal lines before it."""
    recent: deque[int] = deque(maxlen=warm_up_deals + 1)  # the last deal lines, to warm up from
    offset, line, warm_offset, warm_line = 0, 1, 0, 1  # of the part begun last
    number, cut, counted, lines = 0, first_deals, 0, 1  # lines: the line at ``counted``
    for index, at in enumerate(starts):
        recent.append(at)
        if index < cut or not _begins_chunk(data, at):
            continue
        lines += data[counted:at].count(b"\n")
        counted = at
        yield Part(number, offset, line, lines, at, warm_offset, warm_line)
        number, offset, line, cut = number + 1, at, lines, index + size
        warm_offset = recent[0]
        warm_line = lines - data[warm_offset:at].count(b"\n")
    yield Part(number, offset, line, None, len(data), warm_offset, warm_line)


def _deal_starts(data: mmap.mmap) -> list[int]:
    """The byte offsets of the lines that begin ``deal `` (the simulator's and fmt's form)."""
    return list(_deal_lines(data))


def _deal_lines(data: mmap.mmap) -> Iterator[int]:
    """:func:`_deal_starts`, each as it is found."""
    at = data.find(_DEAL_START)
    while at >= 0:
        yield at + 1
        at = data.find(_DEAL_START, at + 1)


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


def read_in_parts(source: Record | Session, parts: Iterable[Part],
                  job: Callable[[Part], PartResult], jobs: int,
                  tick: Callable[[int], None] | None = None, pool: Pool | None = None,
                  splittable: Callable[[], bool] | None = None
                  ) -> Generator[CheckedDeal | ScoredDeal | PartResult, None, None]:
    """The deals of ``source`` (a record just opened, or a session) as they
    would be read in this process alone: the first part's read here, each
    other part's taken as ``job`` gave it back in a worker (a
    :class:`PartResult`), or read here too when the worker's part did not
    begin exactly where the reading before it ended.  With ``pool`` (started
    before the parts were planned: :func:`may_split`), the parts may come as
    they are found (:func:`planned`), and no worker's part is taken unless
    ``splittable()`` says yes (asked once the first parts are handed out):
    else the file is read here alone."""
    session = source if isinstance(source, Session) else None
    record: Record = source.record if isinstance(source, Session) else source
    counted = sum(d.is_error for d in record.header_diagnostics)
    stopped = any(d.code == "RV005" for d in record.header_diagnostics)
    planned_parts = iter(parts)
    until = next(planned_parts).until  # where the first part ends
    handed: deque[Part] = deque()  # the parts given to the workers, in order

    def hand_out() -> Iterator[Part]:
        for part in planned_parts:
            handed.append(part)
            yield part

    items: Iterable[Part] = hand_out()
    if pool is None:  # the workers started for as many parts as there are
        items = list(items)
    with run_in_order(job, items, jobs, pool=pool) as results:
        if splittable is not None and not splittable():
            results, until = iter(()), None  # no worker's part taken: the file read here
            if pool is not None:
                pool.terminate()  # their work is not needed
        record.stop_before(until)
        counted, stopped = yield from _read_here(source, tick, counted, stopped)
        for result in results:
            part = handed.popleft()
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


def read_with_workers(stack: ExitStack, source: Record | Session, path: str | Path, jobs: int,
                      workers: int, first_deals: int, warm_up_deals: int,
                      job: Callable[[Part], PartResult], tick: Callable[[int], None] | None,
                      figures: bool = False
                      ) -> Generator[CheckedDeal | ScoredDeal | PartResult, None, None]:
    """:func:`read_in_parts` of ``source`` with ``workers`` started first and the
    parts of ``path`` handed to them as :func:`planned` finds them (the file read
    through meanwhile); ``stack`` closes the plan, then stops the workers."""
    pool = stack.enter_context(worker_pool(workers))
    parts, splittable = stack.enter_context(
        planned(path, jobs, first_deals, warm_up_deals, figures=figures))
    return read_in_parts(source, parts, job, jobs, tick, pool, splittable)


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
    called with the bytes read after each (None: no bar, no position asked)."""
    if isinstance(source, Session):
        return source.deals(progress=tick)
    return _ticked(source, tick) if tick is not None else source.deals()


def _ticked(record: Record, tick: Callable[[int], None]) -> Iterator[CheckedDeal]:
    for deal in record.deals():
        yield deal
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


# --- score -------------------------------------------------------------------------------


def score_parts(path: str | Path, jobs: int, first_deals: int) -> list[Part] | None:
    """The parts to score ``path`` in, or None.  The first part, scored in
    this process, holds ``first_deals`` (more than the session table shows
    rows, so that the parts after it write deals only); a record with the
    table's figures is scored in order (their comparison needs the running balance)."""
    return plan_parts(path, jobs, first_deals=max(PART_DEALS, first_deals),
                      warm_up_deals=SCORE_WARM_UP, figures=False)
