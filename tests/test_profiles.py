"""Rule profiles: the OPTIONS registry, the built-in TOML data, house files, errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from reversis_cli.diagnostics import ProfileError
from reversis_cli.rules import (
    BUILTIN_PROFILES, OPTIONS, load_profile, parse_option_value,
)
from reversis_cli.rules.profile import rule_options

RULES_MD = Path(__file__).resolve().parents[1] / "docs/rules.md"

CLASSIC = {
    "direction": "counterclockwise", "forced_means": "compelled", "partie_diamond_ace": 5,
    "partie_quinola": 3, "partie_bonus": 4, "partie_ties": "seat",
    "partie_vis_a_vis_double": True, "stake_player": 10, "stake_dealer": 15,
    "restake": "below_initial", "remise": "pool", "led_aces_pay_winner": True,
    "quinola_forcer": "leader", "vis_a_vis_double": True,
    "late_tricks_double": frozenset({10, 11}), "reversis_cancels": "made_or_broken",
    "espagnolette_fails_on": "last_two", "espagnolette_takes_pool": False,
    "espagnolette_refunds": "aces_and_quinola", "espagnolette_pays_broken": frozenset({10, 11}),
    "peek_forfeits": "everything", "revoke_penalty": "remise",
    "claims_required": "led_and_played",
}
MODERN = {
    **CLASSIC, "direction": "clockwise", "forced_means": "any_follow", "partie_diamond_ace": 4,
    "partie_quinola": 1, "partie_ties": "split", "partie_vis_a_vis_double": False,
    "stake_dealer": 10, "restake": "taken_or_quiet", "led_aces_pay_winner": False,
    "vis_a_vis_double": False, "late_tricks_double": frozenset(),
    "reversis_cancels": "made", "espagnolette_fails_on": "any_trick",
    "espagnolette_takes_pool": True, "espagnolette_refunds": "diamond_ace_and_quinola",
    "espagnolette_pays_broken": frozenset({11}), "claims_required": "in_play",
}


@pytest.mark.parametrize("name, expected", [("classic", CLASSIC), ("modern", MODERN)])
def test_builtin_values(name, expected):
    profile = load_profile(name)
    assert profile.name == name
    assert profile.options.as_dict() == expected, (
        "the built-in profile differs from CLASSIC or MODERN above: a new option's value goes "
        "into both (docs/contributing.md, \"A rule option\")")
    assert all(getattr(profile.options, k) == v for k, v in expected.items())


def test_registry_covers_every_option_of_rules_md():
    assert set(OPTIONS) == set(CLASSIC), "the registry's options are not CLASSIC's keys"
    # docs/rules.md links every option it names to the option's own section.
    named = set(re.findall(r"\[`([a-z_]+)`\]\(#", RULES_MD.read_text("utf-8")))
    assert named == set(OPTIONS), (
        f"options without a row and a section in docs/rules.md: {sorted(set(OPTIONS) - named)}; "
        f"named there but no option: {sorted(named - set(OPTIONS))}")


@pytest.mark.parametrize("name", list(OPTIONS))
def test_registry_entries_are_documented(name):
    option = OPTIONS[name]
    assert option.kind in ("choice", "int", "bool", "tricks")
    assert option.meaning.endswith(".") and option.rules
    # revoke_penalty is a reading: no paragraph of either text names a penalty (IRR-7).
    assert re.search(r"[CM]¶\d", option.sources) or name == "revoke_penalty"
    if option.kind == "choice":
        assert CLASSIC[name] in option.values and MODERN[name] in option.values


def test_builtin_toml_cites_a_source_on_every_option_line():
    from importlib import resources
    for name in BUILTIN_PROFILES:
        text = resources.files("reversis_cli.rules").joinpath(f"{name}.toml").read_text("utf-8")
        lines = [line for line in text.splitlines() if re.match(r"[a-z_]+ = ", line)
                 and line.split()[0] in OPTIONS]
        assert len(lines) == len(OPTIONS), f"{name}.toml does not set every option once"
        uncited = [line for line in lines if not re.search(r"#.*([CM]¶\d|reading)", line)]
        assert not uncited, f"{name}.toml: lines citing no C¶/M¶ source (or 'reading'): {uncited}"


@pytest.mark.parametrize("name, text, value", [
    ("partie_ties", "split", "split"),
    ("partie_quinola", "4", 4),
    ("vis_a_vis_double", "no", False),
    ("vis_a_vis_double", "yes", True),
    ("late_tricks_double", "10,11", frozenset({10, 11})),
    ("late_tricks_double", "11", frozenset({11})),
    ("late_tricks_double", "none", frozenset()),
    ("espagnolette_pays_broken", " 10, 11 ", frozenset({10, 11})),
])
def test_parse_option_value(name, text, value):
    assert parse_option_value(name, text) == value


@pytest.mark.parametrize("name, text, words", [
    ("partie_ties", "halves", ["seat", "split"]),
    ("partie_quinola", "-1", ["whole number"]),
    ("partie_quinola", "three", ["whole number"]),
    ("vis_a_vis_double", "maybe", ["yes or no"]),
    ("late_tricks_double", "12", ["1-11", "none"]),
    ("late_tricks_double", "", ["none"]),
    ("colour", "red", ["no rule option", "partie_ties"]),
])
def test_bad_values_raise_RV402_naming_what_is_allowed(name, text, words):
    with pytest.raises(ProfileError) as info:
        parse_option_value(name, text)
    assert info.value.diagnostic.code == "RV402"
    assert all(w in info.value.diagnostic.message for w in words)


def test_with_overrides_and_json():
    classic = load_profile("classic")
    house = classic.with_overrides({"partie_quinola": "4", "late_tricks_double": [10],
                                    "vis_a_vis_double": False}, source="set lines")
    assert house.options.partie_quinola == 4
    assert house.options.late_tricks_double == frozenset({10})
    assert classic.options.partie_quinola == 3  # immutable: the base is unchanged
    assert house.source == "set lines" and "partie_quinola" in house.overridden
    js = house.to_json_options()
    assert js["late_tricks_double"] == "10" and js["vis_a_vis_double"] == "no"
    assert js["partie_ties"] == "seat" and js["partie_quinola"] == 4
    assert load_profile("modern").to_json_options()["late_tricks_double"] == "none"
    # JSON values round-trip through parse_option_value.
    for name, value in js.items():
        assert parse_option_value(name, str(value)) == getattr(house.options, name)
    with pytest.raises(ProfileError):
        classic.with_overrides({"nonsense": "1"})
    with pytest.raises(AttributeError):
        classic.name = "x"  # type: ignore[misc]  # frozen: the assignment must fail


def test_house_profile_file(tmp_path):
    path = tmp_path / "lvov.toml"
    path.write_text('base = "classic"\nname = "Lvov"\ndescription = "quinola 4"\n'
                    'partie_quinola = 4\n[options]\nlate_tricks_double = "none"\n', "utf-8")
    house = load_profile("lvov.toml", base_dir=tmp_path)
    assert house.name == "Lvov" and house.description == "quinola 4"
    assert house.options.partie_quinola == 4
    assert house.options.late_tricks_double == frozenset()
    assert house.options.stake_dealer == 15  # from the base
    assert load_profile(str(path)).options.partie_quinola == 4


@pytest.mark.parametrize("body, code, words", [
    ('partie_quinola = 4\n', "RV401", ["base"]),
    ('base = "russian"\n', "RV401", ["classic", "modern"]),
    ('base = "classic"\npartie_quinola = "x"\n', "RV402", ["partie_quinola"]),
    ('base = "classic"\nquinola = 4\n', "RV402", ["quinola"]),
    ('base = "classic"\nrestake = 3\n', "RV402", ["below_initial"]),
    ('base = "classic"\npartie_bonus = -2\n', "RV402", ["whole number"]),
    ('base = = "classic"\n', "RV401", ["TOML"]),
])
def test_house_profile_errors(tmp_path, body, code, words):
    path = tmp_path / "house.toml"
    path.write_text(body, "utf-8")
    with pytest.raises(ProfileError) as info:
        load_profile(str(path))
    assert info.value.diagnostic.code == code
    assert all(w in info.value.diagnostic.message for w in words)


def test_unknown_profile_is_RV401():
    with pytest.raises(ProfileError) as info:
        load_profile("nonexistent-profile")
    assert info.value.diagnostic.code == "RV401"
    assert "classic" in info.value.diagnostic.message


def test_profile_requires_every_option():
    with pytest.raises(ProfileError) as info:
        rule_options({"partie_ties": "seat"}, "half")
    assert info.value.diagnostic.code == "RV402"
    assert info.value.diagnostic.message.startswith("profile half gives no value for direction")


def test_a_zipped_install_reads_its_built_in_profiles_as_resources(monkeypatch):
    """Where no profile file stands beside the code (a zipped install), the same
    text is read through importlib.resources."""
    from importlib import resources

    from reversis_cli.rules import profile

    for name in profile.BUILTIN_PROFILES:
        beside = profile._builtin_text(name)
        monkeypatch.setattr(profile, "__file__", "/nowhere/profile.py")
        assert profile._builtin_text(name) == beside == (
            resources.files("reversis_cli.rules").joinpath(f"{name}.toml").read_text("utf-8"))
        monkeypatch.undo()
