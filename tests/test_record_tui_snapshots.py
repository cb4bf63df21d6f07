"""Snapshots of the recording screens: Textual's SVG export at a fixed size,
compared with tests/golden/record/*.svg (``pytest --update-golden`` rewrites
them; look at them in a browser before committing)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Input

from reversis_cli.i18n import use
from reversis_cli.record import Setup
from reversis_cli.record.tui.app import RecordApp

from test_record_tui import new_recorder, sample_deal

# Left out of `python -m pytest -q` (the working run); `-m ''` and CI run them:
# the full screen drawn and compared as pictures.
pytestmark = pytest.mark.slow

SIZE = (110, 36)
DOCS_SCREENSHOT = Path(__file__).parent.parent / "docs" / "record-screen.svg"


def screenshot(app: RecordApp, last_keys: tuple[str, ...] = ()) -> str:
    async def go() -> str:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            if last_keys:
                await pilot.press(*last_keys)
                await pilot.pause()
            # A blinking cursor would make the picture depend on the moment it is
            # taken (on a busy machine it was sometimes caught off): hold it shown.
            for field in app.screen.query(Input):
                field.cursor_blink = False
            await pilot.pause()
            return app.export_screenshot(title="reversis record")

    return asyncio.run(go())


def mid_deal(tmp_path, typed: int) -> RecordApp:
    """Deal 1 of the evening sample with its first ``typed`` cards played
    (through the engine, for speed: the keys are tested elsewhere)."""
    dealer, cards = sample_deal("evening.rvs", 1)
    recorder = new_recorder(tmp_path, dealer)
    for card in cards[:typed]:
        assert recorder.play(card).accepted
    return RecordApp(tmp_path / "night.rvs", recorder=recorder)


def test_the_main_screen_in_the_middle_of_a_deal(tmp_path, golden):
    svg = screenshot(mid_deal(tmp_path, 22))
    golden("record/main.svg", svg)
    # The README shows this very screen: it is kept up to date with it.
    assert DOCS_SCREENSHOT.read_text(encoding="utf-8") == svg


def test_the_main_screen_in_russian(tmp_path, golden):
    with use("ru"):
        golden("record/main-ru.svg", screenshot(mid_deal(tmp_path, 13)))


def test_the_settlement_after_the_eleventh_trick(tmp_path, golden):
    _, cards = sample_deal("evening.rvs", 1)
    last = cards[-1].lower()
    golden("record/settled.svg", screenshot(mid_deal(tmp_path, 43), (*last, "enter")))


def test_the_questions_of_a_new_file(tmp_path, golden):
    golden("record/setup.svg", screenshot(RecordApp(tmp_path / "new.rvs", Setup())))


def test_a_card_picked_in_the_tricks_to_change(tmp_path, golden):
    golden("record/correcting.svg", screenshot(mid_deal(tmp_path, 22), ("up", "up", "left")))
