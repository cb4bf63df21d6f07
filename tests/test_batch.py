"""Many files at once: folders, patterns, --jobs, summaries, streamed JSON."""

import io
import json
import shutil

import pytest
from click.testing import CliRunner

from reversis_cli.session.inputs import InputError, expand_inputs
from reversis_cli.cli import cli

from conftest import SAMPLES

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}


def run(*args):
    return CliRunner().invoke(cli, list(args), env=ENV)


@pytest.fixture
def archive(tmp_path):
    """A club's archive: two evenings in one folder, one in a subfolder, and a note."""
    (tmp_path / "2026").mkdir()
    shutil.copy(SAMPLES / "evening.rvs", tmp_path / "a.rvs")
    shutil.copy(SAMPLES / "salon.rvs", tmp_path / "b.rvs")
    shutil.copy(SAMPLES / "tver-ru.rvs", tmp_path / "2026" / "c.rvs")
    (tmp_path / "notes.txt").write_text("not a record", encoding="utf-8")
    return tmp_path


def test_folders_patterns_and_files(archive):
    assert [p.name for p in expand_inputs([str(archive)])] == ["c.rvs", "a.rvs", "b.rvs"]
    assert [p.name for p in expand_inputs([str(archive / "*.rvs")])] == ["a.rvs", "b.rvs"]
    named_twice = expand_inputs([str(archive / "a.rvs"), str(archive / "*.rvs")])
    assert [p.name for p in named_twice] == ["a.rvs", "b.rvs"]


@pytest.mark.parametrize("name, why", [("missing.rvs", "no such file"),
                                       ("*.nothing", "no file matches")])
def test_inputs_that_name_nothing(archive, name, why):
    with pytest.raises(InputError, match=why):
        expand_inputs([str(archive / name)])
    assert run("check", str(archive / name)).exit_code == 2


def test_a_folder_without_records_is_a_usage_error(tmp_path):
    assert run("check", str(tmp_path)).exit_code == 2


def test_check_a_folder_ends_with_a_summary_table(archive):
    result = run("check", str(archive))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1] == "checked 3 files, 27 deals: no errors, no warnings"
    assert any("a.rvs" in line and line.split()[-3:] == ["9", "0", "0"] for line in lines)
    assert "reading" not in result.output  # no progress bar outside a terminal


# Worker processes each time: score by default (check --jobs reads standard input in
# test_stdin too), check and score --json under the slow marker.
@pytest.mark.parametrize("args", [pytest.param(["check"], marks=pytest.mark.slow), ["score"],
                                  pytest.param(["score", "--json"], marks=pytest.mark.slow)])
def test_several_jobs_print_what_one_job_prints(archive, args):
    one = run(*args, str(archive))
    two = run(*args, "--jobs", "2", str(archive))
    assert one.exit_code == two.exit_code == 0, two.output
    assert one.output == two.output


def test_score_json_for_several_files(archive):
    result = run("score", "--json", str(archive / "*.rvs"))
    data = json.loads(result.output)
    assert data["format"] == "reversis-score-batch/1"
    assert [f["format"] for f in data["files"]] == ["reversis-score/1"] * 2
    assert [s["source"] for s in data["summary"]] == [f["source"] for f in data["files"]]
    assert [s["deals"] for s in data["summary"]] == [9, 10]
    for one, summary in zip(data["files"], data["summary"], strict=True):
        assert summary["totals"] == one["totals"] and summary["pool_end"] == one["pool_end"]


def test_score_one_file_json_is_the_output_md_object(archive):
    data = json.loads(run("score", "--json", str(archive / "a.rvs")).output)
    assert data["format"] == "reversis-score/1" and len(data["deals"]) == 9


def test_score_tables_for_several_files_end_with_a_summary(archive):
    result = run("score", str(archive / "*.rvs"))
    assert result.exit_code == 0
    assert result.output.count("Session") == 2
    assert "2 files" in result.output and "Pool at end" in result.output


def test_deal_needs_a_single_file(archive):
    result = run("score", str(archive), "--deal", "1")
    assert result.exit_code == 2 and "single file" in result.output


def test_errors_in_one_file_make_the_run_fail_but_not_the_others(archive):
    shutil.copy(SAMPLES / "bad" / "ten.rvs", archive / "z-bad.rvs")
    result = run("score", "--json", str(archive / "*.rvs"))
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert [s["errors"] > 0 for s in data["summary"]] == [False, False, True]
    assert len(data["files"][0]["deals"]) == 9


