"""A revoke's warning message written directly (replay/revokes.py, ``revoke_message``)
is the message its template makes: the same English, template and values, and the
same Russian (a fast path: REVERSIS_REFERENCE=1 fills the template)."""

from __future__ import annotations

from reversis_cli import fastpaths
from reversis_cli.cards import PACK, CardCode, Suit
from reversis_cli.i18n import Msg
from reversis_cli.i18n.message import ENGLISH
from reversis_cli.i18n.catalogs import translator
from reversis_cli.replay import revokes
from reversis_cli.model import Pos


def _filled(player, card, led, held) -> Msg:
    return Msg(revokes._REVOKE, player=player, card=CardCode(card), suit=revokes._LEAD[led],
               held=CardCode(held))


def test_every_card_suit_and_card_held_makes_the_message_its_template_makes():
    russian = translator("ru")
    for player in ("Anna", "Вера", 'Bo"{ris}'):
        for card in PACK:
            for led in Suit:
                for held in PACK[::5]:
                    fast, slow = revokes.revoke_message(player, card, led, held), \
                        _filled(player, card, led, held)
                    assert type(fast) is Msg and fast == slow and str(fast) == str(slow)
                    assert (fast.template, fast.params) == (slow.template, slow.params)
                    assert fast.written(ENGLISH) == str(fast)
        assert fast.written(russian) == slow.written(russian) != str(slow)  # translated


def test_the_warning_is_made_the_same_both_ways(monkeypatch):
    made = revokes.revoke_found(3, 1, PACK[5], Suit.CLUBS, PACK[7], Pos(12, 17), 4,
                                ("Anna", "Boris", "Vera", "Gleb"))
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    assert revokes.revoke_found(3, 1, PACK[5], Suit.CLUBS, PACK[7], Pos(12, 17), 4,
                                ("Anna", "Boris", "Vera", "Gleb")) == made
    message = made[1].message
    assert isinstance(message, Msg)
    assert message.params == _filled("Boris", PACK[5], Suit.CLUBS, PACK[7]).params
