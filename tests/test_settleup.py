"""Settling up in money (issue 23): the balance in money rounded so that it
still sums to zero, the fewest transfers that settle it, and how score,
score --json and report show it."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from itertools import combinations

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.session.settleup import (
    EXACT_LIMIT, fewest_transfers, minor_digits, money_text, round_shares, settle_up,
)
from reversis_cli.diagnostics import ProfileError
from reversis_cli.i18n.numbers import written_money
from reversis_cli.rules import builtin_profile, load_profile
from reversis_cli.rules.money import MoneyOptions, read_fiche_value
from reversis_cli.settle.payments import POOL

from conftest import SAMPLES

ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
EVENING = ["Anna", "Boris", "Vera", "Gleb"]
RUB = MoneyOptions(Fraction(1, 2), "RUB")


def run(*args):
    return CliRunner().invoke(cli, list(args), env=ENV)


# --- rounding -----------------------------------------------------------------------


def _zero_sum_fractions(rng: random.Random, n: int) -> dict[str, Fraction]:
    values = [Fraction(rng.randint(-5000, 5000), rng.choice([1, 2, 3, 7, 100, 300]))
              for _ in range(n - 1)]
    values.append(-sum(values, Fraction(0)))
    return {f"P{i}": value for i, value in enumerate(values)}


def test_rounded_shares_still_sum_to_zero_and_move_each_by_less_than_one_unit():
    rng = random.Random(23)
    for _ in range(2000):
        exact = _zero_sum_fractions(rng, rng.randint(2, 9))
        rounded = round_shares(exact, list(exact))
        assert sum(rounded.values()) == 0
        for party, value in exact.items():
            assert abs(rounded[party] - value) < 1
            if value.denominator == 1:  # an exact amount is never moved
                assert rounded[party] == value


def test_a_tie_of_remainders_goes_to_the_party_first_in_playing_order():
    thirds = {"Anna": Fraction(1, 3), "Boris": Fraction(1, 3), "Vera": Fraction(1, 3),
              "Gleb": Fraction(-1)}
    assert round_shares(thirds, list(thirds)) == {"Anna": 1, "Boris": 0, "Vera": 0, "Gleb": -1}
    assert round_shares(thirds, ["Vera", "Anna", "Boris", "Gleb"])["Vera"] == 1


def test_a_third_of_a_rouble_is_shared_by_the_largest_remainder():
    # 1/3 ₽ a fiche: 10 fiches are 3.333... ₽, -20 are -6.666... ₽
    s = settle_up({"Anna": 10, "Boris": 10, "Vera": -20, "Gleb": 0}, EVENING, 0, 0,
                  MoneyOptions(Fraction(1, 3), "RUB"))
    assert s is not None
    assert s.units == {"Anna": 334, "Boris": 333, "Vera": -667, "Gleb": 0}


@pytest.mark.parametrize(("code", "digits"), [
    ("RUB", 2), ("EUR", 2), ("USD", 2), ("GBP", 2), ("JPY", 0), ("KWD", 3), ("XYZ", 2),
    (None, 2)])
def test_minor_units_follow_iso_4217_with_two_by_default(code, digits):
    assert minor_digits(code) == digits


def test_yen_are_whole():
    s = settle_up({"Anna": 3, "Boris": -3, "Vera": 1, "Gleb": -1}, EVENING, 0, 0,
                  MoneyOptions(Fraction(1, 2), "JPY"))
    assert s is not None
    # 1.5 yen, -1.5, 0.5 and -0.5: every remainder a half, so the two yen left
    # over go to the first two in playing order
    assert s.units == {"Anna": 2, "Boris": -1, "Vera": 0, "Gleb": -1}
    assert money_text(s.units["Anna"], s.digits) == "2"


# --- transfers ----------------------------------------------------------------------


def _most_zero_sum_groups(values: list[int]) -> int:
    """By brute force: the largest number of disjoint zero-sum groups covering all."""
    if not values:
        return 0
    best = 1
    first, rest = values[0], values[1:]
    for size in range(0, len(rest)):
        for others in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in others) == 0:
                left = [v for i, v in enumerate(rest) if i not in others]
                if sum(left) == 0 and left:
                    best = max(best, 1 + _most_zero_sum_groups(left))
    return best


def _settles(units: dict[str, int], transfers) -> bool:
    left = dict(units)
    for one in transfers:
        assert one.amount > 0 and one.payer != one.payee
        left[one.payer] += one.amount
        left[one.payee] -= one.amount
    return not any(left.values())


def test_transfers_settle_every_balance_exactly_and_are_the_fewest():
    rng = random.Random(2300)
    for _ in range(400):
        n = rng.randint(1, 7)
        values = [rng.choice([-3, -2, -1, 1, 2, 3]) * rng.choice([1, 50, 250])
                  for _ in range(n - 1)]
        values.append(-sum(values))
        units = {f"P{i}": v for i, v in enumerate(values)}
        transfers, minimal = fewest_transfers(units, list(units))
        assert minimal and _settles(units, transfers)
        nonzero = [v for v in values if v]
        assert len(transfers) == len(nonzero) - _most_zero_sum_groups(nonzero)
        assert len(transfers) <= max(len(nonzero) - 1, 0)


def test_two_pairs_that_cancel_take_two_transfers_not_three():
    units = {"Anna": -500, "Boris": -300, "Vera": 300, "Gleb": 500}
    transfers, minimal = fewest_transfers(units, list(units))
    assert minimal
    assert {(t.payer, t.payee, t.amount) for t in transfers} == {
        ("Anna", "Gleb", 500), ("Boris", "Vera", 300)}


def test_beyond_the_limit_the_greedy_settling_is_given_and_said_not_minimal():
    rng = random.Random(5)
    values = [rng.randint(-9999, 9999) for _ in range(EXACT_LIMIT + 3)]
    values.append(-sum(values))
    units = {f"P{i}": v for i, v in enumerate(values)}
    transfers, minimal = fewest_transfers(units, list(units))
    assert not minimal and _settles(units, transfers)
    assert len(transfers) <= sum(1 for v in values if v) - 1


def test_the_exact_search_runs_up_to_its_limit_and_the_greedy_settling_beyond():
    # five groups that each sum to zero: 14 - 5 = 9 transfers settle them; the
    # biggest debtor paying the biggest creditor, across the groups, takes 10
    at_limit = [-5, 2, 3, -7, 4, 3, -6, 1, 5, -9, 9, -4, 1, 3]
    assert len(at_limit) == EXACT_LIMIT and _most_zero_sum_groups(at_limit) == 5
    units = {f"P{i}": v for i, v in enumerate(at_limit)}
    transfers, minimal = fewest_transfers(units, list(units))
    assert minimal and _settles(units, transfers) and len(transfers) == 9
    beyond = [*at_limit[:-1], 2, 1]  # one party more
    units = {f"P{i}": v for i, v in enumerate(beyond)}
    transfers, minimal = fewest_transfers(units, list(units))
    assert not minimal and _settles(units, transfers)


def test_between_equal_creditors_the_first_in_playing_order_is_paid_first():
    # Vera and Gleb are owed 5 each: the biggest debtor, Anna, pays Vera (before
    # Gleb at the table) her whole 5, then Gleb 2; Boris pays Gleb the rest
    s = settle_up({"Anna": -7, "Boris": -3, "Vera": 5, "Gleb": 5}, EVENING, 0, 0,
                  MoneyOptions(Fraction(1), "EUR"))
    assert s is not None and s.minimal
    assert [(t.payer, t.payee, money_text(t.amount, s.digits)) for t in s.transfers] == [
        ("Anna", "Vera", "5.00"), ("Anna", "Gleb", "2.00"), ("Boris", "Gleb", "3.00")]


# --- the pool -----------------------------------------------------------------------


def test_a_carried_pool_is_a_party_that_keeps_what_it_gained():
    s = settle_up({"Anna": -60, "Boris": 20, "Vera": 10, "Gleb": -15}, EVENING, 0, 45, RUB)
    assert s is not None
    assert s.parties[-1] == POOL and s.fiches[POOL] == 45 and s.units[POOL] == 2250
    assert s.pool_left == 45 and sum(s.units.values()) == 0
    assert _settles(dict(s.units), s.transfers)


def test_a_carried_pool_that_ends_as_it_began_takes_no_part():
    s = settle_up({"Anna": -10, "Boris": 10, "Vera": 0, "Gleb": 0}, EVENING, 45, 45, RUB)
    assert s is not None and POOL not in s.parties and s.pool_left == 45


def test_a_shared_pool_is_paid_out_in_equal_shares():
    money = MoneyOptions(Fraction(1), "EUR", "shared")
    s = settle_up({"Anna": -60, "Boris": 20, "Vera": 10, "Gleb": -15}, EVENING, 0, 45, money)
    assert s is not None and POOL not in s.parties and s.pool_left == 0
    assert s.fiches["Anna"] == Fraction(-60) + Fraction(45, 4)
    assert sum(s.units.values()) == 0
    # what the pool held at the start is paid out too
    s = settle_up({"Anna": 0, "Boris": 0, "Vera": 0, "Gleb": 0}, EVENING, 40, 40, money)
    assert s is not None and s.units == {"Anna": 1000, "Boris": 1000, "Vera": 1000,
                                         "Gleb": 1000, POOL: -4000}


def test_no_fiche_value_no_settle_up():
    assert settle_up({"Anna": 1, "Boris": -1}, ["Anna", "Boris"], 0, 0, MoneyOptions()) is None


# --- reading the values -------------------------------------------------------------


def test_the_fiche_value_is_read_exactly():
    assert read_fiche_value("0.1") == Fraction(1, 10)
    assert read_fiche_value(" 12.50 ") == Fraction(25, 2)
    assert read_fiche_value("3") == 3


@pytest.mark.parametrize("text", ["0", "0.00", "-1", "0,5", "1e3", "abc", "", "½", "1/2",
                                  "1" * 40])
def test_a_bad_fiche_value_is_rv402(text):
    with pytest.raises(ProfileError) as caught:
        read_fiche_value(text)
    assert caught.value.diagnostic.code == "RV402"


def test_a_house_profile_gives_the_money_exactly_even_as_a_toml_float(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('base = "classic"\nfiche_value = 0.1\ncurrency = "eur"\n'
                    'pool_at_end = "shared"\n', encoding="utf-8")
    profile = load_profile(str(path))
    assert profile.money == MoneyOptions(Fraction(1, 10), "EUR", "shared")
    assert profile.overridden == ()  # no rule of play changed
    assert profile.options == builtin_profile("classic").options


def _record(tmp_path, header: str):
    source = (SAMPLES / "evening.rvs").read_text(encoding="utf-8")
    path = tmp_path / "evening.rvs"
    path.write_text(source.replace("rules classic\n", "rules classic\n" + header), "utf-8")
    return path


def test_set_lines_in_the_record_give_the_settle_up(tmp_path):
    path = _record(tmp_path, "set fiche_value = 0.5\nset currency = RUB\n")
    result = run("score", str(path))
    assert result.exit_code == 0, result.output
    assert "Settling up: 1 fiche = 0.5\u00a0₽" in result.output
    assert "Gleb → Vera: 3.00\u00a0₽" in result.output
    assert "(changed" not in result.output  # the title names no changed rule
    # the command line's --fiche-value comes last
    result = run("score", "--json", str(path), "--fiche-value", "2")
    assert json.loads(result.output)["settle_up"]["balances"]["Anna"] == "-216.00"


def test_a_bad_set_line_is_located_on_its_value(tmp_path):
    path = _record(tmp_path, "set fiche_value = 0,5\n")
    result = run("score", str(path))
    assert result.exit_code == 1
    assert "evening.rvs:7:19: error[RV402]: option fiche_value cannot be '0,5'" in result.output
    assert "Settling up" not in result.output


@pytest.mark.parametrize(("args", "option"), [
    (["--fiche-value", "0"], "--fiche-value"), (["--fiche-value", "1,5"], "--fiche-value"),
    (["--fiche-value", "1", "--currency", "RUBL"], "--currency")])
def test_a_bad_option_is_a_usage_error(args, option):
    result = run("score", str(SAMPLES / "evening.rvs"), *args)
    assert result.exit_code == 2
    assert f"Invalid value for {option}: option" in result.output


# --- as shown -----------------------------------------------------------------------


def test_sums_of_money_are_written_as_each_language_writes_them():
    assert written_money(123450, 2, "en") == "1,234.50"
    assert written_money(123450, 2, "ru") == "1\u00a0234,50"
    assert written_money(-300, 2, "ru", signed=True) == "\u22123,00"
    assert written_money(1950, 2, "en", signed=True) == "+19.50"
    assert written_money(7, 0, "en") == "7"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_score_shows_the_settle_up(golden, lang):
    result = run("--lang", lang, "score", str(SAMPLES / "evening.rvs"),
                 "--fiche-value", "0.5", "--currency", "RUB")
    assert result.exit_code == 0, result.output
    section = result.output[result.output.index("Settling up" if lang == "en" else "Расчёт"):]
    golden(f"settleup/evening-{lang}.txt", section)


def test_score_shows_a_carried_pool(golden):
    result = run("score", str(SAMPLES / "big-night.rvs"), "--fiche-value", "0.1",
                 "--currency", "EUR")
    assert result.exit_code == 0, result.output
    golden("settleup/big-night-en.txt", result.output[result.output.index("Settling up"):])


def test_russian_names_stay_in_the_nominative(golden):
    result = run("--lang", "ru", "score", str(SAMPLES / "tver-ru.rvs"), "--fiche-value", "0.5",
                 "--currency", "RUB")
    assert result.exit_code == 0, result.output
    golden("settleup/tver-ru.txt", result.output[result.output.index("Расчёт"):])


def test_score_json_has_the_settle_up():
    result = run("score", "--json", str(SAMPLES / "evening.rvs"), "--fiche-value", "0.5",
                 "--currency", "RUB")
    data = json.loads(result.output)
    assert data["settle_up"] == {
        "fiche_value": "0.5", "currency": "RUB", "minor_digits": 2, "pool_at_end": "carried",
        "balances": {"Anna": "-54.00", "Boris": "19.50", "Vera": "57.00", "Gleb": "-22.50"},
        "fiches": {"Anna": -108, "Boris": 39, "Vera": 114, "Gleb": -45},
        "pool": {"left": 0, "balance": "0.00", "fiches": 0},
        "transfers": [{"from": "Anna", "to": "Vera", "amount": "54.00"},
                      {"from": "Gleb", "to": "Boris", "amount": "19.50"},
                      {"from": "Gleb", "to": "Vera", "amount": "3.00"}],
        "minimal": True}


def test_without_a_fiche_value_nothing_changes():
    plain = run("score", "--json", str(SAMPLES / "evening.rvs"))
    assert "settle_up" not in json.loads(plain.output)
    assert "Settling up" not in run("score", str(SAMPLES / "evening.rvs")).output
    one = run("score", "--json", str(SAMPLES / "evening.rvs"), "--deal", "2",
              "--fiche-value", "1")
    assert "settle_up" not in json.loads(one.output)  # one deal is no session's end


def test_report_shows_the_settle_up_on_the_session_page(tmp_path):
    out = tmp_path / "page.html"
    result = run("--lang", "ru", "report", str(SAMPLES / "evening.rvs"), "-o", str(out),
                 "--fiche-value", "0.5", "--currency", "RUB")
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "<caption>Расчёт в деньгах: 1 фишка = 0,5\u00a0₽</caption>" in page
    assert "<li>Gleb → Vera: 3,00\u00a0₽</li>" in page
