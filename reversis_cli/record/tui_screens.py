"""The dialogs of the recording app: the start-up questions, a yes/no
question, one line to type, and a page to read (a settlement, an explanation)."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.suggester import SuggestFromList
from textual.widgets import Footer, Input, Label, Static

from ..i18n import N_, tr

__all__ = ["AskScreen", "LineScreen", "PageScreen", "SetupScreen", "SETUP_FIELDS"]

# The start-up questions of a new file: (field, label), in the order asked.
SETUP_FIELDS = (
    ("players", N_("Players in playing order (four names)")),
    ("rules", N_("Rule profile (classic, modern or a house .toml file)")),
    ("dealer", N_("First dealer")),
    ("title", N_("Title (optional)")),
    ("date", N_("Date (optional)")),
    ("place", N_("Place (optional)")),
)


class SetupScreen(Screen[dict[str, str]]):
    """The questions a new file needs, those the command line did not answer.
    ``check`` is called with the answers and returns a problem to show (the
    form stays) or None (the form closes with the answers)."""

    def __init__(self, fields: list[str], check: Callable[[dict[str, str]], RenderableType | None]):
        super().__init__()
        self.fields = fields
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(id="setup"):
            yield Static(tr("A new record: a few questions before the first deal."),
                         classes="heading")
            for name, label in SETUP_FIELDS:
                if name in self.fields:
                    yield Label(tr(label))
                    yield Input(id=f"setup-{name}",
                                placeholder="classic" if name == "rules" else "")
            yield Static("", id="setup-problem")
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
        else:
            self.query_one("#setup-problem", Static).update(problem)


class AskScreen(ModalScreen[bool]):
    """A question answered y or n (Enter: yes, Escape: no)."""

    def __init__(self, question: RenderableType):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question)
            yield Static(tr("y / Enter: yes · n / Escape: no"), classes="keys")

    def on_mount(self) -> None:
        for keys, action in (("y,enter", "answer(True)"), ("n,escape", "answer(False)")):
            self._bindings.bind(keys, action, show=False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class LineScreen(ModalScreen[str | None]):
    """One line to type (Enter: done, Escape: nothing)."""

    BINDINGS = [Binding("escape", "cancel", show=False)]

    def __init__(self, prompt: str, value: str = "", placeholder: str = "",
                 completions: tuple[str, ...] = ()):
        super().__init__()
        self.prompt, self.value, self.placeholder = prompt, value, placeholder
        self.completions = completions  # offered as the line is typed (the players' names)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.prompt)
            suggester = SuggestFromList(self.completions, case_sensitive=False) \
                if self.completions else None
            yield Input(self.value, placeholder=self.placeholder, id="line", suggester=suggester)
            yield Static(tr("Enter: done · Escape: cancel"), classes="keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PageScreen(ModalScreen[str]):
    """Something to read; ``keys`` maps a key to the word the page closes with."""

    def __init__(self, body: RenderableType, keys: dict[str, str], help_text: str):
        super().__init__()
        self.body, self.keys, self.help_text = body, keys, help_text

    def compose(self) -> ComposeResult:
        with Vertical(classes="page"):
            with VerticalScroll():
                yield Static(self.body, id="page-body")
            yield Static(self.help_text, classes="keys")

    def on_mount(self) -> None:
        for key, word in self.keys.items():
            self._bindings.bind(key, f"close('{word}')", show=False)

    def action_close(self, word: str) -> None:
        self.dismiss(word)
