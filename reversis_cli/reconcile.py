"""The table and the rules: what the record says the table paid and wrote on its
score sheet, set against what the rules give.

A record may carry, inside a deal, ``paid`` lines (payments as the table made
them) and a ``tally`` line (the score sheet after the deal: each player's
running total since the start of the record, and optionally the pool).  This
module compares them with the settlement of the same deals, as accounting
tools check a ledger's balance assertions:

* each ``paid`` line is matched to a payment of the rules by payer, payee, rule
  and trick (the rule and the trick only when the line gives them); a match
  with another amount is a disagreement about the amount, and what is left
  over on either side matches nothing;
* each ``tally`` is compared with the running totals of the rules; a difference
  that is the same as at the previous tally was carried from an earlier deal,
  and the deal where it began is named.

It only compares: ``check`` turns the disagreements into warnings, ``score``
and ``arbitrate`` show them, and ``rules --infer`` searches for the options
under which there are none.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction

from .model import PaidLine, TallyLine
from .session import ScoredDeal
from .settle import Payment
from .settle.payments import POOL

__all__ = ["PaymentPair", "TallyCheck", "DealReconciliation", "Reconciler", "reconcile", "AGREES",
           "OTHER_AMOUNT", "NOT_IN_THE_RULES", "NOT_RECORDED"]

Amount = int | Fraction

# How a recorded payment and a payment of the rules stand to each other.
AGREES = "agrees"
OTHER_AMOUNT = "other_amount"  # the same payment, for another amount
NOT_IN_THE_RULES = "not_in_the_rules"  # a paid line that matches no payment of the rules
NOT_RECORDED = "not_recorded"  # a payment of the rules with no paid line


@dataclass(frozen=True)
class PaymentPair:
    """A ``paid`` line and the payment of the rules it stands for; either may be
    missing."""

    kind: str
    recorded: PaidLine | None
    computed: Payment | None

    @property
    def correction(self) -> Amount:
        """What the payer still owes the payee (negative: what the payee should
        give back) to set the table's payment right."""
        paid = self.recorded.amount if self.recorded else 0
        due = self.computed.amount if self.computed else 0
        return due - paid


@dataclass(frozen=True)
class TallyCheck:
    """A score sheet's figures beside the rules' running totals after the deal."""

    deal: int
    line: TallyLine
    sheet: dict[str, Amount]
    rules: dict[str, Amount]
    pool_rules: Amount
    # sheet minus rules, for each player whose figure differs
    differences: dict[str, Amount]
    pool_difference: Amount | None
    # where the difference began: this deal when it changed here, an earlier
    # deal when the sheet carried it; None when the sheet agrees
    departed_in: int | None

    @property
    def agrees(self) -> bool:
        return not self.differences and not self.pool_difference

    @property
    def went_wrong_here(self) -> bool:
        """The sheet departed from the rules in this deal (not carried from before)."""
        return self.departed_in is not None and self.departed_in == self.deal


@dataclass(frozen=True)
class DealReconciliation:
    """What a deal's ``paid`` and ``tally`` lines say against the rules."""

    number: int
    payments: tuple[PaymentPair, ...] = field(default=())
    tally: TallyCheck | None = None
    settled: bool = True  # False: the deal has errors and the rules gave nothing

    @property
    def payment_disagreements(self) -> tuple[PaymentPair, ...]:
        return tuple(p for p in self.payments if p.kind != AGREES)

    @property
    def agrees(self) -> bool:
        return not self.payment_disagreements and (self.tally is None or self.tally.agrees)


def reconcile(deals: Iterable[ScoredDeal], players: tuple[str, ...]) -> Iterator[
        DealReconciliation]:
    """The reconciliation of each deal that has ``paid`` or ``tally`` lines, in
    order.  ``deals`` are a whole session's, from its first deal: the running
    totals start at zero.  A deal that could not be settled moves no money."""
    reconciler = Reconciler(players)
    for scored in deals:
        found = reconciler.add(scored)
        if found is not None:
            yield found


