"""``reversis explain``: the arbiter's account of one deal.

The account is the engine's own reasoning (the steps recorded while
settling) plus, for each option of the profile, the deal settled again with
the option's other values: an option whose other value changes any payment
is an option that decided this deal, and the arbiter sees what it would have
given.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from collections.abc import Iterator

from ..reader import Record
from ..rules import OPTIONS, BUILTIN_PROFILES, Profile, load_profile
from ..session.service import ScoredDeal, Session
from ..settle import DealSettlement, settle_deal

__all__ = ["Alternative", "Explanation", "explain_deal", "explain_in", "alternatives"]

# Shown in reports only; it never changes a payment.
_DISPLAY_ONLY = ("direction",)


@dataclass(frozen=True)
class Alternative:
    """The deal settled with one option set otherwise."""

    option: str
    current: str
    value: str
    settlement: DealSettlement


@dataclass(frozen=True)
class Explanation:
    scored: ScoredDeal
    profile: Profile
    alternatives: tuple[Alternative, ...]


def explain_deal(record: Record, profile: Profile, number: int) -> Explanation | None:
    """The explanation of deal ``number``, or None when the record has no such deal."""
    return explain_in(Session.under(record, profile), number)


def explain_in(session: Session, number: int) -> Explanation | None:
    """The explanation of deal ``number`` of an open session (None: no such deal)."""
    scored = session.find(number)
    if scored is None or session.profile is None:
        return None
    profile = session.profile
    found = tuple(alternatives(scored, profile)) if scored.settlement else ()
    return Explanation(scored, profile, found)


def _other_values(name: str, current: str) -> list[str]:
    """The values of option ``name`` other than ``current`` (its JSON word) worth a try."""
    option = OPTIONS[name]
    values: list[str | int]
    if option.kind == "choice":
        values = list(option.values)
    elif option.kind == "bool":
        values = ["yes", "no"]
    else:  # numbers and trick sets: what the other built-in profiles say
        values = [load_profile(b).to_json_options()[name] for b in BUILTIN_PROFILES]
    return [str(v) for v in dict.fromkeys(map(str, values)) if v != current]


def _fingerprint(s: DealSettlement) -> Counter:
    return Counter((p.payer, p.payee, p.amount, p.rule, p.trick) for p in s.payments)


def alternatives(scored: ScoredDeal, profile: Profile) -> Iterator[Alternative]:
    """Every other option value that would have settled this deal differently."""
    base = scored.settlement
    replayed = scored.checked.replayed
    if base is None or replayed is None:  # a deal with errors has no other reading
        return
    for name, word in profile.to_json_options().items():
        if name in _DISPLAY_ONLY:
            continue
        current = str(word)
        for value in _other_values(name, current):
            other = settle_deal(replayed, profile.with_overrides({name: value}),
                                scored.pool_before, previous=scored.previous,
                                first_deal=scored.previous is None,
                                pot_line_given=scored.pot_line_given,
                                session_start=scored.session_start, steps=False)
            if _fingerprint(other) != _fingerprint(base) or other.winners != base.winners \
                    or other.losers != base.losers:
                yield Alternative(name, current, value, other)
