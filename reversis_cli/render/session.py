"""``reversis score`` as tables: a session's title, each deal, the running
balance, and the summary of several files.  Every figure is read from the
session service (:mod:`reversis_cli.session.service`); nothing is added up here."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from io import StringIO
from typing import TYPE_CHECKING, Any

from .. import fastpaths
from ..diagnostics import Diagnostic
from ..i18n import Count, Msg, N_, t, tr
from ..invisible import visible
from ..session.service import ScoredDeal, Session, SessionOutcome
from ..values import Value, setattr_frozen
from .amounts import fiches, money_view, signed
from .diagnostics import diagnostic_view
from .layout import Column, Grid, Part, Stack, Line, rich_of
from .plain import plain_text, without_padding
from .plain_deal import deal_text, lean_deal_text
from .score import session_view, settlement_view, unsettled_view

if TYPE_CHECKING:  # loaded at the first tally line (start-up time)
    from ..sheet.reconcile import Reconciler
    from ..session.scoring import WrittenPart  # a worker's part (--jobs)

__all__ = ["SESSION_ROWS", "render_title", "render_deal", "BalanceRows", "render_summary",
           "TableDeals", "SessionTables"]

# The session table shows a running balance per deal for sessions up to this
# long; a longer one (an archive, a simulation) shows its totals only.
SESSION_ROWS = 500


def render_title(session: Session) -> str:
    """The line above a record's tables: its name and the rules it is settled under."""
    profile = session.profile
    assert profile is not None
    title = t(Msg("{name} — rules: {profile}", name=visible(session.name),
                  profile=visible(profile.name)))
    if profile.overridden:
        title += " " + t(Msg("(changed: {options})", options=", ".join(profile.overridden)))
    return title


def render_deal(scored: ScoredDeal, players: tuple[str, ...], cards: str) -> Stack | Line:
    """One deal as a view (reversis_cli/render/layout.py)."""
    if scored.settlement is None:
        return unsettled_view(scored.checked.number)
    return settlement_view(scored.settlement, players, cards)


class BalanceRows:
    """The rows of the session table, taken from the session after each deal,
    while the session is short enough to show them.  A deal with a ``tally``
    line carries the sheet's figures too, compared with the session's balance
    (:class:`~reversis_cli.sheet.reconcile.Reconciler`)."""

    def __init__(self) -> None:
        self.rows: list | None = []
        self._reconciler: Reconciler | None = None

    def add(self, scored: ScoredDeal, session: Session) -> None:
        if self.rows is None:
            return
        if len(self.rows) >= SESSION_ROWS:
            self.rows = None
            return
        settled = scored.lean or scored.settlement  # the lean one's number: no full one made
        label = (str(settled.number) if settled is not None
                 else Msg("{number} (not settled)", number=scored.checked.number))
        balance = session.balance()
        sheet = None
        if scored.checked.deal is not None and scored.checked.deal.tally is not None:
            if self._reconciler is None:
                from ..sheet.reconcile import Reconciler  # only for a tally: start-up time
                self._reconciler = Reconciler(session.players)
            found = self._reconciler.add(scored, balance)
            sheet = found.tally if found is not None else None
        elif self._reconciler is not None:
            self._reconciler.add(scored, balance)  # it carries the differences
        self.rows.append((label, balance, session.pool, sheet))

    def render(self, session: Session) -> Grid:
        return session_view(self.rows, session.balance(), session.pool, session.players)


class TableDeals(Value):
    """``score``'s tables written deal by deal (a
    :class:`~reversis_cli.session.scoring.DealWriter`): plain data, so that a worker
    process lays its part's deals out as this one would.  ``console(file=...)``
    makes a Console for the terminal the tables are for, ``err_console`` one
    for the diagnostics (both picklable, made by the CLI, which owns consoles).

    ``width``: the tables go to a file or a pipe (no terminal, no colour) this
    many columns wide, and are written by the plain writer
    (reversis_cli/render/plain.py) without making a console, which loads rich;
    None: the console says (as it does, one without colour, a test's)."""

    __slots__ = ("console", "err_console", "cards", "width")
    _fields = ("console", "err_console", "cards", "width")
    # A plain deal settled lean, its full settlement made of that when the tables ask
    # (``ScoredDeal.settlement``: the engine's, tests/test_settle_lean.py holds it).
    lean = True
    console: Callable[..., Any]
    err_console: Callable[..., Any]
    cards: str
    width: int | None

    def __init__(self, console: Callable[..., Any], err_console: Callable[..., Any],
                 cards: str = "unicode", width: int | None = None) -> None:
        setattr_frozen(self, "console", console)
        setattr_frozen(self, "err_console", err_console)
        setattr_frozen(self, "cards", cards)
        setattr_frozen(self, "width", width)

    def __reduce__(self):
        return TableDeals, self._values()

    diagnostics_apart = True  # printed on stderr as each deal comes

    @property
    def first_deals(self) -> int:
        """More deals than the session table shows rows: the workers' parts have none."""
        return SESSION_ROWS + 1

    def open(self, name: str, write: Callable[[str], object], err=None,
             only: int | None = None) -> SessionTables:
        return SessionTables(self, write, err, only)

    progress = True  # a progress bar on stderr for a long run
    between = "\n"  # between two files of a batch

    def batch_head(self) -> str:
        return ""

    def batch_tail(self, outcomes: Sequence[SessionOutcome]) -> str:
        return ""

    def summary(self, outcomes: Sequence[SessionOutcome]) -> Grid:
        """Printed after a batch's tables: one row per file."""
        return render_summary(outcomes)

    def part_err(self, file):
        """The console a worker prints its part's diagnostics on, into ``file``."""
        return self.err_console(file=file)


