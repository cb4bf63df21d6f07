"""A session's summary counted in Python as its rows are added: the fast twin
of :func:`.summary.summarise` (docs/contributing.md, "Fast paths").

The SQL of :mod:`.summary` stays the definition of every figure (its
:data:`~.summary.OCCURRENCES` name the deals of a figure when ``stats`` lists
them).  This twin reads the very row tuples that :class:`.rows.SessionRows`
inserts, deal by deal, and keeps the same groups the SQL makes of them (a
count by the doer's role in the deal, found by a join with ``deal_players``;
a partie once per deal; the quinola's fall by its trick's leader), so that the
summary tables get the same rows without 28 statements a session.  It gives
up, and the SQL sums the session, when the switch of
:mod:`reversis_cli.fastpaths` is on, when two seats of the session bear one
name (a join could then find two roles), or when the SQL names a count this
module does not know.  ``tests/test_archive_tally.py`` holds the two to the same
rows.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from fractions import Fraction
from itertools import pairwise

from .. import fastpaths
from .summary import BETWEEN, COUNTS, NET, POOL_AMOUNT

__all__ = ["Tally"]

_PARTIE = frozenset(("partie_lost", "partie_lost_vis_a_vis"))
_POOL_TAKEN = frozenset(("pool_taken_reversis", "pool_taken_quinola",
                         "pool_taken_espagnolette"))
# A payment's code -> the count of its payee, of its payer (as OCCURRENCES says).
_BY_PAYEE = {"quinola_placed": "quinola_placed", "quinola_forced": "quinola_forced",
             "ace_placed": "ace_placed", "ace_forced": "ace_forced"}
_BY_PAYER = {"remise_quinola_forced": "quinola_lost_forced"}
_FALLEN = "remise_quinola_fallen"
# The counts this module makes: the SQL's must be these, or the SQL sums the session.
_KNOWN = frozenset((
    "partie_won", "partie_lost", "quinola_placed", "quinola_forced", "quinola_lost_forced",
    "quinola_led", "quinola_fallen", "ace_placed", "ace_forced", "reversis_undertaken",
    "reversis_made", "reversis_broken", "reversis_broke", "espagnolette_held",
    "espagnolette_won", "espagnolette_failed", "revokes", "irregularities", "pool_taken"))
# A payment row's columns (rows._INSERTS["payments"]): payer, payee as BETWEEN names them.
_COLUMN = {"payer": 3, "payee": 4}
_BETWEEN = {code: (kind, _COLUMN[by], _COLUMN[of]) for kind, code, by, of in BETWEEN}
# What a payment's code makes of it, looked up once: a partie's (its payer lost, its
# payee won, once a deal), a taking of the pool, the quinola's fall, or (the column
# of the one counted, the count, who did it to whom or None).  A code not here
# counts in no figure.
_PARTIE_PAID, _POOL_PAID = "partie", "pool"
_Counted = tuple[int, str, "str | None", int, int]
_ACTIONS: dict[str, str | _Counted] = {
    **{code: _PARTIE_PAID for code in _PARTIE}, **{code: _POOL_PAID for code in _POOL_TAKEN},
    _FALLEN: _FALLEN,
    **{code: (_COLUMN["payee"], figure, *_BETWEEN.get(code, (None, 0, 0)))
       for code, figure in _BY_PAYEE.items()},
    **{code: (_COLUMN["payer"], figure, *_BETWEEN.get(code, (None, 0, 0)))
       for code, figure in _BY_PAYER.items()},
}
# The summary's rows, one row's statement each (OR FAIL, as the deals' rows: written many
# a statement, and with OR FAIL SQLite keeps no statement journal for one of many rows).
_FIGURES = ("INSERT OR FAIL INTO summary_figures (session_id, player, role, figure, den, "
            "count, num) VALUES (?, ?, ?, ?, ?, ?, ?)")
_BETWEEN_ROWS = ("INSERT OR FAIL INTO summary_between (session_id, kind, player, other, "
                 "count) VALUES (?, ?, ?, ?, ?)")
_PLAYERS = ("INSERT OR FAIL INTO summary_players (session_id, player, played, losses, "
            "run_first, run_last, run_longest, pool_best_num, pool_best_den, pool_best_deals) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
# A name's counts in one role: figure -> count.
_Cell = dict[str, int]


class Tally:
    """The summary of one session, counted deal by deal from its rows."""

    __slots__ = ("players", "cells", "amounts", "between", "played", "lost", "takings",
                 "rotations")

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        # (player, role) -> figure -> count; (player, role, figure, den) -> [count, num]
        self.cells: dict[tuple[str, str], _Cell] = {}
        self.amounts: dict[tuple[str, str, str, int], list[int]] = {}
        # kind -> who -> to whom -> count (keyed by names: their hashes are kept)
        self.between: dict[str, dict[str, dict[str, int]]] = {
            kind: {} for kind, _, _ in _BETWEEN.values()}
        self.played: list[int] = []  # the deals played, as added
        self.lost: dict[str, list[int]] = {}  # a partie's loser -> its deals
        # (deal, taker, amount): an int where whole (a Fraction of it is its equal)
        self.takings: list[tuple[int, str, int | Fraction]] = []
        # the first seat's role (one of four rotations) -> each name's role, each
        # name's cell, and [its (name, role)s, deals, each seat's whole nets summed]
        self.rotations: dict[str, tuple[dict[str, str], dict[str, _Cell], list]] = {}

    @classmethod
    def of(cls, players: tuple[str, ...]) -> Tally | None:
        """A tally for a session seating ``players``; None when the SQL must sum it."""
        if fastpaths.REFERENCE or len(set(players)) != len(players) \
                or frozenset(COUNTS) != _KNOWN or not _BETWEEN.keys() <= _ACTIONS.keys():
            return None
        return cls(players)

    def add(self, deal: tuple, players: list[tuple], payments: list[tuple],
            tricks: list[tuple] | Callable[[], list[tuple]], events: list[tuple]) -> None:
        """One deal's rows, as :class:`.rows.SessionRows` inserts them; ``tricks``,
        its trick rows, or what makes them (asked for only by the quinola fallen,
        which reads their trick and leader, the third and fourth columns: a plain
        deal's are made of those alone)."""
        # the join with deal_players: each name's role, one of four rotations of them
        rotation = self.rotations.get(players[0][4])
        if rotation is None:
            rotation = self._rotation(players)
        role, cell_of, nets = rotation
        # the nets summed by rotation in one pass where each is whole (else by key)
        if len(players) == 4 and len(nets) == 6:
            a, b, c, d = players
            whole = a[8] == b[8] == c[8] == d[8] == 1
        else:
            whole = False
        if whole:
            nets[1] += 1
            nets[2] += a[7]
            nets[3] += b[7]
            nets[4] += c[7]
            nets[5] += d[7]
        else:
            self._nets(players)
        if deal[8] is not None or deal[9] is not None or deal[10] is not None:
            self._deal_figures(deal, cell_of)
        if deal[4] == "played":
            self.played.append(deal[1])
        partie = None
        for row in payments:
            action = _ACTIONS.get(row[7])
            if action is None:
                continue  # a payment no figure counts
            if action is _PARTIE_PAID:
                if partie is None:
                    partie = [row]
                else:
                    partie.append(row)
            elif action.__class__ is tuple:
                by, figure, kind, who, whom = action  # type: ignore[misc]
                cell = cell_of.get(row[by])
                if cell is not None:
                    cell[figure] = cell.get(figure, 0) + 1
                if kind is not None:
                    by_whom = self.between[kind]
                    others = by_whom.get(row[who])
                    if others is None:
                        others = by_whom[row[who]] = {}
                    others[row[whom]] = others.get(row[whom], 0) + 1
            elif action is _POOL_PAID:
                self._pool(row, role, cell_of)
            else:
                self._fallen(row, tricks, cell_of)
        if partie is not None and len(partie) == 1:  # most deals: one winner, one loser
            row = partie[0]
            cell = cell_of.get(row[4])
            if cell is not None:
                cell["partie_won"] = cell.get("partie_won", 0) + 1
            cell = cell_of.get(row[3])
            if cell is not None:
                cell["partie_lost"] = cell.get("partie_lost", 0) + 1
            deals = self.lost.get(row[3])
            if deals is None:
                self.lost[row[3]] = [deal[1]]
            else:
                deals.append(deal[1])
        elif partie is not None:
            self._partie(deal[1], partie, cell_of)
        if events:
            self._events(events, cell_of)

    def _rotation(self, players: list[tuple]) -> tuple[dict[str, str], dict[str, _Cell], list]:
        """The roles of one rotation of the seats, first met in ``players``."""
        role = {row[2]: row[4] for row in players}
        cell_of = {name: self.cells.setdefault((name, found), {}) for name, found in role.items()}
        nets = [tuple((row[2], row[4]) for row in players), 0, *(0 for _ in players)]
        rotation = self.rotations[players[0][4]] = (role, cell_of, nets)
        return rotation

    def _nets(self, players: list[tuple]) -> None:
        """The players' nets, each summed by its key (not all whole)."""
        for row in players:
            _add_amount(self.amounts, (row[2], row[4], NET, row[8]), row[7])

    def _partie(self, number: int, partie: list[tuple], cell_of: dict[str, _Cell]) -> None:
        """A partie's payments: their payees won it, their payers lost it (once
        a deal each)."""
        lost = self.lost
        won: list[str] = []
        losers: list[str] = []
        for row in partie:
            if row[4] not in won:
                won.append(row[4])
            if row[3] not in losers:
                losers.append(row[3])
        for name in won:
            _count(cell_of, name, "partie_won")
        for name in losers:
            _count(cell_of, name, "partie_lost")
            deals = lost.get(name)
            if deals is None:
                lost[name] = [number]
            else:
                deals.append(number)

    def _events(self, events: list[tuple], cell_of: dict[str, _Cell]) -> None:
        """A revoke or another irregularity, counted for the player it names."""
        for row in events:
            kind, player = row[3], row[4]
            if player is not None:
                if kind == "revoke":
                    _count(cell_of, player, "revokes")
                elif kind != "unclaimed":
                    _count(cell_of, player, "irregularities")

    def _pool(self, row: tuple, role: dict[str, str], cell_of: dict[str, _Cell]) -> None:
        """A taking of the pool: counted, its amount summed by the taker's role,
        and kept for the biggest taking."""
        payee = row[4]
        _count(cell_of, payee, "pool_taken")
        if payee in role:
            _add_amount(self.amounts, (payee, role[payee], POOL_AMOUNT, row[6]), row[5])
        self.takings.append((row[1], payee, row[5] if row[6] == 1 else Fraction(row[5], row[6])))

    @staticmethod
    def _deal_figures(deal: tuple, cell_of: dict[str, _Cell]) -> None:
        """The figures of the whole deal: the reversis and the espagnolette."""

        def count(player: str | None, figure: str) -> None:
            _count(cell_of, player, figure)

        outcome, reversis, breaker, esp, esp_status = deal[5], deal[8], deal[9], deal[10], \
            deal[11]
        if reversis is not None:
            count(reversis, "reversis_undertaken")
            if outcome == "reversis":
                count(reversis, "reversis_made")
            elif outcome == "reversis_broken":
                count(reversis, "reversis_broken")
        count(breaker, "reversis_broke")
        if esp is not None:
            count(esp, "espagnolette_held")
            if esp_status == "success":
                count(esp, "espagnolette_won")
            elif esp_status == "failed":
                count(esp, "espagnolette_failed")

    @staticmethod
    def _fallen(payment: tuple, tricks: list[tuple] | Callable[[], list[tuple]],
                cell_of: dict[str, _Cell]) -> None:
        """QUIN-3's remise: led by its payer (the holder), or fallen under
        another's lead, by the leader of the payment's trick."""
        trick = payment[10]
        for row in tricks() if callable(tricks) else tricks:
            if row[2] == trick:
                _count(cell_of, payment[3],
                       "quinola_led" if row[3] == payment[3] else "quinola_fallen")
                return

    def write(self, conn: sqlite3.Connection, session_id: int,
              insert: Callable[[sqlite3.Connection, str, list[tuple]], None]) -> None:
        """The session's summary_figures, summary_between and summary_players
        rows (inside the transaction that inserted its rows), each table's by
        ``insert(conn, statement, rows)``: club/rows.py's, many rows a statement
        as the deals' (a hundred-deal evening has ~180 figures, one statement
        each before)."""
        for statement, rows in ((_FIGURES, self.figure_rows(session_id)),
                                (_BETWEEN_ROWS, self.between_rows(session_id)),
                                (_PLAYERS, self.player_rows(session_id))):
            if rows:
                insert(conn, statement, rows)

    def between_rows(self, session_id: int) -> list[tuple]:
        """The session's summary_between rows: who did what to whom, how often."""
        return [(session_id, kind, who, whom, n) for kind, by_whom in self.between.items()
                for who, others in by_whom.items() for whom, n in others.items()]

    def figure_rows(self, session_id: int) -> list[tuple]:
        """The session's summary_figures rows: the amounts (the nets summed by
        rotation added to their keys) and the counts."""
        amounts = {key: list(found) for key, found in self.amounts.items()}
        for _, _, (seated, deals, *nums) in self.rotations.values():
            if deals:
                for (player, role), num in zip(seated, nums, strict=True):
                    _add_amount(amounts, (player, role, NET, 1), num, deals)
        figures = [(session_id, player, role, figure, den, n, num)
                   for (player, role, figure, den), (n, num) in amounts.items()]
        figures += [(session_id, player, role, figure, 1, n, 0)
                    for (player, role), cell in self.cells.items() for figure, n in cell.items()]
        return figures

    def player_rows(self, session_id: int) -> list[tuple]:
        """Each seated player's runs without losing a partie and biggest taking
        of the pool (with its deals), as the reference's ``_player_rows``."""
        played = sorted(self.played)
        place = {deal: n for n, deal in enumerate(played)}
        takings: dict[str, list[tuple[int, int | Fraction]]] = {}
        for deal, name, amount in sorted(self.takings, key=lambda taking: taking[0]):
            takings.setdefault(name, []).append((deal, amount))
        rows = []
        for name in self.players:
            marks = sorted(place[deal] for deal in set(self.lost.get(name, ())) if deal in place)
            edges = [-1, *marks, len(played)]
            runs = [after - before - 1 for before, after in pairwise(edges)]
            taken = takings.get(name, [])
            best = max((amount for _, amount in taken), default=None)
            rows.append((
                session_id, name, len(played), len(marks), runs[0], runs[-1], max(runs),
                best.numerator if best is not None else None,
                best.denominator if best is not None else None,
                " ".join(str(deal) for deal, amount in taken if amount == best)
                if best is not None else None))
        return rows


def _add_amount(amounts: dict[tuple[str, str, str, int], list[int]],
                key: tuple[str, str, str, int], num: int, deals: int = 1) -> None:
    found = amounts.get(key)
    if found is None:
        amounts[key] = [deals, num]
    else:
        found[0] += deals
        found[1] += num


def _count(cell_of: dict[str, _Cell], player: str | None, figure: str) -> None:
    """One more of ``figure`` for ``player`` in the role it has in the deal
    (none for a name not seated, as the SQL's join finds none)."""
    cell = cell_of.get(player) if player is not None else None
    if cell is not None:
        cell[figure] = cell.get(figure, 0) + 1
