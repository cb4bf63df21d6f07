"""What a page shows of the table, in the page's language: plain values for
the templates (no markup here, no Starlette).

Cards carry two spellings: ``code``, the record's ascii (``7S``, the value a
tap sends and the ``data-card`` a test taps), and ``shown``, as a reader of
the page's language writes it (``7♠``, ``Т♠`` in Russian).  Problems are
worded and placed by trick and player exactly as the full screen does
(:func:`~reversis_cli.record.tui.problems.problem_view`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import PACK, Card, Suit
from ..i18n import Msg, amount_shown, lang, t, tr
from ..record import cards_left
from ..record.tui.problems import problem_view, shown_line
from .table import Table
from .words import event_titles, labels

__all__ = ["page_view", "card_style"]

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def card_style() -> str:
    """How the page spells cards: Т♠ К♥ in Russian, A♠ K♥ in English."""
    return "ru" if lang() == "ru" else "unicode"


@dataclass(frozen=True)
class CardView:
    code: str
    shown: str
    red: bool
    led: bool = False  # of the suit led in the trick in progress


def _card(card: Card, led: Suit | None = None) -> CardView:
    return CardView(card.format("ascii"), card.format(card_style()),
                    card.suit in (Suit.HEARTS, Suit.DIAMONDS), card.suit is led)


def _spelt(message: Msg) -> Msg:
    """A message whose ``card`` is a card tapped (ascii) with it as the page spells it."""
    card = message.params.get("card")
    if not isinstance(card, str) or isinstance(card, Msg):
        return message
    try:
        shown = Card.parse(card).format(card_style())
    except ValueError:
        return message
    return Msg(message.template, **{**message.params, "card": shown})


def _problems(table: Table) -> list[dict]:
    said = table.said
    deal = table.deal
    if not said.problems or deal is None:
        return [{"error": d.is_error, "text": t(d.message) if isinstance(d.message, Msg)
                 else str(d.message), "code": d.code} for d in said.problems]
    return [{"error": d.is_error, "code": d.code,
             "text": problem_view([d], deal, card_style()).plain} for d in said.problems]


def _trick_in_progress(table: Table) -> dict | None:
    """The trick being played: a seat per player from the leader, the cards
    played so far, whose turn it is, and a card waiting on the question."""
    deal = table.deal
    if deal is None or deal.leader is None:
        return None
    players = deal.players
    start = players.index(deal.leader)
    played = list(deal.current_trick)
    pending = table.pending.what if table.pending is not None \
        and not table.pending.replacing else None
    seats = []
    for k in range(4):
        name = players[(start + k) % 4]
        card = _card(played[k]) if k < len(played) else None
        waiting = None
        if card is None and k == len(played) and pending is not None:
            try:
                waiting = _card(Card.parse(pending))
            except ValueError:
                waiting = None
        seats.append({"player": name, "card": card, "turn": name == deal.turn,
                      "waiting": waiting})
    return {"number": deal.trick_number, "seats": seats}


def _tricks(table: Table) -> list[dict]:
    deal = table.deal
    if deal is None:
        return []
    rows = []
    for view in deal.tricks:
        rows.append({"number": view.number, "leader": view.leader, "taker": view.taker,
                     "points": view.points,
                     "cards": [(_card(c), f"fix-{view.number}-{k}")
                               for k, c in enumerate(view.cards)]})
    return rows


def _pad(table: Table) -> list[list[CardView]]:
    deal = table.deal
    if deal is None:
        return []
    left = cards_left(deal)
    current = deal.current_trick
    led = current[0].suit if current else None
    rows = []
    for suit in _SUITS:
        rows.append([_card(c, led) for c in PACK if c.suit is suit and c in left])
    if led is not None:  # the suit led first: the likeliest card is at hand
        rows.sort(key=lambda row: not (row and row[0].led))
    return [row for row in rows if row]


def _balance(table: Table) -> dict:
    rec = table.recorder
    balance = rec.balance()
    last = rec.last.settlement if rec.last is not None else None
    return {"rows": [{"player": name, "amount": amount_shown(balance.get(name, 0), signed=True),
                      "last": (amount_shown(last.net.get(name, 0), signed=True)
                               if last is not None else None)} for name in rec.players],
            "last_number": last.number if last is not None else None,
            "pool": amount_shown(rec.pool), "deals": rec.deals_done}


def _exchange(table: Table) -> dict | None:
    deal = table.deal
    player = table.next_exchanger()
    if deal is None or player is None or not table.can_exchange:
        return None
    words = labels()
    discarded = table.discard[1] if table.discard is not None else None
    step = "takes" if discarded else "discards"
    shown = Card.parse(discarded).format(card_style()) if discarded else ""
    prompt = words["exchange_" + step].format(player=player, card=shown)
    pad = [[_card(c) for c in PACK if c.suit is suit] for suit in _SUITS]
    return {"player": player, "step": step, "prompt": prompt, "pad": pad,
            "dealer": player == deal.dealer,
            "discarded": _card(Card.parse(discarded)) if discarded else None}


def _correction(table: Table, panel: str | None) -> dict | None:
    """The card picked to correct (panel ``fix-TRICK-INDEX``): the question and the pad."""
    parts = (panel or "").split("-")
    if len(parts) != 3 or parts[0] != "fix" or not (parts[1].isdigit() and parts[2].isdigit()):
        return None
    trick, index = int(parts[1]), int(parts[2])
    place, card = table.place(trick, index), table.card_at(trick, index)
    if place is None or card is None:
        return None
    shown = Card.parse(card).format(card_style())
    question = t(Msg("{place}: {card}. Which card was played?", place=place, card=shown))
    pad = [[_card(c) for c in PACK if c.suit is suit] for suit in _SUITS]
    return {"trick": trick, "index": index, "question": question[:1].upper() + question[1:],
            "pad": pad}


def page_view(table: Table, role: str, panel: str | None = None) -> dict:
    """Everything a page of ``role`` (marker, watcher, verifier) shows."""
    rec = table.recorder
    deal = table.deal
    stage = table.stage
    next_dealer = rec.next_dealer
    view: dict[str, object] = {
        "role": role, "stage": stage, "panel": panel, "words": labels(), "lang": lang(),
        "file": rec.path.name, "players": rec.players, "version": table.version,
        "said": [t(_spelt(w)) if isinstance(w, Msg) else tr(w) for w in table.said.words],
        "problems": _problems(table), "problem_card": table.said.card,
        "started_with": [t(w) if isinstance(w, Msg) else str(w) for w in table.started_with],
        "balance": _balance(table),
        "deal": None, "trick": None, "tricks": [], "pad": [], "exchange": None,
        "events": event_titles(),
        "question": t(Msg("Did it happen so at the table? (the rules settle it)")),
        "next_dealer": next_dealer or (rec.players[-1] if rec.players else None),
        "first_deal": rec.needs_dealer,
        "next_number": rec.next_number, "verify_mode": table.verify,
    }
    if deal is not None:
        view["deal"] = {"number": deal.number, "dealer": deal.dealer,
                        "first_hand": deal.first_hand, "turn": deal.turn,
                        "lines": [shown_line(line, card_style()) for line in deal.lines
                                  if not line.split()[0].isdigit()]}
        view["trick"] = _trick_in_progress(table)
        view["tricks"] = _tricks(table)
        view["pad"] = _pad(table)
        view["exchange"] = _exchange(table) if panel == "exchange" else None
        view["can_exchange"] = table.can_exchange
        view["correction"] = _correction(table, panel) if table.stage in ("play", "complete") \
            else None
    return view
