"""Which rule options each deal's settlement reads: the fast path (a *twin*)
of ``stats --compare`` (docs/contributing.md, "Fast paths"; issue 35).

``stats --compare`` settles every deal of a season again under the other
reading, and under each option that differs changed alone: with the
classic and modern profiles, 17 options, 18 settlements a deal.  Most deals
never look at most options (an espagnolette's options, in a deal without
one), and a deal settled from the same state with the same values of every
option it reads is settled alike.  So each deal is settled once more under
its own profile with the options *watched* (:class:`_Watched` records each
option read), and a reading that changes none of the options a deal read
keeps that deal's own settlement: :meth:`~..sheet.infer_search.Search.reading`
is given the deals it must settle, and settles every deal after one whose
pool or last deal played came out otherwise.

The watch gives up at the first doubt, and then every deal is settled as
before (the reference, also the only way under ``REVERSIS_REFERENCE=1``):

* a watched settlement that is not the deal's own (its payments, status or pool);
* anything but an option's value read from the options (their ``__dict__``,
  a comparison, a hash, a copy): that deal may depend on every option.

A deal is watched as ``SessionSettler.settle_lean`` settles it: a plain one
through the lean settlement (settle/lean.py, ``settle_plain_watched``), one
with event lines or two cards discarded through their lean twins
(settle/leanevents.py, settle/leantwo.py), any other through the engine
without its reasoning.  The lean reads tell of a reading only if the lean
twins settle under it too (they are what settle the deal again then,
club/resettle.py): under a reading they do not handle (``settle.lean.handles``,
the same test for the three), ``must_settle`` asks for every deal.

Each deal is watched with a settler and options of its own, made for it: a
value worked out from the options once and kept (by the settler, or in a
table keyed by the options) is worked out again for each deal, so that
what it is worked out from is seen in every deal that uses it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import fastpaths
from ..cards import PACK
from ..rules import Profile, RuleOptions
from ..session.service import ScoredDeal, Session
from ..settle import DealSettlement, DealStatus, SessionSettler
from ..settle.payments import whole
from ..settle.lean import handles, judged_run, plain_facts, settle_plain_watched
from ..settle.leandeal import LeanDeal
from ..settle.leanpool import LED, REPRICED
from .resettle import signature_of

__all__ = ["Watch", "watch_options", "watched_deals", "must_settle", "restaked", "settle_plan"]

FIELDS = frozenset(RuleOptions._fields)

# What a watched settlement read: filled by _Watched, emptied before each deal.
_SEEN: set[str] = set()


class _Watched(RuleOptions):
    """A profile's options that note each attribute read (in :data:`_SEEN`)."""

    def __getattribute__(self, name: str):
        _SEEN.add(name)
        return object.__getattribute__(self, name)


# The doubled tricks (DOUBLE-2) are asked of one trick at a time: a deal that
# asked only of tricks on which two readings agree settles alike under both.
LATE = "late_tricks_double"
_ASKED: set[int] = set()  # the tricks asked of them, emptied before each deal
_DOUBT = [False]  # True: they were used otherwise (the deal may depend on them whole)


class _Tricks(frozenset):
    """``late_tricks_double``'s value that notes each trick asked about (``in``);
    used any other way, it casts doubt."""

    __slots__ = ()

    def __contains__(self, trick: object) -> bool:
        _ASKED.add(trick)  # type: ignore[arg-type]
        return frozenset.__contains__(self, trick)


def _doubted(name: str):
    method = getattr(frozenset, name)

    def doubted(self, *args, **kwargs):
        _DOUBT[0] = True
        return method(self, *args, **kwargs)

    return doubted


for _name in ("__iter__", "__len__", "__eq__", "__ne__", "__hash__", "__and__", "__or__",
              "__sub__", "__xor__", "__rand__", "__ror__", "__rsub__", "__rxor__", "__le__",
              "__lt__", "__ge__", "__gt__", "__reduce__", "__reduce_ex__", "__repr__",
              "__format__", "__sizeof__", "copy", "union", "intersection", "difference",
              "symmetric_difference", "issubset", "issuperset", "isdisjoint"):
    setattr(_Tricks, _name, _doubted(_name))


