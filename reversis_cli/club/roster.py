"""The club's roster (``club.toml``, docs/output.md "The club file"): the other
spellings of a player's name, each mapped to the one the club counts.

::

    [aliases]
    "Анна" = "Anna"
    "anna" = "Anna"

Read into a :class:`Roster`, immutable.  Every problem is a diagnostic located
in the file, as a league file's are (codes RV620 to RV622): a syntax error
where TOML stops, an unknown table or key, and an alias that cannot be meant
(a name mapped to itself, an empty name, a value that is not a name, an alias
that maps to another alias).  How the roster is applied to an archive is
:mod:`.names`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..diagnostics import Diagnostic, ReversisError, diagnostic
from ..files import os_reason
from ..i18n import Msg
from ..model import Pos
from .league_file import key_position, toml_syntax

__all__ = ["Alias", "Roster", "RosterError", "ALIASES", "read_roster", "parse_roster",
           "alias_line", "league_roster", "roster_json"]

ALIASES = "aliases"  # the one table a club file holds
# tomllib's reasons for a line whose name or value lacks its quotes
_UNQUOTED = ("Invalid statement", "Invalid value", "Expected '=' after a key")


class RosterError(ReversisError):
    """The club file cannot be used, or would make two players of one session
    the same person: every diagnostic found, the first as the error's own."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__(diagnostics[0])
        self.diagnostics = diagnostics


@dataclass(frozen=True)
class Alias:
    """One line of ``[aliases]``: a name as a record writes it, the name the
    club counts, and where the line is (for a diagnostic's caret)."""

    written: str
    canonical: str
    pos: Pos
    source_line: str | None


