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

from ..cards import Suit, sort_cards
from ..i18n import Count, Figure, Msg, N_, fiches, t, tr
from ..model import PaidLine, TallyLine
from ..replay import PlayedTrick, ReplayedDeal, TrickAsWritten, next_seat
from ..settle.payments import party_of
from ..words import listed

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
        parts.append(Text(tr("This deal has errors (see above): its tricks are shown as far "
                             "as they can be read; hands and partie are not worked out."),
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
    text = Text(t(Msg("Deal {number}", number=replayed.number)), style="bold")
    if replayed.dealer_known:
        text.append(" — " + t(Msg("dealer {dealer}, first hand {first}",
                                  dealer=name(replayed.dealer),
                                  first=name(replayed.first_hand))))
    else:
        text.append(" — " + t(Msg("dealer {dealer} (not one of the players)",
                                  dealer=replayed.deal.dealer.text)))
    return text


# Why a deal is void, as the title of its events says it.
_VOID_EVENTS = {"misdeal": (N_("misdeal"), N_("misdeal by {player}")),
                "exposed": (N_("exposed"), N_("exposed by {player}"))}


def _void_reason(replayed: ReplayedDeal) -> str:
    kinds = []
    for event in replayed.events:
        if event.kind in _VOID_EVENTS:
            alone, by = _VOID_EVENTS[event.kind]
            kinds.append(t(Msg(by, player=event.player.text)) if event.player else tr(alone))
    return t(Msg("A void deal ({events}): no cards were played.", events=", ".join(kinds)))


def _tricks_table(replayed: ReplayedDeal, style: str) -> Table:
    order = seats_from_first_hand(replayed)
    caption = f"{LEAD_MARK} {tr('led')}   {TAKER_MARK} {tr('took the trick')}"
    marked = bool(replayed.unresolved)  # else every trick is laid out as usual
    if marked:
        caption += (f"   {ERROR_MARK} {tr('in error')}   "
                    f"{UNKNOWN_MARK} {tr('who led cannot be established')}")
    table = Table(box=box.SIMPLE_HEAD, caption=caption, caption_justify="left", pad_edge=False)
    table.add_column(tr("Trick"), justify="right")
    for seat in order:
        table.add_column(replayed.name(seat), justify="left")
    table.add_column(tr("Taker"))
    table.add_column(tr("Points"), justify="right")
    if marked:
        # a word that is not a card is left out: see its diagnostic
        table.add_column(tr("As read"))
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
    table = Table(box=box.SIMPLE_HEAD, title=tr("Hands after the exchange"),
                  title_justify="left", pad_edge=False)
    table.add_column(tr("Player"))
    table.add_column(tr("Hand"))
    table.add_column(tr("Tricks"), justify="right")
    table.add_column(tr("Points"), justify="right")
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
    text = Text(tr("Partie") + ": ", style="bold")
    # A written partie is shown as the marker wrote it, as its label says.
    text.append_text(_cards_text(replayed.partie, style, in_order=replayed.partie_written))
    plain = sum(c.points for c in replayed.partie)
    source = Msg("as written") if replayed.partie_written else Msg("the cards never played")
    text.append("  " + t(Msg("({source}; {points})", source=source,
                             points=Count(plain, "{n} card point", "{n} card points"))))
    return text


def _facts(replayed: ReplayedDeal, style: str) -> list[Text]:
    lines = []
    esp = replayed.espagnolette
    if esp is not None:
        how = Msg("waived the privilege") if esp.waived else \
            Msg("may renounce freely in tricks 1–9")
        lines.append(Text(t(Msg("Espagnolette: {player} ({how}; ESP-1, ESP-2)",
                                player=replayed.name(esp.seat), how=how))))
    for revoke in replayed.revokes:
        lines.append(Text(t(Msg("Revoke in trick {trick}: {player} played {card} while holding "
                                "{held} (PLAY-4, IRR-7)", trick=revoke.trick,
                                player=replayed.name(revoke.seat), card=revoke.card.format(style),
                                held=revoke.held.format(style))), style="yellow"))
    return lines


# --- what the table paid and wrote down -------------------------------------------------


def recorded_lines(replayed: ReplayedDeal) -> list[Text]:
    """The deal's ``paid`` lines and its score sheet, as the record gives them."""
    deal = replayed.deal
    lines = [Text(t(_paid_message(paid))) for paid in deal.paid]
    if deal.tally is not None:
        lines.append(Text(t(_tally_message(deal.tally))))
    return lines


def _paid_message(paid: PaidLine) -> Msg:
    payment = Msg("Paid at the table: {payer} → {payee}: {amount}", payer=party_of(paid.payer.text),
                  payee=party_of(paid.payee.text), amount=fiches(paid.amount))
    details = [paid.rule] if paid.rule is not None else []
    if paid.trick is not None:
        details.append(t(Msg("trick {number}", number=paid.trick)))
    if not details:
        return payment
    return Msg("{payment} ({details})", payment=payment, details=", ".join(details))


def _tally_message(tally: TallyLine) -> Msg:
    figures = listed([Msg("{name} {amount}", name=e.name.text, amount=Figure(e.amount, True))
                      for e in tally.entries])
    if tally.pool is None:
        return Msg("Score sheet after the deal: {figures}", figures=figures)
    return Msg("Score sheet after the deal: {figures}; the pool {pool}", figures=figures,
               pool=fiches(tally.pool))
