"""Cards of the Reversis pack (docs/rules.md DECK-1, DECK-2) and their spellings.

A :class:`Card` is an immutable value; the 48 of them are created once and
shared, so cards compare by identity as well as by value.  ``Card.parse``
accepts every spelling of docs/notation.md (ASCII, Unicode suits, Russian ranks,
either case); ``Card.format`` writes one of the three canonical styles, and
``Card.parse(card.format(style)) is card`` for every style.
"""

from __future__ import annotations

import enum
import itertools
import re
import unicodedata
from collections.abc import Iterable
from typing import NamedTuple

from .i18n import Msg
from .i18n.language import language_cards
from .i18n.message import Language
from .words import joined

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardError",
    "NotACardError",
    "TenCardError",
    "PACK",
    "QUINOLA",
    "ACE_OF_DIAMONDS",
    "CARD_STYLES",
    "sort_cards",
    "KNOWN_SPELLINGS",
    "reads_as_card",
    "card_name",
    "script_of",
    "lookalike_card",
    "lookalike_message",
    "not_a_card_message",
    "respell",
    "spelling_of",
    "language_cards",
    "CardCode",
    "CardCodes",
]

CARD_STYLES = ("ascii", "unicode", "ru")


class CardError(ValueError):
    """A word that was meant as a card but is not one of the 48; ``message``
    says why, in words a player reads (a :class:`~reversis_cli.i18n.Msg`)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotACardError(CardError):
    """The text is not a card in any accepted spelling."""


class TenCardError(CardError):
    """A ten: real cards, but the Reversis pack has none (DECK-1)."""


class Suit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def noun(self) -> str:
        """The suit's English plural, for messages ("a spade lead")."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        return self.name.lower()[:-1]


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(enum.IntEnum):
    """Ranks with their strength as value: ace high, no ten."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def points(self) -> int:
        """Card points (DECK-2): ace 4, king 3, queen 2, jack 1, others 0."""
        return _POINTS.get(self, 0)

    @property
    def letter(self) -> str:
        return _RANK_LETTER[self]


_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
_RANK_LETTER = {
    Rank.ACE: "A", Rank.KING: "K", Rank.QUEEN: "Q", Rank.JACK: "J",
    **{r: str(r.value) for r in Rank if r.value <= 9},
}
_RANK_RU = {Rank.ACE: "Т", Rank.KING: "К", Rank.QUEEN: "Д", Rank.JACK: "В"}

# Every accepted spelling of a rank and a suit, upper-cased.
_RANK_SPELLINGS: dict[str, Rank] = {
    **{letter: rank for rank, letter in _RANK_LETTER.items()},
    **{letter: rank for rank, letter in _RANK_RU.items()},
}
_SUIT_SPELLINGS: dict[str, Suit] = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}
# Latin T and the digits 10 are tens; Cyrillic Т (туз) is the ace.
_TEN_SPELLINGS = ("10", "T")
# The variation selectors a suit symbol may carry (emoji form, text form):
# read as the plain suit.
_SUIT_VARIATIONS = str.maketrans("", "", "\ufe0e\ufe0f")


class Card:
    """One of the 48 cards.  Use :meth:`parse` or :data:`PACK`; never construct."""

    __slots__ = ("rank", "suit", "index", "points", "pays_in_play", "code", "_spellings")

    rank: Rank
    suit: Suit
    index: int
    code: str  # the ASCII form, "QD": what JSON and files write
    points: int  # DECK-2, kept on the card: scoring reads it for every card played
    pays_in_play: bool  # an ace or the quinola: the cards that pay as they fall
    _spellings: dict[str, str]  # style -> the card written in it, see format

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        return _BY_RANK_SUIT[(rank, suit)]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "points", rank.points)
        object.__setattr__(card, "pays_in_play",
                           rank is Rank.ACE or (rank is Rank.JACK and suit is Suit.HEARTS))
        object.__setattr__(card, "code", rank.letter + suit.value)
        object.__setattr__(card, "_spellings", {  # every style, made once
            "ascii": card.code,
            "unicode": rank.letter + suit.symbol,
            "ru": _RANK_RU.get(rank, rank.letter) + suit.symbol,
        })
        return card

    def __setattr__(self, name: str, value: object) -> None:  # immutable value type
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in any spelling of docs/notation.md.

        Raises :class:`TenCardError` for a ten and :class:`NotACardError`
        for anything else that is not a card.
        """
        card = _PARSE_CACHE.get(text)
        if card is not None:
            return card
        word = text.strip().translate(_SUIT_VARIATIONS)
        if len(word) < 2:
            raise NotACardError(Msg("{text} is not a card", text=repr(text)))
        rank_text, suit_text = word[:-1].upper(), word[-1].upper()
        suit = _SUIT_SPELLINGS.get(suit_text)
        if suit is not None and rank_text in _TEN_SPELLINGS:
            raise TenCardError(
                Msg("{text} is a ten, and the Reversis pack has no tens (its T is the Latin "
                    "letter, a ten; for the ace, the Russian туз, write the Cyrillic Т as in "
                    "Т{suit}, or A{suit})", text=text, suit=word[-1])
                if rank_text == "T" else
                Msg("{text} is a ten, and the Reversis pack has no tens", text=text))
        rank = _RANK_SPELLINGS.get(rank_text)
        if rank is None or suit is None:
            raise NotACardError(Msg("{text} is not a card", text=repr(text)))
        card = _BY_RANK_SUIT[(rank, suit)]
        if len(_PARSE_CACHE) < 4096:
            _PARSE_CACHE[text] = card
        return card

    def format(self, style: str = "ascii") -> str:
        """Write the card as ``QD`` (ascii), ``Q♦`` (unicode) or ``Д♦`` (ru)."""
        return self._spellings[style]

    @property
    def is_ace(self) -> bool:
        return self.rank is Rank.ACE

    @property
    def is_quinola(self) -> bool:
        return self is QUINOLA

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    # Each card exists once, so equality is identity (the default, at C
    # speed).  The hash is the card's index, not its address, so that sets of
    # cards iterate in the same order in every run: seeded simulations must
    # be reproducible.
    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


