"""``reversis rules --infer`` (issue 11, item 4): the options a table played,
found from its paid and tally lines."""

from __future__ import annotations

import functools
import random
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.sheet.infer import candidate_values, house_profile_toml, infer_in
from reversis_cli.reader import record_from_text
from reversis_cli.sheet.reconcile import reconcile
from reversis_cli.rules import load_profile
from reversis_cli.rules.profile import OPTIONS
from reversis_cli.session.service import Session
from reversis_cli.simulate import SimulationOptions, simulate_session
from settle_helpers import settlement_of

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "tests" / "tools") not in sys.path:  # the sample writers live there
    sys.path.insert(0, str(ROOT / "tests" / "tools"))

from infer_samples import HOUSE_READING, with_payments, with_sheet  # noqa: E402
HOUSE = ROOT / "samples" / "house-reading.rvs"
ENV = {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}


def run(*args: str, input_text: str | None = None):
    return CliRunner().invoke(cli, list(args), env=ENV, prog_name="reversis", input=input_text)


def inferred(text: str, sets: dict[str, str] | None = None, held=()):
    with Session.of(record_from_text(text, "house.rvs"), sets=sets) as session:
        return infer_in(session, held=held)


@functools.cache
def house_inferred():
    """:func:`inferred` of the house-reading sample, searched once for the tests
    that read it (a third of a second); they only read it."""
    return inferred(HOUSE.read_text(encoding="utf-8"))


def agrees_under(text: str, rules: str) -> list[int]:
    """The deals whose figures disagree when the record is settled under ``rules``."""
    with Session.of(record_from_text(text, "house.rvs"), rules=rules) as session:
        return [r.number for r in reconcile(session.deals(), session.players) if not r.agrees]


def simulated(seed: int, deals: int = 24) -> str:
    return "".join(simulate_session(SimulationOptions(deals=deals, seed=seed, events=0.3)))


# --- the sample --------------------------------------------------------------------------


@pytest.mark.slow
def test_the_house_reading_sample_gives_back_exactly_its_options():
    inference = house_inferred().inference
    found = {c.option: c.value for c in inference.changes}
    assert found == HOUSE_READING
    assert inference.agrees and inference.disagreeing_before
    # each option is the only explanation of some deals
    assert all(inference.evidence[name] for name in HOUSE_READING)
    assert "direction" in inference.uninferable  # never changes a payment


@pytest.mark.slow
def test_the_written_profile_reproduces_the_sheet(tmp_path):
    out = tmp_path / "house.toml"
    result = run("rules", "--infer", str(HOUSE), "-o", str(out))
    assert result.exit_code == 0, result.output
    # the path is named (a long one wraps at the console's width)
    assert str(out) in result.output.replace("\n", "") and "base =" not in result.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# ") and 'base = "classic"' in text
    assert agrees_under(HOUSE.read_text(encoding="utf-8"), str(out)) == []
    # and under the header's own classic the sheet does not agree
    assert agrees_under(HOUSE.read_text(encoding="utf-8"), "classic") != []


@pytest.mark.slow
def test_the_profile_lists_the_record_profiles_own_changes_too():
    text = HOUSE.read_text(encoding="utf-8").replace(
        "players Anna", "set partie_bonus = 4\nplayers Anna", 1)
    inference = inferred(text, sets={"partie_quinola": "2"}, held=["partie_quinola"]).inference
    toml = house_profile_toml(inference)
    assert "partie_quinola = 2  # as the record's own profile gives it" in toml
    assert inference.held == ("partie_quinola", "partie_bonus")


