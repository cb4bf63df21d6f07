"""Cross-check the engine against tests/reference_settle.py, an independent
reading and settlement of a record written from docs/rules.md alone: who leads
and takes each trick, the partie, the espagnolette's status and every payment.
On the hand-settled worked examples, on random legal sessions (both profiles,
forced reversis / broken reversis / espagnolette deals, option overrides; some
with their hands written, which the engine replays by its full walk) and on
hand-made deals for the espagnolette-meets-reversis rules (ESP-6, ESP-7, ESP-8,
ESP-9) that the generator never produces; and on sessions with every irregular
mode of the simulator."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.rules import RuleOptions
from reversis_cli.rules.profile import builtin_profile, coerce_option_value
from reversis_cli.simulate import SimulationOptions, simulate_session

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference_settle import NOT_VARIED, OPTION_VALUES, compare  # noqa: E402

from conftest import pairs_by_default, some_by_default  # noqa: E402

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
EXAMPLES = Path(__file__).resolve().parent / "fixtures" / "examples"
WORKED_EXAMPLES = sorted(p.stem for p in EXAMPLES.glob("*.rvs"))



def score(path: Path, *extra: str) -> dict:
    result = CliRunner().invoke(cli, ["score", "--json", *extra, str(path)], env=ENV)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def check(path: Path, *extra: str) -> None:
    """``score --json`` of the legal record at ``path`` agrees with the
    reference's reading of the same record, and finds nothing wrong in it."""
    result = CliRunner().invoke(cli, ["score", "--json", *extra, str(path)], env=ENV)
    assert result.stdout.startswith("{"), result.output
    data = json.loads(result.stdout)
    assert data["deals"] and all(d["status"] == "played" for d in data["deals"])
    # the reference's differences first: they say which trick or payment is wrong
    diffs = compare(data, path.read_text(encoding="utf-8"))
    assert not diffs, "\n".join(diffs)
    assert result.exit_code == 0, result.output


def generate_session(seed: int, deals: int, rules: str, forces: dict[int, str]) -> str:
    """A simulated session with only the forced rare events."""
    options = SimulationOptions(deals, seed, rules, events=0.0, forces=forces)
    return "".join(simulate_session(options))


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_worked_examples_are_there():
    """The same five examples tests/test_settle_examples.py settles by hand: an
    empty folder would leave the parametrised test below with nothing to run."""
    assert len(WORKED_EXAMPLES) == 5, WORKED_EXAMPLES


@pytest.mark.parametrize("name", WORKED_EXAMPLES)
def test_worked_examples(name):
    check(EXAMPLES / f"{name}.rvs")


# The random sessions and option sets are many, the code paths they take few: the
# first seeds by default, the others under the slow marker.
@pytest.mark.parametrize("rules", ["classic", "modern"])
@pytest.mark.parametrize("seed", some_by_default(range(6), lambda seed: seed < 2))
def test_random_sessions(tmp_path, rules, seed):
    rng = random.Random(seed)
    forces = {rng.randint(1, 10): rng.choice(["reversis", "broken_reversis", "espagnolette"])
              for _ in range(3)}
    text = generate_session(seed, 10, rules=rules, forces=forces)
    check(_write(tmp_path, "s.rvs", text))


# The irregular modes of the simulator (reversis_cli/simulate/events.py).
IRREGULAR = ("exposed", "misdeal", "misdeal_redeal", "misdeal_late", "peeked", "kept",
             "discarded_two", "out_of_turn", "revoke", "unclaimed")


