"""Each session's figures, summed once when ``archive`` stores it (docs/output.md,
"The schema (version 5)", its summary_ tables).

``stats`` of a season reads these few rows per session and player instead of
every deal's: a figure is counted here, by SQL over the rows just inserted for
the session, in the transaction that inserts them; nothing is settled again,
and the counts are the ones :data:`OCCURRENCES` lists (the same SQL names the
deals of each figure when ``stats`` is asked for them).  Amounts stay exact:
summed by denominator, as numerator and denominator.
"""

from __future__ import annotations

import sqlite3
from itertools import pairwise
from fractions import Fraction

__all__ = ["ROLES", "OCCURRENCES", "COUNTS", "BETWEEN", "PARTIE", "POOL_TAKEN", "NET",
           "POOL_AMOUNT", "summarise", "occurrences"]

# A seat's role in a deal, by its place after the dealer's (first hand leads).
ROLES = ("dealer", "first_hand", "second_hand", "third_hand")

PARTIE = "('partie_lost', 'partie_lost_vis_a_vis')"
# A taking of the pool (the only payments from the pool: REV-1, QUIN-1, ESP-4),
# looked up by its code's index.
POOL_TAKEN = "('pool_taken_reversis', 'pool_taken_quinola', 'pool_taken_espagnolette')"

# The amounts of summary_figures (the other figures are the counts' keys).
NET = "net"
POOL_AMOUNT = "pool_taken_amount"

# Each count: the SQL that lists its occurrences as (player, session_id, deal).
# ``{chosen}`` is the condition on ``session_id`` that keeps the sessions wanted
# (one session when it is summed, a period's when its deals are named).  A
# figure of the whole deal (a partie, a reversis, an espagnolette) is one
# occurrence per deal; a card or an event, one per payment or line.
OCCURRENCES: dict[str, str] = {
    # the partie: the loser pays the winner (and the vis-a-vis) under PARTIE-4/5
    "partie_won": f"SELECT DISTINCT payee, session_id, deal FROM payments "
                  f"WHERE code IN {PARTIE} AND {{chosen}}",
    "partie_lost": f"SELECT DISTINCT payer, session_id, deal FROM payments "
                   f"WHERE code IN {PARTIE} AND {{chosen}}",
    # the quinola: placed (the placer is paid), forced (the forcer is paid; the
    # holder puts in a remise), fallen (QUIN-3's remise: led by its holder, or
    # played on hearts led by another)
    "quinola_placed": "SELECT payee, session_id, deal FROM payments "
                      "WHERE code = 'quinola_placed' AND {chosen}",
    "quinola_forced": "SELECT payee, session_id, deal FROM payments "
                      "WHERE code = 'quinola_forced' AND {chosen}",
    "quinola_lost_forced": "SELECT payer, session_id, deal FROM payments "
                           "WHERE code = 'remise_quinola_forced' AND {chosen}",
    "quinola_led": "SELECT p.payer, p.session_id, p.deal FROM payments AS p "
                   "JOIN tricks AS t ON t.session_id = p.session_id AND t.deal = p.deal "
                   "AND t.trick = p.trick WHERE p.code = 'remise_quinola_fallen' "
                   "AND t.leader = p.payer AND p.{chosen}",
    "quinola_fallen": "SELECT p.payer, p.session_id, p.deal FROM payments AS p "
                      "JOIN tricks AS t ON t.session_id = p.session_id AND t.deal = p.deal "
                      "AND t.trick = p.trick WHERE p.code = 'remise_quinola_fallen' "
                      "AND t.leader <> p.payer AND p.{chosen}",
    # aces: one per payment (the placer, the forcer is paid)
    "ace_placed": "SELECT payee, session_id, deal FROM payments "
                  "WHERE code = 'ace_placed' AND {chosen}",
    "ace_forced": "SELECT payee, session_id, deal FROM payments "
                  "WHERE code = 'ace_forced' AND {chosen}",
    # the reversis, from the deal's outcome and roles
    "reversis_undertaken": "SELECT reversis, session_id, deal FROM deals "
                           "WHERE reversis IS NOT NULL AND {chosen}",
    "reversis_made": "SELECT reversis, session_id, deal FROM deals "
                     "WHERE outcome = 'reversis' AND {chosen}",
    "reversis_broken": "SELECT reversis, session_id, deal FROM deals "
                       "WHERE outcome = 'reversis_broken' AND {chosen}",
    "reversis_broke": "SELECT reversis_breaker, session_id, deal FROM deals "
                      "WHERE reversis_breaker IS NOT NULL AND {chosen}",
    # the espagnolette who did not waive, and what became of it
    "espagnolette_held": "SELECT espagnolette, session_id, deal FROM deals "
                         "WHERE espagnolette IS NOT NULL AND {chosen}",
    "espagnolette_won": "SELECT espagnolette, session_id, deal FROM deals "
                        "WHERE espagnolette_status = 'success' AND {chosen}",
    "espagnolette_failed": "SELECT espagnolette, session_id, deal FROM deals "
                           "WHERE espagnolette_status = 'failed' AND {chosen}",
    # irregularities: one per event line naming the player (a revoke: one per
    # revoke the replay finds); an ``unclaimed`` line is a claim let go, not one
    "revokes": "SELECT player, session_id, deal FROM events "
               "WHERE kind = 'revoke' AND player IS NOT NULL AND {chosen}",
    "irregularities": "SELECT player, session_id, deal FROM events "
                      "WHERE kind NOT IN ('revoke', 'unclaimed') AND player IS NOT NULL "
                      "AND {chosen}",
    # the pool: one per taking
    "pool_taken": f"SELECT payee, session_id, deal FROM payments "
                  f"WHERE code IN {POOL_TAKEN} AND {{chosen}}",
}
COUNTS: tuple[str, ...] = tuple(OCCURRENCES)

