"""The writer knows only the notation, and fmt compares records in the model
(issue 9, item 5): what each layer does without the ones above it."""

from __future__ import annotations

from reversis_cli.convert.fmt import canonical_text, read_source
from reversis_cli.notation.compare import first_difference
from reversis_cli.notation.writer import canonical_deal, write_canonical

from records import FULL, MINIMAL, mutate

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")


def _read(text: str):
    source = read_source(text, "t.rvs")
    assert not source.blocking
    return source.header, source.deals


def test_a_record_laid_out_otherwise_means_the_same():
    # Other columns, other spellings of the cards, blanks after a comment:
    # positions and spellings are not what a record says.
    moved = ("# a sheet\n" + FULL.replace("  hand Anna", "hand   Anna")
             .replace("5H AH 9H KH", "5♥ A♥ 9♥ K♥") + "  # end   \n")
    assert first_difference(*_read(FULL + "  # end\n"), *_read(moved)) is not None  # the comment
    assert first_difference(*_read("# a sheet\n" + FULL + "  # end\n"), *_read(moved)) is None


def test_a_different_card_is_found_where_it_is():
    changed = mutate(MINIMAL, 3, "5H AH 9H KH", "5H AH 9H QH")
    where = first_difference(*_read(MINIMAL), *_read(changed))
    assert where == "/deals/0/statements/0/cards/3"


def test_a_lost_comment_is_a_difference():
    header, deals = _read("players Anna Boris Vera Gleb  # in playing order\n"
                          + MINIMAL.split("\n", 1)[1])
    assert first_difference(header, deals, *_read(MINIMAL)) == "/header/lines/0/comment_after"


def test_fmt_does_not_go_through_the_json_export(monkeypatch):
    from reversis_cli.convert import jsonrec

    def refuse(*_args, **_kw):
        raise AssertionError("fmt must compare records in the model")

    monkeypatch.setattr(jsonrec, "record_to_json", refuse)
    result = canonical_text(FULL, "t.rvs")
    assert result.ok and result.diagnostics == []


def test_the_writer_fills_in_only_the_leaders_it_is_given():
    header, (deal,) = _read(MINIMAL.replace("  2 Boris ", "  2 "))
    leaders = [None, "Boris"] + [None] * 9
    tricks = canonical_deal(deal, PLAYERS, leaders).tricks
    assert tricks[1].leader is not None and tricks[1].leader.text == "Boris"
    assert canonical_deal(deal, PLAYERS).tricks[1].leader is None  # none given: none made up
    assert "  2 Boris 3S 7S AS KS" in write_canonical(header, [canonical_deal(deal, PLAYERS,
                                                                               leaders)])
