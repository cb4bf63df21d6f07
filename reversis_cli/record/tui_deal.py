"""The deal on the full screen: drawing it, changing it through the engine,
correcting a card in the tricks table, closing it, reopening a finished one.

:class:`DealApp` is the base of the recording app; :mod:`.tui` adds the
start-up questions, the card line, the events and quitting.  Correcting is
cheap: Tab or ↑ gives the keys to the tricks table, the arrows pick a card,
the card typed there replaces it in place (:meth:`Recorder.replace_card`:
the later tricks are checked again, not typed again).  A deal reopened takes
any number of changes and is written back once, when the marker presses
Enter on it complete; Escape drops the changes (asking first).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from ..convert.canonical import canonical_deal
from ..cards import CARD_STYLES, Card, sort_cards
from ..arbiter.explain import explain_in
from ..i18n import Msg, t, tr
from ..notation.writer import write_deal
from ..render.diagnostics import render_diagnostics
from ..render.explain import render_explanation
from ..render.score import render_session, render_settlement
from ..render.session import SESSION_ROWS, BalanceRows
from ..session.service import Session
from .deal import DealInProgress, Outcome, TrickView, cards_left
from .draft import draft_path
from .recorder import Finished, RecordRefused, Recorder
from .tui_main import MainScreen, TricksTable
from .tui_problems import problem_view, word_problem
from .tui_screens import AskScreen, LineScreen, PageScreen, card_typed
from .tui_view import (
    lines_view, partie_text, seats_view, session_view, status_line, trick_columns, trick_rows,
    where_line,
)

__all__ = ["DealApp", "DEAL_ACTIONS", "refusal"]

# The actions that need a deal begun, on the main screen (not under a question
# or a page, nor before the start-up answers).
DEAL_ACTIONS = frozenset({"undo", "events", "reopen", "explain", "event", "scroll_tricks",
                          "correct", "leave_edit"})


class DealApp(App[int]):
    """The deal being recorded or corrected, on the main screen."""

    def __init__(self, path: str | Path, recorder: Recorder | None, cards: str):
        super().__init__()
        self.path, self.recorder = Path(path), recorder
        self.cards = cards if cards in CARD_STYLES else "unicode"
        self._drawn: dict[str, tuple] = {}  # what each panel shows now (see redraw)
        self._reopened: tuple[str, ...] | None = None  # a deal reopened, as it was (written)
        self._changes = 0  # the changes taken in the deal reopened, none written yet
        self._correcting = False  # the tricks table has the keys
        self._asking: LineScreen | None = None  # the card in place of the one picked, asked
        # What is said when a change waiting on a warning is taken, or not.
        self._taken: RenderableType | None = None
        self._not_taken: RenderableType = Text("")

    @property
    def _rec(self) -> Recorder:
        assert self.recorder is not None
        return self.recorder

    @property
    def main_screen(self) -> Screen:
        """The screen of the deal (card line, tricks, messages), wherever the stack is."""
        return next(s for s in self.screen_stack if isinstance(s, MainScreen))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys of a deal work on the main screen only, with a deal begun."""
        if action == "quit":
            # Textual's own quitting (its Ctrl+Q, which our class bindings replace,
            # or any other way in) is set aside for ours, "leave": shown in the
            # footer, and asking first about an edit.
            return False
        if action in DEAL_ACTIONS:
            if action == "leave_edit" and (self.recorder is None
                                           or self.recorder.editing is None):
                return False
            return isinstance(self.screen, MainScreen) and self.recorder is not None \
                and self.recorder.current is not None
        return True

    def _start_deal(self) -> None:
        self._rec.begin()
        self.redraw()
        self.main_screen.query_one("#card", Input).focus()

    def _say(self, renderable: RenderableType) -> None:
        self.main_screen.query_one("#messages", Static).update(renderable)

    def _typed_ahead(self, text: str) -> None:
        """Keys typed while a question was on the screen: kept in the card line
        for the marker to send once he has seen the question."""
        card = self.main_screen.query_one("#card", Input)
        card.value += text
        card.cursor_position = len(card.value)

    # -- drawing -----------------------------------------------------------------

    def redraw(self) -> None:
        """The panels from the engine's state: the table and the status after
        every change, the tricks and the session only when they changed (a
        table is the dearest thing to lay out)."""
        if self.recorder is None or self.recorder.current is None:
            return
        screen = self.main_screen
        deal = self.recorder.current
        editing = self.recorder.editing
        partie = partie_text(deal, self.cards)
        table = Group(seats_view(deal, self.cards), *([partie] if partie else []))
        screen.query_one("#table", Static).update(table)
        screen.query_one("#status", Static).update(
            status_line(deal, editing, self._changes if self._edited() else 0,
                        self._correcting))
        if self._drawn.get("where") != (editing,):
            screen.query_one("#where", Static).update(where_line(draft_path(self.path).name,
                                                                 editing))
            self._drawn["where"] = (editing,)
        # The trick in progress is on the seats; in the table only while a card
        # is picked there.  Redrawn once a trick otherwise.
        begun = tuple(deal.trick_cards) if self._correcting else ()
        tricks_key = (deal.number, editing, tuple(deal.lines), begun)
        if tricks_key != self._drawn.get("tricks"):
            self._draw_tricks(screen.query_one("#tricks", DataTable), deal)
            screen.query_one("#lines", Static).update(lines_view(deal, self.cards))
            self._drawn["tricks"] = tricks_key
        session_key = (self.recorder.deals_done, editing, deal.number)
        if session_key != self._drawn.get("session"):
            rules = self.recorder.profile.name if self.recorder.profile else ""
            screen.query_one("#right", Static).update(session_view(
                self.recorder.players, self.recorder.balance(), self.recorder.pool, rules,
                self.recorder.deals_done))
            self._drawn["session"] = session_key

    def _draw_tricks(self, table: DataTable, deal: DealInProgress) -> None:
        """The tricks so far: a row per trick, a column per player, so that a
        card is a cell.  Its cursor stays where it was while a card is being
        picked; otherwise it (hidden) is on the last trick and keeps it in view."""
        if not table.columns:
            for label in trick_columns(deal):
                table.add_column(label)
        kept = table.cursor_coordinate
        table.clear()
        for cells in trick_rows(deal, self.cards, in_progress=self._correcting):
            table.add_row(*cells, key=cells[0].plain)
        row = kept.row if self._correcting else table.row_count - 1
        self.call_after_refresh(table.move_cursor, row=row, column=kept.column, animate=False)

    def action_scroll_tricks(self, pages: int) -> None:
        table = self.main_screen.query_one("#tricks", DataTable)
        table.scroll_relative(y=pages * max(1, table.size.height - 2), animate=False)

    # -- changes through the engine -------------------------------------------------

    def _engine(self, change, *args):
        """A change through the recorder; a file it cannot write (a full disk,
        a folder made read-only) is said on the screen, never a traceback."""
        try:
            return change(*args)
        except RecordRefused as refused:
            self._say(refusal(refused))
            return None

    def _handle(self, outcome: Outcome | None, taken: RenderableType | None = None,
                not_taken: RenderableType | None = None) -> bool:
        """Show what became of a change (whether it was taken): ``taken`` is
        said when it is, ``not_taken`` over its problems when it is not; a
        warning (a revoke) asks the marker, with no default."""
        if outcome is None:  # said by _engine
            self.redraw()
            return False
        if outcome.accepted:
            self._say(taken or Text(""))
            self._after_change()
            return True
        if outcome.waiting:
            self._taken = taken
            self._not_taken = not_taken or Text(tr("Not taken: type the card that was played."),
                                                style="yellow")
            question = Group(self._problems(outcome.problems),
                             Text(tr("Did it happen so at the table? (the rules settle it)"),
                                  style="bold"))
            self.push_screen(AskScreen(question, typed=self._typed_ahead), self._confirm_answer)
        else:
            problems = self._problems(outcome.problems)
            self._say(Group(not_taken, problems) if not_taken else problems)
        return False

    def _problems(self, problems) -> RenderableType:
        """Problems as ``check`` words them, placed by trick and player, the
        cards in the screen's spelling."""
        return problem_view(problems, self._rec.begin(), self.cards)

    def _confirm_answer(self, happened: bool | None) -> None:
        if happened:
            self._rec.begin().confirm()  # taken; the draft next, which may fail apart
            confirmed = Text(tr("Revoke confirmed: it stays in the record."), style="yellow")
            self._say(Group(confirmed, self._taken) if self._taken else confirmed)
            self._engine(self._rec.save_draft)
            self._after_change()
        else:
            self._rec.reject()
            self._say(self._not_taken)

    def _after_change(self) -> None:
        """A change taken: counted in a deal reopened (written back when the
        marker says so); a deal being recorded is closed once complete."""
        if self._rec.editing is not None:
            self._changes += 1
        self.redraw()
        deal = self._rec.begin()
        if deal.complete and deal.played and self._rec.editing is None:
            self._finish()

    def action_undo(self) -> None:
        taken = self._engine(self._rec.undo)
        if taken is not None:
            self._say(Text(tr("Taken back.") if taken
                           else tr("Nothing to take back in this deal.")))
            if taken and self._rec.editing is not None:
                self._changes += 1
        self.redraw()

    # -- correcting a card in the tricks table --------------------------------------

    def action_correct(self) -> None:
        """↑ (or Tab) from the card line: the tricks table takes the keys, or
        gives them back."""
        table = self.main_screen.query_one("#tricks", TricksTable)
        if table.has_focus:
            self.main_screen.query_one("#card", Input).focus()
        else:
            table.focus()

    def on_tricks_table_toggled(self, event: TricksTable.Toggled) -> None:
        if not isinstance(self.screen, MainScreen) or self.recorder is None \
                or self.recorder.current is None:
            return  # a question opened over the table: the marker is still picking
        if event.focused == self._correcting:
            return
        deal = self._rec.begin()
        if event.focused and not deal.tricks and not deal.trick_cards:
            self._say(Text(tr("No card is played yet in this deal: nothing to change.")))
            self.main_screen.query_one("#card", Input).focus()
            return
        self._correcting = event.focused
        self.redraw()
        if event.focused:  # on the card played last: the likeliest slip
            table = self.main_screen.query_one("#tricks", TricksTable)
            self.call_after_refresh(table.move_cursor, row=len(self._picking_views()) - 1,
                                    column=self._last_card_column(), animate=False)

    def _picking_views(self) -> list[TrickView]:
        """The rows of the table while a card is picked: the tricks, then the trick begun."""
        deal = self._rec.begin()
        views = list(deal.tricks)
        if deal.current_trick and deal.leader is not None:
            views.append(TrickView(deal.trick_number, deal.leader, deal.current_trick, None))
        return views

    def _last_card_column(self) -> int:
        view = self._picking_views()[-1]
        players = self._rec.players
        return 1 + (players.index(view.leader) + len(view.cards) - 1) % 4

    def on_data_table_cell_selected(self, event: DataTable.CellSelected) -> None:
        if event.data_table.id != "tricks":
            return
        if self._asking is not None and self.screen is self._asking:
            self._asking.submit()  # Enter typed with the card, before the question showed
        elif self._correcting:
            self._ask_replacement("")

    def on_tricks_table_typed(self, event: TricksTable.Typed) -> None:
        if self._asking is not None and self.screen is self._asking:
            self._asking.type_ahead(event.character)  # keys that came together, in order
        elif self._correcting:
            self._ask_replacement(event.character)

    def _picked(self) -> tuple[TrickView, int, str] | None:
        """The card under the table's cursor: its trick, its place in playing
        order, its player; None on a cell with no card."""
        row, column = self.main_screen.query_one("#tricks", TricksTable).cursor_coordinate
        views = self._picking_views()
        players = self._rec.players
        if not 0 <= row < len(views) or not 1 <= column <= len(players):
            return None
        view = views[row]
        player = players[column - 1]
        index = (column - 1 - players.index(view.leader)) % 4
        return (view, index, player) if index < len(view.cards) else None

    @staticmethod
    def _place(view: TrickView, player: str) -> str:
        return t(Msg("trick {trick}, {player}'s card", trick=view.number, player=player))

    def _ask_replacement(self, typed: str) -> None:
        picked = self._picked()
        if picked is None:
            self._say(Text(tr("No card there yet: pick a card played (arrows).")))
            return
        view, index, player = picked
        old = view.cards[index].format(self.cards)
        prompt = t(Msg("{place}: {card}. Which card was played?",
                       place=self._place(view, player), card=old))
        prompt = prompt[:1].upper() + prompt[1:]
        offered = tuple(c.format(self.cards) for c in sort_cards(cards_left(self._rec.begin())))
        self._asking = LineScreen(prompt, value=typed, completions=offered)
        self.push_screen(self._asking, lambda answer: self._replace(picked, answer))

    def _replace(self, picked: tuple[TrickView, int, str], answer: str | None) -> None:
        """The card typed in place of the one picked: taken (the later tricks
        checked again), refused with why, or asked about (a revoke)."""
        self._asking = None
        if not answer:
            return
        view, index, player = picked
        place = self._place(view, player)
        not_changed = Text(t(Msg("Not changed: {place} stays {card}.", place=place,
                                 card=view.cards[index].format(self.cards))), style="yellow")
        words = [card_typed(word, self.cards) for word in answer.split()]
        problem = word_problem(words[0]) if len(words) == 1 else \
            Msg("Type one card: the card played instead.")
        if problem is not None:
            self._say(Group(not_changed, Text(t(problem), style="bold red")))
            return
        changed = Text(t(Msg("Changed: {place} is now {card}.", place=place,
                             card=Card.parse(words[0]).format(self.cards))))
        self._handle(self._engine(self._rec.replace_card, view.number, index, words[0]),
                     taken=changed, not_taken=not_changed)

    # -- closing a deal ------------------------------------------------------------

    def _close(self) -> None:
        """Enter on a complete deal: settle it, or write back the deal reopened
        (when changed; unchanged, it is left as it is in the file)."""
        if self._rec.editing is not None and not self._edited():
            number = self._rec.editing
            self._cancel_edit()
            self._say(Text(t(Msg("Deal {deal} has no change: nothing is written.",
                                 deal=number))))
            return
        self._finish()

    def _finish(self) -> None:
        try:
            finished = self._rec.finish()
        except RecordRefused as refused:
            self._say(refusal(refused))
            return
        if not finished.closed:
            self._say(Group(Text(tr("The deal cannot be closed: correct it (Ctrl+Z undoes)."),
                                 style="bold red"), self._problems(finished.problems)))
            return
        self._say(Text(""))
        self._reopened, self._changes = None, 0
        self._show_settled(finished)

    def _show_settled(self, finished: Finished) -> None:
        assert finished.settlement is not None
        body = Group(render_settlement(finished.settlement, self._rec.players, self.cards),
                     Text(""), self._session_table())
        keys = {"enter": "next", "escape": "next", "e": "explain", "f10": "explain"}
        self.push_screen(PageScreen(body, keys, self._settled_keys(finished)),
                         lambda word: self._after_settled(word, finished))

    def _settled_keys(self, finished: Finished) -> str:
        """Enter goes on with the deal in progress: the next one after a deal
        closed, the one left (maybe far on) after a deal reopened and written back."""
        assert finished.settlement is not None
        current = self._rec.begin().number
        if current == finished.settlement.number + 1:
            return tr("Enter: next deal · e: explain this deal")
        return t(Msg("Enter: back to deal {number} · e: explain this deal", number=current))

    def _session_table(self) -> RenderableType:
        """The session table as ``score`` shows it: a running balance from
        deal 1 on (the totals alone past a long archive's 500 deals)."""
        recorder = self._rec
        if recorder.deals_done > SESSION_ROWS:
            return render_session(None, recorder.balance(), recorder.pool, recorder.players)
        rows = BalanceRows()
        with Session.open(self.path) as session:
            for scored in session.deals():
                rows.add(scored, session)
            return rows.render(session)

    def _after_settled(self, word: str | None, finished: Finished) -> None:
        if word == "explain":
            self._explain(finished.settlement.number if finished.settlement else None,
                          lambda: self._show_settled(finished))
            return
        self._start_deal()

    def action_explain(self) -> None:
        last = self._rec.last
        settled = last.settlement if last is not None else None
        self._explain(settled.number if settled is not None else None, lambda: None)

    def _explain(self, number: int | None, then) -> None:
        if number is None:
            self._say(Text(tr("No deal has been settled yet.")))
            then()
            return
        with Session.open(self.path) as session:
            explanation = explain_in(session, number)
            body = render_explanation(explanation, self.cards) if explanation else Text("")
        self.push_screen(PageScreen(body, {"escape": "back", "enter": "back"},
                                    tr("Escape: back")), lambda _: then())

    # -- reopening a finished deal -------------------------------------------------

    def action_reopen(self) -> None:
        self.push_screen(LineScreen(tr("Reopen which deal? (its number)")), self._reopen)

    def _reopen(self, answer: str | None) -> None:
        if not answer:
            return
        if not answer.isdigit():
            self._say(Text(t(Msg("{text} is not a deal number", text=answer)), style="bold red"))
            return
        if self._rec.editing is not None:
            self._say(Text(t(Msg("Deal {deal} is being corrected: Enter writes it back or "
                                 "Escape leaves it first.", deal=self._rec.editing)),
                           style="bold red"))
            return
        try:
            deal = self._rec.reopen(int(answer))
        except RecordRefused as refused:
            self._say(refusal(refused))
            return
        self._reopened, self._changes = self._as_written(deal), 0
        self._say(Text(t(Msg("Deal {number} reopened: ↑ or Tab picks a card to change, Ctrl+Z "
                             "takes back its last lines; change as much as needed, then Enter "
                             "writes it back once, Escape drops the changes.",
                             number=int(answer))), style="yellow"))
        self.redraw()

    def action_leave_edit(self) -> None:
        """Escape on a deal reopened: back to the deal in progress; with changes
        not written, asked first (y or n: dropping them is never a default)."""
        if not self._edited():
            self._cancel_edit()
            return
        question = Text(t(Msg("Drop the changes to deal {deal}? The file keeps it as it was.",
                              deal=self._rec.editing)), style="bold")
        self.push_screen(AskScreen(question, typed=self._typed_ahead), self._drop_answer)

    def _drop_answer(self, drop: bool | None) -> None:
        if drop:
            number = self._rec.editing
            self._cancel_edit()
            self._say(Text(t(Msg("The changes to deal {deal} are dropped; {path} is as it was.",
                                 deal=number, path=str(self.path))), style="yellow"))

    def _cancel_edit(self) -> None:
        self._rec.cancel_edit()
        self._reopened, self._changes = None, 0
        self._say(Text(""))  # nothing said of the deal reopened stays on the screen
        self._start_deal()

    def _edited(self) -> bool:
        """Whether the deal reopened has changes not written back: it would not
        be written as it is in the file (a trick taken back and typed again
        the same, in another spelling, is no change)."""
        deal = self._rec.current if self.recorder is not None else None
        return self._reopened is not None and deal is not None and self._rec.editing is not None \
            and (bool(deal.trick_cards) or self._as_written(deal) != self._reopened)

    def _as_written(self, deal: DealInProgress) -> tuple[str, ...]:
        return tuple(write_deal(canonical_deal(deal.deal(), self._rec.players)))


def refusal(refused: RecordRefused) -> RenderableType:
    """Why the recorder refused (a file it cannot read or write, changed underneath)."""
    return Group(Text(t(refused.message), style="bold red"),
                 render_diagnostics(refused.diagnostics))
