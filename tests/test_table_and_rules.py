"""``arbitrate --deal N``: "The table and the rules" (issue 11), each recorded
payment against the rules' payment, each mismatch with the rules that decide
it, and the payments that would set the table right; in English and Russian."""

from __future__ import annotations

from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.sheet.figures import corrections, deal_reconciliation, payment_rulings
from reversis_cli.i18n import english
from reversis_cli.sheet.reconcile import AGREES, NOT_IN_THE_RULES, NOT_RECORDED, OTHER_AMOUNT
from reversis_cli.rules import load_profile

from conftest import SAMPLES

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
DISPUTED = ("arbitrate", "samples/disputed-sheet.rvs", "--deal", "5", "--no-quotes")
SHEET = (SAMPLES / "score-sheet.rvs").read_text(encoding="utf-8")


def run(*args, input=None):
    result = CliRunner().invoke(cli, list(args), env=ENV, input=input)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_disputed_deal_golden_in_english(golden, monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    golden("arbitrate-disputed-5.txt", run(*DISPUTED))


def test_the_disputed_deal_golden_in_russian(golden, monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    golden("ru/arbitrate-disputed-5.txt", run("--lang", "ru", *DISPUTED))


def test_arbitrate_explains_the_disputed_deal_payment_by_payment(monkeypatch):
    """Done when (issue 11): every paid line has its verdict, the wrong one its
    rule and the payment that sets it right, and the sheet where it departed.
    In a pipe of 80 columns nothing is left of a line that agrees when a grep
    takes it out (issue 20): those are said in one line."""
    monkeypatch.chdir(SAMPLES.parent)
    section = run(*DISPUTED).split("The table and the rules", 1)[1]
    verdicts = [line for line in section.splitlines() if line.startswith("  • line")]
    # the one that departs in full, the eight that agree in one line (issue 20)
    assert verdicts == [
        "  • line 83: Vera → Boris: 1 fiche (ACE-2, trick 10) — another amount than the rules "
        "give",
        "  • lines 77–82, 84, 85 agree with the rules"]
    assert "the rules: Vera → Boris: 2 fiches (ACE-2, trick 10)" in section
    assert "doubled for trick 10 (DOUBLE-2)" in section
    assert "ACE-2  An ace forced out by the suit led costs its holder 1" in section
    assert "To set the table right\n  • Vera → Boris: 1 fiche\n" in section
    assert "The score sheet departs from the rules in this deal: Boris +55 on the sheet" in section


def test_a_deal_with_a_tally_only_shows_the_sheet_and_one_without_figures_nothing(
        monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    out = run("arbitrate", "samples/disputed-sheet.rvs", "--deal", "4", "--no-quotes")
    # the section says what it lacks rather than stand empty (russian-4, A12)
    assert out.endswith("The table and the rules\n  The table's payments are not written in "
                        "this deal (no paid lines).\n\nThe score sheet after the deal\n"
                        "  It agrees with the rules' running totals.\n")
    assert "The table and the rules" not in run("arbitrate", "samples/evening.rvs", "--deal",
                                                "2", "--no-quotes")


def test_a_later_deal_names_the_deal_where_the_sheet_departed(monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    out = run("arbitrate", "samples/disputed-sheet.rvs", "--deal", "7", "--no-quotes")
    assert "The score sheet carries a difference from the rules that began in deal 5:" in out


def test_from_standard_input_too():
    text = (SAMPLES / "disputed-sheet.rvs").read_text(encoding="utf-8")
    out = run("arbitrate", "-", "--deal", "5", "--no-quotes", input=text)
    assert "To set the table right\n  • Vera → Boris: 1 fiche\n" in out


def test_each_kind_of_mismatch_and_its_correction(tmp_path):
    # deal 3 of the agreeing sheet: one payment left out, one invented, one short
    text = (SHEET.replace("  paid Vera Gleb 2 ACE-1 trick 6\n", "")
            .replace("paid Vera Anna 2 ACE-1 trick 8", "paid Vera Anna 1 ACE-1 trick 8")
            .replace("  paid Vera Anna 30 PARTIE-4\n",
                     "  paid Vera Anna 30 PARTIE-4\n  paid Gleb Anna 5 QUIN-1\n"))
    path = tmp_path / "sheet.rvs"
    path.write_text(text, encoding="utf-8")
    rec = deal_reconciliation(path, load_profile("classic"), 3)
    assert rec is not None
    rulings = payment_rulings(rec)
    assert {r.pair.kind for r in rulings} == {AGREES, OTHER_AMOUNT, NOT_IN_THE_RULES,
                                              NOT_RECORDED}
    assert {english(c) for c in corrections(rulings)} == {
        "Vera → Anna: 1 fiche",  # the rest of what is due
        "Anna → Gleb: 5 fiches",  # given back
        "Vera → Gleb: 2 fiches",  # not paid at all
    }
    assert rulings[-1].pair.kind == NOT_RECORDED  # after the lines, in the record's order
    assert [r.deciding for r in rulings if r.pair.kind == NOT_IN_THE_RULES] == [("QUIN-1",)]
    out = run("arbitrate", str(path), "--deal", "3", "--no-quotes")
    assert "not recorded: Vera → Gleb: 2 fiches (ACE-1, trick 6) — due by the rules, not " \
           "paid at the table" in out
    assert "— the rules give no such payment" in out
    assert "QUIN-1  The quinola thrown on another suit" in out


def test_a_deal_with_errors_says_there_is_nothing_to_compare(tmp_path):
    path = tmp_path / "sheet.rvs"
    path.write_text(SHEET.replace("  1 Vera  4H 3H 5H KH", "  1 Vera  4H 3H 5H 10H"),
                    encoding="utf-8")
    result = CliRunner().invoke(cli, ["arbitrate", str(path), "--deal", "3", "--no-quotes"],
                                env=ENV)
    assert "This deal has errors: the rules give no payments to set the table's against." \
        in result.output
    assert result.exit_code == 1


# --- score: the sheet beside the rules -------------------------------------------------

SCORE = ("score", "samples/disputed-sheet.rvs")


def _session_table(output: str, title: str) -> str:
    """The session table at the end of score's output, from its title."""
    at = max(output.rfind("\n" + title + " "), output.rfind("\n" + title + "\n"))
    assert at >= 0, title
    return output[at + 1:]


def test_score_session_table_shows_the_sheet_golden(golden, monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    golden("score-disputed-sheet-session.txt", _session_table(run(*SCORE), "Session"))


def test_score_session_table_shows_the_sheet_golden_in_russian(golden, monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    golden("ru/score-disputed-sheet-session.txt",
           _session_table(run("--lang", "ru", *SCORE), "Игра"))


def test_the_sheet_row_marks_only_the_figures_that_differ(monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    table = _session_table(run(*SCORE), "Session").splitlines()
    sheet_rows = [line for line in table if line.startswith("   sheet")]
    assert len(sheet_rows) == 8  # a tally after every deal
    assert [row.count("≠") for row in sheet_rows] == [0, 0, 0, 0, 2, 2, 2, 2]
    assert "≠+55" in sheet_rows[4] and "≠+54" in sheet_rows[4]
    assert "departed from them in deal 5" in " ".join(table)


def test_a_record_without_a_tally_has_no_sheet_rows(monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    out = run("score", "samples/evening.rvs")
    assert " sheet " not in out and "≠" not in out


def _score_json(*args):
    import json

    return json.loads(run("score", "--json", *args))


def test_score_json_recorded_block(monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    deals = _score_json("samples/disputed-sheet.rvs")["deals"]
    fifth = deals[4]["recorded"]
    assert fifth["settled"] is True
    kinds = [p["match"] for p in fifth["payments"]]
    assert kinds.count("agrees") == 8 and kinds.count("other_amount") == 1
    wrong = next(p for p in fifth["payments"] if p["match"] == "other_amount")
    assert wrong == {
        "match": "other_amount", "line": 83,
        "recorded": {"payer": "Vera", "payee": "Boris", "amount": 1, "rule": "ACE-2",
                     "trick": 10},
        "rules": {"payer": "Vera", "payee": "Boris", "amount": 2, "rule": "ACE-2", "trick": 10},
        "correction": 1}
    assert fifth["tally"]["differences"] == {"Boris": -1, "Vera": 1}
    assert fifth["tally"]["departed_in"] == 5 and fifth["tally"]["agrees"] is False
    assert fifth["tally"]["sheet"]["Boris"] == 55 and fifth["tally"]["rules"]["Boris"] == 56
    seventh = deals[6]["recorded"]
    assert seventh["payments"] == [] and seventh["tally"]["departed_in"] == 5
    first = deals[0]["recorded"]["tally"]
    assert first["agrees"] is True and first["departed_in"] is None
    assert first["pool_sheet"] == first["pool_rules"] and first["pool_difference"] is None


def test_score_json_without_figures_has_no_recorded_block(monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    deals = _score_json("samples/evening.rvs")["deals"]
    assert deals and all("recorded" not in deal for deal in deals)


def test_score_json_one_deal_does_not_say_where_the_sheet_departed(monkeypatch):
    monkeypatch.chdir(SAMPLES.parent)
    (deal,) = _score_json("samples/disputed-sheet.rvs", "--deal", "6")["deals"]
    tally = deal["recorded"]["tally"]
    assert tally["differences"] == {"Boris": -1, "Vera": 1}  # the totals are the session's
    assert tally["departed_in"] is None  # the deals before were not compared


def test_the_deciding_rules_are_every_rule_a_payment_rests_on(monkeypatch):
    """The forced ace of the late trick 10 was paid single: the rules that
    decide it are ACE-2 and DOUBLE-2, the doubling the table forgot."""
    monkeypatch.chdir(SAMPLES.parent)
    rec = deal_reconciliation("samples/disputed-sheet.rvs", load_profile("classic"), 5)
    assert rec is not None
    [wrong] = [r for r in payment_rulings(rec) if r.pair.kind == OTHER_AMOUNT]
    assert wrong.deciding == ("ACE-2", "DOUBLE-2")


def test_in_eighty_columns_a_grep_leaves_no_stray_word(monkeypatch):
    """Review newcomer-3, finding 22: `| grep -v 'agrees with'` left "    rules",
    the end of a line that agrees, wrapped."""
    monkeypatch.chdir(SAMPLES.parent)
    out = CliRunner().invoke(cli, list(DISPUTED), env={**ENV, "COLUMNS": "80"}).output
    lines = out.split("The table and the rules", 1)[1].splitlines()
    for index, line in enumerate(lines[:-1]):
        if "agree" in line:
            after = lines[index + 1]
            assert not after.strip() or after.startswith("  • "), (line, after)
