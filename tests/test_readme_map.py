"""The README's module map (Development, Design) is the package's: every module
it names exists, and every module of ``reversis_cli/`` is named in it.

A map entry is a list item of the Design part: the modules before its colon
are the ones it describes (``notation/``, ``reader``); a path named in its text
(``notation/writer.py``) must exist too.
"""

from __future__ import annotations

import re

from conftest import ROOT

PACKAGE = ROOT / "reversis_cli"
NAME = re.compile(r"`([a-z_][a-z0-9_]*(?:/(?:[a-z_][a-z0-9_]*\.py)?)?)`")
PATH = re.compile(r"`([a-z_][a-z0-9_]*/[a-z_][a-z0-9_]*\.py)`")


def design_part(readme: str) -> str:
    """The text of the Design part of the Development section."""
    found = re.search(r"^## Development\n.*?^### Design\n(.*?)^###? ", readme, re.S | re.M)
    assert found, "the README has a Design part under Development"
    return found.group(1)


def map_entries(design: str) -> list[str]:
    """Each list item of the part, its lines joined."""
    return [" ".join(item.split()) for item in re.findall(r"^- (.*?)(?=^- |^\S|\Z)", design,
                                                          re.S | re.M)]


def named_modules(entries: list[str]) -> set[str]:
    """The modules the entries describe, as ``name`` or ``name/`` (a package)."""
    return {name for entry in entries for name in NAME.findall(entry.split(": ", 1)[0])}


def package_modules() -> set[str]:
    """Every top-level module (``name``) and package (``name/``) of reversis_cli/."""
    modules = {p.stem for p in PACKAGE.glob("*.py") if p.name != "__init__.py"}
    packages = {f"{p.parent.name}/" for p in PACKAGE.glob("*/__init__.py")}
    return modules | packages


def _exists(name: str) -> bool:
    if name.endswith("/"):
        return (PACKAGE / name / "__init__.py").is_file()
    if name.endswith(".py"):
        return (PACKAGE / name).is_file()
    return (PACKAGE / f"{name}.py").is_file()


def _readme_map() -> tuple[list[str], set[str]]:
    entries = map_entries(design_part((ROOT / "README.md").read_text(encoding="utf-8")))
    return entries, named_modules(entries)


def test_every_module_the_map_names_exists():
    entries, named = _readme_map()
    paths = {path for entry in entries for path in PATH.findall(entry)}
    assert len(entries) >= 10 and named, "the map is read"
    assert sorted(n for n in named | paths if not _exists(n)) == []


def test_every_module_of_the_package_is_in_the_map():
    _, named = _readme_map()
    assert sorted(package_modules() - named) == []


def test_the_map_reader_sees_a_module_left_out_or_made_up():
    design = ("### Design\n\n- `cards`, `amounts`: the pack.\n- `i18n/`: the grammar;"
              "\n  `i18n/nowhere.py` too.\n\nmore text\n")
    entries = map_entries(design)
    assert entries == ["`cards`, `amounts`: the pack.",
                       "`i18n/`: the grammar; `i18n/nowhere.py` too."]
    named = named_modules(entries)
    assert named == {"cards", "amounts", "i18n/"}
    assert "reader/" in package_modules() - named
    assert PATH.findall(entries[1]) == ["i18n/nowhere.py"]
    assert not _exists("i18n/nowhere.py") and _exists("notation/writer.py")
