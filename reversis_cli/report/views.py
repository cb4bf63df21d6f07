"""What a report shows, gathered from the session service as plain values.

The templates only lay these values out: every sentence is written here in the
run's language (``t``/``tr``), every amount is text already, and every piece of
user text (names, title, place, notes, comments) is kept as it was written, for
the template engine to escape.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..cards import Card, Suit, sort_cards
from ..session import settleup_words as words
from ..session.settleup import SettleUp, session_settle_up
from ..diagnostics import Diagnostic
from ..sheet.figures import deal_figure_warnings
from ..i18n import Msg, N_, amount_shown, fiches, t, tr
from ..sheet.reconcile import Reconciler
from ..replay import PlayedTrick, ReplayedDeal, next_seat
from ..rules import BUILTIN_PROFILES, Profile, builtin_profile
from ..rules.profile import format_option_value
from ..rules.sources import sources_for_rule
from ..rules.texts import RULE_TEXTS, rule_text
from ..session.service import ScoredDeal, Session
from ..settle import Outcome
from ..settle.payments import party_of
from ..sheet.verdict import departures_note
from .figures import FiguresView, figures_view, page_cards, written

__all__ = ["CardView", "DealView", "SessionView", "RuleView", "session_view", "rule_views",
           "card_view", "diagnostic_view", "renumber"]

Amount = int | Fraction


@dataclass(frozen=True)
class CardView:
    text: str  # A♠
    red: bool


@dataclass(frozen=True)
class DiagnosticView:
    where: str
    code: str
    severity: str  # "error" | "warning", as in the data
    severity_text: str  # in the run's language
    message: str
    source_line: str | None
    caret: int  # characters before the caret


@dataclass(frozen=True)
class PlayView:
    player: str
    card: CardView | None  # None: this player has no card in the trick
    lead: bool = False
    took: bool = False


@dataclass(frozen=True)
class TrickView:
    number: int
    leader: str
    plays: tuple[PlayView, ...]  # in the order of the seats from first hand
    taker: str
    points: int
    in_error: bool = False
    warnings: tuple[str, ...] = ()  # revokes and irregularities in this trick


@dataclass(frozen=True)
class SeatView:
    name: str
    dealt: tuple[CardView, ...] | None  # as the record wrote the hand, when it did
    held: tuple[CardView, ...] | None  # after the exchange (or worked out from the play)
    tricks: int | None
    points: int | None


@dataclass(frozen=True)
class PaymentView:
    payer: str
    payee: str
    amount: str
    rules: tuple[str, ...]
    reason: str
    trick: int | None


@dataclass
class DealView:
    number: int
    anchor: str
    title: str
    dealer: str
    seats: list[SeatView] = field(default_factory=list)
    held_label: str = ""
    talon: tuple[CardView, ...] | None = None
    exchanges: list[str] = field(default_factory=list)
    partie: tuple[CardView, ...] = ()
    partie_label: str = ""
    tricks: list[TrickView] = field(default_factory=list)
    payments: list[PaymentView] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)  # espagnolette, revokes, events, void
    notes: list[str] = field(default_factory=list)  # the record's own notes and comments
    diagnostics: list[DiagnosticView] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)  # "reversis", "espagnolette", ...
    net: dict[str, str] = field(default_factory=dict)
    pool_after: str = ""
    settled: bool = False
    figures: FiguresView | None = None  # the table's paid and tally lines beside the rules


@dataclass
class SessionView:
    index: int
    anchor: str
    name: str  # the file
    title: str
    date: str
    place: str
    players: tuple[str, ...]
    profile: str
    differences: list[tuple[str, str, str]]  # option, value, the base's value
    diagnostics: list[DiagnosticView]
    deals: list[DealView]
    totals: dict[str, Amount]
    totals_text: dict[str, str]
    pool_start: Amount
    pool_end_text: str
    settled: bool
    series: dict[str, list[Amount]]  # running balance per player, after each deal
    pool_series: list[Amount]
    notes: list[str] = field(default_factory=list)  # the header's notes and comments
    errors: int = 0
    problems: list[Diagnostic] = field(default_factory=list)  # as found, for the terminal
    rule_ids: set[str] = field(default_factory=set)
    figures_note: str = ""  # where the score sheet departed, under the session table
    settle_up: SettleUpView | None = None  # with a fiche value: the balance in money


@dataclass(frozen=True)
class SettleUpView:
    """The settle-up in money, in the reader's words (session/settleup_words.py)."""

    heading: str
    rows: list[tuple[str, str, str]]  # party, fiches, money
    pool_note: str | None
    transfers_heading: str
    transfers: list[str]


