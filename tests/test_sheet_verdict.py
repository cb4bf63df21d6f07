"""Which deal a score sheet's verdict blames (issue 20, item 8).

A tally is read against the sheet before it: what it carries from an earlier
deal is said apart from what it adds, only what it adds is "in this deal",
a run of deals without a sheet is named as the place where the slip may lie,
and a sheet whose figures and pool no longer add up says so.  ``check`` (RV317,
RV318) and ``arbitrate`` say the same thing.

The records are samples/score-sheet.rvs, whose sheet agrees with the rules
after every deal, with some of its tallies shifted or left out.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from reversis_cli.check import check_file
from reversis_cli.cli import cli

from conftest import SAMPLES

ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
SHEET = (SAMPLES / "score-sheet.rvs").read_text(encoding="utf-8")
TALLY = re.compile(r"^  tally (.*)$", re.M)
FIGURE = re.compile(r"(Anna|Boris|Vera|Gleb|pool) ([+-]?\d+)")


def sheet(shifts: dict[int, dict[str, int]] | None = None, omit: tuple[int, ...] = (),
          no_pool: tuple[int, ...] = ()) -> str:
    """The sample with deal N's tally shifted by ``shifts[N]`` (the sheet's
    difference from the rules after that deal), left out (``omit``), or
    without its pool (``no_pool``)."""
    shifts = shifts or {}
    tallies = iter(range(1, 9))

    def rewrite(found: re.Match) -> str:
        deal = next(tallies)
        if deal in omit:
            return "  # (no tally written)"
        moved = shifts.get(deal, {})

        def figure(m: re.Match) -> str:
            name, value = m.group(1), int(m.group(2)) + moved.get(m.group(1), 0)
            if name == "pool":
                return f"pool {value}"
            return f"{name} {value:+d}" if value else f"{name} 0"

        text = FIGURE.sub(figure, found.group(1))
        if deal in no_pool:
            text = text[:text.index(" pool")]
        return "  tally " + text

    return TALLY.sub(rewrite, SHEET)


def sheet_warnings(tmp_path, text: str) -> list:
    path = tmp_path / "sheet.rvs"
    path.write_text(text, encoding="utf-8")
    return [d for d in check_file(path).diagnostics if d.code in ("RV317", "RV318")]


def said(diags) -> list[tuple[str, int, str]]:
    return [(d.code, d.deal, d.message) for d in diags]


def caret_on(text: str, d) -> str:
    """The figure (or word) the caret of ``d`` stands on."""
    line = text.splitlines()[d.line - 1]
    return line[d.column - 1:].split()[0]


def run(*args: str):
    return CliRunner().invoke(cli, list(args), env=ENV, prog_name="reversis")


def test_the_unshifted_sample_agrees(tmp_path):
    assert sheet() == SHEET
    assert sheet_warnings(tmp_path, sheet()) == []


def test_a_new_difference_is_in_this_deal_and_later_sheets_carry_it(tmp_path):
    diags = sheet_warnings(tmp_path, sheet({d: {"Anna": 1, "Vera": -1} for d in range(3, 9)}))
    assert said(diags)[0] == (
        "RV317", 3, "the score sheet departs from the rules in this deal: Anna -24 on the "
        "sheet, -25 by the rules (+1), Vera +3 on the sheet, +4 by the rules (-1)")
    assert [(c, d) for c, d, _ in said(diags)[1:]] == [("RV318", n) for n in range(4, 9)]
    assert all("began in deal 3:" in d.message for d in diags[1:])
    # the four figures and the pool still add up: nothing said of it
    assert not any("does not add up" in d.message for d in diags)


def test_a_carried_difference_and_a_new_one_are_said_apart(tmp_path):
    """The review's case: deal 4 is blamed only for what it adds."""
    shifts = {3: {"Anna": 1, "Vera": -1}, 4: {"Anna": 1, "Vera": -1},
              5: {"Anna": 1, "Vera": -1, "Boris": 1}}
    text = sheet(shifts)
    diags = sheet_warnings(tmp_path, text)
    fifth = next(d for d in diags if d.deal == 5)
    assert fifth.code == "RV317"
    assert fifth.message.startswith(
        "the score sheet carries deal 3's difference (Anna +1, Vera -1) and adds in this deal: "
        "Boris -45 on the sheet, -46 by the rules (+1)")
    assert "Anna -25 on the sheet" not in fifth.message  # Anna's is carried, not new
    assert caret_on(text, fifth) == "-45"  # on the figure it adds, not on Anna's
    # the sheet's figures and pool come to +1: the clearest sign of a slip in adding
    assert fifth.message.endswith(
        "; the sheet does not add up: its four figures and the pool come to 1 where they "
        "should come to 0 (a slip in the sheet's arithmetic)")


