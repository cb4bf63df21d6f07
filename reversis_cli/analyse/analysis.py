"""``reversis analyse`` for one deal: every decision from a trick on, valued.

:func:`analyse_deal` replays the deal's first tricks into a search position
(``money.py``), values the whole tree from the first trick analysed once
(``search.py``), then walks the line the players took: at each card, every
legal card's two values (a :class:`Decision`), each seat's guaranteed net
after the card (a :class:`TracePoint`) and, where another card was worth more,
a :class:`Finding`.  Each figure is checked against the engine on the line of
play behind it (``lines.py``).
"""

from __future__ import annotations

from ..cards import PACK, Card
from ..replay import TRICKS_PER_DEAL, ReplayedDeal
from ..rules import Profile
from ..session.service import ScoredDeal
from ..settle.payments import Amount, Payment
from ..settle.settlement import DealSettlement
from .lines import AnalysisDisagreement, Trick, principal_line, settle_line
from .money import Position, close_trick
from .result import LIKELY, PROVABLE, CardValue, DealAnalysis, Decision, Finding, TracePoint
from .search import Solver
from .table import DealTable

__all__ = ["analyse_deal", "DEFAULT_START", "UNREPLAYABLE", "AnalysisDisagreement"]

DEFAULT_START = 8  # the first trick analysed unless asked: tricks 8-11, well under a second

# Irregularities the search does not replay, and the rule of each: a player with
# twelve or ten cards (IRR-4 kept, IRR-5).  Such a deal is out of reach.
UNREPLAYABLE = {"kept": "IRR-4", "discarded-two": "IRR-5"}


def analyse_deal(scored: ScoredDeal, profile: Profile, *, from_trick: int = DEFAULT_START
                 ) -> DealAnalysis:
    """Analyse one settled deal from trick ``from_trick`` (1-11), or later when a
    revoke came after it; out of reach when the search cannot replay the deal."""
    replayed, settlement = scored.checked.replayed, scored.settlement
    if replayed is None or settlement is None or replayed.void or not replayed.complete:
        players = replayed.players if replayed is not None else ()
        return DealAnalysis(scored.checked.number, players, None, "not-settled")
    players = replayed.players
    for event in replayed.irregularities:
        if event.kind in UNREPLAYABLE:
            return DealAnalysis(replayed.number, players, None, "irregular",
                                UNREPLAYABLE[event.kind])
    # after the last trick an irregularity names: a revoke (IRR-7), a missed claim (CLAIM-1)
    after = [(revoke.trick, "IRR-7") for revoke in replayed.revokes] + \
        [(event.trick, "CLAIM-1") for event in replayed.irregularities
         if event.kind == "unclaimed" and event.trick is not None]
    start = max([from_trick] + [trick + 1 for trick, _ in after])
    if start > TRICKS_PER_DEAL:
        return DealAnalysis(replayed.number, players, None, "too-late", max(after)[1])
    return _Analysis(scored, profile, start).run()


def _hand_masks(replayed: ReplayedDeal) -> tuple[int, int, int, int]:
    masks = [0, 0, 0, 0]
    for seat, hand in enumerate(replayed.hands):
        for card in hand:
            masks[seat] |= 1 << card.index
    return masks[0], masks[1], masks[2], masks[3]


def _recorded(replayed: ReplayedDeal) -> list[Trick]:
    return [tuple((play.seat, play.card.index) for play in trick.plays)
            for trick in replayed.tricks]


