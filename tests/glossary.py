"""The glossary of docs/translating.md, read as data: its concepts and the variants
each rejects, and the pattern that finds a variant in any of its forms.  Both the
catalog check (test_i18n_glossary.py) and the sweep of the Russian output
(test_i18n_russian_sweep.py) read it, so the document is the one place a variant is written."""

from __future__ import annotations

import re

from i18n_catalog import ROOT

GLOSSARY = ROOT / "docs/translating.md"
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

