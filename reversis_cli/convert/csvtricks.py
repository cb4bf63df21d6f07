"""``csv-tricks``: one row per trick, both ways.

Columns: ``deal, dealer, trick, leader, card1, card2, card3, card4, taker``,
with a header row; the cards in playing order from the leader.  A deal with
no tricks (a misdeal, an exposed card) is one row with only ``deal`` and
``dealer``.  Export writes the leader on every row and the taker as the
record wrote it, or else as the replay establishes it.

Import builds a minimal record: a ``players`` line and, per deal, the deal
line and the tricks.  The playing order is worked out from the rows (each
row says who led, and the winning card's place says how many seats after
the leader the taker sits; the leader of trick 1 sits after the dealer);
``--players`` gives it when the rows cannot tell.  The list starts with the
first hand of the first deal.  A taker that agrees with the cards is left
out (it says nothing more); one that does not is written ``> NAME`` so that
``reversis check`` reports it.

Spreadsheet files are welcome: a BOM, CRLF line ends, quoted fields, ``;``
or a tab as the delimiter (chosen from the header row), blanks around
fields, empty rows, extra trailing empty fields.  Reading the rows and
working out the playing order is :mod:`.csvrows`; this module exports and
builds the record.
"""

from __future__ import annotations

import csv
import io
import os
import shlex
from dataclasses import dataclass
from pathlib import Path

from .canonical import canonical_deal, canonical_record, valid_players, write_record
from ..diagnostics import Diagnostic
from .fmt import read_source, same_record
from ..i18n import Count, Msg
from ..model import (
    CardAt, Deal, DealLine, EventLine, Header, HeaderLine, Name, Pos, Statement, TrickLine,
)
from ..notation.statements import BY_TYPE, Csv
from ..amounts import read_amount
from ..replay import replay_deal
from ..rules import BUILTIN_PROFILES, DEFAULT_PROFILE
from ..values import replace
from ..words import listed
from .csvrows import CARD_COLUMNS, COLUMNS, Row, check_players, infer_players, read_csv_tricks
from .problems import problem

# COLUMNS, read_csv_tricks and infer_players are csvrows' and are named here too:
# this module is where the csv-tricks format is found.
__all__ = ["COLUMNS", "SettleWith", "rvs_to_csv", "csv_to_rvs", "read_csv_tricks",
           "infer_players", "rules_for_record"]

# How the warning names the lines csv-tricks leaves out that change nothing in
# the money (Csv.OTHER in the statement table; espagnolette when it does not
# waive), by their keyword.  What the table paid and wrote down is among them.
_LEFT_OUT_WORDS = {"hand": Msg("hands"), "talon": Msg("talon"), "exchange": Msg("exchanges"),
                   "partie": Msg("partie"), "espagnolette": Msg("espagnolette declarations"),
                   "note": Msg("notes"), "paid": Msg("paid lines"), "tally": Msg("tally lines")}


# --- export ---------------------------------------------------------------------------


def rvs_to_csv(text: str, name: str = "<text>",
               style: str = "ascii") -> tuple[str | None, list[Diagnostic]]:
    """The csv-tricks text of a record."""
    source = read_source(text, name)
    if source.blocking:
        return None, source.blocking
    header, deals = canonical_record(source.header, source.deals)
    players = valid_players(header)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    problems: list[Diagnostic] = []
    for deal in deals:
        takers = {}
        if players:
            replayed = replay_deal(deal, players)
            takers = {id(t.line): replayed.name(t.taker) for t in replayed.tricks}
        if not deal.tricks:
            writer.writerow([deal.number, deal.dealer.text] + [""] * 7)
        for trick in deal.tricks:
            if len(trick.cards) > 4:
                problems.append(problem(
                    "RV523", Msg("trick {trick} of deal {deal} has {cards} cards; csv-tricks "
                                 "has four card columns", trick=trick.number, deal=deal.number,
                                 cards=len(trick.cards)),
                    None, name, deal=deal.number, trick=trick.number))
                continue
            cards = [c.card.format(style) for c in trick.cards] + [""] * (4 - len(trick.cards))
            taker = trick.taker.text if trick.taker else takers.get(id(trick), "")
            writer.writerow([deal.number, deal.dealer.text, trick.number,
                             trick.leader.text if trick.leader else "", *cards, taker])
    if problems:
        return None, problems
    return out.getvalue(), _left_out(header, deals, name)


def _left_out_statement(stmt: Statement) -> tuple[str | None, Msg | None]:
    """What csv-tricks loses of ``stmt``, by its row's policy: the kind of an
    event that changes the money, or the word of a line that changes nothing
    (neither for a trick, which the CSV holds)."""
    row = BY_TYPE.get(type(stmt))
    policy = row.csv if row is not None else Csv.OTHER
    if policy is Csv.KEPT:
        return None, None
    if policy is Csv.MONEY and isinstance(stmt, EventLine):
        return stmt.kind, None
    if policy is Csv.MONEY_IF_WAIVED and getattr(stmt, "waives", False):
        return "espagnolette waives", None
    keyword = row.keyword if row is not None else None
    return None, _LEFT_OUT_WORDS.get(keyword or "", Msg("other lines"))


