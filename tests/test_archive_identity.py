"""One evening, one session (issue 30, items 1-4 and 12): the archive knows a
session by its content, survives the sqlite3 shell, never calls a database
damaged because another run is writing it, and keeps (and says it keeps) the
archived version of a record spoilt since."""

from __future__ import annotations

import json
from fractions import Fraction
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.club import schema
from reversis_cli.club.archive import (
    DUPLICATE, LOADED, REPLACED, ArchiveError, archive_inputs, build_in_memory, connect,
)
from reversis_cli.club.database import content_hash, guarded

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "club"
V1_DUMP = ROOT / "tests" / "fixtures" / "archive" / "v1-club-one-deleted-in-shell.sql"
ENV = {"COLUMNS": "400", "NO_COLOR": "1", "TERM": "dumb"}


def run(*args: str):
    return CliRunner().invoke(cli, list(args), env=ENV)


def rows(db: Path, sql: str, *params) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


@pytest.fixture
def club(tmp_path, monkeypatch) -> Path:
    """The sample club's four records in ``recs/``, the working folder ``tmp_path``."""
    recs = tmp_path / "recs"
    recs.mkdir()
    for path in sorted(SAMPLES.glob("2027-*.rvs")):
        shutil.copy(path, recs / path.name)
    monkeypatch.chdir(tmp_path)
    return recs


def sessions(db: Path) -> list[str]:
    return [path for path, in rows(db, "SELECT path FROM sessions ORDER BY path")]


# --- 1. a session is known by its content ---------------------------------------------------


def test_a_release_that_adds_a_rule_option_keeps_each_evening_one(club, monkeypatch):
    """A later release knows one more option, so the options it stores for an
    evening are more than an earlier release stored; a copy of an evening the
    earlier one archived (a comment added) is still that evening, not a second
    one whose money would count twice (E58: the identity leaves the options out)."""
    from reversis_cli.rules.profile import Profile

    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    earlier = Profile.to_json_options
    monkeypatch.setattr(Profile, "to_json_options",
                        lambda self: {**earlier(self), "an_option_of_a_later_release": 5})
    (club / "backup").mkdir()
    text = (club / "2027-01-21.rvs").read_text(encoding="utf-8")
    (club / "backup" / "2027-01-21.rvs").write_text("# the copy\n" + text, encoding="utf-8")
    done = run("archive", "recs", "-o", "club.sqlite")
    assert done.exit_code == 0, done.output
    assert ("recs/backup/2027-01-21.rvs: the same evening as recs/2027-01-21.rvs, already "
            "archived: skipped") in done.stderr
    assert "recs/backup/2027-01-21.rvs" not in sessions(Path("club.sqlite"))


def test_a_move_is_taken_as_a_move_and_a_copy_or_json_twin_is_left_out(club):
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    (club / "2027-01").mkdir()
    (club / "2027-01-14.rvs").rename(club / "2027-01" / "2027-01-14.rvs")
    (club / "backup").mkdir()
    shutil.copy(club / "2027-01-21.rvs", club / "backup" / "2027-01-21.rvs")
    assert run("convert", "recs/2027-02-04.rvs", "--to", "json", "-o",
               "recs/2027-02-04.json").exit_code == 0
    done = run("archive", "recs", "-o", "club.sqlite")
    assert done.exit_code == 0, done.output
    assert "recs/2027-01/2027-01-14.rvs: taken as recs/2027-01-14.rvs moved here" in done.stderr
    assert ("recs/backup/2027-01-21.rvs: the same evening as recs/2027-01-21.rvs, already "
            "archived: skipped") in done.stderr
    assert ("recs/2027-02-04.json: the same evening as recs/2027-02-04.rvs, already "
            "archived: skipped") in done.stderr
    assert sessions(Path("club.sqlite")) == [
        "recs/2027-01-21.rvs", "recs/2027-01/2027-01-14.rvs", "recs/2027-02-04.rvs",
        "recs/2027-02-11.rvs"]
    stats = json.loads(run("stats", "club.sqlite", "--json").stdout)
    assert len(stats["sessions"]) == 4
    assert stats["players"]["Boris"]["net"] == -213  # not -353: no evening counted twice


