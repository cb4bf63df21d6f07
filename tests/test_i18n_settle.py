"""The reasons and steps of a settlement as a Russian player reads them (issue 21):
names stay in the nominative, the pool and a void deal's events are said in words,
every amount in a sentence has its unit, an option's value has its meaning; the
English sentences are the same as before."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.i18n import english, t, use
from reversis_cli.render.rules import allowed_text
from reversis_cli.rules import OPTIONS
from reversis_cli.rules.values import VALUE_MEANINGS, option_value
from reversis_cli.settle.codes import NoteCode, ReasonCode
from reversis_cli.settle.payments import Payment, Step

from conftest import SAMPLES
from i18n_catalog import russian_entries

ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
NAMES = {"Anna": "Анна", "Boris": "Борис", "Vera": "Вера", "Gleb": "Глеб"}
# «игроку Вера», «у игрока Анна», «игроком Глеб»: a name where Russian needs a case ending
_DECLINED = re.compile(r"игрок\w*\s+(?:" + "|".join(NAMES.values()) + r")\b")


@pytest.fixture(scope="module")
def cyrillic_irregular(tmp_path_factory):
    """samples/irregular.rvs (every irregularity) with the players' names in Cyrillic."""
    text = (SAMPLES / "irregular.rvs").read_text("utf-8")
    for latin, cyrillic in NAMES.items():
        text = text.replace(latin, cyrillic)
    path = tmp_path_factory.mktemp("ru") / "irregular-ru.rvs"
    path.write_text(text, "utf-8")
    return path


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), env=ENV)
    assert result.exit_code == 0, result.output
    return result.output


def _explain_every_deal(path, lang="ru") -> str:
    deals = len(re.findall(r"^deal \d+", path.read_text("utf-8"), re.M))
    return "\n".join(run("--lang", lang, "explain", str(path), "--deal", str(n))
                     for n in range(1, deals + 1))


@pytest.mark.slow
def test_explain_of_a_cyrillic_session_puts_no_name_in_an_oblique_case(cyrillic_irregular):
    told = _explain_every_deal(cyrillic_irregular)
    assert _DECLINED.findall(told) == []
    assert "у игрока" not in told
    # the sentences that said «на взятку игрока Вера», «платит игроку Глеб» now read:
    assert re.search(r"сносит Т. в ренонс; взятку берёт (Анна|Борис|Вера|Глеб)", told)
    assert re.search(r"проигрывает партию \(\d+ очк\w*\), выигрывает (Анна|Борис|Вера|Глеб)",
                     told)


@pytest.mark.slow
def test_the_shipped_cyrillic_sample_reads_with_names_in_the_nominative():
    told = _explain_every_deal(SAMPLES / "tver-ru.rvs")
    assert _DECLINED.findall(told) == []
    assert "Анна → Вера: 2 фишки — Анна кладёт Т♣ по своей воле" in told


def test_a_void_deal_names_its_events_in_russian_words_and_english_record_words(
        cyrillic_irregular):
    russian = run("--lang", "ru", "explain", str(cyrillic_irregular), "--deal", "12")
    assert "Сдача не в счёт (засдаётся Анна, замечено после прикупа):" in russian
    assert "late" not in russian and "misdeal" not in russian
    exposed = run("--lang", "ru", "explain", str(cyrillic_irregular), "--deal", "3")
    assert "Сдача не в счёт (вскрытая карта):" in exposed
    assert "exposed" not in exposed
    english_text = run("explain", str(SAMPLES / "irregular.rvs"), "--deal", "12")
    assert "[IRR-0] A void deal (misdeal Anna late): it stakes nothing" in english_text


def test_a_misdeal_penalty_says_in_jetons_and_fiches_the_figure_of_its_amount(
        cyrillic_irregular):
    """C17: «1 жетон (5 фишек)» next to 5 in the amount column, not one row in two units."""
    told = run("--lang", "ru", "score", str(cyrillic_irregular))
    rows = re.findall(r"(\d+)\s+IRR-[236]\s+(.*?(\d+) жетон\w* \((\d+) фишек\))", told)
    assert len(rows) == 3  # a redeal paid, a late misdeal, a discard out of turn
    for amount, _, jetons, fiches in rows:
        assert amount == fiches == str(int(jetons) * 5)


