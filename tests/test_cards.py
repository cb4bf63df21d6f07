"""Cards: every spelling of docs/notation.md, tens refused, round trips."""

import pytest

from reversis_cli.cards import (
    ACE_OF_DIAMONDS, CARD_STYLES, PACK, QUINOLA, Card, NotACardError, Rank, Suit, TenCardError,
)


def test_pack_has_48_cards_and_40_points():
    assert len(PACK) == 48 == len(set(PACK))
    assert sum(c.points for c in PACK) == 40
    assert not any(c.rank.value == 10 for c in PACK)


@pytest.mark.parametrize("spelling, rank, suit", [
    ("AS", Rank.ACE, Suit.SPADES),
    ("as", Rank.ACE, Suit.SPADES),
    ("9h", Rank.NINE, Suit.HEARTS),
    ("Q♦", Rank.QUEEN, Suit.DIAMONDS),
    ("K♣", Rank.KING, Suit.CLUBS),
    ("J♡", Rank.JACK, Suit.HEARTS),
    ("2♤", Rank.TWO, Suit.SPADES),
    ("7♢", Rank.SEVEN, Suit.DIAMONDS),
    ("5♧", Rank.FIVE, Suit.CLUBS),
    ("Т♥", Rank.ACE, Suit.HEARTS),       # Russian туз
    ("т♥", Rank.ACE, Suit.HEARTS),
    ("К♠", Rank.KING, Suit.SPADES),      # король
    ("Д♦", Rank.QUEEN, Suit.DIAMONDS),   # дама
    ("в♣", Rank.JACK, Suit.CLUBS),       # валет
    ("ДD", Rank.QUEEN, Suit.DIAMONDS),
    ("A♥\ufe0f", Rank.ACE, Suit.HEARTS),  # emoji heart from a phone keyboard
], ids=lambda v: str(v))
def test_every_spelling(spelling, rank, suit):
    card = Card.parse(spelling)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit)


@pytest.mark.parametrize("spelling", ["10H", "TH", "th", "T♥", "10♠", "tC"])
def test_tens_are_refused_with_their_own_error(spelling):
    with pytest.raises(TenCardError, match="no tens"):
        Card.parse(spelling)


def test_latin_t_message_points_to_the_russian_ace():
    with pytest.raises(TenCardError, match="Cyrillic Т"):
        Card.parse("T♥")


@pytest.mark.parametrize("spelling", ["", "A", "1S", "AX", "ZZ", "11H", "Anna", "♥A"])
def test_non_cards(spelling):
    with pytest.raises(NotACardError):
        Card.parse(spelling)


@pytest.mark.parametrize("style", CARD_STYLES)
def test_format_parse_round_trip(style):
    for card in PACK:
        assert Card.parse(card.format(style)) is card


def test_canonical_forms():
    assert QUINOLA.format("ascii") == "JH"
    assert QUINOLA.format("unicode") == "J♥"
    assert QUINOLA.format("ru") == "В♥"
    assert ACE_OF_DIAMONDS.format("ru") == "Т♦"
    assert Card.parse("9S").format("ru") == "9♠"


def test_cards_are_immutable_and_hashable():
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO
    assert {card: 1}[Card.parse("as")] == 1
