"""The pool over a season in sentences: the line ``stats``, ``league`` and the
club page print under their tables, so that a reader sees where the fiches
the players' nets do not add up to went (a view of
:class:`~reversis_cli.club.pool.SeasonPool`; nothing is added up here)."""

from __future__ import annotations

from pathlib import PurePosixPath

from ..club.pool import SHOWN_BREAKS, SeasonPool
from ..i18n import Count, Msg, amount_shown, fiches

__all__ = ["pool_lines"]


def pool_lines(pool: SeasonPool) -> list[Msg]:
    """What the pool took and held, and each session that did not start
    with what the one before it left (the first few; the rest counted)."""
    if not pool.sessions:
        return []
    players = amount_shown(-pool.net, signed=True)
    if pool.net >= 0:
        lines = [Msg("The pool took {taken} over these sessions, so the players' nets add up "
                     "to {players}; it held {left} after the last one.",
                     taken=fiches(pool.net), players=players, left=fiches(pool.end))]
    else:
        lines = [Msg("The pool gave out {given} more than it took over these sessions, so the "
                     "players' nets add up to {players}; it held {left} after the last one.",
                     given=fiches(-pool.net), players=players, left=fiches(pool.end))]
    if pool.start:
        lines.append(Msg("It held {start} before the first session.", start=fiches(pool.start)))
    for gap in pool.breaks[:SHOWN_BREAKS]:
        lines.append(Msg("{session} started with {start} in the pool, where {previous} left "
                         "{end}.", session=PurePosixPath(gap.path).name,
                         start=fiches(gap.start), previous=PurePosixPath(gap.previous_path).name,
                         end=fiches(gap.previous_end)))
    more = len(pool.breaks) - SHOWN_BREAKS
    if more > 0:
        lines.append(Msg("Besides these, {sessions} did not start with what the session before "
                         "left.",
                         sessions=Count(more, "{n} session", "{n} sessions")))
    if pool.breaks:
        lines.append(Msg("A record carries the pool in with its pot line: reversis record "
                         "offers the pool the last evening left."))
    return lines
