"""``reversis score``: tables that are views of the payment records.

Every figure here comes from a :class:`DealSettlement`: the players' table
from its tricks, points, roles and net; the payments table row by row from
its payments; the session table by adding the nets.  Nothing is computed
twice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import respell
from ..i18n import Count, Msg, N_, current, lang, t, tr
from ..i18n.numbers import written_amount
from ..settle import DealSettlement, DealStatus, EspagnoletteStatus, Outcome, Payment
from ..settle.payments import POOL
from ..settle.texts import english_reason
from ..sheet.verdict import departures_note
from .amounts import fiches, money_view, signed
from .layout import Column, Grid, Line, Part, Stack

if TYPE_CHECKING:  # annotations only: the renderers below load rich when called
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

__all__ = ["render_settlement", "render_session", "render_unsettled", "settlement_view",
           "session_view", "unsettled_view"]


# What became of an espagnolette (the settlement's status), as the Role column says it.
_ESPAGNOLETTE_STATUS = {EspagnoletteStatus.SUCCESS: N_("success"),
                        EspagnoletteStatus.FAILED: N_("failed"),
                        EspagnoletteStatus.WAIVED: N_("waived"),
                        EspagnoletteStatus.SUPERSEDED: N_("superseded")}

def party(name: str) -> str:
    """A payer or payee as the reader calls it: a player's name, or the pool."""
    return tr("pool") if name == POOL else name

def roles(s: DealSettlement, name: str) -> str:
    roles = []
    if name in s.winners:
        roles.append(tr("winner"))
    if name in s.losers:
        roles.append(tr("loser"))
    # The parts the rules found (REV-1..3), whoever paid: the espagnolette may pay the
    # breaker (ESP-7), a peeker's gain may be forfeited (IRR-4).
    if name == s.reversis_maker:
        roles.append(tr("reversis"))
    if name == s.undertaker:
        roles.append(tr("reversis broken"))
    elif name == s.breaker:
        roles.append(tr("broke the reversis"))
    if s.espagnolette and s.espagnolette[0] == name:
        status = s.espagnolette[1]
        roles.append(t(Msg("espagnolette ({status})", status=tr(_ESPAGNOLETTE_STATUS[status]))))
    return ", ".join(roles)

# A deal's outcome in its title (N_: translated when shown).
OUTCOME_WORDS = {Outcome.NORMAL: None, Outcome.REVERSIS: N_("reversis made"),
            Outcome.REVERSIS_BROKEN: N_("reversis broken")}

def _title(s: DealSettlement) -> Line:
    more = [(" — " + t(Msg("dealer {dealer}", dealer=s.dealer)), "")]
    outcome = OUTCOME_WORDS[s.outcome]
    if outcome is not None:
        more.append((" — " + tr(outcome), ""))
    if s.status is DealStatus.VOID:
        more.append((" — " + tr("void deal"), ""))
    return Line(t(Msg("Deal {number}", number=s.number)), "bold", tuple(more))

def _players_table(s: DealSettlement, players: tuple[str, ...]) -> Grid:
    table = Grid([Column(tr("Player")), Column(tr("Tricks"), "right"),
                  Column(tr("Points"), "right"), Column(tr("Role")), money_view(tr("Net"))])
    for name in players:
        net = s.net.get(name, 0)
        table.add_row(name, str(s.tricks_won.get(name, 0)), str(s.points.get(name, 0)),
                      roles(s, name), Line(signed(net), _money_style(net)))
    return table

def _money_style(amount) -> str:
    return "green" if amount > 0 else "red" if amount < 0 else ""

def _payments_table(title: str, payments: tuple[Payment, ...], style: str = "",
                    cards: str = "unicode") -> Grid:
    table = Grid([Column(tr("Trick"), "right"), Column(tr("Payer → payee")),
                  money_view(tr("Amount")), Column(tr("Rule")), Column(tr("Reason"))],
                 title=title, style=style)
    # In English the reason is written straight from its template, as JSON
    # writes it: the same text as t(p.reason) without building its messages.
    reason = english_reason if lang() == "en" else _written_reason
    for p in in_trick_order(payments):
        table.add_row("" if p.trick is None else str(p.trick),
                      f"{party(p.payer)} → {party(p.payee)}",
                      fiches(p.amount), p.rule, respell(reason(p), cards))
    return table

def _written_reason(p: Payment) -> str:
    return t(p.reason)

def in_trick_order(payments) -> list[Payment]:
    """Payments as a reader follows the deal: those made before the play
    (stakes), then trick by trick, then those after the play (the partie);
    within a trick in the order the settlement made them.  The JSON keeps
    the order in which they arose."""
    keys = reading_keys(payments)
    return [payments[index] for index in sorted(range(len(keys)), key=keys.__getitem__)]

def reading_keys(payments) -> list[tuple[int, int, int]]:
    """For each payment, where a reader expects it: (before the play 0, in
    trick N 1, after the play 2; the trick; its place in the settlement)."""
    keys = []
    play_started = False
    for index, p in enumerate(payments):
        if p.trick is not None:
            play_started = True
            keys.append((1, p.trick, index))
        else:
            keys.append((2 if play_started else 0, 0, index))
    return keys

