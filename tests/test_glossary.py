"""One concept, one word: no Russian text of the tool uses a variant the glossary
of docs/translating.md rejects.  The variants are read from the document itself,
so the glossary is the one place they are written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from i18n_catalog import LOCALE, ROOT, russian_entries

GLOSSARY = ROOT / "docs/translating.md"
CATALOGS = sorted(p.stem for p in (LOCALE / "ru" / "LC_MESSAGES").glob("*.po"))
_QUOTED = re.compile(r"«([^«»]+)»")
_LETTER = r"[А-Яа-яЁёA-Za-z0-9]"


def glossary_rows() -> list[tuple[str, list[str]]]:
    """(concept, rejected variants) of every row of the glossary table."""
    text = GLOSSARY.read_text(encoding="utf-8")
    table = text[text.index("\n## Glossary"):]
    lines = [line for line in table.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rejected = header.index("Rejected")
    rows = []
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows.append((cells[0], _QUOTED.findall(cells[rejected])))
    return rows


def variant_pattern(variant: str) -> re.Pattern[str]:
    """«обмен…» matches обмен, обмена, обменом; «открылась» only itself; the words
    of a variant one after another.  Case is ignored (a sentence's first word)."""
    words = []
    for word in variant.split():
        stem = word.endswith("…")
        words.append(re.escape(word.rstrip("…")) + (f"{_LETTER}*" if stem else ""))
    return re.compile(rf"(?<!{_LETTER})" + r"\s+".join(words) + rf"(?!{_LETTER})",
                      re.IGNORECASE)


ROWS = glossary_rows()
VARIANTS = [(concept, variant, variant_pattern(variant))
            for concept, variants in ROWS for variant in variants]


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
