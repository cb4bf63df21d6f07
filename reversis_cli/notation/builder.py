"""From the parse to the model (``model.py``).

The builder is Lark's inline transformer: its methods are called as the
parser reduces each rule, so no tree is built.  It only builds and never
raises.  Problems it meets while building (a ten, a word that is not a card)
are appended to ``problems`` and the card is left out; checks of meaning
run later, on the finished model.

A statement's position is the first non-blank character of its line (one
statement per line), so no rule needs Lark's position tracking.
"""

from __future__ import annotations

import re

from lark import Token, Transformer

from ..cards import (
    KNOWN_SPELLINGS, Card, CardError, TenCardError, lookalike_card, not_a_card_message,
    reads_as_card,
)
from ..diagnostics import Diagnostic, diagnostic
from ..model import (
    CardAt, DealLine, EspagnoletteLine, EventLine, ExchangeLine, HandLine,
    HeaderLine, Name, NoteLine, PartieLine, Pos, TalonLine, TrickLine,
)

_CARD_WORD = re.compile(r"\S+")
_new = tuple.__new__
_EXCHANGE_WORDS = frozenset(("discards", "takes", "refuses", "sees"))
_TRICK_NUMBER = re.compile(r"[0-9]+")


_NAMES_SEEN: set[str] = set()  # words already found not to be cards (leaders' names)


def _reads_as_card(word: str) -> bool:
    """A card, a ten, or a card with a letter of the wrong alphabet (each
    reported as such, not taken for a leader's name)."""
    if word in _NAMES_SEEN:
        return False
    if reads_as_card(word) or lookalike_card(word) is not None:
        return True
    if len(_NAMES_SEEN) < 1024:
        _NAMES_SEEN.add(word)
    return False


def unquote(text: str) -> str:
    """A STRING token's value without quotes, backslash escapes resolved."""
    body = text[1:-1]
    return re.sub(r"\\(.)", r"\1", body) if "\\" in body else body


