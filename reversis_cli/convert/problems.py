"""The diagnostics of the conversions (range RV5xx), shared by every format module.

They live apart from the package's entry point so that the format modules
(``jsonrec``, ``csvtricks``...) and :func:`reversis_cli.convert.convert`,
which calls them, do not import each other.
"""

from __future__ import annotations

from ..diagnostics import CODES as DIAGNOSTIC_CODES
from ..diagnostics import Diagnostic
from ..i18n import Msg
from ..model import Pos

__all__ = ["CODES", "problem"]

# This package's codes (RV5xx), from the one registry.
CODES: dict[str, tuple[str, str]] = {
    code: entry for code, entry in DIAGNOSTIC_CODES.items() if code.startswith("RV5")}


def problem(code: str, message: Msg, pos: Pos | None = None, file: str = "",
            severity: str | None = None, **kw) -> Diagnostic:
    """A diagnostic of this package, with its severity given explicitly."""
    return Diagnostic(code=code, message=message, pos=pos,
                      severity=severity or CODES[code][0], file=file, **kw)
