"""``reversis record`` full screen, driven by keystrokes with Textual's Pilot.

Each test types whole deals taken from the samples (the cards in playing
order) and checks what the marker sees and what lands in the file.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from reversis_cli.check import check_file
from reversis_cli.i18n import use
from reversis_cli.reader import open_record
from reversis_cli.record import Recorder, Setup, draft_path
from reversis_cli.record.tui.app import RecordApp
from reversis_cli.record.tui.screens import AskScreen, PageScreen, SetupScreen

from record_helpers import in_progress, recorder_of

# Left out of `python -m pytest -q` (the working run); `-m ''` and CI run them:
# the full screen driven key by key through Textual: about 40 s of CPU.
pytestmark = pytest.mark.slow

SAMPLES = Path(__file__).parent.parent / "samples"
PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
SIZE = (110, 44)


@pytest.fixture(autouse=True)
def questions_answer_at_once(monkeypatch):
    """A question answers the key pressed right after it opens: the tests press
    keys faster than a marker, and the time a question waits before a key
    answers it (AskScreen.SETTLE_SECONDS) is tested apart."""
    monkeypatch.setattr(AskScreen, "SETTLE_SECONDS", 0)


def sample_deal(name: str, number: int) -> tuple[str, list[str]]:
    """The dealer and the cards of a sample deal, in playing order (ASCII)."""
    with open_record(SAMPLES / name) as record:
        for checked in record.deals():
            if checked.number == number:
                deal = checked.deal
                assert deal is not None, f"{name}: deal {number} is read"
                cards = [c.card.format("ascii") for t in deal.tricks for c in t.cards]
                return deal.dealer.text, cards
    raise LookupError(number)


def new_recorder(tmp_path: Path, dealer: str) -> Recorder:
    return Recorder.open(tmp_path / "night.rvs", Setup(PLAYERS, "classic", dealer))


def one_card_short(tmp_path: Path) -> tuple[RecordApp, list[str]]:
    """The screen with deal 1 of the evening sample typed but for its last card."""
    dealer, cards = sample_deal("evening.rvs", 1)
    recorder = new_recorder(tmp_path, dealer)
    for card in cards[:-1]:
        assert recorder.play(card).accepted
    return RecordApp(tmp_path / "night.rvs", recorder=recorder), cards


async def answer(pilot, key: str, text: str) -> None:
    """Press an event's key, write the answer in its question, press Enter."""
    await pilot.press(key)
    await pilot.pause()
    pilot.app.screen.query_one("#line", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


async def type_cards(pilot, cards: list[str]) -> None:
    """Each card typed key by key, then Enter."""
    for card in cards:
        await pilot.press(*card, "enter")
    await pilot.pause()


async def enter_cards(pilot, cards: list[str]) -> None:
    """Each card written into the card field whole, then Enter: one key a card
    instead of three.  Every key the pilot presses waits two idle slices of the
    event loop (40 ms of wall time), and a whole deal typed key by key took 15 s;
    the tests that are about what a deal shows, not about the keys, enter it so
    (the keys are held by the test of a normal deal, typed key by key)."""
    for card in cards:
        pilot.app.main_screen.query_one("#card", Input).value = card
        await pilot.press("enter")
    await pilot.pause()


def run(coroutine) -> None:
    asyncio.run(coroutine)


async def headless(app):
    """``app.run()`` without a terminal, given up after 30 s rather than hang."""
    return await asyncio.wait_for(app.run_async(headless=True), 30)


def as_text(renderable, width: int = SIZE[0]) -> str:
    """A renderable as plain text, as a terminal ``width`` columns wide shows it."""
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def plain(widget) -> str:
    """What a Static shows, as plain text."""
    return as_text(widget.content)


def text_of(app, selector: str) -> str:
    return plain(app.main_screen.query_one(selector))


def page(app) -> str:
    return plain(app.screen.query_one("#page-body"))


@pytest.mark.slow  # a whole deal typed key by key: about 15 s
def test_a_normal_deal_by_keystrokes_is_settled_appended_and_the_next_begins(tmp_path):
    dealer, cards = sample_deal("evening.rvs", 1)
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, dealer))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await type_cards(pilot, cards)
            assert isinstance(app.screen, PageScreen)
            shown = page(app)
            assert "Deal 1" in shown and "Payments" in shown
            await pilot.press("enter")
            await pilot.pause()
            assert "Deal 2, dealer Anna" in text_of(app, "#status")

    run(go())
    report = check_file(tmp_path / "night.rvs")
    assert not [d for d in report.diagnostics if d.is_error]
    assert "deal 1 dealer Gleb" in (tmp_path / "night.rvs").read_text()
    assert not draft_path(tmp_path / "night.rvs").exists()


