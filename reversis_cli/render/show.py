"""``reversis show``: a deal laid out trick by trick.

One column per player in playing order from first hand, one row per trick;
the card led is marked ``▸`` and the card that took the trick ``*`` (and
highlighted where the terminal has colour).  Under the tricks: each player's
hand after the exchange, and the partie.
"""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..cards import Suit, sort_cards
from ..replay import ReplayedDeal, next_seat
from ..words import counted

LEAD_MARK = "▸"
TAKER_MARK = "*"


def seats_from_first_hand(replayed: ReplayedDeal) -> list[int]:
    return [next_seat(replayed.first_hand, k) for k in range(4)]


def render_deal(replayed: ReplayedDeal, style: str = "unicode") -> Group:
    parts = [_title(replayed)]
    if replayed.void:
        parts.append(Text(_void_reason(replayed)))
        return Group(*parts)
    parts.append(_tricks_table(replayed, style))
    parts.append(_hands_table(replayed, style))
    parts.append(_partie_line(replayed, style))
    for line in _facts(replayed, style):
        parts.append(line)
    return Group(*parts)


def _title(replayed: ReplayedDeal) -> Text:
    name = replayed.name
    text = Text(f"Deal {replayed.number}", style="bold")
    text.append(f" — dealer {name(replayed.dealer)}, first hand {name(replayed.first_hand)}")
    return text


def _void_reason(replayed: ReplayedDeal) -> str:
    kinds = [e.kind + (f" by {e.player.text}" if e.player else "") for e in replayed.events
             if e.kind in ("misdeal", "exposed")]
    return "A void deal (" + ", ".join(kinds) + "): no cards were played."


def _tricks_table(replayed: ReplayedDeal, style: str) -> Table:
    order = seats_from_first_hand(replayed)
    table = Table(box=box.SIMPLE_HEAD, caption=f"{LEAD_MARK} led   {TAKER_MARK} took the trick",
                  caption_justify="left", pad_edge=False)
    table.add_column("Trick", justify="right")
    for seat in order:
        table.add_column(replayed.name(seat), justify="left")
    table.add_column("Taker")
    table.add_column("Points", justify="right")
    for trick in replayed.tricks:
        cells = []
        for seat in order:
            play = trick.play_of(seat)
            cells.append(_card_cell(trick, play, style) if play else Text("—", style="dim"))
        taker = Text(replayed.name(trick.taker), style="bold")
        table.add_row(str(trick.number), *cells, taker, str(trick.points))
    return table


def _card_cell(trick, play, style: str) -> Text:
    lead = play is trick.plays[0]
    took = play.seat == trick.taker
    text = Text(LEAD_MARK if lead else " ")
    text.append(play.card.format(style), style=_suit_style(play.card.suit))
    if took:
        text.append(TAKER_MARK)
        text.stylize("bold reverse")
    return text


def _suit_style(suit: Suit) -> str:
    return "red" if suit in (Suit.HEARTS, Suit.DIAMONDS) else ""


def _hands_table(replayed: ReplayedDeal, style: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title="Hands after the exchange", title_justify="left",
                  pad_edge=False)
    table.add_column("Player")
    table.add_column("Hand")
    table.add_column("Tricks", justify="right")
    table.add_column("Points", justify="right")
    won, points = replayed.tricks_won(), replayed.points_won()
    for seat in seats_from_first_hand(replayed):
        table.add_row(replayed.name(seat), _cards_text(replayed.hands[seat], style),
                      str(won[seat]), str(points[seat]))
    return table


def _cards_text(cards, style: str, in_order: bool = False) -> Text:
    """Cards sorted by suit and rank, or as given when ``in_order``."""
    text = Text()
    for index, card in enumerate(cards if in_order else sort_cards(cards)):
        if index:
            text.append(" ")
        text.append(card.format(style), style=_suit_style(card.suit))
    return text


def _partie_line(replayed: ReplayedDeal, style: str) -> Text:
    text = Text("Partie: ", style="bold")
    # A written partie is shown as the marker wrote it, as its label says.
    text.append_text(_cards_text(replayed.partie, style, in_order=replayed.partie_written))
    plain = sum(c.points for c in replayed.partie)
    source = "as written" if replayed.partie_written else "the cards never played"
    text.append(f"  ({source}; {counted(plain, 'card point')})")
    return text


def _facts(replayed: ReplayedDeal, style: str) -> list[Text]:
    lines = []
    esp = replayed.espagnolette
    if esp is not None:
        how = "waived the privilege" if esp.waived else "may renounce freely in tricks 1–9"
        lines.append(Text(f"Espagnolette: {replayed.name(esp.seat)} ({how}; ESP-1, ESP-2)"))
    for revoke in replayed.revokes:
        lines.append(Text(f"Revoke in trick {revoke.trick}: {replayed.name(revoke.seat)} played "
                          f"{revoke.card.format(style)} while holding {revoke.held.format(style)} "
                          "(PLAY-4, IRR-7)", style="yellow"))
    return lines
