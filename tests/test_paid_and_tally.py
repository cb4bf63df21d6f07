"""The table's own figures in a record: ``paid`` and ``tally`` lines (issue 11, item 1).

Read into the model with every value and place, written back by ``fmt``
byte-stably after the tricks, and each way of writing them wrong a located
error with its own code."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from reversis_cli.amounts import amount_text, read_amount
from reversis_cli.convert.fmt import canonical_text
from reversis_cli.i18n import t, use
from reversis_cli.model import PaidLine, Pos, TallyLine
from reversis_cli.reader import record_from_text

from records import MINIMAL, codes_of
from settle_helpers import settlement_of

# MINIMAL's last line (trick 11) is line 13: the lines added below start at 14.
FIRST = 14


def deal_of(extra: str):
    with record_from_text(MINIMAL + extra, "t.rvs") as record:
        (checked,) = list(record.deals())
    return checked


# --- reading ------------------------------------------------------------------------


@pytest.mark.parametrize("line, payer, payee, amount, rule, trick", [
    ("paid Anna pool 45", "Anna", "pool", 45, None, None),
    ("paid pool Boris 5/2", "pool", "Boris", Fraction(5, 2), None, None),
    ("paid Anna Boris 1 ACE-2", "Anna", "Boris", 1, "ACE-2", None),
    ("paid Vera Gleb 2 ACE-1 trick 10", "Vera", "Gleb", 2, "ACE-1", 10),
    ("paid Vera Gleb 16 trick 3", "Vera", "Gleb", 16, None, 3),
    ("paid Anna Boris 10/2", "Anna", "Boris", 5, None, None),
])
def test_a_paid_line_is_read_with_every_value(line, payer, payee, amount, rule, trick):
    checked = deal_of(f"  {line}\n")
    assert checked.diagnostics == ()
    (paid,) = checked.deal.paid
    assert (paid.payer.text, paid.payee.text, paid.amount, paid.rule, paid.trick) == \
        (payer, payee, amount, rule, trick)
    assert type(paid.amount) is type(amount)  # exact: int when whole, else Fraction
    assert paid.pos == Pos(FIRST, 3) and paid.payer.pos == Pos(FIRST, 8)
    assert paid.payer_is_pool == (payer == "pool") and paid.payee_is_pool == (payee == "pool")


def test_a_paid_line_knows_where_each_value_is_written():
    (paid,) = deal_of("  paid Anna pool 45 ACE-2 trick 10\n").deal.paid
    assert (paid.payee.pos, paid.amount_pos, paid.rule_pos, paid.trick_pos) == \
        (Pos(FIRST, 13), Pos(FIRST, 18), Pos(FIRST, 21), Pos(FIRST, 33))


@pytest.mark.parametrize("line, totals, pool", [
    ("tally Anna +7 Boris -3 Vera 0 Gleb -4", {"Anna": 7, "Boris": -3, "Vera": 0, "Gleb": -4},
     None),
    ("tally Gleb -4 Vera 0 Boris -3 Anna +7 pool 45",
     {"Gleb": -4, "Vera": 0, "Boris": -3, "Anna": 7}, 45),
    ("tally Anna 7 Boris -5/2 Vera +5/2 Gleb -7 pool 5/2",
     {"Anna": 7, "Boris": Fraction(-5, 2), "Vera": Fraction(5, 2), "Gleb": -7}, Fraction(5, 2)),
])
def test_a_tally_line_is_read_with_every_figure(line, totals, pool):
    checked = deal_of(f"  {line}\n")
    assert checked.diagnostics == ()
    tally = checked.deal.tally
    assert isinstance(tally, TallyLine)
    assert tally.totals == totals and list(tally.totals) == list(totals)  # order as written
    assert tally.pool == pool
    assert tally.pos == Pos(FIRST, 3)
    assert tally.entries[0].name.pos == Pos(FIRST, 9)


def test_a_deal_keeps_its_payments_in_the_order_written_wherever_they_stand():
    text = MINIMAL.replace("  1 Anna", "  paid Anna pool 45\n  1 Anna") + \
        "  paid pool Boris 5\n  tally Anna -45 Boris +5 Vera 0 Gleb 0 pool 85\n"
    with record_from_text(text, "t.rvs") as record:
        (checked,) = list(record.deals())
    assert checked.diagnostics == () and checked.deal is not None
    assert [p.amount for p in checked.deal.paid] == [45, 5]
    assert len(checked.deal.tricks) == 11


# --- writing ----------------------------------------------------------------------------


@pytest.mark.parametrize("written, canonical", [
    ("paid Anna pool 45", "paid Anna pool 45"),
    ("paid  pool\tBoris   10/4", "paid pool Boris 5/2"),
    ("paid Anna Boris 1 ACE-2 trick 4", "paid Anna Boris 1 ACE-2 trick 4"),
    ("paid Anna Boris 007 trick 04", "paid Anna Boris 7 trick 4"),
    ("tally Anna 7 Boris -3 Vera 0 Gleb -4", "tally Anna +7 Boris -3 Vera 0 Gleb -4"),
    ("tally Vera -0 Gleb +4/2 Anna -5/2 Boris +1/2 pool 6/4",
     "tally Vera 0 Gleb +2 Anna -5/2 Boris +1/2 pool 3/2"),
])
def test_fmt_writes_them_canonically_and_then_byte_stably(written, canonical):
    text = MINIMAL.replace("deal 1 dealer Gleb\n", f"deal 1 dealer Gleb\n  {written}  # sheet\n")
    first = canonical_text(text, "t.rvs")
    assert first.ok and first.text is not None, first.diagnostics
    assert f"  {canonical}  # sheet\n" in first.text
    assert first.text.index(canonical) > first.text.index("  11 ")  # after the tricks
    again = canonical_text(first.text, "t.rvs")
    assert again.ok and again.text == first.text


def test_fmt_puts_the_payments_in_their_order_and_then_the_sheet():
    text = MINIMAL.replace("deal 1 dealer Gleb\n", "deal 1 dealer Gleb\n"
                           "  tally Anna +1 Boris -1 Vera 0 Gleb 0\n  paid Boris Anna 1\n") + \
        "  paid pool Vera 2\n"
    result = canonical_text(text, "t.rvs")
    assert result.ok and result.text is not None, result.diagnostics
    tail = result.text.split("\n")[-4:-1]
    assert tail == ["  paid Boris Anna 1", "  paid pool Vera 2",
                    "  tally Anna +1 Boris -1 Vera 0 Gleb 0"]


_amounts = st.builds(Fraction, st.integers(-10**6, 10**6), st.integers(1, 12))


@settings(max_examples=100, deadline=None)
@given(amount=_amounts)
def test_any_amount_reads_back_as_written(amount):
    assert read_amount(amount_text(amount, signed=True), signed=True) == amount
    assert read_amount(amount_text(abs(amount))) == abs(amount)
    assert amount_text(amount) == amount_text(amount, signed=True).lstrip("+")


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(figures=st.lists(_amounts, min_size=4, max_size=4), pool=st.none() | _amounts.map(abs),
       payment=_amounts.map(abs).filter(lambda f: f > 0), trick=st.none() | st.integers(1, 11),
       rule=st.sampled_from([None, "ACE-1", "QUIN-2", "PARTIE-4"]))
def test_any_figures_survive_parse_format_parse(figures, pool, payment, trick, rule):
    paid = f"paid Boris pool {amount_text(payment)}" + (f" {rule}" if rule else "") + \
        (f" trick {trick}" if trick else "")
    names = ("Vera", "Anna", "Gleb", "Boris")
    tally = "tally " + " ".join(f"{name} {amount_text(f, signed=True)}"
                                for name, f in zip(names, figures, strict=True))
    tally += f" pool {amount_text(pool)}" if pool is not None else ""
    first = canonical_text(MINIMAL + f"  {paid}\n  {tally}\n", "t.rvs")
    assert first.ok and first.text is not None, first.diagnostics
    assert first.text.endswith(f"  {paid}\n  {tally}\n")
    from reversis_cli.convert.jsonrec import json_to_rvs, rvs_to_json

    as_json, _ = rvs_to_json(first.text, "t.rvs")
    assert as_json is not None
    assert json_to_rvs(as_json, "t.json") == (first.text, [])  # and through JSON
    checked = deal_of(f"  {paid}\n  {tally}\n")
    assert checked.deal.paid[0].amount == payment
    assert list(checked.deal.tally.totals.values()) == figures
    assert checked.deal.tally.pool == pool


@pytest.mark.parametrize("text, signed, value", [
    ("45", False, 45), ("5/2", False, Fraction(5, 2)), ("+7", True, 7), ("-30", True, -30),
    ("0", True, 0), ("-0", True, 0), ("+7", False, None), ("1.5", True, None),
    ("5/0", False, None), ("٤٥", False, None), ("1e3", False, None), ("", False, None),
    ("1" * 31, False, None), ("1/" + "1" * 31, False, None), ("--3", True, None),
])
def test_amounts_are_read_exactly(text, signed, value):
    assert read_amount(text, signed) == value


# --- bad input: every mistake located, with its own code ----------------------------------


@pytest.mark.parametrize("line, code, column", [
    ("tally Anna +7 Bors -3 Vera 0 Gleb -4", "RV311", 17),
    ("tally Anna +7 Boris -3 Vera 0", "RV312", 3),
    ("tally Anna +7 Boris -3 Vera 0 Gleb -4 Anna +7", "RV312", 41),
    ("tally Anna +7 Boris seven Vera 0 Gleb -4", "RV115", 23),
    ("tally Anna +7 Boris -3 Vera 1.5 Gleb -4", "RV115", 31),
    ("tally Anna +7 Boris -3 Vera 0 Gleb -4 pool -5", "RV115", 46),
    ("paid Zed Boris 5", "RV313", 8),
    ("paid Anna Borya 5", "RV313", 13),
    ("paid Anna Anna 5", "RV314", 13),
    ("paid pool pool 5", "RV314", 13),
    ("paid pool Vera 15 POOL-1", "RV314", 8),
    ("paid Vera Anna 15 POOL-3", "RV314", 13),
    ("paid Anna Boris 5 XYZ-1", "RV315", 21),
    ("paid Anna Boris 5 ace-2", "RV315", 21),
    ("paid Anna Boris 5 trick 12", "RV316", 27),
    ("paid Anna Boris 5 trick 0", "RV316", 27),
    ("paid Anna Boris x", "RV115", 19),
    ("paid Anna Boris 0", "RV115", 19),
    ("paid Anna Boris -5", "RV115", 19),
])
def test_each_mistake_is_located_with_its_code(line, code, column):
    assert codes_of(MINIMAL + f"  {line}\n") == [(code, FIRST, column)]


def test_a_second_tally_is_a_repeated_statement():
    found = codes_of(MINIMAL + "  tally Anna 0 Boris 0 Vera 0 Gleb 0\n"
                     "  tally Anna 0 Boris 0 Vera 0 Gleb 0\n")
    assert found == [("RV308", FIRST + 1, 3)]


def test_a_line_with_an_amount_in_error_is_left_out_and_nothing_else_is_said():
    checked = deal_of("  tally Anna x Zed -3\n  paid Anna Boris 1.5 XYZ-1\n")
    assert [(d.code, d.line) for d in checked.diagnostics] == \
        [("RV115", FIRST), ("RV115", FIRST + 1)]
    assert checked.deal.paid == () and checked.deal.tally is None


def test_the_messages_say_what_is_wrong_in_english_and_in_russian():
    checked = deal_of("  tally Anna +7 Boris -3 Vera 0\n  paid Anna Anna 5 trick 12\n")
    english = [d.message for d in checked.diagnostics]
    assert english == [
        "this tally leaves out Gleb: the sheet gives each of the four players a total "
        "(0 included)",
        "Anna is written as payer and as payee: nobody pays himself",
        "there is no trick 12: a deal's tricks are numbered 1 to 11"]
    with use("ru"):
        russian = [t(d.message) for d in checked.diagnostics]
    assert russian[0].startswith("в этой строке tally нет итога для: Gleb")
    assert "никто не платит сам себе" in russian[1]


@pytest.mark.parametrize("line, column, order", [
    ("tally pool 45 Anna +16 Boris -24 Vera -18 Gleb -19", 17,
     "a tally lists the four players first, each with a figure, and pool N last "
     "(tally NAME AMOUNT NAME AMOUNT NAME AMOUNT NAME AMOUNT [pool AMOUNT])"),
    ("tally Anna +16 pool 45 Boris -24 Vera -18 Gleb -19", 26,
     "a tally lists the four players first"),
    ("paid Boris Anna 8 trick 10 ACE-1", 30,
     "a paid line names the rule before the trick (paid PAYER PAYEE AMOUNT [RULE] [trick T])"),
    ("paid Boris Anna 8 ACE-1 trick 10 x", 36,
     "a paid line is written paid PAYER PAYEE AMOUNT [RULE] [trick T]"),
])
def test_a_word_out_of_order_says_the_order_the_line_wants(line, column, order):
    """Review newcomer-3, finding 22: the parser alone said only "expected the
    end of the line"."""
    (diag,) = deal_of(f"  {line}\n").diagnostics
    assert (diag.code, diag.line, diag.column) == ("RV100", FIRST, column)
    assert diag.message.startswith("expected the end of the line, found '")
    assert order in diag.message
    with use("ru"):
        russian = t(diag.message)
    assert ("сначала идут четыре игрока" in russian or "перед взяткой" in russian
            or "строка paid пишется так: paid ПЛАТИТ ПОЛУЧАЕТ СУММА" in russian), russian


