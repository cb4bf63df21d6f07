"""The table's own figures (``paid`` and ``tally`` lines) against the rules,
for ``check`` (as warnings) and ``arbitrate`` (payment by payment).

The comparison itself is :mod:`reversis_cli.sheet.reconcile`; this module reads a
record a second time to make it, and only a record that has such lines: a
record without them is read once by ``check`` and settled never, as before.
Each disagreement becomes a diagnostic located on the line it is about:

* RV317 a ``tally`` that adds a difference from the rules: in this deal, or
  somewhere in the deals since the sheet before when there is none between
  (what it also carries from earlier deals is said apart);
* RV318 a ``tally`` that only carries differences begun in earlier deals
  (the deals are named);
* RV319 a ``paid`` line that matches no payment of the rules (one whose payer
  and payee are a payment's swapped says so, and that payment is not RV321);
* RV320 a ``paid`` line that matches a payment of the rules with another amount;
* RV321 a payment of the rules with no ``paid`` line, in a deal that has
  ``paid`` lines: located on the deal line, the deal it is missing from (the
  stakes only when a stake is written: docs/decisions.md).

A deal with errors is not settled, so its figures are not compared (the rules
gave nothing to compare them with); a later tally that disagrees says that
the rules' totals leave such a deal out.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction
from pathlib import Path

from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Msg, fiches
from ..model import PaidLine, Pos, has_figures
from ..reader import open_record
from .reconcile import (
    AGREES, NOT_IN_THE_RULES, NOT_RECORDED, OTHER_AMOUNT, SWAPPED, DealReconciliation,
    PaymentPair, TallyCheck, reconcile,
)
from ..rules import Profile
from ..session.service import ScoredDeal, Session
from ..settle.payments import POOL, party_of, whole
from ..values import Value, replace, setattr_frozen
from .verdict import sheet_verdict, tally_figures

__all__ = ["has_figures", "figure_diagnostics", "deal_figure_warnings", "sheet_verdict",
           "deal_reconciliation",
           "figures_of_ruling", "PaymentRuling", "corrections", "swapped_text", "payment_rulings",
           "payment_text", "recorded_text", "party_of", "tally_figures"]

Amount = int | Fraction


# --- check ------------------------------------------------------------------------------


def figure_diagnostics(path: str | Path, name: str) -> list[Diagnostic]:
    """The warnings of a record's ``paid`` and ``tally`` lines, read again
    under the record's own rules; none when it cannot be settled (its header
    has errors, already reported)."""
    with open_record(path, name) as record:
        session = Session.of(record)
        if not session.settleable:
            return []
        lines: dict[int, tuple[int, tuple[str, ...]]] = {}
        found: list[Diagnostic] = []
        for rec in reconcile(_noting(session.deals(), record, lines), session.players):
            found.extend(deal_figure_warnings(rec, name, lines.get(rec.number)))
        return found


def deal_figure_warnings(rec: DealReconciliation, name: str,
                         source: tuple[int, tuple[str, ...]] | None = None) -> list[Diagnostic]:
    """The warnings of one deal's figures, as ``check`` gives them (none for a
    deal with errors: the rules gave nothing to compare); ``source``, the
    deal's first line number and its lines, puts each line under its caret."""
    if not rec.settled:
        return []
    found = sorted(_deal_warnings(rec, name), key=lambda d: (d.line or 0, d.column or 0))
    return [_with_source(d, source) for d in found]


def _noting(deals: Iterable[ScoredDeal], record, lines: dict) -> Iterator[ScoredDeal]:
    """``deals``, keeping the source lines of each deal with figures (for the
    caret)."""
    for scored in deals:
        checked = scored.checked
        if has_figures(checked.deal) and checked.number is not None:
            lines[checked.number] = record.last_deal_lines
        yield scored


def _with_source(d: Diagnostic, lines: tuple[int, tuple[str, ...]] | None) -> Diagnostic:
    if lines is None or d.line is None:
        return d
    first, text = lines
    index = d.line - first
    return replace(d, source_line=text[index]) if 0 <= index < len(text) else d


