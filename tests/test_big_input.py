"""Hostile sizes: a million blank lines or comment lines must cost little
time and bounded memory.  Issue 15, item 20 (before: 500,000 header comment
lines took 355 MB, 2 million blank lines 33 s)."""

from __future__ import annotations

from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.formatting import canonical_text
from reversis_cli.notation.chunks import MAX_COMMENT_LINES
from reversis_cli.notation.grammar_file import tree_parser
from reversis_cli.reader import record_from_text

from records import FULL, MINIMAL


def test_a_run_of_blank_lines_is_one_token_and_lines_still_count():
    tokens = list(tree_parser().lex("players A B C D\n" + "\n  \n" * 1000 + 'title "x"\n'))
    assert [t.type for t in tokens].count("_NL") == 2
    assert next(t for t in tokens if t.type == "TITLE").line == 2002


def test_blank_lines_keep_positions_of_later_problems():
    text = "\n" * 50_000 + FULL.replace("  1 Anna 5H AH 9H KH", "  1 Anna 5H AH 9H KH > Vera")
    with record_from_text(text) as record:
        found = [(d.code, d.line) for deal in record.deals() for d in deal.diagnostics]
    assert ("RV207", 50_000 + 13) in found


def test_the_comment_lines_a_chunk_keeps_are_capped_with_a_warning():
    text = "# c\n" * 20_000 + MINIMAL
    with record_from_text(text) as record:
        kept = record.header.lines[0].comments_before
        warnings = [d for d in record.header_diagnostics if d.code == "RV104"]
        assert list(record.deals())
    assert len(kept) == MAX_COMMENT_LINES + 1  # the cap, and the line the warning shows
    assert len(warnings) == 1 and warnings[0].line == MAX_COMMENT_LINES + 1
    assert warnings[0].severity == "warning"


def test_fmt_does_not_rewrite_a_file_whose_comments_were_not_all_kept(tmp_path):
    record = tmp_path / "r.rvs"
    text = "# c\n" * (MAX_COMMENT_LINES + 5) + MINIMAL
    record.write_text(text)
    result = CliRunner().invoke(cli, ["fmt", str(record)])
    assert result.exit_code == 1
    assert "RV104" in result.output and record.read_text() == text


def test_a_thousand_comment_lines_are_still_kept_and_formatted():
    text = "# c\n" * MAX_COMMENT_LINES + MINIMAL
    result = canonical_text(text, "t.rvs")
    assert result.ok and result.text.count("# c\n") == MAX_COMMENT_LINES


def test_comments_in_the_deals_are_counted_per_deal():
    deal = MINIMAL.split("\n", 1)[1]  # the deal without the players line
    text = MINIMAL + "\n" + ("# c\n" * 600) + deal.replace("deal 1", "deal 2").replace(
        "dealer Gleb", "dealer Anna")
    with record_from_text(text) as record:
        codes = [d.code for deal in record.deals() for d in deal.diagnostics]
    assert "RV104" not in codes
