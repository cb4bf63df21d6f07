"""Issue 10: the rules speak Russian.  Every rule text, every option's meaning
and the built-in profiles' descriptions, enumerated from the code (not from
the catalog), have Russian with the same placeholders, written in our own
words; ``reversis --lang ru rules`` lists everything in Russian (golden files)
while the English listing stays as it was."""

from __future__ import annotations

import contextvars
import io
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

from reversis_cli.cli import cli
from reversis_cli.i18n import english, t, tr, use
from reversis_cli.render.rules import allowed_text, render_diff, render_profile
from reversis_cli.rules.profile import BUILTIN_PROFILES, OPTIONS, builtin_profile, load_profile
from reversis_cli.rules.sources import SOURCE_FILES, paragraphs
from reversis_cli.rules.texts import RULE_TEXTS, rule_text

from conftest import ROOT, pairs_by_default
from i18n_catalog import placeholders, russian_entries

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
ENTRIES = russian_entries()
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)

# What a person reads in the rules listing, by where the code keeps it.
SHOWN = (
    [(f"rule {rule_id}", str(entry.text)) for rule_id, entry in RULE_TEXTS.items()]
    + [(f"option {name}", option.meaning) for name, option in OPTIONS.items()]
    + [(f"profile {name}", builtin_profile(name).description) for name in BUILTIN_PROFILES]
)


def run(*args: str, env=ENV):
    """The CLI in its own context, so that --lang ru does not stay on for the
    tests that run after it."""
    context = contextvars.copy_context()
    return context.run(CliRunner().invoke, cli, list(args), env=env)


# --- every text, from the code ----------------------------------------------------------


def rule_text_problems(where: str, text: str) -> list[str]:
    """What is wrong with the Russian of one rule text (nothing: [])."""
    entries = [e for e in ENTRIES.get(text, []) if e.domain == "rules"]
    if len(entries) != 1:
        return [f"{where}: {len(entries)} Russian entries in rules.po for {text!r}"]
    (entry,) = entries
    if entry.fuzzy:
        return [f"{where}: its Russian is fuzzy"]
    (russian,) = entry.strings
    if not CYRILLIC.search(russian):
        return [f"{where}: the Russian {russian!r} is not Russian"]
    if placeholders(russian) != placeholders(text):
        return [f"{where}: other placeholders in {russian!r}"]
    with use("ru"):
        shown = tr(text)
    return [] if shown == russian else [f"{where}: shown as {shown!r}, not its entry"]


def test_every_rule_text_meaning_and_description_has_russian():
    wrong = [problem for where, text in SHOWN for problem in rule_text_problems(where, text)]
    assert not wrong, "add or fix in rules.po:\n" + "\n".join(wrong)


def test_a_rule_text_is_english_as_a_string_and_russian_when_shown():
    sentence = rule_text("QUIN-2")
    assert sentence == RULE_TEXTS["QUIN-2"].text and english(sentence) == sentence
    assert sentence.startswith("The quinola forced")
    with use("ru"):
        shown = t(rule_text("QUIN-2"))
        assert "кинол" in shown and "ремиз" in shown
        assert english(rule_text("QUIN-2")) == sentence
        assert t(rule_text("NO-1")) == "NO-1"  # an unknown id is shown as itself
    assert t(sentence) == sentence  # English again outside the block


def _words(text: str) -> list[str]:
    return re.findall(r"[а-яёa-z0-9]+", text.lower())


