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
* each ``tally`` is compared with the running totals of the rules, figure by
  figure against the sheet before it: a difference that is the same was
  carried from the deal where it began; one that is new or changed arose in
  this deal, or, with no sheet between, somewhere in the deals since the
  sheet before (a :class:`Span`).

It only compares: ``check`` turns the disagreements into warnings, ``score``
and ``arbitrate`` show them, and ``rules --infer`` searches for the options
under which there are none.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from ..model import PaidLine, Pos, TallyLine
from ..session.service import ScoredDeal
from ..settle import Payment
from ..settle.payments import POOL
from ..values import Value, replace, setattr_frozen

__all__ = ["PaymentPair", "Span", "Part", "TallyCheck", "DealReconciliation", "Reconciler",
           "reconcile", "match_payments", "AGREES", "OTHER_AMOUNT", "NOT_IN_THE_RULES",
           "NOT_RECORDED", "SWAPPED", "STAKE_RULE"]

Amount = int | Fraction

# How a recorded payment and a payment of the rules stand to each other.
AGREES = "agrees"
OTHER_AMOUNT = "other_amount"  # the same payment, for another amount
NOT_IN_THE_RULES = "not_in_the_rules"  # a paid line that matches no payment of the rules
NOT_RECORDED = "not_recorded"  # a payment of the rules with no paid line
SWAPPED = "swapped"  # a paid line with the payer and the payee of a payment of the rules swapped

# The stakes: a deal's paid lines need not write them (docs/decisions.md).
STAKE_RULE = "POOL-1"


class PaymentPair(Value):
    """A ``paid`` line and the payment of the rules it stands for; either may be
    missing."""

    __slots__ = _fields = ("kind", "recorded", "computed")
    kind: str
    recorded: PaidLine | None
    computed: Payment | None

    def __init__(self, kind: str, recorded: PaidLine | None, computed: Payment | None):
        setattr_frozen(self, "kind", kind)
        setattr_frozen(self, "recorded", recorded)
        setattr_frozen(self, "computed", computed)

    @property
    def correction(self) -> Amount:
        """What the payer still owes the payee (negative: what the payee should
        give back) to set the table's payment right: the payer and payee of
        the rules' payment when there is one.  A swapped payment is set right
        by what was paid back and what is due."""
        paid = self.recorded.amount if self.recorded else 0
        due = self.computed.amount if self.computed else 0
        return due + paid if self.kind == SWAPPED else due - paid


class Span(Value):
    """The deals in which a difference of the sheet arose: one deal, or a run
    of deals with no score sheet between them, where it may lie in any."""

    __slots__ = _fields = ("first", "last", "after")
    first: int
    last: int
    after: int | None  # the deal of the sheet before the run, if there was one

    def __init__(self, first: int, last: int, after: int | None = None):
        setattr_frozen(self, "first", first)
        setattr_frozen(self, "last", last)
        setattr_frozen(self, "after", after)

    @property
    def one_deal(self) -> bool:
        return self.first == self.last


class Part(Value):
    """Differences of the sheet that arose in the same deals: each party's
    difference (sheet minus rules; :data:`POOL` for the pool).  ``span`` None:
    where they arose is not known (the deals before were not compared)."""

    __slots__ = _fields = ("span", "figures")
    span: Span | None
    figures: dict[str, Amount]

    def __init__(self, span: Span | None, figures: dict[str, Amount]):
        setattr_frozen(self, "span", span)
        setattr_frozen(self, "figures", figures)


