"""A season settled again under another reading of the rules
(``reversis stats ... --compare PROFILE`` / ``--set OPTION=VALUE``).

Every session the archive holds is read again from its record, once, and
its deals are settled under the session's own profile (as the archive
settled them) and then again, from memory, under:

* the other reading as a whole: what each player would have come to;
* each option that differs between the session's profile and the other
  reading, changed alone (as ``rules --infer`` screens options): how much
  money that option moves, and from whom.

The settling again is :class:`~reversis_cli.sheet.infer_search.Search`'s, the
engine ``rules --infer`` screens options with: a deal whose settlement an
option leaves as it was keeps its settlement, and the pool is carried from
deal to deal in each reading.  Options interact (doubling a payment that
another option creates), so the single-option effects need not add up to
the whole difference: what is left is reported as *together*
(docs/decisions.md).

Results are data only; the views are in :mod:`reversis_cli.render.compare`
and :mod:`reversis_cli.score.json`'s ``compare`` object (docs/output.md).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from .. import fastpaths
from ..diagnostics import Diagnostic, diagnostic
from ..files import os_reason
from ..i18n import Msg
from ..reader import record_from_text
from ..rules import Profile
from ..rules.profile import OPTIONS, format_option_value
from ..session.service import ScoredDeal, Session
from ..settle.payments import POOL, amount_json
from .archive import notation_of
from .collector import collector_paused
from .database import content_hash, open_to_read, shown_path
from .stats import is_database
from .resettle import lean_reading, raw_net, state_of, summed_apart
from .watch import settle_plan, watched_deals

__all__ = ["POOL", "OtherReading", "SessionSource", "PartyDifference", "OptionEffect",
           "SeasonComparison", "archived_sources", "season_sources", "compare_season",
           "compare_session", "SessionComparison", "comparison_json", "season_of"]

Net = dict[str, Fraction]  # a party (a player's name or POOL) -> fiches


@dataclass(frozen=True)
class OtherReading:
    """The reading a season is compared with: a profile for every session
    (``--compare``), or None for each session's own, with options set
    (``--set``) on top, as ``arbitrate --compare`` builds it."""

    profile: Profile | None = None
    sets: Mapping[str, str] = field(default_factory=dict)

    def of(self, own: Profile) -> Profile:
        """The other reading of a session played under ``own``."""
        base = self.profile if self.profile is not None else own
        return base.with_overrides(dict(self.sets)) if self.sets else base

    @property
    def label(self) -> str:
        """As ``arbitrate`` names side B: the profile, then each option set."""
        parts = [self.profile.name] if self.profile is not None else []
        parts += [f"{name}={value}" for name, value in self.sets.items()]
        return ", ".join(parts)


@dataclass(frozen=True)
class SessionSource:
    """A session of the archive to read again: where its record is, how the
    archive names it (``file:deal`` references), and the hash of what was
    archived (None: not checked)."""

    path: Path
    key: str
    sha256: str | None = None


@dataclass(frozen=True)
class PartyDifference:
    """A party's net over the season under the session's own rules and under
    the other reading (for the pool: what it gained)."""

    name: str
    own: Fraction
    other: Fraction

    @property
    def difference(self) -> Fraction:
        return self.other - self.own


@dataclass(frozen=True)
class OptionEffect:
    """One option set to the other reading's value alone, in every session
    whose profile gives it another value."""

    option: str
    value: str  # the other reading's value, as a set line writes it
    was: tuple[str, ...]  # the sessions' own values, as a set line writes them
    sessions: tuple[str, ...]  # the sessions where it differs (archive names)
    deals: tuple[str, ...]  # ``file:deal``: the deals whose net it changes
    change: Mapping[str, Fraction]  # each party's net under it minus its own

    @property
    def moved(self) -> Fraction:
        """The fiches it moves over the season: what the parties that gain by
        it gain (equal to what the others lose)."""
        return sum((v for v in self.change.values() if v > 0), Fraction(0))

    @property
    def losers(self) -> tuple[tuple[str, Fraction], ...]:
        """The parties it takes money from and how much, the most first."""
        return _ranked({p: -v for p, v in self.change.items() if v < 0})

    @property
    def gainers(self) -> tuple[tuple[str, Fraction], ...]:
        return _ranked({p: v for p, v in self.change.items() if v > 0})


@dataclass(frozen=True)
class SessionComparison:
    """One session under both readings: each party's net under each, and
    under each differing option alone."""

    key: str
    own: Net
    other: Net
    options: Mapping[str, Net]  # option -> each party's net with it alone changed
    values: Mapping[str, tuple[str, str]]  # option -> (own value, other value)
    changed: Mapping[str, tuple[int, ...]]  # option or "" (the whole) -> deal numbers
    deals: int


@dataclass(frozen=True)
class SeasonComparison:
    """The season under its own rules and under the other reading."""

    reading: str  # the other reading's label
    players: tuple[PartyDifference, ...]
    pool: PartyDifference
    options: tuple[OptionEffect, ...]  # in the order of docs/rules.md
    together: Mapping[str, Fraction]  # the whole difference the options alone leave out
    sessions: int
    deals: int
    changed: tuple[str, ...]  # ``file:deal``: the deals the whole reading changes
    problems: tuple[Diagnostic, ...] = ()  # sessions that could not be read again

    @property
    def parties(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players) + (POOL,)

    @property
    def difference(self) -> dict[str, Fraction]:
        """Each party's difference (players, then the pool): they sum to zero."""
        return {p.name: p.difference for p in (*self.players, self.pool)}

    @property
    def moved(self) -> Fraction:
        """The fiches the whole reading moves: what the parties that gain gain."""
        return sum((v for v in self.difference.values() if v > 0), Fraction(0))


