"""``reversis record`` full screen: the Textual app that drives the engine.

Imported only by ``reversis record`` on a terminal (never by another
command: textual is not loaded by them).  Everything the marker does goes
through :class:`~reversis_cli.record.Recorder`; this module only asks,
shows and forwards.  Keys: Enter plays the card typed (Right or Tab takes
the completion), Ctrl+Z undoes, F2-F9 and the palette (Ctrl+P) add the
other statements of a deal, Ctrl+Q saves and quits.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.suggester import Suggester
from textual.widgets import Footer, Input, Static

from ..cards import CARD_STYLES, Card, CardError, respell, sort_cards
from ..i18n import N_, Msg, t, tr
from ..notation.writer import quote
from ..explain import explain_in
from ..render.diagnostics import render_diagnostics
from ..render.explain import render_explanation
from ..render.score import render_session, render_settlement
from ..session import Session
from .deal import cards_left
from .recorder import Finished, RecordRefused, Recorder, Setup
from .tui_screens import AskScreen, LineScreen, PageScreen, SetupScreen
from .tui_view import partie_text, seats_view, session_view, status_line, tricks_view

__all__ = ["RecordApp", "EVENTS", "KEYS", "run_app", "run_new"]

# The statements of a deal other than cards: (key, title, what to ask, the line
# made of the answer).  The answer is a player's name unless the title says.
EVENTS = (
    ("f2", N_("Hand dealt"), N_("hand NAME CARDS (as dealt)"), "hand {}"),
    ("f3", N_("Talon"), N_("talon CARD CARD CARD"), "talon {}"),
    ("f4", N_("Exchange"), N_("exchange NAME discards CARDS takes CARDS"), "exchange {}"),
    ("f5", N_("Espagnolette"), N_("Who holds the espagnolette?"), "espagnolette {}"),
    ("", N_("Espagnolette waived"), N_("Who waived the espagnolette?"),
     "espagnolette {} waives"),
    ("f6", N_("Misdeal"), N_("Who misdealt? (add “late” when found after the exchange)"),
     "misdeal {}"),
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
KEYS = (
    ("ctrl+z", "undo", N_("Undo")),
    ("f8", "events", N_("Events")),
    ("f9", "reopen", N_("Reopen")),
    ("f10", "explain", N_("Explain")),
    ("ctrl+q", "quit", N_("Quit")),
)

# The statements whose answer begins with a player's name: the names are offered.
_NAMED = ("hand", "exchange", "espagnolette", "misdeal", "peeked", "kept", "discarded-two",
          "out-of-turn")

_DEAL_ACTIONS = frozenset({"undo", "events", "reopen", "explain", "event"})

CSS = """
#table { height: auto; border: round $primary; padding: 0 1; }
#left { width: 2fr; }
#right { width: 1fr; padding: 0 1; }
#tricks { height: auto; }
#messages { height: auto; max-height: 12; color: $text; }
#status { height: 1; }
.dialog { width: 80%; height: auto; border: thick $primary; background: $surface;
          padding: 1 2; }
