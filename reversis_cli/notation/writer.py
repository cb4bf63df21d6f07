"""Writing a record back as ``.rvs`` text, in canonical form: the inverse of the reader.

``canonical_header`` and ``canonical_deal`` put a record's statements in the
canonical order and write the leaders they are given on the trick lines that
omit them; ``write_canonical`` turns a canonical model into text.  Reading
that text gives the same statements, the same cards and the same comments,
attached to the same statements (docs/formats.md, "Canonical form").

This module knows the notation only: the leaders the replay works out and the
players a header makes valid are worked out above it, in
:mod:`reversis_cli.convert.canonical`, and handed in as data.

The writer never judges a record: a record with errors of meaning (a wrong
taker, a card played twice) is written as it is, so that ``check`` still finds
them.  What the model cannot hold (a line the parser could not read) is the
caller's business: see :mod:`reversis_cli.convert.fmt`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..cards import CARD_STYLES
from ..model import (
    Comment, Deal, DealLine, EspagnoletteLine, EventLine, ExchangeLine, HandLine, Header,
    HeaderLine, Name, NoteLine, PaidLine, PartieLine, Statement, TallyLine, TalonLine, TrickLine,
)
from ..values import replace
from ..vocabulary import EVENT_ORDER, HEADER_ORDER
# The per-statement writers are the table's; quote and the two recorded lines'
# bodies are named here too, where the recorder and the tests have found them.
from .statements import BY_TYPE, Widths, paid_body, quote, tally_body, word_or_quote

__all__ = [
    "HEADER_ORDER", "EVENT_ORDER", "INDENT", "canonical_header", "canonical_deal",
    "write_header", "write_deal", "write_canonical", "iter_canonical", "statement_body",
    "quote", "word_or_quote", "paid_body", "tally_body",
]

INDENT = "  "

# --- canonical order ------------------------------------------------------------


def canonical_header(header: Header) -> Header:
    """Header lines in :data:`HEADER_ORDER`; lines of one keyword keep their order."""
    rank = {keyword: i for i, keyword in enumerate(HEADER_ORDER)}
    lines = sorted(header.lines, key=lambda line: rank.get(line.keyword, len(rank)))
    return Header(tuple(lines), header.trailing_comments)


def canonical_deal(deal: Deal, players: Sequence[str] = (),
                   leaders: Sequence[str | None] = ()) -> Deal:
    """The deal's statements in canonical order, the known leaders filled in.

    ``players`` (playing order; empty when unknown) orders hands and exchanges
    from first hand.  ``leaders`` names the leader of each trick line, in the
    order the lines are written (None where it is not known); it fills in the
    leaders the record left out.  Tricks keep the order they were written in
    (in a correct record that is number order): moving a trick would change
    what the record means.
    """
    seat_from_first = _seat_order(deal, players)

    def player_key(stmt) -> int:
        return seat_from_first.get(stmt.player.text, 4)

    stmts = deal.statements
    hands = sorted((s for s in stmts if isinstance(s, HandLine)), key=player_key)
    exchanges = sorted((s for s in stmts if isinstance(s, ExchangeLine)), key=player_key)
    events = sorted((s for s in stmts if isinstance(s, EventLine)),
                    key=lambda e: (EVENT_ORDER.index(e.kind) if e.kind in EVENT_ORDER
                                   else len(EVENT_ORDER)))
    ordered: list[Statement] = [
        *hands,
        *(s for s in stmts if isinstance(s, TalonLine)),
        *exchanges,
        *(s for s in stmts if isinstance(s, PartieLine)),
        *(s for s in stmts if isinstance(s, EspagnoletteLine)),
        *events,
        *(s for s in stmts if isinstance(s, NoteLine)),
        *_with_leaders(deal.tricks, leaders),
        # What the table paid and wrote down comes after the play, payments
        # in the order written, then the score sheet (docs/decisions.md).
        *(s for s in stmts if isinstance(s, PaidLine)),
        *(s for s in stmts if isinstance(s, TallyLine)),
    ]
    # A kind the table has and the order above forgot: none today; never drop one.
    ordered += [s for s in stmts if type(s) not in _ORDERED]
    return Deal(deal.line, tuple(ordered), deal.trailing_comments)


_ORDERED = frozenset((HandLine, TalonLine, ExchangeLine, PartieLine, EspagnoletteLine,
                      EventLine, NoteLine, TrickLine, PaidLine, TallyLine))


def _seat_order(deal: Deal, players: Sequence[str]) -> dict[str, int]:
    """Each player's place in playing order counted from first hand."""
    if len(players) != 4 or deal.dealer.text not in players:
        return {}
    first = (list(players).index(deal.dealer.text) + 1) % 4
    return {players[(first + k) % 4]: k for k in range(4)}