class TallyCheck(Value):
    """A score sheet's figures beside the rules' running totals after the deal,
    and how its difference stands to the sheet before: what it carries, from
    which deals, and what it adds."""

    __slots__ = _fields = ("deal", "line", "sheet", "rules", "pool_rules", "differences",
                           "pool_difference", "carried", "new", "before", "set_right",
                           "previous", "from_start")
    deal: int
    line: TallyLine
    sheet: dict[str, Amount]
    rules: dict[str, Amount]
    pool_rules: Amount
    # sheet minus rules, for each player whose figure differs
    differences: dict[str, Amount]
    pool_difference: Amount | None
    # the differences the sheet before had and this one keeps unchanged, by
    # the deals where they arose
    carried: tuple[Part, ...]
    # the differences that are new or changed since the sheet before (each
    # party's present difference), by the deals where the change may lie
    new: tuple[Part, ...]
    # each party of ``new`` that had another difference at the sheet before:
    # that difference
    before: dict[str, Amount]
    # each party whose earlier difference is gone here: that difference
    set_right: dict[str, Amount]
    # the deal of the sheet before (None: none, or not compared)
    previous: int | None
    # False: the deals before were not compared (``score --deal N``), so
    # what is carried and what is new is not known
    from_start: bool

    def __init__(self, deal: int, line: TallyLine, sheet: dict[str, Amount],
                 rules: dict[str, Amount], pool_rules: Amount, differences: dict[str, Amount],
                 pool_difference: Amount | None, carried: tuple[Part, ...] = (),
                 new: tuple[Part, ...] = (), before: dict[str, Amount] | None = None,
                 set_right: dict[str, Amount] | None = None, previous: int | None = None,
                 from_start: bool = True):
        setattr_frozen(self, "deal", deal)
        setattr_frozen(self, "line", line)
        setattr_frozen(self, "sheet", sheet)
        setattr_frozen(self, "rules", rules)
        setattr_frozen(self, "pool_rules", pool_rules)
        setattr_frozen(self, "differences", differences)
        setattr_frozen(self, "pool_difference", pool_difference)
        setattr_frozen(self, "carried", carried)
        setattr_frozen(self, "new", new)
        setattr_frozen(self, "before", {} if before is None else before)
        setattr_frozen(self, "set_right", {} if set_right is None else set_right)
        setattr_frozen(self, "previous", previous)
        setattr_frozen(self, "from_start", from_start)

    @property
    def agrees(self) -> bool:
        return not self.differences and not self.pool_difference

    @property
    def went_wrong_here(self) -> bool:
        """The sheet adds a difference of its own (in this deal, or in the
        deals since the sheet before): not only one carried from before."""
        return bool(self.new)

    @property
    def departed_in(self) -> int | None:
        """The last deal in which the sheet's present difference may have
        arisen: this deal when it adds one, the deal of an earlier difference
        it carries; None when it agrees or that is not known."""
        spans = [part.span for part in self.new + self.carried]
        if self.agrees or not spans or None in spans:
            return None
        return max(span.last for span in spans if span is not None)

    @property
    def imbalance(self) -> Amount | None:
        """How far the sheet's four figures and its pool are from adding up to
        what the rules' add up to (they never change: money moves between the
        players and the pool); None when the sheet does not write its pool."""
        if self.line.pool is None:
            return None
        return sum(self.differences.values(), Fraction(0)) + (self.pool_difference or 0)

    @property
    def adds_up_to(self) -> tuple[Amount, Amount]:
        """What the sheet's figures and pool add up to, and what they should."""
        expected = sum(self.rules.values(), Fraction(0)) + self.pool_rules
        return expected + (self.imbalance or 0), expected


