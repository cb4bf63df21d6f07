"""The club's commands in bounded memory (issue 35): ``report`` of an archive
writes each session's page as it is made and holds none of them, and ``stats
--json`` neither holds its text nor a string for each ``file:deal`` it names.

Also: the club page's nets by session, read from the sessions' summaries,
are the sums of the deals' nets.

Measured by the Python allocations at their peak (tracemalloc) over a
season of N sessions and one of 4N: what a command keeps for each session
must be small against what it writes for it.  No timing."""

from __future__ import annotations

import datetime
import io
import json
import sys
import tracemalloc
from fractions import Fraction
from pathlib import Path

import pytest

from reversis_cli.cli import cli
from reversis_cli.cli.common import print_json, stream_json
from reversis_cli.club.archive import archive_inputs, open_to_read
from reversis_cli.club.stats import Count, Refs, stats_json, stats_of
from reversis_cli.club.timeline import nets_by_session
from reversis_cli.simulate import SimulationOptions, simulate_session

SESSIONS = 4  # the small season; the large one has four times as many
DEALS = 12
MEMBERS = ("Anna", "Boris", "Vera", "Gleb", "Дарья", "Egor")


def _write_season(folder: Path, sessions: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for n in range(sessions):
        players = tuple(MEMBERS[(n + k) % len(MEMBERS)] for k in range(4))
        text = "".join(simulate_session(SimulationOptions(DEALS, 500 + n, players=players)))
        day = datetime.date(2027, 1, 1) + datetime.timedelta(days=n)
        path = folder / f"{day.isoformat()}.rvs"
        path.write_text(text.replace("reversis 1\n", f"reversis 1\ndate {day}\n", 1),
                        encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def seasons(tmp_path_factory) -> dict[int, Path]:
    """Archives of SESSIONS and 4 x SESSIONS sessions (the first are the same)."""
    folder = tmp_path_factory.mktemp("season")
    paths = _write_season(folder / "records", 4 * SESSIONS)
    archives = {}
    for count in (SESSIONS, 4 * SESSIONS):
        archives[count] = folder / f"club-{count}.sqlite"
        archive_inputs([str(p) for p in paths[:count]], archives[count])
    return archives


class _Counted(io.RawIOBase):
    """Standard output that keeps nothing: it counts the bytes written."""

    def __init__(self) -> None:
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        self.size += len(data)
        return len(data)


def _peak(monkeypatch, *args: str) -> tuple[int, int]:
    """The command's peak of Python allocations and the bytes it wrote to
    standard output, run in this process with an output that keeps nothing."""
    sink = _Counted()
    with monkeypatch.context() as patch:
        patch.setattr(sys, "stdout", io.TextIOWrapper(io.BufferedWriter(sink), encoding="utf-8"))
        tracemalloc.start()
        try:
            cli.main(list(args), prog_name="reversis", standalone_mode=False)
        except SystemExit as exc:
            assert exc.code in (0, None)
        finally:
            sys.stdout.flush()
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    return peak, sink.size


def test_stats_json_does_not_hold_the_season(seasons, monkeypatch):
    _peak(monkeypatch, "stats", "--json", str(seasons[SESSIONS]))  # imports done once
    small, small_out = _peak(monkeypatch, "stats", "--json", str(seasons[SESSIONS]))
    large, large_out = _peak(monkeypatch, "stats", "--json", str(seasons[4 * SESSIONS]))
    written = large_out - small_out
    assert written > 30_000  # the occurrences' file:deal references, mostly
    # Holding the text, its pieces and a string a reference took ~7 times
    # what was written; now the growth is a fraction of it.
    assert large - small < 3 * written, (small, large, written)


def test_report_of_a_club_holds_no_session_page(seasons, monkeypatch, tmp_path):
    def run(count: int, out: str) -> tuple[int, int]:
        peak, _ = _peak(monkeypatch, "report", str(seasons[count]), "-o", f"{tmp_path / out}/")
        pages = sum(p.stat().st_size for p in (tmp_path / out / "sessions").glob("*.html"))
        return peak, pages

    run(SESSIONS, "warm")  # imports and templates loaded once
    small, small_pages = run(SESSIONS, "small")
    large, large_pages = run(4 * SESSIONS, "large")
    grown = large_pages - small_pages
    assert grown > 3 * SESSIONS * 10_000  # every session has its page, written
    # Each page held until the end grew the peak by about its size (and more:
    # a str of the page); written and dropped, a session costs a few hundred bytes.
    assert large - small < grown // 4, (small, large, grown)


def test_a_lazy_reference_list_is_written_as_the_strings_were(seasons):
    conn = open_to_read(str(seasons[SESSIONS]))
    try:
        stats = stats_of(conn, with_deals=True)
    finally:
        conn.close()
    lazy = [c for p in stats.players.values() for c in p.counts.values() if c.count]
    assert lazy and all(isinstance(c.deals, Refs) and len(c.deals) == c.count for c in lazy)
    one = lazy[0].deals
    assert list(one)[0] == one[0] and list(one)[-1] == one[-1] and one[:2] == tuple(one)[:2]
    assert one[0].rsplit(":", 1)[0].endswith(".rvs")
    assert Count(len(one), tuple(one)) == Count(len(one), one)
    # the text is print_json's, byte for byte, with the references as lists
    data = stats_json(stats, ("club.sqlite",))
    data["extra"] = {"имя": "Дарья", "nothing": None, "empty": Refs({})}
    plain = json.loads(json.dumps(data, default=list))
    streamed, printed = io.StringIO(), io.StringIO()
    stream_json(data, streamed)
    _print_to(printed, plain)
    assert streamed.getvalue() == printed.getvalue()
    assert '"Дарья"' in streamed.getvalue() and '"empty": []' in streamed.getvalue()


def _print_to(stream: io.StringIO, data) -> None:
    real = sys.stdout
    sys.stdout = stream
    try:
        print_json(data)
    finally:
        sys.stdout = real


def test_each_sessions_nets_from_the_summaries_are_the_sums_of_its_deals(seasons):
    conn = open_to_read(str(seasons[4 * SESSIONS]))
    try:
        paths = [path for path, in conn.execute("SELECT path FROM sessions ORDER BY day")]
        sessions = nets_by_session(conn, paths)
        deals: dict[str, dict[str, Fraction]] = {}
        for path, name, num, den in conn.execute(
                "SELECT s.path, d.player, d.net_num, d.net_den FROM deal_players AS d "
                "JOIN sessions AS s ON s.id = d.session_id ORDER BY d.player"):
            nets = deals.setdefault(path, {})
            nets[name] = nets.get(name, Fraction(0)) + Fraction(num, den)
    finally:
        conn.close()
    assert [s.path for s in sessions] == paths
    for session in sessions:
        assert list(session.nets.items()) == list(deals[session.path].items())
        assert len(session.nets) == 4
    assert all(any(net != 0 for net in s.nets.values()) for s in sessions)
