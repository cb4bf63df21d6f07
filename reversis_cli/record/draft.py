"""The draft: the deal in progress, saved beside the record after every change.

For ``games/thursday.rvs`` the draft is ``games/.thursday.rvs.draft`` (hidden,
in the same folder, so that the rename that writes it atomically never
crosses file systems).  It is JSON: the deal's number and dealer and the
lines typed, exactly as :class:`~reversis_cli.record.deal.DealInProgress`
holds them, so a resumed deal stands exactly where it stopped.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..files import write_atomic

__all__ = ["Draft", "draft_path", "load_draft", "save_draft", "remove_draft"]

VERSION = 1


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


def draft_path(record: str | Path) -> Path:
    path = Path(record)
    return path.with_name(f".{path.name}.draft")


def load_draft(record: str | Path) -> Draft | None:
    """The draft beside ``record``; None when there is none or it cannot be read
    (a draft is only ever written whole, so an unreadable one is not ours)."""
    try:
        data = json.loads(draft_path(record).read_text(encoding="utf-8"))
        if data.get("version") != VERSION:
            return None
        return Draft(int(data["deal"]), str(data["dealer"]),
                     [str(x) for x in data.get("lines", [])],
                     [str(x) for x in data.get("trick", [])],
                     [str(x) for x in data.get("confirmed", [])])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def save_draft(record: str | Path, draft: Draft) -> None:
    """Write the draft atomically (raises :class:`~reversis_cli.files.WriteError`)."""
    data = {"version": VERSION, **asdict(draft)}
    write_atomic(draft_path(record), json.dumps(data, ensure_ascii=False).encode("utf-8"))


def remove_draft(record: str | Path) -> None:
    try:
        os.remove(draft_path(record))
    except FileNotFoundError:
        pass
