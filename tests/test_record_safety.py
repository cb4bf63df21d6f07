"""``reversis record`` never loses what was typed, whatever is beside FILE:
one recorder per file (a lock held by a real second process, a recorder
killed with SIGKILL), a file changed underneath, drafts that cannot be
trusted (checked line by line, kept under another name), temporary files a
killed write left (issue 20, items 1-3 and 22)."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli
from reversis_cli.record import Recorder, RecordRefused, draft_path

from record_helpers import in_progress, recorder_of

try:
    import fcntl
except ImportError:  # Windows: no lock (docs/decisions.md)
    fcntl = None  # type: ignore[assignment]


REVIEW = Path(__file__).resolve().parent / "fixtures" / "record"
locks = pytest.mark.skipif(fcntl is None, reason="no advisory locks on this system")


def lock_path(record: Path) -> Path:
    """The lock file, as docs/decisions.md names it."""
    return record.with_name(f".{record.name}.lock")


def record(path, text, *args):
    return CliRunner().invoke(cli, ["record", str(path), *args], input=text,
                              catch_exceptions=False)


def two_deals(tmp_path) -> Path:
    """The review's two-deals.rvs: deals 1 and 2; Boris deals deal 3."""
    path = tmp_path / "s.rvs"
    path.write_bytes((REVIEW / "two-deals.rvs").read_bytes())
    return path


DEAL3 = (REVIEW / "deal3-tricks.txt").read_text(encoding="utf-8").split("\n")[:11]


# -- one recorder per file -------------------------------------------------------------------


def _hold(path: str, ready, stop) -> None:
    """A second process: a recorder on ``path`` until told to stop."""
    recorder = Recorder.open(path)
    ready.set()
    stop.wait(30)
    recorder.close()


def _other_recorder(path: Path):
    context = multiprocessing.get_context("fork")
    ready, stop = context.Event(), context.Event()
    other = context.Process(target=_hold, args=(str(path), ready, stop))
    other.start()
    assert ready.wait(20), "the other recorder never started"
    return other, stop


@locks
def test_a_second_recorder_is_refused_at_start_naming_the_first(tmp_path):
    path = two_deals(tmp_path)
    other, stop = _other_recorder(path)
    # the first recorder's draft, with a line its re-check would refuse: a second
    # recorder that read it before asking for the lock would move it aside and trim it
    draft = (REVIEW / "draft-with-deal-line.json").read_bytes()
    draft_path(path).write_bytes(draft)
    try:
        result = record(path, DEAL3[0] + "\nquit\n")
        assert result.exit_code == 1
        assert "is being recorded by another 'reversis record'" in result.output
        assert f"process {other.pid} on" in result.output
        with pytest.raises(RecordRefused, match=f"process {other.pid}"):
            Recorder.open(path)
        assert path.read_bytes() == (REVIEW / "two-deals.rvs").read_bytes()
        assert draft_path(path).read_bytes() == draft  # the first one's: untouched
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
            [path.name, lock_path(path).name, draft_path(path).name])  # no .draft.N
    finally:
        stop.set()
        other.join(20)
    assert record(path, "quit\n").exit_code == 0  # the first gone, the file is free
    assert not lock_path(path).exists()


@locks
def test_a_lock_file_removed_by_its_holder_as_another_opens_it_is_taken_anew(tmp_path,
                                                                            monkeypatch):
    """The take-over race of record/lock.py: B opens the lock file, A leaves
    (removing it) before B locks it. B must hold the file the name points to,
    or a third recorder would take a new one and two would write the record."""
    from reversis_cli.record import lock

    path = two_deals(tmp_path)
    first = lock.RecordLock.acquire(path)
    opened = os.open

    def open_then_first_leaves(name, *args, **kwargs):
        fd = opened(name, *args, **kwargs)
        if Path(name) == lock_path(path) and first.held:
            first.release()  # A unlinks the file B has just opened
        return fd

    monkeypatch.setattr(lock.os, "open", open_then_first_leaves)
    second = lock.RecordLock.acquire(path)
    monkeypatch.undo()
    try:
        assert not first.held and second.held
        with pytest.raises(lock.LockHeld):
            lock.RecordLock.acquire(path)
        holder = json.loads(lock_path(path).read_text(encoding="utf-8"))
        assert holder["pid"] == os.getpid()  # B's, in the file the name points to
        with pytest.raises(RecordRefused, match=f"process {os.getpid()}"):
            Recorder.open(path)
    finally:
        second.release()
    assert not lock_path(path).exists()