def render_settlement(s: DealSettlement, players: tuple[str, ...],
                      cards: str = "unicode") -> Group:
    """One deal's settlement; ``cards``: how to spell cards (ascii, unicode, ru)."""
    return settlement_view(s, players, cards).rich()

def settlement_view(s: DealSettlement, players: tuple[str, ...],
                    cards: str = "unicode") -> Stack:
    """:func:`render_settlement` as a view (reversis_cli/render/layout.py)."""
    parts: list[Part] = [_title(s)]
    if s.status is DealStatus.VOID:
        parts.append(Line(tr("Nothing is staked or settled in a void deal but its penalties.")))
    else:
        partie = " ".join(c.format(cards) for c in s.partie_cards)
        # The same words for any amount in English; the Russian says фишка, фишки, фишек.
        worth = Count(s.partie_value, "worth {n}", "worth {n}")
        parts.append(Line(t(Msg("Partie {cards}: {worth}", cards=partie, worth=worth))))
        parts.append(_players_table(s, players))
    if s.payments:
        parts.append(_payments_table(tr("Payments"), s.payments, cards=cards))
    if s.cancelled:
        parts.append(_payments_table(tr("Cancelled (REV-4 or forfeited)"), s.cancelled, "dim",
                                     cards))
    parts.append(Line(t(Msg("Pool: {before} before the deal, {after} after",
                            before=fiches(s.pool_before), after=fiches(s.pool_after)))))
    return Stack(parts)

def render_unsettled(number: int | None) -> Text:
    return unsettled_view(number).rich()

def unsettled_view(number: int | None) -> Line:
    """:func:`render_unsettled` as a view."""
    return Line(t(Msg("Deal {number} — not settled: the record of this deal has errors "
                      "(see above)", number=number if number is not None else "?")),
                "bold red")

def render_session(rows: list | None, totals: dict, pool_end, players: tuple[str, ...]) -> Table:
    """The running balance (:func:`session_view`), for rich."""
    return session_view(rows, totals, pool_end, players).rich()

def session_view(rows: list | None, totals: dict, pool_end, players: tuple[str, ...]) -> Grid:
    """The running balance: one row per deal (label, balance by player after
    it, pool after it, and the score sheet's check when the deal has a tally
    line), and the totals.  ``rows`` None: the totals alone.  Under a deal
    with a tally, a row gives the sheet's figures, those that differ from the
    rules marked ``≠``."""
    caption = None if rows is not None else \
        tr("(a running balance is shown for shorter sessions)")
    note = departures_note(row[3] for row in rows or () if len(row) > 3)
    if note is not None:
        caption = t(note)
    table = Grid([Column(tr("Deal"), footer=tr("Total")),
                  *(money_view(name, footer=signed(totals.get(name, 0))) for name in players),
                  money_view(tr("Pool"), footer=fiches(pool_end))],
                 title=tr("Session"), caption=caption, show_footer=True)
    # A balance, a pool come back row after row: each written once (signed's, fiches'
    # own text), a label as t writes it, with no call a cell (a row a deal: issue 35).
    translator = current()
    language, gettext, text_of = translator.language, translator.gettext, translator.text
    shown: dict = {}
    pools: dict = {}
    # A balance that is not whole (a split partie's share) is seldom met again (490
    # values in 604 such cells of a modern record), and hashing a Fraction costs as much
    # as writing it: such a balance is written, unless it is the very object of the row
    # above (no net since: the settler gives that object again).
    last: dict = {}
    for label, balance, pool_after, *sheet in rows or ():
        cells: list[str | Line] = [gettext(label) if type(label) is str else text_of(label)]
        for name in players:
            amount = balance.get(name, 0)
            if type(amount) is int:
                text = shown.get(amount)
                if text is None:
                    text = shown[amount] = written_amount(amount, language, True)
            else:
                kept = last.get(name)
                if kept is not None and kept[0] is amount:
                    text = kept[1]
                else:
                    text = written_amount(amount, language, True)
                    last[name] = (amount, text)
            cells.append(text)
        text = pools.get(pool_after)
        if text is None:
            text = pools[pool_after] = written_amount(pool_after, language)
        cells.append(text)
        table.rows.append(cells)  # add_row's list, made here
        if sheet and sheet[0] is not None:
            table.add_row(*_sheet_row(sheet[0], players))
    return table

def _sheet_row(check, players: tuple[str, ...]) -> list[str | Line]:
    """The sheet's figures under the rules' ones: ``≠`` and bold where they differ."""
    def cell(text: str, differs: bool) -> str | Line:
        return Line("≠" + text, "bold red") if differs else text

    cells: list[str | Line] = ["  " + tr("sheet")]
    cells += [cell(signed(check.sheet.get(name, 0)), name in check.differences)
              for name in players]
    pool = check.line.pool
    cells.append("" if pool is None else cell(fiches(pool), bool(check.pool_difference)))
    return cells
