"""Which files the command line names.

``-`` stands for standard input.  A directory stands for every ``.rvs``
file under it; a pattern with ``*``, ``?`` or ``[`` (quoted, so that the
shell leaves it alone) for the files it matches.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ..i18n import Msg

__all__ = ["InputError", "expand_inputs", "RECORD_SUFFIX"]

RECORD_SUFFIX = ".rvs"
_GLOB_CHARS = "*?["


class InputError(ValueError):
    """A command-line input that names no record (its message a :class:`Msg`)."""


def expand_inputs(args: Iterable[str],
                  also: Callable[[Path], bool] | None = None) -> list[Path]:
    """The files named by ``args``: files as given, directories searched for
    ``.rvs`` files (and the files ``also`` takes: the archive takes JSON
    records too), patterns expanded; each file once, in the order named.

    Folders reached through a symlink are not entered (a link back up would
    make the walk endless), and a file named twice, by any path, is read once.
    """
    files: list[Path] = []
    seen: set[str] = set()
    for arg in args:
        path = Path(arg)
        if arg == "-":  # standard input
            found = [path]
        elif path.is_dir():
            found = sorted(p for p in _walk_files(path)
                           if p.suffix == RECORD_SUFFIX or (also is not None and also(p)))
            if not found:
                raise InputError(Msg("{arg}: the folder holds no {suffix} file", arg=arg,
                                     suffix=RECORD_SUFFIX))
        elif path.exists():
            found = [path]
        elif any(ch in arg for ch in _GLOB_CHARS):
            found = sorted(p for p in _matching(arg) if p.is_file())
            if not found:
                raise InputError(Msg("{arg}: no file matches", arg=arg))
        else:
            raise InputError(Msg("{arg}: no such file or folder", arg=arg))
        for file in found:
            real = os.path.realpath(file)
            if real not in seen:
                seen.add(real)
                files.append(file)
    return files


def _walk_files(folder: Path) -> Iterator[Path]:
    """Every regular file under ``folder``, not entering symlinked folders."""
    for root, _, names in os.walk(folder, followlinks=False):
        for name in names:
            path = Path(root) / name
            if path.is_file():
                yield path


def _matching(pattern: str) -> Iterator[Path]:
    """What ``pattern`` names, as :func:`glob.glob` with ``recursive=True``
    would, except that ``*`` and ``**`` never enter a symlinked folder."""
    parts = Path(pattern).parts
    literal = 0
    while literal < len(parts) and not _is_magic(parts[literal]):
        literal += 1
    base = Path(*parts[:literal]) if literal else Path(".")
    return _match(base, parts[literal:])


def _is_magic(part: str) -> bool:
    return any(ch in part for ch in _GLOB_CHARS)


def _match(base: Path, parts: tuple[str, ...]) -> Iterator[Path]:
    if not parts:
        yield base
        return
    head, tail = parts[0], parts[1:]
    if not _is_magic(head):
        if os.path.lexists(base / head):
            yield from _match(base / head, tail)
        return
    for entry in _entries(base, hidden=head.startswith(".")):
        is_real_dir = entry.is_dir(follow_symlinks=False)
        if head == "**":
            if is_real_dir:
                yield from _match(base / entry.name, parts)
            elif not tail:
                yield base / entry.name  # a last ``**`` matches files too
        elif fnmatch.fnmatchcase(entry.name, head):
            if not tail:
                yield base / entry.name
            elif is_real_dir:
                yield from _match(base / entry.name, tail)
    if head == "**":
        yield from _match(base, tail)  # ``**`` standing for no folder at all


def _entries(folder: Path, hidden: bool) -> list[os.DirEntry]:
    """The folder's entries (hidden ones only when asked, as glob does)."""
    try:
        with os.scandir(folder) as entries:
            return [e for e in entries if hidden or not e.name.startswith(".")]
    except OSError:
        return []
