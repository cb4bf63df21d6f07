"""Amounts as a reader of each language writes them.

One function writes every amount a person reads, in tables, sentences,
charts and the report, as a person writes it: a whole part and a proper
fraction, never ``-48527/6``.  English ``2 1/2``, ``-8087 5/6``, ``1/2``,
``-30``, ``+7``; Russian a whole part and a vulgar-fraction character
(``2½``, ``−719½``; ``2 3/7`` where Unicode has no such character) and the
minus sign U+2212 (``−30``).  The space inside a figure is a no-break space,
so that a figure is one word wherever it is written.  Records, JSON and files
keep the exact ``n/d`` form (``5/2``), which is also what the reader takes
(:func:`reversis_cli.amounts.read_amount`).
"""

from __future__ import annotations

from numbers import Rational

__all__ = ["EXACT", "FRACTION_SPACE", "MINUS", "written_amount", "written_money"]

# Not a reader's language: the exact form a record and JSON write (5/2, -30),
# what the English text of a message carries (docs/translating.md).
EXACT = "exact"

MINUS = "\u2212"
# Between a whole part and a fraction written with digits (English 2 1/2,
# Russian 2 3/7): a space that never breaks the figure in two.
FRACTION_SPACE = "\u00a0"
_VULGAR = {
    (1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕",
    (2, 5): "⅖", (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 7): "⅐",
    (1, 8): "⅛", (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞", (1, 9): "⅑", (1, 10): "⅒",
}


def written_amount(amount: int | Rational, language: str, signed: bool = False) -> str:
    """``amount`` (an int or a Fraction) as ``language`` writes it; ``signed``
    writes a ``+`` before an amount above zero, as a balance does; ``EXACT``
    gives the records' form (``5/2``)."""
    if type(amount) is int:  # most amounts: no fraction, the same digits in every language
        if amount < 0:
            return MINUS + str(-amount) if language == "ru" else str(amount)
        return "+" + str(amount) if signed and amount else str(amount)
    numerator, denominator = amount.numerator, amount.denominator
    if type(numerator) is not int or type(denominator) is not int:  # a Rational of another kind
        numerator, denominator = int(numerator), int(denominator)
    if language == "ru":
        body = _russian_body(abs(numerator), denominator)
        minus = MINUS
    elif language == EXACT:
        body = str(abs(numerator)) if denominator == 1 else f"{abs(numerator)}/{denominator}"
        minus = "-"
    else:
        body = _mixed(abs(numerator), denominator)
        minus = "-"
    if numerator < 0:
        return minus + body
    return "+" + body if signed and numerator > 0 else body


def _mixed(numerator: int, denominator: int) -> str:
    """A whole part and a proper fraction: ``2 1/2``, ``1/2``, ``7``."""
    whole, rest = divmod(numerator, denominator)
    if rest == 0:
        return str(whole)
    return f"{whole}{FRACTION_SPACE}{rest}/{denominator}" if whole else f"{rest}/{denominator}"


def _russian_body(numerator: int, denominator: int) -> str:
    whole, rest = divmod(numerator, denominator)
    if rest == 0:
        return str(whole)
    character = _VULGAR.get((rest, denominator))  # a Fraction is in lowest terms
    if character is not None:
        return (str(whole) if whole else "") + character
    return _mixed(numerator, denominator)


# Between groups of three digits of a sum of money: English 1,234.50; Russian
# 1 234,50 with a space that never breaks the figure in two.
_GROUPS = {"en": ",", "ru": "\u00a0"}
_DECIMAL_MARK = {"en": ".", "ru": ","}


def written_money(units: int, digits: int, language: str, signed: bool = False) -> str:
    """A sum of money given in minor units (``1250`` cents with ``digits``
    2) as ``language`` writes it: ``12.50``, ``1,234.50``, ``-3.00`` in
    English; ``12,50``, ``1 234,50``, ``−3,00`` in Russian; ``signed``
    writes ``+`` before a sum above zero."""
    whole, part = divmod(abs(units), 10 ** digits)
    group = _GROUPS.get(language, ",")
    body = f"{whole:,}".replace(",", group)
    if digits:
        body += _DECIMAL_MARK.get(language, ".") + f"{part:0{digits}d}"
    if units < 0:
        return (MINUS if language == "ru" else "-") + body
    return "+" + body if signed and units > 0 else body
