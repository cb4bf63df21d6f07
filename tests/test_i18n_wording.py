"""What a Russian reader notices (issue 21): a woman's name is never glued to a
masculine word («сдаёт Анна», roles as nouns), no name stands behind
«игрока/игроку», and the game's own words from the seeds (ложный ренонс,
прикуп, засдаться, сдача не в счёт; the session is «игра», never «партия»)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli

from conftest import SAMPLES

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
CATALOGS = Path(__file__).resolve().parent.parent / "reversis_cli" / "locale" / "ru" / "LC_MESSAGES"
# The catalogs of the renderers, the command line, convert and the diagnostics.
OWN = ("render.po", "cli.po", "convert.po", "diagnostics.po")
# The placeholders that hold a player's name in these catalogs.
NAMES = ("player", "players", "name", "names", "payer", "payee", "owner", "other", "leader",
         "taker", "dealer", "written", "recorded", "took", "seat", "winners", "losers", "who")
TVER = str(SAMPLES / "tver-ru.rvs")  # Анна, Борис, Вера, Глеб; deal 2 is dealt by Анна


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, ["--lang", "ru", *args], env=ENV)
    assert result.exit_code in (0, 1), result.output
    return result.output


def translations(catalog: str) -> list[str]:
    """Every Russian text of a catalog (msgstr, all plural forms), joined up."""
    out, current = [], None
    for line in (CATALOGS / catalog).read_text(encoding="utf-8").splitlines():
        if line.startswith("msgstr"):
            current = line.split(" ", 1)[1].strip()[1:-1]
            out.append(current)
        elif line.startswith('"') and current is not None:
            out[-1] += line.strip()[1:-1]
        else:
            current = None
    return [text for text in out if text]


@pytest.mark.parametrize("args, header", [
    (("score", TVER, "--deal", "2"), "Сдача 2 — сдаёт Анна"),
    (("explain", TVER, "--deal", "2"), "Сдача 2, сдаёт Анна, правила classic"),
    (("show", TVER, "--deal", "2"), "Сдача 2 — сдаёт Анна, первая рука Борис"),
    (("arbitrate", TVER, "--deal", "4"), "Сдача 4: сдаёт Вера."),
])
def test_a_womans_name_deals_in_the_present_tense(args, header):
    out = run(*args)
    assert header in out
    assert "сдающий Анна" not in out and "сдающий Вера" not in out
    assert "сдающий —" not in out


def test_the_role_column_has_nouns_not_masculine_participles():
    out = run("score", str(SAMPLES / "big-night.rvs"))
    for noun in ("выигрыш", "проигрыш", "реверси перебит", "перебивает реверси"):
        assert re.search(rf"\d+   {noun} ", out), noun
    for participle in ("выигравший", "проигравший", "перебивший"):
        assert f"   {participle}" not in out
    assert "реверси сделан" in out and "реверси сыгран" not in out


def test_check_strict_treats_false_renounces_as_errors_in_its_help():
    out = " ".join(run("check", "--help").split())
    assert "(ложные ренонсы, расхождения" in out


def test_another_reading_says_who_wins_without_a_participle():
    from reversis_cli.i18n import t, use
    from reversis_cli.i18n.message import Msg

    with use("ru"):
        said = t(Msg("winner {winners}, loser {losers}", winners="Анна, Вера", losers="—"))
    assert said == "выигрывает: Анна, Вера; проигрывает: —"


def test_the_session_is_a_game_and_the_sheet_a_list_of_the_score():
    record_help = " ".join(run("record", "--help").split())
    assert "Записывать игру за столом" in record_help
    report_help = " ".join(run("report", "--help").split())
    assert "Записать игры одной страницей" in report_help
    for catalog in OWN:
        for text in translations(catalog):
            assert not re.search(r"[Сс]есси", text), (catalog, text)
            assert "запись счёта" not in text.lower(), (catalog, text)


@pytest.mark.parametrize("catalog", OWN)
def test_no_name_stands_behind_igroka_or_igroku(catalog):
    """«платит игроку Вера» is broken Russian: the name would need a case ending."""
    names = "|".join(NAMES)
    oblique = re.compile(rf"(игрока|игроку|игроком|у игрока|для игрока) \{{({names})\}}")
    glued = re.compile(rf"(сдающий|выигравший|проигравший|взявший|перебивший|"
                       rf"засдавшийся|ошибившийся) \{{({names})\}}")
    for text in translations(catalog):
        assert not oblique.search(text), text
        assert not glued.search(text), text


@pytest.mark.parametrize("catalog", OWN)
def test_the_seeds_words_replace_the_calques(catalog):
    rejected = ("обмен", "ошибочный ренонс", "недействительн", "не состоялась", "открытая карта",
                "открылась", "ошибка при раздаче", "ошибка в сдаче", "неверная сдача",
                "опци", "прочтени", "набор правил", "Итог на сейчас", "Подсмотрел",
                "подгляд", "Невостребован", "оставил карту", "заходы", "талон", "реверси сыгран")
    for text in translations(catalog):
        for word in rejected:
            assert word.lower() not in text.lower(), (catalog, word, text)


def test_the_words_a_player_types_are_in_guillemets():
    for text in translations("cli.po"):
        for word in ("end", "undo", "change", "quit", "reopen", "explain", "reversis record"):
            assert f"'{word}" not in text, text


def test_the_recorder_says_who_deals_and_how_many_tricks_are_left(tmp_path):
    """«осталось 1 взятка» does not agree: «впереди ещё 1 взятка» does for every number."""
    path = tmp_path / "вечер.rvs"
    args = ["--lang", "ru", "record", "--plain", str(path), "--players", "Анна,Борис,Вера,Глеб",
            "--dealer", "Вера", "--rules", "classic"]
    result = CliRunner().invoke(cli, args, input="end\nquit\n", catch_exceptions=False)
    assert "Сдача 1, сдаёт Вера. Взятка 1, ходит Глеб:" in result.output
    assert "Сдача 1 не закончена: впереди ещё 11 взяток." in result.output


# Sentences with a woman's name, as the facts, diagnostics and recorder write them.
SAID = [
    (("{player} is the dealer: the dealer discards one card and takes none", {"player": "Вера"}),
     "сдаёт Вера, а сдающий сносит одну карту и ничего не берёт"),
    (("{leader} took trick {previous} and leads the next", {"leader": "Вера", "previous": 10}),
     "взятку 10 берёт Вера, и следующую начинает тот же игрок"),
    (("{player} misdealt, noticed only after the exchange.", {"player": "Анна"}),
     "Анна засдаётся; это замечают только после прикупа."),
    (("{player} refused the talon card after looking at {card}.", {"player": "Вера", "card": "В♣"}),
     "Вера смотрит карту прикупа (В♣) и отказывается от прикупа."),
    (("The payments of trick {trick} due to {player} were not claimed in time.",
      {"trick": 1, "player": "Анна"}),
     "Платежи за взятку 1 вовремя не потребованы (получатель — Анна)."),
    (("talon card {card} belongs to {owner}", {"card": "4♣", "owner": "Анна"}),
     "карту прикупа 4♣ может взять только Анна"),
    (("{player} held the espagnolette ({how}).", {"player": "Вера", "how": "объявлена"}),
     "Эспаньолетта — Вера (объявлена)."),
    (("may renounce freely in tricks 1–9", {}), "может сносить в ренонс во взятках 1–9"),
    (("trick {trick}, {player}'s card", {"trick": 3, "player": "Вера"}), "взятка 3, Вера"),
    (("The deal is complete: press Enter to settle it.", {}),
     "Сдача закончена: нажмите Enter, чтобы её рассчитать."),
]


@pytest.mark.parametrize("message, russian", SAID)
def test_a_name_stays_in_the_nominative_and_the_verb_has_no_gender(message, russian):
    from reversis_cli.i18n import t, use
    from reversis_cli.i18n.message import Msg

    template, values = message
    with use("ru"):
        assert t(Msg(template, **values)) == russian
