"""reversis stats: every figure of ``stats --json`` summed again by hand from
``score --json`` of each file of a generated club season (six players in
rotating fours, both profiles, irregularities, dated), goldens of the sample
season, and bad input."""

from __future__ import annotations

import json
import re
import sqlite3
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.club.archive import archive_inputs
from reversis_cli.club.rows import ROLES
from reversis_cli.club.stats import COUNTS
from reversis_cli.simulate import SimulationOptions, simulate_session

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "club"
CLUB = ("Anna", "Boris", "Vera", "Gleb", "Dima", "Elena")
PARTIE = {"partie_lost", "partie_lost_vis_a_vis"}
EVENT = re.compile(r"^\s+(misdeal|redeal|exposed|out-of-turn|peeked|kept|discarded-two)"
                   r"\s+(\S+)")


def _season(folder: Path, sessions: int, deals: int) -> Path:
    """Rotating fours of the six, the two profiles in turn, dated a week apart."""
    folder.mkdir()
    for n in range(sessions):
        players = tuple(CLUB[(n + k * (1 + n % 2)) % 6] for k in range(4))
        if len(set(players)) < 4:
            players = tuple(CLUB[(n + k) % 6] for k in range(4))
        text = "".join(simulate_session(SimulationOptions(
            deals, seed=100 + n, rules=("classic", "modern")[n % 2], events=0.3,
            irregular=0.15, players=players)))
        day = f"2027-{1 + n // 4:02d}-{1 + 7 * (n % 4):02d}"
        first, rest = text.split("\n", 1)
        (folder / f"{day}.rvs").write_text(f"{first}\ndate {day}\n{rest}", encoding="utf-8")
    return folder


def _run(*args: str):
    return CliRunner().invoke(cli, ["--lang", "en", *args], catch_exceptions=False)


@pytest.fixture(scope="session")
def season(tmp_path_factory) -> Path:
    return _season(tmp_path_factory.mktemp("club") / "season", sessions=20, deals=6)


@pytest.fixture(scope="session")
def big_season(tmp_path_factory) -> Path:
    return _season(tmp_path_factory.mktemp("club") / "season", sessions=20, deals=40)


# --- by hand, from score --json --------------------------------------------------------


def _amount(value) -> Fraction:
    return Fraction(value) if isinstance(value, int) else Fraction(*map(int, value.split("/")))


def _events_by_deal(path: Path) -> dict[int, list[str]]:
    """Who each event line names, deal by deal (score --json does not list them)."""
    found: dict[int, list[str]] = defaultdict(list)
    deal = 0
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("deal "):
            deal = int(line.split()[1])
        elif (m := EVENT.match(line)) and m.group(2) in CLUB:
            found[deal].append(m.group(2))
    return found


def _appender(found: list[tuple[str, str]]):
    def occurs(key: str, who: str) -> None:
        found.append((key, who))
    return occurs