# Who did it to whom: (kind, payment code, SQL column of the doer, of the one done to).
BETWEEN = (
    ("quinola_forced", "quinola_forced", "payee", "payer"),  # forcer, holder
    ("ace_forced", "ace_forced", "payee", "payer"),          # forcer, holder
    ("ace_taken", "ace_placed", "payer", "payee"),           # taker, placer
)

ONE_SESSION = "session_id = ?"


def occurrences(key: str, chosen: str) -> str:
    """The SQL of the occurrences of the count ``key`` in the sessions ``chosen``."""
    return OCCURRENCES[key].format(chosen=chosen)


def summarise(conn: sqlite3.Connection, session_id: int) -> None:
    """Sum the session ``session_id``'s figures from its rows (inside the
    transaction that inserted them): its summary_figures, summary_between and
    summary_players rows."""
    sid = (session_id,)
    conn.execute(
        f"INSERT INTO summary_figures (session_id, player, role, figure, den, count, num) "
        f"SELECT session_id, player, role, '{NET}', net_den, COUNT(*), SUM(net_num) "
        f"FROM deal_players WHERE session_id = ? GROUP BY player, role, net_den", sid)
    conn.execute(
        f"INSERT INTO summary_figures (session_id, player, role, figure, den, count, num) "
        f"SELECT p.session_id, p.payee, dp.role, '{POOL_AMOUNT}', p.amount_den, COUNT(*), "
        f"SUM(p.amount_num) FROM payments AS p JOIN deal_players AS dp "
        f"ON dp.session_id = p.session_id AND dp.deal = p.deal AND dp.player = p.payee "
        f"WHERE p.code IN {POOL_TAKEN} AND p.session_id = ? "
        f"GROUP BY p.payee, dp.role, p.amount_den", sid)
    for key in COUNTS:
        # a count by the doer's seat role in the deal (one definition of the
        # figure: the occurrences that name its deals)
        conn.execute(
            f"WITH o (player, sid, deal) AS ({occurrences(key, ONE_SESSION)}) "
            f"INSERT INTO summary_figures (session_id, player, role, figure, den, count, num) "
            f"SELECT ?, o.player, dp.role, ?, 1, COUNT(*), 0 FROM o JOIN deal_players AS dp "
            f"ON dp.session_id = o.sid AND dp.deal = o.deal AND dp.player = o.player "
            f"GROUP BY o.player, dp.role", (session_id, session_id, key))
    for kind, code, by, of in BETWEEN:
        conn.execute(
            f"INSERT INTO summary_between (session_id, kind, player, other, count) "
            f"SELECT session_id, ?, {by}, {of}, COUNT(*) FROM payments "
            f"WHERE code = ? AND session_id = ? GROUP BY {by}, {of}", (kind, code, session_id))
    conn.executemany(
        "INSERT INTO summary_players (session_id, player, played, losses, run_first, "
        "run_last, run_longest, pool_best_num, pool_best_den, pool_best_deals) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", _player_rows(conn, session_id))


def _player_rows(conn: sqlite3.Connection, session_id: int) -> list[tuple]:
    """Each seated player's runs without losing a partie (the first, the last
    and the longest of the session; the season's runs are joined from them in
    date order) and biggest taking of the pool (with its deals)."""
    sid = (session_id,)
    played = [deal for deal, in conn.execute(
        "SELECT deal FROM deals WHERE status = 'played' AND session_id = ? ORDER BY deal", sid)]
    place = {deal: n for n, deal in enumerate(played)}
    lost: dict[str, set[int]] = {}
    for name, _, deal in conn.execute(occurrences("partie_lost", ONE_SESSION), sid):
        lost.setdefault(name, set()).add(deal)
    takings: dict[str, list[tuple[int, Fraction]]] = {}
    for name, deal, num, den in conn.execute(
            f"SELECT payee, deal, amount_num, amount_den FROM payments "
            f"WHERE code IN {POOL_TAKEN} AND session_id = ? ORDER BY deal", sid):
        takings.setdefault(name, []).append((deal, Fraction(num, den)))
    rows = []
    for name, in conn.execute("SELECT name FROM players WHERE session_id = ? ORDER BY seat", sid):
        # the places of the deals lost: the runs are the stretches between them
        marks = sorted(place[deal] for deal in lost.get(name, ()) if deal in place)
        edges = [-1, *marks, len(played)]
        runs = [after - before - 1 for before, after in pairwise(edges)]
        best = max((amount for _, amount in takings.get(name, ())), default=None)
        rows.append((
            session_id, name, len(played), len(marks), runs[0], runs[-1], max(runs),
            best.numerator if best is not None else None,
            best.denominator if best is not None else None,
            " ".join(str(deal) for deal, amount in takings.get(name, ()) if amount == best)
            if best is not None else None))
    return rows