@pytest.mark.slow
def test_the_house_profile_s_comments_follow_the_language_and_its_data_does_not(tmp_path):
    """Review russian-3, A4: the comments of the profile rules --infer writes
    are read by the table, in its language; keys and values are what is typed."""
    from reversis_cli.i18n import use

    text = HOUSE.read_text(encoding="utf-8").replace(
        "players Anna", "set partie_bonus = 4\nplayers Anna", 1)
    inference = inferred(text, sets={"partie_quinola": "2"}, held=["partie_quinola"]).inference
    english = house_profile_toml(inference)
    with use("ru"):
        russian = house_profile_toml(inference)
    assert russian.startswith("# Правила этого стола, как их нашла команда reversis rules")
    assert "partie_quinola = 2  # как в профиле самой записи" in russian
    assert "# выведено из записанных цифр" in russian

    def data(toml: str) -> list[str]:
        return [line.split("#")[0] for line in toml.splitlines()]
    assert data(russian) == data(english)
    assert "found from the recorded figures" in english  # English as it was
    for name, toml in (("en", english), ("ru", russian)):
        (tmp_path / f"{name}.toml").write_text(toml, encoding="utf-8")
    assert load_profile(str(tmp_path / "ru.toml")).options == \
        load_profile(str(tmp_path / "en.toml")).options


@pytest.mark.slow
def test_the_profile_printed_on_a_narrow_terminal_stays_toml():
    """A wrapped comment would leave its tail on a line of its own, no TOML."""
    result = CliRunner().invoke(cli, ["--lang", "ru", "rules", "--infer", str(HOUSE)],
                                env={**ENV, "COLUMNS": "40"}, prog_name="reversis")
    profile = result.output.split("-o ФАЙЛ):\n", 1)[1]
    lines = [line for line in profile.splitlines() if line]
    assert lines[0].startswith("# Правила") and lines[1] == 'base = "classic"'
    assert all(line.startswith(("#", "base", "[options]", *OPTIONS)) for line in lines), lines


# --- random house readings ----------------------------------------------------------------

SEARCHABLE = [name for name in OPTIONS if name != "direction"]


def _house_reading(seed: int) -> dict[str, str]:
    rng = random.Random(seed)
    classic = load_profile("classic")
    chosen = rng.sample(SEARCHABLE, rng.choice([1, 2, 3]))
    return {name: rng.choice(candidate_values(classic, name)) for name in chosen}


def _check_recovered(seed: int, every: int) -> None:
    truth = _house_reading(seed)
    text = with_sheet(simulated(seed), truth, every=every)
    inference = inferred(text).inference
    found = {c.option: c.value for c in inference.changes}
    # the options played, or a smaller set giving the same payments on this session
    assert inference.agrees, (truth, found, inference.disagreeing)
    assert len(found) <= len(truth)
    assert all(truth.get(name) == value for name, value in found.items()) or \
        len(found) < len(truth) or found.keys() != truth.keys(), (truth, found)


# Each seed searches a 24-deal session (half a second): slow, with the thirty of
# test_many_random_house_readings_are_recovered; the default run recovers the
# readings of the house sample, of the pool-moving options and of paid lines.
@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 7, 10])
def test_random_house_readings_are_recovered(seed):
    _check_recovered(seed, every=1)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 130))
def test_many_random_house_readings_are_recovered(seed, tmp_path):
    _check_recovered(seed, every=random.Random(seed).choice([1, 2, 3]))


@pytest.mark.slow  # by default test_the_written_profile_reproduces_the_sheet holds the same
def test_a_found_reading_pays_as_the_true_one(tmp_path):
    truth = {"partie_bonus": "2", "late_tricks_double": "none"}
    text = with_sheet(simulated(3), truth)
    inference = inferred(text).inference
    assert {c.option: c.value for c in inference.changes} == truth
    path = tmp_path / "found.toml"
    path.write_text(house_profile_toml(inference), encoding="utf-8")
    with Session.of(record_from_text(text, "x.rvs"), rules=str(path)) as found, \
            Session.of(record_from_text(text, "x.rvs"), sets=truth) as true:
        for a, b in zip(found.deals(), true.deals(), strict=True):
            assert settlement_of(a).payments == settlement_of(b).payments


# --- sheets no reading explains -----------------------------------------------------------


