"""The pool the last evening left, offered to a new record (the README's
``reversis record``, its paragraph "The pot of a new evening").

The last evening is the latest other ``.rvs`` record in the new record's
folder: by its ``date`` line (ISO order; a record without a date comes before
every dated one), then by file name.  It is settled as ``score`` settles it,
and the pool after its last deal is offered as the new record's ``pot``.  A
record that cannot be read or settled offers nothing: the note says why, and
nothing stops the new record.

With an archive named (``record --archive FILE``), the last evening is the
archive's latest session instead (by day, then path), and the pool it left
is the ``pool_end`` the archive stored for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..amounts import amount_text
from ..dates import iso_day
from ..diagnostics import ReversisError
from ..files import os_reason
from ..i18n import Msg, fiches
from ..reader import open_record
from ..session.inputs import RECORD_SUFFIX
from ..session.service import Session

__all__ = ["PoolOffer", "offered_pool", "archived_pool"]


@dataclass(frozen=True)
class PoolOffer:
    """What the last evening left in the pool: ``amount`` (None: nothing can
    be offered) and ``note``, the sentence that says which record it comes
    from, or why nothing is offered."""

    source: str
    amount: int | Fraction | None
    note: Msg

    @property
    def text(self) -> str | None:
        """The amount as a ``pot`` line writes it (``90``, ``5/2``)."""
        return amount_text(self.amount) if self.amount is not None else None


def offered_pool(path: str | Path) -> PoolOffer | None:
    """The pool the latest other record of ``path``'s folder left, or None
    when the folder holds no other record."""
    latest = _latest(Path(path))
    if latest is None:
        return None
    name = latest.name
    try:
        with Session.open(latest) as session:
            errors = session.errors
            if session.settleable:
                for scored in session.deals():
                    errors += any(d.is_error for d in scored.checked.diagnostics)
            if errors or not session.settleable:
                return PoolOffer(name, None, Msg(
                    "{record}, the last evening in this folder, has errors: no pool is offered "
                    "(give it with --pot if one was carried)", record=name))
            assert session.profile is not None  # settleable
            if session.profile.money.pool_at_end == "shared":
                return PoolOffer(name, 0, Msg(
                    "{record}, the last evening in this folder, shares its pool out at the end "
                    "(pool_at_end = shared): the new evening starts with an empty pool",
                    record=name))
            left = session.pool_end
    except (OSError, ReversisError, ValueError, UnicodeError) as exc:
        why = os_reason(exc) if isinstance(exc, OSError) else str(exc)
        return PoolOffer(name, None, Msg(
            "{record}, the last evening in this folder, cannot be read ({why}): no pool is "
            "offered (give it with --pot if one was carried)", record=name, why=why))
    return PoolOffer(name, left, Msg("{record}, the last evening in this folder, left {amount} "
                                     "in the pool", record=name, amount=fiches(left)))


def _latest(path: Path) -> Path | None:
    """The other record of the folder dated latest, then named last."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        entries = [entry for entry in folder.iterdir()
                   if entry.suffix == RECORD_SUFFIX and not entry.name.startswith(".")
                   and entry.name != path.name and entry.is_file()]
    except OSError:
        return None
    return max(entries, key=lambda entry: (_day(entry), entry.name), default=None)


def _day(path: Path) -> str:
    """The record's date in ISO form, or "" (before any date) when it has
    none or it cannot be read."""
    try:
        with open_record(path) as record:
            line = record.header.get("date")
            return (iso_day(line.value) or "") if line is not None else ""
    except (OSError, ReversisError, ValueError, UnicodeError):
        return ""


def archived_pool(archive: str) -> PoolOffer | None:
    """The pool the latest session of the archive ``archive`` left, or None
    when it holds no session; :class:`~reversis_cli.club.schema.ArchiveError`
    when it cannot be read as an archive."""
    from ..club.database import guarded, open_to_read  # only with --archive

    conn = open_to_read(archive)
    try:
        with guarded(archive):
            row = conn.execute("SELECT path, pool_end FROM sessions "
                               "ORDER BY coalesce(day, '') DESC, path DESC LIMIT 1").fetchone()
    finally:
        conn.close()
    if row is None:
        return None
    path, stored = row
    left = Fraction(str(stored))
    amount = int(left) if left.denominator == 1 else left
    name = Path(path).name
    return PoolOffer(name, amount, Msg("{record}, the last evening in the archive {archive}, left "
                                       "{amount} in the pool", record=name, archive=archive,
                                       amount=fiches(amount)))
