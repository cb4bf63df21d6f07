"""`reversis league`: a season ranked as its league file says — a test per
rule on a generated season (six players in rotating fours), the ties on
hand-made rows, the league file's problems located, and the two sample
league files of docs/league.md held by goldens."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.club.archive import archive_inputs
from reversis_cli.club.league import LeagueSettings, PlayerRow, standings
from reversis_cli.simulate import SimulationOptions, simulate_session

ROOT = Path(__file__).resolve().parents[1]
ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
# Six players in rotating fours; the deals differ from evening to evening so
# that a minimum of deals and a minimum of sessions leave out different players.
SEASON = (
    ("2027-01-07", ("Anna", "Boris", "Vera", "Gleb"), 8),
    ("2027-01-14", ("Boris", "Vera", "Gleb", "Dima"), 12),
    ("2027-01-21", ("Vera", "Gleb", "Dima", "Elena"), 6),
    ("2027-01-28", ("Gleb", "Dima", "Elena", "Anna"), 14),
    ("2027-02-04", ("Dima", "Elena", "Anna", "Boris"), 8),
    ("2027-03-04", ("Elena", "Anna", "Boris", "Vera"), 10),
)
JANUARY = 'from = 2027-01-01\nto = 2027-01-31\n'


def run(*args: str):
    return CliRunner().invoke(cli, list(args), env=ENV)


@pytest.fixture(scope="session")
def season(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("league-season")
    for n, (day, players, deals) in enumerate(SEASON, 1):
        text = "".join(simulate_session(SimulationOptions(
            deals, n, rules="classic" if n % 2 else "modern", players=players,
            irregular=0.2 if n == 4 else 0.0)))
        first, rest = text.split("\n", 1)
        (folder / f"{day}.rvs").write_text(f"{first}\ndate {day}\n{rest}", encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def by_hand(season) -> dict[str, dict[str, dict]]:
    """The oracle: each session's score --json (day -> player -> net, deals,
    parties lost), summed below by hand."""
    out = {}
    for day, players, _ in SEASON:
        result = run("score", "--json", str(season / f"{day}.rvs"))
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        out[day] = {name: {
            "net": Fraction(str(data["totals"][name])),
            "deals": len(data["deals"]),
            "lost": sum(name in d["losers"] for d in data["deals"] if d["status"] == "played"),
        } for name in players}
    return out


def oracle(by_hand, days) -> dict[str, dict]:
    totals: dict[str, dict] = {}
    for day in days:
        for name, figures in by_hand[day].items():
            row = totals.setdefault(name, {"sessions": 0, "deals": 0, "net": Fraction(0),
                                           "lost": 0})
            row["sessions"] += 1
            row["deals"] += figures["deals"]
            row["net"] += figures["net"]
            row["lost"] += figures["lost"]
    return totals


def league(season: Path, body: str, *extra: str) -> dict:
    path = season / "league.toml"
    path.write_text('records = ["."]\n' + body, encoding="utf-8")
    result = run("league", "--json", str(path), *extra)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # the records' warnings (revokes) go to stderr


def exact(value) -> Fraction:
    return Fraction(str(value))


JANUARY_DAYS = [day for day, _, _ in SEASON if day.startswith("2027-01")]
ALL_DAYS = [day for day, _, _ in SEASON]


# --- a test per rule, on the generated season -------------------------------------------------


def test_every_figure_is_the_sum_of_each_sessions_score(season, by_hand):
    data = league(season, "")
    expected = oracle(by_hand, ALL_DAYS)
    assert data["sessions"] == len(SEASON)
    assert {r["player"]: (r["sessions"], r["deals"], exact(r["net"]), r["parties_lost"])
            for r in data["standings"]} == {
        name: (e["sessions"], e["deals"], e["net"], e["lost"]) for name, e in expected.items()}


def test_the_period_keeps_the_sessions_between_from_and_to(season, by_hand):
    data = league(season, JANUARY)
    expected = oracle(by_hand, JANUARY_DAYS)
    assert data["sessions"] == 4 and (data["from"], data["to"]) == ("2027-01-01", "2027-01-31")
    assert {r["player"]: exact(r["net"]) for r in data["standings"]} == {
        name: e["net"] for name, e in expected.items()}
    assert league(season, 'from = 2027-03-01\n')["sessions"] == 1
    assert league(season, 'to = 2027-01-07\n')["sessions"] == 1
    # both ends included
    assert league(season, 'from = 2027-01-07\nto = 2027-01-14\n')["sessions"] == 2


# The sample club's evenings dated by month, by year, not at all, and to the day
# (docs/league.md, `from`, `to`), each named by the players who sat at it.
PARTLY_DATED = {"2027-01-14.rvs": "2027-01", "2027-01-21.rvs": "2027", "2027-02-04.rvs": None,
                "2027-02-11.rvs": "2027-02-11"}


@pytest.fixture(scope="module")
def partly_dated(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("partly-dated")
    for name, day in PARTLY_DATED.items():
        text = (ROOT / "samples" / "club" / name).read_text(encoding="utf-8")
        dated = re.sub(r"(?m)^date .*\n", f"date {day}\n" if day else "", text)
        assert re.findall(r"(?m)^date .*$", dated) == ([f"date {day}"] if day else [])
        (folder / name).write_text(dated, encoding="utf-8")
    return folder


def players_of(folder: Path, names: list[str]) -> dict[str, int]:
    """Each player's sessions among the records ``names``."""
    sessions: dict[str, int] = {}
    for name in names:
        line = next(line for line in (folder / name).read_text(encoding="utf-8").splitlines()
                    if line.startswith("players "))
        for player in line.split()[1:]:
            sessions[player] = sessions.get(player, 0) + 1
    return sessions


