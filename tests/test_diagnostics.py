"""Each diagnostic code, raised by one precise fault, at the exact place."""

import pytest

from reversis_cli.diagnostics import CODES
from records import (
    ESPAGNOLETTE_REVOKES_IN_TRICK_10, FULL, HEADER, MINIMAL, REVOKE_HELD_CARD_PLAYED_NEXT, TRICKS,
    codes_of, mutate,
)


def test_the_base_records_are_clean():
    assert codes_of(FULL) == []
    assert codes_of(MINIMAL) == []


CASES = [
    # id, record, code, line, column
    ("syntax-keyword", mutate(FULL, 3, "hand", "hnad"), "RV100", 3, 3),
    ("syntax-deal-line", mutate(FULL, 2, "dealer", "by"), "RV100", 2, 8),
    ("ten-in-trick", mutate(FULL, 13, "9H", "10H"), "RV101", 13, 16),
    ("ten-latin-T", mutate(FULL, 13, "9H", "TH"), "RV101", 13, 16),
    ("not-a-card", mutate(FULL, 13, "9H", "1H"), "RV102", 13, 16),
    ("control-character", mutate(FULL, 13, "9H", "9H\x1b"), "RV003", 13, 18),
    ("deal-too-long", FULL + "  12 Vera 4C 6C 2H 3C\n" * 2000, "RV004", 2002, 1),
    ("endless-line", FULL + "\0" * (2 << 20), "RV005", 24, 1),
    ("a-json-record", "\n  {\"format\": \"reversis-record/1\"}\n", "RV006", 2, 3),
    ("version", "reversis 2\n" + FULL, "RV103", 1, 10),
    ("too-many-comments", "# c\n" * 1001 + FULL, "RV104", 1001, 1),
    ("three-players", MINIMAL.replace(" Gleb\n", "\n", 1), "RV110", 1, 1),
    ("player-named-like-card", MINIMAL.replace("Boris", "KS", 1), "RV111", 1, 14),
    ("player-named-like-keyword", MINIMAL.replace("Boris", "deal", 1), "RV111", 1, 14),
    ("unknown-leader", mutate(FULL, 13, "Anna", "Anya"), "RV112", 13, 5),
    ("players-twice", HEADER + FULL, "RV113", 2, 1),
    ("header-line-in-deal", mutate(FULL, 12, "partie 8H 3H 8D AC", "players A B C D"),
     "RV113", 12, 3),
    ("bad-unit", "unit rouble\n" + FULL, "RV114", 1, 6),
    ("revoke", mutate(mutate(MINIMAL, 8, "QS QH 2S AD", "QS QH 7H AD"), 11, "6S 9C 7H 7C",
                      "6S 9C 2S 7C"), "RV201", 8, 16),
    ("revoke-held-card-played-next-trick", REVOKE_HELD_CARD_PLAYED_NEXT, "RV201", 8, 16),
    ("espagnolette-revoke-in-trick-10", ESPAGNOLETTE_REVOKES_IN_TRICK_10, "RV201", 12, 17),
    ("card-twice", mutate(MINIMAL, 12, "4H 6H JH JD", "4H 6H JH 5D"), "RV202", 12, 20),
    ("trick-three-cards", mutate(FULL, 13, " KH", ""), "RV203", 13, 3),
    ("hand-ten-cards", mutate(FULL, 3, " KC", ""), "RV204", 3, 3),
    ("ten-tricks", FULL.replace("  11 Vera 4C 6C 2H 3C\n", ""), "RV205", 22, 3),
    ("pack-incomplete", mutate(FULL, 12, " AC", ""), "RV206", 12, 3),
    ("taker-wrong", mutate(FULL, 13, "KH", "KH > Vera"), "RV207", 13, 24),
    ("leader-wrong", mutate(FULL, 14, "Boris", "Vera"), "RV208", 14, 5),
    ("tricks-out-of-order", mutate(FULL, 15, "3 Gleb", "4 Gleb"), "RV209", 15, 3),
    ("hand-contradicts-play", mutate(mutate(FULL, 3, "KC", "QC"), 6, "QC", "KC"), "RV303", 3, 43),
    ("talon-contradicts-play", mutate(FULL, 7, "5H 3H 7D", "3H 5H 7D"), "RV304", 7, 12),
    ("exchange-discard-played", mutate(FULL, 10, "discards 8D", "discards 3D"), "RV305", 10, 26),
    ("sees-two-cards", mutate(FULL, 9, "sees 3H", "sees 3H 8H"), "RV305", 9, 3),
    ("partie-holds-played-card", mutate(FULL, 12, "8D", "KD"), "RV306", 12, 16),
    ("espagnolette-declared-wrongly", mutate(FULL, 12, "partie 8H 3H 8D AC",
                                               "espagnolette Boris"), "RV307", 12, 3),
    ("talon-twice", mutate(FULL, 12, "partie 8H 3H 8D AC", "talon 5H 3H 7D"), "RV308", 12, 3),
    ("void-deal-with-tricks", mutate(FULL, 12, "partie 8H 3H 8D AC", "misdeal Gleb"),
     "RV309", 13, 3),
    ("unclaimed-trick-out-of-range", FULL + "  unclaimed 12\n", "RV310", 24, 13),
    ("misdeal-by-another", HEADER + "deal 1 dealer Gleb\n  misdeal Anna\n", "RV322", 3, 11),
    # paid and tally lines (tests/test_paid_and_tally.py has more)
    ("tally-amount-not-a-number", FULL + "  tally Anna x\n", "RV115", 24, 14),
    ("tally-unknown-player", FULL + "  tally Anna 0 Bors 0 Vera 0 Gleb 0\n", "RV311", 24, 16),
    ("tally-missing-player", FULL + "  tally Anna 0 Boris 0 Vera 0\n", "RV312", 24, 3),
    ("paid-unknown-player", FULL + "  paid Anna Zed 5\n", "RV313", 24, 13),
    ("paid-oneself", FULL + "  paid Anna Anna 5\n", "RV314", 24, 13),
    ("paid-unknown-rule", FULL + "  paid Anna Boris 5 ACE-9\n", "RV315", 24, 21),
    ("paid-trick-out-of-range", FULL + "  paid Anna Boris 5 trick 12\n", "RV316", 24, 27),
]