def test_differences_from_two_deals_are_each_named_where_they_began(tmp_path):
    shifts = {3: {"Anna": 1, "Vera": -1}, 4: {"Anna": 1, "Vera": -1},
              5: {"Anna": 1, "Vera": -1, "Boris": 1}, 6: {"Anna": 1, "Vera": -1, "Boris": 1}}
    sixth = next(d for d in sheet_warnings(tmp_path, sheet(shifts)) if d.deal == 6)
    assert sixth.code == "RV318"
    assert sixth.message.startswith(
        "the score sheet carries deal 3's difference (Anna +1, Vera -1), deal 5's "
        "difference (Boris +1)")


def test_a_carried_difference_set_right_wholly_is_no_longer_a_warning(tmp_path):
    shifts = {3: {"Anna": 1, "Vera": -1}, 4: {"Anna": 1, "Vera": -1}}
    diags = sheet_warnings(tmp_path, sheet(shifts))
    assert [(d.code, d.deal) for d in diags] == [("RV317", 3), ("RV318", 4)]


def test_a_carried_difference_set_right_partly_is_carried_with_what_was_set_right(tmp_path):
    shifts = {3: {"Anna": 1, "Vera": -1}, 4: {"Anna": 1, "Vera": -1}, 5: {"Vera": -1}}
    text = sheet(shifts)
    fifth = next(d for d in sheet_warnings(tmp_path, text) if d.deal == 5)
    # nothing new went wrong in deal 5: Vera's is deal 3's, Anna's is gone
    assert fifth.code == "RV318"
    assert fifth.message == (
        "the score sheet carries a difference from the rules that began in deal 3: Vera +38 on "
        "the sheet, +39 by the rules (-1); set right since the sheet before: Anna (it was +1); "
        "the sheet does not add up: its four figures and the pool come to -1 where they should "
        "come to 0 (a slip in the sheet's arithmetic)")
    assert caret_on(text, fifth) == "+38"


def test_a_carried_difference_that_changes_is_new_in_this_deal_with_what_it_was(tmp_path):
    shifts = {3: {"Anna": 1, "Vera": -1}, 4: {"Anna": 1, "Vera": -1},
              5: {"Anna": 3, "Vera": -1}}
    fifth = next(d for d in sheet_warnings(tmp_path, sheet(shifts)) if d.deal == 5)
    assert fifth.code == "RV317"
    assert fifth.message.startswith(
        "the score sheet carries deal 3's difference (Vera -1) and adds in this deal: "
        "Anna -23 on the sheet, -26 by the rules (+3; it was +1)")


def test_no_sheet_before_the_first_one_names_every_deal_up_to_it(tmp_path):
    text = sheet({4: {"Anna": 1, "Vera": -1}}, omit=(1, 2, 3))
    (fourth, *_) = sheet_warnings(tmp_path, text)
    assert fourth.deal == 4 and fourth.code == "RV317"
    assert fourth.message.startswith(
        "the score sheet departs from the rules somewhere in deals 1–4 (no score sheet before "
        "this one): Anna -23 on the sheet")
    assert "in this deal" not in fourth.message


def test_a_gap_in_the_middle_names_the_deals_since_the_sheet_before(tmp_path):
    """The review's sheet-gap: never "in this deal" when the deals between
    have no sheet."""
    text = sheet({5: {"Boris": 1}, 6: {"Boris": 1}}, omit=(3, 4))
    diags = sheet_warnings(tmp_path, text)
    assert said(diags)[0][:2] == ("RV317", 5)
    assert diags[0].message.startswith(
        "the score sheet departs from the rules somewhere in deals 3–5 (no score sheet "
        "between deal 2's and this one): Boris -45 on the sheet, -46 by the rules (+1)")
    # the next sheet carries it from the whole run
    assert diags[1].message.startswith(
        "the score sheet carries a difference from the rules that began somewhere in deals "
        "3–5: Boris")


def test_a_carried_difference_and_a_new_one_across_a_gap(tmp_path):
    shifts = {2: {"Anna": 1, "Vera": -1}, 5: {"Anna": 1, "Vera": -1, "Boris": 1},
              6: {"Anna": 1, "Vera": -1, "Boris": 1}}
    diags = sheet_warnings(tmp_path, sheet(shifts, omit=(3, 4)))
    fifth, sixth = (next(d for d in diags if d.deal == n) for n in (5, 6))
    assert fifth.message.startswith(
        "the score sheet carries deal 2's difference (Anna +1, Vera -1) and adds somewhere in "
        "deals 3–5 (no score sheet between deal 2's and this one): Boris -45 on the sheet")
    assert sixth.code == "RV318" and sixth.message.startswith(
        "the score sheet carries deal 2's difference (Anna +1, Vera -1), the difference "
        "from deals 3–5 (Boris +1)")