@dataclass(frozen=True)
class Roster:
    """The club file ``name``: its aliases, each written name once."""

    name: str
    aliases: tuple[Alias, ...] = ()
    _canonical: Mapping[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        mapping = MappingProxyType({a.written: a.canonical for a in self.aliases})
        object.__setattr__(self, "_canonical", mapping)

    def canonical(self, name: str) -> str:
        """The name the club counts for ``name`` (itself when not an alias)."""
        return self._canonical.get(name, name)

    def alias_of(self, written: str) -> Alias | None:
        for alias in self.aliases:
            if alias.written == written:
                return alias
        return None


def roster_json(roster: Roster | None) -> dict | None:
    """The club file a JSON output was counted under (``"club"``): its name and
    its aliases; None without one."""
    if roster is None:
        return None
    return {"file": roster.name, "aliases": {a.written: a.canonical for a in roster.aliases}}


def alias_line(written: str, canonical: str) -> str:
    """The line of ``[aliases]`` that maps ``written`` to ``canonical``."""
    return f"{_quoted(written)} = {_quoted(canonical)}"


def _quoted(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


# --- reading ----------------------------------------------------------------------------------


@dataclass
class _Reader:
    text: str
    name: str
    found: list[Diagnostic]

    def source(self, pos: Pos) -> str | None:
        lines = self.text.splitlines()
        return lines[pos.line - 1] if 0 < pos.line <= len(lines) else None

    def problem(self, code: str, message: Msg, path: tuple[str, ...] = (),
                pos: Pos | None = None) -> None:
        pos = pos or key_position(self.text, path)
        self.found.append(diagnostic(code, message, pos, file=self.name,
                                     source_line=self.source(pos)))


def read_roster(path: Path, name: str | None = None) -> Roster:
    """The club file at ``path`` (named ``name`` in messages), or
    :class:`RosterError` with every problem found."""
    name = name or str(path)
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise RosterError([diagnostic("RV620", Msg(
            "cannot read the club file {name}: {reason}", name=name,
            reason=os_reason(exc)), file=name)]) from None
    except UnicodeDecodeError:
        raise RosterError([diagnostic("RV620", Msg(
            "the club file {name} is not UTF-8 text: save it as UTF-8", name=name),
            file=name)]) from None
    return parse_roster(text, name)


def league_roster(club: str | None, league: Path, name: str) -> Roster | None:
    """The club file a league file (``league``, named ``name``) names with its
    ``club`` key, relative to the league file's folder, as its ``records`` are
    (None when it names none).  A club file that is not there is an error at
    that key."""
    if club is None:
        return None
    path = league.parent / club
    if path.is_file():
        return read_roster(path, str(path))
    text = league.read_text(encoding="utf-8-sig")
    reader = _Reader(text, name, [])
    reader.problem("RV620", Msg("there is no club file {path} (club is read from the league "
                                "file's folder)", path=str(path)), ("club",))
    raise RosterError(reader.found)


def parse_roster(text: str, name: str) -> Roster:
    """A club file's text as a roster (:class:`RosterError` when wrong)."""
    reader = _Reader(text, name, [])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        reason, pos = toml_syntax(exc, text)
        if str(exc).startswith(_UNQUOTED):  # most often a name without its quotes
            reason = Msg("{reason}; write each name in quotes: \"Анна\" = \"Anna\"",
                         reason=reason)
        reader.problem("RV620", Msg("the club file is not valid TOML: {reason}",
                                    reason=reason), pos=pos)
        raise RosterError(reader.found) from None
    for key in data:
        if key != ALIASES:
            reader.problem("RV621", Msg(
                "unknown key {key} in the club file: it holds one table, [aliases], with a "
                "line \"Name as written\" = \"Name\" for each other spelling", key=key), (key,))
    table = data.get(ALIASES, {})
    if not isinstance(table, dict):
        reader.problem("RV622", Msg(
            "aliases must be a table: write [aliases] and, on the lines below, "
            "\"Name as written\" = \"Name\""), (ALIASES,))
        table = {}
    aliases = tuple(_aliases(table, reader))
    if reader.found:
        raise RosterError(reader.found)
    return Roster(name, aliases)


def _aliases(table: dict[str, Any], reader: _Reader):
    """Each good line of ``[aliases]``; a problem for each bad one."""
    for written, canonical in table.items():
        path = (ALIASES, written)
        problem = _bad_alias(written, canonical, table)
        if problem is not None:
            code, message = problem
            reader.problem(code, message, path)
            continue
        pos = key_position(reader.text, path)
        yield Alias(written, canonical, pos, reader.source(pos))


def _bad_alias(written: str, canonical: Any, table: dict[str, Any]) -> tuple[str, Msg] | None:
    """What is wrong with the line ``written = canonical`` (None: nothing)."""
    if isinstance(canonical, dict):
        return "RV621", Msg("unknown table [aliases.{key}]: [aliases] holds only lines "
                            "\"Name as written\" = \"Name\"", key=written)
    if not isinstance(canonical, str):
        return "RV622", Msg("the alias {written} must name a player in quotes: "
                            "{example}", written=written, example=alias_line(written, "Name"))
    if not written.strip() or not canonical.strip():
        return "RV622", Msg("an empty name: each line maps a name as a record writes it to "
                            "the name the club counts, both in quotes")
    if written != written.strip() or len(written.split()) > 1:
        return "RV622", Msg("{written} cannot be a name in a record, which writes a name as "
                            "one word without spaces", written=repr(written))
    if canonical != canonical.strip():
        return "RV622", Msg("the name {canonical} begins or ends with a space",
                            canonical=repr(canonical))
    if canonical == written:
        return "RV622", Msg("{written} is mapped to itself: leave the line out",
                            written=written)
    if isinstance(table.get(canonical), str):
        return "RV622", Msg(
            "{written} is mapped to {canonical}, which is itself mapped to {other}: map every "
            "spelling straight to the name the club counts ({example})", written=written,
            canonical=canonical, other=table[canonical],
            example=alias_line(written, _end_of_chain(written, table)))
    return None


def _end_of_chain(written: str, table: dict[str, Any]) -> str:
    """Where a chain of aliases ends (the last name before a loop)."""
    seen = [written]
    name = written
    while isinstance(table.get(name), str) and table[name] not in seen:
        name = table[name]
        seen.append(name)
    return name