# --- the sessions to read again ---------------------------------------------------------


def archived_sources(conn: sqlite3.Connection, base: Path | None,
                     keys: Iterable[str] | None = None) -> list[SessionSource]:
    """The sessions of an archive (those stored under ``keys``, or all), in the
    order they were played (day, then name), with where their records are:
    relative to ``base`` (the database's folder; None for an archive in
    memory, whose paths are as given)."""
    rows = conn.execute("SELECT path, sha256 FROM sessions ORDER BY day, path, id")
    wanted = None if keys is None else set(keys)
    return [SessionSource(Path(path) if base is None else base / path, path, digest)
            for path, digest in rows if wanted is None or path in wanted]


def season_sources(inputs: Iterable[str], keys: Iterable[str]) -> list[SessionSource]:
    """The sessions ``stats`` chose (``keys``, as the archive names them) from
    its ``inputs``: in the archive they name, checked against the hash stored
    there; or the records named, just archived in memory from these very paths.
    Raises :class:`~.schema.ArchiveError` for an archive that cannot be read."""
    databases = [name for name in inputs if is_database(name)]
    if not databases:
        return [SessionSource(Path(key), key) for key in keys]
    conn = open_to_read(databases[0])
    try:
        return archived_sources(conn, Path(os.path.abspath(databases[0])).parent, keys)
    finally:
        conn.close()


def _open(source: SessionSource) -> tuple[Session | None, list[Diagnostic]]:
    """The session of an archived record, read again; None, with why, when it
    is gone, changed since it was archived, or no longer settles.  Named from
    the working folder, as the user names it (the archive names it from its own)."""
    name = source.key if not source.path.is_absolute() else shown_path(str(source.path), None)
    try:
        data = source.path.read_bytes()
    except OSError as exc:
        return None, [diagnostic("RV001", Msg("cannot read {name}: {reason}", name=name,
                                              reason=os_reason(exc)), file=name)]
    if source.sha256 is not None and content_hash(data) != source.sha256:
        return None, [diagnostic("RV610", Msg(
            "{name} has changed since it was archived: archive it again to compare the "
            "season under another reading", name=name), file=name)]
    text, problems = notation_of(source.path, data, name)
    if text is None:
        return None, problems
    session = Session.of(record_from_text(text, name))
    if not session.settleable:
        session.close()
        return None, problems + session.diagnostics
    # its own reading's plain deals settled lean (settle/lean.py), each full
    # settlement made when asked; settle_plain reads the switch of fast paths
    session.lean = True
    return session, problems


