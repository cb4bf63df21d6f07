"""``stats --analyse`` (issue 32, item 6): the fiches each player lost to
provable mistakes, summed from each deal's analysis, and the archive's tables
that keep it (analysed once, reused, removed with their session, upgraded).

The figures are held to the search itself (:func:`analyse_deal`, called here
deal by deal as the oracle); the rules of the sum that a few small records may
not exercise (a likely finding not counted, losses in thirds, every reason a
deal is out of reach) are held on analyses built by hand (``handmade``)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.analyse import analyse_deal
from reversis_cli.analyse.result import LIKELY, PROVABLE, DealAnalysis, Finding
from reversis_cli.cards import PACK
from reversis_cli.cli import cli
from reversis_cli.club import analysis as analysis_module
from reversis_cli.club import schema
from reversis_cli.club.analysis import analyse_archive
from reversis_cli.club.archive import connect
from reversis_cli.reader import record_from_text
from reversis_cli.session.service import Session
from reversis_cli.simulate import SimulationOptions, simulate_session
from pty_run import on_terminal_stderr

ROOT = Path(__file__).resolve().parents[1]
V2_DUMP = ROOT / "tests" / "fixtures" / "archive" / "v2-club-two-sessions.sql"
SAMPLES = ROOT / "samples" / "club"
ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
FROM = 9  # small analyses (a tenth of a second a session): the tests stay fast
SEASON = (  # players, rules, irregular rate, seed: provable mistakes from trick 9, and
    # deals out of reach for each reason (a misdeal, a kept card, a claim in trick 11)
    (("Anna", "Boris", "Vera", "Gleb"), "classic", 0.0, 11),
    (("Boris", "Vera", "Gleb", "Dima"), "modern", 0.5, 14),
    (("Boris", "Vera", "Gleb", "Dima"), "modern", 0.5, 16),
)
DEALS = 5 * len(SEASON)



def handmade(scored, profile, from_trick: int = 8) -> DealAnalysis:
    """A deal's analysis built by hand from its number: provable and likely
    findings of several players, halves and thirds among the losses, one deal
    in five out of reach."""
    n = scored.checked.number
    players = tuple(scored.settlement.net)
    if n % 5 == 0:
        return DealAnalysis(n, players, None, "irregular", "IRR-4")
    card = PACK[n]

    def finding(grade: str, seat: int, loss: Fraction) -> Finding:
        return Finding(grade, from_trick, seat, card, PACK[n + 1], -loss, 0, loss, None)

    findings = [finding(PROVABLE, n % 4, Fraction(n, 2)),
                finding(LIKELY, (n + 2) % 4, Fraction(7))]
    if n % 3 == 0:
        findings.append(finding(PROVABLE, (n + 1) % 4, Fraction(3)))
        findings.append(finding(PROVABLE, n % 4, Fraction(1, 3)))
    return DealAnalysis(n, players, from_trick + (n % 7 == 0), findings=tuple(findings))


class Counted:
    """The analyser, each deal it is asked for counted."""

    def __init__(self, analyse=analyse_deal):
        self.analyse, self.calls = analyse, []

    def __call__(self, scored, profile, from_trick: int = 8) -> DealAnalysis:
        self.calls.append((scored.checked.number, from_trick))
        return self.analyse(scored, profile, from_trick=from_trick)


@pytest.fixture
def analyser(monkeypatch) -> Counted:
    """The search, counted."""
    counted = Counted()
    monkeypatch.setattr(analysis_module, "default_analyser", lambda: counted)
    return counted


@pytest.fixture
def by_hand(monkeypatch) -> Counted:
    """The analyses built by hand, counted."""
    counted = Counted(handmade)
    monkeypatch.setattr(analysis_module, "default_analyser", lambda: counted)
    return counted


@pytest.fixture
def season(tmp_path, monkeypatch) -> Path:
    """Three evenings of five deals in ``recs/``, the working folder ``tmp_path``."""
    recs = tmp_path / "recs"
    recs.mkdir()
    for n, (players, rules, irregular, seed) in enumerate(SEASON, 1):
        text = "".join(simulate_session(SimulationOptions(
            5, seed, rules=rules, irregular=irregular, players=players)))
        (recs / f"s{n}.rvs").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return recs


def run(*args: str):
    return CliRunner().invoke(cli, list(args), env=ENV)


def rows(db: Path, sql: str, *params) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def oracle(paths: list[Path], from_trick: int, analyse=analyse_deal
           ) -> tuple[dict[str, Fraction], int, int]:
    """Each player's provable losses, summed here from the analyser's own
    results deal by deal; the deals analysed and out of reach."""
    lost: dict[str, Fraction] = {}
    analysed = out = 0
    for path in paths:
        with Session.of(record_from_text(path.read_bytes(), str(path))) as session:
            for scored in session.deals():
                if scored.settlement is None:
                    continue
                result = analyse(scored, session.profile, from_trick=from_trick)
                if result.exact_from_trick is None:
                    out += 1
                    continue
                analysed += 1
                for name in result.players:
                    lost.setdefault(name, Fraction(0))
                for f in result.findings:
                    if f.grade == PROVABLE:
                        lost[result.players[f.seat]] += f.loss
    return lost, analysed, out


def as_fraction(amount) -> Fraction:
    return Fraction(amount)


# --- the figure --------------------------------------------------------------------------


def test_the_figure_is_the_sum_of_the_provable_losses_the_search_gives(season, analyser):
    done = run("stats", "recs", "--analyse", "--from-trick", str(FROM), "--json")
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    lost, analysed, out = oracle(sorted(season.glob("*.rvs")), FROM)
    assert sum(lost.values()) > 0  # the season has provable mistakes to count
    assert {name: as_fraction(p["provable_loss"]) for name, p in data["players"].items()} \
        == lost
    assert data["analysis"]["deals_analysed"] == analysed
    assert data["analysis"]["deals_out_of_reach"] == out
    # every reason a deal is out of reach, from the search itself
    assert set(data["analysis"]["out_of_reach"]) == {"not-settled", "irregular", "too-late"}
    assert analysed + out == DEALS == sum(p["deals"] for p in data["players"].values()) // 4
    assert {c[1] for c in analyser.calls} == {FROM}
    # per deal: each deal's losses add up to the player's figure
    by_deal: dict[str, Fraction] = {}
    for deal in data["analysis"]["deals"]:
        for name, amount in deal["provable_loss"].items():
            by_deal[name] = by_deal.get(name, Fraction(0)) + as_fraction(amount)
    assert by_deal == lost
    # the table lists the deals that cost someone fiches and those out of reach, no other
    table = run("stats", "recs", "--analyse", "--from-trick", str(FROM)).stdout
    for deal in data["analysis"]["deals"]:
        listed = deal["out_of_reach"] is not None or any(
            v != 0 for v in deal["provable_loss"].values())
        assert (f" {deal['deal']} " in table) is listed, deal


def test_the_sum_counts_provable_findings_only_exactly(season, by_hand):
    """Analyses built by hand: a likely finding is not counted, thirds stay
    thirds, and the figure is their sum (the oracle over the same analyses)."""
    data = json.loads(run("stats", "recs", "--analyse", "--from-trick", str(FROM),
                          "--json").stdout)
    lost, analysed, out = oracle(sorted(season.glob("*.rvs")), FROM, handmade)
    assert {name: as_fraction(p["provable_loss"]) for name, p in data["players"].items()} \
        == lost
    assert any(v.denominator > 1 for v in lost.values())
    assert (data["analysis"]["deals_analysed"], data["analysis"]["deals_out_of_reach"]) == (
        analysed, out)
    deals = {d["deal"]: d for d in data["analysis"]["deals"]}
    assert deals["recs/s1.rvs:5"] == {
        "deal": "recs/s1.rvs:5", "exact_from_trick": None, "out_of_reach": "irregular",
        "out_of_reach_rule": "IRR-4", "provable_loss": {}, "provable_mistakes": {}}
    one = deals["recs/s1.rvs:1"]  # Boris (seat 1) lost 1/2; Gleb's likely 7 is not counted
    assert one["provable_loss"] == {"Anna": 0, "Boris": "1/2", "Vera": 0, "Gleb": 0}
    assert one["exact_from_trick"] == FROM
    three = deals["recs/s1.rvs:3"]  # Gleb 3/2 + 1/3, Anna 3
    assert three["provable_loss"]["Gleb"] == "11/6" and three["provable_mistakes"]["Gleb"] == 2


def test_the_table_shows_the_figure_beside_the_others_and_the_deals(season, by_hand):
    done = run("stats", "recs", "--analyse", "--from-trick", str(FROM))
    assert done.exit_code == 0, done.output
    assert "Fiches lost to provable mistakes" in done.stdout
    assert f"Provable mistakes (analysed from trick {FROM})" in done.stdout
    assert "12 deals analysed; out of reach: 3 deals (irregularity: 3)." in done.stdout
    assert "recs/s1.rvs:5   out of reach: irregularity (IRR-4)" in done.stdout
    plain = run("stats", "recs")
    assert "provable" not in plain.stdout and len(by_hand.calls) == DEALS


def test_from_trick_without_analyse_and_out_of_range_are_usage_errors(season, analyser):
    assert run("stats", "recs", "--from-trick", "9").exit_code == 2
    assert run("stats", "recs", "--analyse", "--from-trick", "12").exit_code == 2
    assert analyser.calls == []


def test_player_keeps_his_figure_only(season, analyser):
    lost, _, _ = oracle(sorted(season.glob("*.rvs")), FROM)
    name = max(lost, key=lost.__getitem__)  # one who lost fiches
    data = json.loads(run("stats", "recs", "--analyse", "--from-trick", str(FROM),
                          "--player", name, "--json").stdout)
    assert list(data["players"]) == [name]
    assert all(set(d["provable_loss"]) <= {name} for d in data["analysis"]["deals"])
    assert as_fraction(data["players"][name]["provable_loss"]) == lost[name] > 0


# --- the archive -------------------------------------------------------------------------


def test_the_archive_analyses_once_and_reuses_what_it_stored(season, analyser):
    db = Path("club.sqlite")
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    first = run("stats", "club.sqlite", "--analyse", "--from-trick", str(FROM), "--json")
    assert first.exit_code == 0, first.output
    assert len(analyser.calls) == DEALS
    assert rows(db, "SELECT count(*) FROM analyses") == [(len(SEASON),)]
    assert rows(db, "SELECT count(*) FROM analysis_deals") == [(DEALS,)]
    second = run("stats", "club.sqlite", "--analyse", "--from-trick", str(FROM), "--json")
    assert len(analyser.calls) == DEALS  # nothing analysed again
    a, b = json.loads(first.stdout), json.loads(second.stdout)
    assert (a["analysis"]["computed"], a["analysis"]["reused"]) == (DEALS, 0)
    assert (b["analysis"]["computed"], b["analysis"]["reused"]) == (0, DEALS)
    for data in (a, b):
        del data["analysis"]["computed"], data["analysis"]["reused"]
    assert a == b
    lost, _, _ = oracle(sorted(season.glob("*.rvs")), FROM)
    assert {n: as_fraction(p["provable_loss"]) for n, p in b["players"].items()} == lost
    # the stored rows are the figure: a player's losses summed in SQL, exactly
    for name, amount in lost.items():
        stored = sum((Fraction(num, den) for num, den in rows(
            db, "SELECT lost_num, lost_den FROM analysis_players WHERE player = ?", name)),
            Fraction(0))
        assert stored == amount
    # another starting trick is another analysis
    run("stats", "club.sqlite", "--analyse", "--from-trick", "10", "--json")
    assert len(analyser.calls) == 2 * DEALS
    assert rows(db, "SELECT from_trick, count(*) FROM analyses GROUP BY from_trick") == [
        (FROM, len(SEASON)), (10, len(SEASON))]


def test_a_record_changed_since_it_was_archived_is_said_and_left_out(season, analyser):
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    with open(season / "s2.rvs", "a", encoding="utf-8") as f:
        f.write("\n")  # the same evening, other bytes: the archive's hash no longer
    done = run("stats", "club.sqlite", "--analyse", "--from-trick", str(FROM), "--json")
    assert done.exit_code == 1
    data = json.loads(done.stdout)
    assert "RV616" in [d["code"] for d in data["diagnostics"]]
    assert data["analysis"]["sessions_not_analysed"] == ["recs/s2.rvs"]
    assert len(analyser.calls) == DEALS - 5
    assert "recs/s2.rvs:1" not in [d["deal"] for d in data["analysis"]["deals"]]


def test_a_removed_session_takes_its_analysis_with_it(season, analyser):
    db = Path("club.sqlite")
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    assert run("stats", "club.sqlite", "--analyse", "--from-trick", str(FROM)).exit_code == 0
    (sid,) = rows(db, "SELECT id FROM sessions WHERE path = 'recs/s1.rvs'")[0]
    done = run("archive", "--remove", "recs/s1.rvs", "-o", "club.sqlite")
    assert done.exit_code == 0, done.output
    for table in ("analyses", "analysis_deals", "analysis_players"):
        assert rows(db, f"SELECT count(*) FROM {table} WHERE session_id = ?", sid) == [(0,)]
        assert rows(db, f"SELECT count(*) FROM {table}") != [(0,)]  # s2's stay


def test_a_moved_record_keeps_its_analysis(season, analyser):
    db = Path("club.sqlite")
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    assert run("stats", "club.sqlite", "--analyse", "--from-trick", str(FROM)).exit_code == 0
    (season / "moved").mkdir()
    text = (season / "s1.rvs").read_text(encoding="utf-8")
    (season / "s1.rvs").unlink()
    (season / "moved" / "s1.rvs").write_text("# moved\n" + text, encoding="utf-8")
    done = run("archive", "recs", "-o", "club.sqlite")
    assert "moved" in done.stderr, done.output
    data = json.loads(run("stats", "club.sqlite", "--analyse", "--from-trick", str(FROM),
                          "--json").stdout)
    assert len(analyser.calls) == DEALS and data["analysis"]["reused"] == DEALS
    assert "recs/moved/s1.rvs:1" in [d["deal"] for d in data["analysis"]["deals"]]
    assert rows(db, "PRAGMA foreign_key_check") == []


def test_an_archive_of_version_2_is_upgraded_and_analysed(tmp_path, monkeypatch, analyser):
    """The dump is of an archive made by the code before issue 32 (schema 2) of
    the sample club's first two evenings."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "recs").mkdir()
    for name in ("2027-01-14.rvs", "2027-01-21.rvs"):
        shutil.copy(SAMPLES / name, tmp_path / "recs" / name)
    db = tmp_path / "club.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript(V2_DUMP.read_text(encoding="utf-8"))
    conn.close()
    before = rows(db, "SELECT id, path, sha256, identity, deals FROM sessions ORDER BY id")
    assert rows(db, "SELECT value FROM meta WHERE key = 'schema_version'") == [("2",)]
    plain = run("stats", "club.sqlite", "--json")  # read as it is, without writing it
    assert plain.exit_code == 0, plain.output
    assert rows(db, "SELECT value FROM meta WHERE key = 'schema_version'") == [("2",)]
    done = run("stats", "club.sqlite", "--analyse", "--from-trick", str(FROM), "--json")
    assert done.exit_code == 0, done.output
    assert rows(db, "SELECT value FROM meta WHERE key = 'schema_version'") == [
        (str(schema.SCHEMA_VERSION),)]
    # every session kept; its identity made again without the options (E58)
    after = rows(db, "SELECT id, path, sha256, identity, deals FROM sessions ORDER BY id")
    assert [row[:3] + row[4:] for row in after] == [row[:3] + row[4:] for row in before]
    assert not {row[3] for row in after} & {row[3] for row in before}
    assert rows(db, "SELECT count(*) FROM analysis_deals") == [(20,)]
    lost, _, _ = oracle([tmp_path / "recs" / "2027-01-14.rvs",
                         tmp_path / "recs" / "2027-01-21.rvs"], FROM)
    data = json.loads(done.stdout)
    assert sum(lost.values()) > 0
    assert {n: as_fraction(p["provable_loss"]) for n, p in data["players"].items()} == lost
    assert json.loads(run("stats", "club.sqlite", "--json").stdout)["players"] == \
        json.loads(plain.stdout)["players"]  # the upgrade changed no figure
    assert rows(db, "PRAGMA integrity_check") == [("ok",)]


