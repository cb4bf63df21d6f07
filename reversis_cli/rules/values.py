"""An option's value as a sentence shows it: as the player types it, with its meaning.

A value (``pool``, ``any_follow``) is what a player types in a ``set`` line or
``--set``, so every language shows it as typed; an arbiter looks it up by that
word.  A reader of Russian cannot guess what ``any_follow`` means, so in Russian
a value is followed by its meaning: each value has a message whose id is
``option = value`` (``remise = pool``) and whose Russian is the value and its
meaning («pool — всё, что было в корзине в начале сдачи»), in the ``rules``
catalog.  English shows the value alone, as it always did: an English reader has
the English word.
"""

from __future__ import annotations

from ..i18n import N_, Msg, t
from ..i18n.message import Language

__all__ = ["option_value", "value_meaning", "values_list", "VALUE_MEANINGS"]

# Every value of every choice option, and the words yes, no and none that the
# other kinds take (their meaning does not depend on the option).
VALUE_MEANINGS: dict[tuple[str, str], str] = {
    ("direction", "counterclockwise"): N_("direction = counterclockwise"),
    ("direction", "clockwise"): N_("direction = clockwise"),
    ("forced_means", "compelled"): N_("forced_means = compelled"),
    ("forced_means", "any_follow"): N_("forced_means = any_follow"),
    ("partie_ties", "seat"): N_("partie_ties = seat"),
    ("partie_ties", "split"): N_("partie_ties = split"),
    ("restake", "below_initial"): N_("restake = below_initial"),
    ("restake", "taken_or_quiet"): N_("restake = taken_or_quiet"),
    ("remise", "pool"): N_("remise = pool"),
    ("remise", "stake"): N_("remise = stake"),
    ("quinola_forcer", "leader"): N_("quinola_forcer = leader"),
    ("quinola_forcer", "taker"): N_("quinola_forcer = taker"),
    ("reversis_cancels", "made_or_broken"): N_("reversis_cancels = made_or_broken"),
    ("reversis_cancels", "made"): N_("reversis_cancels = made"),
    ("espagnolette_fails_on", "last_two"): N_("espagnolette_fails_on = last_two"),
    ("espagnolette_fails_on", "any_trick"): N_("espagnolette_fails_on = any_trick"),
    ("espagnolette_refunds", "aces_and_quinola"): N_("espagnolette_refunds = aces_and_quinola"),
    ("espagnolette_refunds", "diamond_ace_and_quinola"):
        N_("espagnolette_refunds = diamond_ace_and_quinola"),
    ("peek_forfeits", "everything"): N_("peek_forfeits = everything"),
    ("peek_forfeits", "quinola_and_reversis"): N_("peek_forfeits = quinola_and_reversis"),
    ("revoke_penalty", "remise"): N_("revoke_penalty = remise"),
    ("revoke_penalty", "none"): N_("revoke_penalty = none"),
    ("claims_required", "led_and_played"): N_("claims_required = led_and_played"),
    ("claims_required", "in_play"): N_("claims_required = in_play"),
    ("", "yes"): N_("an option = yes"),
    ("", "no"): N_("an option = no"),
    ("", "none"): N_("an option = none"),
}


class _OptionValue(Msg):
    """A value that reads as typed in English and with its meaning in Russian."""

    def __new__(cls, value: str, meaning: str) -> _OptionValue:
        self = str.__new__(cls, value)
        self.template = meaning
        self.params = {}
        return self

    def written(self, language: Language) -> str:
        meaning = language.gettext(self.template)
        # a language without the meaning (English) shows the value as typed
        return str.__str__(self) if meaning == self.template else meaning


def option_value(option: str, value: object) -> str:
    """``value`` of ``option`` for a sentence: a message when the value has a
    meaning to add (a choice, yes, no, none), else the value as typed (a number,
    a list of tricks)."""
    text = str(value)
    meaning = VALUE_MEANINGS.get((option, text)) or VALUE_MEANINGS.get(("", text))
    return text if meaning is None else _OptionValue(text, meaning)


def value_meaning(option: str, value: object) -> str | None:
    """The meaning alone of ``value`` of ``option`` in the run's language («да»,
    «ни одной»), cut from the rules catalog's «yes — да»: None where the
    language shows the value as typed (English, a number, a list of tricks).
    The words are the catalog's, never a second copy."""
    written, typed = t(option_value(option, value)), f"{value} — "
    return written[len(typed):] if written.startswith(typed) else None


def values_list(option: str, values: tuple[str, ...]) -> Msg | str:
    """The values an option takes, each with its meaning, as a list:
    «pool — …; stake — …» (English: "pool, stake")."""
    listed: Msg | str = option_value(option, values[0])
    for value in values[1:]:
        listed = Msg(N_("{first}, {second}"), first=listed, second=option_value(option, value))
    return listed