def _by_hand(folder: Path) -> dict:
    players: dict = defaultdict(lambda: {"sessions": 0, "deals": 0, "net": Fraction(0),
                                         "pool": Fraction(0), "counts": defaultdict(list),
                                         "roles": defaultdict(lambda: defaultdict(int))})
    between: dict = defaultdict(list)
    evenings: list[dict] = []
    runs: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # the current run, the longest
    for path in sorted(folder.glob("*.rvs")):  # named by their day: in date order
        result = _run("score", "--json", str(path))
        data = json.loads(result.output)
        names = data["players"]
        for name in names:
            players[name]["sessions"] += 1
        events = _events_by_deal(path)
        evening: dict = {"net": defaultdict(Fraction), "quinolas": defaultdict(int),
                         "takings": []}
        evenings.append(evening)
        for deal in data["deals"]:
            ref = f"{path.as_posix()}:{deal['number']}"
            losers = {p["payer"] for p in deal["payments"] if p["code"] in PARTIE}
            for name in names if deal["status"] == "played" else ():
                run = runs[name]
                run[0] = 0 if name in losers else run[0] + 1
                run[1] = max(run)
            dealer = names.index(deal["dealer"])
            role = {n: ROLES[(names.index(n) - dealer) % 4] for n in names}
            found: list[tuple[str, str]] = []
            occurs = _appender(found)

            payments = deal["payments"]
            for who in sorted({p["payee"] for p in payments if p["code"] in PARTIE}):
                occurs("partie_won", who)
            for who in sorted({p["payer"] for p in payments if p["code"] in PARTIE}):
                occurs("partie_lost", who)
            for p in payments:
                code, payer, payee = p["code"], p["payer"], p["payee"]
                simple = {"quinola_placed": ("quinola_placed", payee),
                          "quinola_forced": ("quinola_forced", payee),
                          "remise_quinola_forced": ("quinola_lost_forced", payer),
                          "ace_placed": ("ace_placed", payee),
                          "ace_forced": ("ace_forced", payee)}
                if code in simple:
                    occurs(*simple[code])
                if code == "remise_quinola_fallen":
                    leader = deal["tricks"][p["trick"] - 1]["leader"]
                    occurs("quinola_led" if leader == payer else "quinola_fallen", payer)
                if payer == "pool":
                    occurs("pool_taken", payee)
                    players[payee]["pool"] += _amount(p["amount"])
                    evening["takings"].append((payee, _amount(p["amount"]), ref))
                if code == "quinola_placed":
                    evening["quinolas"][payee] += 1
                kinds = {"quinola_forced": ("quinola_forced", payee, payer),
                         "ace_forced": ("ace_forced", payee, payer),
                         "ace_placed": ("ace_taken", payer, payee)}
                if code in kinds:
                    kind, by, of = kinds[code]
                    between[(kind, by, of)].append(ref)
            if deal["outcome"] == "reversis":
                maker = next(p["payee"] for p in payments
                             if p["code"].startswith("reversis_made"))
                occurs("reversis_undertaken", maker)
                occurs("reversis_made", maker)
            if deal["outcome"] == "reversis_broken":
                broken = next(p for p in payments if p["code"] == "reversis_broken")
                occurs("reversis_undertaken", broken["params"]["undertaker"])
                occurs("reversis_broken", broken["params"]["undertaker"])
                occurs("reversis_broke", broken["payee"])
            esp = deal["espagnolette"]
            if esp:
                occurs("espagnolette_held", esp["player"])
                if esp["status"] in ("success", "failed"):
                    occurs({"success": "espagnolette_won"}.get(esp["status"],
                                                               "espagnolette_failed"),
                           esp["player"])
            for d in deal["diagnostics"]:
                if d["code"] == "RV201":
                    occurs("revokes", next(n for n in names
                                           if d["message"].startswith(n + " played")))
            for who in events[deal["number"]]:
                occurs("irregularities", who)
            for name in names:
                player = players[name]
                player["deals"] += 1
                player["net"] += _amount(deal["net"][name])
                player["roles"][role[name]]["deals"] += 1
                player["roles"][role[name]]["net"] += _amount(deal["net"][name])
                evening["net"][name] += _amount(deal["net"][name])
            for key, who in found:
                players[who]["counts"][key].append(ref)
                players[who]["roles"][role[who]][key] += 1
    return {"players": players, "between": between, "evenings": evenings,
            "runs": {name: run[1] for name, run in runs.items()}}


