"""A deal's tricks as the archive stores them from schema version 5: one text
of JSON a deal, ``[[trick, leader, cards, taker, points], ...]`` in the order
played (docs/output.md, "The schema (version 5)"), which the view ``tricks`` reads back
one row per trick with the columns and values of version 4's table.

One row a deal instead of eleven: most of the archive's rows were tricks, and
SQLite's work is by the row (docs/decisions.md, "the tricks of a deal in one
row").  The text is what :func:`json.dumps` writes of that list without spaces
(:func:`deal_tricks_text`, the reference); the archive's fast path writes the
same bytes from a plain deal's replay (club/rows.py, ``SessionRows._tricks``).
"""

from __future__ import annotations

import json

__all__ = ["deal_tricks_text"]


def deal_tricks_text(tricks: list[tuple]) -> str:
    """The text of a deal's trick rows as version 4 stored them (session_id,
    deal, trick, leader, cards, taker, points), in their order: what the
    reference and the migration to version 5 write."""
    return json.dumps([list(row[2:7]) for row in tricks], ensure_ascii=False,
                      separators=(",", ":"))
