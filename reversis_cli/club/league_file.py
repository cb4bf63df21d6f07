"""A league file (``league.toml``, docs/league.md) read into
:class:`~.league.LeagueSettings`, and the season it names opened as an archive.

Every problem is a diagnostic located in the league file: a syntax error
where TOML says; a bad or unknown value at its key's line (found in the text,
as tomllib keeps no positions); codes RV606 to RV609.
"""

from __future__ import annotations

import datetime
import difflib
import os
import re
import sqlite3
import tomllib
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..session.inputs import InputError
from ..diagnostics import Diagnostic, ReversisError, diagnostic
from ..files import os_reason
from ..i18n import Msg
from ..model import Pos
from .database import open_to_read
from .league import ABSENCE_RULES, PENALTY, RANKINGS, TIE_BREAKS, LeagueSettings

if TYPE_CHECKING:  # the archive's loading (the settlement) only for a season of records
    from .archive import FileResult

__all__ = ["LeagueFileError", "read_league_file", "parse_league", "open_season", "season_base",
           "key_position", "toml_syntax", "KNOWN_KEYS", "NAME_KEYS", "unknown_names",
           "check_names"]

# The keys a league file may hold: the top level, then the [attendance] table.
TOP_KEYS = ("title", "records", "archive", "club", "from", "to", "ranking", "tie_breaks",
            "exclude", "attendance")
ATTENDANCE_KEYS = ("min_sessions", "min_deals", "absence", "penalty_per_session",
                   "penalty_per_deal")
KNOWN_KEYS = {(): TOP_KEYS, ("attendance",): ATTENDANCE_KEYS}
# The keys whose values are players' names (and the setting each is read into),
# each name checked against the season's players.
NAME_KEYS: dict[tuple[str, ...], str] = {("exclude",): "exclude"}

# tomllib's reasons (Python 3.11 to 3.13), said so that a club's secretary reads them.
_SYNTAX_REASONS = {
    "Expected '=' after a key in a key/value pair":
        Msg("a key must be followed by = and its value"),
    "Invalid value": Msg("this value cannot be read: a text needs quotes (\"...\"), a list "
                         "brackets ([...]), a date is written 2027-01-31"),
    "Unterminated string": Msg("a text is not closed: its closing quote is missing"),
    "Unclosed array": Msg("a list is not closed: its ] is missing"),
    "Cannot overwrite a value": Msg("a key given twice"),
    "Invalid date or datetime": Msg("a date that cannot be read: write it as 2027-01-31"),
    "Expected ']' at the end of a table declaration": Msg("a table's name must end with ]"),
}
_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)$|\s*\(at end of document\)$")


class LeagueFileError(ReversisError):
    """The league file, or the season it names, cannot be used: every
    diagnostic found (``diagnostics``), the first as the error's own."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(diagnostics[0])
        self.diagnostics = diagnostics


# --- where a key is written ------------------------------------------------------------------

_TABLE = re.compile(r"\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")
_PART = r"(?:[A-Za-z0-9_-]+|\"[^\"]*\"|'[^']*')"
_KEY = re.compile(rf"(\s*)({_PART}(?:\s*\.\s*{_PART})*)\s*=")
_PARTS = re.compile(r"\"([^\"]*)\"|'([^']*)'|([A-Za-z0-9_-]+)")


def _parts(dotted: str) -> tuple[str, ...]:
    # a quoted part may hold a dot (a player's name in a club file: "A.Ivanov")
    return tuple(next(g for g in match.groups() if g is not None)
                 for match in _PARTS.finditer(dotted))


def key_position(text: str, path: tuple[str, ...]) -> Pos:
    """Where the key ``path`` (``("attendance", "min_sessions")``) is written:
    its line and first column; the table's header for a table; 1:1 when not
    written at all."""
    table: tuple[str, ...] = ()
    for number, line in enumerate(text.splitlines(), 1):
        header = _TABLE.match(line)
        if header and not line.lstrip().startswith("[["):
            table = _parts(header.group(1))
            if table == path:
                return Pos(number, line.index("[") + 1)
            continue
        key = _KEY.match(line)
        if key and table + _parts(key.group(2)) == path:
            return Pos(number, len(key.group(1)) + 1)
    return Pos(1, 1)


# --- reading the file --------------------------------------------------------------------------


@dataclass
class _Reader:
    """The league file's text and name, and the diagnostics found in it."""

    text: str
    name: str
    found: list[Diagnostic]

    def problem(self, code: str, message: Msg, path: tuple[str, ...] = (),
                pos: Pos | None = None) -> None:
        pos = pos or key_position(self.text, path)
        lines = self.text.splitlines()
        source = lines[pos.line - 1] if 0 < pos.line <= len(lines) else None
        self.found.append(diagnostic(code, message, pos, file=self.name, source_line=source))

    def item_position(self, path: tuple[str, ...], item: str) -> Pos:
        """Where the list at ``path`` names ``item`` (its opening quote), on the
        key's line or the lines of the list below it; the key when not found."""
        key = key_position(self.text, path)
        lines = self.text.splitlines()
        for number in range(key.line, min(len(lines), key.line + 50) + 1):
            for quoted in (f'"{item}"', f"'{item}'"):
                column = lines[number - 1].find(quoted)
                if column >= 0:
                    return Pos(number, column + 1)
        return key

    def bad(self, path: tuple[str, ...], message: Msg) -> None:
        self.problem("RV608", message, path)


