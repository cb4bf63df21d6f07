"""The tables, `explain` and `arbitrate` in Russian: every heading, label and
sentence the renderers and the ruling write, with the English unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.arbiter.ruling import rule
from reversis_cli.cli import cli
from reversis_cli.i18n import english, t, use
from reversis_cli.rules import load_profile

from conftest import SAMPLES

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
EXAMPLES = Path(__file__).resolve().parent / "fixtures" / "examples"


def run(*args):
    result = CliRunner().invoke(cli, list(args), env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


# The commands of the Russian goldens, run with the samples' folder as the
# working directory so that file names in the output do not depend on the checkout.
COMMANDS = {
    "score-evening": ("score", "samples/evening.rvs"),
    # a reversis made: its roles and the cancelled payments
    "score-big-night-3": ("score", "samples/big-night.rvs", "--deal", "3"),
    "explain-espagnolette-fails": (
        "explain", "tests/fixtures/examples/classic-espagnolette-fails.rvs", "--deal", "1"),
    "arbitrate-irregular-7": ("arbitrate", "samples/irregular.rvs", "--deal", "7"),
    "show-big-night-1": ("show", "samples/big-night.rvs", "--deal", "1"),
}


@pytest.mark.parametrize("name", COMMANDS)
def test_russian_golden(name, golden, monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    golden(f"ru/{name}.txt", run("--lang", "ru", *COMMANDS[name]))


def test_english_ruling_golden(golden, monkeypatch):
    """The English ruling is what it was before it could be written in Russian."""
    monkeypatch.chdir(SAMPLES.parent)
    golden("arbitrate-irregular-7.txt", run("arbitrate", "samples/irregular.rvs", "--deal", "7"))


@pytest.mark.slow
def test_english_is_the_default_and_lang_en_changes_nothing(monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    for command in COMMANDS.values():
        assert run(*command) == run("--lang", "en", *command)


# The framing of a ruling, an explanation and the tables: none of it may stay
# English in a Russian run (the settlement's reasons and the rules' texts are
# their own areas' messages).
ENGLISH_FRAMING = [
    "Ruling on deal", "The facts", "The rules that apply", "The payments", "was dealt by",
    "first hand", "After the exchange", "The partie was", "Tricks and points taken", "(line ",
    "quoted above", "Payer → payee", "Amount", "Reason", "Pool:", "before the deal", "Partie ",
    ": worth", "— dealer", "Player", "Tricks", "Points", "Role", "Net",
]


def test_the_ruling_around_the_quotes_is_russian(monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    text = run("--lang", "ru", "arbitrate", "samples/irregular.rvs", "--deal", "7")
    for words in ENGLISH_FRAMING:
        assert words not in text, words
    assert "Решение по сдаче 7 (правила classic)" in text
    assert "Сдача 7: сдаёт Gleb. (строка 100)" in text  # one space (russian-4, N6)
    assert "Gleb → корзина" in text
    assert "Партия Т♠ В♥ К♣ В♣: стоит 15 фишек" in text
    # the sources are still quoted in the original, once each
    assert "C¶8: «Тот, у кого окажется" in text and "C¶8 (приведено выше)" in text


def test_russian_counts_take_their_plural_forms():
    ruling = rule(SAMPLES / "irregular.rvs", 7, load_profile("classic"))
    taken = ruling.facts[-1].text
    with use("ru"):
        assert t(taken) == ("Взято взяток и очков: Anna — 2 взятки и 12 очков, Boris — 2 взятки "
                            "и 8 очков, Vera — 6 взяток и 6 очков, Gleb — 1 взятка и 5 очков.")
    assert english(taken) == ("Tricks and points taken: Anna 2 tricks and 12 points, Boris 2 "
                              "tricks and 8 points, Vera 6 tricks and 6 points, Gleb 1 trick "
                              "and 5 points.")


def test_a_fact_stays_its_english_text_for_whatever_reads_it_as_a_string():
    ruling = rule(SAMPLES / "irregular.rvs", 7, load_profile("classic"))
    with use("ru"):
        assert ruling.facts[0].text == "Deal 7 was dealt by Gleb."


def test_an_error_in_the_record_is_framed_in_russian_around_its_diagnostic():
    output = CliRunner().invoke(cli, ["--lang", "ru", "arbitrate",
                                      str(SAMPLES / "bad" / "card-twice.rvs"), "--deal", "1",
                                      "--no-quotes"], env=ENV).output
    assert "В записи ошибка: " in output and "[RV" in output
    assert "The record is wrong here" not in output
    assert "не рассчитана: в записи этой сдачи ошибки (см. выше)" in output


def test_explain_in_russian_tells_the_tricks_and_the_other_readings():
    text = run("--lang", "ru", "explain", str(EXAMPLES / "modern-split.rvs"), "--deal", "1")
    assert "Взятка за взяткой" in text and "После розыгрыша" in text
    assert "Другие толкования правил" in text
    assert "(в этом профиле: " in text
    for words in ("Trick by trick", "takes it", "Other readings", "this profile"):
        assert words not in text, words


def test_two_readings_side_by_side_in_russian():
    text = run("--lang", "ru", "arbitrate", str(SAMPLES / "irregular.rvs"), "--deal", "7",
               "--no-quotes", "--compare", "modern")
    assert "Сравнение: A = classic, B = modern" in text
    assert "Платежи по A и по B" in text and "Итог по игрокам" in text
    assert "корзина после" in text
    for words in ("Side by side", "Net per player", "pool after", "Payments under"):
        assert words not in text, words


def test_summary_of_several_files_in_russian():
    text = run("--lang", "ru", "score", str(SAMPLES / "evening.rvs"),
               str(SAMPLES / "salon.rvs"))
    assert "2 файла" in text
    for heading in ("Файл", "Сдачи", "Ошибки", "Предупреждения", "Корзина в конце", "Итоги"):
        assert heading in text, heading


def test_show_in_russian_marks_and_headings():
    text = run("--lang", "ru", "show", str(SAMPLES / "big-night.rvs"), "--deal", "1")
    assert "▸ ход   * берёт взятку" in text
    assert "Руки после прикупа" in text
    for words in ("led", "took the trick", "Hands after the exchange", "Taker"):
        assert words not in text, words
