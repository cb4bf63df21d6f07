"""docs/contributing.md names files that exist, and the README links it."""

from __future__ import annotations

import re

from conftest import ROOT

GUIDE = ROOT / "docs/contributing.md"
# A path in backquotes: a folder and a file with its suffix, or a folder ending in "/".
PATH = re.compile(r"`((?:reversis_cli|tests|docs|grammar)/[^`\s]*)`")


def named_paths(text: str) -> list[str]:
    return PATH.findall(text)


def test_the_path_finder_finds_paths():
    text = "see `reversis_cli/rules/options.py` and `tests/golden/`, not `ledger.options.x`"
    assert named_paths(text) == ["reversis_cli/rules/options.py", "tests/golden/"]


def test_every_path_the_recipes_name_exists():
    paths = named_paths(GUIDE.read_text(encoding="utf-8"))
    assert len(paths) > 20
    assert [p for p in paths if not (ROOT / p).exists()] == []


def test_the_readme_links_the_recipes():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    development = readme.split("## Development", 1)[1]
    assert "(docs/contributing.md)" in development