def test_a_pool_that_departs_is_a_new_difference_on_its_figure(tmp_path):
    text = sheet({4: {"pool": 1}})
    (fourth,) = [d for d in sheet_warnings(tmp_path, text) if d.deal == 4]
    assert fourth.code == "RV317"
    assert fourth.message == (
        "the score sheet departs from the rules in this deal: the pool +91 on the sheet, +90 "
        "by the rules (+1); the sheet does not add up: its four figures and the pool come to "
        "1 where they should come to 0 (a slip in the sheet's arithmetic)")
    assert caret_on(text, fourth) == "91"


def test_a_pool_left_off_a_sheet_is_carried_from_the_last_sheet_that_wrote_it(tmp_path):
    text = sheet({3: {"pool": 1}, 5: {"pool": 1}}, no_pool=(4,))
    diags = sheet_warnings(tmp_path, text)
    assert [(d.code, d.deal) for d in diags] == [("RV317", 3), ("RV318", 5)]
    assert "began in deal 3: the pool" in diags[1].message


def test_a_sheet_without_its_pool_is_not_said_to_not_add_up(tmp_path):
    diags = sheet_warnings(tmp_path, sheet({3: {"Boris": 1}}, no_pool=(3,)))
    assert diags[0].code == "RV317" and "add up" not in diags[0].message


def test_arbitrate_says_what_check_says(tmp_path):
    shifts = {3: {"Anna": 1, "Vera": -1}, 5: {"Anna": 1, "Vera": -1, "Boris": 1}}
    text = sheet(shifts, omit=(4,))
    path = tmp_path / "sheet.rvs"
    path.write_text(text, encoding="utf-8")
    fifth = next(d for d in check_file(path).diagnostics if d.deal == 5)
    out = run("arbitrate", str(path), "--deal", "5", "--no-quotes").output
    section = " ".join(out.split("The score sheet after the deal")[1].split())
    assert section == fifth.message[0].upper() + fifth.message[1:] + "."
    assert "adds somewhere in deals 4–5 (no score sheet between deal 3's and this one)" \
        in section


def test_russian_says_it_apart_too(tmp_path):
    shifts = {3: {"Anna": 1, "Vera": -1}, 4: {"Anna": 1, "Vera": -1, "Boris": 1}}
    path = tmp_path / "sheet.rvs"
    path.write_text(sheet(shifts), encoding="utf-8")
    out = " ".join(run("--lang", "ru", "check", str(path)).output.split())
    # the figures in the sentence with the minus sign; the quoted line keeps the file's
    assert ("в листе счёта остаётся от прежних сдач: расхождение из сдачи 3 (Anna +1, "
            "Vera −1); новое расхождение в этой сдаче: Boris: в листе −24, по правилам "
            "−25 (+1); лист счёта не сходится: четыре итога и корзина дают в сумме 1, а должны "
            "давать 0 (ошибка в подсчёте)") in out


def test_score_names_the_run_of_deals_where_the_sheet_departed(tmp_path):
    path = tmp_path / "sheet.rvs"
    path.write_text(sheet({5: {"Boris": 1}, 6: {"Boris": 1}}, omit=(3, 4)), encoding="utf-8")
    out = " ".join(run("score", str(path)).output.split())
    assert "it departed from them in deals 3–5 (with no sheet between" in out


def test_score_json_says_what_is_carried_and_what_is_new(tmp_path):
    shifts = {3: {"Anna": 1, "Vera": -1}, 5: {"Anna": 1, "Vera": -1, "Boris": 1}}
    path = tmp_path / "sheet.rvs"
    path.write_text(sheet(shifts, omit=(4,)), encoding="utf-8")
    deals = json.loads(run("score", "--json", str(path)).output)["deals"]
    tally = deals[4]["recorded"]["tally"]
    assert tally["carried"] == [{"between": [3, 3], "differences": {"Anna": 1, "Vera": -1}}]
    assert tally["new"] == [{"between": [4, 5], "differences": {"Boris": 1}}]
    assert tally["adds_up"] is False and tally["departed_in"] == 5
    assert deals[2]["recorded"]["tally"]["adds_up"] is True


