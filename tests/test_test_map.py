"""The map of the tests (tests/README.md) names every test module and helper
module of tests/, and names no file that is not there; and every golden under
tests/golden/ is read by some test, so a golden no test compares with any more
is seen and removed rather than kept and rewritten for nothing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
MAP = TESTS / "README.md"
GOLDEN = TESTS / "golden"
# A file the map names: a word ending in .py (a module of tests/, tests/perf/ or
# tests/tools/, written with its folder or without), or a path under tests/.
NAMED = re.compile(r"`((?:tests/)?[\w./-]+\.py)`")


def named_in_map() -> set[str]:
    return {name.removeprefix("tests/") for name in NAMED.findall(MAP.read_text("utf-8"))}


def modules() -> set[str]:
    """Every Python module of tests/ and its folders of tools, relative to tests/."""
    return {path.relative_to(TESTS).as_posix()
            for folder in (TESTS, TESTS / "perf", TESTS / "tools")
            for path in folder.glob("*.py")}


def test_the_map_names_every_test_and_helper_module():
    missing = sorted(modules() - named_in_map())
    assert not missing, "tests/README.md does not name: " + ", ".join(missing)


def test_every_file_the_map_names_is_there():
    gone = sorted(name for name in named_in_map()
                  if not (TESTS / name).is_file() and not (ROOT / name).is_file())
    assert not gone, "tests/README.md names files that are not there: " + ", ".join(gone)


def test_every_golden_folder_the_map_names_is_there():
    text = MAP.read_text("utf-8")
    named = set(re.findall(r"`golden/([\w/.-]+)`", text))
    gone = sorted(name for name in named if not (GOLDEN / name).exists())
    assert not gone, "tests/README.md names goldens that are not there: " + ", ".join(gone)


def test_no_test_count_is_written_in_a_readme():
    """A count of tests goes stale with the next test (architecture-4 §5)."""
    count = re.compile(r"\b\d[\d,]*\s+(?:tests|passed|test cases|cases collected)\b")
    for readme in (ROOT / "README.md", MAP, TESTS / "perf" / "README.md"):
        assert not count.findall(readme.read_text("utf-8")), readme


@pytest.mark.slow
def test_every_golden_is_read_by_some_test(tmp_path):
    """Runs, in a pytest of its own, every test that compares with a golden
    (conftest.py's REVERSIS_GOLDEN_READS: it keeps those tests and notes each
    file under tests/golden/ the run opens for reading), then lists the goldens
    no test read."""
    reads = tmp_path / "golden-reads.txt"
    files = sorted(str(p) for p in TESTS.glob("test_*.py") if p.name != Path(__file__).name)
    env = {**os.environ, "REVERSIS_GOLDEN_READS": str(reads)}
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         "-m", "", *files],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900, check=False)
    assert ran.returncode == 0, ran.stdout[-3000:]
    read = set(reads.read_text("utf-8").split())
    goldens = {p.relative_to(GOLDEN).as_posix() for p in GOLDEN.rglob("*") if p.is_file()}
    unread = sorted(goldens - read)
    assert not unread, "goldens no test reads (remove them, or the test lost its check):\n" \
        + "\n".join(unread)
