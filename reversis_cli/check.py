"""``reversis check``: read records, collect every problem, count deals."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .diagnostics import Diagnostic
from .reader import display_name, open_record

__all__ = ["FileReport", "check_file"]


@dataclass
class FileReport:
    name: str
    deals: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if not d.is_error)


def check_file(path: str | Path, *, strict: bool = False, name: str | None = None,
               tick: Callable[[int], None] | None = None) -> FileReport:
    """Every problem of one record; with ``strict`` warnings count as errors.

    ``tick(bytes_read)`` is called after each deal, for a progress bar.
    """
    report = FileReport(name or display_name(path))
    with open_record(path, report.name) as record:
        report.diagnostics.extend(record.header_diagnostics)
        for deal in record.deals():
            report.deals += 1
            report.diagnostics.extend(deal.diagnostics)
            if tick:
                tick(record.position)
    if strict:
        report.diagnostics = [d.escalated() for d in report.diagnostics]
    return report