def _pool_written_wrong(text: str, tally_index: int) -> str:
    lines = text.splitlines(keepends=True)
    tally = [i for i, line in enumerate(lines) if line.lstrip().startswith("tally ")][tally_index]
    lines[tally] = lines[tally].rstrip("\n").rsplit(" ", 1)[0] + " 1234\n"
    return "".join(lines)


@pytest.mark.slow
def test_a_short_sheet_with_its_own_mistake_gets_the_closest_reading():
    truth = {"partie_bonus": "2"}
    text = _pool_written_wrong(with_sheet(simulated(5, deals=6), truth), 2)
    inference = inferred(text).inference
    assert {c.option: c.value for c in inference.changes} == truth
    assert inference.disagreeing == (3,) and not inference.agrees


@pytest.mark.slow
def test_a_sheet_with_its_own_mistake_gets_the_closest_reading_and_the_deal():
    # the marker wrote deal 5's pool wrong, and carried nothing on
    inference = inferred(_pool_written_wrong(HOUSE.read_text(encoding="utf-8"), 4)).inference
    assert {c.option: c.value for c in inference.changes} == HOUSE_READING
    assert inference.disagreeing == (5,)


@pytest.mark.slow
def test_an_option_held_by_set_is_not_searched():
    inference = inferred(HOUSE.read_text(encoding="utf-8"),
                         sets={"late_tricks_double": "10,11"},
                         held=["late_tricks_double"]).inference
    assert "late_tricks_double" not in {c.option for c in inference.changes}
    assert inference.held == ("late_tricks_double",)
    assert not inference.agrees and inference.disagreeing


def test_a_sheet_that_agrees_changes_nothing():
    inference = inferred((ROOT / "samples" / "score-sheet.rvs").read_text("utf-8")).inference
    assert inference.agrees and inference.changes == () and inference.disagreeing_before == ()


# --- the command ---------------------------------------------------------------------------


# The Russian golden is slow: the default run reads rules --infer's Russian in the
# summary, the other profile and the nothing-to-infer tests.
@pytest.mark.parametrize(("language", "name"), [
    ("en", "rules-infer-house.txt"),
    pytest.param("ru", "ru/rules-infer-house.txt", marks=pytest.mark.slow)])
