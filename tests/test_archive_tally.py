"""The archive's fast paths against their references (issue 35), on the samples'
irregular evenings and on simulated sessions of both profiles full of
irregular deals and rare events: the session summary counted in Python as the
rows are added (reversis_cli/club/tally.py) against the SQL that defines every
figure (reversis_cli/club/summary.py, OCCURRENCES), with the same ``stats``;
the session's identity made from the rows inserted against the one read back
(reversis_cli/club/identity.py); the rows inserted many a statement against
one by one; and no lean trick line written out to make a plain deal's rows."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli import fastpaths
from reversis_cli.cli import cli
from reversis_cli.club import tally as tally_module
from reversis_cli.club.archive import build_in_memory
from reversis_cli.club.summary import COUNTS, ROLES, summarise
from reversis_cli.simulate import SimulationOptions, simulate_session

from conftest import ROOT

SAMPLES = ROOT / "samples"
SUMMARY = ("summary_figures", "summary_between", "summary_players")
# the samples with irregular deals (revokes, claims, misdeals, exposed cards), the
# club's evenings (rotating fours, both profiles), and a long evening
RECORDS = ("irregular.rvs", "every-event-ru.rvs", "big-night.rvs", "tver-ru.rvs", "salon.rvs",
           "club/2027-01-14.rvs", "club/2027-01-21.rvs", "club/2027-02-04.rvs",
           "club/2027-02-11.rvs")
SIMULATED = (  # rules, irregular rate, rare events rate, seed
    ("classic", 0.5, 0.5, 11), ("modern", 0.5, 0.5, 12), ("classic", 0.2, 0.9, 13),
    ("modern", 0.0, 1.0, 14),
)


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> list[str]:
    folder = tmp_path_factory.mktemp("tally")
    paths = [str(SAMPLES / name) for name in RECORDS]
    for rules, irregular, events, seed in SIMULATED:
        path = folder / f"{rules}-{seed}.rvs"
        path.write_text("".join(simulate_session(SimulationOptions(
            60, seed, rules=rules, irregular=irregular, events=events,
            players=("Anna", "Boris", "Vera", "Gleb")))), encoding="utf-8")
        paths.append(str(path))
    return paths


def summary_rows(conn) -> dict[str, list[tuple]]:
    return {table: sorted(conn.execute(f"SELECT * FROM {table}").fetchall(), key=repr)
            for table in SUMMARY}


def archived(paths: list[str], reference: bool, monkeypatch) -> dict[str, list[tuple]]:
    monkeypatch.setattr(fastpaths, "REFERENCE", reference)
    conn, results = build_in_memory(paths)
    try:
        assert all(result.deals for result in results), [r.name for r in results]
        return summary_rows(conn)
    finally:
        conn.close()


def test_the_tally_gives_the_rows_of_the_sql_on_irregular_sessions(records, monkeypatch):
    calls: Counter = Counter()
    write = tally_module.Tally.write

    def counted(self, *args):
        calls["tally"] += 1
        return write(self, *args)

    monkeypatch.setattr(tally_module.Tally, "write", counted)
    fast = archived(records, False, monkeypatch)
    assert calls["tally"] == len(records)  # every session summed by the tally
    slow = archived(records, True, monkeypatch)
    assert calls["tally"] == len(records)  # none under the switch: the SQL summed them
    assert fast == slow
    # the sessions hold what the figures are about, so that the comparison says something
    figures = {row[3] for row in fast["summary_figures"]}
    assert {"revokes", "irregularities", "quinola_led", "quinola_fallen", "reversis_made",
            "reversis_broke", "espagnolette_won", "espagnolette_failed", "pool_taken",
            "partie_won", "net", "pool_taken_amount"} <= figures
    assert {row[1] for row in fast["summary_between"]} == {"quinola_forced", "ace_forced",
                                                           "ace_taken"}


def test_each_session_summed_again_by_the_sql_gives_its_tally(records, monkeypatch):
    """Session by session, in the same database: the tally's rows deleted and
    the reference's SQL run over the rows the session stored."""
    monkeypatch.setattr(fastpaths, "REFERENCE", False)
    conn, _ = build_in_memory(records)
    try:
        ids = [sid for sid, in conn.execute("SELECT id FROM sessions ORDER BY id")]
        assert len(ids) == len(records)
        for sid in ids:
            tallied = {table: sorted(conn.execute(f"SELECT * FROM {table} WHERE session_id = ?",
                                                  (sid,)).fetchall(), key=repr)
                       for table in SUMMARY}
            for table in SUMMARY:
                conn.execute(f"DELETE FROM {table} WHERE session_id = ?", (sid,))
            summarise(conn, sid)
            again = {table: sorted(conn.execute(f"SELECT * FROM {table} WHERE session_id = ?",
                                                (sid,)).fetchall(), key=repr)
                     for table in SUMMARY}
            assert tallied == again, sid
            assert tallied["summary_players"]
    finally:
        conn.close()


