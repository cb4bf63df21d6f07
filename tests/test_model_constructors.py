"""The reader's cheap constructors (notation/fastlines.py: new_*_line, lean_*_line) make
exactly the objects the classes' own keyword constructors make."""

from __future__ import annotations

import copy
import pickle

import pytest

from reversis_cli.cards import Card
from reversis_cli.model import (
    CardAt, Comment, Deal, DealLine, EventLine, ExchangeLine, Header, HeaderLine, Name, Pos,
    TrickLine,
)
from reversis_cli.notation.fastlines import (
    lean_exchange_line, lean_trick_line, new_deal_line, new_event_line, new_exchange_line,
    new_trick_line,
)
from reversis_cli.values import FrozenError, replace

AT = Pos(3, 5)
ANNA = Name("Anna", Pos(3, 9))
CARDS = (CardAt(Card.parse("AS"), Pos(3, 14), "AS"), CardAt(Card.parse("QH"), Pos(3, 17), "QH"))


def slots(value) -> list[str]:
    return [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]


def same(made, expected, lean: bool = False) -> None:
    assert type(made) is type(expected)
    assert made == expected and hash(made) == hash(expected)
    assert repr(made) == repr(expected)
    for name in slots(expected):  # every slot set, to the same value
        if not (lean and name.startswith("_")):  # a lean line keeps its text
            assert getattr(made, name) == getattr(expected, name), name


def test_trick_line():
    same(new_trick_line(AT, 7, ANNA, CARDS, Name("Vera", Pos(3, 22)), AT),
         TrickLine(pos=AT, number=7, leader=ANNA, cards=CARDS, taker=Name("Vera", Pos(3, 22)),
                   number_pos=AT))
    same(new_trick_line(AT, 1, None, (), None, None),
         TrickLine(pos=AT, number=1, leader=None, cards=()))


def four(*words: str, line: int, columns: tuple[int, ...]) -> tuple[CardAt, ...]:
    return tuple(CardAt(Card.parse(word), Pos(line, column), word)
                 for word, column in zip(words, columns, strict=True))


LEAN = [  # a line, and what the keyword form makes of it
    ("  10 Anna  JD 8S 9S 6D", TrickLine(
        pos=Pos(4, 3), number=10, leader=Name("Anna", Pos(4, 6)), number_pos=Pos(4, 3),
        cards=four("JD", "8S", "9S", "6D", line=4, columns=(12, 15, 18, 21)))),
    ("2 3S 7S A♠ KS > Vera ", TrickLine(
        pos=Pos(4, 1), number=2, leader=None, number_pos=Pos(4, 1),
        cards=four("3S", "7S", "A♠", "KS", line=4, columns=(3, 6, 9, 12)),
        taker=Name("Vera", Pos(4, 17)))),
    ("   1   Анна ТS  Д♥ 9♠\ufe0f 2c   >   Gleb", TrickLine(
        pos=Pos(4, 4), number=1, leader=Name("Анна", Pos(4, 8)), number_pos=Pos(4, 4),
        cards=four("ТS", "Д♥", "9♠\ufe0f", "2c", line=4, columns=(13, 17, 20, 24)),
        taker=Name("Gleb", Pos(4, 33)))),
]


@pytest.mark.parametrize("text, expected", LEAN)
def test_a_lean_trick_line_is_the_line_the_keyword_form_makes(text, expected):
    indexes = tuple(card_at.card.index for card_at in expected.cards)
    leader = expected.leader.text if expected.leader else None
    taker = expected.taker.text if expected.taker else None
    lean = lean_trick_line(text, 4, expected.number, indexes, leader, taker)
    # the cheap fields, read first: nothing else is made for them
    assert (lean.indexes, lean.leader_text, lean.taker_text) == (indexes, leader, taker)
    assert (expected.indexes, expected.leader_text, expected.taker_text) == \
        (indexes, leader, taker)
    same(lean, expected, lean=True)
    for name in ("pos", "leader", "cards", "taker"):  # each field made alone, first read
        fresh = lean_trick_line(text, 4, expected.number, indexes, leader, taker)
        assert getattr(fresh, name) == getattr(expected, name), name
        assert fresh == expected


def card(spelling: str, column: int) -> CardAt:
    return CardAt(Card.parse(spelling), Pos(4, column), spelling)