class Reconciler:
    """:func:`reconcile` one deal at a time, for a caller that walks the
    session's deals itself (``score``'s tables and JSON).

    Such a caller may hand in the running totals it already has (the
    session's balance after the deal).  With ``from_start`` False the deals
    before the first one handed in were not seen, so where a difference began
    is not known (``departed_in`` None)."""

    def __init__(self, players: tuple[str, ...], from_start: bool = True):
        self.totals: dict[str, Amount] = dict.fromkeys(players, 0)
        self.from_start = from_start
        self._carried: dict[str, Amount] = {}  # the last tally's differences
        self._carried_pool: Amount | None = None
        self._began: int | None = None

    def add(self, scored: ScoredDeal, totals: dict[str, Amount] | None = None
            ) -> DealReconciliation | None:
        """The deal's reconciliation, or None when it has no ``paid`` or
        ``tally`` lines.  ``totals``: each player's running total after it."""
        settlement = scored.settlement
        if totals is None:
            if settlement is not None:
                for name, amount in settlement.net.items():
                    self.totals[name] = self.totals.get(name, 0) + amount
            totals = self.totals
        deal = scored.checked.deal
        if deal is None or scored.checked.number is None:
            return None
        paid, tally = deal.paid, deal.tally
        if not paid and tally is None:
            return None
        pairs = match_payments(paid, settlement.payments if settlement else ())
        check = None
        if tally is not None:
            pool_after = settlement.pool_after if settlement else scored.pool_before
            check, self._began = _check_tally(tally, totals, pool_after, scored.checked.number,
                                              self._carried, self._carried_pool, self._began)
            self._carried, self._carried_pool = check.differences, check.pool_difference
            if not self.from_start and check.departed_in is not None:
                check = replace(check, departed_in=None)
        return DealReconciliation(scored.checked.number, pairs, check, settlement is not None)


def _check_tally(line: TallyLine, totals: dict[str, Amount], pool_after: Amount, number: int,
                 carried: dict[str, Amount], carried_pool: Amount | None,
                 began: int | None) -> tuple[TallyCheck, int | None]:
    sheet = line.totals
    differences = {name: sheet[name] - totals.get(name, 0) for name in sheet
                   if sheet[name] != totals.get(name, 0)}
    pool_difference = None
    if line.pool is not None and line.pool != pool_after:
        pool_difference = line.pool - pool_after
    if not differences and not pool_difference:
        began = None
    elif differences != carried or pool_difference != carried_pool or began is None:
        began = number
    check = TallyCheck(number, line, dict(sheet), dict(totals), pool_after, differences,
                       pool_difference, began)
    return check, began


def match_payments(paid: Iterable[PaidLine], computed: Iterable[Payment]) -> tuple[
        PaymentPair, ...]:
    """Pair each ``paid`` line with a payment of the rules: first those that
    agree in everything written, then those that differ only in the amount;
    what is left matches nothing.  No ``paid`` lines: nothing to compare."""
    recorded = list(paid)
    if not recorded:
        return ()
    due = list(computed)
    pairs: list[PaymentPair] = []
    for same_amount in (True, False):
        for line in list(recorded):
            found = next((p for p in due if _same(line, p, same_amount)), None)
            if found is not None:
                recorded.remove(line)
                due.remove(found)
                pairs.append(PaymentPair(AGREES if same_amount else OTHER_AMOUNT, line, found))
    pairs += [PaymentPair(NOT_IN_THE_RULES, line, None) for line in recorded]
    pairs += [PaymentPair(NOT_RECORDED, None, p) for p in due if p.amount != 0]
    return tuple(pairs)


def _same(line: PaidLine, payment: Payment, same_amount: bool) -> bool:
    payer = POOL if line.payer_is_pool else line.payer.text
    payee = POOL if line.payee_is_pool else line.payee.text
    return (payer == payment.payer and payee == payment.payee
            # a table may name the payment by any rule it rests on (ACE-2 or DOUBLE-2)
            and (line.rule is None or line.rule in payment.rules)
            and (line.trick is None or line.trick == payment.trick)
            and (not same_amount or line.amount == payment.amount))