def test_the_json_twin_moved_alone_is_a_move(club):
    """A different file (JSON, not the same bytes) with the evening of a record
    that is gone: the session takes its path, one session still."""
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    assert run("convert", "recs/2027-02-04.rvs", "--to", "json", "-o",
               "twin.json").exit_code == 0
    (club / "2027-02-04.rvs").unlink()
    done = run("archive", "twin.json", "-o", "club.sqlite")
    assert "twin.json: taken as recs/2027-02-04.rvs moved here, 10 deals" in done.stderr
    assert "twin.json" in sessions(Path("club.sqlite"))
    assert len(sessions(Path("club.sqlite"))) == 4


def test_a_copied_database_archived_from_elsewhere_counts_each_evening_once(club, tmp_path):
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    (tmp_path / "elsewhere").mkdir()
    shutil.copy("club.sqlite", "elsewhere/club.sqlite")
    done = run("archive", "recs", "-o", "elsewhere/club.sqlite")
    assert done.exit_code == 0, done.output
    assert "elsewhere/club.sqlite: 0 deals stored in this run" in done.stderr
    assert sessions(tmp_path / "elsewhere" / "club.sqlite") == [
        f"../recs/{name}" for name in
        ("2027-01-14.rvs", "2027-01-21.rvs", "2027-02-04.rvs", "2027-02-11.rvs")]


def test_a_record_gone_is_said_by_every_run_until_pruned(club):
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    (club / "2027-01-14.rvs").unlink()
    for _ in range(2):
        done = run("archive", "recs", "-o", "club.sqlite")
        assert ("1 session's record is gone (recs/2027-01-14.rvs); --prune removes it"
                in done.stderr)
    done = run("archive", "recs", "-o", "club.sqlite", "--prune")
    assert "recs/2027-01-14.rvs: the file is gone, removed" in done.stderr
    assert "is gone (" not in done.stderr
    assert len(sessions(Path("club.sqlite"))) == 3


def test_rv611_names_prune(club, tmp_path):
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    (club / "2027-01-14.rvs").unlink()
    done = run("report", "club.sqlite", "-o", str(tmp_path / "site"))
    assert "RV611" in done.stderr and "--prune" in done.stderr


def test_stats_of_records_counts_an_evening_once_and_names_the_copy_left_out(club):
    (club / "backup").mkdir()
    shutil.copy(club / "2027-01-21.rvs", club / "backup" / "2027-01-21.rvs")
    done = run("stats", "recs", "--json")
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert len(data["sessions"]) == 4
    assert [d["code"] for d in data["diagnostics"]] == ["RV613"]
    assert data["left_out"] == [{"file": "recs/backup/2027-01-21.rvs", "reason": "duplicate"}]
    done = run("stats", "recs")
    assert "Statistics of 4 sessions" in done.stdout
    assert "warning[RV613]" in done.stderr
    assert "recs/backup/2027-01-21.rvs holds the same evening as recs/2027-01-21.rvs" \
        in done.stderr


@pytest.mark.parametrize("style", ["unicode", "ru"])
def test_a_record_its_json_twin_and_its_fmt_in_another_style_have_one_identity(
        club, tmp_path, style):
    source = club / "2027-02-11.rvs"
    assert run("convert", str(source), "--to", "json", "-o", str(tmp_path / "t.json")
               ).exit_code == 0
    restyled = tmp_path / "restyled.rvs"
    shutil.copy(source, restyled)
    assert run("fmt", "--cards", style, str(restyled)).exit_code == 0
    assert restyled.read_bytes() != source.read_bytes()
    conn, results = build_in_memory([str(source), str(tmp_path / "t.json"), str(restyled)])
    try:
        assert [r.state for r in results] == [LOADED, DUPLICATE, DUPLICATE]
        assert conn.execute("SELECT count(*) FROM sessions").fetchone() == (1,)
    finally:
        conn.close()


