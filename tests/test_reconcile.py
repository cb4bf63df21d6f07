"""The table against the rules (issue 11): paid lines matched to the rules'
payments, score sheets to the running totals, and where a sheet departed."""

from __future__ import annotations

from pathlib import Path

import pytest

from reversis_cli.sheet.reconcile import (
    AGREES, NOT_IN_THE_RULES, NOT_RECORDED, OTHER_AMOUNT, SWAPPED, reconcile,
)
from reversis_cli.reader import record_from_text
from reversis_cli.session.service import Session

SHEET = Path(__file__).resolve().parent.parent / "samples" / "score-sheet.rvs"


def reconciled(text: str) -> dict:
    with record_from_text(text, "sheet.rvs") as record:
        session = Session.of(record)
        return {r.number: r for r in reconcile(session.deals(), session.players)}


def sheet(*edits: tuple[str, str]) -> str:
    text = SHEET.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    return text


def test_a_sheet_written_from_the_rules_agrees_everywhere():
    found = reconciled(sheet())
    assert sorted(found) == list(range(1, 9))
    assert all(r.agrees for r in found.values())
    assert [p.kind for p in found[3].payments] == [AGREES] * 3


def test_a_sheet_that_goes_wrong_in_deal_3_is_carried_and_named_after():
    found = reconciled(sheet(("tally Anna -25 Boris -27", "tally Anna -23 Boris -27")))
    assert found[2].agrees
    assert found[3].tally.differences == {"Anna": 2}
    assert found[3].tally.went_wrong_here
    # deal 4's sheet was written from deal 3's wrong figure: carried, begun in 3
    found4 = reconciled(sheet(("tally Anna -25 Boris -27", "tally Anna -23 Boris -27"),
                              ("tally Anna -24 Boris -25", "tally Anna -22 Boris -25")))[4]
    assert found4.tally.differences == {"Anna": 2}
    assert found4.tally.departed_in == 3 and not found4.tally.went_wrong_here


def test_a_sheet_put_right_agrees_again():
    found = reconciled(sheet(("tally Anna -25 Boris -27", "tally Anna -23 Boris -27")))
    assert found[4].agrees and found[4].tally.departed_in is None


def test_a_wrong_pool_on_the_sheet_is_a_difference():
    found = reconciled(sheet(("Gleb +3 pool 45", "Gleb +3 pool 40")))
    assert found[3].tally.pool_difference == -5 and not found[3].agrees


@pytest.mark.parametrize(("old", "new", "kinds", "correction"), [
    ("paid Vera Anna 30 PARTIE-4", "paid Vera Anna 15 PARTIE-4",
     [AGREES, AGREES, OTHER_AMOUNT], 15),
    ("paid Vera Anna 30 PARTIE-4", "paid Vera Anna 30",
     [AGREES, AGREES, AGREES], 0),
    # the payer and the payee swapped: one pair, set right by paying back and paying
    ("paid Vera Anna 30 PARTIE-4", "paid Anna Vera 30 PARTIE-4",
     [AGREES, AGREES, SWAPPED], 60),
    ("paid Vera Anna 30 PARTIE-4", "paid Anna Vera 30 PARTIE-4 trick 3",
     [AGREES, AGREES, NOT_IN_THE_RULES, NOT_RECORDED], None),
    ("  paid Vera Anna 30 PARTIE-4\n", "",
     [AGREES, AGREES, NOT_RECORDED], 30),
])
def test_paid_lines_are_matched_by_payer_payee_rule_and_trick(old, new, kinds, correction):
    pairs = reconciled(sheet((old, new)))[3].payments
    assert [p.kind for p in pairs] == kinds
    if correction is not None:
        assert pairs[-1].correction == correction