def test_a_run_stopped_in_a_session_keeps_the_sessions_before_whole(season):
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0

    def stopped(scored, profile, from_trick=8):
        if scored.settlement.net.get("Dima") is not None and scored.checked.number == 3:
            raise KeyboardInterrupt  # as kill would, in the second session's analysis
        return analyse_deal(scored, profile, from_trick=from_trick)

    conn = connect("club.sqlite")
    try:
        with pytest.raises(KeyboardInterrupt):
            analyse_archive(conn, Path.cwd(), ["recs/s1.rvs", "recs/s2.rvs"], FROM,
                            analyse=stopped)
    finally:
        conn.close()
    db = Path("club.sqlite")
    assert rows(db, "SELECT s.path, count(*) FROM analysis_deals AS d JOIN sessions AS s "
                    "ON s.id = d.session_id GROUP BY s.path") == [("recs/s1.rvs", 5)]


def test_two_runs_at_once_store_one_analysis(season):
    """Another run stores the session while this one analyses it: this run's
    store finds it there and leaves it, with no error."""
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    rival_done: list[bool] = []

    def racing(scored, profile, from_trick=8):
        if not rival_done and scored.checked.number == 5:
            rival_done.append(True)
            other = connect("club.sqlite")
            try:
                analyse_archive(other, Path.cwd(), ["recs/s1.rvs"], FROM, analyse=analyse_deal)
            finally:
                other.close()
        return analyse_deal(scored, profile, from_trick=from_trick)

    conn = connect("club.sqlite")
    try:
        season_result = analyse_archive(conn, Path.cwd(), ["recs/s1.rvs"], FROM,
                                        analyse=racing)
    finally:
        conn.close()
    assert season_result.computed == 5
    assert rows(Path("club.sqlite"), "SELECT count(*) FROM analyses") == [(1,)]
    assert rows(Path("club.sqlite"), "SELECT count(*) FROM analysis_deals") == [(5,)]


