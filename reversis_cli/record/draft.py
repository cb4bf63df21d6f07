"""The draft: the deal in progress, saved beside the record after every change.

For ``games/thursday.rvs`` the draft is ``games/.thursday.rvs.draft`` (hidden,
in the same folder, so that the rename that writes it atomically never
crosses file systems).  It is JSON: the deal's number and dealer and the
lines typed, exactly as :class:`~reversis_cli.record.deal.DealInProgress`
holds them, so a resumed deal stands exactly where it stopped.

A draft is never trusted: :func:`read_draft` says why one cannot be read (not
JSON, another version, the wrong shape), the recorder checks every line of
one that can be read as if it were typed, and a draft that is not resumed
whole is kept under another name (:func:`keep_aside`), byte for byte.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..files import (
    FileKindError, read_regular_file, reading_problem, rename_aside, write_atomic,
)
from ..i18n import Msg
from ..invisible import visible

__all__ = ["Draft", "DraftFile", "draft_path", "read_draft", "save_draft", "remove_draft",
           "keep_aside"]

VERSION = 1
# A draft holds one deal: a few kilobytes.  More is no draft of ours.
MAX_DRAFT_BYTES = 1 << 20


@dataclass(frozen=True)
class Draft:
    """A deal in progress as saved: enough to rebuild it."""

    deal: int
    dealer: str
    lines: list[str] = field(default_factory=list)
    trick: list[str] = field(default_factory=list)  # cards of the trick in progress
    confirmed: list[str] = field(default_factory=list)  # warnings the marker confirmed

    @property
    def empty(self) -> bool:
        return not self.lines and not self.trick


@dataclass(frozen=True)
class DraftFile:
    """The draft file found beside a record: the draft it holds, or None and
    why it cannot be read as one."""

    draft: Draft | None
    problem: Msg | str | None = None


def draft_path(record: str | Path) -> Path:
    path = Path(record)
    return path.with_name(f".{path.name}.draft")


def read_draft(record: str | Path) -> DraftFile | None:
    """The draft file beside ``record``; None when there is none."""
    path = draft_path(record)
    if not os.path.lexists(path):
        return None
    try:
        raw = read_regular_file(path, MAX_DRAFT_BYTES)
    except (OSError, FileKindError) as exc:
        return DraftFile(None, Msg("it cannot be read: {why}", why=reading_problem(exc)))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return DraftFile(None, Msg("it is not a draft of reversis record (not JSON)"))
    if isinstance(data, dict) and "version" in data and data["version"] != VERSION:
        version = visible(str(data["version"])[:20])  # any text: shown, never sent
        return DraftFile(None, Msg("it was written by another version of reversis (draft "
                                   "version {version})", version=version))
    draft = _as_draft(data)
    if draft is None:
        return DraftFile(None, Msg("it does not hold a deal in progress as this version "
                                   "writes one"))
    return DraftFile(draft)


def _as_draft(data: object) -> Draft | None:
    """The draft ``data`` holds, only when every member has its type."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return None
    deal, dealer = data.get("deal"), data.get("dealer")
    if type(deal) is not int or deal < 1 or not isinstance(dealer, str):
        return None
    lists = [data.get(name, []) for name in ("lines", "trick", "confirmed")]
    if not all(isinstance(each, list) and all(isinstance(x, str) for x in each)
               for each in lists):
        return None
    return Draft(deal, dealer, *lists)


def save_draft(record: str | Path, draft: Draft) -> None:
    """Write the draft atomically (raises :class:`~reversis_cli.files.WriteError`)."""
    data = {"version": VERSION, **asdict(draft)}
    write_atomic(draft_path(record), json.dumps(data, ensure_ascii=False).encode("utf-8"))


def remove_draft(record: str | Path) -> None:
    try:
        os.remove(draft_path(record))
    except FileNotFoundError:
        pass


def keep_aside(record: str | Path) -> Path:
    """Rename the draft to the first free ``.FILE.draft.N`` (N = 1, 2, ...),
    byte for byte; its new path.  The caller holds the record's lock, so no
    recorder of ours takes the name meanwhile.  Raises :class:`OSError`."""
    return rename_aside(draft_path(record))
