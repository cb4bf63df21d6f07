"""Each deal statement as an object of the JSON record format, both ways.

One function each way for each model class; :mod:`.statements` puts them in
its table, which :mod:`reversis_cli.convert.jsonrec` reads.  Comments are not
written here (the caller adds them, as for the header's lines), and an object
is built only once the schema and the notation's checks have passed it
(``convert/jsonrec.py``, ``convert/jsonrecorded.py``): every member the schema
requires is there, every card and amount reads.

Amounts are texts as the notation writes them (``"45"``, ``"5/2"``, a figure
of the sheet with its sign: ``"+7"``, ``"-30"``), like the header's ``pot``:
JSON numbers cannot hold a fraction, and the text keeps the record's own
spelling of a figure.
"""

from __future__ import annotations

from typing import Any

from ..amounts import amount_text, read_amount
from ..cards import Card
from ..model import (
    CardAt, EspagnoletteLine, EventLine, ExchangeLine, HandLine, Name, NoteLine, PaidLine,
    PartieLine, Pos, TallyEntry, TallyLine, TalonLine, TrickLine,
)

__all__ = ["NOWHERE"]

NOWHERE = Pos(0, 0)  # statements built from JSON have no place in a .rvs file


def _cards(cards) -> list[str]:
    return [str(c.card) for c in cards]


def _card_list(items) -> tuple[CardAt, ...]:
    return tuple(CardAt(Card.parse(c), NOWHERE, c) for c in items or ())


def _name_of(text: str | None) -> Name | None:
    return Name(text, NOWHERE) if text is not None else None


def _required_name(text: str) -> Name:
    """A name the schema requires (a string): never missing in a valid document."""
    return Name(text, NOWHERE)


def _amount(text: str, signed: bool = False):
    amount = read_amount(text, signed)
    assert amount is not None, "checked by recorded_checks before the model is built"
    return amount


# --- to JSON ------------------------------------------------------------------------


def trick_json(stmt: TrickLine) -> dict:
    out: dict[str, Any] = {"type": "trick", "number": stmt.number}
    if stmt.leader is not None:
        out["leader"] = stmt.leader.text
    out["cards"] = _cards(stmt.cards)
    if stmt.taker is not None:
        out["taker"] = stmt.taker.text
    return out


def hand_json(stmt: HandLine) -> dict:
    return {"type": "hand", "player": stmt.player.text, "cards": _cards(stmt.cards)}


def talon_json(stmt: TalonLine) -> dict:
    return {"type": "talon", "cards": _cards(stmt.cards)}


def partie_json(stmt: PartieLine) -> dict:
    return {"type": "partie", "cards": _cards(stmt.cards)}


def exchange_json(stmt: ExchangeLine) -> dict:
    out: dict[str, Any] = {"type": "exchange", "player": stmt.player.text}
    if stmt.refuses:
        out["refuses"] = True
        if stmt.sees is not None:
            out["sees"] = str(stmt.sees.card)
    else:
        if stmt.discards:
            out["discards"] = _cards(stmt.discards)
        if stmt.takes:
            out["takes"] = _cards(stmt.takes)
    return out


def espagnolette_json(stmt: EspagnoletteLine) -> dict:
    out: dict[str, Any] = {"type": "espagnolette", "player": stmt.player.text}
    if stmt.waives:
        out["waives"] = True
    return out


def event_json(stmt: EventLine) -> dict:
    out: dict[str, Any] = {"type": stmt.kind}
    if stmt.kind == "unclaimed":
        out["trick"] = stmt.trick if stmt.trick is not None else 0
    if stmt.player is not None:
        out["player"] = stmt.player.text
    if stmt.kind == "misdeal" and stmt.late:
        out["late"] = True
    return out


def note_json(stmt: NoteLine) -> dict:
    return {"type": "note", "text": stmt.text}


def paid_json(stmt: PaidLine) -> dict:
    out: dict[str, Any] = {"type": "paid", "payer": stmt.payer.text,
                           "payee": stmt.payee.text, "amount": amount_text(stmt.amount)}
    if stmt.rule is not None:
        out["rule"] = stmt.rule
    if stmt.trick is not None:
        out["trick"] = stmt.trick
    return out


def tally_json(stmt: TallyLine) -> dict:
    out: dict[str, Any] = {"type": "tally", "totals": [
        {"player": e.name.text, "amount": amount_text(e.amount, signed=True)}
        for e in stmt.entries]}
    if stmt.pool is not None:
        out["pool"] = amount_text(stmt.pool)
    return out


# --- from JSON: ``common`` holds the position and the comments --------------------


def trick_from_json(obj: dict, common: dict) -> TrickLine:
    return TrickLine(number=obj["number"], leader=_name_of(obj.get("leader")),
                     cards=_card_list(obj["cards"]), taker=_name_of(obj.get("taker")), **common)


def hand_from_json(obj: dict, common: dict) -> HandLine:
    return HandLine(player=_required_name(obj["player"]), cards=_card_list(obj["cards"]),
                    **common)


def talon_from_json(obj: dict, common: dict) -> TalonLine:
    return TalonLine(cards=_card_list(obj["cards"]), **common)


def partie_from_json(obj: dict, common: dict) -> PartieLine:
    return PartieLine(cards=_card_list(obj["cards"]), **common)


def exchange_from_json(obj: dict, common: dict) -> ExchangeLine:
    sees = obj.get("sees")
    return ExchangeLine(
        player=_required_name(obj["player"]), refuses=bool(obj.get("refuses")),
        discards=_card_list(obj.get("discards")),
        takes=_card_list(obj["takes"]) if "takes" in obj else None,
        sees=CardAt(Card.parse(sees), NOWHERE, sees) if sees else None,
        sees_count=1 if sees else 0, **common)


def espagnolette_from_json(obj: dict, common: dict) -> EspagnoletteLine:
    return EspagnoletteLine(player=_required_name(obj["player"]),
                            waives=bool(obj.get("waives")), **common)


def event_from_json(obj: dict, common: dict) -> EventLine:
    kind = obj["type"]
    return EventLine(kind=kind, player=_name_of(obj.get("player")), trick=obj.get("trick"),
                     late=bool(obj.get("late")), paid=kind == "redeal", **common)


def note_from_json(obj: dict, common: dict) -> NoteLine:
    return NoteLine(text=obj["text"], **common)


def paid_from_json(obj: dict, common: dict) -> PaidLine:
    return PaidLine(payer=Name(obj["payer"], NOWHERE), payee=Name(obj["payee"], NOWHERE),
                    amount=_amount(obj["amount"]), rule=obj.get("rule"),
                    trick=obj.get("trick"), **common)


def tally_from_json(obj: dict, common: dict) -> TallyLine:
    entries = tuple(TallyEntry(Name(e["player"], NOWHERE), _amount(e["amount"], True), NOWHERE)
                    for e in obj["totals"])
    pool = _amount(obj["pool"]) if "pool" in obj else None
    return TallyLine(entries=entries, pool=pool, **common)
