"""The recording engine of ``reversis record``: deals typed line by line or
card by card, checked as check does, settled and appended as fmt writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reversis_cli.record import Recorder, RecordRefused, Setup, draft_path
from reversis_cli.record.deal import DealInProgress
from reversis_cli.session.service import Session

from record_helpers import prefix, sample_deal, type_deal, typed_prefix

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")


def start_from(tmp_path, sample: str, deals_before: int):
    """A file holding the sample's first deals, opened for recording."""
    path = tmp_path / "s.rvs"
    path.write_text(prefix(sample, deals_before), encoding="utf-8")
    # The first dealer is asked only of a file without deals.
    return path, Recorder.open(path, Setup(dealer=sample_deal(sample, 1).dealer.text))


# by default the espagnolette, typed card by card (the other three under -m '')
@pytest.mark.parametrize("sample,number,by_card", [
    pytest.param("evening.rvs", 1, True, marks=pytest.mark.slow),     # a normal deal
    pytest.param("big-night.rvs", 3, False, marks=pytest.mark.slow),  # a reversis made
    ("big-night.rvs", 6, True),     # an espagnolette with privileged renounces
    pytest.param("salon.rvs", 2, False, marks=pytest.mark.slow),  # hands, talon, exchanges, partie
])
def test_a_typed_deal_is_appended_as_fmt_writes_it(tmp_path, sample, number, by_card):
    path, recorder = start_from(tmp_path, sample, number - 1)
    deal = sample_deal(sample, number)
    assert recorder.next_number == number and recorder.next_dealer == deal.dealer.text
    type_deal(recorder, deal, by_card=by_card)
    finished = recorder.finish()
    assert finished.closed and finished.settlement is not None
    assert path.read_text(encoding="utf-8") == typed_prefix(sample, number)
    assert not draft_path(path).exists()
    with Session.open(path) as session:  # the pool carried: the same as score's
        list(session.deals())
        assert recorder.pool == session.pool_end and recorder.balance() == session.balance()


def test_a_reversis_is_settled_as_score_settles_it(tmp_path):
    path, recorder = start_from(tmp_path, "big-night.rvs", 2)
    type_deal(recorder, sample_deal("big-night.rvs", 3))
    finished = recorder.finish()
    assert any("REV" in str(p.rule) for p in finished.settlement.payments)


def test_a_revoke_is_warned_at_once_and_taken_when_confirmed(tmp_path):
    path, recorder = start_from(tmp_path, "irregular.rvs", 6)
    warned = type_deal(recorder, sample_deal("irregular.rvs", 7))
    assert [d.code for d in warned] == ["RV201"]
    assert "Gleb played" in str(warned[0].message) and "revoke" in str(warned[0].message)
    assert recorder.finish().closed
    assert path.read_text(encoding="utf-8") == typed_prefix("irregular.rvs", 7)


def test_a_revoke_not_confirmed_leaves_the_deal_as_it_was(tmp_path):
    _, recorder = start_from(tmp_path, "irregular.rvs", 6)
    deal = recorder.begin()
    lines = [" ".join(str(c.card) for c in t.cards) for t in sample_deal("irregular.rvs", 7).tricks]
    number, outcome = 0, None
    for text in lines:
        number += 1
        outcome = recorder.add_line(text)
        if not outcome.accepted:
            break
    assert outcome is not None
    # Gleb renounced diamonds in trick 1: known once he plays one later.
    assert outcome.waiting and outcome.problems[0].code == "RV201"
    assert outcome.problems[0].trick == 1 and number < 11
    recorder.reject()
    assert deal.trick_number == number and len(deal.lines) == number - 1
    recorder.add_line(text)
    recorder.confirm()
    for text in lines[number:]:  # confirmed once: not asked again as more is known
        assert recorder.add_line(text).accepted
    assert recorder.finish().closed


