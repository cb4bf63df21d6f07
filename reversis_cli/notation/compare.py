"""Comparing two records in the model, as the notation means them.

Two readings of a record are the same when they hold the same statements,
cards, names and comments; where things were written (positions), how a card
was spelled and the blanks that end a comment are not part of what a record
says.  ``fmt`` and the importers use this to check that a rewritten record
reads back as the record it came from (RV522 otherwise).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..model import CardAt, Comment, Deal, Header, Name, Pos
from ..values import Value

__all__ = ["meaning", "first_difference"]


def meaning(value: Any) -> Any:
    """``value`` (a model object, or a tuple or list of them) as plain data,
    positions and spellings left out: equal meanings read the same."""
    if isinstance(value, Pos):
        return None
    if isinstance(value, CardAt):
        return value.card
    if isinstance(value, Name):
        return value.text
    if isinstance(value, Comment):
        return value.text.rstrip()
    if isinstance(value, (tuple, list)):
        return [meaning(item) for item in value]
    if isinstance(value, Value):
        fields = {name: meaning(getattr(value, name)) for name in value._fields}
        return {"type": type(value).__name__, **fields}
    return value


def first_difference(header: Header, deals: Iterable[Deal],
                     other_header: Header, other_deals: Iterable[Deal]) -> str | None:
    """None when the two records mean the same; else the path (e.g.
    ``/deals/0/statements/4``) of the first place where they differ."""
    want = {"header": meaning(header), "deals": meaning(list(deals))}
    got = {"header": meaning(other_header), "deals": meaning(list(other_deals))}
    if want == got:
        return None
    return _path_of_difference(want, got)


def _path_of_difference(a: Any, b: Any, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if a.get(key) != b.get(key):
                return _path_of_difference(a.get(key), b.get(key), f"{path}/{key}")
    if isinstance(a, list) and isinstance(b, list):
        for index, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return _path_of_difference(x, y, f"{path}/{index}")
        if len(a) != len(b):
            return f"{path}/{min(len(a), len(b))}"
    return path or "/"
