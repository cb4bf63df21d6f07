"""`reversis arbitrate`: facts, rules with their Russian sources, payments,
and two readings side by side."""

from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.arbiter.ruling import compare_rulings, rule
from reversis_cli.cli import cli
from reversis_cli.rules import load_profile

from conftest import good_samples

ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
EXAMPLES = Path(__file__).resolve().parent / "fixtures" / "examples"
LATE_QUINOLA = EXAMPLES / "classic-late-quinola.rvs"


def run(*args):
    return CliRunner().invoke(cli, list(args), env=ENV)


@pytest.mark.slow
def test_every_deal_of_every_sample_gets_a_ruling():
    for path in good_samples():
        number = 1
        while True:
            result = run("arbitrate", str(path), "--deal", str(number), "--no-quotes")
            if result.exit_code == 2:
                assert "has no deal" in result.output
                break
            assert result.exit_code == 0, (path, number, result.output)
            assert "The facts" in result.output and "The rules that apply" in result.output
            number += 1
        assert number > 8, path


def test_the_ruling_quotes_the_source_paragraphs_in_russian():
    result = run("arbitrate", str(LATE_QUINOLA), "--deal", "1")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "QUIN-2" in out
    assert "C¶22: «Тот, кто бьет кинолу, получает по жетону" in out           # QUIN-2
    assert "C¶25: «Точно так же они удваиваются при десятой" in out           # DOUBLE-2
    assert "C¶20: «Платежи. Тот, кто сносит в ренонс туза" in out             # ACE-1
    assert "(quoted above)" in out                                            # once each


def test_facts_name_the_lines():
    ruling = rule(LATE_QUINOLA, 1, load_profile("classic"))
    texts = [f.text for f in ruling.facts]
    assert texts[0] == "Deal 1 was dealt by Gleb."
    assert ruling.facts[0].line == 7
    assert any("After the exchange Vera held" in t and "J♥" in t for t in texts)
    assert [r.id for r in ruling.rules][:2] == ["PARTIE-1", "PARTIE-2"]


def test_comparison_differences_per_player():
    comparison = compare_rulings(LATE_QUINOLA, 1, load_profile("classic"), load_profile("modern"))
    diff = comparison.net_difference()
    assert sum(diff.values()) + (Fraction(comparison.b.settlement.pool_after)
                                 - Fraction(comparison.a.settlement.pool_after)) == 0
    assert diff == {"Anna": -31, "Boris": 6, "Vera": 25, "Gleb": 10}


def test_compare_and_set_on_the_command_line():
    result = run("arbitrate", str(LATE_QUINOLA), "--deal", "1", "--no-quotes",
                 "--set", "vis_a_vis_double=no")
    assert result.exit_code == 0, result.output
    assert "A = classic, B = classic, vis_a_vis_double=no" in result.output
    assert "Net per player" in result.output
    result = run("arbitrate", str(LATE_QUINOLA), "--deal", "1", "--compare", "modern",
                 "--no-quotes")
    assert "A = classic, B = modern" in result.output


@pytest.mark.parametrize("args", [["--compare", "nonesuch"], ["--set", "remise=lots"],
                                  ["--deal", "9"]])
def test_bad_arguments_are_usage_errors(args):
    base = ["arbitrate", str(LATE_QUINOLA)] + ([] if "--deal" in args else ["--deal", "1"])
    assert run(*base, *args).exit_code == 2


def test_a_void_deal_rests_on_its_own_rules():
    ruling = rule(Path(__file__).resolve().parents[1] / "samples" / "irregular.rvs", 12,
                  load_profile("classic"))
    assert [r.id for r in ruling.rules] == ["IRR-0", "IRR-3"]
    assert not any("first hand" in f.text for f in ruling.facts)
    assert [(p.payer, p.amount, p.rule) for p in ruling.settlement.payments] == [
        ("Anna", 20, "IRR-3")]
