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

from ..cards import sort_cards
from ..i18n import Count, Msg
from ..words import listed
from ..reader import open_record
from ..rules import Profile
from ..rules.sources import sources_for_rule
from ..rules.texts import RULE_TEXTS
from ..session.service import ScoredDeal, Session
from ..settle import event_rule

__all__ = ["Fact", "AppliedRule", "Ruling", "Comparison", "rule", "rule_in", "compare_rulings",
           "compare_in"]

@dataclass(frozen=True)
class Fact:
    text: Msg | str  # a message, written in the reader's language when shown
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
    for scored_a, scored_b in session.compared(other, steps_for=number):
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
        yield Fact(Msg("The deal line cannot be read; nothing can be established."))
        return
    yield Fact(Msg("Deal {number} was dealt by {dealer}.", number=deal.number,
                   dealer=deal.dealer.text), deal.pos.line)
    for event in deal.events:
        yield Fact(_event_fact(event), event.pos.line)
    if replayed is None:
        for d in checked.diagnostics:
            yield _wrong(d)
        return
    name = replayed.name
    if not replayed.void and replayed.dealer_known:
        yield Fact(Msg("{player} was first hand and led trick 1 (SEAT-1).",
                       player=name(replayed.first_hand)))
    for hand in deal.hands:
        yield Fact(Msg("{player} was dealt {cards}.", player=hand.player.text,
                       cards=_cards(c.card for c in hand.cards)), hand.pos.line)
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
                yield _wrong(d)
        return
    yield from _established(checked, replayed)


def _established(checked, replayed):
    """The facts of the whole play, in a deal without errors."""
    deal, name = checked.deal, replayed.name
    for seat in range(4):
        held = replayed.hands[seat]
        yield Fact(Msg("After the exchange {player} held {cards} ({count}).", player=name(seat),
                       cards=_cards(held), count=Count(len(held), "{n} card", "{n} cards")))
    where = (Msg("written at line {line}", line=deal.partie.pos.line) if deal.partie else
             Msg("the cards never played"))
    yield Fact(Msg("The partie was {cards} ({where}).", cards=_cards(replayed.partie),
                   where=where), deal.partie.pos.line if deal.partie else None)
    esp = replayed.espagnolette
    if esp is not None:
        how = Msg("declared") if esp.declared else \
            Msg("not declared, but the cards held make it")
        if esp.waived:
            how = Msg("{how}, and the privilege was waived", how=how)
        yield Fact(Msg("{player} held the espagnolette ({how}).", player=name(esp.seat),
                       how=how), esp.declared.pos.line if esp.declared else None)
    for revoke in replayed.revokes:
        yield Fact(Msg("In trick {trick} {player} played {card} off the suit led while still "
                       "holding {held}: a revoke.", trick=revoke.trick,
                       player=name(revoke.seat), card=revoke.card.format("unicode"),
                       held=revoke.held.format("unicode")),
                   revoke.pos.line if revoke.pos else None)
    won, points = replayed.tricks_won(), replayed.points_won()
    taken = [Msg("{player} {tricks} and {points}", player=name(s),
                 tricks=Count(won[s], "{n} trick", "{n} tricks"),
                 points=Count(points[s], "{n} point", "{n} points")) for s in range(4)]
    yield Fact(Msg("Tricks and points taken: {list}.", list=listed(taken)))
    for d in checked.diagnostics:
        if d.is_error:
            yield _wrong(d)


def _wrong(d) -> Fact:
    return Fact(Msg("The record is wrong here: {message} [{code}]", message=d.message,
                    code=d.code), d.line)


def _unestablished(replayed):
    """The tricks that cannot be established, in runs."""
    numbers = [t.line.number for t in replayed.unresolved]
    if numbers:
        runs = ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in _runs(numbers))
        if len(numbers) == 1:
            yield Fact(Msg("Who played which card cannot be established in trick {runs}: "
                           "each is in error, or follows one in error with no leader written.",
                           runs=runs))
        else:
            yield Fact(Msg("Who played which card cannot be established in tricks {runs}: "
                           "each is in error, or follows one in error with no leader written.",
                           runs=runs))


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def _event_fact(event) -> Msg | str:
    who = event.player.text if event.player else ""
    if event.kind == "misdeal":
        return Msg("{player} misdealt, noticed only after the exchange.", player=who) \
            if event.late else Msg("{player} misdealt, noticed before the exchange.", player=who)
    if event.kind == "unclaimed":
        if who:
            return Msg("The payments of trick {trick} due to {player} were not claimed in "
                       "time.", trick=event.trick, player=who)
        return Msg("The payments of trick {trick} were not claimed in time.", trick=event.trick)
    fact = {
        "exposed": Msg("A card was exposed in dealing."),
        "redeal": Msg("The misdealer paid to deal again."),
        "peeked": Msg("{player} looked at the talon card before discarding.", player=who),
        "kept": Msg("{player} took the talon card without discarding and played with twelve "
                    "cards.", player=who),
        "discarded-two": Msg("{player} discarded two cards and played with ten.", player=who),
        "out-of-turn": Msg("{player} discarded out of turn.", player=who),
    }
    return fact.get(event.kind, event.kind)


def _exchange_fact(ex) -> Msg:
    who = ex.player.text
    if ex.refuses:
        if ex.sees:
            return Msg("{player} refused the talon card after looking at {card}.", player=who,
                       card=ex.sees.card.format("unicode"))
        return Msg("{player} refused the talon card.", player=who)
    discarded = _cards(c.card for c in ex.discards or ())
    took = _cards(c.card for c in ex.takes or ())
    if ex.discards and ex.takes:
        return Msg("{player} discarded {discarded} and took {took}.", player=who,
                   discarded=discarded, took=took)
    if ex.discards:
        return Msg("{player} discarded {discarded}.", player=who, discarded=discarded)
    if ex.takes:
        return Msg("{player} took {took}.", player=who, took=took)
    return Msg("{player} made no exchange.", player=who)


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
        assert settlement.steps is not None, "a deal ruled on is settled with its steps"
        for step in settlement.steps:
            cited.update(step.rules)
    deal, replayed = scored.checked.deal, scored.checked.replayed
    if deal is not None:
        for event in deal.events:  # the rule the settle registry settles it by
            cited.add(event_rule(event.kind, event.late) or "IRR-0")
        if deal.is_void:
            cited.add("IRR-0")
    if replayed is not None and replayed.revokes:
        cited.update(("PLAY-4", "IRR-7"))
    for rule_id, entry in RULE_TEXTS.items():
        if rule_id in cited:
            yield AppliedRule(rule_id, entry.text, tuple(sources_for_rule(rule_id)))