def _left_out(header: Header, deals: list[Deal], name: str) -> list[Diagnostic]:
    """One warning naming what csv-tricks cannot hold, and how to read the CSV
    back to the same settlement: a silent loss would change the money."""
    money, other = _lost_header(header)
    events: dict[str, int] = {}
    lines: dict[Msg, int] = {}
    for deal in deals:
        for stmt in deal.statements:
            money_kind, word = _left_out_statement(stmt)
            if money_kind is not None:
                events[money_kind] = events.get(money_kind, 0) + 1
            elif word is not None:
                lines[word] = lines.get(word, 0) + 1
    money += [Msg("{count} '{kind}' {lines}", count=count, kind=kind,
                  lines=Count(count, "line", "lines")) for kind, count in events.items()]
    other += list(lines)
    if _has_comments(header, deals):
        other.append(Msg("comments"))
    if not money and not other:
        return []
    message = Msg("csv-tricks holds only the players, the dealers and the tricks")
    if money:
        message = Msg("{message}; left out, and changing the settlement: {items}",
                      message=message, items=listed(money))
    if other:
        message = Msg("{message}; left out: {items}", message=message, items=listed(other))
    advice = _read_back_advice(header, name)
    if advice:
        message = Msg("{message}; to settle the CSV the same, read it back with {options}",
                      message=message, options=advice)
    if events:
        message = Msg("{message}; the event lines must be written again in the imported "
                      "record", message=message)
    return [problem("RV524", message, None, name)]


def _lost_header(header: Header) -> tuple[list[Msg | str], list[Msg | str]]:
    """The header lines csv-tricks cannot hold, written as the record writes them:
    those that change the settlement, and the others."""
    money: list[Msg | str] = []
    other: list[Msg | str] = []
    for line in header.lines:
        if line.keyword in ("players", "reversis"):
            continue
        if line.keyword == "set":
            money.append(_as_written(f"set {line.option} = {line.value}"))
        elif line.keyword == "rules" and line.value == DEFAULT_PROFILE:
            # read back, the record has the same default
            other.append(_as_written(f"rules {line.value}"))
        elif line.keyword in ("rules", "pot", "unit"):
            money.append(_as_written(f"{line.keyword} {line.value}"))
        elif _as_written(line.keyword) not in other:
            other.append(_as_written(line.keyword))
    return money, other


def _as_written(words: str) -> Msg:
    """Header words as the record writes them (``title``, ``rules classic``):
    notation, not prose, so the Russian quotes them as it quotes the event
    keywords, «title», beside the Russian names of the other lines."""
    return Msg("{header_line}", header_line=words)


def _read_back_advice(header: Header, name: str) -> str:
    """The import options that restore the header lines which change the money."""
    options = []
    rules = header.get("rules")
    if rules is not None and rules.value != DEFAULT_PROFILE:
        options.append(f"--rules {shlex.quote(_rules_for_command_line(rules.value, name))}")
    options += [f"--set {line.option}={line.value}" for line in header.all("set")]
    pot = header.get("pot")
    amount = read_amount(pot.value.strip()) if pot is not None else None
    if amount is not None:
        unit = header.get("unit")
        if unit is not None and unit.value == "jeton":  # the CSV's record counts in fiches
            amount *= 5
        options.append(f"--pot {amount}")
    return " ".join(options)


def _rules_for_command_line(value: str, record_name: str) -> str:
    """The header's ``rules`` value as ``--rules`` takes it: a profile file is
    named from the record's folder, an option from the current folder."""
    if value in BUILTIN_PROFILES or Path(value).is_absolute():
        return value
    return os.path.relpath(Path(record_name).parent / value)


def rules_for_record(given: str, record_folder: Path) -> str:
    """The ``rules`` value a new record in ``record_folder`` writes for the
    command line's ``--rules given`` (a file path from the current folder):
    the same file, named from the record's folder, or absolute when no
    relative path leads there (another drive)."""
    if given in BUILTIN_PROFILES or Path(given).is_absolute():
        return given
    target = os.path.abspath(given)
    try:
        return os.path.relpath(target, os.path.abspath(record_folder))
    except ValueError:
        return target


def _has_comments(header: Header, deals: list[Deal]) -> bool:
    statements = [*header.lines, *(s for d in deals for s in (d.line, *d.statements))]
    return bool(header.trailing_comments) or any(d.trailing_comments for d in deals) or any(
        s.comments_before or s.comment_after is not None for s in statements)


