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
_Counted = tuple[int, str, "tuple[str, int, int] | None"]
_ACTIONS: dict[str, str | _Counted] = {
    **{code: _PARTIE_PAID for code in _PARTIE}, **{code: _POOL_PAID for code in _POOL_TAKEN},
    _FALLEN: _FALLEN,
    **{code: (_COLUMN["payee"], figure, _BETWEEN.get(code)) for code, figure in _BY_PAYEE.items()},
    **{code: (_COLUMN["payer"], figure, _BETWEEN.get(code)) for code, figure in _BY_PAYER.items()},
}


class Tally:
    """The summary of one session, counted deal by deal from its rows."""

    __slots__ = ("players", "counts", "amounts", "between", "played", "lost", "takings",
                 "roles")

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        # (player, role, figure) -> count; (player, role, figure, den) -> [count, num]
        self.counts: dict[tuple[str, str, str], int] = {}
        self.amounts: dict[tuple[str, str, str, int], list[int]] = {}
        self.between: dict[tuple[str, str, str], int] = {}
        self.played: list[int] = []  # the deals played, as added
        self.lost: dict[str, set[int]] = {}  # a partie's loser -> its deals
        self.takings: list[tuple[int, str, Fraction]] = []  # (deal, taker, amount)
        self.roles: dict[str, dict[str, str]] = {}  # the first seat's role -> each name's

    @classmethod
    def of(cls, players: tuple[str, ...]) -> Tally | None:
        """A tally for a session seating ``players``; None when the SQL must sum it."""
        if fastpaths.REFERENCE or len(set(players)) != len(players) \
                or frozenset(COUNTS) != _KNOWN or not _BETWEEN.keys() <= _ACTIONS.keys():
            return None
        return cls(players)

    def add(self, deal: tuple, players: list[tuple], payments: list[tuple],
            tricks: list[tuple], events: list[tuple]) -> None:
        """One deal's rows, as :class:`.rows.SessionRows` inserts them."""
        number = deal[1]
        # the join with deal_players: each name's role, one of four rotations of them
        role = self.roles.get(players[0][4])
        if role is None:
            role = self.roles[players[0][4]] = {row[2]: row[4] for row in players}
        counts, amounts = self.counts, self.amounts

        def count(player: str | None, figure: str) -> None:
            found = role.get(player) if player is not None else None
            if player is not None and found is not None:
                key = (player, found, figure)
                counts[key] = counts.get(key, 0) + 1

        for row in players:
            net = (row[2], row[4], NET, row[8])
            found = amounts.get(net)
            if found is None:
                amounts[net] = [1, row[7]]
            else:
                found[0] += 1
                found[1] += row[7]
        if deal[4] == "played":
            self.played.append(number)
        if deal[8] is not None or deal[9] is not None or deal[10] is not None:
            self._deal_figures(deal, count)
        partie: list[tuple] = []
        for row in payments:
            action = _ACTIONS.get(row[7])
            if action is None:
                continue  # a payment no figure counts
            if action is _PARTIE_PAID:
                partie.append(row)
            elif action is _POOL_PAID:
                self._pool(row, role, count)
            elif action is _FALLEN:
                self._fallen(row, tricks, count)
            else:
                assert isinstance(action, tuple)
                by, figure, between = action
                count(row[by], figure)
                if between is not None:
                    pair = (between[0], row[between[1]], row[between[2]])
                    self.between[pair] = self.between.get(pair, 0) + 1
        if partie:
            for name in {row[4] for row in partie}:
                count(name, "partie_won")
            for name in {row[3] for row in partie}:
                count(name, "partie_lost")
                self.lost.setdefault(name, set()).add(number)
        for row in events:
            kind, player = row[3], row[4]
            if player is not None:
                if kind == "revoke":
                    count(player, "revokes")
                elif kind != "unclaimed":
                    count(player, "irregularities")

    def _pool(self, row: tuple, role: dict[str, str], count) -> None:
        """A taking of the pool: counted, its amount summed by the taker's role,
        and kept for the biggest taking."""
        payee = row[4]
        count(payee, "pool_taken")
        if payee in role:
            _add_amount(self.amounts, (payee, role[payee], POOL_AMOUNT, row[6]), row[5])
        self.takings.append((row[1], payee, Fraction(row[5], row[6])))

    @staticmethod
    def _deal_figures(deal: tuple, count) -> None:
        """The figures of the whole deal: the reversis and the espagnolette."""
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
    def _fallen(payment: tuple, tricks: list[tuple], count) -> None:
        """QUIN-3's remise: led by its payer (the holder), or fallen under
        another's lead, by the leader of the payment's trick."""
        trick = payment[10]
        for row in tricks:
            if row[2] == trick:
                count(payment[3], "quinola_led" if row[3] == payment[3] else "quinola_fallen")
                return

    def write(self, conn: sqlite3.Connection, session_id: int) -> None:
        """The session's summary_figures, summary_between and summary_players
        rows (inside the transaction that inserted its rows)."""
        sid = session_id
        figures = [(sid, player, role, figure, den, n, num)
                   for (player, role, figure, den), (n, num) in self.amounts.items()]
        figures += [(sid, player, role, figure, 1, n, 0)
                    for (player, role, figure), n in self.counts.items()]
        conn.executemany(
            "INSERT INTO summary_figures (session_id, player, role, figure, den, count, num) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)", figures)
        conn.executemany(
            "INSERT INTO summary_between (session_id, kind, player, other, count) "
            "VALUES (?, ?, ?, ?, ?)",
            [(sid, *key, n) for key, n in self.between.items()])
        conn.executemany(
            "INSERT INTO summary_players (session_id, player, played, losses, run_first, "
            "run_last, run_longest, pool_best_num, pool_best_den, pool_best_deals) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", self.player_rows(sid))

    def player_rows(self, session_id: int) -> list[tuple]:
        """Each seated player's runs without losing a partie and biggest taking
        of the pool (with its deals), as the reference's ``_player_rows``."""
        played = sorted(self.played)
        place = {deal: n for n, deal in enumerate(played)}
        takings: dict[str, list[tuple[int, Fraction]]] = {}
        for deal, name, amount in sorted(self.takings, key=lambda taking: taking[0]):
            takings.setdefault(name, []).append((deal, amount))
        rows = []
        for name in self.players:
            marks = sorted(place[deal] for deal in self.lost.get(name, ()) if deal in place)
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
                key: tuple[str, str, str, int], num: int) -> None:
    found = amounts.get(key)
    if found is None:
        amounts[key] = [1, num]
    else:
        found[0] += 1
        found[1] += num
