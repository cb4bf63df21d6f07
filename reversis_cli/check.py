"""``reversis check``: read records, collect every problem, count deals."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

from .diagnostics import Diagnostic
from .model import has_figures
from .reader import CheckedDeal, Record, display_name, open_record
from .session.service import ScoredDeal, header_profile_problems
from .session import parts as sizes
from .session.parts import PartResult, check_part, may_split, read_deals, read_with_workers
from .values import MutableValue

__all__ = ["FileReport", "check_file"]


class FileReport(MutableValue):
    """What ``check`` found in one file (plain data: it crosses from a worker process)."""

    __slots__ = _fields = ("name", "deals", "diagnostics", "internal_error")
    name: str
    deals: int
    diagnostics: list[Diagnostic]
    internal_error: str | None  # a bug stopped the check of this file: what it was

    def __init__(self, name: str, deals: int = 0, diagnostics: list[Diagnostic] | None = None,
                 internal_error: str | None = None):
        self.name = name
        self.deals = deals
        self.diagnostics = [] if diagnostics is None else diagnostics
        self.internal_error = internal_error

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if not d.is_error)


def check_file(path: str | Path, *, strict: bool = False, name: str | None = None,
               tick: Callable[[int], None] | None = None, jobs: int = 1) -> FileReport:
    """Every problem of one record; with ``strict`` warnings count as errors.

    ``tick(bytes_read)`` is called after each deal, for a progress bar.  A
    bug met in the file is kept in ``internal_error`` (with what was found
    before it), so that a run over many files names the file and goes on.
    With ``jobs`` > 1 a long file is read in parts by that many processes
    (reversis_cli/session/parts.py), with the same report.
    """
    report = FileReport(name or display_name(path))
    try:
        with open_record(path, report.name) as record:
            # A profile that cannot be built would stop every settling command.
            header = record.header_diagnostics + header_profile_problems(record)
            report.diagnostics.extend(sorted(header, key=lambda d: (d.line or 0, d.column or 0)))
            figures = _read(record, path if record.players else None, jobs, report, tick)
        if figures:  # the table's figures: the record read again and settled
            # Loaded here, for start-up time: a record without figures never needs it.
            from .sheet.figures import figure_diagnostics
            report.diagnostics.extend(figure_diagnostics(path, report.name))
            report.diagnostics.sort(key=lambda d: d.line or 0)
    except Exception as exc:  # noqa: BLE001 -- a bug: kept with its file, the batch goes on
        report.internal_error = f"{type(exc).__name__}: {exc}"
    if strict:
        report.diagnostics = [d.escalated() for d in report.diagnostics]
    return report


def _read(record: Record, path: str | Path | None, jobs: int, report: FileReport,
          tick: Callable[[int], None] | None) -> bool:
    """Read ``record`` (just opened) as :meth:`Record.deals` would, in parts
    when the file at ``path`` is long (the workers started first, the parts
    handed to them as they are found: session/parts.py), into ``report``;
    whether a deal has the table's figures."""
    figures = False
    deals: Iterator[CheckedDeal | ScoredDeal | PartResult]
    with ExitStack() as stack:  # closed in reverse: the plan, then the workers
        workers = may_split(path, jobs) if path is not None else 0
        if workers:
            assert path is not None
            # (the sizes read at the call, as scoring.py reads them: a test sets them)
            deals = read_with_workers(stack, record, path, jobs, workers, sizes.PART_DEALS,
                                      sizes.CHECK_WARM_UP,
                                      functools.partial(check_part, str(record.name)), tick,
                                      figures=True)
        else:
            deals = read_deals(record, tick)
        for one in deals:
            if isinstance(one, PartResult):  # a part a worker read
                report.deals += one.deals
                report.diagnostics.extend(one.diagnostics)
                figures = figures or one.figures
            else:
                assert isinstance(one, CheckedDeal)
                report.deals += 1
                report.diagnostics.extend(one.diagnostics)
                figures = figures or has_figures(one.deal)
    return figures
