"""A statement's meaning columns are held by the replay, not only by the
recorder (issue 34, change 1; review architecture-4 §1.2): a row's
``player_fields`` name the fields the replay checks against the four players,
and a line naming someone else is RV112 on that line, whether the deal goes
through the plain replay or the full walk.  A statement added to the grammar
with a NAME its row does not list fails here first."""

from __future__ import annotations

import pytest

from reversis_cli import fastpaths
from reversis_cli.notation.grammar_file import tree_parser
from reversis_cli.notation.statements import NAMED_KEYWORDS, STATEMENTS

from records import HEADER, TRICKS, codes_of
from test_statements import SAMPLES


def _names_in_rule(rule: str) -> int:
    """How many NAME tokens a line of grammar rule ``rule`` may hold, its
    sub-rules (``taker``) included."""
    rules: dict[str, list] = {}
    for found in tree_parser().rules:
        rules.setdefault(found.origin.name, []).append(found.expansion)

    def count(name: str) -> int:
        # the longest of the rule's expansions: optional parts are expanded by Lark
        return max(sum(1 if symbol.name == "NAME" else
                       count(symbol.name) if symbol.name in rules else 0
                       for symbol in expansion)
                   for expansion in rules[name])

    return count(rule)


@pytest.mark.parametrize("row", STATEMENTS, ids=lambda row: row.rule)
def test_every_name_the_grammar_reads_is_a_field_the_replay_checks(row):
    if row.recorded:  # paid and tally lines: recorded_problems checks their names and the pool
        assert row.player_fields == ()
        return
    assert _names_in_rule(row.rule) == len(row.player_fields), (
        f"the grammar's rule {row.rule!r} reads a player's NAME that its row in "
        "reversis_cli/notation/statements.py does not list in player_fields")
    for field in row.player_fields:
        assert field in row.model._fields


def test_a_name_after_the_keyword_is_a_field_the_replay_checks():
    named = {row.keyword for row in STATEMENTS if "player" in row.player_fields}
    assert set(NAMED_KEYWORDS) <= named


def _deal_with(line: str) -> tuple[str, int]:
    """A legal deal with ``line`` added after its tricks, every name in it
    replaced by one that is no player's; and the line's number."""
    text = HEADER + "deal 1 dealer Gleb\n" + TRICKS + "  " + _stranger(line) + "\n"
    return text, text.count("\n")


def _stranger(line: str) -> str:
    for name in ("Anna", "Boris", "Vera", "Gleb"):
        line = line.replace(name, "Zed")
    return line


NAMED_ROWS = [row for row in STATEMENTS if row.player_fields]


@pytest.mark.parametrize("reference", [False, True], ids=["fast", "reference"])
@pytest.mark.parametrize("row", NAMED_ROWS, ids=lambda row: row.rule)
def test_a_name_that_is_no_players_is_RV112_on_its_line(row, reference, monkeypatch):
    monkeypatch.setattr(fastpaths, "REFERENCE", reference)
    if row.rule == "trick":  # a trick line's leader and taker: trick 2 led and taken by Zed
        text = HEADER + "deal 1 dealer Gleb\n" + TRICKS.replace(
            "  2 Boris 3S 7S AS KS\n", "  2 Zed 3S 7S AS KS > Zed\n")
        line = 4
    else:
        text, line = _deal_with(SAMPLES[row.rule])
    found = [(code, at) for code, at, _ in codes_of(text) if code == "RV112"]
    assert found and {at for _, at in found} == {line}, (row.rule, codes_of(text))