# --- one session ----------------------------------------------------------------------


def _differing(own: Profile, other: Profile) -> dict[str, tuple[str, str]]:
    """The options whose values differ, as set lines write them (own, other)."""
    a, b = _values(own), _values(other)
    return {name: (str(format_option_value(name, a[name])),
                   str(format_option_value(name, b[name])))
            for name in OPTIONS if a[name] != b[name]}


def _values(profile: Profile) -> dict:
    """A profile's typed values by option name (as ``rules --infer`` has them,
    ``sheet.infer_search.profile_values``, whose module the engine's search
    brings: loaded for the reference alone)."""
    return dict(profile.options.items())


def _nets(deals: Iterator[ScoredDeal], players: tuple[str, ...], pool_start
          ) -> tuple[Net, list[dict | None]]:
    """What a reading of a session came to, each party's net over it (the
    pool's: what it gained), and each deal's nets as its settlement holds them
    (:func:`~.resettle.raw_net`; None: not settled).  Summed as they are held,
    made Fractions once, at the end: the same exact sums."""
    total: dict = {name: 0 for name in players}
    parts: list = []  # the Fractions, added at the end (``summed_apart``)
    pool = pool_start
    each: list[dict | None] = []
    nothing: dict = {}
    for scored in deals:
        settlement = scored.lean or scored.settlement  # a plain deal's, lean: the same
        if settlement is None:
            each.append(None)
            continue
        net = raw_net(settlement, scored.pool_before)
        summed_apart(total, parts, net, nothing)
        pool = settlement.pool_after
        each.append(net)
    for name, amount in parts:
        total[name] += amount
    nets: Net = {name: Fraction(amount) for name, amount in total.items()}
    nets[POOL] = Fraction(pool) - Fraction(pool_start)
    return nets, each


def _deal_net(scored: ScoredDeal) -> Net | None:
    """One deal's nets as :func:`_nets` counts them (None: not settled)."""
    settlement = scored.settlement
    if settlement is None:
        return None
    net = {name: Fraction(amount) for name, amount in settlement.net.items()}
    net[POOL] = Fraction(settlement.pool_after) - Fraction(scored.pool_before)
    return net


def _other_nets(deals: Iterator[ScoredDeal], scored: list[ScoredDeal], own: Net,
                own_deals: list[dict | None], numbers: list[int], pool_start
                ) -> tuple[Net, tuple[int, ...]]:
    """What :func:`_nets` makes of another reading of the deals ``scored``
    (whose own reading came to ``own``, deal by deal ``own_deals``), and the
    numbers of the deals whose nets it changes: worked out from the deals the
    reading settled otherwise alone (:meth:`Search.reading` hands back the
    very deal it keeps), the others' nets being the own reading's."""
    total = dict(own)
    changed: list[int] = []
    pool_end: int | Fraction = Fraction(pool_start)  # as the last deal the reading settled left it
    for index, (one, base) in enumerate(zip(deals, scored, strict=True)):
        if one.settlement is not None:
            pool_end = one.settlement.pool_after
        if one is base:
            continue
        was, now = own_deals[index], _deal_net(one)
        if was == now:
            continue
        changed.append(numbers[index])
        for name in total:
            if name != POOL:
                total[name] += (now or {}).get(name, 0) - (was or {}).get(name, 0)
    total[POOL] = Fraction(pool_end) - Fraction(pool_start)
    return total, tuple(changed)


Reading = Callable[[Profile, "frozenset[int] | None", "frozenset[int]"],
                   tuple[Net, tuple[int, ...]]]


