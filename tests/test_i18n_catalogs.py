"""Two languages: every message the code writes has its Russian, with the same
placeholders; the catalogs load; the language comes from --lang or the locale."""

from __future__ import annotations

from fractions import Fraction

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.i18n import (
    DOMAINS, LANGUAGES, Count, Msg, english, fiches, language_from_environment, t,
    translator, use,
)

from i18n_catalog import placeholders, russian_entries, uses_in_code

# The walk of the whole package takes a second and a half: made when a test
# asks for it (once, cached in i18n_catalog), not when the module is collected,
# so a pytest-xdist worker that runs none of these tests never pays for it.
ENTRIES = russian_entries()


def test_every_catalog_loads():
    translator.cache_clear()
    try:
        translator("ru", strict=True)
    finally:
        translator.cache_clear()


def test_the_code_builds_no_message_id_at_run_time():
    """An f-string as a message id could never be in a catalog."""
    assert uses_in_code()[1] == []


def test_every_message_has_a_russian_translation_with_the_same_placeholders():
    """Every use of a message in the code, in one test that names each use that
    fails (some 1,200 uses: a test case each cost two seconds of the run)."""
    uses = uses_in_code()[0]
    assert len(uses) > 1000  # the finder still finds the messages
    problems = [f"{use_.where}: {problem}" for use_ in uses for problem in _russian_problems(use_)]
    assert problems == [], "\n".join(problems)


def _russian_problems(use_) -> list[str]:
    entries = ENTRIES.get(use_.msgid)
    if not entries:
        return [f"no Russian for {use_.msgid!r}: add it to a catalog under "
                "reversis_cli/locale/ru/LC_MESSAGES (docs/translating.md)"]
    problems = []
    wanted = placeholders(use_.msgid) | placeholders(use_.plural or "")
    for entry in entries:
        if entry.fuzzy:
            problems.append(f"{use_.msgid!r} is marked fuzzy in {entry.domain}.po")
        if entry.plural != use_.plural:
            problems.append(f"{use_.msgid!r}: the plural is {entry.plural!r} in "
                            f"{entry.domain}.po, {use_.plural!r} in the code")
        for string in entry.strings:
            if not string.strip():
                problems.append(f"empty Russian for {use_.msgid!r} in {entry.domain}.po")
            elif placeholders(string) != wanted:
                problems.append(f"{use_.msgid!r}: the Russian {string!r} has the placeholders "
                                f"{sorted(placeholders(string))}, not {sorted(wanted)}")
    return problems


def test_a_message_has_one_russian_in_all_catalogs():
    twice = {m: {e.strings for e in es} for m, es in ENTRIES.items() if len(es) > 1}
    assert {m: s for m, s in twice.items() if len(s) > 1} == {}


def test_plural_entries_have_the_three_russian_forms():
    plurals = [entry for entries in ENTRIES.values() for entry in entries
               if entry.plural is not None]
    # every Count in the code has its entry here (32 today): the loop checks them all
    assert {u.msgid for u in uses_in_code()[0] if u.plural} <= {e.msgid for e in plurals}
    assert len(plurals) >= 30
    for entry in plurals:
        assert len(entry.strings) == 3, entry.msgid


@pytest.mark.parametrize(("n", "text"), [
    (1, "1 фишка"), (2, "2 фишки"), (4, "4 фишки"), (5, "5 фишек"), (11, "11 фишек"),
    (12, "12 фишек"), (21, "21 фишка"), (22, "22 фишки"), (111, "111 фишек"), (0, "0 фишек"),
    # a fraction as a Russian reader writes it: a whole part and ½; no character for 3/7
    (Fraction(5, 2), "2½ фишки"), (Fraction(1, 2), "½ фишки"), (Fraction(-1439, 2), "−719½ фишки"),
    (Fraction(17, 7), "2\u00a03/7 фишки"),
])
def test_russian_plural_forms_of_fiches(n, text):
    with use("ru"):
        assert t(fiches(n)) == text


def test_english_stays_english_whatever_the_language_of_the_run():
    message = Msg("{who} pays {amount}", who="Анна", amount=fiches(5))
    with use("ru"):
        assert english(message) == "Анна pays 5 fiches"


def test_a_nested_message_is_written_in_the_same_language():
    inner = Count(3, "{n} fiche", "{n} fiches")
    with use("ru"):
        assert t(Msg("{x}", x=inner)) == "3 фишки"


@pytest.mark.parametrize(("environ", "language"), [
    ({"LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LC_MESSAGES": "ru_RU", "LANG": "en_GB.UTF-8"}, "ru"),
    ({"LC_ALL": "en_US.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
    ({"LC_ALL": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "ru"}, "ru"),
    ({"LANG": "ru_UA.KOI8-U@euro"}, "ru"),
    ({}, "en"),
])
def test_the_language_comes_from_the_locale(environ, language):
    assert language_from_environment(environ, LANGUAGES) == language


def test_an_unknown_lang_is_a_usage_error_that_lists_the_languages():
    result = CliRunner().invoke(cli, ["--lang", "fr", "rules"])
    assert result.exit_code == 2
    assert "'en', 'ru'" in result.output


def test_every_domain_has_a_russian_catalog():
    from reversis_cli.i18n.catalogs import LOCALE_DIR
    for domain in DOMAINS:
        assert (LOCALE_DIR / "ru" / "LC_MESSAGES" / f"{domain}.po").is_file()
