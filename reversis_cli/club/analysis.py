"""``stats --analyse``: the fiches each player lost to provable mistakes over a
season, from the analysis of each deal (reversis_cli/analyse), kept in the
archive (docs/output.md, "reversis stats", and the tables ``analyses``,
``analysis_deals``, ``analysis_players``).

A player's figure for a deal is the sum of ``finding.loss`` over his findings
of grade PROVABLE: what the cards he played cost him against the best card he
had, each loss guaranteed whatever the others did.  Nothing is rounded.

The analysis costs seconds a deal, so an archive keeps it: one analysis per
session, stored in one transaction once every deal of the session is
analysed, under the session's identity (club/identity.py), its profile, the
trick the analysis was asked from and the release of reversis-cli that
searched (a later release may search better: it analyses again).  A run reads
what is stored and analyses only what is missing.  The record is read again
to analyse it (the archive keeps the tricks, not every card of each hand as
the record tells it: docs/decisions.md, "Issue 32: analysis in the archive"),
checked against the hash stored; a record gone or changed since it was
archived, with no analysis stored, is said (RV001, RV616) and its deals are
not counted.
"""

from __future__ import annotations

import datetime
import json
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from .. import __version__
from ..diagnostics import Diagnostic, diagnostic
from ..files import os_reason
from ..i18n import Msg
from .database import MEMORY, content_hash, guarded, shown_path
from .transaction import atomic

if TYPE_CHECKING:  # the analysis's values load the settlement: only when analysing
    from ..analyse.result import DealAnalysis

__all__ = ["ANALYSER", "DealLosses", "SeasonAnalysis", "PlayerLosses",
           "deal_losses", "analyse_archive", "deals_to_analyse", "analysis_json",
           "default_analyser"]

# Which search made a stored analysis: a release of reversis-cli analyses again
# what an earlier one stored (its search may have been corrected since).
ANALYSER = f"reversis-cli {__version__}"

Analyser = Callable[..., "DealAnalysis"]


def default_analyser() -> Analyser:
    """The search of reversis_cli/analyse (loaded when a deal is analysed)."""
    from ..analyse import analyse_deal  # the search: loaded only for --analyse

    return analyse_deal


@dataclass(frozen=True)
class DealLosses:
    """One deal's analysis as stats counts it: the trick it is exact from (None
    when out of reach, with the reason and its rule), and for each player
    (as the record writes him) the provable mistakes and what they cost."""

    session: str  # the session's file, as stats names it
    deal: int
    exact_from_trick: int | None
    out_of_reach: str | None = None
    out_of_reach_rule: str | None = None
    lost: dict[str, Fraction] = field(default_factory=dict)
    mistakes: dict[str, int] = field(default_factory=dict)

    @property
    def ref(self) -> str:
        """``file:deal``, as stats names a deal."""
        return f"{self.session}:{self.deal}"


@dataclass
class PlayerLosses:
    """A player's figure over the deals analysed."""

    lost: Fraction = Fraction(0)
    mistakes: int = 0
    deals: int = 0  # the deals of his analysed


@dataclass
class SeasonAnalysis:
    """The analysis of the sessions chosen: each deal's losses, in the order of
    the sessions and deals; how many were analysed in this run and how many
    read from the archive; the sessions that could not be analysed."""

    from_trick: int
    deals: list[DealLosses] = field(default_factory=list)
    computed: int = 0
    reused: int = 0
    problems: list[Diagnostic] = field(default_factory=list)
    not_analysed: list[str] = field(default_factory=list)  # sessions, as stats names them

    @property
    def analysed(self) -> int:
        return sum(d.exact_from_trick is not None for d in self.deals)

    @property
    def out_of_reach(self) -> dict[str, int]:
        """How many deals are out of reach, by reason."""
        found: dict[str, int] = {}
        for deal in self.deals:
            if deal.exact_from_trick is None:
                reason = deal.out_of_reach or "not-settled"
                found[reason] = found.get(reason, 0) + 1
        return found

    def players(self, named: Callable[[str], str] | None = None) -> dict[str, PlayerLosses]:
        """Each player's figure, under the name ``named`` gives (the club's
        roster: one person, one player)."""
        out: dict[str, PlayerLosses] = {}
        for deal in self.deals:
            for player, lost in deal.lost.items():
                one = out.setdefault(named(player) if named else player, PlayerLosses())
                one.lost += lost
                one.mistakes += deal.mistakes.get(player, 0)
                one.deals += 1
        return out


