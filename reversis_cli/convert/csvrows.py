"""Reading ``csv-tricks`` rows, and the playing order they imply.

The rows of a csv-tricks file are read leniently (a BOM, CRLF, quoted
fields, ``;`` or a tab as delimiter, blanks, empty rows) and each problem is
a diagnostic at its row and column.  The players' order is worked out from
the rows, or the one given is checked against them.  Building a record from
the rows is :mod:`.csvtricks`' business.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from itertools import permutations

from ..amounts import MAX_DIGITS, WHOLE, shown, too_many_digits
from ..cards import Card, CardError, TenCardError, reads_as_card
from ..diagnostics import Diagnostic
from ..i18n import Count, Msg
from ..model import Pos
from ..replay.rules_of_play import taking_index
from ..vocabulary import NAME
from ..words import joined
from .problems import problem

__all__ = ["COLUMNS", "REQUIRED", "CARD_COLUMNS", "Row", "Table", "read_csv_tricks",
           "infer_players", "check_players"]

COLUMNS = ("deal", "dealer", "trick", "leader", "card1", "card2", "card3", "card4", "taker")
REQUIRED = ("deal", "dealer", "trick", "card1", "card2", "card3", "card4")
CARD_COLUMNS = ("card1", "card2", "card3", "card4")
MAX_PROBLEMS = 50


# --- reading rows ---------------------------------------------------------------------


@dataclass
class Row:
    line: int                 # the line the row starts on
    deal: int
    dealer: str
    trick: int | None         # None: a deal with no tricks
    leader: str
    cards: tuple[Card, ...]
    taker: str
    column: dict[str, int] = field(default_factory=dict)  # column name -> field number

    def pos(self, column: str) -> Pos:
        return Pos(self.line, self.column.get(column, 1))


@dataclass
class Table:
    rows: list[Row]
    problems: list[Diagnostic]


def _decode(data: bytes | str, name: str) -> tuple[str | None, list[Diagnostic]]:
    if isinstance(data, str):
        return data.lstrip("\ufeff"), []
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return None, [problem("RV511", Msg('the file is not UTF-8 text: save it from the '
                                           'spreadsheet as "CSV UTF-8"'), Pos(line, 1), name)]


def _delimiter(text: str) -> str:
    """The delimiter of the header row: the most frequent of , ; and tab."""
    first = next((line for line in io.StringIO(text, newline="") if line.strip()), "")
    counts = {d: first.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def read_csv_tricks(data: bytes | str, name: str = "<csv>") -> Table:
    """The rows of a csv-tricks file, each field read; problems located by
    line and field number."""
    text, problems = _decode(data, name)
    if text is None:
        return Table([], problems)
    if not text.strip():
        return Table([], [problem("RV511", Msg("the file is empty: it needs a header row "
                                               "({columns}) and a row per trick",
                                               columns=",".join(COLUMNS)), Pos(1, 1), name)])
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(text), strict=True)
    rows: list[Row] = []
    columns: dict[str, int] | None = None
    line = 1
    try:
        for fields in reader:
            start, line = line, reader.line_num + 1
            fields = [f.strip() for f in fields]
            if not any(fields):
                continue
            if columns is None:
                width = len(fields)
                columns, found = _header(fields, start, name)
                problems += found
                if any(d.is_error for d in found):
                    return Table([], problems)
                continue
            row = _row(fields, columns, width, start, name, rows, problems)
            if row is not None:
                rows.append(row)
            if len(problems) >= MAX_PROBLEMS:
                break
    except csv.Error as exc:
        why = (Msg("a quoted field begun in this row is never closed")
               if "end of data" in str(exc)  # the csv module's words for it
               else Msg("the CSV cannot be read here: {detail}", detail=str(exc)))
        problems.append(problem("RV511", why, Pos(line, 1), name))
        return Table([], problems)
    if columns is None:
        problems.append(problem("RV511", Msg("the file has no header row"), Pos(1, 1), name))
    return Table(rows, problems)


def _header(fields: list[str], line: int, name: str) -> tuple[dict[str, int], list[Diagnostic]]:
    columns: dict[str, int] = {}
    problems = []
    for number, text in enumerate(fields, start=1):
        key = text.lower().replace(" ", "")
        if key in COLUMNS:
            if key in columns:
                problems.append(problem("RV512", Msg("the column {column} is given twice (also "
                                                     "column {number})", column=key,
                                                     number=columns[key]),
                                        Pos(line, number), name))
            columns[key] = number
        elif key:
            problems.append(problem("RV512", Msg("unknown column {column!r} is ignored (the "
                                                 "columns are {columns})", column=text,
                                                 columns=", ".join(COLUMNS)),
                                    Pos(line, number), name, severity="warning"))
    missing = [c for c in REQUIRED if c not in columns]
    if missing:
        lacks = dict(missing=", ".join(missing), columns=", ".join(COLUMNS))
        problems.append(problem(
            "RV512", Msg("the header row lacks the columns {missing} (the columns are "
                         "{columns})", **lacks) if len(missing) > 1 else
            Msg("the header row lacks the column {missing} (the columns are {columns})",
                **lacks), Pos(line, 1), name))
    return columns, problems


def _row(fields: list[str], columns: dict[str, int], width: int, line: int, name: str,
         rows: list[Row], problems: list[Diagnostic]) -> Row | None:
    if len(fields) > width and any(fields[width:]):
        extra = next(i for i in range(width, len(fields)) if fields[i]) + 1
        problems.append(problem("RV513", Msg("this row has {fields} fields; the header row "
                                             "has {width}", fields=len(fields), width=width),
                                Pos(line, extra), name))
        return None
    fields = fields + [""] * (width - len(fields))
    get = {c: fields[n - 1] for c, n in columns.items()}
    before = len(problems)

    def bad(column: str, message: Msg) -> None:
        problems.append(problem("RV514", message, Pos(line, columns[column]), name))

    previous = rows[-1] if rows else None
    deal = _number(get["deal"])
    if get["deal"] == "" and previous is not None:
        deal = previous.deal
    elif deal is None:
        bad("deal", _not_a_number("deal", get["deal"]) if get["deal"]
            else Msg("the deal number is missing"))
    dealer = get["dealer"]
    if not dealer and previous is not None and previous.deal == deal:
        dealer = previous.dealer
    elif not dealer:
        bad("dealer", Msg("the dealer is missing (on the first row of a deal at least)"))
    elif not NAME.fullmatch(dealer):
        bad("dealer", _not_a_name(dealer))
    cards: list[Card] = []
    gap = None
    for column in CARD_COLUMNS:
        text = get[column]
        if not text:
            gap = gap or column
            continue
        if gap is not None:
            bad(gap, Msg("{gap} is empty but {column} is not: write the cards from card1 on",
                         gap=gap, column=column))
            gap = None
        try:
            cards.append(Card.parse(text))
        except TenCardError as exc:
            bad(column, exc.args[0])  # the cards' own words (reversis_cli.cards)
        except CardError:
            bad(column, Msg("{text!r} is not a card: write a rank and a suit, as in QD, 9H "
                            "or Q♦", text=text))
    trick = _number(get["trick"])
    leader = get.get("leader", "")
    taker = get.get("taker", "")
    if get["trick"] == "":
        if cards or leader or taker:
            bad("trick", Msg("the trick number is missing"))
        trick = None
    elif trick is None:
        bad("trick", _not_a_number("trick", get["trick"]))
    elif not cards and len(problems) == before:
        bad("card1", Msg("trick {trick} has no cards", trick=trick))
    for column, value in (("leader", leader), ("taker", taker)):
        if value and not NAME.fullmatch(value):
            bad(column, _not_a_name(value))
    if leader and NAME.fullmatch(leader) and reads_as_card(leader):
        bad("leader", Msg("a player cannot be called {name}: it reads as a card", name=leader))
    if len(problems) > before:
        return None
    assert deal is not None  # a missing or unreadable deal number is a problem above
    return Row(line, deal, dealer, trick, leader, tuple(cards), taker, dict(columns))


def _number(text: str) -> int | None:
    return int(text) if WHOLE.fullmatch(text) and not too_many_digits(text) else None


def _not_a_number(column: str, text: str) -> Msg:
    """What is wrong with the deal or trick number ``text``."""
    if WHOLE.fullmatch(text):
        digits = dict(digits=f"{len(text):,}", most=MAX_DIGITS)
        return (Msg("the deal number has {digits} digits; a number has at most {most}",
                    **digits) if column == "deal" else
                Msg("the trick number has {digits} digits; a number has at most {most}",
                    **digits))
    if column == "deal":
        return Msg("the deal number must be a number, not {text!r}", text=shown(text))
    return Msg("the trick number must be a number, not {text!r}", text=shown(text))


def _not_a_name(text: str) -> Msg:
    return Msg("{name!r} is not a player's name: letters, digits, _ and -, starting with a "
               "letter", name=text)


# --- the players' order -----------------------------------------------------------------


class _Seats:
    """A union-find of "X sits k seats after Y" relations, k modulo 4."""

    def __init__(self) -> None:
        self.parent: dict = {}
        self.offset: dict = {}

    def find(self, node) -> tuple[object, int]:
        if node not in self.parent:
            self.parent[node], self.offset[node] = node, 0
        path = []
        while self.parent[node] != node:
            path.append(node)
            node = self.parent[node]
        total = 0
        for item in reversed(path):  # compress: point each straight at the root
            total = (total + self.offset[item]) % 4
            self.offset[item], self.parent[item] = total, node
        return node, 0 if not path else self.offset[path[0]]

    def relate(self, a, b, k: int) -> bool:
        """``b`` sits ``k`` seats after ``a``; False when that contradicts what is known."""
        ra, oa = self.find(a)
        rb, ob = self.find(b)
        if ra == rb:
            return (ob - oa) % 4 == k % 4
        self.parent[rb], self.offset[rb] = ra, (oa + k - ob) % 4
        return True


def infer_players(rows: list[Row], name: str) -> tuple[tuple[str, ...] | None, list[Diagnostic]]:
    """The four players in playing order, starting with the first deal's first hand."""
    seats = _Seats()
    names: list[str] = []
    problems: list[Diagnostic] = []

    def person(text: str, row: Row, column: str) -> tuple | None:
        if text not in names:
            names.append(text)
            if len(names) == 5:
                problems.append(problem(
                    "RV515", Msg("a fifth player, {name}: the rows name {names}", name=text,
                                 names=", ".join(names)), row.pos(column), name))
        return ("player", text)

    def relate(a, b, k: int, row: Row, column: str, why: Msg) -> None:
        if not seats.relate(a, b, k) and not problems:
            problems.append(problem("RV515", Msg("{why}, which does not fit the rows above "
                                                 "(a dealer, leader or taker there or here is "
                                                 "wrong); correct it, or give the order with "
                                                 "--players", why=why),
                                    row.pos(column), name))

    previous: Row | None = None
    for row in rows:
        dealer = person(row.dealer, row, "dealer")
        if row.trick is None:
            previous = row
            continue
        here = ("lead", row.deal, row.line)
        if row.trick == 1:
            relate(dealer, here, 1, row, "trick",
                   Msg("trick 1 is led by the player after {dealer}", dealer=row.dealer))
        if row.leader:
            relate(here, person(row.leader, row, "leader"), 0, row, "leader",
                   Msg("{leader} leads trick {trick}", leader=row.leader, trick=row.trick))
        if previous is not None and previous.deal == row.deal and previous.trick is not None \
                and previous.trick + 1 == row.trick and len(previous.cards) == 4:
            relate(("lead", previous.deal, previous.line), here, taking_index(previous.cards), row,
                   "leader", Msg("the taker of trick {previous} leads trick {trick}",
                                 previous=previous.trick, trick=row.trick))
        if row.taker and len(row.cards) == 4:
            relate(here, person(row.taker, row, "taker"), taking_index(row.cards), row, "taker",
                   Msg("{taker} takes trick {trick} with {card}", taker=row.taker,
                       trick=row.trick, card=str(row.cards[taking_index(row.cards)])))
        previous = row
    if problems:
        return None, problems
    if not rows:
        return None, [problem("RV515", Msg("the file has no rows, so no players"), Pos(1, 1),
                              name)]
    first = ("player", rows[0].dealer)
    root, base = seats.find(first)
    order: dict[int, str] = {}
    for text in names:
        other, offset = seats.find(("player", text))
        if other != root:
            continue
        seat = (offset - base - 1) % 4
        if seat in order:
            return None, [problem("RV515", Msg("{first} and {second} would sit in the same "
                                               "seat; check the leaders and takers, or give "
                                               "--players", first=order[seat], second=text),
                                  Pos(rows[0].line, 1), name)]
        order[seat] = text
    if len(order) < 4:
        unknown = [n for n in names if n not in order.values()]
        why = (Msg("the rows name only {players}",
                   players=Count(len(names), "{n} player", "{n} players")) if len(names) < 4
               else Msg("the rows do not say where {names} sit", names=joined(unknown)))
        return None, [problem("RV515", Msg("cannot tell the playing order: {why}; give it "
                                           "with --players A,B,C,D", why=why),
                              Pos(rows[0].line, 1), name)]
    return tuple(order[s] for s in range(4)), []


