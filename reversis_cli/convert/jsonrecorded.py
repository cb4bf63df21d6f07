"""The ``paid`` and ``tally`` statements in the JSON record format, both ways.

Kept apart from :mod:`.jsonrec`, which calls in here for these two types.
Amounts are texts as the notation writes them (``"45"``, ``"5/2"``, a
figure of the sheet with its sign: ``"+7"``, ``"-30"``, ``"0"``), like the
header's ``pot``: JSON numbers cannot hold a fraction, and the text keeps the
record's own spelling of a figure.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..amounts import MAX_DIGITS, WHOLE, amount_text, read_amount
from ..i18n import Msg
from ..model import Name, PaidLine, Pos, Statement, TallyEntry, TallyLine
from ..vocabulary import NAME

__all__ = ["RECORDED_TYPES", "recorded_json", "build_recorded", "recorded_checks"]

RECORDED_TYPES = ("paid", "tally")
NOWHERE = Pos(0, 0)


def recorded_json(stmt: Statement) -> dict | None:
    """The JSON object of a ``paid`` or ``tally`` line (comments aside); None
    for any other statement."""
    if isinstance(stmt, PaidLine):
        out: dict[str, Any] = {"type": "paid", "payer": stmt.payer.text,
                               "payee": stmt.payee.text, "amount": amount_text(stmt.amount)}
        if stmt.rule is not None:
            out["rule"] = stmt.rule
        if stmt.trick is not None:
            out["trick"] = stmt.trick
        return out
    if isinstance(stmt, TallyLine):
        out = {"type": "tally", "totals": [
            {"player": e.name.text, "amount": amount_text(e.amount, signed=True)}
            for e in stmt.entries]}
        if stmt.pool is not None:
            out["pool"] = amount_text(stmt.pool)
        return out
    return None


def build_recorded(obj: dict, common: dict) -> Statement:
    """The statement of a valid ``paid`` or ``tally`` object (checked by
    :func:`recorded_checks` first, so every amount reads)."""
    if obj["type"] == "paid":
        return PaidLine(payer=Name(obj["payer"], NOWHERE), payee=Name(obj["payee"], NOWHERE),
                        amount=_amount(obj["amount"]), rule=obj.get("rule"),
                        trick=obj.get("trick"), **common)
    entries = tuple(TallyEntry(Name(e["player"], NOWHERE), _amount(e["amount"], True), NOWHERE)
                    for e in obj["totals"])
    pool = _amount(obj["pool"]) if "pool" in obj else None
    return TallyLine(entries=entries, pool=pool, **common)


def _amount(text: str, signed: bool = False):
    amount = read_amount(text, signed)
    assert amount is not None, "checked by recorded_checks before the model is built"
    return amount


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
