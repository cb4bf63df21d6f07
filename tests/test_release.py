"""One version, said alike everywhere, and a changelog in Keep a Changelog's form.

The version is written once, in ``reversis_cli/__init__.py``: the package metadata (hatch's
``[tool.hatch.version]``), ``reversis --version`` and CHANGELOG.md's newest release must
agree with it, so that a user can tell which entry describes the tool installed.  The wheel
test (tests/test_packaging.py) checks the built wheel's metadata too.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

from reversis_cli import __version__

from conftest import ROOT

CHANGELOG = ROOT / "CHANGELOG.md"
RELEASE = re.compile(r"## \[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d{2}-\d{2})")
KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _headings() -> list[str]:
    return [line for line in CHANGELOG.read_text(encoding="utf-8").splitlines()
            if line.startswith("## ")]


def test_the_version_is_written_once_in_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"] == {"path": "reversis_cli/__init__.py"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)
    assert _version(__version__) > (0, 1, 0)  # 0.1.0 never moved in 714 commits (issue 34)


def test_reversis_version_shows_the_package_version() -> None:
    result = subprocess.run([sys.executable, "-m", "reversis_cli", "--version"], cwd=ROOT,
                            capture_output=True, text=True, check=True)
    assert result.stdout == f"reversis, version {__version__}\n"


def test_the_package_metadata_carries_the_version(tmp_path: Path) -> None:
    # the metadata a build writes (the PEP 517 hook pip calls), without building a wheel
    script = ("import sys, hatchling.build as b;"
              "print(b.prepare_metadata_for_build_wheel(sys.argv[1]))")
    made = subprocess.run([sys.executable, "-c", script, str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout.strip()
    metadata = (tmp_path / made / "METADATA").read_text(encoding="utf-8")
    assert f"\nVersion: {__version__}\n" in metadata
    assert made == f"reversis_cli-{__version__}.dist-info"


def test_the_changelog_newest_release_is_the_version() -> None:
    headings = _headings()
    assert headings[0] == "## [Unreleased]"
    releases = [RELEASE.fullmatch(line) for line in headings[1:]]
    assert all(releases), [h for h, m in zip(headings[1:], releases, strict=True) if not m]
    newest = releases[0]
    assert newest is not None
    assert ".".join(newest.groups()[:3]) == __version__


def test_the_changelog_lists_releases_newest_first_in_its_kinds_of_change() -> None:
    releases = [m for m in map(RELEASE.fullmatch, _headings()) if m]
    versions = [tuple(int(n) for n in m.groups()[:3]) for m in releases]
    dates = [m.group(4) for m in releases]
    assert versions == sorted(set(versions), reverse=True)
    assert dates == sorted(dates, reverse=True)
    text = CHANGELOG.read_text(encoding="utf-8")
    kinds = re.findall(r"^### (.*)$", text, flags=re.MULTILINE)
    assert kinds and set(kinds) <= set(KINDS), kinds
