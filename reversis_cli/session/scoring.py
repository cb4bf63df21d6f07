"""``score`` as a library: one record's session written deal by deal.

The output is a :class:`DealWriter`'s (``score --json``:
:class:`~reversis_cli.score.json.JsonDeals`; the tables:
:class:`~reversis_cli.render.session.TableDeals`): plain data that the
command line makes and passes in, so that a worker process scoring a part of
a long file (reversis_cli/session/parts.py) writes its deals exactly as this process
would.  Opened for one record, it writes a head, each deal, and a tail; a
new output format is one more writer, and nothing here changes.
"""

from __future__ import annotations

import functools
import os
import tempfile
from contextlib import ExitStack, suppress
from io import StringIO
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Protocol

from ..diagnostics import Diagnostic
from ..i18n import lang, use
from ..reader import CheckedDeal
from .service import ScoredDeal, Session, SessionOutcome

if TYPE_CHECKING:
    from .parts import Part, PartResult

__all__ = ["DealWriter", "SessionWriter", "WrittenPart", "score_session"]

_PART_BUFFER = 1 << 20  # bytes a worker's part file is written in


class SessionWriter(Protocol):
    """One record's output, written as it comes."""

    def diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        """Problems found (the header's, then each deal's before the deal)."""

    def unsettled(self, session: Session) -> None:
        """A record that cannot be settled: what there is to say of it."""

    def head(self, session: Session) -> None:
        """Before the first deal."""

    def part(self, session: Session) -> None:
        """Before the deals of a part (a worker's): no head, nothing of the session around."""

    def deal(self, one: ScoredDeal) -> None:
        """One deal, settled."""

    def written(self, part: WrittenPart, err: str) -> None:
        """Deals that a worker wrote already (``part``: copied once, with
        :meth:`WrittenPart.copy` or read with :meth:`WrittenPart.text`) and their
        diagnostics (``err``)."""

    def tail(self) -> None:
        """After the last deal."""

    def failed(self, exc: BaseException) -> None:
        """After a bug: leave the output whole (one JSON document...)."""


class DealWriter(Protocol):
    """How ``score`` writes (picklable: a worker process gets it too)."""

    diagnostics_apart: bool  # the diagnostics go to ``err``, not into the output

    @property
    def first_deals(self) -> int:
        """The deals a file's first part, written here, holds at least: those
        the head and tail need (the session table's rows), so that the
        workers' parts have none."""

    progress: bool  # a progress bar on stderr suits the output
    between: str  # written between two files of a batch

    def batch_head(self) -> str:
        """Before the first file of a batch."""

    def batch_tail(self, outcomes: Sequence[SessionOutcome]) -> str:
        """After the last file of a batch."""

    # The summary and ``err`` are the writer's own (a rich renderable, a console, or
    # None): the session hands them on without looking, hence ``object``.
    def summary(self, outcomes: Sequence[SessionOutcome]) -> object:
        """A batch's summary for the console (a renderable), or None."""

    def open(self, name: str, write: Callable[[str], object], err: object = None,
             only: int | None = None) -> SessionWriter:
        """Write the record ``name`` with ``write``, its diagnostics on ``err``
        (with ``only``: just deal ``only`` is shown)."""

    def part_err(self, file: IO[str]) -> object:
        """Where a worker prints its part's diagnostics (written into ``file``)."""


def score_session(session: Session, out: SessionWriter, writer: DealWriter, *,
                  only: int | None = None, tick: Callable[[int], None] | None = None,
                  jobs: int = 1, path: str | Path | None = None, rules: str | None = None,
                  sets: tuple[tuple[str, str], ...] = ()) -> None:
    """Write ``session`` with ``out`` (opened from ``writer``): its deals as
    they are settled, or only deal ``only``.  ``tick(bytes_read)`` is called
    as deals are read.  With ``jobs`` > 1 the file at ``path``, opened as a
    session under ``rules`` and ``sets``, is scored in parts by that many
    processes when it is long (reversis_cli/session/parts.py), the first part (of
    at least ``writer.first_deals`` deals) here, with the same output."""
    out.diagnostics(session.diagnostics)
    if not session.settleable:
        out.unsettled(session)
        return
    session.lean = _lean(writer)
    deals: Generator[ScoredDeal | CheckedDeal | PartResult, None, None]
    with ExitStack() as stack:  # closed in reverse: the workers stop, then their folder goes
        name = str(session.record.name)
        workers = _workers(path, jobs, writer) if only is None else 0
        if workers:
            from .batch import output_folder  # start-up time: only with --jobs
            from .parts import (  # start-up time: only with --jobs
                PART_DEALS, SCORE_WARM_UP, read_with_workers)

            assert path is not None  # _workers saw it
            folder = stack.enter_context(output_folder())
            # The workers start first; the parts are handed to them as they are
            # found, and the file is read through meanwhile (parts.planned).
            job = functools.partial(_score_part, name, writer, rules, sets, lang(), str(folder))
            deals = read_with_workers(stack, session, path, jobs, workers,
                                      max(PART_DEALS, writer.first_deals), SCORE_WARM_UP, job,
                                      tick)
        else:
            deals = session.deals(only=only, progress=tick)
        # with parts: the workers stop now, on a closed pipe or Ctrl-C too
        stack.callback(deals.close)
        out.head(session)
        for one in deals:
            if isinstance(one, ScoredDeal):
                found = one.checked.diagnostics
                if found:  # none in most deals: no call
                    out.diagnostics(found)
                out.deal(one)
            else:  # a part a worker wrote (parts.PartResult), into a file of the folder
                assert not isinstance(one, CheckedDeal)
                out.written(WrittenPart(one.out), one.err)
        out.tail()