@pytest.mark.parametrize("period, counted", [
    ("", ["2027-01-14.rvs", "2027-01-21.rvs", "2027-02-04.rvs", "2027-02-11.rvs"]),
    ("from = 2027-01-10\n", ["2027-01-14.rvs", "2027-01-21.rvs", "2027-02-11.rvs"]),
    ("to = 2027-01-05\n", ["2027-01-14.rvs", "2027-01-21.rvs"]),
    ("from = 2027-02-01\nto = 2027-02-28\n", ["2027-01-21.rvs", "2027-02-11.rvs"]),
    ("from = 2027-12-01\n", ["2027-01-21.rvs"]),
    ("from = 2028-01-01\nto = 2028-12-31\n", []),
    ("to = 2026-12-31\n", []),
], ids=["no-period", "from-inside-the-month", "to-inside-the-month", "another-month",
        "december", "the-next-year", "the-year-before"])
def test_a_session_dated_by_month_or_year_counts_when_its_month_or_year_meets_the_period(
        partly_dated, period, counted):
    data = league(partly_dated, period)
    assert data["sessions"] == len(counted)
    assert {r["player"]: r["sessions"] for r in data["standings"]} == players_of(
        partly_dated, counted)


@pytest.mark.parametrize("ranking, divisor", [("total", None), ("per-deal", "deals"),
                                              ("per-session", "sessions")])
def test_each_ranking_orders_by_its_figure(season, by_hand, ranking, divisor):
    data = league(season, f'ranking = "{ranking}"\n')
    expected = oracle(by_hand, ALL_DAYS)
    figure = {name: e["net"] / (e[divisor] if divisor else 1) for name, e in expected.items()}
    assert [r["player"] for r in data["standings"]] == sorted(figure, key=lambda n: -figure[n])
    assert {r["player"]: exact(r["figure"]) for r in data["standings"]} == figure
    assert [r["rank"] for r in data["standings"]] == [1, 2, 3, 4, 5, 6]


def test_a_minimum_of_sessions_leaves_out_who_came_too_seldom(season, by_hand):
    data = league(season, JANUARY + "[attendance]\nmin_sessions = 3\n")
    expected = oracle(by_hand, JANUARY_DAYS)
    few = {name for name, e in expected.items() if e["sessions"] < 3}
    assert few == {"Anna", "Boris", "Elena"}
    assert {r["player"] for r in data["standings"]} == set(expected) - few
    assert {(u["player"], u["reason"]) for u in data["not_ranked"]} == {
        (name, "too-few-sessions") for name in few}
    assert "Anna: too few sessions, 2 of the 3 required" in [
        u["message"] for u in data["not_ranked"]]


def test_a_minimum_of_deals_counts_deals_not_sessions(season, by_hand):
    expected = oracle(by_hand, JANUARY_DAYS)
    # Elena played two sessions but 20 deals, Boris two and 20, Anna two and 22:
    # at 21 deals Anna is in, the other two out, which no minimum of sessions does.
    assert (expected["Anna"]["deals"], expected["Boris"]["deals"],
            expected["Elena"]["deals"]) == (22, 20, 20)
    data = league(season, JANUARY + "[attendance]\nmin_deals = 21\n")
    assert {(u["player"], u["reason"]) for u in data["not_ranked"]} == {
        ("Boris", "too-few-deals"), ("Elena", "too-few-deals")}
    assert "Anna" in {r["player"] for r in data["standings"]}