def _runs(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def test_the_russian_is_our_own_words_not_the_sources():
    """No five words in a row of a Russian rule text or meaning are copied from
    the two Russian sources, which ``--quote`` shows beside them."""
    in_sources = set()
    for letter in SOURCE_FILES:
        for text in paragraphs(letter):
            in_sources |= _runs(_words(text), 5)
    with use("ru"):
        copied = {where: sorted(_runs(_words(tr(text)), 5) & in_sources)
                  for where, text in SHOWN}
    assert {where: runs for where, runs in copied.items() if runs} == {}


@pytest.mark.parametrize("name", list(OPTIONS))
def test_allowed_values_in_english_are_what_the_option_says(name):
    """The listing writes the allowed values itself, to translate them; in
    English they must stay the words of Option.allowed (also used in RV402)."""
    option = OPTIONS[name]
    assert allowed_text(option) == option.allowed()
    with use("ru"):
        russian = allowed_text(option)
    assert russian != option.allowed() and CYRILLIC.search(russian)
    for value in option.values:  # the words a profile file takes stay as typed
        assert value in russian


# --- the listing in Russian -------------------------------------------------------------


RU_GOLDEN = {
    "ru/rules-classic.txt": ["rules", "classic"],
    "ru/rules-modern-narrow.txt": ["rules", "modern"],
    "ru/rules-diff-classic-modern.txt": ["rules", "--diff", "classic", "modern"],
    "ru/rules-diff-classic-classic.txt": ["rules", "--diff", "classic", "classic"],
    "ru/rules-diff-stacked.txt": ["rules", "--diff", "classic", "modern"],
}
WIDTHS = {"ru/rules-classic.txt": "140", "ru/rules-modern-narrow.txt": "80",
          "ru/rules-diff-stacked.txt": "40"}


@pytest.mark.parametrize("name", RU_GOLDEN)
def test_rules_in_russian_golden(name, golden, monkeypatch):
    monkeypatch.chdir(ROOT)  # the house file's path is shown as given
    env = dict(ENV, COLUMNS=WIDTHS.get(name, "120"))
    result = run("--lang", "ru", *RU_GOLDEN[name], env=env)
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= int(env["COLUMNS"])
    golden(name, result.output)


# Words of the English listing that must not appear in the Russian one.
ENGLISH_WORDS = ("Option", "Value", "Allowed", "Meaning", "Rules", "Sources", "allowed:",
                 "rules:", "sources:", "one of", "whole number", "built in", "base ",
                 "changed from", "differ on", "agree on", "The 1785", "summary", " the ")


HOUSE_DESCRIPTION = load_profile(str(ROOT / "samples" / "house-rules.toml")).description


# Each listing at one width by default, at every width under the slow marker.
@pytest.mark.parametrize("args, columns", pairs_by_default(
    [["classic"], ["modern", "--quote"], ["--diff", "classic", "modern"],
     ["samples/house-rules.toml"]], ["200", "100", "60", "30"]))
def test_no_english_is_left_in_the_russian_listing_at_any_width(columns, args, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run("--lang", "ru", "rules", *args, env=dict(ENV, COLUMNS=columns))
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split()).replace(HOUSE_DESCRIPTION, "")  # its own words
    assert [w for w in ENGLISH_WORDS if w in output] == []
    assert max(len(line) for line in result.output.splitlines()) <= int(columns)


def test_the_house_profile_keeps_its_own_description_in_russian(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run("--lang", "ru", "rules", "samples/house-rules.toml",
                 env=dict(ENV, COLUMNS="400"))
    assert HOUSE_DESCRIPTION in result.output
    where = ROOT / "samples" / "house-rules.toml"  # the CLI reads it from the folder it runs in
    assert f"(основа: classic; файл {where})" in result.output
    changed = f"* изменено по сравнению с профилем classic (параметров: 4 из {len(OPTIONS)})"
    assert changed in result.output


def _rendered(render, width: int = 120) -> str:
    """What ``render()`` shows in Russian: made and printed in the language."""
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False)
    with use("ru"):
        console.print(render())
    return out.getvalue()


def test_a_house_profile_in_russian_golden(golden, monkeypatch):
    """The listing of a house file (its own description, its changes marked),
    and its differences from classic with the quotes: rendered from a relative
    path, so that the golden files name no folder of this machine."""
    monkeypatch.chdir(ROOT)
    house = load_profile("samples/house-rules.toml")
    listing = _rendered(lambda: render_profile(house))
    classic = load_profile("classic")
    diff = _rendered(lambda: render_diff(classic, house, quote=True))
    for text in (listing, diff):
        assert "основа: classic; файл samples/house-rules.toml" in " ".join(text.split())
        assert "base " not in text and "Option" not in text
    golden("ru/rules-house.txt", listing)
    golden("ru/rules-diff-house-quote.txt", diff)


def test_english_after_a_russian_run_is_unchanged():
    russian = run("--lang", "ru", "rules", "--diff", "classic", "modern")
    english_run = run("--lang", "en", "rules", "--diff", "classic", "modern")
    assert russian.output != english_run.output
    assert english_run.output == (ROOT / "tests" / "golden"
                                  / "rules-diff-classic-modern.txt").read_text("utf-8")


# --- the language of one test does not outlast it (conftest.english_unless_asked) ---------


def test_a_russian_run_through_the_group_sets_the_language_of_the_process():
    result = CliRunner().invoke(cli, ["--lang", "ru", "rules"], env=ENV)  # not in a copy
    assert result.output.startswith("Правила:")
    assert t(rule_text("PLAY-3")) != rule_text("PLAY-3")  # still Russian until the test ends


def test_the_next_test_speaks_english_again():
    """Runs after the one above (pytest keeps a file's order)."""
    from reversis_cli.cli.rules import rules_command

    assert t(rule_text("PLAY-3")) == rule_text("PLAY-3")
    assert CliRunner().invoke(rules_command, ["classic"], env=ENV).output.startswith("Rules:")
