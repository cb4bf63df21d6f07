"""The suite's own limits: a test that hangs fails (pytest-timeout, pyproject.toml)
instead of holding a CI run, and the fixture with an alarm of its own does not
take that limit away (tests/conftest.py, run_that_may_hang)."""

import signal
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_test_has_a_limit_that_reports_every_thread():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["pytest"]
    assert 0 < options["ini_options"]["timeout"] <= 600
    # signal: pytest-xdist shows the stacks; the thread method's are lost with its worker
    assert options["ini_options"]["timeout_method"] == "signal"


def test_the_fixture_with_its_own_alarm_gives_the_test_its_limit_back(run_that_may_hang,
                                                                      tmp_path):
    signal.setitimer(signal.ITIMER_REAL, 200)  # as the test's own limit would be
    try:
        ran = run_that_may_hang("--version", cwd=tmp_path)
        left = signal.getitimer(signal.ITIMER_REAL)[0]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    assert ran.returncode == 0
    assert 150 < left <= 200
