"""The statement table: one row for each kind of line a deal may hold.

A row says everything the program knows of a statement kind apart from its
grammar rule (``grammar/reversis.lark``, ``_deal_stmt``) and its meaning:
the keyword that starts it, the model class it is read into, the function
that writes it back as text, its JSON pair (the record format
``reversis-record/1``), what ``csv-tricks`` does with it, and whether the
plain replay and the reader's fast path take it.  The writer, the JSON
record, ``csv-tricks``, the recorder, :mod:`reversis_cli.session.parts` and
:mod:`reversis_cli.replay.plain` read this table instead of keeping their own
lists, and ``tests/test_statements.py`` holds it to the grammar: a
statement the grammar has and the table lacks fails there first
(docs/contributing.md, "A notation statement").

The eight events share one model class (:class:`~reversis_cli.model.EventLine`,
its ``kind`` the keyword), and so their writer and JSON pair.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any, NamedTuple

from ..amounts import amount_text
from ..model import (
    CardAt, EspagnoletteLine, EventLine, ExchangeLine, HandLine, Name, NoteLine, PaidLine,
    PartieLine, Statement, TallyLine, TalonLine, TrickLine,
)
from ..values import Value, setattr_frozen
from . import statement_json as js

__all__ = [
    "Csv", "Widths", "StatementKind", "STATEMENTS", "BY_RULE", "BY_TYPE", "BY_JSON_TYPE",
    "KEYWORDS", "RECORDED_KEYWORDS", "NAMED_KEYWORDS", "PLAIN_EVENTS", "row_of", "named_players",
    "quote", "word_or_quote", "paid_body", "tally_body",
]


class Csv(Enum):
    """What ``csv-tricks`` does with a statement (``convert/csvtricks.py``)."""

    KEPT = "kept"  # a column of the CSV: the tricks
    MONEY = "money"  # left out, and named as changing the money
    MONEY_IF_WAIVED = "money if waived"  # left out; changes the money when it waives
    OTHER = "other"  # left out, named among the lines that change nothing


class Widths(NamedTuple):
    """The column widths the writer aligns a deal's lines to."""

    hand: int = 0
    number: int = 0
    leader: int = 0


class StatementKind(Value):
    """One row of the table."""

    __slots__ = _fields = ("rule", "keyword", "model", "write", "to_json", "from_json", "csv",
                           "plain_replay", "fast_path", "recorded", "names_player",
                           "player_fields")
    rule: str  # the grammar's rule
    keyword: str | None  # the word the line starts with (a trick line starts with its number)
    model: type[Statement]
    write: Callable[[Any, str, Widths], str]  # the line's text, without indent or comment
    to_json: Callable[[Any], dict]  # its JSON object, without comments
    from_json: Callable[[dict, dict], Statement]  # the statement of a valid JSON object
    csv: Csv
    plain_replay: bool  # replay/plain.py replays a deal holding it (when it agrees with the play)
    fast_path: bool  # notation/fastpath.py reads a well-formed line of it
    recorded: bool  # what the table paid or wrote down, held against the settlement
    names_player: bool  # a player's name follows the keyword
    # The model's fields that name a player at the table: the replay reports a
    # name there that is none of the four (RV112), and the plain replay gives
    # such a deal to the full walk.  Paid and tally lines name players too (and
    # the pool): recorded_problems (replay/recorded.py) checks them.
    player_fields: tuple[str, ...]

    def __init__(self, rule: str, keyword: str | None, model: type[Statement],
                 write: Callable[[Any, str, Widths], str], to_json: Callable[[Any], dict],
                 from_json: Callable[[dict, dict], Statement], csv: Csv, plain_replay: bool,
                 fast_path: bool, recorded: bool = False, names_player: bool = False,
                 player_fields: tuple[str, ...] = ()):
        setattr_frozen(self, "rule", rule)
        setattr_frozen(self, "keyword", keyword)
        setattr_frozen(self, "model", model)
        setattr_frozen(self, "write", write)
        setattr_frozen(self, "to_json", to_json)
        setattr_frozen(self, "from_json", from_json)
        setattr_frozen(self, "csv", csv)
        setattr_frozen(self, "plain_replay", plain_replay)
        setattr_frozen(self, "fast_path", fast_path)
        setattr_frozen(self, "recorded", recorded)
        setattr_frozen(self, "names_player", names_player)
        setattr_frozen(self, "player_fields", player_fields)

    @property
    def json_type(self) -> str:
        """The ``type`` member of its JSON object."""
        return self.keyword or self.rule


