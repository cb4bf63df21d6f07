"""The session service: a record, settled deal by deal.

This is the one place that decides how a record is settled.  It resolves the
rule profile once (the header's ``rules`` and ``set`` lines, then the command
line's ``--rules`` and ``--set``), reads the pool the session starts with
(the ``pot`` line, in the record's unit) once, carries the pool from deal to
deal, and keeps the running balance and the totals.  Every command that
shows money (``score`` as tables or JSON, ``explain``, ``arbitrate``, batch
runs) reads the deals from a :class:`Session`.

Deals with errors are reported and not settled: they pay nothing and leave
the pool as it was.  A record whose profile cannot be built, or whose ``pot``
line cannot be read, settles nothing: settling it under other rules or with
another pool would give wrong money.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence

from ..amounts import read_amount
from ..diagnostics import Diagnostic, ProfileError
from ..reader import UNITS, CheckedDeal, Expectations, Record, open_record
from ..model import HeaderLine, Pos
from ..rules import DEFAULT_PROFILE, Profile, load_profile
from ..rules.money import MONEY_OPTIONS
from ..rules.profile import OPTIONS
from ..settle import DealSettlement, SessionSettler
from ..settle.leandeal import LeanDeal
from ..values import MutableValue, Value, setattr_frozen

__all__ = ["DEFAULT_PROFILE", "JETON", "ScoredDeal", "Session", "SessionOutcome", "Reading",
           "Carried",
           "PoolStart", "resolve_profile",
           "header_profile_problems", "pool_start_of", "score_deals"]

JETON = 5  # fiches

Amount = Fraction | int


class ScoredDeal(Value):
    """A deal as read and, when it could be, settled.

    ``pool_before`` and ``previous`` are the session state the deal was
    settled in, so that an arbiter can settle it again under other options.
    A plain deal settled lean (:meth:`of_lean`, for ``score --json``) keeps its
    :class:`~reversis_cli.settle.lean.LeanDeal` as :attr:`lean`, and makes its
    ``settlement`` from it when first asked.
    """

    __slots__ = ("checked", "_settlement", "pool_before", "previous", "pot_line_given",
                 "session_start", "_lean")
    _fields = ("checked", "settlement", "pool_before", "previous", "pot_line_given",
               "session_start")
    checked: CheckedDeal
    _settlement: DealSettlement | None
    pool_before: Amount
    previous: DealSettlement | LeanDeal | None
    pot_line_given: bool
    session_start: Amount
    _lean: LeanDeal | None

    def __init__(self, checked: CheckedDeal, settlement: DealSettlement | None,
                 pool_before: Amount = 0, previous: DealSettlement | LeanDeal | None = None,
                 pot_line_given: bool = False, session_start: Amount = 0):
        setattr_frozen(self, "checked", checked)
        setattr_frozen(self, "_settlement", settlement)
        setattr_frozen(self, "pool_before", pool_before)
        setattr_frozen(self, "previous", previous)
        setattr_frozen(self, "pot_line_given", pot_line_given)
        setattr_frozen(self, "session_start", session_start)
        setattr_frozen(self, "_lean", None)

    @classmethod
    def of_lean(cls, checked: CheckedDeal, lean: LeanDeal, pool_before: Amount,
                previous: DealSettlement | LeanDeal | None, pot_line_given: bool,
                session_start: Amount) -> ScoredDeal:
        """A plain deal settled lean: its settlement made when first asked.  (Each
        slot set through its descriptor: one a deal, cheaper than ``__init__``'s
        ``setattr_frozen``.)"""
        made = _object_new(cls)
        s_checked, s_settlement, s_pool, s_previous, s_pot, s_start, s_lean = _SCORED_SETTERS
        s_checked(made, checked)
        s_settlement(made, None)
        s_pool(made, pool_before)
        s_previous(made, previous)
        s_pot(made, pot_line_given)
        s_start(made, session_start)
        s_lean(made, lean)
        return made

    @property
    def settlement(self) -> DealSettlement | None:
        made = self._settlement
        if made is None and self._lean is not None:
            made = self._lean.full()
            setattr_frozen(self, "_settlement", made)
        return made

    @property
    def lean(self) -> LeanDeal | None:
        """The lean settlement of a plain deal (``score --json``), or None."""
        return self._lean


_object_new = object.__new__
_SCORED_SETTERS = tuple(getattr(ScoredDeal, name).__set__ for name in ScoredDeal.__slots__)


class PoolStart(Value):
    """The pool before deal 1 and whether the record's ``pot`` line gave it."""

    __slots__ = _fields = ("amount", "given")
    amount: Amount
    given: bool

    def __init__(self, amount: Amount = 0, given: bool = False):
        setattr_frozen(self, "amount", amount)
        setattr_frozen(self, "given", given)


