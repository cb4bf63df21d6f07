"""Diagnostics: every problem found in a record, with a stable code.

A diagnostic is a value (``Diagnostic``); the exceptions below carry one
each, one class per kind of wrong, so library callers can catch what they
care about.  Readers collect diagnostics and carry on; the CLI renders them.

Codes never change meaning once released (docs/output.md).  The table
:data:`CODES` is the registry: each code, its default severity and what it
means; docs/output.md "The codes" documents each one (tests/test_docs.py checks).
"""

from __future__ import annotations

from collections.abc import Iterable
from .i18n import N_
from .model import Pos
from .values import Value, replace

__all__ = [
    "ERROR", "WARNING", "CODES", "Diagnostic", "ReversisError",
    "NotationSyntaxError", "ContradictionError", "IllegalPlayError",
    "ProfileError", "diagnostic",
]

# The severities are message ids too: shown translated, written in JSON as they are.
ERROR = N_("error")
WARNING = N_("warning")

# code: (severity, what it means).  The meaning is a message id, shown
# translated where the codes are listed.  Grouped: 0xx files, 1xx syntax and
# header, 2xx play, 3xx the deal's structure and what was written about it,
# 4xx rule profiles, 5xx converting, 6xx the archive.
CODES: dict[str, tuple[str, str]] = {
    "RV001": (ERROR, N_("the file cannot be read")),
    "RV002": (ERROR, N_("the file is not UTF-8 text")),
    "RV003": (ERROR, N_("a control character (escape, NUL, carriage return...) in the text")),
    "RV004": (ERROR, N_("a deal or header of too many lines: the rest of it is skipped")),
    "RV005": (ERROR, N_("reading stopped: a line too long for a record, or too many errors")),
    "RV006": (ERROR, N_("the file is a JSON record or a csv-tricks file: convert it first")),
    "RV100": (ERROR, N_("syntax: the line cannot be read as a statement")),
    "RV101": (ERROR, N_("a ten: the Reversis pack has no tens")),
    "RV102": (ERROR, N_("a word that should be a card is not one")),
    "RV103": (ERROR, N_("unsupported format version")),
    "RV104": (WARNING, N_("too many comment lines in one deal: the rest are not kept")),
    "RV110": (ERROR, N_("the players line is missing or does not name four players")),
    "RV111": (ERROR, N_("a player's name reads as a card, a keyword or a word of the output")),
    "RV112": (ERROR, N_("an unknown player")),
    "RV113": (ERROR, N_("a header line given twice or in the wrong place")),
    "RV114": (ERROR, N_("a header value that cannot be read (unit, pot, date)")),
    "RV115": (ERROR, N_("an amount of a paid or tally line that cannot be read")),
    "RV201": (WARNING, N_("a revoke: a card off the suit led while holding that suit")),
    "RV202": (ERROR, N_("a card written twice in a deal")),
    "RV203": (ERROR, N_("a trick with the wrong number of cards")),
    "RV204": (ERROR, N_("a hand with the wrong number of cards")),
    "RV205": (ERROR, N_("a deal with the wrong number of tricks")),
    "RV206": (ERROR, N_("the pack is not complete: cards missing from the deal")),
    "RV207": (ERROR, N_("the recorded taker of a trick is not the player who took it")),
    "RV208": (ERROR, N_("the written leader of a trick is not the player who had the lead")),
    "RV209": (ERROR, N_("trick numbers out of order")),
    "RV301": (ERROR, N_("deal numbers out of order")),
    "RV302": (ERROR, N_("the wrong dealer")),
    "RV303": (ERROR, N_("a written hand contradicts the play")),
    "RV304": (ERROR, N_("the written talon contradicts the hands, the exchange or the play")),
    "RV305": (ERROR, N_("a written exchange contradicts the hands or the play")),
    "RV306": (ERROR, N_("the written partie contradicts the play")),
    "RV307": (ERROR, N_("an espagnolette declared for a hand that does not hold one")),
    "RV308": (ERROR, N_("a statement given twice in one deal, or one that does not fit the deal")),
    "RV309": (ERROR, N_("a void deal (misdeal, exposed card) with tricks written")),
    "RV310": (ERROR, N_("an unclaimed line names a trick the deal does not have")),
    "RV311": (ERROR, N_("a tally line names someone who is not one of the players")),
    "RV312": (ERROR, N_("a tally line that leaves out a player or names one twice")),
    "RV313": (ERROR, N_("a paid line names someone who is not one of the players")),
    "RV314": (ERROR, N_("a paid line whose payer and payee cannot be: someone paying "
                         "himself, or the pool paying a stake or a remise")),
    "RV315": (ERROR, N_("a paid line names a rule id that does not exist")),
    "RV316": (ERROR, N_("a paid line names a trick the deal does not have")),
    "RV317": (WARNING, N_("a tally that adds a difference from the rules' running totals, "
                          "in this deal or in the deals since the tally before")),
    "RV318": (WARNING, N_("a tally that carries a difference from the rules begun in an "
                          "earlier deal")),
    "RV319": (WARNING, N_("a paid line that matches no payment of the rules")),
    "RV320": (WARNING, N_("a paid line for another amount than the rules give")),
    "RV321": (WARNING, N_("a payment of the rules with no paid line, in a deal that has "
                          "paid lines")),
    "RV322": (ERROR, N_("a misdeal charged to a player who is not the deal's dealer")),
    "RV401": (ERROR, N_("an unknown rule profile")),
    "RV402": (ERROR, N_("an unknown option or a bad option value")),
    # 5xx: converting and formatting (JSON records, CSV, fmt)
    "RV501": (ERROR, N_("JSON that cannot be read")),
    "RV502": (ERROR, N_("JSON that is not a reversis record of a known version")),
    "RV503": (ERROR, N_("a JSON record of the wrong shape")),
    "RV504": (ERROR, N_("a value in a JSON record that the notation cannot hold")),
    "RV511": (ERROR, N_("a CSV file that cannot be read")),
    "RV512": (ERROR, N_("a CSV header row with a missing, repeated or unknown column")),
    "RV513": (ERROR, N_("a CSV row with too many fields")),
    "RV514": (ERROR, N_("a CSV field that cannot be read")),
    "RV515": (ERROR, N_("CSV rows that do not fit together")),
    "RV521": (ERROR, N_("a record that cannot be rewritten without losing text")),
    "RV522": (ERROR, N_("a rewritten record that would read back differently")),
    "RV523": (ERROR, N_("a record the target format cannot hold")),
    "RV524": (WARNING, N_("what the target format cannot hold is left out (said, never silent)")),
    "RV525": (ERROR, N_("a file fmt cannot read or may not rewrite")),
    # 53x: what reversis analyse is asked for on the command line
    "RV531": (ERROR, N_("analyse --player names nobody who plays in the record")),
    "RV532": (ERROR, N_("analyse --deal names a deal the record does not have")),
    "RV533": (ERROR, N_("analyse --from-trick is not a trick from 1 to 11")),
    "RV534": (ERROR, N_("analyse --deal with several files")),
    "RV541": (ERROR, N_("serve: a port that is not a number from 0 to 65535")),
    "RV542": (ERROR, N_("serve: a join code that is not six digits")),
    "RV543": (ERROR, N_("serve: --host and --lan together")),
    "RV544": (ERROR, N_("serve: --players that are not four names")),
    "RV545": (ERROR, N_("serve: a record that does not exist, without --players")),
    "RV546": (ERROR, N_("serve: an address and port that cannot be listened on")),
    # 6xx: the club's archive (a SQLite database)
    "RV601": (ERROR, N_("a database that cannot be opened or read: not SQLite, or damaged")),
    "RV602": (ERROR, N_("a database of another application, not a reversis archive")),
    "RV603": (ERROR, N_("an archive of a newer reversis-cli")),
    "RV604": (ERROR, N_("an archive locked by another program writing to it")),
    "RV605": (ERROR, N_("an archive that cannot be written: read-only")),
    "RV606": (ERROR, N_("a league file that cannot be read, or is not valid TOML")),
    "RV607": (ERROR, N_("an unknown key in a league file")),
    "RV608": (ERROR, N_("a missing or bad value in a league file")),
    "RV609": (ERROR, N_("the records or archive a league file names are missing or have errors")),
    "RV610": (ERROR, N_("a record changed since it was archived: the season cannot be settled "
                        "again under another reading until it is archived again")),
    "RV611": (WARNING, N_("a record gone or changed since it was archived: no page of its own")),
    "RV612": (ERROR, N_("an archive SQLite could not change (a constraint, a full disk, an "
                        "input/output error): nothing of the file being stored is kept")),
    "RV613": (WARNING, N_("a record of an evening already archived or read under another path: "
                          "left out, so that the evening counts once")),
    "RV614": (WARNING, N_("a record with errors since it was archived: its last good version "
                          "is kept and used")),
    "RV615": (ERROR, N_("archive --remove names a record the archive has no session of")),
    "RV616": (ERROR, N_("a record changed since it was archived whose deals were never "
                        "analysed: stats --analyse cannot analyse them until it is archived "
                        "again")),
    "RV617": (ERROR, N_("an archive left in SQLite's write-ahead mode in a folder that cannot "
                        "be written: it cannot be read there")),
    # the club file (club.toml): one person, one player
    "RV620": (ERROR, N_("a club file that cannot be read, or is not valid TOML")),
    "RV621": (ERROR, N_("an unknown table or key in a club file")),
    "RV622": (ERROR, N_("a bad alias in a club file: an empty name, a name mapped to itself, "
                        "a value that is not a name, or an alias of an alias")),
    "RV623": (ERROR, N_("a club file that makes two players of one session the same person")),
    "RV624": (WARNING, N_("names that differ only by case or script: perhaps one person")),
}


