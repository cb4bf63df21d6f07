"""The five queries of docs/output.md ("Five queries") give, on the sample season
``samples/club/``, the results the page prints (as ``sqlite3 -header``
prints them: columns joined by ``|``, NULL as nothing)."""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from reversis_cli.club.archive import archive_inputs

ROOT = Path(__file__).resolve().parents[1]
OUTPUT_DOC = ROOT / "docs/output.md"
SECTION = "## `reversis archive`"
PAIR = re.compile(r"```sql\n(.*?)```\n\n```text\n(.*?)```", re.DOTALL)


def documented_queries() -> list[tuple[str, str]]:
    text = OUTPUT_DOC.read_text(encoding="utf-8")
    section = text[text.index(SECTION):]
    section = section[:section.index("\n## ", 1)]
    return PAIR.findall(section)


def as_the_shell_prints(cursor: sqlite3.Cursor) -> str:
    lines = ["|".join(column[0] for column in cursor.description)]
    lines += ["|".join("" if value is None else str(value) for value in row) for row in cursor]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def sample_archive(tmp_path_factory) -> Path:
    """Archived as the page says, from the repository's folder (the paths stored
    are relative to the database's folder)."""
    root = tmp_path_factory.mktemp("repository")
    shutil.copytree(ROOT / "samples" / "club", root / "samples" / "club")
    db = root / "club.sqlite"
    results = archive_inputs([str(root / "samples" / "club")], db)
    assert [r.state for r in results] == ["loaded"] * 4
    return db


def test_the_page_shows_five_queries():
    assert len(documented_queries()) == 5


@pytest.mark.parametrize("number", range(5))
def test_a_documented_query_gives_the_documented_result(sample_archive, number):
    query, result = documented_queries()[number]
    conn = sqlite3.connect(sample_archive)
    try:
        assert as_the_shell_prints(conn.execute(query)) == result
    finally:
        conn.close()
