"""Foreign formats sniffed at the first line of a record: a JSON record or a
csv-tricks file given where the notation is expected gets one RV006 saying
how to convert it, instead of an error on every line."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Msg
from ..model import Pos
from ..values import replace

__all__ = ["until_foreign"]

# The header row of a csv-tricks file, in any of the delimiters its import takes.
_CSV_HEADER = re.compile(r'\s*"?deal"?\s*[,;\t]\s*"?dealer"?\s*[,;\t]\s*"?trick"?\s*[,;\t]',
                         re.IGNORECASE)


def until_foreign(lines: Iterable[str], name: str, found: list[Diagnostic],
                  file: str | None = None) -> Iterator[str]:
    """``lines``, unless the first one with text shows a JSON record or a CSV
    file: then one RV006 in ``found`` saying how to convert it, and no more
    lines, instead of an error on every line of it.  ``file`` is how the
    command that converts it names the file (``name`` unless given)."""
    lines = iter(lines)
    for number, line in enumerate(lines, 1):
        if line.strip():
            kind = _foreign_kind(line)
            if kind is not None:
                found.append(_foreign_diagnostic(kind, name, file or name, line, number))
                return
            yield line
            break
        yield line
    yield from lines  # the rest unnumbered: no layer of its own a line


def _foreign_kind(line: str) -> str | None:
    if line.lstrip()[:1] in ("{", "["):
        return "json"
    if _CSV_HEADER.match(line):
        return "csv-tricks"
    return None


def _foreign_diagnostic(kind: str, name: str, file: str, line: str, number: int
                        ) -> Diagnostic:
    import shlex  # for this message only (start-up time)

    suffix = {"json": ".json", "csv-tricks": ".csv"}[kind]
    source = "" if Path(file).suffix.lower() == suffix else f" --from {kind}"
    what = Msg("a JSON record") if kind == "json" else Msg("a csv-tricks file")
    column = len(line) - len(line.lstrip()) + 1
    found = diagnostic("RV006", Msg("this looks like {what}, not a record in the notation; "
                                    "convert it first: {command}", what=what,
                                    command=f"reversis convert {shlex.quote(file)}{source} "
                                    "--to rvs -o NEW.rvs"), Pos(number, column))
    return replace(found, file=name, source_line=line)