class Diagnostic(Value):
    """One problem: where, what, how bad, and in which deal and trick."""

    __slots__ = _fields = ("code", "message", "pos", "severity", "file", "deal", "trick",
                           "source_line", "related")
    code: str
    message: str
    pos: Pos | None
    severity: str  # "" given: the code's own (CODES)
    file: str
    deal: int | None
    trick: int | None
    source_line: str | None  # the text of the line, for the caret
    related: tuple[tuple[Pos, str], ...]

    def __init__(self, code: str, message: str, pos: Pos | None = None, severity: str = "",
                 file: str = "", deal: int | None = None, trick: int | None = None,
                 source_line: str | None = None, related: tuple[tuple[Pos, str], ...] = ()):
        # each slot set through its descriptor (set_code is setattr_frozen(self, "code", ...)
        # at a third less: a deal's warnings are made twice, read and placed in the file)
        set_code, set_message, set_pos, set_severity, set_file, set_deal, set_trick, \
            set_source_line, set_related = _SETTERS
        set_code(self, code)
        set_message(self, message)
        set_pos(self, pos)
        set_severity(self, severity or CODES[code][0])
        set_file(self, file)
        set_deal(self, deal)
        set_trick(self, trick)
        set_source_line(self, source_line)
        set_related(self, related)

    @property
    def line(self) -> int | None:
        return self.pos.line if self.pos else None

    @property
    def column(self) -> int | None:
        return self.pos.column if self.pos else None

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def in_file(self, file: str, source_line: str | None) -> Diagnostic:
        """``replace(self, file=file, source_line=source_line)``, made directly (the
        reader's, for every problem of a deal: a revoke's warning in a plain deal)."""
        return Diagnostic(self.code, self.message, self.pos, self.severity, file, self.deal,
                          self.trick, source_line, self.related)

    def located(self, file: str) -> Diagnostic:
        return replace(self, file=file)

    def escalated(self) -> Diagnostic:
        """The same problem as an error (``--strict``)."""
        return replace(self, severity=ERROR)

    def to_json(self) -> dict:
        """The diagnostic object (docs/output.md, "The diagnostic object")."""
        out: dict[str, object] = {
            "code": self.code,
            "severity": self.severity,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "deal": self.deal,
            "trick": self.trick,
            "message": self.message,
        }
        if self.related:
            out["related"] = [
                {"line": p.line, "column": p.column, "message": m} for p, m in self.related
            ]
        return out