@locks
def test_a_recorder_killed_with_sigkill_does_not_block_the_next(tmp_path):
    path = two_deals(tmp_path)
    other, _ = _other_recorder(path)
    os.kill(other.pid, signal.SIGKILL)
    other.join(20)
    assert lock_path(path).exists()  # left behind, but nobody holds it
    result = record(path, "\n".join(DEAL3) + "\nquit\n")
    assert result.exit_code == 0 and "Deal 3 written to" in result.output
    assert CliRunner().invoke(cli, ["check", str(path)]).exit_code == 0


@locks
def test_the_lock_file_is_taken_over_and_removed_when_the_recorder_ends(tmp_path):
    path = two_deals(tmp_path)
    lock_path(path).write_text("garbage", encoding="utf-8")  # a stale one, unreadable
    with Recorder.open(path) as recorder:
        holder = json.loads(lock_path(path).read_text(encoding="utf-8"))
        assert holder["pid"] == os.getpid() and holder["host"] and holder["started"]
        assert recorder.next_number == 3
    assert not lock_path(path).exists()


def test_a_file_changed_underneath_between_two_deals_is_not_written_over(tmp_path):
    path = two_deals(tmp_path)
    recorder = Recorder.open(path)
    for line in DEAL3[:10]:
        assert recorder.add_line(line).accepted
    # Meanwhile another program (a copy synced back, an editor) writes deal 3.
    theirs = path.read_text(encoding="utf-8") + "\ndeal 3 dealer Boris\n  misdeal Boris\n"
    path.write_text(theirs, encoding="utf-8")
    assert recorder.add_line(DEAL3[10]).accepted
    with pytest.raises(RecordRefused, match="has changed since it was read") as refused:
        recorder.finish()
    assert "deal 3 is not written; it stays in its draft" in str(refused.value)
    assert path.read_text(encoding="utf-8") == theirs
    draft = json.loads(draft_path(path).read_text(encoding="utf-8"))
    assert draft["deal"] == 3 and len(draft["lines"]) == 11
    recorder.close()
    # Started again: the draft no longer continues the file, and is kept.
    again = Recorder.open(path)
    assert again.next_number == 4 and again.draft is None
    assert path.with_name(".s.rvs.draft.1").exists()


