"""``check`` against the table's own figures (issue 11): a tally or a paid line
that departs from the rules is a warning on its line, with its own code, in
English and Russian; ``--strict`` makes it an error."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from reversis_cli.sheet import figures as figures_module
from reversis_cli.check import check_file
from reversis_cli.cli import cli

from conftest import SAMPLES

ENV = {"COLUMNS": "200", "NO_COLOR": "1", "TERM": "dumb"}
SHEET = (SAMPLES / "score-sheet.rvs").read_text(encoding="utf-8")


def edited(*edits: tuple[str, str]) -> str:
    text = SHEET
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


def place(text: str, line_text: str, at: str) -> tuple[int, int]:
    """(line, column) of ``at`` in the line that starts with ``line_text``."""
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith(line_text):
            return number, line.index(at) + 1
    raise AssertionError(line_text)


DEAL3_TALLY = "  tally Anna -25 Boris -27 Vera +4 Gleb +3 pool 45"
DEAL2_TALLY = "  tally Anna -57 Boris -27 Vera +38 Gleb +1 pool 45"

# code, the edits, (the line it stands on, the text the caret is under),
# English and Russian words of its message
CASES = [
    ("RV317", [(DEAL3_TALLY, DEAL3_TALLY.replace("Vera +4", "Vera +6"))],
     ("  tally Anna -25 Boris -27 Vera +6", "+6"),
     "departs from the rules in this deal: Vera +6 on the sheet, +4 by the rules (+2)",
     "расходится с правилами в этой сдаче: Vera: в листе +6, по правилам +4 (+2)"),
    ("RV318", [(DEAL2_TALLY, DEAL2_TALLY.replace("Anna -57", "Anna -58")),
               (DEAL3_TALLY, DEAL3_TALLY.replace("Anna -25", "Anna -26"))],
     ("  tally Anna -26", "-26"),
     "a difference from the rules that began in deal 2: Anna -26 on the sheet, -25 by the "
     "rules (-1)",
     # a figure in a Russian sentence takes the minus sign (the line quoted keeps the file's)
     "расхождение с правилами, возникшее в сдаче 2: Anna: в листе −26, по правилам −25 (−1)"),
    ("RV319", [("  paid Vera Anna 30 PARTIE-4\n",
                "  paid Vera Anna 30 PARTIE-4\n  paid Gleb Anna 5\n")],
     ("  paid Gleb Anna 5", "paid"),
     "no payment of the rules matches this one: Gleb → Anna: 5 fiches",
     "по правилам такого платежа нет: Gleb → Anna: 5 фишек"),
    ("RV320", [("paid Vera Anna 2 ACE-1 trick 8", "paid Vera Anna 1 ACE-1 trick 8")],
     ("  paid Vera Anna 1 ACE-1", "1 ACE"),
     "the rules give 2 fiches for this payment, not 1 fiche: Vera → Anna: 2 fiches "
     "(ACE-1, trick 8)",
     "по правилам здесь причитается 2 фишки, в записи — 1 фишка: Vera → Anna: 2 фишки "
     "(ACE-1, взятка 8)"),
    # no line of its own: on the deal line, not on an unrelated paid line
    ("RV321", [("  paid Vera Gleb 2 ACE-1 trick 6\n", "")],
     ("deal 3 dealer Boris", "deal"),
     "a payment of the rules has no paid line in this deal: Vera → Gleb: 2 fiches "
     "(ACE-1, trick 6)",
     "платёж по правилам не записан строкой paid в этой сдаче: Vera → Gleb: 2 фишки "
     "(ACE-1, взятка 6)"),
]


def run(*args: str):
    return CliRunner().invoke(cli, list(args), env=ENV, prog_name="reversis")


@pytest.mark.parametrize("code,edits,where,english,russian", CASES, ids=[c[0] for c in CASES])
def test_each_disagreement_is_a_located_warning_in_both_languages(
        tmp_path, code, edits, where, english, russian):
    text = edited(*edits)
    path = tmp_path / "sheet.rvs"
    path.write_text(text, encoding="utf-8")
    line, column = place(text, *where)

    diags = [d for d in check_file(path).diagnostics if d.line == line]
    assert [d.code for d in diags] == [code], [(d.code, d.message) for d in diags]
    assert (diags[0].line, diags[0].column) == (line, column)
    assert not diags[0].is_error

    result = run("check", str(path))
    assert result.exit_code == 0, result.output
    assert f"{path}:{line}:{column}: warning[{code}]: " in result.output
    assert english in result.output
    shown = result.output.splitlines()
    at = next(i for i, text in enumerate(shown) if f"warning[{code}]" in text)
    assert shown[at + 2].rstrip().endswith("^")  # the line, and a caret under it

    russian_run = run("--lang", "ru", "check", str(path))
    assert f"предупреждение[{code}]" in russian_run.output
    assert russian in russian_run.output

    strict = run("check", "--strict", str(path))
    assert strict.exit_code == 1
    assert f"{path}:{line}:{column}: error[{code}]: " in strict.output


def test_a_sheet_that_agrees_with_its_rules_checks_clean():
    assert check_file(SAMPLES / "score-sheet.rvs").diagnostics == []


def test_the_sheet_that_goes_wrong_is_caught_with_the_deal_where_it_departed():
    """Done when (issue 11): the sample's sheet departs in deal 5 and carries it."""
    diags = check_file(SAMPLES / "disputed-sheet.rvs").diagnostics
    assert [(d.code, d.deal) for d in diags] == [
        ("RV320", 5), ("RV317", 5), ("RV318", 6), ("RV318", 7), ("RV318", 8)]
    assert all("began in deal 5" in d.message for d in diags[2:])
    assert "the rules give 2 fiches for this payment, not 1 fiche" in diags[0].message
    assert "Boris +55 on the sheet, +56 by the rules (-1)" in diags[1].message