# --- progress: on a terminal, never in a pipe ----------------------------------------------

def test_stats_analyse_shows_its_progress_on_a_terminal_and_none_in_a_pipe(season, analyser):
    status, out, err = on_terminal_stderr("stats", "recs", "--analyse", "--from-trick",
                                          str(FROM), cwd=season.parent)
    assert status == 0, err
    assert "Deals analysed" in err and f"{DEALS}/{DEALS}" in err
    assert "Deals analysed" not in out
    piped = run("stats", "recs", "--analyse", "--from-trick", str(FROM))
    assert piped.exit_code == 0 and piped.stderr == ""


# A real stats --analyse run that says when the second session's analysis is written
# (inside its transaction, not committed), then waits to be killed.
KILLED_IN_ITS_STORE = """
import sqlite3, sys
real_connect, stores = sqlite3.connect, []


class Paused(sqlite3.Connection):
    def executemany(self, sql, *args):
        cursor = super().executemany(sql, *args)
        if sql.startswith("INSERT INTO analysis_players"):
            stores.append(sql)
            if len(stores) == 2:
                with open(sys.argv[2], "w") as written:
                    written.write("written\\n")
                with open(sys.argv[3]) as never:
                    never.readline()
        return cursor


def connect(*args, **kwargs):
    kwargs.setdefault("factory", Paused)
    return real_connect(*args, **kwargs)


sqlite3.connect = connect
from reversis_cli.cli import main
main(sys.argv[4:])
"""


