"""The command line in English and Russian: the help of every command and
option, click's own words (usage, errors), and every line the CLI prints."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from babel.messages.extract import extract_from_file
from click.testing import CliRunner

from reversis_cli.cli import COMMANDS, cli
from reversis_cli.cli.check import checked_line
from reversis_cli.cli.common import Option, TranslatedHelp
from reversis_cli.i18n import t, translator, use

from conftest import ROOT, SAMPLES
from i18n_catalog import placeholders, russian_entries

ENV = {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
RUSSIAN = translator("ru")


def run(*args: str):
    return CliRunner().invoke(cli, list(args), env=ENV, prog_name="reversis")


def commands() -> list[tuple[str, click.Command]]:
    """The group and every command, as click builds them from the code."""
    found: list[tuple[str, click.Command]] = [("reversis", cli)]
    for name, target in COMMANDS.items():
        module, _, attribute = target.partition(":")
        found.append((name, getattr(importlib.import_module(module), attribute)))
    return found


def help_texts() -> list[tuple[str, str]]:
    """(where, English message id) of every help text of the command tree: each
    command's own and each option's, --help included."""
    texts = []
    root = click.Context(cli, info_name="reversis", **cli.context_settings)
    for name, command in commands():
        assert isinstance(command, TranslatedHelp), f"{name} does not translate its help"
        assert command._help_msgid, f"{name} has no help"
        texts.append((name, command._help_msgid))
        ctx = root if command is cli else click.Context(command, info_name=name, parent=root)
        for param in [*command.params, command.get_help_option(ctx)]:
            if isinstance(param, click.Option):
                assert isinstance(param, Option), f"{name} {param.opts}: not a translated Option"
                assert param._help_msgid, f"{name} {param.opts} has no help"
                texts.append((f"{name} {'/'.join(sorted(param.opts))}", param._help_msgid))
    return texts


HELP_TEXTS = help_texts()


def test_every_help_text_of_every_command_and_option_has_russian():
    """One assertion for the whole catalog: the failure lists every help text
    without its Russian (or whose Russian loses a paragraph), not the first."""
    wrong = []
    for where, msgid in HELP_TEXTS:
        russian = RUSSIAN.gettext(msgid)
        if not msgid:
            wrong.append(f"{where}: no help")
        elif russian == msgid:
            wrong.append(f"{where}: no Russian for its help")
        # click keeps a paragraph marked \b unwrapped: the Russian keeps the paragraphs
        elif (russian.count("\n\n"), russian.count("\b")) != (msgid.count("\n\n"),
                                                                msgid.count("\b")):
            wrong.append(f"{where}: the Russian help does not keep the paragraphs")
    assert not wrong, "add or fix in cli.po:\n" + "\n".join(wrong)


@pytest.mark.parametrize("name", [name for name, _ in commands()])
def test_russian_help_of_each_command_holds_no_english_help_text(name):
    args = ["--lang", "ru", *([] if name == "reversis" else [name]), "--help"]
    result = run(*args)
    assert result.exit_code == 0
    assert result.output.startswith("Использование: reversis")
    assert "Показать эту справку и выйти." in result.output
    for _, msgid in HELP_TEXTS:
        assert msgid.split("\n")[0][:40] not in result.output


def metavars() -> list[tuple[str, str]]:
    """(where, English metavar) of every value's name in the usage lines and the
    option lists: each argument's and option's, and each command's "[OPTIONS]"."""
    found = []
    root = click.Context(cli, info_name="reversis", **cli.context_settings)
    with use("en"):
        for name, command in commands():
            ctx = root if command is cli else click.Context(command, info_name=name, parent=root)
            found.append((name, command.options_metavar))
            if isinstance(command, click.Group):
                found.append((name, command.subcommand_metavar))
            for param in command.params:
                if isinstance(param, click.Option) and (param.is_flag or param.count):
                    continue
                found.append((f"{name} {param.name}", param.make_metavar(ctx)))
    named = [(where, metavar) for where, metavar in found if metavar is not None]
    assert len(named) == len(found), "every command and value has a name"
    # a choice lists the values as they are typed; "A B" names two profiles
    return [(where, metavar) for where, metavar in named
            if "|" not in metavar.replace("PROFILE|FILE", "") and metavar != "A B"]