_BY_RANK_SUIT: dict[tuple[Rank, Suit], Card] = {}
# Spellings already read, for the reader's hot path (bounded: see parse).
_PARSE_CACHE: dict[str, Card] = {}
KNOWN_SPELLINGS = _PARSE_CACHE


def _build_pack() -> tuple[Card, ...]:
    cards: list[Card] = []
    # Pack order: suits S H D C, ranks high to low, the order of sorted hands.
    for suit in Suit:
        for rank in sorted(Rank, reverse=True):
            card = Card._make(rank, suit, len(cards))
            _BY_RANK_SUIT[(rank, suit)] = card
            cards.append(card)
    return tuple(cards)


PACK: tuple[Card, ...] = _build_pack()
QUINOLA = Card(Rank.JACK, Suit.HEARTS)
ACE_OF_DIAMONDS = Card(Rank.ACE, Suit.DIAMONDS)


# Letters of other alphabets drawn alike (Latin, Cyrillic, Greek, a digit), in
# the order a correction prefers them: a record that meant a card wrote one of
# the others.  Cyrillic Т (the ace) and В (the jack) are ranks of their own.
_LOOKALIKES = (
    "AАΑ", "aаα", "BВΒ", "вB", "CСϹ", "cс", "HНΗ", "KКΚ", "kкκ", "TТΤ", "tтτ",
    "SЅ", "sѕ", "JЈ", "jј", "3Зз",
)
_LOOKALIKE_OF: dict[str, str] = {}
for _group in _LOOKALIKES:
    for _letter in _group:
        _LOOKALIKE_OF[_letter] = _LOOKALIKE_OF.get(_letter, "") + _group.replace(_letter, "")
_RANK_NAMES = {Rank.ACE: Msg("ace"), Rank.KING: Msg("king"), Rank.QUEEN: Msg("queen"),
               Rank.JACK: Msg("jack"), Rank.NINE: Msg("nine"), Rank.EIGHT: Msg("eight"),
               Rank.SEVEN: Msg("seven"), Rank.SIX: Msg("six"), Rank.FIVE: Msg("five"),
               Rank.FOUR: Msg("four"), Rank.THREE: Msg("three"), Rank.TWO: Msg("two")}


