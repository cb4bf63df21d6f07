"""What the recording screen shows, as rich renderables (no textual here).

The full-screen app (:mod:`.app`) puts these in its panels; kept apart so
that the drawing of a deal can be measured and tested without a terminal.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cards import Card
from ...i18n import Count, Msg, t, tr
from ...render.amounts import fiches, signed
from ..deal import DealInProgress
from .problems import shown_line

__all__ = ["card_text", "seats_view", "trick_columns", "trick_rows", "lines_view", "session_view",
           "status_line", "where_line"]

# Where each seat sits around the table, in playing order: top, right, bottom, left.
_PLACES = ((0, 1), (1, 2), (2, 1), (1, 0))


def card_text(card: Card, cards: str) -> Text:
    """A card in the marker's spelling, red suits in red."""
    red = card.format("ascii")[-1] in "HD"
    return Text(card.format(cards), style="bold red" if red else "bold")


def _seat_label(deal: DealInProgress, name: str) -> Text:
    text = Text(name, style="bold reverse" if name == deal.turn else "bold")
    marks = []
    if name == deal.dealer:
        marks.append(tr("dealer"))
    if name == deal.first_hand:
        marks.append(tr("first hand"))
    if marks:
        text.append(" (" + ", ".join(marks) + ")", style="dim")
    if name == deal.turn:  # the status line says it in words
        text = Text("▶ ", style="bold yellow") + text
    return text


def seats_view(deal: DealInProgress, cards: str) -> RenderableType:
    """The four seats around the table, with the card each has put on the
    trick in progress; the player to play highlighted."""
    grid = Table.grid(padding=(0, 2), expand=True)
    for _ in range(3):
        grid.add_column(justify="center", ratio=1)
    cells: list[list[RenderableType]] = [[Text(""), Text(""), Text("")] for _ in range(3)]
    on_table = _cards_on_table(deal)
    for seat, name in enumerate(deal.players):
        row, column = _PLACES[seat]
        label = _seat_label(deal, name)
        card = on_table.get(name)
        cells[row][column] = Group(label, card_text(card, cards) if card else Text("·"))
    cells[1][1] = _trick_heading(deal)
    for line in cells:
        grid.add_row(*line)
    return grid


def _cards_on_table(deal: DealInProgress) -> dict[str, Card]:
    leader = deal.leader
    if leader is None:
        return {}
    start = deal.players.index(leader)
    return {deal.players[(start + k) % 4]: card for k, card in enumerate(deal.current_trick)}


def _trick_heading(deal: DealInProgress) -> Text:
    if deal.is_void:
        return Text(tr("void deal"), style="bold")
    if deal.played:
        return Text(tr("all eleven tricks are in"), style="bold")
    return Text(t(Msg("Trick {number} of 11", number=deal.trick_number)), style="bold")


def trick_columns(deal: DealInProgress) -> list[str]:
    """The heads of the tricks table: the number, one column per player (the
    card each put on the trick: a card is found by its trick and its player),
    who took, the points."""
    return ["#", *deal.players, tr("Took"), tr("Points")]


def trick_rows(deal: DealInProgress, cards: str, in_progress: bool = False) -> list[list[Text]]:
    """A row per trick so far; the leader's card marked ›.  ``in_progress``:
    the trick begun too (while a card is being picked to change: its cards
    are otherwise on the seats)."""
    rows = [_trick_row(deal, t.number, t.leader, t.cards, cards, t.taker, str(t.points))
            for t in deal.tricks]
    if in_progress and deal.current_trick and deal.leader is not None:
        rows.append(_trick_row(deal, deal.trick_number, deal.leader, deal.current_trick, cards,
                               None, ""))
    return rows


def _trick_row(deal: DealInProgress, number: int, leader: str, played, cards: str,
               taker: str | None, points: str) -> list[Text]:
    start = deal.players.index(leader)
    by_seat: list[Text] = [Text("") for _ in deal.players]
    for k, card in enumerate(played):
        shown = card_text(card, cards)
        by_seat[(start + k) % 4] = Text("›", style="dim") + shown if k == 0 else shown
    return [Text(str(number), justify="right"), *by_seat, Text(taker or ""),
            Text(points, justify="right")]