class SessionOutcome(MutableValue):
    """What one record came to: for a batch's summary and the exit status.

    Plain data (it crosses from a worker process to the parent)."""

    __slots__ = _fields = ("name", "deals", "errors", "warnings", "totals", "pool_end",
                           "internal_error", "settled")
    name: str
    deals: int
    errors: int
    warnings: int
    totals: dict[str, Amount]
    pool_end: Amount
    internal_error: str | None  # a bug stopped this record: what it was
    settled: bool  # its deals were read and settled (a usable profile and players)

    def __init__(self, name: str, deals: int = 0, errors: int = 0, warnings: int = 0,
                 totals: dict[str, Amount] | None = None, pool_end: Amount = 0,
                 internal_error: str | None = None, settled: bool = False):
        self.name = name
        self.deals = deals
        self.errors = errors
        self.warnings = warnings
        self.totals = {} if totals is None else totals
        self.pool_end = pool_end
        self.internal_error = internal_error
        self.settled = settled


# --- the profile and the pool a record asks for -------------------------------------


def _read_pool_start(record: Record) -> PoolStart | None:
    """The ``pot`` line read once: None when its amount or unit cannot be read
    (the reader has reported it)."""
    line = record.header.get("pot")
    if line is None:
        return PoolStart()
    amount = read_amount(line.value.strip())
    unit = record.header.get("unit")
    if amount is None or (unit is not None and unit.value not in UNITS):
        return None
    if unit is not None and unit.value == "jeton":
        amount *= JETON
    return PoolStart(int(amount) if amount.denominator == 1 else amount, True)


def _resolve(record: Record, rules: str | None, sets: Mapping[str, str] | None
             ) -> tuple[Profile | None, PoolStart | None, list[Diagnostic]]:
    """The profile and the pool start, or None for a profile that cannot be
    used; the header's problems as located diagnostics."""
    problems: list[Diagnostic] = []
    line = record.header.get("rules")
    profile: Profile | None
    if rules is not None:
        profile = load_profile(rules, base_dir=Path.cwd())
    elif line is not None:
        profile = _header_profile(record, line, problems)
    else:
        profile = load_profile(DEFAULT_PROFILE)
    # Each set line is checked even when the profile could not be built, so
    # that one run reports every problem of the header.
    checked = profile or load_profile(DEFAULT_PROFILE)
    for set_line in record.header.all("set"):
        try:
            checked = checked.with_overrides({set_line.option: set_line.value})
        except ProfileError as exc:
            problems.append(record.locate(exc.diagnostic, _set_line_fault(set_line)))
    if problems:
        return None, None, problems
    if sets:
        checked = checked.with_overrides(dict(sets))
    pool_start = _read_pool_start(record)
    return (checked if pool_start is not None else None), pool_start, problems


