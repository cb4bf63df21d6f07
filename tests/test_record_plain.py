"""``reversis record --plain``: the line-by-line mode, driven through standard input."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.convert.fmt import canonical_text
from reversis_cli.model import TrickLine
from reversis_cli.notation.writer import statement_body
from reversis_cli.record import Recorder, Setup, draft_path
from reversis_cli.simulate.options import SimulationOptions
from reversis_cli.simulate.session import simulate_record, simulate_session

from record_helpers import prefix, sample_deal, typed_prefix

NEW = ["--players", "Anna,Boris,Vera,Gleb", "--rules", "classic", "--dealer", "Gleb"]
SAMPLES = Path(__file__).resolve().parent.parent / "samples"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "record"


def run(args, text, lang="en"):
    return CliRunner().invoke(cli, ["--lang", lang, "record", *args], input=text,
                              catch_exceptions=False)


def trick_lines(sample, number):
    return [" ".join(str(c.card) for c in t.cards) for t in sample_deal(sample, number).tricks]


def test_a_deal_typed_in_plain_mode_is_settled_and_written(tmp_path):
    path = tmp_path / "evening.rvs"
    result = run([str(path), "--plain", *NEW], "\n".join(trick_lines("evening.rvs", 1)) + "\n")
    assert result.exit_code == 0
    out = result.output
    assert "Deal 1, dealer Gleb. Trick 1, Anna leads:" in out
    assert "Payments" in out and "Pool:" in out  # the score tables of the deal
    assert "Deal 1 written to" in out and "Deal 2, dealer Anna. Trick 1, Boris leads:" in out
    header = "reversis 1\nrules classic\nplayers Anna Boris Vera Gleb\n\n"
    assert path.read_text(encoding="utf-8") == header + typed_prefix(
        "evening.rvs", 1).split("\n\n", 1)[1]
    check = CliRunner().invoke(cli, ["check", str(path)])
    assert check.exit_code == 0 and "no errors" in check.output


def test_bad_lines_are_refused_in_checks_words_and_nothing_is_written(tmp_path):
    path = tmp_path / "s.rvs"
    first = trick_lines("evening.rvs", 1)[0]
    lines = [first, "ZS 3S 5S 6S", "10S 3S 5S 6S", first, "espagnolette Zed", "quit"]
    result = run([str(path), *NEW], "\n".join(lines) + "\n")
    assert result.exit_code == 0
    out = result.output
    assert "error[RV102]: ZS is not a card" in out
    assert "error[RV101]: 10S is a ten" in out
    assert "error[RV202]:" in out and "is played twice" in out
    assert "error[RV112]: Zed is not one of the players" in out
    assert out.count("Line not taken.") == 4
    assert "Traceback" not in out
    assert path.read_text(encoding="utf-8").count("deal") == 0
    assert "Deal 1 is saved as a draft" in out


def test_undo_takes_back_the_last_line(tmp_path):
    path = tmp_path / "s.rvs"
    tricks = trick_lines("evening.rvs", 1)
    result = run([str(path), *NEW], f"{tricks[0]}\nundo\nundo\n{tricks[0]}\nquit\n")
    assert "Nothing to take back in this deal." in result.output
    assert result.output.count("Trick 2, ") == 2


def test_quit_then_resume_the_draft(tmp_path):
    path = tmp_path / "s.rvs"
    tricks = trick_lines("evening.rvs", 1)
    run([str(path), *NEW], "\n".join(tricks[:5]) + "\nquit\n")
    assert draft_path(path).exists()
    result = run([str(path)], "\n" + "\n".join(tricks[5:]) + "\n")  # empty answer: resume
    assert "Resume deal 1 (dealer Gleb) where it stopped, after 5 lines? [Y/n]" in result.output
    assert "Deal 1 written to" in result.output and not draft_path(path).exists()


def test_a_draft_refused_starts_the_deal_again(tmp_path):
    path = tmp_path / "s.rvs"
    tricks = trick_lines("evening.rvs", 1)
    run([str(path), *NEW], tricks[0] + "\nquit\n")
    result = run([str(path)], "n\nquit\n")
    assert "The draft of deal 1 is set aside, kept as" in result.output
    assert path.with_name(f".{path.name}.draft.1").exists()  # never deleted
    assert "Trick 1, Anna leads:" in result.output and not draft_path(path).exists()


def test_an_unclear_answer_to_resume_asks_again_and_never_loses_the_draft(tmp_path):
    """A trick typed before answering is not a no: the draft is the deal's
    only copy, so only y or n decides."""
    path = tmp_path / "s.rvs"
    tricks = trick_lines("evening.rvs", 1)
    run([str(path), *NEW], "\n".join(tricks[:5]) + "\nquit\n")
    result = run([str(path)], tricks[5] + "\ny\n" + "\n".join(tricks[5:]) + "\n")
    assert "Answer y or n." in result.output
    assert "Deal 1 resumed." in result.output and "Deal 1 written to" in result.output


def test_a_revoke_is_asked_about_and_taken_when_confirmed(tmp_path):
    path = tmp_path / "s.rvs"
    path.write_text(prefix("irregular.rvs", 6), encoding="utf-8")
    lines = trick_lines("irregular.rvs", 7)
    # Gleb's renounce in trick 1 is asked about once Boris's AD in trick 9
    # shows that Gleb cannot hold the espagnolette, which would excuse it.
    text = "\n".join(lines[:9]) + "\ny\n" + "\n".join(lines[9:]) + "\n"
    result = run([str(path)], text)
    assert "warning[RV201]:" in result.output and "Did it happen so? [y/N]" in result.output
    assert "Deal 7 written to" in result.output


def test_a_void_deal_is_closed_with_end(tmp_path):
    path = tmp_path / "s.rvs"
    path.write_text(prefix("irregular.rvs", 8), encoding="utf-8")  # deal 9: a misdeal
    deal = sample_deal("irregular.rvs", 9)
    lines = [statement_body(s, "ascii") for s in deal.statements]
    result = run([str(path)], "\n".join(lines) + "\nend\nquit\n")
    assert "The deal is void: more lines, or 'end' to close it:" in result.output
    assert "Deal 9 written to" in result.output
    assert path.read_text(encoding="utf-8") == typed_prefix("irregular.rvs", 9)


def test_a_new_file_asks_the_start_up_questions(tmp_path):
    path = tmp_path / "s.rvs"
    answers = "Anna Boris Vera Gleb\n\nZed\nGleb\nThursday\n\n\nquit\n"
    result = run([str(path)], answers)
    out = result.output
    assert "The four players, in playing order:" in out and "Rule profile" in out
    assert out.count("Who deals first?") == 2 and "Title (empty for none):" in out
    assert path.read_text(encoding="utf-8") == (
        'reversis 1\ntitle "Thursday"\nrules classic\nplayers Anna Boris Vera Gleb\n')


def test_a_file_with_errors_is_refused_untouched(tmp_path):
    path = tmp_path / "bad.rvs"
    text = prefix("evening.rvs", 1) + "\ndeal 2 dealer Zed\n"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["record", str(path)], input="")
    assert result.exit_code == 1 and "RV112" in result.output + (result.stderr or "")
    assert path.read_text(encoding="utf-8") == text


def test_bad_players_option_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(cli, ["record", str(tmp_path / "s.rvs"), "--players", "A,B"])
    assert result.exit_code == 2 and "--players" in result.output


def test_plain_mode_speaks_russian(tmp_path):
    path = tmp_path / "s.rvs"
    result = run([str(path), *NEW], "ZS 3S 5S 6S\nquit\n", lang="ru")
    assert "Сдача 1, сдаёт Gleb. Взятка 1, ходит Anna:" in result.output
    assert "ошибка[RV102]" in result.output and "Строка не принята." in result.output


def test_reopen_in_plain_mode_rewrites_the_deal(tmp_path):
    path = tmp_path / "s.rvs"
    path.write_text(prefix("evening.rvs", 2), encoding="utf-8")
    last = trick_lines("evening.rvs", 1)[-1]
    result = run([str(path)], f"reopen 1\nundo\nnote \"seen again\"\n{last}\nend\nquit\n")
    assert "Deal 1 reopened" in result.output and "Deal 1 rewritten in" in result.output
    assert 'note "seen again"' in path.read_text(encoding="utf-8")
    assert CliRunner().invoke(cli, ["check", str(path)]).exit_code == 0


@pytest.mark.parametrize("seed,deals", [
    (11, 2),
    pytest.param(12, 6, marks=pytest.mark.slow),
    pytest.param(13, 8, marks=pytest.mark.slow),
])
def test_a_simulated_session_typed_card_by_card_is_what_fmt_writes(tmp_path, seed, deals):
    options = SimulationOptions(deals=deals, seed=seed, irregular=0.3, write_hands=seed != 11,
                                write_exchanges=True)
    text = "".join(simulate_session(options))
    header, deals = simulate_record(options)
    path = tmp_path / "s.rvs"
    recorder = Recorder.open(path, Setup(options.players, options.rules, options.players[3]))
    for deal in deals:
        assert recorder.begin().dealer == deal.dealer.text
        for stmt in deal.statements:
            if isinstance(stmt, TrickLine):
                for card in stmt.cards:
                    outcome = recorder.play(str(card.card))
                    if outcome.waiting:
                        recorder.confirm()
                    else:
                        assert outcome.accepted, outcome.problems
            else:
                outcome = recorder.add_line(statement_body(stmt, "ascii"))
                assert outcome.accepted or outcome.waiting, outcome.problems
                if outcome.waiting:
                    recorder.confirm()
        assert recorder.finish().closed
    assert path.read_text(encoding="utf-8") == canonical_text(text).text


def test_a_draft_that_cannot_be_written_ends_with_status_1_and_no_traceback(tmp_path,
                                                                             monkeypatch):
    from reversis_cli import files
    from reversis_cli.record import draft as draft_module

    def full(path, data):
        raise files.WriteError(f"cannot write {path}: No space left on device")

    monkeypatch.setattr(draft_module, "write_atomic", full)
    path = tmp_path / "s.rvs"
    result = CliRunner().invoke(cli, ["record", str(path), *NEW],
                                input=trick_lines("evening.rvs", 1)[0] + "\n")
    assert result.exit_code == 1 and "No space left on device" in result.output
    assert "Traceback" not in result.output and result.exception is None or \
        isinstance(result.exception, SystemExit)


def test_the_settlement_spells_cards_as_asked(tmp_path):
    lines = "\n".join(trick_lines("evening.rvs", 1)) + "\nquit\n"
    partie = {}
    for style in ("ascii", "unicode"):
        path = tmp_path / f"{style}.rvs"
        result = run([str(path), *NEW, "--cards", style], lines)
        [partie[style]] = [line for line in result.output.split("\n")
                           if line.startswith("Partie ")]
    assert partie["ascii"].isascii() and not partie["unicode"].isascii()


@pytest.mark.parametrize("lang,name", [("en", "record-plain.txt"), ("ru", "ru/record-plain.txt")])
def test_a_plain_session_golden(tmp_path, monkeypatch, golden, lang, name):
    """A deal with a bad card, an undo, the settlement's tables, then quit."""
    monkeypatch.chdir(tmp_path)
    tricks = trick_lines("evening.rvs", 1)
    lines = [tricks[0], "ZS QH 5H JH", tricks[1], "undo", *tricks[1:], "quit"]
    result = CliRunner().invoke(cli, ["--lang", lang, "record", "night.rvs", *NEW],
                                input="\n".join(lines) + "\n",
                                env={"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"},
                                prog_name="reversis")
    assert result.exit_code == 0
    golden(name, result.output)


