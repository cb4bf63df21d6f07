"""``reversis fmt``: rewrite records in canonical form, without losing anything.

A record is read (:mod:`reader`), put in canonical order and written
(:mod:`canonical`, over :mod:`notation.writer`).  Three guards keep ``fmt`` from ever losing text:

- a record with lines the reader could not read (syntax errors, a ten or a
  word that is not a card, bytes that are not UTF-8) is not rewritten: the
  model does not hold those lines.  Nor is a record with errors of meaning
  (a wrong taker, a card played twice): canonical form writes the leaders
  the replay derives, and after an error those would be guesses.
- the canonical text is read back and compared in the model, statement by
  statement and comment by comment, with what was read
  (:mod:`notation.compare`; RV522 when they differ);
- the file is replaced atomically (:func:`reversis_cli.files.write_atomic`),
  so an interrupted run leaves the old file or the new; only a regular file
  that may be written and has one link is rewritten, keeping its mode, its
  line ends and its BOM.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from .canonical import canonical_record, write_record
from ..cards import spelling_of
from ..diagnostics import CODES, Diagnostic
from .. import files
from ..files import WriteError, os_reason, regular_file_problem, rewrite_problem
from ..i18n import Msg
from ..model import Deal, ExchangeLine, Header, Pos
from ..notation.compare import first_difference
from ..reader import record_from_text

__all__ = ["LOSSY_CODES", "SourceRecord", "FormatResult", "read_source", "canonical_text",
           "format_file", "in_the_style_of", "same_record"]

# Problems that mean the reader left something out of the model.
LOSSY_CODES = frozenset({"RV001", "RV002", "RV003", "RV004", "RV005", "RV100", "RV101", "RV102",
                         "RV104"})


@dataclass
class SourceRecord:
    """A record read for rewriting: its model, and what stops a rewrite."""

    header: Header
    deals: list[Deal]
    blocking: list[Diagnostic] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass
class FormatResult:
    name: str
    text: str | None          # the canonical text; None when it cannot be made
    changed: bool = False     # the canonical text differs from the file's bytes
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # Why there is no text: "lossy" (lines the model cannot hold), "errors"
    # (the record fails check), "file" (the file cannot be read or rewritten).
    reason: str = ""

    @property
    def ok(self) -> bool:
        return self.text is not None


def read_source(data: bytes | str, name: str) -> SourceRecord:
    """Read a whole record into the model; ``blocking`` lists what it left out."""
    with record_from_text(data, name) as record:
        header = record.header
        diags = list(record.header_diagnostics)
        deals: list[Deal] = []
        blocking = [d for d in record.header_diagnostics if d.code in LOSSY_CODES]
        for checked in record.deals():
            diags.extend(checked.diagnostics)
            # A header line inside a deal (RV113 there) was set aside by the parser.
            blocking += [d for d in checked.diagnostics
                         if d.code in LOSSY_CODES or d.code == "RV113"]
            if checked.deal is None:
                if not any(d.is_error for d in checked.diagnostics):
                    blocking.append(_problem("RV521", Msg("this deal could not be read"),
                                             checked.pos, name))
                continue
            deals.append(checked.deal)
            blocking += _unwritable(checked.deal, name)
    return SourceRecord(header, deals, blocking, diags)


def _unwritable(deal: Deal, name: str) -> list[Diagnostic]:
    """Statements the model holds only in part."""
    out = []
    for stmt in deal.statements:
        if isinstance(stmt, ExchangeLine) and stmt.sees_count > 1:
            out.append(_problem(
                "RV521", Msg("{player} refuses and 'sees' {count} cards; a player sees one "
                             "card, the talon card: correct the line first",
                             player=stmt.player.text, count=stmt.sees_count),
                stmt.sees.pos if stmt.sees else stmt.pos, name, deal=deal.number))
    return out


def _problem(code: str, message: Msg, pos: Pos | None, name: str, **kw) -> Diagnostic:
    return Diagnostic(code=code, message=message, pos=pos, severity=CODES[code][0],
                      file=name, **kw)


def canonical_text(data: bytes | str, name: str = "<text>",
                   style: str | None = "ascii") -> FormatResult:
    """The canonical text of a record, checked by reading it back.  Cards are
    written in ``style``; None keeps the spelling most of the record's cards have."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    style = style or record_spelling(raw)
    source = read_source(raw, name)
    if source.blocking:
        return FormatResult(name, None, False, source.blocking, "lossy")
    if any(d.is_error for d in source.diagnostics):
        # Canonical form fills in leaders from the replay; after an error
        # that would write guesses into the record.  Fix it first.
        return FormatResult(name, None, False, source.diagnostics, "errors")
    text = write_record(source.header, source.deals, style)
    problem = same_record(source.header, source.deals, text, name)
    if problem is not None:
        return FormatResult(name, None, False, [problem], "lossy")
    return FormatResult(name, text, text.encode("utf-8") != raw, [])