def _deal_warnings(rec: DealReconciliation, name: str) -> Iterator[Diagnostic]:
    if rec.tally is not None and not rec.tally.agrees:
        code, message = sheet_verdict(rec.tally, rec.unsettled_before)
        yield diagnostic(code, message, _tally_pos(rec.tally, code), file=name,
                         deal=rec.tally.deal)
    for pair in rec.payment_disagreements:
        yield _payment_warning(pair, rec, name)


def _tally_pos(check: TallyCheck, code: str) -> Pos:
    """The first figure the message is about: the first the sheet adds (RV317),
    else the first that differs; else the line."""
    about: set[str] = set()
    for part in (check.new if code == "RV317" else check.new + check.carried):
        about.update(part.figures)
    for entry in check.line.entries:
        if entry.name.text in about:
            return entry.amount_pos
    if POOL in about and check.line.pool_pos is not None:
        return check.line.pool_pos
    return check.line.pos


def _payment_warning(pair: PaymentPair, rec: DealReconciliation, name: str) -> Diagnostic:
    line, deal = pair.recorded, rec.number
    if pair.kind == NOT_IN_THE_RULES:
        assert line is not None
        return diagnostic("RV319", Msg("no payment of the rules matches this one: {payment}",
                                       payment=recorded_text(line)),
                          line.pos, file=name, deal=deal, trick=line.trick)
    computed = pair.computed
    assert computed is not None
    if pair.kind == SWAPPED:
        # One warning for the commonest slip, under the code of a line that
        # matches no payment as written (docs/decisions.md).
        assert line is not None
        return diagnostic("RV319", swapped_text(line, computed), line.payer.pos, file=name,
                          deal=deal, trick=computed.trick)
    if pair.kind == OTHER_AMOUNT:
        assert line is not None
        return diagnostic("RV320", Msg("the rules give {due} for this payment, not {paid}: "
                                       "{payment}", due=fiches(computed.amount),
                                       paid=fiches(line.amount),
                                       payment=payment_text(computed)),
                          line.amount_pos or line.pos, file=name, deal=deal,
                          trick=computed.trick)
    assert pair.kind == NOT_RECORDED
    # No line of its own: said on the deal line, the deal it is missing from.
    return diagnostic("RV321", Msg("a payment of the rules has no paid line in this deal: "
                                   "{payment}", payment=payment_text(computed)),
                      rec.pos, file=name, deal=deal, trick=computed.trick)


def swapped_text(line: PaidLine, computed) -> Msg:
    """A paid line whose payer and payee are the rules' payee and payer."""
    payer, payee = _parties(line)
    return Msg("{paid_by} paid {paid_to}; the rules have {payer} pay {payee}: {payment}",
               paid_by=party_of(payer), paid_to=party_of(payee),
               payer=party_of(computed.payer), payee=party_of(computed.payee),
               payment=payment_text(computed))


# --- how a payment is said --------------------------------------------------------------


def payment_text(payment) -> Msg:
    """A payment of the rules: ``Vera → Anna: 2 fiches (ACE-2, trick 10)``, by
    the rule it is paid under, as a ``paid`` line names it (the rules that
    make its amount are its ``rules``)."""
    return _said(party_of(payment.payer), party_of(payment.payee), payment.amount,
                 payment.rule, payment.trick)


def recorded_text(line: PaidLine) -> Msg:
    """A ``paid`` line as the table wrote it."""
    payer, payee = _parties(line)
    return _said(party_of(payer), party_of(payee), line.amount, line.rule, line.trick)


def _parties(line: PaidLine) -> tuple[str, str]:
    return (POOL if line.payer_is_pool else line.payer.text,
            POOL if line.payee_is_pool else line.payee.text)


def _said(payer, payee, amount: Amount, rule: str | None, trick: int | None) -> Msg:
    money = fiches(amount)
    if rule and trick is not None:
        return Msg("{payer} → {payee}: {amount} ({rule}, trick {trick})", payer=payer,
                   payee=payee, amount=money, rule=rule, trick=trick)
    if rule:
        return Msg("{payer} → {payee}: {amount} ({rule})", payer=payer, payee=payee,
                   amount=money, rule=rule)
    if trick is not None:
        return Msg("{payer} → {payee}: {amount} (trick {trick})", payer=payer, payee=payee,
                   amount=money, trick=trick)
    return Msg("{payer} → {payee}: {amount}", payer=payer, payee=payee, amount=money)


