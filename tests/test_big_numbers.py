"""Numbers too long to be money: refused where they are read, never a crash;
and money in a table is never cut short."""

import json

import pytest
from click.testing import CliRunner

from reversis_cli.amounts import MAX_DIGITS
from reversis_cli.cli import cli

from conftest import SAMPLES, pairs_by_default

HUGE = "9" * 5000          # beyond what Python turns into a number (4,300 digits)
LONG = "9" * (MAX_DIGITS + 1)
EVENING = SAMPLES / "evening.rvs"


def run(*args, columns=80):
    return CliRunner().invoke(cli, list(args), env={"COLUMNS": str(columns), "NO_COLOR": "1",
                                                    "TERM": "dumb"})


@pytest.mark.parametrize("value", [HUGE, LONG, "²"], ids=["5000-digits", "cap+1", "superscript"])
def test_a_long_or_odd_number_in_set_is_a_usage_error(value):
    result = run("score", str(EVENING), "--set", f"stake_player={value}")
    assert result.exit_code == 2, result.output
    assert f"at most {MAX_DIGITS} digits" in result.stderr
    assert len(result.stderr) < 1000  # the number is not echoed in full


def test_a_long_trick_number_in_set_is_a_usage_error():
    result = run("score", str(EVENING), "--set", f"late_tricks_double={HUGE}")
    assert result.exit_code == 2 and "not a trick number" in result.stderr


def test_the_cap_itself_is_allowed():
    result = run("score", "--json", str(EVENING), "--set", f"stake_player={'9' * MAX_DIGITS}")
    assert result.exit_code == 0, result.output


def test_long_set_and_pot_lines_are_located_errors(tmp_path):
    path = tmp_path / "long.rvs"
    path.write_text(EVENING.read_text(encoding="utf-8").replace(
        "rules classic", f"rules classic\nset stake_player = {LONG}\npot {LONG}"),
        encoding="utf-8")
    data = json.loads(run("check", "--json", str(path)).stdout)
    assert [(d["code"], d["line"]) for d in data["diagnostics"]] == [("RV402", 7), ("RV114", 8)]
    result = run("score", str(path))
    assert result.exit_code == 1 and "Deal 1" not in result.stdout


def _json_record(tmp_path, change) -> str:
    text = run("convert", "--to", "json", str(EVENING)).stdout
    path = tmp_path / "record.json"
    path.write_text(change(text), encoding="utf-8")
    return str(path)


def test_a_huge_number_in_a_json_record_is_a_located_error(tmp_path):
    path = _json_record(tmp_path, lambda t: t.replace('"number": 1,', f'"number": {HUGE},', 1))
    for command in (["convert", "--to", "rvs"], ["convert", "--to", "csv-payments"]):
        result = run(*command, path)
        assert result.exit_code == 1
        assert "error[RV504]" in result.stderr and f"at most {MAX_DIGITS}" in result.stderr
        assert f"{path}:15:17:" in result.stderr


def test_a_huge_pot_in_a_json_record_is_a_located_error(tmp_path):
    path = _json_record(tmp_path, lambda t: t.replace(
        '{"type": "rules", "value": "classic"}',
        f'{{"type": "pot", "value": "{HUGE}"}}, {{"type": "rules", "value": "classic"}}'))
    result = run("convert", "--to", "rvs", path)
    assert result.exit_code == 1
    assert "error[RV504]" in result.stderr and "/header/statements/" in result.stderr


def test_a_huge_number_in_a_csv_is_a_located_error(tmp_path):
    path = tmp_path / "tricks.csv"
    path.write_text("deal,dealer,trick,leader,card1,card2,card3,card4,taker\n"
                    f"{HUGE},Anna,1,Boris,2H,3H,4H,5H,\n", encoding="utf-8")
    result = run("convert", "--to", "rvs", str(path))
    assert result.exit_code == 1
    assert f"{path}:2:1: error[RV514]" in result.stderr and "5,000 digits" in result.stderr


def test_a_huge_number_in_a_house_profile(tmp_path):
    (tmp_path / "house.toml").write_text(f'base = "classic"\nstake_player = {HUGE}\n',
                                         encoding="utf-8")
    assert run("rules", str(tmp_path / "house.toml")).exit_code == 2
    record = tmp_path / "game.rvs"
    record.write_text(EVENING.read_text(encoding="utf-8").replace(
        "rules classic", "rules house.toml"), encoding="utf-8")
    data = json.loads(run("check", "--json", str(record)).stdout)
    assert [(d["code"], d["line"]) for d in data["diagnostics"]] == [("RV402", 6)]


ABSURD = "4" + "0" * (MAX_DIGITS - 1)


@pytest.fixture
def absurd_house(tmp_path):
    path = tmp_path / "absurd.toml"
    path.write_text(f'base = "classic"\nstake_player = {ABSURD}\nstake_dealer = {ABSURD}\n',
                    encoding="utf-8")
    return str(path)


# Each command at one width by default, at both under the slow marker.
@pytest.mark.parametrize("command, columns", pairs_by_default([
    ["score", str(EVENING)],
    ["score", str(EVENING), str(SAMPLES / "salon.rvs")],
    ["explain", "--deal", "5", str(EVENING)],
    ["arbitrate", "--deal", "5", "--compare", "modern", str(EVENING)],
], [60, 80]))
def test_money_is_never_cut_in_a_table(absurd_house, command, columns):
    result = run(*command, "--rules", absurd_house, columns=columns)
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout


def test_a_folded_total_keeps_every_digit(absurd_house):
    totals = json.loads(run("score", "--json", str(EVENING), "--rules", absurd_house).stdout
                        )["totals"]
    table = run("score", str(EVENING), "--rules", absurd_house, columns=60).stdout
    # each line as wide as the widest: a pipe gets no padding at the line ends
    lines = table[table.rindex("Session"):].splitlines()
    lines = [line.ljust(max(map(len, lines))) for line in lines]
    header = next(line for line in lines if line.lstrip().startswith("Deal"))
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Total"))
    blank = next((i for i in range(start, len(lines)) if not lines[i].strip()), None)
    footer = lines[start:blank]
    footer = [line for line in footer if line.strip()]
    for name, value in totals.items():
        end = header.index(name) + len(name)  # a money column is right-justified
        pieces = [line[:end].split()[-1] for line in footer if line[:end].strip()
                  and not line[:end].endswith(" ")]
        assert "".join(pieces) == f"{value:+d}".replace("+0", "0")