def test_a_count_the_tally_does_not_know_leaves_the_session_to_the_sql(monkeypatch):
    monkeypatch.setattr(fastpaths, "REFERENCE", False)
    assert tally_module.Tally.of(("Anna", "Boris", "Vera", "Gleb")) is not None
    monkeypatch.setattr(tally_module, "COUNTS", (*COUNTS, "misdeals"))
    assert tally_module.Tally.of(("Anna", "Boris", "Vera", "Gleb")) is None
    monkeypatch.setattr(tally_module, "COUNTS", COUNTS)
    assert tally_module.Tally.of(("Anna", "Boris", "Anna", "Gleb")) is None  # one name twice


def test_stats_of_the_records_are_the_same_with_the_tally_and_the_sql(records, monkeypatch):
    outputs = []
    for reference in (False, True):
        monkeypatch.setattr(fastpaths, "REFERENCE", reference)
        result = CliRunner().invoke(cli, ["stats", "--json", *records],
                                    env={"COLUMNS": "100", "NO_COLOR": "1"})
        assert result.exit_code in (0, 1), result.output
        outputs.append(json.loads(result.stdout))
    assert outputs[0] == outputs[1]
    assert Path(records[0]).name == "irregular.rvs"


def test_archiving_plain_deals_never_writes_a_lean_trick_line_out(tmp_path, monkeypatch):
    """A plain deal's rows (its tricks, payments, players, summary) are read off
    the replay's rows and the settlement: no lean trick line is made to write
    its words out (model._write_out) while they are built, nor while the deal
    is read and settled for the archive (issue 35)."""
    from reversis_cli.model import statements as model
    from reversis_cli.club import rows as rows_module

    monkeypatch.setattr(fastpaths, "REFERENCE", False)
    record = tmp_path / "plain.rvs"
    record.write_text("".join(simulate_session(SimulationOptions(40, 5))), encoding="utf-8")
    written: Counter = Counter()
    write_out = model._write_out

    def counted(line):
        written["lines"] += 1
        return write_out(line)

    monkeypatch.setattr(model, "_write_out", counted)
    from reversis_cli.model.deal import Deal

    rows_out = Deal._write_out_rows

    def lines_made(deal):
        written["deals written out"] += 1
        return rows_out(deal)

    monkeypatch.setattr(Deal, "_write_out_rows", lines_made)
    add = rows_module.SessionRows.add

    def watched(self, scored):
        before = written["lines"]
        add(self, scored)
        written["during rows"] += written["lines"] - before
        written["plain"] += scored.checked.replayed.rows is not None
        written["deals"] += 1

    monkeypatch.setattr(rows_module.SessionRows, "add", watched)
    conn, results = build_in_memory([str(record)])
    try:
        assert results[0].deals == 40
        assert conn.execute("SELECT count(*) FROM tricks").fetchone() == (440,)
    finally:
        conn.close()
    assert written["deals"] == 40 and written["plain"] == 40  # the fast path's own ground
    assert written["during rows"] == 0
    assert written["lines"] == 0  # nor while the deals were read and settled
    assert written["deals written out"] == 0  # no lean deal's lines made either


def test_the_identity_made_from_the_rows_is_the_one_read_back(records, monkeypatch):
    from reversis_cli.club import identity as identity_module

    made: Counter = Counter()
    of_rows = identity_module.identity_of_rows

    def counted(*args):
        found = of_rows(*args)
        made["identities"] += found is not None
        return found

    monkeypatch.setattr("reversis_cli.club.rows.identity_of_rows", counted)
    monkeypatch.setattr(fastpaths, "REFERENCE", False)
    conn, _ = build_in_memory(records)
    try:
        stored = conn.execute("SELECT id, identity FROM sessions ORDER BY id").fetchall()
        assert made["identities"] == len(records) == len(stored)
        for sid, identity in stored:
            assert identity == identity_module.session_identity(conn, sid), sid
    finally:
        conn.close()
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    conn, _ = build_in_memory(records)
    try:
        assert conn.execute("SELECT id, identity FROM sessions ORDER BY id").fetchall() == stored
    finally:
        conn.close()
    assert made["identities"] == len(records)  # none made under the switch


