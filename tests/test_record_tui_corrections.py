"""Correcting is cheap on the full screen (issue 20, item 14): Tab (or ↑) takes
the keys to the tricks table, the arrows pick a card, typing a card (or Enter)
replaces it in place and the later tricks are checked again, not typed again;
a deal reopened takes several changes and is written back once, when the
marker says so.  Also: F2 after a refused hand opens with the text refused, no
stale error after "Cancel the edit", and the name a declined draft is kept
under."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Protocol, cast

import pytest

from textual import events
from textual.geometry import Region
from textual.widgets import Input

from reversis_cli.cards import Card
from reversis_cli.i18n import use
from reversis_cli.record import Recorder, Setup
from reversis_cli.record.tui.app import RecordApp
from reversis_cli.record.tui.main import TricksTable
from reversis_cli.record.tui.screens import AskScreen, LineScreen, PageScreen

from record_helpers import in_progress
from test_record_tui_marker import at_once
from test_record_tui import questions_answer_at_once  # noqa: F401 (autouse)
from test_record_tui import (
    PLAYERS, finished_deal, new_recorder, plain, run, sample_deal, text_of,
)

# Left out of `python -m pytest -q` (the working run); `-m ''` and CI run them:
# the full screen driven key by key through Textual.
pytestmark = pytest.mark.slow

SMALL = (80, 24)  # a normal terminal (and less to draw than the other tests' size)
# Deal 1 of the evening sample, trick by trick (Anna leads trick 1).
_, CARDS = sample_deal("evening.rvs", 1)
TRICKS = [CARDS[k:k + 4] for k in range(0, 44, 4)]
# Trick 3 typed with QC for Vera's 4C: Vera takes it, not Boris, and the
# tricks after it are led by the wrong player until the card is corrected.
WRONG = [list(t) for t in TRICKS]
WRONG[2][2] = "QC"


class FooterKey(Protocol):
    """What these tests read of a key in Textual's footer (its FooterKey widget,
    which textual.widgets does not export)."""
    key_display: str
    description: str
    region: Region


def footer_keys(app: RecordApp) -> list[FooterKey]:
    return [cast(FooterKey, k) for k in app.screen.query("FooterKey")]


def recorder_with(tmp_path, tricks: list[list[str]], cards: Sequence[str] = ()) -> Recorder:
    recorder = new_recorder(tmp_path, "Gleb")
    for trick in tricks:
        assert recorder.add_line(" ".join(trick)).accepted
    for card in cards:
        assert recorder.play(card).accepted
    return recorder


def table(app) -> TricksTable:
    return app.main_screen.query_one("#tricks", TricksTable)


async def pick(pilot, app, trick: int, player: str) -> None:
    """Tab to the tricks (unless there) and the arrows to trick ``trick``,
    ``player``'s card, as the marker moves."""
    if not table(app).has_focus:
        await pilot.press("tab")
        await pilot.pause()
    want = (trick - 1, 1 + PLAYERS.index(player))
    row, column = table(app).cursor_coordinate
    rows = ["up"] * (row - want[0]) + ["down"] * (want[0] - row)
    columns = ["left"] * (column - want[1]) + ["right"] * (want[1] - column)
    await pilot.press(*rows, *columns)
    await pilot.pause()
    assert table(app).cursor_coordinate == want


async def reopen(pilot, app, number: int = 1) -> None:
    await pilot.press("f9")
    await pilot.pause()
    app.screen.query_one("#line", Input).value = str(number)
    await pilot.press("enter")
    await pilot.pause()


def card(text: str) -> Card:
    return Card.parse(text)


# -- the tricks table takes the keys ------------------------------------------------------

def test_tab_takes_the_keys_to_the_tricks_and_a_card_typed_there_replaces_the_card(tmp_path):
    recorder = recorder_with(tmp_path, WRONG[:9])
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pilot.press("tab")
            await pilot.pause()
            assert table(app).has_focus and table(app).show_cursor
            await pick(pilot, app, 3, "Vera")
            await pilot.press("4")  # typing a card on the table asks for it, begun
            await pilot.pause()
            assert isinstance(app.screen, LineScreen)
            assert "Trick 3" in plain(app.screen.query_one("Static")) and "Q♣" in \
                plain(app.screen.query_one("Static"))
            assert app.screen.query_one("#line", Input).value == "4"
            await pilot.press("c", "enter")
            await pilot.pause()
            said = text_of(app, "#messages")
            assert table(app).has_focus  # the next correction is one arrow away
            assert table(app).cursor_coordinate == (2, 3)
            await pilot.press("escape")
            await pilot.pause()
            return said, app.main_screen.query_one("#card", Input).has_focus

    said, back = asyncio.run(go())
    deal = in_progress(recorder)
    assert deal.tricks[2].cards[2] == card("4C") and deal.tricks[2].taker == "Boris"
    assert [t.leader for t in deal.tricks[3:5]] == ["Boris", "Vera"]  # worked out anew
    assert len(deal.tricks) == 9 and back  # nothing typed again; Escape: the card line
    assert "trick 3, Vera's card is now 4♣" in said