def _reference(session: Session, scored: list[ScoredDeal], own: Net,
               own_deals: list[dict | None], numbers: list[int], pool_start) -> Reading:
    """A reading's nets and changed deals (given the deal indexes it must
    settle, None: all), each deal settled again by the engine, as ``Search``
    settles it: the readable reference."""
    assert session.profile is not None  # a settleable session
    from ..sheet.infer_search import Search  # the reference's engine: start-up time

    search = Search(session, scored, session.profile, session.pool)

    def settled(profile: Profile, must: frozenset[int] | None, _: frozenset[int]
                ) -> tuple[Net, tuple[int, ...]]:
        deals = search.reading(profile, 0, must)
        return _other_nets(deals, scored, own, own_deals, numbers, pool_start)

    return settled


def _lean(session: Session, scored: list[ScoredDeal], own: Net, own_deals: list[dict | None],
          numbers: list[int], pool_start, facts: list) -> Reading:
    """As :func:`_reference`, a plain deal settled on ints (the twin,
    :func:`~.resettle.lean_reading`)."""
    states = [state_of(s.pool_before, s.previous) for s in scored]
    states.append(None)  # after the last deal: nothing is settled from it
    live = [s.checked.settleable and s.checked.replayed is not None for s in scored]
    own_end = pool_start  # the pool the own reading ends with (as ``_nets`` has it)
    for s in scored:
        kept = s.lean or s.settlement
        if kept is not None:
            own_end = kept.pool_after

    def settled(profile: Profile, must: frozenset[int] | None, restake: frozenset[int]
                ) -> tuple[Net, tuple[int, ...]]:
        return lean_reading(session, scored, states, (profile, must, restake), own, own_deals,
                            numbers, pool_start, facts, (live, own_end))

    return settled


def compare_session(session: Session, other: OtherReading, key: str) -> SessionComparison:
    """Read ``session``'s deals once and settle them under its own profile,
    under ``other`` and under each differing option alone."""
    assert session.profile is not None  # a settleable session
    own_profile = session.profile
    target = other.of(own_profile)
    values = _differing(own_profile, target)
    # the twin (None: the reference), watched as they are settled: one
    # reading, which it could spare no more than a settlement a deal, goes without it
    watch = None
    if len(values) > 1 and not fastpaths.REFERENCE:
        scored, watch = watched_deals(session, own_profile)
    else:
        scored = list(session.deals())
    start = session.pool_start.amount
    own, own_deals = _nets(iter(scored), session.players, start)
    numbers = [s.checked.number or 0 for s in scored]
    if not values:
        return SessionComparison(key, own, own, {}, {}, {}, len(scored))
    own_values = _values(own_profile)
    facts = watch.facts if watch is not None else [None] * len(scored)  # shared by readings
    settle_again = _reference(session, scored, own, own_deals, numbers, start) \
        if fastpaths.REFERENCE else _lean(session, scored, own, own_deals, numbers, start, facts)

    def settled(profile: Profile) -> tuple[Net, tuple[int, ...]]:
        values = _values(profile)
        differ = frozenset(name for name in OPTIONS if values[name] != own_values[name])
        return settle_again(profile, *settle_plan(watch, differ, profile))

    singles: dict[str, Net] = {}
    changed: dict[str, tuple[int, ...]] = {}
    for name, (_, value) in values.items():
        singles[name], changed[name] = settled(own_profile.with_overrides({name: value}))
    if len(values) == 1:  # the whole reading is that one option
        whole, changed[""] = singles[name], changed[name]
    else:
        whole, changed[""] = settled(target)
    return SessionComparison(key, own, whole, singles, values, changed, len(scored))


# --- the season -----------------------------------------------------------------------


def compare_season(sources: Iterable[SessionSource], other: OtherReading,
                   named: Callable[[str], str] | None = None) -> SeasonComparison:
    """Each session read again, once, and settled under its own rules and under
    ``other``; the season's figures summed exactly, each player under the name
    ``named`` gives (the club's roster: one person, one player).  A session
    that cannot be read again is left out, and its problem is in ``problems``."""
    compared: list[SessionComparison] = []
    problems: list[Diagnostic] = []
    with collector_paused() as collect:
        for source in sources:
            session, found = _open(source)
            problems.extend(d for d in found if d.is_error)
            if session is None:
                continue
            with session:
                compared.append(_renamed(compare_session(session, other, source.key), named))
            collect()
    return season_of(compared, other.label, tuple(problems))


