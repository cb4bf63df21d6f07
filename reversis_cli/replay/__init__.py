"""Replay: from what a deal's record says to what happened at the table.

:mod:`.play` walks the tricks and establishes who led, who took and what each
player held; :mod:`.crosscheck` holds the lines a record may leave out
(hands, talon, exchanges, partie) against that play; :mod:`.result` is what
the replay hands on.  ``replay_full`` and ``find_revokes`` replay a deal
still being played (``reversis record``).  Every contradiction becomes a diagnostic naming both
lines; the replay never raises on bad input.
"""

from .play import replay_deal, replay_full
from .revokes import find_revokes
from .result import (
    PRIVILEGED_TRICKS, TRICKS_PER_DEAL, Espagnolette, Irregularity, Play, Played, PlayedTrick,
    ReplayedDeal, Revoke, TrickAsWritten, is_espagnolette, next_seat, winning_play,
)

__all__ = [
    "TRICKS_PER_DEAL", "PRIVILEGED_TRICKS", "Play", "PlayedTrick", "TrickAsWritten",
    "Espagnolette", "Revoke", "Irregularity", "ReplayedDeal", "Played", "replay_deal",
    "replay_full", "find_revokes", "next_seat",
    "winning_play", "is_espagnolette",
]