def test_odd_lines_are_refused_and_an_escape_is_never_echoed_raw(tmp_path):
    path = tmp_path / "s.rvs"
    lines = ["deal 2 dealer Anna", "players A B C D", "\x1b[2J AS", "hand", "quit"]
    result = run([str(path), *NEW], "\n".join(lines) + "\n")
    out = result.output
    assert "the deal line is not typed" in out and "error[RV113]" in out
    assert "error[RV003]" in out and "\x1b" not in out
    assert out.count("Line not taken.") == 4 and "Traceback" not in out


def test_a_folder_that_cannot_be_written_is_refused_before_any_question(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    result = CliRunner().invoke(cli, ["record", str(blocker / "s.rvs")], input="Anna B C D\n")
    assert result.exit_code == 1 and "cannot be written" in result.output
    assert "players" not in result.output  # refused before the first question


def test_at_a_terminal_without_the_full_screen_it_records_line_by_line_and_says_so(
        tmp_path, monkeypatch):
    import importlib

    from reversis_cli.cli import record as record_command_module

    real = importlib.import_module

    def without_tui(name, *args):
        if name == "reversis_cli.record.tui.app":
            raise ImportError("No module named 'textual'")
        return real(name, *args)

    monkeypatch.setattr(record_command_module, "_screen", lambda: True)
    monkeypatch.setattr(record_command_module.importlib, "import_module", without_tui)
    result = run([str(tmp_path / "s.rvs"), *NEW], "quit\n")
    assert result.exit_code == 0
    assert "The full screen cannot start: Textual" in result.output
    assert "Deal 1, dealer Gleb. Trick 1, Anna leads:" in result.output


def test_quit_while_editing_drops_the_edit_and_keeps_the_deal_in_progress(tmp_path):
    path = tmp_path / "s.rvs"
    path.write_text(prefix("evening.rvs", 1), encoding="utf-8")
    first = trick_lines("evening.rvs", 2)[0]
    before = path.read_bytes()
    result = run([str(path)], f"{first}\nreopen 1\nundo\nquit\n")
    assert "The changes to deal 1 are dropped" in result.output
    assert "Deal 2 is saved as a draft" in result.output
    assert path.read_bytes() == before
    draft = Recorder.open(path).draft
    assert draft is not None and draft.deal == 2 and len(draft.lines) == 1


def test_a_rules_option_that_cannot_be_read_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(cli, ["record", str(tmp_path / "s.rvs"), "--players",
                                      "Anna,Boris,Vera,Gleb", "--rules", "nosuch", "--dealer",
                                      "Gleb"], input="")
    assert result.exit_code == 2 and "--rules" in result.output
    assert not (tmp_path / "s.rvs").exists()


def test_explain_shows_the_last_deal_written_as_reversis_explain_does(tmp_path):
    path = tmp_path / "s.rvs"
    path.write_text(prefix("evening.rvs", 2), encoding="utf-8")
    result = run([str(path), "--cards", "ascii"], "explain\nexplain 1\nexplain 9\nquit\n")
    explained = CliRunner().invoke(cli, ["explain", str(path), "--deal", "2", "--cards",
                                         "ascii"], env={"COLUMNS": "80"})
    assert explained.exit_code == 0
    assert explained.output.split("\n")[0] in result.output
    assert "there is no deal 9 in" in result.output


def test_a_trick_begun_card_by_card_goes_on_from_its_cards(tmp_path):
    path = tmp_path / "s.rvs"
    recorder = Recorder.open(path, Setup(("Anna", "Boris", "Vera", "Gleb"), "classic", "Gleb"))
    tricks = trick_lines("evening.rvs", 1)
    first, second = tricks[0].split()[:2]
    assert recorder.play(first).accepted and recorder.play(second).accepted  # the full screen
    recorder.close()
    rest = " ".join(tricks[0].split()[2:])
    result = run([str(path)], "\n" + "ZS\n" + rest + "\n" + "\n".join(tricks[1:]) + "\n")
    out = result.output
    assert f"Trick 1, {first} {second} played; Vera to play:" in out
    assert "error[RV102]: ZS is not a card" in out
    assert "Deal 1 written to" in out
    assert CliRunner().invoke(cli, ["check", str(path)]).exit_code == 0


def test_a_new_file_at_a_terminal_asks_its_questions_on_the_full_screen(tmp_path, monkeypatch):
    """No line-by-line questions before the screen: the screen asks them
    (run_new), with what the options said already filled in."""
    from reversis_cli.cli import record as record_command_module
    from reversis_cli.record.tui import app as tui

    started = []

    def run_new(path, setup, cards, offer=None):
        started.append((str(path), setup.players, setup.dealer, cards))
        return 0

    monkeypatch.setattr(record_command_module, "_screen", lambda: True)
    monkeypatch.setattr(tui, "run_new", run_new)
    result = CliRunner().invoke(cli, ["record", str(tmp_path / "s.rvs"), "--dealer", "Gleb"],
                                input="")
    assert result.exit_code == 0, result.output
    assert started == [(str(tmp_path / "s.rvs"), (), "Gleb", "unicode")]
    assert "players" not in result.output


# -- issue 20: the espagnolette's free renounces, the revoke question, spelling, comments --------


def _privileged_renounces(deal) -> int:
    """Tricks 1-9 where the espagnolette holder (as the whole deal shows) plays
    off the suit led while still holding it: a renounce ESP-2 allows."""
    from reversis_cli.replay import replay_deal

    replayed = replay_deal(deal, ("Anna", "Boris", "Vera", "Gleb"))
    holder = replayed.espagnolette.seat if replayed.espagnolette else None
    count = 0
    for trick in replayed.tricks[:9]:
        for play in trick.plays[1:]:
            later = [p.card for t in replayed.tricks if t.number > trick.number
                     for p in t.plays if p.seat == play.seat]
            if play.seat == holder and play.card.suit is not trick.led_suit and any(
                    c.suit is trick.led_suit for c in later):
                count += 1
    return count


@pytest.mark.parametrize("seed", [2, pytest.param(5, marks=pytest.mark.slow)])
def test_a_piped_session_of_espagnolettes_is_recorded_as_fmt_writes_it(tmp_path, seed):
    """newcomer-3 (item 7 of issue 20): the holder of the espagnolette who
    renounces within the first nine tricks was asked "Did it happen so?" before
    anyone could know he held the aces; the next trick piped in was eaten as
    the answer and every later trick shifted.  Decided at the deal's end now."""
    deals = 4
    options = SimulationOptions(deals=deals, seed=seed, events=0.0, write_exchanges=False,
                                forces={n: "espagnolette" for n in range(1, deals + 1)})
    _, made = simulate_record(options)
    simulated = list(made)
    assert sum(_privileged_renounces(deal) for deal in simulated) >= 2  # what is tested
    # The marker types the tricks only: the espagnolette shows in the play.
    text = "".join(simulate_session(options))
    expected = canonical_text("".join(line for line in text.splitlines(keepends=True)
                                      if not line.lstrip().startswith("espagnolette"))).text
    typed = [" ".join(str(c.card) for c in t.cards) for deal in simulated for t in deal.tricks]
    path = tmp_path / "s.rvs"
    result = run([str(path), "--players", ",".join(options.players), "--rules", "classic",
                  "--dealer", options.players[3]], "\n".join(typed) + "\nquit\n")
    assert result.exit_code == 0
    assert "Did it happen so?" not in result.output and "Line not taken." not in result.output
    assert path.read_text(encoding="utf-8") == expected


def test_an_answer_that_is_not_yes_or_no_is_asked_again_never_taken_as_no(tmp_path):
    path = tmp_path / "s.rvs"
    path.write_text(prefix("irregular.rvs", 6), encoding="utf-8")
    lines = trick_lines("irregular.rvs", 7)
    # The question comes with trick 9 (Boris's AD shows Gleb's renounce of
    # trick 1 cannot be the espagnolette's); the marker types trick 10 on.
    text = "\n".join(lines[:9] + [lines[9], "yes", *lines[9:]]) + "\n"
    result = run([str(path)], text)
    out = result.output
    assert out.count("Did it happen so? [y/N]") == 2
    assert f"Answer y or n: '{lines[9]}' is not taken; type it again after the answer." in out
    assert "Line not taken." not in out and "Deal 7 written to" in out
    written = path.read_text(encoding="utf-8").split("\ndeal 7 dealer Gleb\n")[1]
    assert [" ".join(line.split()[2:]) for line in written.splitlines()] == lines


def test_an_empty_answer_to_the_revoke_question_is_no(tmp_path):
    path = tmp_path / "s.rvs"
    path.write_text(prefix("irregular.rvs", 6), encoding="utf-8")
    lines = trick_lines("irregular.rvs", 7)
    result = run([str(path)], "\n".join(lines[:9] + ["", "quit"]) + "\n")
    assert "Line not taken." in result.output
    assert "Deal 7, dealer Gleb. Trick 9, Vera leads: quit" in result.output


def test_a_deal_is_appended_in_the_record_s_own_spelling(tmp_path):
    """newcomer-3, finding 19: QH appended to a record written Д♥."""
    path = tmp_path / "t.rvs"
    path.write_bytes((SAMPLES / "tver-ru.rvs").read_bytes())
    tricks = (FIXTURES / "deal3-tricks.txt").read_text(encoding="utf-8")
    result = run([str(path)], tricks + "quit\n")
    assert result.exit_code == 0 and "Deal 9 written to" in result.output
    appended = path.read_text(encoding="utf-8").split("\n\ndeal 9 ")[1]
    assert "К♥ 2♣ 4♣ 4♥" in appended and "KH" not in appended
    formatted = canonical_text(path.read_bytes(), "t.rvs", None).text
    assert formatted is not None and formatted.endswith("deal 9 " + appended)  # as fmt writes it


def test_cards_given_explicitly_spell_the_deals_appended(tmp_path):
    path = tmp_path / "t.rvs"
    path.write_bytes((SAMPLES / "tver-ru.rvs").read_bytes())
    tricks = (FIXTURES / "deal3-tricks.txt").read_text(encoding="utf-8")
    run([str(path), "--cards", "ascii"], tricks + "quit\n")
    assert "KH 2C 4C 4H" in path.read_text(encoding="utf-8").split("\n\ndeal 9 ")[1]
    new = tmp_path / "n.rvs"
    run([str(new), *NEW, "--cards", "ru"], "\n".join(trick_lines("evening.rvs", 1)) + "\nquit\n")
    assert "2♥ 5♥ 7♥ 6♥" in new.read_text(encoding="utf-8")


# The two comments with blank lines by default; the simpler endings slow.
@pytest.mark.parametrize("ending", [
    pytest.param("# deal 2 was a fast one\n", marks=pytest.mark.slow),
    pytest.param("\n\n# deal 2 was a fast one\n", marks=pytest.mark.slow),
    "# deal 2 was a fast one\n\n# and a second\n\n"])
def test_a_comment_at_the_end_of_the_file_stays_the_last_deal_s(tmp_path, ending):
    """newcomer-3, finding 15: after deal 3 was appended, the comment that
    ended the file belonged to deal 3 (JSON, report, fmt)."""
    import json

    path = tmp_path / "s.rvs"
    source = (FIXTURES / "two-deals.rvs").read_text(encoding="utf-8")
    path.write_text(source + ending, encoding="utf-8")

    def comments():
        doc = json.loads(CliRunner().invoke(cli, ["convert", str(path), "--to", "json"]).stdout)
        return [(deal["number"], deal.get("trailing_comments"), deal.get("comments_before"))
                for deal in doc["deals"]]

    before = comments()
    assert before[1][1] and not before[1][2]
    tricks = (FIXTURES / "deal3-tricks.txt").read_text(encoding="utf-8")
    assert "Deal 3 written to" in run([str(path)], tricks + "quit\n").output
    assert comments() == before + [(3, None, None)]
    assert path.read_text(encoding="utf-8").startswith(source.rstrip("\n") + "\n#")


def test_the_review_s_eof_comment_stays_on_deal_2(tmp_path):
    path = tmp_path / "s.rvs"
    path.write_bytes((FIXTURES / "eof-comment.rvs").read_bytes())
    tricks = (FIXTURES / "deal3-tricks.txt").read_text(encoding="utf-8")
    run([str(path)], tricks + "quit\n")
    formatted = canonical_text(path.read_bytes(), "s.rvs", None).text
    assert formatted is not None
    assert "  11 Vera  JD 2S 8S 7S\n  # deal 2 was a fast one\n\ndeal 3 dealer Boris\n" in formatted
