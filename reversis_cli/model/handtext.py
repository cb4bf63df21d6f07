"""The cards of a deal's four hand lines read together, as text (issue 35).

A record written with its hands (``reversis simulate --hands``, a recorder) has
four hand lines a deal, 45 cards.  Reading each card by its word (a string
made, hashed and looked up, its bit summed) was a fifth of what ``check``
spent on such a deal.  :func:`hand_masks` reads the four hands' cards at once,
with a few calls of ``bytes`` methods for them all:

1. the four texts joined by a space and encoded: in each of the
   :data:`STYLES` (``QS 8S``, ``Q♠ 8♠``, ``Д♠ 8♠``) every card is two characters, so a
   space stands after each card but the last, and only there, at every third
   byte (every fifth in UTF-8 with a suit symbol's three bytes);
2. each byte of a rank written as its hexadecimal digit (its place in its
   suit, 0 to b), each suit's (its last byte) as its own (its place in the
   pack, c to f), any other byte as a letter that is none, the spaces and a
   symbol's first two bytes deleted (``bytes.translate``): two digits a card,
   made one byte by ``binascii.unhexlify`` (an odd count or another letter
   fails there);
3. the pack, a byte a card (:data:`_PACK_CODES`, highest index first), each
   card's byte replaced by its hand's code (``bytes.maketrans``), then each
   hand's code written ``1`` and any other byte ``0``: ``int(..., 2)`` gives the
   mask of the hands with a low bit, with a high bit, and of all four (the bit
   ``1 << index`` of each of their cards); the four hands' masks follow.

The Russian style's letters of a rank are two bytes each, its figures one, so that its
cards are four or five bytes: where the spacing fails on text beyond ASCII, the text is
checked as characters (a space at every third, as many suit symbols as cards and no other
character beginning with their first byte) and translated, the first bytes of its
characters beyond ASCII deleted; a character that is not where its kind stands makes a
pair of digits that is no card, or leaves one unpaired (see :func:`hand_masks`).

A pair of digits that is no card (a suit's before a rank's, two ranks') is in no
hand, and a card written twice in one: held then counts fewer cards than were
written, and the hands are left to the words' reading (None), as anything not
so written is.  tests/test_handtext.py holds this reading to an independent one
of the words, on hands dealt at random and altered a character at a time.
"""

from __future__ import annotations

from binascii import unhexlify

from ..cards import PACK

__all__ = ["STYLES", "hand_masks"]

STYLES = ("ascii", "unicode", "ru")
_HEX = b"0123456789abcdef"


def _tables(style: str) -> tuple[bytes, int, bytes, bytes]:
    """The style's tables: the spaces between its cards, the bytes of its first card
    and a space (every card's but in the Russian style, whose letters of a rank are two
    bytes and figures one), its bytes as hexadecimal digits (a rank's place in its
    suit, 0 to b, and a suit's place in the pack, c to f, each by its character's last
    byte: a digit of each, in that order, is a card), any other byte as a letter that
    is none, and the bytes a translation deletes (the spaces, and the other bytes of
    the characters beyond ASCII: the four symbols' shared two, a Russian letter's
    first)."""
    digits = bytearray(b"x" * 256)
    shared: set[int] = set()
    for card in PACK:
        rank, suit = (part.encode() for part in card.format(style))
        suit_place, rank_place = divmod(card.index, 12)
        for byte, digit in ((rank[-1], _HEX[rank_place]), (suit[-1], _HEX[12 + suit_place])):
            assert digits[byte] in (ord("x"), digit), f"two digits for a byte of {style}"
            digits[byte] = digit
        shared.update(rank[:-1] + suit[:-1])
    assert not shared & set(digits.translate(None, b"x")), "a deleted byte is a digit's"
    step = len(PACK[0].format(style).encode()) + 1
    return b" " * len(PACK), step, bytes(digits), b" " + bytes(sorted(shared))


_ASCII, _UNICODE, _RUSSIAN = (_tables(style) for style in STYLES)
# The Russian style's cards, checked as text (a card's bytes are four or five): a space
# at every third character, and as many suit symbols as cards, the only characters whose
# first byte is theirs (E2, which no other byte of UTF-8 is).
_SPADE, _HEART, _DIAMOND, _CLUB = sorted({card.format("ru")[1] for card in PACK})
_SUIT_LEAD = bytes({card.format("ru")[1].encode()[0] for card in PACK})
assert len(_SUIT_LEAD) == 1 and not any(card.format("ru")[0].encode().startswith(_SUIT_LEAD)
                                        for card in PACK)