def test_an_identity_of_a_value_sqlite_gives_back_otherwise_is_left_to_the_reference():
    from reversis_cli.club.identity import identity_of_rows

    session = ("Evening", "2027-01-14", None, "classic", "{}", 0)
    players = ("Anna", "Boris", "Vera", "Gleb")
    deal = (1, 1, 5, "Gleb", "played", "normal", 0, 40, None, None, None, None)
    assert identity_of_rows(session, players, [deal], [], []) is not None
    assert identity_of_rows(session, players, [(*deal[:6], True, 40)], [], []) is None

    class Name(str):
        pass

    assert identity_of_rows(session, (Name("Anna"), *players[1:]), [deal], [], []) is None


def test_the_deals_of_an_identity_are_written_as_repr_writes_them_whatever_the_texts():
    """identity_of_rows writes each deal's six columns itself (not repr of the list):
    the same text as repr for names that repr quotes otherwise, Cyrillic, a pool
    written as a fraction and a None."""
    from operator import itemgetter

    from reversis_cli.club.identity import _digest, identity_of_rows

    session = ("Evening", "2027-01-14", None, "classic", "{}", 0)
    players = ("Анна", "O'Brien", 'Vera "V"', "Gleb\\")
    deals = [(1, n, 5 + n, players[n % 4], "played", ("normal", "reversis")[n % 2],
              ("5/2", 0, None)[n % 3], 40 - n, None, None, None, None) for n in range(1, 9)]
    columns = list(map(itemgetter(1, 3, 4, 5, 6, 7), deals))
    assert identity_of_rows(session, players, deals, ["(1, 1, 'x')"], []) == _digest(
        [repr([session]), repr(list(enumerate(players))), repr(columns), "[(1, 1, 'x')]", "[]"])


def test_a_long_session_keeps_no_rows_past_its_limit_and_reads_its_identity_back(
        tmp_path, monkeypatch):
    from reversis_cli.club import rows as rows_module

    monkeypatch.setattr(fastpaths, "REFERENCE", False)
    monkeypatch.setattr(rows_module, "KEPT_DEALS", 10)
    record = tmp_path / "long.rvs"
    record.write_text("".join(simulate_session(SimulationOptions(25, 3))), encoding="utf-8")
    conn, results = build_in_memory([str(record)])
    try:
        from reversis_cli.club.identity import session_identity
        sid = results[0].session_id
        assert results[0].deals == 25 and results[0].identity == "" and sid is not None
        assert conn.execute("SELECT identity FROM sessions").fetchone()[0] == \
            session_identity(conn, sid)
    finally:
        conn.close()


