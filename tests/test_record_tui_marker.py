"""The full-screen recorder as a marker at the table meets it (issue 20): a
question that moves money, keys typed fast or pasted, messages in the table's
terms, a normal terminal's size, quitting, and the Russian layout."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from textual import events
from textual.widgets import DataTable, Input, Static

from reversis_cli.i18n import Msg, use
from reversis_cli.record import Setup
from reversis_cli.record import tui
from reversis_cli.record.tui import RecordApp
from reversis_cli.record.tui_screens import AskScreen, LineScreen, PageScreen

from record_helpers import in_progress, recorder_of
from test_record_tui import questions_answer_at_once  # noqa: F401 (autouse)
from test_record_tui import (
    SIZE, answer, new_recorder, one_card_short, page, plain, run, sample_deal, text_of,
)

# Left out of `python -m pytest -q` (the working run); `-m ''` and CI run them:
# the full screen driven key by key through Textual: about 30 s of CPU.
pytestmark = pytest.mark.slow

PACKAGE = Path(tui.__file__).resolve().parents[1]
ASCII_CARD = re.compile(r"(?<!\w)[AKQJ2-9][SHDC](?!\w)")


def revoke_pending(tmp_path) -> tuple[RecordApp, list[str], int]:
    """Irregular sample deal 7 up to the card that shows a revoke (not yet typed):
    Gleb's renounce in trick 1 is asked about at trick 9, when the A♦ played
    there shows that it cannot be the espagnolette's free renounce."""
    dealer, cards = sample_deal("irregular.rvs", 7)
    recorder = new_recorder(tmp_path, dealer)
    revoking = 35
    for card in cards[:revoking]:
        assert recorder.play(card).accepted
    return RecordApp(tmp_path / "night.rvs", recorder=recorder), cards, revoking


def at_once(app, text: str) -> None:
    """Keys arriving in one read (a paste without brackets, a macro, tmux
    send-keys): posted together, none waiting for the one before."""
    for char in text:
        if char == "\r":
            app.post_message(events.Key("enter", "\r"))
        else:
            app.post_message(events.Key(char, char))


# -- item 4: a question that moves money has no default -------------------------------

def test_enter_does_not_confirm_a_revoke_and_the_card_typed_meanwhile_is_kept(tmp_path):
    app, cards, revoking = revoke_pending(tmp_path)

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            at_once(app, cards[revoking].lower() + "\rkc\r")  # the next card typed at once
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.screen, AskScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, AskScreen)  # Enter answers nothing
            assert app.main_screen.query_one("#card", Input).value.replace(" ", "") == "kc"
            await pilot.press("n")
            await pilot.pause()
            assert not isinstance(app.screen, AskScreen)
            assert app.main_screen.query_one("#card", Input).value.replace(" ", "") == "kc"

    run(go())
    assert not in_progress(app.recorder).confirmed
    assert in_progress(app.recorder).trick_cards == cards[32:revoking]


def test_the_revoke_question_is_answered_on_the_cyrillic_layout(tmp_path):
    app, cards, revoking = revoke_pending(tmp_path)

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*cards[revoking].lower(), "enter")
            await pilot.pause()
            assert "y: yes · n: no" in plain(app.screen.query_one(".keys"))
            app.post_message(events.Key("н", "н"))  # the y key, Cyrillic layout on
            await pilot.pause()
            assert not isinstance(app.screen, AskScreen)

    run(go())
    assert in_progress(app.recorder).confirmed


def test_a_revoke_is_said_in_the_screen_s_spelling_and_the_table_s_terms(tmp_path):
    app, cards, revoking = revoke_pending(tmp_path)

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*cards[revoking].lower(), "enter")
            await pilot.pause()
            return plain(app.screen.query_one("#question"))

    asked = asyncio.run(go())
    assert "RV201" in asked and "'s card:" in asked and "Trick" in asked
    assert not ASCII_CARD.search(asked), asked  # 4♥, not 4H, on a 4♥ screen
    assert "<input>" not in asked and "line" not in asked


# -- item 19: keys that arrive together, a whole trick on a line -----------------------

