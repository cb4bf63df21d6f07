"""The full screen in a browser, through ``textual-serve``: the recorder ends
when the browser's side ends.

textual-serve runs ``reversis record`` with Textual's web driver named in
``TEXTUAL_DRIVER``; the program's standard input carries the browser's keys
and standard output its screen.  A closed tab sends a ``quit`` packet, which
Textual's driver turns into the app's exit.  But when the input ends without
one (textual-serve killed or crashed, the pipe closed), Textual's driver only
stops reading: the app would wait for keys that never come, holding FILE's
lock, and the next recorder would be refused.  :class:`EndsWithInput` ends
the app then, as Ctrl+Q would (every finished deal is in FILE, the deal in
progress in its draft).  Only public parts of Textual's driver are used: its
``run_input_thread`` and its ``exit_event`` (set when the app stops it).
"""

from __future__ import annotations

from textual.app import App
from textual.drivers.web_driver import WebDriver
from textual.messages import ExitApp

__all__ = ["EndsWithInput", "WebDriver"]


class EndsWithInput(WebDriver):
    """Textual's web driver, which ends the app when its input ends."""

    def __init__(self, app: App, **options) -> None:
        super().__init__(app, **options)
        self.recording = app

    def run_input_thread(self) -> None:
        super().run_input_thread()  # returns at the end of input, or when the app stops it
        if not self.exit_event.is_set():  # the input ended while the app runs: end it
            self.recording.post_message(ExitApp())  # thread-safe, as the driver's own quit
