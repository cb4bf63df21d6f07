"""The full-screen recorder on the Russian (ЙЦУКЕН) layout (issue 30, item 14;
newcomer-4 §14 and §20): the suit keys S H D C give ы р в с, and type the
suits as the y/n/e keys already answer as н/т/у; a revoke asked in Russian
names its player once."""

from __future__ import annotations

import asyncio

from textual import events

from reversis_cli.cards import Card
from reversis_cli.i18n import use
from reversis_cli.record.tui.app import RecordApp
from reversis_cli.record.tui.screens import AskScreen

from record_helpers import in_progress
from test_record_tui import questions_answer_at_once  # noqa: F401 (autouse)
from test_record_tui import SIZE, new_recorder, plain, run, sample_deal

# Each Latin key of a card, as the Cyrillic layout gives it: the ranks as a
# Russian marker types them (Т К Д В, digits alike), the suits on the keys S H D C.
RUSSIAN_RANK = {"A": "Т", "K": "К", "Q": "Д", "J": "В"}
SUIT_KEY = {"S": "ы", "H": "р", "D": "в", "C": "с"}


def on_cyrillic_layout(card: str) -> str:
    """``QH`` as typed with the Cyrillic layout on: ``Др``."""
    return RUSSIAN_RANK.get(card[0], card[0]) + SUIT_KEY[card[1]]


def typed_at_once(app, text: str) -> None:
    """The keys as the terminal sends them (a Cyrillic letter is its own key)."""
    for char in text:
        if char == "\r":
            app.post_message(events.Key("enter", "\r"))
        else:
            app.post_message(events.Key(char, char))


def test_a_trick_typed_with_the_suits_on_the_cyrillic_layout_is_taken(tmp_path):
    dealer, cards = sample_deal("evening.rvs", 1)
    with use("ru"):
        app = RecordApp(tmp_path / "night.rvs", recorder=new_recorder(tmp_path, dealer),
                        cards="ru")
        typed = [on_cyrillic_layout(card) for card in cards[:8]]
        assert any(word[-1] in "ырвс" for word in typed)

        async def go():
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                typed_at_once(app, " ".join(typed[:4]) + "\r")  # a whole trick on a line
                await pilot.pause()
                for word in typed[4:]:  # then a card at a time
                    typed_at_once(app, word + "\r")
                    await pilot.pause()

        run(go())
    deal = in_progress(app.recorder)
    played = [Card.parse(word) for line in deal.lines for word in line.split()[1:]]
    assert played == [Card.parse(card) for card in cards[:8]]


def test_a_card_replaced_with_a_cyrillic_suit_is_taken(tmp_path):
    dealer, cards = sample_deal("evening.rvs", 1)
    recorder = new_recorder(tmp_path, dealer)
    for card in cards[:4]:
        assert recorder.play(card).accepted
    with use("ru"):
        app = RecordApp(tmp_path / "night.rvs", recorder=recorder, cards="ru")

        async def go():
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.press("up")  # the tricks table, on the card played last
                await pilot.pause()
                await pilot.press("enter")
                await pilot.pause()
                typed_at_once(app, on_cyrillic_layout(cards[3]) + "\r")  # the same card
                await pilot.pause()
                return plain(app.main_screen.query_one("#messages"))

        said = asyncio.run(go())
    assert "не карта" not in said and "Исправлено" in said, said


def test_a_revoke_asked_in_russian_names_its_player_once(tmp_path):
    dealer, cards = sample_deal("irregular.rvs", 7)
    recorder = new_recorder(tmp_path, dealer)
    revoking = 35  # the A♦ of trick 9 shows Gleb's renounce of trick 1 (test_record_tui_marker)
    for card in cards[:revoking]:
        assert recorder.play(card).accepted
    with use("ru"):
        app = RecordApp(tmp_path / "night.rvs", recorder=recorder, cards="ru")

        async def go():
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                typed_at_once(app, cards[revoking].lower() + "\r")
                await pilot.pause()
                assert isinstance(app.screen, AskScreen)
                return plain(app.screen.query_one("#question"))

        asked = asyncio.run(go())
    assert "RV201" in asked and "Взятка" in asked
    for name in ("Anna", "Boris", "Vera", "Gleb"):
        assert f"{name}: {name}:" not in asked, asked
    assert "ложный ренонс" in asked
