"""Small helpers for the sentences the program writes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .amounts import shown
from .i18n import Msg, N_

Item = TypeVar("Item")  # what a list is made of: names, messages

__all__ = ["grouped", "joined", "alternatives", "listed", "shortened", "close_words"]


# A number in groups of three digits: "1,048,576" in English, "1 048 576" in
# Russian (a comma there is the decimal point).  One message id per count of
# groups: a template is a literal, never built at run time.
_GROUPS = {
    2: N_("{g1},{g2}"),
    3: N_("{g1},{g2},{g3}"),
    4: N_("{g1},{g2},{g3},{g4}"),
}


def grouped(n: int) -> Msg | str:
    """``n`` written with its thousands separated as the language writes them."""
    digits = str(n)
    if len(digits) <= 3 or len(digits) > 12 or not digits.isdigit():
        return f"{n:,}"
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)]
    return Msg(_GROUPS[len(groups)], **{f"g{i}": g for i, g in enumerate(groups, 1)})


def joined(items: Sequence[Item]) -> Item | Msg:
    """``a and b and c``: each item may be a message, written in the same language."""
    out: Item | Msg = items[0]
    for item in items[1:]:
        out = Msg("{first} and {next}", first=out, next=item)
    return out


def listed(items: Sequence[Item]) -> Item | Msg:
    """``a, b, c``: a list of items, messages or not."""
    out: Item | Msg = items[0]
    for item in items[1:]:
        out = Msg("{first}, {next}", first=out, next=item)
    return out


def alternatives(items: Sequence[Item]) -> Item | Msg:
    """``a, b or c``."""
    if len(items) == 1:
        return items[0]
    return Msg("{first} or {last}", first=listed(items[:-1]), last=items[-1])


def shortened(text: str) -> str | Msg:
    """:func:`~reversis_cli.amounts.shown` as a message, for a diagnostic: the
    length is said in the reader's language (``shown`` stays plain text for
    the callers that quote it)."""
    if shown(text) == text:
        return text
    return Msg("{start}…({length} characters)", start=text[:20], length=grouped(len(text)))


def close_words(word: str, choices: Sequence[str]) -> list[str]:
    """The ``choices`` that look like a mistyped ``word`` (as click offers them:
    difflib's close matches, the closest first)."""
    import difflib  # only after a typing slip: every other run is spared loading it

    return difflib.get_close_matches(word, choices)