def test_two_evenings_differ_in_identity(club):
    conn, results = build_in_memory(["recs"])
    try:
        assert [r.state for r in results] == [LOADED] * 4
        identities = [i for i, in conn.execute("SELECT identity FROM sessions")]
        assert len(set(identities)) == 4 and all(len(i) == 64 for i in identities)
    finally:
        conn.close()


# --- 2. the database survives the sqlite3 shell ---------------------------------------------


def shell_delete(db: Path, path: str) -> None:
    """DELETE as the sqlite3 shell makes it: foreign keys off (its default)."""
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA foreign_keys = OFF")
    conn.execute("DELETE FROM sessions WHERE path = ?", (path,))
    conn.commit()
    conn.close()


def test_a_session_deleted_in_the_shell_breaks_no_reader_and_the_next_run_mends(club, tmp_path):
    db = Path("club.sqlite")
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    last = rows(db, "SELECT max(id) FROM sessions")[0][0]
    shell_delete(db, "recs/2027-02-11.rvs")
    done = run("stats", "club.sqlite", "--json")
    assert done.exit_code == 0, done.output
    assert len(json.loads(done.stdout)["sessions"]) == 3
    assert run("stats", "club.sqlite", "--show-deals").exit_code == 0
    assert run("report", "club.sqlite", "-o", str(tmp_path / "site")).exit_code == 0
    (tmp_path / "lg.toml").write_text('archive = "club.sqlite"\n', encoding="utf-8")
    done = run("league", "lg.toml", "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["sessions"] == 3
    done = run("archive", "recs", "-o", "club.sqlite")
    assert done.exit_code == 0, done.output
    assert "removed the rows left behind by 1 session deleted without them" in done.stderr
    assert "recs/2027-02-11.rvs: loaded, 10 deals" in done.stderr
    # its id is new (AUTOINCREMENT): the rows of the deleted one can never be taken for it
    assert rows(db, "SELECT id FROM sessions WHERE path = 'recs/2027-02-11.rvs'")[0][0] > last
    for table in ("players", "deals", "deal_players", "payments", "summary_players"):
        assert rows(db, f"SELECT count(*) FROM {table} WHERE session_id NOT IN "
                        f"(SELECT id FROM sessions)") == [(0,)]


def test_archive_remove_removes_one_session_with_its_rows(club):
    db = Path("club.sqlite")
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    done = run("archive", "--remove", "recs/2027-01-21.rvs", "-o", "club.sqlite")
    assert done.exit_code == 0, done.output
    assert "recs/2027-01-21.rvs: the file is gone, removed" not in done.stderr
    assert "recs/2027-01-21.rvs: removed, with all its rows" in done.stderr
    assert "recs/2027-01-21.rvs" not in sessions(db)
    assert rows(db, "SELECT count(*) FROM deals") == [(30,)]
    done = run("archive", "--remove", "recs/nothing.rvs", "-o", "club.sqlite")
    assert done.exit_code == 1 and "error[RV615]" in done.stderr


def test_an_archive_of_version_1_is_read_then_migrated_without_losing_a_session(tmp_path,
                                                                            club):
    """The dump is of an archive made by the code before issue 30 (schema 1) of
    the sample club, with 2027-02-11 deleted in the shell (its rows left)."""
    db = tmp_path / "club.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript(V1_DUMP.read_text(encoding="utf-8"))
    conn.close()
    before = rows(db, "SELECT id, path, sha256, deals FROM sessions ORDER BY id")
    assert len(before) == 3 and rows(db, "SELECT value FROM meta WHERE key = "
                                          "'schema_version'") == [("1",)]
    done = run("stats", "club.sqlite", "--json")  # read as it is, without writing it
    assert done.exit_code == 0, done.output
    assert len(json.loads(done.stdout)["sessions"]) == 3
    assert rows(db, "SELECT value FROM meta WHERE key = 'schema_version'") == [("1",)]
    done = run("archive", "recs", "-o", "club.sqlite")
    assert done.exit_code == 0, done.output
    assert rows(db, "SELECT value FROM meta WHERE key = 'schema_version'") == [
        (str(schema.SCHEMA_VERSION),)]
    assert rows(db, "SELECT id, path, sha256, deals FROM sessions WHERE id <= 3 "
                    "ORDER BY id") == before
    assert "recs/2027-02-11.rvs: loaded, 10 deals" in done.stderr
    assert done.stderr.count("unchanged, skipped") == 3
    assert rows(db, "SELECT count(*) FROM sessions WHERE identity = ''") == [(0,)]
    assert "AUTOINCREMENT" in rows(db, "SELECT sql FROM sqlite_master WHERE name = "
                                       "'sessions'")[0][0]
    # the identity the migration computed is the one a load computes
    conn, _ = build_in_memory([str(club / "2027-01-14.rvs")])
    fresh = conn.execute("SELECT identity FROM sessions").fetchone()
    conn.close()
    assert rows(db, "SELECT identity FROM sessions WHERE id = 1")[0] == fresh
    assert rows(db, "PRAGMA integrity_check") == [("ok",)]
    assert rows(db, "PRAGMA foreign_key_check") == []


# --- 3. two runs at once ---------------------------------------------------------------------


def test_sqlite_errors_are_told_by_code_not_by_text():
    def code_of(exc: sqlite3.Error) -> str:
        with pytest.raises(ArchiveError) as raised:
            with guarded("club.sqlite"):
                raise exc
        return raised.value.diagnostic.code

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (k UNIQUE)")
    conn.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(sqlite3.IntegrityError) as raised:
        conn.execute("INSERT INTO t VALUES (1)")
    assert code_of(raised.value) == "RV612"  # not "damaged" (RV601)
    busy = sqlite3.OperationalError("whatever the words")
    busy.sqlite_errorcode, busy.sqlite_errorname = 5, "SQLITE_BUSY"
    assert code_of(busy) == "RV604"
    worded = sqlite3.OperationalError("database is locked")  # words, no code
    assert code_of(worded) == "RV612"


RIVAL = """
import sqlite3, sys
from reversis_cli.club import archive

real_connect, loading, begun = sqlite3.connect, [], []


class Paused(sqlite3.Connection):
    def execute(self, sql, *args):
        # the rival's first file: it stops at its BEGIN IMMEDIATE until the
        # other run has stored the same file
        if sql == "BEGIN IMMEDIATE" and loading and not begun:
            begun.append(sql)
            with open(sys.argv[1], "w") as ready:
                ready.write("ready\\n")
            with open(sys.argv[2]) as go:
                go.readline()
        return super().execute(sql, *args)


original = archive.load_file


def load_file(*args, **kw):
    loading.append(True)
    return original(*args, **kw)


class Module:
    Connection = sqlite3.Connection

    @staticmethod
    def connect(*args, **kw):
        return real_connect(*args, factory=Paused, **kw)


archive.load_file, archive.sqlite3 = load_file, Module
from reversis_cli.cli import cli
cli(["archive", sys.argv[3], "-o", sys.argv[4]])
"""


def test_a_run_that_waited_for_another_skips_what_it_stored(club, tmp_path):
    """Two real processes: the rival stops just before it takes the write lock
    for its first file (the lookup once came before, and the file the other
    run stored meanwhile was inserted again: "UNIQUE constraint failed",
    reported as a damaged database).  An event (a FIFO), not a sleep."""
    db = tmp_path / "club.sqlite"
    connect(db).close()  # an empty archive
    ready, go = tmp_path / "ready", tmp_path / "go"
    os.mkfifo(ready)
    os.mkfifo(go)
    record = str(club / "2027-01-14.rvs")
    rival = subprocess.Popen(
        [sys.executable, "-c", RIVAL, str(ready), str(go), record, str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
        env={**os.environ, **ENV, "PYTHONPATH": str(ROOT)})
    try:
        with open(ready) as said:
            assert said.readline() == "ready\n"
        other = subprocess.run([sys.executable, "-m", "reversis_cli", "archive", record,
                                "-o", str(db)], capture_output=True, text=True,
                               env={**os.environ, **ENV, "PYTHONPATH": str(ROOT)}, timeout=60)
        assert other.returncode == 0, other.stderr
        with open(go, "w") as going:
            going.write("go\n")
        out, err = rival.communicate(timeout=60)
    finally:
        rival.kill()
    assert rival.returncode == 0, err
    assert "2027-01-14.rvs: unchanged, skipped" in err
    assert "RV601" not in err and "damaged" not in err
    assert rows(db, "SELECT count(*), sum(deals) FROM sessions") == [(1, 10)]


# --- 4. a record spoilt since it was archived ------------------------------------------------


def spoil(path: Path) -> None:
    """The first card of deal 1's first trick made a ten (RV101: not a card)."""
    text = path.read_text(encoding="utf-8")
    assert "   1 Anna  3C 6C" in text
    path.write_text(text.replace("   1 Anna  3C 6C", "   1 Anna  10C 6C", 1), encoding="utf-8")


def test_a_spoilt_record_keeps_its_archived_version_and_says_so_everywhere(club, tmp_path):
    db = Path("club.sqlite")
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    record = club / "2027-01-14.rvs"
    good = record.read_bytes()
    spoil(record)
    done = run("archive", "recs", "-o", "club.sqlite")
    assert done.exit_code == 1
    assert "recs/2027-01-14.rvs: not loaded" in done.stderr
    archived = rows(db, "SELECT archived FROM sessions WHERE path = 'recs/2027-01-14.rvs'")[0][0]
    assert (f"the archived version of recs/2027-01-14.rvs (10 deals, archived {archived}) is "
            f"kept") in done.stderr
    assert rows(db, "SELECT stale IS NOT NULL FROM sessions WHERE path = "
                    "'recs/2027-01-14.rvs'") == [(1,)]
    done = run("stats", "club.sqlite")
    assert done.exit_code == 0
    assert "warning[RV614]" in done.stderr and "recs/2027-01-14.rvs" in done.stderr
    assert "Statistics of 4 sessions" in done.stdout
    done = run("stats", "club.sqlite", "--json")
    assert len(json.loads(done.stdout)["sessions"]) == 4
    assert [(d["code"], d["file"]) for d in json.loads(done.stdout)["diagnostics"]] == [
        ("RV614", "recs/2027-01-14.rvs")]
    done = run("stats", "club.sqlite", "--json", "--skip-stale")
    kept = json.loads(done.stdout)
    assert "left out (--skip-stale)" in kept["diagnostics"][0]["message"]
    assert kept["sessions"] == ["recs/2027-01-21.rvs", "recs/2027-02-04.rvs",
                                "recs/2027-02-11.rvs"]
    Path("lg.toml").write_text('archive = "club.sqlite"\n', encoding="utf-8")
    assert "warning[RV614]" in run("league", "lg.toml").stderr
    done = run("league", "lg.toml", "--json")
    assert json.loads(done.stdout)["sessions"] == 4
    assert [d["code"] for d in json.loads(done.stdout)["diagnostics"]] == ["RV614"]
    done = run("league", "lg.toml", "--json", "--skip-stale")
    assert json.loads(done.stdout)["sessions"] == 3
    record.write_bytes(good)  # put back as it was: whole again
    done = run("archive", "recs", "-o", "club.sqlite")
    assert done.exit_code == 0 and "is kept" not in done.stderr
    assert rows(db, "SELECT count(*) FROM sessions WHERE stale IS NOT NULL") == [(0,)]
    assert "RV614" not in run("stats", "club.sqlite").stderr


# --- 12. messages that point the right way ---------------------------------------------------


def test_archive_to_standard_output_is_a_usage_error_and_makes_no_file(club):
    done = run("archive", "recs", "-o", "-")
    assert done.exit_code == 2
    assert "cannot be standard output" in done.stderr
    assert not Path("-").exists()


def test_archive_into_a_missing_folder_is_a_usage_error(club):
    done = run("archive", "recs", "-o", "nodir/new.sqlite")
    assert done.exit_code == 2
    assert "the folder" in done.stderr and "does not exist" in done.stderr
    assert not Path("nodir").exists()


def test_a_reader_is_not_told_to_use_o(club, tmp_path):
    foreign = tmp_path / "other.sqlite"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE photos (id INTEGER)")
    conn.close()
    done = run("stats", "other.sqlite")
    assert done.exit_code == 1 and "error[RV602]" in done.stderr
    assert "-o" not in done.stderr
    Path("lg").mkdir()
    Path("lg/lg.toml").write_text('archive = "../other.sqlite"\n', encoding="utf-8")
    done = run("league", "lg/lg.toml")
    assert "error[RV602]" in done.stderr and "-o" not in done.stderr
    assert "other.sqlite: error[RV602]" in done.stderr and "lg/../" not in done.stderr


def test_two_archives_to_stats_are_refused_as_two_archives(club):
    for name in ("b.sqlite", "c.sqlite"):
        assert run("archive", "recs", "-o", name).exit_code == 0
    done = run("stats", "b.sqlite", "c.sqlite")
    assert done.exit_code == 2
    assert "stats reads one archive at a time: b.sqlite, c.sqlite" in done.stderr
    assert "not both" not in done.stderr


def test_a_league_file_with_neither_records_nor_archive_asks_for_one(club):
    Path("lg.toml").write_text('title = "Season"\n', encoding="utf-8")
    done = run("league", "lg.toml")
    assert done.exit_code == 1
    assert "not both" not in done.stderr
    assert "records" in done.stderr and "archive" in done.stderr


def test_compare_names_a_changed_record_from_the_working_folder(club, tmp_path):
    (tmp_path / "rec2").mkdir()
    assert run("archive", "recs", "-o", "rec2/club.sqlite").exit_code == 0
    with (club / "2027-01-14.rvs").open("a", encoding="utf-8") as f:
        f.write("# a late comment\n")
    (club / "2027-01-21.rvs").unlink()
    done = run("stats", "rec2/club.sqlite", "--compare", "modern")
    assert done.exit_code == 1
    assert "recs/2027-01-14.rvs: error[RV610]" in done.stderr
    assert "recs/2027-01-21.rvs: error[RV001]" in done.stderr
    assert "../recs" not in done.stderr


# --- M14: the change check reads the whole file ----------------------------------------------


def test_content_hash_sees_past_the_first_blocks():
    assert content_hash(b"x" * 5000 + b"a") != content_hash(b"x" * 5000 + b"b")


def simulated(deals: int, seed: int) -> str:
    from reversis_cli.simulate import SimulationOptions, simulate_session

    return "".join(simulate_session(SimulationOptions(deals, seed)))


def amount(value) -> Fraction:
    return Fraction(value) if not isinstance(value, str) else Fraction(value)


def test_a_change_in_the_last_deal_of_a_long_record_is_archived(tmp_path):
    """M14 of the fourth tests review: a change past the first blocks of the file (a hash of
    the first 4 KiB only kept the old money in the archive)."""
    text = simulated(40, 11)
    head, _, _ = text.rpartition("\ndeal 40 ")
    other = simulated(40, 12).rpartition("\ndeal 40 ")[2]
    changed = head + "\ndeal 40 " + other
    assert len(head.encode()) > 8192 and changed != text
    record, db = tmp_path / "long.rvs", tmp_path / "club.sqlite"
    record.write_text(text, encoding="utf-8")
    assert [r.state for r in archive_inputs([str(record)], db)] == [LOADED]
    old = rows(db, "SELECT player, net_num, net_den FROM deal_players WHERE deal = 40")
    record.write_text(changed, encoding="utf-8")
    assert [r.state for r in archive_inputs([str(record)], db)] == [REPLACED]
    done = run("score", "--json", str(record))
    nets = json.loads(done.stdout)["deals"][39]["net"]
    new = rows(db, "SELECT player, net_num, net_den FROM deal_players WHERE deal = 40")
    assert {p: Fraction(n, d) for p, n, d in new} == {p: amount(v) for p, v in nets.items()}
    assert new != old
