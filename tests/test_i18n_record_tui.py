"""The full screen in Russian, driven through Textual's pilot (issue 31, review
russian-4's recorder items): the lines of a deal shown back in Russian words
(E1), «поздно» typed for `late` (E6), a new record in Т К Д В (T9), and after a
deal reopened and written back, Enter goes back to the deal in progress (A9)."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Static

from reversis_cli.i18n import use
from reversis_cli.record import Recorder, Setup
from reversis_cli.record.tui.app import RecordApp
from reversis_cli.record.tui.screens import PageScreen

from test_record_tui import questions_answer_at_once  # noqa: F401 (autouse)
from test_record_tui import answer, plain, sample_deal, text_of

# Left out of `python -m pytest -q` (the working run); `-m ''` and CI run them.
pytestmark = pytest.mark.slow

PLAYERS = ("Анна", "Борис", "Вера", "Глеб")
SIZE = (110, 44)


def test_f5_and_f6_are_shown_in_russian_words_and_late_is_written_for_pozdno(tmp_path):
    path = tmp_path / "night.rvs"
    with use("ru"):
        recorder = Recorder.open(path, Setup(PLAYERS, "classic", "Глеб", cards="ru"))
        app = RecordApp(path, recorder=recorder, cards="ru")

        async def go():
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await answer(pilot, "f5", "Вера")
                await answer(pilot, "f6", "Глеб поздно")
                lines = text_of(app, "#lines")
                status = text_of(app, "#status")
                await pilot.press("enter")
                await pilot.pause()
                return " ".join(lines.split()), status

        lines, status = asyncio.run(go())
    assert "Ещё в этой сдаче: эспаньолетта — Вера · засдача — Глеб поздно" in lines, lines
    assert "espagnolette" not in lines and "misdeal" not in lines
    assert "Сдача закончена" in status and "сыграна" not in status
    text = path.read_text(encoding="utf-8")
    assert "espagnolette Вера" in text and "misdeal Глеб late" in text, text


def test_enter_after_a_reopened_deal_goes_back_to_the_deal_in_progress(tmp_path):
    path = tmp_path / "night.rvs"
    dealer, cards = sample_deal("evening.rvs", 1)
    with use("ru"):
        recorder = Recorder.open(path, Setup(("Anna", "Boris", "Vera", "Gleb"), "classic",
                                             dealer))
        for card in cards:
            assert recorder.play(card).accepted
        assert recorder.finish().closed
        assert recorder.add_line(f"misdeal {recorder.begin().dealer}").accepted
        assert recorder.finish().closed  # deal 3 is in progress
        app = RecordApp(path, recorder=recorder)

        async def go():
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await answer(pilot, "f9", "1")
                # a change (a note: the keys of a change are tested elsewhere)
                assert recorder.add_line('note "свечи погасли"').accepted
                app.redraw()
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, PageScreen), type(app.screen)
                return plain(app.screen.query(Static).last())

        keys = asyncio.run(go())
    assert "Enter: вернуться к сдаче 3" in keys, keys