RANKINGS = pytest.mark.parametrize("ranking, divisor", [
    ("total", None), ("per-deal", "deals"), ("per-session", "sessions")])


def check_penalised(data: dict, expected: dict, penalty: dict, divisor: str | None) -> None:
    """Each figure is the net less the penalty, divided as the ranking says,
    and the order follows the figures."""
    rows = {r["player"]: r for r in data["standings"]}
    assert not data["not_ranked"] and set(rows) == set(expected)
    for name, e in expected.items():
        assert exact(rows[name]["penalty"]) == penalty[name], name
        assert exact(rows[name]["figure"]) == (e["net"] - penalty[name]) / (
            e[divisor] if divisor else 1), name
    figure = {name: exact(r["figure"]) for name, r in rows.items()}
    assert [r["player"] for r in data["standings"]] == sorted(figure, key=lambda n: -figure[n])
    assert any(penalty.values())


@RANKINGS
def test_an_absence_penalty_is_charged_per_session_short_and_ranks_everyone(
        season, by_hand, ranking, divisor):
    data = league(season, JANUARY + f'ranking = "{ranking}"\n'
                  '[attendance]\nmin_sessions = 3\nabsence = "penalty"\n'
                  'penalty_per_session = 10\n')
    expected = oracle(by_hand, JANUARY_DAYS)
    check_penalised(data, expected, {name: 10 * max(0, 3 - e["sessions"])
                                     for name, e in expected.items()}, divisor)


@RANKINGS
def test_an_absence_penalty_per_deal_short(season, by_hand, ranking, divisor):
    data = league(season, JANUARY + f'ranking = "{ranking}"\n'
                  '[attendance]\nmin_deals = 30\nabsence = "penalty"\n'
                  'penalty_per_deal = 2\n')
    expected = oracle(by_hand, JANUARY_DAYS)
    check_penalised(data, expected, {name: 2 * max(0, 30 - e["deals"])
                                     for name, e in expected.items()}, divisor)


def test_excluded_players_are_listed_apart(season):
    data = league(season, 'exclude = ["Gleb"]\n')
    assert "Gleb" not in {r["player"] for r in data["standings"]}
    assert [(u["player"], u["reason"]) for u in data["not_ranked"]] == [("Gleb", "excluded")]


def test_the_table_names_who_is_not_ranked_and_why(season):
    path = season / "league.toml"
    path.write_text('records = ["."]\n' + JANUARY + 'exclude = ["Gleb"]\n'
                    '[attendance]\nmin_sessions = 3\n', encoding="utf-8")
    shown = run("league", str(path)).output
    assert "Not ranked\n  Anna: too few sessions, 2 of the 3 required\n" in shown
    assert "  Gleb: excluded by the league's rules\n" in shown
    russian = run("--lang", "ru", "league", str(path)).output
    assert "Вне зачёта\n  Anna: сыграно игр — 2 из 3 обязательных\n" in russian
    assert "  Gleb: не участвует в зачёте (правила лиги)\n" in russian


def test_an_archive_database_gives_the_same_standings_as_its_records(season, tmp_path):
    database = tmp_path / "club.sqlite"
    archive_inputs([str(season)], database)
    (tmp_path / "league.toml").write_text('archive = "club.sqlite"\nranking = "per-deal"\n',
                                          encoding="utf-8")
    from_archive = json.loads(run("league", "--json", str(tmp_path / "league.toml")).stdout)
    assert from_archive["standings"] == league(season, 'ranking = "per-deal"\n')["standings"]


# --- the tie-breaks, on hand-made rows ----------------------------------------------------------


def row(name, sessions=2, deals=20, net=0, lost=0) -> PlayerRow:
    return PlayerRow(name, sessions, deals, Fraction(net), lost)


def ranks(rows, **settings) -> list[tuple[int, str]]:
    table = standings(LeagueSettings(**settings), rows, 4)
    return [(r.rank, r.row.name) for r in table.ranked]


