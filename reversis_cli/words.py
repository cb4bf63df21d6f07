"""Small helpers for the sentences the program writes."""

from __future__ import annotations

__all__ = ["counted"]


def counted(count, word: str) -> str:
    """``1 trick``, ``2 tricks``, ``0 tricks``: a number with its noun in the
    right number (only regular plurals: the program's nouns all take an s)."""
    return f"{count} {word}{'' if count == 1 else 's'}"