def test_a_file_changed_underneath_is_said_in_plain_mode_and_the_deal_stays(tmp_path,
                                                                              monkeypatch):
    path = two_deals(tmp_path)
    from reversis_cli.record import recorder as recorder_module

    real = recorder_module.Recorder.finish

    def changed_then_finish(self):
        with open(path, "a", encoding="utf-8") as out:
            out.write("# a line added by another program\n")
        return real(self)

    monkeypatch.setattr(recorder_module.Recorder, "finish", changed_then_finish)
    result = record(path, "\n".join(DEAL3) + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert "has changed since it was read" in result.output
    assert "Deal 3 is saved as a draft" in result.output
    assert "deal 3" not in path.read_text(encoding="utf-8")


def test_a_reopened_deal_is_not_written_back_over_a_file_changed_underneath(tmp_path):
    path = two_deals(tmp_path)
    recorder = Recorder.open(path)
    recorder.reopen(1)
    assert recorder.add_line('note "checked"').accepted
    path.write_text(path.read_text(encoding="utf-8") + "# theirs\n", encoding="utf-8")
    with pytest.raises(RecordRefused, match="the changes to deal 1 are not written"):
        recorder.finish()
    assert path.read_text(encoding="utf-8").endswith("# theirs\n")


# -- drafts checked as typed, kept when not resumed --------------------------------------------


def test_the_review_s_draft_with_a_deal_line_is_resumed_without_it(tmp_path):
    """newcomer-3, finding 1: the draft's `deal` line once ended with exit 3."""
    path = two_deals(tmp_path)
    original = (REVIEW / "draft-with-deal-line.json").read_bytes()
    draft_path(path).write_bytes(original)
    result = record(path, "\n" + DEAL3[10] + "\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "A line of the draft of deal 3 is not taken: deal 3 dealer Boris" in out
    assert "error[RV100]: the deal line is not typed" in out
    assert "after 10 lines? [Y/n]" in out and "Deal 3 written to" in out
    assert path.with_name(".s.rvs.draft.1").read_bytes() == original
    assert not draft_path(path).exists()
    check = CliRunner().invoke(cli, ["check", str(path)])
    assert check.exit_code == 0 and "3 deals" in check.output


def test_a_draft_card_that_is_no_card_is_not_resumed(tmp_path):
    path = two_deals(tmp_path)
    draft = {"version": 1, "deal": 3, "dealer": "Boris", "lines": ["1 " + DEAL3[0]],
             "trick": ["ZZ", "10H"], "confirmed": []}
    draft_path(path).write_text(json.dumps(draft), encoding="utf-8")
    recorder = Recorder.open(path)
    said = [str(note.message) for note in recorder.draft_notes]
    assert "Card ZZ of the trick in progress in the draft of deal 3 is not taken." in said
    assert any("1 line or card after it" in line for line in said)
    assert recorder.draft is not None and recorder.draft.trick == []
    deal = recorder.resume()
    assert deal.trick_number == 2 and recorder.add_line(DEAL3[1]).accepted


def test_a_draft_with_a_card_played_twice_keeps_the_tricks_before_it(tmp_path):
    path = two_deals(tmp_path)
    lines = [f"{n} {line}" for n, line in enumerate(DEAL3[:6], start=1)]
    lines[3] = "4 " + DEAL3[0]  # trick 1 again: every card of it played twice
    draft_path(path).write_text(json.dumps({"version": 1, "deal": 3, "dealer": "Boris",
                                            "lines": lines}), encoding="utf-8")
    recorder = Recorder.open(path)
    notes = recorder.draft_notes
    assert f"deal 3 is not taken: {lines[3]}" in str(notes[0].message)
    assert notes[0].problems[0].code == "RV202"
    assert "2 lines or cards after it are not taken either" in str(notes[1].message)
    assert recorder.draft is not None and recorder.draft.lines == lines[:3]
    assert json.loads(draft_path(path).read_text(encoding="utf-8"))["lines"] == lines[:3]


@pytest.mark.parametrize("content,why", [
    # random bytes, the same on every run (pytest-xdist's workers must collect the same tests)
    (random.Random(20).randbytes(200) + b"\xff", "not JSON"),
    (b'{"version": 2, "deal": 3, "dealer": "Boris", "lines": []}', "draft version 2"),
    (b'{"version": 1, "deal": 3, "dealer": "Boris", "lines": "1 3D 2D JH KD"}',
     "does not hold a deal in progress"),
    (b'{"version": 1, "deal": "3", "dealer": "Boris"}', "does not hold a deal in progress"),
    (b'[1, 2, 3]', "does not hold a deal in progress"),
], ids=["random-bytes", "version-2", "lines-not-a-list", "deal-not-a-number", "a-list"])
def test_a_draft_that_cannot_be_read_is_kept_byte_for_byte_and_said(tmp_path, content, why):
    path = two_deals(tmp_path)
    draft_path(path).write_bytes(content)
    result = record(path, DEAL3[0] + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert "The draft beside" in result.output and why in result.output
    assert "It is kept as .s.rvs.draft.1." in result.output.replace(str(tmp_path) + "/", "")
    assert path.with_name(".s.rvs.draft.1").read_bytes() == content
    assert "Resume" not in result.output and "Deal 3 is saved as a draft" in result.output


def test_the_review_s_draft_of_another_deal_is_kept_aside_and_said(tmp_path):
    """newcomer-3, finding 3: a deal-5 draft beside a 2-deal file, silently lost."""
    path = two_deals(tmp_path)
    draft = (b'{"version": 1, "deal": 5, "dealer": "Gleb", "lines": ["1 Anna 2C 3C 6C 5C", '
             b'"2 Vera 2D 3D 4D 8D"], "trick": [], "confirmed": []}')
    draft_path(path).write_bytes(draft)
    path.with_name(".s.rvs.draft.1").write_bytes(b"an older one")
    result = record(path, DEAL3[0] + "\nquit\n")
    out = result.output.replace(str(tmp_path) + "/", "")
    assert ("A draft of deal 5 (dealer Gleb) is beside s.rvs but does not continue it: s.rvs "
            "holds 2 deals, so deal 3 comes next.") in out
    assert "It is kept as .s.rvs.draft.2." in out  # the next free number
    assert path.with_name(".s.rvs.draft.2").read_bytes() == draft
    assert path.with_name(".s.rvs.draft.1").read_bytes() == b"an older one"
    assert json.loads(draft_path(path).read_text(encoding="utf-8"))["deal"] == 3


def test_a_draft_of_the_wrong_dealer_is_kept_aside(tmp_path):
    path = two_deals(tmp_path)
    draft_path(path).write_text(json.dumps({"version": 1, "deal": 3, "dealer": "Vera",
                                            "lines": ["1 " + DEAL3[0]]}), encoding="utf-8")
    recorder = Recorder.open(path)
    assert recorder.draft is None
    assert "deal 3 is dealt by Boris" in str(recorder.draft_notes[0].message)


# -- temporary files of a write cut off ---------------------------------------------------------


@locks
def test_temporary_files_of_a_killed_write_are_removed_and_said(tmp_path):
    path = two_deals(tmp_path)
    left = [tmp_path / ".s.rvs.k1l2e3d4.tmp", tmp_path / "..s.rvs.draft.abcd_123.tmp"]
    for each in left:
        each.write_bytes(b"half a write")
    busy = tmp_path / ".s.rvs.busy0000.tmp"  # a writer still at work holds its lock
    busy.write_bytes(b"")
    fd = os.open(busy, os.O_RDWR)
    unrelated = tmp_path / ".s.rvs.notes.tmp"  # not a name of ours
    unrelated.write_bytes(b"")
    context = multiprocessing.get_context("fork")
    holding, stop = context.Event(), context.Event()

    def hold():
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        holding.set()
        stop.wait(30)

    writer = context.Process(target=hold)
    writer.start()
    try:
        assert holding.wait(20)
        result = record(path, "quit\n")
    finally:
        stop.set()
        writer.join(20)
        os.close(fd)
    assert result.exit_code == 0
    assert "Removed what a write cut off left beside" in result.output
    assert ".s.rvs.k1l2e3d4.tmp" in result.output and "..s.rvs.draft.abcd_123.tmp" in result.output
    assert not any(each.exists() for each in left)
    assert busy.exists() and unrelated.exists()


def test_the_recorder_writes_are_whole_and_typed_deals_still_append_as_fmt_writes(tmp_path):
    path = two_deals(tmp_path)
    with Recorder.open(path) as recorder:
        for line in DEAL3:
            assert recorder.add_line(line).accepted
        assert recorder.finish().closed
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    text = path.read_text(encoding="utf-8")
    assert text.startswith((REVIEW / "two-deals.rvs").read_text(encoding="utf-8"))
    assert "\ndeal 3 dealer Boris\n   1 Vera  3D 2D JH KD\n" in text


def test_record_dash_is_a_usage_error_and_makes_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["record", "-", "--players", "Anna,Boris,Vera,Gleb",
                                      "--rules", "classic", "--dealer", "Gleb"], input="quit\n")
    assert result.exit_code == 2
    assert "FILE cannot be '-'" in result.output
    assert not (tmp_path / "-").exists()



# Slow, as the other full-screen tests (test_record_tui*): Textual's pilot costs half
# a second; the plain mode's test of the same draft above stays in the default run.
@pytest.mark.slow
def test_the_full_screen_says_what_became_of_the_draft_before_offering_it(tmp_path,
                                                                         monkeypatch):
    """The full screen's question shows the engine's notes (issue 20, item 1)."""
    import asyncio

    from reversis_cli.record.tui.app import RecordApp
    from reversis_cli.record.tui.screens import AskScreen
    from test_record_tui import as_text

    monkeypatch.setattr(AskScreen, "SETTLE_SECONDS", 0)  # y pressed at once answers

    path = two_deals(tmp_path)
    draft_path(path).write_bytes((REVIEW / "draft-with-deal-line.json").read_bytes())
    app = RecordApp(path, recorder=Recorder.open(path))
    shown = []

    async def go():
        async with app.run_test(size=(110, 44)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, AskScreen)
            shown.append(as_text(app.screen.question, 110))
            await pilot.press("y")
            await pilot.pause()

    asyncio.run(go())
    recorder_of(app).close()
    assert "A line of the draft of deal 3 is not taken: deal 3 dealer Boris" in shown[0]
    # said in the screen's terms, as a line typed is: no position in the draft's text
    assert "error[RV100] The line “deal 3 dealer Boris”" in shown[0]
    assert ":2:1" not in shown[0] and "Resume deal 3" in shown[0]
    assert in_progress(app.recorder).trick_number == 11


def test_a_deal_is_not_reopened_from_a_file_changed_underneath(tmp_path):
    path = two_deals(tmp_path)
    with Recorder.open(path) as recorder:
        path.write_text(path.read_text(encoding="utf-8").replace("4S 8S 7C AH", "4S 8S 7C AH  #"),
                        encoding="utf-8")
        with pytest.raises(RecordRefused, match="again to reopen deal 1"):
            recorder.reopen(1)
        assert recorder.editing is None


def test_a_reopened_deal_gone_from_a_file_changed_underneath_is_said_not_crashed(tmp_path):
    path = two_deals(tmp_path)
    with Recorder.open(path) as recorder:
        recorder.reopen(2)
        assert recorder.undo()
        path.write_text(path.read_text(encoding="utf-8").split("\n\ndeal 2")[0] + "\n",
                        encoding="utf-8")  # deal 2 taken out meanwhile
        last = (REVIEW / "two-deals.rvs").read_text(encoding="utf-8").split("\n")[-2]
        assert recorder.add_line(" ".join(last.split()[2:])).accepted
        with pytest.raises(RecordRefused, match="the changes to deal 2 are not written"):
            recorder.finish()
