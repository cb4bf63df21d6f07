"""One fault in a record gives one diagnostic, on the line that is wrong, and
no second one that contradicts it (QA findings 7, 8, 11 and 12)."""

import re

import pytest

from conftest import SAMPLES
from records import FULL, MINIMAL, codes_of, mutate

EVENING = (SAMPLES / "evening.rvs").read_text(encoding="utf-8")


# -- a players line that cannot be read (finding 7) --------------------------------


@pytest.mark.parametrize("bad", ["10", "2", "_A", "-A", "Gl\u200beb"])
def test_an_unreadable_players_line_is_reported_once_at_its_place(bad):
    found = codes_of(mutate(FULL, 1, "Gleb", bad))
    header = [f for f in found if f[1] == 1]
    assert len(header) == 1, found
    code, line, column = header[0]
    assert code == "RV100" and column is not None
    assert column > 1, "the error is on the bad name, not at 1:1"


def test_a_record_without_a_players_line_still_says_so():
    found = codes_of(MINIMAL.replace("players Anna Boris Vera Gleb\n", "# no players\n", 1))
    assert ("RV110", 1, 1) in found


# -- unclaimed T with no such trick (finding 8) ------------------------------------


@pytest.mark.parametrize("number", ["0", "12", "99", "9" * 30])
def test_an_unclaimed_trick_outside_one_to_eleven_is_an_error_on_its_number(number):
    found = codes_of(FULL + f"  unclaimed {number} Anna\n")
    assert found == [("RV310", 24, 13)]


@pytest.mark.parametrize("number", ["1", "11"])
def test_an_unclaimed_trick_of_the_deal_is_accepted(number):
    assert codes_of(FULL + f"  unclaimed {number}\n") == []


# -- one wrong trick or deal number (finding 12) -----------------------------------
# FULL's trick lines are lines 13 to 23: trick 3 is line 15.


@pytest.mark.parametrize("line, old, new", [
    (15, "3 Gleb", "5 Gleb"),     # 1 2 5 4 5: the 5 in the middle is the slip
    (15, "3 Gleb", "4 Gleb"),     # 1 2 4 4 5
    (13, "1 Anna", "7 Anna"),     # the first number
    (23, "11 Vera", "12 Vera"),   # the last number
])
def test_one_wrong_trick_number_is_the_only_line_in_error(line, old, new):
    found = codes_of(mutate(FULL, line, old, new))
    assert found == [("RV209", line, 3)]


def test_two_swapped_trick_numbers_are_both_named():
    text = mutate(mutate(FULL, 15, "3 Gleb", "4 Gleb"), 16, "4 Anna", "3 Anna")
    assert codes_of(text) == [("RV209", 15, 3), ("RV209", 16, 3)]


def _deal_line(number: int) -> int:
    """The line of ``deal N`` in samples/evening.rvs."""
    return EVENING.split("\n").index(next(
        line for line in EVENING.split("\n") if re.match(rf"deal {number} ", line))) + 1


@pytest.mark.parametrize("deal, wrong", [(2, 5), (1, 4), (9, 1)])
def test_one_wrong_deal_number_is_the_only_deal_in_error(deal, wrong):
    line = _deal_line(deal)
    found = codes_of(mutate(EVENING, line, f"deal {deal} ", f"deal {wrong} "))
    assert found == [("RV301", line, 6)]


def test_numbering_that_jumps_is_said_once_where_it_jumps():
    text = re.sub(r"(?m)^deal ([3-9]) ", lambda m: f"deal 1{m.group(1)} ", EVENING)
    assert codes_of(text) == [("RV301", _deal_line(3), 6)]


# -- a number too long to be one (finding 11) --------------------------------------


def _diagnostics(text: str) -> list:
    from reversis_cli.reader import record_from_text

    with record_from_text(text, "t.rvs") as record:
        return list(record.header_diagnostics) + [
            d for deal in record.deals() for d in deal.diagnostics]


@pytest.mark.parametrize("digits", [31, 3_000, 5_000])
def test_a_deal_number_too_long_is_one_error_on_the_deal_line(digits):
    line = _deal_line(2)
    text = mutate(EVENING, line, "deal 2 ", f"deal {'9' * digits} ")
    found = _diagnostics(text)
    assert [(d.code, d.line) for d in found] == [("RV100", line)]
    message = found[0].message
    assert "end of the line" not in message and len(message) < 100
    assert f"number has {digits:,} digits" in message and found[0].column == 6


@pytest.mark.parametrize("where, line, old", [
    ("trick", 15, "3 Gleb"), ("unclaimed", 24, None)])
def test_a_trick_number_too_long_is_one_short_error_at_the_number(where, line, old):
    long = "3" * 40
    text = (mutate(FULL, line, old, f"{long} Gleb") if old
            else FULL + f"  unclaimed {long}\n")
    found = _diagnostics(text)
    assert [(d.code, d.line) for d in found] == [("RV100", line)]
    assert "40 digits" in found[0].message and long not in found[0].message