# --- arbitrate --------------------------------------------------------------------------


def deal_reconciliation(path: str | Path, profile: Profile, number: int
                        ) -> DealReconciliation | None:
    """Deal ``number``'s figures against the rules of ``profile``, the record
    read again from its start (the running totals need every deal before it);
    None when the deal has no figures or the record has no such deal."""
    with open_record(path) as record:
        session = Session.under(record, profile)
        if not session.settleable:
            return None
        return next((rec for rec in reconcile(_until(session.deals(), number),
                                              session.players)
                     if rec.number == number), None)


def figures_of_ruling(path: str | Path, ruling) -> DealReconciliation | None:
    """What the table paid and wrote in the ruled deal, against the ruling's
    rules; None (and the record not read again) when the deal has no figures."""
    checked = ruling.scored.checked
    if not has_figures(checked.deal) or checked.number is None:
        return None
    return deal_reconciliation(path, ruling.profile, checked.number)


def _until(deals: Iterable[ScoredDeal], number: int) -> Iterator[ScoredDeal]:
    """The deals up to deal ``number``: reading stops there."""
    for scored in deals:
        yield scored
        if scored.checked.number == number:
            return


class PaymentRuling(Value):
    """One recorded payment (or one the rules give that was not recorded) and
    what the rules say of it: the verdict and the rules that decide it."""

    __slots__ = _fields = ("pair", "verdict", "deciding")
    pair: PaymentPair
    verdict: Msg
    deciding: tuple[str, ...]  # rule ids

    def __init__(self, pair: PaymentPair, verdict: Msg, deciding: tuple[str, ...]):
        setattr_frozen(self, "pair", pair)
        setattr_frozen(self, "verdict", verdict)
        setattr_frozen(self, "deciding", deciding)


_VERDICTS = {
    AGREES: Msg("agrees with the rules"),
    OTHER_AMOUNT: Msg("another amount than the rules give"),
    SWAPPED: Msg("paid the wrong way round: the rules have the payee pay the payer"),
    NOT_IN_THE_RULES: Msg("the rules give no such payment"),
    NOT_RECORDED: Msg("due by the rules, not paid at the table"),
}


def payment_rulings(rec: DealReconciliation) -> tuple[PaymentRuling, ...]:
    """Each recorded payment matched to the rules, in the order of the record,
    then the payments of the rules that no line records."""
    pairs = sorted(rec.payments, key=lambda pair: (
        pair.recorded is None, pair.recorded.pos if pair.recorded is not None else (0, 0)))
    return tuple(PaymentRuling(pair, _VERDICTS[pair.kind], _deciding(pair)) for pair in pairs)


def _deciding(pair: PaymentPair) -> tuple[str, ...]:
    if pair.computed is not None:
        return pair.computed.rules
    line = pair.recorded
    return (line.rule,) if line is not None and line.rule else ()


def corrections(rulings: Iterable[PaymentRuling]) -> list[Msg]:
    """The payments that set the table right, one for each two parties that
    owe each other anything (what one owes the other, net of what the other
    owes it), in the order first met."""
    owed: dict[tuple[str, str], Fraction] = {}
    for ruling in rulings:
        pair = ruling.pair
        amount = Fraction(pair.correction)
        if not amount:
            continue
        payer, payee = _direction(pair)
        if (payee, payer) in owed:
            owed[(payee, payer)] -= amount
        else:
            owed[(payer, payee)] = owed.get((payer, payee), Fraction(0)) + amount
    said = []
    for (payer, payee), amount in owed.items():
        if amount < 0:
            payer, payee, amount = payee, payer, -amount
        if amount:
            said.append(Msg("{payer} → {payee}: {amount}", payer=party_of(payer),
                            payee=party_of(payee), amount=fiches(whole(amount))))
    return said


def _direction(pair: PaymentPair) -> tuple[str, str]:
    """The payer and payee a pair's correction is counted from: the rules'
    payment's, else the line's."""
    if pair.computed is not None:
        return pair.computed.payer, pair.computed.payee
    assert pair.recorded is not None
    return _parties(pair.recorded)
