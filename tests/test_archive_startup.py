"""``archive``'s start-up (issue 35): a run whose standard error is a file or a
pipe prints its lines as plain text, without loading rich, and a run of
notation records does not load the JSON converter; what it prints is what
rich prints (``REVERSIS_REFERENCE=1``: rich prints everything)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import SAMPLES

ROOT = Path(__file__).resolve().parent.parent

# sys.modules after the run, on standard output (standard error carries the run's lines)
_MODULES = ("import sys\n"
            "from reversis_cli.cli import main\n"
            "try:\n"
            "    main(sys.argv[1:])\n"
            "except SystemExit:\n"
            "    pass\n"
            "print('\\n'.join(sys.modules))\n")


def _run(args: list[str], cwd: Path, reference: bool = False,
         script: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "REVERSIS_REFERENCE"}
    env.update(PYTHONPATH=str(ROOT), COLUMNS="200")
    if reference:
        env["REVERSIS_REFERENCE"] = "1"
    command = [sys.executable, "-c", script, *args] if script else \
        [sys.executable, "-m", "reversis_cli", *args]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


def test_archive_of_notation_records_to_a_pipe_loads_neither_rich_nor_the_converter(tmp_path):
    done = _run(["archive", str(SAMPLES / "evening.rvs"), "-o", str(tmp_path / "club.sqlite")],
                tmp_path, script=_MODULES)
    assert "evening.rvs: loaded" in done.stderr
    modules = set(done.stdout.split())
    assert "reversis_cli.club.archive" in modules  # it did archive
    assert not {m for m in modules if m == "rich" or m.startswith("rich.")}
    assert "reversis_cli.convert" not in modules


def _season(folder: Path) -> list[str]:
    """Records that make every kind of line: loaded, a warning, errors (not
    loaded), a duplicate, and a JSON record (converted)."""
    folder.mkdir()
    shutil.copy(SAMPLES / "evening.rvs", folder / "evening.rvs")
    shutil.copy(SAMPLES / "evening.rvs", folder / "copy.rvs")
    shutil.copy(SAMPLES / "irregular.rvs", folder / "irregular.rvs")
    shutil.copy(SAMPLES / "bad" / "card-twice.rvs", folder / "card-twice.rvs")
    converted = _run(["convert", str(SAMPLES / "salon.rvs"), "--to", "json"], folder)
    assert converted.returncode == 0, converted.stderr
    (folder / "salon.json").write_text(converted.stdout, encoding="utf-8")
    return [str(folder / name) for name in
            ("evening.rvs", "copy.rvs", "irregular.rvs", "card-twice.rvs", "salon.json")]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_archive_prints_to_a_pipe_what_rich_prints(tmp_path, language):
    files = _season(tmp_path / "records")
    runs = []
    for reference in (False, True):
        db = tmp_path / f"club-{reference}.sqlite"
        runs.append(_run(["--lang", language, "archive", *files, "-o", str(db)], tmp_path,
                         reference=reference))
    plain, rich = runs
    assert plain.returncode == rich.returncode != 0  # card-twice.rvs has errors
    assert "card-twice.rvs" in plain.stderr and "salon.json" in plain.stderr
    # the lines name the database, which differs between the two runs
    assert plain.stderr.replace("club-False", "club-True") == rich.stderr


def test_archive_of_a_record_with_warnings_to_a_pipe_loads_no_rich(tmp_path):
    """A revoke's warning (RV201, with its line and caret) is written as plain
    text on a pipe, as rich writes it (``test_archive_prints_to_a_pipe_what_rich_prints``):
    a season of irregular records pays for no rich."""
    done = _run(["archive", str(SAMPLES / "irregular.rvs"), "-o", str(tmp_path / "c.sqlite")],
                tmp_path, script=_MODULES)
    assert "warning[RV" in done.stderr and "^" in done.stderr
    modules = set(done.stdout.split())
    assert "reversis_cli.club.archive" in modules
    assert not {m for m in modules if m == "rich" or m.startswith("rich.")}


def test_archive_without_a_club_file_does_not_load_the_club_files_modules(tmp_path):
    """The roster (and the league's settings it reads) is loaded only with --club: a
    tenth of archive's start-up (issue 35, i35-archive3); with --club it is read."""
    done = _run(["archive", str(SAMPLES / "evening.rvs"), "-o", str(tmp_path / "club.sqlite")],
                tmp_path, script=_MODULES)
    assert "evening.rvs: loaded" in done.stderr
    modules = set(done.stdout.split())
    assert "reversis_cli.club.names" in modules  # the names were looked at (RV624)
    assert not modules & {"reversis_cli.club.roster", "reversis_cli.club.league_file",
                          "reversis_cli.club.league"}
    (tmp_path / "club.toml").write_text('[aliases]\n"Annie" = "Anna"\n', encoding="utf-8")
    done = _run(["archive", str(SAMPLES / "evening.rvs"), "-o", str(tmp_path / "club2.sqlite"),
                 "--club", str(tmp_path / "club.toml")], tmp_path, script=_MODULES)
    assert "evening.rvs: loaded" in done.stderr
    assert "reversis_cli.club.roster" in set(done.stdout.split())