def test_a_card_and_enter_typed_at_once_on_the_table_are_one_replacement(tmp_path):
    recorder = recorder_with(tmp_path, WRONG[:9])
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pick(pilot, app, 3, "Vera")
            at_once(app, "4c\r")  # a fast typist, a macro: keys in one read
            for _ in range(4):
                await pilot.pause()
            return app.screen, text_of(app, "#messages")

    screen, said = asyncio.run(go())
    assert not isinstance(screen, LineScreen), "a question left open"
    assert in_progress(recorder).tricks[2].cards[2] == card("4C"), said


def test_enter_on_a_card_asks_for_it_and_escape_changes_nothing(tmp_path):
    recorder = recorder_with(tmp_path, WRONG[:4])
    lines = list(in_progress(recorder).lines)
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pick(pilot, app, 2, "Boris")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LineScreen)
            assert app.screen.query_one("#line", Input).value == ""
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, LineScreen) and table(app).has_focus
            assert table(app).cursor_coordinate == (1, 2)  # where it was

    run(go())
    assert in_progress(recorder).lines == lines


def test_a_refused_change_says_why_in_the_table_s_terms_and_changes_nothing(tmp_path):
    recorder = recorder_with(tmp_path, TRICKS[:5])
    lines = list(in_progress(recorder).lines)
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)
    leader = in_progress(recorder).tricks[1].leader  # 3D is his: 2C is his lead of trick 5

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pick(pilot, app, 2, leader)
            await pilot.press("2", "c", "enter")
            await pilot.pause()
            return text_of(app, "#messages")

    said = " ".join(asyncio.run(go()).split())
    assert in_progress(recorder).lines == lines
    assert "RV202" in said and "Trick 5" in said and "in trick 2" in said and "2♣" in said
    assert "not changed" in said.casefold() and "line" not in said.replace("Trick", "")


def test_a_word_that_is_no_card_gets_the_card_line_s_hint_and_changes_nothing(tmp_path):
    recorder = recorder_with(tmp_path, TRICKS[:2])
    lines = list(in_progress(recorder).lines)
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pick(pilot, app, 1, "Anna")
            await pilot.press("5", "x", "enter")
            await pilot.pause()
            return text_of(app, "#messages")

    assert "write a rank" in asyncio.run(go())
    assert in_progress(recorder).lines == lines


def test_a_card_of_the_trick_in_progress_is_changed_from_the_table(tmp_path):
    recorder = recorder_with(tmp_path, TRICKS[:1], [TRICKS[1][0], "AS"])
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pilot.press("up")  # ↑ from the card line: the tricks, on the last card
            await pilot.pause()
            assert table(app).has_focus and table(app).row_count == 2  # the trick begun too
            row, column = table(app).cursor_coordinate
            assert row == 1 and PLAYERS[column - 1] == in_progress(recorder).players[
                (PLAYERS.index(in_progress(recorder).leader) + 1) % 4]
            await pilot.press(*TRICKS[1][1].lower(), "enter")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            return table(app).row_count

    rows = asyncio.run(go())
    assert [c.upper() for c in in_progress(recorder).trick_cards] == TRICKS[1][:2]
    assert rows == 1  # back on the card line, the trick begun is on the seats only


def test_the_key_is_in_the_footer_at_80_columns_and_in_the_events_list(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder_with(tmp_path, TRICKS[:2]))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            keys = [f"{k.key_display} {k.description}" for k in footer_keys(app)
                    if k.region.right <= 80]
            await pilot.press("f8")
            await pilot.pause()
            app.screen.query_one("#filter", Input).value = "change a card"
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            return keys, table(app).has_focus

    keys, focused = asyncio.run(go())
    assert any(k.startswith("↑ ") for k in keys), keys
    assert focused  # chosen from the list, the table takes the keys