@pytest.mark.parametrize("line,code,words", [
    ("ZS 4S KS 2S", "RV102", "ZS is not a card"),
    ("10S 4S KS 2S", "RV101", "is a ten"),
    ("espagnolette Zed", "RV112", "Zed is not one of the players"),
])
def test_bad_input_is_refused_with_checks_words(tmp_path, line, code, words):
    path, recorder = start_from(tmp_path, "evening.rvs", 0)
    before = path.read_bytes()
    outcome = recorder.add_line(line)
    assert not outcome.accepted and not outcome.waiting
    assert [d.code for d in outcome.problems] == [code]
    assert words in str(outcome.problems[0].message)
    assert recorder.begin().lines == [] and path.read_bytes() == before


def test_a_card_already_played_is_refused_card_by_card(tmp_path):
    _, recorder = start_from(tmp_path, "evening.rvs", 0)
    first = sample_deal("evening.rvs", 1).tricks[0]
    for card in first.cards:
        assert recorder.play(str(card.card)).accepted
    outcome = recorder.play(str(first.cards[0].card))
    assert [d.code for d in outcome.problems] == ["RV202"]
    assert recorder.begin().current_trick == ()


def test_a_card_not_in_the_written_hand_is_refused(tmp_path):
    _, recorder = start_from(tmp_path, "salon.rvs", 1)
    deal = sample_deal("salon.rvs", 2)
    for stmt in deal.hands:
        from reversis_cli.notation.writer import statement_body
        assert recorder.add_line(statement_body(stmt, "ascii")).accepted
    leader_hand = next(h for h in deal.hands if h.player.text == recorder.begin().leader)
    other = next(c for h in deal.hands if h is not leader_hand for c in h.cards)
    outcome = recorder.play(str(other.card))
    assert not outcome.accepted and outcome.problems[0].code == "RV303"


def test_undo_takes_back_cards_then_lines(tmp_path):
    _, recorder = start_from(tmp_path, "evening.rvs", 0)
    deal = recorder.begin()
    tricks = sample_deal("evening.rvs", 1).tricks
    recorder.add_line(" ".join(str(c.card) for c in tricks[0].cards))
    recorder.play(str(tricks[1].cards[0].card))
    assert deal.turn == deal.players[(deal.players.index(deal.leader) + 1) % 4]
    assert recorder.undo() and deal.current_trick == () and deal.trick_number == 2
    assert recorder.undo() and deal.trick_number == 1 and deal.lines == []
    assert not recorder.undo()


def test_the_state_names_leader_turn_and_takers(tmp_path):
    _, recorder = start_from(tmp_path, "evening.rvs", 0)
    deal = recorder.begin()
    assert deal.first_hand == deal.leader == deal.turn
    trick = sample_deal("evening.rvs", 1).tricks[0]
    recorder.add_line(" ".join(str(c.card) for c in trick.cards))
    [view] = deal.tricks
    assert view.leader == deal.first_hand and view.taker == deal.leader and view.number == 1


def test_a_void_deal_then_the_dealer_the_rules_give(tmp_path):
    # irregular.rvs deal 6: a misdeal with a paid redeal, so the same dealer deals 7.
    path, recorder = start_from(tmp_path, "irregular.rvs", 5)
    type_deal(recorder, sample_deal("irregular.rvs", 6))
    deal = recorder.begin()
    assert deal.is_void and deal.complete
    assert recorder.finish().closed
    assert recorder.next_dealer == sample_deal("irregular.rvs", 7).dealer.text
    assert path.read_text(encoding="utf-8") == typed_prefix("irregular.rvs", 6)


def test_an_existing_file_goes_on_after_a_void_deal_with_the_pool_carried(tmp_path):
    path, recorder = start_from(tmp_path, "irregular.rvs", 9)  # deal 9: a misdeal
    assert recorder.next_number == 10
    assert recorder.next_dealer == sample_deal("irregular.rvs", 10).dealer.text
    with Session.open(path) as session:
        list(session.deals())
        assert recorder.pool == session.pool_end != 0
    type_deal(recorder, sample_deal("irregular.rvs", 10))
    assert recorder.finish().closed
    assert path.read_text(encoding="utf-8") == typed_prefix("irregular.rvs", 10)