def deal_losses(analysis: DealAnalysis, session: str, deal: int) -> DealLosses:
    """What a deal's analysis comes to for stats: each player's provable
    losses summed (every player of an analysed deal has a figure, 0 too)."""
    from ..analyse.result import PROVABLE  # loaded with the search

    if analysis.exact_from_trick is None:
        return DealLosses(session, deal, None, analysis.out_of_reach or "not-settled",
                          analysis.out_of_reach_rule)
    lost = {name: Fraction(0) for name in analysis.players}
    mistakes = dict.fromkeys(analysis.players, 0)
    for finding in analysis.findings:
        if finding.grade == PROVABLE:
            name = analysis.players[finding.seat]
            lost[name] += finding.loss
            mistakes[name] += 1
    return DealLosses(session, deal, analysis.exact_from_trick, None, None, lost, mistakes)


# --- the archive ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Stored:
    """A session of the archive as its analysis is keyed."""

    session_id: int
    path: str
    sha256: str
    identity: str
    rules: str
    options: str


def analyse_archive(conn: sqlite3.Connection, base: Path | None, keys: Iterable[str],
                    from_trick: int, name: str = MEMORY,
                    step: Callable[[], None] = lambda: None,
                    analyse: Analyser | None = None) -> SeasonAnalysis:
    """The analysis of the sessions stored under ``keys`` (paths as the archive
    stores them) in the writable archive ``conn``: each read from the archive
    when stored, else analysed (``analyse``, the search by default) and
    stored, one transaction per session.  ``step()`` after each deal.
    :class:`~.schema.ArchiveError` when the archive cannot be written."""
    season = SeasonAnalysis(from_trick)
    wanted = set(keys)
    with guarded(name):
        sessions = [_Stored(*row) for row in conn.execute(
            "SELECT id, path, sha256, identity, rules, options FROM sessions "
            "ORDER BY day, path, id") if row[1] in wanted]
    for stored in sessions:
        with guarded(name):
            deals = _read_stored(conn, stored, from_trick)
        if deals is not None:
            season.deals += deals
            season.reused += len(deals)
            for _ in deals:
                step()
            continue
        deals = _analysed(stored, base, from_trick, step, analyse or default_analyser(),
                          season.problems)
        if deals is None:
            season.not_analysed.append(stored.path)
            continue
        season.deals += deals
        season.computed += len(deals)
        with guarded(name):
            _store(conn, stored, from_trick, deals)
    return season


def deals_to_analyse(conn: sqlite3.Connection, keys: Iterable[str]) -> int:
    """How many deals the sessions stored under ``keys`` hold (the progress's total)."""
    wanted = set(keys)
    return sum(deals for path, deals in conn.execute("SELECT path, deals FROM sessions")
               if path in wanted)


def _read_stored(conn: sqlite3.Connection, stored: _Stored, from_trick: int
                 ) -> list[DealLosses] | None:
    """The session's analysis from the archive (None when none is stored)."""
    found = conn.execute(
        "SELECT id FROM analyses WHERE session_id = ? AND identity = ? AND rules = ? "
        "AND options = ? AND from_trick = ? AND analyser = ?",
        (stored.session_id, stored.identity, stored.rules, stored.options, from_trick,
         ANALYSER)).fetchone()
    if found is None:
        return None
    players: dict[int, list[tuple]] = {}
    for deal, player, mistakes, num, den in conn.execute(
            "SELECT deal, player, mistakes, lost_num, lost_den FROM analysis_players "
            "WHERE analysis_id = ? ORDER BY deal, seat", found):
        players.setdefault(deal, []).append((player, mistakes, Fraction(num, den)))
    return [DealLosses(stored.path, deal, exact, reason, rule,
                       {p: lost for p, _, lost in players.get(deal, ())},
                       {p: n for p, n, _ in players.get(deal, ())})
            for deal, exact, reason, rule in conn.execute(
                "SELECT deal, exact_from_trick, out_of_reach, out_of_reach_rule "
                "FROM analysis_deals WHERE analysis_id = ? ORDER BY deal", found)]


def _analysed(stored: _Stored, base: Path | None, from_trick: int, step: Callable[[], None],
              analyse: Analyser, problems: list[Diagnostic]) -> list[DealLosses] | None:
    """Every settled deal of the session analysed, its record read again; None,
    with the problem added to ``problems``, when it cannot be."""
    session = _read_again(stored, base, problems)
    if session is None:
        return None
    with session:
        profile = session.profile
        assert profile is not None  # read again as it settled (hash, profile checked)
        out = []
        for scored in session.deals():
            if scored.settlement is None:  # void: not a deal stats counts
                continue
            number = scored.checked.number or 0
            out.append(deal_losses(analyse(scored, profile, from_trick=from_trick),
                                   stored.path, number))
            step()
    return out