@pytest.mark.parametrize("rules", ["classic", "modern"])
@pytest.mark.parametrize("seed", some_by_default(range(8), lambda seed: seed < 2))
def test_irregular_sessions(tmp_path, rules, seed):
    """Void deals, a talon card seen or kept, ten cards, a discard out of turn,
    revokes and unclaimed payments, with rare events between them."""
    rng = random.Random(2000 + seed)
    forces = {deal: rng.choice(IRREGULAR) for deal in range(1, 13) if rng.random() < 0.6}
    forces |= {n: mode for n, mode in enumerate(IRREGULAR, 13) if seed == 0}
    options = SimulationOptions(12 + len(IRREGULAR) * (seed == 0), seed, rules, events=0.2,
                                forces=forces)
    path = _write(tmp_path, "s.rvs", "".join(simulate_session(options)))
    data = score(path)
    assert any(d["status"] == "void" for d in data["deals"]) or seed, "no void deal"
    diffs = compare(data, path.read_text(encoding="utf-8"))
    assert not diffs, "\n".join(diffs)


@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_random_sessions_with_their_hands_written(tmp_path, rules):
    """Written hands take the engine off its one-pass replay of a plain deal
    onto the full walk (replay/play.py), whose tricks the reference checks too."""
    forces = {2: "espagnolette", 4: "reversis", 6: "broken_reversis"}
    options = SimulationOptions(8, 40, rules, events=0.0, forces=forces, write_hands=True)
    check(_write(tmp_path, "s.rvs", "".join(simulate_session(options))))


@pytest.mark.parametrize("seed", some_by_default(range(12), lambda seed: seed < 4))
def test_random_options(tmp_path, seed):
    rng = random.Random(1000 + seed)
    rules = ["classic", "modern"][seed % 2]
    sets = []
    for key, values in OPTION_VALUES.items():
        if rng.random() < 0.5:
            sets += ["--set", f"{key}={rng.choice(values)}"]
    forces = {rng.randint(1, 6): rng.choice(["reversis", "broken_reversis", "espagnolette"])
              for _ in range(3)}
    text = generate_session(seed, 6, rules=rules, forces=forces)
    check(_write(tmp_path, "s.rvs", text), *sets)


def test_every_option_is_tried_or_excused():
    """Every rule option is in OPTION_VALUES (the cross-checks try its values) or in
    NOT_VARIED with its reason: a new option fails here until someone decides."""
    options = set(RuleOptions._fields)
    undecided = options - set(OPTION_VALUES) - set(NOT_VARIED)
    assert not undecided, (f"options neither tried against the reference nor excused: "
                           f"{sorted(undecided)}; add them to OPTION_VALUES or NOT_VARIED "
                           f"in tests/reference_settle.py")
    assert not set(OPTION_VALUES) & set(NOT_VARIED)
    assert set(OPTION_VALUES) | set(NOT_VARIED) <= options, "a table names no option"
    assert all(reason.strip() for reason in NOT_VARIED.values())
    for key, values in OPTION_VALUES.items():
        assert len(set(values)) >= 2, key
        for value in values:
            coerce_option_value(key, value)  # each value one the option takes


# Options no simulated session reaches, each with the test that reaches it by hand.
REACHED_BY_HAND = {
    "espagnolette_pays_broken": "test_hand_made_espagnolette (ESP-7: the simulator never "
                                "breaks a reversis past an espagnolette)",
}
_REACHING = {2: "espagnolette", 3: "revoke", 4: "broken_reversis", 5: "reversis",
             6: "unclaimed", 7: "espagnolette", 8: "espagnolette", 9: "espagnolette"}


@pytest.mark.parametrize("key", [k for k in OPTION_VALUES if k not in REACHED_BY_HAND])
def test_each_tried_option_moves_money_the_reference_then_checks(tmp_path, key):
    """A value of the option other than the profile's changes the settlement of one of
    a few simulated sessions, and the reference agrees with it there.  So the option
    is read where the money is made (docs/contributing.md, "A rule option", step 4)
    and the reference reads it too (step 6): a session that never reaches the
    option's rule proves neither."""
    rules = "classic"
    default = builtin_profile(rules).options.as_dict()[key]
    value = next(v for v in OPTION_VALUES[key] if coerce_option_value(key, v) != default)
    for seed in range(30):
        options = SimulationOptions(10, seed, rules, events=0.3, forces=_REACHING)
        path = _write(tmp_path, f"{seed}.rvs", "".join(simulate_session(options)))
        before, after = score(path), score(path, "--set", f"{key}={value}")
        if before["deals"] != after["deals"]:
            diffs = compare(after, path.read_text(encoding="utf-8"))
            assert not diffs, "\n".join(diffs)
            return
    pytest.fail(f"--set {key}={value} changed no deal of 30 simulated sessions: does the "
                f"settlement read options.{key}? If no session can reach its rule, name "
                f"the test that does in REACHED_BY_HAND")


