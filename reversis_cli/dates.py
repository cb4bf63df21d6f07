"""The ``date`` line of a record read as a date, when it can be.

The value is free form (docs/notation.md); these are the forms read as a
date: ``2026-11-17`` (or ``2026-11``, ``2026``) as the notation suggests,
and ``17.11.2026``.  ``report`` orders sessions by it and the archive keeps
it as a sortable ISO day (reversis_cli/club/).
"""

from __future__ import annotations

import re

__all__ = ["date_key", "iso_day"]

_ISO_DATE = re.compile(r"(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?!\d)")
_DOTTED_DATE = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)")


def date_key(text: str) -> tuple[int, int, int] | None:
    """A ``date`` line's value as (year, month, day), 0 for a part not given;
    None for any other text."""
    text = text.strip()
    found = _ISO_DATE.match(text)
    if found:
        return int(found.group(1)), int(found.group(2) or 0), int(found.group(3) or 0)
    found = _DOTTED_DATE.match(text)
    if found:
        return int(found.group(3)), int(found.group(2)), int(found.group(1))
    return None


def iso_day(text: str | None) -> str | None:
    """The date as ISO text that sorts as dates do: ``2026-11-17``, or
    ``2026-11`` / ``2026`` when the record gives no more; None when the value
    is not read as a date (or a month or day is out of range)."""
    key = date_key(text) if text else None
    if key is None:
        return None
    year, month, day = key
    if not 1 <= month <= 12:
        return f"{year:04d}" if month == 0 and day == 0 else None
    if day == 0:
        return f"{year:04d}-{month:02d}"
    return f"{year:04d}-{month:02d}-{day:02d}" if day <= 31 else None