.page { width: 95%; height: 90%; border: thick $primary; background: $surface; }
.keys { color: $text-muted; }
.heading { text-style: bold; }
#setup { padding: 1 2; }
AskScreen, LineScreen, PageScreen { align: center middle; }
"""


class CardSuggester(Suggester):
    """Completes a card from those not played yet, in the spelling being typed."""

    def __init__(self, app: RecordApp):
        super().__init__(use_cache=False, case_sensitive=True)
        self.record_app = app

    async def get_suggestion(self, value: str) -> str | None:
        return self.record_app.complete(value)


class MainScreen(Screen):
    def compose(self) -> ComposeResult:
        with Horizontal():
            with Vertical(id="left"):
                yield Static(id="table")
                yield Static(id="tricks")
            yield Static(id="right")
        yield Static(id="messages")
        yield Static(id="status")
        yield Input(id="card", suggester=CardSuggester(self.app),  # type: ignore[arg-type]
                    placeholder=tr("a card: 9s, 9♠, Д♥ …"))
        # The palette's own footer label is Textual's English: F8 says it instead.
        yield Footer(compact=True, show_command_palette=False)


class RecordApp(App[int]):
    """The recorder on a full screen; ``run()`` returns the exit status."""

    CSS = CSS
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, path: str | Path, setup: Setup | None = None,
                 cards: str = "unicode", recorder: Recorder | None = None):
        super().__init__()
        self.path, self.setup, self.recorder = Path(path), setup or Setup(), recorder
        self.cards = cards if cards in CARD_STYLES else "unicode"
        self._drawn: dict[str, tuple] = {}  # what each panel shows now (see redraw)
        self.title = f"reversis record — {self.path.name}"
        for key, title, _, _ in EVENTS:
            if key:
                self.bind(key, f"event('{title}')", description=tr(title))
        for key, action, description in KEYS:
            self.bind(key, action, description=tr(description))

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
            self.push_screen(AskScreen(Group(*found, Text(question))), self._draft_answer)
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
            if note.problems:
                label = t(Msg("deal {deal}", deal=note.deal))
                found.append(self._problems([replace(d, file=label) for d in note.problems]))
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
        partie = partie_text(deal, self.cards)
        table = Group(seats_view(deal, self.cards), *([partie] if partie else []))
        screen.query_one("#table", Static).update(table)
        screen.query_one("#status", Static).update(status_line(deal, self.recorder.editing))
        tricks_key = (deal.number, self.recorder.editing, len(deal.lines), len(deal.tricks))
        if tricks_key != self._drawn.get("tricks"):
            screen.query_one("#tricks", Static).update(tricks_view(deal, self.cards))
            self._drawn["tricks"] = tricks_key
        session_key = (self.recorder.deals_done, self.recorder.editing, deal.number)
        if session_key != self._drawn.get("session"):
            rules = self.recorder.profile.name if self.recorder.profile else ""
            screen.query_one("#right", Static).update(session_view(
                self.recorder.players, self.recorder.balance(), self.recorder.pool, rules,
                self.recorder.deals_done))
            self._drawn["session"] = session_key

    def _say(self, renderable: RenderableType) -> None:
        self._main.query_one("#messages", Static).update(renderable)

    @property
    def _main(self) -> Screen:
        return next(s for s in self.screen_stack if isinstance(s, MainScreen))

    # -- entry -------------------------------------------------------------------

    def complete(self, typed: str) -> str | None:
        """The first card not played yet whose spelling starts with ``typed``."""
        deal = self.recorder.current if self.recorder else None
        if deal is None or not typed:
            return None
        for card in sort_cards(cards_left(deal)):
            for style in (self.cards, *CARD_STYLES):
                spelling = card.format(style)
                if spelling.casefold().startswith(typed.casefold()) and spelling != typed:
                    return typed + spelling[len(typed):]
        return None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "card":
            return
        text = event.value.strip()
        event.input.value = ""
        deal = self._rec.begin()
        if deal.complete:
            self._finish()
            return
        if not text:
            return
        problem = _not_one_card(text)
        if problem is not None:
            self._say(Text(t(problem), style="bold red"))
            return
        self._handle(self._engine(self._rec.play, text))

    def _engine(self, change, *args):
        """A change through the recorder; a file it cannot write (a full disk,
        a folder made read-only) is said on the screen, never a traceback."""
        try:
            return change(*args)
        except RecordRefused as refused:
            self._say(_refusal(refused))
            return None

    def _handle(self, outcome) -> None:
        """Show what became of a change; a warning (a revoke) asks the marker."""
        if outcome is None:  # said by _engine
            self.redraw()
        elif outcome.accepted:
            self._say(Text(""))
            self._after_change()
        elif outcome.waiting:
            question = Group(self._problems(outcome.problems),
                             Text(tr("Did it happen so at the table? (the rules settle it)"),
                                  style="bold"))
            self.push_screen(AskScreen(question), self._confirm_answer)
        else:
            self._say(self._problems(outcome.problems))

    def _problems(self, problems) -> RenderableType:
        """Problems as ``check`` words them, the cards in the marker's spelling."""
        return render_diagnostics([replace(d, message=respell(t(d.message), self.cards))
                                   for d in problems])

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
        if not self.check_action("event", ()):  # from the palette, under a page
            return
        _, _, ask, line = next(e for e in EVENTS if e[1] == title)
        if "{}" not in line:
            self._add_line(line)
            return
        names = self._rec.players if line.startswith(_NAMED) else ()
        self.push_screen(LineScreen(tr(ask), completions=names), lambda answer: self._event_answer(
            line, answer, title == "Note"))

    def _event_answer(self, line: str, answer: str | None, is_note: bool) -> None:
        if answer:
            self._add_line(line.format(quote(answer) if is_note else answer))

    def _add_line(self, line: str) -> None:
        self._handle(self._engine(self._rec.add_line, line))

    def action_events(self) -> None:
        self.action_command_palette()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for _, title, ask, _ in EVENTS if isinstance(screen, MainScreen) else ():
            yield SystemCommand(tr(title), tr(ask) if ask else "",
                                lambda title=title: self.action_event(title))
        if self.recorder is not None and self.recorder.editing is not None:
            yield SystemCommand(tr("Cancel the edit"), tr("Back to the deal in progress"),
                                self._cancel_edit)
        # Textual's own commands (themes, screenshots...) would speak English only.
        yield SystemCommand(tr("Quit"), tr("The deal in progress stays in its draft"),
                            self.exit)

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
        self._show_settled(finished)

    def _show_settled(self, finished: Finished) -> None:
        assert finished.settlement is not None
        body = Group(render_settlement(finished.settlement, self._rec.players, self.cards),
                     Text(""), self._session_table())
        keys = {"enter": "next", "escape": "next", "e": "explain", "f10": "explain"}
        self.push_screen(PageScreen(body, keys, tr("Enter: next deal · e: explain this deal")),
                         lambda word: self._after_settled(word, finished))

    def _session_table(self) -> RenderableType:
        balance = self._rec.balance()
        return render_session(None, balance, self._rec.pool, self._rec.players)

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
            self._rec.reopen(int(answer))
        except RecordRefused as refused:
            self._say(_refusal(refused))
            return
        self._say(Text(t(Msg("Deal {number} reopened: Ctrl+Z takes back its lines; when it is "
                             "complete, Enter on an empty line writes it back.",
                             number=int(answer))), style="yellow"))
        self.redraw()

    def _cancel_edit(self) -> None:
        self._rec.cancel_edit()
        self._start_deal()

    def _fatal_error(self) -> None:
        """A fault of ours: the app closes without Textual's traceback, and
        :func:`run_app` raises the error for the command line to report in one
        line (exit 3).  Everything accepted is already in FILE or the draft."""
        self._close_messages_no_wait()

    async def action_quit(self) -> None:
        self.exit(0)