METAVARS = metavars()


def test_every_name_of_a_value_in_usage_and_options_has_russian():
    wrong = []
    for where, metavar in METAVARS:
        russian = RUSSIAN.gettext(metavar)
        if russian == metavar:
            wrong.append(f"{metavar!r} ({where}): no Russian")
        elif any("A" <= c <= "Z" for c in russian.replace("N", "")):
            wrong.append(f"{metavar!r} ({where}): Latin capitals in {russian!r}")
    assert not wrong, "add or fix in cli.po:\n" + "\n".join(wrong)


@pytest.mark.parametrize("name", [name for name, _ in commands()])
def test_russian_usage_line_and_options_name_values_in_russian(name):
    usage = run("--lang", "ru", *([] if name == "reversis" else [name]), "--help").output
    for _, metavar in METAVARS:
        assert f" {metavar}" not in usage.replace("[ascii|unicode|ru]", ""), (name, metavar)
    assert "[ПАРАМЕТРЫ]" in usage.splitlines()[0]
    # nor any other English name of a value in the help texts (DEALS, FILE)
    capitals = set(re.findall(r"\b[A-Z][A-Z_]{2,}\b", usage))
    # a currency's code is typed as it is (--currency RUB)
    assert capitals <= {"BOM", "CSV", "HTML", "JSON", "TOML", "LANG", "LC_ALL", "LC_MESSAGES",
                        "RUB", "EUR"}


def test_english_usage_line_and_metavars_stay_as_click_writes_them():
    usage = run("--lang", "en", "score", "--help").output
    assert usage.startswith("Usage: reversis score [OPTIONS] FILES...\n")
    assert "  --deal INTEGER RANGE  " in usage and "  --set OPTION=VALUE  " in usage
    assert run("--lang", "en", "--help").output.startswith(
        "Usage: reversis [OPTIONS] COMMAND [ARGS]...\n")


@pytest.mark.parametrize("name", [name for name, _ in commands()])
def test_english_help_of_every_command_stays_as_it_was(name, golden):
    """The Russian usage line and value names change nothing in English
    (issue 21): each command's --help is held byte for byte."""
    result = run("--lang", "en", *([] if name == "reversis" else [name]), "--help")
    assert result.exit_code == 0
    golden(f"help/en-{name}.txt", result.output)


def test_a_missing_argument_is_named_in_russian():
    result = run("--lang", "ru", "score")
    assert result.exit_code == 2
    assert "ФАЙЛЫ…" in result.output and "FILES" not in result.output


# The modules of click that write to a user of ours (not shell completion, the editor,
# or Windows' console).
CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types",
                 "utils")


def click_message_ids() -> list[tuple[str, str | None]]:
    """Every message id click writes with gettext, read from click's own modules."""
    folder = Path(click.__file__).parent
    found: dict[tuple[str, str | None], None] = {}
    for module in CLICK_MODULES:
        for _, message, _, _ in extract_from_file("python", str(folder / f"{module}.py")):
            key = (message, None) if isinstance(message, str) else (message[0], message[1])
            found[key] = None
    # click translates this one by a variable (Option.get_help_record: _(extra["required"]))
    found[("required", None)] = None
    return list(found)


CLICK_IDS = click_message_ids()
ENTRIES = russian_entries()


def percent_placeholders(text: str) -> set[str]:
    return {part.split(")")[0] for part in text.split("%(")[1:]}


def click_word_problems(msgid: str, plural: str | None) -> list[str]:
    """What is wrong with the Russian of one of click's messages (nothing: [])."""
    entries = [e for e in ENTRIES.get(msgid, []) if e.domain == "cli"]
    if not entries:
        return [f"{msgid!r}: no Russian in cli.po"]
    entry = entries[0]
    if entry.plural != plural:
        return [f"{msgid!r}: plural {entry.plural!r}, click writes {plural!r}"]
    wanted = placeholders(msgid) | placeholders(plural or "")
    problems = []
    for string in entry.strings:
        # click fills a plural message with every value; a form may leave one out
        same = placeholders(string) <= wanted if plural else placeholders(string) == wanted
        if not same or percent_placeholders(string) != percent_placeholders(msgid):
            problems.append(f"{msgid!r}: other placeholders in {string!r}")
    return problems


