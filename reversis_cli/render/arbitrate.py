"""``reversis arbitrate``: a ruling laid out for the table, and two
readings of the rules side by side."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..arbiter.ruling import Comparison, Ruling
from ..cards import respell
from ..sheet.figures import (
    PaymentRuling, corrections, payment_rulings, payment_text, recorded_text,
)
from ..i18n import Msg, N_, lang, t, tr
from ..sheet.reconcile import AGREES, OTHER_AMOUNT, STAKE_RULE, SWAPPED, DealReconciliation
from ..rules.texts import rule_text
from ..sheet.verdict import sheet_sentence
from .layout import hanging
from .amounts import fiches, money_column, signed
from .score import party, reading_keys, render_settlement, render_unsettled

if TYPE_CHECKING:  # annotations only
    from rich.console import JustifyMethod

    from ..settle import DealSettlement


_FACT_GAP = {"ru": " "}


def render_ruling(ruling: Ruling, quote: bool = True, cards: str = "unicode") -> Group:
    """``cards``: how to spell cards (ascii, unicode, ru)."""
    checked = ruling.scored.checked
    parts: list[RenderableType] = [
        Text(t(Msg("Ruling on deal {number} under the {profile} rules", number=checked.number,
                   profile=ruling.profile.name)), style="bold")]
    parts.append(Text("\n" + tr("The facts"), style="bold underline"))
    for fact in ruling.facts:
        line = Text(respell(t(fact.text), cards))
        if fact.line is not None:
            # Russian typesets one space between sentences; English keeps its two
            line.append(_FACT_GAP.get(lang(), "  ") + t(Msg("(line {line})", line=fact.line)),
                        style="dim")
        parts.append(hanging("  • ", line))
    parts.append(Text("\n" + tr("The rules that apply"), style="bold underline"))
    quoted: set[str] = set()  # each paragraph is quoted once, at its first citation
    for applied in ruling.rules:
        parts.append(hanging(Text.assemble(("  " + applied.id, "bold cyan"), "  "),
                             t(applied.text)))
        if quote:
            for ref, russian in applied.sources:
                text = t(Msg("{ref} (quoted above)", ref=ref)) if ref in quoted \
                    else f"{ref}: «{russian}»"
                quoted.add(ref)
                parts.append(hanging("      ", text, style="dim"))
    parts.append(Text("\n" + tr("The payments"), style="bold underline"))
    if ruling.settlement is None:
        parts.append(render_unsettled(checked.number))
    else:
        replayed = checked.replayed
        assert replayed is not None, "a settled deal was replayed"
        parts.append(render_settlement(ruling.settlement, replayed.players, cards))
    return Group(*parts)


def render_comparison(comparison: Comparison, label_a: str, label_b: str) -> Group:
    a, b = comparison.a.settlement, comparison.b.settlement
    parts: list[RenderableType] = [
        Text("\n" + t(Msg("Side by side: A = {a}, B = {b}", a=label_a, b=label_b)),
             style="bold underline")]
    if a is None or b is None:
        parts.append(Text(tr("This deal has errors and is settled under neither reading.")))
        return Group(*parts)
    parts.append(_payments_side_by_side(a, b))
    table = Table(box=box.SIMPLE_HEAD, title=tr("Net per player"), title_justify="left",
                  pad_edge=False)
    table.add_column(tr("Player"))
    for name in ("A", "B", "B − A"):
        money_column(table, name)
    for name, diff in comparison.net_difference().items():
        table.add_row(name, signed(a.net[name]), signed(b.net[name]), signed(diff))
    table.add_row(tr("pool after"), fiches(a.pool_after), fiches(b.pool_after),
                  signed(Fraction(b.pool_after) - Fraction(a.pool_after)))
    parts.append(table)
    return Group(*parts)


def _payments_side_by_side(a: DealSettlement, b: DealSettlement) -> Table:
    rows: dict[tuple, list] = defaultdict(lambda: [Fraction(0), Fraction(0)])
    place: dict[tuple, tuple] = {}  # each row where a reader expects it, as in score's tables
    for column, settlement in ((0, a), (1, b)):
        payments = settlement.payments
        for p, key in zip(payments, reading_keys(payments), strict=True):
            row = (p.trick, p.payer, p.payee, p.rule)
            rows[row][column] += Fraction(p.amount)
            place[row] = min(place.get(row, key), key)
    table = Table(box=box.SIMPLE_HEAD, title=tr("Payments under A and B"),
                  title_justify="left", pad_edge=False)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        (N_("Trick"), "right"), (N_("Payer → payee"), "left"), (N_("Rule"), "left"))
    for name, justify in columns:
        table.add_column(tr(name), justify=justify)
    money_column(table, "A")
    money_column(table, "B")
    order = sorted(rows, key=lambda row: place[row])
    for trick, payer, payee, rule_id in order:
        amount_a, amount_b = rows[(trick, payer, payee, rule_id)]
        style = "" if amount_a == amount_b else "bold"
        table.add_row("" if trick is None else str(trick), f"{party(payer)} → {party(payee)}",
                      rule_id,
                      fiches(amount_a) if amount_a else "—", fiches(amount_b) if amount_b else "—",
                      style=style)
    return table


# --- the table and the rules (issue 11) -------------------------------------------------


def render_table_and_rules(rec: DealReconciliation, cards: str = "unicode") -> Group:
    """What the table paid and wrote in the deal, set against the rules: each
    recorded payment and its verdict, each mismatch with the rules that decide
    it, the payments that would set the table right, and the score sheet.  The
    payments that agree are named by their lines, in one line.  ``cards``: how
    to spell the cards of the reasons (ascii, unicode, ru)."""
    parts: list[RenderableType] = [Text("\n" + tr("The table and the rules"),
                                        style="bold underline")]
    if not rec.settled:
        parts.append(Text(tr("This deal has errors: the rules give no payments to set the "
                             "table's against.")))
        return Group(*parts)
    rulings = payment_rulings(rec)
    for ruling in rulings:
        if ruling.pair.kind != AGREES:
            parts.extend(_payment_lines(ruling, cards))
    agreeing = [r.pair.recorded.pos.line for r in rulings
                if r.pair.kind == AGREES and r.pair.recorded is not None]
    if agreeing:
        # One line for the payments the table made right (the table above
        # shows them): what is left to read is what departs, a line each.
        parts.append(hanging("  • ", t(_agreeing(agreeing))))
    if not rulings and not rec.implied_stakes:  # a sheet alone: the section says so
        parts.append(hanging("  ", tr("The table's payments are not written in this deal "
                                      "(no paid lines).")))
    if rec.implied_stakes:
        parts.append(hanging("  • ", t(Msg("the stakes ({rule}) are not written: taken as paid "
                                           "as the rules give them", rule=STAKE_RULE))))
    if rulings:
        settling = corrections(rulings)
        parts.append(Text("\n" + tr("To set the table right"), style="bold"))
        if not settling:
            parts.append(hanging("  ", tr("Nothing: every payment recorded agrees with the "
                                          "rules.")))
        for correction in settling:
            parts.append(hanging("  • ", respell(t(correction), cards)))
    if rec.tally is not None:
        parts.append(Text("\n" + tr("The score sheet after the deal"), style="bold"))
        parts.append(hanging("  ", sheet_sentence(rec.tally, rec.unsettled_before)))
    return Group(*parts)


def _agreeing(lines: list[int]) -> Msg:
    """``lines 77–82, 84, 85 agree with the rules``: the line numbers in runs."""
    if len(lines) == 1:
        return Msg("line {line} agrees with the rules", line=lines[0])
    runs: list[list[int]] = []
    for line in sorted(lines):
        if runs and line == runs[-1][-1] + 1:
            runs[-1].append(line)
        else:
            runs.append([line])
    said = ", ".join(str(run[0]) if len(run) == 1 else
                     (f"{run[0]}, {run[1]}" if len(run) == 2 else f"{run[0]}–{run[-1]}")
                     for run in runs)
    return Msg("lines {lines} agree with the rules", lines=said)


def _payment_lines(ruling: PaymentRuling, cards: str) -> list[RenderableType]:
    pair = ruling.pair
    if pair.recorded is not None:
        head = Msg("line {line}: {payment} — {verdict}", line=pair.recorded.pos.line,
                   payment=recorded_text(pair.recorded), verdict=ruling.verdict)
    else:
        head = Msg("not recorded: {payment} — {verdict}", payment=payment_text(pair.computed),
                   verdict=ruling.verdict)
    style = "" if pair.kind == AGREES else "bold"
    lines: list[RenderableType] = [hanging("  • ", Text(respell(t(head), cards), style=style))]
    if pair.kind == AGREES:
        return lines
    if pair.kind in (OTHER_AMOUNT, SWAPPED):
        lines.append(hanging("      ", respell(t(Msg("the rules: {payment}",
                                                     payment=payment_text(pair.computed))),
                                               cards)))
    if pair.computed is not None:
        lines.append(hanging("      ", respell(t(Msg("why: {reason}",
                                                     reason=pair.computed.reason)), cards)))
    for rule_id in ruling.deciding:
        lines.append(hanging(Text.assemble(("      " + rule_id, "bold cyan"), "  "),
                             t(rule_text(rule_id))))
    return lines
