"""The Russian source texts: paragraph references, and every citation resolves."""

from __future__ import annotations

import hashlib
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from reversis_cli.rules.profile import OPTIONS
from reversis_cli.rules.sources import (
    SOURCE_FILES, SourceRefError, expand_ref, paragraph, paragraph_count, paragraphs,
    parse_refs, sources_for_option, sources_for_rule,
)
from reversis_cli.rules.texts import RULE_TEXTS

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
RULES_DOC = Path(__file__).resolve().parents[1] / "docs/rules.md"
PACKAGED = resources.files("reversis_cli.rules") / "sources"


# --- the texts, read paragraph by paragraph --------------------------------------------


@pytest.mark.parametrize("ref, start", [
    ("C¶1", "Количество игроков: 4"),
    ("C¶3", "Карточная игра Реверси предназначена для игры вчетвером"),
    ("C¶7", "Партия образуется из четырех карт сноса."),
    ("C¶14", "Ремизы. Каждый играющий"),
    ("C¶20", "Платежи."),
    ("C¶28", "Эспаньелета."),
    ("C¶45", "Одиннадцать карт при игре в реверси следует сдавать в три раза"),
    ("C¶52", "Дозволяется пересматривать только свои взятки"),
    ("M¶1", "Реверси"),
    ("M¶5", "В начале игры каждый участник ставит 10 фише."),
    ("M¶18", "Если кто-то в начале игры имеет в одной руке трех тузов"),
    ("M¶24", "Если кто-то из игроков предпринимает реверси"),
])
def test_a_paragraph_is_the_nth_non_empty_line(ref, start):
    assert paragraph(ref).startswith(start)


@pytest.mark.parametrize("ref, words", [
    ("C¶25", "сорок фиш"),
    ("C¶26", "Партия платится вдвое"),
    ("C¶39", "шестьдесят четыре фиши"),
    ("C¶50", "первая принадлежит 1-му сидящему справа"),
    ("M¶17", "итого 11 очков"),
    ("M¶22", "по 16 фишек"),
    ("M¶13", "с хозяина кинолы – 10 фишек"),
])
def test_a_paragraph_says_what_we_read_there(ref, words):
    assert words in paragraph(ref)


def test_paragraphs_are_stripped_and_counted_without_empty_lines():
    assert paragraph_count("C") == 52
    assert paragraph_count("M") == 24  # the file has 26 lines, two of them empty
    for letter in SOURCE_FILES:
        assert all(p and p == p.strip() for p in paragraphs(letter))
    assert paragraph("M¶1") == "Реверси"
    assert paragraph("C¶52").endswith("а отнюдь не чужие.")


def test_the_texts_are_read_once():
    assert paragraphs("C") is paragraphs("C")


def test_a_range_joins_its_paragraphs():
    assert paragraph("C¶9-10") == paragraph("C¶9") + "\n" + paragraph("C¶10")
    assert paragraph("C¶9–10") == paragraph("C¶9-10")  # an en dash, as typeset texts write it
    assert paragraph("C¶45-52").split("\n") == [paragraph(f"C¶{n}") for n in range(45, 53)]
    assert paragraph("M¶16-16") == paragraph("M¶16")
    assert expand_ref("M¶16–17") == ["M¶16", "M¶17"]
    assert expand_ref("C¶20") == ["C¶20"]


@pytest.mark.parametrize("text, refs", [
    ("C¶26; M¶16-17", ["C¶26", "M¶16-17"]),
    ("C¶22 (read with M¶13)", ["C¶22", "M¶13"]),
    ("C¶9–10; M¶16", ["C¶9-10", "M¶16"]),
    ("C¶45-52", ["C¶45-52"]),
    ("(C¶14, C¶20, C¶25)", ["C¶14", "C¶20", "C¶25"]),
    ("M¶9-15", ["M¶9-15"]),
    ("the summary is silent", []),
    ("", []),
])
def test_parse_refs_finds_every_reference(text, refs):
    assert parse_refs(text) == refs