# --- text -------------------------------------------------------------------------

_WORD = re.compile(r'[^\s#"=]+')


def quote(text: str) -> str:
    """A STRING token for ``text`` (the reader's ``unquote`` gives it back)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def word_or_quote(text: str) -> str:
    """A bare WORD when the text is one, else a quoted STRING."""
    return text if _WORD.fullmatch(text) else quote(text)


def _cards(cards: Iterable[CardAt], style: str) -> str:
    return " ".join(c.card.format(style) for c in cards)


def _trick_body(stmt: TrickLine, style: str, widths: Widths) -> str:
    leader = stmt.leader.text if stmt.leader is not None else ""
    body = f"{stmt.number:>{widths.number}} "
    if widths.leader:
        body += f"{leader:<{widths.leader}} "
    body += _cards(stmt.cards, style)
    if stmt.taker is not None:
        body += f" > {stmt.taker.text}"
    return body


def _hand_body(stmt: HandLine, style: str, widths: Widths) -> str:
    return f"hand {stmt.player.text:<{widths.hand}} {_cards(stmt.cards, style)}"


def _talon_body(stmt: TalonLine, style: str, widths: Widths) -> str:
    return f"talon {_cards(stmt.cards, style)}"


def _partie_body(stmt: PartieLine, style: str, widths: Widths) -> str:
    return f"partie {_cards(stmt.cards, style)}"


def _exchange_body(line: ExchangeLine, style: str, widths: Widths) -> str:
    parts = ["exchange", line.player.text]
    if line.refuses:
        parts.append("refuses")
        if line.sees is not None:
            parts += ["sees", line.sees.card.format(style)]
    else:
        if line.discards:
            parts += ["discards", _cards(line.discards, style)]
        if line.takes:
            parts += ["takes", _cards(line.takes, style)]
    return " ".join(parts)


def _espagnolette_body(stmt: EspagnoletteLine, style: str, widths: Widths) -> str:
    return f"espagnolette {stmt.player.text}" + (" waives" if stmt.waives else "")


def _event_body(line: EventLine, style: str, widths: Widths) -> str:
    parts = [line.kind]
    if line.kind == "unclaimed":
        parts.append(str(line.trick if line.trick is not None else 0))
    if line.kind == "redeal":
        parts.append("paid")
    if line.player is not None:
        parts.append(line.player.text)
    if line.kind == "misdeal" and line.late:
        parts.append("late")
    return " ".join(parts)


def _note_body(stmt: NoteLine, style: str, widths: Widths) -> str:
    return f"note {quote(stmt.text)}"


def paid_body(line: PaidLine) -> str:
    """``paid PAYER PAYEE AMOUNT [RULE] [trick T]``."""
    parts = ["paid", line.payer.text, line.payee.text, amount_text(line.amount)]
    if line.rule is not None:
        parts.append(line.rule)
    if line.trick is not None:
        parts += ["trick", str(line.trick)]
    return " ".join(parts)


def tally_body(line: TallyLine) -> str:
    """``tally NAME +7 NAME -30 ... [pool 45]``: figures signed, as on a sheet."""
    parts = ["tally"]
    for entry in line.entries:
        parts += [entry.name.text, amount_text(entry.amount, signed=True)]
    if line.pool is not None:
        parts += ["pool", amount_text(line.pool)]
    return " ".join(parts)


# --- the table ----------------------------------------------------------------------


_PLAYER = ("player",)


def _event(rule: str, *, plain: bool, named: bool, player: bool | None = None) -> StatementKind:
    """An event's row: ``plain`` when the plain replay takes it (an event that
    changes no hand and voids no deal, checked there against the seats);
    ``named`` when a name follows the keyword; ``player`` when the line may
    name a player anywhere (by default, when ``named``)."""
    named_anywhere = named if player is None else player
    return StatementKind(rule, rule.replace("_", "-"), EventLine, _event_body, js.event_json,
                         js.event_from_json, Csv.MONEY, plain_replay=plain, fast_path=True,
                         names_player=named, player_fields=_PLAYER if named_anywhere else ())


STATEMENTS: tuple[StatementKind, ...] = (
    StatementKind("trick", None, TrickLine, _trick_body, js.trick_json, js.trick_from_json,
                  Csv.KEPT, plain_replay=True, fast_path=True,
                  player_fields=("leader", "taker")),
    StatementKind("hand", "hand", HandLine, _hand_body, js.hand_json, js.hand_from_json,
                  Csv.OTHER, plain_replay=False, fast_path=True, names_player=True,
                  player_fields=_PLAYER),
    StatementKind("talon", "talon", TalonLine, _talon_body, js.talon_json, js.talon_from_json,
                  Csv.OTHER, plain_replay=False, fast_path=True),
    StatementKind("exchange", "exchange", ExchangeLine, _exchange_body, js.exchange_json,
                  js.exchange_from_json, Csv.OTHER, plain_replay=True, fast_path=True,
                  names_player=True, player_fields=_PLAYER),
    StatementKind("partie", "partie", PartieLine, _partie_body, js.partie_json,
                  js.partie_from_json, Csv.OTHER, plain_replay=False, fast_path=True),
    StatementKind("espagnolette", "espagnolette", EspagnoletteLine, _espagnolette_body,
                  js.espagnolette_json, js.espagnolette_from_json, Csv.MONEY_IF_WAIVED,
                  plain_replay=True, fast_path=True, names_player=True, player_fields=_PLAYER),
    _event("unclaimed", plain=True, named=False, player=True),
    _event("misdeal", plain=False, named=True),
    _event("redeal", plain=True, named=False),
    _event("exposed", plain=False, named=False),
    _event("peeked", plain=True, named=True),
    _event("kept", plain=False, named=True),
    _event("discarded_two", plain=False, named=True),
    _event("out_of_turn", plain=True, named=True),
    StatementKind("deal_note", "note", NoteLine, _note_body, js.note_json, js.note_from_json,
                  Csv.OTHER, plain_replay=True, fast_path=False),
    StatementKind("paid", "paid", PaidLine, lambda stmt, style, widths: paid_body(stmt),
                  js.paid_json, js.paid_from_json, Csv.OTHER, plain_replay=True,
                  fast_path=True, recorded=True, names_player=False),
    StatementKind("tally", "tally", TallyLine, lambda stmt, style, widths: tally_body(stmt),
                  js.tally_json, js.tally_from_json, Csv.OTHER, plain_replay=True,
                  fast_path=True, recorded=True),
)

BY_RULE = {row.rule: row for row in STATEMENTS}
# A model class's row (the events' all share their writer and JSON pair).
BY_TYPE: dict[type, StatementKind] = {row.model: row for row in STATEMENTS}
BY_JSON_TYPE = {row.json_type: row for row in STATEMENTS}
# The words that start a deal's lines other than tricks.
KEYWORDS = tuple(row.keyword for row in STATEMENTS if row.keyword is not None)
# The keywords of what the table paid and wrote down.
RECORDED_KEYWORDS = tuple(row.keyword for row in STATEMENTS if row.recorded and row.keyword)
# The keywords a player's name follows.
NAMED_KEYWORDS = tuple(row.keyword for row in STATEMENTS if row.names_player and row.keyword)
# The events the plain replay takes.
PLAIN_EVENTS = frozenset(row.keyword for row in STATEMENTS
                         if row.model is EventLine and row.plain_replay)
# An event's row by its kind (the events share a model class, so BY_TYPE holds one of them).
_EVENT_ROWS = {row.keyword: row for row in STATEMENTS if row.model is EventLine}


def row_of(stmt: Statement) -> StatementKind:
    """The row of ``stmt``'s kind (an event's own row, by its ``kind``)."""
    if type(stmt) is EventLine:
        return _EVENT_ROWS[stmt.kind]
    return BY_TYPE[type(stmt)]


def named_players(stmt: Statement) -> list[Name]:
    """The names ``stmt`` gives in its :attr:`StatementKind.player_fields`."""
    return [name for name in (getattr(stmt, field) for field in row_of(stmt).player_fields)
            if name is not None]