@pytest.mark.parametrize("ranking, table", [
    ("total", [("Boris", 36, 0, 36), ("Anna", 30, 20, 10)]),
    ("per-session", [("Boris", 36, 0, 12), ("Anna", 30, 20, 10)]),
    ("per-deal", [("Boris", 36, 0, Fraction(6, 5)), ("Anna", 30, 20, 1)]),
])
def test_the_penalty_is_taken_off_before_the_net_is_divided(ranking, table):
    # Anna came once and won 30, Boris three times and won 36: two evenings short
    # at 10 fiches each leave Anna 10, below Boris whatever the ranking
    rows = [row("Anna", sessions=1, deals=10, net=30), row("Boris", sessions=3, deals=30, net=36)]
    ranked = standings(LeagueSettings(ranking=ranking, min_sessions=3, absence="penalty",
                                      penalty_per_session=10), rows, 3).ranked
    assert [(r.row.name, r.row.net, r.penalty, r.figure) for r in ranked] == table


def test_ties_left_after_every_tie_break_share_a_rank_and_skip_the_next():
    rows = [row("Dima", net=-5), row("Boris", net=10), row("Anna", net=10), row("Vera", net=30)]
    assert ranks(rows) == [(1, "Vera"), (2, "Anna"), (2, "Boris"), (4, "Dima")]


@pytest.mark.parametrize("tie_break, rows, order", [
    ("per-deal", [row("Anna", deals=20, net=10), row("Boris", deals=10, net=10)],
     ["Boris", "Anna"]),
    ("per-session", [row("Anna", sessions=3, net=10), row("Boris", sessions=2, net=10)],
     ["Boris", "Anna"]),
    ("total", [row("Anna", deals=10, net=5), row("Boris", deals=20, net=10)],
     ["Boris", "Anna"]),
    ("sessions", [row("Anna", sessions=2), row("Boris", sessions=3)], ["Boris", "Anna"]),
    ("deals", [row("Anna", deals=20), row("Boris", deals=21)], ["Boris", "Anna"]),
    ("fewest-parties-lost", [row("Anna", lost=5), row("Boris", lost=4)], ["Boris", "Anna"]),
    ("name", [row("Boris"), row("Anna")], ["Anna", "Boris"]),
])
def test_each_tie_break_decides_a_tie_on_the_ranking(tie_break, rows, order):
    # per-deal ties on total: the ranking is chosen so that the rows tie on it
    ranking = {"total": "per-deal", "per-deal": "total", "per-session": "total"}.get(
        tie_break, "total")
    assert ranks(rows, ranking=ranking) in ([(1, rows[0].name), (1, rows[1].name)],
                                            [(1, rows[1].name), (1, rows[0].name)])
    assert [name for _, name in ranks(rows, ranking=ranking, tie_breaks=(tie_break,))] == order
    assert [rank for rank, _ in ranks(rows, ranking=ranking, tie_breaks=(tie_break,))] == [1, 2]


def test_tie_breaks_apply_in_the_order_written():
    rows = [row("Anna", sessions=3, lost=6), row("Boris", sessions=2, lost=1)]
    assert [n for _, n in ranks(rows, tie_breaks=("sessions", "fewest-parties-lost"))] == [
        "Anna", "Boris"]
    assert [n for _, n in ranks(rows, tie_breaks=("fewest-parties-lost", "sessions"))] == [
        "Boris", "Anna"]


def test_a_later_tie_break_splits_only_those_still_tied():
    rows = [row("Anna", net=10, sessions=3), row("Boris", net=10, sessions=3, lost=2),
            row("Vera", net=10, sessions=3, lost=1), row("Gleb", net=10, sessions=2)]
    assert ranks(rows, tie_breaks=("sessions", "fewest-parties-lost")) == [
        (1, "Anna"), (2, "Vera"), (3, "Boris"), (4, "Gleb")]


# --- the league file's problems, located ---------------------------------------------------------


def problems(tmp_path: Path, text: str, *lang: str) -> tuple[int, str]:
    path = tmp_path / "league.toml"
    path.write_text(text, encoding="utf-8")
    result = run(*lang, "league", str(path))
    return result.exit_code, result.output.replace(str(tmp_path) + "/", "")


def test_a_syntax_error_is_located_where_toml_stopped(tmp_path):
    status, out = problems(tmp_path, 'title = "Club"\nranking "total"\n')
    assert status == 1
    assert out.startswith("league.toml:2:9: error[RV606]: the league file is not valid TOML: "
                          "a key must be followed by = and its value\n")
    assert '    2 | ranking "total"\n' in out
    _, russian = problems(tmp_path, 'title = "Club"\nranking "total"\n', "--lang", "ru")
    assert "league.toml:2:9: ошибка[RV606]: файл лиги написан не по правилам TOML: после " \
           "ключа должны стоять = и значение" in russian


