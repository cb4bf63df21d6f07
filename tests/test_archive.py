"""`reversis archive`: records settled into a SQLite database, incrementally,
one transaction per file, and the database a view of the settlement."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.club import archive as archive_module
from reversis_cli.club import schema
from reversis_cli.club.archive import (
    LOADED, NOT_LOADED, REMOVED, REPLACED, UNCHANGED, ArchiveError, archive_inputs,
    build_in_memory,
)
from reversis_cli.simulate import SimulationOptions, simulate_session

ROOT = Path(__file__).resolve().parents[1]
ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
SEASON = (  # players, rules, irregular rate, seed: rotating fours, both profiles
    (("Anna", "Boris", "Vera", "Gleb"), "classic", 0.0, 1),
    (("Boris", "Vera", "Gleb", "Dima"), "modern", 0.3, 2),
    (("Vera", "Gleb", "Dima", "Elena"), "classic", 0.3, 3),
)


def simulated(deals: int, seed: int, players=("Anna", "Boris", "Vera", "Gleb"),
              rules: str = "classic", irregular: float = 0.0) -> str:
    return "".join(simulate_session(SimulationOptions(deals, seed, rules=rules,
                                                      irregular=irregular, players=players)))


@pytest.fixture(scope="session")
def season(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("season")
    for n, (players, rules, irregular, seed) in enumerate(SEASON, 1):
        (folder / f"s{n}.rvs").write_text(simulated(12, seed, players, rules, irregular),
                                          encoding="utf-8")
    return folder


def copy_of(season: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "records"
    shutil.copytree(season, folder)
    return folder


def run(*args: str):
    return CliRunner().invoke(cli, list(args), env=ENV)


def states(results) -> dict[str, str]:
    return {Path(r.name).name: r.state for r in results}


def rows(db: Path, sql: str, *params) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


# --- incremental ------------------------------------------------------------------------


def test_unchanged_files_are_skipped_changed_replaced_vanished_pruned(season, tmp_path):
    records = copy_of(season, tmp_path)
    db = tmp_path / "club.sqlite"
    first = archive_inputs([str(records)], db)
    assert states(first) == {"s1.rvs": LOADED, "s2.rvs": LOADED, "s3.rvs": LOADED}
    assert rows(db, "SELECT count(*) FROM deals") == [(36,)]
    ids = dict(rows(db, "SELECT path, id FROM sessions"))
    assert set(ids) == {"records/s1.rvs", "records/s2.rvs", "records/s3.rvs"}

    again = archive_inputs([str(records)], db)
    assert states(again) == {"s1.rvs": UNCHANGED, "s2.rvs": UNCHANGED, "s3.rvs": UNCHANGED}

    (records / "s1.rvs").write_text(simulated(5, 9), encoding="utf-8")
    (records / "s3.rvs").unlink()
    third = archive_inputs([str(records)], db)
    assert states(third) == {"s1.rvs": REPLACED, "s2.rvs": UNCHANGED}
    assert rows(db, "SELECT deals FROM sessions WHERE path = 'records/s1.rvs'") == [(5,)]
    # its summary is the new file's (club/summary.py: summed again, not added to)
    assert rows(db, "SELECT SUM(count) FROM summary_figures WHERE figure = 'net' "
                "AND session_id = ?", ids["records/s1.rvs"]) == [(5 * 4,)]
    assert rows(db, "SELECT played FROM summary_players WHERE session_id = ?",
                ids["records/s1.rvs"]) == [(5,)] * 4
    assert dict(rows(db, "SELECT path, id FROM sessions"))["records/s1.rvs"] == \
        ids["records/s1.rvs"]  # replaced under its id
    assert rows(db, "SELECT count(*) FROM sessions") == [(3,)]  # s3 kept without --prune

    pruned = archive_inputs([str(records)], db, prune=True)
    assert states(pruned)["s3.rvs"] == REMOVED
    assert rows(db, "SELECT count(*) FROM sessions") == [(2,)]
    # the cascade: nothing of s3 is left in any table
    for table in ("players", "deals", "deal_players", "payments", "tricks", "events",
                  "summary_figures", "summary_between", "summary_players"):
        assert rows(db, f"SELECT count(*) FROM {table} WHERE session_id = ?",
                    ids["records/s3.rvs"]) == [(0,)], table


def test_the_command_prints_a_line_per_file_in_both_languages(season, tmp_path):
    records = copy_of(season, tmp_path)
    db = tmp_path / "club.sqlite"
    done = run("archive", str(records / "s1.rvs"), "-o", str(db))
    assert done.exit_code == 0, done.output
    assert f"{records / 's1.rvs'}: loaded, 12 deals" in done.stderr
    again = run("--lang", "ru", "archive", str(records / "s1.rvs"), "-o", str(db))
    assert again.exit_code == 0
    assert f"{records / 's1.rvs'}: без изменений, пропущено" in again.stderr


def test_a_file_with_errors_is_not_loaded_the_rest_is_and_the_exit_is_1(season, tmp_path):
    records = copy_of(season, tmp_path)
    bad = records / "bad.rvs"
    bad.write_text(simulated(3, 4).replace(" AS ", " 10S ", 1), encoding="utf-8")
    db = tmp_path / "club.sqlite"
    done = run("archive", str(records), "-o", str(db))
    assert done.exit_code == 1
    assert "error[RV101]" in done.stderr and f"{bad}:" in done.stderr
    assert f"{bad}: not loaded, 1 error" in done.stderr
    assert f"{records / 's3.rvs'}: loaded, 12 deals" in done.stderr  # after it, still loaded
    assert rows(db, "SELECT path FROM sessions ORDER BY path") == [
        ("records/s1.rvs",), ("records/s2.rvs",), ("records/s3.rvs",)]


def test_a_changed_file_with_errors_leaves_its_old_session_as_it_was(season, tmp_path):
    records = copy_of(season, tmp_path)
    db = tmp_path / "club.sqlite"
    archive_inputs([str(records / "s1.rvs")], db)
    before = rows(db, "SELECT * FROM payments ORDER BY deal, seq")
    (records / "s1.rvs").write_text(simulated(12, 1).replace(" AS ", " XS ", 1),
                                    encoding="utf-8")
    (result,) = archive_inputs([str(records / "s1.rvs")], db)
    assert result.state == NOT_LOADED and result.errors
    assert rows(db, "SELECT * FROM payments ORDER BY deal, seq") == before


def test_a_json_record_is_read_and_a_folder_takes_only_json_records(tmp_path):
    from reversis_cli.convert import convert

    text = simulated(4, 5)
    record = convert(text.encode(), "x.rvs", "rvs", "json").text
    assert record is not None
    (tmp_path / "night.json").write_text(record, encoding="utf-8")
    (tmp_path / "scores.json").write_text('{"format": "reversis-score/1"}', encoding="utf-8")
    conn, results = build_in_memory([str(tmp_path)])
    assert states(results) == {"night.json": LOADED}
    assert conn.execute("SELECT count(*) FROM deals").fetchone() == (4,)


# --- the database is a view of the settlement -----------------------------------------


def test_every_deal_is_the_settlement_of_score_json(season):
    conn, results = build_in_memory([str(season)])
    assert all(r.state == LOADED for r in results)
    for n in range(1, len(SEASON) + 1):
        path = season / f"s{n}.rvs"
        done = run("score", "--json", str(path))
        assert done.exit_code == 0, done.output
        scored = json.loads(done.stdout)
        (sid,) = conn.execute("SELECT id FROM sessions WHERE path = ?",
                              (path.as_posix(),)).fetchone()
        for deal in scored["deals"]:
            number = deal["number"]
            stored = {player: Fraction(num, den) for player, num, den in conn.execute(
                "SELECT player, net_num, net_den FROM deal_players "
                "WHERE session_id = ? AND deal = ?", (sid, number))}
            assert stored == {k: Fraction(v) for k, v in deal["net"].items()}, (path, number)
            paid = conn.execute("SELECT payer, payee, amount_num, amount_den, code, rules, "
                                "trick FROM payments WHERE session_id = ? AND deal = ? "
                                "ORDER BY seq", (sid, number)).fetchall()
            assert paid == [(p["payer"], p["payee"], *_exact(p["amount"]), p["code"],
                             " ".join(p["rules"]), p["trick"]) for p in deal["payments"]]
            # the payments add up: each party's ins less outs, the pool's change with them
            moved: dict[str, Fraction] = {}
            for payer, payee, num, den, *_ in paid:
                moved[payer] = moved.get(payer, Fraction(0)) - Fraction(num, den)
                moved[payee] = moved.get(payee, Fraction(0)) + Fraction(num, den)
            assert sum(moved.values()) == 0
            for player, net in stored.items():
                assert moved.get(player, 0) == net
            pool = Fraction(deal["pool"]["after"]) - Fraction(deal["pool"]["before"])
            assert moved.get("pool", 0) == pool
            tricks = conn.execute("SELECT leader, cards, taker FROM tricks WHERE "
                                  "session_id = ? AND deal = ? ORDER BY trick",
                                  (sid, number)).fetchall()
            assert tricks == [(t["leader"], " ".join(t["cards"]), t["taker"])
                              for t in deal["tricks"]]


def test_each_sessions_summary_is_its_rows_summed(season):
    """What stats reads for a season (club/summary.py) is what the session's
    deals hold: each player's net and deals by role, counts, who did what to
    whom, runs without losing a partie and biggest taking of the pool."""
    conn, _ = build_in_memory([str(season)])
    for sid, in conn.execute("SELECT id FROM sessions").fetchall():
        nets: dict[tuple[str, str], list] = {}
        for player, role, num, den in conn.execute(
                "SELECT player, role, net_num, net_den FROM deal_players WHERE session_id = ?",
                (sid,)):
            nets.setdefault((player, role), []).append(Fraction(num, den))
        summed: dict[tuple[str, str], list] = {}
        for player, role, den, count, num in conn.execute(
                "SELECT player, role, den, count, num FROM summary_figures "
                "WHERE figure = 'net' AND session_id = ?", (sid,)):
            deals, net = summed.get((player, role), (0, Fraction(0)))
            summed[(player, role)] = [deals + count, net + Fraction(num, den)]
        assert summed == {key: [len(v), sum(v, Fraction(0))] for key, v in nets.items()}
        placed = conn.execute("SELECT payee, COUNT(*) FROM payments WHERE code = "
                              "'quinola_placed' AND session_id = ? GROUP BY payee",
                              (sid,)).fetchall()
        assert conn.execute("SELECT player, SUM(count) FROM summary_figures WHERE figure = "
                            "'quinola_placed' AND session_id = ? GROUP BY player",
                            (sid,)).fetchall() == placed
        taken = conn.execute("SELECT payer, payee, COUNT(*) FROM payments WHERE code = "
                             "'ace_placed' AND session_id = ? GROUP BY payer, payee",
                             (sid,)).fetchall()
        assert conn.execute("SELECT player, other, count FROM summary_between WHERE kind = "
                            "'ace_taken' AND session_id = ? ORDER BY player, other",
                            (sid,)).fetchall() == taken
        played = [deal for deal, in conn.execute(
            "SELECT deal FROM deals WHERE status = 'played' AND session_id = ? ORDER BY deal",
            (sid,))]
        for (player, count, losses, first, last, longest, num, den,
             deals) in conn.execute("SELECT player, played, losses, run_first, run_last, "
                                    "run_longest, pool_best_num, pool_best_den, "
                                    "pool_best_deals FROM summary_players WHERE session_id = ?",
                                    (sid,)).fetchall():
            lost = {deal for deal, in conn.execute(
                "SELECT deal FROM payments WHERE payer = ? AND session_id = ? AND code IN "
                "('partie_lost', 'partie_lost_vis_a_vis')", (player, sid))}
            runs, run = [], 0
            for deal in played:
                if deal in lost:
                    runs.append(run)
                    run = 0
                else:
                    run += 1
            runs.append(run)
            assert (count, losses, first, last, longest) == (
                len(played), len(runs) - 1, runs[0], runs[-1], max(runs)), (sid, player)
            takings = [(deal, Fraction(n, d)) for deal, n, d in conn.execute(
                "SELECT deal, amount_num, amount_den FROM payments WHERE payer = 'pool' "
                "AND payee = ? AND session_id = ? ORDER BY deal", (player, sid))]
            best = max((amount for _, amount in takings), default=None)
            assert (Fraction(num, den) if num is not None else None) == best
            assert deals == (" ".join(str(d) for d, a in takings if a == best)
                             if takings else None)


def _exact(amount) -> tuple[int, int]:
    value = Fraction(amount)
    return value.numerator, value.denominator


def test_irregularities_are_events_with_player_and_line(season):
    conn, _ = build_in_memory([str(season)])
    events = conn.execute("SELECT s.path, e.kind, e.player, e.line FROM events e "
                          "JOIN sessions s ON s.id = e.session_id").fetchall()
    assert events, "the irregular sessions have events"
    for path, kind, player, line in events:
        text = Path(path).read_text(encoding="utf-8").splitlines()[line - 1]
        if kind == "revoke":  # found by the replay, on the trick's line
            assert text.lstrip().split()[0].isdigit()
        else:  # the line that says it
            assert text.split()[0] == kind
            if player is not None:
                assert player in text.split()


def test_the_roles_follow_the_dealer():
    conn, _ = build_in_memory([str(ROOT / "samples" / "evening.rvs")])
    for deal, dealer in conn.execute("SELECT deal, dealer FROM deals"):
        roles = dict(conn.execute("SELECT role, player FROM deal_players WHERE deal = ?",
                                  (deal,)))
        assert roles["dealer"] == dealer
        players = [name for (name,) in conn.execute("SELECT name FROM players ORDER BY seat")]
        first = players[(players.index(dealer) + 1) % 4]
        assert roles["first_hand"] == first


# --- hostile text ------------------------------------------------------------------------


INJECTED_TITLE = "x'); DROP TABLE sessions; --"
INJECTED_PLACE = "<script>alert('place')</script> & Co"
INJECTED_NOTE = "<img src=x onerror=alert(1)>'; DELETE FROM payments; --"
INJECTED_DEAL_NOTE = "Robert'); DROP TABLE tricks;-- <b>"


def test_sql_and_html_in_names_titles_and_notes_are_stored_as_written(tmp_path):
    text = simulated(2, 6, players=("Anna", "Robert--", "Vera", "DROP_TABLE"))
    head, _, rest = text.partition("players ")
    text = (f'{head}title "{INJECTED_TITLE}"\nplace "{INJECTED_PLACE}"\n'
            f'note "{INJECTED_NOTE}"\nplayers {rest}')
    lines = text.splitlines(keepends=True)
    second = next(n for n, line in enumerate(lines) if line.startswith("deal 2 "))
    lines.insert(second + 1, f'  note "{INJECTED_DEAL_NOTE}"\n')
    text = "".join(lines)
    path = tmp_path / "hostile.rvs"
    path.write_text(text, encoding="utf-8")
    db = tmp_path / "club.sqlite"
    (result,) = archive_inputs([str(path)], db)
    assert result.state == LOADED, result.diagnostics
    assert rows(db, "SELECT title, place FROM sessions") == [(INJECTED_TITLE, INJECTED_PLACE)]
    assert rows(db, "SELECT deal, text FROM notes ORDER BY line") == [
        (None, INJECTED_NOTE), (2, INJECTED_DEAL_NOTE)]
    assert [name for (name,) in rows(db, "SELECT name FROM players ORDER BY seat")] == \
        ["Anna", "Robert--", "Vera", "DROP_TABLE"]
    assert rows(db, "SELECT count(*) FROM payments")[0][0] > 0  # nothing deleted
    assert rows(db, "SELECT count(*) FROM tricks")[0][0] == 22  # nothing dropped


# --- databases that cannot be used ----------------------------------------------------


def refused(db: Path, season: Path) -> str:
    """The code of the diagnostic an archive run into ``db`` is refused with;
    exit 1 and the message on stderr from the command too."""
    with pytest.raises(ArchiveError) as raised:
        archive_inputs([str(season / "s1.rvs")], db)
    done = run("archive", str(season / "s1.rvs"), "-o", str(db))
    assert done.exit_code == 1, done.output
    assert f"error[{raised.value.diagnostic.code}]" in done.stderr
    assert "Traceback" not in done.output
    return raised.value.diagnostic.code


def test_a_text_file_and_a_corrupt_database_are_refused_and_left_alone(season, tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n" * 100, encoding="utf-8")
    assert refused(text, season) == "RV601"
    assert text.read_text(encoding="utf-8") == "not a database\n" * 100
    good = tmp_path / "good.sqlite"
    archive_inputs([str(season / "s1.rvs")], good)
    corrupt = tmp_path / "corrupt.sqlite"
    data = good.read_bytes()
    corrupt.write_bytes(data[:100] + b"\xff" * 4000 + data[4100:])
    assert refused(corrupt, season) == "RV601"


def test_another_applications_database_is_refused_and_not_written(season, tmp_path):
    foreign = tmp_path / "photos.sqlite"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE photos (id INTEGER, name TEXT)")
    conn.commit()
    conn.close()
    before = foreign.read_bytes()
    assert refused(foreign, season) == "RV602"
    assert foreign.read_bytes() == before


def test_a_newer_archive_is_refused_an_older_one_migrated(season, tmp_path, monkeypatch):
    db = tmp_path / "club.sqlite"
    archive_inputs([str(season / "s1.rvs")], db)
    newer = str(schema.SCHEMA_VERSION + 1)
    conn = sqlite3.connect(db)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (newer,))
    conn.commit()
    conn.close()
    assert refused(db, season) == "RV603"
    # a tool of the next version migrates this version's archive with its step
    conn = sqlite3.connect(db)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'",
                 (str(schema.SCHEMA_VERSION),))
    conn.commit()
    conn.close()
    monkeypatch.setattr(schema, "SCHEMA_VERSION", schema.SCHEMA_VERSION + 1)
    monkeypatch.setitem(schema.MIGRATIONS, schema.SCHEMA_VERSION - 1, lambda c: c.execute(
        "ALTER TABLE sessions ADD COLUMN season TEXT"))
    archive_inputs([str(season / "s2.rvs")], db)
    assert rows(db, "SELECT value FROM meta WHERE key = 'schema_version'") == [(newer,)]
    assert "season" in {r[1] for r in rows(db, "PRAGMA table_info(sessions)")}


def test_a_read_only_archive_is_refused(season, tmp_path):
    db = tmp_path / "club.sqlite"
    archive_inputs([str(season / "s1.rvs")], db)
    os.chmod(db, 0o444)
    try:
        assert refused(db, season) == "RV605"
    finally:
        os.chmod(db, 0o644)


@pytest.mark.slow
def test_an_archive_another_process_is_writing_is_refused_as_locked(season, tmp_path,
                                                                      monkeypatch):
    db = tmp_path / "club.sqlite"
    archive_inputs([str(season / "s1.rvs")], db)
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys, time\n"
         "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
         "c.execute('BEGIN IMMEDIATE')\nprint('held', flush=True)\ntime.sleep(30)\n", str(db)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        monkeypatch.setattr(archive_module, "LOCK_WAIT", 0.1)
        with pytest.raises(ArchiveError) as raised:
            archive_inputs([str(season / "s2.rvs")], db)
        assert raised.value.diagnostic.code == "RV604"
        assert "another program is writing" in raised.value.diagnostic.message
    finally:
        holder.kill()
        holder.wait()
    assert states(archive_inputs([str(season / "s2.rvs")], db)) == {"s2.rvs": LOADED}


# A real archive run that says when the first batch of a file's rows is
# written (inside the file's transaction), then waits to be killed.
PAUSED_AFTER_A_BATCH = """
import sys
from reversis_cli.club import rows