def read_league_file(path: Path, name: str | None = None) -> LeagueSettings:
    """The league file at ``path`` (named ``name`` in messages): its settings,
    or :class:`LeagueFileError` with every problem found."""
    name = name or str(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise LeagueFileError([diagnostic("RV606", Msg(
            "cannot read the league file {name}: {reason}", name=name,
            reason=os_reason(exc)), file=name)]) from None
    except UnicodeDecodeError:
        raise LeagueFileError([diagnostic("RV606", Msg(
            "the league file {name} is not UTF-8 text: save it as UTF-8", name=name),
            file=name)]) from None
    return parse_league(text, name)


def parse_league(text: str, name: str) -> LeagueSettings:
    """A league file's text as settings (:class:`LeagueFileError` when wrong)."""
    reader = _Reader(text, name, [])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        reader.problem("RV606", *_syntax(exc, text))
        raise LeagueFileError(reader.found) from None
    settings = _settings(data, reader)
    if reader.found:
        raise LeagueFileError(reader.found)
    return settings


def _syntax(exc: tomllib.TOMLDecodeError, text: str) -> tuple[Msg, tuple[str, ...], Pos]:
    said, pos = toml_syntax(exc, text)
    return Msg("the league file is not valid TOML: {reason}", reason=said), (), pos


def toml_syntax(exc: tomllib.TOMLDecodeError, text: str) -> tuple[Msg, Pos]:
    """Why tomllib stopped, said for a club's secretary, and where."""
    reason = str(exc)
    at = _AT.search(reason)
    if at and at.group(1):
        pos = Pos(int(at.group(1)), int(at.group(2)))
    else:  # at the end of the text
        lines = text.splitlines() or [""]
        pos = Pos(len(lines), len(lines[-1]) + 1)
    reason = _AT.sub("", reason).strip()
    if reason.startswith("Illegal character"):  # most often a quote left open
        said = Msg("a character TOML does not allow here: a text in quotes must end on its "
                   "own line")
    else:
        said = _SYNTAX_REASONS.get(reason, Msg("this line cannot be read as TOML"))
    return said, pos


def _settings(data: dict[str, Any], reader: _Reader) -> LeagueSettings:
    _unknown_keys(data, (), reader)
    attendance = data.get("attendance", {})
    if not isinstance(attendance, dict):
        reader.bad(("attendance",), Msg("attendance must be a table: write [attendance] and "
                                        "its keys on the lines below"))
        attendance = {}
    _unknown_keys(attendance, ("attendance",), reader)
    records, archive = _sources(data, reader)
    start, end = _day(data, "from", reader), _day(data, "to", reader)
    if start and end and start > end:
        reader.bad(("to",), Msg("the period ends ({end}) before it begins ({start})",
                                start=start, end=end))
    settings = LeagueSettings(
        title=_text(data, ("title",), reader),
        records=records, archive=archive, club=_text(data, ("club",), reader),
        start=start, end=end,
        ranking=_choice(data, ("ranking",), RANKINGS, RANKINGS[0], reader),
        tie_breaks=_choices(data, ("tie_breaks",), TIE_BREAKS, reader),
        exclude=_names(data, reader),
        min_sessions=_count(attendance, ("attendance", "min_sessions"), reader),
        min_deals=_count(attendance, ("attendance", "min_deals"), reader),
        absence=_choice(attendance, ("attendance", "absence"), ABSENCE_RULES,
                        ABSENCE_RULES[0], reader),
        penalty_per_session=_count(attendance, ("attendance", "penalty_per_session"), reader),
        penalty_per_deal=_count(attendance, ("attendance", "penalty_per_deal"), reader),
    )
    _penalty_fits(settings, attendance, reader)
    return settings


def _unknown_keys(table: dict[str, Any], path: tuple[str, ...], reader: _Reader) -> None:
    known = KNOWN_KEYS[path]
    for key in table:
        if key not in known:
            where = Msg("[{table}]", table=".".join(path)) if path else Msg("the top level")
            reader.problem("RV607", Msg(
                "unknown key {key} in {where}; the keys there are {known}", key=key,
                where=where, known=", ".join(known)), (*path, key))


def _sources(data: dict[str, Any], reader: _Reader) -> tuple[tuple[str, ...], str | None]:
    records, archive = data.get("records"), data.get("archive")
    if records is not None and archive is not None:
        reader.bad(("archive",), Msg(
            "say where the season's deals are: either records = [\"folder\", \"file.rvs\"] "
            "(files or folders) or archive = \"club.sqlite\", not both"))
        return (), None
    if records is None and archive is None:
        reader.bad((), Msg(
            "say where the season's deals are: records = [\"folder\", \"file.rvs\"] (files "
            "or folders), or archive = \"club.sqlite\""))
        return (), None
    if archive is not None:
        return (), _text(data, ("archive",), reader)
    if isinstance(records, str):
        records = [records]
    if not isinstance(records, list) or not records or not all(
            isinstance(r, str) and r for r in records):
        reader.bad(("records",), Msg(
            "records must be a list of files or folders, such as [\"2027\", \"cup.rvs\"]"))
        return (), None
    return tuple(records), None


def _text(data: dict[str, Any], path: tuple[str, ...], reader: _Reader) -> str | None:
    value = data.get(path[-1])
    if value is None or isinstance(value, str):
        return value
    reader.bad(path, Msg("{key} must be a text in quotes", key=path[-1]))
    return None


def _day(data: dict[str, Any], key: str, reader: _Reader) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value.isoformat()
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value).isoformat()
        except ValueError:
            pass
    reader.bad((key,), Msg("{key} must be a date, written 2027-01-31", key=key))
    return None


