"""The main screen of the recording app: its panels, its layout, the card line.

What goes in the panels is drawn by :mod:`.view`; the app (:mod:`.app`)
fills them from the engine's state.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.message import Message
from textual.screen import Screen
from textual.suggester import Suggester
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Input, Static

from ...i18n import Msg, t, tr

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
/* The form's answers stand out from the screen (a compact input has no border). */
#setup Input { background: $panel; margin-bottom: 1; }
#setup Input:focus { background: $primary 40%; }
#events { height: auto; max-height: 16; }
AskScreen, LineScreen, PageScreen, EventsScreen { align: center middle; }
"""


class CardInput(Input, inherit_bindings=False):
    """The card line.  Enter is taken here, in the order the keys came, so
    that keys arriving together (a paste, a macro, a fast typist: ``2c⏎3c⏎``
    in one read) are separate entries; a pasted text of several lines is one
    entry a line.  Only the keys of a text line are its own (not those of a
    scrolling widget): ↑ is the app's, shown in the footer, and takes the
    keys to the tricks above."""

    BINDINGS = Input.BINDINGS

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
    cell (trick 3, Anna's card).  Unfocused, its cursor is hidden and stays
    on the last trick, in view, also when a message takes room from it.
    Focused (Tab or ↑ from the card line), it picks a card to change: the
    arrows move among the players' cards, a card typed or Enter asks for the
    replacement (:class:`Typed`, or Textual's ``CellSelected``), Escape goes
    back to the card line.  :class:`Toggled` says when it takes or leaves the
    keys."""

    BINDINGS = [Binding("escape", "back", show=False)]

    class Toggled(Message):
        def __init__(self, focused: bool):
            super().__init__()
            self.focused = focused

    class Typed(Message):
        """A printable key on a card: the replacement begun."""

        def __init__(self, character: str):
            super().__init__()
            self.character = character

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._cursor_in_view)

    def _cursor_in_view(self) -> None:
        """Scrolled to the cursor where it is now (a move made meanwhile kept)."""
        self.move_cursor(row=self.cursor_row, column=self.cursor_column, animate=False)

    def validate_cursor_coordinate(self, value: Coordinate) -> Coordinate:
        """Only the players' cards are picked, never the number, taker or points."""
        value = super().validate_cursor_coordinate(value)
        last = min(len(self.columns) - 3, 4)
        if last < 1:
            return value
        return Coordinate(value.row, min(max(value.column, 1), last))

    def on_focus(self, event: events.Focus) -> None:
        self.show_cursor = True
        self.post_message(self.Toggled(True))

    def on_blur(self, event: events.Blur) -> None:
        self.show_cursor = False
        self.post_message(self.Toggled(False))

    def on_key(self, event: events.Key) -> None:
        if event.is_printable and event.character and not event.character.isspace():
            event.stop()
            event.prevent_default()
            self.post_message(self.Typed(event.character))

    def action_back(self) -> None:
        self.screen.query_one("#card", Input).focus()


class MainScreen(Screen):
    AUTO_FOCUS = "#card"  # the card line has the keys, not the tricks above it

    def __init__(self) -> None:
        super().__init__()
        self._focused_before: Widget | None = None  # before the window was too small

    def compose(self) -> ComposeResult:
        with Vertical(id="body"):
            yield Static(id="where")
            with Horizontal(id="top"):
                yield Static(id="table")
                yield Static(id="right")
            # The card line keeps the keys until Tab or ↑ gives them to the tricks.
            yield TricksTable(id="tricks", show_cursor=False, cursor_type="cell")
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
        was_small = self.has_class("too-small")
        if small and not was_small:  # hiding the body takes the keys from what had them
            self._focused_before = self.focused
        self.set_class(small, "too-small")
        if was_small and not small:  # given back, or the cards typed next go nowhere
            self.call_after_refresh(self._focus_again)
        self.query_one("#too-small", Static).update(t(Msg(
            "The window is too small for the recorder: make it at least {width}×{height} "
            "(now {now_width}×{now_height}).", width=width, height=height,
            now_width=event.size.width, now_height=event.size.height)))

    def _focus_again(self) -> None:
        """The keys back where they were before the window was too small: the
        card line, or the tricks table when a card was being picked."""
        before, self._focused_before = self._focused_before, None
        if before is not None and before.is_attached and before.screen is self:
            before.focus()
        else:
            self.query_one("#card", Input).focus()