def _option_cases() -> list:
    """Every option value under both profiles: the default run takes each option
    once, under one profile (both in turn), with a value that profile does not
    have; the slow run takes every value under both."""
    cases = []
    for number, (key, values) in enumerate(OPTION_VALUES.items()):
        base = ("classic", "modern")[number % 2]
        default = builtin_profile(base).options.as_dict()[key]
        chosen = next(v for v in values if coerce_option_value(key, v) != default)
        for value in values:
            for rules in ("classic", "modern"):
                by_default = (value, rules) == (chosen, base)
                cases.append(pytest.param(key, value, rules,
                                          marks=() if by_default else pytest.mark.slow))
    return cases


@pytest.mark.parametrize("key,value,rules", _option_cases())
def test_every_option_value(tmp_path, key, value, rules):
    seed = sum(map(ord, key + value))
    forces = {2: "espagnolette", 4: "broken_reversis", 5: "reversis", 6: "espagnolette"}
    text = generate_session(seed, 6, rules=rules, forces=forces)
    check(_write(tmp_path, f"{rules}.rvs", text), "--set", f"{key}={value}")


def test_starting_pot(tmp_path):
    for rules in ("classic", "modern"):
        text = generate_session(3, 6, rules=rules, forces={2: "espagnolette"})
        text = text.replace("players Anna Boris Vera Gleb",
                            "players Anna Boris Vera Gleb\npot 30", 1)
        path = _write(tmp_path, f"{rules}.rvs", text)
        for restake in ("below_initial", "taken_or_quiet"):
            check(path, "--set", f"restake={restake}")


HEADER = "reversis 1\nrules classic\nplayers Anna Boris Vera Gleb\n\n"