def check_players(rows: list[Row], players: tuple[str, ...], name: str) -> list[Diagnostic]:
    """One error when the order given with ``--players`` does not fit the rows,
    naming the order that fits; none when it fits as well as any other.

    Each playing order (there are six, counting round the table from the same
    seat) is tried on the rows: trick 1 is led by the player after the dealer,
    the next trick by the taker, the taker by where the winning card lies.  An
    order is judged by how many written leaders and takers it contradicts, so
    that a log with one wrong taker still takes the right order.
    """
    named = list(dict.fromkeys(n for r in rows for n in (r.dealer, r.leader, r.taker) if n))
    strangers = [n for n in named if n not in players]
    if strangers:
        inferred = infer_players(rows, name)[0]
        who = dict(who=joined(strangers), players=", ".join(players))
        message = (Msg("the rows name {who}, not among the players given with --players "
                       "({players}); give --players {order}", order=",".join(inferred),
                       **who) if inferred else
                   Msg("the rows name {who}, not among the players given with --players "
                       "({players})", **who))
        return [problem("RV515", message, _first_place(rows, strangers[0]), name)]
    given = _misfits(rows, players)
    best = min((_misfits(rows, order) for order in _orders(players)), key=len)
    if len(given) <= len(best.places):
        return []
    fits = _from_first_hand(best.order, rows)
    place = given.places[0]
    against_best = (Msg("only {misfits}", misfits=_contradict(len(best))) if len(best) else
                    Msg("none contradicts"))
    return [problem("RV515", Msg("the playing order given with --players ({players}) does not "
                                 "fit the rows: {misfits} it (the first is here), while {best} "
                                 "the order {order}; give --players {fits}",
                                 players=", ".join(players), misfits=_contradict(len(given)),
                                 best=against_best, order=", ".join(fits),
                                 fits=",".join(fits)), place, name)]


