"""Converting records between the notation, JSON and CSV.

``jsonrec`` reads and writes the JSON record format (``reversis-record/1``,
described by ``schema/record-1.schema.json``), ``csvtricks`` one row per
trick (both ways).  ``csv-payments``, one row per payment, is the score
written as CSV, not a record format: its writer (reversis_cli/score/csv.py)
settles the record, so it sits above the session service, and the caller
passes it in (``payments``); this package never imports the settlement.
Every conversion goes through the canonical ``.rvs`` text: an input is read
into the model, written canonically and read back, and each output is made
from that.  A record with errors (what ``check`` reports) is not converted.
:func:`convert` is the one entry point of ``reversis convert``.

Diagnostic codes of this package (range RV5xx): see :mod:`.problems`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Diagnostic
from .fmt import canonical_text, read_source
from .csvtricks import csv_to_rvs, rvs_to_csv
from .jsonrec import json_to_rvs, rvs_to_json
from .problems import CODES, problem

__all__ = ["CODES", "SOURCE_FORMATS", "TARGET_FORMATS", "ConvertResult", "convert",
           "format_from_name", "problem"]

# (canonical text, file name, card style) -> (CSV text or None, diagnostics)
PaymentsWriter = Callable[[str, str, "str | None"], "tuple[str | None, list[Diagnostic]]"]

SOURCE_FORMATS = ("rvs", "json", "csv-tricks")
TARGET_FORMATS = ("json", "rvs", "csv-tricks", "csv-payments")
_BY_SUFFIX = {".rvs": "rvs", ".json": "json", ".csv": "csv-tricks"}


def format_from_name(name: str) -> str | None:
    """The source format a file name suggests (.rvs, .json, .csv), or None."""
    return _BY_SUFFIX.get(Path(name).suffix.lower())


@dataclass
class ConvertResult:
    """The converted text (None when the conversion failed) and the problems."""

    text: str | None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.text is not None and not any(d.is_error for d in self.diagnostics)


def convert(data: bytes, name: str, source: str, target: str, *, style: str | None = None,
            players: tuple[str, ...] | None = None, settle_with=None,
            payments: PaymentsWriter | None = None) -> ConvertResult:
    """Convert ``data`` (the bytes of file ``name``) from ``source`` to ``target``.

    ``style``: how to write cards (None: in .rvs and JSON as the record spells
    them, as ``fmt`` does; ASCII in csv-tricks; payment reasons as written).
    ``players`` and ``settle_with`` (a :class:`csvtricks.SettleWith`) are for
    csv-tricks input, which holds neither the playing order for sure nor the rules.
    ``payments`` writes the ``csv-payments`` target (required for it).
    """
    if source not in SOURCE_FORMATS:
        raise ValueError(f"cannot read {source}")
    if target not in TARGET_FORMATS:
        raise ValueError(f"cannot write {target}")
    if target == "csv-payments" and payments is None:
        raise ValueError("csv-payments needs its writer (reversis_cli/score/csv.py)")
    if source == "rvs":
        rvs = canonical_text(data, name, None)  # in the record's spelling, as fmt writes it
        text, diags = rvs.text, list(rvs.diagnostics)
    elif source == "json":
        text, diags = json_to_rvs(data, name)
    else:
        text, diags = csv_to_rvs(data, name, players, settle_with)
    if text is None:
        return ConvertResult(None, diags)
    if source != "rvs":  # an .rvs source was checked by canonical_text
        errors = _errors_of(text, name)
        if errors:
            return ConvertResult(None, diags + errors)
    if target == "rvs":
        if style is not None:
            restyled = canonical_text(text.encode("utf-8"), name, style)
            return ConvertResult(restyled.text, diags + list(restyled.diagnostics))
        return ConvertResult(text, diags)
    if target == "json":
        out, more = rvs_to_json(text, name, style)
    elif target == "csv-tricks":
        out, more = rvs_to_csv(text, name, style or "ascii")
    else:
        assert payments is not None  # checked above
        out, more = payments(text, name, style)
    return ConvertResult(out, diags + more)


def _errors_of(text: str, name: str) -> list[Diagnostic]:
    """The record's diagnostics when it has errors (it is then not converted:
    every target would carry leaders and takers derived past the error)."""
    diags = read_source(text, name).diagnostics
    return diags if any(d.is_error for d in diags) else []
