"""Which rules was this table playing?  (``reversis rules --infer``)

A record's ``paid`` and ``tally`` lines say what the table paid and wrote on
its score sheet.  This module looks for the values of the profile's options
under which those figures agree with the rules: the smallest set of changes
from the record's own profile, or, when no small set makes every figure
agree, the reading that leaves the fewest deals disagreeing.

A deal *disagrees* when one of its ``paid`` lines differs from the rules, or
when its ``tally`` departed from the rules in this deal (a difference carried
from an earlier deal is counted where it began; see :mod:`.reconcile`).

The search, in the order it runs:

1. every deal is settled once under the record's profile, and the
   disagreeing deals are found.  When some disagree, every deal is settled
   again under each built-in profile as a whole (keeping the options the
   record's ``set`` lines or ``--set`` give), since the likeliest house-rule
   slip is the wrong word on the ``rules`` line: the two built-ins differ in
   more options than the search below would change.  A built-in profile
   under which fewer deals disagree is searched from first; the record's own
   profile wins a tie.  The profile a search starts from is its *base*
   reading;
2. each option's alternative values (:func:`candidate_values`) are tried one
   at a time over the whole session: which deals' settlements change, from
   which deal on the session state (the pool) differs, so that every later
   deal may change, and which deals disagree under that one change.  An
   option none of whose values changes a settlement cannot be inferred from
   this session.  A number or a trick set is first tried with a probe value
   that differs in every way the option can; its other values are settled on
   the deals the probe changed only;
3. sets of 1, 2, 3 changes are built as hitting sets: every disagreeing deal
   must be reached by a change of the set, and every deal that one change
   alone makes disagree by another.  A candidate set is settled again from the
   first deal it reaches (a deal none of its changes touches, in the base
   reading's state, keeps its base settlement), lazily, and reconciled until
   the first deal that still disagrees: that deal must be reached by one more
   change.  The first size with sets under which every figure agrees gives
   the answer;
4. failing that, changes are added one at a time, each time the one that
   leaves the fewest deals disagreeing, up to three;
5. the reading found is settled again from the first deal, and for each
   option changed, the deals that disagree without it are its evidence.

Steps 2 to 5 run from each base of step 1 in turn, until one finds a
reading under which every figure agrees; failing that, the reading that
leaves the fewest deals disagreeing is the answer (the earlier base on a tie).

The search reads everything from the record once and holds its deals in
memory.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic
from ..i18n import Msg, N_, tr
from ..rules import Profile
from ..rules.profile import BUILTIN_PROFILES, OPTIONS, builtin_profile
from ..session.service import Reading, ScoredDeal, Session
from .infer_search import (
    EVALUATION_BUDGET, MAX_CHANGES, Search, candidate_values, profile_values, value_text,
)

__all__ = ["Change", "Inference", "InferOutcome", "MAX_CHANGES", "candidate_values",
           "infer_in", "house_profile_toml"]

ALTERNATIVES_SHOWN = 3


@dataclass(frozen=True)
class Change:
    """One option set to another value than the record's profile gives it."""

    option: str
    value: str  # as a ``set`` line writes it
    was: str


@dataclass(frozen=True)
class Inference:
    """What the search found for one record."""

    name: str
    base: Profile  # the reading the search started from
    profile: Profile  # the reading found
    changes: tuple[Change, ...]
    deals: int
    recorded: int  # deals with paid or tally lines
    disagreeing_before: tuple[int, ...]  # deal numbers, under the base reading
    disagreeing: tuple[int, ...]  # deal numbers, under the reading found
    evidence: dict[str, tuple[int, ...]] = field(default_factory=dict)
    uninferable: tuple[str, ...] = ()  # options that change no settlement here
    held: tuple[str, ...] = ()  # options given by set lines or --set: not searched
    alternatives: tuple[tuple[Change, ...], ...] = ()  # other sets as good
    budget_spent: bool = False  # the search stopped before trying every set
    settled: int = 0  # deals settled in all, for the benchmark
    # The record's own reading, and its disagreeing deals, when the search
    # started from another built-in profile that fits the figures better.
    record_profile: Profile | None = None
    disagreeing_in_record: tuple[int, ...] = ()

    @property
    def agrees(self) -> bool:
        return not self.disagreeing

    @property
    def another_profile(self) -> bool:
        """Whether the table played another built-in profile than the record says."""
        return self.record_profile is not None

    @property
    def house_profile(self) -> str:
        """The reading found as a house profile file (TOML)."""
        return house_profile_toml(self)


@dataclass
class InferOutcome:
    """The diagnostics of the record, and the inference or why there is none."""

    diagnostics: list[Diagnostic]
    inference: Inference | None = None
    problem: Msg | None = None

    @property
    def errors(self) -> int:
        return sum(d.is_error for d in self.diagnostics)


# --- the library call ------------------------------------------------------------------


def infer_in(session: Session, held: Iterable[str] = ()) -> InferOutcome:
    """Infer the options the table of ``session``'s record played (reads the
    record: call it once).  ``held``: options the command line set, not searched."""
    diagnostics = list(session.diagnostics)
    if not session.settleable:
        return InferOutcome(diagnostics, problem=Msg(
            "{name} cannot be settled: its profile or players are not usable",
            name=session.name))
    scored = list(session.deals())
    for deal in scored:
        diagnostics.extend(deal.checked.diagnostics)
    outcome = InferOutcome(diagnostics)
    if outcome.errors:
        outcome.problem = Msg("{name} has errors: nothing is inferred until they are put right",
                              name=session.name)
        return outcome
    recorded = sum(1 for s in scored if s.checked.deal is not None
                   and (s.checked.deal.paid or s.checked.deal.tally is not None))
    if not recorded:
        outcome.problem = Msg("{name} has no paid or tally line: there is nothing to infer "
                              "the rules from", name=session.name)
        return outcome
    outcome.inference = _infer(session, scored, recorded, _held(session, held))
    return outcome


