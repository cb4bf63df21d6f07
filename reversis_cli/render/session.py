"""``reversis score`` as tables: a session's title, each deal, the running
balance, and the summary of several files.  Every figure is read from the
session service (:mod:`reversis_cli.session`); nothing is added up here."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table

from ..i18n import Count, Msg, N_, t, tr
from ..invisible import visible
from ..reconcile import Reconciler
from ..session import ScoredDeal, Session, SessionOutcome
from .score import fiches, money_column, render_session, render_settlement, render_unsettled, \
    signed

__all__ = ["SESSION_ROWS", "render_title", "render_deal", "BalanceRows", "render_summary"]

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


def render_deal(scored: ScoredDeal, players: tuple[str, ...], cards: str):
    if scored.settlement is None:
        return render_unsettled(scored.checked.number)
    return render_settlement(scored.settlement, players, cards)


class BalanceRows:
    """The rows of the session table, taken from the session after each deal,
    while the session is short enough to show them.  A deal with a ``tally``
    line carries the sheet's figures too, compared with the session's balance
    (:class:`~reversis_cli.reconcile.Reconciler`)."""

    def __init__(self) -> None:
        self.rows: list | None = []
        self._reconciler: Reconciler | None = None

    def add(self, scored: ScoredDeal, session: Session) -> None:
        if self.rows is None:
            return
        if len(self.rows) >= SESSION_ROWS:
            self.rows = None
            return
        settlement = scored.settlement
        label = (str(settlement.number) if settlement is not None
                 else Msg("{number} (not settled)", number=scored.checked.number))
        balance = session.balance()
        sheet = None
        if scored.checked.deal is not None and scored.checked.deal.tally is not None:
            if self._reconciler is None:
                self._reconciler = Reconciler(session.players)
            found = self._reconciler.add(scored, balance)
            sheet = found.tally if found is not None else None
        elif self._reconciler is not None:
            self._reconciler.add(scored, balance)  # it carries the differences
        self.rows.append((label, balance, session.pool, sheet))

    def render(self, session: Session) -> Table:
        return render_session(self.rows, session.balance(), session.pool, session.players)


def render_summary(outcomes: Sequence[SessionOutcome]) -> Table:
    """One row per file: its deals, errors, warnings, pool at the end and totals."""
    table = Table(box=box.SIMPLE_HEAD, title=t(Count(len(outcomes), "{n} file", "{n} files")),
                  title_justify="left", pad_edge=False)
    table.add_column(tr("File"), overflow="fold")
    for name in (N_("Deals"), N_("Errors"), N_("Warnings")):
        table.add_column(tr(name), justify="right", overflow="fold")
    money_column(table, tr("Pool at end"))
    money_column(table, tr("Totals"), justify="left")
    for o in outcomes:
        totals = ", ".join(f"{name} {signed(value)}" for name, value in o.totals.items())
        if o.internal_error:
            totals = tr("stopped by an internal error (see above)")
        table.add_row(o.name, str(o.deals), str(o.errors), str(o.warnings),
                      fiches(o.pool_end), totals)
    return table

