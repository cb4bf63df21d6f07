"""``reversis record`` full screen: the Textual app that drives the engine.

Imported only by ``reversis record`` on a terminal (never by another
command: textual is not loaded by them).  Everything the marker does goes
through :class:`~reversis_cli.record.Recorder`; this module only asks,
shows and forwards.  Keys: Enter plays the card typed (Right takes the
completion; a whole trick may be typed on one line), Ctrl+Z undoes, ↑ or Tab
picks a card in the tricks to change it, F2-F7 and the list of events (F8 or
Ctrl+P) add the other statements of a deal, Ctrl+Q quits (the deal in
progress stays in its draft).  The deal itself (drawing, changing, closing,
reopening) is :class:`.deal.DealApp`'s.
"""

from __future__ import annotations

import functools
from pathlib import Path

import click
from rich.console import Group, RenderableType
from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

from ...cards import CARD_STYLES, sort_cards
from ...i18n import N_, Count, Msg, t, tr
from ...i18n.state import lang
from ...notation.statements import NAMED_KEYWORDS
from ...notation.writer import quote
from ..deal import STATEMENT_WORDS, Outcome, cards_left
from ..previous import PoolOffer
from ..recorder import RecordRefused, Recorder, Setup
from .deal import DealApp, refusal
from .fence import QuietFaults, raise_fault
from .main import CSS, MIN_SIZE, CardInput, MainScreen
from .problems import problem_view, word_problem
from .screens import (
    AskScreen, EventsScreen, LineScreen, SetupProblem, SetupScreen, card_typed,
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
    ("up", "correct", N_("Correct")),
    ("f8", "events", N_("Events")),
    ("f9", "reopen", N_("Reopen")),
    ("f10", "explain", N_("Explain")),
)

# The statements whose answer begins with a player's name: the names are offered.
_NAMED = NAMED_KEYWORDS


class RecordApp(QuietFaults, DealApp):
    """The recorder on a full screen; ``run()`` returns the exit status (a
    fault of ours closes it quietly: :class:`.fence.QuietFaults`)."""

    CSS = CSS
    # Ctrl+C says how to quit, in the run's language (Textual's own answer is English),
    # also in the card line, where Textual's Ctrl+C would copy.
    BINDINGS = [Binding("ctrl+c", "help_quit", show=False, priority=True)]
    # The events list (F8, Ctrl+P) is the recorder's own: Textual's palette speaks English.
    ENABLE_COMMAND_PALETTE = False

    def __new__(cls, *args, **kwargs):
        """The app of the run's language, as ``pathlib.Path()`` gives a
        ``PosixPath``: a subclass whose class bindings hold the footer's words
        in that language (:func:`in_language`)."""
        if "_language" not in cls.__dict__:
            cls = in_language(cls, lang())
        return super().__new__(cls)

    def __init__(self, path: str | Path, setup: Setup | None = None,
                 cards: str = "unicode", recorder: Recorder | None = None,
                 offer: PoolOffer | None = None):
        super().__init__(path, recorder, cards)
        self.setup = setup or Setup()
        self.offer = offer  # the pool the last evening in the folder left, for the form
        self.title = f"reversis record — {self.path.name}"
        self.farewell: list[Msg] = []  # said in the terminal once the screen is gone
        # An event's answer refused, offered again in the same deal: title -> (deal, answer).
        self._refused: dict[str, tuple[int, str]] = {}

    def get_driver_class(self):
        """Textual's driver; in place of its web driver (textual-serve), one that
        also ends the recorder when the browser's input ends (:mod:`.web`)."""
        from .web import EndsWithInput, WebDriver  # Textual's, and ours over it

        driver = super().get_driver_class()
        return EndsWithInput if driver is WebDriver else driver

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
        values: dict[str, str] = {}
        notes: dict[str, str] = {}
        if self.offer is not None and self.setup.pot is None:
            # the pot: offered filled in (Enter takes it), or said why not
            fields.append("pot")
            values["pot"] = self.offer.text or ""
            notes["pot"] = t(self.offer.note)
        self.push_screen(SetupScreen(fields, self._try_setup, values, notes),
                         lambda _: self._offer_draft())

    def _try_setup(self, answers: dict[str, str]) -> SetupProblem | None:
        players = tuple(answers.get("players", "").replace(",", " ").split()) \
            or self.setup.players
        setup = Setup(players, answers.get("rules") or self.setup.rules,
                      answers.get("dealer") or self.setup.dealer,
                      answers.get("title") or None, answers.get("date") or None,
                      answers.get("place") or None,
                      answers.get("pot") or self.setup.pot, cards=self.setup.cards)
        try:
            self.recorder = Recorder.open(self.path, setup)
        except RecordRefused as refused:
            return SetupProblem(refusal(refused), refused.about)
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
        draft = self._rec.draft
        if resume:
            self._rec.resume()
        elif draft is not None:
            kept = self._engine(self._rec.discard_draft)
            if kept:  # the name it is kept under: it may be the deal's only copy
                self._say(Text(t(Msg("The draft of deal {deal} is set aside, kept as {kept}; "
                                     "the deal starts again.", deal=draft.deal, kept=kept)),
                               style="yellow"))
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
            self._say(refusal(refused))
            self._ask_dealer()
            return
        self._start_deal()

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
                self._close()
            return
        words = text.split()
        if words[0] in STATEMENT_WORDS or words[0].isdigit() or words[0] in deal.players:
            # A line of the notation, as in the line mode; refused, it stays to correct.
            if _refused(self._add_line(text)) and isinstance(self.screen, MainScreen):
                self._typed_ahead(text)
            return
        self._play_words(words)

    def _play_words(self, words: list[str]) -> None:
        """Cards typed on one line, played one by one as if typed apart; at a
        refusal or a question the rest stays in the card line.  A suit typed
        on the Cyrillic layout (``Др``) is read as the card it is."""
        words = [card_typed(word, self.cards) for word in words]
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
        number, refused = self._refused.get(title, (None, ""))
        if number == self._rec.begin().number:  # refused last time: back, to correct
            value = refused
        self.push_screen(LineScreen(tr(ask), value=value, completions=names),
                         lambda answer: self._event_answer(title, line, answer))

    def _event_answer(self, title: str, line: str, answer: str | None) -> None:
        if not answer:
            return
        outcome = self._add_line(line.format(quote(answer) if title == "Note" else answer))
        if _refused(outcome):
            self._refused[title] = (self._rec.begin().number, answer)
        else:
            self._refused.pop(title, None)

    def _add_line(self, line: str) -> Outcome | None:
        outcome = self._engine(self._rec.add_line, line)
        self._handle(outcome)
        return outcome

    def action_events(self) -> None:
        choices = [(title, key.upper(), tr(title), tr(ask) if ask else "")
                   for key, title, ask, _ in EVENTS]
        choices.append(("correct", "↑", tr("Change a card"),
                        tr("Pick a card in the tricks and type the card played instead")))
        if self._rec.editing is not None:
            choices.append(("cancel-edit", "Esc", tr("Cancel the edit"),
                            tr("Back to the deal in progress")))
        choices.append(("quit", "Ctrl+Q", tr("Quit"),
                        tr("The deal in progress stays in its draft")))
        self.push_screen(EventsScreen(choices), self._event_chosen)

    def _event_chosen(self, chosen: str | None) -> None:
        if chosen == "quit":
            self.call_later(self.action_leave)
        elif chosen == "cancel-edit":
            self.call_later(self.action_leave_edit)  # changes not written: asked first
        elif chosen == "correct":
            self.call_after_refresh(self.action_correct)  # once the list gave the focus back
        elif chosen is not None:
            self.action_event(chosen)

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