def settle_up_view(s: SettleUp) -> SettleUpView:
    return SettleUpView(words.heading(s), words.rows(s), words.pool_note(s),
                        words.transfers_heading(s), words.transfers(s))


@dataclass(frozen=True)
class RuleView:
    id: str
    anchor: str
    text: str
    sources: tuple[tuple[str, str], ...]


# The record's event keywords, as a reader says them (N_: translated when shown).
EVENT_WORDS = {"unclaimed": N_("payment not claimed in time"), "misdeal": N_("misdeal"),
               "redeal": N_("redeal paid"), "exposed": N_("exposed"),
               "peeked": N_("peeked at the talon card"), "kept": N_("kept the talon card"),
               "discarded-two": N_("discarded two cards"),
               "out-of-turn": N_("discarded out of turn")}


def event_word(kind: str) -> str:
    return tr(EVENT_WORDS[kind]) if kind in EVENT_WORDS else kind


# A deal's marks in the session table, as words (N_: translated when shown).
MARK_WORDS = {"reversis": N_("reversis"), "espagnolette": N_("espagnolette"),
              "irregular": N_("irregularity"), "error": N_("error"),
              "figures": N_("≠ the table's figures")}


def card_view(card: Card) -> CardView:
    return CardView(card.format(page_cards()), card.suit in (Suit.HEARTS, Suit.DIAMONDS))


def _cards(cards, in_order: bool = False) -> tuple[CardView, ...]:
    return tuple(card_view(c) for c in (cards if in_order else sort_cards(cards)))


def signed(amount: Amount) -> str:
    return amount_shown(amount, signed=True)


def diagnostic_view(d: Diagnostic) -> DiagnosticView:
    where = d.file or "<input>"
    if d.pos is not None:
        where += f":{d.pos.line}:{d.pos.column}"
    caret = d.pos.column - 1 if d.pos is not None else 0
    return DiagnosticView(where, d.code, d.severity, tr(d.severity), t(d.message),
                          d.source_line if d.pos is not None else None, caret)


# --- the session ------------------------------------------------------------------------


def session_view(session: Session, index: int) -> SessionView:
    """Read the whole session (its deals are read once, as a stream)."""
    record = session.record
    header = record.header
    anchor = f"s{index}"

    def value(keyword: str) -> str:
        line = header.get(keyword)
        return line.value if line is not None else ""

    view = SessionView(
        index=index, anchor=anchor, name=session.name, title=value("title"),
        date=value("date"), place=value("place"), players=session.players,
        profile=session.profile.name if session.profile else "",
        differences=_differences(session.profile) if session.profile else [],
        diagnostics=[diagnostic_view(d) for d in session.diagnostics],
        deals=[], totals={}, totals_text={}, pool_start=session.pool_start.amount,
        pool_end_text="", settled=session.settleable,
        series={name: [0] for name in session.players},
        pool_series=[session.pool_start.amount])
    view.notes = [line.value for line in header.all("note")] + _comments(header.lines)
    if session.settleable:
        # The table's figures are compared as check and score compare them, deal
        # by deal with the rules' running totals.
        reconciler = Reconciler(session.players)
        tallies = []
        for scored in session.deals():
            deal = _deal_view(scored, anchor, view)
            tallies.append(_figures(reconciler, scored, session, deal, view))
            view.deals.append(deal)
        note = departures_note(tallies)
        view.figures_note = t(note) if note is not None else ""
        view.totals = dict(session.totals())
        view.totals_text = {name: signed(a) for name, a in view.totals.items()}
        view.pool_end_text = amount_shown(session.pool_end)
        settled_up = session_settle_up(session)
        view.settle_up = settle_up_view(settled_up) if settled_up is not None else None
    else:
        view.pool_end_text = amount_shown(session.pool_start.amount)
    view.errors = session.errors
    view.problems[:0] = session.diagnostics  # the header's first, as found
    return view


def _figures(reconciler: Reconciler, scored: ScoredDeal, session: Session, deal: DealView,
             view: SessionView):
    """The deal's paid and tally lines against the rules, with the warnings
    ``check`` gives for them (RV317 to RV321, their lines under the carets);
    the deal's tally check, for the note under the session table."""
    rec = reconciler.add(scored)
    if rec is None:
        return None
    deal.figures = figures_view(rec)
    warnings = deal_figure_warnings(rec, session.name, session.record.last_deal_lines)
    deal.diagnostics.extend(diagnostic_view(d) for d in warnings)
    view.problems.extend(warnings)
    if not deal.figures.agrees and "figures" not in deal.marks:
        deal.marks.append("figures")
    return rec.tally