LEAN_EXCHANGES = [
    ("exchange Anna discards KS takes 9H", ExchangeLine(
        pos=Pos(4, 1), player=Name("Anna", Pos(4, 10)), discards=(card("KS", 24),),
        takes=(card("9H", 33),))),
    ("  exchange\tBoris  takes 9H", ExchangeLine(
        pos=Pos(4, 3), player=Name("Boris", Pos(4, 12)), takes=(card("9H", 25),))),
    ("exchange Vera refuses sees QD", ExchangeLine(
        pos=Pos(4, 1), player=Name("Vera", Pos(4, 10)), refuses=True, sees=card("QD", 28),
        sees_count=1)),
    ("exchange Gleb refuses", ExchangeLine(
        pos=Pos(4, 1), player=Name("Gleb", Pos(4, 10)), refuses=True)),
]


@pytest.mark.parametrize("text, expected", LEAN_EXCHANGES)
def test_a_lean_exchange_line_is_the_line_the_keyword_form_makes(text, expected):
    cheap = (expected.player_text, expected.refuses, expected.discard_indexes,
             expected.take_indexes, expected.sees_indexes)
    assert cheap[0] == expected.player.text
    for name in ("pos", "player", "discards", "takes", "sees", None):  # each made alone
        lean = lean_exchange_line(text, 4, *cheap)
        assert (lean.player_text, lean.refuses, lean.discard_indexes, lean.take_indexes,
                lean.sees_indexes, lean.sees_count) == (*cheap, expected.sees_count)
        if name is not None:
            assert getattr(lean, name) == getattr(expected, name), name
        same(lean, expected, lean=True)


def test_a_trick_line_knows_its_fields_only():
    lean = lean_trick_line("1 Anna 5H AH 9H KH", 1, 1, (0, 1, 2, 3), "Anna", None)
    with pytest.raises(AttributeError, match="no attribute 'colour'"):
        lean.colour  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(FrozenError):
        lean.number = 2  # type: ignore[misc]


def test_exchange_line():
    same(new_exchange_line(AT, ANNA, False, CARDS, CARDS[:1], None, 0),
         ExchangeLine(pos=AT, player=ANNA, discards=CARDS, takes=CARDS[:1]))
    same(new_exchange_line(AT, ANNA, True, (), None, CARDS[0], 2),
         ExchangeLine(pos=AT, player=ANNA, refuses=True, sees=CARDS[0], sees_count=2))


def test_deal_line():
    same(new_deal_line(AT, 12, ANNA, Pos(3, 10)),
         DealLine(pos=AT, number=12, dealer=ANNA, number_pos=Pos(3, 10)))


def test_event_line():
    same(new_event_line(AT, "peeked", ANNA, None, None, False, False),
         EventLine(pos=AT, kind="peeked", player=ANNA))
    same(new_event_line(AT, "unclaimed", None, 11, Pos(3, 15), False, False),
         EventLine(pos=AT, kind="unclaimed", trick=11, trick_pos=Pos(3, 15)))
    same(new_event_line(AT, "misdeal", ANNA, None, None, True, False),
         EventLine(pos=AT, kind="misdeal", player=ANNA, late=True))
    same(new_event_line(AT, "redeal", None, None, None, False, True),
         EventLine(pos=AT, kind="redeal", paid=True))


def test_model_values_copy_pickle_and_replace_by_their_fields():
    """What the dataclasses gave: a worker process gets model values by pickle."""
    lean = lean_trick_line("1 Anna 5H AH 9H KH", 2, 1, tuple(
        Card.parse(word).index for word in ("5H", "AH", "9H", "KH")), "Anna", None)
    deal = Deal(DealLine(pos=Pos(1, 1), number=1, dealer=ANNA), (lean,),
                (Comment(" end", Pos(3, 1)),))
    header = Header((HeaderLine(pos=Pos(1, 1), keyword="players", names=(ANNA,)),))
    for value in (lean, deal, header):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
    assert pickle.loads(pickle.dumps(deal)).tricks == (lean,)
    moved = replace(lean, taker=Name("Vera", Pos(2, 20)))
    assert moved.taker_text == "Vera" and moved.indexes == lean.indexes and lean.taker is None
    assert replace(deal, statements=()).tricks == ()