class _Analysis:
    """The working state of one deal's analysis."""

    def __init__(self, scored: ScoredDeal, profile: Profile, start: int) -> None:
        replayed = scored.checked.replayed
        settlement = scored.settlement
        assert replayed is not None and settlement is not None
        self.replayed, self.settlement, self.profile, self.start = \
            replayed, settlement, profile, start
        self.context = {"pool_before": scored.pool_before, "previous": scored.previous,
                        "first_deal": scored.previous is None,
                        "pot_line_given": scored.pot_line_given,
                        "session_start": scored.session_start}
        self.table = DealTable(replayed, profile, settlement)
        self.solver = Solver(self.table)
        self.tricks = _recorded(replayed)
        pos = Position.first(_hand_masks(replayed), replayed.first_hand)
        for trick in self.tricks[:start - 1]:
            pos = close_trick(self.table, pos, trick)
        self.root = pos

    def fiches(self, units: int) -> Amount:
        return self.table.fiches(units)

    def run(self) -> DealAnalysis:
        root_value = self.solver.at_start(self.root)
        decisions: list[Decision] = []
        trace: list[TracePoint] = []
        findings: list[Finding] = []
        pos = self.root
        for trick in self.tricks[self.start - 1:]:
            for k, (seat, index) in enumerate(trick):
                plays = trick[:k]
                decision, after, finding = self._decision(pos, plays, seat, index)
                decisions.append(decision)
                trace.append(TracePoint(pos.trick, seat, PACK[index],
                                        tuple(self.fiches(v) for v in after[:4])))
                if finding is not None:
                    findings.append(finding)
            pos = close_trick(self.table, pos, trick)
        actual = self.solver.at_start(pos)
        self._check(actual, self.settlement)
        return DealAnalysis(
            self.replayed.number, self.replayed.players, self.start,
            start=tuple(self.fiches(v) for v in root_value[:4]),
            actual=tuple(self.fiches(v) for v in actual[:4]), trace=tuple(trace),
            decisions=tuple(decisions), findings=tuple(findings),
            positions=self.solver.positions)

    def _decision(self, pos: Position, plays: Trick, seat: int, index: int
                  ) -> tuple[Decision, tuple[int, ...], Finding | None]:
        mover, groups, values = self.solver.children(pos, plays)
        assert mover == seat, "the record's order of play is the search's"
        own = 4 + 4 * seat + seat
        cards: list[CardValue] = []
        settled: list[tuple[DealSettlement, DealSettlement]] = []
        chosen = -1
        for k, (group, value) in enumerate(zip(groups, values, strict=True)):
            settled.append(self._check_card(pos, plays, seat, group[0], value))
            for member in group:
                cards.append(CardValue(PACK[member], self.fiches(value[seat]),
                                       self.fiches(value[own])))
                if member == index:
                    chosen = k
        assert chosen >= 0, "the card played is a legal card"
        decision = Decision(pos.trick, seat, PACK[index], tuple(cards))
        return decision, values[chosen], self._finding(pos, seat, groups, values, settled,
                                                       chosen, index)

    def _finding(self, pos: Position, seat: int, groups: list[list[int]],
                 values: list[tuple[int, ...]],
                 settled: list[tuple[DealSettlement, DealSettlement]], chosen: int,
                 index: int) -> Finding | None:
        """``settled``: for each group, the engine's settlements of the lines behind its
        guaranteed and its selfish value (:meth:`_check_card`)."""
        for grade, slot in ((PROVABLE, seat), (LIKELY, 4 + 4 * seat + seat)):
            best = max(range(len(values)), key=lambda k: (values[k][slot], -k))
            if values[best][slot] > values[chosen][slot]:
                mode = grade == LIKELY
                event = self._event(seat, settled[chosen][mode], settled[best][mode])
                played, better = values[chosen][slot], values[best][slot]
                return Finding(grade, pos.trick, seat, PACK[index], PACK[groups[best][0]],
                               self.fiches(played), self.fiches(better),
                               self.fiches(better - played), event)
        return None

    def _check_card(self, pos: Position, plays: Trick, seat: int, card: int,
                    value: tuple[int, ...]) -> tuple[DealSettlement, DealSettlement]:
        """The engine's settlements of the lines behind ``card``'s guaranteed and
        selfish values for ``seat``, each checked against the search's value."""
        found = []
        for selfish, slot in ((False, seat), (True, 4 + 4 * seat + seat)):
            line, leaf = principal_line(self.solver, pos, plays + ((seat, card),), seat,
                                        selfish)
            if leaf[slot] != value[slot]:
                raise AnalysisDisagreement(
                    f"deal {self.replayed.number}: the line behind a value ends elsewhere")
            settled = settle_line(self.replayed, self.profile, self.context, pos.trick - 1,
                                  line)
            self._check(leaf, settled)
            found.append(settled)
        return found[0], found[1]

    def _check(self, value: tuple[int, ...], settled: DealSettlement) -> None:
        names = self.replayed.players
        for seat in range(4):
            if self.fiches(value[seat]) != settled.net[names[seat]]:
                raise AnalysisDisagreement(
                    f"deal {self.replayed.number}: the search makes {names[seat]}'s net "
                    f"{self.fiches(value[seat])}, the settlement {settled.net[names[seat]]}")

    def _event(self, seat: int, played: DealSettlement, better: DealSettlement
               ) -> Payment | None:
        """The payment the card played let happen that costs its player most: paid by
        him on the line after it and not after the better card, or due to him after
        the better card and not after it."""
        after_played, after_better = played.payments, better.payments
        name = self.replayed.players[seat]
        lost = _missing(after_played, after_better, lambda p: p.payer == name)
        lost += _missing(after_better, after_played, lambda p: p.payee == name)
        return max(lost, key=lambda p: p.amount, default=None)


def _missing(payments, others, mine) -> list[Payment]:
    """The payments of ``payments`` that ``mine`` selects and ``others`` lacks, as a
    multiset (the same payer, payee, amount, rule and card)."""
    left = [_signature(p) for p in others]
    found = []
    for pay in payments:
        signature = _signature(pay)
        if signature in left:
            left.remove(signature)
        elif mine(pay):
            found.append(pay)
    return found


def _signature(pay: Payment) -> tuple:
    card: Card | None = pay.params.get("card")
    return pay.payer, pay.payee, pay.amount, pay.rule, card