def test_a_draft_resumes_exactly_where_it_stopped(tmp_path):
    path, recorder = start_from(tmp_path, "evening.rvs", 1)
    deal = sample_deal("evening.rvs", 2)
    for trick in deal.tricks[:4]:
        recorder.add_line(" ".join(str(c.card) for c in trick.cards))
    recorder.play(str(deal.tricks[4].cards[0].card))
    assert draft_path(path).exists()
    recorder.close()
    again = Recorder.open(path)
    assert again.draft is not None and again.draft.deal == 2
    resumed = again.resume()
    assert resumed.trick_number == 5 and len(resumed.current_trick) == 1
    for card in deal.tricks[4].cards[1:]:
        assert again.play(str(card.card)).accepted
    for trick in deal.tricks[5:]:
        assert again.add_line(" ".join(str(c.card) for c in trick.cards)).accepted
    assert again.finish().closed
    assert path.read_text(encoding="utf-8") == typed_prefix("evening.rvs", 2)
    assert not draft_path(path).exists()


def test_a_draft_that_does_not_follow_the_file_is_not_offered_and_is_kept_aside(tmp_path):
    path, recorder = start_from(tmp_path, "evening.rvs", 1)
    recorder.add_line(" ".join(str(c.card) for c in sample_deal("evening.rvs", 2).tricks[0].cards))
    recorder.close()
    draft = draft_path(path).read_bytes()
    path.write_text(prefix("evening.rvs", 2), encoding="utf-8")  # deal 2 written meanwhile
    again = Recorder.open(path)
    assert again.draft is None and not draft_path(path).exists()
    kept = path.with_name(".s.rvs.draft.1")
    assert kept.read_bytes() == draft
    said = " ".join(str(note.message) for note in again.draft_notes)
    assert "A draft of deal 2 (dealer Anna)" in said and "holds 2 deals" in said
    assert str(kept) in said


def test_a_finished_deal_reopened_and_edited_is_replaced_in_place(tmp_path):
    path = tmp_path / "s.rvs"
    text = prefix("evening.rvs", 3).replace("deal 2 dealer", "# before deal two\ndeal 2 dealer")
    path.write_text(text, encoding="utf-8")
    recorder = Recorder.open(path)
    deal = recorder.reopen(2)
    assert deal.played and recorder.editing == 2
    assert recorder.undo() and not deal.played
    assert recorder.add_line('note "checked again"').accepted
    last = sample_deal("evening.rvs", 2).tricks[-1]
    assert recorder.add_line(" ".join(str(c.card) for c in last.cards)).accepted
    finished = recorder.finish()
    assert finished.closed and finished.settlement is not None
    after = path.read_text(encoding="utf-8")
    blocks, old_blocks = after.split("\n\n"), text.split("\n\n")
    # Deal 2's block: the note added, as fmt places it; every other block as it was.
    assert blocks[:2] == old_blocks[:2] and blocks[3:] == old_blocks[3:]
    assert blocks[2] == old_blocks[2].replace("\n   1 ", '\n  note "checked again"\n   1 ', 1)
    assert "# before deal two" in after and after.count("deal ") == text.count("deal ")
    assert recorder.editing is None and recorder.next_number == 4


def test_comments_in_the_file_are_kept_when_a_deal_is_appended(tmp_path):
    path = tmp_path / "s.rvs"
    text = prefix("salon.rvs", 1)
    assert "#" in text  # salon.rvs has comments
    path.write_text(text, encoding="utf-8")
    recorder = Recorder.open(path)
    type_deal(recorder, sample_deal("salon.rvs", 2))
    assert recorder.finish().closed
    assert path.read_text(encoding="utf-8").startswith(text)


def test_a_file_with_errors_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "bad.rvs"
    source = prefix("evening.rvs", 1) + "\ndeal 2 dealer Zed\n"
    path.write_text(source, encoding="utf-8")
    with pytest.raises(RecordRefused) as refused:
        Recorder.open(path)
    assert "RV112" in [d.code for d in refused.value.diagnostics]
    assert path.read_text(encoding="utf-8") == source
    assert not draft_path(path).exists()


