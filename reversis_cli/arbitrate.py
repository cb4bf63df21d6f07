"""``reversis arbitrate``: a ruling on one deal, for the people at the table.

A ruling is the facts the record establishes (who held what and when, what
was irregular and on which line), each rule that applies (its id, its words,
and the source paragraphs it rests on, quoted in the original Russian), and
the payments that follow.  With another reading of the rules (a second
profile, or options set otherwise) the same deal is settled again, the whole
session replayed under that reading so that the pool is right, and the two
rulings are set side by side.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from .cards import sort_cards
from .reader import open_record
from .rules import Profile
from .rules.sources import sources_for_rule
from .rules.texts import RULE_TEXTS
from .session import ScoredDeal, Session
from .words import counted

__all__ = ["Fact", "AppliedRule", "Ruling", "Comparison", "rule", "rule_in", "compare_rulings",
           "compare_in"]

_EVENT_RULES = {"exposed": "IRR-1", "misdeal": "IRR-2", "redeal": "IRR-2", "peeked": "IRR-4",
                "kept": "IRR-4", "discarded-two": "IRR-5", "out-of-turn": "IRR-6",
                "unclaimed": "CLAIM-1"}


@dataclass(frozen=True)
class Fact:
    text: str
    line: int | None = None


@dataclass(frozen=True)
class AppliedRule:
    id: str
    text: str
    sources: tuple[tuple[str, str], ...]  # (C¶n, the paragraph in Russian)


@dataclass(frozen=True)
class Ruling:
    scored: ScoredDeal
    profile: Profile
    facts: tuple[Fact, ...]
    rules: tuple[AppliedRule, ...]

    @property
    def settlement(self):
        return self.scored.settlement


@dataclass(frozen=True)
class Comparison:
    """Deal N settled under two readings: ``a`` (the record's) and ``b``."""

    a: Ruling
    b: Ruling

    def net_difference(self) -> dict[str, Fraction]:
        na, nb = self.a.settlement.net, self.b.settlement.net
        return {name: Fraction(nb[name]) - Fraction(na[name]) for name in na}


class NoSuchDeal(LookupError):
    pass


def rule(path: str | Path, number: int, profile: Profile) -> Ruling:
    """The ruling on deal ``number`` of the record at ``path`` under ``profile``."""
    with open_record(path) as record:
        return rule_in(Session.under(record, profile), number)


def rule_in(session: Session, number: int) -> Ruling:
    """The ruling on deal ``number`` of an open session."""
    scored = session.find(number)
    if scored is None or session.profile is None:
        raise NoSuchDeal(number)
    return _ruling(scored, session.profile)


def compare_rulings(path: str | Path, number: int, a: Profile, b: Profile) -> Comparison:
    """Deal ``number`` ruled on under ``a`` and under ``b``."""
    with open_record(path) as record:
        return compare_in(Session.under(record, a), number, b)


def compare_in(session: Session, number: int, other: Profile) -> Comparison:
    """Deal ``number`` of an open session ruled on under its profile and under
    ``other``: the whole session is settled under each reading, each with its
    own pool, in one reading of the record.  ``.a`` is the session's ruling."""
    assert session.profile is not None
    for scored_a, scored_b in session.compared(other):
        if scored_a.checked.number == number:
            return Comparison(_ruling(scored_a, session.profile), _ruling(scored_b, other))
    raise NoSuchDeal(number)


def _ruling(scored: ScoredDeal, profile: Profile) -> Ruling:
    return Ruling(scored, profile, tuple(_facts(scored)), tuple(_rules(scored)))


# --- facts ---------------------------------------------------------------------------


def _facts(scored: ScoredDeal):
    checked = scored.checked
    deal, replayed = checked.deal, checked.replayed
    if deal is None:
        yield Fact("The deal line cannot be read; nothing can be established.")
        return
    yield Fact(f"Deal {deal.number} was dealt by {deal.dealer.text}.", deal.pos.line)
    for event in deal.events:
        yield Fact(_event_fact(event), event.pos.line)
    if replayed is None:
        for d in checked.diagnostics:
            yield Fact(f"The record is wrong here: {d.message} [{d.code}]", d.line)
        return
    name = replayed.name
    if not replayed.void and replayed.dealer_known:
        yield Fact(f"{name(replayed.first_hand)} was first hand and led trick 1 (SEAT-1).")
    for hand in deal.hands:
        yield Fact(f"{hand.player.text} was dealt {_cards(c.card for c in hand.cards)}.",
                   hand.pos.line)
    for ex in deal.exchanges:
        yield Fact(_exchange_fact(ex), ex.pos.line)
    if replayed.void:
        return
    if checked.has_errors:
        # What follows from the whole play (hands, partie, revokes, who took
        # what) is not established in a deal with errors: say only the errors.
        yield from _unestablished(replayed)
        for d in checked.diagnostics:
            if d.is_error:
                yield Fact(f"The record is wrong here: {d.message} [{d.code}]", d.line)
        return
    for seat in range(4):
        yield Fact(f"After the exchange {name(seat)} held {_cards(replayed.hands[seat])} "
                   f"({len(replayed.hands[seat])} cards).")
    where = (f"written at line {deal.partie.pos.line}" if deal.partie else
             "the cards never played")
    yield Fact(f"The partie was {_cards(replayed.partie)} ({where}).",
               deal.partie.pos.line if deal.partie else None)
    esp = replayed.espagnolette
    if esp is not None:
        how = ("declared" if esp.declared else "not declared, but the cards held make it") + \
              (", and the privilege was waived" if esp.waived else "")
        yield Fact(f"{name(esp.seat)} held the espagnolette ({how}).",
                   esp.declared.pos.line if esp.declared else None)
    for revoke in replayed.revokes:
        yield Fact(f"In trick {revoke.trick} {name(revoke.seat)} played "
                   f"{revoke.card.format('unicode')} off the suit led while still holding "
                   f"{revoke.held.format('unicode')}: a revoke.",
                   revoke.pos.line if revoke.pos else None)
    won, points = replayed.tricks_won(), replayed.points_won()
    yield Fact("Tricks and points taken: " + ", ".join(
        f"{name(s)} {counted(won[s], 'trick')} and {counted(points[s], 'point')}"
        for s in range(4)) + ".")
    for d in checked.diagnostics:
        if d.is_error:
            yield Fact(f"The record is wrong here: {d.message} [{d.code}]", d.line)


def _unestablished(replayed):
    """The tricks that cannot be established, in runs."""
    numbers = [t.line.number for t in replayed.unresolved]
    if numbers:
        runs = ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in _runs(numbers))
        yield Fact(f"Who played which card cannot be established in trick"
                   f"{'s' if len(numbers) > 1 else ''} {runs}: "
                   "each is in error, or follows one in error with no leader written.")


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def _event_fact(event) -> str:
    who = event.player.text if event.player else ""
    return {
        "exposed": "A card was exposed in dealing.",
        "misdeal": f"{who} misdealt" + (", noticed only after the exchange." if event.late
                                        else ", noticed before the exchange."),
        "redeal": "The misdealer paid to deal again.",
        "peeked": f"{who} looked at the talon card before discarding.",
        "kept": f"{who} took the talon card without discarding and played with twelve cards.",
        "discarded-two": f"{who} discarded two cards and played with ten.",
        "out-of-turn": f"{who} discarded out of turn.",
        "unclaimed": f"The payments of trick {event.trick}" + (f" due to {who}" if who else "")
                     + " were not claimed in time.",
    }.get(event.kind, event.kind)