# Boris holds AH AD AC JH (espagnolette); Anna takes all eleven: ESP-6.
ESP6 = """deal 1 dealer Gleb
  1 Anna KS AH 5H 9H
  2 Anna QS AD 6H QH
  3 Anna JS AC 7H KH
  4 Anna 9S JH 8H 9D
  5 Anna 8S 2H 5D JD
  6 Anna 7S 3H 6D QD
  7 Anna 6S 4H 7D KD
  8 Anna 5S 2D 8D 6C
  9 Anna 4S 3D 3C 7C
  10 Anna 3S 4D 4C 8C
  11 Anna 2S 2C 5C 9C
"""
# Anna undertakes; Gleb (a third player) breaks in trick 10: ESP-7.
ESP7 = """deal 1 dealer Gleb
  1 Anna KS AH 6D 9D
  2 Anna QS AD 7D JD
  3 Anna JS AC 8D QD
  4 Anna 9S JH 5C KD
  5 Anna 8S 2D 6C 7C
  6 Anna 7S 3D 4H 8C
  7 Anna 6S 4D 5H 9C
  8 Anna 5S 2C 6H JC
  9 Anna 4S 3C 7H QC
  10 Anna 2H 5D 8H QH
  11 Gleb KH 3H 4C 9H
"""
# The espagnolette Boris breaks Anna's reversis: ESP-8.
ESP8_BREAK = """deal 1 dealer Gleb
  1 Anna KS AH 6D 9D
  2 Anna QS AD 7D JD
  3 Anna JS AC 8D QD
  4 Anna 9S JH 5C KD
  5 Anna 8S 2D 6C 7C
  6 Anna 7S 3D 4H 8C
  7 Anna 6S 4D 5H 9C
  8 Anna 5S 2C 6H JC
  9 Anna 4S 3C 7H QC
  10 Anna 2H KH 8H QH
  11 Boris 4C 9H 5D 3H
"""
# The espagnolette Boris (four aces) makes a reversis himself: ESP-8.
ESP8_MAKE = """deal 1 dealer Anna
  1 Boris AS 5S 3S 2S
  2 Boris KS 4S KD KC
  3 Boris QS KH QD QC
  4 Boris JS JH JD JC
  5 Boris 9S QH 9D 9C
  6 Boris 8S 9H 8D 8C
  7 Boris 7S 8H 7D 7C
  8 Boris 6S 7H 6D 6C
  9 Boris AH 6H 5D 5C
  10 Boris AD 5H 4D 4C
  11 Boris AC 4H 3D 3C
"""
# Boris (AS AD AC JH) plays his quinola to Anna's heart lead while holding
# other hearts: ESP-9; he succeeds (classic) or takes trick 10 and fails.
ESP9 = """deal 1 dealer Gleb
  1 Anna 5H JH 8H AH
  2 Gleb 2S 4S AD 9S
  3 Vera 4C 7C 3C AC
  4 Boris 2D 7D JD 4D
  5 Gleb KD 5D 3D 8D
  6 Gleb QD 6D 2C 9D
  7 Gleb 3S 5S KS 8S
  8 Boris QS JS 8C 6S
  9 Boris AS 5C 9C 7S
"""
ESP9_SUCCESS = ESP9 + "  10 Boris 2H 9H QH 6H\n  11 Gleb KH 7H 3H 6C\n"
ESP9_FAIL = ESP9 + "  10 Boris KH 9H QH 6H\n  11 Boris 2H 6C 3H 7H\n"
WAIVED = ESP6.replace("dealer Gleb\n", "dealer Gleb\n  espagnolette Boris waives\n")

HAND_MADE = {"esp6": ESP6, "esp7": ESP7, "esp8_break": ESP8_BREAK, "esp8_make": ESP8_MAKE,
             "esp9_success": ESP9_SUCCESS, "esp9_fail": ESP9_FAIL, "waived": WAIVED}
VARIANTS = [[], ["--set", "espagnolette_pays_broken=11"], ["--set", "reversis_cancels=made"],
            ["--set", "espagnolette_fails_on=any_trick"], ["--set", "quinola_forcer=taker"],
            ["--set", "espagnolette_takes_pool=yes"],
            ["--set", "espagnolette_refunds=diamond_ace_and_quinola"],
            ["--set", "led_aces_pay_winner=yes", "--set", "partie_ties=split"]]


# Each deal under one profile by default (in turn), under both with -m ''.
@pytest.mark.parametrize("name, rules", pairs_by_default(sorted(HAND_MADE),
                                                         ["classic", "modern"]))
def test_hand_made_espagnolette(tmp_path, name, rules):
    path = _write(tmp_path, f"{name}.rvs", HEADER + HAND_MADE[name])
    for extra in VARIANTS:
        check(path, "--rules", rules, *extra)


def test_hand_made_expectations(tmp_path):
    """The hand-made deals really show the rules they are meant to."""
    def rules_of(name):
        data = score(_write(tmp_path, f"{name}.rvs", HEADER + HAND_MADE[name]))
        deal = data["deals"][0]
        return deal, {p["rule"] for p in deal["payments"]}

    deal, rules = rules_of("esp6")
    assert "ESP-6" in rules and deal["espagnolette"]["status"] == "superseded"
    deal, rules = rules_of("esp7")
    assert "ESP-7" in rules and "REV-3" in rules
    deal, rules = rules_of("esp8_break")
    assert any(p["rule"] == "REV-3" and p["payee"] == "Boris" for p in deal["payments"])
    deal, rules = rules_of("esp8_make")
    assert "REV-1" in rules and "ESP-6" not in rules
    deal, rules = rules_of("esp9_fail")
    assert deal["espagnolette"]["status"] == "failed" and "ESP-9" in rules