def test_a_folder_that_cannot_be_written_is_refused_at_start(tmp_path, monkeypatch):
    import tempfile

    def refused(*args, **kwargs):  # what a read-only folder answers (root writes anywhere)
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    with pytest.raises(RecordRefused, match="cannot be written .Permission denied"):
        Recorder.open(tmp_path / "s.rvs", Setup(PLAYERS, "classic", "Gleb"))
    assert not (tmp_path / "s.rvs").exists()


def test_a_folder_that_does_not_exist_is_refused_at_start(tmp_path):
    with pytest.raises(RecordRefused, match="cannot be written"):
        Recorder.open(tmp_path / "nowhere" / "s.rvs", Setup(PLAYERS, "classic", "Gleb"))
    assert not (tmp_path / "nowhere").exists()


def test_a_new_file_gets_its_header_at_once(tmp_path):
    path = tmp_path / "new.rvs"
    recorder = Recorder.open(path, Setup(PLAYERS, "modern", "Gleb", title="Thursday",
                                         date="2026-11-26", place="Tver"))
    assert path.read_text(encoding="utf-8") == (
        'reversis 1\ntitle "Thursday"\ndate 2026-11-26\nplace "Tver"\nrules modern\n'
        "players Anna Boris Vera Gleb\n")
    assert recorder.begin().dealer == "Gleb" and recorder.begin().first_hand == "Anna"


def test_a_deal_with_errors_at_its_end_is_not_written(tmp_path):
    path, recorder = start_from(tmp_path, "evening.rvs", 0)
    deal = sample_deal("evening.rvs", 1)
    # Nobody holds the espagnolette in this deal: known only when all is played.
    assert recorder.add_line("espagnolette Anna").accepted
    for trick in deal.tricks:
        assert recorder.add_line(" ".join(str(c.card) for c in trick.cards)).accepted
    before = path.read_bytes()
    finished = recorder.finish()
    assert not finished.closed and [d.code for d in finished.problems] == ["RV307"]
    assert path.read_bytes() == before
    assert recorder.undo() and recorder.undo()  # the last trick, then...
    assert recorder.begin().trick_number == 10


def test_deal_in_progress_alone_has_no_file():
    deal = DealInProgress(PLAYERS, 1, "Gleb")
    assert deal.turn == "Anna" and deal.trick_number == 1 and not deal.complete


def test_a_draft_that_cannot_be_written_is_said_not_raised(tmp_path, monkeypatch):
    from reversis_cli import files
    from reversis_cli.record import draft as draft_module

    _, recorder = start_from(tmp_path, "evening.rvs", 0)

    def full(path, data):
        raise files.WriteError(f"cannot write {path}: No space left on device")

    monkeypatch.setattr(draft_module, "write_atomic", full)
    trick = sample_deal("evening.rvs", 1).tricks[0]
    with pytest.raises(RecordRefused, match="No space left"):
        recorder.add_line(" ".join(str(c.card) for c in trick.cards))


def test_a_file_that_may_not_be_replaced_is_refused_at_start(tmp_path):
    path, _ = start_from(tmp_path, "evening.rvs", 1)
    os.link(path, tmp_path / "other-name.rvs")
    with pytest.raises(RecordRefused, match="hard links"):
        Recorder.open(path)
    (tmp_path / "other-name.rvs").unlink()
    path.chmod(0o444)
    with pytest.raises(RecordRefused, match="read-only"):
        Recorder.open(path)


WORDS = ["AS", "9h", "Д♥", "10S", "ZS", "Anna", "Zed", "hand", "exchange", "discards", "takes",
         "espagnolette", "waives", "misdeal", "late", "redeal", "paid", "note", '"x"', "#",
         ">", "12", "1", "tally", "pool", "+3", "deal", "players", "\x1b", "\u00a0", "partie"]


