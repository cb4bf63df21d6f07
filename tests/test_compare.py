"""A season under another reading (reversis_cli/club/compare.py and its
views): every session settled again, each player's difference, and what each
option that differs moved and from whom."""

from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.club.archive import archive_inputs, build_in_memory, connect
from reversis_cli.club.compare import (
    POOL, OtherReading, archived_sources, compare_season, comparison_json,
)
from reversis_cli.i18n import t, use
from reversis_cli.reader import open_record
from reversis_cli.render.compare import render_season_comparison
from reversis_cli.rules import builtin_profile
from reversis_cli.session.service import Session
from reversis_cli.simulate import SimulationOptions, simulate_session

from conftest import SAMPLES
from test_record_tui import as_text

CLUB = SAMPLES / "club"
MODERN = OtherReading(builtin_profile("modern"))
SEASON = (  # players, rules, irregular rate, seed: rotating fours, both profiles
    (("Anna", "Boris", "Vera", "Gleb"), "classic", 0.0, 1),
    (("Boris", "Vera", "Gleb", "Dima"), "modern", 0.3, 2),
    (("Vera", "Gleb", "Dima", "Elena"), "classic", 0.3, 3),
    (("Gleb", "Dima", "Elena", "Anna"), "modern", 0.0, 4),
)


def simulated(deals: int, seed: int, players, rules: str, irregular: float) -> str:
    return "".join(simulate_session(SimulationOptions(deals, seed, rules=rules,
                                                      irregular=irregular, players=players)))


