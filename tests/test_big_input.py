"""Hostile sizes: a million blank lines or comment lines must cost little
time and bounded memory.  Issue 15, item 20 (before: 500,000 header comment
lines took 355 MB, 2 million blank lines 33 s)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.convert.fmt import canonical_text
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
    text = "# c\n" * (MAX_COMMENT_LINES + 900) + MINIMAL  # under MAX_CHUNK_LINES
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
    assert result.ok and result.text is not None
    assert result.text.count("# c\n") == MAX_COMMENT_LINES


def test_comments_in_the_deals_are_counted_per_deal():
    deal = MINIMAL.split("\n", 1)[1]  # the deal without the players line
    text = MINIMAL + "\n" + ("# c\n" * 600) + deal.replace("deal 1", "deal 2").replace(
        "dealer Gleb", "dealer Anna")
    with record_from_text(text) as record:
        codes = [d.code for deal in record.deals() for d in deal.diagnostics]
    assert "RV104" not in codes


# QA finding 1: the cap and its warning held only for the header; past it, the
# comment lines between deals, inside a deal and at the end were dropped with
# no warning, and fmt / convert rewrote the file without them.
SECOND_DEAL = MINIMAL.split("\n", 1)[1].replace("deal 1 dealer Gleb", "deal 2 dealer Anna")
MANY = "".join(f"# c{i}\n" for i in range(MAX_COMMENT_LINES + 500))
TOO_MANY_COMMENTS = {
    "between deals": MINIMAL + MANY + SECOND_DEAL,
    "inside a deal": MINIMAL.replace("  5 Vera", MANY + "  5 Vera"),
    "at the end": MINIMAL + MANY,
}


def _reading_codes(text: str | bytes) -> list[tuple[str, int | None]]:
    """The reading problems (RV0xx, RV1xx) below the header, and their lines."""
    with record_from_text(text) as record:
        return [(d.code, d.line) for deal in record.deals() for d in deal.diagnostics
                if d.code[2] in "01"]


@pytest.mark.parametrize("where", sorted(TOO_MANY_COMMENTS))
def test_too_many_comment_lines_anywhere_give_one_warning(where):
    text = TOO_MANY_COMMENTS[where]
    first = text.split("\n").index("# c0") + 1
    assert _reading_codes(text) == [("RV104", first + MAX_COMMENT_LINES)]


@pytest.mark.parametrize("where", sorted(TOO_MANY_COMMENTS))
def test_fmt_and_convert_refuse_to_drop_comment_lines_anywhere(tmp_path, where):
    record = tmp_path / "r.rvs"
    text = TOO_MANY_COMMENTS[where]
    record.write_text(text)
    runner = CliRunner()
    formatted = runner.invoke(cli, ["fmt", str(record)])
    converted = runner.invoke(cli, ["convert", str(record), "--to", "json",
                                    "-o", str(tmp_path / "r.json")])
    assert formatted.exit_code == 1 and "RV104" in formatted.output
    assert converted.exit_code == 1 and "RV104" in converted.output
    assert record.read_text() == text and not (tmp_path / "r.json").exists()


def test_bad_bytes_after_the_header_are_reported():
    """The same loss hid RV002 (bytes that are not UTF-8) below the header."""
    text = (MINIMAL + SECOND_DEAL).encode().replace(b"deal 2", b"# \xff\ndeal 2")
    line = text.split(b"\n").index(b"# \xff") + 1
    assert _reading_codes(text) == [("RV002", line)]
