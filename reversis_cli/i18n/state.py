"""The language of the current run.

The command line chooses it once (``--lang``, or the locale); renderers ask
for it when they write a sentence.  A context variable, so that a test or a
caller can switch language for one block (:func:`use`) without leaking it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .catalogs import Translator, translator
from .message import Count, Msg

__all__ = ["current", "lang", "t", "tr", "use"]

_CURRENT: ContextVar[Translator | None] = ContextVar("reversis_language", default=None)


def current() -> Translator:
    return _CURRENT.get() or translator("en")


def lang() -> str:
    """"en" or "ru": the language of the current run."""
    return current().language


@contextmanager
def use(language: str) -> Iterator[Translator]:
    """Speak ``language`` inside the block."""
    token = _CURRENT.set(translator(language))
    try:
        yield current()
    finally:
        _CURRENT.reset(token)


def set_language(language: str) -> None:
    """Speak ``language`` from now on (the command line, once per run)."""
    _CURRENT.set(translator(language))


def t(message: Msg | Count | str) -> str:
    """``message`` written in the current language."""
    return current().text(message)


def tr(message: str) -> str:
    """A plain message id (a heading, a label) in the current language."""
    return current().gettext(message)
