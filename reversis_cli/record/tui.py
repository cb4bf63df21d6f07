"""``reversis record`` full screen: the Textual app that drives the engine.

Imported only by ``reversis record`` on a terminal (never by another
command: textual is not loaded by them).  Everything the marker does goes
through :class:`~reversis_cli.record.Recorder`; this module only asks,
shows and forwards.  Keys: Enter plays the card typed (Right takes the
completion; a whole trick may be typed on one line), Ctrl+Z undoes, F2-F7
and the list of events (F8 or Ctrl+P) add the other statements of a deal,
Ctrl+Q quits (the deal in progress stays in its draft).
"""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from ..cards import CARD_STYLES, sort_cards
from ..i18n import N_, Count, Msg, t, tr
from ..notation.writer import quote
from ..explain import explain_in
from ..render.diagnostics import render_diagnostics
from ..render.explain import render_explanation
from ..render.score import render_session, render_settlement
from ..render.session import SESSION_ROWS, BalanceRows
from ..session import Session
from .deal import STATEMENT_WORDS, cards_left
from .draft import draft_path
from .recorder import Finished, RecordRefused, Recorder, Setup
from .tui_main import CSS, MIN_SIZE, CardInput, MainScreen
from .tui_problems import problem_view, word_problem
from .tui_screens import AskScreen, EventsScreen, LineScreen, PageScreen, SetupScreen
from .tui_view import (
    lines_view, partie_text, seats_view, session_view, status_line, trick_columns, trick_rows,
    where_line,
)

__all__ = ["RecordApp", "CardInput", "EVENTS", "KEYS", "MIN_SIZE", "run_app", "run_new"]

# The statements of a deal other than cards: (key, title, what to ask, the line
# made of the answer).  The answer is a player's name unless the title says.
EVENTS = (
    ("f2", N_("Hand dealt"), N_("hand NAME CARDS (as dealt)"), "hand {}"),
    ("f3", N_("Talon"), N_("talon CARD CARD CARD"), "talon {}"),
    ("f4", N_("Exchange"), N_("exchange NAME discards CARDS takes CARDS"), "exchange {}"),
    ("f5", N_("Espagnolette"), N_("Who holds the espagnolette?"), "espagnolette {}"),
    ("", N_("Espagnolette waived"), N_("Who waived the espagnolette?"),
     "espagnolette {} waives"),
    ("f6", N_("Misdeal"), N_("A misdeal by the dealer: Enter; add “late” when found after the "
                             "exchange"), "misdeal {}"),
    ("", N_("Redeal paid"), "", "redeal paid"),
    ("", N_("Exposed card"), "", "exposed"),
    ("", N_("Peeked"), N_("Who saw his talon card before discarding?"), "peeked {}"),
    ("", N_("Kept the talon card"), N_("Who kept his talon card and played with twelve?"),
     "kept {}"),
    ("", N_("Discarded two"), N_("Who discarded two cards?"), "discarded-two {}"),
    ("", N_("Discard out of turn"), N_("Who discarded before his turn?"), "out-of-turn {}"),
    ("", N_("Unclaimed payment"), N_("Trick number (and the player not paid)"), "unclaimed {}"),
    ("f7", N_("Note"), N_("The note"), "note {}"),
)

# The keys of the main screen: (key, action, description) for the footer and the README.
# Quit comes first: a narrow footer cuts its end, and how to quit must show.
KEYS = (
    ("ctrl+q", "leave", N_("Quit")),
    ("ctrl+z", "undo", N_("Undo")),
    ("f8", "events", N_("Events")),
    ("f9", "reopen", N_("Reopen")),
    ("f10", "explain", N_("Explain")),
)

# The statements whose answer begins with a player's name: the names are offered.
_NAMED = ("hand", "exchange", "espagnolette", "misdeal", "peeked", "kept", "discarded-two",
          "out-of-turn")

_DEAL_ACTIONS = frozenset({"undo", "events", "reopen", "explain", "event", "scroll_tricks"})

