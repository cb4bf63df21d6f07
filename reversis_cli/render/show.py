"""``reversis show``: a deal laid out trick by trick.

One column per player in playing order from first hand, one row per trick;
the card led is marked ``▸`` and the card that took the trick ``*`` (and
highlighted where the terminal has colour).  Under the tricks: each player's
hand after the exchange, and the partie.

A deal with errors is shown too, since that is when a marker needs to see
it: every trick as written, a trick in error marked ``✗`` and a trick whose
leader cannot be established (after one in error) marked ``?``, each laid
out as the record reads it where it can be; the hands and the partie, which
need the whole deal, are left out.
"""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..amounts import amount_text
from ..cards import Suit, sort_cards
from ..i18n import Msg, fiches, t
from ..model import POOL_WORD, PaidLine, TallyLine
from ..replay import PlayedTrick, ReplayedDeal, TrickAsWritten, next_seat
from ..words import counted

LEAD_MARK = "▸"
TAKER_MARK = "*"
ERROR_MARK = "✗"
UNKNOWN_MARK = "?"


def seats_from_first_hand(replayed: ReplayedDeal) -> list[int]:
    first = replayed.first_hand if replayed.dealer_known else 0
    return [next_seat(first, k) for k in range(4)]


def render_deal(replayed: ReplayedDeal, style: str = "unicode", has_errors: bool = False
                ) -> Group:
    """The deal laid out; ``has_errors``: the record has errors in this deal
    (the replay's own, or found in reading it)."""
    parts: list[RenderableType] = [_title(replayed)]
    if replayed.void:
        parts.append(Text(_void_reason(replayed)))
        parts.extend(recorded_lines(replayed))
        return Group(*parts)
    has_errors = has_errors or not replayed.complete or bool(replayed.unresolved)
    parts.append(_tricks_table(replayed, style))
    if has_errors:
        parts.append(Text("This deal has errors (see above): its tricks are shown as far as "
                          "they can be read; hands and partie are not worked out.",
                          style="yellow"))
        return Group(*parts)
    parts.append(_hands_table(replayed, style))
    parts.append(_partie_line(replayed, style))
    for line in _facts(replayed, style):
        parts.append(line)
    parts.extend(recorded_lines(replayed))
    return Group(*parts)


def _title(replayed: ReplayedDeal) -> Text:
    name = replayed.name
    text = Text(f"Deal {replayed.number}", style="bold")
    if replayed.dealer_known:
        text.append(f" — dealer {name(replayed.dealer)}, first hand {name(replayed.first_hand)}")
    else:
        text.append(f" — dealer {replayed.deal.dealer.text} (not one of the players)")
    return text


def _void_reason(replayed: ReplayedDeal) -> str:
    kinds = [e.kind + (f" by {e.player.text}" if e.player else "") for e in replayed.events
             if e.kind in ("misdeal", "exposed")]
    return "A void deal (" + ", ".join(kinds) + "): no cards were played."


def _tricks_table(replayed: ReplayedDeal, style: str) -> Table:
    order = seats_from_first_hand(replayed)
    caption = f"{LEAD_MARK} led   {TAKER_MARK} took the trick"
    marked = bool(replayed.unresolved)  # else every trick is laid out as usual
    if marked:
        caption += f"   {ERROR_MARK} in error   {UNKNOWN_MARK} who led cannot be established"
    table = Table(box=box.SIMPLE_HEAD, caption=caption, caption_justify="left", pad_edge=False)
    table.add_column("Trick", justify="right")
    for seat in order:
        table.add_column(replayed.name(seat), justify="left")
    table.add_column("Taker")
    table.add_column("Points", justify="right")
    if marked:
        table.add_column("As read")  # a word that is not a card is left out: see its diagnostic
    for trick in _written_order(replayed):
        if isinstance(trick, PlayedTrick):
            row = _trick_row(replayed, trick, order, style)
            table.add_row(*row, *([""] if marked else []))
        else:
            table.add_row(*_unresolved_row(replayed, trick, order, style))
    return table


def _written_order(replayed: ReplayedDeal) -> list[PlayedTrick | TrickAsWritten]:
    """Every trick of the deal in the order written, established or not."""
    found: dict[int, PlayedTrick | TrickAsWritten] = {id(t.line): t for t in replayed.tricks}
    found.update((id(t.line), t) for t in replayed.unresolved)
    tricks = [found[id(line)] for line in replayed.deal.tricks if id(line) in found]
    return tricks or list(replayed.tricks)


def _trick_row(replayed: ReplayedDeal, trick, order: list[int], style: str) -> list:
    cells = []
    for seat in order:
        play = next((p for p in trick.plays if p.seat == seat), None)
        cells.append(_card_cell(trick, play, style) if play else Text("—", style="dim"))
    taker = Text(replayed.name(trick.taker), style="bold")
    points = sum(p.card.points for p in trick.plays)
    number = trick.number if isinstance(trick, PlayedTrick) else trick.line.number
    return [str(number), *cells, taker, str(points)]


def _unresolved_row(replayed: ReplayedDeal, trick: TrickAsWritten, order: list[int],
                    style: str) -> list:
    mark = ERROR_MARK if trick.in_error else UNKNOWN_MARK
    line = trick.line
    written = " ".join(c.spelling for c in line.cards)
    if line.leader is not None:
        written = f"{line.leader.text} {written}"
    if line.taker is not None:
        written += f" > {line.taker.text}"
    if trick.plays:  # laid out as the record reads it
        number, *cells, taker, points = _trick_row(replayed, trick, order, style)
        taker = Text(f"{taker.plain}{UNKNOWN_MARK}", style="dim")
    else:
        cells = [Text(UNKNOWN_MARK, style="dim") for _ in order]
        taker, points = Text(UNKNOWN_MARK, style="dim"), ""
    style_mark = "bold red" if trick.in_error else "yellow"
    return [Text(f"{line.number} {mark}", style=style_mark), *cells, taker, points,
            Text(written, style=style_mark if trick.in_error else "dim")]


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


# --- what the table paid and wrote down -------------------------------------------------


def recorded_lines(replayed: ReplayedDeal) -> list[Text]:
    """The deal's ``paid`` lines and its score sheet, as the record gives them."""
    deal = replayed.deal
    lines = [Text(t(_paid_message(paid))) for paid in deal.paid]
    if deal.tally is not None:
        lines.append(Text(t(_tally_message(deal.tally))))
    return lines


def _party(name) -> str | Msg:
    return Msg("the pool") if name.text == POOL_WORD else name.text


def _paid_message(paid: PaidLine) -> Msg:
    payment = Msg("Paid at the table: {payer} → {payee}: {amount}", payer=_party(paid.payer),
                  payee=_party(paid.payee), amount=fiches(paid.amount))
    details = [paid.rule] if paid.rule is not None else []
    if paid.trick is not None:
        details.append(t(Msg("trick {number}", number=paid.trick)))
    if not details:
        return payment
    return Msg("{payment} ({details})", payment=payment, details=", ".join(details))


def _tally_message(tally: TallyLine) -> Msg:
    figures = ", ".join(f"{e.name.text} {amount_text(e.amount, signed=True)}"
                        for e in tally.entries)
    if tally.pool is None:
        return Msg("Score sheet after the deal: {figures}", figures=figures)
    return Msg("Score sheet after the deal: {figures}; the pool {pool}", figures=figures,
               pool=fiches(tally.pool))
