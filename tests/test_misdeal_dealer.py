"""Only the dealer misdeals (IRR-2, IRR-3): ``misdeal NAME`` naming anyone else
is RV322 on the name, the deal is not settled, nobody is charged for it, and
the next deal's dealer is not derived from it."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.reader import record_from_text
from reversis_cli.replay import replay_deal
from reversis_cli.replay.plain import replay_plain

from records import HEADER, TRICKS
from settle_helpers import make_deal, row, rows
from test_settle_irregular import _void

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
HEAD = "reversis 1\nrules classic\n" + HEADER + "\n"
# newcomer-3's reproductions: Anna deals, the line names Boris.
LATE = HEAD + "deal 1 dealer Anna\n  misdeal Boris late\n"
REDEAL = (HEAD + "deal 1 dealer Anna\n  misdeal Boris\n  redeal paid\n\n"
          "deal 2 dealer Anna\n  exposed\n")


def diagnostics(text: str) -> list:
    with record_from_text(text, "t.rvs") as record:
        return [d for deal in record.deals() for d in deal.diagnostics]


def run(tmp_path, text: str, *args: str, lang: str = "en"):
    path = tmp_path / "t.rvs"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(cli, ["--lang", lang, *args, str(path)], env=ENV)


@pytest.mark.parametrize("line", ["misdeal Boris", "misdeal Boris late"])
def test_a_misdeal_by_another_than_the_dealer_is_RV322_on_the_name(line):
    (found,) = diagnostics(HEAD + f"deal 1 dealer Anna\n  {line}\n")
    assert (found.code, found.severity, found.line, found.column) == ("RV322", "error", 6, 11)
    assert found.message == ("only the dealer can misdeal: Anna deals this deal. "
                             "Correct the name of the misdealer, or the dealer")


def test_a_misdeal_by_the_dealer_is_no_error():
    assert diagnostics(HEAD + "deal 1 dealer Anna\n  misdeal Anna late\n") == []


def test_an_unknown_name_is_RV112_only():
    codes = [d.code for d in diagnostics(HEAD + "deal 1 dealer Anna\n  misdeal Zed\n")]
    assert codes == ["RV112"]


def test_check_reports_it_and_fails(tmp_path):
    result = run(tmp_path, LATE, "check")
    assert result.exit_code == 1
    assert "t.rvs:6:11: error[RV322]: only the dealer can misdeal: Anna deals" in result.output
    assert "    6 |   misdeal Boris late\n      |           ^" in result.output


def test_the_russian_says_zasdatsya(tmp_path):
    result = run(tmp_path, LATE, "check", lang="ru")
    assert "ошибка[RV322]: засдаться может только сдающий: сдаёт Anna." in result.output


@pytest.mark.parametrize("text", [LATE, REDEAL], ids=["late", "redeal-paid"])
def test_score_settles_nothing_and_charges_nobody(tmp_path, text):
    result = run(tmp_path, text, "score", "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    first = data["deals"][0]
    assert first["payments"] == [] and [d["code"] for d in first["diagnostics"]] == ["RV322"]
    assert set(data["totals"].values()) == {0} and data["pool_end"] == 0
    assert "Boris" not in result.output.split('"totals"')[1].replace('"Boris": 0', "")


@pytest.mark.parametrize("command", [["explain", "--deal", "1"], ["arbitrate", "--deal", "1"]])
def test_explain_and_arbitrate_do_not_settle_it(tmp_path, command):
    result = run(tmp_path, LATE, *command)
    assert result.exit_code == 1 and "error[RV322]" in result.output
    # The temporary folder's name (pytest-120, ...) may hold any digits: only the
    # deal's own words are looked at.
    payments = result.output.replace(str(tmp_path), "TMP").split("The payments")[-1]
    assert "IRR-3" not in payments
    assert "20" not in payments


def test_report_and_convert_refuse_it(tmp_path):
    page = tmp_path / "page.html"
    result = run(tmp_path, REDEAL, "report", "-o", str(page))
    assert result.exit_code == 1 and "error[RV322]" in result.output
    converted = run(tmp_path, REDEAL, "convert", "--to", "csv-payments", "-o", "-")
    assert converted.exit_code == 1 and "not converted" in converted.output
    assert "IRR-2" not in converted.output


@pytest.mark.parametrize("second", ["Anna", "Boris", "Vera"])
def test_the_next_dealer_is_not_derived_from_the_wrong_name(second):
    """After ``redeal paid`` the dealer deals again; which of Anna and Boris
    dealt is not known, so deal 2 is not held to either, and deal 3 is checked
    from deal 2 again."""
    text = (HEAD + "deal 1 dealer Anna\n  misdeal Boris\n  redeal paid\n\n"
            f"deal 2 dealer {second}\n  exposed\n\ndeal 3 dealer Gleb\n  exposed\n")
    found = [(d.code, d.deal) for d in diagnostics(text)]
    assert found == [("RV322", 1), ("RV302", 3)]


def test_a_misdeal_by_another_is_never_replayed_plain():
    """The one-pass replay gives such a deal to the full walk, which finds RV322."""
    text = HEAD + "deal 1 dealer Gleb\n  misdeal Anna\n" + TRICKS
    with record_from_text(text) as record:
        (checked,) = list(record.deals())
    assert checked.deal is not None
    assert replay_plain(checked.deal, record.players) is None
    codes = {d.code for d in replay_deal(checked.deal, record.players).diagnostics}
    assert {"RV322", "RV309"} <= codes


def test_the_settlement_charges_the_dealer_whatever_the_line_names():
    """Should such a deal reach the settlement without the check, IRR-2 and
    IRR-3 still charge the dealer (Gleb), never the name written."""
    late = _void(["misdeal Anna late"])
    assert rows(late.payments) == [row("Gleb", "pool", 20, "IRR-3")]
    paid = _void(["misdeal Vera", "redeal paid"])
    assert rows(paid.payments) == [row("Gleb", "pool", 5, "IRR-2")]
    assert make_deal([], events=["misdeal Vera"]).dealer == 3  # Gleb, the helpers' dealer


def test_record_refuses_the_line(tmp_path):
    path = tmp_path / "s.rvs"
    result = CliRunner().invoke(
        cli, ["record", str(path), "--plain", "--players", "Anna,Boris,Vera,Gleb",
              "--rules", "classic", "--dealer", "Gleb"], input="misdeal Anna\nquit\n", env=ENV)
    assert "error[RV322]: only the dealer can misdeal: Gleb deals" in result.output
    assert "Line not taken." in result.output and "misdeal" not in path.read_text("utf-8")