def write_season(folder: Path, deals: int) -> Path:
    for n, (players, rules, irregular, seed) in enumerate(SEASON, 1):
        (folder / f"s{n}.rvs").write_text(simulated(deals, seed, players, rules, irregular),
                                          encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def season(tmp_path_factory) -> Path:
    return write_season(tmp_path_factory.mktemp("compare-season"), 25)


def compared(inputs, other: OtherReading):
    conn, _ = build_in_memory([str(i) for i in inputs])
    try:
        return compare_season(archived_sources(conn, None), other)
    finally:
        conn.close()


def by_deal(paths, other_of) -> dict[str, Fraction]:
    """Each party's difference summed deal by deal with the engine of
    ``arbitrate --compare`` (Session.compared): the reference."""
    total: dict[str, Fraction] = defaultdict(Fraction)
    for path in paths:
        with open_record(path) as record:
            session = Session.of(record)
            assert session.profile is not None
            for a, b in session.compared(other_of(session.profile)):
                if a.settlement is None:
                    continue
                assert b.settlement is not None
                for name, amount in a.settlement.net.items():
                    total[name] += Fraction(b.settlement.net[name]) - Fraction(amount)
                total[POOL] += (Fraction(b.settlement.pool_after) - Fraction(b.pool_before)
                                - Fraction(a.settlement.pool_after) + Fraction(a.pool_before))
    return {party: amount for party, amount in total.items() if amount}


def nonzero(amounts) -> dict[str, Fraction]:
    return {party: amount for party, amount in dict(amounts).items() if amount}


@pytest.mark.parametrize("where", ["club", "season"])
def test_the_differences_sum_to_zero_with_the_pools_and_the_options_with_together(
        where, season):
    c = compared([CLUB if where == "club" else season], MODERN)
    assert sum(c.difference.values()) == 0
    assert any(c.difference.values())  # the two profiles differ in money on these seasons
    for party in c.parties:  # each option's part, and what they move only together
        assert (sum(e.change[party] for e in c.options) + c.together[party]
                == c.difference[party])
    for e in c.options:
        assert sum(e.change.values()) == 0
        assert e.moved == sum(amount for _, amount in e.losers)


def test_the_whole_reading_is_what_arbitrate_compare_says_deal_by_deal(season):
    c = compared([season], MODERN)
    reference = by_deal(sorted(season.glob("*.rvs")), lambda own: MODERN.of(own))
    assert nonzero(c.difference) == reference
    # the own column is the sessions' own settlement: each party's net as score sums it
    assert c.sessions == 4 and c.deals == 100
    own: dict[str, Fraction] = defaultdict(Fraction)
    for path in sorted(season.glob("*.rvs")):
        result = CliRunner().invoke(cli, ["score", "--json", str(path)])
        assert result.exit_code == 0, result.output
        for deal in json.loads(result.stdout)["deals"]:
            for name, amount in deal["net"].items():
                own[name] += Fraction(str(amount))
    assert {p.name: p.own for p in c.players} == own
    assert c.pool.own == -sum(own.values()) != 0  # what the players lost, the pool kept


def test_under_the_seasons_own_rules_every_difference_is_zero(season):
    for other in (OtherReading(), OtherReading(None, {"partie_quinola": "3"})):
        c = compared([season / "s1.rvs", season / "s3.rvs"], other)  # classic: quinola 3
        assert c.options == () and c.changed == ()
        assert all(p.difference == 0 for p in (*c.players, c.pool))
        assert all(p.own for p in c.players)  # money did change hands


def test_one_option_moves_what_arbitrate_compare_says_deal_by_deal():
    """vis_a_vis_double differs between the profiles: set alone, it moves in
    the classic sessions exactly what arbitrate --compare finds there, deal by
    deal, and nothing in the modern ones (which already play it so)."""
    sets = {"vis_a_vis_double": "no"}
    c = compared([CLUB], OtherReading(None, sets))
    (effect,) = c.options
    assert (effect.option, effect.value, effect.was) == ("vis_a_vis_double", "no", ("yes",))
    classic = ["2027-01-14.rvs", "2027-02-04.rvs"]
    assert [Path(s).name for s in effect.sessions] == classic
    reference = by_deal([CLUB / name for name in classic],
                        lambda own: own.with_overrides(sets))
    assert nonzero(effect.change) == reference and reference
    assert nonzero(c.difference) == reference and not any(c.together.values())
    assert effect.moved == sum(v for v in reference.values() if v > 0)
    # the deals it names are those whose net it changes, and only those
    for ref in effect.deals:
        name, number = ref.rsplit(":", 1)
        with open_record(CLUB / Path(name).name) as record:
            session = Session.of(record)
            assert session.profile is not None
            pairs = {a.checked.number: (a, b)
                     for a, b in session.compared(session.profile.with_overrides(sets))}
        a, b = pairs[int(number)]
        assert a.settlement is not None and b.settlement is not None
        assert a.settlement.net != b.settlement.net


def test_an_option_is_credited_with_what_it_moves_alone(season):
    """Each option's change is the season under the own rules with that
    option alone set to the other reading's value."""
    c = compared([season], MODERN)
    for e in c.options:
        alone = compared([season], OtherReading(None, {e.option: e.value}))
        if e.option == "stake_dealer":  # the same value in the modern sessions: unchanged
            assert alone.options[0].sessions == e.sessions
        assert nonzero(alone.difference) == nonzero(e.change), e.option


def test_a_session_changed_or_gone_since_it_was_archived_is_a_problem(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the records are named from here, as the user names them
    records = tmp_path / "records"
    records.mkdir()
    for name in ("2027-01-14.rvs", "2027-01-21.rvs", "2027-02-04.rvs"):
        (records / name).write_bytes((CLUB / name).read_bytes())
    db = tmp_path / "club.sqlite"
    archive_inputs([str(records)], db)
    (records / "2027-01-21.rvs").write_text((CLUB / "2027-02-11.rvs").read_text("utf-8"),
                                            encoding="utf-8")
    (records / "2027-02-04.rvs").unlink()
    conn = connect(db)
    try:
        c = compare_season(archived_sources(conn, tmp_path), MODERN)
    finally:
        conn.close()
    assert [(d.code, d.file) for d in c.problems] == [
        ("RV610", "records/2027-01-21.rvs"), ("RV001", "records/2027-02-04.rvs")]
    assert c.sessions == 1  # the one still as archived is compared
    with use("ru"):
        assert "изменился после того, как попал в архив" in t(c.problems[0].message)


def test_the_json_object_writes_amounts_as_score_json_does():
    c = compared([CLUB], MODERN)
    data = json.loads(json.dumps(comparison_json(c)))
    assert data["reading"] == "modern" and (data["sessions"], data["deals"]) == (4, 40)
    assert set(data["players"]) == {"Anna", "Boris", "Vera", "Gleb", "Dima", "Elena"}
    anna = data["players"]["Anna"]
    assert (anna["own"], anna["other"], anna["difference"]) == (-183, "-431/2", "-65/2")
    options = {o["option"]: o for o in data["options"]}
    late = options["late_tricks_double"]
    assert (late["value"], late["was"]) == ("none", ["10,11"])
    assert late["moved"] == sum(late["from"].values())
    assert list(late["from"]) == [p for p, _ in c.options[[e.option for e in c.options]
                                                          .index("late_tricks_double")].losers]
    assert all(ref.startswith(str(CLUB)) and ":" in ref for ref in data["changed_deals"])
    assert set(data["together"]) == {*data["players"], "pool"}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_view_of_the_club_under_modern(language, golden):
    c = compared([CLUB], MODERN)
    with use(language):
        text = as_text(render_season_comparison(c), width=100)
    golden(f"compare/club-modern-{language}.txt", text.replace(str(CLUB), "samples/club"))


def test_the_view_says_when_no_option_differs(season):
    c = compared([season / "s1.rvs"], OtherReading())
    with use("ru"):
        text = as_text(render_season_comparison(c))
    assert "Ни один параметр не отличается" in text
    assert "Анна" not in text and "Anna" in text  # names as written, never declined


def season_of_deals(folder: Path, deals: int) -> Path:
    for n, (players, rules, irregular, seed) in enumerate(SEASON * 5, 1):
        (folder / f"s{n:02}.rvs").write_text(
            simulated(deals // 20, seed + 10 * n, players, rules, irregular), encoding="utf-8")
    return folder


@pytest.mark.slow
def test_a_season_of_5000_deals_is_compared_reading_each_file_once(tmp_path, monkeypatch):
    folder = season_of_deals(tmp_path, 5000)
    conn, _ = build_in_memory([str(folder)])
    reads: list[str] = []
    real = Path.read_bytes

    def counted(path: Path) -> bytes:
        reads.append(path.name)
        return real(path)

    monkeypatch.setattr(Path, "read_bytes", counted)
    start = time.perf_counter()
    c = compare_season(archived_sources(conn, None), MODERN)
    elapsed = time.perf_counter() - start
    conn.close()
    assert c.deals == 5000 and sum(c.difference.values()) == 0
    assert sorted(reads) == sorted(p.name for p in folder.glob("*.rvs"))  # once each
    if os.environ.get("REVERSIS_TIMINGS"):
        print(f"compare of {c.deals} deals: {elapsed:.2f} s")


class _Linked:
    """An object in a cycle (itself), that only the cyclic collector frees."""

    def __init__(self) -> None:
        self.me = self


def test_the_collector_is_paused_while_a_session_is_compared_and_collects_after_it(
        season, monkeypatch):
    """``compare_season`` turns Python's cyclic garbage collector off while it
    compares (each collection went through the session's deals kept, for nothing),
    collects what each session left in a cycle before the next, and leaves it on
    after, or off if it was off: a season's memory stays that of one session."""
    import gc
    import weakref

    from reversis_cli.club import compare

    states: list[bool] = []
    left: list[weakref.ref] = []  # a cycle each session left
    real = compare.compare_session

    def watched(session, other, key):
        states.append(gc.isenabled())
        assert all(ref() is None for ref in left)  # collected after the session before
        left.append(weakref.ref(_Linked()))
        return real(session, other, key)

    monkeypatch.setattr(compare, "compare_session", watched)
    assert gc.isenabled()
    before = compared(sorted(season.glob("*.rvs")), MODERN)
    assert states == [False] * 4 and gc.isenabled()
    assert all(ref() is None for ref in left)
    monkeypatch.setattr(compare, "compare_session", real)
    gc.disable()
    try:
        assert compared(sorted(season.glob("*.rvs")), MODERN) == before
        assert not gc.isenabled()  # left off, as it was
    finally:
        gc.enable()


# --- reversis stats --compare / --set ----------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]


def stats(*args: str, language: str = "en"):
    from click.testing import CliRunner

    from reversis_cli.cli import cli

    return CliRunner().invoke(cli, ["--lang", language, "stats", *args],
                              env={"COLUMNS": "100"}, catch_exceptions=False)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_stats_of_the_club_compared_with_modern(language, golden, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = stats("samples/club", "--compare", "modern", language=language)
    assert result.exit_code == 0
    plain = stats("samples/club", language=language).output
    assert result.output.startswith(plain)  # the figures as before, the comparison after
    golden(f"compare/stats-club-modern-{language}.txt", result.output)


def test_stats_json_has_the_compare_object(monkeypatch):
    monkeypatch.chdir(ROOT)
    data = json.loads(stats("samples/club", "--json", "--set", "vis_a_vis_double=no").output)
    assert data["compare"]["reading"] == "vis_a_vis_double=no"
    (option,) = data["compare"]["options"]
    assert option["option"] == "vis_a_vis_double" and option["from"] == {"Vera": 7, "Elena": 4}
    assert "compare" not in json.loads(stats("samples/club", "--json").output)


@pytest.mark.parametrize("args, message", [
    (("--compare", "nosuch"), "Invalid value for --compare: there is no rule profile 'nosuch'"),
    (("--set", "nosuch=1"), "Invalid value for --set: there is no rule option called 'nosuch'"),
    (("--compare", "modern", "--set", "vis_a_vis_double=maybe"),
     "option vis_a_vis_double cannot be 'maybe'"),
])
def test_an_unknown_profile_or_option_is_a_usage_error_as_for_arbitrate(args, message,
                                                                        monkeypatch):
    monkeypatch.chdir(ROOT)
    result = stats("samples/club", *args)
    assert result.exit_code == 2 and message in result.output
    from click.testing import CliRunner

    from reversis_cli.cli import cli

    arbitrate = CliRunner().invoke(cli, ["--lang", "en", "arbitrate",
                                         "samples/club/2027-01-14.rvs", "--deal", "1", *args])
    assert arbitrate.exit_code == 2 and message in arbitrate.output


def test_stats_of_an_archive_whose_record_changed_reports_it_and_exits_1(tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    for name in ("2027-01-14.rvs", "2027-01-21.rvs"):
        (records / name).write_bytes((CLUB / name).read_bytes())
    db = tmp_path / "club.sqlite"
    archive_inputs([str(records)], db)
    (records / "2027-01-14.rvs").write_text((CLUB / "2027-02-04.rvs").read_text("utf-8"),
                                            encoding="utf-8")
    result = stats(str(db), "--compare", "modern")
    assert result.exit_code == 1
    assert "RV610" in result.output and "records/2027-01-14.rvs" in result.output
    assert "Sessions: 1, deals: 10" in result.output