_BLANKS = " " * len(PACK)
# The pack a byte a card, highest index first (int(..., 2) reads the highest bit first):
# each card's byte as unhexlify makes it, its rank's place then its suit's.
_PACK_CODES = bytes((index % 12) * 16 + 12 + index // 12
                    for index in range(len(PACK) - 1, -1, -1))
# Each card's hand as two bits, each a table that writes the code of a hand (0xF0 + its
# place) as the digit 1 when the place has that bit, any other byte as 0; and one for
# every hand's code (the three masks give the four hands').
_HAND_BITS = tuple(bytes(ord("1") if 0xF0 <= value < 0xF4 and (value - 0xF0) & bit else ord("0")
                         for value in range(256)) for bit in (1, 2))
_ANY_HAND = bytes(ord("1") if 0xF0 <= value < 0xF4 else ord("0") for value in range(256))


def hand_masks(first: str, second: str, third: str, fourth: str
               ) -> tuple[int, int, int, int, int, int, int, int] | None:
    """The masks of the cards of four hand lines (each the text after the
    player's word, from its first card to the line's end), each card's bit as
    reading its words gives it, then how many cards each holds; None when a word
    is not a card of the pack in the style of the others, two words are not one
    space apart, a text ends otherwise than with a card, or a card is written
    twice."""
    text = " ".join((first, second, third, fourth))
    data = text.encode()
    spaces, step, digits, deleted = _ASCII if data.isascii() else _UNICODE
    cards, rest = divmod(len(data) + 1, step)
    if rest or data[step - 1::step] != spaces[:cards - 1]:
        # a space after each card but the last, where the next begins; or the Russian style
        cards, rest = divmod(len(text) + 1, 3)
        if step == 3 or rest or text[2::3] != _BLANKS[:cards - 1] \
                or data.count(_SUIT_LEAD) != cards or text.count(_SPADE) + text.count(_HEART) \
                + text.count(_DIAMOND) + text.count(_CLUB) != cards:
            return None
        # Each suit symbol where a card's second character stands: one anywhere else would
        # begin a pair of digits (a suit's: no card), or stand for a space.  Any other
        # character of a rank's place gives a rank's digit only if it is one of the
        # style's ranks (a Cyrillic letter whose second byte is a suit's gives a suit's
        # digit first, one whose second byte is deleted leaves the suit's unpaired).
        digits, deleted = _RUSSIAN[2:]
    try:  # a byte of no card of the style is no hexadecimal digit
        codes = unhexlify(data.translate(digits, deleted))
    except ValueError:
        return None
    # each card two characters: each text's cards, when the texts are cards (below)
    sizes = ((len(first) + 1) // 3, (len(second) + 1) // 3, (len(third) + 1) // 3,
             (len(fourth) + 1) // 3)
    hands = _HANDS_BY_SIZES.get(sizes)
    if hands is None:
        hands = _hands_of(sizes)
    if len(codes) != cards or len(hands) != cards:
        return None  # a space or a character of another alphabet where a card's byte is
    owners = _PACK_CODES.translate(bytes.maketrans(codes, hands))
    low, high = _HAND_BITS
    odd, upper, held = (int(owners.translate(low), 2), int(owners.translate(high), 2),
                        int(owners.translate(_ANY_HAND), 2))
    # Every card's two digits a rank's then a suit's, and no card twice: as many cards in
    # the hands as written.  A pair of digits that is no card's (a suit's before a rank's,
    # two ranks') is in no hand, a card written twice in one: held has fewer.  A space
    # between, and each byte else a digit (a space or a symbol's first bytes deleted within
    # a card would leave a digit unpaired, or too few), so each card is where it stands,
    # and each text (joined by a space) ends with a card.
    if held.bit_count() != cards:
        return None
    both = odd & upper
    return (held ^ (odd | upper), odd ^ both, upper ^ both, both) + sizes


# Each hand's code a card, by the hands' sizes (made at the first deal of such sizes).
_HANDS_BY_SIZES: dict[tuple[int, int, int, int], bytes] = {}


def _hands_of(sizes: tuple[int, int, int, int]) -> bytes:
    hands = b"".join([bytes([0xF0 + hand]) * size for hand, size in enumerate(sizes)])
    if len(_HANDS_BY_SIZES) < 64:  # (a hostile record's sizes cannot grow it without end)
        _HANDS_BY_SIZES[sizes] = hands
    return hands