def card_name(card: Card) -> Msg:
    """``the ace of spades``: one template per suit, as a language may put the
    suit in another form after the rank (туз пик)."""
    rank = _RANK_NAMES[card.rank]
    if card.suit is Suit.SPADES:
        return Msg("the {rank} of spades", rank=rank)
    if card.suit is Suit.HEARTS:
        return Msg("the {rank} of hearts", rank=rank)
    if card.suit is Suit.DIAMONDS:
        return Msg("the {rank} of diamonds", rank=rank)
    return Msg("the {rank} of clubs", rank=rank)


def script_of(char: str) -> str:
    """The alphabet of a letter as a reader says it (``Cyrillic``), ``digit``,
    or the form of a fullwidth or halfwidth character (``fullwidth``)."""
    name = unicodedata.name(char, "")
    if name.startswith(("FULLWIDTH", "HALFWIDTH")):
        return name.split()[0].lower()
    if char.isdigit():
        return "digit"
    return name.split()[0].title() if name else "unknown"


def _compatible(char: str) -> list[str]:
    """The plain character a fullwidth or other compatibility form stands for
    (``Ａ`` for ``A``), as a one-item list; empty when there is none."""
    plain = unicodedata.normalize("NFKC", char)
    return [plain] if len(plain) == 1 and plain != char else []


def lookalike_card(word: str) -> tuple[Card, str] | None:
    """The card meant by ``word`` when a letter of it was taken from another
    alphabet (Cyrillic А for Latin A, Latin B for Cyrillic В...) or written in
    a compatibility form (fullwidth ``Ａ``): the card and the corrected
    spelling; None when no such change makes a card."""
    options = [[ch] + list(_LOOKALIKE_OF.get(ch, "")) + _compatible(ch) for ch in word]
    if len(word) > 4 or all(len(o) == 1 for o in options) or reads_as_card(word):
        return None
    best = None
    for letters in itertools.product(*options):
        changed = sum(a != b for a, b in zip(letters, word, strict=True))
        if not changed or (best is not None and changed >= best[0]):
            continue
        spelling = "".join(letters)
        try:
            best = (changed, Card.parse(spelling), spelling)
        except CardError:
            continue
    return None if best is None else best[1:]


# The alphabets and forms script_of names, as a message: a language that
# cannot put the name before the noun ("a Cyrillic letter") says it otherwise.
_SCRIPT_NAMES = {
    "Latin": Msg("Latin"), "Cyrillic": Msg("Cyrillic"), "Greek": Msg("Greek"),
    "digit": Msg("digit"), "fullwidth": Msg("fullwidth"), "halfwidth": Msg("halfwidth"),
    "Mathematical": Msg("Mathematical"), "unknown": Msg("unknown"),
}


def _script(char: str) -> object:
    name = script_of(char)
    return _SCRIPT_NAMES.get(name, name)


def lookalike_message(word: str) -> Msg | None:
    """Why ``word`` is not a card when it is one written with a letter of the
    wrong alphabet, and what was meant; None otherwise."""
    found = lookalike_card(word)
    if found is None:
        return None
    card, spelling = found
    changes = [(a, b) for a, b in zip(word, spelling, strict=True) if a != b]
    olds = changes[0][0]
    for a, _ in changes[1:]:
        olds = Msg("{first} and the {next}", first=olds, next=a)
    scripts = {script_of(a) for a, _ in changes}
    script = _script(changes[0][0])
    letters = all(a.isalpha() for a, _ in changes)
    if len(changes) == 1 and letters:
        what = Msg("the {olds} in {word} is a {script} letter", olds=olds, word=word,
                   script=script)
    elif len(changes) == 1:
        what = Msg("the {olds} in {word} is a {script} character", olds=olds, word=word,
                   script=script)
    elif len(scripts) == 1 and letters:
        what = Msg("the {olds} in {word} are {script} letters", olds=olds, word=word,
                   script=script)
    elif len(scripts) == 1:
        what = Msg("the {olds} in {word} are {script} characters", olds=olds, word=word,
                   script=script)
    elif letters:
        what = Msg("the {olds} in {word} are letters of other alphabets", olds=olds, word=word)
    else:
        what = Msg("the {olds} in {word} are characters of other alphabets", olds=olds,
                   word=word)
    targets = {script_of(b) for _, b in changes}
    news: object
    if len(targets) == 1:
        news = _in_script(_script(changes[0][1]), joined([b for _, b in changes]))
    else:
        news = joined([_in_script(_script(b), b) for _, b in changes])
    return Msg("{what}; did you mean {spelling}, with the {news} ({card})?", what=what,
               spelling=spelling, news=news, card=card_name(card))


