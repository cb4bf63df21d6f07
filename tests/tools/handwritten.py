"""Sample records that look written by hand at the table, for tests/tools/make_samples.py.

``reversis simulate`` writes the canonical form through the project's writer.
The shipped samples imitate a marker's sheet instead: a leader on trick 1 only,
a taker now and then, notes in the margin, cards in mixed spellings, events
where the marker wrote them.  The canonical writer must never write those, so
this layout lives here, beside the only script that needs it; the samples it
made are pinned byte for byte by tests/test_simulate.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from reversis_cli.cards import Card
from reversis_cli.simulate.played import PlayedDeal, SeatEvent
from reversis_cli.notation.writer import quote

CardStyle = str | Callable[[Card], str]


def _event_text(event: SeatEvent, players: Sequence[str]) -> str:
    name = players[event.seat] if event.seat is not None else None
    if event.kind == "redeal":
        return "redeal paid"
    if event.kind == "unclaimed":
        return f"unclaimed {event.trick}" + (f" {name}" if name else "")
    if event.kind == "misdeal":
        return f"misdeal {name}" + (" late" if event.late else "")
    return event.kind + (f" {name}" if name else "")


def _card_writer(style: CardStyle) -> Callable[[Card], str]:
    if callable(style):
        return style
    if style not in ("ascii", "unicode", "ru"):
        raise ValueError(f"card style {style!r}: use ascii, unicode or ru")
    return lambda card: card.format(style)


def _with_comment(line: str, comment: str | None) -> str:
    return f"{line}  # {comment}" if comment else line


def format_deal(record: PlayedDeal, number: int, players: Sequence[str], *,
                card_style: CardStyle = "ascii", write_hands: bool = False,
                write_talon: bool | None = None, write_exchanges: bool = True,
                write_partie: bool | None = None, write_espagnolette: bool = True,
                leaders: str = "all", takers: Iterable[int] = (),
                comments: Mapping[str, str] | None = None, indent: str = "  ") -> str:
    """The ``deal N`` block of one deal (docs/notation.md), ending with a newline.

    ``write_talon`` and ``write_partie`` default to ``write_hands``.
    ``leaders`` is ``"all"`` (every trick names its leader) or ``"first"``
    (trick 1 only).  ``takers``: trick numbers that get a ``> NAME``.
    ``comments`` keys: ``"deal"`` (end of the deal line), ``"before:N"``
    (own line before trick N; ``before:0`` right after the deal line),
    ``"trick:N"`` (end of trick N's line), ``"after"`` (own line after the
    last trick), ``"exchange"`` (own line before the exchanges),
    ``"event:KIND"`` (own line before the event line of that keyword, e.g.
    ``event:peeked``).

    Event lines (``record.events``) come after the hands and talon and before
    the exchanges; ``unclaimed`` comes after the last trick.  Whatever the
    flags, the lines an irregularity needs are written: the exchange line of
    a player who peeked, kept or discarded two; the hand as dealt of one who
    kept; the partie when someone kept or discarded two.
    """
    if leaders not in ("all", "first"):
        raise ValueError("leaders is 'all' or 'first'")
    if len(players) != 4:
        raise ValueError("four players")
    fmt = _card_writer(card_style)
    cards = lambda cs: " ".join(fmt(c) for c in cs)  # noqa: E731
    comments = dict(comments or {})
    write_talon = write_hands if write_talon is None else write_talon
    write_partie = write_hands if write_partie is None else write_partie
    takers = set(takers)
    name = lambda seat: players[seat]  # noqa: E731
    out = [_with_comment(f"deal {number} dealer {name(record.dealer)}", comments.get("deal"))]

    def own(key: str) -> None:
        if comments.get(key):
            out.append(f"{indent}# {comments[key]}")

    own("before:0")

    def event_line(event: SeatEvent) -> None:
        own(f"event:{event.kind}")
        out.append(indent + _event_text(event, players))

    kept = record.event_seat("kept")
    two = record.event_seat("discarded-two")
    must_exchange = {e.seat for e in record.events
                     if e.kind in ("peeked", "kept", "discarded-two")}
    must_hand = {kept} if kept is not None else set()
    order = [(record.dealer + k) % 4 for k in (1, 2, 3, 4)]
    if record.dealt and (write_hands or must_hand):
        width = max(len(name(s)) for s in order)
        for seat in order:
            if write_hands or seat in must_hand:
                out.append(f"{indent}hand {name(seat):<{width}} {cards(record.dealt[seat])}")
    if write_talon and record.talon:
        out.append(f"{indent}talon {cards(record.talon)}")
    for event in record.events:
        if event.kind != "unclaimed":
            event_line(event)
    if record.exchanges and (write_exchanges or must_exchange):
        if write_exchanges:
            own("exchange")
        for ex in record.exchanges:
            if not (write_exchanges or ex.seat in must_exchange):
                continue
            who = name(ex.seat)
            if ex.refused is not None:
                line = f"exchange {who} refuses" + (f" sees {fmt(ex.refused)}" if ex.seen else "")
            else:
                line = f"exchange {who}"
                if ex.discards:
                    line += " discards " + cards(ex.discards)
                if ex.take is not None:
                    line += f" takes {fmt(ex.take)}"
            out.append(indent + line)
    if record.tricks and (write_partie or kept is not None or two is not None):
        out.append(f"{indent}partie {cards(record.partie)}")
    if write_espagnolette and record.espagnolette is not None:
        out.append(f"{indent}espagnolette {name(record.espagnolette)}")
    width = max(len(p) for p in players)
    for number_, ((leader, trick_cards), taker) in enumerate(
            zip(record.tricks, record.takers, strict=True), start=1):
        own(f"before:{number_}")
        who = name(leader) if (leaders == "all" or number_ == 1) else ""
        line = f"{indent}{number_} {who:<{width}} {cards(trick_cards)}"
        if number_ in takers:
            line += f" > {name(taker)}"
        out.append(_with_comment(line, comments.get(f"trick:{number_}")))
    for event in record.events:
        if event.kind == "unclaimed":
            event_line(event)
    own("after")
    return "\n".join(out) + "\n"


def format_header(players: Sequence[str], *, title: str | None = None, date: str | None = None,
                  place: str | None = None, note: str | None = None, rules: str = "classic",
                  pot: int | None = None, comments: Sequence[str] = ()) -> str:
    """The header of a session: version, metadata, rules, players."""
    out = [f"# {c}" for c in comments]
    out.append("reversis 1")
    if title is not None:
        out.append(f"title {quote(title)}")
    if date is not None:
        out.append(f"date {date}")
    if place is not None:
        out.append(f"place {quote(place)}")
    if note is not None:
        out.append(f"note {quote(note)}")
    out.append(f"rules {rules}")
    out.append("players " + " ".join(players))
    if pot is not None:
        out.append(f"pot {pot}")
    return "\n".join(out) + "\n"
