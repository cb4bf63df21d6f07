"""A profile's options are one typed object (issue 10, item 1): RuleOptions has a
typed field per option of the registry, is built and validated once, and the
code reads options as attributes, never by name; profile problems are messages
with their Russian."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from click.testing import CliRunner

import reversis_cli
from reversis_cli.cli import cli
from reversis_cli.diagnostics import ProfileError
from reversis_cli.i18n import t, use
from reversis_cli.rules import OPTIONS, RuleOptions, load_profile
from reversis_cli.rules.options import __file__ as OPTIONS_MODULE
from reversis_cli.values import FrozenError, replace

from conftest import files_in

PACKAGE = Path(reversis_cli.__file__).parent
HINTS = typing.get_type_hints(RuleOptions)
KIND_OF_TYPE = {int: "int", bool: "bool", frozenset[int]: "tricks"}


def test_the_fields_are_the_options_of_the_registry_in_its_order():
    assert RuleOptions.names() == tuple(OPTIONS)
    options = load_profile("modern").options
    assert list(options.as_dict()) == [name for name, _ in options.items()] == list(OPTIONS)


@pytest.mark.parametrize("name", list(OPTIONS))
def test_each_field_has_the_type_of_its_option(name):
    option, hint = OPTIONS[name], HINTS[name]
    if option.kind == "choice":
        assert typing.get_origin(hint) is typing.Literal
        assert typing.get_args(hint) == option.values
    else:
        assert KIND_OF_TYPE[hint] == option.kind


CHOICES = [(n, v) for n, o in OPTIONS.items() if o.kind == "choice" for v in o.values]


@pytest.mark.parametrize(("name", "word"), CHOICES)
def test_every_word_of_a_choice_is_taken_from_a_set_line(name, word):
    profile = load_profile("classic").with_overrides({name: word})
    assert getattr(profile.options, name) == word
    assert profile.to_json_options()[name] == word


@pytest.mark.parametrize(("name", "text", "value"), [
    ("partie_bonus", "7", 7), ("stake_dealer", "0", 0),
    ("vis_a_vis_double", "no", False), ("espagnolette_takes_pool", "yes", True),
    ("late_tricks_double", "9,11", frozenset({9, 11})),
    ("espagnolette_pays_broken", "none", frozenset()),
])
def test_numbers_yes_no_and_trick_sets_become_typed_values(name, text, value):
    options = load_profile("modern").with_overrides({name: text}).options
    assert getattr(options, name) == value and type(getattr(options, name)) is type(value)


# Each message exactly as main wrote it before the options were typed.
@pytest.mark.parametrize(("name", "text", "message"), [
    ("partie_ties", "halves", "option partie_ties cannot be 'halves': it takes one of seat, split"),
    ("remise", "it's", "option remise cannot be \"it's\": it takes one of pool, stake"),
    ("partie_quinola", "-1", "option partie_quinola cannot be '-1': it takes a whole number, "
     "0 or more, of at most 30 digits"),
    ("vis_a_vis_double", "maybe", "option vis_a_vis_double cannot be 'maybe': it takes yes or no"),
    ("late_tricks_double", "10,,11", "option late_tricks_double cannot be '10,,11' (an empty "
     "item is not a trick number): it takes trick numbers 1-11 separated by commas (such as "
     "10,11), or none"),
    ("late_tricks_double", "12", "option late_tricks_double cannot be '12' (12 is not a trick "
     "number): it takes trick numbers 1-11 separated by commas (such as 10,11), or none"),
    ("partie_bonus", 10 ** 40, "option partie_bonus cannot be 'a number of more than 30 "
     "digits': it takes a whole number, 0 or more, of at most 30 digits"),
    ("restake", 3, "option restake cannot be '3': it takes one of below_initial, taken_or_quiet"),
])
def test_a_bad_value_is_RV402_with_the_message_it_always_had(name, text, message):
    with pytest.raises(ProfileError) as info:
        load_profile("classic").with_overrides({name: text})
    assert info.value.diagnostic.code == "RV402"
    assert info.value.diagnostic.message == message


def test_the_options_cannot_be_changed_once_built():
    options = load_profile("classic").options
    with pytest.raises(FrozenError):
        options.remise = "stake"  # type: ignore[misc]


def test_equality_hash_and_repr_are_those_a_dataclass_generates():
    # RuleOptions is a plain class (start-up time): a generated twin says
    # what they must be.
    twin = dataclasses.make_dataclass(
        "RuleOptions", [(name, RuleOptions.__annotations__[name]) for name in RuleOptions.names()],
        frozen=True)
    classic, modern = load_profile("classic").options, load_profile("modern").options
    for options in (classic, modern):
        generated = twin(**options.as_dict())
        assert repr(options) == repr(generated)
        assert hash(options) == hash(generated)
        assert options == RuleOptions(**options.as_dict())
    assert classic != modern
    assert replace(classic, remise="stake") != classic
    assert replace(classic, remise="stake") == \
        RuleOptions(**{**classic.as_dict(), "remise": "stake"})
    assert classic != generated and classic.__eq__(object()) is NotImplemented


def test_a_profile_is_not_read_by_option_name():
    assert not hasattr(load_profile("classic"), "__getitem__")


# What reading an option by its name looked like: ledger.opt("x"), profile["x"],
# options["x"], profile.get("x"), and the same through the JSON or dict forms.
BY_NAME = re.compile(r"""\.opt\(|\bprofile\[|\bprof\[|options\[\s*["']|profile\.get\(|"""
                     r"""(as_dict|to_json_options)\(\)\[\s*["']|getattr\([^)]*options""")


def test_no_code_reads_an_option_by_its_name():
    found = [f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
             for path in files_in(PACKAGE, "**/*.py", 100) if str(path) != OPTIONS_MODULE
             for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
             if BY_NAME.search(line)]
    assert found == []


def test_the_pattern_finds_the_old_ways():
    for line in ('ledger.opt("remise")', 'profile["remise"]', "self.options['remise']",
                 'profile.get("remise")', 'p.to_json_options()["remise"]',
                 'getattr(ledger.options, name)'):
        assert BY_NAME.search(line), line


@pytest.mark.slow
def test_mypy_checks_the_options_types(tmp_path):
    """A misspelt option, a word a choice does not take, a value of the wrong
    type: mypy (with the project's settings) reports each."""
    snippet = tmp_path / "snippet.py"
    snippet.write_text(
        "from reversis_cli.rules import load_profile\n"
        "o = load_profile('classic').options\n"
        "a = o.remsie\n"
        "b = o.remise == 'poool'\n"
        "c: str = o.late_tricks_double\n", "utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(PACKAGE.parent / "pyproject.toml"),
         str(snippet)], capture_output=True, text=True, check=False, cwd=PACKAGE.parent)
    assert [line.split(":")[1] for line in result.stdout.splitlines()
            if ": error:" in line] == ["3", "4", "5"], result.stdout


# --- Russian --------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _language_restored():
    """``--lang ru`` sets the language for the rest of the process: the tests
    after these must not speak Russian."""
    with use("en"):
        yield


def test_a_bad_set_line_is_reported_in_russian(tmp_path):
    record = tmp_path / "bad.rvs"
    record.write_text("players Anna Boris Vera Gleb\nset remise = everything\n", "utf-8")
    result = CliRunner().invoke(cli, ["--lang", "ru", "check", str(record)],
                                env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 1
    assert ("bad.rvs:2:14: ошибка[RV402]: параметр remise не может иметь значение "
            "«everything»: нужно указать одно из: pool — всё, что было в корзине в начале "
            "сдачи; stake — одна полная ставка") in result.output


def test_a_bad_set_option_says_in_russian_which_item_is_no_trick():
    with pytest.raises(ProfileError) as info:
        load_profile("classic").with_overrides({"late_tricks_double": "1,,2"})
    with use("ru"):
        assert t(info.value.diagnostic.message) == (
            "параметр late_tricks_double не может иметь значение «1,,2» (пустой элемент — не "
            "номер взятки): нужно указать номера взяток от 1 до 11 через запятую (например, "
            "10,11) или none (ни одной)")


def test_an_unknown_profile_in_russian_and_english():
    with pytest.raises(ProfileError) as info:
        load_profile("nonexistent")
    message = info.value.diagnostic.message
    assert message.startswith("there is no rule profile 'nonexistent' and no profile file at ")
    with use("ru"):
        assert t(message).startswith("профиля правил «nonexistent» нет, и нет файла профиля ")
        assert t(message).endswith("встроенные профили — classic и modern, или укажите путь "
                                   "к файлу профиля TOML")


def test_a_house_profile_without_base_in_russian(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text("partie_quinola = 4\n", "utf-8")
    with pytest.raises(ProfileError) as info:
        load_profile(str(path))
    with use("ru"):
        assert t(info.value.diagnostic.message) == (
            f'в профиле правил {path} не указана основа; домашний профиль начинается с '
            'base = "classic" или base = "modern"')


def test_a_hidden_character_in_a_list_of_a_house_file_in_russian(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('base = "classic"\nx = ["a", "b\\u0007"]\n', "utf-8")
    with pytest.raises(ProfileError) as info:
        load_profile(str(path))
    message = info.value.diagnostic.message
    assert message.startswith(f"in {path}, the value of item 2 of x holds a control character")
    with use("ru"):
        assert t(message).startswith(f"{path}: в значении элемента 2 из x есть ")