def resolve_profile(record: Record, rules: str | None = None,
                    sets: Mapping[str, str] | None = None
                    ) -> tuple[Profile | None, list[Diagnostic]]:
    """The profile the record asks for, with the command line's overrides.

    Problems in the header (its ``rules`` line, each ``set`` line) are located
    diagnostics, and then there is no profile.  Problems in ``rules`` or
    ``sets`` (the command line) raise :class:`ProfileError` for the CLI to
    report as a usage error.  The profile is None too when the record's
    ``pot`` line (amount or unit) cannot be read (already reported by the
    reader): it is not settled as an empty pool.
    """
    profile, _, problems = _resolve(record, rules, sets)
    return profile, problems


def _header_profile(record: Record, line: HeaderLine, problems: list[Diagnostic]) -> Profile | None:
    """The profile of the header's ``rules`` line (a path is read from the record's folder)."""
    base_dir = Path(record.name).parent if record.name else None
    try:
        return load_profile(line.value, base_dir=base_dir)
    except ProfileError as exc:
        problems.append(record.locate(exc.diagnostic, line.value_pos))
        return None


def _set_line_fault(line: HeaderLine) -> Pos:
    """Where a ``set`` line is wrong: on the option's name when there is no
    such option, else on the value the option does not take."""
    if line.option not in OPTIONS and line.option not in MONEY_OPTIONS:
        return line.option_pos or line.pos
    return line.value_pos or line.pos


def header_profile_problems(record: Record) -> list[Diagnostic]:
    """What is wrong with the profile the header names (its rules and set lines)."""
    return _resolve(record, None, None)[2]


def pool_start_of(record: Record) -> tuple[Amount, bool]:
    """The pool before deal 1 (``pot`` line, in the record's unit) and whether it was given."""
    pool_start = _read_pool_start(record)
    if pool_start is None:  # a session refuses such a record: this is a bug
        raise ValueError(f"the pot of {record.name} cannot be read")
    return pool_start.amount, pool_start.given


# --- settling --------------------------------------------------------------------------


class Reading:
    """The session settled under one profile: its pool, running balance and totals.

    The running balance after a deal is the sum of the nets of every deal
    settled so far; the settler keeps it, so it is summed in one place.
    """

    def __init__(self, profile: Profile, players: tuple[str, ...], pool_start: PoolStart):
        self.profile = profile
        self._settler = SessionSettler(profile, players, pool_start.amount, pool_start.given)

    def settle(self, checked: CheckedDeal, steps: bool = False, lean: bool = False
               ) -> ScoredDeal:
        """The next deal settled; ``steps``: with its reasoning (``settle_deal``), which
        only an explanation reads; ``lean``: a plain deal settled lean when it can be
        (:meth:`SessionSettler.settle_lean`), its full settlement made on demand."""
        settler = self._settler
        pool_before, previous = settler.pool, settler.last_played
        replayed = checked.replayed
        if not (checked.settleable and replayed is not None):
            settlement = None
        elif lean and not steps:
            settled = settler.settle_lean(replayed)
            if isinstance(settled, LeanDeal):
                return ScoredDeal.of_lean(checked, settled, pool_before, previous,
                                          settler.pool_start_given, settler.session_start)
            settlement = settled
        else:
            settlement = settler.settle(replayed, steps)
        return ScoredDeal(checked, settlement, pool_before, previous,
                          settler.pool_start_given, settler.session_start)

    @property
    def pool(self) -> Amount:
        """The pool after the last deal settled (the start before any)."""
        return self._settler.pool

    def balance(self) -> dict[str, Amount]:
        """Each player's running balance: the sum of the nets so far."""
        return self._settler.totals()

    def carried(self) -> Carried:
        """What is carried to the next deal: the pool, the last deal played, the balance."""
        settler = self._settler
        return Carried(settler.pool, settler.last_played, settler.totals())

    def restore(self, carried: Carried) -> None:
        """Settle the next deal as if the deals before had come to ``carried``
        (a part of the file settled in another process: reversis_cli/session/parts.py)."""
        self._settler.restore(carried.pool, carried.last_played, carried.balance)


