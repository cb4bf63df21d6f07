"""The project documents itself: every document the code cites is in the repository, every
rule id and option is in docs/rules.md, every diagnostic code in docs/output.md, and every
link between the documents lands on a file and a heading that exist."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from reversis_cli.diagnostics import CODES
from reversis_cli.rules import load_profile
from reversis_cli.rules.profile import OPTIONS
from reversis_cli.rules.sources import parse_refs
from reversis_cli.rules.texts import RULE_TEXTS

from conftest import files_in

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "reversis_cli"
DOCS = ROOT / "docs"
RULES_DOC = DOCS / "rules.md"
OUTPUT_DOC = DOCS / "output.md"

# A cited document: a path ending in .md, with or without folders (docs/rules.md, RULES.md).
CITED_DOC = re.compile(r"(?<![\w/.\-])((?:[\w.\-]+/)*[\w\-]+\.md)\b")
# A section named beside a citation: docs/notation.md "Events" or docs/formats.md, "Canonical form".
CITED_SECTION = re.compile(r"(docs/[\w\-]+\.md),?\s+\"([^\"]+)\"")
RULE_ID = re.compile(r"\b[A-Z]+-\d+\b")
NOT_RULE_IDS = {"UTF-8"}
CODE = re.compile(r"\bRV\d{3}\b")
MD_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _code_files() -> list[Path]:
    """Everything but prose that may cite a document: the package (code, TOML, the JSON
    schema), the grammar, the tests and the project file.  Golden files are program output."""
    files = [p for p in files_in(PACKAGE, "**/*", 100)
             if p.suffix in (".py", ".toml", ".json", ".lark")]
    files += files_in(ROOT / "grammar", "*.lark", 1)
    files += [p for p in files_in(ROOT / "tests", "**/*.py", 50) if p.name != Path(__file__).name]
    files.append(ROOT / "pyproject.toml")
    return files


def _package_sources() -> list[Path]:
    return [p for p in files_in(PACKAGE, "**/*", 100) if p.suffix in (".py", ".toml", ".lark")]


def _doc_files() -> list[Path]:
    return [ROOT / "README.md", *files_in(DOCS, "*.md", 6)]


@cache  # two tests read them: every file of the package and the tests, read once
def _citations() -> list[tuple[str, str]]:
    found = []
    for path in _code_files():
        for doc in CITED_DOC.findall(path.read_text(encoding="utf-8")):
            found.append((str(path.relative_to(ROOT)), doc))
    return found


def slug(heading: str) -> str:
    """The anchor a Markdown renderer (GitHub's rules) gives a heading."""
    text = heading.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@cache
def headings(doc: Path) -> tuple[str, ...]:
    in_fence = False
    found = []
    for line in doc.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
        elif not in_fence and re.match(r"#{1,6} ", line):
            found.append(line.lstrip("#").strip())
    return tuple(found)


def anchors(doc: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for heading in headings(doc):
        base = slug(heading)
        n = seen.get(base, 0)
        out.add(base if n == 0 else f"{base}-{n}")
        seen[base] = n + 1
    return out


# --- (a) every cited document exists ------------------------------------------------


def test_the_code_cites_documents():
    docs = {doc for _, doc in _citations()}
    assert {"docs/rules.md", "docs/notation.md", "docs/output.md"} <= docs


# The help text of `score --json` is reworded on branch i15-d (issue 15), which owns it; it is
# the one citation of a document outside the repository left on this branch.  This entry
# goes when that branch is merged.
LEFT_TO_ANOTHER_BRANCH: set[tuple[str, str]] = set()


def test_every_cited_document_is_in_the_repository():
    missing = [f"{where} cites {doc}" for where, doc in _citations()
               if not (ROOT / doc).is_file() and (where, doc) not in LEFT_TO_ANOTHER_BRANCH]
    assert not missing, "documents cited but not in the repository:\n" + "\n".join(missing)


def test_every_section_cited_beside_a_document_is_a_heading_of_it():
    cited = [(path, doc, section) for path in _code_files()
             for doc, section in CITED_SECTION.findall(path.read_text(encoding="utf-8"))]
    assert cited, "no section citations found: the pattern no longer matches the code"
    for path, doc, section in cited:
        section = " ".join(section.split())  # a citation may run over two lines
        names = [h.lower().replace("`", "") for h in headings(ROOT / doc)]
        assert any(section.lower() in h for h in names), \
            f"{path.relative_to(ROOT)} cites {doc} \"{section}\"; its headings are {names}"


@pytest.mark.parametrize("doc", _doc_files(), ids=lambda p: p.name)
def test_every_link_between_documents_lands(doc):
    for target in MD_LINK.findall(doc.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # an outside address
        file_part, _, anchor = target.partition("#")
        linked = (doc.parent / file_part).resolve() if file_part else doc
        assert linked.exists(), f"{doc.name} links to {target}: no such file"
        if anchor and linked.suffix == ".md":
            assert anchor in anchors(linked), f"{doc.name} links to {target}: no such heading"


# --- (b) every rule id and option is in docs/rules.md -------------------------------


def _rule_headings() -> dict[str, str]:
    """Rule id -> the text of its entry in docs/rules.md (up to the next heading)."""
    text = RULES_DOC.read_text(encoding="utf-8")
    entries = re.split(r"\n(?=#{2,3} )", text)
    out = {}
    for entry in entries:
        head = re.match(r"#{2,3} ([A-Z]+-\d+)\b", entry)
        if head:
            assert head.group(1) not in out, f"{head.group(1)} has two entries"
            out[head.group(1)] = entry
    return out


def _rule_ids_used() -> set[str]:
    ids = {rid for path in _package_sources()
           for rid in RULE_ID.findall(path.read_text(encoding="utf-8"))} - NOT_RULE_IDS
    ids |= set(RULE_TEXTS)
    ids |= {rid for option in OPTIONS.values() for rid in option.rules}
    return ids


def test_the_package_uses_the_rule_ids_we_expect():
    ids = _rule_ids_used()
    assert {"ACE-1", "PARTIE-4", "IRR-7", "CLAIM-1", "ESP-10"} <= ids
    assert len(ids) >= 55


def test_every_rule_id_the_package_uses_has_an_entry_in_rules_md():
    missing = sorted(_rule_ids_used() - set(_rule_headings()))
    assert not missing, f"docs/rules.md has no entry for {missing}"


def test_rules_md_documents_only_rules_the_program_knows():
    assert set(_rule_headings()) == set(RULE_TEXTS)


@pytest.mark.parametrize("rule_id", sorted(RULE_TEXTS))
def test_each_rule_entry_cites_the_paragraphs_the_program_quotes(rule_id):
    entry = _rule_headings()[rule_id]
    said = re.search(r"Sources?:\s+([^\n]*(?:\n[^\n#]+)*)", entry)
    cited = parse_refs(said.group(1)) if said else []
    assert sorted(cited) == sorted(RULE_TEXTS[rule_id].sources)


def test_every_option_has_an_entry_and_its_profile_values_in_rules_md():
    classic, modern = load_profile("classic"), load_profile("modern")
    anchors_of_rules = anchors(RULES_DOC)
    rows = {}
    for line in RULES_DOC.read_text(encoding="utf-8").splitlines():
        row = re.match(r"\| \[`(\w+)`\]\(#\w+\) \| [\w/]+ \| (.+?) \| (.+?) \|", line)
        if row:
            rows[row.group(1)] = (row.group(2).strip("`"), row.group(3).strip("`"))
    assert set(rows) == set(OPTIONS)
    for name in OPTIONS:
        assert name in anchors_of_rules, f"docs/rules.md has no section for option {name}"
        expected = tuple(str(p.to_json_options()[name]) for p in (classic, modern))
        assert rows[name] == expected, name


# --- (c) every diagnostic code is in docs/output.md ---------------------------------


def _documented_codes() -> set[str]:
    text = OUTPUT_DOC.read_text(encoding="utf-8")
    return set(re.findall(r"^\| (RV\d{3}) \|", text, flags=re.MULTILINE))


def test_every_code_the_program_defines_or_uses_is_documented_in_output_md():
    used = {code for path in _package_sources()
            for code in CODE.findall(path.read_text(encoding="utf-8"))}
    assert used <= set(CODES), f"codes used but not in the registry: {sorted(used - set(CODES))}"
    missing = sorted(set(CODES) - _documented_codes())
    assert not missing, f"docs/output.md does not document {missing}"


def test_output_md_documents_no_code_the_program_lacks():
    assert _documented_codes() <= set(CODES)


def test_output_md_gives_every_exit_status():
    section = OUTPUT_DOC.read_text(encoding="utf-8").split("## Exit status", 1)[1]
    statuses = set(re.findall(r"^\| (\d+) \|", section, flags=re.MULTILINE))
    assert statuses == {"0", "1", "2", "3", "130", "143"}


def test_the_readme_links_the_documentation():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for doc in ("docs/rules.md", "docs/notation.md", "docs/output.md"):
        assert f"]({doc})" in readme, doc
