"""The archive journaled ahead (issue 35): each run writes through SQLite's WAL,
synced at checkpoints, and leaves the archive in the ordinary journal when it
ends; killed half way, nothing it had committed is lost; the readers
(``stats``, ``league``, ``report``) open a database left in WAL read-only, in
a folder they can write and in one they cannot (RV617 when SQLite cannot read
it there, never a traceback)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.club.archive import archive_inputs

from conftest import ROOT
from test_archive import rows, simulated

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}


def run(*args: str):
    return CliRunner().invoke(cli, ["--lang", "en", *args], env=ENV)


def journal_of(db: Path) -> str:
    """The mode the database file's header says: WAL, or the ordinary journal."""
    header = db.read_bytes()[:20]
    return {b"\x02\x02": "wal", b"\x01\x01": "delete"}[header[18:20]]


@pytest.fixture
def evenings(tmp_path) -> Path:
    folder = tmp_path / "recs"
    folder.mkdir()
    for n, seed in enumerate((1, 2, 3), 1):
        (folder / f"s{n}.rvs").write_text(simulated(12, seed), encoding="utf-8")
    return folder


def test_a_run_journals_ahead_and_leaves_one_file_in_the_ordinary_journal(evenings, tmp_path,
                                                                           monkeypatch):
    from reversis_cli.club import transaction

    modes: list[str] = []
    write_ahead = transaction.write_ahead

    def watched(conn):
        write_ahead(conn)
        modes.append(conn.execute("PRAGMA journal_mode").fetchone()[0])
        modes.append(str(conn.execute("PRAGMA synchronous").fetchone()[0]))

    monkeypatch.setattr("reversis_cli.club.archive.write_ahead", watched)
    db = tmp_path / "club.sqlite"
    archive_inputs([str(evenings)], db)
    assert modes == ["wal", "1"]  # 1: NORMAL
    assert journal_of(db) == "delete"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.sqlite", "recs"]
    assert rows(db, "SELECT count(*) FROM deals") == [(36,)]


# An archive run that stops for good (killed) when its first full batch of rows of
# a long file is written, inside that file's transaction, the files before it committed.
PAUSED_IN_A_LONG_FILE = """
import sys
from reversis_cli.club import rows
from reversis_cli.club.archive import DEALS_PER_BATCH

original = rows.SessionRows.write


def write(self, conn):
    full = self.deals >= DEALS_PER_BATCH
    original(self, conn)
    if full:
        with open(sys.argv[1], "w") as written:
            written.write("written\\n")
        with open(sys.argv[2]) as never:
            never.readline()


rows.SessionRows.write = write
from reversis_cli.cli import cli
cli(["archive", *sys.argv[3:-1], "-o", sys.argv[-1]])
"""


