"""The engine and the line mode after the acceptance pass of issue 20.

A line typed in the middle of a trick begun card by card (a note, ``peeked``,
a misdeal, a lone name): taken, it leaves the cards of the trick where they
are; refused, it changes nothing, so the next card is the one the screen asks
for.  Only a whole trick line takes the place of the cards begun singly.
Also: a draft's control characters are shown as escapes; the line mode asks
again on a bare н or т; the resume question counts lines and cards apart."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from reversis_cli.cli import cli
from reversis_cli.notation.writer import statement_body
from reversis_cli.record import Recorder, Setup, draft_path
from reversis_cli.record.deal import DealInProgress

from record_helpers import prefix, sample_deal, typed_prefix

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")


def begun() -> DealInProgress:
    """Deal 1, Gleb deals: Anna led 2♣, Boris played 3♣; Vera to play."""
    deal = DealInProgress(PLAYERS, 1, "Gleb")
    assert deal.play("2c").accepted and deal.play("3c").accepted
    return deal


@pytest.mark.parametrize("line,code", [
    ("note hello", "RV100"),          # a note's text is quoted
    ("misdeal Boris", None),          # only the dealer (Gleb) misdeals
    ("Gleb", None),                   # a name alone: no trick
    ("deal 2 dealer Anna", "RV100"),  # the deal line is record's to write
])
def test_a_line_refused_mid_trick_changes_nothing(line, code):
    deal = begun()
    outcome = deal.add_line(line)
    assert not outcome.accepted and not outcome.waiting and outcome.problems
    if code is not None:
        assert code in [d.code for d in outcome.problems]
    assert deal.trick_cards == ["2c", "3c"] and deal.lines == [] and deal.turn == "Vera"
    assert deal.play("6c").accepted  # Vera's card, as the screen asks: not Anna's lead
    assert [str(c) for c in deal.current_trick] == ["2C", "3C", "6C"] and deal.turn == "Gleb"


@pytest.mark.parametrize("line", ["peeked Gleb", 'note "a card shown"', "# seen at once"])
def test_a_line_taken_mid_trick_keeps_the_trick_in_progress(line):
    deal = begun()
    assert deal.add_line(line).accepted
    assert deal.lines == [line] and deal.trick_cards == ["2c", "3c"] and deal.turn == "Vera"
    assert deal.play("6c").accepted and deal.play("4c").accepted
    [trick] = deal.tricks
    assert [str(c) for c in trick.cards] == ["2C", "3C", "6C", "4C"] and trick.leader == "Anna"
    assert deal.lines == [line, "1 2c 3c 6c 4c"]  # the statement before its trick: any order


def test_a_whole_trick_line_still_replaces_the_cards_begun_singly():
    deal = begun()
    assert deal.add_line("1 Anna 9s 4s ks 2s").accepted
    assert deal.trick_cards == [] and len(deal.tricks) == 1


def test_a_whole_trick_line_refused_keeps_the_cards_begun_singly():
    deal = begun()
    outcome = deal.add_line("1 Anna 9s 4s ks")  # three cards: RV203
    assert not outcome.accepted and deal.trick_cards == ["2c", "3c"]


def test_undo_takes_back_what_was_typed_last_card_or_line():
    deal = DealInProgress(PLAYERS, 1, "Gleb")
    assert deal.play("2c").accepted
    assert deal.add_line('note "first"').accepted
    assert deal.play("3c").accepted
    assert deal.add_line('note "second"').accepted
    assert deal.undo() and deal.lines == ['note "first"'] and deal.trick_cards == ["2c", "3c"]
    assert deal.undo() and deal.trick_cards == ["2c"]
    assert deal.undo() and deal.lines == [] and deal.trick_cards == ["2c"]
    assert deal.undo() and deal.trick_cards == [] and not deal.undo()


def test_a_card_after_hands_written_mid_trick_is_checked_against_them():
    deal_read = sample_deal("salon.rvs", 2)
    deal = DealInProgress(PLAYERS, 2, deal_read.dealer.text)
    first = [str(c.card) for c in deal_read.tricks[0].cards]
    assert deal.play(first[0]).accepted and deal.play(first[1]).accepted
    for hand in deal_read.hands:
        assert deal.add_line(statement_body(hand, "ascii")).accepted
    assert deal.trick_cards == first[:2]
    third = deal.turn
    other = next(c.card for h in deal_read.hands if h.player.text != third for c in h.cards
                 if str(c.card) not in first)
    outcome = deal.play(str(other))  # a card the hands written give to another player
    assert not outcome.accepted and "RV303" in [d.code for d in outcome.problems]
    assert deal.trick_cards == first[:2]
    assert deal.play(first[2]).accepted


@pytest.mark.slow
def test_a_note_mid_trick_is_written_with_every_card(tmp_path):
    path = tmp_path / "s.rvs"
    path.write_text(prefix("evening.rvs", 0), encoding="utf-8")
    recorder = Recorder.open(path, Setup(dealer=sample_deal("evening.rvs", 1).dealer.text))
    for number, trick in enumerate(sample_deal("evening.rvs", 1).tricks):
        for index, card in enumerate(trick.cards):
            assert recorder.play(str(card.card)).accepted
            if number == 2 and index == 1:
                assert recorder.add_line('note "checked"').accepted
    assert recorder.finish().closed
    expected = typed_prefix("evening.rvs", 1).replace("\n   1 ", '\n  note "checked"\n   1 ', 1)
    assert path.read_text(encoding="utf-8") == expected


LINES = ["note hello", 'note "x"', "peeked Gleb", "misdeal Boris", "Gleb", "deal 2 dealer Anna",
         "hand Vera 4c", "1 Anna 9s 4s ks 2s", "exchange Anna discards 2c", "# c"]
CARDS = ["2c", "3c", "6c", "4c", "9s", "4s", "ks", "2s", "zz", "2c 3c"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.just("line"), st.sampled_from(LINES)),
                          st.tuples(st.just("card"), st.sampled_from(CARDS))), max_size=10))
@pytest.mark.slow
def test_a_change_refused_leaves_the_state_as_it_was(changes):
    deal = DealInProgress(PLAYERS, 1, "Gleb")
    for kind, text in changes:
        before = (list(deal.lines), list(deal.trick_cards), deal.turn)
        outcome = deal.add_line(text) if kind == "line" else deal.play(text)
        if outcome.waiting:
            deal.reject()
        if not outcome.accepted:
            assert (deal.lines, deal.trick_cards, deal.turn) == before
        elif kind == "line" and not text.split()[0].isdigit() and text.split()[0] != "Gleb":
            assert deal.trick_cards == before[1]  # a statement leaves the trick begun


# -- plain mode --------------------------------------------------------------------------

NEW = ["--players", "Anna,Boris,Vera,Gleb", "--rules", "classic", "--dealer", "Gleb"]


def plain(path, text: str):
    return CliRunner().invoke(cli, ["--lang", "en", "record", str(path), "--plain", *NEW],
                              input=text, catch_exceptions=False)


def draft_begun(tmp_path):
    """A draft of deal 1 with 2♣ 3♣ of trick 1 played (as the full screen leaves one)."""
    path = tmp_path / "s.rvs"
    recorder = Recorder.open(path, Setup(PLAYERS, "classic", "Gleb"))
    assert recorder.play("2c").accepted and recorder.play("3c").accepted
    recorder.close()
    return path


def test_plain_mode_a_line_refused_on_a_resumed_trick_keeps_it(tmp_path):
    path = draft_begun(tmp_path)
    result = plain(path, "y\nnote hello\n6c\nquit\n")
    assert "RV100" in result.output and "Line not taken." in result.output
    assert "Trick 1, 2C 3C played; Vera to play:" in result.output
    draft = json.loads(draft_path(path).read_text(encoding="utf-8"))
    assert draft["lines"] == [] and draft["trick"] == ["2c", "3c", "6c"]


def test_plain_mode_a_line_taken_on_a_resumed_trick_keeps_it(tmp_path):
    path = draft_begun(tmp_path)
    result = plain(path, 'y\nnote "seen"\n6c\nquit\n')
    assert result.output.count("Trick 1, 2C 3C played; Vera to play:") == 2
    draft = json.loads(draft_path(path).read_text(encoding="utf-8"))
    assert draft["lines"] == ['note "seen"'] and draft["trick"] == ["2c", "3c", "6c"]


def test_a_draft_with_a_line_and_a_card_that_is_no_card_is_said_not_raised(tmp_path):
    # The trick's line is not read at all, so the deal parsed has no trick in
    # progress to set apart (looking for one raised IndexError at start).
    path = tmp_path / "s.rvs"
    Recorder.open(path, Setup(PLAYERS, "classic", "Gleb")).close()
    draft_path(path).write_text(json.dumps({"version": 1, "deal": 1, "dealer": "Gleb",
                                            "lines": ['note "x"'], "trick": ["zz"]}),
                                encoding="utf-8")
    recorder = Recorder.open(path)
    said = " ".join(str(note.message) for note in recorder.draft_notes)
    assert "Card zz of the trick in progress" in said
    assert recorder.draft is not None and recorder.draft.lines == ['note "x"']
    assert recorder.draft.trick == []


# -- a draft's text is shown, never sent to the terminal -------------------------------

def draft_with_controls(tmp_path):
    """A new file and a draft beside it whose lines and card hold an escape
    sequence and a NUL."""
    path = tmp_path / "s.rvs"
    Recorder.open(path, Setup(PLAYERS, "classic", "Gleb")).close()
    draft = {"version": 1, "deal": 1, "dealer": "Gleb",
             "lines": ['note "\x1b[31m red"', "1 9s 4s ks 2s", "hand Anna\x00 2c"],
             "trick": ["3c\x1b[0m"]}
    draft_path(path).write_text(json.dumps(draft), encoding="utf-8")
    return path


def test_plain_mode_shows_a_draft_s_control_characters_as_escapes(tmp_path):
    path = draft_with_controls(tmp_path)
    result = CliRunner().invoke(cli, ["--lang", "en", "record", str(path), "--plain"],
                                input="quit\n", catch_exceptions=False)
    assert "\x1b" not in result.output and "\x00" not in result.output
    assert 'not taken: note "\\x1b[31m red"' in result.output
    assert "not taken: hand Anna\\x00 2c" in result.output
    assert "Card 3c\\x1b[0m of the trick in progress" in result.output


@pytest.mark.parametrize("draft,shown", [
    ({"version": 1, "deal": 1, "dealer": "Gl\x1b[2Jeb", "lines": ["1 9s 4s ks 2s"]},
     "(dealer Gl\\x1b[2Jeb)"),
    ({"version": "2\x1b[2J"}, "(draft version 2\\x1b[2J)"),
])
def test_a_draft_set_aside_is_said_with_its_control_characters_escaped(tmp_path, draft, shown):
    path = tmp_path / "s.rvs"
    Recorder.open(path, Setup(PLAYERS, "classic", "Gleb")).close()
    draft_path(path).write_text(json.dumps(draft), encoding="utf-8")
    said = " ".join(str(note.message) for note in Recorder.open(path).draft_notes)
    assert shown in said and "\x1b" not in said


# -- the line mode's yes and no ----------------------------------------------------------

def test_plain_mode_asks_again_on_a_bare_n_or_t_of_the_cyrillic_layout(tmp_path):
    """н is no to a Russian reader but the y key of the Cyrillic layout (the
    full screen's yes); т is its n key: neither answers, in either question."""
    path = tmp_path / "s.rvs"
    Recorder.open(path, Setup(PLAYERS, "classic", "Gleb")).close()
    assert plain(path, "1 9s 4s ks 2s\nquit\n").exit_code == 0
    result = CliRunner().invoke(cli, ["--lang", "en", "record", str(path), "--plain"],
                                input="н\nт\nнет\nquit\n", catch_exceptions=False)
    assert result.output.count("'н' is not an answer here: type y or n (да or нет).") == 1
    assert result.output.count("'т' is not an answer here") == 1
    assert "The draft of deal 1 is set aside" in result.output  # нет: no, as before


def test_plain_mode_a_bare_n_is_no_answer_to_the_revoke_question(tmp_path):
    path = tmp_path / "s.rvs"
    path.write_text(prefix("irregular.rvs", 6), encoding="utf-8")
    lines = [" ".join(str(c.card) for c in t.cards)
             for t in sample_deal("irregular.rvs", 7).tricks]
    text = "\n".join(lines) + "\n"
    for answer in ("н", "т"):
        result = CliRunner().invoke(cli, ["--lang", "ru", "record", str(path), "--plain"],
                                    input=text.replace(lines[8] + "\n",
                                                       lines[8] + f"\n{answer}\nд\n", 1),
                                    catch_exceptions=False)
        assert f"«{answer}» здесь не ответ: введите y или n (да или нет)." in result.output
        assert "Сдача 7 записана" in result.output  # asked again, then д: the revoke taken
        path.write_text(prefix("irregular.rvs", 6), encoding="utf-8")


# -- the resume question counts lines and cards apart ---------------------------------------

@pytest.mark.parametrize("lines,cards,said", [
    (10, 2, "after 10 lines and 2 cards of trick 11?"),
    (0, 1, "after 1 card of trick 1?"),
    (3, 0, "after 3 lines?"),
])
def test_the_resume_question_says_lines_and_cards_apart(tmp_path, lines, cards, said):
    path = tmp_path / "s.rvs"
    path.write_text(prefix("evening.rvs", 0), encoding="utf-8")
    recorder = Recorder.open(path, Setup(dealer=sample_deal("evening.rvs", 1).dealer.text))
    tricks = sample_deal("evening.rvs", 1).tricks
    for trick in tricks[:lines]:
        assert recorder.add_line(" ".join(str(c.card) for c in trick.cards)).accepted
    for card in tricks[lines].cards[:cards]:
        assert recorder.play(str(card.card)).accepted
    recorder.close()
    result = CliRunner().invoke(cli, ["--lang", "en", "record", str(path), "--plain"],
                                input="y\nquit\n", catch_exceptions=False)
    assert said in result.output


def test_the_resume_question_in_russian(tmp_path):
    path = draft_begun(tmp_path)
    result = CliRunner().invoke(cli, ["--lang", "ru", "record", str(path), "--plain"],
                                input="y\nquit\n", catch_exceptions=False)
    assert "где она остановилась (введено: 2 карты взятки 1)? [Y/n]" in result.output