@pytest.mark.parametrize("name", ["sheet-mistakes", "sheet-gap"])
def test_the_reviews_sheets(tmp_path, name):
    """newcomer-3's two records, rebuilt here: deal 2 pays a doubled ace single
    (the sheet carries it), and deal 4's sheet writes Boris -181 for -182."""
    diags = sheet_warnings(tmp_path, REVIEW[name])
    fourth = next(d for d in diags if d.deal == 4)
    assert fourth.code == "RV317"
    if name == "sheet-mistakes":
        assert fourth.message.startswith(
            "the score sheet carries deal 2's difference (Anna +1, Vera -1) and adds in this "
            "deal: Boris -181 on the sheet, -182 by the rules (+1);")
    else:
        assert fourth.message.startswith(
            "the score sheet departs from the rules somewhere in deals 2–4 (no score sheet "
            "between deal 1's and this one):")
    assert "does not add up" in fourth.message


_TRICKS = {1: """deal 1 dealer Gleb
   1 Anna  2C 3C 6C 5C
   2 Vera  2D 3D 4D 8D
   3 Boris 3H 5H 2H QH
   4 Anna  4C 9C QC KC
   5 Gleb  7S 3S 5S 6S
   6 Gleb  5D 9D 6D 7D
   7 Anna  2S AS KS QS
   8 Boris 4H 7H JS 9H
   9 Anna  8C JC QD JD
  10 Boris 6H 8H 9S AD
  11 Vera  4S 8S 7C AH
  tally Anna +16 Boris -24 Vera -18 Gleb -19 pool 45
""", 2: """deal 2 dealer Anna
   1 Boris 4D 5D 3D 7D
   2 Anna  3S 6S JS 5S
   3 Vera  4H 2H QH 6H
   4 Anna  5C 4C 3C 2C
   5 Anna  7C 6C AH AS
   6 Anna  8C JC KD QD
   7 Boris 2D 6D 9H QS
   8 Vera  8D 7H QC KS
   9 Vera  8H 5H 9S 3H
  10 Vera  9D 4S 9C KC
  11 Vera  JD 2S 8S 7S
""", 3: """deal 3 dealer Boris
   1 Vera  3D 2D JH KD
   2 Boris 2S 4S 5S QS
   3 Anna  2H 5H QD 3H
   4 Boris 3S JD 7S JS
   5 Anna  3C 9C 7C 8C
   6 Boris 7H 9D KS 6H
   7 Boris 6S 6D QC AH
   8 Boris 8S 6C JC AC
   9 Boris 9S 5D 7D QH
  10 Boris 9H 4D 5C 8H
  11 Boris KH 2C 4C 4H
""", 4: """deal 4 dealer Vera
   1 Gleb  2H AC 7H 4H
   2 Boris AD 9D 5D 8D
   3 Boris KD 7D 3D 2D
   4 Boris QD 4D QH QC
   5 Boris JD AH 9H JC
   6 Boris 6D 9S 9C 8C
   7 Boris KC 2C 4C 7C
   8 Boris AS 8S 5S 3S
   9 Boris QS 7S 8H 6C
  10 Boris JS 6S 6H 5C
  11 Boris 2S 4S 3H 3C
  tally Anna +56 Boris -181 Vera +13 Gleb +23 pool 90
"""}
_HEAD = "reversis 1\nrules classic\nplayers Anna Boris Vera Gleb\n\n"
_DEAL2_SHEET = ("  paid Anna Vera 1 ACE-1 trick 5\n"
                "  tally Anna +14 Boris -24 Vera -36 Gleb +1 pool 45\n")
_DEAL3_SHEET = "  tally Anna +66 Boris -63 Vera -36 Gleb +33 pool 0\n"
REVIEW = {
    "sheet-mistakes": _HEAD + "\n".join([_TRICKS[1], _TRICKS[2] + _DEAL2_SHEET,
                                         _TRICKS[3] + _DEAL3_SHEET, _TRICKS[4]]),
    "sheet-gap": _HEAD + "\n".join(_TRICKS[n] for n in range(1, 5)),
}


def test_deals_out_of_order_never_name_a_run_backwards(tmp_path):
    # deal 4 numbered 3 (RV301, not settled): the sheets after it still name real deals
    text = sheet({5: {"Boris": 1}}).replace("deal 4 dealer Vera", "deal 3 dealer Vera")
    diags = sheet_warnings(tmp_path, text)
    runs = [(int(a), int(b)) for d in diags for a, b in re.findall(r"deals (\d+)–(\d+)",
                                                                    d.message)]
    assert diags and runs and all(first < last for first, last in runs)
    assert all("the rules' totals leave out deal 3, which has errors" in d.message
               for d in diags)
