"""The reader's cheap constructors (model.new_*_line) make exactly the
objects the dataclasses' own keyword constructors make."""

from __future__ import annotations

import dataclasses

from reversis_cli.cards import Card
from reversis_cli.model import (
    CardAt, DealLine, ExchangeLine, Name, Pos, TrickLine, new_deal_line, new_exchange_line,
    new_trick_line,
)

AT = Pos(3, 5)
ANNA = Name("Anna", Pos(3, 9))
CARDS = (CardAt(Card.parse("AS"), Pos(3, 14), "AS"), CardAt(Card.parse("QH"), Pos(3, 17), "QH"))


def same(made, expected) -> None:
    assert type(made) is type(expected)
    assert made == expected and hash(made) == hash(expected)
    for field in dataclasses.fields(expected):  # every slot set, to the same value
        assert getattr(made, field.name) == getattr(expected, field.name), field.name


def test_trick_line():
    same(new_trick_line(AT, 7, ANNA, CARDS, Name("Vera", Pos(3, 22)), AT),
         TrickLine(pos=AT, number=7, leader=ANNA, cards=CARDS, taker=Name("Vera", Pos(3, 22)),
                   number_pos=AT))
    same(new_trick_line(AT, 1, None, (), None, None),
         TrickLine(pos=AT, number=1, leader=None, cards=()))


def test_exchange_line():
    same(new_exchange_line(AT, ANNA, False, CARDS, CARDS[:1], None, 0),
         ExchangeLine(pos=AT, player=ANNA, discards=CARDS, takes=CARDS[:1]))
    same(new_exchange_line(AT, ANNA, True, (), None, CARDS[0], 2),
         ExchangeLine(pos=AT, player=ANNA, refuses=True, sees=CARDS[0], sees_count=2))


def test_deal_line():
    same(new_deal_line(AT, 12, ANNA, Pos(3, 10)),
         DealLine(pos=AT, number=12, dealer=ANNA, number_pos=Pos(3, 10)))
