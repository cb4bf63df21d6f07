"""Russian plural forms, catalog by catalog.

Each catalog under reversis_cli/locale/ru/LC_MESSAGES is compiled and loaded on
its own, with its own ``Plural-Forms`` header: a message is written with the
rule of the catalog that answers it.  A slip in one header (the teens 11-14
taking the form of 1 or of 2) shows only in that catalog's messages, so every
header is pinned, every compiled rule is held to the Russian rule written here
in words, and each catalog's plural messages are read at 11-14, 21, 22, 25, 111.
"""

from __future__ import annotations

import gettext
import re
import shutil

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.i18n import DOMAINS, Count, fiches, t, use
from reversis_cli.i18n.catalogs import LOCALE_DIR

from conftest import SAMPLES

CATALOGS = LOCALE_DIR / "ru" / "LC_MESSAGES"
RUSSIAN_PLURAL_FORMS = ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 "
                        "&& (n%100<10 || n%100>=20) ? 1 : 2);")
NUMBERS = (0, 1, 2, 4, 5, 11, 12, 13, 14, 15, 20, 21, 22, 25, 101, 111, 112, 114, 121, 1011)


def russian_form(n: int) -> int:
    """The rule in words: a number ending in 1, but not in 11, takes the first
    form (1 сдача, 21 сдача); one ending in 2, 3 or 4, but not in 12, 13 or 14,
    the second (2 сдачи, 22 сдачи); every other number the third (5 сдач, 11
    сдач, 111 сдач)."""
    last_two = n % 100
    if 11 <= last_two <= 14:
        return 2
    return {1: 0, 2: 1, 3: 1, 4: 1}.get(n % 10, 2)


def header_plural_forms(domain: str) -> str:
    text = (CATALOGS / f"{domain}.po").read_text(encoding="utf-8")
    found = re.findall(r'^"Plural-Forms: (.*)\\n"$', text, re.MULTILINE)
    assert len(found) == 1, f"{domain}.po: {len(found)} Plural-Forms headers"
    return found[0]


def compiled(domain: str) -> gettext.GNUTranslations:
    """The domain's compiled catalog alone, as the package loads it."""
    return gettext.translation(domain, LOCALE_DIR, languages=["ru"])


def test_the_domains_are_the_catalogs_in_the_folder():
    assert sorted(p.stem for p in CATALOGS.glob("*.po")) == sorted(DOMAINS)
    assert len(DOMAINS) == 6


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_catalog_carries_the_russian_plural_rule(domain):
    assert header_plural_forms(domain) == RUSSIAN_PLURAL_FORMS


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_compiled_catalog_chooses_the_russian_form_for_every_number(domain):
    catalog = compiled(domain)
    # GNUTranslations sets .plural as it reads a catalog; typeshed does not declare it
    plural = catalog.plural  # type: ignore[attr-defined]
    wrong = [n for n in range(1200) if plural(n) != russian_form(n)]
    assert wrong == []


def _plural_entries(domain: str) -> list:
    with (CATALOGS / f"{domain}.po").open("rb") as source:
        return [m for m in read_po(source) if m.id and isinstance(m.id, tuple)]


@pytest.mark.parametrize("domain", DOMAINS)
def test_each_plural_message_of_a_catalog_takes_its_form_from_that_catalog(domain):
    """Every plural message of the catalog, read through the catalog alone (a
    message found in two catalogs is written by the one met first, so each
    copy is checked where it stands)."""
    catalog = compiled(domain)
    entries = _plural_entries(domain)
    if domain == "rules":
        assert entries == []  # the rules' texts count nothing; the header above still holds
    else:
        assert entries, f"{domain}.po has no plural message"
    for entry in entries:
        singular, plural = entry.id
        for n in NUMBERS:
            assert catalog.ngettext(singular, plural, n) == entry.string[russian_form(n)], \
                (domain, singular, n)


# One message answered by each catalog, as the tool writes it (i18n's Count):
# the three Russian forms, for 1, for 2 and for 5.
IN_USE = {
    "cli": ("{n} deal", "{n} deals", ("{n} сдача", "{n} сдачи", "{n} сдач")),
    "render": ("{n} file", "{n} files", ("{n} файл", "{n} файла", "{n} файлов")),
    "settle": ("{n} fiche", "{n} fiches", ("{n} фишка", "{n} фишки", "{n} фишек")),
    "convert": ("{n} player", "{n} players", ("{n} игрок", "{n} игрока", "{n} игроков")),
}


@pytest.mark.parametrize("n", [11, 12, 13, 14, 21, 22, 25, 111])
@pytest.mark.parametrize("domain", sorted(IN_USE))
def test_a_count_is_written_in_its_russian_form(domain, n):
    singular, plural, forms = IN_USE[domain]
    with use("ru"):
        assert t(Count(n, singular, plural)) == forms[russian_form(n)].format(n=n)


def test_fiches_at_the_teens():
    with use("ru"):
        assert [t(fiches(n)) for n in (11, 12, 13, 14, 25, 111)] == [
            "11 фишек", "12 фишек", "13 фишек", "14 фишек", "25 фишек", "111 фишек"]


@pytest.mark.parametrize(("n", "summary"), [
    (11, "проверено: 11 файлов, 11 сдач: 11 ошибок, без предупреждений"),
    (12, "проверено: 12 файлов, 12 сдач: 12 ошибок, без предупреждений"),
    (21, "проверено: 21 файл, 21 сдача: 21 ошибка, без предупреждений"),
    (22, "проверено: 22 файла, 22 сдачи: 22 ошибки, без предупреждений"),
], ids=["11", "12", "21", "22"])
def test_check_of_many_files_ends_with_its_russian_summary(tmp_path, n, summary):
    """The summary line of a real run: ``check`` of N files of one deal with one
    error each (its counts come from the cli catalog, its files from render's)."""
    for k in range(n):
        shutil.copyfile(SAMPLES / "bad" / "ten.rvs", tmp_path / f"{k:02}.rvs")
    paths = sorted(str(p) for p in tmp_path.glob("*.rvs"))
    assert len(paths) == n
    result = CliRunner().invoke(cli, ["--lang", "ru", "check", *paths],
                                env={"COLUMNS": "120", "NO_COLOR": "1"})
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == summary


def test_click_says_how_many_arguments_were_too_many_in_russian():
    """click's own plural messages go through the cli catalog too (GNU gettext)."""
    extra = [f"x{k}" for k in range(11)]
    result = CliRunner().invoke(cli, ["--lang", "ru", "rules", "ESP-2", *extra],
                                prog_name="reversis")
    assert result.exit_code == 2
    assert "Лишние аргументы (" in result.output