def _with_leaders(tricks: Sequence[TrickLine],
                  leaders: Sequence[str | None]) -> list[TrickLine]:
    """Each trick line, with its leader from ``leaders`` when the line omits it."""
    out = []
    for index, trick in enumerate(tricks):
        name = leaders[index] if index < len(leaders) else None
        if trick.leader is None and name is not None:
            trick = replace(trick, leader=Name(name, trick.pos))
        out.append(trick)
    return out


# --- text -------------------------------------------------------------------------


def comment_text(comment: Comment) -> str:
    """A comment as written back: ``#`` and its text, trailing blanks dropped."""
    return "#" + comment.text.rstrip()


def _lines(stmt: Statement, body: str, indent: str) -> Iterator[str]:
    for comment in stmt.comments_before:
        yield indent + comment_text(comment)
    line = indent + body
    if stmt.comment_after is not None:
        line += "  " + comment_text(stmt.comment_after)
    yield line


def header_line_body(line: HeaderLine) -> str:
    keyword = line.keyword
    if keyword == "players":
        return " ".join(["players", *(n.text for n in line.names)])
    if keyword in ("title", "place", "note"):
        return f"{keyword} {quote(line.value)}"
    if keyword in ("date", "rules"):
        return f"{keyword} {word_or_quote(line.value)}"
    if keyword == "set":
        return f"set {line.option} = {word_or_quote(line.value)}"
    return f"{keyword} {line.value}"  # reversis, unit, pot: a bare token


def write_header(header: Header, style: str = "ascii") -> list[str]:
    """The header's lines as written (no reordering here)."""
    out: list[str] = []
    for line in header.lines:
        out.extend(_lines(line, header_line_body(line), ""))
    out.extend(comment_text(c) for c in header.trailing_comments)
    return out


def statement_body(stmt: Statement, style: str, *, hand_width: int = 0,
                   number_width: int = 0, leader_width: int = 0) -> str:
    """One deal statement's text, without indentation or comment (its row's
    writer in :data:`.statements.STATEMENTS`)."""
    row = BY_TYPE.get(type(stmt))
    if row is None:
        raise TypeError(f"cannot write {type(stmt).__name__}")
    return row.write(stmt, style, Widths(hand_width, number_width, leader_width))


def write_deal(deal: Deal, style: str = "ascii") -> list[str]:
    """The deal's lines as written (no reordering here), columns aligned."""
    line: DealLine = deal.line
    out = list(_lines(line, f"deal {line.number} dealer {line.dealer.text}", ""))
    tricks = deal.tricks
    hands = deal.hands
    widths = dict(
        hand_width=max((len(h.player.text) for h in hands), default=0),
        number_width=max((len(str(t.number)) for t in tricks), default=0),
        leader_width=max((len(t.leader.text) for t in tricks if t.leader), default=0),
    )
    for stmt in deal.statements:
        out.extend(_lines(stmt, statement_body(stmt, style, **widths), INDENT))
    out.extend(INDENT + comment_text(c) for c in deal.trailing_comments)
    return out


def iter_canonical(header: Header, deals: Iterable[Deal], style: str = "ascii") -> Iterator[str]:
    """The text of a record already in canonical form, one block (header, then
    each deal) at a time.

    Each block ends with a line end, and a blank line separates blocks.
    """
    if style not in CARD_STYLES:
        raise ValueError(f"unknown card style {style!r}")
    written = write_header(header, style)
    first = True
    if written:
        yield "\n".join(written) + "\n"
        first = False
    for deal in deals:
        lines = write_deal(deal, style)
        yield ("" if first else "\n") + "\n".join(lines) + "\n"
        first = False


def write_canonical(header: Header, deals: Iterable[Deal], style: str = "ascii") -> str:
    """The whole text of a record already in canonical form."""
    return "".join(iter_canonical(header, deals, style))
