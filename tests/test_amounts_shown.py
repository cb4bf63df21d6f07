"""Amounts as each language's reader writes them (issue 21, item 5; issue 30,
item 10): English a whole part and a fraction (2 1/2, -30), JSON and a
message's English text exact (5/2), Russian as a Russian player does (2½, −719½,
2 3/7, the minus sign U+2212), in tables, sentences, the report and its chart,
and an irregularity's fine said with the figure of its amount column."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from click.testing import CliRunner
from conftest import SAMPLES

from reversis_cli.cli import cli
from reversis_cli.i18n import Figure, Msg, amount_shown, t, use
from reversis_cli.i18n.numbers import EXACT, written_amount
from reversis_cli.report import build_report

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
TVER = SAMPLES / "tver-ru.rvs"  # with partie_ties=split: halves in deal 6 on


def _part(pattern: str, html: str) -> str:
    """The first piece of the page the pattern finds (across lines), which must be there."""
    found = re.search(pattern, html, re.S)
    assert found, pattern
    return found.group(0)


def run(*args: str):
    return CliRunner().invoke(cli, list(args), env=ENV, prog_name="reversis")


@pytest.mark.parametrize(("amount", "signed", "english", "russian"), [
    (0, False, "0", "0"), (0, True, "0", "0"),
    (45, False, "45", "45"), (7, True, "+7", "+7"),
    (-30, False, "-30", "−30"), (-30, True, "-30", "−30"),
    (Fraction(5, 2), False, "2\u00a01/2", "2½"), (Fraction(5, 2), True, "+2\u00a01/2", "+2½"),
    (Fraction(-1439, 2), False, "-719\u00a01/2", "−719½"), (Fraction(1, 2), False, "1/2", "½"),
    (Fraction(-1, 3), True, "-1/3", "−⅓"), (Fraction(11, 4), False, "2\u00a03/4", "2¾"),
    (Fraction(17, 7), False, "2\u00a03/7", "2\u00a03/7"), (Fraction(-3, 7), False, "-3/7", "−3/7"),
    (Fraction(-48527, 6), False, "-8087\u00a05/6", "−8087⅚"),
    (Fraction(6, 3), False, "2", "2"), (Fraction(-4, 2), True, "-2", "−2"),
])
def test_one_function_writes_an_amount_in_each_language(amount, signed, english, russian):
    assert written_amount(amount, "en", signed) == english
    assert written_amount(amount, "ru", signed) == russian
    with use("ru"):
        assert amount_shown(amount, signed) == russian
    assert amount_shown(amount, signed) == english


@pytest.mark.parametrize(("amount", "signed", "exact"), [
    (Fraction(-48527, 6), False, "-48527/6"), (Fraction(5, 2), True, "+5/2"), (-30, True, "-30"),
    (Fraction(1, 2), False, "1/2"), (7, False, "7"),
])
def test_the_exact_form_is_the_records_own(amount, signed, exact):
    """What JSON and a message's English text carry (issue 30, item 10)."""
    assert written_amount(amount, EXACT, signed) == exact


def test_a_figure_in_a_sentence_is_english_for_json_and_russian_when_shown():
    message = Msg("{name} {amount}", name="Анна", amount=Figure(Fraction(-5, 2), True))
    assert message == "Анна -5/2"  # the English text, what JSON carries
    assert t(message) == "Анна -2\u00a01/2"  # shown to an English reader
    with use("ru"):
        assert t(message) == "Анна −2½"


def test_score_tables_write_halves_as_a_person_does_in_both_languages():
    english = run("--lang", "en", "score", "--set", "partie_ties=split", str(TVER)).output
    russian = run("--lang", "ru", "score", "--set", "partie_ties=split", str(TVER)).output
    # English: a whole part and a fraction, never 97/2 (issue 30, item 10)
    assert "+48\u00a01/2" in english and "-10\u00a01/2" in english and "8\u00a01/2" in english
    assert not re.search(r"\d\d/\d|[3-9]/2", english)
    assert "+48½" in russian and "−10½" in russian and " 8½ " in russian
    assert not re.search(r"\d/\d", russian.split("\n", 1)[1])  # no 17/2 after the title
    assert not re.search(r"(?<![\w])-\d", russian)  # no hyphen-minus before a figure
    # the session table's total row too
    assert re.search(r"Итого\s+−10½\s+\+38\s+\+13½\s+−86\s+45", russian)


def test_explain_and_arbitrate_write_russian_amounts():
    explain = run("--lang", "ru", "explain", "--set", "partie_ties=split", "--deal", "6",
                  str(TVER)).output
    assert "8½" in explain and not re.search(r"\d/\d", explain)
    english = run("--lang", "en", "explain", "--set", "partie_ties=split", "--deal", "6",
                  str(TVER)).output
    assert "8\u00a01/2" in english and "17/2" not in english


def test_a_misdeal_fine_says_the_figure_of_its_amount_column_in_russian():
    russian = run("--lang", "ru", "score", str(SAMPLES / "irregular.rvs")).output
    words = " ".join(russian.split())
    assert "5 IRR-2" in words and "1 жетон (5 фишек)" in words
    assert "20 IRR-3" in words and "4 жетона (20 фишек)" in words
    assert "5 IRR-6" in words
    english = " ".join(run("--lang", "en", "score", str(SAMPLES / "irregular.rvs")).output.split())
    assert "misdealt and pays 1 jeton into the pool to deal again" in english
    assert "pays 4 jetons into the pool and the deal passes" in english
    assert "(5 fiches)" not in english


def test_json_keeps_english_reasons_and_exact_amounts_in_any_language():
    outputs = [run("--lang", lang, "score", "--json", "--set", "partie_ties=split", str(TVER),
                   str(SAMPLES / "irregular.rvs")).output for lang in ("en", "ru")]
    assert outputs[0] == outputs[1]
    data = json.loads(outputs[0])
    text = json.dumps(data, ensure_ascii=False)
    assert "½" not in text and "\u2212" not in text and "жетон" not in text
    assert "pays 1 jeton into the pool" in text


@pytest.mark.slow
def test_the_report_in_russian_writes_the_minus_sign_and_halves():
    with use("ru"):
        html = build_report([TVER]).html
    legend = _part(r'<ul class="legend".*?</ul>', html)
    lasts = re.findall(r'<span class="last">([^<]*)</span>', legend)
    assert any(last.startswith("−") for last in lasts)
    assert not any(last.startswith("-") for last in lasts)
    cells = re.findall(r'<td class="num">([^<]*)</td>', html)
    assert any(cell.startswith("−") for cell in cells)
    assert not any(re.match(r"-\d", cell) for cell in cells)
    english = build_report([TVER]).html
    assert any(re.match(r"-\d", cell) for cell in re.findall(r'<td class="num">([^<]*)</td>',
                                                             english))
