"""The pool between evenings (issue 30, item 5): ``stats``, ``league`` and the
club page say what the pool took, so that the players' nets plus the pool's
come to zero; ``record`` of a new evening offers the pool the last evening
left, and ``record --pot`` sets it."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.simulate import SimulationOptions, simulate_session

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples" / "club"
PLAYERS = ("Anna", "Boris", "Vera", "Gleb")


def _run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, ["--lang", "en", *args], input=input,
                              catch_exceptions=False)


def _json(*args: str) -> dict:
    result = _run(*args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _amount(value) -> Fraction:
    return Fraction(str(value))


def _with_header(text: str, *lines: str) -> str:
    first, rest = text.split("\n", 1)
    return "\n".join((first, *lines, rest))


def _score(path: Path) -> dict:
    return _json("score", "--json", str(path))


def _season(folder: Path, carried: list[bool]) -> list[tuple[Fraction, Fraction]]:
    """Sessions dated a week apart; session n starts with the pool the one
    before left when ``carried[n]``, else with an empty pool, or with 7 fiches
    for every third (more than the last left, or a pot from nowhere).  The
    pool's (start, end) of each, from ``score --json``."""
    folder.mkdir()
    pools: list[tuple[Fraction, Fraction]] = []
    for n, carry in enumerate(carried):
        text = "".join(simulate_session(SimulationOptions(
            5, seed=300 + n, rules=("classic", "modern")[n % 2], events=0.2,
            irregular=0.1, players=PLAYERS)))
        day = f"2027-03-{1 + n:02d}"
        pot = pools[-1][1] if carry and pools else Fraction(7 if n % 3 == 2 else 0)
        pot_text = str(pot.numerator) if pot.denominator == 1 else str(pot)
        path = folder / f"{day}.rvs"
        path.write_text(_with_header(text, f"date {day}", f"pot {pot_text}"), encoding="utf-8")
        scored = _score(path)
        pools.append((_amount(scored["pool_start"]), _amount(scored["pool_end"])))
    return pools


def _players_plus_pool(stats: dict) -> Fraction:
    return (sum((_amount(p["net"]) for p in stats["players"].values()), Fraction(0))
            + _amount(stats["pool"]["net"]))


# --- stats, league and the club page ------------------------------------------------------


def test_the_sample_club_s_nets_and_its_pool_sum_to_zero():
    stats = _json("stats", "--json", str(SAMPLE))
    assert _amount(stats["pool"]["net"]) == 415  # what the four evenings left in the pool
    assert _players_plus_pool(stats) == 0
    assert (stats["pool"]["start"], stats["pool"]["end"]) == (0, 80)
    # every evening started empty though the one before left fiches in the pool
    assert [(Path(gap["session"]).name, gap["start"], gap["previous_end"])
            for gap in stats["pool"]["not_carried"]] == [
        ("2027-01-21.rvs", 0, 90), ("2027-02-04.rvs", 0, 200), ("2027-02-11.rvs", 0, 45)]


@pytest.mark.parametrize("carried", [
    [False, True, True, True, True, True],          # one pot carried all season
    [False, False, True, False, True, True, False],  # some carried, some not, one from nowhere
], ids=["carried", "mixed"])
def test_a_simulated_season_sums_to_zero_with_carried_and_uncarried_pots(tmp_path, carried):
    folder = tmp_path / "season"
    pools = _season(folder, carried)
    stats = _json("stats", "--json", str(folder))
    pool = stats["pool"]
    assert _players_plus_pool(stats) == 0
    assert _amount(pool["net"]) == sum((end - start for start, end in pools), Fraction(0))
    assert (_amount(pool["start"]), _amount(pool["end"])) == (pools[0][0], pools[-1][1])
    gaps = [n for n in range(1, len(pools)) if pools[n][0] != pools[n - 1][1]]
    assert [Path(gap["session"]).name for gap in pool["not_carried"]] == [
        f"2027-03-{1 + n:02d}.rvs" for n in gaps]
    if all(carried[1:]):  # carried all season: the pool's net telescopes to end less start
        assert _amount(pool["net"]) == pools[-1][1] - pools[0][0]
        assert not pool["not_carried"]
    # the archive gives the same figures as the records
    archive = tmp_path / "club.sqlite"
    assert _run("archive", str(folder), "-o", str(archive)).exit_code == 0
    stored = _json("stats", "--json", str(archive))["pool"]
    assert {key: stored[key] for key in ("net", "start", "end")} == {
        key: pool[key] for key in ("net", "start", "end")}
    assert [Path(gap["session"]).name for gap in stored["not_carried"]] == [
        Path(gap["session"]).name for gap in pool["not_carried"]]


def test_a_period_takes_the_pool_of_its_own_sessions(tmp_path):
    folder = tmp_path / "season"
    pools = _season(folder, [False, True, True, True])
    stats = _json("stats", "--json", "--from", "2027-03-02", "--to", "2027-03-03", str(folder))
    assert _amount(stats["pool"]["net"]) == sum(
        (end - start for start, end in pools[1:3]), Fraction(0))
    assert _players_plus_pool(stats) == 0