def renumber(view: SessionView, index: int) -> None:
    """Give a session read as the ``view.index``-th its place ``index`` on the
    page: its anchor and its deals' anchors follow."""
    old, new = view.anchor, f"s{index}"
    view.index, view.anchor = index, new
    for deal in view.deals:
        deal.anchor = new + deal.anchor[len(old):]


def _differences(profile: Profile) -> list[tuple[str, str, str]]:
    """Each option whose value differs from the base profile's: name, value, base value."""
    base_name = profile.base or profile.name
    values = profile.options.as_dict()
    if base_name not in BUILTIN_PROFILES:
        return [(name, str(format_option_value(name, values[name])), "")
                for name in profile.overridden]
    base = builtin_profile(base_name).options.as_dict()
    return [(name, str(format_option_value(name, value)),
             str(format_option_value(name, base[name])))
            for name, value in profile.options.items() if base.get(name) != value]


def _deal_view(scored: ScoredDeal, session_anchor: str, session: SessionView) -> DealView:
    checked, settlement = scored.checked, scored.settlement
    number = checked.number if checked.number is not None else len(session.deals) + 1
    deal = checked.deal
    view = DealView(number=number, anchor=f"{session_anchor}-d{number}",
                    title=t(Msg("Deal {number}", number=number)),
                    dealer=deal.dealer.text if deal is not None else "")
    view.diagnostics = [diagnostic_view(d) for d in checked.diagnostics]
    session.problems.extend(checked.diagnostics)
    if checked.has_errors:
        view.marks.append("error")
    if deal is not None:
        _record_lines(deal, view)
    replayed = checked.replayed
    if replayed is not None:
        _replayed(replayed, view)
    if settlement is not None:
        view.settled = True
        view.payments = [_payment_view(p) for p in settlement.payments]
        for payment in settlement.payments:
            session.rule_ids.update(payment.rules)
        view.net = {name: signed(a) for name, a in settlement.net.items()}
        view.pool_after = amount_shown(settlement.pool_after)
        if settlement.outcome is not Outcome.NORMAL and "reversis" not in view.marks:
            view.marks.insert(0, "reversis")
        if settlement.espagnolette is not None and "espagnolette" not in view.marks:
            view.marks.append("espagnolette")
        for name, series in session.series.items():
            series.append(series[-1] + settlement.net.get(name, 0))
        session.pool_series.append(settlement.pool_after)
    else:
        view.pool_after = amount_shown(scored.pool_before)
        for series in session.series.values():
            series.append(series[-1])
        session.pool_series.append(scored.pool_before)
    return view


def _payment_view(payment) -> PaymentView:
    return PaymentView(t(party_of(payment.payer)), t(party_of(payment.payee)),
                       t(fiches(payment.amount)), tuple(payment.rules), written(payment.reason),
                       payment.trick)


def _record_lines(deal, view: DealView) -> None:
    """What the record wrote beside the cards: talon, exchanges, notes, comments, events."""
    if deal.talon is not None:
        view.talon = _cards((c.card for c in deal.talon.cards), in_order=True)
    for exchange in deal.exchanges:
        view.exchanges.append(_exchange_text(exchange))
    for note in deal.notes:
        view.notes.append(note.text)
    view.notes.extend(_comments((deal.line, *deal.statements)))
    for event in deal.events:
        if "irregular" not in view.marks:
            view.marks.append("irregular")
        details = [event_word(event.kind)]
        if event.player is not None:
            details.append(event.player.text)
        if event.trick is not None:
            details.append(t(Msg("trick {number}", number=event.trick)))
        view.facts.append(t(Msg("Irregularity: {details}", details=" · ".join(details))))


def _comments(statements) -> list[str]:
    """The comments written before and after each statement, in order."""
    found = []
    for statement in statements:
        for comment in (*statement.comments_before, statement.comment_after):
            if comment is not None and comment.text.strip():
                found.append(comment.text.strip())
    return found


def _exchange_text(exchange) -> str:
    if exchange.refuses:
        return t(Msg("{player} does not exchange", player=exchange.player.text))
    discards = " ".join(c.card.format(page_cards()) for c in exchange.discards)
    if exchange.takes is None:
        return t(Msg("{player} discards {cards}", player=exchange.player.text,
                     cards=discards or "—"))
    takes = " ".join(c.card.format(page_cards()) for c in exchange.takes)
    return t(Msg("{player} discards {cards} and takes {taken}", player=exchange.player.text,
                 cards=discards or "—", taken=takes or "—"))


