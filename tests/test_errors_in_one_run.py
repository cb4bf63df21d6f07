"""One run reports every independent problem, and a trick in error makes up
no problem elsewhere (issue 15, items 3, 10, 11 and 15)."""

import json

from click.testing import CliRunner

from reversis_cli.arbiter.ruling import rule
from reversis_cli.cli import cli
from reversis_cli.reader import record_from_text
from reversis_cli.rules import load_profile
from reversis_cli.convert.canonical import canonical_deal

from conftest import SAMPLES
from records import FULL, MINIMAL, codes_of, mutate

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
WIDTH = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}


def leaders_only_on(text: str, keep: set[int]) -> str:
    """``text`` with the written leader left out of every trick not in ``keep``."""
    out = []
    for line in text.split("\n"):
        words = line.split()
        if len(words) > 1 and words[0].isdigit() and int(words[0]) not in keep \
                and words[1] in PLAYERS:
            line = line.replace(f" {words[1]} ", " ", 1)
        out.append(line)
    return "\n".join(out)


# MINIMAL with the leader written on trick 1 only; trick N is line N + 2.
# Leaders: 1 Anna, 2 Boris, 3 Gleb, 4 Anna, 5 Vera, 6-10 Anna, 11 Vera.
BARE = leaders_only_on(MINIMAL, {1})


def codes(text: str) -> list[tuple[str, int | None]]:
    return [(code, line) for code, line, _ in codes_of(text)]


def test_the_base_record_is_clean():
    assert codes(BARE) == []


# --- item 10: what can still be checked after an error is checked -------------


def test_a_three_card_trick_does_not_hide_a_card_played_twice():
    text = mutate(BARE, 7, "2C QC KC JC", "2C QC KC")  # trick 5
    text = mutate(text, 10, "QD 9D 7D 5D", "QD 9D 7D 5H")  # trick 8: 5H is in trick 1
    assert codes(text) == [("RV203", 7), ("RV202", 10)]


def test_a_ten_does_not_hide_unknown_names():
    text = mutate(BARE, 5, "4D KD 6D 3D", "4D KD 10D 3D")  # trick 3
    text = mutate(text, 8, "6 QS", "6 Ivan QS")  # trick 6
    text = mutate(text, 13, "4C 6C 2H 3C", "4C 6C 2H 3C > Igor")  # trick 11
    assert codes(text) == [("RV101", 5), ("RV112", 8), ("RV112", 13)]


def test_an_unknown_dealer_does_not_hide_a_wrong_leader():
    text = mutate(BARE, 2, "dealer Gleb", "dealer Glen")
    text = mutate(text, 6, "4 9S", "4 Boris 9S")  # Anna took trick 3
    assert codes(text) == [("RV112", 2), ("RV208", 6)]


def test_a_line_that_cannot_be_read_does_not_hide_the_others_nor_make_up_more():
    text = mutate(BARE, 4, "3S 7S AS KS", "3S 7S AS KS >")  # trick 2: a syntax error
    text = mutate(text, 11, "9 6S", "9 Ivan 6S")
    found = codes(text)
    assert [c for c, _ in found] == ["RV100", "RV112"], found  # no RV205, RV209 or RV203


def test_a_bad_card_in_a_hand_makes_up_nothing_and_hides_nothing():
    text = mutate(FULL, 3, "KC", "10C")  # Anna's hand loses a card in the reading
    text = mutate(text, 23, "4C 6C 2H 3C", "4C 6C 2H 3C > Vera")  # Gleb took trick 11
    assert codes(text) == [("RV101", 3), ("RV207", 23)]


def test_a_twelfth_trick_is_not_said_to_need_no_cards():
    text = BARE.rstrip("\n") + "\n  12 5H 6H 7H 8H\n"
    found = codes(text)
    assert ("RV205", 14) in found
    assert not any(code == "RV203" for code, _ in found), found


# --- item 11 and item 3: a trick in error makes up nothing elsewhere ------------


def wrong_leader_variant() -> str:
    """samples/bad/wrong-leader.rvs with trick 11 put right, trick 5 written as
    led by Boris (Vera took trick 4) and trick 7 rightly as led by Boris."""
    text = (SAMPLES / "bad" / "wrong-leader.rvs").read_text(encoding="utf-8")
    text = text.replace("\n  11 Boris AD", "\n  11 Vera  AD")
    text = text.replace("\n  5       8H", "\n  5 Boris 8H")
    text = text.replace("\n  7       3C", "\n  7 Boris 3C")
    return text


def test_a_wrong_leader_gives_one_error_and_no_revokes():
    found = codes_of(wrong_leader_variant())
    assert [(code, line) for code, line, _ in found] == [("RV208", 12)], found


def test_a_wrong_recorded_taker_gives_no_wrong_leader_later():
    text = mutate(MINIMAL, 6, "9S 4S JS 5S", "9S 4S JS 5S > Anna")  # Vera took trick 4
    assert codes(text) == [("RV207", 6)]  # trick 5 rightly written as led by Vera


