"""The club page: a season's standings, each player's figures, their net over
time, the titles, and a page per session (docs/output.md, "reversis report").

Every figure is read from the archive: the standings from
:mod:`~reversis_cli.club.league`, the figures and titles from
:mod:`~reversis_cli.club.stats`, each session's nets from
:mod:`~reversis_cli.club.timeline`.  Nothing is added up here but the
running total the chart draws.  Each session's own page is today's report of
its record, read from the file the archive names (when it is still the one
archived).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from ..club.database import content_hash, shown_path
from ..club.league import PER_DEAL, LeagueSettings, Standings, player_rows, standings
from ..club.stats import Period, Stats, Title, stats_of
from ..club.timeline import SessionNets, nets_by_session, running_nets
from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Msg, amount_shown, lang, t, tr
from ..i18n.numbers import EXACT, written_amount
from ..render.league import (
    FIGURE_HEADINGS, about_lines, figure_shown, no_session_line, why_not_ranked,
)
from ..render.pool import pool_lines
from ..render.stats import FIGURE_LABELS, TITLE_LABELS, title_value
from .made import MadePages, made_now, page_key
from .page import _asset, _environment, build_report
from .season_chart import SeasonChart, season_chart

__all__ = ["ClubPage", "SessionPage", "build_club_page", "page_name"]


@dataclass(frozen=True)
class SessionPage:
    name: str  # the file's name in the sessions' folder
    html: str | None  # None: the page in the folder is already this one (report/made.py)


@dataclass
class ClubPage:
    html: str
    sessions: list[SessionPage] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)  # for the terminal


@dataclass(frozen=True)
class SessionRow:
    label: str  # the title, or the file's name
    file: str  # the record's file name
    date: str
    deals: int
    href: str | None  # None: no page (the record is gone or changed since archived)
    nets: dict[str, str]


@dataclass(frozen=True)
class StandingRow:
    rank: int
    name: str
    sessions: int
    deals: int
    figure: str
    net: str
    penalty: str


@dataclass(frozen=True)
class TitleRow:
    title: str
    holders: str
    value: str


@dataclass(frozen=True)
class FigureRow:
    label: str
    cells: tuple[str, ...]
    exact: tuple[str, ...] = ()  # the exact amounts, for the cells' titles


# --- the season's files -----------------------------------------------------------------


_UNSAFE = re.compile(r"[^\w.-]+")


def page_name(path: str, taken: set[str]) -> str:
    """A session page's file name from its record's: ``2027-01-14.rvs`` gives
    ``2027-01-14.html``; characters a file name or a link would trip on become
    ``_``; a name already taken gets ``-2``, ``-3``..."""
    stem = _UNSAFE.sub("_", PurePosixPath(path).stem).lstrip(".") or "session"
    name, n = f"{stem}.html", 1
    while name.casefold() in taken:
        n += 1
        name = f"{stem}-{n}.html"
    taken.add(name.casefold())
    return name


def _record_of(session: SessionNets, base: Path | None) -> Path | None:
    """The record the archive names, when it is there and unchanged."""
    path = Path(session.path) if base is None else base / session.path
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return path if content_hash(data) == session.sha256 else None


def _no_page(stored: str, base: Path | None) -> Diagnostic:
    """RV611: what to do differs for a record gone (--prune) and one changed."""
    path = shown_path(stored, base)
    if (Path(stored) if base is None else base / stored).exists():
        message = Msg("the record {path} has changed since it was archived: its session is "
                      "listed without its page (run reversis archive again)", path=path)
    else:
        message = Msg("the record {path} is gone: its session is listed without its page "
                      "(reversis archive --prune removes the session; a record moved is "
                      "found again by reversis archive)", path=path)
    return diagnostic("RV611", message, file=path)


def _session_pages(sessions: list[SessionNets], base: Path | None, folder: str,
                   sets: Mapping[str, str] | None, page: ClubPage, made: MadePages | None,
                   step: Callable[[], None],
                   write: Callable[[SessionPage], None] | None) -> list[str | None]:
    """Each session's own page (added to ``page``), and the link to it; a page
    ``made`` says is already in the folder is not made again."""
    taken: set[str] = set()
    links: list[str | None] = []
    for session in sessions:
        record = _record_of(session, base)
        if record is None:
            page.diagnostics.append(_no_page(session.path, base))
            links.append(None)
            step()
            continue
        name = page_name(session.path, taken)
        made_page = _session_page(session, record, name, sets, page, made)
        if write is not None and made_page.html is not None:  # written now, not held
            write(made_page)
            made_page = SessionPage(name, None)
        page.sessions.append(made_page)
        links.append(folder + quote(name))
        step()
    return links


def _session_page(session: SessionNets, record: Path, name: str,
                  sets: Mapping[str, str] | None, page: ClubPage,
                  made: MadePages | None) -> SessionPage:
    """The session's page, made from its record, or None for its html when
    the folder already has it (its diagnostics shown again all the same)."""
    key = page_key(name, session.path, session.sha256, lang(), sets)
    kept = made.kept(name, key) if made is not None else None
    if kept is not None:
        page.diagnostics.extend(kept.shown())
        if made is not None:
            made.keep(name, kept)
        return SessionPage(name, None)
    report = build_report([record], None, sets)
    page.diagnostics.extend(report.diagnostics)
    if made is not None:
        made.keep(name, made_now(key, list(report.profiles), report.diagnostics))
    return SessionPage(name, report.html)


# --- the page's parts ---------------------------------------------------------------------


def _session_rows(sessions: list[SessionNets], links: list[str | None]) -> list[SessionRow]:
    return [SessionRow(s.title or PurePosixPath(s.path).name, PurePosixPath(s.path).name,
                       s.date or "", s.deals, link,
                       {name: amount_shown(net, signed=True) for name, net in s.nets.items()})
            for s, link in zip(sessions, links, strict=True)]


def _standing_rows(table: Standings) -> list[StandingRow]:
    ranking = table.settings.ranking
    return [StandingRow(r.rank, r.row.name, r.row.sessions, r.row.deals,
                        figure_shown(ranking, r.figure), amount_shown(r.row.net, signed=True),
                        amount_shown(-r.penalty) if r.penalty else "")
            for r in table.ranked]


def _per_deal(net: Fraction, deals: int) -> tuple[str, str]:
    exact = net / deals if deals else Fraction(0)
    return figure_shown(PER_DEAL, exact), _exact(exact)


def _exact(amount) -> str:
    """An amount exactly: a cell's title, where the cell shows it rounded
    (``-9.15``).  English writes it as JSON does (``-535/27``); Russian as a
    Russian sheet writes a fraction, whole part first, with its minus sign
    (``−19 22/27``): «-535/27» is an English programmer's spelling."""
    return written_amount(amount, EXACT if lang() == "en" else lang(), signed=True)