def test_the_russian_footer_still_fits_100_columns(tmp_path):
    with use("ru"):
        app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

        async def go():
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause()
                return [(k.key_display, k.region.right) for k in footer_keys(app)]

        keys = asyncio.run(go())
    assert "↑" in [k for k, _ in keys] and all(right <= 100 for _, right in keys), keys


# -- a warning is asked as a revoke is ---------------------------------------------------

def test_a_change_that_makes_a_revoke_asks_y_or_n_with_no_default(tmp_path):
    recorder, _ = finished_deal(tmp_path)
    before = (tmp_path / "night.rvs").read_text()
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await reopen(pilot, app)
            await pick(pilot, app, 1, "Vera")  # her 7♥ made A♦: she held 8♥
            await pilot.press("a", "d", "enter")
            await pilot.pause()
            assert isinstance(app.screen, AskScreen)
            assert "RV201" in plain(app.screen.query_one("#question"))
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, AskScreen)  # Enter answers nothing
            app.post_message(events.Key("н", "н"))  # y, on the Cyrillic layout
            await pilot.pause()
            assert not isinstance(app.screen, AskScreen)
            return text_of(app, "#status")

    status = asyncio.run(go())
    assert in_progress(recorder).tricks[0].cards[2] == card("AD")
    assert recorder.editing == 1 and "1 change not yet written" in status
    assert (tmp_path / "night.rvs").read_text() == before  # written when the marker says


def test_a_change_not_confirmed_is_not_taken(tmp_path):
    recorder, _ = finished_deal(tmp_path)
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await reopen(pilot, app)
            await pick(pilot, app, 1, "Vera")
            await pilot.press("a", "d", "enter")
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            return text_of(app, "#messages"), text_of(app, "#status")

    said, status = asyncio.run(go())
    assert in_progress(recorder).tricks[0].cards[2] == card("7H")
    assert "Not changed" in said and "7♥" in said and "change" not in status.replace(
        "Tab", "")


# -- a reopened deal: several changes, written back once -------------------------------------

def test_a_reopened_deal_takes_several_changes_and_is_written_back_once_on_enter(tmp_path):
    recorder, _ = finished_deal(tmp_path)
    path = tmp_path / "night.rvs"
    before = path.read_text()
    app = RecordApp(path, recorder=recorder)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await reopen(pilot, app)
            trick9 = in_progress(recorder).tricks[8]
            second = in_progress(recorder).players[(PLAYERS.index(trick9.leader) + 1) % 4]
            await pick(pilot, app, 9, second)
            await pilot.press("q", "h", "enter")
            await pilot.pause()
            assert path.read_text() == before and not isinstance(app.screen, PageScreen)
            await pick(pilot, app, 2, in_progress(recorder).tricks[1].leader)
            await pilot.press("a", "d", "enter")
            await pilot.pause()
            assert path.read_text() == before and not isinstance(app.screen, PageScreen)
            status = text_of(app, "#status")
            await pilot.press("escape")  # back to the card line; Enter there writes
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            return status, isinstance(app.screen, PageScreen)

    status, settled = asyncio.run(go())
    status = " ".join(status.split())
    assert "2 changes not yet written" in status and "Enter" in status and "Escape" in status
    assert settled and recorder.editing is None
    after = path.read_text()
    assert "AD 6D 8D 7D" in after and "8S QH JC 7S" in after and "3D 6D 8D 7D" not in after


def test_the_last_trick_typed_again_waits_for_enter(tmp_path):
    recorder, cards = finished_deal(tmp_path)
    path = tmp_path / "night.rvs"
    before = path.read_text()
    app = RecordApp(path, recorder=recorder)
    other = ["QH", *cards[-3:]]  # the lead of trick 11 was the Q♥, not the A♠

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await reopen(pilot, app)
            await pilot.press("ctrl+z")
            await pilot.pause()
            app.main_screen.query_one("#card", Input).value = " ".join(other)
            await pilot.press("enter")
            await pilot.pause()
            waited = not isinstance(app.screen, PageScreen) and recorder.editing == 1
            unwritten = path.read_text() == before
            status = text_of(app, "#status")
            await pilot.press("enter")
            await pilot.pause()
            return waited, unwritten, status, isinstance(app.screen, PageScreen)

    waited, unwritten, status, settled = asyncio.run(go())
    assert waited and unwritten and "Enter writes" in " ".join(status.split())
    assert settled and " ".join(other) in path.read_text()


