"""What makes a stored session the same evening as another, and the rows a
session left behind when it was deleted without them (docs/output.md,
"reversis archive: the club's SQLite database").

A session's *identity* is the sha256 hash of what the archive stored of the
evening's play and money, read back from its own rows in a fixed order: the
header's facts (title, date, place, the profile's name, the pool it began
with), the players by seat, and each deal's dealer, status and outcome,
its tricks (leader, cards, taker) and its payments (who paid whom, how much,
under which code).  Line numbers, comments and the way the record is spelt
(notation or JSON, card style, order of statements, leaders written or not)
are not in it: a record moved, copied, reformatted by ``fmt`` or converted to
JSON has the identity of the original, and two evenings played differ in
their cards.  It is computed from the rows, so an archive of an older schema
gets it without its records (the migrations to versions 2 and 4).

The rule options are not in it (from version 4 on): what they do to the evening
is in its payments, and a release that adds an option adds it to every
evening's options, so an identity that hashed them would make a copy of an
evening archived before the release a new evening, counted twice
(docs/decisions.md, E58).
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence
from itertools import chain
from operator import itemgetter, lt

__all__ = ["CHILD_TABLES", "delete_session", "session_identity", "identity_of_rows",
           "trick_texts", "payment_texts", "paid_text", "orphan_sessions", "remove_orphans",
           "present"]

# Every table whose rows belong to a session (``session_id``), deleted with it
# (the analysis tables from version 3 on: an older archive has none of them;
# ``tricks`` up to version 4, ``deal_tricks`` from version 5, when ``tricks`` is a
# view of it, which :func:`present` does not count as a table).
CHILD_TABLES = ("players", "deals", "deal_players", "payments", "tricks", "deal_tricks",
                "events", "notes", "summary_figures", "summary_between", "summary_players",
                "analyses", "analysis_deals", "analysis_players")

# The rows that make the identity, each in a fixed order.
_IDENTITY_ROWS = (
    "SELECT title, date, place, rules, pool_start FROM sessions WHERE id = ?",
    "SELECT seat, name FROM players WHERE session_id = ? ORDER BY seat",
    "SELECT deal, dealer, status, outcome, pool_before, pool_after FROM deals "
    "WHERE session_id = ? ORDER BY deal",
    "SELECT deal, trick, leader, cards, taker FROM tricks WHERE session_id = ? "
    "ORDER BY deal, trick",
    "SELECT deal, seq, payer, payee, amount_num, amount_den, code FROM payments "
    "WHERE session_id = ? ORDER BY deal, seq",
)


def session_identity(conn: sqlite3.Connection, session_id: int) -> str:
    """The identity of the stored session ``session_id`` (see the module)."""
    # each table's rows as Python writes the list (repr)
    return _digest([repr(conn.execute(query, (session_id,)).fetchall())
                    for query in _IDENTITY_ROWS])


def _digest(texts: list[str]) -> str:
    digest = hashlib.sha256()
    for text in texts:
        # the text, then its newline: the same bytes hashed as the two joined, without
        # a copy of the text made to join them (a session's tricks: ~450 bytes a deal)
        digest.update(text.encode("utf-8", "surrogatepass"))
        digest.update(b"\n")
    return digest.hexdigest()


# What SQLite gives back of the values the identity reads: a value of another
# type (a subclass of str, a bool) could be written back otherwise by repr.
_AS_READ = frozenset((int, str, type(None)))
# The columns of the identity in the rows the archive inserts (club/rows.py's
# order: session_id, deal, ... ): deals, tricks, payments.
_DEAL_COLUMNS = itemgetter(1, 3, 4, 5, 6, 7)


def trick_texts(tricks: list[tuple], names: dict[str, str]) -> list[str] | None:
    """A deal's trick rows (as inserted) as ``repr`` writes their columns of the
    identity (deal, trick, leader, cards, taker), each row's text made at once
    rather than a tuple made to be written; ``names`` maps each player to the
    ``repr`` of the name.  None at a value ``repr`` would write otherwise than
    SQLite gives it back, or at tricks out of order."""
    texts = []
    last = 0
    for row in tricks:
        trick, cards = row[2], row[4]
        leader, taker = names.get(row[3]), names.get(row[5])
        if type(trick) is not int or trick <= last or type(cards) is not str \
                or leader is None or taker is None:
            return None
        last = trick
        texts.append(f"({row[1]}, {trick}, {leader}, {cards!r}, {taker})")
    return texts


def identity_of_rows(session: tuple, players: tuple[str, ...], deals: list[tuple],
                     tricks: list[str], payments: list[str]) -> str | None:
    """The identity :func:`session_identity` reads back, made from the rows as
    they were inserted (the fast twin: no reading back).  ``session``: the
    session's title, date, place, rules and first pool; ``deals`` as inserted,
    in the order of their numbers; ``tricks`` as :func:`trick_texts` writes
    them, deal after deal (or each deal's texts joined by ", ": the same text
    once joined); ``payments`` likewise, each deal's as :func:`payment_texts`
    writes them (a deal without payments leaves none).  None when a value is
    not of a type SQLite gives back as it is, or the deals are out of order
    (the reference then reads the rows)."""
    numbers = [deal[1] for deal in deals]
    if not all(map(lt, numbers, numbers[1:])):
        return None  # the tricks' texts would not be in the order of the deals
    tables = [[session], list(enumerate(players)), list(map(_DEAL_COLUMNS, deals))]
    if not set(map(type, chain.from_iterable(chain.from_iterable(tables)))) <= _AS_READ:
        return None
    # each deal's six columns as repr writes their tuple, of ints, texts and Nones: a
    # tuple's repr asks each time whether it is being written already (Py_ReprEnter,
    # a look-up in the thread's state), about 6,000 instructions a deal for this list
    written = [f"({a!r}, {b!r}, {c!r}, {d!r}, {e!r}, {f!r})" for a, b, c, d, e, f in tables[2]]
    return _digest([repr(tables[0]), repr(tables[1]), f"[{', '.join(written)}]",
                    f"[{', '.join(tricks)}]", f"[{', '.join(payments)}]"])


def _payment_texts(payments: list[tuple]) -> str | None:
    """``repr`` of the payments' columns of the identity (a list), or None
    (see :func:`payment_texts`)."""
    texts = payment_texts(payments)
    return None if texts is None else f"[{texts}]"


def payment_texts(payments: Sequence[tuple]) -> str | None:
    """``repr`` of the payments' columns of the identity, without the list's
    brackets ("" for none), made a payment at a time, the text of its last five
    columns made once for each that comes again (a season's stakes, aces and
    parties are few: most payments repeat one made before); None at a value of
    another type than int or str, or at payments out of order (they come in the
    order of their deals and numbers)."""
    known: dict[tuple, str] = {}
    texts = []
    last_deal = last_seq = 0
    for row in payments:
        deal, seq = row[1], row[2]
        # the amount's too: a float equal to an int would find the int's text
        if type(deal) is not int or type(seq) is not int or type(row[5]) is not int \
                or type(row[6]) is not int:
            return None
        if deal != last_deal:
            if deal < last_deal:
                return None
            last_deal = deal
        elif seq <= last_seq:
            return None
        last_seq = seq
        paid = row[3:8]  # payer, payee, amount_num, amount_den, code
        text = known.get(paid)
        if text is None:
            text = paid_text(paid)
            if text is None:
                return None
            known[paid] = text
        texts.append(f"({deal}, {seq}, {text}")
    return ", ".join(texts)


def paid_text(paid: tuple) -> str | None:
    """``repr`` of (payer, payee, num, den, code) without its opening bracket;
    None at a value of another type.  (A str's subclass equal to a str finds
    the str's text: SQLite gives it back as that str.)"""
    payer, payee, num, den, code = paid
    if type(payer) is not str or type(payee) is not str or type(num) is not int \
            or type(den) is not int or type(code) is not str:
        return None
    return f"{payer!r}, {payee!r}, {num}, {den}, {code!r})"


def orphan_sessions(conn: sqlite3.Connection, tables: tuple[str, ...] = CHILD_TABLES
                    ) -> set[int]:
    """The session ids that rows of ``tables`` name and the sessions table does
    not: a session deleted with foreign keys off (the sqlite3 shell's default).

    Each table is searched only between the sessions' ids (:data:`_BETWEEN`):
    below the first, above the last, and between each id and the next, a seek
    in the table's index on ``session_id`` each, rather than a read of every
    row, which ``archive`` paid at the start of every run (about 6,000
    instructions a deal stored, 613 M on 100,000 deals).  A value no session
    has is in one of those ranges whatever its type (SQLite puts every text
    after every number), so the ids found are the ones ``NOT IN`` the sessions
    finds (:data:`_NOT_A_SESSION`, still asked of a table without such an
    index, of an archive with no session, and of one whose sessions hold fewer
    than :data:`_DEALS_FOR_RANGES` deals on average, where reading the rows
    costs less than a seek for each session)."""
    found: set[int] = set()
    tables = present(conn, tables)
    if not tables:
        return found
    sessions, deals = conn.execute("SELECT count(*), total(deals) FROM sessions").fetchone()
    # a range costs a seek in each table (~4,000 instructions), a row read ~400: the
    # rows are read where the sessions are short (a few deals each)
    indexed = _indexed_by_session(conn, tables) \
        if sessions and deals >= _DEALS_FOR_RANGES * sessions else set()
    for table in tables:
        query = _BETWEEN if table in indexed else _NOT_A_SESSION
        found.update(sid for sid, in conn.execute(query.format(table=table)))
    return found


# The deals a session holds on average from which the ranges are sought rather than
# every row read.
_DEALS_FOR_RANGES = 16

# The definition: every row's session id looked up among the sessions' (a read of
# the whole table).
_NOT_A_SESSION = ("SELECT DISTINCT session_id FROM {table} "
                  "WHERE session_id NOT IN (SELECT id FROM sessions)")
# The same ids, sought in the ranges where no session is: each of the three SELECTs
# a range of the index on session_id (CROSS JOIN: the sessions' ranges walked
# first, one seek in the table each).  The sessions table must not be empty (its
# min and max would be NULL, and no range found).
_BETWEEN = (
    "SELECT session_id FROM {table} WHERE session_id < (SELECT min(id) FROM sessions) "
    "UNION SELECT session_id FROM {table} WHERE session_id > (SELECT max(id) FROM sessions) "
    "UNION SELECT rows.session_id FROM (SELECT id AS low, (SELECT min(id) FROM sessions AS "
    "later WHERE later.id > this.id) AS high FROM sessions AS this) AS gaps "
    "CROSS JOIN {table} AS rows WHERE rows.session_id > gaps.low "
    "AND rows.session_id < gaps.high")


def _indexed_by_session(conn: sqlite3.Connection, tables: tuple[str, ...]) -> set[str]:
    """Those of ``tables`` with an index whose first column is ``session_id``
    (a primary key's too): every child table of this version has one, an
    archive of an older version being migrated may not."""
    return {table for table in tables for found, in conn.execute(
        "SELECT EXISTS (SELECT 1 FROM pragma_index_list(?) AS list, "
        "pragma_index_info(list.name) AS info "
        "WHERE info.seqno = 0 AND info.name = 'session_id')", (table,)) if found}


def delete_session(conn: sqlite3.Connection, session_id: int) -> None:
    """Delete the session ``session_id`` and its rows in every table, as the
    foreign keys' cascade does (the archive loads its files with them off)."""
    for table in present(conn, CHILD_TABLES):
        conn.execute(f"DELETE FROM {table} WHERE session_id = ?", (session_id,))
    conn.execute("DELETE FROM sessions WHERE id = ?", (session_id,))


def remove_orphans(conn: sqlite3.Connection) -> int:
    """Delete the rows of sessions that are gone (inside the caller's
    transaction); how many such sessions there were."""
    gone = orphan_sessions(conn)
    for table in present(conn, CHILD_TABLES):
        conn.executemany(f"DELETE FROM {table} WHERE session_id = ?", [(s,) for s in gone])
    return len(gone)


def present(conn: sqlite3.Connection, tables: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``tables`` the archive has (an archive of an older version
    lacks the tables added since)."""
    there = {name for name, in conn.execute(
        "SELECT name FROM main.sqlite_master WHERE type = 'table'")}
    return tuple(table for table in tables if table in there)