class Watch:
    """What the settlements of one session's deals read: for each deal, its
    options (None: any option may count), and the tricks it asked
    ``late_tricks_double`` about (None: it did not read it)."""

    __slots__ = ("reads", "lean", "facts", "asked", "late", "_by_reads")

    def __init__(self, reads: list[frozenset[str] | None], lean: bool = False,
                 facts: list | None = None, asked: list[frozenset | None] | None = None,
                 late: frozenset[int] = frozenset()) -> None:
        self.reads = reads
        self.asked = asked if asked is not None else [None] * len(reads)
        self.late = late  # the session's own doubled tricks
        # True: some deals' reads are the lean settlement's, which tell of a
        # reading only if the lean settlement settles it (``settle.lean.handles``)
        self.lean = lean
        # each deal's ``settle.lean.plain_facts`` (False: not a plain deal; None:
        # not worked out), for the readings to settle it from
        self.facts = facts if facts is not None else [None] * len(reads)
        self._by_reads: dict[frozenset[str] | None, list[int]] | None = None

    def by_reads(self) -> dict[frozenset[str] | None, list[int]]:
        """The deals' indexes by what they read (a season's 2,000 deals read some
        170 sets of options), worked out once: ``settle_plan`` answers once a set."""
        if self._by_reads is None:
            groups: dict[frozenset[str] | None, list[int]] = {}
            for index, read in enumerate(self.reads):
                groups.setdefault(read, []).append(index)
            self._by_reads = groups
        return self._by_reads


def _watched(profile: Profile, values: dict | None = None) -> Profile:
    """``profile`` with options of its own, watched; ``values``: what
    :func:`_watched_values` gives for it (worked out once a session)."""
    options = object.__new__(_Watched)
    # (through ``object``: the watch's own reads are not the settlement's)
    object.__getattribute__(options, "__dict__").update(
        _watched_values(profile) if values is None else values)
    return Profile(profile.name, options, profile.description, profile.base, profile.source,
                   profile.overridden, profile.money)


def _watched_values(profile: Profile) -> dict:
    """The watched options' values: ``profile``'s, the doubled tricks noting each
    trick asked of them (the one :class:`_Tricks` value, which keeps nothing:
    what it notes goes to :data:`_ASKED`, emptied before each deal)."""
    values = dict(vars(profile.options))
    values[LATE] = _Tricks(profile.options.late_tricks_double)
    return values


def watch_options(session: Session, scored: Sequence[ScoredDeal], own: Profile) -> Watch | None:
    """Each deal of ``scored`` (``session``'s deals settled under ``own``)
    settled again with the options watched; None when the watch cannot be
    trusted (the module's docstring) or the switch of fast paths is off."""
    if fastpaths.REFERENCE:
        return None
    found = _Found()
    start = whole(session.pool_start.amount)  # a settler's ``session_start``
    for deal in scored:
        checked = deal.checked
        if not checked.settleable or checked.replayed is None:
            found.unsettled()
            continue
        fact = plain_facts(checked.replayed)  # read no option: worked out unwatched
        settlement = found.watched(session, own, checked.replayed, deal.pool_before,
                                   deal.previous, start, fact)
        mine = deal.lean or deal.settlement
        # the same deal (a lean one alike field by field) has the same signature
        if settlement != mine and signature_of(settlement) != signature_of(mine):
            return None
    return found.watch(own)


def watched_deals(session: Session, own: Profile) -> tuple[list[ScoredDeal], Watch | None]:
    """``session``'s deals settled under ``own`` as ``session.deals()`` settles
    them (a plain deal lean), and what each read, as :func:`watch_options`
    finds it, in one settlement a deal: its settlement with the options watched
    (:meth:`_Found.watched`, as ``SessionSettler.settle_lean`` settles it) is its
    own, the watched options answering as its own do.  The watch None: as
    :func:`watch_options` (its deals settled all the same)."""
    settler = SessionSettler(own, session.players, session.pool_start.amount,
                             session.pool_start.given)
    given, start = settler.pool_start_given, settler.session_start
    scored: list[ScoredDeal] = []
    found: _Found | None = None if fastpaths.REFERENCE else _Found()
    for checked in session.record.deals():
        pool_before, previous, replayed = settler.pool, settler.last_played, checked.replayed
        if not checked.settleable or replayed is None:
            scored.append(ScoredDeal(checked, None, pool_before, previous, given, start))
            if found is not None:
                found.unsettled()
            continue
        fact = plain_facts(replayed)  # read no option: worked out unwatched
        # its settlement watched is its own (settled as ``settle_lean`` settles it)
        settled = settler.settle_lean(replayed, fact) if found is None else \
            found.watched(session, own, replayed, pool_before, previous, start, fact)
        if isinstance(settled, LeanDeal):
            settler.pool, settler.last_played = settled.pool_after, settled
            scored.append(ScoredDeal.of_lean(checked, settled, pool_before, previous, given,
                                             start))
            continue
        if found is not None:  # the settler's next state, as ``SessionSettler.settle`` leaves it
            settler.pool = settled.pool_after
            if settled.status is DealStatus.PLAYED and replayed.complete:
                settler.last_played = settled
        scored.append(ScoredDeal(checked, settled, pool_before, previous, given, start))
    return scored, (found.watch(own) if found is not None else None)


