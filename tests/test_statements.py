"""The statement table (notation/statements.py) holds every statement of the
grammar, and each row's writer and JSON pair give the statement back
(issue 22, item 5): a statement added to the grammar without its row fails here."""

from __future__ import annotations

import json
from importlib.resources import files

import pytest
from jsonschema import Draft202012Validator

from reversis_cli import vocabulary
from reversis_cli.convert.jsonrec import json_to_rvs, rvs_to_json
from reversis_cli.model import EventLine
from reversis_cli.notation import statements
from reversis_cli.notation.fastpath import fast_path
from reversis_cli.notation.grammar_file import tree_parser
from reversis_cli.notation.parse import parse_deal
from reversis_cli.notation.statements import BY_RULE, STATEMENTS
from reversis_cli.notation.writer import canonical_deal, statement_body

# One line of each statement kind, as the writer writes it.
SAMPLES = {
    "trick": "3 AS KS QS JS > Anna",  # the leader left out: the writer aligns it in a deal
    "hand": "hand Anna AS KS QS JS 9S 8S 7S 6S 5S 4S 3S 2S",
    "talon": "talon AH KH QH",
    "exchange": "exchange Boris discards 2C 3C takes 4D 5D",
    "partie": "partie 2H 3H 4H",
    "espagnolette": "espagnolette Vera waives",
    "unclaimed": "unclaimed 4 Gleb",
    "misdeal": "misdeal Anna late",
    "redeal": "redeal paid",
    "exposed": "exposed",
    "peeked": "peeked Boris",
    "kept": "kept Vera",
    "discarded_two": "discarded-two Gleb",
    "out_of_turn": "out-of-turn Anna",
    "deal_note": 'note "a \\"quoted\\" note"',
    "paid": "paid Anna pool 5/2 REV-3 trick 4",
    "tally": "tally Anna +7 Boris -30 Vera 0 Gleb +23 pool 45",
}


def _deal_statement_rules() -> list[str]:
    """The alternatives of the grammar's ``_deal_stmt`` rule."""
    lark = tree_parser()
    return [rule.expansion[0].name for rule in lark.rules
            if rule.origin.name == "_deal_stmt"]


def test_every_statement_of_the_grammar_has_a_row():
    rules = _deal_statement_rules()
    assert len(rules) >= 17
    assert sorted(rules) == sorted(BY_RULE)
    assert len(BY_RULE) == len(STATEMENTS)  # one row a rule


def test_every_row_has_a_sample_line():
    assert sorted(SAMPLES) == sorted(BY_RULE)


def test_the_keywords_are_the_vocabularys():
    assert sorted(statements.KEYWORDS) == sorted(vocabulary.DEAL_KEYWORDS)
    assert sorted(str(r.keyword) for r in STATEMENTS if r.model is EventLine) \
        == sorted(vocabulary.EVENT_KINDS)


def test_the_plain_events_change_no_hand_and_void_no_deal():
    assert statements.PLAIN_EVENTS == (set(vocabulary.EVENT_KINDS)
                                       - set(vocabulary.SIZE_CHANGING_EVENTS)
                                       - set(vocabulary.VOID_EVENTS))


def _read(line: str):
    deal, problems = parse_deal(["deal 1 dealer Anna", "  " + line], fast=False)
    assert problems == [] and deal is not None
    (stmt,) = deal.statements
    return stmt


@pytest.mark.parametrize("row", STATEMENTS, ids=lambda row: row.rule)
def test_each_row_reads_writes_and_round_trips_through_json(row):
    stmt = _read(SAMPLES[row.rule])
    assert type(stmt) is row.model
    assert statement_body(stmt, "ascii") == SAMPLES[row.rule]
    obj = row.to_json(stmt)
    assert obj["type"] == row.json_type
    back = statements.BY_JSON_TYPE[obj["type"]].from_json(
        obj, {"pos": stmt.pos, "comments_before": (), "comment_after": None})
    assert type(back) is row.model
    assert row.to_json(back) == obj
    assert statement_body(back, "ascii") == SAMPLES[row.rule]


def _shipped_schema() -> Draft202012Validator:
    path = files("reversis_cli.convert").joinpath("schema", "record-1.schema.json")
    return Draft202012Validator(json.loads(path.read_text("utf-8")))


@pytest.mark.parametrize("row", STATEMENTS, ids=lambda row: row.rule)
def test_each_row_goes_rvs_json_rvs_valid_against_the_shipped_schema(row):
    """The whole way a user takes it (``reversis convert``): the record's JSON is valid
    against the schema the package ships (read by jsonschema), and the JSON reader,
    which checks it against that schema first, gives the line back."""
    text = f"reversis 1\nplayers Anna Boris Vera Gleb\ndeal 1 dealer Gleb\n  {SAMPLES[row.rule]}\n"
    doc, problems = rvs_to_json(text, "t.rvs")
    assert doc is not None, problems
    (obj,) = json.loads(doc)["deals"][0]["statements"]
    assert obj["type"] == row.json_type
    errors = [f"{list(e.absolute_path)}: {e.message}"
              for e in _shipped_schema().iter_errors(json.loads(doc))]
    assert not errors, errors
    back, problems = json_to_rvs(doc, "t.json")
    assert back is not None, [d.message for d in problems]
    line = back.splitlines()[-1].split()  # the leader of a trick is filled in: the rest
    words = iter(line)                     # of the sample's words, in their order
    assert all(word in words for word in SAMPLES[row.rule].split()), line
    assert rvs_to_json(back, "t.rvs")[0] == doc


@pytest.mark.parametrize("row", [r for r in STATEMENTS if r.rule != "tally"],
                         ids=lambda row: row.rule)
def test_the_writer_gives_every_row_its_place_before_the_tally(row):
    """fmt's canonical order (notation/writer.py, canonical_deal; the canonical form
    of docs/formats.md, its order inside a deal) places each kind of the table: one
    it forgot would be kept, but written after the score sheet."""
    deal, problems = parse_deal(["deal 1 dealer Anna", "  " + SAMPLES["tally"],
                                 "  " + SAMPLES[row.rule]], fast=False)
    assert problems == [] and deal is not None
    written = [statements.row_of(stmt).rule for stmt in canonical_deal(deal).statements]
    assert written == [row.rule, "tally"], (
        f"canonical_deal in reversis_cli/notation/writer.py has no place for {row.rule!r}")


@pytest.mark.parametrize("row", STATEMENTS, ids=lambda row: row.rule)
def test_the_fast_path_column_is_true(row):
    """A row that says the fast path reads it gives the same statement with
    the fast path on; one that says not is read by Lark either way."""
    line = SAMPLES[row.rule]
    fast, _ = parse_deal(["deal 1 dealer Anna", "  " + line], fast=True)
    slow, _ = parse_deal(["deal 1 dealer Anna", "  " + line], fast=False)
    assert fast == slow
    assert row.fast_path == (fast_path().read("  " + line, 2, []) is not None)
