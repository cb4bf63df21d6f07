"""JSON written for people to read: one statement a line, cards inline."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

__all__ = ["dumps"]


def dumps(doc: Any) -> str:
    """Pretty JSON: one statement per line, lists of cards inline; ends with a line end."""
    return "".join(_dump(doc, 0)) + "\n"


def _flat(value: Any) -> bool:
    """A value written on one line: a scalar, a list of scalars, or an object
    whose members are such values."""
    if isinstance(value, dict):
        return all(not isinstance(v, (dict, list)) or
                   (isinstance(v, list) and all(not isinstance(x, (dict, list)) for x in v))
                   for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(x, (dict, list)) for x in value)
    return True


def _dump(value: Any, depth: int) -> Iterator[str]:
    if _flat(value):
        yield json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        return
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(value, dict):
        yield "{\n"
        for index, (key, item) in enumerate(value.items()):
            yield inner + json.dumps(key, ensure_ascii=False) + ": "
            yield from _dump(item, depth + 1)
            yield ",\n" if index < len(value) - 1 else "\n"
        yield pad + "}"
    else:
        yield "[\n"
        for index, item in enumerate(value):
            yield inner
            yield from _dump(item, depth + 1)
            yield ",\n" if index < len(value) - 1 else "\n"
        yield pad + "]"