def _replayed(replayed: ReplayedDeal, view: DealView) -> None:
    first = replayed.first_hand if replayed.dealer_known else 0
    order = [next_seat(first, k) for k in range(4)]
    dealt = {h.player.text: _cards(c.card for c in h.cards) for h in replayed.deal.hands}
    worked_out = replayed.complete and not replayed.void
    won, points = replayed.tricks_won(), replayed.points_won()
    for seat in order:
        name = replayed.name(seat)
        view.seats.append(SeatView(
            name, dealt.get(name), _cards(replayed.hands[seat]) if worked_out else None,
            won[seat] if worked_out else None, points[seat] if worked_out else None))
    if replayed.deal.exchanges or dealt:
        view.held_label = tr("After the exchange")
    else:
        view.held_label = tr("As worked out from the play")
    if worked_out:
        view.partie = _cards(replayed.partie, in_order=replayed.partie_written)
        view.partie_label = tr("as written") if replayed.partie_written else \
            tr("the cards never played")
    warnings = _trick_warnings(replayed)
    for trick in replayed.tricks:
        view.tricks.append(_trick_view(replayed, trick, order, warnings=warnings))
    for unresolved in replayed.unresolved:
        if unresolved.plays and unresolved.leader is not None and unresolved.taker is not None:
            view.tricks.append(_trick_view(replayed, unresolved, order, True, warnings))
    view.tricks.sort(key=lambda trick: trick.number)
    esp = replayed.espagnolette
    if esp is not None:
        if "espagnolette" not in view.marks:
            view.marks.append("espagnolette")
        how = Msg("waived the privilege") if esp.waived else \
            Msg("may renounce freely in tricks 1–9")
        view.facts.insert(0, t(Msg("Espagnolette: {player} ({how}; ESP-1, ESP-2)",
                                   player=replayed.name(esp.seat), how=how)))
    for revoke in replayed.revokes:
        if "irregular" not in view.marks:
            view.marks.append("irregular")
        view.facts.append(t(Msg("Revoke in trick {trick}: {player} played {card} while holding "
                                "{held} (PLAY-4, IRR-7)", trick=revoke.trick,
                                player=replayed.name(revoke.seat),
                                card=revoke.card.format(page_cards()),
                                held=revoke.held.format(page_cards()))))
    if replayed.void:
        view.facts.append(tr("A void deal: no cards were played."))


def _trick_warnings(replayed: ReplayedDeal) -> dict[int, list[str]]:
    """What went wrong in each trick, by its number: shown on the trick's row."""
    found: dict[int, list[str]] = {}
    for revoke in replayed.revokes:
        found.setdefault(revoke.trick, []).append(t(Msg(
            "Revoke in trick {trick}: {player} played {card} while holding {held} (PLAY-4, "
            "IRR-7)", trick=revoke.trick, player=replayed.name(revoke.seat),
            card=revoke.card.format(page_cards()), held=revoke.held.format(page_cards()))))
    for event in replayed.events:
        if event.trick is not None:
            who = f" · {event.player.text}" if event.player is not None else ""
            found.setdefault(event.trick, []).append(
                t(Msg("Irregularity: {details}", details=event_word(event.kind) + who)))
    return found


def _trick_view(replayed: ReplayedDeal, trick: Any, order: list[int],
                in_error: bool = False, warnings: dict[int, list[str]] | None = None
                ) -> TrickView:
    number = trick.number if isinstance(trick, PlayedTrick) else trick.line.number
    plays = []
    for seat in order:
        play = next((p for p in trick.plays if p.seat == seat), None)
        plays.append(PlayView(replayed.name(seat), card_view(play.card) if play else None,
                              play is trick.plays[0] if play else False,
                              seat == trick.taker))
    return TrickView(number, replayed.name(trick.leader), tuple(plays),
                     replayed.name(trick.taker), sum(p.card.points for p in trick.plays),
                     in_error, tuple((warnings or {}).get(number, ())))


def rule_views(ids: set[str]) -> list[RuleView]:
    """Each rule id cited, with its sentence and the Russian source paragraphs."""
    views = []
    for rule_id in sorted(ids):
        sources = tuple(sources_for_rule(rule_id)) if rule_id in RULE_TEXTS else ()
        views.append(RuleView(rule_id, f"rule-{rule_id}", t(rule_text(rule_id)), sources))
    return views