@pytest.mark.slow  # a whole deal entered card by card: about 5 s
def test_a_reversis_is_shown_as_made(tmp_path):
    dealer, cards = sample_deal("big-night.rvs", 3)
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, dealer))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await enter_cards(pilot, cards)
            assert "reversis made" in page(app)

    run(go())


@pytest.mark.slow  # a whole deal entered card by card: about 5 s
def test_an_espagnolette_declared_from_its_key(tmp_path):
    dealer, cards = sample_deal("big-night.rvs", 6)
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, dealer))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f5")
            await pilot.pause()
            app.screen.query_one("#line", Input).value = "Vera"
            await pilot.press("enter")
            await enter_cards(pilot, cards)
            assert "espagnolette (success)" in page(app)

    run(go())
    assert "espagnolette Vera" in (tmp_path / "night.rvs").read_text()


@pytest.mark.slow  # a whole deal entered card by card: about 5 s
def test_a_revoke_warns_and_is_taken_when_the_marker_confirms(tmp_path):
    dealer, cards = sample_deal("irregular.rvs", 7)
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, dealer))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            asked = []
            for card in cards:
                await enter_cards(pilot, [card])
                if isinstance(app.screen, AskScreen):
                    asked.append(plain(app.screen.query_one("Static")))
                    await pilot.press("y")
                    await pilot.pause()
            assert len(asked) == 1 and "RV201" in asked[0]
            assert isinstance(app.screen, PageScreen)

    run(go())
    assert not [d for d in check_file(tmp_path / "night.rvs").diagnostics if d.is_error]