def _stats_json(*args: str) -> dict:
    result = _run("stats", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def _check_every_figure(folder: Path) -> None:
    stats = _stats_json(folder.as_posix())
    hand = _by_hand(folder)
    assert sorted(stats["players"]) == sorted(hand["players"]) == sorted(CLUB)
    for name, mine in hand["players"].items():
        theirs = stats["players"][name]
        assert theirs["sessions"] == mine["sessions"], name
        assert theirs["deals"] == mine["deals"], name
        assert _amount(theirs["net"]) == mine["net"], name
        assert _amount(theirs["net_per_deal"]) == mine["net"] / mine["deals"], name
        assert _amount(theirs["pool_taken_amount"]) == mine["pool"], name
        for key in ("partie_won", "partie_lost", "quinola_placed", "quinola_forced",
                    "quinola_lost_forced", "quinola_led", "quinola_fallen", "ace_placed",
                    "ace_forced", "reversis_undertaken", "reversis_made", "reversis_broken",
                    "reversis_broke", "espagnolette_held", "espagnolette_won",
                    "espagnolette_failed", "revokes", "irregularities", "pool_taken"):
            refs = mine["counts"].get(key, [])
            assert theirs[key] == {"count": len(refs), "deals": refs}, (name, key)
            for role in ROLES:
                assert theirs["by_role"][role][key] == mine["roles"][role][key], (name, role)
        for role in ROLES:
            assert theirs["by_role"][role]["deals"] == mine["roles"][role]["deals"]
            assert _amount(theirs["by_role"][role]["net"]) == mine["roles"][role]["net"]
    between = {(b["kind"], b["by"], b["of"]): b["deals"] for b in stats["between"]}
    assert between == dict(hand["between"])
    assert all(b["count"] == len(b["deals"]) for b in stats["between"])
    _check_titles(stats, hand)


def _check_titles(stats: dict, hand: dict) -> None:
    season = {t["title"]: t for t in stats["titles"]["season"]}
    nets = {n: p["net"] for n, p in hand["players"].items()}
    best = max(nets.values())
    assert season["biggest_winner"]["players"] == sorted(n for n, v in nets.items() if v == best)
    assert _amount(season["biggest_winner"]["value"]) == best
    assert list(season) == ["biggest_winner", "most_quinolas_placed", "most_reversis_made",
                            "biggest_pool_taken", "longest_run_without_losing_a_partie"]
    counted = {key: {n: len(p["counts"][key]) for n, p in hand["players"].items()}
               for key in ("quinola_placed", "reversis_made", "reversis_undertaken")}
    # a broken reversis in the season: a title counted from the reversis undertaken
    # would go to somebody else
    assert counted["reversis_made"] != counted["reversis_undertaken"]
    for title, key in (("most_quinolas_placed", "quinola_placed"),
                       ("most_reversis_made", "reversis_made")):
        assert season[title] == {"title": title, "players": _top(counted[key]),
                                 "value": max(counted[key].values()), "deals": []}
    takings = [taking for evening in hand["evenings"] for taking in evening["takings"]]
    assert season["biggest_pool_taken"] == _biggest_pool(takings)
    runs = hand["runs"]
    longest = max(runs.values())
    assert season["longest_run_without_losing_a_partie"] == {
        "title": "longest_run_without_losing_a_partie", "value": longest, "deals": [],
        "players": sorted(n for n, v in runs.items() if v == longest)}
    assert len(stats["titles"]["evenings"]) == len(hand["evenings"]) == 20
    for theirs, mine in zip(stats["titles"]["evenings"], hand["evenings"], strict=True):
        titles = {t["title"]: t for t in theirs["titles"]}
        assert titles["biggest_winner"]["players"] == _top(mine["net"])
        assert _amount(titles["biggest_winner"]["value"]) == max(mine["net"].values())
        if mine["quinolas"]:
            assert titles["most_quinolas_placed"]["players"] == _top(mine["quinolas"])
        if mine["takings"]:
            assert titles["biggest_pool_taken"] == _biggest_pool(mine["takings"])


def _top(values: dict) -> list[str]:
    return sorted(n for n, v in values.items() if v == max(values.values()))


def _biggest_pool(takings: list[tuple[str, Fraction, str]]) -> dict:
    """The title for the biggest taking of the pool: who, how much, in which deals."""
    top = max(amount for _, amount, _ in takings)
    return {"title": "biggest_pool_taken", "value": int(top) if top.denominator == 1 else
            f"{top.numerator}/{top.denominator}",
            "players": sorted({who for who, amount, _ in takings if amount == top}),
            "deals": [ref for _, amount, ref in takings if amount == top]}


def test_every_figure_of_stats_is_the_score_json_summed_by_hand(season):
    _check_every_figure(season)


@pytest.mark.slow
def test_every_figure_of_a_longer_season_is_the_score_json_summed_by_hand(big_season):
    _check_every_figure(big_season)
    stats = _stats_json(big_season.as_posix())
    counted = {key for p in stats["players"].values() for key, v in p.items()
               if isinstance(v, dict) and v.get("count")}
    assert counted == set(COUNTS)  # every figure occurs: none is checked only at zero


def test_the_season_holds_what_the_figures_count(season):
    """The generated season is worth checking: every kind of figure occurs."""
    stats = _stats_json(season.as_posix())
    seen = {key for p in stats["players"].values() for key, v in p.items()
            if isinstance(v, dict) and v.get("count")}
    assert {"partie_lost", "quinola_placed", "ace_placed", "pool_taken",
            "irregularities"} <= seen


def test_a_database_gives_what_the_records_give(season, tmp_path):
    database = tmp_path / "club.sqlite"
    archive_inputs([season.as_posix()], database)
    from_db = _stats_json(str(database))
    from_records = _stats_json(season.as_posix())
    # the archive names files relative to its folder
    assert json.dumps(from_db["players"]).count(":") == json.dumps(
        from_records["players"]).count(":")
    strip = {name: {k: (v["count"] if isinstance(v, dict) and "count" in v else v)
                    for k, v in p.items() if k != "session_files"}
             for name, p in from_db["players"].items()}
    again = {name: {k: (v["count"] if isinstance(v, dict) and "count" in v else v)
                    for k, v in p.items() if k != "session_files"}
             for name, p in from_records["players"].items()}
    assert strip == again


# --- the period, the player ------------------------------------------------------------


def test_the_period_keeps_the_sessions_of_its_days(season):
    stats = _stats_json(season.as_posix(), "--from", "2027-02", "--to", "2027-03-15")
    assert [Path(s).stem for s in stats["sessions"]] == [
        "2027-02-01", "2027-02-08", "2027-02-15", "2027-02-22", "2027-03-01", "2027-03-08",
        "2027-03-15"]
    assert stats["left_out_undated"] == 0


def test_a_period_from_one_session_day_to_another_keeps_both():
    stats = _stats_json(str(SAMPLE), "--from", "2027-01-14", "--to", "2027-01-21")
    assert [Path(s).name for s in stats["sessions"]] == ["2027-01-14.rvs", "2027-01-21.rvs"]
    assert [e["date"] for e in stats["titles"]["evenings"]] == ["2027-01-14", "2027-01-21"]


def test_an_undated_session_is_left_out_of_a_period_and_counted(tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    for name in ("2027-01-14.rvs", "2027-01-21.rvs"):
        (folder / name).write_bytes((SAMPLE / name).read_bytes())
    text = (SAMPLE / "2027-02-04.rvs").read_text(encoding="utf-8")
    (folder / "undated.rvs").write_text(re.sub(r"(?m)^date .*\n", "", text), encoding="utf-8")
    assert len(_stats_json(str(folder))["sessions"]) == 3
    stats = _stats_json(str(folder), "--from", "2027-01-01")
    assert len(stats["sessions"]) == 2 and stats["left_out_undated"] == 1
    result = _run("stats", str(folder), "--to", "2027-12-31")
    assert "Statistics of 2 sessions (1 left out: no date)" in result.output


def test_one_player_keeps_what_they_did_and_what_was_done_to_them(season):
    full = _stats_json(season.as_posix())
    stats = _stats_json(season.as_posix(), "--player", "Vera")
    assert list(stats["players"]) == ["Vera"]
    assert stats["players"]["Vera"] == full["players"]["Vera"]
    theirs = [b for b in full["between"] if "Vera" in (b["by"], b["of"])]
    assert stats["between"] == theirs
    assert any(b["by"] == "Vera" for b in theirs) and any(b["of"] == "Vera" for b in theirs)


def test_an_unknown_player_is_a_usage_error_naming_the_players():
    result = _run("stats", str(SAMPLE), "--player", "Zoe")
    assert result.exit_code == 2
    assert "nobody called Zoe played in these sessions; the players are: Anna, Boris, " \
           "Dima, Elena, Gleb, Vera" in result.output


@pytest.mark.parametrize("value", ["tomorrow", "2027-13-01", "14/01/2027x"])
def test_a_bad_date_is_a_usage_error(value):
    result = _run("stats", str(SAMPLE), "--from", value)
    assert result.exit_code == 2
    assert f"{value} is not a date" in result.output


# --- bad databases ----------------------------------------------------------------------


def test_a_database_of_another_application_is_refused(tmp_path):
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE t (x)")
    conn.close()
    result = _run("stats", str(other))
    assert result.exit_code == 1
    assert "RV602" in result.output and "Traceback" not in result.output


def test_a_corrupt_database_is_refused(tmp_path):
    bad = tmp_path / "club.sqlite"
    bad.write_bytes(b"SQLite format 3\x00" + b"\x07" * 2000)
    result = _run("stats", str(bad))
    assert result.exit_code == 1 and "RV601" in result.output


def test_a_newer_archive_is_refused_and_left_as_it_was(tmp_path):
    database = tmp_path / "club.sqlite"
    archive_inputs([str(SAMPLE)], database)
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE meta SET value = '9' WHERE key = 'schema_version'")
    conn.close()
    before = database.read_bytes()
    result = _run("stats", str(database))
    assert result.exit_code == 1 and "RV603" in result.output
    assert database.read_bytes() == before


def test_a_read_only_archive_is_read(tmp_path):
    database = tmp_path / "club.sqlite"
    archive_inputs([str(SAMPLE)], database)
    database.chmod(0o444)
    try:
        assert _stats_json(str(database))["players"]["Gleb"]["net"] == 50
    finally:
        database.chmod(0o644)


def test_an_archive_and_records_together_are_a_usage_error(tmp_path):
    database = tmp_path / "club.sqlite"
    archive_inputs([str(SAMPLE)], database)
    result = _run("stats", str(database), str(SAMPLE))
    assert result.exit_code == 2 and "not both" in result.output


# --- goldens of the sample season -------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "ru"])
def test_stats_of_the_sample_season(language, golden, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["--lang", language, "stats", "samples/club",
                                      "--show-deals"], env={"COLUMNS": "100"},
                                catch_exceptions=False)
    assert result.exit_code == 0
    golden(f"stats/samples-club-{language}.txt", result.output)


def test_stats_json_of_the_sample_season(golden, monkeypatch):
    monkeypatch.chdir(ROOT)
    golden("stats/samples-club.json", _run("stats", "--json", "samples/club").output)


def test_a_net_per_deal_is_shown_to_two_decimals_rounded_half_away_from_zero():
    """The players read an average as a decimal (the JSON keeps it exact)."""
    from fractions import Fraction

    from reversis_cli.i18n import average_shown, use

    assert average_shown(Fraction(-183, 20), signed=True) == "-9.15"
    assert average_shown(Fraction(1, 30), signed=True) == "+0.03"
    assert average_shown(Fraction(1, 200)) == "0.01"
    assert average_shown(Fraction(-1, 200)) == "-0.01"
    with use("ru"):
        assert average_shown(Fraction(-183, 20)) == "\u22129,15"