def test_rules_infer_golden(language, name, golden, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run("--lang", language, "rules", "--infer", "samples/house-reading.rvs")
    assert result.exit_code == 0, result.output
    golden(name, result.output)


def test_a_record_without_figures_has_nothing_to_infer_from():
    result = run("rules", "--infer", str(ROOT / "samples" / "evening.rvs"))
    assert result.exit_code == 1
    assert "no paid or tally line: there is nothing to infer the rules from" in result.output
    assert "Traceback" not in result.output


def test_a_record_with_errors_gets_its_diagnostics_and_no_inference():
    result = run("rules", "--infer", str(ROOT / "samples" / "bad" / "ten.rvs"))
    assert result.exit_code == 1
    assert "error[RV101]" in result.output and "nothing is inferred" in result.output
    result = run("rules", "--infer", str(ROOT / "samples" / "bad" / "tally-unknown-player.rvs"))
    assert result.exit_code == 1 and "RV311" in result.output


def test_russian_says_there_is_nothing_to_infer_from():
    result = run("--lang", "ru", "rules", "--infer", str(ROOT / "samples" / "evening.rvs"))
    assert result.exit_code == 1 and "выводить не из чего" in result.output


@pytest.mark.parametrize("args", [
    ["rules", "-o", "x.toml"],
    ["rules", "--set", "partie_bonus=2"],
    ["rules", "classic", "--infer", str(HOUSE)],
    ["rules", "--infer", str(HOUSE), "--set", "nonsense=1"],
    ["rules", "--infer", str(HOUSE), "-o", str(HOUSE)],
    ["rules", "--infer", str(ROOT / "samples" / "no-such.rvs")],
])
def test_bad_command_lines_are_usage_errors(args):
    before = HOUSE.read_bytes()
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert HOUSE.read_bytes() == before


@pytest.mark.slow  # an inference; test_cli_package finds no writer but write_atomic
def test_the_profile_is_written_atomically(tmp_path, atomic_writes):
    result = run("rules", "--infer", str(HOUSE), "-o", str(tmp_path / "house.toml"))
    assert result.exit_code == 0 and atomic_writes == ["house.toml"]


def test_a_record_whose_profile_cannot_be_built_says_so(tmp_path):
    path = tmp_path / "nosuch.rvs"
    path.write_text(HOUSE.read_text(encoding="utf-8").replace("rules classic", "rules nosuch", 1),
                    encoding="utf-8")
    result = run("rules", "--infer", str(path))
    assert result.exit_code == 1 and "error[RV401]" in result.output
    assert "cannot be settled" in result.output and "Traceback" not in result.output


@pytest.mark.slow  # the default run infers from "-" in the other-profile tests below
def test_the_record_may_come_from_standard_input():
    result = CliRunner().invoke(cli, ["rules", "--infer", "-"], env=ENV,
                                input=HOUSE.read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.output
    assert 'late_tricks_double = "none"' in result.output


def test_a_profile_that_cannot_be_written_is_a_usage_error(tmp_path):
    result = run("rules", "--infer", str(HOUSE), "-o", str(tmp_path))
    assert result.exit_code == 2 and "it is a folder" in result.output


@pytest.mark.slow
def test_payments_written_one_by_one_are_evidence_too():
    truth = {"partie_vis_a_vis_double": "no", "late_tricks_double": "11"}
    text = with_payments(simulated(21, deals=12), truth)
    assert "tally" not in text and "  paid " in text
    inference = inferred(text).inference
    assert inference.agrees and inference.disagreeing_before
    # no in-play payment of trick 11 in these deals: none and 11 are as good,
    # and both readings are given
    readings = [{c.option: c.value for c in changes}
                for changes in (inference.changes, *inference.alternatives)]
    assert truth in readings
    assert all(reading.keys() == truth.keys() for reading in readings)


def test_the_values_tried():
    classic = load_profile("classic")
    assert "2" in candidate_values(classic, "partie_bonus")
    assert "4" not in candidate_values(classic, "partie_bonus")
    assert candidate_values(classic, "partie_vis_a_vis_double") == ("no",)
    assert {"none", "11", "10", "9,10,11"} <= set(candidate_values(classic, "late_tricks_double"))


# A third of a second each: the two options together by default, each alone slow.
@pytest.mark.parametrize("truth", [
    pytest.param({"stake_dealer": "10"}, marks=pytest.mark.slow),
    pytest.param({"restake": "taken_or_quiet"}, marks=pytest.mark.slow),
    {"stake_player": "5", "partie_bonus": "3"}])
def test_options_that_move_the_pool_are_found_with_every_later_deal(truth):
    # the pool carries from deal to deal: such a change shifts later deals' payments
    text = with_sheet(simulated(12, deals=16), truth)
    inference = inferred(text).inference
    assert inference.agrees
    assert {c.option: c.value for c in inference.changes} == truth


# --- the other built-in profile, as a whole (issue 20, item 6) ----------------------------

SHEET = ROOT / "samples" / "score-sheet.rvs"  # kept exactly under classic


def _under_modern(text: str) -> str:
    assert text.count("\nrules classic\n") == 1
    return text.replace("\nrules classic\n", "\nrules modern\n")


def test_a_table_that_played_the_other_profile_is_found_as_such():
    """newcomer-3's infer-wrong-profile.rvs: the score sheet, with the wrong
    word on the rules line."""
    inference = inferred(_under_modern(SHEET.read_text("utf-8"))).inference
    assert inference.another_profile and inference.record_profile.name == "modern"
    assert inference.disagreeing_in_record == tuple(range(1, 9))
    assert inference.base.name == "classic" and inference.agrees and inference.changes == ()
    toml = house_profile_toml(inference)
    assert 'base = "classic"' in toml and toml.endswith("[options]\n")


def test_the_command_says_the_table_played_the_other_profile(tmp_path):
    path = tmp_path / "wrong-profile.rvs"
    path.write_text(_under_modern(SHEET.read_text("utf-8")), encoding="utf-8")
    result = run("rules", "--infer", str(path))
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "The record says modern: under it the table departs from the rules in these " \
           "deals (8): 1, 2, 3, 4, 5, 6, 7, 8." in out
    assert "The table played classic: every recorded figure agrees with it." in out
    assert 'base = "classic"' in out and "nothing to change" not in out
    russian = " ".join(run("--lang", "ru", "rules", "--infer", str(path)).output.split())
    assert "Стол играл по профилю classic: с ним сходятся все записанные цифры." in russian


@pytest.mark.slow
def test_the_other_profile_with_a_house_option_gives_the_few_options_that_differ(tmp_path):
    inference = inferred(_under_modern(HOUSE.read_text("utf-8"))).inference
    assert inference.another_profile and inference.base.name == "classic"
    assert {c.option: c.value for c in inference.changes} == HOUSE_READING
    assert inference.agrees
    path = tmp_path / "house.toml"
    path.write_text(house_profile_toml(inference), encoding="utf-8")
    assert 'base = "classic"' in path.read_text("utf-8")
    assert agrees_under(HOUSE.read_text(encoding="utf-8"), str(path)) == []
    table = run("rules", "--infer", "-", input_text=_under_modern(HOUSE.read_text("utf-8")))
    assert "The figures are closer to classic: the search starts from it." in \
        " ".join(table.output.split())


@pytest.mark.slow
def test_the_other_profile_keeps_the_options_held_by_set():
    """--set holds an option: the other profile is tried with it as given."""
    text = _under_modern(SHEET.read_text("utf-8"))
    inference = inferred(text, sets={"partie_quinola": "3"}, held=["partie_quinola"]).inference
    assert inference.base.name == "classic" and inference.agrees
    assert inference.base.options.partie_quinola == 3 and inference.held == ("partie_quinola",)
    out = " ".join(run("rules", "--infer", "-", "--set", "partie_quinola=3",
                       input_text=text).output.split())
    assert "The record says modern (with partie_quinola = 3): under it" in out
    assert "The table played classic (with partie_quinola = 3)" in out


def test_the_record_s_own_profile_is_kept_when_it_fits_as_well():
    inference = house_inferred().inference
    assert not inference.another_profile and inference.base.name == "classic"
    assert inference.record_profile is None and inference.disagreeing_in_record == ()


# Slow, both: by default the other profile is found on the score sheet and the house
# sample (the tests above), and random readings under the record's own profile.
@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 8])
def test_random_readings_of_the_other_profile_are_recovered(seed):
    truth = _house_reading(seed)
    text = _under_modern(with_sheet(simulated(seed), truth))
    inference = inferred(text).inference
    assert inference.base.name == "classic" and inference.agrees, (truth, inference.changes)
    assert len(inference.changes) <= len(truth)


# Each language is an inference (a third of a second): the Russian one is slow, as
# rules --infer's Russian is read by default in the other-profile tests above.
@pytest.mark.parametrize("lang, wanted", [
    ((), "Under classic (with partie_bonus = 2) the table departs from the rules"),
    pytest.param(("--lang", "ru"), "По профилю classic (с partie_bonus = 2) записи стола "
                 "расходятся", marks=pytest.mark.slow)], ids=["en", "ru"])
def test_the_summary_names_the_options_set_on_the_command_line(lang, wanted):
    """newcomer-3, finding 22: with --set the summary named the bare profile."""
    result = run(*lang, "rules", "--infer", str(SHEET), "--set", "partie_bonus=2")
    assert wanted in " ".join(result.output.split())
