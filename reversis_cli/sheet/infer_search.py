"""The search of :mod:`reversis_cli.sheet.infer`: the values tried for each option,
and one record's deals settled again under many readings (steps 2 to 4 of
that module's docstring)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .reconcile import DealReconciliation, reconcile
from ..rules import Profile
from ..rules.profile import BUILTIN_PROFILES, OPTIONS, builtin_profile, format_option_value
from ..session.service import ScoredDeal, Session
from ..settle import DealSettlement, DealStatus, SessionSettler
from ..settle.leandeal import LeanDeal
from ..settle.payments import POOL
from ..values import replace

__all__ = ["MAX_CHANGES", "EVALUATION_BUDGET", "Search", "candidate_values", "profile_values",
           "value_text"]

MAX_CHANGES = 3
# Each candidate set costs a settling of the deals it reaches: past this many
# the search stops and says so, rather than run for minutes.
EVALUATION_BUDGET = 20000
# The trick sets tried for a ``tricks`` option, besides the other built-in
# profile's: the doubled or paid tricks are, at the tables the sources
# describe, the last ones.
TRICK_SETS: tuple[frozenset[int], ...] = (
    frozenset(), frozenset({11}), frozenset({10, 11}), frozenset({9, 10, 11}), frozenset({10}),
    frozenset(range(1, 12)))


# --- the values tried ------------------------------------------------------------------


def value_text(name: str, value) -> str:
    return str(format_option_value(name, value))


def profile_values(profile: Profile) -> dict[str, Any]:
    """A profile's typed values by option name."""
    return dict(profile.options.items())