def test_a_run_killed_while_it_stores_keeps_the_sessions_it_stored(season, analyser, tmp_path):
    import os
    import signal
    import subprocess
    import sys

    db = Path("club.sqlite")
    assert run("archive", "recs", "-o", "club.sqlite").exit_code == 0
    written, never = tmp_path / "written", tmp_path / "never"
    os.mkfifo(written)
    os.mkfifo(never)
    child = subprocess.Popen([sys.executable, "-c", KILLED_IN_ITS_STORE, str(ROOT / "tests"),
                              str(written), str(never), "stats", "club.sqlite", "--analyse",
                              "--from-trick", str(FROM)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env={**os.environ,
                                                             "PYTHONPATH": str(ROOT)})
    try:
        with open(written) as said:  # the second session's rows are in, not committed
            assert said.readline() == "written\n"
        assert child.poll() is None
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    assert Path("club.sqlite-wal").exists()  # killed inside the transaction (journaled ahead)
    assert rows(db, "SELECT s.path, count(*) FROM analysis_deals AS d JOIN sessions AS s "
                    "ON s.id = d.session_id GROUP BY s.path") == [("recs/s1.rvs", 5)]
    assert rows(db, "SELECT count(*) FROM analysis_players WHERE session_id NOT IN "
                    "(SELECT session_id FROM analyses)") == [(0,)]
    data = json.loads(run("stats", "club.sqlite", "--analyse", "--from-trick", str(FROM),
                          "--json").stdout)
    assert (data["analysis"]["computed"], data["analysis"]["reused"]) == (DEALS - 5, 5)
    assert rows(db, "PRAGMA integrity_check") == [("ok",)]