def test_cards_sent_in_one_read_are_separate_entries(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            at_once(app, "2c\r3c\r")
            await pilot.pause()
            await pilot.pause()
            assert "not a card" not in text_of(app, "#messages")

    run(go())
    assert in_progress(app.recorder).trick_cards == ["2c", "3c"]


def test_a_pasted_text_of_several_lines_is_one_entry_a_line(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.main_screen.query_one("#card", Input).post_message(events.Paste("2c\n3c\n6c"))
            await pilot.pause()
            await pilot.pause()
            # the last line waits for Enter
            assert app.main_screen.query_one("#card", Input).value == "6c"

    run(go())
    assert in_progress(app.recorder).trick_cards == ["2c", "3c"]


def test_a_whole_trick_typed_on_one_line_is_taken(tmp_path):
    dealer, cards = sample_deal("evening.rvs", 1)
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, dealer))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            typed = " ".join(cards[:4]).lower() + " " + cards[4]
            app.main_screen.query_one("#card", Input).value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert "Trick 2" in text_of(app, "#status")

    run(go())
    assert len(in_progress(app.recorder).tricks) == 1
    assert in_progress(app.recorder).trick_cards == [cards[4]]


# -- item 5: only the dealer misdeals ------------------------------------------------------

def test_the_misdeal_key_fills_in_the_dealer(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Vera"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f6")
            await pilot.pause()
            assert isinstance(app.screen, LineScreen)
            assert app.screen.query_one("#line", Input).value == "Vera"
            await pilot.press("enter")
            await pilot.pause()

    run(go())
    assert in_progress(app.recorder).lines == ["misdeal Vera"]


# -- item 13: messages in the table's terms ------------------------------------------------

def test_a_card_played_twice_is_placed_by_trick_and_player_never_by_line(tmp_path):
    dealer, cards = sample_deal("evening.rvs", 1)
    recorder = new_recorder(tmp_path, dealer)
    for card in cards[:4]:
        assert recorder.play(card).accepted
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder, cards="unicode")

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*cards[0].lower(), "enter")
            await pilot.pause()
            return text_of(app, "#messages"), in_progress(recorder).leader

    said, leader = asyncio.run(go())
    assert "RV202" in said and f"Trick 2, {leader}'s card:" in said
    assert "in trick 1" in said
    assert "line" not in said and "<input>" not in said and not ASCII_CARD.search(said)


@pytest.mark.parametrize("typed, hint", [
    ("5x", "write a rank"),
    ("undo", "Ctrl+Z"),
    ("quit", "Ctrl+Q"),
    ("nte", "did you mean note?"),
])
def test_a_word_that_is_no_card_gets_a_hint(tmp_path, typed, hint):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.main_screen.query_one("#card", Input).value = typed
            await pilot.press("enter")
            await pilot.pause()
            return text_of(app, "#messages")

    assert hint in asyncio.run(go())


