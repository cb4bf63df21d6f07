"""Cards in Russian letters (Т К Д В) by default when the run speaks Russian
(issue 21, item 4): in score, explain, arbitrate, show, check's messages, the
report and the recorder; ``--cards`` still chooses; files written and JSON
never follow the language."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from conftest import SAMPLES, some_by_default
from reversis_cli.cli import cli
from reversis_cli.i18n import use
from reversis_cli.report import build_report

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
LATIN_FACE = re.compile(r"(?<![\w])[AKQJ][♠♥♦♣]")
RUSSIAN_FACE = re.compile(r"(?<![\w])[ТКДВ][♠♥♦♣]")
ASCII_CARD = re.compile(r"(?<![\w])(?:[AKQJ2-9]|10)[SHDC](?![\w])")
IRREGULAR, DISPUTED = SAMPLES / "irregular.rvs", SAMPLES / "disputed-sheet.rvs"


def run(*args: str, text: str | None = None):
    return CliRunner().invoke(cli, list(args), env=ENV, prog_name="reversis", input=text)


COMMANDS = [
    ("score", str(IRREGULAR)),
    ("show", "--deal", "7", str(IRREGULAR)),
    ("explain", "--deal", "7", str(IRREGULAR)),
    ("arbitrate", "--deal", "7", str(IRREGULAR)),
    ("arbitrate", "--deal", "5", str(DISPUTED)),  # with the table-and-rules section
]


# by default the deal shown with its tricks (score, explain and arbitrate under -m '')
@pytest.mark.parametrize("args", some_by_default(COMMANDS, lambda a: a[0] == "show"),
                         ids=lambda a: " ".join(a[:-1]))
def test_russian_output_spells_cards_in_russian_letters_by_default(args):
    russian = run("--lang", "ru", *args).output
    assert RUSSIAN_FACE.search(russian), russian
    assert LATIN_FACE.search(russian) is None, LATIN_FACE.findall(russian)
    english = run("--lang", "en", *args).output
    assert LATIN_FACE.search(english) and RUSSIAN_FACE.search(english) is None


# a record without diagnostics: a diagnostic names its cards as the run's language
# writes them, whatever --cards says (check, which has no --cards, the same)
CLEAN = str(SAMPLES / "big-night.rvs")


@pytest.mark.parametrize("command", some_by_default(["score", "show", "explain", "arbitrate"],
                                                    lambda c: c == "explain"))
def test_cards_still_chooses_in_russian(command):
    args = [command, *(["--deal", "3"] if command != "score" else []), CLEAN]
    unicode = run("--lang", "ru", *args, "--cards", "unicode").output
    assert LATIN_FACE.search(unicode) and RUSSIAN_FACE.search(unicode) is None
    ascii_ = run("--lang", "ru", *args, "--cards", "ascii").output
    assert LATIN_FACE.search(ascii_) is None and RUSSIAN_FACE.search(ascii_) is None
    assert re.search(r"(?<![\w])[AKQJ][SHDC](?![\w])", ascii_)
    assert RUSSIAN_FACE.search(run("--lang", "en", *args, "--cards", "ru").output)


def test_the_cards_option_says_what_ru_means_and_its_default_in_each_language():
    russian = " ".join(run("--lang", "ru", "score", "--help").output.split())
    assert "Как писать карты: ascii (AS), unicode (A♠) или ru (Т♠). [по умолчанию: ru]" in russian
    english = run("--lang", "en", "score", "--help").output
    assert "How to write cards.  [default: unicode]" in english


def test_check_names_cards_in_russian_letters_and_quotes_the_line_as_written():
    russian = run("--lang", "ru", "check", str(SAMPLES / "bad" / "revoke.rvs")).output
    assert "Gleb: 9♦ на ход в пики, хотя на руке есть В♠" in russian
    assert "JS" not in russian.split("\n")[0]
    english = run("--lang", "en", "check", str(SAMPLES / "bad" / "revoke.rvs")).output
    assert "Gleb played 9D on a spade lead while holding JS (revoke)" in english


def test_json_is_the_same_in_both_languages():
    for args in (["check", "--json", str(SAMPLES / "bad" / "revoke.rvs")],
                 ["score", "--json", str(IRREGULAR)]):
        assert run("--lang", "ru", *args).output == run("--lang", "en", *args).output


def test_the_report_spells_cards_in_the_language_of_the_page():
    with use("ru"):
        russian = build_report([IRREGULAR]).html
    english = build_report([IRREGULAR]).html
    assert RUSSIAN_FACE.search(russian) and LATIN_FACE.search(russian) is None
    assert LATIN_FACE.search(english) and RUSSIAN_FACE.search(english) is None


def test_files_written_never_follow_the_language(tmp_path):
    record = (SAMPLES / "evening.rvs").read_text(encoding="utf-8")
    for command in (["fmt", "-"], ["convert", "--from", "rvs", "--to", "rvs", "-"],
                    ["convert", "--from", "rvs", "--to", "csv-tricks", "-"]):
        outputs = [run("--lang", lang, *command, text=record).stdout for lang in ("en", "ru")]
        assert outputs[0] == outputs[1] and RUSSIAN_FACE.search(outputs[1]) is None, command


def test_the_recorder_shows_russian_letters_and_appends_in_the_files_spelling(tmp_path):
    from test_record_plain import NEW, trick_lines

    lines = "\n".join(trick_lines("evening.rvs", 1)) + "\nquit\n"
    written = {}
    for lang in ("en", "ru"):
        path = tmp_path / f"{lang}.rvs"
        result = run("--lang", lang, "record", str(path), *NEW, text=lines)
        assert result.exit_code == 0
        partie = [line for line in result.output.split("\n")
                  if line.startswith(("Partie ", "Партия "))]
        assert partie, result.output
        face = RUSSIAN_FACE if lang == "ru" else LATIN_FACE
        assert face.search(partie[0]), partie
        written[lang] = path.read_text(encoding="utf-8")
    # A new record is written as its marker reads cards (issue 31, T9): Т К Д В under
    # --lang ru, ascii in English; the same deal otherwise.
    assert RUSSIAN_FACE.search(written["ru"]) and LATIN_FACE.search(written["ru"]) is None
    assert ASCII_CARD.search(written["en"]) and RUSSIAN_FACE.search(written["en"]) is None
    assert run("--lang", "en", "fmt", "--cards", "ascii", str(tmp_path / "ru.rvs")).stdout \
        == run("--lang", "en", "fmt", "--cards", "ascii", str(tmp_path / "en.rvs")).stdout \
        .replace("en.rvs", "ru.rvs")


def test_a_record_continued_in_russian_keeps_its_spelling(tmp_path):
    """A file already written keeps its cards' spelling under --lang ru: the
    deals appended are spelt as the file's are (ascii here), not in Т К Д В."""
    from test_record_plain import NEW, trick_lines

    path = tmp_path / "night.rvs"
    first = "\n".join(trick_lines("evening.rvs", 1)) + "\nquit\n"
    assert run("--lang", "en", "record", str(path), *NEW, text=first).exit_code == 0
    second = "\n".join(trick_lines("evening.rvs", 2)) + "\nquit\n"
    assert run("--lang", "ru", "record", str(path), text=second).exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert "deal 2" in text and RUSSIAN_FACE.search(text) is None, text
    assert ASCII_CARD.search(text.split("deal 2")[1]), text


def test_the_screen_s_cards_follow_the_language_unless_cards_says():
    """record's screens (plain and full) are given this style (cli/record.py)."""
    from reversis_cli.cli.options import shown_cards

    assert shown_cards(None) == "unicode"
    with use("ru"):
        assert shown_cards(None) == "ru"
        assert shown_cards("Unicode") == "unicode" and shown_cards("ascii") == "ascii"
