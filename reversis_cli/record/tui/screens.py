"""The dialogs of the recording app: the start-up questions, a yes/no
question, one line to type, the list of a deal's events, and a page to read
(a settlement, an explanation).

Every single-letter key works on the Cyrillic layout too (:func:`with_cyrillic`):
a Russian marker types Т К Д В with that layout on, and the key marked y
then gives н."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import NamedTuple

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.suggester import SuggestFromList
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...cards import Card, CardError, TenCardError
from ...i18n import N_, tr

__all__ = ["AskScreen", "EventsScreen", "LineScreen", "PageScreen", "SetupScreen", "SetupProblem",
           "SETUP_FIELDS", "CYRILLIC", "CYRILLIC_SUITS", "card_typed", "with_cyrillic"]

# The letter the Russian (ЙЦУКЕН) layout gives on each key of the Latin one.
CYRILLIC = dict(zip("qwertyuiopasdfghjklzxcvbnm", "йцукенгшщзфывапролдячсмить", strict=True))


def with_cyrillic(keys: str) -> str:
    """A binding's keys with, for each single letter, the same key on the
    Cyrillic layout: ``"y"`` → ``"y,н"``."""
    out = []
    for key in keys.split(","):
        out.append(key)
        if key in CYRILLIC:
            out.append(CYRILLIC[key])
    return ",".join(out)


# The suits' keys S H D C give ы р в с on the Cyrillic layout: a Russian marker
# types Д and then the H key, «Др», for the queen of hearts.
CYRILLIC_SUITS = {CYRILLIC[key]: key.upper() for key in "shdc"}


def card_typed(word: str, style: str) -> str:
    """A word of the card line with its suit typed on the Cyrillic layout
    (``2ы``: the 2 and the S key; ``Др``, ``Тв``, ``Вс``) as the card it is,
    in the screen's ``style``; a ten keeps its own refusal (``10ы`` is
    ``10S``); any other word as typed.  The suit is the word's last letter,
    so ``Вв`` is the jack (В) of diamonds (the D key)."""
    suit = CYRILLIC_SUITS.get(word[-1:].casefold())
    if suit is None or len(word) < 2:
        return word
    latin = word[:-1] + suit
    try:
        return Card.parse(latin).format(style)
    except TenCardError:
        return latin  # check's own words for a ten, on the card as meant
    except CardError:
        return word


# The start-up questions of a new file: (field, label), in the order asked.
SETUP_FIELDS = (
    ("players", N_("Players in playing order (four names)")),
    ("rules", N_("Rule profile (classic, modern or a house .toml file)")),
    ("dealer", N_("First dealer")),
    ("title", N_("Title (optional)")),
    ("date", N_("Date (optional)")),
    ("place", N_("Place (optional)")),
    ("pot", N_("Pot: what the pool holds before deal 1 (empty for none)")),
)


class SetupProblem(NamedTuple):
    """Why the start-up answers are refused: what to show, and the question
    it is about (a name of :data:`SETUP_FIELDS`; None: not one of them)."""

    view: RenderableType
    field: str | None = None


class SetupScreen(Screen[dict[str, str]]):
    """The questions a new file needs, those the command line did not answer.
    Enter goes to the next question; on the last one it sends the answers to
    ``check``, which returns a problem (the form stays, the problem shown at
    its top, where it is seen at any size, and the focus goes to the question
    it is about, else the first) or None (the form closes with the answers).
    The form scrolls with the focus on a small screen."""

    AUTO_FOCUS = "Input"  # the first question, as the screen opens (not the form itself)

    def __init__(self, fields: list[str], check: Callable[[dict[str, str]], SetupProblem | None],
                 values: Mapping[str, str] | None = None, notes: Mapping[str, str] | None = None):
        super().__init__()
        self.fields = fields
        self.check = check
        self.values = dict(values or {})  # a question's answer filled in: Enter takes it
        self.notes = dict(notes or {})  # a line under a question's label: where its value is from

    def compose(self) -> ComposeResult:
        form = VerticalScroll(id="setup")
        form.can_focus = False  # the keys go to the questions, the form follows the focus
        with form:
            yield Static(tr("A new record: a few questions before the first deal. Enter: next "
                            "question; on the last one, start."), classes="heading")
            yield Static("", id="setup-problem")
            for name, label in SETUP_FIELDS:
                if name in self.fields:
                    yield Label(tr(label))
                    if name in self.notes:
                        yield Static(self.notes[name], id=f"setup-{name}-note")
                    # Not selected when the focus comes back: a key typed to
                    # correct an answer goes on from it, never replaces it.
                    yield Input(self.values.get(name, ""), id=f"setup-{name}", compact=True,
                                select_on_focus=False,
                                placeholder="classic" if name == "rules" else "")
        yield Footer(show_command_palette=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        inputs = list(self.query(Input))
        index = inputs.index(event.input)
        if index + 1 < len(inputs):  # Enter moves to the next question
            inputs[index + 1].focus()
            return
        answers = {i.id.removeprefix("setup-"): i.value.strip() for i in inputs if i.id}
        problem = self.check(answers)
        if problem is None:
            self.dismiss(answers)
            return
        self.query_one("#setup-problem", Static).update(problem.view)
        # Whatever is typed next corrects the answer refused, not the last one.
        about = next((i for i in inputs if i.id == f"setup-{problem.field}"), inputs[0])
        about.focus()
        self.query_one("#setup", VerticalScroll).scroll_home(animate=False)


class AskScreen(ModalScreen[bool]):
    """A question answered y or n (н or т on the Cyrillic layout).

    ``default`` None: nothing else answers it, Enter included (a question
    that moves money: a revoke).  True: Enter says yes and Escape no.  A
    printable key that is no answer is handed to ``typed`` (the card line):
    a card typed while the question opened is kept for the next prompt.
    The keys that come in the question's first :attr:`SETTLE_SECONDS` answer
    nothing: they are typed ahead too."""

    # Keys within this time of the question showing were typed before the
    # marker could read it: a card typed on after the one that raised it.  On
    # the Cyrillic layout the ace Т is also the n key, so a fast marker starting
    # the next card would otherwise answer "no" to a question never seen.
    # A class attribute: tests that answer at once set it to 0.
    SETTLE_SECONDS = 0.4

    def __init__(self, question: RenderableType, default: bool | None = None,
                 typed: Callable[[str], None] | None = None):
        super().__init__()
        self.question, self.default, self.typed = question, default, typed
        self._shown_at: float | None = None  # when the question was first drawn

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, id="question")
            keys = tr("y: yes · n: no") if self.default is None \
                else tr("y / Enter: yes · n / Escape: no")
            yield Static(keys, classes="keys")

    def on_mount(self) -> None:
        self.call_after_refresh(self._shown)

    def _shown(self) -> None:
        self._shown_at = time.monotonic()

    def settling(self) -> bool:
        """Whether the question is only just opening: not drawn yet, or drawn
        less than :attr:`SETTLE_SECONDS` ago."""
        if self.SETTLE_SECONDS <= 0:
            return False
        return self._shown_at is None or time.monotonic() - self._shown_at < self.SETTLE_SECONDS

    def on_key(self, event: events.Key) -> None:
        if self.settling():
            if event.is_printable and event.character and self.typed is not None:
                self.typed(event.character)  # typed ahead, whatever the key: no answer yet
            elif event.key not in ("enter", "escape") and not event.is_printable:
                return
            event.stop()
            return
        letter = (event.character or "").casefold()
        if letter in ("y", CYRILLIC["y"]) or (self.default is not None and event.key == "enter"):
            self.dismiss(True)
        elif letter in ("n", CYRILLIC["n"]) or (self.default is not None
                                                and event.key == "escape"):
            self.dismiss(False)
        elif event.is_printable and event.character and self.typed is not None:
            self.typed(event.character)  # a card typed ahead: back to the card line
        elif event.key != "enter":  # Enter with no default is swallowed: it answers nothing
            return
        event.stop()


class LineScreen(ModalScreen[str | None]):
    """One line to type (Enter: done, Escape: nothing).

    Keys typed with the key that opened it, in one read (a fast typist, a
    macro: ``4c⏎`` on a card of the tricks), reach the screen under it first:
    that screen hands them on with :meth:`type_ahead` and :meth:`submit`, in
    the order they came, also before this one is mounted."""

    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(self, prompt: str, value: str = "", placeholder: str = "",
                 completions: tuple[str, ...] = ()):
        super().__init__()
        self.prompt, self.value, self.placeholder = prompt, value, placeholder
        self.completions = completions  # offered as the line is typed (the players' names)
        self._submitted = False  # Enter came before the line was there

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.prompt)  # wrapped: a prompt may be long
            suggester = SuggestFromList(self.completions, case_sensitive=False) \
                if self.completions else None
            yield Input(self.value, placeholder=self.placeholder, id="line", suggester=suggester)
            yield Static(tr("Enter: done · Escape: cancel"), classes="keys")

    def on_mount(self) -> None:
        line = self.query_one("#line", Input)
        line.cursor_position = len(line.value)  # a value given is typed on, not over
        if self._submitted:
            self.dismiss(line.value.strip() or None)

    def type_ahead(self, text: str) -> None:
        """``text`` typed on the line, as if the marker had typed it here."""
        if self.is_mounted:
            self.query_one("#line", Input).insert_text_at_cursor(text)
        else:
            self.value += text

    def submit(self) -> None:
        """Enter, as if pressed on the line."""
        if self.is_mounted:
            self.dismiss(self.query_one("#line", Input).value.strip() or None)
        else:
            self._submitted = True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class EventsScreen(ModalScreen[str | None]):
    """The events of a deal to choose from, filtered as the marker types:
    ``choices`` are (id, key, title, what it asks); the screen closes with the id
    chosen (Enter), or None (Escape).  The recorder's own list, in the run's
    language, in place of Textual's command palette (whose words are English)."""

    BINDINGS = [Binding("escape", "cancel", show=False),
                Binding("down", "move(1)", show=False), Binding("up", "move(-1)", show=False)]

    def __init__(self, choices: list[tuple[str, str, str, str]]):
        super().__init__()
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(tr("Which event? Type to narrow the list, ↑ ↓ to choose, Enter to "
                            "take it, Escape to go back."))
            yield Input(id="filter", placeholder=tr("an event of the deal…"))
            yield OptionList(*self._options(""), id="events")

    def _options(self, typed: str) -> list[Option]:
        typed = typed.casefold().strip()
        return [Option(Text.assemble((f"{key:>6} ", "dim"), (title, "bold"),
                                     ("  " + ask if ask else "", "dim")), id=choice)
                for choice, key, title, ask in self.choices
                if typed in title.casefold() or typed in ask.casefold()]

    def on_mount(self) -> None:
        self.query_one("#events", OptionList).highlighted = 0
        self.query_one("#filter", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        found = self.query_one("#events", OptionList)
        found.clear_options()
        found.add_options(self._options(event.value))
        found.highlighted = 0 if found.option_count else None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        found = self.query_one("#events", OptionList)
        option = found.highlighted_option
        if option is not None:
            self.dismiss(option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_move(self, step: int) -> None:
        found = self.query_one("#events", OptionList)
        if found.option_count:
            now = found.highlighted or 0
            found.highlighted = max(0, min(found.option_count - 1, now + step))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PageScreen(ModalScreen[str]):
    """Something to read; ``keys`` maps a key to the word the page closes with
    (a letter also on the Cyrillic layout)."""

    def __init__(self, body: RenderableType, keys: dict[str, str], help_text: str):
        super().__init__()
        self.body, self.keys, self.help_text = body, keys, help_text

    def compose(self) -> ComposeResult:
        with Vertical(classes="page"):
            with VerticalScroll():
                yield Static(self.body, id="page-body")
            yield Static(self.help_text, classes="keys")

    def on_key(self, event: events.Key) -> None:
        """A key of ``keys`` (or its letter on the Cyrillic layout) closes the page
        with its word.  Read here, not bound: Textual's only way to bind a key on
        an instance, ``App.bind``, may go (its own docs say so), and a screen has none."""
        for key, word in self.keys.items():
            if event.key in with_cyrillic(key).split(","):
                event.stop()
                self.dismiss(word)
                return
