"""Which session pages of a club page are already made, and still right.

A club of ten years has hundreds of sessions, and a new evening changes one
of them: ``report`` rewrites a session's page only when something it is
made from has changed.  What a page is made from is its **key**: the
sha256 hash of the record (as the archive stores it), the record's path and the
page's name, the run's language, the money options (``--fiche-value``,
``--currency``), and the program itself (a hash of the package's files:
code, templates, styles, catalogs, the grammar).  A house rule profile the
record names is a file of its own: its sha256 hash is kept beside the key and
read again each run.

The keys are kept in a small manifest in the sessions' folder
(:data:`MANIFEST`), with each page's size and modification time as written
and the record's diagnostics (shown again on each run, as a rebuilt page
would show them).  A page is kept only when all of these agree; anything
else (no manifest, a manifest of another format or unreadable, a page
missing, edited or replaced, a run interrupted before the manifest was
written) makes the page again: a stale page is never kept.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Diagnostic
from ..grammar_source import grammar_path
from ..i18n import t
from ..model import Pos

__all__ = ["MANIFEST", "Made", "MadePages", "page_key", "program_fingerprint"]

MANIFEST = ".reversis-pages.json"
FORMAT = "reversis-pages/1"
PACKAGE = Path(__file__).resolve().parent.parent


@functools.cache
def program_fingerprint() -> str:
    """A hash of every file of the package (its code, templates, styles and
    compiled catalogs) and of the grammar: any change of the program makes
    every page again, whatever the version number says."""
    digest = hashlib.sha256()
    files = sorted(path for path in PACKAGE.rglob("*")
                   if path.is_file() and "__pycache__" not in path.parts)
    for path in [*files, grammar_path()]:
        digest.update(str(path.relative_to(path.parents[1])).encode("utf-8") + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def page_key(name: str, path: str, sha256: str, language: str,
             sets: Mapping[str, str] | None) -> str:
    """What a session's page is made from, as one hash (the module's docstring)."""
    parts = [FORMAT, program_fingerprint(), name, path, sha256, language,
             sorted((sets or {}).items())]
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode("utf-8")).hexdigest()


@dataclass
class Made:
    """One page as the manifest keeps it."""

    key: str
    profiles: dict[str, str] = field(default_factory=dict)  # a house profile: path -> sha256 hash
    size: int = -1
    mtime_ns: int = -1
    diagnostics: list[dict] = field(default_factory=list)

    def shown(self) -> list[Diagnostic]:
        return [_diagnostic(d) for d in self.diagnostics]


class MadePages:
    """The manifest of a sessions' folder: read at the start of a run, written
    at its end (:meth:`to_bytes`) with the pages of this run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.found = _read(folder / MANIFEST)
        self.now: dict[str, Made] = {}

    def kept(self, name: str, key: str) -> Made | None:
        """The manifest's entry for the page ``name`` when the page in the
        folder is already the one ``key`` makes, else None."""
        made = self.found.get(name)
        if made is None or made.key != key or not _same_page(self.folder / name, made):
            return None
        if any(_file_hash(Path(path)) != sha for path, sha in made.profiles.items()):
            return None
        return made

    def keep(self, name: str, made: Made) -> None:
        self.now[name] = made

    def written(self, name: str) -> None:
        """The page ``name`` is now in the folder as this run wrote it."""
        stat = (self.folder / name).stat()
        self.now[name].size, self.now[name].mtime_ns = stat.st_size, stat.st_mtime_ns

    def to_bytes(self) -> bytes:
        pages = {name: vars(made) for name, made in sorted(self.now.items())}
        return json.dumps({"format": FORMAT, "pages": pages}, ensure_ascii=False,
                          indent=1).encode("utf-8")


def made_now(key: str, profiles: list[str], diagnostics) -> Made:
    """The entry of a page made in this run (its size and time once written)."""
    return Made(key, {str(Path(path).resolve()): _file_hash(Path(path)) for path in profiles},
                diagnostics=[_diagnostic_json(d) for d in diagnostics])


def _read(path: Path) -> dict[str, Made]:
    """The manifest's pages; none (every page made again) when it is missing,
    unreadable or not of this format."""
    try:
        data = json.loads(path.read_bytes())
        if data.get("format") != FORMAT:
            return {}
        return {name: Made(**entry) for name, entry in data["pages"].items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def _same_page(path: Path, made: Made) -> bool:
    try:
        stat = path.stat()
    except OSError:
        return False
    return (stat.st_size, stat.st_mtime_ns) == (made.size, made.mtime_ns)


def _file_hash(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""  # gone: the page made with it is made again (and says so)


# A page's diagnostics as the manifest keeps them: written in the run's
# language (part of the key), with the line quoted for the caret.
def _diagnostic_json(d: Diagnostic) -> dict:
    return {"code": d.code, "message": t(d.message), "line": d.line, "column": d.column,
            "severity": d.severity, "file": d.file, "deal": d.deal, "trick": d.trick,
            "source_line": d.source_line,
            "related": [[p.line, p.column, t(m)] for p, m in d.related]}


def _diagnostic(data: dict) -> Diagnostic:
    line, column = data["line"], data["column"]
    return Diagnostic(data["code"], data["message"],
                      Pos(line, column) if line is not None else None, data["severity"],
                      data["file"], data["deal"], data["trick"], data["source_line"],
                      tuple((Pos(a, b), m) for a, b, m in data["related"]))
