"""``reversis rules``: a profile's options, the differences of two, the sample house file."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest
import click
from click.testing import CliRunner

from reversis_cli.cli.rules import rules_command
from reversis_cli.diagnostics import ProfileError
from reversis_cli.rules.profile import OPTIONS, load_profile
from reversis_cli.rules.sources import paragraph

from conftest import ROOT, SAMPLES, pairs_by_default

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
WIDE = dict(ENV, COLUMNS="200")
HOUSE = SAMPLES / "house-rules.toml"
HOUSE_CHANGES = {"partie_quinola", "partie_ties", "stake_dealer", "late_tricks_double"}


def run(*args, env=ENV):
    return CliRunner().invoke(rules_command, [str(a) for a in args], env=env)


def rows(output: str) -> dict[str, list[str]]:
    """The first line of each option's row, split in words, by option name."""
    found = {}
    for line in output.splitlines():
        words = line.split()
        if words and not line.startswith(" ") and words[0] in OPTIONS:
            assert words[0] not in found, f"{words[0]} listed twice"
            found[words[0]] = words[1:]
    return found


def _word(value) -> str:
    """A TOML value as the table shows it (a long one folds after 16 characters)."""
    word = ("yes" if value else "no") if isinstance(value, bool) else value
    return str(word)[:16]


def builtin_toml(name: str) -> dict:
    text = (resources.files("reversis_cli.rules") / f"{name}.toml").read_text("utf-8")
    return tomllib.loads(text)["options"]


# --- one profile --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "modern"])
def test_rules_lists_every_option_with_its_value(name):
    result = run(name, env=WIDE)
    assert result.exit_code == 0, result.output
    profile = load_profile(name)
    listed = rows(result.output)
    assert list(listed) == list(OPTIONS)
    for option, words in listed.items():
        assert words[0] == str(profile.to_json_options()[option])[:16], option
    header = result.output.splitlines()[0]
    assert name in header and profile.description in header
    assert "base " + name in header and "built in" in header


def test_rules_defaults_to_classic():
    assert run().output == run("classic").output


def test_rules_shows_allowed_values_meaning_rule_ids_and_sources():
    result = run("classic", env=dict(ENV, COLUMNS="400"))
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    for option in OPTIONS.values():
        for words in (option.allowed(), option.meaning, option.sources, *option.rules):
            assert " ".join(words.split()) in text, (option.name, words)
    assert "Платежи" not in result.output  # quotes only with --quote


def test_quote_prints_the_russian_under_each_option():
    plain, quoted = run("classic"), run("classic", "--quote")
    assert quoted.exit_code == 0, quoted.output
    assert "сорок фиш" not in plain.output
    for words in ("сорок фиш", "Партия платится вдвое", "C¶25", "M¶9", "M¶15"):
        assert words in quoted.output  # M¶9-15 is quoted paragraph by paragraph
    lines = quoted.output.splitlines()
    late = next(i for i, line in enumerate(lines) if line.startswith("late_tricks_double"))
    assert any("сорок фиш" in line for line in lines[late:late + 12])
    assert list(rows(quoted.output)) == list(OPTIONS)


# Each listing at one width by default, at every width under the slow marker.
@pytest.mark.parametrize("args, columns", pairs_by_default(
    [["classic"], ["modern", "--quote"], ["--diff", "classic", "modern"],
     ["--diff", "classic", "modern", "--quote"]], ["100", "80", "60", "30"]))
def test_narrow_terminals_get_every_option_and_value(columns, args):
    result = run(*args, env=dict(ENV, COLUMNS=columns))
    assert result.exit_code == 0, result.output
    assert max(len(line) for line in result.output.splitlines()) <= int(columns)
    shown = [n for n in OPTIONS if any(line.startswith(n + " ") for line in
                                       result.output.splitlines())]
    profiles = [load_profile(a) for a in args if a in ("classic", "modern")]
    values = [p.options.as_dict() for p in profiles]
    expected = list(OPTIONS) if len(profiles) == 1 else [
        n for n in OPTIONS if values[0][n] != values[1][n]]
    assert shown == expected


# --- the house sample ---------------------------------------------------------------


def test_the_house_sample_loads_from_the_checkout(monkeypatch):
    monkeypatch.chdir(ROOT)
    profile = load_profile("samples/house-rules.toml")
    classic = load_profile("classic")
    assert profile.base == "classic" and profile.name and profile.description
    assert set(profile.overridden) == HOUSE_CHANGES
    ours, base = profile.options.as_dict(), classic.options.as_dict()
    assert {n for n in OPTIONS if ours[n] != base[n]} == HOUSE_CHANGES


def test_every_override_in_the_house_sample_is_explained():
    lines = HOUSE.read_text(encoding="utf-8").splitlines()
    for name in HOUSE_CHANGES:
        at = next(i for i, line in enumerate(lines) if line.startswith(name + " ="))
        assert lines[at - 1].startswith("# "), f"{name} has no comment above it"