class Builder(Transformer):
    """Turns one chunk into statements; line numbers shifted by ``line_offset``.

    One builder serves every parse (Lark holds it); :meth:`start` readies it
    for the next chunk.
    """

    def __init__(self) -> None:
        super().__init__()
        self.start(0, [])

    def start(self, line_offset: int, lines: list[str]) -> None:
        self.line_offset = line_offset
        self.lines = lines
        self.problems: list[Diagnostic] = []

    # -- leaves ---------------------------------------------------------------

    def pos(self, token: Token) -> Pos:
        """Where the statement holding ``token`` begins."""
        text = self.lines[token.line - 1] if token.line <= len(self.lines) else ""
        return Pos(token.line + self.line_offset, len(text) - len(text.lstrip(" \t\f")) + 1)

    def at(self, token: Token) -> Pos:
        return Pos(token.line + self.line_offset, token.column)

    def name(self, token: Token) -> Name:
        return Name(str(token), self.at(token))

    def cards(self, token: Token, text: str | None = None, column: int | None = None
              ) -> tuple[CardAt, ...]:
        """The cards of a run of cards (or of ``text`` starting at ``column``)."""
        out = []
        line = token.line + self.line_offset
        text = token.value if text is None else text
        column = token.column if column is None else column
        known = KNOWN_SPELLINGS  # the hot path: a spelling seen before
        for match in _CARD_WORD.finditer(text):
            word = match.group()
            card = known.get(word)
            if card is not None:
                out.append(CardAt(card, Pos(line, column + match.start()), word))
            else:
                self._rare_card(out, word, Pos(line, column + match.start()))
        return tuple(out)

    def _rare_card(self, out: list, word: str, pos: Pos) -> None:
        try:
            out.append(CardAt(Card.parse(word), pos, word))
        except TenCardError as exc:
            self.problems.append(diagnostic("RV101", str(exc), pos))
        except CardError:
            self.problems.append(diagnostic("RV102", not_a_card_message(word), pos))

    # -- header -----------------------------------------------------------------

    def _header(self, keyword: str, children, **kw) -> HeaderLine:
        value_token = children[-1] if children else None
        value = ""
        value_pos = None
        if isinstance(value_token, Token):
            value = unquote(value_token) if value_token.type == "STRING" else str(value_token)
            value_pos = self.at(value_token)
        return HeaderLine(pos=self.pos(children[0]), keyword=keyword,
                          value=value, value_pos=value_pos, **kw)

    def version(self, c):
        return self._header("reversis", c)

    def title(self, c):
        return self._header("title", c)

    def date(self, c):
        return self._header("date", c)

    def place(self, c):
        return self._header("place", c)

    def header_note(self, c):
        return self._header("note", c)

    def rules(self, c):
        return self._header("rules", c)

    def unit(self, c):
        return self._header("unit", c)

    def pot(self, c):  # c[0] is the keyword, so that a pot line with no value has a place
        if len(c) == 1:
            return HeaderLine(pos=self.pos(c[0]), keyword="pot", value="",
                              value_pos=Pos(self.at(c[0]).line, self.at(c[0]).column + 3))
        return self._header("pot", c[1:])

    def set_option(self, c):
        return self._header("set", c, option=str(c[0]))

    def players(self, c):
        return HeaderLine(pos=self.pos(c[0]), keyword="players",
                          names=tuple(self.name(t) for t in c[1:]))

    def header(self, c):
        return list(c)

    # -- deal -------------------------------------------------------------------

    def deal_line(self, c):
        return DealLine(pos=self.pos(c[0]), number=int(c[0]), number_pos=self.at(c[0]),
                        dealer=self.name(c[1]))

    def deal_head(self, c):
        token = c[0]
        words = list(_CARD_WORD.finditer(token.value.rstrip()))
        line = token.line + self.line_offset
        number, dealer = words[1], words[3]
        return DealLine(pos=self.pos(token), number=int(number.group()),
                        number_pos=Pos(line, token.column + number.start()),
                        dealer=Name(dealer.group(), Pos(line, token.column + dealer.start())))

    def deal(self, c):
        out = []
        for child in c:  # a run of fast-read lines comes as a list of statements
            if type(child) is list:
                out.extend(child)
            else:
                out.append(child)
        return out

    def deal_chunk(self, c):
        return c[0]

    def session(self, c):
        return list(c)

    def trick_line(self, c):
        return [self._trick_line(*place) for place in self._lines_of(c[0])]

    def exchange_line(self, c):
        return [self._exchange_line(*place) for place in self._lines_of(c[0])]

    def _lines_of(self, token: Token) -> list[tuple[str, int, int]]:
        """(text, line, column of the text's first character) for each line of
        a token that holds a run of whole lines, indentation stripped."""
        line, column, out = token.line + self.line_offset, token.column, []
        for text in token.value.split("\n")[:-1]:
            body = text.lstrip(" \t\f")
            out.append((body.rstrip(), line, column + len(text) - len(body)))
            line, column = line + 1, 1
        return out

    def trick(self, c):
        leader = taker = None
        cards: tuple[CardAt, ...] = ()
        for child in c[1:]:
            if isinstance(child, Name):
                taker = child
            elif child.type == "NAME" and _reads_as_card(str(child)):
                self._rare_card([], str(child), self.at(child))  # a card, not a leader
            elif child.type == "NAME":
                leader = self.name(child)
            else:
                cards = self.cards(child)
        return TrickLine(pos=self.pos(c[0]), number=int(c[0]), number_pos=self.at(c[0]),
                         leader=leader, cards=cards, taker=taker)

    def _trick_line(self, text: str, line: int, column: int) -> TrickLine:
        """Split a trick line read whole, each part at its column.

        This runs for every trick of every deal, so it splits with str
        methods rather than regular expressions."""
        body, arrow, taker_text = text.partition(">")
        words = body.split()
        at = len(words[0])  # the trick number
        leader = None
        cards = []
        known = KNOWN_SPELLINGS
        for index, word in enumerate(words[1:]):
            at = body.index(word, at)
            card = known.get(word)
            if card is not None:  # named tuples made directly: this is the hottest loop
                cards.append(_new(CardAt, (card, _new(Pos, (line, column + at)), word)))
            elif index == 0 and (word in _NAMES_SEEN or not _reads_as_card(word)):
                leader = Name(word, Pos(line, column + at))
            else:
                self._rare_card(cards, word, Pos(line, column + at))
            at += len(word)
        taker = None
        if arrow:
            name = taker_text.strip()
            taker = Name(name, Pos(line, column + len(body) + 1 + taker_text.index(name)))
        start = _new(Pos, (line, column))
        return TrickLine(pos=start, number=int(words[0]), number_pos=start, leader=leader,
                         cards=tuple(cards), taker=taker)

    def taker(self, c):
        return self.name(c[0])

    def hand(self, c):
        return HandLine(pos=self.pos(c[0]), player=self.name(c[0]),
                        cards=self.cards(c[1]))

    def talon(self, c):
        return TalonLine(pos=self.pos(c[0]), cards=self.cards(c[0]))

    def partie(self, c):
        return PartieLine(pos=self.pos(c[0]), cards=self.cards(c[0]))

    def discards(self, c):
        return ("discards", self.cards(c[0]))

    def takes(self, c):
        return ("takes", self.cards(c[0]))

    def sees(self, c):
        return ("sees", self.cards(c[0]))

    def refuses(self, c):
        return ("refuses", c[0][1] if c else ())

    def _exchange_line(self, text: str, line: int, column: int) -> ExchangeLine:
        """Split an exchange line read whole, each part at its column."""
        words = text.split()
        at = text.index(words[1], len(words[0]))
        player = Name(words[1], Pos(line, column + at))
        at += len(words[1])
        parts: dict[str, list[CardAt]] = {}
        current: list[CardAt] = []
        known = KNOWN_SPELLINGS
        for word in words[2:]:
            at = text.index(word, at)
            if word in _EXCHANGE_WORDS:
                current = parts.setdefault(word, [])
            else:
                card = known.get(word)
                pos = _new(Pos, (line, column + at))
                if card is not None:
                    current.append(_new(CardAt, (card, pos, word)))
                else:
                    self._rare_card(current, word, pos)
            at += len(word)
        seen = parts.get("sees", ())
        return ExchangeLine(
            pos=Pos(line, column), player=player, refuses="refuses" in parts,
            discards=tuple(parts.get("discards", ())),
            takes=tuple(parts["takes"]) if "takes" in parts else None,
            sees=seen[0] if seen else None, sees_count=len(seen))

    def exchange(self, c):
        parts = dict(c[1:])
        seen = parts.get("refuses", ())
        return ExchangeLine(
            pos=self.pos(c[0]), player=self.name(c[0]), refuses="refuses" in parts,
            discards=parts.get("discards", ()), takes=parts.get("takes"),
            sees=seen[0] if seen else None, sees_count=len(seen))

    def espagnolette(self, c):
        return EspagnoletteLine(pos=self.pos(c[0]), player=self.name(c[0]), waives=len(c) > 1)

    def _event(self, kind, c, **kw):
        player = next((self.name(t) for t in c if t.type == "NAME"), None)
        return EventLine(pos=self.pos(c[0]), kind=kind, player=player, **kw)

    def unclaimed(self, c):
        return self._event("unclaimed", c, trick=int(c[0]))

    def misdeal(self, c):
        return self._event("misdeal", c, late=len(c) > 1)

    def redeal(self, c):
        return self._event("redeal", c, paid=True)

    def exposed(self, c):
        return self._event("exposed", c)

    def peeked(self, c):
        return self._event("peeked", c)

    def kept(self, c):
        return self._event("kept", c)

    def discarded_two(self, c):
        return self._event("discarded-two", c)

    def out_of_turn(self, c):
        return self._event("out-of-turn", c)

    def deal_note(self, c):
        return NoteLine(pos=self.pos(c[0]), text=unquote(c[0]))
