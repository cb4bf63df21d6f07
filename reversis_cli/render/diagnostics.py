"""Diagnostics, compiler-style: ``FILE:LINE:COL: error[RV201]: message``,
then the source line and a caret under the column."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic
from ..i18n import t, tr
from ..invisible import visible
from .layout import Line

if TYPE_CHECKING:  # annotations only: a diagnostic on a file or a pipe loads no rich
    from rich.console import Group
    from rich.text import Text

SEVERITY_STYLE = {"error": "bold red", "warning": "bold yellow"}
# Show at most this much of a long source line, around the caret.
WINDOW = 100


def render_diagnostic(d: Diagnostic) -> Text:
    """:func:`diagnostic_view`, for rich."""
    return diagnostic_view(d).rich()


def diagnostic_view(d: Diagnostic) -> Line:
    """Invisible characters of the record (a no-break space, ``\r``, an escape
    sequence) are shown as escapes, so that none acts on the terminal.  A
    message names its cards as the run's language writes them (``JS``, ``В♠``:
    :class:`~reversis_cli.cards.CardCode`) and quotes what the file says as it
    says it: nothing in it is respelt."""
    where = visible(d.file or "<input>")
    if d.pos is not None:
        where += f":{d.pos.line}:{d.pos.column}"
    pieces = [(f"{where}: ", "bold"),
              (f"{tr(d.severity)}[{d.code}]", SEVERITY_STYLE.get(d.severity, "bold")),
              (f": {visible(t(d.message))}", "")]
    if d.source_line is not None and d.pos is not None:
        gutter = f"{d.pos.line:>5} | "
        index = d.pos.column - 1
        shown = visible(d.source_line)
        line, caret_at = _window(shown, len(visible(d.source_line[:index])))
        pieces += [("\n" + gutter, "dim"), (line, ""),
                   ("\n" + " " * (len(gutter) - 2) + "| ", "dim"),
                   (_caret_padding(line, caret_at) + "^", SEVERITY_STYLE.get(d.severity, ""))]
    return Line("", "", tuple(pieces))


def _window(line: str, index: int) -> tuple[str, int]:
    """The part of ``line`` to show and where the caret falls in it."""
    if len(line) <= WINDOW:
        return line, index
    start = max(0, min(index - WINDOW // 2, len(line) - WINDOW))
    shown = line[start:start + WINDOW]
    prefix = "…" if start > 0 else ""
    suffix = "…" if start + WINDOW < len(line) else ""
    return prefix + shown + suffix, index - start + len(prefix)


def _caret_padding(line: str, index: int) -> str:
    # Keep tabs so the caret lines up under a tab-indented line.
    head = line[:index]
    if "\t" not in head:  # most lines: spaces alone, not a character at a time
        return " " * len(head)
    return "".join("\t" if ch == "\t" else " " for ch in head)


def render_diagnostics(diags) -> Group:
    from rich.console import Group  # rich: only when drawn with it

    return Group(*(render_diagnostic(d) for d in diags))