def _not_one_card(text: str) -> Msg | str | None:
    """Only a card is typed in the card line: a word that is not one is said
    as the notation says it (a ten, "кв")."""
    if len(text.split()) != 1:
        return Msg("type one card; the other statements of a deal are on F2-F9 and Ctrl+P")
    try:
        Card.parse(text)
    except CardError as error:
        return error.message
    return None


def _refusal(refused: RecordRefused) -> RenderableType:
    return Group(Text(t(refused.message), style="bold red"),
                 render_diagnostics(refused.diagnostics))


def run_app(recorder: Recorder, cards: str = "unicode") -> int:
    """Record into the file ``recorder`` has opened, on the full screen, until
    the marker quits (every finished deal is in the file, the deal in progress
    in its draft); the exit status."""
    app = RecordApp(recorder.path, recorder.setup, cards, recorder)
    status = app.run()
    if app._exception is not None:  # see RecordApp._fatal_error
        raise app._exception
    return 0 if status is None else status


def run_new(path: str | Path, setup: Setup, cards: str = "unicode") -> int:
    """Start a new FILE on the full screen: the start-up questions the command
    line left open are asked on the screen (a wrong answer is said there and
    asked again), then the recording goes on as with :func:`run_app`.  The
    caller has checked that the folder can be written."""
    app = RecordApp(path, setup, cards)
    status = app.run()
    if app._exception is not None:  # see RecordApp._fatal_error
        raise app._exception
    return 0 if status is None else status