def lines_view(deal: DealInProgress, cards: str) -> Text:
    """The deal's lines other than tricks (hands, talon, exchanges, espagnolette,
    misdeal, notes…), as taken, the cards in the screen's spelling."""
    others = [line for line in deal.lines if not line.split()[0].isdigit()]
    if not others:
        return Text("")
    text = Text(tr("Also in this deal:") + " ", style="bold")
    text.append(" · ".join(shown_line(line, cards) for line in others))
    return text


def partie_text(deal: DealInProgress, cards: str) -> Text | None:
    """The partie when the record says it or once every trick is in."""
    partie = deal.replayed.partie if deal.played or deal.replayed.deal.partie else None
    if not partie:
        return None
    text = Text(tr("Partie") + ": ")
    text.append(Text(" ").join(card_text(c, cards) for c in partie))
    return text


def session_view(players: tuple[str, ...], balance: dict, pool, rules: str,
                 deals_done: int) -> RenderableType:
    """The running balance after the deals recorded, the pool, the rules and
    the count of deals, each on its own short line: the panel is narrow."""
    table = Table(box=None, pad_edge=False, title=tr("Session"), title_justify="left",
                  show_header=False, title_style="bold")
    table.add_column(tr("Player"))
    table.add_column(tr("Net"), justify="right")
    for name in players:
        amount = balance.get(name, 0)
        style = "green" if amount > 0 else "red" if amount < 0 else ""
        table.add_row(name, Text(signed(amount), style=style))
    table.add_row(tr("Pool"), fiches(pool))
    return Group(table, Text(t(Msg("Rules: {rules}", rules=rules)), style="dim"),
                 Text(t(Msg("Deals recorded: {count}", count=deals_done)), style="dim"))


def status_line(deal: DealInProgress, editing: int | None, changes: int = 0,
                correcting: bool = False) -> Text:
    """One line over the input: the deal, its dealer, and what is awaited,
    each a sentence.  A deal reopened (``editing``) says how many changes
    are not written yet and how to write or drop them; ``correcting``: the
    tricks table has the keys, and the line says them."""
    if editing is not None:
        head = t(Msg("Editing deal {number}, dealer {dealer}.", number=deal.number,
                     dealer=deal.dealer))
        if changes:
            head += " " + t(Count(changes, "{n} change not yet written.",
                                  "{n} changes not yet written."))
    else:
        head = t(Msg("Deal {number}, dealer {dealer}.", number=deal.number, dealer=deal.dealer))
    if correcting:
        wait = tr("Arrows: pick a card; type the card played instead (or Enter); Escape: back "
                  "to the card line.")
    elif editing is not None and deal.complete:
        wait = tr("Enter writes it back, Escape drops the changes.") if changes else \
            tr("No change yet: ↑ or Tab picks a card to change; Escape goes back.")
    elif deal.complete:
        wait = tr("The deal is complete: press Enter to settle it.")
    elif deal.turn is not None:
        wait = _turn(deal)
        if editing is not None and changes:
            wait += " " + tr("Escape drops the changes.")
    else:
        wait = ""
    return Text(head + (" " + wait if wait else ""), style="bold")


def _turn(deal: DealInProgress) -> str:
    """Who plays now: the lead has its own word (the seeds' «ходит» is the
    lead's: C¶17, M¶8), a follow another («кладёт карту»)."""
    if not deal.current_trick:
        return t(Msg("Trick {number}: {player} leads.", number=deal.trick_number,
                     player=deal.turn))
    return t(Msg("Trick {number}: {player} to play.", number=deal.trick_number,
                 player=deal.turn))


def where_line(draft: str, editing: int | None) -> Text:
    """Always on the screen: where the deal being typed is kept, how to quit."""
    if editing is not None:
        kept = t(Msg("Deal {number} reopened: written back in the file on Enter",
                     number=editing))
    else:
        kept = t(Msg("The deal in progress is kept in {draft}", draft=draft))
    return Text.assemble(kept, " · ", (tr("Ctrl+Q: quit"), "bold"))