RANDOM_LINES = st.lists(st.lists(st.sampled_from(WORDS), max_size=7).map(" ".join), max_size=6)
RANDOM_CARDS = st.lists(st.sampled_from(WORDS + ["9S", "4S", "KS", "2S", "QH", "9S 4S", ""]),
                        max_size=12)


# Each of the two below takes 20 cases by default and 60 under the slow marker
# (5 ms a case).
@settings(max_examples=20, deadline=None)
@given(RANDOM_LINES)
def test_any_line_is_taken_or_refused_never_raised(lines):
    _take_or_refuse_lines(lines)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(RANDOM_LINES)
def test_many_lines_are_taken_or_refused_never_raised(lines):
    _take_or_refuse_lines(lines)


def _take_or_refuse_lines(lines):
    deal = DealInProgress(PLAYERS, 1, "Gleb")
    for line in lines:
        outcome = deal.add_line(line)
        if outcome.waiting:
            deal.confirm()
        assert outcome.accepted or outcome.problems
    while deal.undo():
        pass
    assert deal.lines == [] and deal.trick_number == 1


def test_a_file_with_crlf_line_ends_keeps_them(tmp_path):
    path = tmp_path / "s.rvs"
    text = prefix("evening.rvs", 1).replace("\n", "\r\n")
    path.write_bytes(text.encode("utf-8"))
    recorder = Recorder.open(path)
    type_deal(recorder, sample_deal("evening.rvs", 2))
    assert recorder.finish().closed
    assert path.read_bytes() == typed_prefix("evening.rvs", 2).replace("\n", "\r\n").encode()
    recorder.reopen(1)
    assert recorder.undo()
    last = sample_deal("evening.rvs", 1).tricks[-1]
    assert recorder.add_line(" ".join(str(c.card) for c in last.cards)).accepted
    assert recorder.finish().closed  # written back as it was
    assert path.read_bytes() == typed_prefix("evening.rvs", 2).replace("\n", "\r\n").encode()


def test_a_house_profile_is_written_relative_to_the_record_and_read_back(tmp_path):
    house = Path(__file__).resolve().parent.parent / "samples" / "house-rules.toml"
    path = tmp_path / "night" / "s.rvs"
    path.parent.mkdir()
    recorder = Recorder.open(path, Setup(PLAYERS, str(house), "Gleb"))
    rules_line = next(line for line in path.read_text(encoding="utf-8").split("\n")
                      if line.startswith("rules "))
    assert (path.parent / rules_line.split(" ", 1)[1].strip('"')).resolve() == house
    recorder.close()
    assert Recorder.open(path).profile == recorder.profile


def test_an_unknown_profile_is_refused_before_the_file_is_made(tmp_path):
    with pytest.raises(RecordRefused):
        Recorder.open(tmp_path / "s.rvs", Setup(PLAYERS, "no-such-profile", "Gleb"))
    assert not (tmp_path / "s.rvs").exists()


def test_a_first_dealer_who_is_not_a_player_makes_no_file(tmp_path):
    with pytest.raises(RecordRefused, match="Zed is not one of the players"):
        Recorder.open(tmp_path / "s.rvs", Setup(PLAYERS, "classic", "Zed"))
    assert not (tmp_path / "s.rvs").exists()


@settings(max_examples=20, deadline=None)
@given(RANDOM_CARDS)
def test_any_card_typed_is_taken_or_refused_never_raised(words):
    _take_or_refuse_cards(words)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(RANDOM_CARDS)
def test_many_cards_typed_are_taken_or_refused_never_raised(words):
    _take_or_refuse_cards(words)


def _take_or_refuse_cards(words):
    deal = DealInProgress(PLAYERS, 1, "Gleb")
    for word in words:
        outcome = deal.play(word)
        if outcome.waiting:
            deal.confirm()
        assert outcome.accepted or outcome.problems or not word.strip()
        # every card taken is a card of the trick in progress
        assert len(deal.current_trick) == len(deal.trick_cards)