class RecordApp(App[int]):
    """The recorder on a full screen; ``run()`` returns the exit status."""

    CSS = CSS
    # Ctrl+C says how to quit, in the run's language (Textual's own answer is English),
    # also in the card line, where Textual's Ctrl+C would copy.
    BINDINGS = [Binding("ctrl+c", "help_quit", show=False, priority=True)]
    # The events list (F8, Ctrl+P) is the recorder's own: Textual's palette speaks English.
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, path: str | Path, setup: Setup | None = None,
                 cards: str = "unicode", recorder: Recorder | None = None):
        super().__init__()
        self.path, self.setup, self.recorder = Path(path), setup or Setup(), recorder
        self.cards = cards if cards in CARD_STYLES else "unicode"
        self._drawn: dict[str, tuple] = {}  # what each panel shows now (see redraw)
        self.title = f"reversis record — {self.path.name}"
        for key, action, description in KEYS:
            self.bind(key, action, description=tr(description))
        for key, title, _, _ in EVENTS:  # in the events list (F8), not the footer: it fits
            if key:
                self.bind(key, f"event('{title}')", description=tr(title), show=False)
        self.bind("ctrl+p", "events", show=False)
        self.bind("pageup", "scroll_tricks(-1)", show=False)
        self.bind("pagedown", "scroll_tricks(1)", show=False)
        self.farewell: list[Msg] = []  # said in the terminal once the screen is gone
        self._reopened: list[str] | None = None  # the lines of a reopened deal, as they were

    # -- start -------------------------------------------------------------------

    def get_default_screen(self) -> Screen:
        return MainScreen()

    def on_mount(self) -> None:
        self.call_after_refresh(self._begin)

    def _begin(self) -> None:
        if self.recorder is None:
            self._ask_setup()
        else:
            self._offer_draft()

    def _ask_setup(self) -> None:
        given = {"players": self.setup.players, "rules": self.setup.rules,
                 "dealer": self.setup.dealer}
        fields = [name for name, value in given.items() if not value]
        fields += ["title", "date", "place"]
        self.push_screen(SetupScreen(fields, self._try_setup), lambda _: self._offer_draft())

    def _try_setup(self, answers: dict[str, str]) -> RenderableType | None:
        players = tuple(answers.get("players", "").replace(",", " ").split()) \
            or self.setup.players
        setup = Setup(players, answers.get("rules") or self.setup.rules,
                      answers.get("dealer") or self.setup.dealer,
                      answers.get("title") or None, answers.get("date") or None,
                      answers.get("place") or None, cards=self.setup.cards)
        try:
            self.recorder = Recorder.open(self.path, setup)
        except RecordRefused as refused:
            return _refusal(refused)
        return None

    def _offer_draft(self) -> None:
        recorder = self._rec
        found = self._found_beside()  # what became of the draft: said before anything
        if recorder.draft is not None:
            question = t(Msg("Resume deal {number} (dealer {dealer}) where it stopped?",
                             number=recorder.draft.deal, dealer=recorder.draft.dealer))
            self.push_screen(AskScreen(Group(*found, Text(question)), default=True,
                                       typed=self._typed_ahead), self._draft_answer)
        else:
            if found:
                self._say(Group(*found))
            self._ask_dealer()

    def _found_beside(self) -> list[RenderableType]:
        """The engine's notes on what it found beside FILE at start."""
        recorder = self._rec
        found: list[RenderableType] = []
        if recorder.removed_temporaries:
            found.append(Text(t(Msg("Removed what a write cut off left beside {path}: {files}.",
                                    path=str(recorder.path),
                                    files=", ".join(recorder.removed_temporaries))),
                              style="yellow"))
        for note in recorder.draft_notes:
            found.append(Text(t(note.message), style="yellow"))
            if note.problems and note.before is not None:
                found.append(problem_view(note.problems, note.before, self.cards))
        return found

    def _draft_answer(self, resume: bool | None) -> None:
        if resume:
            self._rec.resume()
        else:
            self._rec.discard_draft()
        self._ask_dealer()

    def _ask_dealer(self) -> None:
        if not self._rec.needs_dealer:
            self._start_deal()
            return
        self.push_screen(LineScreen(t(Msg("Who deals first? ({players})",
                                          players=", ".join(self._rec.players)))),
                         self._dealer_answer)

    def _dealer_answer(self, name: str | None) -> None:
        try:
            self._rec.set_first_dealer(name or "")
        except RecordRefused as refused:
            self._say(_refusal(refused))
            self._ask_dealer()
            return
        self._start_deal()

    def _start_deal(self) -> None:
        self._rec.begin()
        self.redraw()
        self._main.query_one("#card", Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys of a deal work on the main screen only, with a deal begun
        (not under a question or a page, nor before the start-up answers)."""
        if action == "quit":
            # Textual's own Ctrl+Q (a priority binding, hidden from the footer) is
            # set aside for ours, "leave": shown, and asking first about an edit.
            return False
        if action in _DEAL_ACTIONS:
            return isinstance(self.screen, MainScreen) and self.recorder is not None \
                and self.recorder.current is not None
        return True

    @property
    def _rec(self) -> Recorder:
        assert self.recorder is not None
        return self.recorder

    # -- drawing -----------------------------------------------------------------

    def redraw(self) -> None:
        """The panels from the engine's state: the table and the status after
        every change, the tricks and the session only when they changed (a
        table is the dearest thing to lay out)."""
        if self.recorder is None or self.recorder.current is None:
            return
        screen = self._main
        deal = self.recorder.current
        editing = self.recorder.editing
        partie = partie_text(deal, self.cards)
        table = Group(seats_view(deal, self.cards), *([partie] if partie else []))
        screen.query_one("#table", Static).update(table)
        screen.query_one("#status", Static).update(status_line(deal, editing))
        if self._drawn.get("where") != (editing,):
            screen.query_one("#where", Static).update(where_line(draft_path(self.path).name,
                                                                 editing))
            self._drawn["where"] = (editing,)
        tricks_key = (deal.number, editing, len(deal.lines))
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

    def _draw_tricks(self, table: DataTable, deal) -> None:
        """The tricks so far, scrolled to the last: a row per trick, a column
        per player, so that a card is a cell.  Redrawn once a trick (the table
        draws all its rows again after any change; the trick in progress is
        on the seats)."""
        if not table.columns:
            for label in trick_columns(deal):
                table.add_column(label)
        table.clear()
        for row in trick_rows(deal, self.cards):
            table.add_row(*row, key=row[0].plain)
        # The cursor (hidden) on the last trick keeps it in view, once laid out.
        self.call_after_refresh(table.move_cursor, row=table.row_count - 1, animate=False)

    def action_scroll_tricks(self, pages: int) -> None:
        table = self._main.query_one("#tricks", DataTable)
        table.scroll_relative(y=pages * max(1, table.size.height - 2), animate=False)

    def _say(self, renderable: RenderableType) -> None:
        self._main.query_one("#messages", Static).update(renderable)

    @property
    def _main(self) -> Screen:
        return next(s for s in self.screen_stack if isinstance(s, MainScreen))

    # -- entry -------------------------------------------------------------------

    def complete(self, typed: str) -> str | None:
        """The first card not played yet whose spelling starts with ``typed``."""
        deal = self.recorder.current if self.recorder else None
        if deal is None or not typed or " " in typed:
            return None
        for card in sort_cards(cards_left(deal)):
            for style in (self.cards, *CARD_STYLES):
                spelling = card.format(style)
                if spelling.casefold().startswith(typed.casefold()) and spelling != typed:
                    return typed + spelling[len(typed):]
        return None

    def _typed_ahead(self, text: str) -> None:
        """Keys typed while a question was on the screen: kept in the card line
        for the marker to send once he has seen the question."""
        card = self._main.query_one("#card", Input)
        card.value += text
        card.cursor_position = len(card.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "card":
            return
        text = event.value.strip()
        if not isinstance(self.screen, MainScreen):
            # Sent before a question opened over it: kept, never played unseen.
            self._typed_ahead(text + " " if text else "")
            return
        deal = self._rec.begin()
        if not text:
            if deal.complete:
                self._finish()
            return
        words = text.split()
        if words[0] in STATEMENT_WORDS or words[0].isdigit() or words[0] in deal.players:
            self._add_line(text)  # a line of the notation, as in the line mode
            return
        self._play_words(words)

    def _play_words(self, words: list[str]) -> None:
        """Cards typed on one line, played one by one as if typed apart; at a
        refusal or a question the rest stays in the card line."""
        for index, word in enumerate(words):
            problem = word_problem(word)
            if problem is not None:
                self._say(Text(t(problem), style="bold red"))
                taken = False
            else:
                taken = self._handle(self._engine(self._rec.play, word))
            if not taken or not isinstance(self.screen, MainScreen):
                rest = words[index + 1:] if problem is None else words[index:]
                if rest and len(words) > 1:
                    self._typed_ahead(" ".join(rest))
                return

    def _engine(self, change, *args):
        """A change through the recorder; a file it cannot write (a full disk,
        a folder made read-only) is said on the screen, never a traceback."""
        try:
            return change(*args)
        except RecordRefused as refused:
            self._say(_refusal(refused))
            return None

    def _handle(self, outcome) -> bool:
        """Show what became of a change (whether it was taken); a warning (a
        revoke) asks the marker."""
        if outcome is None:  # said by _engine
            self.redraw()
            return False
        if outcome.accepted:
            self._say(Text(""))
            self._after_change()
            return True
        if outcome.waiting:
            question = Group(self._problems(outcome.problems),
                             Text(tr("Did it happen so at the table? (the rules settle it)"),
                                  style="bold"))
            self.push_screen(AskScreen(question, typed=self._typed_ahead), self._confirm_answer)
        else:
            self._say(self._problems(outcome.problems))
        return False

    def _problems(self, problems) -> RenderableType:
        """Problems as ``check`` words them, placed by trick and player, the
        cards in the screen's spelling."""
        return problem_view(problems, self._rec.begin(), self.cards)

    def _confirm_answer(self, happened: bool | None) -> None:
        if happened:
            self._rec.begin().confirm()  # taken; the draft next, which may fail apart
            self._say(Text(tr("Revoke confirmed: it stays in the record."), style="yellow"))
            self._engine(self._rec.save_draft)
            self._after_change()
        else:
            self._rec.reject()
            self._say(Text(tr("Not taken: type the card that was played."), style="yellow"))

    def _after_change(self) -> None:
        self.redraw()
        deal = self._rec.begin()
        if deal.complete and deal.played:
            self._finish()

    def action_undo(self) -> None:
        taken = self._engine(self._rec.undo)
        if taken is not None:
            self._say(Text(tr("Taken back.") if taken
                           else tr("Nothing to take back in this deal.")))
        self.redraw()

    # -- the other statements ------------------------------------------------------

    def action_event(self, title: str) -> None:
        if not self.check_action("event", ()):  # from the events list, under a page
            return
        _, _, ask, line = next(e for e in EVENTS if e[1] == title)
        if "{}" not in line:
            self._add_line(line)
            return
        names: tuple[str, ...] = self._rec.players if line.startswith(_NAMED) else ()
        value = ""
        if line.startswith("misdeal"):  # only the dealer misdeals: his name is given
            dealer = self._rec.begin().dealer
            value, names = dealer, (f"{dealer} late",)
        self.push_screen(LineScreen(tr(ask), value=value, completions=names),
                         lambda answer: self._event_answer(line, answer, title == "Note"))

    def _event_answer(self, line: str, answer: str | None, is_note: bool) -> None:
        if answer:
            self._add_line(line.format(quote(answer) if is_note else answer))

    def _add_line(self, line: str) -> None:
        self._handle(self._engine(self._rec.add_line, line))

    def action_events(self) -> None:
        choices = [(title, key.upper(), tr(title), tr(ask) if ask else "")
                   for key, title, ask, _ in EVENTS]
        if self._rec.editing is not None:
            choices.append(("cancel-edit", "", tr("Cancel the edit"),
                            tr("Back to the deal in progress")))
        choices.append(("quit", "Ctrl+Q", tr("Quit"),
                        tr("The deal in progress stays in its draft")))
        self.push_screen(EventsScreen(choices), self._event_chosen)

    def _event_chosen(self, chosen: str | None) -> None:
        if chosen == "quit":
            self.call_later(self.action_leave)
        elif chosen == "cancel-edit":
            self._cancel_edit()
        elif chosen is not None:
            self.action_event(chosen)

    # -- closing a deal ------------------------------------------------------------

    def _finish(self) -> None:
        try:
            finished = self._rec.finish()
        except RecordRefused as refused:
            self._say(_refusal(refused))
            return
        if not finished.closed:
            self._say(Group(Text(tr("The deal cannot be closed: correct it (Ctrl+Z undoes)."),
                                 style="bold red"), self._problems(finished.problems)))
            return
        self._say(Text(""))
        self._reopened = None
        self._show_settled(finished)

    def _show_settled(self, finished: Finished) -> None:
        assert finished.settlement is not None
        body = Group(render_settlement(finished.settlement, self._rec.players, self.cards),
                     Text(""), self._session_table())
        keys = {"enter": "next", "escape": "next", "e": "explain", "f10": "explain"}
        self.push_screen(PageScreen(body, keys, tr("Enter: next deal · e: explain this deal")),
                         lambda word: self._after_settled(word, finished))

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
        try:
            deal = self._rec.reopen(int(answer))
        except RecordRefused as refused:
            self._say(_refusal(refused))
            return
        self._reopened = list(deal.lines)
        self._say(Text(t(Msg("Deal {number} reopened: Ctrl+Z takes back its lines; when it is "
                             "complete, Enter on an empty line writes it back.",
                             number=int(answer))), style="yellow"))
        self.redraw()

    def _cancel_edit(self) -> None:
        self._rec.cancel_edit()
        self._reopened = None
        self._say(Text(""))
        self._start_deal()

    def _edited(self) -> bool:
        """Whether the deal reopened has changes not written back."""
        deal = self._rec.current if self.recorder is not None else None
        return self._reopened is not None and deal is not None and self._rec.editing is not None \
            and (deal.lines != self._reopened or bool(deal.trick_cards))

    def _fatal_error(self) -> None:
        """A fault of ours: the app closes without Textual's traceback, and
        :func:`run_app` raises the error for the command line to report in one
        line (exit 3).  Everything accepted is already in FILE or the draft."""
        self._close_messages_no_wait()

    def action_leave(self) -> None:
        """Ctrl+Q: quit; a reopened deal with changes asks first."""
        if self._edited() and not isinstance(self.screen, AskScreen):
            question = Text(t(Msg("Deal {deal} has changes that are not written back. Quit and "
                                  "drop them?", deal=self._rec.editing)), style="bold")
            self.push_screen(AskScreen(question), self._quit_answer)
            return
        self._leave()

    def _quit_answer(self, drop: bool | None) -> None:
        if drop:
            self._leave()

    def _leave(self) -> None:
        """Close the screen; what became of the deal is said in the terminal after."""
        said: list[Msg] = []
        recorder = self.recorder
        if recorder is not None and recorder.editing is not None:
            if self._edited():
                said.append(Msg("The changes to deal {deal} are dropped; {path} is as it was.",
                                deal=recorder.editing, path=str(self.path)))
            recorder.cancel_edit()
        deal = recorder.current if recorder is not None else None
        if deal is not None and (deal.lines or deal.trick_cards):
            said.append(Msg("Deal {deal} is saved as a draft; 'reversis record {path}' resumes "
                            "it.", deal=deal.number, path=str(self.path)))
        elif recorder is not None:
            said.append(Msg("Stopped; {path} holds {deals}.", path=str(self.path),
                            deals=Count(recorder.deals_done, "{n} deal", "{n} deals")))
        self.farewell = said
        self.exit(0)

    def action_help_quit(self) -> None:
        """Ctrl+C: how to quit, in the run's language (Textual's own is English)."""
        self.notify(tr("Ctrl+Q quits; the deal in progress stays in its draft."),
                    title=tr("To quit"))


def _refusal(refused: RecordRefused) -> RenderableType:
    return Group(Text(t(refused.message), style="bold red"),
                 render_diagnostics(refused.diagnostics))


def run_app(recorder: Recorder, cards: str = "unicode") -> int:
    """Record into the file ``recorder`` has opened, on the full screen, until
    the marker quits (every finished deal is in the file, the deal in progress
    in its draft); the exit status."""
    return _run(RecordApp(recorder.path, recorder.setup, cards, recorder))


def run_new(path: str | Path, setup: Setup, cards: str = "unicode") -> int:
    """Start a new FILE on the full screen: the start-up questions the command
    line left open are asked on the screen (a wrong answer is said there and
    asked again), then the recording goes on as with :func:`run_app`.  The
    caller has checked that the folder can be written."""
    return _run(RecordApp(path, setup, cards))


def _run(app: RecordApp) -> int:
    """Run the app; once the screen is gone, say in the terminal where the
    deal in progress is kept (as the line mode does when it stops)."""
    status = app.run()
    if app._exception is not None:  # see RecordApp._fatal_error
        raise app._exception
    for message in app.farewell:
        click.echo(t(message))
    return 0 if status is None else status