class DealReconciliation(Value):
    """What a deal's ``paid`` and ``tally`` lines say against the rules."""

    __slots__ = _fields = ("number", "payments", "tally", "settled", "implied_stakes", "pos",
                           "unsettled_before")
    number: int
    payments: tuple[PaymentPair, ...]
    tally: TallyCheck | None
    settled: bool  # False: the deal has errors and the rules gave nothing
    # the stakes of the rules when the deal's paid lines write none: taken as
    # paid as the rules give them, not compared (docs/decisions.md)
    implied_stakes: tuple[Payment, ...]
    # where the deal begins (its deal line): where a payment with no line is said
    pos: Pos | None
    # the deals before it, handed in, that have errors: the rules' totals
    # leave them out (a caller that hands in only the deals with figures
    # does not learn of them)
    unsettled_before: tuple[int, ...]

    def __init__(self, number: int, payments: tuple[PaymentPair, ...] = (),
                 tally: TallyCheck | None = None, settled: bool = True,
                 implied_stakes: tuple[Payment, ...] = (), pos: Pos | None = None,
                 unsettled_before: tuple[int, ...] = ()):
        setattr_frozen(self, "number", number)
        setattr_frozen(self, "payments", payments)
        setattr_frozen(self, "tally", tally)
        setattr_frozen(self, "settled", settled)
        setattr_frozen(self, "implied_stakes", implied_stakes)
        setattr_frozen(self, "pos", pos)
        setattr_frozen(self, "unsettled_before", unsettled_before)

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
    before the first one handed in were not seen, so what a sheet carries
    and where a difference arose are not known.  ``first``: the number of the
    session's first deal (deals are numbered from 1, RV301 otherwise), where
    a difference shown by the first sheet may have begun."""

    def __init__(self, players: tuple[str, ...], from_start: bool = True, first: int = 1):
        self.totals: dict[str, Amount] = dict.fromkeys(players, 0)
        self.from_start = from_start
        self._sheets = _Sheets(first)
        self._unsettled: list[int] = []

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
        deal, number = scored.checked.deal, scored.checked.number
        if deal is None or number is None:
            return None
        before = tuple(self._unsettled)
        if settlement is None:
            self._unsettled.append(number)
        paid, tally = deal.paid, deal.tally
        if not paid and tally is None:
            return None
        pairs, implied = match_payments(paid, settlement.payments if settlement else ())
        check = None
        if tally is not None:
            pool_after = settlement.pool_after if settlement else scored.pool_before
            check = self._sheets.check(tally, totals, pool_after, number)
            if not self.from_start:
                check = _origin_unknown(check)
        return DealReconciliation(number, pairs, check, settlement is not None, implied,
                                  deal.pos, before)


class _Sheets:
    """The score sheets met so far: each party's last difference (sheet minus
    rules; :data:`POOL` for the pool), the deal of the last sheet that showed
    it, and the deals where that difference arose.  A sheet is read against
    the sheet before: a difference that is the same was carried, one that
    changed arose in the deals since (this deal alone when the sheet before
    is the previous deal's)."""

    def __init__(self, first: int) -> None:
        self.first = first
        self.last: dict[str, Amount] = {}
        self.seen: dict[str, int] = {}
        self.origin: dict[str, Span] = {}
        self.previous: int | None = None

    def check(self, line: TallyLine, totals: dict[str, Amount], pool_after: Amount,
              number: int) -> TallyCheck:
        sheet = line.totals
        observed = {name: sheet[name] - totals.get(name, 0) for name in sheet}
        if line.pool is not None:
            observed[POOL] = line.pool - pool_after
        carried: dict[Span, dict[str, Amount]] = {}
        new: dict[Span, dict[str, Amount]] = {}
        before: dict[str, Amount] = {}
        set_right: dict[str, Amount] = {}
        for party, difference in observed.items():
            earlier = self.last.get(party, 0)
            if difference == earlier:
                if difference:
                    carried.setdefault(self.origin[party], {})[party] = difference
            else:
                self._changed(party, difference, earlier, number, new, before, set_right)
            self.seen[party] = number
        differences = {name: d for name, d in observed.items() if name != POOL and d}
        pool_difference = observed.get(POOL) or None
        check = TallyCheck(number, line, dict(sheet), dict(totals), pool_after, differences,
                           pool_difference, _parts(carried), _parts(new), before, set_right,
                           self.previous)
        self.previous = number
        return check

    def _changed(self, party: str, difference: Amount, earlier: Amount, number: int,
                 new: dict, before: dict, set_right: dict) -> None:
        """A party's difference changed since the last sheet that showed it:
        the change arose in the deals since."""
        seen = self.seen.get(party)
        if seen is None:
            span = Span(min(self.first, number), number)
        elif seen < number:
            span = Span(seen + 1, number, seen)
        else:  # deals out of order (RV301): only this one is known
            span = Span(number, number)
        if difference:
            new.setdefault(span, {})[party] = difference
            self.origin[party] = span
            if earlier:
                before[party] = earlier
        else:
            set_right[party] = earlier
            self.origin.pop(party, None)
        self.last[party] = difference


def _parts(by_span: dict[Span, dict[str, Amount]]) -> tuple[Part, ...]:
    """The parts in the order of the deals where they arose."""
    return tuple(Part(span, figures) for span, figures
                 in sorted(by_span.items(), key=lambda item: (item[0].first, item[0].last)))


def _origin_unknown(check: TallyCheck) -> TallyCheck:
    """A sheet read without the deals before it: its whole difference, from
    deals not known."""
    figures: dict[str, Amount] = dict(check.differences)
    if check.pool_difference:
        figures[POOL] = check.pool_difference
    return replace(check, carried=(), new=(Part(None, figures),) if figures else (),
                   before={}, set_right={}, previous=None, from_start=False)


def match_payments(paid: Iterable[PaidLine], computed: Iterable[Payment]) -> tuple[
        tuple[PaymentPair, ...], tuple[Payment, ...]]:
    """Pair each ``paid`` line with a payment of the rules: first those that
    agree in everything written, then those that differ only in the amount,
    then those whose payer and payee are swapped; what is left matches
    nothing.  No ``paid`` lines: nothing to compare.  Also the stakes taken
    as paid: when no line writes a stake, the rules' stakes are implied
    rather than missing."""
    recorded = list(paid)
    if not recorded:
        return (), ()
    due = list(computed)
    pairs: list[PaymentPair] = []
    for kind, same in ((AGREES, _same), (OTHER_AMOUNT, _same_but_amount), (SWAPPED, _swapped)):
        for line in list(recorded):
            found = next((p for p in due if same(line, p)), None)
            if found is not None:
                recorded.remove(line)
                due.remove(found)
                pairs.append(PaymentPair(kind, line, found))
    pairs += [PaymentPair(NOT_IN_THE_RULES, line, None) for line in recorded]
    implied: tuple[Payment, ...] = ()
    if not _writes_stakes(pairs):
        implied = tuple(p for p in due if p.rule == STAKE_RULE)
        due = [p for p in due if p.rule != STAKE_RULE]
    pairs += [PaymentPair(NOT_RECORDED, None, p) for p in due if p.amount != 0]
    return tuple(pairs), implied


def _writes_stakes(pairs: list[PaymentPair]) -> bool:
    """Whether a deal's paid lines write a stake: a line matched to one, or a
    line that names the stakes' rule."""
    return any((pair.computed is not None and pair.computed.rule == STAKE_RULE)
               or (pair.recorded is not None and pair.recorded.rule == STAKE_RULE)
               for pair in pairs)


def _parties(line: PaidLine) -> tuple[str, str]:
    return (POOL if line.payer_is_pool else line.payer.text,
            POOL if line.payee_is_pool else line.payee.text)


def _same(line: PaidLine, payment: Payment) -> bool:
    return _same_but_amount(line, payment) and line.amount == payment.amount


def _same_but_amount(line: PaidLine, payment: Payment) -> bool:
    return _parties(line) == (payment.payer, payment.payee) and _same_rule_and_trick(line,
                                                                                     payment)


def _swapped(line: PaidLine, payment: Payment) -> bool:
    return _parties(line) == (payment.payee, payment.payer) and _same_rule_and_trick(line,
                                                                                     payment)


def _same_rule_and_trick(line: PaidLine, payment: Payment) -> bool:
    # a table may name the payment by any rule it rests on (ACE-2 or DOUBLE-2)
    return ((line.rule is None or line.rule in payment.rules)
            and (line.trick is None or line.trick == payment.trick))
