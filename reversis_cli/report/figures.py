"""The table's own figures in the report: a deal's ``paid`` and ``tally`` lines
beside the rules, as plain values for the templates.

Nothing is compared here: the deal's reconciliation is the one ``check``,
``score`` and ``arbitrate`` make (:mod:`reversis_cli.sheet.reconcile`), its
verdicts and corrections are ``arbitrate``'s (:mod:`reversis_cli.sheet.figures`),
and the sheet's message is ``check``'s RV317/RV318 (:mod:`reversis_cli.sheet.verdict`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import language_cards, respell
from ..sheet.figures import corrections, payment_rulings, payment_text, recorded_text
from ..i18n import Msg, amount_shown, lang, t, tr
from ..sheet.reconcile import AGREES, STAKE_RULE, DealReconciliation, TallyCheck
from ..sheet.verdict import sheet_sentence, sheet_verdict

__all__ = ["PaidRowView", "SheetRowView", "FiguresView", "figures_view"]


@dataclass(frozen=True)
class PaidRowView:
    line: int | None  # the paid line's number; None: a payment of the rules with no line
    paid: str  # as the table wrote it, or "—"
    rules: str  # as the rules give it, "—" when they give none, "=" when it is the table's
    verdict: str
    agrees: bool


@dataclass(frozen=True)
class SheetRowView:
    name: str  # a player, or the pool (in the run's language)
    sheet: str
    rules: str
    difference: str  # "" when the sheet's figure is the rules'


@dataclass
class FiguresView:
    settled: bool
    paid: list[PaidRowView] = field(default_factory=list)
    stakes_implied: str = ""  # the sentence, when the paid lines write no stake
    corrections: list[str] = field(default_factory=list)
    sheet: list[SheetRowView] = field(default_factory=list)
    sheet_agrees: bool = True
    sheet_code: str = ""  # RV317 or RV318 when the sheet departs
    sheet_verdict: str = ""

    @property
    def agrees(self) -> bool:
        return self.sheet_agrees and all(row.agrees for row in self.paid)


def figures_view(rec: DealReconciliation) -> FiguresView:
    """A deal's figures against the rules, as ``arbitrate`` rules on them."""
    view = FiguresView(rec.settled)
    if not rec.settled:
        return view
    rulings = payment_rulings(rec)
    for ruling in rulings:
        pair = ruling.pair
        view.paid.append(PaidRowView(
            pair.recorded.pos.line if pair.recorded is not None else None,
            written(recorded_text(pair.recorded)) if pair.recorded is not None else "—",
            _rules_side(pair), written(ruling.verdict), pair.kind == AGREES))
    if rec.implied_stakes:
        view.stakes_implied = t(Msg("the stakes ({rule}) are not written: taken as paid as "
                                    "the rules give them", rule=STAKE_RULE))
    view.corrections = [written(c) for c in corrections(rulings)]
    if rec.tally is not None:
        _sheet(rec, rec.tally, view)
    return view


def _rules_side(pair) -> str:
    """The rules' payment, where it is not what the table wrote ("=" where it is)."""
    if pair.kind == AGREES:
        return "="
    return written(payment_text(pair.computed)) if pair.computed is not None else "—"


def written(message) -> str:
    """A message of the page in its language, its cards as a reader of that
    language writes them (Т♠ in Russian: the report has no --cards)."""
    return respell(t(message), page_cards())


def page_cards() -> str:
    return language_cards(lang())


def _sheet(rec: DealReconciliation, check: TallyCheck, view: FiguresView) -> None:
    for name, figure in check.sheet.items():
        difference = check.differences.get(name)
        view.sheet.append(SheetRowView(name, amount_shown(figure, signed=True),
                                       amount_shown(check.rules.get(name, 0), signed=True),
                                       _difference(difference)))
    if check.line.pool is not None:
        view.sheet.append(SheetRowView(tr("Pool"), amount_shown(check.line.pool),
                                       amount_shown(check.pool_rules),
                                       _difference(check.pool_difference)))
    view.sheet_agrees = check.agrees
    view.sheet_verdict = sheet_sentence(check, rec.unsettled_before)
    if not check.agrees:
        view.sheet_code = sheet_verdict(check, rec.unsettled_before)[0]


def _difference(amount) -> str:
    return amount_shown(amount, signed=True) if amount else ""
