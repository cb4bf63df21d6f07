"""Dates: the ``date`` line of a record read as a date, when it can be; the
days ``--from``/``--to`` name; and the one rule that says whether a session
falls in a period (``stats``, ``league`` and the club page all ask it).

A record's ``date`` is free form (docs/notation.md); these are the forms read
as a date: ``2026-11-17`` (or ``2026-11``, ``2026``) as the notation
suggests, and ``17.11.2026``.  ``report`` orders sessions by it and the
archive keeps it as a sortable ISO day (reversis_cli/club/).  A value written
in one of these forms must be a day of the calendar (``check``: RV114).
"""

from __future__ import annotations

import datetime
import re

from .i18n import Msg

__all__ = ["DateError", "date_key", "date_problem", "iso_day", "read_day", "in_period",
           "ends_before"]

# ASCII digits only: re's \d would also read ٢٠٢٧ or ２０２７ as a year.
_ISO_DATE = re.compile(r"([0-9]{4})(?:-([0-9]{1,2})(?:-([0-9]{1,2}))?)?(?![0-9])")
_DOTTED_DATE = re.compile(r"([0-9]{1,2})\.([0-9]{1,2})\.([0-9]{4})(?![0-9])")


class DateError(ValueError):
    """A date that cannot be read, or names no day of the calendar: ``message``
    says which, in words a player understands."""

    def __init__(self, message: Msg):
        super().__init__(message)
        self.message = message


def _parts(text: str) -> tuple[tuple[int, int | None, int | None], int] | None:
    """The date a text begins with, as (year, month, day) with None for a
    part not written, and where the date ends in the text (stripped); None
    when the text does not begin with a date's form."""
    found = _ISO_DATE.match(text)
    if found:
        month, day = found.group(2), found.group(3)
        return ((int(found.group(1)), int(month) if month else None, int(day) if day else None),
                found.end())
    found = _DOTTED_DATE.match(text)
    if found:
        return (int(found.group(3)), int(found.group(2)), int(found.group(1))), found.end()
    return None


def _calendar_problem(value: str, year: int, month: int | None, day: int | None) -> Msg | None:
    """Why (year, month, day) is no date of the calendar (None: it is one)."""
    if year < datetime.MINYEAR:
        return Msg("{value} is not a date: there is no year 0", value=value)
    if month is not None and not 1 <= month <= 12:
        return Msg("{value} is not a date: a month is numbered 1 to 12", value=value)
    if month is not None and day is not None:
        try:
            datetime.date(year, month, day)
        except ValueError:
            return Msg("{value} is not a date: {year}-{month} has no day {day}", value=value,
                       year=f"{year:04d}", month=f"{month:02d}", day=day)
    return None


def date_problem(text: str) -> Msg | None:
    """Why a record's ``date`` value, read as a date, names no day of the
    calendar (``2027-02-30``, ``2027-13``, ``31.02.2027``); None when it is a
    date, or free text that is not read as one."""
    text = text.strip()
    found = _parts(text)
    if found is None:
        return None
    (year, month, day), end = found
    return _calendar_problem(text[:end], year, month, day)


def date_key(text: str) -> tuple[int, int, int] | None:
    """A ``date`` line's value as (year, month, day), 0 for a part not given;
    None for any other text."""
    found = _parts(text.strip())
    if found is None:
        return None
    year, month, day = found[0]
    return year, month or 0, day or 0


def _iso(year: int, month: int | None, day: int | None) -> str:
    if month is None:
        return f"{year:04d}"
    return f"{year:04d}-{month:02d}" if day is None else f"{year:04d}-{month:02d}-{day:02d}"


def iso_day(text: str | None) -> str | None:
    """The date as ISO text that sorts as dates do: ``2026-11-17``, or
    ``2026-11`` / ``2026`` when the record gives no more; None when the value
    is not read as a date, or names no day of the calendar."""
    found = _parts(text.strip()) if text else None
    if found is None:
        return None
    (year, month, day), end = found
    if _calendar_problem("", year, month, day) is not None:
        return None
    return _iso(year, month, day)


def read_day(text: str) -> str:
    """A date typed on the command line (``--from``/``--to``): the whole text
    is ``2027-01-14``, ``2027-01``, ``2027`` or ``14.01.2027``, of the
    calendar; as ISO text.  :class:`DateError` otherwise."""
    value = text.strip()
    found = _parts(value)
    if found is None or found[1] != len(value):
        raise DateError(Msg("{value} is not a date: write it as 2027-01-14 (or 2027-01, "
                            "2027)", value=text))
    (year, month, day), _ = found
    problem = _calendar_problem(value, year, month, day)
    if problem is not None:
        raise DateError(problem)
    return _iso(year, month, day)


def _common(a: str, b: str) -> tuple[str, str]:
    """Two ISO dates cut to the precision of the less precise: ``2027-01``
    against ``2027-01-14`` compares ``2027-01`` with ``2027-01``."""
    n = min(len(a), len(b))
    return a[:n], b[:n]


def in_period(day: str | None, start: str | None, end: str | None) -> bool:
    """Whether a session dated ``day`` (ISO: a day, a month or a year; None:
    undated) counts in the period ``start``..``end`` (ISO, either end
    inclusive, a month or a year taking in all its days; None: open).

    A date is the span of its days: a session dated by month or year counts
    when that month or year meets the period; an undated one counts only when
    no period is given."""
    if start is None and end is None:
        return True
    if day is None:
        return False
    if start is not None:
        after, first = _common(day, start)
        if after < first:
            return False
    if end is not None:
        before, last = _common(day, end)
        if before > last:
            return False
    return True


def ends_before(start: str | None, end: str | None) -> bool:
    """A period whose end comes before its beginning (``--from 2027-02 --to
    2027-01``); ``--from 2027-02-15 --to 2027-02`` is the rest of February."""
    if start is None or end is None:
        return False
    last, first = _common(end, start)
    return last < first
