"""The language of the current run.

The command line chooses it once (``--lang``, or the locale); renderers ask
for it when they write a sentence.  A context variable, so that a test or a
caller can switch language for one block (:func:`use`) without leaking it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from numbers import Rational
from typing import TYPE_CHECKING

from .catalogs import Translator, translator
from .message import Count, Msg
from .numbers import written_amount, written_money

if TYPE_CHECKING:  # --version must not load fractions
    from fractions import Fraction

__all__ = ["amount_shown", "current", "lang", "t", "tr", "use"]

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


def amount_shown(amount: int | Rational, signed: bool = False) -> str:
    """An amount (int or Fraction) as the current language writes it in a
    table, a chart or the report: ``5/2``, ``-30`` in English; ``2½``,
    ``−30`` in Russian (:func:`~.numbers.written_amount`)."""
    return written_amount(amount, current().language, signed)


def average_shown(value: Fraction, signed: bool = False) -> str:
    """An average of fiches (a Fraction: a net per deal, per session) to two
    decimals, rounded half away from zero, as the current language writes a
    decimal: ``1.25``, ``-9.15``; ``1,25``, ``−9,15`` in Russian.  What is ranked
    or summed is the exact value; this is only how a table shows it."""
    # in integers (numerator over denominator): --version must not load fractions
    numerator, denominator = abs(value.numerator), value.denominator
    hundredths = (numerator * 200 + denominator) // (2 * denominator)
    return money_shown(-hundredths if value < 0 else hundredths, 2, signed)


def money_shown(units: int, digits: int, signed: bool = False) -> str:
    """A sum of money in minor units as the current language writes it:
    ``12.50`` in English, ``12,50`` in Russian (:func:`~.numbers.written_money`)."""
    return written_money(units, digits, current().language, signed)
