"""The checks of the ``paid`` and ``tally`` objects of the JSON record format
that the schema cannot make: names are names, amounts are amounts.

Kept apart from :mod:`.jsonrec`, which calls in here for these two types; the
objects are written and read by their rows of the statement table
(:mod:`reversis_cli.notation.statement_json`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..amounts import MAX_DIGITS, WHOLE, read_amount
from ..i18n import Msg
from ..vocabulary import NAME

__all__ = ["recorded_checks"]


def recorded_checks(stmt: dict, where: list) -> Iterator[tuple[str, Msg, list]]:
    """What the schema cannot say of a ``paid`` or ``tally`` object: names are
    names, amounts are amounts the notation reads (a denominator of 0, a number
    beyond the cap, a payment of 0)."""
    kind = stmt.get("type")
    if kind == "paid":
        for key in ("payer", "payee"):
            yield from _name(stmt.get(key), where + [key])
        yield from _amount_check(stmt.get("amount"), where + ["amount"], payment=True)
    elif kind == "tally":
        totals = stmt.get("totals")
        for index, entry in enumerate(totals if isinstance(totals, list) else []):
            if isinstance(entry, dict):
                at = where + ["totals", index]
                yield from _name(entry.get("player"), at + ["player"])
                yield from _amount_check(entry.get("amount"), at + ["amount"], signed=True)
        yield from _amount_check(stmt.get("pool"), where + ["pool"])


def _name(value: Any, path: list) -> Iterator[tuple[str, Msg, list]]:
    if isinstance(value, str) and not NAME.fullmatch(value):
        yield "RV504", Msg("'{value}' is not a name: letters, digits, _ and -, starting with "
                           "a letter", value=value), path


def _amount_check(value: Any, path: list, signed: bool = False,
                  payment: bool = False) -> Iterator[tuple[str, Msg, list]]:
    if not isinstance(value, str):
        return  # missing, or not a text: the schema has said so
    longest = max((len(run) for run in WHOLE.findall(value)), default=0)
    if longest > MAX_DIGITS:
        yield "RV504", Msg("a number of {digits} digits; a number in a record has at most "
                           "{most}", digits=longest, most=MAX_DIGITS), path
        return
    amount = read_amount(value, signed)
    if amount is None:
        yield "RV504", Msg("'{value}' is not an amount the notation can write: such as 45 or "
                           "5/2, and with its sign on a tally, such as +7 or -5/2",
                           value=value), path
    elif payment and amount <= 0:
        yield "RV504", Msg("a payment is above 0"), path