def _read_again(stored: _Stored, base: Path | None, problems: list[Diagnostic]):
    """The session of an archived record, read again and checked against what
    the archive holds (the file's hash; the profile its deals settle under)."""
    from ..reader import record_from_text  # the parser: loaded only to analyse
    from ..session.service import Session  # the settlement: loaded only to analyse
    from .archive import notation_of  # the archive's loading: only to analyse

    path = Path(stored.path) if base is None else base / stored.path
    name = stored.path if base is None else shown_path(str(path), None)
    try:
        data = path.read_bytes()
    except OSError as exc:
        problems.append(diagnostic("RV001", Msg("cannot read {name}: {reason}", name=name,
                                                reason=os_reason(exc)), file=name))
        return None
    changed = diagnostic("RV616", Msg(
        "{name} has changed since it was archived and its deals were never analysed: "
        "archive it again to analyse them", name=name), file=name)
    if base is not None and content_hash(data) != stored.sha256:
        problems.append(changed)
        return None
    text, _ = notation_of(path, data, name)
    session = None if text is None else Session.of(record_from_text(text, name))
    if session is not None and session.profile is not None and _profile_key(
            session.profile) == (stored.rules, stored.options):
        return session
    if session is not None:
        session.close()
    problems.append(changed)
    return None


def _profile_key(profile) -> tuple[str, str]:
    """The profile as ``sessions.rules`` and ``sessions.options`` hold it (club/rows.py)."""
    return profile.name, json.dumps(profile.to_json_options(), ensure_ascii=False,
                                    sort_keys=True)


def _store(conn: sqlite3.Connection, stored: _Stored, from_trick: int,
           deals: list[DealLosses]) -> None:
    """The session's analysis into the archive, in one transaction; nothing
    when another run stored it meanwhile, or when the session is no longer the
    one analysed (removed, or replaced by another version of its record)."""
    with atomic(conn) as transaction:
        still = conn.execute("SELECT identity FROM sessions WHERE id = ?",
                             (stored.session_id,)).fetchone()
        if still != (stored.identity,) or _read_stored(conn, stored, from_trick) is not None:
            transaction.rollback()
            return
        analysis_id = conn.execute(
            "INSERT INTO analyses (session_id, identity, rules, options, from_trick, "
            "analyser, analysed) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (stored.session_id, stored.identity, stored.rules, stored.options, from_trick,
             ANALYSER, datetime.date.today().isoformat())).lastrowid
        conn.executemany(
            "INSERT INTO analysis_deals (analysis_id, session_id, deal, exact_from_trick, "
            "out_of_reach, out_of_reach_rule) VALUES (?, ?, ?, ?, ?, ?)",
            [(analysis_id, stored.session_id, d.deal, d.exact_from_trick,
              d.out_of_reach, d.out_of_reach_rule) for d in deals])
        seat = dict(conn.execute("SELECT name, seat FROM players WHERE session_id = ?",
                                 (stored.session_id,)))
        conn.executemany(
            "INSERT INTO analysis_players (analysis_id, session_id, deal, seat, player, "
            "mistakes, lost_num, lost_den) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(analysis_id, stored.session_id, d.deal, seat[player], player,
              d.mistakes[player], lost.numerator, lost.denominator)
             for d in deals for player, lost in d.lost.items()])


# --- JSON (docs/output.md, the stats JSON's ``analysis`` object) -------------------------


def analysis_json(season: SeasonAnalysis, named: Callable[[str], str] | None = None,
                  shown: set[str] | None = None) -> dict:
    """The stats JSON's ``analysis`` object: amounts as ``score --json`` writes
    them; each player under the club's name, only those ``shown`` (the stats'
    players: one with --player).  Each player's figure is in his own object."""
    def name(player: str) -> str:
        return named(player) if named else player

    def kept(player: str) -> bool:
        return shown is None or name(player) in shown

    from ..settle import amount_json  # the settlement's writer: for the JSON only

    return {
        "from_trick": season.from_trick,
        "deals_analysed": season.analysed,
        "deals_out_of_reach": sum(season.out_of_reach.values()),
        "out_of_reach": season.out_of_reach,
        "computed": season.computed,
        "reused": season.reused,
        "sessions_not_analysed": list(season.not_analysed),
        "deals": [{"deal": d.ref, "exact_from_trick": d.exact_from_trick,
                   "out_of_reach": d.out_of_reach, "out_of_reach_rule": d.out_of_reach_rule,
                   "provable_loss": {name(p): amount_json(v) for p, v in d.lost.items()
                                     if kept(p)},
                   "provable_mistakes": {name(p): n for p, n in d.mistakes.items()
                                         if kept(p)}}
                  for d in season.deals],
    }