def _figure_rows(stats: Stats) -> list[FigureRow]:
    players = list(stats.players.values())
    per_deal = [_per_deal(p.net, p.deals) for p in players]
    rows = [FigureRow(tr("Sessions"), tuple(str(p.sessions.count) for p in players)),
            FigureRow(tr("Deals"), tuple(str(p.deals) for p in players)),
            FigureRow(tr("Net"), tuple(amount_shown(p.net, signed=True) for p in players),
                      tuple(_exact(p.net) for p in players)),
            FigureRow(tr("Net per deal"), tuple(shown for shown, _ in per_deal),
                      tuple(exact for _, exact in per_deal))]
    rows += [FigureRow(tr(label), tuple(str(p.counts[key].count) for p in players))
             for key, label in FIGURE_LABELS.items()]
    rows.append(FigureRow(tr("Fiches taken from the pool"),
                          tuple(amount_shown(p.pool_taken_amount) for p in players)))
    return rows


def _title_rows(titles: list[Title] | tuple[Title, ...]) -> list[TitleRow]:
    return [TitleRow(tr(TITLE_LABELS[title.key]), ", ".join(title.holders), title_value(title))
            for title in titles]


def _chart(sessions: list[SessionNets], stats: Stats) -> SeasonChart | None:
    if not sessions or not stats.players:
        return None
    labels = [s.date or PurePosixPath(s.path).name for s in sessions]
    return season_chart(labels, running_nets(sessions, list(stats.players)))


# --- the page -------------------------------------------------------------------------------


def build_club_page(conn: sqlite3.Connection, base: Path | None, folder: str,
                    league: LeagueSettings | None = None,
                    sets: Mapping[str, str] | None = None, made: MadePages | None = None,
                    progress: Callable[[int], Callable[[], None]] | None = None,
                    write: Callable[[SessionPage], None] | None = None) -> ClubPage:
    """The club page of the archive ``conn`` and its sessions' pages.

    ``base`` is the folder the archive's paths are relative to (None: as
    stored, for an archive built in memory from the records named);
    ``folder`` the link from the club page to the sessions' pages
    (``sessions/``); ``league`` the league file's rules for the standings
    (its period chooses the sessions), else every session, ranked by total net.
    ``made``: the pages already in the sessions' folder (report/made.py);
    ``progress``: given the number of sessions, what to call after each;
    ``write``: what to do with each session's page as soon as it is made (a
    season's pages are not all held in memory: 200 pages are 170 MB).
    """
    settings = league or LeagueSettings()
    stats = stats_of(conn, Period(settings.start, settings.end))
    sessions = nets_by_session(conn, stats.sessions)
    ids = [sid for sid, path in conn.execute("SELECT id, path FROM sessions")
           if path in set(stats.sessions)]
    table = standings(settings, player_rows(conn, ids), len(ids), stats.pool)
    page = ClubPage("")
    step = progress(len(sessions)) if progress is not None else (lambda: None)
    links = _session_pages(sessions, base, folder, sets, page, made, step, write)
    title = settings.title or tr("The club's season")
    page.html = _environment().get_template("club.html").render(
        lang=lang(), page_title=title, league=league is not None,
        about=[t(line) for line in about_lines(table)] if league else [],
        standings=_standing_rows(table), no_session=t(no_session_line(table)) if not ids else "",
        unranked=[t(why_not_ranked(u, table)) for u in table.unranked],
        figure_heading=tr(FIGURE_HEADINGS[settings.ranking]), players=list(stats.players),
        figures=_figure_rows(stats), chart=_chart(sessions, stats),
        season_titles=_title_rows(stats.season_titles),
        evenings=[(e.date or PurePosixPath(e.path).name, _title_rows(e.titles))
                  for e in stats.evenings if e.titles],
        sessions=_session_rows(sessions, links), left_out=stats.left_out,
        pool=[t(line) for line in pool_lines(stats.pool)],
        css=_asset("report.css"))
    return page