def test_escape_on_a_reopened_deal_with_changes_asks_then_drops_them(tmp_path):
    recorder, _ = finished_deal(tmp_path)
    path = tmp_path / "night.rvs"
    before = path.read_text()
    app = RecordApp(path, recorder=recorder)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await reopen(pilot, app)
            await pilot.press("escape")  # no change: back at once
            await pilot.pause()
            assert recorder.editing is None and "Deal 2" in text_of(app, "#status")
            await reopen(pilot, app)
            await pilot.press("ctrl+z", "escape")
            await pilot.pause()
            assert isinstance(app.screen, AskScreen)
            await pilot.press("enter")  # no default: dropping changes is said with y
            await pilot.pause()
            assert isinstance(app.screen, AskScreen)
            await pilot.press("n")
            await pilot.pause()
            assert recorder.editing == 1
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            return text_of(app, "#messages"), text_of(app, "#status")

    said, status = asyncio.run(go())
    assert recorder.editing is None and "Deal 2" in status
    assert "The changes to deal 1 are dropped" in said and path.read_text() == before


def test_cancel_the_edit_leaves_no_stale_error(tmp_path):
    recorder, _ = finished_deal(tmp_path)
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await reopen(pilot, app)
            app.main_screen.query_one("#card", Input).value = "exposed"  # a void deal has no tricks
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            refused = text_of(app, "#messages")
            await pilot.press("f8")
            await pilot.pause()
            app.screen.query_one("#filter", Input).value = "Cancel the edit"
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, AskScreen)  # the exposed card is not written
            await pilot.press("y")
            await pilot.pause()
            return refused, text_of(app, "#messages"), text_of(app, "#status")

    refused, said, status = asyncio.run(go())
    assert "cannot be closed" in refused and "RV309" in refused
    assert "cannot be closed" not in said and "RV309" not in said, said
    assert "Deal 2" in status and recorder.editing is None


def test_cancel_the_edit_of_an_unchanged_deal_leaves_no_stale_error(tmp_path):
    recorder, _ = finished_deal(tmp_path)
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await reopen(pilot, app)
            app.main_screen.query_one("#card", Input).value = "5x"
            await pilot.press("enter")
            await pilot.pause()
            refused = text_of(app, "#messages")
            await pilot.press("f8")
            await pilot.pause()
            app.screen.query_one("#filter", Input).value = "Cancel the edit"
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            return refused, text_of(app, "#messages")

    refused, said = asyncio.run(go())
    assert "not a card" in refused and said.strip() == ""


# -- the other points of the review ----------------------------------------------------

def test_the_hand_key_after_a_refused_hand_opens_with_the_text_refused(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))
    ten = "Anna 2H 3D 3C 2S 2C 9S 2D 9H 8S QC"

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            await pilot.press("f2")
            await pilot.pause()
            app.screen.query_one("#line", Input).value = ten
            await pilot.press("enter")
            await pilot.pause()
            said = text_of(app, "#messages")
            await pilot.press("f2")
            await pilot.pause()
            again = app.screen.query_one("#line", Input).value
            app.screen.query_one("#line", Input).value = ten + " AS"
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("f2")
            await pilot.pause()
            return said, again, app.screen.query_one("#line", Input).value

    said, again, after = asyncio.run(go())
    assert "RV204" in said and again == ten
    assert after == ""  # taken: the next hand starts empty


def test_a_refused_line_typed_in_the_card_line_stays_there(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))
    ten = "hand Anna 2H 3D 3C 2S 2C 9S 2D 9H 8S QC"

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            app.main_screen.query_one("#card", Input).value = ten
            await pilot.press("enter")
            await pilot.pause()
            return app.main_screen.query_one("#card", Input).value

    assert asyncio.run(go()) == ten


def test_declining_the_draft_says_the_name_it_is_kept_under(tmp_path):
    first = new_recorder(tmp_path, "Gleb")
    assert first.play(CARDS[0]).accepted
    first.close()
    app = RecordApp(tmp_path / "night.rvs",
                    recorder=Recorder.open(tmp_path / "night.rvs", Setup()))

    async def go():
        async with app.run_test(size=SMALL) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, AskScreen)
            await pilot.press("n")
            await pilot.pause()
            return text_of(app, "#messages")

    said = " ".join(asyncio.run(go()).split())
    assert ".night.rvs.draft.1" in said and "set aside" in said
    assert (tmp_path / ".night.rvs.draft.1").exists()
