"""ruff and mypy, with the settings in pyproject.toml, find nothing to report.

They run here, in the suite, so that the README's test command (the one CI
runs) keeps the code clean; a failure shows their own report.  ruff reads the
whole package and all of tests/; so does mypy (the ``files`` of its settings),
the bodies of the tests too, though they carry no annotations.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# What ruff reads: everything, the golden files and fixtures aside (pyproject.toml).
CHECKED = ("reversis_cli", "tests")


def _passes(*command: str) -> None:
    """Run a tool; on any finding, fail with its report and nothing else."""
    result = subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    if result.returncode != 0:
        pytest.fail(result.stdout + result.stderr, pytrace=False)


def _mypy_cache() -> Path:
    """mypy's incremental cache, outside the checkout, one per checkout: a second
    run checks in well under a second instead of about five."""
    checkout = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"reversis-cli-mypy-{checkout}"


def test_ruff_finds_nothing() -> None:
    _passes("ruff", "check", "--no-cache", *CHECKED)


def test_mypy_finds_nothing() -> None:
    # no paths: mypy checks the files its settings name, the package and tests/
    _passes("mypy", "--cache-dir", str(_mypy_cache()))


def test_the_checks_cover_the_package_and_the_tests() -> None:
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["files"] == list(CHECKED) and "packages" not in mypy
    # an unannotated test function is checked too, not skipped
    assert mypy["check_untyped_defs"] is True
    assert all((ROOT / path).is_dir() for path in CHECKED)


# The packages whose every function carries its annotations (issue 34); the core is
# the bottom layer of tests/test_architecture.py, so a new core module is held too.
ANNOTATED = ("replay", "rules", "settle", "session")


def test_the_core_and_the_engine_must_annotate_every_function() -> None:
    from test_architecture import LAYERS

    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    strict = {name for override in mypy["overrides"] if override.get("disallow_untyped_defs")
              for name in override["module"]}
    core = dict(LAYERS)["core"]
    wanted = {f"reversis_cli.{name}".rstrip(".") for name in core}
    packages = [name for name in core if name and (ROOT / "reversis_cli" / name).is_dir()]
    for package in (*ANNOTATED, *packages):
        wanted |= {f"reversis_cli.{package}", f"reversis_cli.{package}.*"}
    assert wanted - strict == set()
