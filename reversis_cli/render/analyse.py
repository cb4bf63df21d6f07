"""``reversis analyse``: one deal's analysis as a player reads it.

Per deal: the trick the analysis is exact from (or why the deal is out of
reach), each player's guaranteed net after each card played (a drop marks
the card that cost it), the decisions with every legal card's two values,
then the findings, provable and likely.  Views of the render layer
(:mod:`.layout`): a file or a pipe gets them as plain text without rich.
Every figure comes from the :class:`DealAnalysis`; nothing is computed here
but the grouping of cards of equal values and the drops of the trace.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..analyse.result import LIKELY, PROVABLE, DealAnalysis, Decision, Finding
from ..cards import Card, respell
from ..i18n import N_, Figure, Msg, fiches, lang, t, tr
from ..settle.payments import Amount, Payment
from ..settle.texts import english_reason
from .amounts import fiches as amount_cell, money_view, signed
from .layout import Column, Grid, Line, Part, Stack, hanging, rich_of
from .score import party

if TYPE_CHECKING:  # annotations only: rich is loaded when a deal is drawn
    from rich.console import Group

__all__ = ["analysis_view", "caveat_view", "card_groups", "drops", "event_words",
           "finding_words", "payment_words"]

# How a drop of a player's guaranteed net is marked in the value trace.
DROP = "▼"

_OUT_OF_REACH = {
    "not-settled": N_("Out of reach: the deal has errors or is void, so it is not settled."),
    "irregular": N_("Out of reach: the deal has an irregularity that the analysis cannot "
                    "replay ({rule})."),
    "too-late": N_("Out of reach: no card is left to choose from trick {trick} on: the last "
                   "revoke or unclaimed payment ({rule}) came in the last trick."),
}


def caveat_view() -> Line:
    """What the clubs print beside a double-dummy analysis, once per run."""
    return Line(tr(
        "Every value here assumes every hand known, as the record shows them "
        "after the deal; at the table nobody saw them. A card that costs fiches "
        "here may have been the right card on what its player knew. Guaranteed: "
        "a player's net for the deal when he plays his best and the three others "
        "play against him; each for himself: when everyone plays for his own net."), "dim")


def analysis_view(a: DealAnalysis, *, asked_from: int, cards: str = "unicode",
                  dealer: str | None = None, only: int | None = None,
                  decisions: bool = True) -> Group:
    """One deal.  ``asked_from``: the ``--from-trick`` asked for; ``only``:
    a seat (``--player``), whose decisions and findings alone are shown;
    ``decisions``: with the table of decisions."""
    title = t(Msg("Deal {number}", number=a.number))
    more = ((" — " + t(Msg("dealer {dealer}", dealer=dealer)), ""),) if dealer else ()
    parts: list = [Line(title, "bold", more), _reach(a, asked_from)]
    if a.exact_from_trick is None:
        return _group(parts)
    parts += ["", Line(t(Msg("Each player's guaranteed net after each card ({drop}: the card "
                             "that cost it)", drop=DROP)), "bold"), _trace(a, cards)]
    chosen = [d for d in a.decisions if only is None or d.seat == only]
    if decisions:
        parts += [Line(tr("Decisions: each legal card's guaranteed net, and the net if "
                          "everyone plays for himself (a decision with one legal card is "
                          "left out)"), "bold"), _decisions(a, chosen, cards)]
    parts.append(_findings(a, [f for f in a.findings if only is None or f.seat == only],
                           cards))
    return _group(parts)


def _group(parts: list) -> Group:
    """The parts, views and rich's renderables, as one renderable of rich's."""
    from rich.console import Group  # rich: only when drawn

    return Group(*(rich_of(part) if isinstance(part, str | Line | Grid | Stack) else part
                   for part in parts))


def _reach(a: DealAnalysis, asked_from: int) -> Line:
    if a.exact_from_trick is None:
        template = _OUT_OF_REACH.get(a.out_of_reach or "", _OUT_OF_REACH["not-settled"])
        return Line(t(Msg(template, rule=a.out_of_reach_rule or "", trick=asked_from)),
                    "yellow")
    trick = a.exact_from_trick
    if trick == 1:
        return Line(tr("Exact from the first card: every card of the deal is analysed."))
    if trick > asked_from:
        return Line(t(Msg("Exact from trick {trick}, after the last revoke or unclaimed "
                          "payment: not analysed before trick {trick}.", trick=trick)))
    return Line(t(Msg("Exact from trick {trick}: not analysed before trick {trick}.",
                      trick=trick)))


def drops(a: DealAnalysis) -> list[set[int]]:
    """For each point of the trace, the seats whose guaranteed net fell with
    that card (against the point before, or ``start`` for the first)."""
    out: list[set[int]] = []
    before = a.start
    for point in a.trace:
        out.append({seat for seat, value in enumerate(point.values)
                    if before and value < before[seat]})
        before = point.values
    return out


def _trace(a: DealAnalysis, cards: str) -> Grid:
    table = Grid([Column(tr("Trick"), "right"), Column(tr("Card")),
                  *(money_view(name) for name in a.players)])
    if a.start:
        table.add_row("", t(Msg("before trick {trick}", trick=a.exact_from_trick)),
                      *(signed(value) for value in a.start))
    before = a.start
    for point, fell in zip(a.trace, drops(a), strict=True):
        table.add_row(str(point.trick), f"{a.players[point.seat]} {point.card.format(cards)}",
                      *(_trace_cell(value, before[seat] if before else value, seat in fell)
                        for seat, value in enumerate(point.values)))
        before = point.values
    last = a.trace[-1].values if a.trace else a.start
    if a.actual and tuple(a.actual) != tuple(last):
        table.add_row("", tr("as played"), *(signed(value) for value in a.actual))
    return table


def _trace_cell(value: Amount, before: Amount, fell: bool) -> Line:
    """A player's guaranteed net after a card: a drop marked, on a terminal a
    rise in green (another's card helped him) and an unchanged value dim."""
    if fell:
        return Line(f"{signed(value)} {DROP}", "bold red")
    return Line(signed(value), "green" if value > before else "dim" if value == before else "")


def card_groups(decision: Decision) -> list[tuple[list[Card], Amount, Amount]]:
    """The legal cards grouped by equal values (guaranteed, selfish), the best
    first; within a group, in the decision's order."""
    groups: dict[tuple[Amount, Amount], list[Card]] = {}
    for value in decision.cards:
        groups.setdefault((value.guaranteed, value.selfish), []).append(value.card)
    ordered = sorted(groups.items(), key=lambda item: (-item[0][0], -item[0][1]))
    return [(cards, g, s) for (g, s), cards in ordered]


def _decisions(a: DealAnalysis, chosen: Sequence[Decision], cards: str) -> Grid:
    table = Grid([Column(tr("Trick"), "right"), Column(tr("Player")), Column(tr("Played")),
                  money_view(tr("Guaranteed")), money_view(tr("Each for himself")),
                  Column(tr("Other cards"), overflow="fold")])
    for d in chosen:
        if len(d.cards) < 2:
            continue
        mine = d.chosen
        table.add_row(str(d.trick), a.players[d.seat], d.played.format(cards),
                      signed(mine.guaranteed), signed(mine.selfish), _others(d, cards))
    return table


def _others(d: Decision, cards: str) -> Line:
    mine = d.chosen
    pieces: list[tuple[str, str]] = []
    for group, guaranteed, selfish in card_groups(d):
        shown = [c for c in group if c is not d.played]
        if not shown:
            continue
        style = ("green" if guaranteed > mine.guaranteed
                 else "cyan" if guaranteed == mine.guaranteed and selfish > mine.selfish
                 else "")
        if pieces:
            pieces.append(("\n", ""))
        pieces.append((" ".join(c.format(cards) for c in shown)
                       + f" {signed(guaranteed)} / {signed(selfish)}", style))
    return Line("", "", tuple(pieces))


def _findings(a: DealAnalysis, findings: Sequence[Finding], cards: str) -> Part | Group:
    if not findings:
        return Line(tr("No card cost its player anything in the tricks analysed."), "green")
    parts: list = []
    for grade, heading in ((PROVABLE, tr("Provable: another card guaranteed more, whatever "
                                         "the others played")),
                           (LIKELY, tr("Likely: another card was better only if everyone "
                                       "plays for himself"))):
        these = [f for f in findings if f.grade == grade]
        if not these:
            continue
        parts.append(Line(heading, "bold"))
        for f in these:
            parts.append(hanging("  ", finding_words(a, f, cards),
                                 "red" if grade == PROVABLE else "yellow"))
            if f.event is not None:
                parts.append(hanging("    ", event_words(a, f, cards)))
    return _group(parts)


def finding_words(a: DealAnalysis, f: Finding, cards: str) -> str:
    """"trick 10, Vera 7♥: 25 fiches lost — Q♥ guaranteed -5, 7♥ only -30"."""
    template = (N_("trick {trick}, {player} {card}: {loss} lost — {better} guaranteed "
                   "{better_value}, {card} only {played_value}") if f.grade == PROVABLE else
                N_("trick {trick}, {player} {card}: {loss} lost if everyone plays for "
                   "himself — {better} gives {better_value}, {card} {played_value}"))
    text = t(Msg(template, trick=f.trick, player=a.players[f.seat],
                 card=f.played.format(cards), better=f.better.format(cards),
                 loss=fiches(f.loss), better_value=Figure(f.better_value, signed=True),
                 played_value=Figure(f.played_value, signed=True)))
    return text


def event_words(a: DealAnalysis, f: Finding, cards: str) -> str:
    """The payment the finding names: one the card played lets happen (its
    player pays it), or one it gives up (due to him after the better card)."""
    assert f.event is not None
    payment = payment_words(f.event, cards)
    if f.event.payee == a.players[f.seat]:
        return t(Msg("the payment it gives up: {payment}", payment=payment))
    return t(Msg("the payment it lets happen: {payment}", payment=payment))


def payment_words(p: Payment, cards: str) -> str:
    """A payment as ``explain`` says one: "Vera → Gleb 25 [QUIN-2] Gleb forced Vera's Q♥"."""
    reason = english_reason(p) if lang() == "en" else t(p.reason)
    return (f"{party(p.payer)} → {party(p.payee)} {amount_cell(p.amount)} "
            f"[{p.rule}] {respell(reason, cards)}")
