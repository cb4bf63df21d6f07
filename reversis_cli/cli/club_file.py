"""--club FILE: the club's roster (club/roster.py), read by ``archive``,
``stats``, ``league`` and ``report``."""

from __future__ import annotations

import sys
from pathlib import Path

from .common import EXIT_INPUT_ERRORS, option, report

__all__ = ["club_option", "read_club", "club_roster"]


def club_option(func):
    """--club FILE."""
    return option("--club", metavar="FILE",
                  help="The club file (TOML): the other spellings of players' names, each "
                       "counted under the one name the club uses (docs/output.md, "
                       "\"The club file\").")(func)


def club_roster(club: str | None):
    """The roster --club names (None without it);
    :class:`~reversis_cli.club.roster.RosterError` when it has problems."""
    if club is None:
        return None
    from ..club.roster import read_roster  # the library: start-up time

    return read_roster(Path(club), club)


def read_club(club: str | None, err):
    """:func:`club_roster`, a club file with problems reported and the run
    ended with exit 1."""
    if club is None:  # no club file: the roster's modules (TOML, the league's) not loaded
        return None
    from ..club.roster import RosterError  # the library: start-up time

    try:
        return club_roster(club)
    except RosterError as exc:
        report(exc.diagnostics, err)
        sys.exit(EXIT_INPUT_ERRORS)