class _Found:
    """What the watched settlements of a session's deals read, deal by deal."""

    def __init__(self) -> None:
        self.reads: list[frozenset[str] | None] = []
        self.asked: list[frozenset | None] = []
        self.facts: list = []
        self.lean = False
        self.alive: list[Profile] = []  # each deal's options kept: no two deals' share an id()
        self.values: dict | None = None  # the watched options' values (``_watched_values``)

    def unsettled(self) -> None:
        """A deal never settled: a reading keeps it."""
        self.reads.append(frozenset())
        self.asked.append(None)
        self.facts.append(None)

    def watched(self, session: Session, own: Profile, replayed, pool_before, previous, start,
                fact) -> DealSettlement | LeanDeal:
        """The deal settled from ``pool_before`` after ``previous`` under ``own``,
        its options watched, as ``SessionSettler.settle_lean`` settles it (a
        plain deal lean, given its ``fact``; one with event lines or two cards
        discarded by their lean twins; any other by the engine, without its
        reasoning, which reads no option the money depends on); what it read noted."""
        # Options of its own for each deal (and a settler, for the engine):
        # nothing worked out from the options for one deal (and kept) can
        # serve another unseen.
        if self.values is None:
            self.values = _watched_values(own)
        watched = _watched(own, self.values)
        self.alive.append(watched)
        self.facts.append(fact if fact is not None else False)
        _reset()
        settlement: DealSettlement | LeanDeal | None = settle_plain_watched(
            replayed, watched, own.options, pool_before, previous, start, fact)
        if settlement is None:  # not a plain deal: the other twins' reads, or the engine's
            _reset()
            settler = SessionSettler(watched, session.players, session.pool_start.amount,
                                     session.pool_start.given)
            settler.pool, settler.last_played = pool_before, previous
            settlement = settle_lean_watched(settler, replayed, own.options)
        if isinstance(settlement, LeanDeal):
            self.lean = True
        seen = frozenset(_SEEN)
        if FORCED in seen and isinstance(settlement, LeanDeal) and fact is not None \
                and not _forced_counts(replayed.rows, fact):
            seen = seen - {FORCED}  # both its values tell each card's fall alike
        if isinstance(settlement, LeanDeal) and not seen.isdisjoint(_ASKED_OF_EVENTS):
            seen = seen - _unused(replayed)
        self.reads.append(seen if seen <= FIELDS and not _DOUBT[0] else None)
        self.asked.append(frozenset(_ASKED) if LATE in seen else None)
        _SEEN.clear()
        return settlement

    def watch(self, own: Profile) -> Watch:
        return Watch(self.reads, self.lean, self.facts, self.asked,
                     own.options.late_tricks_double)


# ``forced_means`` is read by the lean settlement of a paying card that followed
# suit (``lean._Lean._fell``): ``any_follow`` calls it forced, ``compelled`` forced
# only if its player held no other card of the suit led (a plain deal's hands are
# the cards played).  A deal where no such card's player held another settles
# alike under both.
FORCED = "forced_means"
_SUITS = tuple(card.suit for card in PACK)


def settle_lean_watched(settler: SessionSettler, replayed, judged: RuleOptions
                        ) -> DealSettlement | LeanDeal:
    """``settler.settle_lean`` of a deal, the settler's options watched, whether the
    lean twins handle them judged on ``judged`` (``settle.lean.judged_run``)."""
    return judged_run(settler.profile.options, judged,
                      lambda: settler.settle_lean(replayed))


def _forced_counts(rows, fact) -> bool:
    """Whether ``forced_means`` may change the deal of ``rows`` (its facts
    ``fact``, ``settle.lean.deal_facts``): a paying card followed suit while its
    player held another card of the suit led (he played one later)."""
    suits = _SUITS
    for number, leader, _taker, seat, index in fact[2]:
        suit = suits[rows[number - 1][2]]
        if seat == leader or suits[index] is not suit:
            continue  # led or placed: its fall is not asked of the option
        if any([suits[later[2 + (seat - later[1]) % 4]] is suit for later in rows[number:]]):
            return True
    return False