def killed_in_a_long_file(db: Path, first: list[Path], tmp_path: Path) -> None:
    """``archive FIRST... BIG -o DB`` killed (SIGKILL) half way through BIG."""
    big = tmp_path / "big.rvs"
    big.write_text(simulated(1200, 7), encoding="utf-8")
    written, never = tmp_path / "written", tmp_path / "never"
    os.mkfifo(written)
    os.mkfifo(never)
    child = subprocess.Popen([sys.executable, "-c", PAUSED_IN_A_LONG_FILE, str(written),
                              str(never), *map(str, first), str(big), str(db)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        with open(written) as said:
            assert said.readline() == "written\n"
        assert child.poll() is None
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()


@pytest.mark.slow
def test_killed_half_way_nothing_committed_is_lost_and_the_readers_read_it(evenings, tmp_path,
                                                                          monkeypatch):
    db = tmp_path / "club.sqlite"
    archive_inputs([str(evenings / "s1.rvs")], db)
    monkeypatch.chdir(tmp_path)
    alone = json.loads(run("stats", "--json", "recs/s1.rvs", "recs/s2.rvs").stdout)
    killed_in_a_long_file(db, [evenings / "s2.rvs"], tmp_path)
    wal = Path(f"{db}-wal")
    assert wal.exists() and journal_of(db) == "wal"  # killed inside the long file's transaction
    # stats reads it read-only as it was left: s1 and s2 (committed by the killed run), not big
    done = run("stats", "--json", "club.sqlite")
    assert done.exit_code == 0, done.output
    left = json.loads(done.stdout)
    assert sorted(left["sessions"]) == ["recs/s1.rvs", "recs/s2.rvs"]
    assert left["players"] == alone["players"]
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("SELECT count(*) FROM deals").fetchone() == (24,)
    finally:
        conn.close()
    # the next run stores the long file and leaves the archive as one file again
    done = run("archive", "recs", "big.rvs", "-o", "club.sqlite")
    assert done.exit_code == 0, done.output
    assert "big.rvs: loaded, 1200 deals" in done.stderr
    assert done.stderr.count("unchanged, skipped") == 2
    assert journal_of(db) == "delete" and not wal.exists()
    assert rows(db, "SELECT count(*) FROM deals") == [(1236,)]  # s3 too


def read_only(folder: Path, *args: str) -> subprocess.CompletedProcess:
    """``reversis ARGS`` run in ``folder`` made read-only for the run: by its
    permissions, or (as root, whom permissions do not stop) by a read-only
    mount of it seen by that run alone."""
    command = [sys.executable, "-m", "reversis_cli", *args]
    env = {**os.environ, **ENV, "PYTHONPATH": str(ROOT)}
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            return subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)
        finally:
            folder.chmod(0o755)
    if shutil.which("unshare") is None:
        pytest.skip("no unshare: a folder cannot be made read-only for root")
    script = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && cd "$0" && exec "$@"'
    done = subprocess.run(["unshare", "-m", "sh", "-c", script, str(folder), *command],
                          env=env, capture_output=True, text=True)
    if "mount" in done.stderr and done.returncode != 0 and "reversis" not in done.stderr:
        pytest.skip(f"a read-only mount is not allowed here: {done.stderr.strip()}")
    return done


def left_in_wal(db: Path, with_log: bool) -> None:
    """The archive put in WAL mode as a run stopped half way leaves it: with its
    log and index beside it, or (a run beside a reader that then closed) without."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    if with_log:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE sessions SET place = place")
        conn.execute("COMMIT")
        shutil.copy(db, f"{db}.keep")
        for suffix in ("-wal", "-shm"):
            shutil.copy(f"{db}{suffix}", f"{db}{suffix}.keep")
    conn.close()
    if with_log:
        for suffix in ("", "-wal", "-shm"):
            os.replace(f"{db}{suffix}.keep", f"{db}{suffix}")
    assert journal_of(db) == "wal" and Path(f"{db}-wal").exists() == with_log


@pytest.mark.slow
def test_stats_in_a_read_only_folder(evenings, tmp_path):
    folder = tmp_path / "club"
    shutil.copytree(evenings, folder / "recs")
    db = folder / "club.sqlite"
    archive_inputs([str(folder / "recs")], db)
    # the ordinary journal
    plain = read_only(folder, "--lang", "en", "stats", "--json", "club.sqlite")
    assert plain.returncode == 0, plain.stderr
    figures = json.loads(plain.stdout)["players"]
    left_in_wal(db, with_log=True)  # a run killed: the log is read, read-only
    done = read_only(folder, "--lang", "en", "stats", "--json", "club.sqlite")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"] == figures
    os.remove(f"{db}-shm")  # the log without its index: SQLite cannot make it there
    done = read_only(folder, "--lang", "en", "stats", "club.sqlite")
    assert done.returncode == 1 and "RV617" in done.stderr, done.stderr
    os.remove(f"{db}-wal")
    left_in_wal(db, with_log=False)
    for language, words in (("en", "archive its records once more where its folder can be"),
                            ("ru", "ещё раз заархивируйте его записи там, где папку можно")):
        done = read_only(folder, "--lang", language, "stats", "club.sqlite")
        assert done.returncode == 1, done.stderr
        assert "Traceback" not in done.stderr
        assert "RV617" in done.stderr and words in done.stderr, done.stderr
    # where the folder can be written it reads, and one archive run puts it back
    assert run("stats", "--json", str(db)).exit_code == 0
    assert run("archive", str(folder / "recs"), "-o", str(db)).exit_code == 0
    assert journal_of(db) == "delete"
    done = read_only(folder, "--lang", "en", "stats", "--json", "club.sqlite")
    assert done.returncode == 0 and json.loads(done.stdout)["players"] == figures


def test_files_are_committed_together_and_each_is_said_once_committed(evenings, tmp_path):
    """Several files a commit (issue 35: the pages every file changes are written to
    the log once for them all), each file still whole or not at all: a file with
    errors among them leaves the others stored and its own earlier version as it
    was (marked stale), and no file is said stored before another connection can
    read it (a run stopped after that loses nothing it said)."""
    db = tmp_path / "club.sqlite"
    archive_inputs([str(evenings / "s1.rvs")], db)
    before = rows(db, "SELECT * FROM payments ORDER BY deal, seq")
    (evenings / "s1.rvs").write_text(simulated(12, 1).replace(" AS ", " XS ", 1),
                                     encoding="utf-8")
    bad = evenings / "s0.rvs"  # read first
    bad.write_text(simulated(3, 4).replace(" AS ", " 10S ", 1), encoding="utf-8")
    seen: list[tuple[str, list[tuple]]] = []

    def each(result) -> None:
        reader = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            seen.append((str(result.state), reader.execute(
                "SELECT path, stale IS NOT NULL FROM sessions ORDER BY path").fetchall()))
        finally:
            reader.close()

    archive_inputs([str(evenings)], db, each=each)
    stored = [("recs/s1.rvs", 1), ("recs/s2.rvs", 0), ("recs/s3.rvs", 0)]
    # one commit for the four files: every line is said once all of it is stored
    assert seen == [("not loaded", stored)] * 2 + [("loaded", stored)] * 2
    assert rows(db, "SELECT * FROM payments WHERE session_id = 1 ORDER BY deal, seq") == before
    assert rows(db, "SELECT count(*) FROM deals") == [(36,)]


def test_the_savepoints_journal_is_in_memory_while_loading_and_only_then(evenings):
    from reversis_cli.club import archive

    during: list[int] = []
    conn = archive.connect()
    try:
        archive.load_files(conn, sorted(evenings.iterdir()), None, each=lambda result: (
            during.append(conn.execute("PRAGMA temp_store").fetchone()[0])))
        assert during == [2, 2, 2]  # MEMORY
        assert conn.execute("PRAGMA temp_store").fetchone() == (0,)  # DEFAULT again
    finally:
        conn.close()