class SessionTables:
    """One record's tables: the title (:meth:`head`), each deal, the session
    table (:meth:`tail`); each deal's diagnostics on ``err`` before it."""

    def __init__(self, spec: TableDeals, write: Callable[[str], object], err, only: int | None):
        self._spec = spec
        self._write = write
        self._err = err
        self._only = only
        self._buffer = StringIO()
        self._out: Any = None  # the console, made when first needed (it loads rich)
        self._width = spec.width  # the plain writer's, when the output has no colour
        self._session: Session | None = None
        self._rows = BalanceRows()

    def diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        err = self._err
        if err is not None:
            for d in diagnostics:
                err.print(diagnostic_view(d), soft_wrap=True)

    def unsettled(self, session: Session) -> None:
        """Nothing: the diagnostics above say why (and the CLI adds a line)."""

    def head(self, session: Session) -> None:
        self._session = session
        self._show(render_title(session))  # written with the first deal

    def part(self, session: Session) -> None:
        """Deals of a part, past the session table's rows (session/parts.py): no title, no rows."""
        self._session = session
        self._rows.rows = None

    def deal(self, one: ScoredDeal) -> None:
        session = self._session
        assert session is not None
        text = self._deal_text(one, session.players)
        if text is not None and not self._buffer.tell():  # nothing held: no padding in it
            self._write(text + "\n")
        else:
            if text is None:
                self._show(render_deal(one, session.players, self._spec.cards))
            else:
                self._buffer.write(text)
            self._buffer.write("\n")
            self._flush()
        self._rows.add(one, session)

    def _deal_text(self, one: ScoredDeal, players: tuple[str, ...]) -> str | None:
        """The deal written in one pass, without its view (render/plain_deal.py), when
        the output has no colour; None: its view is laid out (REVERSIS_REFERENCE=1 too)."""
        width = self._plain_width()
        if width is None:
            return None
        lean = one.lean
        if lean is not None:  # a plain deal settled lean: written without its full settlement
            return lean_deal_text(lean, players, self._spec.cards, width)
        settlement = one.settlement
        return None if settlement is None else deal_text(settlement, players, self._spec.cards,
                                                         width)

    def written(self, part: WrittenPart, err: str = "") -> None:
        """Deals laid out already, by a worker (session/parts.py), past the session
        table's rows (so no row is lost), after their diagnostics ``err``."""
        if err and self._err is not None:
            self._err.file.write(err)
        self._flush()
        part.copy(self._write)

    def tail(self) -> None:
        session = self._session
        assert session is not None
        if self._only is None and session.deals_shown:
            self._show(self._rows.render(session))
            money = session.profile.money if session.profile is not None else None
            if money is not None and money.fiche_value is not None:
                from ..session.settleup import session_settle_up  # only with money: start-up time
                from .settleup import settle_up_view  # the same
                settled_up = session_settle_up(session)
                if settled_up is not None:
                    self._show(settle_up_view(settled_up))
        self._flush()

    def failed(self, exc: BaseException) -> None:
        """Nothing: the CLI says which file a bug stopped."""

    def _flush(self) -> None:
        self._write(without_padding(self._buffer.getvalue()))
        self._buffer.seek(0)
        self._buffer.truncate()

    def _show(self, view: Part) -> None:
        # Without colour, the view laid out directly: rich's Console costs ten
        # times the settlement per deal (issue 14), and loading it a tenth of an
        # evening (issue 24).
        width = self._plain_width()
        text = None if width is None else plain_text(view, width)
        if text is None:
            self._console().print(rich_of(view))
        else:
            self._buffer.write(text)

    def _plain_width(self) -> int | None:
        if fastpaths.REFERENCE:  # REVERSIS_REFERENCE=1: rich lays every table out
            return None
        if self._width is None and self._out is None:
            out = self._console()
            self._width = out.width if out.color_system is None else None
        return self._width

    def _console(self):
        if self._out is None:
            self._out = self._spec.console(file=self._buffer)
        return self._out


def render_summary(outcomes: Sequence[SessionOutcome]) -> Grid:
    """One row per file: its deals, errors, warnings, pool at the end and totals."""
    table = Grid([Column(tr("File"), overflow="fold"),
                  *(Column(tr(name), "right", "fold")
                    for name in (N_("Deals"), N_("Errors"), N_("Warnings"))),
                  money_view(tr("Pool at end")), money_view(tr("Totals"), justify="left")],
                 title=t(Count(len(outcomes), "{n} file", "{n} files")))
    for o in outcomes:
        totals = ", ".join(f"{name} {signed(value)}" for name, value in o.totals.items())
        if o.internal_error:
            totals = tr("stopped by an internal error (see above)")
        table.add_row(o.name, str(o.deals), str(o.errors), str(o.warnings),
                      fiches(o.pool_end), totals)
    return table