def _exchange_fact(ex) -> str:
    who = ex.player.text
    if ex.refuses:
        seen = f" after looking at {ex.sees.card.format('unicode')}" if ex.sees else ""
        return f"{who} refused the talon card{seen}."
    parts = []
    if ex.discards:
        parts.append(f"discarded {_cards(c.card for c in ex.discards)}")
    if ex.takes:
        parts.append(f"took {_cards(c.card for c in ex.takes)}")
    return f"{who} " + " and ".join(parts or ["made no exchange"]) + "."


def _cards(cards) -> str:
    return " ".join(c.format("unicode") for c in sort_cards(cards))


# --- rules -----------------------------------------------------------------------------


def _rules(scored: ScoredDeal):
    """Each rule the ruling rests on, in the order of docs/rules.md."""
    cited: set[str] = set()
    settlement = scored.settlement
    if settlement is not None:
        # every rule a payment or a step rests on, read from its data (a doubling, POOL-3...)
        for p in settlement.payments + settlement.cancelled:
            cited.update(p.rules)
        for step in settlement.steps:
            cited.update(step.rules)
    deal, replayed = scored.checked.deal, scored.checked.replayed
    if deal is not None:
        for event in deal.events:
            late_misdeal = event.kind == "misdeal" and event.late
            cited.add("IRR-3" if late_misdeal else _EVENT_RULES.get(event.kind, "IRR-0"))
        if deal.is_void:
            cited.add("IRR-0")
    if replayed is not None and replayed.revokes:
        cited.update(("PLAY-4", "IRR-7"))
    for rule_id, entry in RULE_TEXTS.items():
        if rule_id in cited:
            yield AppliedRule(rule_id, entry.text, tuple(sources_for_rule(rule_id)))
