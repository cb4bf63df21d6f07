"""``reversis explain``: the deal told trick by trick, then the reckoning,
then the other readings of the rules that would have changed it."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text

from ..cards import respell
from ..arbiter.explain import Explanation
from ..i18n import Count, Msg, t, tr
from ..rules.texts import rule_text
from ..rules.values import option_value
from .layout import hanging
from .amounts import fiches, signed
from .score import party, render_settlement

if TYPE_CHECKING:  # annotations only
    from ..settle import DealSettlement

# Steps of these rules happen during play and are told under their trick.
_IN_PLAY = {"PLAY", "ACE-1", "ACE-2", "QUIN-1", "QUIN-2", "QUIN-3", "ESP-9", "DOUBLE-1",
            "DOUBLE-2", "ESP-2"}


class _Cited:
    """Says each rule in words the first time it is cited."""

    def __init__(self, cards: str):
        self.seen: set[str] = set()
        self.cards = cards

    def line(self, rule: str, text: str, indent: str) -> RenderableType:
        out = hanging(Text.assemble(indent, (f"[{rule}]", "bold cyan"), " "),
                      respell(text, self.cards))
        if rule not in self.seen and rule_text(rule) != rule:
            self.seen.add(rule)
            return Group(out, hanging(f"{indent}    {rule}: ", t(rule_text(rule)), style="dim"))
        return out


def render_explanation(e: Explanation, cards: str = "unicode") -> Group:
    """The explanation of a settled deal (a deal with errors has none to give);
    ``cards``: how to spell cards (ascii, unicode, ru)."""
    s = e.scored.settlement
    replayed = e.scored.checked.replayed
    assert s is not None and replayed is not None, "only a settled deal is explained"
    cited = _Cited(cards)
    parts: list[RenderableType] = [
        Text(t(Msg("Deal {number}, dealt by {dealer}, under the {profile} rules",
                   number=s.number, dealer=s.dealer, profile=e.profile.name)),
             style="bold")]
    assert s.steps is not None, "an explained deal is settled with its steps"
    steps = list(s.steps)
    parts.append(Text("\n" + tr("Trick by trick"), style="bold underline"))
    for trick in replayed.tricks:
        plays = ", ".join(f"{replayed.name(p.seat)} {p.card.format(cards)}"
                          for p in trick.plays)
        taken = Msg("{plays} — {taker} takes it ({points})", plays=plays,
                    taker=replayed.name(trick.taker),
                    points=Count(trick.points, "{n} point", "{n} points"))
        parts.append(hanging(f"{trick.number:>2}. ", t(taken)))
        for step in steps:
            if step.trick == trick.number and step.rule in _IN_PLAY:
                parts.append(cited.line(step.rule, t(step.text), "      "))
    parts.append(Text("\n" + tr("After the play"), style="bold underline"))
    for step in steps:
        if not (step.trick is not None and step.rule in _IN_PLAY):
            parts.append(cited.line(step.rule, t(step.text), "  "))
    parts.append(Text())
    parts.append(render_settlement(s, replayed.players, cards))
    parts.append(_render_alternatives(e, s, cards))
    return Group(*parts)


def _render_alternatives(e: Explanation, s: DealSettlement, cards: str) -> Group:
    lines: list[RenderableType] = [Text("\n" + tr("Other readings"), style="bold underline")]
    if not e.alternatives:
        lines.append(Text("  " + tr("No other value of any option would change a payment in "
                                    "this deal.")))
    for alt in e.alternatives:
        lines.append(Text("  " + t(Msg("{option} = {value} (this profile: {current})",
                                       option=alt.option,
                                       value=option_value(alt.option, alt.value),
                                       current=option_value(alt.option, alt.current))),
                          style="bold"))
        lines.append(hanging("    ", _changes(s, alt.settlement)))
        for sign, p in _payment_diff(s.payments, alt.settlement.payments):
            lines.append(hanging(f"    {sign} ", f"{party(p.payer)} → {party(p.payee)} "
                                 f"{fiches(p.amount)} "
                                 f"[{p.rule}] {respell(t(p.reason), cards)}",
                                 style="green" if sign == "+" else "red"))
    return Group(*lines)


def _changes(s: DealSettlement, other: DealSettlement) -> str:
    """What the other reading changes: nets, the pool, who won and lost."""
    changes = [f"{name} {signed(s.net[name])} → {signed(other.net[name])}"
               for name in s.net if Fraction(s.net[name]) != Fraction(other.net[name])]
    if s.pool_after != other.pool_after:
        changes.append(t(Msg("pool {before} → {after}", before=fiches(s.pool_after),
                             after=fiches(other.pool_after))))
    if s.winners != other.winners or s.losers != other.losers:
        none = tr("none")
        changes.append(t(Msg("winner {winners}, loser {losers}",
                             winners=", ".join(other.winners) or none,
                             losers=", ".join(other.losers) or none)))
    return "; ".join(changes) or tr("same totals, other payments")


def _payment_diff(before, after):
    """Payments only in ``after`` (+) and only in ``before`` (−)."""
    key = lambda p: (p.payer, p.payee, p.amount, p.rule, p.trick)  # noqa: E731
    old, new = Counter(map(key, before)), Counter(map(key, after))
    for p in before:
        if old[key(p)] > new[key(p)]:
            old[key(p)] -= 1
            yield "−", p
    for p in after:
        if new[key(p)] > Counter(map(key, before))[key(p)]:
            new[key(p)] -= 1
            yield "+", p