original = rows.SessionRows.write


def write(self, conn):
    original(self, conn)
    with open(sys.argv[1], "w") as written:
        written.write("written\\n")
    with open(sys.argv[2]) as never:
        never.readline()


rows.SessionRows.write = write
from reversis_cli.cli import cli
cli(["archive", sys.argv[3], "-o", sys.argv[4]])
"""


@pytest.mark.slow
def test_a_load_killed_half_way_leaves_the_archive_as_it_was(season, tmp_path):
    db = tmp_path / "club.sqlite"
    archive_inputs([str(season / "s1.rvs")], db)
    before = {table: rows(db, f"SELECT * FROM {table}")
              for table in ("sessions", "deals", "payments", "deal_players")}
    big = tmp_path / "big.rvs"
    big.write_text(simulated(3000, 7), encoding="utf-8")
    journal = Path(f"{db}-wal")  # the run journals ahead (issue 35)
    written, never = tmp_path / "written", tmp_path / "never"
    os.mkfifo(written)
    os.mkfifo(never)
    child = subprocess.Popen([sys.executable, "-c", PAUSED_AFTER_A_BATCH, str(written),
                              str(never), str(big), str(db)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        with open(written) as said:  # an event: the first batch is in, not yet committed
            assert said.readline() == "written\n"
        assert child.poll() is None
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    assert journal.exists()  # killed inside the file's transaction
    after = {table: rows(db, f"SELECT * FROM {table}") for table in before}
    assert after == before
    assert rows(db, "PRAGMA integrity_check") == [("ok",)]