def _refused(outcome: Outcome | None) -> bool:
    """Whether a line was refused (errors, or a file that cannot be written),
    not taken nor waiting on the marker's word."""
    return outcome is None or not (outcome.accepted or outcome.waiting)


def run_app(recorder: Recorder, cards: str = "unicode") -> int:
    """Record into the file ``recorder`` has opened, on the full screen, until
    the marker quits (every finished deal is in the file, the deal in progress
    in its draft); the exit status."""
    return _run(RecordApp(recorder.path, recorder.setup, cards, recorder))


def run_new(path: str | Path, setup: Setup, cards: str = "unicode",
            offer: PoolOffer | None = None) -> int:
    """Start a new FILE on the full screen: the start-up questions the command
    line left open are asked on the screen (a wrong answer is said there and
    asked again), then the recording goes on as with :func:`run_app`.  The
    caller has checked that the folder can be written.  ``offer``: the pool
    the last evening in the folder left, offered as the pot."""
    return _run(RecordApp(path, setup, cards, offer=offer))


def _run(app: RecordApp) -> int:
    """Run the app; once the screen is gone, say in the terminal where the
    deal in progress is kept (as the line mode does when it stops)."""
    status = app.run()
    raise_fault(app)  # a fault of ours: said in one line by the command line (exit 3)
    for message in app.farewell:
        click.echo(t(message))
    return 0 if status is None else status


@functools.cache
def in_language(app: type[RecordApp], language: str) -> type[RecordApp]:
    """``app`` with its keys as class bindings, their descriptions in
    ``language`` (the run's: :func:`tr` speaks it).  Class bindings, because
    Textual builds a class's key map once and gives each app a shallow copy of
    it: a key bound on an instance (``App.bind``) that the class map already
    holds, Ctrl+Q, is added to a list every app of the process shares, and the
    footer of a Russian app made after an English one said "Quit"."""
    keys = [Binding(key, action, tr(description)) for key, action, description in KEYS]
    keys += [Binding(key, f"event('{title}')", tr(title), show=False)  # the events list (F8)
             for key, title, _, _ in EVENTS if key]
    keys += [Binding("ctrl+p", "events", show=False),
             Binding("pageup", "scroll_tricks(-1)", show=False),
             Binding("pagedown", "scroll_tricks(1)", show=False),
             Binding("escape", "leave_edit", show=False)]
    return type(f"{app.__name__}_{language}", (app,),
                {"BINDINGS": keys, "_language": language, "__module__": __name__})