def test_a_near_name_is_hinted_and_the_lines_taken_are_listed(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await answer(pilot, "f5", "gleb")
            said = text_of(app, "#messages")
            await answer(pilot, "f3", "QH JH AD")
            await answer(pilot, "f7", "candles out at 9H")
            return said, text_of(app, "#lines")

    said, lines = asyncio.run(go())
    said = " ".join(said.split())
    assert "did you mean Gleb?" in said and "line" not in said.replace("The line “", "")
    assert "talon Q♥ J♥ A♦" in lines and 'note "candles out at 9H"' in lines  # a note as typed


def test_every_diagnostic_naming_a_line_number_has_the_screen_s_words():
    """A new diagnostic that names "line {line}" must say on the screen where
    it is in the table's terms: this fails until SCREEN_WORDING has it."""
    from reversis_cli.record.tui_problems import SCREEN_WORDING

    templates = set()
    for path in PACKAGE.rglob("*.py"):
        # the package's own folders only: a checkout in a folder named "report" is read too
        parts = set(path.relative_to(PACKAGE).parts)
        if {"render", "report", "convert"} & parts or path.name == "ruling.py":
            continue  # a ruling, a page, an imported table name their lines on purpose
        text = path.read_text(encoding="utf-8")
        for found in re.finditer(r'Msg\(((?:\s*"(?:[^"\\]|\\.)*")+)', text):
            template = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', found.group(1)))
            if "{line}" in template:
                templates.add(template.replace('\\"', '"'))
    assert templates and templates <= set(SCREEN_WORDING), templates - set(SCREEN_WORDING)


# -- item 10: a normal terminal ---------------------------------------------------------------

def test_at_80x24_quit_and_the_draft_show_and_the_tricks_scroll_to_the_last(tmp_path):
    dealer, cards = sample_deal("evening.rvs", 1)
    recorder = new_recorder(tmp_path, dealer)
    for card in cards[:41]:  # ten tricks and a card: more than the panel holds
        assert recorder.play(card).accepted
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            keys = [k for k in app.screen.query("FooterKey") if k.region.right <= 80]
            shown = " ".join(plain_label(k) for k in keys)
            where = text_of(app, "#where")
            table = app.main_screen.query_one("#tricks", DataTable)
            at_end = table.max_scroll_y > 0 and table.scroll_y == table.max_scroll_y
            await pilot.press("pageup", "pageup", "pageup")
            await pilot.pause()
            return shown, where, at_end, table.scroll_y, table.row_count

    shown, where, at_end, scrolled_up, rows = asyncio.run(go())
    assert "Quit" in shown
    assert ".night.rvs.draft" in where and "Ctrl+Q" in where
    assert at_end and scrolled_up == 0 and rows == 10  # ten tricks, the eleventh on the seats


def plain_label(key) -> str:
    return f"{key.key_display} {key.description}"


def min_size() -> tuple[int, int]:
    from reversis_cli.record.tui_main import MIN_SIZE

    return MIN_SIZE


def test_a_window_too_small_says_the_size_it_needs(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def go():
        async with app.run_test(size=(50, 16)) as pilot:
            await pilot.pause()
            message = app.main_screen.query_one("#too-small")
            return message.display, plain(message), app.main_screen.query_one("#body").display

    shown, said, body = asyncio.run(go())
    width, height = min_size()
    assert shown and not body and f"at least {width}×{height}" in said


def test_the_main_screen_at_its_smallest_size_shows_every_panel(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def go():
        async with app.run_test(size=min_size()) as pilot:
            await pilot.pause()
            app.main_screen.query_one("#card", Input).value = "5x"
            await pilot.press("enter")
            await pilot.pause()
            return {name: app.main_screen.query_one(name).region
                    for name in ("#where", "#table", "#tricks", "#messages", "#status",
                                 "#card")}

    regions = asyncio.run(go())
    width, height = min_size()
    for name, region in regions.items():
        assert region.height > 0 and region.bottom <= height - 1, (name, region)  # footer last


def test_the_new_record_form_fits_80x24_and_enter_on_the_last_field_submits(tmp_path):
    app = RecordApp(tmp_path / "new.rvs", Setup(rules=None))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press(*"Anna Boris Vera")
            for _ in range(6):
                await pilot.press("enter")
                await pilot.pause()
            problem = app.screen.query_one("#setup-problem", Static)
            fields = [i.region for i in app.screen.query("Input")]
            return plain(problem), problem.region, fields

    said, problem, fields = asyncio.run(go())
    assert "four players" in said and 0 <= problem.y and problem.bottom <= 24
    assert all(region.bottom <= 23 for region in fields)


# -- item 16: quitting ---------------------------------------------------------------------------

def test_quitting_says_where_the_deal_is_kept(tmp_path, capsys):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("2", "h", "enter", "ctrl+q")
            await pilot.pause()

    run(go())
    said = [str(m) for m in app.farewell]
    assert said == [f"Deal 1 is saved as a draft; 'reversis record {tmp_path / 'night.rvs'}' "
                    "resumes it."]

    class Ran:  # what run_app does once the screen is gone
        farewell, _exception = app.farewell, None

        def run(self):
            return 0

    assert tui._run(Ran()) == 0  # type: ignore[arg-type]
    assert "Deal 1 is saved as a draft" in capsys.readouterr().out


def test_quitting_a_reopened_deal_with_changes_asks_first(tmp_path):
    from test_record_tui import finished_deal

    recorder, _ = finished_deal(tmp_path)
    before = (tmp_path / "night.rvs").read_text()
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f9")
            await pilot.pause()
            app.screen.query_one("#line", Input).value = "1"
            await pilot.press("enter", "ctrl+z", "ctrl+q")
            await pilot.pause()
            assert isinstance(app.screen, AskScreen)
            await pilot.press("n")
            await pilot.pause()
            assert app.is_running and recorder_of(app).editing == 1
            await pilot.press("ctrl+q")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()

    run(go())
    assert any("The changes to deal 1 are dropped" in str(m) for m in app.farewell)
    assert (tmp_path / "night.rvs").read_text() == before


# -- item 15: Russian, Textual's own words and the Cyrillic layout ------------------------

def test_ctrl_c_says_how_to_quit_in_russian(tmp_path, monkeypatch):
    told = []
    with use("ru"):
        app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))
        monkeypatch.setattr(app, "notify", lambda message, **kw: told.append((message, kw)))

        async def go():
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.press("ctrl+c")
                await pilot.pause()

        run(go())
    assert told and "Ctrl+Q" in told[0][0]
    text = told[0][0] + told[0][1].get("title", "")
    assert not re.search("[A-Za-z]{3,}", text.replace("Ctrl", "")), text


def test_the_russian_footer_fits_100_columns_and_quit_comes_first(tmp_path):
    with use("ru"):
        app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

        async def go():
            async with app.run_test(size=(100, 30)) as pilot:
                await pilot.pause()
                keys = list(app.screen.query("FooterKey"))
                return [(plain_label(k), k.region.right) for k in keys]

        keys = asyncio.run(go())
    assert keys[0][0].startswith("^q") and all(right <= 100 for _, right in keys), keys


def test_each_app_s_footer_speaks_its_own_language_whatever_came_before(tmp_path):
    """Textual gives each app a shallow copy of its class's key map, and the keys
    were bound on each app: Ctrl+Q's list was shared, and a Russian app made after
    an English one in the same process said "Quit" (the Russian golden did)."""
    async def footer(app) -> list[str]:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            return [plain_label(k) for k in app.screen.query("FooterKey")]

    english = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))
    (tmp_path / "ru").mkdir()
    with use("ru"):
        russian = RecordApp(tmp_path / "ru" / "night.rvs",
                            recorder=new_recorder(tmp_path / "ru", "Gleb"))
        said_ru = asyncio.run(footer(russian))
    said_en = asyncio.run(footer(english))
    assert said_ru[0].startswith("^q") and "Quit" not in " ".join(said_ru), said_ru
    assert said_en[0] == "^q Quit" and not any("Выйти" in k for k in said_en), said_en