def test_an_unknown_key_is_named_with_the_known_ones(tmp_path):
    status, out = problems(tmp_path, 'records = ["."]\n\n[attendance]\n  min_evenings = 3\n')
    assert status == 1
    assert out.startswith(
        "league.toml:4:3: error[RV607]: unknown key min_evenings in [attendance]; the keys "
        "there are min_sessions, min_deals, absence, penalty_per_session, penalty_per_deal\n")
    status, out = problems(tmp_path, 'records = ["."]\nrank = "total"\n')
    assert "league.toml:2:1: error[RV607]: unknown key rank in the top level; the keys there " \
           "are title, records" in out


@pytest.mark.parametrize("text, where, message", [
    ('records = ["."]\nranking = "average"\n', "2:1",
     "ranking cannot be 'average'; write one of total, per-deal, per-session"),
    ('records = ["."]\n[attendance]\nmin_sessions = -1\n', "3:1",
     "min_sessions must be a whole number, 0 or more"),
    ('records = ["."]\nfrom = "14.01.2027"\n', "2:1", "from must be a date, written 2027-01-31"),
    ('records = ["."]\nfrom = 2027-02-01\nto = 2027-01-01\n', "3:1",
     "the period ends (2027-01-01) before it begins (2027-02-01)"),
    ('records = ["."]\ntie_breaks = ["name", "luck"]\n', "2:1", "tie_breaks must be a list"),
    ('records = ["."]\n[attendance]\nmin_sessions = 3\nabsence = "penalty"\n', "4:1",
     'absence = "penalty" needs a minimum'),
    ('records = ["."]\n[attendance]\npenalty_per_session = 5\n', "3:1",
     'penalty_per_session is charged only with absence = "penalty"'),
    ('title = "Club"\n', "1:1", "say where the season's deals are"),
    ('records = ["."]\narchive = "club.sqlite"\n', "2:1", "say where the season's deals are"),
])
def test_a_bad_value_is_pointed_at_its_key(tmp_path, text, where, message):
    status, out = problems(tmp_path, text)
    assert status == 1
    assert out.startswith(f"league.toml:{where}: error[RV608]: {message}"), out


def test_a_missing_file_or_archive_is_pointed_at_where_it_is_named(tmp_path):
    status, out = problems(tmp_path, 'records = [\n  ".",\n  "2026/spring.rvs",\n]\n')
    assert status == 1
    assert out.startswith("league.toml:3:3: error[RV609]: there is no file or folder "
                          "2026/spring.rvs (records are read from the league file's folder)\n")
    status, out = problems(tmp_path, 'archive = "club.sqlite"\n')
    assert status == 1 and out.startswith("league.toml:1:1: error[RV609]: there is no archive")
    assert not (tmp_path / "club.sqlite").exists()  # read, never created


def test_a_record_with_errors_stops_the_standings(tmp_path):
    (tmp_path / "bad.rvs").write_text("reversis 1\nplayers Anna Boris Vera\n", encoding="utf-8")
    status, out = problems(tmp_path, 'records = ["bad.rvs"]\n')
    assert status == 1
    assert "bad.rvs:2:1: error[RV110]" in out
    assert "league.toml:1:1: error[RV609]: no standings while a record of the season has " \
           "errors (it would be left out): bad.rvs" in out


def test_a_missing_league_file_is_a_diagnostic(tmp_path):
    result = run("league", str(tmp_path / "none.toml"))
    assert result.exit_code == 1
    assert "error[RV606]: cannot read the league file" in result.output


# --- the samples of docs/league.md ------------------------------------------------------------


@pytest.mark.parametrize("name", ["league-per-deal", "league-year"])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_sample_league_files_rank_the_sample_club(name, language, golden):
    result = run("--lang", language, "league", f"samples/club/{name}.toml")
    assert result.exit_code == 0, result.output
    golden(f"league/{name}-{language}.txt", result.output)


def test_the_sample_json(golden):
    result = run("league", "--json", "samples/club/league-per-deal.toml")
    golden("league/league-per-deal.json", result.output)


def test_docs_show_the_tables_the_samples_print():
    shown = (ROOT / "docs/league.md").read_text(encoding="utf-8")
    for name in ("league-per-deal", "league-year"):
        out = run("league", f"samples/club/{name}.toml").output
        tidy = "\n".join(line.rstrip() for line in out.splitlines()) + "\n"
        assert f"\n```\n{tidy}```\n" in shown, name