def _held(session: Session, given: Iterable[str]) -> set[str]:
    """Options the record's set lines or the command line's --set give: kept as
    given (a set line would win over a house profile's value anyway)."""
    return {line.option for line in session.record.header.all("set") if line.option} | set(given)


def _infer(session: Session, scored: list[ScoredDeal], recorded: int,
           held: set[str]) -> Inference:
    assert session.profile is not None  # infer_in asked that the session be settleable
    own = Search(session, scored, session.profile, session.pool)
    wholes = _wholes(session, scored, own, held)
    bases = [own] + [whole for whole in wholes if len(whole.disagreeing) < len(own.disagreeing)]
    bases.sort(key=lambda search: len(search.disagreeing))  # stable: the record's own first
    results = []
    for search in bases:
        results.append(_search_from(search, held, recorded))
        if results[-1].agrees:
            break
    best = min(results, key=lambda found: len(found.disagreeing))  # the first of equals
    settled = sum(search.settled for search in [own, *wholes])
    if best.base is own.base:
        return dataclasses.replace(best, settled=settled)
    return dataclasses.replace(best, settled=settled, record_profile=own.base,
                               disagreeing_in_record=_numbers(scored, own.disagreeing))


def _wholes(session: Session, scored: list[ScoredDeal], own: Search,
            held: set[str]) -> list[Search]:
    """The built-in profiles other than the record's own reading, each taken
    as a whole with the held options as the record gives them, with every
    deal settled under it (none when no deal disagrees under the record's)."""
    if not own.disagreeing:
        return []
    assert session.profile is not None
    given = {name: value for name, value in session.profile.options.items() if name in held}
    found = []
    for name in BUILTIN_PROFILES:
        whole = builtin_profile(name).with_overrides(given)
        if whole == session.profile:
            continue
        reading = Reading(whole, session.players, session.pool_start)
        rescored = [reading.settle(one.checked) for one in scored]
        search = Search(session, rescored, whole, reading.pool)
        search.settled = len(rescored)
        found.append(search)
    return found


def _search_from(search: Search, held: set[str], recorded: int) -> Inference:
    """Steps 2 to 5 of the module's docstring, from ``search``'s base."""
    scored = search.scored
    uninferable = search.screen(held)
    found: list[frozenset[int]] = []
    for size in range(1, MAX_CHANGES + 1 if search.disagreeing else 1):
        found = search.solutions(size)
        found = [s for s in found if len(s) == len(found[0])] if found else []
        if found or search.tried > EVALUATION_BUDGET:
            break
    chosen = found[0] if found else (search.closest() if search.disagreeing else frozenset())
    profile = search.profile_of(chosen)
    left = search.disagreeing_under(search.reading(profile, 0, None)) if chosen \
        else search.disagreeing
    evidence = {}
    for v in sorted(chosen, key=lambda v: list(OPTIONS).index(search.variants[v].option)):
        without = search.evaluate(chosen - {v})
        evidence[search.variants[v].option] = _numbers(scored, without - left)
    return Inference(
        name=search.session.name, base=search.base, profile=profile,
        changes=_changes(search, chosen), deals=len(scored), recorded=recorded,
        disagreeing_before=_numbers(scored, search.disagreeing),
        disagreeing=_numbers(scored, left), evidence=evidence,
        uninferable=tuple(uninferable), held=tuple(n for n in OPTIONS if n in held),
        alternatives=tuple(_changes(search, s) for s in found[1:1 + ALTERNATIVES_SHOWN]),
        budget_spent=search.tried > EVALUATION_BUDGET, settled=search.settled)


def _changes(search: Search, chosen: frozenset[int]) -> tuple[Change, ...]:
    order = list(OPTIONS)
    variants = sorted((search.variants[v] for v in chosen), key=lambda v: order.index(v.option))
    base = profile_values(search.base)
    return tuple(Change(v.option, v.value, value_text(v.option, base[v.option])) for v in variants)


def _numbers(scored: list[ScoredDeal], indexes: Iterable[int]) -> tuple[int, ...]:
    # a deal with a number: only deals read whole are settled and reconciled
    return tuple(sorted(scored[i].checked.number or 0 for i in indexes))


# --- the house profile, as TOML ----------------------------------------------------------


def _toml_value(name: str, value) -> str:
    kind = OPTIONS[name].kind
    if kind == "bool":
        return "true" if value else "false"
    if kind == "int":
        return str(value)
    return f'"{value_text(name, value)}"'  # choice words and trick lists: [a-z_0-9,]


# The house profile's comments, for the table that reads it: in the run's language
# (its keys and values are data, the same in every language).
_PROFILE_HEADER = N_("The rules this table played, as reversis rules --infer found them.")
_FOUND = N_("found from the recorded figures")
_KEPT = N_("as the record's own profile gives it")


def house_profile_toml(inference: Inference) -> str:
    """The reading found as a house profile: ``base =`` the built-in profile the
    record's reading starts from, and every option that differs from it; its
    comments in the run's language."""
    base_name = inference.profile.base if inference.profile.base in BUILTIN_PROFILES \
        else "classic"
    played, base = profile_values(inference.profile), profile_values(builtin_profile(base_name))
    changed = {c.option for c in inference.changes}
    lines = ["# " + tr(_PROFILE_HEADER), f'base = "{base_name}"', "", "[options]"]
    for name in OPTIONS:
        if played[name] == base[name]:
            continue
        why = tr(_FOUND if name in changed else _KEPT)
        lines.append(f"{name} = {_toml_value(name, played[name])}  # {why}")
    return "\n".join(lines) + "\n"