def test_stats_shows_the_pool_as_a_line_of_its_own():
    out = _run("stats", str(SAMPLE)).output
    assert ("The pool took 415 fiches over these sessions, so the players' nets add up to "
            "-415; it held 80 fiches after the last one.") in " ".join(out.split())
    assert ("2027-01-21.rvs started with 0 fiches in the pool, where 2027-01-14.rvs left 90 "
            "fiches.") in " ".join(out.split())


def test_the_pool_line_in_russian():
    result = CliRunner().invoke(cli, ["--lang", "ru", "stats", str(SAMPLE)])
    words = " ".join(result.output.split())
    assert ("За эти игры в корзину пришло: 415 фишек, поэтому итоги игроков в сумме дают −415; "
            "после последней игры в корзине: 80 фишек.") in words


def test_league_shows_the_pool_and_its_json_sums_to_zero():
    league = SAMPLE / "league-year.toml"
    out = " ".join(_run("league", str(league)).output.split())
    assert "The pool took 415 fiches over these sessions" in out
    table = _json("league", "--json", str(league))
    nets = [_amount(row["net"]) for row in table["standings"] + table["not_ranked"]]
    assert sum(nets, Fraction(0)) + _amount(table["pool"]["net"]) == 0


def test_the_club_page_shows_the_pool(tmp_path):
    page = tmp_path / "club.html"
    result = _run("report", str(SAMPLE), "-o", str(page))
    assert result.exit_code == 0, result.output
    html = page.read_text(encoding="utf-8")
    assert ("<p>The pool took 415 fiches over these sessions, so the players&#39; nets add up "
            "to -415; it held 80 fiches after the last one.</p>") in html


# --- record: the pot of a new evening ------------------------------------------------------


def _club_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "club"
    folder.mkdir()
    for record in SAMPLE.glob("*.rvs"):
        (folder / record.name).write_bytes(record.read_bytes())
    return folder


START = "Anna Boris Vera Gleb\nclassic\nGleb\n\n2027-02-18\n\n"


def test_record_offers_the_pool_the_last_evening_left_and_enter_takes_it(tmp_path):
    folder = _club_folder(tmp_path)
    result = _run("record", "--plain", str(folder / "new.rvs"), input=START + "\nquit\n")
    assert result.exit_code == 0, result.output
    # the latest by date: 2027-02-11, which left 80 (not the 90 of 2027-01-14)
    assert "2027-02-11.rvs, the last evening in this folder, left 80 fiches in the pool." \
        in result.output
    assert "pot 80\n" in (folder / "new.rvs").read_text()
    assert _score(folder / "new.rvs")["pool_start"] == 80


def test_record_takes_another_pot_typed_and_asks_again_after_a_wrong_one(tmp_path):
    folder = _club_folder(tmp_path)
    result = _run("record", "--plain", str(folder / "new.rvs"),
                  input=START + "ninety\n5/2\nquit\n")
    assert result.exit_code == 0, result.output
    assert "not 'ninety'" in result.output
    assert "pot 5/2\n" in (folder / "new.rvs").read_text()


def test_record_latest_by_date_then_by_name(tmp_path):
    folder = _club_folder(tmp_path)
    # same day as the latest, a later name: it is the last evening now
    text = (SAMPLE / "2027-01-14.rvs").read_text().replace("date 2027-01-14", "date 2027-02-11")
    (folder / "2027-02-11b.rvs").write_text(text)
    result = _run("record", "--plain", str(folder / "new.rvs"), input=START + "\nquit\n")
    assert "2027-02-11b.rvs, the last evening in this folder, left 90 fiches" in result.output
    assert "pot 90\n" in (folder / "new.rvs").read_text()


def test_record_says_when_the_last_evening_cannot_be_read_and_offers_nothing(tmp_path):
    folder = _club_folder(tmp_path)
    text = (SAMPLE / "2027-02-11.rvs").read_text().replace("date 2027-02-11", "date 2027-03-01")
    (folder / "broken.rvs").write_text(text.replace(" 1 Anna  2D 4D 3D 9D", " 1 Anna  2D 2D 3D 9D"))
    result = _run("record", "--plain", str(folder / "new.rvs"), input=START + "quit\n")
    assert result.exit_code == 0, result.output
    assert "broken.rvs, the last evening in this folder, has errors: no pool is offered" \
        in result.output
    assert "pot" not in (folder / "new.rvs").read_text()


def test_record_of_an_unreadable_last_evening_does_not_crash(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "garbage.rvs").write_bytes(b"\xff\xfe\x00 not a record \x00\x9c")
    result = _run("record", "--plain", str(folder / "new.rvs"), input=START + "quit\n")
    assert result.exit_code == 0, result.output
    assert "garbage.rvs, the last evening in this folder, has errors" in result.output
    assert "pot" not in (folder / "new.rvs").read_text()


