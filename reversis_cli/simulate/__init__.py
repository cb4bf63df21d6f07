"""A seeded generator of legal Reversis sessions (``reversis simulate``).

The package deals (:mod:`.deal`), exchanges and plays whole deals with a simple
but plausible policy (:mod:`.play`), forces rare and irregular events into some
of them (:mod:`.events`), and streams the session (:mod:`.session`) as the
project's own model (:mod:`.record`: :class:`reversis_cli.model.Deal`), written
by the project's writer (:mod:`reversis_cli.notation.writer`).  One options object,
:class:`SimulationOptions`, says what to make.

    from reversis_cli.simulate import SimulationOptions, simulate_session
    text = "".join(simulate_session(SimulationOptions(deals=10, seed=1)))
"""

from __future__ import annotations

from .events import (
    FORCE_MODES, IRREGULAR_MODES, RARE_MODES, VOID_MODES, GenerationError,
)
from .options import DEFAULT_EVENT_RATE, DEFAULT_PLAYERS, EVENT_MIX, SimulationOptions
from .session import simulate_record, simulate_session

__all__ = [
    "SimulationOptions", "simulate_session", "simulate_record", "GenerationError",
    "DEFAULT_EVENT_RATE", "DEFAULT_PLAYERS", "EVENT_MIX",
    "RARE_MODES", "VOID_MODES", "IRREGULAR_MODES", "FORCE_MODES",
]
