"""Which deal a comment between two deals belongs to (docs/decisions.md,
"Reading records"): comment lines right under a deal's last statement, set
apart from the next deal line by a blank line, stay that deal's trailing
comments, as they are at the end of the file; so appending a deal never moves
them (issue 20, item 16)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reversis_cli.convert.jsonrec import rvs_to_json
from reversis_cli.convert.fmt import canonical_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
DEAL = "  1 Anna 2C 3C 6C 5C\n"
HEAD = "reversis 1\nplayers Anna Boris Vera Gleb\n\ndeal 1 dealer Gleb\n" + DEAL


def owners(text: str) -> list[tuple]:
    """Each deal's comments above its deal line and its trailing comments."""
    out, problems = rvs_to_json(text, "t")
    assert out is not None, problems
    doc = json.loads(out)
    return [(d["number"], d.get("comments_before", []), d.get("trailing_comments", []))
            for d in doc["deals"]]


@pytest.mark.parametrize("between,first,second", [
    ("#a\n\n", ["a"], []),                     # under deal 1, then a blank line
    ("#a\n#b\n\n\n", ["a", "b"], []),
    ("#a\n\n#b\n\n", ["a", "b"], []),          # up to the last blank line
    ("#a\n\n#b\n", ["a"], ["b"]),              # b stands on deal 2's line
    ("#a\n", [], ["a"]),                       # no blank line: the deal below, as ever
    ("\n#a\n\n", [], ["a"]),                   # set apart from deal 1: a heading of deal 2
])
def test_a_comment_between_two_deals_goes_by_the_blank_lines(between, first, second):
    text = HEAD + between + "deal 2 dealer Anna\n" + DEAL.replace("Anna", "Boris")
    deals = owners(text)
    assert deals[0][2] == first and deals[1][1] == second


def test_fmt_writes_a_deal_s_trailing_comments_so_that_they_read_back_as_its_own():
    two = (Path(__file__).resolve().parent / "fixtures" / "record" / "two-deals.rvs")
    text = two.read_text(encoding="utf-8").replace("AH\n\n", "AH\n#about deal 1\n\n")
    assert owners(text)[0][2] == ["about deal 1"]
    formatted = canonical_text(text.encode(), "t").text
    assert formatted is not None
    assert "  11 Vera  4S 8S 7C AH\n  #about deal 1\n\ndeal 2" in formatted
    assert owners(formatted) == owners(text)
    assert canonical_text(formatted.encode(), "t").text == formatted  # idempotent


def test_the_big_night_sample_s_comment_on_deal_3_s_reversis_is_deal_3_s():
    deals = owners((SAMPLES / "big-night.rvs").read_text(encoding="utf-8"))
    assert deals[2][2] == [" reversis made: Gleb sweeps the pool, and the table is silent"]
    assert not deals[3][1]