def test_every_word_click_writes_has_russian_with_the_same_placeholders():
    wrong = [problem for msgid, plural in CLICK_IDS
             for problem in click_word_problems(msgid, plural)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(("args", "name"), [
    (["--help"], "ru/help.txt"),
    (["score", "--help"], "ru/score-help.txt"),
    (["check", "--help"], "ru/check-help.txt"),
    (["stats", "--help"], "ru/stats-help.txt"),
    (["score", "--nonexistent"], "ru/usage-error.txt"),
])
def test_russian_help_and_usage_error_goldens(args, name, golden):
    result = run("--lang", "ru", *args)
    assert result.exit_code == (2 if "--nonexistent" in args else 0)
    golden(name, result.output)


def test_a_usage_error_in_russian_says_what_and_how_to_get_help():
    result = run("--lang", "ru", "check", str(SAMPLES / "evening.rvs"), "extra", "--jobs", "0")
    assert result.exit_code == 2
    assert "Подробнее: reversis check --help\n" in result.output
    assert "Ошибка: Недопустимое значение для '--jobs' / '-j': 0 — вне диапазона x>=1." \
        in result.output


def test_an_unknown_lang_stays_a_usage_error_listing_the_languages_in_russian_too():
    for environment in ({}, {"LC_ALL": "ru_RU.UTF-8"}):
        result = CliRunner().invoke(cli, ["--lang", "fr", "check"], env={**ENV, **environment},
                                    prog_name="reversis")
        assert result.exit_code == 2
        assert "'fr'" in result.output and "'en', 'ru'" in result.output


def test_the_help_option_follows_lang_whatever_the_run_before():
    assert "Show this message and exit." in run("--help").output
    assert "Показать эту справку и выйти." in run("--lang", "ru", "--help").output
    assert "Show this message and exit." in run("--lang", "en", "--help").output


def test_a_run_without_lang_after_a_russian_one_speaks_the_locale_again():
    assert "Ошибка:" in run("--lang", "ru", "score", "--nonexistent").output
    result = run("score", "--nonexistent")
    assert "Error: No such option '--nonexistent'." in result.output


def test_version_in_russian():
    result = run("--lang", "ru", "--version")
    assert result.exit_code == 0 and result.output.startswith("reversis, версия ")


@pytest.mark.parametrize(("counts", "english", "russian"), [
    ((1, 1, 1, 0), "checked 1 file, 1 deal: 1 error, no warnings",
     "проверено: 1 файл, 1 сдача: 1 ошибка, без предупреждений"),
    ((2, 3, 2, 1), "checked 2 files, 3 deals: 2 errors, 1 warning",
     "проверено: 2 файла, 3 сдачи: 2 ошибки, 1 предупреждение"),
    ((5, 21, 5, 22), "checked 5 files, 21 deals: 5 errors, 22 warnings",
     "проверено: 5 файлов, 21 сдача: 5 ошибок, 22 предупреждения"),
    ((1, 0, 0, 0), "checked 1 file, no deals: no errors, no warnings",
     "проверено: 1 файл, ни одной сдачи: без ошибок, без предупреждений"),
    # the teens take the form of 5, whatever their last digit (tests/test_i18n_plurals.py)
    ((11, 12, 14, 111), "checked 11 files, 12 deals: 14 errors, 111 warnings",
     "проверено: 11 файлов, 12 сдач: 14 ошибок, 111 предупреждений"),
    ((21, 22, 25, 13), "checked 21 files, 22 deals: 25 errors, 13 warnings",
     "проверено: 21 файл, 22 сдачи: 25 ошибок, 13 предупреждений"),
])
def test_the_check_summary_in_both_languages_with_russian_plural_forms(counts, english, russian):
    line = checked_line(*counts)
    assert line == english
    with use("ru"):
        assert t(line) == russian


def test_check_ends_with_its_summary_in_russian():
    result = run("--lang", "ru", "check", str(SAMPLES / "bad" / "ten.rvs"))
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == \
        "проверено: 1 файл, 1 сдача: 1 ошибка, без предупреждений"


def test_check_summary_table_of_several_files_in_russian():
    result = run("--lang", "ru", "check", str(SAMPLES / "evening.rvs"), str(SAMPLES / "salon.rvs"))
    assert result.exit_code == 0
    assert "Файл" in result.output and "Предупреждения" in result.output
    assert result.output.splitlines()[-1].startswith("проверено: 2 файла, ")


def test_fmt_summary_in_russian(tmp_path):
    one, two = tmp_path / "a.rvs", tmp_path / "b.rvs"
    text = (SAMPLES / "evening.rvs").read_text(encoding="utf-8")
    one.write_text(text.replace("\n", "  \n"), encoding="utf-8")
    two.write_text(text, encoding="utf-8")
    assert run("fmt", str(two)).exit_code == 0  # canonical now
    result = run("--lang", "ru", "fmt", "--check", str(one), str(two))
    assert result.exit_code == 1
    assert f"будет переформатирован: {one}" in result.output
    assert result.output.splitlines()[-1] == \
        "1 файл будет переформатирован, 1 уже в каноническом виде"


def test_our_own_usage_errors_in_russian():
    result = run("--lang", "ru", "show", str(SAMPLES / "evening.rvs"), "--deal", "99")
    assert result.exit_code == 2
    assert "нет сдачи 99" in result.output
    result = run("--lang", "ru", "rules", "classic", "--diff", "classic", "modern")
    assert result.exit_code == 2
    assert "укажите либо ПРОФИЛЬ, либо --diff A B" in result.output
    result = run("--lang", "ru", "simulate", "--deals", "1", "--events", "2")
    assert result.exit_code == 2 and "'2' — не вероятность от 0 до 1" in result.output


@pytest.mark.parametrize("args", [
    ["score", "--json", str(SAMPLES / "evening.rvs")],
    ["check", "--json", str(SAMPLES / "bad" / "ten.rvs")],
    ["check", "--json", str(SAMPLES / "irregular.rvs"), str(SAMPLES / "evening.rvs")],
])
def test_json_output_is_the_same_in_both_languages(args):
    english, russian = run("--lang", "en", *args), run("--lang", "ru", *args)
    assert english.exit_code == russian.exit_code
    assert english.stdout == russian.stdout
    json.loads(english.stdout)


# --- the locale, in a process of its own --------------------------------------------------


def reversis(*args: str, **environment: str) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items()
           if key not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    env.update(PYTHONPATH=str(ROOT), COLUMNS="80", **environment)
    return subprocess.run([sys.executable, "-m", "reversis_cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


# Each run below starts an interpreter (a third of a second): the locale's Russian
# is held by default by test_i18n_diagnostics's check in a fresh process, and --lang en
# over a Russian locale by the in-process test after these.
@pytest.mark.slow
def test_a_russian_locale_gives_russian_help_without_lang():
    result = reversis("score", "--help", LANG="ru_RU.UTF-8")
    assert result.returncode == 0
    assert result.stdout.startswith("Использование: reversis score")
    assert "Рассчитать каждую сдачу" in result.stdout
    result = reversis("--help", LANG="ru_RU.UTF-8")
    assert "Команды:" in result.stdout and "Показать версию и выйти." in result.stdout


@pytest.mark.slow
def test_lang_en_under_a_russian_locale_gives_english():
    english = reversis("score", "--help")
    assert english.stdout.startswith("Usage: reversis score")
    assert reversis("--lang", "en", "score", "--help", LANG="ru_RU.UTF-8").stdout == \
        english.stdout
    error = reversis("--lang", "en", "score", "--nope", LC_ALL="ru_RU.UTF-8", LANGUAGE="ru")
    assert error.returncode == 2 and "Error: No such option" in error.stderr


def test_lang_en_under_a_russian_locale_gives_english_in_process(monkeypatch, capsys):
    """The test above through main() in this process, the locale set as it runs."""
    from reversis_cli.cli import main

    def reversis_here(*args: str, **environment: str) -> tuple[int, str, str]:
        with monkeypatch.context() as patch:
            for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
                patch.delenv(name, raising=False)
            patch.setenv("COLUMNS", "80")
            for name, value in environment.items():
                patch.setenv(name, value)
            with pytest.raises(SystemExit) as exit_:
                main(list(args))
        out, err = capsys.readouterr()
        code = exit_.value.code
        assert code is None or isinstance(code, int), code
        return code or 0, out, err

    code, english, _ = reversis_here("score", "--help")
    assert code == 0 and english.startswith("Usage: reversis score")
    assert reversis_here("--lang", "en", "score", "--help", LANG="ru_RU.UTF-8")[1] == english
    code, _, error = reversis_here("--lang", "en", "score", "--nope", LC_ALL="ru_RU.UTF-8",
                                   LANGUAGE="ru")
    assert code == 2 and "Error: No such option" in error


# --- what main() says when a run ends early -------------------------------------------------


def test_ctrl_c_says_interrupted_in_russian(monkeypatch, capsys, tmp_path):
    from reversis_cli import check
    from reversis_cli.cli import main

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(check, "check_file", interrupted)
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "ru", "check", str(SAMPLES / "evening.rvs")])
    assert exit_.value.code == 130
    assert capsys.readouterr().err.splitlines()[-1] == "прервано"


def test_an_internal_error_is_reported_in_russian(monkeypatch, capsys):
    from reversis_cli import check
    from reversis_cli.cli import main

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(check, "check_file", broken)
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", "ru", "check", str(SAMPLES / "evening.rvs")])
    assert exit_.value.code == 3
    assert capsys.readouterr().err == (
        "reversis: внутренняя ошибка (RuntimeError: boom); пожалуйста, сообщите о ней "
        "и приложите файл, на котором она случилась\n")


def test_end_of_input_at_a_prompt_says_aborted_in_russian(monkeypatch, capsys):
    from reversis_cli.cli import main

    def aborted(*args, **kwargs):
        raise click.Abort()

    monkeypatch.setattr(cli, "main", aborted)
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")  # main() speaks the locale's before any --lang
    with pytest.raises(SystemExit) as exit_:
        main(["check"])
    assert exit_.value.code == 1
    assert capsys.readouterr().err == "Прервано!\n"


def test_a_worker_process_speaks_the_language_of_the_run(tmp_path):
    """``score --jobs``: a worker writes a file's output in the run's language even
    where it does not inherit the parent's state (a spawned process)."""
    from reversis_cli.cli.score import ScoreOptions, _score_to_files

    options = ScoreOptions(None, "tables", None, (), {"width": 100, "terminal": False,
                                                  "colors": None}, "unicode", "ru")
    _, out, err = _score_to_files(SAMPLES / "bad" / "ten.rvs", options, tmp_path)
    errors = Path(err).read_text(encoding="utf-8")
    Path(out).unlink()
    Path(err).unlink()
    assert "ошибка[RV101]" in errors


def test_click_names_a_missing_file_in_the_language_of_each_run():
    """click fixes the word for what a path must be when the type is made, at
    import; ours says it in each run's language."""
    missing = str(SAMPLES / "nonesuch.rvs")
    assert f"Файл '{missing}' не существует." in run("--lang", "ru", "show", missing).output
    assert f"File '{missing}' does not exist." in run("--lang", "en", "show", missing).output
    assert f"Файл '{missing}' не существует." in run("--lang", "ru", "show", missing).output


@pytest.mark.parametrize(("name", "russian", "english"), [
    ("nonesuch.rvs", "нет такого файла или папки", "no such file or folder"),
    ("none*.rvs", "ни один файл не подходит", "no file matches"),
])
def test_files_that_name_no_record_are_said_in_the_run_language(name, russian, english):
    argument = str(SAMPLES / name)
    result = run("--lang", "ru", "check", argument)
    assert result.exit_code == 2 and f"{argument}: {russian}" in result.output
    assert f"{argument}: {english}" in run("check", argument).output


@pytest.mark.parametrize("lang, expected", [
    ("en", "Error: No such command 'shwo'. Did you mean 'show'?"),
    ("ru", "Ошибка: Нет такой команды: 'shwo'. Может быть, 'show'?"),
])
def test_a_mistyped_command_gets_the_close_ones_in_either_language(lang, expected):
    """newcomer-3, finding 22: the lazy group offered no command (click looks
    among the commands added, and it adds none until one is asked for)."""
    result = CliRunner().invoke(cli, ["--lang", lang, "shwo", "x"])
    assert result.exit_code == 2 and expected in result.output
    several = CliRunner().invoke(cli, ["--lang", lang, "scor", "x"]).output
    assert "'record', 'score'" in several and ("Did you mean one of" in several
                                              or "Может быть, одно из" in several)