def test_e_on_the_cyrillic_layout_explains_the_settled_deal(tmp_path):
    app, cards = one_card_short(tmp_path)

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*cards[-1].lower(), "enter")
            await pilot.pause()
            settled = page(app)
            app.post_message(events.Key("у", "у"))  # e, Cyrillic layout on
            await pilot.pause()
            return settled, page(app)

    settled, explained = asyncio.run(go())
    assert isinstance(explained, str) and explained != settled and "Deal 1" in explained


# -- items 21/22: the status line, the side panel, the session table ----------------------

def test_the_settlement_shows_the_running_balance_from_deal_1(tmp_path):
    app, cards = one_card_short(tmp_path)

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*cards[-1].lower(), "enter")
            await pilot.pause()
            assert isinstance(app.screen, PageScreen)
            return page(app)

    shown = asyncio.run(go())
    session = shown[shown.index("Session"):]
    assert "shorter sessions" not in session
    assert re.search(r"^\s*1\s+[+-]?\d", session, re.M), session  # deal 1's row


def test_the_side_panel_keeps_the_rules_on_one_line_at_80_columns(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            right = app.main_screen.query_one("#right")
            return [strip.text for strip in right.render_lines(right.region.reset_offset)]

    lines = asyncio.run(go())
    assert any(line.strip() == "Rules: classic" for line in lines), lines
    assert any(line.strip() == "Deals recorded: 0" for line in lines), lines


def test_the_status_line_is_sentences():
    from reversis_cli.record.deal import DealInProgress
    from reversis_cli.record.tui_view import status_line

    deal = DealInProgress(("Anna", "Boris", "Vera", "Gleb"), 6, "Anna", ["misdeal Anna"])
    assert status_line(deal, None).plain == ("Deal 6, dealer Anna. The deal is complete: "
                                             "press Enter to settle it.")
    assert status_line(deal, 6, changes=2).plain == (
        "Editing deal 6, dealer Anna. 2 changes not yet written. Enter writes it back, "
        "Escape drops the changes.")
    assert str(Msg("Rules: {rules}", rules="classic")) == "Rules: classic"
