"""Build hook: compiles the gettext catalogs (``.po``) into ``.mo`` files.

The ``.po`` files are the sources, kept in git; the ``.mo`` files are built,
never committed.  A wheel gets them through ``force_include``; an editable
install does not see that mapping, so for it they are written beside their
``.po`` in the checkout, where the package loads them (reversis_cli/i18n).
The tests compile them the same way before they run (tests/conftest.py), so a
checkout that was never installed still speaks Russian under test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

LOCALE = Path("reversis_cli") / "locale"


def compile_catalogs(root: Path) -> list[Path]:
    """Compile every ``.po`` under the package's locale folder beside itself;
    the ``.mo`` files written, relative to ``root``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted((root / LOCALE).glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as source:
            catalog = read_po(source, abort_invalid=True)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as target:
            write_mo(target, catalog, use_fuzzy=False)
        written.append(mo.relative_to(root))
    return written


class CatalogBuildHook(BuildHookInterface):
    PLUGIN_NAME = "catalogs"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        for mo in compile_catalogs(root):
            build_data["force_include"][str(root / mo)] = str(mo)
