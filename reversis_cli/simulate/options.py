"""What a simulated session is made of: one immutable, checked set of options."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from collections.abc import Mapping

from ..cards import CARD_STYLES
from .events import FORCE_MODES, IRREGULAR_MODES, RARE_MODES

__all__ = ["SimulationOptions", "DEFAULT_PLAYERS", "DEFAULT_EVENT_RATE", "EVENT_MIX"]

DEFAULT_PLAYERS = ("Anna", "Boris", "Vera", "Gleb")

# The event mix of ``reversis simulate``: the chance that a deal is forced to hold a
# rare event, and how that chance is shared.  The espagnolette also comes about
# unforced (the players keep three aces and the quinola in the exchange, hoping
# for it), so it gets a small share; reversis made and broken never happen
# unforced.  At 0.05 a session shows (measured on 3 x 4,000 deals) a reversis
# made about every 42 deals, a broken one every 48 (either: every 22), an
# espagnolette every 27;
# from ordinary play, the quinola placed every 4, forced every 24, led or played
# every 16, and an ace placed in trick 10 or 11 every 9 (tests/perf/rates.py).
DEFAULT_EVENT_RATE = 0.05
EVENT_MIX: tuple[tuple[str, float], ...] = (
    ("reversis", 0.45), ("broken_reversis", 0.45), ("espagnolette", 0.10))


@dataclass(frozen=True)
class SimulationOptions:
    """A simulated session: the same options give the same text, byte for byte.

    ``deals`` deals from ``random.Random(seed)``; the last of the four
    ``players`` deals first.  ``events``: the chance that a regular deal is
    forced to a rare event, chosen by the weights of ``mix``.  ``irregular``:
    the chance that a deal is forced to one of the irregular modes (misdeals,
    an exposed card, peeks, revokes ...), chosen evenly; it is drawn first, so
    an irregular deal holds no rare event.  ``forces`` maps deal numbers to a
    force mode (see :mod:`.events`) and overrides both draws.
    ``rules`` is the header's ``rules`` value as it should read (a profile name
    or a path); ``title`` and ``comments`` (comment lines above the header) are
    written when given.  ``write_hands`` adds the hands as dealt, the talon and
    the partie; ``write_exchanges`` the exchange lines.  Whatever the flags,
    the lines an irregularity needs are written.

    Options are checked when made: a wrong one raises ``ValueError``.
    """

    deals: int
    seed: int = 0
    rules: str = "classic"
    events: float = DEFAULT_EVENT_RATE
    irregular: float = 0.0
    mix: tuple[tuple[str, float], ...] = EVENT_MIX
    players: tuple[str, ...] = DEFAULT_PLAYERS
    card_style: str = "ascii"
    write_hands: bool = False
    write_exchanges: bool = True
    title: str | None = None
    comments: tuple[str, ...] = ()
    forces: Mapping[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Sequences given as lists are kept as tuples, the forces read-only:
        # the options stay what they were when checked.
        object.__setattr__(self, "mix", tuple((m, w) for m, w in self.mix))
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "comments", tuple(self.comments))
        object.__setattr__(self, "forces", MappingProxyType(dict(self.forces)))
        self._check()

    def _check(self) -> None:
        if self.deals < 0:
            raise ValueError("deals must be >= 0")
        if not 0.0 <= self.events <= 1.0 or not 0.0 <= self.irregular <= 1.0:
            raise ValueError("events and irregular are chances between 0 and 1")
        modes = [m for m, _ in self.mix]
        if any(m not in RARE_MODES + IRREGULAR_MODES for m in modes):
            raise ValueError(f"unknown force mode in the mix {modes}")
        if len(self.players) != 4 or len(set(self.players)) != 4:
            raise ValueError("four distinct players")
        bad = [m for m in self.forces.values() if m not in FORCE_MODES]
        if bad:
            raise ValueError(f"unknown force mode {bad[0]!r}; use one of {FORCE_MODES}")
        if self.card_style not in CARD_STYLES:
            raise ValueError(f"card style {self.card_style!r}: use one of {CARD_STYLES}")
