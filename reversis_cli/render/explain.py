"""``reversis explain``: the deal told trick by trick, then the reckoning,
then the other readings of the rules that would have changed it."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text

from ..cards import respell
from ..explain import Explanation
from ..i18n import t
from ..rules.texts import rule_text
from .layout import hanging
from .score import fiches, render_settlement, signed

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
            return Group(out, hanging(f"{indent}    {rule}: ", rule_text(rule), style="dim"))
        return out


def render_explanation(e: Explanation, cards: str = "unicode") -> Group:
    """The explanation of a settled deal (a deal with errors has none to give);
    ``cards``: how to spell cards (ascii, unicode, ru)."""
    s = e.scored.settlement
    replayed = e.scored.checked.replayed
    assert s is not None and replayed is not None, "only a settled deal is explained"
    cited = _Cited(cards)
    parts: list[RenderableType] = [
        Text(f"Deal {s.number}, dealt by {s.dealer}, under the {e.profile.name} rules",
             style="bold")]
    steps = list(s.steps)
    parts.append(Text("\nTrick by trick", style="bold underline"))
    for trick in replayed.tricks:
        plays = ", ".join(f"{replayed.name(p.seat)} {p.card.format(cards)}"
                          for p in trick.plays)
        taker = replayed.name(trick.taker)
        parts.append(hanging(f"{trick.number:>2}. ", f"{plays} — {taker} takes it "
                             f"({trick.points} point{'s' if trick.points != 1 else ''})"))
        for step in steps:
            if step.trick == trick.number and step.rule in _IN_PLAY:
                parts.append(cited.line(step.rule, t(step.text), "      "))
    parts.append(Text("\nAfter the play", style="bold underline"))
    for step in steps:
        if not (step.trick is not None and step.rule in _IN_PLAY):
            parts.append(cited.line(step.rule, t(step.text), "  "))
    parts.append(Text())
    parts.append(render_settlement(s, replayed.players, cards))
    parts.append(_render_alternatives(e, s, cards))
    return Group(*parts)


def _render_alternatives(e: Explanation, s: DealSettlement, cards: str) -> Group:
    lines: list[RenderableType] = [Text("\nOther readings", style="bold underline")]
    if not e.alternatives:
        lines.append(Text("  No other value of any option would change a payment in this deal."))
    for alt in e.alternatives:
        lines.append(Text(f"  {alt.option} = {alt.value} (this profile: {alt.current})",
                          style="bold"))
        changes = [f"{name} {signed(s.net[name])} → {signed(alt.settlement.net[name])}"
                   for name in s.net if Fraction(s.net[name]) != Fraction(alt.settlement.net[name])]
        if s.pool_after != alt.settlement.pool_after:
            changes.append(f"pool {fiches(s.pool_after)} → {fiches(alt.settlement.pool_after)}")
        if s.winners != alt.settlement.winners or s.losers != alt.settlement.losers:
            changes.append(f"winner {', '.join(alt.settlement.winners) or 'none'}, loser "
                           f"{', '.join(alt.settlement.losers) or 'none'}")
        lines.append(hanging("    ", "; ".join(changes) or "same totals, other payments"))
        for sign, p in _payment_diff(s.payments, alt.settlement.payments):
            lines.append(hanging(f"    {sign} ", f"{p.payer} → {p.payee} {fiches(p.amount)} "
                                 f"[{p.rule}] {respell(t(p.reason), cards)}",
                                 style="green" if sign == "+" else "red"))
    return Group(*lines)


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