def _choice(data: dict[str, Any], path: tuple[str, ...], allowed: tuple[str, ...],
            default: str, reader: _Reader) -> str:
    value = data.get(path[-1], default)
    if value in allowed:
        return value
    reader.bad(path, Msg("{key} cannot be {value}; write one of {allowed}", key=path[-1],
                         value=repr(value), allowed=", ".join(allowed)))
    return default


def _choices(data: dict[str, Any], path: tuple[str, ...], allowed: tuple[str, ...],
             reader: _Reader) -> tuple[str, ...]:
    value = data.get(path[-1], [])
    if isinstance(value, list) and all(item in allowed for item in value) \
            and len(set(value)) == len(value):
        return tuple(value)
    reader.bad(path, Msg("{key} must be a list of different ones of {allowed}, the first "
                         "deciding first", key=path[-1], allowed=", ".join(allowed)))
    return ()


def _names(data: dict[str, Any], reader: _Reader) -> tuple[str, ...]:
    value = data.get("exclude", [])
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return tuple(value)
    reader.bad(("exclude",), Msg("exclude must be a list of players' names, such as "
                                 "[\"Anna\", \"Boris\"]"))
    return ()


def _count(data: dict[str, Any], path: tuple[str, ...], reader: _Reader) -> int:
    value = data.get(path[-1], 0)
    if type(value) is int and value >= 0:
        return value
    reader.bad(path, Msg("{key} must be a whole number, 0 or more", key=path[-1]))
    return 0


def _penalty_fits(settings: LeagueSettings, attendance: dict[str, Any],
                  reader: _Reader) -> None:
    """A penalty is charged only under absence = "penalty", and that rule needs one."""
    penalties = ("penalty_per_session", "penalty_per_deal")
    if settings.absence == PENALTY:
        if not (settings.penalty_per_session or settings.penalty_per_deal) \
                or not (settings.min_sessions or settings.min_deals):
            reader.bad(("attendance", "absence"), Msg(
                "absence = \"penalty\" needs a minimum (min_sessions or min_deals) and a "
                "penalty (penalty_per_session or penalty_per_deal) above 0"))
        return
    for key in penalties:
        if attendance.get(key):
            reader.bad(("attendance", key), Msg(
                "{key} is charged only with absence = \"penalty\"; without it a player "
                "below the minimum is not ranked", key=key))


