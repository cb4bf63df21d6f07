"""``stats --fiche-value``: one settle-up over several evenings (newcomer-4
§20: a club that settles monthly added the evenings up by hand).  Its money
comes from the stored payments, exact: checked against each evening's
``score --json`` totals summed by hand."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli

from conftest import SAMPLES

CLUB = SAMPLES / "club"


def run(*args: str):
    return CliRunner().invoke(cli, ["--lang", "en", *args])


def by_hand(days: list[str]) -> dict[str, Fraction]:
    """Each player's net over the evenings, from score --json of each file."""
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for day in days:
        result = run("score", "--json", str(CLUB / f"{day}.rvs"))
        assert result.exit_code == 0
        for name, amount in json.loads(result.stdout)["totals"].items():
            totals[name] += Fraction(str(amount))
    return dict(totals)


def cents(text: str) -> int:
    whole, _, part = text.lstrip("-").partition(".")
    value = int(whole) * 100 + int(part or 0)
    return -value if text.startswith("-") else value


@pytest.mark.parametrize("period, days", [
    ((), ["2027-01-14", "2027-01-21", "2027-02-04", "2027-02-11"]),
    (("--from", "2027-02"), ["2027-02-04", "2027-02-11"]),
])
def test_the_period_is_settled_from_its_evenings_totals(period, days):
    result = run("stats", str(CLUB), *period, "--fiche-value", "0.05", "--currency", "EUR",
                 "--json")
    assert result.exit_code == 0, result.output
    settle = json.loads(result.stdout)["settle_up"]
    hand = by_hand(days)
    assert {name: Fraction(str(v)) for name, v in settle["fiches"].items()} == hand
    assert Fraction(str(settle["pool"]["fiches"])) == -sum(hand.values())
    # each balance is the exact amount in cents (every net here is whole: no rounding)
    for name, fiches in hand.items():
        assert cents(settle["balances"][name]) == fiches * 5
    paid: dict[str, int] = defaultdict(int)
    for transfer in settle["transfers"]:
        paid[transfer["from"]] -= cents(transfer["amount"])
        paid[transfer["to"]] += cents(transfer["amount"])
    assert {name: paid[name] for name in hand} == {name: cents(v)
                                                  for name, v in settle["balances"].items()}
    assert paid["pool"] == cents(settle["pool"]["balance"])


def test_the_period_s_settle_up_is_shown_under_the_tables():
    result = run("stats", str(CLUB), "--fiche-value", "0.5", "--currency", "EUR")
    assert result.exit_code == 0
    assert "Settling up: 1 fiche = 0.5\xa0€" in result.stdout
    assert "Anna → pool: 91.50\xa0€" in result.stdout
    assert "gained or lost over these sessions" in result.stdout


def test_one_player_s_figures_are_not_a_settle_up():
    result = run("stats", str(CLUB), "--player", "Anna", "--fiche-value", "1")
    assert result.exit_code == 2
    assert "--fiche-value settles every player of the period" in result.stderr


def test_stats_refuses_currency_alone_too():
    result = run("stats", str(CLUB), "--currency", "EUR")
    assert result.exit_code == 2