@pytest.mark.parametrize("ref, words", [
    ("C¶53", "classic-ru.txt: it has 52 paragraphs"),
    ("M¶25", "modern-ru.txt: it has 24 paragraphs"),
    ("M¶0", "M¶1 to M¶24"),
    ("C¶9-60", "C¶1 to C¶52"),
    ("C¶10-9", "runs backwards; write C¶9-10"),
    ("X¶1", "no source text 'X'"),
    ("C20", "not a source reference"),
    ("", "not a source reference"),
])
def test_an_unknown_reference_is_a_key_error_that_says_why(ref, words):
    with pytest.raises(KeyError) as caught:
        paragraph(ref)
    assert isinstance(caught.value, SourceRefError)
    assert words in str(caught.value)


def test_unknown_rules_and_options_are_key_errors():
    with pytest.raises(KeyError, match="no rule 'NOPE-1'"):
        sources_for_rule("NOPE-1")
    with pytest.raises(KeyError, match="no rule option 'nope'"):
        sources_for_option("nope")


def test_sources_for_a_rule_and_an_option_quote_the_russian():
    assert sources_for_rule("ACE-1") == [("C¶20", paragraph("C¶20")), ("M¶10", paragraph("M¶10"))]
    quoted = dict(sources_for_option("partie_ties"))
    assert list(quoted) == ["C¶9-10", "M¶16"]
    assert "лучшее место" in quoted["C¶9-10"] and "делится поровну" in quoted["M¶16"]


# --- every citation of the program resolves -----------------------------------------------


@pytest.mark.parametrize("rule_id", list(RULE_TEXTS))
def test_every_rule_text_source_resolves(rule_id):
    # A rule may cite nothing (a reading of our own); what it cites must exist.
    sources = RULE_TEXTS[rule_id].sources
    for source in sources:
        assert len(parse_refs(source)) == 1, f"{rule_id}: {source!r} is not one reference"
        assert paragraph(source)
    assert [ref for ref, _ in sources_for_rule(rule_id)] == [parse_refs(s)[0] for s in sources]


@pytest.mark.parametrize("name", list(OPTIONS))
def test_every_option_source_resolves(name):
    refs = parse_refs(OPTIONS[name].sources)
    assert all(paragraph(ref) for ref in refs)
    assert len(sources_for_option(name)) == len(refs)


def test_almost_every_rule_and_option_cites_a_paragraph():
    assert sum(not RULE_TEXTS[r].sources for r in RULE_TEXTS) <= 3
    assert sum(not parse_refs(OPTIONS[n].sources) for n in OPTIONS) <= 2


@pytest.mark.parametrize("profile", ["classic", "modern"])
def test_every_reference_in_the_builtin_profile_files_resolves(profile):
    text = (resources.files("reversis_cli.rules") / f"{profile}.toml").read_text("utf-8")
    options = tomllib.loads(text)["options"]
    lines = [line for line in text.splitlines() if line.split("=")[0].strip() in options]
    assert len(lines) == len(OPTIONS)
    cited = [parse_refs(line) for line in lines]
    assert sum(not refs for refs in cited) <= 2, f"{profile}.toml: options without a paragraph"
    assert all(paragraph(ref) for refs in cited for ref in refs)


def test_every_reference_in_the_rules_doc_resolves():
    refs = parse_refs(RULES_DOC.read_text(encoding="utf-8"))
    assert len(refs) > 100
    for ref in refs:
        assert paragraph(ref), ref


# --- the packaged copies ---------------------------------------------------------------


def test_the_texts_ship_inside_the_package():
    for name in SOURCE_FILES.values():
        assert (PACKAGED / name).is_file()


# SHA-256 of the seed texts as the project received them (shared/seeds, which
# lies beside the project's own checkout but in no clone of the repository):
# the packaged copies must stay those bytes, wherever the tests run.
SEED_SHA256 = {
    "classic-ru.txt": "9bd19c677b5f1a35e6dc6b1656d2292967eac2c65191ff121d4864a542036f13",
    "modern-ru.txt": "71183015483cf8bd3d4688f72427afc4d8cd30d55371cc6a08d54de20fd264db",
}


@pytest.mark.parametrize("name", sorted(SOURCE_FILES.values()))
def test_the_packaged_texts_are_the_seeds_byte_for_byte(name):
    assert sorted(SEED_SHA256) == sorted(SOURCE_FILES.values())
    assert hashlib.sha256((PACKAGED / name).read_bytes()).hexdigest() == SEED_SHA256[name]
    seed = SEEDS / name
    if seed.is_file():  # beside the project's checkout: the hashes are still the seeds'
        assert hashlib.sha256(seed.read_bytes()).hexdigest() == SEED_SHA256[name]
