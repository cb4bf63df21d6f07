"""A sentence not yet written: an English template and its values."""

from __future__ import annotations

from numbers import Rational
from typing import TYPE_CHECKING, NamedTuple, Protocol

from .numbers import EXACT, written_amount

if TYPE_CHECKING:  # fractions loads decimal: not at start-up (--version, --help)
    from fractions import Fraction

__all__ = ["Count", "Figure", "Jetons", "Msg", "N_", "english", "fiches", "Language"]


class Language(Protocol):
    """What writing a message needs from a language (a :class:`Translator`)."""

    language: str  # "en" or "ru": how its numbers are written

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


class Figure(NamedTuple):
    """An amount in a sentence without its noun, as a table shows it: a score
    sheet's ``+7``, a balance, a difference (``signed`` writes the ``+``)."""

    amount: int | Fraction
    signed: bool = False

    def written(self, language: Language) -> str:
        return amount_text(self.amount, language, self.signed)


class Jetons(NamedTuple):
    """A fine counted in jetons (``1 jeton``), whose amount in fiches a table
    shows beside it: a language that would read the two figures as two sums
    says both (``1 жетон (5 фишек)``); English says the jetons, as it always has."""

    n: int
    amount: int | Fraction

    def written(self, language: Language) -> str:
        jetons = Count(self.n, "{n} jeton", "{n} jetons")
        if language.language == "en":
            return jetons.written(language)
        return Msg("{jetons} ({fiches})", jetons=jetons,
                   fiches=fiches(self.amount)).written(language)


def fiches(amount: int | Fraction) -> Count:
    """An amount of money as a reader says it: 1 fiche, 5 fiches, 5/2 fiches
    (2½ фишки)."""
    return Count(amount, "{n} fiche", "{n} fiches")


def value_text(value: object, language: Language) -> str:
    if type(value) is str:  # a name, a word (the tests below answer the same, later)
        return value
    if type(value) is Msg and language is ENGLISH:  # its English: the text it was made of
        return str.__str__(value)  # (``written`` would fill its template again)
    if type(value) is int:
        return amount_text(value, language)
    if isinstance(value, _WRITES_ITSELF):
        return value.written(language)  # type: ignore[union-attr]
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return str(value)
    # a value that writes itself in each language (cards.CardCode): asked before the
    # numbers' abstract class (no number writes itself), whose test is in Python
    written = getattr(value, "written", None)
    if callable(written):
        return str(written(language))
    if isinstance(value, _NUMBER):  # a Fraction too, without loading fractions
        return amount_text(value, language)
    fmt = getattr(value, "format", None)
    if callable(fmt) and hasattr(value, "suit"):  # a Card: as players see it, A♠
        return str(fmt("unicode"))
    return str(value)


# value_text's classes, as tuples: a union written in the test (``Msg | Count``) was
# made again at each call, some 2,500 instructions a value.
_WRITES_ITSELF = (Msg, Count, Figure, Jetons)
_NUMBER = (int, Rational)


def amount_text(amount: int | Rational, language: Language, signed: bool = False) -> str:
    """An amount in a message: exact (``5/2``) in the English text a message is
    made with, which JSON carries; as a person writes it (``2 1/2``, ``2½``)
    when the message is shown in a language."""
    return written_amount(amount, EXACT if language is ENGLISH else language.language, signed)


class _English:
    """The templates are English: nothing to look up."""

    language = "en"

    @staticmethod
    def gettext(message: str) -> str:
        return message

    @staticmethod
    def ngettext(singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH = _English()


def english(message: Msg | Count | Jetons | str) -> str:
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
