"""The club page at a club's scale (issue 30, item 14): a session's page is
made again only when something it is made from changed (its record, a house
profile it names, the language, the money options, the program), never left
stale; and the progress of ``report`` and ``stats --compare`` is shown on a
terminal, never in a pipe."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli

from conftest import SAMPLES
from pty_run import on_terminal_stderr

CLUB = SAMPLES / "club"


def run(*args: str):
    return CliRunner().invoke(cli, ["--lang", "en", *args])


@pytest.fixture
def club(tmp_path) -> Path:
    shutil.copytree(CLUB, tmp_path / "club")
    return tmp_path / "club"


def report(club: Path, site: Path, *extra: str):
    result = run("report", str(club), "-o", f"{site}/", *extra)
    assert result.exit_code == 0, result.output
    return result


def stamps(site: Path) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in (site / "sessions").glob("*.html")}


def contents(site: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in (site / "sessions").glob("*.html")}


def rewritten(before: dict[str, int], site: Path) -> set[str]:
    return {name for name, stamp in stamps(site).items() if before.get(name) != stamp}


def test_a_second_run_with_nothing_changed_rewrites_no_session_page(club, tmp_path):
    site = tmp_path / "site"
    report(club, site)
    before, pages = stamps(site), contents(site)
    assert len(before) == 4
    report(club, site)
    assert rewritten(before, site) == set()
    assert contents(site) == pages  # and what is there is what a new run makes
    fresh = tmp_path / "fresh"
    report(club, fresh)
    assert contents(fresh) == pages
    assert (fresh / "index.html").read_bytes() == (site / "index.html").read_bytes()


def test_only_the_changed_record_has_its_page_made_again(club, tmp_path):
    site = tmp_path / "site"
    report(club, site)
    before = stamps(site)
    record = club / "2027-01-21.rvs"
    text = record.read_text(encoding="utf-8")
    record.write_text(text.replace('title "', 'title "Renamed: ', 1), encoding="utf-8")
    report(club, site)
    assert rewritten(before, site) == {"2027-01-21.html"}
    assert "Renamed: " in (site / "sessions" / "2027-01-21.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("change", [
    ("--lang", "ru"),
    ("--fiche-value", "0.05", "--currency", "EUR"),
])
def test_a_changed_language_or_money_makes_every_page_again(club, tmp_path, change):
    site = tmp_path / "site"
    report(club, site)
    before = stamps(site)
    report(club, site, *change)
    assert rewritten(before, site) == set(before)
    fresh = tmp_path / "fresh"
    report(club, fresh, *change)
    assert contents(fresh) == contents(site)


def test_a_changed_program_makes_every_page_again(club, tmp_path, monkeypatch):
    from reversis_cli.report import made

    site = tmp_path / "site"
    report(club, site)
    before = stamps(site)
    monkeypatch.setattr(made, "program_fingerprint", lambda: "another version")
    report(club, site)
    assert rewritten(before, site) == set(before)


def test_a_page_edited_or_deleted_by_hand_is_made_again(club, tmp_path):
    site = tmp_path / "site"
    report(club, site)
    pages = contents(site)
    edited = site / "sessions" / "2027-01-14.html"
    edited.write_bytes(edited.read_bytes().replace(b"Anna", b"Hacked", 1))
    (site / "sessions" / "2027-02-04.html").unlink()
    report(club, site)
    assert contents(site) == pages


def test_a_manifest_garbled_or_of_another_format_makes_every_page_again(club, tmp_path):
    site = tmp_path / "site"
    report(club, site)
    manifest = site / "sessions" / ".reversis-pages.json"
    for text in ("{not json", '{"format": "reversis-pages/0", "pages": {}}', '[1, 2]',
                 '{"format": "reversis-pages/1", "pages": {"2027-01-14.html": {"k": 1}}}'):
        manifest.write_text(text, encoding="utf-8")
        before = stamps(site)
        report(club, site)
        assert rewritten(before, site) == set(before), text
        assert json.loads(manifest.read_text(encoding="utf-8"))["format"] == "reversis-pages/1"


def test_a_changed_house_profile_makes_its_sessions_page_again(club, tmp_path):
    shutil.copy(SAMPLES / "house-rules.toml", club / "house.toml")
    record = club / "2027-02-04.rvs"
    text = record.read_text(encoding="utf-8")
    record.write_text(text.replace("rules classic", "rules house.toml", 1), encoding="utf-8")
    site = tmp_path / "site"
    report(club, site)
    before = stamps(site)
    profile = club / "house.toml"
    profile.write_text(profile.read_text(encoding="utf-8").replace(
        'name = "Nevsky club"', 'name = "Nevsky club, 2027"'), encoding="utf-8")
    report(club, site)
    assert rewritten(before, site) == {"2027-02-04.html"}
    assert "Nevsky club, 2027" in (site / "sessions" / "2027-02-04.html").read_text(
        encoding="utf-8")


def test_a_kept_page_still_shows_its_records_warnings(club, tmp_path):
    shutil.copy(SAMPLES / "bad" / "revoke.rvs", club / "revoke.rvs")
    site = tmp_path / "site"
    first = report(club, site)
    assert "warning[" in first.stderr
    second = report(club, site)
    assert second.stderr == first.stderr


# --- progress: on a terminal, never in a pipe ---------------------------------------------------


def test_report_shows_its_progress_on_a_terminal(club, tmp_path):
    status, _, err = on_terminal_stderr("report", str(club), "-o", f"{tmp_path / 'site'}/")
    assert status == 0
    assert "Records" in err and "Sessions' pages" in err and "4/4" in err


def test_report_shows_no_progress_in_a_pipe(club, tmp_path):
    result = report(club, tmp_path / "site")
    assert result.stderr == ""


def test_stats_compare_shows_its_progress_on_a_terminal(club):
    status, out, err = on_terminal_stderr("stats", str(club), "--compare", "modern")
    assert status == 0
    assert "Sessions settled again" in err and "4/4" in err
    assert "Records" in err  # the records read first
    assert "Sessions settled again" not in out


def test_stats_compare_shows_no_progress_in_a_pipe(club):
    result = run("stats", str(club), "--compare", "modern")
    assert result.exit_code == 0
    assert result.stderr == ""


def test_stats_of_an_archive_shows_no_records_to_read(club, tmp_path):
    from reversis_cli.club.archive import archive_inputs

    database = tmp_path / "club.sqlite"
    archive_inputs([str(club)], database)
    status, out, err = on_terminal_stderr("stats", str(database))
    assert status == 0 and "Net" in out
    assert "Records" not in err