def test_a_deal_with_such_a_mistake_has_errors_and_the_command_says_so(tmp_path):
    from click.testing import CliRunner

    from reversis_cli.cli import cli

    path = tmp_path / "t.rvs"
    path.write_text(MINIMAL + "  paid pool pool 5\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1
    assert f"t.rvs:{FIRST}:13: error[RV314]" in result.output


def test_correct_lines_check_clean_and_leave_the_settlement_as_it_was():
    from reversis_cli.session.service import Session

    def nets(text):
        with Session.of(record_from_text(text, "t.rvs")) as session:
            return [settlement_of(s).net for s in session.deals()]

    lines = "  paid Anna pool 45 QUIN-3 trick 2\n  tally Anna +1 Boris -1 Vera 0 Gleb 0\n"
    assert codes_of(MINIMAL + lines) == []
    assert nets(MINIMAL + lines) == nets(MINIMAL)


def test_names_that_are_keywords_now_are_refused_as_players():
    for word in ("tally", "trick"):
        assert ("RV111", 1, 25) in codes_of(MINIMAL.replace("Gleb", word, 1))


def test_a_paid_line_is_a_paid_line_and_a_redeal_still_a_redeal():
    checked = deal_of("  paid Anna pool 5\n")
    assert isinstance(checked.deal.statements[-1], PaidLine)
    assert checked.deal.events == ()


# --- the JSON record and csv-tricks ---------------------------------------------------------

RECORDED = ("  paid Anna pool 45 QUIN-3 trick 2  # the remise\n  paid Vera Boris 5/2\n"
            "  tally Anna -45 Boris +5/2 Vera -5/2 Gleb 0 pool 45\n")


def test_json_carries_them_and_reads_them_back_as_fmt_writes_them():
    import json

    from reversis_cli.convert.jsonrec import json_to_rvs, rvs_to_json

    text, problems = rvs_to_json(MINIMAL + RECORDED, "t.rvs")
    assert problems == [] and text is not None
    statements = json.loads(text)["deals"][0]["statements"]
    assert statements[-3:] == [
        {"type": "paid", "payer": "Anna", "payee": "pool", "amount": "45", "rule": "QUIN-3",
         "trick": 2, "comment_after": " the remise"},
        {"type": "paid", "payer": "Vera", "payee": "Boris", "amount": "5/2"},
        {"type": "tally", "totals": [
            {"player": "Anna", "amount": "-45"}, {"player": "Boris", "amount": "+5/2"},
            {"player": "Vera", "amount": "-5/2"}, {"player": "Gleb", "amount": "0"}],
         "pool": "45"}]
    back, problems = json_to_rvs(text, "t.json")
    assert problems == [] and back is not None
    assert back == canonical_text(MINIMAL + RECORDED, "t.rvs").text
    again, _ = rvs_to_json(back, "t.rvs")
    assert again == text


@pytest.mark.parametrize("edit, path, code", [
    (("\"amount\": \"5/2\"", "\"amount\": 5"), "/deals/0/statements/12/amount", "RV503"),
    (("\"amount\": \"5/2\"", "\"amount\": \"1.5\""), "/deals/0/statements/12/amount", "RV504"),
    (("\"amount\": \"5/2\"", "\"amount\": \"5/0\""), "/deals/0/statements/12/amount", "RV504"),
    (("\"amount\": \"5/2\"", "\"amount\": \"0\""), "/deals/0/statements/12/amount", "RV504"),
    (("\"payee\": \"Boris\"", "\"payee\": \"Bo ris\""), "/deals/0/statements/12/payee", "RV504"),
    (("\"amount\": \"-45\"", "\"amount\": \"x\""), "/deals/0/statements/13/totals/0/amount",
     "RV504"),
    (("\"pool\": \"45\"", "\"pool\": \"-45\""), "/deals/0/statements/13/pool", "RV504"),
    (("\"rule\": \"QUIN-3\"", "\"rule\": \"QUIN\""), "/deals/0/statements/11/rule", "RV504"),
    (("\"totals\"", "\"figures\""), "/deals/0/statements/13", "RV503"),
])
def test_json_that_the_notation_cannot_hold_is_located(edit, path, code):
    from reversis_cli.convert.jsonrec import json_to_rvs, rvs_to_json

    text, _ = rvs_to_json(MINIMAL + RECORDED, "t.rvs")
    assert text is not None and edit[0] in text
    out, problems = json_to_rvs(text.replace(*edit), "t.json")
    assert out is None
    assert [(d.code, d.message.split(":")[0]) for d in problems][:1] == [(code, path)]
    assert problems[0].line is not None and problems[0].column is not None


def test_the_schema_describes_both_statements():
    from reversis_cli.convert.jsonrec import schema

    defs = schema()["$defs"]
    assert defs["paid"]["properties"]["type"] == {"const": "paid"}
    assert defs["tally"]["properties"]["type"] == {"const": "tally"}


def test_csv_tricks_says_it_leaves_them_out():
    from reversis_cli.convert.csvtricks import rvs_to_csv

    text, problems = rvs_to_csv(MINIMAL + RECORDED, "t.rvs")
    assert text is not None
    (warning,) = problems
    assert warning.code == "RV524" and "paid lines, tally lines" in warning.message


# --- show -------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, wanted", [
    ("en", ["Paid at the table: Anna → the pool: 45 fiches (QUIN-3, trick 2)",
            # a whole part and a fraction, as a person writes it (issue 30)
            "Paid at the table: Vera → Boris: 2\u00a01/2 fiches",
            "Score sheet after the deal: Anna -45, Boris +2\u00a01/2, Vera -2\u00a01/2, Gleb 0; "
            "the pool 45 "
            "fiches"]),
    # amounts as a Russian reader writes them (issue 21): 2½, the minus sign
    ("ru", ["Заплачено за столом: Anna → корзина: 45 фишек (QUIN-3, взятка 2)",
            "Заплачено за столом: Vera → Boris: 2½ фишки",
            "Лист счёта после сдачи: Anna −45, Boris +2½, Vera −2½, Gleb 0; в корзине 45 "
            "фишек"]),
])
def test_show_lists_what_the_table_paid_and_wrote(tmp_path, lang, wanted):
    from click.testing import CliRunner

    from reversis_cli.cli import cli

    path = tmp_path / "t.rvs"
    path.write_text(MINIMAL + RECORDED, encoding="utf-8")
    result = CliRunner().invoke(cli, ["--lang", lang, "show", str(path), "--cards", "ascii"],
                                env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.output.splitlines()]
    for line in wanted:
        assert line in lines, result.output


def test_records_that_differ_only_in_a_figure_do_not_mean_the_same():
    from reversis_cli.convert.fmt import read_source
    from reversis_cli.notation.compare import first_difference

    def read(text):
        source = read_source(text, "t.rvs")
        return source.header, source.deals

    written = MINIMAL + "  paid Anna pool 45\n  tally Anna -45 Boris 0 Vera 0 Gleb 0 pool 45\n"
    assert first_difference(*read(written), *read(written.replace("  paid", "paid"))) is None
    changed = written.replace("pool 45\n  t", "pool 40\n  t")
    assert first_difference(*read(written), *read(changed)) == "/deals/0/statements/11/amount"
    assert first_difference(*read(written), *read(written.replace("Boris 0", "Boris +1"))) \
        == "/deals/0/statements/12/entries/1/1"
