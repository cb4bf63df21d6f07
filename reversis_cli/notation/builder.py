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
from typing import Any

from lark import Token, Transformer

from ..amounts import read_amount, shown
from ..diagnostics import Diagnostic, diagnostic
from ..i18n import Msg
from .cardwords import read_cards, read_rare_card, reads_as_card_or_lookalike
from ..model import (
    CardAt, DealLine, EspagnoletteLine, EventLine, ExchangeLine, HandLine,
    HeaderLine, Name, NoteLine, PaidLine, PartieLine, Pos, TallyEntry, TallyLine, TalonLine,
    TrickLine,
)


# What each amount of a paid or tally line is, for RV115's message.
PAYMENT, FIGURE, POOL_FIGURE = "payment", "figure", "pool"


def read_recorded_amount(word: str, kind: str, pos: Pos, problems: list[Diagnostic]):
    """The amount ``word`` of a ``paid`` line (``kind`` PAYMENT: above 0), of
    a player on a ``tally`` line (FIGURE: signed) or of the pool there
    (POOL_FIGURE); None, with RV115 in ``problems``, when it is none.  Both the
    Lark path and the fast path read amounts here."""
    amount = read_amount(word, signed=kind == FIGURE)
    if amount is not None and (kind != PAYMENT or amount > 0):
        return amount
    if kind == PAYMENT and amount is not None:
        message = Msg("a payment of 0 is no payment: write what was paid, such as 45 or 5/2")
    elif kind == PAYMENT:
        message = Msg("'{word}' is not an amount: a payment is written in fiches, whole or as "
                      "a fraction, such as 45 or 5/2", word=shown(word))
    elif kind == FIGURE:
        message = Msg("'{word}' is not an amount: a figure of the score sheet is a whole number "
                      "or a fraction with its sign, such as +7, -30, 0 or -5/2",
                      word=shown(word))
    else:
        message = Msg("'{word}' is not an amount: what the pool holds is written in fiches, "
                      "whole or as a fraction, such as 45 or 5/2", word=shown(word))
    problems.append(diagnostic("RV115", message, pos))
    return None


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

    # lark types a token's line and column as optional, for tokens made by
    # hand; every token the lexer hands this builder has both.

    def pos(self, token: Token) -> Pos:
        """Where the statement holding ``token`` begins."""
        line = token.line
        assert line is not None, "a lexed token has its line"
        text = self.lines[line - 1] if line <= len(self.lines) else ""
        return Pos(line + self.line_offset, len(text) - len(text.lstrip(" \t\f")) + 1)

    def at(self, token: Token) -> Pos:
        line, column = token.line, token.column
        assert line is not None and column is not None, "a lexed token has its place"
        return Pos(line + self.line_offset, column)

    def name(self, token: Token) -> Name:
        return Name(str(token), self.at(token))

    def cards(self, token: Token) -> tuple[CardAt, ...]:
        """The cards of a CARDS token, each at its own column."""
        line, column = token.line, token.column
        assert line is not None and column is not None, "a lexed token has its place"
        return read_cards(token.value, line + self.line_offset, column, self.problems)

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
        return self._header("set", c, option=str(c[0]), option_pos=self.at(c[0]))

    def players(self, c):
        return HeaderLine(pos=self.pos(c[0]), keyword="players",
                          names=tuple(self.name(t) for t in c[1:]))

    def header(self, c):
        return list(c)

    # -- deal -------------------------------------------------------------------

    def deal_line(self, c):
        return DealLine(pos=self.pos(c[0]), number=int(c[0]), number_pos=self.at(c[0]),
                        dealer=self.name(c[1]))

    def deal(self, c):
        return [s for s in c if s is not None]  # None: a paid or tally line set aside

    def deal_body(self, c):
        return [s for s in c if s is not None]

    def deal_chunk(self, c):
        return c[0]

    def session(self, c):
        return list(c)

    def trick(self, c: list[Any]) -> TrickLine:  # lark's children: tokens and built values
        leader: Name | None = None
        taker: Name | None = None
        cards: tuple[CardAt, ...] = ()
        for child in c[1:]:
            if isinstance(child, Name):
                taker = child
            elif child.type == "NAME" and reads_as_card_or_lookalike(str(child)):
                read_rare_card(str(child), self.at(child), [], self.problems)  # not a leader
            elif child.type == "NAME":
                leader = self.name(child)
            else:
                cards = self.cards(child)
        return TrickLine(pos=self.pos(c[0]), number=int(c[0]), number_pos=self.at(c[0]),
                         leader=leader, cards=cards, taker=taker)

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
        return self._event("unclaimed", c, trick=int(c[0]), trick_pos=self.at(c[0]))

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

    # -- what the table paid and wrote down ---------------------------------------
    #
    # A line with an amount that cannot be read is reported (RV115) and left
    # out of the model, so that every recorded figure in the model is a number.

    def paid_trick(self, c):
        return int(c[0]), self.at(c[0])

    def paid(self, c):
        keyword, payer, payee, amount_token, *rest = c
        amount = read_recorded_amount(str(amount_token), PAYMENT, self.at(amount_token),
                                      self.problems)
        if amount is None:
            return None
        payer, payee = self.name(payer), self.name(payee)
        rule = rule_pos = trick = trick_pos = None
        for child in rest:
            if isinstance(child, tuple):
                trick, trick_pos = child
            else:
                rule, rule_pos = str(child), self.at(child)
        return PaidLine(pos=self.pos(keyword), payer=payer, payee=payee, amount=amount,
                        amount_pos=self.at(amount_token), rule=rule, rule_pos=rule_pos,
                        trick=trick, trick_pos=trick_pos)

    def tally_entry(self, c):
        return self.name(c[0]), c[1]

    def tally_pool(self, c):
        return c[1]  # the amount's token; the keyword is the pool's

    def tally(self, c):
        keyword, *rest = c
        entries, pool, pool_pos, readable = [], None, None, True
        for child in rest:
            if isinstance(child, tuple):
                name, token = child
                amount = read_recorded_amount(str(token), FIGURE, self.at(token), self.problems)
                readable = readable and amount is not None
                entries.append(TallyEntry(name, amount, self.at(token)))
            else:
                pool_pos = self.at(child)
                pool = read_recorded_amount(str(child), POOL_FIGURE, pool_pos, self.problems)
                readable = readable and pool is not None
        if not readable:
            return None
        return TallyLine(pos=self.pos(keyword), entries=tuple(entries), pool=pool,
                         pool_pos=pool_pos)
