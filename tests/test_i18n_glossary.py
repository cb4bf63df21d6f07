"""One concept, one word: no Russian text of the tool uses a variant the glossary
of docs/translating.md rejects.  The variants are read from the document itself,
so the glossary is the one place they are written."""

from __future__ import annotations

from pathlib import Path

import pytest

from glossary import ROWS, VARIANTS, variant_pattern
from i18n_catalog import LOCALE, russian_entries

CATALOGS = sorted(p.stem for p in (LOCALE / "ru" / "LC_MESSAGES").glob("*.po"))


def test_the_glossary_is_read_from_the_docs():
    concepts = [concept for concept, _ in ROWS]
    assert len(concepts) >= 40
    assert {"misdeal", "exposed card", "void deal", "revoke (off suit while holding the suit)",
            "rule option"} <= set(concepts)
    assert len(VARIANTS) >= 35


@pytest.mark.parametrize(("variant", "caught", "passed"), [
    ("обмен…", ["после обмена", "Обмен", "с обменом карт"], ["прикуп", "разобмен"]),
    ("ошиб… в сдач…", ["Ошибка в сдаче", "ошибки в сдачах"], ["ошибка в записи сдачи"]),
    ("открылась", ["При сдаче открылась карта"], ["приоткрылась", "открылось"]),
    ("ошибочн… ренонс…", ["ошибочный ренонс", "ошибочного ренонса"], ["ложный ренонс"]),
    ("сесси…", ["Все сессии", "сессия"], ["игра"]),
    ("реверси сыгран…", ["реверси сыгран"], ["реверси сделан", "сыгранный реверси"]),
])
def test_a_variant_catches_its_inflections_and_only_them(variant, caught, passed):
    pattern = variant_pattern(variant)
    assert [text for text in caught if not pattern.search(text)] == []
    assert [text for text in passed if pattern.search(text)] == []


ENTRIES = russian_entries()


def _offending(domain: str) -> list[str]:
    hits = []
    for msgid, entries in ENTRIES.items():
        for entry in entries:
            if entry.domain != domain:
                continue
            for string in entry.strings:
                for concept, variant, pattern in VARIANTS:
                    found = pattern.search(string)
                    if found:
                        hits.append(f"{domain}.po {msgid!r}: «{found.group(0)}» "
                                    f"(rejected «{variant}» for {concept}) in {string!r}")
    return hits


@pytest.mark.parametrize("domain", CATALOGS)
def test_no_catalog_uses_a_rejected_variant(domain):
    hits = _offending(domain)
    assert hits == [], f"{len(hits)} rejected variants:\n" + "\n".join(hits)


def test_every_catalog_is_checked():
    assert set(CATALOGS) == {"cli", "convert", "diagnostics", "render", "rules", "settle"}
    assert Path(LOCALE / "ru" / "LC_MESSAGES" / "settle.po").exists()
