"""Settling up in money: what a fiche is worth, in which currency, and what
becomes of the pool left on the table (docs/rules.md, "Settling up in money").

These three settings change no payment of any deal: they only turn the
session's final balance into money.  So they are kept apart from the rule
options (:class:`~.options.RuleOptions`): the ``rules`` listing, ``rules
--infer`` and the score JSON's profile know nothing of them.  They are written
where rule options are (a ``set`` line, a house profile, ``--set``), and read
by :meth:`~.profile.Profile.with_overrides`, which hands them here.

A fiche's value is exact: ``0.5`` is read as ``Fraction(1, 2)``, never as a
float.  A bad value raises :class:`ProfileError` (RV402), as a bad rule
option does, and the reader locates it in the record.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Literal

from ..amounts import MAX_DIGITS, shown
from ..diagnostics import ProfileError, diagnostic
from ..i18n import Msg
from ..values import Value, replace, setattr_frozen

__all__ = ["MONEY_OPTIONS", "POOL_AT_END", "MoneyOptions", "NO_MONEY", "WrittenFloat",
           "read_fiche_value", "read_currency", "read_pool_at_end", "decimal_text"]

POOL_AT_END = ("carried", "shared")
MONEY_OPTIONS = ("fiche_value", "currency", "pool_at_end")

_DECIMAL = re.compile(r"(?P<whole>[0-9]+)(?:\.(?P<part>[0-9]+))?")
_CODE = re.compile(r"[A-Za-z]{3}")


class MoneyOptions(Value):
    """The settle-up's settings: no ``fiche_value``, no settle-up."""

    __slots__ = _fields = ("fiche_value", "currency", "pool_at_end")
    fiche_value: Fraction | None
    currency: str | None  # an ISO 4217 code, upper case
    pool_at_end: Literal["carried", "shared"]

    def __init__(self, fiche_value: Fraction | None = None, currency: str | None = None,
                 pool_at_end: Literal["carried", "shared"] = "carried"):
        setattr_frozen(self, "fiche_value", fiche_value)
        setattr_frozen(self, "currency", currency)
        setattr_frozen(self, "pool_at_end", pool_at_end)

    def with_value(self, name: str, value: Any) -> MoneyOptions:
        """A copy with option ``name`` (one of :data:`MONEY_OPTIONS`) set from
        ``value`` as written (text, or a TOML value); RV402 for a bad one."""
        if name == "fiche_value":
            return replace(self, fiche_value=read_fiche_value(_text(name, value)))
        if name == "currency":
            return replace(self, currency=read_currency(_text(name, value)))
        return replace(self, pool_at_end=read_pool_at_end(_text(name, value)))


NO_MONEY = MoneyOptions()


class WrittenFloat(float):
    """A TOML float that remembers how it was written (``fiche_value = 0.1``):
    read as a float, 0.1 would not be a tenth; the text is."""

    text: str

    def __new__(cls, text: str) -> WrittenFloat:
        number = super().__new__(cls, text)
        number.text = text
        return number


def _text(name: str, value: Any) -> str:
    """What was written: a string, a whole number or a TOML float's own text."""
    if isinstance(value, str):
        return value
    if isinstance(value, WrittenFloat):
        return value.text
    if isinstance(value, int) and not isinstance(value, bool) and name == "fiche_value":
        return str(value)
    raise _bad(name, repr(value))


def read_fiche_value(text: str) -> Fraction:
    """``0.5`` → 1/2: a decimal above zero, read exactly; RV402 otherwise."""
    word = text.strip()
    found = _DECIMAL.fullmatch(word)
    if found is None:
        raise _bad("fiche_value", text)
    whole, part = found.group("whole"), found.group("part") or ""
    if len(whole) > MAX_DIGITS or len(part) > MAX_DIGITS:
        raise _bad("fiche_value", text)
    value = Fraction(int(whole + part), 10 ** len(part))
    if value <= 0:
        raise _bad("fiche_value", text)
    return value


def read_currency(text: str) -> str:
    """``rub`` → ``RUB``: a three-letter code; RV402 otherwise."""
    word = text.strip()
    if _CODE.fullmatch(word) is None:
        raise _bad("currency", text)
    return word.upper()


def read_pool_at_end(text: str) -> Literal["carried", "shared"]:
    word = text.strip()
    if word == "carried":
        return "carried"
    if word == "shared":
        return "shared"
    raise _bad("pool_at_end", text)


def _bad(name: str, text: str) -> ProfileError:
    """RV402 for a money option's value, naming what the option takes."""
    allowed = {
        "fiche_value": Msg("an amount of money above zero written with a decimal point, "
                           "such as 0.5 or 10"),
        "currency": Msg("a currency's three-letter code, such as RUB, EUR or USD"),
        "pool_at_end": Msg("carried (the pool stays on the table for the next session) or "
                           "shared (it is shared out equally among the players)"),
    }[name]
    return ProfileError(diagnostic("RV402", Msg(
        "option {name} cannot be {value}: it takes {allowed}",
        name=name, value=Msg("'{text}'", text=shown(text)), allowed=allowed)))


def decimal_text(value: Fraction) -> str:
    """A fiche's value as it was written, without trailing zeros (``0.5``,
    ``10``, ``0.125``): a value read by :func:`read_fiche_value` is always
    a decimal."""
    digits = 0
    while (value * 10 ** digits).denominator != 1:
        digits += 1
    scaled = int(value * 10 ** digits)
    if not digits:
        return str(scaled)
    whole, part = divmod(scaled, 10 ** digits)
    return f"{whole}.{part:0{digits}d}"
