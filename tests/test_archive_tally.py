"""The archive's session summary counted in Python as the rows are added
(reversis_cli/club/tally.py) against the SQL that defines every figure
(reversis_cli/club/summary.py, OCCURRENCES): the same summary rows, on the
samples' irregular evenings and on simulated sessions of both profiles full
of irregular deals and rare events; and the same ``stats``."""

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
from reversis_cli.club.summary import COUNTS, summarise
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

    def counted(self, conn, session_id):
        calls["tally"] += 1
        return write(self, conn, session_id)

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
    its words out (model._write_out) while they are built (issue 35)."""
    from reversis_cli import model
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