# --- import -------------------------------------------------------------------------------


def csv_to_rvs(data: bytes | str, name: str = "<csv>",
               players: tuple[str, ...] | None = None,
               settle_with: SettleWith | None = None) -> tuple[str | None, list[Diagnostic]]:
    """The canonical minimal ``.rvs`` text of a csv-tricks file; ``settle_with``
    gives the header lines the CSV cannot hold (rules, set, pot)."""
    table = read_csv_tricks(data, name)
    problems = list(table.problems)
    if any(d.is_error for d in problems):
        return None, problems
    deals, found = _group(table.rows, name)
    problems += found
    if any(d.is_error for d in problems):
        return None, problems
    if players is None:
        players, found = infer_players(table.rows, name)
        problems += found
        if players is None:
            return None, problems
    else:
        problems += check_players(table.rows, players, name)
        if any(d.is_error for d in problems):
            return None, problems
    header = _record_header(players, settle_with or SettleWith())
    built = [_without_agreeing_takers(canonical_deal(d, players), players) for d in deals]
    text = write_record(header, built)
    mismatch = same_record(header, built, text, name)
    if mismatch is not None:
        return None, problems + [mismatch]
    return text, problems


@dataclass(frozen=True)
class SettleWith:
    """What the record read back from a CSV is settled under: its ``rules``
    line, its ``set`` lines (option, value) and its ``pot`` (in fiches)."""

    rules: str | None = None
    sets: tuple[tuple[str, str], ...] = ()
    pot: str | None = None


def _record_header(players: tuple[str, ...], settle_with: SettleWith) -> Header:
    at = Pos(1, 1)
    lines = []
    if settle_with.rules is not None:
        lines.append(HeaderLine(pos=at, keyword="rules", value=settle_with.rules, value_pos=at))
    lines += [HeaderLine(pos=at, keyword="set", option=option, value=value, value_pos=at)
              for option, value in settle_with.sets]
    lines.append(HeaderLine(pos=at, keyword="players", names=tuple(Name(p, at) for p in players)))
    if settle_with.pot is not None:
        lines.append(HeaderLine(pos=at, keyword="pot", value=settle_with.pot, value_pos=at))
    return Header(tuple(lines))


def _group(rows: list[Row], name: str) -> tuple[list[Deal], list[Diagnostic]]:
    deals: list[tuple[Row, list[Row]]] = []
    seen: dict[int, Row] = {}
    problems = []
    for row in rows:
        if deals and deals[-1][0].deal == row.deal:
            first, tricks = deals[-1]
            if row.dealer != first.dealer:
                problems.append(problem("RV515", Msg("deal {deal} is dealt by {dealer} (line "
                                                     "{line}), not {other}", deal=row.deal,
                                                     dealer=first.dealer, line=first.line,
                                                     other=row.dealer),
                                        row.pos("dealer"), name))
            if row.trick is None or tricks and tricks[-1].trick is None:
                problems.append(problem("RV515", Msg("deal {deal} has a row without a trick "
                                                     "and rows with tricks: a deal without "
                                                     "tricks is one row", deal=row.deal),
                                        row.pos("trick"), name))
            tricks.append(row)
            continue
        if row.deal in seen:
            problems.append(problem("RV515", Msg("deal {deal} was already given at line "
                                                 "{line}; the rows of a deal go together",
                                                 deal=row.deal, line=seen[row.deal].line),
                                    row.pos("deal"), name))
        seen[row.deal] = row
        deals.append((row, [row]))
    out = []
    for first, tricks in deals:
        line = DealLine(pos=Pos(first.line, 1), number=first.deal,
                        dealer=Name(first.dealer, first.pos("dealer")))
        statements = tuple(
            TrickLine(pos=Pos(r.line, 1), number=r.trick,
                      leader=Name(r.leader, r.pos("leader")) if r.leader else None,
                      cards=tuple(CardAt(c, r.pos(col), str(c))
                                  for c, col in zip(r.cards, CARD_COLUMNS,  # fewer cards: IRR-5
                                                     strict=False)),
                      taker=Name(r.taker, r.pos("taker")) if r.taker else None)
            for r in tricks if r.trick is not None)
        out.append(Deal(line, statements))
    return out, problems


def _without_agreeing_takers(deal: Deal, players: tuple[str, ...]) -> Deal:
    """Leave out each taker that the cards already say."""
    if not any(t.taker for t in deal.tricks):
        return deal
    replayed = replay_deal(deal, players)
    computed = {id(t.line): replayed.name(t.taker) for t in replayed.tricks}
    statements = tuple(
        replace(s, taker=None) if isinstance(s, TrickLine) and s.taker is not None
        and computed.get(id(s)) == s.taker.text else s
        for s in deal.statements)
    return Deal(deal.line, statements, deal.trailing_comments)