@dataclass
class _Misfits:
    order: tuple[str, ...]
    places: list[Pos]

    def __len__(self) -> int:
        return len(self.places)


def _misfits(rows: list[Row], order: tuple[str, ...]) -> _Misfits:
    """Where the rows' written leaders and takers contradict ``order``."""
    seat = {n: i for i, n in enumerate(order)}
    places: list[Pos] = []
    expected: int | None = None  # the seat due to lead the row's trick
    previous: Row | None = None
    for row in rows:
        if row.trick is None:
            previous, expected = row, None
            continue
        follows = previous is not None and previous.deal == row.deal \
            and previous.trick is not None and previous.trick + 1 == row.trick
        if row.trick == 1:
            expected = (seat[row.dealer] + 1) % 4
        elif not follows:
            expected = None
        lead = seat[row.leader] if row.leader else expected
        if row.leader and expected is not None and lead != expected:
            places.append(row.pos("leader"))
        expected = None
        if lead is not None and len(row.cards) == 4:
            expected = (lead + taking_index(row.cards)) % 4
            if row.taker and seat[row.taker] != expected:
                places.append(row.pos("taker"))
        previous = row
    return _Misfits(order, places)


def _orders(players: tuple[str, ...]):
    """Every playing order of ``players``, each once (the first keeps its seat)."""
    first, *rest = players
    return [(first, *others) for others in permutations(rest)]


def _from_first_hand(order: tuple[str, ...], rows: list[Row]) -> tuple[str, ...]:
    """``order`` turned to start with the first hand of the first deal."""
    start = (order.index(rows[0].dealer) + 1) % 4 if rows and rows[0].dealer in order else 0
    return order[start:] + order[:start]


def _first_place(rows: list[Row], who: str) -> Pos:
    for row in rows:
        for column in ("dealer", "leader", "taker"):
            if getattr(row, column) == who:
                return row.pos(column)
    return Pos(1, 1)


def _contradict(misfits: int) -> Count:
    """``1 leader or taker written in the rows contradicts`` (and the plural)."""
    return Count(misfits, "{n} leader or taker written in the rows contradicts",
                 "{n} leaders and takers written in the rows contradict")