class Carried(Value):
    """The state of the settling between two deals: all that a deal's
    settlement depends on besides the deal, the profile and the pot line."""

    __slots__ = _fields = ("pool", "last_played", "balance")
    pool: Amount
    last_played: DealSettlement | LeanDeal | None
    balance: dict[str, Amount]

    def __init__(self, pool: Amount, last_played: DealSettlement | LeanDeal | None,
                 balance: dict[str, Amount]):
        setattr_frozen(self, "pool", pool)
        setattr_frozen(self, "last_played", last_played)
        setattr_frozen(self, "balance", balance)


class Session:
    """A record and the profile it is settled under, read deal by deal.

    Iterate :meth:`deals` once: a record is read as a stream.  While and after
    it runs, :meth:`balance`, :attr:`pool`, :meth:`totals` and :attr:`pool_end`
    describe the deals handed out so far; the counts (``deals``, ``errors``,
    ``warnings``) are those of the deals handed out and of the header.
    """

    def __init__(self, record: Record, profile: Profile | None, pool_start: PoolStart | None,
                 problems: Sequence[Diagnostic] = ()):
        self.record = record
        self.profile = profile if pool_start is not None else None
        self.pool_start = pool_start or PoolStart()
        self.diagnostics: list[Diagnostic] = record.header_diagnostics + list(problems)
        self.deals_shown = 0
        self.errors = sum(d.is_error for d in self.diagnostics)
        self.warnings = 0
        self._reading = (Reading(self.profile, record.players, self.pool_start)
                         if self.profile is not None else None)
        # True: plain deals are settled lean (``Reading.settle``), for a writer that
        # reads them so (score --json: ``DealWriter.lean``).
        self.lean = False
        # With ``deals(only=N)``: what the deals shown came to.
        self._shown_net: dict[str, Amount] | None = None
        self._shown_pool: Amount | None = None

    # -- opening ---------------------------------------------------------------------

    @classmethod
    def of(cls, record: Record, rules: str | None = None,
           sets: Mapping[str, str] | None = None) -> Session:
        """The session of an open record; a bad ``rules`` or ``sets`` raises
        :class:`ProfileError` (a command-line problem)."""
        profile, pool_start, problems = _resolve(record, rules, sets)
        return cls(record, profile, pool_start, problems)

    @classmethod
    def open(cls, path: str | Path, rules: str | None = None,
             sets: Mapping[str, str] | None = None) -> Session:
        """Open the record at ``path`` (``-`` for standard input) as a session."""
        record = open_record(path)
        try:
            return cls.of(record, rules, sets)
        except BaseException:
            record.close()
            raise

    @classmethod
    def under(cls, record: Record, profile: Profile) -> Session:
        """The session of ``record`` under a profile already chosen."""
        return cls(record, profile, _read_pool_start(record))

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.record.close()

    def close(self) -> None:
        self.record.close()

    @property
    def name(self) -> str:
        return self.record.name

    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players

    @property
    def settleable(self) -> bool:
        """Whether the record can be settled at all (a usable profile and players)."""
        return self.profile is not None and bool(self.record.players)

    # -- deal by deal ----------------------------------------------------------------

    def deals(self, only: int | None = None,
              progress: Callable[[int], None] | None = None, *, steps: bool = False
              ) -> Generator[ScoredDeal, None, None]:
        """The deals settled in order, carrying the pool; with ``only``, just
        the deal of that number (every deal is still settled, for the pool).
        ``progress(bytes_read)`` is called as each deal is read, shown or not.
        ``steps``: the deals handed out come with their reasoning (``explain``,
        ``arbitrate``); without, ``DealSettlement.steps`` is None."""
        reading = self._require_reading()
        if only is not None:  # what the deals shown came to: nothing yet
            self._shown_net = {name: 0 for name in self.players}
            self._shown_pool = self.pool_start.amount
        lean = self.lean
        for checked in self.record.deals():
            scored = reading.settle(checked, steps and (only is None or checked.number == only),
                                    lean)
            if progress is not None:
                progress(self.record.position)
            if only is not None:
                if checked.number != only:
                    continue
                self._add_shown(scored)
            if scored.checked.diagnostics:  # else nothing to count but the deal
                self._count(scored)
            else:
                self.deals_shown += 1
            yield scored

    def compared(self, other: Profile, *, steps_for: int | None = None
                 ) -> Iterator[tuple[ScoredDeal, ScoredDeal]]:
        """Each deal settled under the session's profile and under ``other``,
        each reading carrying its own pool (the record is read once); deal
        ``steps_for`` with its reasoning, for the arbiter (as :meth:`find` gives it)."""
        reading = self._require_reading()
        second = Reading(other, self.players, self.pool_start)
        for checked in self.record.deals():
            steps = checked.number == steps_for
            scored = reading.settle(checked, steps)
            self._count(scored)
            yield scored, second.settle(checked, steps)

    def find(self, number: int) -> ScoredDeal | None:
        """Deal ``number`` as settled in its session, with its reasoning (for an
        explanation), or None when there is none (reading stops at it)."""
        return next(self.deals(only=number, steps=True), None)

    def _require_reading(self) -> Reading:
        if self._reading is None:
            raise ValueError(f"{self.name} cannot be settled: its profile or pot is unusable")
        return self._reading

    def _add_shown(self, scored: ScoredDeal) -> None:
        """With ``only``: the totals are those of the deal asked for."""
        net = self._shown_net if self._shown_net is not None else {}
        if scored.settlement is not None:
            for name, amount in scored.settlement.net.items():
                net[name] += amount
        self._shown_net, self._shown_pool = net, _pool_after(scored)

    def _count(self, scored: ScoredDeal) -> None:
        self.deals_shown += 1
        for d in scored.checked.diagnostics:
            if d.is_error:
                self.errors += 1
            else:
                self.warnings += 1

    def outcome(self) -> SessionOutcome:
        """The counts, totals and pool at the end of the deals handed out."""
        if not self.settleable:
            return SessionOutcome(self.name, self.deals_shown, self.errors, self.warnings)
        return SessionOutcome(self.name, self.deals_shown, self.errors, self.warnings,
                              self.totals(), self.pool_end, settled=True)

    def resume(self, expected: Expectations, carried: Carried, deals: int = 0, errors: int = 0,
               warnings: int = 0) -> None:
        """Go on as if ``deals`` more deals, with ``errors`` and ``warnings``,
        had been handed out and had left the reader expecting ``expected`` and
        the settling at ``carried`` (deals settled in another process:
        reversis_cli/session/parts.py)."""
        self.record.expected = expected
        self._require_reading().restore(carried)
        self.deals_shown += deals
        self.errors += errors
        self.warnings += warnings

    # -- the state so far ------------------------------------------------------------

    @property
    def pool(self) -> Amount:
        """The pool after the last deal settled."""
        return self._reading.pool if self._reading else self.pool_start.amount

    @property
    def reading(self) -> Reading:
        """The settling carried from deal to deal (see :meth:`Reading.carried`)."""
        return self._require_reading()

    def balance(self) -> dict[str, Amount]:
        """Each player's running balance after the last deal settled."""
        if self._reading is None:
            return {name: 0 for name in self.players}
        return self._reading.balance()

    def totals(self) -> dict[str, Amount]:
        """What the deals handed out came to: the running balance at the end,
        or, for one deal asked for by number, that deal's net."""
        return self._shown_net if self._shown_net is not None else self.balance()

    @property
    def pool_end(self) -> Amount:
        """The pool after the deals handed out."""
        return self._shown_pool if self._shown_pool is not None else self.pool


def _pool_after(scored: ScoredDeal) -> Amount:
    return scored.settlement.pool_after if scored.settlement else scored.pool_before


def score_deals(record: Record, profile: Profile, steps: bool = False
                ) -> Iterator[ScoredDeal]:
    """Settle the record's deals one at a time under ``profile``, carrying the pool
    (``steps``: with their reasoning)."""
    return Session.under(record, profile).deals(steps=steps)
