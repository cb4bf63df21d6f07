"""--club FILE: the club's roster (club/roster.py), read by ``archive``,
``stats``, ``league`` and ``report``."""

from __future__ import annotations

import sys
from pathlib import Path

from .common import EXIT_INPUT_ERRORS, option, report

__all__ = ["club_option", "read_club"]


def club_option(func):
    """--club FILE."""
    return option("--club", metavar="FILE",
                  help="The club file (TOML): the other spellings of players' names, each "
                       "counted under the one name the club uses (docs/output.md, "
                       "\"The club file\").")(func)


def read_club(club: str | None, err):
    """The roster --club names (None without it); a club file with problems
    is reported and the run ends with exit 1."""
    if club is None:
        return None
    from ..club.roster import RosterError, read_roster  # the library: start-up time

    try:
        return read_roster(Path(club), club)
    except RosterError as exc:
        report(exc.diagnostics, err)
        sys.exit(EXIT_INPUT_ERRORS)
