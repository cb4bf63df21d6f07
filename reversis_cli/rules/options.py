"""The values of a profile's options as one typed object, :class:`RuleOptions`.

The settlement reads an option as an attribute (``options.remise``): the type
checker knows each option's type, a misspelt name is an error before the code
runs, and a choice is a ``Literal`` of its words, so that a comparison with a
word the option does not take is caught by mypy.

A :class:`RuleOptions` is built and validated once, where a profile is made
(``profile.py`` reads the TOML, the ``set`` lines and ``--set`` through the
option registry ``OPTIONS`` and its error messages); its fields are the options
of docs/rules.md in the registry's order (a test keeps the two in step).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

from ..values import Value, setattr_frozen

__all__ = ["RuleOptions"]

# The choices are written out as Literal annotations, which stay text at run
# time (``from __future__ import annotations``): only mypy reads them, and
# building the class costs no typing objects at start-up.


# A plain class (values.py), not a dataclass: a dataclass writes its methods as
# source text and compiles them at import, and for 23 fields that was a good
# part of the start-up of every command that reads a record.  The fields are
# kept in the instance's __dict__ (no slots): as_dict, eq and hash read it whole.
class RuleOptions(Value):
    """Every option of a rule profile, typed (docs/rules.md says what each means)."""

    _fields = ("direction", "forced_means", "partie_diamond_ace", "partie_quinola", "partie_bonus",
               "partie_ties", "partie_vis_a_vis_double", "stake_player", "stake_dealer", "restake",
               "remise", "led_aces_pay_winner", "quinola_forcer", "vis_a_vis_double",
               "late_tricks_double", "reversis_cancels", "espagnolette_fails_on",
               "espagnolette_takes_pool", "espagnolette_refunds", "espagnolette_pays_broken",
               "peek_forfeits", "revoke_penalty", "claims_required")
    direction: Literal["counterclockwise", "clockwise"]
    forced_means: Literal["compelled", "any_follow"]
    partie_diamond_ace: int
    partie_quinola: int
    partie_bonus: int
    partie_ties: Literal["seat", "split"]
    partie_vis_a_vis_double: bool
    stake_player: int
    stake_dealer: int
    restake: Literal["below_initial", "taken_or_quiet"]
    remise: Literal["pool", "stake"]
    led_aces_pay_winner: bool
    quinola_forcer: Literal["leader", "taker"]
    vis_a_vis_double: bool
    late_tricks_double: frozenset[int]
    reversis_cancels: Literal["made_or_broken", "made"]
    espagnolette_fails_on: Literal["last_two", "any_trick"]
    espagnolette_takes_pool: bool
    espagnolette_refunds: Literal["aces_and_quinola", "diamond_ace_and_quinola"]
    espagnolette_pays_broken: frozenset[int]
    peek_forfeits: Literal["everything", "quinola_and_reversis"]
    revoke_penalty: Literal["remise", "none"]
    claims_required: Literal["led_and_played", "in_play"]

    def __init__(self, direction: Literal["counterclockwise", "clockwise"],
                 forced_means: Literal["compelled", "any_follow"], partie_diamond_ace: int,
                 partie_quinola: int, partie_bonus: int, partie_ties: Literal["seat", "split"],
                 partie_vis_a_vis_double: bool, stake_player: int, stake_dealer: int,
                 restake: Literal["below_initial", "taken_or_quiet"],
                 remise: Literal["pool", "stake"], led_aces_pay_winner: bool,
                 quinola_forcer: Literal["leader", "taker"], vis_a_vis_double: bool,
                 late_tricks_double: frozenset[int],
                 reversis_cancels: Literal["made_or_broken", "made"],
                 espagnolette_fails_on: Literal["last_two", "any_trick"],
                 espagnolette_takes_pool: bool,
                 espagnolette_refunds: Literal["aces_and_quinola", "diamond_ace_and_quinola"],
                 espagnolette_pays_broken: frozenset[int],
                 peek_forfeits: Literal["everything", "quinola_and_reversis"],
                 revoke_penalty: Literal["remise", "none"],
                 claims_required: Literal["led_and_played", "in_play"]):
        setattr_frozen(self, "direction", direction)
        setattr_frozen(self, "forced_means", forced_means)
        setattr_frozen(self, "partie_diamond_ace", partie_diamond_ace)
        setattr_frozen(self, "partie_quinola", partie_quinola)
        setattr_frozen(self, "partie_bonus", partie_bonus)
        setattr_frozen(self, "partie_ties", partie_ties)
        setattr_frozen(self, "partie_vis_a_vis_double", partie_vis_a_vis_double)
        setattr_frozen(self, "stake_player", stake_player)
        setattr_frozen(self, "stake_dealer", stake_dealer)
        setattr_frozen(self, "restake", restake)
        setattr_frozen(self, "remise", remise)
        setattr_frozen(self, "led_aces_pay_winner", led_aces_pay_winner)
        setattr_frozen(self, "quinola_forcer", quinola_forcer)
        setattr_frozen(self, "vis_a_vis_double", vis_a_vis_double)
        setattr_frozen(self, "late_tricks_double", late_tricks_double)
        setattr_frozen(self, "reversis_cancels", reversis_cancels)
        setattr_frozen(self, "espagnolette_fails_on", espagnolette_fails_on)
        setattr_frozen(self, "espagnolette_takes_pool", espagnolette_takes_pool)
        setattr_frozen(self, "espagnolette_refunds", espagnolette_refunds)
        setattr_frozen(self, "espagnolette_pays_broken", espagnolette_pays_broken)
        setattr_frozen(self, "peek_forfeits", peek_forfeits)
        setattr_frozen(self, "revoke_penalty", revoke_penalty)
        setattr_frozen(self, "claims_required", claims_required)

    @staticmethod
    def names() -> tuple[str, ...]:
        """The options' names, in the order of the fields."""
        return _NAMES

    def items(self) -> Iterator[tuple[str, Any]]:
        """``(name, value)`` of every option, for code that lists them all
        (the ``rules`` listing, JSON, the differences between two profiles);
        the rest of the code reads an option as an attribute."""
        return ((name, getattr(self, name)) for name in _NAMES)

    def as_dict(self) -> dict[str, Any]:
        """Every option by name, for the same listing code as :meth:`items`."""
        return dict(self.__dict__)  # the fields, in order (no slots); explain asks often

    # What a dataclass would generate with eq and repr: equal when every
    # option is, hashed by the values, written as RuleOptions(direction=...).
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash(tuple(self.__dict__.values()))

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={value!r}" for name, value in self.items())
        return f"{type(self).__qualname__}({values})"


_NAMES = RuleOptions._fields