def test_check_json_carries_the_warnings():
    import json

    result = run("check", "--json", str(SAMPLES / "disputed-sheet.rvs"))
    found = json.loads(result.output)
    assert [d["code"] for d in found["diagnostics"]] == [
        "RV320", "RV317", "RV318", "RV318", "RV318"]
    assert found["summary"]["warnings"] == 5 and result.exit_code == 0


def test_a_deal_with_errors_is_not_compared_and_later_tallies_say_so(tmp_path):
    # deal 3 gets a ten (an error): its paid lines and tally are not compared;
    # deal 4's tally then differs by what deal 3 moved, and says why.
    text = edited(("  1 Vera  4H 3H 5H KH", "  1 Vera  4H 3H 5H 10H"))
    path = tmp_path / "sheet.rvs"
    path.write_text(text, encoding="utf-8")
    diags = check_file(path).diagnostics
    figures = [d for d in diags if d.code in ("RV317", "RV318", "RV319", "RV320", "RV321")]
    assert all(d.deal != 3 for d in figures)
    # the sheet counted deal 3, the rules could not: the difference is dated from it
    assert figures and figures[0].deal == 4 and figures[0].code == "RV318"
    assert "began in deal 3" in figures[0].message
    assert "the rules' totals leave out deal 3, which has errors" in figures[0].message


def test_a_record_without_figures_is_read_once_and_never_settled(monkeypatch):
    def fail(*args):
        raise AssertionError("settled a record without paid or tally lines")

    monkeypatch.setattr(figures_module, "figure_diagnostics", fail)
    assert check_file(SAMPLES / "evening.rvs").diagnostics == []