def candidate_values(profile: Profile, name: str) -> tuple[str, ...]:
    """The values of option ``name`` tried against ``profile``'s, as text.

    A choice or yes/no option: every other value.  A number: 0, one and two
    either side, half and double, and the built-in profiles' values.  A trick
    set: none, 11, 10,11, 9,10,11, 10, every trick and the built-ins' sets.
    """
    option = OPTIONS[name]
    current = profile_values(profile)[name]
    builtins = [profile_values(builtin_profile(b))[name] for b in BUILTIN_PROFILES]
    if option.kind == "choice":
        values: list = list(option.values)
    elif option.kind == "bool":
        values = [not current]
    elif option.kind == "int":
        values = builtins + [0, current - 2, current - 1, current + 1, current + 2,
                             current // 2, current * 2]
        values = [v for v in values if v >= 0]
    else:
        values = builtins + list(TRICK_SETS)
    out: list[str] = []
    for value in values:
        text = value_text(name, value)
        if value != current and text not in out:
            out.append(text)
    return tuple(out)


# --- one record's deals, settled under many readings ---------------------------------


def _signature(settlement: DealSettlement | None):
    """What a later deal or the sheet can see of a settlement: its payments
    (not the reasons' wording) and the pool after it."""
    if settlement is None:
        return None
    payments = tuple((p.payer, p.payee, p.amount, p.rule, p.trick) for p in settlement.payments)
    return settlement.status, payments, settlement.pool_after


def _state(pool, previous: DealSettlement | LeanDeal | None):
    """The session state a deal is settled in: the pool, and what POOL-2 reads
    of the last deal played (its payments to and from the pool)."""
    if previous is None:
        return pool, None
    return pool, tuple((p.payer, p.payee, p.rule) for p in previous.payments
                       if POOL in (p.payer, p.payee))


@dataclass
class _Variant:
    option: str
    value: str
    changed: frozenset[int]  # deal indexes whose settlement differs from the base
    reach: int | None  # from this index on the session state may differ
    disagreeing: frozenset[int]  # deal indexes, under this change alone
    touches: frozenset[int] = frozenset()  # the disagreement units it can move


@dataclass
class _Trace:
    """What a reading changed: the deal indexes settled otherwise than in the
    base reading, and the first index whose session state differs."""

    changed: set[int] = field(default_factory=set)
    reach: int | None = None


class Search:
    """The deals of one record and the readings tried on them."""

    def __init__(self, session: Session, scored: list[ScoredDeal], base: Profile,
                 pool_end) -> None:
        """``scored``: the deals settled under ``base``, which left the pool at
        ``pool_end``."""
        self.session = session
        self.base = base
        self.scored = scored
        self.count = len(scored)
        self.settled = 0
        self.states = [_state(s.pool_before, s.previous) for s in scored]
        self.states.append(_state(pool_end, _last_played(scored[-1] if scored else None)))
        self.base_signatures = [_signature(s.settlement) for s in scored]
        self.windows = _windows(scored)
        self.index_of = {s.checked.number: i for i, s in enumerate(scored)}
        self.disagreeing = self.disagreeing_under(iter(scored))
        self.evaluated: dict[frozenset[int], frozenset[int]] = {frozenset(): self.disagreeing}
        self.first_failures: dict[frozenset[int], int | None] = {}
        self.variants: list[_Variant] = []
        self.cover: dict[int, frozenset[int]] = {}  # unit -> the changes that reach it

    # -- settling -----------------------------------------------------------------

    def reading(self, profile: Profile, start: int, changed: frozenset[int] | None,
                trace: _Trace | None = None) -> Iterator[ScoredDeal]:
        """The session's deals under ``profile``, settled again (lazily) from
        deal index ``start``: a deal not in ``changed`` (None: every deal)
        whose state is the base reading's keeps the base settlement."""
        yield from self.scored[:start]
        settler = SessionSettler(profile, self.session.players, self.session.pool_start.amount,
                                 self.session.pool_start.given)
        in_step = True
        for index in range(start, self.count):
            base = self.scored[index]
            checked = base.checked
            if (in_step and changed is not None and index not in changed) \
                    or not checked.settleable or checked.replayed is None:
                yield base
                continue
            if in_step:
                settler.pool, settler.last_played = base.pool_before, base.previous
            settlement = settler.settle(checked.replayed)
            self.settled += 1
            in_step = _state(settler.pool, settler.last_played) == self.states[index + 1]
            if trace is not None and not in_step and trace.reach is None:
                trace.reach = index + 1
            if _signature(settlement) == self.base_signatures[index]:
                yield base
                continue
            if trace is not None:
                trace.changed.add(index)
            yield replace(base, settlement=settlement)

    def disagreeing_under(self, deals: Iterator[ScoredDeal]) -> frozenset[int]:
        found = reconcile(deals, self.session.players)
        return frozenset(self.index_of[r.number] for r in found if _departs(r))

    def profile_of(self, chosen: Iterable[int]) -> Profile:
        return self.base.with_overrides(
            {self.variants[v].option: self.variants[v].value for v in sorted(chosen)})

    def _reading_of(self, chosen: frozenset[int]) -> Iterator[ScoredDeal]:
        variants = [self.variants[v] for v in chosen]
        changed = frozenset().union(*(v.changed for v in variants))
        reaches = [v.reach for v in variants if v.reach is not None]
        start = min([*changed, *reaches, self.count])
        return self.reading(self.profile_of(chosen), start, changed | _from(reaches, self.count))

    def evaluate(self, chosen: frozenset[int]) -> frozenset[int]:
        """The disagreeing deal indexes under a set of changes (cached)."""
        if chosen not in self.evaluated:
            self.evaluated[chosen] = self.disagreeing_under(self._reading_of(chosen))
        return self.evaluated[chosen]

    def first_failure(self, chosen: frozenset[int]) -> int | None:
        """The first disagreeing deal index under a set of changes, or None:
        the deals after it are not settled (cached)."""
        if chosen in self.evaluated:
            left = self.evaluated[chosen]
            return min(left) if left else None
        if chosen not in self.first_failures:
            found = reconcile(self._reading_of(chosen), self.session.players)
            first = next((r for r in found if _departs(r)), None)
            self.first_failures[chosen] = None if first is None else self.index_of[first.number]
        return self.first_failures[chosen]

    @property
    def tried(self) -> int:
        return len(self.evaluated) + len(self.first_failures)

    # -- screening ----------------------------------------------------------------

    def screen(self, held: set[str]) -> list[str]:
        """Try every candidate value alone; the options none of whose values
        changes a settlement are returned (they cannot be inferred).

        A number or a trick set is first tried with a *probe* value that
        differs from the profile's in every way the option can (the number
        plus one, the trick set's complement): a deal the probe leaves as it
        was, in the base reading's state, is taken to be left so by every
        value of the option, and the values are settled on the others only."""
        silent = []
        for name in OPTIONS:
            if name in held:
                continue
            probe = _probe(self.base, name)
            only: frozenset[int] | None = None
            if probe is not None:
                trace = _Trace()
                self.disagreeing_under(self.reading(
                    self.base.with_overrides({name: probe}), 0, None, trace))
                only = _touched(trace, self.count)
            moved = False
            for value in candidate_values(self.base, name):
                if only is not None and not only:
                    break
                moved |= self._try(name, value, only)
            if not moved:
                silent.append(name)
        cover: dict[int, set[int]] = {}
        for v, variant in enumerate(self.variants):
            for unit in variant.touches:
                cover.setdefault(unit, set()).add(v)
        self.cover = {unit: frozenset(vs) for unit, vs in cover.items()}
        return silent

    def _try(self, name: str, value: str, only: frozenset[int] | None) -> bool:
        """Settle the session with one option changed; keep it as a variant
        when it changes anything."""
        trace = _Trace()
        start = min(only, default=self.count) if only is not None else 0
        left = self.disagreeing_under(self.reading(
            self.base.with_overrides({name: value}), start, only, trace))
        if not trace.changed and trace.reach is None:
            return False
        touched = _touched(trace, self.count)
        variant = _Variant(name, value, frozenset(trace.changed), trace.reach, left)
        variant.touches = frozenset(u for u, window in self.windows.items() if window & touched)
        self.evaluated[frozenset({len(self.variants)})] = left
        self.variants.append(variant)
        return True

    # -- the search ---------------------------------------------------------------

    def covering(self, unit: int, excluded: frozenset[int]) -> frozenset[int]:
        """The changes that reach ``unit``, but those ``excluded``."""
        return self.cover.get(unit, frozenset()) - excluded

    def solutions(self, size: int) -> list[frozenset[int]]:
        """Sets of at most ``size`` changes under which no deal disagrees, the
        smallest first, found as
        hitting sets: each deal that disagrees must be reached by a change,
        and each deal that a change alone makes disagree by another change."""
        found: list[frozenset[int]] = []
        seen: set[frozenset[int]] = set()

        def unmet(chosen: frozenset[int], extra: list[tuple[int, frozenset[int]]]
                  ) -> tuple[int, frozenset[int]] | None:
            """The unit still to reach with the fewest changes that reach it,
            and the changes that do not count for it (None: none left)."""
            reached = frozenset().union(*(self.variants[v].touches for v in chosen))
            needs: list[tuple[int, frozenset[int]]] = [
                (unit, frozenset()) for unit in self.disagreeing - reached]
            for v in chosen:
                others = frozenset().union(*(self.variants[w].touches for w in chosen - {v}))
                needs += [(unit, frozenset({v})) for unit in self.variants[v].disagreeing - others]
            needs += [(unit, ex) for unit, ex in extra if not self.covering(unit, ex) & chosen]
            return min(needs, key=lambda n: (len(self.covering(*n)), n[0]), default=None)

        def grow(chosen: frozenset[int], extra: list[tuple[int, frozenset[int]]]) -> None:
            if chosen in seen or self.tried > EVALUATION_BUDGET:
                return
            seen.add(chosen)
            need = unmet(chosen, extra)
            if need is None:
                first = self.first_failure(chosen)
                if first is None:
                    found.append(chosen)
                    return
                need = (first, chosen)
                extra = extra + [need]
            if len(chosen) >= size:
                return
            unit, excluded = need
            options = {self.variants[v].option for v in chosen}
            for v in sorted(self.covering(unit, excluded)):
                if self.variants[v].option not in options:
                    grow(chosen | {v}, extra)

        grow(frozenset(), [])
        return sorted(found, key=lambda s: (len(s), sorted(s)))

    def closest(self) -> frozenset[int]:
        """Changes added one at a time, each the one leaving the fewest deals
        disagreeing, while that number falls (at most :data:`MAX_CHANGES`)."""
        chosen: frozenset[int] = frozenset()
        left = self.disagreeing
        while len(chosen) < MAX_CHANGES and left:
            options = {self.variants[v].option for v in chosen}
            reaching = {v for unit in left for v in self.covering(unit, chosen)
                        if self.variants[v].option not in options}
            best = None
            for v in sorted(reaching):
                if self.tried > EVALUATION_BUDGET:
                    break
                now = self.evaluate(chosen | {v})
                if len(now) < len(left) and (best is None or len(now) < len(best[1])):
                    best = (v, now)
            if best is None:
                break
            chosen, left = chosen | {best[0]}, best[1]
        return chosen


def _probe(profile: Profile, name: str) -> str | None:
    """The value that differs from ``profile``'s in every way option ``name``
    can, for a number or a trick set (None for the other kinds)."""
    kind = OPTIONS[name].kind
    if kind == "int":
        return str(profile_values(profile)[name] + 1)
    if kind == "tricks":
        return value_text(name, frozenset(range(1, 12)) - profile_values(profile)[name])
    return None


def _touched(trace: _Trace, count: int) -> frozenset[int]:
    return frozenset(trace.changed) | _from([trace.reach] if trace.reach is not None else [],
                                            count)


def _from(reaches: Sequence[int], count: int) -> frozenset[int]:
    """Every index from the first of ``reaches`` on."""
    return frozenset(range(min(reaches), count)) if reaches else frozenset()


def _last_played(last: ScoredDeal | None) -> DealSettlement | LeanDeal | None:
    """The last deal played at the end of the base reading (for the state after it)."""
    if last is None:
        return None
    settlement = last.settlement
    if settlement is not None and settlement.status is DealStatus.PLAYED and \
            last.checked.settleable:
        return settlement
    return last.previous


def _departs(found: DealReconciliation) -> bool:
    """Whether the table departed from the rules in this deal."""
    tally = found.tally
    return bool(found.payment_disagreements) or (tally is not None and tally.went_wrong_here)


def _windows(scored: list[ScoredDeal]) -> dict[int, frozenset[int]]:
    """For each deal index with recorded figures, the deal indexes whose
    settlements its figures depend on: its own for paid lines, and for a
    tally every deal since the previous tally (the sheet's running totals)."""
    windows: dict[int, frozenset[int]] = {}
    previous_tally = -1
    for index, one in enumerate(scored):
        deal = one.checked.deal
        if deal is None or (not deal.paid and deal.tally is None):
            continue
        window = {index}
        if deal.tally is not None:
            window |= set(range(previous_tally + 1, index + 1))
            previous_tally = index
        windows[index] = frozenset(window)
    return windows
