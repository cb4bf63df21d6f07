"""The only access to Textual's private parts: how a fault of ours ends the app.

Textual has no public hook for an exception a handler lets out.  It calls its
private ``App._fatal_error``, which prints a traceback with the locals of every
frame in the marker's terminal, keeps the error in the private
``App._exception`` and sets ``return_code`` to 1.  A player must never see a
traceback: the app is closed quietly here, and :func:`raise_fault` hands the
error to the command line, which says it in one line (exit 3, "internal
error").  Everything accepted is already in FILE or its draft.

Each private has a fallback where it is missing (Textual renamed it): the
public ``exit`` instead of ``_close_messages_no_wait``, the public
``return_code`` instead of ``_exception``.  Should ``_fatal_error`` itself go,
Textual's traceback would show again; ``tests/test_fences.py`` checks every
name in :data:`TEXTUAL_PRIVATES` against the installed Textual and fails
naming the one that is gone, and ``pyproject.toml`` keeps Textual below its
next major version.
"""

from __future__ import annotations

from typing import Any

__all__ = ["TEXTUAL_PRIVATES", "FullScreenFault", "QuietFaults", "raise_fault"]

# (class, attribute) of Textual's that this module relies on, for tests/test_fences.py.
TEXTUAL_PRIVATES = (
    ("textual.app:App", "_fatal_error"),
    ("textual.app:App", "_exception"),  # set in App.__init__: checked on an instance
    ("textual.message_pump:MessagePump", "_close_messages_no_wait"),
)


class FullScreenFault(RuntimeError):
    """The app stopped on an error Textual did not hand over (fallback)."""


class QuietFaults:
    """Mixin for a Textual ``App``, before it in the bases: a handler's
    exception closes the app without Textual's traceback."""

    def _fatal_error(self) -> None:  # Textual's private hook: see the module's docstring
        close = getattr(self, "_close_messages_no_wait", None)
        if callable(close):
            close()  # what Textual's own does, less the traceback
        else:  # a Textual without it: the public way out
            app: Any = self
            app.exit(return_code=1)


def raise_fault(app: Any) -> None:
    """After ``app.run()``: raise the error that ended the app, if one did."""
    if hasattr(app, "_exception"):
        if app._exception is not None:
            raise app._exception
    elif app.return_code not in (None, 0):  # a Textual without it: 1 says an error ended it
        raise FullScreenFault(f"the full screen stopped with status {app.return_code}")
