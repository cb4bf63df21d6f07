"""Correcting is cheap (issue 20, item 14): one card of the deal in progress
or of a deal reopened is changed in place, the later tricks checked again,
not typed again; a reopened deal takes several changes and is written back
once, on 'end'."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.record import Recorder, Setup
from reversis_cli.record.deal import DealInProgress

from record_helpers import prefix, sample_deal, typed_prefix

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
NEW = ["--players", "Anna,Boris,Vera,Gleb", "--rules", "classic", "--dealer", "Gleb"]


def trick_lines(sample, number):
    return [" ".join(str(c.card) for c in t.cards) for t in sample_deal(sample, number).tricks]


TRICKS = trick_lines("evening.rvs", 1)  # Anna leads; Vera 4C in trick 3, Boris takes it
# Trick 3 typed with QC for Vera's 4C: Vera takes it, not Boris, so trick 4 is
# led by the wrong player; QC is refused later, when it is really played.
WRONG = TRICKS[:2] + [TRICKS[2].replace("4C", "QC")] + TRICKS[3:]


def run(args, text):
    return CliRunner().invoke(cli, ["record", *args], input=text, catch_exceptions=False)


def test_a_card_of_an_earlier_trick_is_changed_and_the_later_tricks_follow(tmp_path):
    path = tmp_path / "s.rvs"
    recorder = Recorder.open(path, Setup(PLAYERS, "classic", "Gleb"))
    deal = recorder.begin()
    for line in WRONG[:9]:
        assert recorder.add_line(line).accepted
    assert deal.tricks[3].leader == "Vera"  # as the wrong card made it
    refused = recorder.add_line(WRONG[9])  # QC, played twice
    assert [d.code for d in refused.problems] == ["RV202"]
    outcome = recorder.replace_card(3, 2, "4c")  # Vera's card: the third of trick 3
    assert outcome.accepted, outcome.problems
    assert [t.leader for t in deal.tricks[3:5]] == ["Boris", "Vera"]  # worked out anew
    assert deal.tricks[2].cards[2].rank.name == "FOUR" and deal.tricks[2].taker == "Boris"
    for line in WRONG[9:]:
        assert recorder.add_line(line).accepted
    assert recorder.finish().closed
    header = "reversis 1\nrules classic\nplayers Anna Boris Vera Gleb\n\n"
    assert path.read_text(encoding="utf-8") == header + typed_prefix(
        "evening.rvs", 1).split("\n\n", 1)[1]


def test_a_change_that_breaks_a_later_trick_is_refused_and_nothing_changes(tmp_path):
    deal = DealInProgress(PLAYERS, 1, "Gleb")
    for line in TRICKS[:5]:
        assert deal.add_line(line).accepted
    lines = list(deal.lines)
    outcome = deal.replace_card(2, 0, "2C")  # 2C is Vera's lead in trick 5
    assert not outcome.accepted and [d.code for d in outcome.problems] == ["RV202"]
    assert deal.lines == lines
    no_card = deal.replace_card(7, 0, "AS")
    assert not no_card.accepted and "no card 1 in trick 7" in str(no_card.problems[0].message)
    not_a_card = deal.replace_card(1, 0, "ZZ")
    assert [d.code for d in not_a_card.problems] == ["RV102"] and deal.lines == lines


def test_a_card_of_the_trick_in_progress_is_changed_in_place():
    deal = DealInProgress(PLAYERS, 1, "Gleb")
    first = TRICKS[0].split()
    assert deal.play(first[0]).accepted and deal.play("AS").accepted
    assert deal.replace_card(1, 1, first[1]).accepted
    assert [str(c) for c in deal.current_trick] == first[:2]
    for card in first[2:]:
        assert deal.play(card).accepted
    assert deal.trick_number == 2


def test_a_reopened_deal_takes_several_changes_and_is_written_back_once(tmp_path):
    path = tmp_path / "s.rvs"
    text = prefix("evening.rvs", 2)
    path.write_text(text, encoding="utf-8")
    recorder = Recorder.open(path)
    deal = recorder.reopen(1)
    assert recorder.replace_card(11, 3, "QH").accepted  # 3H -> QH (not played): Anna takes it still
    assert path.read_text(encoding="utf-8") == text  # nothing written yet
    assert recorder.add_line('note "3H, not QH"').accepted
    assert recorder.replace_card(11, 3, "3H").accepted  # and back
    assert deal.complete and path.read_text(encoding="utf-8") == text
    assert recorder.finish().closed
    after = path.read_text(encoding="utf-8")
    assert after.count('note "3H, not QH"') == 1 and after.count("deal ") == 2


def test_change_in_plain_mode_corrects_a_trick_and_the_deal_goes_on(tmp_path):
    path = tmp_path / "s.rvs"
    lines = [*WRONG[:10], "change 3 Vera 4C", *WRONG[9:], "quit"]
    result = run([str(path), *NEW], "\n".join(lines) + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "error[RV202]: QC is played twice" in out
    assert "Trick 3 now reads: 3C 5C 4C AH." in out and "Deal 1 written to" in out
    header = "reversis 1\nrules classic\nplayers Anna Boris Vera Gleb\n\n"
    assert path.read_text(encoding="utf-8") == header + typed_prefix(
        "evening.rvs", 1).split("\n\n", 1)[1]


def test_change_by_the_card_and_its_mistakes_are_said(tmp_path):
    path = tmp_path / "s.rvs"
    lines = [TRICKS[0], "change 1 7H 9H", "change 1 QS KS", "change 4 Anna 2S", "change 1",
             "change 1 Zed 2S", "quit"]
    out = run([str(path), *NEW], "\n".join(lines) + "\n").output
    assert "Trick 1 now reads: 2H 5H 9H 6H." in out
    assert "QS is not in trick 1: 2H 5H 9H 6H." in out
    assert "Deal 1 has no trick 4 yet." in out
    assert out.count("Type 'change N PLAYER CARD'") == 2


def test_a_reopened_deal_in_plain_mode_is_written_back_only_on_end(tmp_path):
    """newcomer-3, finding 13: the eleventh trick typed again wrote the deal
    back at once, and the 'end' meant for it went to the next deal."""
    path = tmp_path / "s.rvs"
    text = prefix("evening.rvs", 2)
    path.write_text(text, encoding="utf-8")
    last = trick_lines("evening.rvs", 1)[-1]
    lines = ["reopen 1", "undo", last, "change 11 Gleb QH", "change 11 Gleb 3H",
             'note "seen again"', "quit"]
    result = run([str(path)], "\n".join(lines) + "\n")
    assert "rewritten" not in result.output and path.read_text(encoding="utf-8") == text
    assert "The changes to deal 1 are dropped" in result.output
    result = run([str(path)], "\n".join(lines[:-1] + ["end", "quit"]) + "\n")
    assert "Deal 1 rewritten in" in result.output
    assert "Deal 3, dealer Boris" in result.output and "Deal 3 is not over" not in result.output
    assert 'note "seen again"' in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("line,said", [
    ("reopen x", "Type 'reopen N', N the number of a deal written, e.g. reopen 2."),
    ("explain me", "Type 'explain' for the last deal written, or 'explain N' for deal N."),
    ("undo 2", "'undo' takes back the last card or line of the deal: type it alone."),
    ("reopn 1", "The words of record: undo, change N PLAYER CARD, end, reopen N"),
])
def test_a_word_of_the_mode_typed_wrong_says_how_it_is_typed(tmp_path, line, said):
    """newcomer-3, finding 22: 'reopen x' gave "expected a card, found 'reopen'"."""
    out = run([str(tmp_path / "s.rvs"), *NEW], line + "\nquit\n").output
    assert said in out
    assert "found 'reopen'" not in out and "found 'explain'" not in out