def test_rules_of_the_house_sample_marks_its_changes():
    result = run(HOUSE, env=WIDE)
    assert result.exit_code == 0, result.output
    listed = rows(result.output)
    assert list(listed) == list(OPTIONS)
    assert {n for n, words in listed.items() if words[1] == "*"} == HOUSE_CHANGES
    assert listed["partie_quinola"][0] == "4"
    assert "Nevsky club" in result.output and str(HOUSE) in result.output
    assert "changed from the classic profile (4 of" in result.output


def test_diff_classic_and_the_house_sample_shows_exactly_the_overrides():
    result = run("--diff", "classic", HOUSE, env=WIDE)
    assert result.exit_code == 0, result.output
    listed = rows(result.output)
    assert set(listed) == HOUSE_CHANGES
    assert listed["partie_quinola"][:2] == ["3", "4"]
    assert listed["late_tricks_double"][:2] == ["10,11", "11"]


# --- two profiles -------------------------------------------------------------------


def test_diff_classic_modern_lists_what_the_profile_files_disagree_on():
    classic, modern = builtin_toml("classic"), builtin_toml("modern")
    expected = [n for n in classic if classic[n] != modern[n]]
    assert 0 < len(expected) < len(OPTIONS)
    result = run("--diff", "classic", "modern", env=WIDE)
    assert result.exit_code == 0, result.output
    listed = rows(result.output)
    assert list(listed) == expected  # in registry order, each once
    for name, words in listed.items():
        assert words[:2] == [_word(classic[name]), _word(modern[name])]
    assert f"differ on {len(expected)} of {len(OPTIONS)} options" in result.output


def test_diff_quote_quotes_only_the_differing_options():
    result = run("--diff", "classic", HOUSE, "--quote")
    assert result.exit_code == 0, result.output
    assert paragraph("C¶9") in result.output  # partie_ties cites C¶9-10
    assert "C¶39" not in result.output  # espagnolette_pays_broken is not changed


@pytest.mark.parametrize("a, b", [("classic", "classic"), ("modern", "modern")])
def test_diff_of_equal_profiles_says_they_agree(a, b):
    result = run("--diff", a, b)
    assert result.exit_code == 0, result.output
    assert "agree on every option" in result.output
    assert not rows(result.output)


def test_diff_golden(golden):
    result = run("--diff", "classic", "modern")
    assert result.exit_code == 0, result.output
    golden("rules-diff-classic-modern.txt", result.output)


# --- mistakes -----------------------------------------------------------------------


def _message(name: str) -> str:
    with pytest.raises(ProfileError) as caught:
        load_profile(name)
    return caught.value.diagnostic.message


def _clean(output: str) -> str:
    return " ".join(output.split())


def test_an_unknown_profile_is_a_usage_error_with_the_profile_message(tmp_path):
    missing = str(tmp_path / "nope.toml")
    for args in (["nope"], [missing], ["--diff", "classic", "nope"], ["--diff", "nope", "modern"]):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert _clean(_message(args[-1] if args[0] != "--diff" else
                               next(a for a in args[1:] if a == "nope"))) in _clean(result.output)


def test_a_bad_house_file_is_a_usage_error_with_the_diagnostic(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "classic"\npartie_ties = "coin"\n', encoding="utf-8")
    result = run(bad)
    assert result.exit_code == 2
    assert _clean(_message(str(bad))) in _clean(result.output)
    assert "seat, split" in result.output
    no_base = tmp_path / "nobase.toml"
    no_base.write_text('partie_ties = "split"\n', encoding="utf-8")
    result = run("--diff", "classic", no_base)
    assert result.exit_code == 2 and "names no base" in result.output


def test_a_profile_and_diff_together_is_a_usage_error():
    result = run("classic", "--diff", "classic", "modern")
    assert result.exit_code == 2
    assert "not both" in result.output


def test_render_functions_return_renderables_and_print_nothing(capsys):
    from reversis_cli.render.rules import render_diff, render_profile

    classic, modern = load_profile("classic"), load_profile("modern")
    assert render_profile(classic, quote=True) is not None
    assert render_diff(classic, modern, quote=True) is not None
    assert capsys.readouterr() == ("", "")


# --- through the main command group ----------------------------------------------------


def test_the_main_group_runs_the_same_command():
    from reversis_cli.cli import cli

    assert "rules" in cli.list_commands(click.Context(cli))
    result = CliRunner().invoke(cli, ["rules", "--diff", "classic", "modern"], env=ENV)
    assert result.exit_code == 0, result.output
    assert result.output == run("--diff", "classic", "modern").output
    bad = CliRunner().invoke(cli, ["rules", "nope"], env=ENV)
    assert bad.exit_code == 2 and "no rule profile 'nope'" in bad.output