# The options the lean twins read in every deal with an event line, as the engine
# does (settle/leanevents.py, settle/leantwo.py), and the kinds of line without which
# neither twin does anything with them: CLAIM-1's ``unclaimed``, IRR-4's ``peeked``
# and ``kept``.  A deal the twins settled without such a line settles alike under
# every value (as the engine does: its CLAIM-1 and IRR-4 go through those lines).
_ASKED_OF_EVENTS = {"claims_required": frozenset({"unclaimed"}),
                    "peek_forfeits": frozenset({"peeked", "kept"})}


def _unused(replayed) -> frozenset[str]:
    """Those of :data:`_ASKED_OF_EVENTS` the deal of ``replayed`` has no line for."""
    kinds = {event.kind for event in replayed.deal.events}
    return frozenset(name for name, lines in _ASKED_OF_EVENTS.items()
                     if lines.isdisjoint(kinds))


def _reset() -> None:
    _SEEN.clear()
    _ASKED.clear()
    _DOUBT[0] = False


def must_settle(watch: Watch | None, differ: frozenset[str], profile: Profile
                ) -> frozenset[int] | None:
    """The indexes of the deals that a reading changing the options ``differ``
    (to ``profile``'s) must settle again (None: every deal)."""
    if watch is None or (watch.lean and not handles(profile.options)):
        return None
    touched = _touched(watch, differ, profile)
    return frozenset(index for index, read in enumerate(watch.reads)
                     if read is None or touched(index, read))


def _touched(watch: Watch, differ: frozenset[str], profile: Profile):
    """The options that differ of those a deal read, and that count: the
    doubled tricks only if the two readings answer otherwise of a trick it
    asked about."""
    # the tricks on which the two readings answer otherwise: a deal that asked of
    # none of them answers alike (a set's test, not a loop, for each deal)
    flipped = frozenset(watch.late).symmetric_difference(profile.options.late_tricks_double)
    asked = watch.asked

    def touched(index: int, read: frozenset[str]) -> frozenset[str]:
        hit = read & differ
        if LATE in hit:
            tricks = asked[index]
            if tricks is not None and tricks.isdisjoint(flipped):
                hit = hit - {LATE}
        return hit

    return touched


def restaked(watch: Watch | None, differ: frozenset[str], profile: Profile) -> frozenset[int]:
    """The indexes of the deals whose lean settlement under a reading changing
    the options ``differ`` (to ``profile``'s) is their own staked or priced
    otherwise (settle/leanpool.py): of the options they read, only those of
    the stakes and of the amounts differ."""
    if watch is None or not watch.lean or not handles(profile.options):
        return frozenset()
    touched = _touched(watch, differ, profile)
    priced = REPRICED | {LED}  # the payments to the partie's winner dropped, or added
    return frozenset(index for index, read in enumerate(watch.reads)
                     if read is not None and not touched(index, read) - priced)


def settle_plan(watch: Watch | None, differ: frozenset[str], profile: Profile
                ) -> tuple[frozenset[int] | None, frozenset[int]]:
    """:func:`must_settle` and :func:`restaked` of a reading, in one pass, answered
    once for each set of options the deals read (:meth:`Watch.by_reads`)."""
    if watch is None or (watch.lean and not handles(profile.options)):
        return None, frozenset()
    if not watch.lean:
        return must_settle(watch, differ, profile), frozenset()
    touched = _touched(watch, differ, profile)
    # the payments to the partie's winner dropped (led_aces_pay_winner off), or
    # added (on: club/resettle.py, ``_dues``)
    priced = REPRICED | {LED}
    must: list[int] = []
    again: list[int] = []
    tricks = LATE in differ  # then a deal's answer is the tricks it asked about too
    for read, indexes in watch.by_reads().items():
        if read is None:
            must.extend(indexes)
        elif tricks and LATE in read:
            for index in indexes:
                hit = touched(index, read)
                if hit:
                    must.append(index)
                if not hit - priced:
                    again.append(index)
        else:  # the answer is the reads' alone: once for all the deals that read them
            hit = touched(indexes[0], read)
            if hit:
                must.extend(indexes)
            if not hit - priced:
                again.extend(indexes)
    return frozenset(must), frozenset(again)
