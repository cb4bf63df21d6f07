"""The main screen of the recording app: its panels, its layout, the card line.

What goes in the panels is drawn by :mod:`.tui_view`; the app (:mod:`.tui`)
fills them from the engine's state.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.suggester import Suggester
from textual.widgets import DataTable, Footer, Input, Static

from ..i18n import Msg, t, tr

__all__ = ["CSS", "MIN_SIZE", "CardInput", "CardSuggester", "MainScreen", "TricksTable"]

# The smallest window where everything of the main screen shows; below it the
# screen says so rather than hide panels.
MIN_SIZE = (60, 22)

CSS = """
#where { height: auto; max-height: 2; color: $text-muted; }
#top { height: auto; }
#table { width: 1fr; height: auto; border: round $primary; padding: 0 1; }
#right { width: auto; max-width: 32; height: auto; padding: 0 1; }
#entry { dock: bottom; height: auto; }
#card { background: $boost; }
#tricks { height: 1fr; min-height: 3; }
#lines { height: auto; max-height: 3; }
#messages { height: auto; max-height: 6; color: $text; }
#status { height: auto; max-height: 2; }
#too-small { display: none; height: 1fr; content-align: center middle; text-style: bold; }
MainScreen.too-small #body { display: none; }
MainScreen.too-small #too-small { display: block; }
.dialog { width: 80%; height: auto; max-height: 90%; border: thick $primary;
          background: $surface; padding: 1 2; }
.page { width: 95%; height: 90%; border: thick $primary; background: $surface; }
.keys { color: $text-muted; }
.heading { text-style: bold; }
#setup { padding: 0 2; }
#setup-problem { height: auto; }
#setup Input { background: $boost; margin-bottom: 1; }
#events { height: auto; max-height: 16; }
AskScreen, LineScreen, PageScreen, EventsScreen { align: center middle; }
"""


class CardInput(Input):
    """The card line.  Enter is taken here, in the order the keys came, so
    that keys arriving together (a paste, a macro, a fast typist: ``2c⏎3c⏎``
    in one read) are separate entries; a pasted text of several lines is one
    entry a line."""

    def on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self._enter(self.value)

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        event.prevent_default()
        lines = event.text.splitlines()
        if not lines:
            return
        whole = event.text.endswith(("\n", "\r"))
        last = None if whole else lines.pop()
        for index, line in enumerate(lines):
            self._enter(self.value + line if index == 0 else line)
        if last is not None:
            self.insert_text_at_cursor(last)

    def _enter(self, value: str) -> None:
        self.value = ""
        self.post_message(self.Submitted(self, value))


class CardSuggester(Suggester):
    """Completes a card from those not played yet, in the spelling being typed."""

    def __init__(self, complete: Callable[[str], str | None]):
        super().__init__(use_cache=False, case_sensitive=True)
        self.complete = complete

    async def get_suggestion(self, value: str) -> str | None:
        return self.complete(value)


class TricksTable(DataTable):
    """The tricks: a row per trick, a column per player, so that a card is a
    cell (trick 3, Anna's card).  Its cursor (hidden for now) stays on the
    trick being played and in view, also when a message takes room from it."""

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.move_cursor, row=self.cursor_row, animate=False)


class MainScreen(Screen):
    def compose(self) -> ComposeResult:
        with Vertical(id="body"):
            yield Static(id="where")
            with Horizontal(id="top"):
                yield Static(id="table")
                yield Static(id="right")
            tricks = TricksTable(id="tricks", show_cursor=False)
            tricks.can_focus = False  # the card line keeps the keys; PageUp/PageDown scroll
            yield tricks
            yield Static(id="lines")
            yield Static(id="messages")
            with Vertical(id="entry"):  # docked: never pushed off by a long message
                yield Static(id="status")
                complete = self.app.complete  # type: ignore[attr-defined]
                yield CardInput(id="card", suggester=CardSuggester(complete), compact=True,
                                placeholder=tr("a card: 9s, 9♠, Д♥ … (or a whole trick)"))
        # The footer says F8 for the events: no palette of Textual's.
        yield Footer(compact=True, show_command_palette=False)
        yield Static(id="too-small")

    def on_resize(self, event: events.Resize) -> None:
        width, height = MIN_SIZE
        small = event.size.width < width or event.size.height < height
        self.set_class(small, "too-small")
        self.query_one("#too-small", Static).update(t(Msg(
            "The window is too small for the recorder: make it at least {width}×{height} "
            "(now {now_width}×{now_height}).", width=width, height=height,
            now_width=event.size.width, now_height=event.size.height)))
