"""Lines of play behind the figures, settled again by the engine.

Every value the search gives is the net of some finished deal: the line the
players would follow from the node (the *principal variation*).
:func:`principal_line` finds it; :func:`settle_line` settles that finished deal
with the engine itself (``settle/engine.py``), so that each figure ``analyse``
prints is one the engine pays out on a real line of play, and the engine's
payments name what a card let happen (``Finding.event``).
"""

from __future__ import annotations

from ..cards import PACK
from ..replay import Play as ReplayPlay
from ..replay import PlayedTrick, ReplayedDeal
from ..rules import Profile
from ..settle.engine import settle_deal
from ..settle.settlement import DealSettlement
from .money import OVER, Play, Position, close_trick, taker_of
from .search import Solver, choose

__all__ = ["principal_line", "settle_line", "AnalysisDisagreement", "Trick"]

Trick = tuple[Play, ...]  # one trick's plays from its leader: (seat, card index)


class AnalysisDisagreement(AssertionError):
    """The search and the engine settled one finished deal differently: a bug,
    never bad input; the command stops with an internal error (exit 3) rather
    than print a figure the settlement would not pay."""


def principal_line(solver: Solver, pos: Position, plays: Trick, seat: int, selfish: bool
                   ) -> tuple[list[Trick], tuple[int, ...]]:
    """The tricks from ``pos`` (after ``plays`` of its trick) to the end of the deal
    on the line behind the node's value for ``seat`` (paranoid or selfish), and
    the value of the finished deal at its end."""
    tricks: list[Trick] = []
    while True:
        if len(plays) == 4:
            tricks.append(plays)
            pos, plays = close_trick(solver.table, pos, plays), ()
            if pos.trick == OVER:
                return tricks, solver.at_start(pos)
            continue
        mover, groups, values = solver.children(pos, plays)
        pick = choose(mover, values, seat, selfish)
        plays = plays + ((mover, groups[pick][0]),)


def settle_line(replayed: ReplayedDeal, profile: Profile, scored_context: dict,
                played: int, line: list[Trick]) -> DealSettlement:
    """The engine's settlement of the deal whose first ``played`` tricks are as
    recorded and whose others are ``line``."""
    tricks = list(replayed.tricks[:played])
    for number, trick in enumerate(line, start=played + 1):
        plays = tuple(ReplayPlay(seat, PACK[index]) for seat, index in trick)
        tricks.append(PlayedTrick(number, trick[0][0], plays, taker_of(trick)))
    finished = ReplayedDeal(
        replayed.deal, replayed.players, replayed.dealer, tuple(tricks), replayed.hands,
        tuple(replayed.partie), replayed.partie_written, replayed.espagnolette,
        replayed.revokes)
    return settle_deal(finished, profile, steps=False, **scored_context)