def _in_script(script: object, letters: object) -> Msg:
    """``Latin A``, ``digit 3``: the characters meant, and their alphabet."""
    if script == "digit":
        return Msg("digit {letters}", letters=letters)
    return Msg("{script} {letters}", script=script, letters=letters)


def not_a_card_message(word: str) -> Msg:
    """What a player reads when ``word`` stands where a card should."""
    hint = lookalike_message(word)
    if hint:
        return Msg("{word} is not a card: {hint}", word=word, hint=hint)
    return Msg("{word} is not a card: write a rank (A K Q J 9-2, or Т К Д В) and a suit "
               "(S H D C or ♠ ♥ ♦ ♣), as in AS, 9♥ or Д♦", word=word)


def reads_as_card(text: str) -> bool:
    """Whether a word is a card or a ten: such a word cannot be a player's name."""
    try:
        Card.parse(text)
    except TenCardError:
        return True
    except CardError:
        return False
    return True


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in display order: by suit (♠ ♥ ♦ ♣), high to low."""
    return sorted(cards, key=lambda c: c.index)


# A card as the library writes it in reasons and facts (``card.format("unicode")``),
# not inside a longer word.  (A card a diagnostic names is written in the language's
# own style already: :class:`CardCode`.)
_UNICODE_CARD = re.compile(r"(?<![\w])[AKQJ2-9][♠♥♦♣](?![\w])")
_RU_RANKS = frozenset("ТКДВтквд")
_SUIT_SYMBOLS = frozenset("♠♥♦♣♤♡♢♧")


def respell(text: str, style: str) -> str:
    """``text`` with every card the library wrote (A♠) spelt in ``style``."""
    if style == "unicode":
        return text
    return _UNICODE_CARD.sub(lambda m: Card.parse(m.group(0)).format(style), text)


class CardCode(NamedTuple):
    """A card named in a diagnostic: in English by its code, ``AS``, as check has
    always written it (and JSON keeps); in Russian as a Russian reader writes
    it, ``Т♠`` (:func:`language_cards`)."""

    card: Card

    def written(self, language: Language) -> str:
        if language.language == "en":
            return self.card.code
        return self.card.format(language_cards(language.language))


class CardCodes(NamedTuple):
    """Cards named in a diagnostic, one after another (``AS KH``; ``Т♠ К♥``)."""

    cards: tuple[Card, ...]

    def written(self, language: Language) -> str:
        return " ".join(CardCode(card).written(language) for card in self.cards)


def spelling_of(words: Iterable[str]) -> str | None:
    """The style most of the cards among ``words`` are written in: ``ascii``
    (letter suits), ``ru`` (suit symbols and a Russian face card) or
    ``unicode``; None when no word is a card.  Cards spelt alike in ``ru``
    and ``unicode`` (7♥) count for the symbols, not for either alphabet."""
    letters = symbols = russian = latin = 0
    for word in words:
        word = word.translate(_SUIT_VARIATIONS)
        try:
            Card.parse(word)
        except CardError:
            continue
        if word[-1] not in _SUIT_SYMBOLS:
            letters += 1
            continue
        symbols += 1
        if word[0] in _RU_RANKS:
            russian += 1
        elif word[0].isalpha():
            latin += 1
    if not letters and not symbols:
        return None
    if letters >= symbols:
        return "ascii"
    return "ru" if russian > latin else "unicode"
