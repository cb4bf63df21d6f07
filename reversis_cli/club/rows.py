"""A settled session as the archive's rows (docs/output.md, "reversis
archive: the club's SQLite database").

Each row is read off the settlement the session service made
(:class:`~reversis_cli.session.service.ScoredDeal`): the deal's facts, each
payment as it is, each trick as played, each player's share of the deal.
Nothing is computed again; amounts are exact, as numerator and denominator.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from functools import partial
from itertools import chain, islice
from fractions import Fraction

from ..cards import PACK
from ..dates import iso_day
from ..model import Header
from ..session.service import ScoredDeal, Session
from ..settle import DealSettlement, amount_json
from ..settle.codes import DealStatus
from ..settle.leandeal import LeanDeal
from .. import fastpaths
from .identity import identity_of_rows, paid_text, payment_texts, trick_texts
from .summary import ROLES, summarise
from .tally import Tally
from .trickjson import deal_tricks_text

__all__ = ["ROLES", "SessionRows", "session_row", "exact"]


# OR FAIL: a row that breaks a constraint ends the load as before (the error rolls the
# file's whole transaction back, club/transaction.py), and SQLite keeps no statement
# journal to undo the statement alone (with the foreign keys off while a file is loaded,
# club/archive.py's load_files: ~4 writes to a temporary file a deal, ~0.016 M
# instructions a deal, spared).
_INSERTS = {
    "deals": "INSERT OR FAIL INTO deals (session_id, deal, line, dealer, status, outcome, "
             "pool_before, pool_after, reversis, reversis_breaker, espagnolette, "
             "espagnolette_status) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "deal_players": "INSERT OR FAIL INTO deal_players (session_id, deal, player, seat, role, "
                    "tricks, points, net_num, net_den) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "payments": "INSERT OR FAIL INTO payments (session_id, deal, seq, payer, payee, amount_num, "
                "amount_den, code, rule, rules, trick) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "deal_tricks": "INSERT OR FAIL INTO deal_tricks (session_id, deal, tricks) VALUES (?, ?, ?)",
    "events": "INSERT OR FAIL INTO events (session_id, deal, seq, kind, player, trick, line) "
              "VALUES (?, ?, ?, ?, ?, ?, ?)",
    "notes": "INSERT OR FAIL INTO notes (session_id, deal, line, text) VALUES (?, ?, ?, ?)",
}


# None bound as NULL at once.  sqlite3 binds an int, a float, a str or bytes as it is;
# for any other value (None among them) it first looks for an adapter registered for
# its type, then asks for ``__adapt__`` and ``__conform__``, an AttributeError made and
# dropped each time (~3,300 instructions a None; a deal binds six to nine of them: the
# reversis and espagnolette columns of a deal without them, a payment of no trick).
# Registered, the adapter is found at the first look: ``{}.get(None)`` is None, which
# sqlite3 binds as NULL, as before.  For every connection of the process: the same
# NULL for every None, whoever binds it.  (Still ~1,000 instructions a None: a plain
# deal's rows bind a NaN instead, _NULL below; the reference's and the other rows, None.)
_NO_VALUE: dict[None, None] = {}
sqlite3.register_adapter(type(None), _NO_VALUE.get)

# The deals of a session whose identity rows are kept in memory, at most: a longer
# file's are read back from the database (memory stays bounded).  A deal keeps its row
# and the texts of its tricks and payments, about 1 KB: 10 MB at most.  (Reading the
# rows back costs more memory than that: a 10,000-deal file peaked at 76 MB reading
# them back, 69 MB keeping them.)
KEPT_DEALS = 10000

# Rows written by one INSERT with that many rows in its VALUES (each run of them one
# statement, prepared once): a third of SQLite's work a row is the statement's own
# (its cursors opened, the foreign key's parent found), not the row's.  At most 999
# parameters a statement, as SQLite before 3.32 allows.  Sixteen (64 before, issue 35):
# a statement of 64 rows costs SQLite ~0.8 M instructions to prepare (five tables:
# 0.013 M a deal of a 300-deal file), and inserting 3,000 deals' rows cost the same a
# deal by 16, 32 or 64 rows a statement (fewer rows are left to go one by one, too).
MANY = 16


def _values_of(statement: str, rows: int) -> str:
    head, values = statement.split(" VALUES ")
    return f"{head} VALUES {', '.join([values] * rows)}"


def insert(conn: sqlite3.Connection, statement: str, rows: list[tuple]) -> None:
    """``rows`` by ``statement`` (one row's INSERT), in their order: MANY at a time,
    the rest one by one."""
    width = len(rows[0])
    many = min(MANY, 999 // width)
    whole = len(rows) - len(rows) % many
    if whole:
        # each statement's values a tuple cut from the rows' values one after the
        # other (zip of one iterator: no list of them all, no slices)
        values = iter(chain.from_iterable(islice(rows, whole)))
        conn.executemany(_values_of(statement, many),
                         zip(*[values] * (width * many), strict=True))
    if whole < len(rows):
        conn.executemany(statement, rows[whole:])


def exact(amount: int | Fraction) -> tuple[int, int]:
    """An amount as (numerator, denominator): 5/2 is (5, 2), 7 is (7, 1)."""
    if type(amount) is int:
        return amount, 1
    return amount.numerator, amount.denominator


def _header_value(header: Header, keyword: str) -> str | None:
    line = header.get(keyword)
    return line.value if line is not None else None


def session_row(session: Session) -> tuple:
    """The session's columns after its id, path and hash: title, date, day,
    place, rules (the profile's name), options (JSON, as ``score --json``
    writes them), pool at the start and (until the deals are in) at the end."""
    header = session.record.header
    profile = session.profile
    assert profile is not None  # only a settleable session is stored
    date = _header_value(header, "date")
    start = amount_json(session.pool_start.amount)
    return (header.title, date, iso_day(date), _header_value(header, "place"), profile.name,
            json.dumps(profile.to_json_options(), ensure_ascii=False, sort_keys=True),
            start, start)


class SessionRows:
    """The rows of one session's deals, gathered a batch at a time and
    written with one ``executemany`` per table."""

    def __init__(self, session_id: int, players: tuple[str, ...]):
        self.session_id = session_id
        self.players = players
        self.seat_of = {name: seat for seat, name in enumerate(players)}
        self.rows: dict[str, list[tuple]] = {table: [] for table in _INSERTS}
        self.deals = 0  # deals gathered and not yet written
        # the summary counted as the rows are added (None: summed by SQL at the end)
        self.tally = Tally.of(players)
        # the rows the session's identity is made of, kept to make it without reading
        # them back (None: read back, by the reference or past KEPT_DEALS deals)
        self.kept: tuple[list[tuple], list[str], list[str]] | None = \
            None if fastpaths.REFERENCE else ([], [], [])
        self.names = {name: repr(name) for name in players if type(name) is str}
        # a payment's text of the identity after its deal and number (identity.paid_text)
        # by its five columns (payer, payee, num, den, code): most of a session's
        # payments repeat one made before (stakes, aces, parties)
        self.paid: dict[tuple, str] = {}
        # each seat's name as JSON and as repr writes it (None: a name not a str)
        # with what comes before and after each in a trick's texts (SessionRows._tricks):
        # the JSON's leader ``,"Anna","`` and taker ``","Anna",``, the identity's leader
        # ``, 'Anna', '`` and taker ``', 'Anna')``
        self.quoted = None
        if all(type(name) is str for name in players):  # each name's JSON written once
            written = [json.dumps(name, ensure_ascii=False) for name in players]
            self.quoted = (tuple(f',{text},"' for text in written),
                           tuple(f'",{text},' for text in written),
                           tuple(f", {name!r}, '" for name in players),
                           tuple(f"', {name!r})" for name in players))

    def header_notes(self, header: Header) -> None:
        for line in header.all("note"):
            self.rows["notes"].append((self.session_id, None, line.pos.line, line.value))

    def add(self, scored: ScoredDeal) -> None:
        """One settled deal's rows (and, with a tally, its figures counted)."""
        checked, lean = scored.checked, scored.lean
        replayed, deal = checked.replayed, checked.deal
        assert replayed is not None and deal is not None
        paid: str | None  # the payments' text of the identity, or None: made from their rows
        line = checked.pos.line  # the deal's own position (not Deal.pos: a property)
        if lean is not None and lean.names == self.players and not fastpaths.REFERENCE:
            deal_row, players, payments, paid = self._lean_rows(lean, line)
            # as bound: its last four columns, most often all None, as NaN (_NULL)
            stored = deal_row if deal_row[8:] != _NO_ROLES else deal_row[:8] + _NULL_ROLES
        else:  # the reference: the settlement's objects (made from a lean deal if one)
            deal_row, players, payments = self._settled_rows(scored, line)
            paid, stored = None, deal_row
        sid, number, rows = self.session_id, deal_row[1], self.rows
        texts = self._tricks(number, replayed)
        tricks: list[tuple] | Callable[[], list[tuple]]
        if texts is None:  # the reference: the rows, then the text of them (none of a
            tricks = _trick_rows(sid, number, replayed)  # void deal: it has no row)
            trick_text, identity_text = deal_tricks_text(tricks) if tricks else "", None
        else:  # what the tally reads of the rows (a quinola fallen: its trick's leader),
            trick_text, identity_text = texts  # made only if it asks
            tricks = partial(_trick_leaders, sid, number, replayed)
        event_rows = _event_rows(sid, number, deal, replayed) \
            if deal.events or replayed.revokes else []
        if self.tally is not None:
            self.tally.add(deal_row, players, payments, tricks, event_rows)
        if self.kept is not None:
            self._keep(deal_row, tricks, payments, identity_text, paid)
        rows["deals"].append(stored)
        rows["deal_players"].extend(players)
        rows["payments"].extend(payments)
        if texts is not None or tricks:  # a void deal has none, and no row (as the
            rows["deal_tricks"].append((sid, number, trick_text))  # migration makes them)
        if event_rows:
            rows["events"].extend(event_rows)
        if deal.notes:
            rows["notes"].extend((sid, number, note.pos.line, note.text) for note in deal.notes)
        self.deals += 1

    def _tricks(self, number: int, replayed) -> tuple[str, str] | None:
        """A plain deal's tricks as their text in deal_tricks (club/trickjson.py)
        and as the text of its tricks in the identity (:func:`.identity.trick_texts`
        of its rows, joined by ", "), both in one pass over the replay's rows,
        without making the rows (a deal where a player discarded two: over its
        tricks as walked, :meth:`_walked_tricks`).  None where the reference does
        it: not a plain deal or none of its tricks, a name that JSON or ``repr`` would write
        otherwise than :attr:`quoted` has it, tricks out of order or numbered
        past the small numbers, the switch of :mod:`..fastpaths` on."""
        plain, quoted = replayed.rows, self.quoted
        if quoted is None or replayed.players != self.players or fastpaths.REFERENCE:
            return None
        if plain is None and replayed.walked:  # a player discarded two (IRR-5)
            return self._walked_tricks(number, replayed.walked)
        if not plain:
            return None
        if not 0 < plain[0][0] <= plain[-1][0] < _SMALL:
            return None
        json_leader, json_taker, repr_leader, repr_taker = quoted
        code, point, small = _CODE, _POINTS, _NUMBERS
        parts, texts = [], []
        last, head = 0, f"({number}, "
        for trick, leader, a, b, c, d, taker in plain:
            if trick <= last:  # out of order
                return None
            last = trick
            cards = f"{code[a]} {code[b]} {code[c]} {code[d]}"
            # the numbers' texts looked up, not written again each time (a deal's 11 tricks)
            written = small[trick]
            parts.append(f"[{written}{json_leader[leader]}{cards}{json_taker[taker]}"
                         f"{small[point[a] + point[b] + point[c] + point[d]]}]")
            texts.append(f"{head}{written}{repr_leader[leader]}{cards}{repr_taker[taker]}")
        return f"[{','.join(parts)}]", ", ".join(texts)

    def _walked_tricks(self, number: int, walked) -> tuple[str, str] | None:
        """:meth:`_tricks` of a deal where a player discarded two, from its tricks
        as the replay walked them (``ReplayedDeal.walked``: number, leader, seats,
        taker and the card indexes in the order played, three in trick 11), as
        ``score --json`` writes them: the tricks are not made (``_trick_rows``
        would make them, each card's place found in its line's text, about 1 M
        instructions a deal).  None at tricks out of order or past the small
        numbers."""
        assert self.quoted is not None
        json_leader, json_taker, repr_leader, repr_taker = self.quoted
        code, point, small = _CODE, _POINTS, _NUMBERS
        parts, texts = [], []
        last, head = 0, f"({number}, "
        for trick, leader, _, taker, indexes in walked:
            if not last < trick < _SMALL:
                return None
            last = trick
            if len(indexes) == 4:  # tricks 1 to 10
                a, b, c, d = indexes
                cards = f"{code[a]} {code[b]} {code[c]} {code[d]}"
                points = point[a] + point[b] + point[c] + point[d]
            elif len(indexes) == 3:  # trick 11: the ten-card player passed over
                a, b, c = indexes
                cards = f"{code[a]} {code[b]} {code[c]}"
                points = point[a] + point[b] + point[c]
            else:
                return None
            written = small[trick]
            parts.append(f"[{written}{json_leader[leader]}{cards}{json_taker[taker]}"
                         f"{small[points]}]")
            texts.append(f"{head}{written}{repr_leader[leader]}{cards}{repr_taker[taker]}")
        return f"[{','.join(parts)}]", ", ".join(texts)

    def _settled_rows(self, scored: ScoredDeal, line: int
                      ) -> tuple[tuple, list[tuple], list[tuple]]:
        """The deal's, its players' and its payments' rows, from its settlement."""
        settlement = scored.settlement
        assert settlement is not None
        sid, number = self.session_id, settlement.number
        reversis, breaker = _reversis_roles(settlement)
        esp = settlement.espagnolette
        deal_row = (
            sid, number, line, settlement.dealer, str(settlement.status),
            str(settlement.outcome),
            amount_json(settlement.pool_before), amount_json(settlement.pool_after),
            reversis, breaker, esp[0] if esp else None, esp[1] if esp else None)
        payments = [(sid, number, seq, p.payer, p.payee, *exact(p.amount), str(p.code), p.rule,
                     " ".join(p.rules), p.trick)
                    for seq, p in enumerate(settlement.payments, 1)]
        return deal_row, self._players(settlement), payments

    def _lean_rows(self, lean: LeanDeal, line: int
                   ) -> tuple[tuple, list[tuple], list[tuple], str | None]:
        """The same rows from a plain deal's lean settlement (the fast twin of
        :meth:`_settled_rows`: no settlement objects made), its seats the
        session's; and its payments' text of the identity (None: made from
        the rows, where a value is not one :func:`.identity.paid_text` writes)."""
        # the lean deal's parts by one unpacking, not a look-up of each by name
        (number, names, dealer, _, outcome, won, points, _, _, _, esp, paid_lean, _,
         before, after, nets, maker, undertaker, breaker) = lean
        sid = self.session_id
        if maker is None:
            maker = undertaker
        deal_row = (
            sid, number, line, names[dealer], _PLAYED, str(outcome),
            before if type(before) is int else amount_json(before),
            after if type(after) is int else amount_json(after),
            names[maker] if maker is not None else None,
            names[breaker] if breaker is not None else None,
            esp[0] if esp else None, esp[1] if esp else None)
        roles = _ROTATIONS[dealer]
        # each amount's (numerator, denominator) as exact() makes it, without a call
        # and a tuple unpacked for each (most are int)
        players = []
        for seat, name in enumerate(names):
            net = nets[seat]
            if type(net) is int:
                num, den = net, 1
            else:
                num, den = net.numerator, net.denominator
            players.append((sid, number, name, seat, roles[seat], won[seat], points[seat],
                            num, den))
        # each payment's row, and its text of the identity made with it: the text of
        # its five columns looked up (made by paid_text the first time, None where a
        # value is not one it writes), two ints and two names not written again
        payments, texts = [], []
        known, codes, small = self.paid, _CODE_TEXTS, _NUMBERS
        opening = f"({number}, "
        whole = True
        seq = 0
        for payer, payee, amount, rule, trick, code, _, rules in paid_lean:
            seq += 1
            if type(amount) is int:
                num, den = amount, 1
            else:
                num, den = amount.numerator, amount.denominator
            written = codes.get(code)
            if written is None:
                written = _code_text(code)
            row = (sid, number, seq, payer, payee, num, den, written, rule, " ".join(rules),
                   trick if trick is not None else _NULL)
            payments.append(row)
            paid = (payer, payee, num, den, written)  # row[3:8], without a slice made
            text = known.get(paid)
            if text is None:
                text = paid_text(paid)
                if text is None:
                    whole = False
                    continue
                if len(known) < _KNOWN_PAID:
                    known[paid] = text
            texts.append(f"{opening}{small[seq] if seq < _SMALL else seq}, {text}")
        return deal_row, players, payments, ", ".join(texts) if whole else None

    def _players(self, settlement: DealSettlement) -> list[tuple]:
        dealer = self.seat_of.get(settlement.dealer, 0)
        sid, number = self.session_id, settlement.number
        net, won, points = settlement.net, settlement.tricks_won, settlement.points
        return [(sid, number, name, seat, ROLES[(seat - dealer) % 4], won.get(name, 0),
                 points.get(name, 0), *exact(net.get(name, 0)))
                for seat, name in enumerate(self.players)]

    def _keep(self, deal: tuple, tricks: list[tuple] | Callable[[], list[tuple]],
              payments: list[tuple], text: str | None, paid: str | None) -> None:
        """Keep what the identity is made of: a deal's row, ``text``, its tricks'
        texts joined (None: made here from its rows ``tricks``), and ``paid``, its
        payments' texts joined (None: made here from their rows ``payments``)."""
        kept = self.kept
        assert kept is not None
        if len(kept[0]) >= KEPT_DEALS:  # a file that long: its rows are read back
            self.kept = None
            return
        if text is None:
            assert not callable(tricks), "a deal without its texts has its trick rows"
            texts = trick_texts(tricks, self.names)
            if texts is None:  # a value repr would write otherwise: the rows are read back
                self.kept = None
                return
            text = ", ".join(texts)
        if paid is None:
            paid = payment_texts(payments)
            if paid is None:  # a value repr would write otherwise: the rows are read back
                self.kept = None
                return
        kept[0].append(deal)
        if text:  # a void deal has no trick
            kept[1].append(text)
        if paid:
            kept[2].append(paid)

    def identity(self, session: tuple) -> str | None:
        """The session's identity (club/identity.py) made from the rows kept,
        ``session`` being its row as :func:`session_row` gives it; None when the
        rows must be read back for it."""
        if self.kept is None:
            return None
        title, date, _, place, rules, _, pool_start, _ = session
        return identity_of_rows((title, date, place, rules, pool_start),
                                self.players, *self.kept)

    def summarise(self, conn: sqlite3.Connection) -> None:
        """The session's summary rows, once all its rows are written: counted
        as they were added (the tally), or by the reference's SQL."""
        if self.tally is None:
            summarise(conn, self.session_id)
        else:
            self.tally.write(conn, self.session_id, insert)

    def write(self, conn: sqlite3.Connection) -> None:
        """Write the rows gathered (inside the caller's transaction)."""
        for table, rows in self.rows.items():
            if rows:
                insert(conn, _INSERTS[table], rows)
                rows.clear()
        self.deals = 0

    @staticmethod
    def pool_end(session: Session) -> int | str:
        return amount_json(session.pool_end)


def _reversis_roles(settlement: DealSettlement) -> tuple[str | None, str | None]:
    """Who made or undertook a reversis, and who broke it, as the settlement
    names them (None, None in a deal without one)."""
    return settlement.reversis_maker or settlement.undertaker, settlement.breaker


# NULL as a plain deal's rows bind it: a NaN, which SQLite stores as NULL (it binds no
# NaN: sqlite3_bind_double makes it a NULL), bound as a float is, without the adapter
# None goes through (~150 instructions instead of ~1,000; a deal binds four to eight).
_NULL = float("nan")
_NO_ROLES = (None, None, None, None)
_NULL_ROLES = (_NULL, _NULL, _NULL, _NULL)

# The order of a lean deal's parts that SessionRows._lean_rows unpacks.
assert LeanDeal._fields == (
    "number", "names", "dealer", "partie_cards", "outcome", "won", "points", "partie_value",
    "winners", "losers", "espagnolette", "payments", "cancelled", "pool_before", "pool_after",
    "net", "maker", "undertaker", "breaker")

# A played deal's status, as its row holds it.
_PLAYED = str(DealStatus.PLAYED)

# The seats' roles when the seat of that index deals.
_ROTATIONS = tuple(tuple(ROLES[(seat - dealer) % 4] for seat in range(4)) for dealer in range(4))

# Each card of the pack by index: its code and its points.  A code is written as it
# is between quotes in the JSON and in repr's text of the identity (SessionRows._tricks):
# letters and digits only.
_CODE = tuple(card.code for card in PACK)
assert all(code.isascii() and code.isalnum() for code in _CODE)
# The texts of the small numbers, a trick's points among them (SessionRows._tricks).
_SMALL = 64
_NUMBERS = tuple(str(n) for n in range(_SMALL))
_POINTS = tuple(card.points for card in PACK)
assert 4 * max(_POINTS) < _SMALL


# Each payment code met: its text in the row (``str``).  A code's hash is its text's.
_CODE_TEXTS: dict[object, str] = {}

# The payments' texts a session keeps (SessionRows.paid), at most: one for each payer,
# payee, amount and code met, a few hundred in a season's evening (the pool's takings
# are of many amounts).
_KNOWN_PAID = 4096


def _code_text(code: object) -> str:
    """What :data:`_CODE_TEXTS` holds of ``code``, made and kept."""
    written = _CODE_TEXTS[code] = str(code)
    return written


def _trick_rows(sid: int, number: int, replayed) -> list[tuple]:
    """The tricks' rows.  A plain deal's (the fast path) are read off its
    replay's rows, as the trick objects would give them, without making those
    objects or the trick lines' words they point to (a third of the archive's
    time, issue 30's benchmark)."""
    names = replayed.players
    plain = replayed.rows
    if plain is None:
        return [(sid, number, t.number, names[t.leader], " ".join([p.card.code for p in t.plays]),
                 names[t.taker], t.points) for t in replayed.tricks]
    return [(sid, number, trick, names[leader], f"{_CODE[a]} {_CODE[b]} {_CODE[c]} {_CODE[d]}",
             names[taker], _POINTS[a] + _POINTS[b] + _POINTS[c] + _POINTS[d])
            for trick, leader, a, b, c, d, taker in plain]


def _trick_leaders(sid: int, number: int, replayed) -> list[tuple]:
    """The first four columns of a plain deal's trick rows (session_id, deal,
    trick, leader), all the tally reads of them (club/tally.py's ``_fallen``):
    from its replay's rows or, where a player discarded two, its tricks as
    walked, without the cards' texts written or those tricks made (about 1 M
    instructions, ``_trick_rows``)."""
    names = replayed.players
    plain = replayed.rows
    found = plain if plain is not None else replayed.walked
    return [(sid, number, row[0], names[row[1]]) for row in found]


def _event_rows(sid: int, number: int, deal, replayed) -> list[tuple]:
    """The deal's events: its event lines, then each revoke the replay found."""
    names = replayed.players
    events: list[tuple[str, str | None, int | None, int | None]] = [
        (e.kind, e.player.text if e.player else None, e.trick, e.pos.line)
        for e in deal.events]
    events += [("revoke", names[r.seat], r.trick,
                r.pos.line if r.pos else _trick_line(replayed, r.trick))
               for r in replayed.revokes]
    return [(sid, number, seq, *event) for seq, event in enumerate(events, 1)]


def _trick_line(replayed, number: int | None) -> int | None:
    for trick in replayed.tricks:
        if trick.number == number and trick.line is not None:
            return trick.line.pos.line
    return None