# --- the season ---------------------------------------------------------------------------------


def season_base(settings: LeagueSettings, league: Path) -> Path | None:
    """The folder of the archive a league file names (its stored paths are
    relative to it), None for records."""
    if settings.archive is None:
        return None
    return (league.parent / settings.archive).parent


def open_season(settings: LeagueSettings, league: Path, name: str,
                each: Callable[[FileResult], None] | None = None) -> sqlite3.Connection:
    """The archive of the season the league file names: its records read into
    an archive in memory, or its archive database opened to read.  Paths are
    relative to the league file's folder.  :class:`LeagueFileError` when a file
    is missing or has errors (the standings would leave it out)."""
    text = league.read_text(encoding="utf-8-sig")
    reader = _Reader(text, name, [])
    base = league.parent
    if settings.archive is not None:
        path = Path(os.path.normpath(base / settings.archive))  # lg/../club.sqlite: club.sqlite
        if not path.is_file():
            reader.problem("RV609", Msg("there is no archive {path} (archive is read from the "
                                        "league file's folder)", path=str(path)), ("archive",))
            raise LeagueFileError(reader.found)
        return open_to_read(path)  # never created, migrated or written by league
    for item in settings.records:
        if not (base / item).exists():
            reader.problem("RV609", Msg(
                "there is no file or folder {path} (records are read from the league "
                "file's folder)", path=str(base / item)), ("records",),
                reader.item_position(("records",), item))
    if reader.found:
        raise LeagueFileError(reader.found)
    from .archive import NOT_LOADED, build_in_memory  # the settlement: only for records

    try:
        conn, results = build_in_memory([str(base / item) for item in settings.records], each)
    except InputError as exc:
        reader.problem("RV609", Msg("the records cannot be read: {reason}",
                                    reason=exc.args[0] if exc.args else str(exc)), ("records",))
        raise LeagueFileError(reader.found) from None
    failed = [r.name for r in results if r.state == NOT_LOADED]
    if failed:
        conn.close()
        reader.problem("RV609", Msg(
            "no standings while a record of the season has errors (it would be left out): "
            "{files}", files=", ".join(failed)), ("records",))
        raise LeagueFileError(reader.found)
    return conn


# --- the names it gives ----------------------------------------------------------------------


def _suggestion(name: str, known: Collection[str]) -> str | None:
    """The known name ``name`` was most likely meant as: the same but for case
    first (``gleb``: ``Gleb``), else the closest spelling, if any is close."""
    folded = [k for k in sorted(known) if k.casefold() == name.casefold()]
    if folded:
        return folded[0]
    close = difflib.get_close_matches(name, sorted(known), n=1, cutoff=0.6)
    return close[0] if close else None


def unknown_names(text: str, name: str, settings: LeagueSettings,
                  known: Collection[str]) -> list[Diagnostic]:
    """A diagnostic (RV608, at the name in the file) for each name of the
    league file that is not one of ``known``: the players of the season.  A
    name nobody in the season has is most often a slip (``gleb``), and the
    rule it is given for would quietly apply to nobody."""
    reader = _Reader(text, name, [])
    for path, setting in NAME_KEYS.items():
        for item in getattr(settings, setting):
            if item in known:
                continue
            meant = _suggestion(item, known)
            said = (Msg("{key}: nobody called {name} played in the season; did you mean "
                        "{meant}?", key=path[-1], name=item, meant=meant)
                    if meant is not None else
                    Msg("{key}: nobody called {name} played in the season; the players are: "
                        "{names}", key=path[-1], name=item, names=", ".join(sorted(known))))
            reader.problem("RV608", said, path, reader.item_position(path, item))
    return reader.found


def check_names(settings: LeagueSettings, league: Path, name: str,
                known: Collection[str]) -> None:
    """:class:`LeagueFileError` when a name of the league file at ``league``
    is not one of ``known`` (:func:`unknown_names`)."""
    found = unknown_names(league.read_text(encoding="utf-8-sig"), name, settings, known)
    if found:
        raise LeagueFileError(found)