def _renamed(one: SessionComparison, named: Callable[[str], str] | None) -> SessionComparison:
    """``one`` with each player's name as ``named`` gives it (no two players of
    a session share one: the roster is checked before, club/names.py)."""
    if named is None:
        return one

    def net(amounts: Net) -> Net:
        return {party if party == POOL else named(party): a for party, a in amounts.items()}

    return replace(one, own=net(one.own), other=net(one.other),
                   options={option: net(n) for option, n in one.options.items()})


def season_of(compared: list[SessionComparison], reading: str,
              problems: tuple[Diagnostic, ...] = ()) -> SeasonComparison:
    """The sessions' comparisons summed over the season."""
    players: list[str] = []
    for one in compared:
        players += [name for name in one.own if name != POOL and name not in players]
    parties = (*players, POOL)
    own, whole = _zero(parties), _zero(parties)
    options: dict[str, dict] = {}
    changed: list[str] = []
    for one in compared:
        _add(own, one.own)
        _add(whole, one.other)
        changed += [f"{one.key}:{n}" for n in one.changed.get("", ())]
        for name, net in one.options.items():
            effect = options.setdefault(name, {"value": one.values[name][1], "was": [],
                                               "sessions": [], "deals": [],
                                               "change": _zero(parties)})
            if one.values[name][0] not in effect["was"]:
                effect["was"].append(one.values[name][0])
            effect["sessions"].append(one.key)
            effect["deals"] += [f"{one.key}:{n}" for n in one.changed[name]]
            for party in net:
                effect["change"][party] += net[party] - one.own[party]
    effects = tuple(OptionEffect(name, e["value"], tuple(e["was"]), tuple(e["sessions"]),
                                 tuple(e["deals"]), e["change"])
                    for name in OPTIONS if (e := options.get(name)) is not None)
    together = {p: whole[p] - own[p] - sum((e.change[p] for e in effects), Fraction(0))
                for p in parties}
    return SeasonComparison(
        reading=reading,
        players=tuple(PartyDifference(p, own[p], whole[p]) for p in players),
        pool=PartyDifference(POOL, own[POOL], whole[POOL]), options=effects,
        together=together, sessions=len(compared), deals=sum(c.deals for c in compared),
        changed=tuple(changed), problems=problems)


def _zero(parties: Iterable[str]) -> Net:
    return {party: Fraction(0) for party in parties}


def _add(total: Net, net: Net) -> None:
    for party, amount in net.items():
        total[party] += amount


def _ranked(amounts: dict[str, Fraction]) -> tuple[tuple[str, Fraction], ...]:
    return tuple(sorted(amounts.items(), key=lambda item: (-item[1], item[0] == POOL, item[0])))


# --- JSON (docs/output.md, the stats JSON's ``compare`` object) ----------------------------


def _amounts_json(amounts: Iterable[tuple[str, Fraction]]) -> dict[str, int | str]:
    return {party: amount_json(amount) for party, amount in amounts}


def comparison_json(c: SeasonComparison) -> dict:
    """The comparison as the stats JSON's ``compare`` object: every amount as
    ``score --json`` writes one (an integer, or ``"n/d"``)."""
    def party_json(p: PartyDifference) -> dict:
        return {"own": amount_json(p.own), "other": amount_json(p.other),
                "difference": amount_json(p.difference)}

    return {
        "reading": c.reading,
        "sessions": c.sessions,
        "deals": c.deals,
        "changed_deals": list(c.changed),
        "moved": amount_json(c.moved),
        "players": {p.name: party_json(p) for p in c.players},
        "pool": party_json(c.pool),
        "options": [{
            "option": e.option, "value": e.value, "was": list(e.was),
            "sessions": list(e.sessions), "deals": list(e.deals),
            "moved": amount_json(e.moved), "change": _amounts_json(e.change.items()),
            "from": _amounts_json(e.losers), "to": _amounts_json(e.gainers),
        } for e in c.options],
        "together": _amounts_json(c.together.items()),
    }