def test_a_folder_without_another_record_asks_no_pot(tmp_path):
    result = _run("record", "--plain", str(tmp_path / "new.rvs"), input=START + "quit\n")
    assert result.exit_code == 0, result.output
    assert "Pot" not in result.output and "pot" not in (tmp_path / "new.rvs").read_text()


def test_record_pot_sets_it_without_a_question(tmp_path):
    folder = _club_folder(tmp_path)
    result = _run("record", "--plain", "--pot", "45", str(folder / "new.rvs"),
                  input=START + "quit\n")
    assert result.exit_code == 0, result.output
    assert "Pot before deal 1" not in result.output
    assert "pot 45\n" in (folder / "new.rvs").read_text()


def test_record_with_every_answer_given_says_the_pool_it_does_not_carry(tmp_path):
    folder = _club_folder(tmp_path)
    result = _run("record", "--plain", "--players", "Anna,Boris,Vera,Gleb", "--rules", "classic",
                  "--dealer", "Gleb", str(folder / "new.rvs"), input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Not carried into the new record: record --pot 80 carries it." in result.output
    assert "pot" not in (folder / "new.rvs").read_text()


@pytest.mark.parametrize("pot", ["-5", "2.5", "ninety", "1/0", "", "9" * 31])
def test_a_bad_pot_is_a_usage_error(tmp_path, pot):
    result = _run("record", "--plain", "--pot", pot, str(tmp_path / "new.rvs"), input="")
    assert result.exit_code == 2, result.output
    assert "the pot is a whole number of fiches or a fraction" in result.output
    assert not (tmp_path / "new.rvs").exists()


def test_pot_of_an_existing_record_is_a_usage_error(tmp_path):
    folder = _club_folder(tmp_path)
    before = (folder / "2027-01-14.rvs").read_bytes()
    result = _run("record", "--plain", "--pot", "5", str(folder / "2027-01-14.rvs"), input="")
    assert result.exit_code == 2, result.output
    assert "--pot is the pot of a new record" in result.output
    assert (folder / "2027-01-14.rvs").read_bytes() == before


def test_the_full_screen_is_handed_the_offer_and_a_pot_given(tmp_path, monkeypatch):
    from reversis_cli.cli import record as record_command_module
    from reversis_cli.record.tui import app as tui

    folder = _club_folder(tmp_path)
    started = []

    def run_new(path, setup, cards, offer=None):
        started.append((setup.pot, offer.text if offer is not None else None))
        return 0

    monkeypatch.setattr(record_command_module, "_screen", lambda: True)
    monkeypatch.setattr(tui, "run_new", run_new)
    assert _run("record", str(folder / "new.rvs")).exit_code == 0
    assert _run("record", "--pot", "7", str(folder / "new2.rvs")).exit_code == 0
    assert started == [(None, "80"), ("7", None)]


def test_record_archive_offers_the_pool_of_the_archive_s_latest_session(tmp_path):
    archive = tmp_path / "club.sqlite"
    assert _run("archive", str(SAMPLE), "-o", str(archive)).exit_code == 0
    elsewhere = tmp_path / "march"
    elsewhere.mkdir()
    result = _run("record", "--plain", "--archive", str(archive), str(elsewhere / "new.rvs"),
                  input=START + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"2027-02-11.rvs, the last evening in the archive {archive}, left 80 fiches in the " \
           f"pool." in result.output
    assert "pot 80\n" in (elsewhere / "new.rvs").read_text()


def test_record_archive_that_is_no_archive_is_said_before_any_question(tmp_path):
    not_one = tmp_path / "notes.db"
    not_one.write_text("shopping list\n")
    result = _run("record", "--plain", "--archive", str(not_one), str(tmp_path / "new.rvs"),
                  input=START + "quit\n")
    assert result.exit_code == 1
    assert "RV601" in result.output and "The four players" not in result.output
    assert not (tmp_path / "new.rvs").exists()


def test_a_pot_in_fractions_and_in_jetons_is_summed_exactly(tmp_path):
    folder = tmp_path / "season"
    folder.mkdir()
    for n, pot in enumerate(("pot 5/2", "unit jeton\npot 3")):
        text = "".join(simulate_session(SimulationOptions(4, seed=500 + n, players=PLAYERS)))
        (folder / f"2027-04-0{n + 1}.rvs").write_text(
            _with_header(text, f"date 2027-04-0{n + 1}", pot), encoding="utf-8")
    stats = _json("stats", "--json", str(folder))
    assert stats["pool"]["start"] == "5/2"
    assert stats["pool"]["not_carried"][0]["start"] == 15  # 3 jetons are 15 fiches
    assert _players_plus_pool(stats) == 0
    archive = tmp_path / "club.sqlite"
    assert _run("archive", str(folder), "-o", str(archive)).exit_code == 0
    assert _players_plus_pool(_json("stats", "--json", str(archive))) == 0