def test_no_leader_is_derived_after_a_trick_in_error():
    with record_from_text(wrong_leader_variant()) as record:
        (checked,) = list(record.deals())
    replayed = checked.replayed
    assert replayed is not None and checked.deal is not None
    assert [t.number for t in replayed.tricks] == [1, 2, 3, 4, 7, 8, 9, 10, 11]
    assert [(t.line.number, t.in_error) for t in replayed.unresolved] == [(5, True), (6, False)]
    leaders = {t.number: t.leader for t in canonical_deal(checked.deal, PLAYERS).tricks}
    assert leaders[6] is None  # not written, and not derivable from trick 5
    assert leaders[8] is not None and leaders[8].text == "Vera"  # from trick 7, as written


def test_arbitrate_lists_no_made_up_revoke_as_a_fact(tmp_path):
    path = tmp_path / "wrong-leader.rvs"
    path.write_text(wrong_leader_variant(), encoding="utf-8")
    facts = " ".join(f.text for f in rule(path, 1, load_profile("classic")).facts)
    assert "revoke" not in facts
    assert "After the exchange" not in facts  # hands are not established either
    assert "RV208" in facts and "tricks 5–6" in facts


# --- item 15: show shows a deal with errors ------------------------------------------


def table_rows(output: str) -> list[str]:
    """The rows of the tricks table (not the diagnostics' source lines)."""
    return [line for line in output.splitlines() if line.strip()[:1].isdigit() and "|" not in line]


def test_show_lays_out_a_deal_with_a_wrong_taker(tmp_path):
    path = tmp_path / "taker.rvs"
    path.write_text(mutate(MINIMAL, 6, "9S 4S JS 5S", "9S 4S JS 5S > Anna"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["show", str(path), "--cards", "ascii"], env=WIDTH)
    assert result.exit_code == 1
    assert "RV207" in result.output
    assert "Deal 1 — dealer Gleb, first hand Anna" in result.output
    rows = {line.split()[0]: line for line in table_rows(result.output)}
    assert "✗" in rows["4"] and "9S 4S JS 5S > Anna" in rows["4"]
    assert "✗" not in rows["5"] and "?" not in rows["5"]  # its leader is written
    assert "Hands after the exchange" not in result.output


def test_show_marks_what_cannot_be_established(tmp_path):
    path = tmp_path / "three.rvs"
    path.write_text(mutate(BARE, 7, "2C QC KC JC", "2C QC KC"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["show", str(path), "--cards", "ascii"], env=WIDTH)
    assert result.exit_code == 1
    rows = table_rows(result.output)
    assert len(rows) == 11
    assert "✗" in rows[4] and "2C QC KC" in rows[4]
    assert all(" ? " in row for row in rows[5:])


def test_two_tricks_written_in_each_other_s_place_are_two_errors_not_a_cascade():
    text = mutate(BARE, 8, "6 QS QH 2S AD", "7 8S 8C 5C 2D")
    text = mutate(text, 9, "7 8S 8C 5C 2D", "6 QS QH 2S AD")
    assert codes(text) == [("RV209", 8), ("RV209", 9)]


def test_a_missing_trick_is_one_error():
    lines = BARE.split("\n")
    del lines[7]  # trick 6
    found = codes("\n".join(lines))
    assert [code for code, _ in found] == ["RV209"], found


def test_a_card_both_in_the_partie_and_in_a_trick_makes_up_no_revoke():
    text = (SAMPLES / "salon.rvs").read_text(encoding="utf-8")
    text = text.replace("\n  11 Anna  QH 7S 5S 2C > Anna\n", "\n  11 Anna  QH 9D 5S 2C > Anna\n")
    found = codes_of(text)
    assert ("RV306", 112) in [(code, line) for code, line, _ in found]
    assert not any(code == "RV201" for code, _, _ in found), found


def test_a_line_set_aside_that_begins_with_a_number_like_word_makes_up_nothing():
    text = mutate(BARE, 2, "deal 1 dealer Gleb", "deal 1 dealer Gleb\n 1S talon 4C QC 2C")
    assert [code for code, _ in codes(text)] == ["RV100"]


def test_a_deal_with_a_line_read_wrong_is_replayed_but_never_complete():
    with record_from_text(mutate(FULL, 3, "KC", "10C")) as record:
        (checked,) = list(record.deals())
    assert checked.replayed is not None and len(checked.replayed.tricks) == 11
    assert not checked.replayed.complete and not checked.settleable


def test_five_mistakes_are_reported_by_one_check_run(tmp_path):
    deal_1 = mutate(BARE, 7, "2C QC KC JC", "2C QC KC")  # three cards in trick 5
    deal_1 = mutate(deal_1, 10, "QD 9D 7D 5D", "QD 9D 7D 5H")  # 5H again, in trick 8
    deal_1 = mutate(deal_1, 5, "4D KD 6D 3D", "4D KD 10D 3D")  # a ten in trick 3
    deal_2 = mutate(BARE, 2, "deal 1 dealer Gleb", "deal 2 dealer Ann")  # no such player
    deal_2 = mutate(deal_2, 6, "4 9S", "4 Boris 9S")  # Anna took trick 3
    path = tmp_path / "five.rvs"
    path.write_text(deal_1 + "\n" + deal_2.split("\n", 1)[1], encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--json", str(path)])
    found = [(d["code"], d["line"]) for d in json.loads(result.output)["diagnostics"]]
    assert found == [("RV101", 5), ("RV203", 7), ("RV202", 10), ("RV112", 15), ("RV208", 19)]