@pytest.mark.slow
def test_checking_a_record_without_figures_does_not_load_the_comparison():
    # Start-up time (issue 9): the comparison with the rules is loaded only
    # for a record that has paid or tally lines.
    code = ("import sys; from reversis_cli.check import check_file; "
            f"check_file({str(SAMPLES / 'evening.rvs')!r}); "
            "print(sorted(m for m in ('reversis_cli.sheet.figures', "
            "'reversis_cli.sheet.reconcile') if m in sys.modules))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True)
    assert found.stdout.strip() == "[]"


def test_figures_from_standard_input_are_checked_too():
    text = edited(("paid Vera Anna 2 ACE-1 trick 8", "paid Vera Anna 1 ACE-1 trick 8"))
    result = CliRunner().invoke(cli, ["check", "-"], input=text, env=ENV)
    assert "<stdin>:50:18: warning[RV320]" in result.output
    assert "   50 |   paid Vera Anna 1 ACE-1 trick 8" in result.output


@pytest.mark.parametrize("language", ["en", "ru"])
def test_check_of_the_disputed_sheet_golden(golden, monkeypatch, language):
    monkeypatch.chdir(SAMPLES.parent)
    result = CliRunner().invoke(cli, ["--lang", language, "check", "samples/disputed-sheet.rvs"],
                                env={**ENV, "COLUMNS": "100"})
    assert result.exit_code == 0
    golden(("" if language == "en" else "ru/") + "check-disputed-sheet.txt", result.output)


# --- paid lines explained (issue 20, item 12) --------------------------------------------

DISPUTED = (SAMPLES / "disputed-sheet.rvs").read_text(encoding="utf-8")
STAKES = ("  paid Anna pool 10 POOL-1\n  paid Boris pool 10 POOL-1\n"
          "  paid Vera pool 10 POOL-1\n  paid Gleb pool 15 POOL-1\n")


def figure_warnings(tmp_path, text: str) -> list:
    path = tmp_path / "sheet.rvs"
    path.write_text(text, encoding="utf-8")
    return [d for d in check_file(path).diagnostics
            if d.code in ("RV317", "RV318", "RV319", "RV320", "RV321")]


def test_a_swapped_payer_and_payee_is_one_warning_that_says_so(tmp_path):
    text = edited(("paid Vera Anna 2 ACE-1 trick 8", "paid Anna Vera 2 ACE-1 trick 8"))
    diags = [d for d in figure_warnings(tmp_path, text) if d.deal == 3]
    assert [d.code for d in diags] == ["RV319"]  # not RV319 and RV321
    assert diags[0].message == ("Anna paid Vera; the rules have Vera pay Anna: Vera → Anna: "
                                "2 fiches (ACE-1, trick 8)")
    line, column = place(text, "  paid Anna Vera 2", "Anna")
    assert (diags[0].line, diags[0].column) == (line, column)
    russian = run("--lang", "ru", "check", str(tmp_path / "sheet.rvs")).output
    assert ("записано: платит Anna, получает Vera; по правилам наоборот — платит Vera, "
            "получает Anna: Vera → Anna: 2 фишки (ACE-1, взятка 8)") in russian


def test_the_table_is_set_right_by_one_payment_for_each_two_players(tmp_path):
    # the swap is set right by 4 (2 back, 2 due); the partie paid 1 short, to the same player
    text = edited(("paid Vera Anna 2 ACE-1 trick 8", "paid Anna Vera 2 ACE-1 trick 8"),
                  ("paid Vera Anna 30 PARTIE-4", "paid Vera Anna 29 PARTIE-4"))
    path = tmp_path / "sheet.rvs"
    path.write_text(text, encoding="utf-8")
    out = run("arbitrate", str(path), "--deal", "3", "--no-quotes").output
    section = out.split("To set the table right\n")[1].split("\n\n")[0]
    assert section == "  • Vera → Anna: 5 fiches"
    assert "— paid the wrong way round: the rules have the payee pay the payer" in out
    assert "the rules: Vera → Anna: 2 fiches (ACE-1, trick 8)" in out


def test_what_two_players_owe_each_other_is_netted(tmp_path):
    # Vera paid Anna 1 too much for the partie, and 2 too little for an ace: 1 in all
    text = edited(("paid Vera Anna 30 PARTIE-4", "paid Vera Anna 31 PARTIE-4"),
                  ("  paid Vera Anna 2 ACE-1 trick 8\n", ""))
    path = tmp_path / "sheet.rvs"
    path.write_text(text, encoding="utf-8")
    out = run("arbitrate", str(path), "--deal", "3", "--no-quotes").output
    assert out.split("To set the table right\n")[1].split("\n\n")[0] == \
        "  • Vera → Anna: 1 fiche"


def test_a_payment_with_no_line_is_said_on_the_deal_line(tmp_path):
    text = edited(("  paid Vera Gleb 2 ACE-1 trick 6\n", ""))
    (diag,) = figure_warnings(tmp_path, text)
    assert diag.code == "RV321"
    assert place(text, "deal 3 dealer Boris", "deal") == (diag.line, diag.column)
    shown = run("check", str(tmp_path / "sheet.rvs")).output
    assert "   37 | deal 3 dealer Boris\n      | ^" in shown


def test_paid_lines_for_the_play_only_take_the_stakes_as_paid(tmp_path):
    text = DISPUTED.replace(STAKES, "")
    assert text != DISPUTED
    diags = [d for d in figure_warnings(tmp_path, text) if d.deal == 5]
    assert [d.code for d in diags] == ["RV320", "RV317"]  # no RV321 for each stake
    path = tmp_path / "sheet.rvs"
    out = run("arbitrate", str(path), "--deal", "5", "--no-quotes").output
    assert "the stakes (POOL-1) are not written: taken as paid as the rules give them" in out
    assert "To set the table right\n  • Vera → Boris: 1 fiche\n" in out
    recorded = json.loads(run("score", "--json", str(path)).output)["deals"][4]["recorded"]
    assert recorded["stakes_implied"] is True
    assert all(p["match"] != "not_recorded" for p in recorded["payments"])


def test_once_a_stake_is_written_a_missing_one_is_a_warning(tmp_path):
    text = DISPUTED.replace("  paid Gleb pool 15 POOL-1\n", "")
    diags = [d for d in figure_warnings(tmp_path, text) if d.deal == 5]
    assert [d.code for d in diags] == ["RV321", "RV320", "RV317"]  # in the order of the lines
    assert "Gleb → the pool: 15 fiches (POOL-1)" in diags[0].message