# Diagnostic's slots' setters, in the order of its fields.
_SETTERS = tuple(getattr(Diagnostic, name).__set__ for name in Diagnostic.__slots__)


def diagnostic(code: str, message: str, pos: Pos | None = None, *, severity: str = "",
               file: str = "", deal: int | None = None, trick: int | None = None,
               source_line: str | None = None,
               related: tuple[tuple[Pos, str], ...] = ()) -> Diagnostic:
    return Diagnostic(code, message, pos, severity, file, deal, trick, source_line, related)


def count(diags: Iterable[Diagnostic]) -> tuple[int, int]:
    """(errors, warnings)."""
    errors = warnings = 0
    for d in diags:
        if d.is_error:
            errors += 1
        else:
            warnings += 1
    return errors, warnings


class ReversisError(Exception):
    """Base of the library's exceptions; each carries a :class:`Diagnostic`."""

    def __init__(self, diag: Diagnostic):
        super().__init__(diag.message)
        self.diagnostic = diag


class NotationSyntaxError(ReversisError):
    """The text is not the notation (RV1xx)."""


class ContradictionError(ReversisError):
    """Two things the record says cannot both be true (RV2xx, RV3xx)."""


class IllegalPlayError(ReversisError):
    """A card played against the rules of play (a revoke, RV201)."""


class ProfileError(ReversisError):
    """A rule profile or an option that does not exist or is malformed (RV4xx)."""