def record_spelling(raw: bytes) -> str:
    """The card style a record is written in (ascii when it has no cards):
    its words outside comments and quoted text, by majority."""
    text = raw.decode("utf-8", "replace")
    words = re.sub(r'"[^"\n]*"|#[^\n]*', " ", text).split()
    return spelling_of(words) or "ascii"


def same_record(header: Header, deals: list[Deal], text: str, name: str) -> Diagnostic | None:
    """None when ``text`` reads back as the record ``header`` + ``deals``;
    else an RV522 diagnostic at the first place where they differ.  The two
    are compared in the model, in canonical order, positions and spellings aside."""
    again = read_source(text, name)
    if again.blocking:
        first = again.blocking[0]
        return _problem("RV522", Msg("the rewritten record cannot be read back ({code}: "
                                     "{problem}); the file is left as it is",
                                     code=first.code, problem=first.message), None, name)
    where = first_difference(*canonical_record(header, deals),
                             *canonical_record(again.header, again.deals))
    if where is None:
        return None
    return _problem("RV522", Msg("the rewritten record would read back differently at "
                                 "{where}; the file is left as it is (please report this)",
                                 where=where), None, name)


def format_file(path: str | Path, style: str | None = "ascii", *,
                check: bool = False) -> FormatResult:
    """Canonicalise one file; rewrite it (atomically) unless ``check``.

    Only a regular file is read.  The rewrite keeps what the file's owner
    chose: its permissions, its line ends (CRLF stays CRLF) and its BOM.  A
    file that may not be written, or one with several hard links (replacing
    it would cut the links), is left as it is with a diagnostic (RV525).
    """
    name = str(path)
    try:
        st = os.stat(path)
    except OSError as exc:
        return _file_refused(name, _cannot_read(name, exc))
    kind = regular_file_problem(path, st)
    if kind is not None:
        return _file_refused(name, _left_as_it_is(name, kind))
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        return _file_refused(name, _cannot_read(name, exc))
    result = canonical_text(data, name, style)
    if result.text is None:  # not ok: no canonical text to write
        return result
    result.text = in_the_style_of(result.text, data)
    result.changed = result.text.encode("utf-8") != data
    if not result.changed or check:
        return result
    why = _cannot_rewrite(path, st)
    if why is not None:
        return _file_refused(name, _left_as_it_is(name, why))
    try:
        # Looked up at call time: the one atomic writer, which tests may watch.
        files.write_atomic(path, result.text.encode("utf-8"))
    except WriteError as exc:
        return _file_refused(name, exc.args[0])  # a message naming the file
    return result


def _cannot_read(name: str, exc: OSError) -> Msg:
    return Msg("cannot read {name}: {reason}", name=name, reason=os_reason(exc))


def _left_as_it_is(name: str, why: Msg | str) -> Msg:
    return Msg("{name} is left as it is: {why}", name=name, why=why)


def _cannot_rewrite(path: str | Path, st: os.stat_result) -> Msg | str | None:
    why = rewrite_problem(path, st)  # the rules convert -o and simulate -o follow too
    if why is not None and st.st_nlink > 1:
        why = Msg("{why}; write the canonical text elsewhere with 'reversis fmt - < FILE'",
                  why=why)
    return why


def _file_refused(name: str, message: Msg) -> FormatResult:
    return FormatResult(name, None, False, [_problem("RV525", message, None, name)], "file")


def in_the_style_of(text: str, original: bytes) -> str:
    """``text`` (``\\n`` line ends, no BOM) with the BOM and line ends of ``original``."""
    first_end = original.find(b"\n")
    if first_end > 0 and original[first_end - 1:first_end] == b"\r":
        text = text.replace("\n", "\r\n")
    if original.startswith(b"\xef\xbb\xbf"):
        text = "\ufeff" + text
    return text