def test_undo_takes_back_the_last_card_and_a_card_twice_is_refused(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await type_cards(pilot, ["2h"])
            app.main_screen.query_one("#card", Input).value = "5♥"  # a key the pilot cannot press
            await pilot.press("enter")
            await pilot.pause()
            assert "Vera to play" in text_of(app, "#status")
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert "Boris to play" in text_of(app, "#status")
            await type_cards(pilot, ["2H"])
            assert "RV202" in text_of(app, "#messages")
            assert "Boris to play" in text_of(app, "#status")
            # not a card (кв would be: К and the D key of the Cyrillic layout, K♦)
            app.main_screen.query_one("#card", Input).value = "кю"
            await pilot.press("enter")
            await pilot.pause()
            assert "not a card" in text_of(app, "#messages")

    run(go())
    assert in_progress(app.recorder).trick_cards == ["2h"]


def test_a_void_deal_from_the_misdeal_key_then_the_same_dealer_passes_on(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Boris"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f6")
            await pilot.pause()
            app.screen.query_one("#line", Input).value = "Boris"
            await pilot.press("enter")
            await pilot.pause()
            assert "press Enter to settle" in text_of(app, "#status")
            await pilot.press("enter")
            await pilot.pause()
            assert "void deal" in page(app)
            await pilot.press("enter")
            await pilot.pause()
            assert "Deal 2, dealer Vera" in text_of(app, "#status")

    run(go())
    assert "misdeal Boris" in (tmp_path / "night.rvs").read_text()


def test_a_draft_is_offered_and_resumed_exactly_where_it_stopped(tmp_path):
    _, cards = sample_deal("evening.rvs", 1)
    first = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def record_some():
        async with first.run_test(size=SIZE) as pilot:
            await type_cards(pilot, cards[:6])
            await pilot.press("ctrl+q")

    run(record_some())
    recorder_of(first).close()  # the file's lock: one recorder at a time
    again = RecordApp(tmp_path / "night.rvs",
                      recorder=Recorder.open(tmp_path / "night.rvs", Setup()))

    async def resume():
        async with again.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(again.screen, AskScreen)
            await pilot.press("y")
            await pilot.pause()
            assert "Trick 2: Anna to play" in text_of(again, "#status")
            await type_cards(pilot, cards[6:7])
            assert "Trick 2: Boris to play" in text_of(again, "#status")

    run(resume())
    assert in_progress(again.recorder).trick_cards == cards[4:7]


def test_a_new_file_asks_the_questions_and_a_wrong_answer_keeps_the_form(tmp_path):
    app = RecordApp(tmp_path / "new.rvs", Setup(rules="classic"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            app.screen.query_one("#setup-players", Input).value = "Anna Boris Vera"
            app.screen.query_one("#setup-dealer", Input).value = "Gleb"
            app.screen.query_one("#setup-place", Input).focus()
            await pilot.press("enter")
            await pilot.pause()
            assert "four players" in plain(app.screen.query_one("#setup-problem", Static))
            app.screen.query_one("#setup-players", Input).value = "Anna, Boris, Vera, Gleb"
            app.screen.query_one("#setup-place", Input).focus()
            await pilot.press("enter")
            await pilot.pause()
            assert "Deal 1, dealer Gleb" in text_of(app, "#status")

    run(go())
    assert "players Anna Boris Vera Gleb" in (tmp_path / "new.rvs").read_text()



def _last_evening(folder: Path) -> None:
    """A folder whose last evening (2027-02-11 of the sample club) left 80 fiches."""
    for name in ("2027-01-14.rvs", "2027-02-11.rvs"):
        (folder / name).write_bytes((SAMPLES / "club" / name).read_bytes())


def test_the_new_record_form_offers_the_pool_the_last_evening_left(tmp_path):
    from reversis_cli.record.previous import offered_pool

    _last_evening(tmp_path)
    path = tmp_path / "new.rvs"
    app = RecordApp(path, Setup(rules="classic"), offer=offered_pool(path))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            form = app.screen
            assert isinstance(form, SetupScreen)
            assert form.query_one("#setup-pot", Input).value == "80"
            assert "2027-02-11.rvs, the last evening in this folder, left 80 fiches" in plain(
                form.query_one("#setup-pot-note", Static))
            form.query_one("#setup-players", Input).value = "Anna Boris Vera Gleb"
            form.query_one("#setup-dealer", Input).value = "Gleb"
            form.query_one("#setup-pot", Input).focus()
            await pilot.press("enter")  # the pot as offered
            await pilot.pause()
            assert "Deal 1, dealer Gleb" in text_of(app, "#status")

    run(go())
    assert "pot 80\n" in path.read_text()


def test_the_new_record_form_takes_another_pot_and_refuses_a_wrong_one(tmp_path):
    from reversis_cli.record.previous import offered_pool

    _last_evening(tmp_path)
    path = tmp_path / "new.rvs"
    app = RecordApp(path, Setup(("Anna", "Boris", "Vera", "Gleb"), "classic", "Gleb"),
                    offer=offered_pool(path))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            form = app.screen
            pot = form.query_one("#setup-pot", Input)
            pot.value = "lots"
            pot.focus()
            await pilot.press("enter")
            await pilot.pause()
            assert "not 'lots'" in plain(form.query_one("#setup-problem", Static))
            assert app.focused is pot  # the form goes back to the pot
            assert not path.exists()
            pot.value = "5/2"
            await pilot.press("enter")
            await pilot.pause()
            assert "Deal 1, dealer Gleb" in text_of(app, "#status")

    run(go())
    assert "pot 5/2\n" in path.read_text()

def test_completion_offers_a_card_not_yet_played(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"),
                    cards="ascii")

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await type_cards(pilot, ["2H"])
            assert app.complete("2") == "2S"
            completed = app.complete("2h")
            assert completed is None or completed.casefold() != "2h"
            assert app.complete("Д") == "Д♠"
            await pilot.press("2")
            await pilot.pause()
            await pilot.press("right")
            assert app.main_screen.query_one("#card", Input).value == "2S"

    run(go())


def test_the_screen_speaks_russian(tmp_path):
    with use("ru"):
        app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

        async def go():
            async with app.run_test(size=SIZE) as pilot:
                await type_cards(pilot, ["2H"])
                status = text_of(app, "#status")
                assert re.search("Сдача 1", status) and "кладёт карту Boris" in status
                footer_keys = {b.binding.description for b in app.active_bindings.values()}
                assert "Отмена" in footer_keys

        run(go())


def finished_deal(tmp_path) -> tuple[Recorder, list[str]]:
    """A recorder with deal 1 of the evening sample recorded (through the engine)."""
    dealer, cards = sample_deal("evening.rvs", 1)
    recorder = new_recorder(tmp_path, dealer)
    for card in cards:
        assert recorder.play(card).accepted
    assert recorder.finish().closed
    return recorder, cards


def test_explain_is_one_key_away_and_a_deal_reopened_but_unchanged_is_not_written(tmp_path):
    recorder, cards = finished_deal(tmp_path)
    before = (tmp_path / "night.rvs").read_text()
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f10")
            await pilot.pause()
            assert isinstance(app.screen, PageScreen) and "Deal 1" in page(app)
            await pilot.press("escape", "f9")
            await pilot.pause()
            app.screen.query_one("#line", Input).value = "1"
            await pilot.press("enter")
            await pilot.pause()
            assert "Editing deal 1" in text_of(app, "#status")
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert "Trick 11" in text_of(app, "#status")
            await type_cards(pilot, cards[-4:])  # the same trick again: no change
            assert not isinstance(app.screen, PageScreen)  # a deal reopened waits for Enter
            await pilot.press("enter")
            await pilot.pause()
            assert "Deal 2, dealer Anna" in text_of(app, "#status")
            assert "nothing is written" in text_of(app, "#messages")

    run(go())
    assert (tmp_path / "night.rvs").read_text() == before


def test_a_revoke_not_confirmed_is_not_taken(tmp_path):
    dealer, cards = sample_deal("irregular.rvs", 7)
    recorder = new_recorder(tmp_path, dealer)
    # AD, the last card of trick 9: it shows Gleb's renounce of trick 1 is a
    # revoke (until an ace is seen elsewhere, the espagnolette might excuse it).
    revoking = 35
    for card in cards[:revoking]:
        assert recorder.play(card).accepted
    app = RecordApp(tmp_path / "night.rvs", recorder=recorder)

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await type_cards(pilot, [cards[revoking]])
            assert isinstance(app.screen, AskScreen)
            await pilot.press("n")
            await pilot.pause()
            assert "Not taken" in text_of(app, "#messages")
            assert "Trick 9: Boris to play" in text_of(app, "#status")

    run(go())
    assert in_progress(recorder).trick_cards == cards[32:revoking]


def test_no_other_command_loads_textual(tmp_path):
    """Textual is for ``record`` on a terminal only: every other command, and
    ``record --plain``, run without it (their start-up does not change)."""
    import subprocess
    import sys

    sample = str(SAMPLES / "evening.rvs")
    script = f"""
import sys
from click.testing import CliRunner
from reversis_cli.cli import cli
runs = [["check", {sample!r}], ["score", {sample!r}], ["show", {sample!r}],
        ["explain", {sample!r}, "--deal", "1"], ["rules"], ["fmt", "--check", {sample!r}],
        ["record", {str(tmp_path / "p.rvs")!r}, "--plain", "--players", "Anna,Boris,Vera,Gleb",
         "--rules", "classic", "--dealer", "Gleb"], ["--help"]]
for args in runs:
    result = CliRunner().invoke(cli, args, input="quit\\n")
    assert result.exit_code in (0, 1), (args, result.output)
print(sorted(m for m in sys.modules if m.split(".")[0] == "textual"))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=SAMPLES.parent, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_steps_before_the_play_from_their_keys_and_a_wrong_one_refused(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await answer(pilot, "f3", "QH JH AD")
            await answer(pilot, "f4", "Gleb discards 4C")
            await answer(pilot, "f4", "Vera discards 10C")
            assert "RV101" in text_of(app, "#messages")
            await answer(pilot, "f7", 'the candles "went out"')

    run(go())
    assert in_progress(app.recorder).lines == ["talon QH JH AD", "exchange Gleb discards 4C",
                                          'note "the candles \\"went out\\""']


def test_a_draft_that_cannot_be_written_is_said_on_the_screen(tmp_path, monkeypatch):
    from reversis_cli.files import WriteError
    from reversis_cli.record import recorder as recorder_module

    def full_disk(*_):
        raise WriteError("cannot write .night.rvs.draft: No space left on device")

    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await type_cards(pilot, ["2H"])
            monkeypatch.setattr(recorder_module, "save_draft", full_disk)
            await type_cards(pilot, ["5H"])
            assert "No space left" in text_of(app, "#messages")
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert "No space left" in text_of(app, "#messages")

    run(go())


def test_a_fault_of_ours_leaves_no_traceback_on_the_screen_and_is_raised(tmp_path, monkeypatch,
                                                                       capfd):
    from reversis_cli.record.tui import app as tui

    recorder = new_recorder(tmp_path, "Gleb")

    def broken(card):
        raise RuntimeError("a bug")

    monkeypatch.setattr(recorder, "play", broken)

    class Typed(tui.RecordApp):  # types a card as soon as the screen is up
        def _start_deal(self):
            super()._start_deal()
            self.main_screen.query_one("#card", Input).value = "2H"
            self.call_after_refresh(self.main_screen.query_one("#card", Input).action_submit)

    monkeypatch.setattr(tui, "RecordApp", Typed)
    monkeypatch.setattr(Typed, "run", lambda self: asyncio.run(headless(self)))
    with pytest.raises(RuntimeError, match="a bug"):
        tui.run_app(recorder)
    written = capfd.readouterr()
    assert "Traceback" not in written.out + written.err


def test_e_on_the_settlement_explains_the_deal_and_escape_comes_back_to_it(tmp_path):
    app, cards = one_card_short(tmp_path)

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await type_cards(pilot, cards[-1:])
            settled = page(app)
            assert "Payments" in settled
            await pilot.press("e")
            await pilot.pause()
            explained = page(app)
            assert explained != settled and "Deal 1" in explained
            await pilot.press("escape")
            await pilot.pause()
            assert page(app) == settled

    run(go())


def test_a_problem_names_cards_as_the_marker_spells_them(tmp_path):
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"),
                    cards="ascii")

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await type_cards(pilot, ["2H", "2H"])
            said = text_of(app, "#messages")
            assert "RV202" in said and "2H" in said and "2♥" not in said

    run(go())


def test_the_events_list_names_every_event_in_the_run_s_language(tmp_path):
    from reversis_cli.record.tui.screens import EventsScreen

    with use("ru"):
        app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Gleb"))

        async def go():
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.press("f8")
                await pilot.pause()
                assert isinstance(app.screen, EventsScreen)
                shown = [plain_text(o.prompt) for o in _options(app)]
                placeholder = app.screen.query_one("#filter", Input).placeholder
                app.screen.query_one("#filter", Input).value = "эспаньол"  # narrowed as typed
                await pilot.pause()
                narrowed = [plain_text(o.prompt) for o in _options(app)]
                return shown, placeholder, narrowed

        shown, placeholder, narrowed = asyncio.run(go())
    assert any("Отказ от эспаньолетты" in s for s in shown)
    assert any("Платёж не потребован" in s for s in shown)
    assert any("Исправить карту" in s for s in shown)
    assert any("Выйти" in s for s in shown) and len(shown) == 16  # 14 events, a card, quit
    assert placeholder == "событие сдачи…"
    assert len(narrowed) == 2 and all("эспаньол" in s.casefold() for s in narrowed)


def _options(app):
    found = app.screen.query_one("#events")
    return [found.get_option_at_index(i) for i in range(found.option_count)]


def plain_text(prompt) -> str:
    return prompt.plain if hasattr(prompt, "plain") else str(prompt)


def test_a_player_s_name_is_completed_in_an_event(tmp_path):
    # Boris deals: only the dealer misdeals (RV322 refuses another name)
    app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, "Boris"))

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f5", "b")
            await pilot.pause()
            await pilot.press("right", "enter")
            await pilot.pause()

    run(go())
    assert in_progress(app.recorder).lines == ["espagnolette Boris"]


def test_run_new_asks_on_the_screen_and_records_into_the_new_file(tmp_path, monkeypatch):
    from reversis_cli.record.tui import app as tui

    class Answered(tui.RecordApp):  # answers the questions, then quits
        async def _answer(self):
            form = self.screen
            form.query_one("#setup-players", Input).value = "Anna Boris Vera Gleb"
            form.query_one("#setup-dealer", Input).value = "Vera"
            await form.query_one("#setup-place", Input).action_submit()

        def _ask_setup(self):
            super()._ask_setup()
            self.call_after_refresh(self._answer)

        def _start_deal(self):
            super()._start_deal()
            self.exit(0)

    monkeypatch.setattr(tui, "RecordApp", Answered)
    monkeypatch.setattr(Answered, "run", lambda self: asyncio.run(headless(self)))
    assert tui.run_new(tmp_path / "new.rvs", Setup(rules="modern")) == 0
    text = (tmp_path / "new.rvs").read_text()
    assert "rules modern" in text and "players Anna Boris Vera Gleb" in text