def test_rows_inserted_many_a_statement_are_the_rows_inserted_one_by_one(records,
                                                                        monkeypatch):
    from reversis_cli.club import rows as rows_module

    def everything(conn) -> dict[str, list[tuple]]:
        tables = [name for name, in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'")]
        return {table: conn.execute(f"SELECT * FROM {table}").fetchall() for table in tables}

    found = []
    shipped = rows_module.MANY
    for many in (shipped, 3, 1):  # as shipped, runs of 3, one by one
        monkeypatch.setattr(rows_module, "MANY", many)
        conn, _ = build_in_memory(records)
        try:
            found.append(everything(conn))
        finally:
            conn.close()
    assert found[0] == found[1] == found[2]
    assert len(found[0]["deal_players"]) > 3 * shipped


def test_a_tricks_text_is_what_repr_writes_of_its_columns_or_nothing():
    from operator import itemgetter

    from reversis_cli.club.identity import trick_texts

    players = ("Анна", "O'Brien", 'Vera "V"', "Gleb\\")
    names = {name: repr(name) for name in players}
    rows = [(7, 3, n, players[n % 4], "QH 3H 7H AH" if n % 2 else "10S 2S 5S KS",
             players[(n + 1) % 4], n) for n in range(1, 12)]
    texts = trick_texts(rows, names)
    assert texts is not None
    assert f"[{', '.join(texts)}]" == repr(list(map(itemgetter(1, 2, 3, 4, 5), rows)))
    assert trick_texts(rows[::-1], names) is None  # out of order
    assert trick_texts([(7, 3, True, *rows[0][3:])], names) is None  # a bool for a number
    assert trick_texts([(7, 3, 1, "Boris", *rows[0][4:])], names) is None  # no such player


def test_a_plain_deals_rows_from_its_lean_settlement_are_those_of_its_settlement(records,
                                                                               monkeypatch):
    """The rows of each plain deal made from its lean settlement (settle/lean.py)
    against those made from the settlement's objects, deal by deal; and the
    payments' text of the identity made with them against the one made of the
    rows (club/identity.py's payment_texts)."""
    from reversis_cli.club.identity import payment_texts
    from reversis_cli.club.rows import _NULL, SessionRows
    from reversis_cli.reader import record_from_text
    from reversis_cli.session.service import Session

    monkeypatch.setattr(fastpaths, "REFERENCE", False)
    compared = 0
    for path in records:
        record = record_from_text(Path(path).read_bytes(), path)
        with Session.of(record) as session:
            session.lean = True
            rows = SessionRows(1, session.players)
            for scored in session.deals():
                lean, deal = scored.lean, scored.checked.deal
                if lean is None or deal is None:
                    continue
                assert lean.names == rows.players
                *fast, paid = rows._lean_rows(lean, deal.pos.line)
                # a payment of no trick is bound as NaN, stored as NULL (rows._NULL)
                assert all(row[10] is _NULL or type(row[10]) is int for row in fast[2])
                fast[2] = [(*row[:10], None if row[10] is _NULL else row[10])
                           for row in fast[2]]
                assert tuple(fast) == rows._settled_rows(scored, deal.pos.line), \
                    (path, lean.number)
                assert paid is not None and paid == payment_texts(fast[2])
                assert [type(v) for row in fast[2] for v in row] == \
                    [type(v) for row in rows._settled_rows(scored, deal.pos.line)[2]
                     for v in row]
                assert [type(v) for v in fast[0]] == \
                    [type(v) for v in rows._settled_rows(scored, deal.pos.line)[0]]
                compared += 1
    assert compared > 200


def _deal_rows(number: int, dealer: int, nets: list[tuple[int, int]]) -> tuple[tuple, list]:
    names = ("Anna", "Boris", "Vera", "Gleb")
    deal = (1, number, number * 10, names[dealer], "played", "normal", "0", "0",
            None, None, None, None)
    players = [(1, number, name, seat, ROLES[(seat - dealer) % 4], 0, 0, *nets[seat])
               for seat, name in enumerate(names)]
    return deal, players


def test_the_tally_sums_nets_whole_and_not_as_the_sql_groups_them(monkeypatch):
    """The nets a tally sums by rotation (every net whole) and those it sums row by
    row (a deal with a net in halves) give the rows of the SQL's GROUP BY player,
    role, net_den; a taking of the pool in halves is the best one over whole ones."""
    monkeypatch.setattr(fastpaths, "REFERENCE", False)
    deals = [_deal_rows(1, 0, [(3, 1), (-1, 1), (-1, 1), (-1, 1)]),
             _deal_rows(2, 1, [(5, 1), (-2, 1), (-2, 1), (-1, 1)]),
             _deal_rows(3, 0, [(3, 2), (-1, 2), (-1, 2), (-1, 2)]),   # halves
             _deal_rows(4, 0, [(7, 2), (-1, 1), (-1, 1), (-3, 2)]),   # whole and halves
             _deal_rows(5, 0, [(-4, 1), (2, 1), (1, 1), (1, 1)])]
    tally = tally_module.Tally.of(("Anna", "Boris", "Vera", "Gleb"))
    assert tally is not None
    pool = {3: (1, 3, 1, "pool", "Vera", 3, 2, "pool_taken_reversis", "POOL-1", "POOL-1", None),
            5: (1, 5, 1, "pool", "Vera", 1, 1, "pool_taken_quinola", "POOL-2", "POOL-2", None)}
    for deal, players in deals:
        tally.add(deal, players, [pool[deal[1]]] if deal[1] in pool else [], [], [])
    expected: dict[tuple, list[int]] = {}
    for _, players in deals:
        for _, _, name, _, role, _, _, num, den in players:
            found = expected.setdefault((name, role, "net", den), [0, 0])
            found[0] += 1
            found[1] += num
    nets = {(player, role, figure, den): [n, num]
            for _, player, role, figure, den, n, num in tally.figure_rows(7) if figure == "net"}
    assert nets == expected
    assert nets[("Boris", "first_hand", "net", 1)] == [3, 0]  # deals 1, 4 and 5
    vera = next(row for row in tally.player_rows(7) if row[1] == "Vera")
    assert vera[7:] == (3, 2, "3")
