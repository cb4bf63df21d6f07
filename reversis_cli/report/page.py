"""The page: the views laid out by Jinja2 templates with autoescaping on.

Every piece of user text goes through the template engine's escaping; the CSS
and the small script are package files inlined into the page, so that the page
loads nothing when it is opened.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

from markupsafe import Markup

from ..dates import date_key
from ..diagnostics import Diagnostic
from ..i18n import amount_shown, lang, t, tr
from ..rules import BUILTIN_PROFILES
from ..session.service import Session
from .chart import chart
from .views import MARK_WORDS, CardView, SessionView, renumber, rule_views, session_view

__all__ = ["Report", "build_report", "render_page"]

TEMPLATES = Path(__file__).parent / "templates"


@dataclass(frozen=True)
class Report:
    html: str
    errors: int  # errors found in the records (the exit status follows them)
    deals: int
    diagnostics: tuple[Diagnostic, ...] = ()  # every problem found, in the order found
    profiles: tuple[str, ...] = ()  # the house profile files the records named (read with them)


@cache
def _environment():
    import jinja2  # the library: start-up time of the other commands

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    env.globals.update(tr=tr, t=t)
    env.filters["cards"] = _cards_markup
    env.filters["wrap"] = _wrappable
    return env


# A word longer than this may break in a table cell: a name of sixty letters
# wraps at its word boundaries instead of widening its table past the page,
# while a short name ("Gleb") never breaks when its table is tight.
LONG_WORD = 16
_WORDS = re.compile(r"(\S+)")
_BOUNDARY = re.compile(r"(?<=[_\-])(?=.)")  # after each _ and - inside a word


def _wrappable(text: str, boxed: bool = True):
    """``text`` as markup in which each long word may break after its ``_``
    and ``-`` (``<wbr>``); ``boxed`` (a table cell, a legend) puts the word in
    a box whose width is capped, a piece too long for it breaking at its edge
    (the page's style: ``.long``), with the word whole as its title; in a
    paragraph the page's own wrapping does that.  ``Markup.format`` escapes
    the text."""
    box = Markup('<span class="long" title="{}">{}</span>') if boxed else Markup("{1}")
    return Markup("").join(
        box.format(part, Markup("<wbr>").join(_BOUNDARY.split(part))) if len(part) > LONG_WORD
        else Markup("{}").format(part)
        for part in _WORDS.split(str(text)) if part)


def _cards_markup(cards: Sequence[CardView]):
    """Cards as markup, red suits marked: a filter, not a macro, since a long
    archive has tens of thousands of them.  ``Markup.format`` escapes the text."""
    return Markup(" ").join(Markup('<i class="c{}">{}</i>').format(" r" if c.red else "", c.text)
                            for c in cards)


def _asset(name: str) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8")


def build_report(paths: Sequence[str | Path], rules: str | None = None,
                 sets: Mapping[str, str] | None = None) -> Report:
    """Read each record (its whole session) and lay out the page.

    A bad ``rules`` or ``sets`` raises ProfileError (the command line's problem);
    problems in the records are shown on the page, where they happened.
    """
    sessions: list[SessionView] = []
    profiles: list[str] = []
    for index, path in enumerate(paths, start=1):
        with Session.open(str(path), rules, dict(sets) if sets else None) as session:
            sessions.append(session_view(session, index))
            if session.profile and session.profile.source not in BUILTIN_PROFILES:
                profiles.append(session.profile.source)
    problems = tuple(d for s in sessions for d in s.problems)  # as read, for the terminal
    sessions = in_date_order(sessions)
    return Report(render_page(sessions), sum(s.errors for s in sessions),
                  sum(len(s.deals) for s in sessions), problems, tuple(profiles))


def in_date_order(sessions: list[SessionView]) -> list[SessionView]:
    """The sessions by the date their records give, the undated ones (or those
    whose date cannot be read as one) after them, by file name; renumbered,
    so that the page's anchors follow the order shown.  Read once, in the
    order named: standard input cannot be read twice to find its date first."""
    ordered = sorted(sessions, key=lambda s: (date_key(s.date) is None,
                                              date_key(s.date) or (0, 0, 0), s.name))
    for index, session in enumerate(ordered, start=1):
        renumber(session, index)
    return ordered


def render_page(sessions: list[SessionView]) -> str:
    charts = {s.anchor: chart(s.anchor, s.players, s.series, s.pool_series)
              for s in sessions if s.settled and s.deals}
    rule_ids: set[str] = set().union(*(s.rule_ids for s in sessions)) if sessions else set()
    overall, names = _overall(sessions)
    page_title = (sessions[0].title or sessions[0].name) if len(sessions) == 1 else \
        tr("Reversis sessions")
    script = _asset("report.js")
    return _environment().get_template("report.html").render(
        lang=lang(), page_title=page_title, sessions=sessions, charts=charts,
        rules=rule_views(rule_ids), overall=overall, overall_names=names,
        mark_words={k: tr(v) for k, v in MARK_WORDS.items()},
        total_deals=sum(len(s.deals) for s in sessions),
        css=_asset("report.css"), script=script, script_hash=_csp_hash(script))


def _csp_hash(script: str) -> str:
    """The page's policy runs this script only (by its hash): even a piece of user text
    that escaped escaping could not run."""
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def _overall(sessions: list[SessionView]) -> tuple[dict[str, str], list[str]]:
    """Each player's total over all the sessions, in the order first met."""
    totals: dict[str, int | Fraction] = {}
    for session in sessions:
        for name in session.players:
            totals.setdefault(name, 0)
        for name, amount in session.totals.items():
            totals[name] = totals.get(name, 0) + amount
    return {name: amount_shown(a, signed=True) for name, a in totals.items()}, list(totals)
