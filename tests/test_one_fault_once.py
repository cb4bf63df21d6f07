"""One fault in a record gives one diagnostic, on the line that is wrong, and
no second one that contradicts it (QA findings 7, 8, 11 and 12)."""

import pytest

from records import FULL, MINIMAL, codes_of, mutate


# -- a players line that cannot be read (finding 7) --------------------------------


@pytest.mark.parametrize("bad", ["10", "2", "_A", "-A", "Gl\u200beb"])
def test_an_unreadable_players_line_is_reported_once_at_its_place(bad):
    found = codes_of(mutate(FULL, 1, "Gleb", bad))
    header = [f for f in found if f[1] == 1]
    assert len(header) == 1, found
    code, line, column = header[0]
    assert code == "RV100" and column > 1, "the error is on the bad name, not at 1:1"


def test_a_record_without_a_players_line_still_says_so():
    found = codes_of(MINIMAL.replace("players Anna Boris Vera Gleb\n", "# no players\n", 1))
    assert ("RV110", 1, 1) in found


# -- unclaimed T with no such trick (finding 8) ------------------------------------


@pytest.mark.parametrize("number", ["0", "12", "99", "9" * 40])
def test_an_unclaimed_trick_outside_one_to_eleven_is_an_error_on_its_number(number):
    found = codes_of(FULL + f"  unclaimed {number} Anna\n")
    assert found == [("RV310", 24, 13)]


@pytest.mark.parametrize("number", ["1", "11"])
def test_an_unclaimed_trick_of_the_deal_is_accepted(number):
    assert codes_of(FULL + f"  unclaimed {number}\n") == []
