"""The methods that ``@dataclass`` writes, kept compiled from one run to the next.

For each dataclass, the standard library writes the source of ``__init__``,
``__repr__``, ``__eq__``, ``__hash__`` and, when frozen, ``__setattr__`` and
``__delattr__``, and compiles each with ``exec``.  The package defines some
forty dataclasses on the way to settling a record, and compiling their
methods was the largest single cost of a command's start-up: about 150 M of
the 1,080 M instructions of a 20-deal ``reversis score`` (issue 14).

:func:`install` gives the ``dataclasses`` module an ``exec`` that looks the
source up in a table of code objects, compiled once and kept in the
package's ``__pycache__`` folder beside its byte code (marshal, the format of
``.pyc`` files): the same source compiled the same way gives the same code,
so the classes are exactly what ``@dataclass`` makes without it.  The table
is read once per process and written back at exit when a class was new,
unless Python writes no byte code (``PYTHONDONTWRITEBYTECODE``, ``-B``), or
cannot (a read-only install: then every run compiles, as without the table).
"""

from __future__ import annotations

import atexit
import importlib.util
import marshal
import sys
from pathlib import Path
from types import CodeType

__all__ = ["install"]

# A table grown past this (classes edited many times over) starts again from
# the classes of the run that finds it so.
MAX_ENTRIES = 2000

_table: dict[str, CodeType] | None = None
_added: set[str] = set()
_used: set[str] = set()


def install() -> None:
    """Compile the dataclasses made from now on from the kept table (once per process)."""
    global _table
    if _table is not None:
        return
    import dataclasses  # the standard library's: loaded only when a command runs

    _table = _read(_table_path())
    # The module's global, looked up before the builtin:
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    atexit.register(_write)


def _exec(source: str | bytes | CodeType, globals=None, locals=None):  # noqa: A002 -- exec's own parameter names
    """``exec`` for the sources ``dataclasses`` writes: their code from the table."""
    if not isinstance(source, str) or _table is None:
        return exec(source, globals, locals)
    code = _table.get(source)
    if code is None:
        # As exec(source) compiles in the dataclasses module, which has no
        # __future__ imports: none of this module's are inherited.
        code = compile(source, "<string>", "exec", dont_inherit=True)
        _table[source] = code
        _added.add(source)
    _used.add(source)
    return exec(code, globals, locals)


def _table_path() -> Path:
    """Beside this module's byte code (``__pycache__``, or the PYTHONPYCACHEPREFIX
    tree), named for the interpreter, whose code objects only it can read."""
    pyc = Path(importlib.util.cache_from_source(__file__))
    return pyc.with_name(f"{pyc.name.partition('.')[0]}.{sys.implementation.cache_tag}."
                         f"opt{sys.flags.optimize}.marshal")


def _read(path: Path) -> dict[str, CodeType]:
    try:
        magic, table = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):  # none yet, or not one of ours
        return {}
    return table if magic == importlib.util.MAGIC_NUMBER and isinstance(table, dict) else {}


def _write() -> None:
    """Keep the table when this run compiled a class it did not hold."""
    if not _added or _table is None or sys.dont_write_bytecode:
        return
    from .files import WriteError, write_atomic  # start-up time: only when a class was new

    table = _table if len(_table) <= MAX_ENTRIES else {s: _table[s] for s in _used}
    path = _table_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, marshal.dumps((importlib.util.MAGIC_NUMBER, table)))
    except (OSError, WriteError):  # a read-only install: the next run compiles again
        pass