class WrittenPart:
    """The deals of a part that a worker wrote into the file ``name`` (UTF-8
    text), put in their place once: copied onto the output, or read as text;
    the file then goes."""

    def __init__(self, name: str):
        self.name = name

    def __bool__(self) -> bool:
        """Whether the worker wrote anything."""
        return os.path.getsize(self.name) > 0

    def text(self) -> str:
        with open(self.name, encoding="utf-8", newline="") as source:
            text = source.read()
        os.unlink(self.name)
        return text

    def copy(self, write: Callable[[str], object]) -> None:
        """The part written with ``write``: its bytes as they are when ``write``
        can take a file (a ``copy_file(name)`` that says whether it did:
        standard output in UTF-8, session/batch.py's ``copy_bytes``), else its text."""
        copy_file = getattr(write, "copy_file", None)
        if copy_file is not None and copy_file(self.name):
            os.unlink(self.name)
        else:
            write(self.text())


def _lean(writer: DealWriter) -> bool:
    """Whether ``writer`` reads a plain deal's lean settlement (``ScoredDeal.lean``:
    ``JsonDeals.lean``); the other writers read the full one, and have no ``lean``."""
    return getattr(writer, "lean", False) is True


def _workers(path: str | Path | None, jobs: int, writer: DealWriter) -> int:
    """The worker processes to start for the file at ``path`` before its parts
    are planned (``parts.may_split``), 0 for none (one job: asked before the
    import, so that one job never loads session/parts.py)."""
    if jobs <= 1 or path is None:
        return 0
    from .parts import PART_DEALS, may_split  # start-up time: only with --jobs

    return may_split(path, jobs, max(PART_DEALS, writer.first_deals))


def _score_part(name: str, writer: DealWriter, rules: str | None,
                sets: tuple[tuple[str, str], ...], language: str, folder: str,
                part: Part) -> PartResult:
    """A worker's job: score one part after its warm-up, writing its deals
    with ``writer`` as the parent would, into a file of ``folder`` (the
    result names it; the text is not sent back through the pool)."""
    from .parts import PartResult, stops_reading, warm_up  # start-up time: only with --jobs

    done = PartResult()
    # Written a mebibyte at a time: a part is megabytes, and a system call every
    # 8 KiB (the default) cost 0.12 s of system time more on 100,000 deals (issue 35).
    text = tempfile.NamedTemporaryFile("w", buffering=_PART_BUFFER, encoding="utf-8",
                                       newline="", dir=folder, prefix=f"part-{part.index}-",
                                       suffix=".txt", delete=False)
    try:
        with use(language), Session.open(name, rules, dict(sets)) as session, text:
            session.lean = _lean(writer)  # settled as the parent settles: the same pool carried
            warm_up(session.record, part, session.deals)
            done.start, start = session.record.expected, session.reading.carried()
            before = (session.deals_shown, session.errors, session.warnings)
            err = StringIO()
            sink = writer.open(name, text.write, writer.part_err(err))
            sink.part(session)
            for one in session.deals():
                sink.diagnostics(one.checked.diagnostics)
                sink.deal(one)
                done.irregular = done.irregular or stops_reading(one.checked)
            done.err = err.getvalue()
            done.deals, done.errors, done.warnings = (
                now - then for now, then in zip((session.deals_shown, session.errors,
                                                 session.warnings), before, strict=True))
            done.end, done.carried = session.record.expected, (start, session.reading.carried())
        done.out = text.name
    except Exception:  # noqa: BLE001 -- scored again in the parent, which reports it as usual
        done.irregular = True
        with suppress(OSError):
            os.unlink(text.name)
    return done