class Terminal(io.StringIO):
    """A stream that says it is a terminal (the progress bar is drawn on one)."""

    def isatty(self):
        return True


def test_the_progress_bar_follows_the_bytes_read(archive, monkeypatch):
    import sys

    from reversis_cli.cli import progress as cli_progress

    stdout, stderr = Terminal(), Terminal()
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stderr", stderr)
    monkeypatch.setattr(cli_progress, "BAR_DELAY", 0)
    monkeypatch.setattr(cli_progress, "BAR_REFRESH", 0)
    files = expand_inputs([str(archive / "*.rvs")])
    with cli_progress.progress_bar(files, enabled=True) as (tick, done):
        tick(files[0], 100)
        done(files[0])
        done(files[1])
    assert "100%" in stderr.getvalue() and stdout.getvalue() == ""
    stderr.seek(0)
    stderr.truncate()
    with cli_progress.progress_bar(files, enabled=False) as (tick, done):
        tick(files[0], 100)  # as in a pipe or with --json: nothing is drawn
    assert stderr.getvalue() == ""


@pytest.mark.parametrize("command", [("check",), ("score", "--json"), ("score",)])
def test_outside_a_terminal_no_deal_asks_how_far_the_file_is_read(archive, monkeypatch,
                                                                  command):
    """Without a bar the readers are given no tick: the position of the file (a
    property read through two objects) is not asked after each deal."""
    from reversis_cli.reader.record import Record

    asked: list[Record] = []

    def position(record: Record) -> int:
        asked.append(record)
        return 0

    monkeypatch.setattr(Record, "position", property(position))
    result = run(*command, str(archive / "a.rvs"))
    assert result.exit_code == 0, result.output
    assert asked == []


def test_a_file_is_given_a_tick_only_where_a_bar_is_drawn(archive, monkeypatch):
    import sys

    from reversis_cli.cli import progress as cli_progress

    path = archive / "a.rvs"
    with cli_progress.progress_bar([path], enabled=True) as (tick, _):
        assert cli_progress.file_tick(tick, path) is None  # CliRunner's streams: no terminal
    monkeypatch.setattr(sys, "stdout", Terminal())
    monkeypatch.setattr(sys, "stderr", Terminal())
    with cli_progress.progress_bar([path], enabled=True) as (tick, _):
        assert callable(cli_progress.file_tick(tick, path))
    with cli_progress.progress_bar([path], enabled=False) as (tick, _):
        assert cli_progress.file_tick(tick, path) is None


# --- symlinks: issue 15, item 7 -------------------------------------------------------------


@pytest.fixture
def looped(tmp_path):
    """Two records, and symlinked folders that lead back up the tree (twice)."""
    (tmp_path / "club" / "2026").mkdir(parents=True)
    shutil.copy(SAMPLES / "evening.rvs", tmp_path / "club" / "a.rvs")
    shutil.copy(SAMPLES / "salon.rvs", tmp_path / "club" / "2026" / "b.rvs")
    (tmp_path / "club" / "2026" / "up").symlink_to(tmp_path / "club")
    (tmp_path / "club" / "again").symlink_to(tmp_path / "club")
    return tmp_path / "club"


def test_a_pattern_does_not_follow_symlinked_folders(looped):
    import threading

    found = []  # in a daemon thread: following the loops would take minutes
    walker = threading.Thread(target=lambda: found.extend(
        expand_inputs([str(looped / "**" / "*.rvs")])), daemon=True)
    walker.start()
    walker.join(timeout=10)
    assert not walker.is_alive(), "the pattern walked into the symlink loops"
    assert sorted(p.name for p in found) == ["a.rvs", "b.rvs"]


def test_a_folder_walk_does_not_follow_symlinked_folders(looped):
    assert sorted(p.name for p in expand_inputs([str(looped)])) == ["a.rvs", "b.rvs"]


def test_a_file_named_by_two_paths_is_read_once(looped):
    (looped / "link.rvs").symlink_to(looped / "a.rvs")
    found = expand_inputs([str(looped / "a.rvs"), str(looped / "link.rvs"),
                           str(looped / "again" / "a.rvs"), str(looped / "*.rvs")])
    assert found == [looped / "a.rvs"]
    result = run("check", str(looped / "a.rvs"), str(looped / "link.rvs"))
    assert "checked 1 file" in result.output
