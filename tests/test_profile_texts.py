"""QA finding 9: a house profile's texts never reach the terminal raw.  A
control character (an escape sequence, NUL) or a bidi override anywhere in a
profile file (its name, description, a value, a key) is RV402 when the file
is loaded, naming the place and the character."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.diagnostics import ProfileError
from reversis_cli.rules import load_profile

from conftest import SAMPLES

HIDDEN = {
    "escape": ('name = "\\u001b[31mred"\n', "the value of name", "\\x1b"),
    "nul": ('description = "house\\u0000rules"\n', "the value of description", "\\x00"),
    "bidi": ('name = "abc\\u202edef"\n', "the value of name", "\\u202e"),
    "value": ('[options]\npartie_ties = "split\\u001b"\n', "the value of options.partie_ties",
              "\\x1b"),
    "key": ('"odd\\u001bkey" = 1\n', "the key 'odd\\x1bkey'", "\\x1b"),
}
RAW = ("\x1b", "\x00", "\u202e")


@pytest.fixture
def house(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(SAMPLES / "evening.rvs", tmp_path / "evening.rvs")

    def write(body: str) -> str:
        (tmp_path / "house.toml").write_text('base = "classic"\n' + body, encoding="utf-8")
        return "house.toml"
    return write


@pytest.mark.parametrize("case", HIDDEN)
def test_loading_names_the_place_and_the_character(house, case):
    body, place, escaped = HIDDEN[case]
    with pytest.raises(ProfileError) as caught:
        load_profile(house(body))
    diagnostic = caught.value.diagnostic
    assert diagnostic.code == "RV402"
    assert place in diagnostic.message and escaped in diagnostic.message
    assert not any(char in diagnostic.message for char in RAW)


COMMANDS = {
    "rules": ["rules", "house.toml"],
    "rules --diff": ["rules", "--diff", "classic", "house.toml"],
    "explain": ["explain", "evening.rvs", "--deal", "1", "--rules", "house.toml"],
    "arbitrate": ["arbitrate", "evening.rvs", "--deal", "1", "--compare", "house.toml"],
    "score": ["score", "evening.rvs", "--rules", "house.toml"],
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("case", ["escape", "nul", "bidi"])
def test_no_command_prints_a_profiles_hidden_characters(house, command, case):
    house(HIDDEN[case][0])
    result = CliRunner().invoke(cli, COMMANDS[command])
    assert result.exit_code == 2, result.output
    assert "house.toml" in result.output and HIDDEN[case][2] in result.output
    assert not any(char in result.output for char in RAW)


def test_a_records_rules_line_naming_such_a_profile_is_located(house):
    house(HIDDEN["escape"][0])
    text = (SAMPLES / "evening.rvs").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("rules "))
    lines[at] = "rules house.toml\n"
    with open("r.rvs", "w", encoding="utf-8") as out:
        out.writelines(lines)
    result = CliRunner().invoke(cli, ["check", "r.rvs"])
    assert result.exit_code == 1
    assert f"r.rvs:{at + 1}:7: error[RV402]" in result.output
    assert "\x1b" not in result.output


def test_a_plain_house_profile_still_loads(house):
    profile = load_profile(house('name = "Lvov house"\ndescription = "tabs\\tare fine"\n'))
    assert profile.name == "Lvov house"
