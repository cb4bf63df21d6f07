"""Finding and reading ``reversis.lark``, without building the parser.

The grammar sits at the top of a checkout (``grammar/``), and an installed
wheel carries it inside the package (``reversis_cli/grammar/``, put there by
hatchling's force-include).  An editable install sees only the checkout, so
the packaged copy is tried first and the checkout second.  This module
imports nothing of the package, so that any layer may read the grammar's
text (``vocabulary.py`` takes the name pattern from it).
"""

from __future__ import annotations

import functools
from pathlib import Path

GRAMMAR_NAME = "reversis.lark"


def grammar_candidates() -> list[Path]:
    package_dir = Path(__file__).resolve().parent
    return [
        package_dir / "grammar" / GRAMMAR_NAME,          # installed wheel
        package_dir.parent / "grammar" / GRAMMAR_NAME,   # checkout, editable install
    ]


def grammar_path() -> Path:
    for path in grammar_candidates():
        if path.is_file():
            return path
    tried = ", ".join(str(p) for p in grammar_candidates())
    raise FileNotFoundError(f"the notation grammar {GRAMMAR_NAME} is missing (looked in {tried})")


def grammar_text() -> str:
    return grammar_path().read_text(encoding="utf-8")


@functools.cache
def terminal_regexp(name: str) -> str:
    """The regular expression of the grammar's terminal ``name`` as written
    there (``NAME: /.../``), read from the grammar's text without building the
    parser, for the layers that check a word without parsing a line."""
    prefix = f"{name}: /"
    for line in grammar_text().splitlines():
        if line.startswith(prefix) and line.endswith("/"):
            return line[len(prefix):-1]
    raise LookupError(f"the grammar defines no terminal {name} as a regular expression")
