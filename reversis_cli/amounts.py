"""The one cap on the size of a number the tool reads.

An amount (a stake, a partie value, the pot) or a count written with more
digits than :data:`MAX_DIGITS` is refused where it is read, with its place.
No game is played for such sums, the tables stay readable, and every total
the settlement builds from capped amounts stays far below the length Python
refuses to turn into text (about 4,300 digits).
"""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["MAX_DIGITS", "WHOLE", "too_many_digits", "shown", "read_amount", "amount_text"]

MAX_DIGITS = 30
WHOLE = re.compile(r"[0-9]+")  # ASCII digits only: str.isdigit() also takes "²" and "٣"
_SHOWN = 40


def too_many_digits(digits: str) -> bool:
    """Whether ``digits`` (a whole number written in digits) is beyond the cap."""
    return len(digits) > MAX_DIGITS


def shown(text: str) -> str:
    """``text`` for an error message: a very long value is cut, with its length said."""
    if len(text) <= _SHOWN:
        return text
    return f"{text[:20]}…({len(text):,} characters)"


_AMOUNT = re.compile(r"(?P<sign>[+-]?)(?P<top>[0-9]+)(?:/(?P<bottom>[0-9]+))?")


def read_amount(text: str, signed: bool = False) -> int | Fraction | None:
    """An exact amount written ``45``, ``5/2`` or, when ``signed``, ``+7``,
    ``-30``: an ``int`` when whole, else a :class:`Fraction`; None when the
    text is no such amount (a point, a letter, a zero denominator, a number
    beyond the cap).  ASCII digits only, as everywhere in a record."""
    found = _AMOUNT.fullmatch(text)
    if found is None or (found.group("sign") and not signed):
        return None
    top, bottom = found.group("top"), found.group("bottom") or "1"
    if too_many_digits(top) or too_many_digits(bottom) or int(bottom) == 0:
        return None
    value = Fraction(int(top), int(bottom))
    if found.group("sign") == "-":
        value = -value
    return int(value) if value.denominator == 1 else value


def amount_text(amount: int | Fraction, signed: bool = False) -> str:
    """How a record writes an amount: ``45``, ``5/2``; ``signed`` writes the
    sign of any amount but 0 (``+7``, ``-5/2``), as a score sheet does."""
    value = Fraction(amount)
    body = str(abs(value.numerator)) + ("" if value.denominator == 1
                                        else f"/{value.denominator}")
    if value < 0:
        return "-" + body
    return ("+" + body) if signed and value > 0 else body