@pytest.mark.parametrize("record, code, line, column",
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_fault_gives_its_code_at_its_place(record, code, line, column):
    found = codes_of(record)
    assert found, "no diagnostic"
    codes = [c for c, _, _ in found]
    assert code in codes, found
    first = next(f for f in found if f[0] == code)
    if column:
        assert first[1:] == (line, column), found
    else:
        assert first[1] == line, found


def test_card_twice_names_the_first_place():
    record = mutate(MINIMAL, 12, "4H 6H JH JD", "4H 6H JH 5D")
    from reversis_cli.reader import record_from_text
    with record_from_text(record) as r:
        diags = [d for deal in r.deals() for d in deal.diagnostics if d.code == "RV202"]
    assert "line 10" in diags[0].message
    assert diags[0].related[0][0].line == 10


def test_wrong_dealer_says_who_was_expected():
    text = MINIMAL + "\ndeal 2 dealer Gleb\n" + TRICKS
    from reversis_cli.reader import record_from_text
    with record_from_text(text) as r:
        diags = [d for deal in r.deals() for d in deal.diagnostics]
    wrong = [d for d in diags if d.code == "RV302"]
    assert wrong and "deal 2 is Anna's to deal, not Gleb's" in wrong[0].message
    assert "SEAT-2" in wrong[0].message


def test_every_code_in_the_registry_is_exercised():
    """Codes of the notation are tested here; the others where they arise."""
    from pathlib import Path

    exercised = {c[2] for c in CASES} | {"RV001", "RV002", "RV301", "RV302"}
    tests = Path(__file__).parent
    # The table's figures against the rules: tests/test_check_figures.py; the archive's
    # database (RV6xx): tests/test_archive.py.
    figures = {"RV317", "RV318", "RV319", "RV320", "RV321"}
    elsewhere = {code for code in CODES if (code[2] in "456" or code in figures) and any(
        code in path.read_text(encoding="utf-8") for path in tests.glob("test_*.py")
        if path.name != "test_diagnostics.py")}
    missing = set(CODES) - exercised - elsewhere
    assert not missing, f"codes without a test: {sorted(missing)}"


def test_a_card_twice_in_one_trick_says_so_not_here_and_at_this_line():
    """newcomer-3, finding 22: "9H is played twice: here and at line 13" on line 13."""
    from reversis_cli.reader import record_from_text

    record = mutate(FULL, 13, "5H AH 9H KH", "5H AH 9H 9H")
    with record_from_text(record) as r:
        (found,) = [d for deal in r.deals() for d in deal.diagnostics if d.code == "RV202"]
    assert (found.line, found.column, found.message) == (13, 19, "9H is played twice in this trick")
    assert found.related[0][0].column == 16  # the first 9H
    with record_from_text(mutate(MINIMAL, 12, "4H 6H JH JD", "4H 6H JH 5D")) as r:
        messages = [d.message for deal in r.deals() for d in deal.diagnostics
                    if d.code == "RV202"]
    assert messages == ["5D is played twice: here and at line 10"]


def test_a_diagnostic_put_in_its_file_is_the_one_replace_makes():
    """``Diagnostic.in_file`` (the reader's, for each problem of a deal) gives what
    ``replace`` gives, every field kept but the file and the source line."""
    from reversis_cli.diagnostics import diagnostic
    from reversis_cli.model import Pos
    from reversis_cli.values import replace

    made = diagnostic("RV201", "a revoke", Pos(8, 16), deal=3, trick=2,
                      related=((Pos(9, 3), "there"),))
    for d in (made, made.escalated(), diagnostic("RV301", "numbered wrong")):
        placed = d.in_file("club.rvs", "   2 Anna 2H 3H AH 8H")
        assert placed == replace(d, file="club.rvs", source_line="   2 Anna 2H 3H AH 8H")
        assert (placed.file, placed.source_line, placed.severity) \
            == ("club.rvs", "   2 Anna 2H 3H AH 8H", d.severity)
