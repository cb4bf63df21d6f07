"""The one cap on the size of a number the tool reads.

An amount (a stake, a partie value, the pot) or a count written with more
digits than :data:`MAX_DIGITS` is refused where it is read, with its place.
No game is played for such sums, the tables stay readable, and every total
the settlement builds from capped amounts stays far below the length Python
refuses to turn into text (about 4,300 digits).
"""

from __future__ import annotations

import re

__all__ = ["MAX_DIGITS", "WHOLE", "too_many_digits", "shown"]

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
