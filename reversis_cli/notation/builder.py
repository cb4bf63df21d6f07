"""From the parse tree to the model (``model.py``).

The builder only builds: it never raises.  Problems it meets while building
(a ten, a word that is not a card) are appended to ``problems`` and the card
is left out; checks of meaning run later, on the finished model.
"""

from __future__ import annotations

import re

from lark import Token, Transformer, v_args

from ..cards import Card, CardError, TenCardError
from ..diagnostics import Diagnostic, diagnostic
from ..model import (
    CardAt, DealLine, EspagnoletteLine, EventLine, ExchangeLine, HandLine,
    HeaderLine, Name, NoteLine, PartieLine, Pos, TalonLine, TrickLine,
)

_CARD_WORD = re.compile(r"\S+")


def unquote(text: str) -> str:
    """A STRING token's value without quotes, backslash escapes resolved."""
    body = text[1:-1]
    return re.sub(r"\\(.)", r"\1", body) if "\\" in body else body


@v_args(meta=True)
class Builder(Transformer):
    """Turns one chunk's tree into statements; positions shifted by ``line_offset``."""

    def __init__(self, line_offset: int = 0):
        super().__init__()
        self.line_offset = line_offset
        self.problems: list[Diagnostic] = []

    # -- leaves ---------------------------------------------------------------

    def pos(self, meta_or_token) -> Pos:
        return Pos(meta_or_token.line + self.line_offset, meta_or_token.column)

    def name(self, token: Token) -> Name:
        return Name(str(token), self.pos(token))

    def cards(self, token: Token) -> tuple[CardAt, ...]:
        out = []
        line = token.line + self.line_offset
        for match in _CARD_WORD.finditer(token.value):
            pos = Pos(line, token.column + match.start())
            word = match.group()
            try:
                out.append(CardAt(Card.parse(word), pos, word))
            except TenCardError as exc:
                self.problems.append(diagnostic("RV101", str(exc), pos))
            except CardError as exc:
                self.problems.append(diagnostic("RV102", str(exc), pos))
        return tuple(out)

    # -- header -----------------------------------------------------------------

    def _header(self, meta, keyword: str, children, **kw) -> HeaderLine:
        value_token = children[-1] if children else None
        value = ""
        value_pos = None
        if isinstance(value_token, Token):
            value = unquote(value_token) if value_token.type == "STRING" else str(value_token)
            value_pos = self.pos(value_token)
        return HeaderLine(pos=self.pos(meta), keyword=keyword, value=value,
                          value_pos=value_pos, **kw)

    def version(self, meta, c):
        return self._header(meta, "reversis", c)

    def title(self, meta, c):
        return self._header(meta, "title", c)

    def date(self, meta, c):
        return self._header(meta, "date", c)

    def place(self, meta, c):
        return self._header(meta, "place", c)

    def header_note(self, meta, c):
        return self._header(meta, "note", c)

    def rules(self, meta, c):
        return self._header(meta, "rules", c)

    def unit(self, meta, c):
        return self._header(meta, "unit", c)

    def pot(self, meta, c):
        return self._header(meta, "pot", c)

    def set_option(self, meta, c):
        return self._header(meta, "set", c, option=str(c[0]))

    def players(self, meta, c):
        return HeaderLine(pos=self.pos(meta), keyword="players",
                          names=tuple(self.name(t) for t in c))

    def header(self, meta, c):
        return list(c)

    # -- deal -------------------------------------------------------------------

    def deal_line(self, meta, c):
        return DealLine(pos=self.pos(meta), number=int(c[0]), number_pos=self.pos(c[0]),
                        dealer=self.name(c[1]))

    def deal(self, meta, c):
        return list(c)

    def deal_chunk(self, meta, c):
        return c[0]

    def session(self, meta, c):
        return list(c)

    def trick(self, meta, c):
        leader = taker = None
        cards: tuple[CardAt, ...] = ()
        for child in c[1:]:
            if isinstance(child, Name):
                taker = child
            elif child.type == "NAME":
                leader = self.name(child)
            else:
                cards = self.cards(child)
        return TrickLine(pos=self.pos(meta), number=int(c[0]), number_pos=self.pos(c[0]),
                         leader=leader, cards=cards, taker=taker)

    def taker(self, meta, c):
        return self.name(c[0])

    def hand(self, meta, c):
        return HandLine(pos=self.pos(meta), player=self.name(c[0]), cards=self.cards(c[1]))

    def talon(self, meta, c):
        return TalonLine(pos=self.pos(meta), cards=self.cards(c[0]))

    def partie(self, meta, c):
        return PartieLine(pos=self.pos(meta), cards=self.cards(c[0]))

    def discards(self, meta, c):
        return ("discards", self.cards(c[0]))

    def takes(self, meta, c):
        return ("takes", self.cards(c[0]))

    def sees(self, meta, c):
        return ("sees", self.cards(c[0]))

    def refuses(self, meta, c):
        return ("refuses", c[0][1] if c else ())

    def exchange(self, meta, c):
        parts = dict(c[1:])
        seen = parts.get("refuses", ())
        return ExchangeLine(
            pos=self.pos(meta), player=self.name(c[0]), refuses="refuses" in parts,
            discards=parts.get("discards", ()), takes=parts.get("takes"),
            sees=seen[0] if seen else None, sees_count=len(seen))

    def espagnolette(self, meta, c):
        return EspagnoletteLine(pos=self.pos(meta), player=self.name(c[0]), waives=len(c) > 1)

    def _event(self, meta, kind, c, **kw):
        player = next((self.name(t) for t in c if t.type == "NAME"), None)
        return EventLine(pos=self.pos(meta), kind=kind, player=player, **kw)

    def unclaimed(self, meta, c):
        return self._event(meta, "unclaimed", c, trick=int(c[0]))

    def misdeal(self, meta, c):
        return self._event(meta, "misdeal", c, late=len(c) > 1)

    def redeal(self, meta, c):
        return self._event(meta, "redeal", c, paid=True)

    def exposed(self, meta, c):
        return self._event(meta, "exposed", c)

    def peeked(self, meta, c):
        return self._event(meta, "peeked", c)

    def kept(self, meta, c):
        return self._event(meta, "kept", c)

    def discarded_two(self, meta, c):
        return self._event(meta, "discarded-two", c)

    def out_of_turn(self, meta, c):
        return self._event(meta, "out-of-turn", c)

    def deal_note(self, meta, c):
        return NoteLine(pos=self.pos(meta), text=unquote(c[0]))
