"""A sentence not yet written: an English template and its values."""

from __future__ import annotations

from numbers import Rational
from typing import TYPE_CHECKING, NamedTuple, Protocol

if TYPE_CHECKING:  # fractions loads decimal: not at start-up (--version, --help)
    from fractions import Fraction

__all__ = ["Count", "Msg", "N_", "english", "fiches", "Language"]


class Language(Protocol):
    """What writing a message needs from a language (a :class:`Translator`)."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


class Msg(str):
    """``Msg("{card} is written twice", card=card)``: the template is the English
    text and the gettext message id; the values fill its placeholders.

    A message is also the English string itself, so that everything that keeps,
    compares or prints it as text (JSON, tests, a log) sees English; what shows
    it to a person writes it in the run's language (:func:`~.state.t`).
    """

    template: str
    params: dict[str, object]

    def __new__(cls, template: str, /, **params: object) -> Msg:
        self = super().__new__(cls, _fill(template, params, ENGLISH))
        self.template = template
        self.params = params
        return self

    def written(self, language: Language) -> str:
        return _fill(language.gettext(self.template), self.params, language)

    def __repr__(self) -> str:
        return f"Msg({self.template!r}, **{self.params!r})"

    # str's own, kept explicit: a message is equal to its English text.
    __eq__ = str.__eq__
    __hash__ = str.__hash__


def _fill(text: str, params: dict[str, object], language: Language) -> str:
    if not params:
        return text
    return text.format_map({k: value_text(v, language) for k, v in params.items()})


class Count(NamedTuple):
    """A number with its noun, in the plural form the language needs:
    ``Count(n, "{n} fiche", "{n} fiches")``.  Both forms are message ids."""

    n: int | Fraction
    singular: str
    plural: str

    def written(self, language: Language) -> str:
        text = language.ngettext(self.singular, self.plural, plural_key(self.n))
        return text.format(n=value_text(self.n, language))


def plural_key(n: int | Fraction) -> int:
    """The integer that picks the plural form.  A fraction of a fiche takes the
    form of "2" in both languages (5/2 fiches, 5/2 фишки)."""
    if isinstance(n, int):
        return n
    return int(n) if n.denominator == 1 else 2


def fiches(amount: int | Fraction) -> Count:
    """An amount of money as a reader says it: 1 fiche, 5 fiches, 5/2 fiches."""
    return Count(amount, "{n} fiche", "{n} fiches")


def value_text(value: object, language: Language) -> str:
    if isinstance(value, Msg | Count):
        return value.written(language)
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Rational):  # a Fraction, without loading fractions
        return str(value.numerator) if value.denominator == 1 else \
            f"{value.numerator}/{value.denominator}"
    fmt = getattr(value, "format", None)
    if callable(fmt) and hasattr(value, "suit"):  # a Card: as players see it, A♠
        return str(fmt("unicode"))
    return str(value)


class _English:
    """The templates are English: nothing to look up."""

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH = _English()


def english(message: Msg | Count | str) -> str:
    """The message in English: what JSON and other machine output carry."""
    if isinstance(message, Msg):
        return str.__str__(message)
    if isinstance(message, str):
        return message
    return message.written(ENGLISH)


def N_(message: str) -> str:
    """Marks a message id written where it is not yet shown (a table of
    headings, a code's meaning): it is translated where it is shown, and the
    tests find it here to check that it has a translation."""
    return message