def _not_paid_pool_step() -> Step:
    taking = Payment("pool", "Глеб", 45, "QUIN-1", None, ReasonCode.POOL_TAKEN_QUINOLA,
                     {"forfeit": NoteCode.FORFEIT_KEPT, "peeker": "Глеб"}, ("QUIN-1",))
    return Step("IRR-4", None, NoteCode.NOT_PAID, {"payment": taking}, ("IRR-4",))


def test_a_forfeited_pool_taking_says_the_pool_in_russian_and_its_unit():
    """A1 and C8: «pool → Gleb 45» was English in a Russian sentence, and bare."""
    step = _not_paid_pool_step()
    with use("ru"):
        assert t(step.text) == ("Не выплачивается: корзина → Глеб, 45 фишек (QUIN-1): Глеб "
                                "берёт карту прикупа без сноса и ничего не выигрывает в этой "
                                "сдаче (IRR-4)")
    assert english(step.text) == ("not paid: pool to Глеб 45 (QUIN-1), because Глеб took the "
                                  "talon card without discarding and wins nothing in this deal "
                                  "(IRR-4)")


@pytest.mark.parametrize(("amount", "russian"), [(1, "1 фишка"), (21, "21 фишка"),
                                                 (3, "3 фишки"), (45, "45 фишек")])
def test_an_amount_in_a_step_has_its_unit_in_russian_and_none_in_english(amount, russian):
    owed = Payment("Борис", "Вера", amount, "ACE-1", 2, ReasonCode.ACE_PLACED,
                   {"card": None}, ("ACE-1",))
    step = Step("ACE-1", 2, NoteCode.OWES, {"payment": owed}, ("ACE-1",))
    with use("ru"):
        assert t(step.text).startswith(f"Борис → Вера: причитается {russian} — Вера сносит")
    assert english(step.text).startswith(f"Борис owes Вера {amount}: Вера placed")


def test_every_choice_of_every_option_has_its_russian_meaning():
    """A3: a Russian reader is told what any_follow, led_and_played... mean; English
    shows the value as typed."""
    missing = [(name, value) for name, option in OPTIONS.items() if option.kind == "choice"
               for value in option.values if (name, value) not in VALUE_MEANINGS]
    assert missing == []
    for (name, value), _ in VALUE_MEANINGS.items():
        shown = option_value(name, value)
        assert english(shown) == value
        with use("ru"):
            meaning = t(shown)
        assert meaning.startswith(f"{value} — ") and len(meaning) > len(value) + 4, meaning


def test_explain_reads_an_option_value_with_its_meaning_in_russian_only():
    record = str(SAMPLES.parent / "tests" / "fixtures" / "examples" /
                 "classic-espagnolette-fails.rvs")
    russian = run("--lang", "ru", "explain", record, "--deal", "1")
    assert ("espagnolette_refunds = diamond_ace_and_quinola — только за бубнового туза и "
            "кинолу (в этом профиле: aces_and_quinola — за всех тузов и кинолу)") in russian
    assert ("(espagnolette_fails_on = last_two — не удалась, если взята 10-я или 11-я взятка)"
            in russian)
    assert "ставит ремиз: 45 фишек (POOL-3, remise = pool — всё, что было в корзине" in russian
    english_text = run("explain", record, "--deal", "1")
    assert ("espagnolette_refunds = diamond_ace_and_quinola (this profile: aces_and_quinola)"
            in english_text)
    assert "Anna puts in a remise of 45 (POOL-3, remise = pool): Anna held" in english_text


def test_the_rules_listing_says_yes_and_no_in_russian():
    told = run("--lang", "ru", "rules", "classic")
    assert "yes (да) или no (нет)" in told
    with use("ru"):
        assert allowed_text(OPTIONS["remise"]) == (
            "одно из: pool — всё, что было в корзине в начале сдачи; stake — одна полная ставка")
    with use("en"):
        assert allowed_text(OPTIONS["remise"]) == "one of pool, stake"


@pytest.mark.parametrize("domain", ["settle", "rules"])
def test_no_template_of_ours_puts_a_name_after_the_word_player(domain):
    """C3: «игроку {payee}», «у игрока {player}» decline a word and leave the name bare."""
    bad = [string for entries in russian_entries().values() for entry in entries
           if entry.domain == domain for string in entry.strings
           if re.search(r"игрок\w*\s*\{|\{\w+\}\s*,?\s*(?:выигравш|проигравш|сдающ)", string)]
    assert bad == []
