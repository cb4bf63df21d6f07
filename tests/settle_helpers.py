"""Build ReplayedDeal values straight from trick lists, for the settlement tests.

``make_deal(dealer="Gleb", tricks=["AS 3S 6S QC", ...])``: trick 1 is led by
first hand, each later trick by the previous taker; cards are in playing
order from the leader.  A trick may start with the leader's name, as in a
record ("Anna AS 3S 6S QC"); it is checked.  Hands are the cards each seat
played and the partie the four cards never played (unless given).
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from reversis_cli.cards import PACK, Card, Suit
from reversis_cli.model import VOID_EVENTS, Deal, DealLine, EventLine, Name, Pos
from reversis_cli.replay import (
    Espagnolette, Play, PlayedTrick, ReplayedDeal, is_espagnolette, next_seat, winning_play,
)
from reversis_cli.rules import load_profile
from reversis_cli.session.service import ScoredDeal
from reversis_cli.settle import DealSettlement, SessionSettler, settle_deal

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures" / "examples"
SHARED_EXAMPLES = HERE.parents[1] / "shared" / "spec" / "examples"


def settlement_of(scored: ScoredDeal) -> DealSettlement:
    """The settlement of a deal the test knows settles (no error in it)."""
    assert scored.settlement is not None, f"deal {scored.checked.number} did not settle"
    return scored.settlement


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(w) for w in text.split())


def event(text: str, line: int = 2) -> EventLine:
    """An event line as the record writes it: ``"unclaimed 9 Anna"``, ``"misdeal Gleb late"``,
    ``"redeal paid"``, ``"peeked Boris"``, ``"exposed"`` ..."""
    words = text.split()
    kind, rest = words[0], words[1:]
    at = Pos(line, 1)
    trick = None
    if kind == "unclaimed":
        trick, rest = int(rest[0]), rest[1:]
    late = "late" in rest
    paid = kind == "redeal" and "paid" in rest
    names = [w for w in rest if w not in ("late", "paid")]
    return EventLine(pos=at, kind=kind, player=Name(names[0], Pos(line, 2)) if names else None,
                     trick=trick, late=late, paid=paid)


def make_deal(tricks: list[str], dealer: str = "Gleb", players=PLAYERS, number: int = 1,
              waived: bool = False, partie: str | None = None, void: bool = False,
              events=(), unplayed: dict[str, str] | None = None, revokes=()
              ) -> ReplayedDeal:
    """``events``: event lines (EventLine, or text for :func:`event`); a ``misdeal`` or
    ``exposed`` makes the deal void.  A ``discarded-two`` player has ten cards and is
    skipped in trick 11 (write that trick with three cards); ``unplayed`` gives a
    ``kept`` player's twelfth card, never played (``{"Boris": "5C"}``)."""
    dealer_seat = players.index(dealer)
    line = DealLine(pos=Pos(1, 1), number=number, dealer=Name(dealer, Pos(1, 1)))
    statements = tuple(e if isinstance(e, EventLine) else event(e, k)
                       for k, e in enumerate(events, start=2))
    deal = Deal(line=line, statements=statements)
    if void or any(e.kind in VOID_EVENTS for e in statements):
        return ReplayedDeal(deal=deal, players=tuple(players), dealer=dealer_seat, void=True)
    size = [11, 11, 11, 11]
    for e in statements:
        if e.kind in ("kept", "discarded-two") and e.player is not None:
            size[players.index(e.player.text)] += 1 if e.kind == "kept" else -1
    played, leader = [], next_seat(dealer_seat)
    for k, text in enumerate(tricks, start=1):
        words = text.split()
        if words[0] in players:
            assert players.index(words[0]) == leader, f"trick {k}: {words[0]} does not lead"
            words = words[1:]
        order = [s for s in (next_seat(leader, i) for i in range(4)) if size[s] > 0]
        assert len(order) == len(words), f"trick {k}: {len(words)} cards for {len(order)} players"
        plays = tuple(Play(s, Card.parse(w)) for s, w in zip(order, words, strict=True))
        for s in order:
            size[s] -= 1
        taker = winning_play(plays).seat
        played.append(PlayedTrick(k, leader, plays, taker))
        leader = taker
    held = [set(p.card for t in played for p in t.plays if p.seat == s) for s in range(4)]
    for name, card in (unplayed or {}).items():
        held[players.index(name)] |= set(cards(card))
    hands = tuple(frozenset(h) for h in held)
    used = set().union(*hands)
    rest = (tuple(c for c in cards(partie) if c not in used) if partie
            else tuple(c for c in PACK if c not in used))
    esp = next((Espagnolette(s, waived=waived) for s in range(4) if is_espagnolette(hands[s])),
               None)
    return ReplayedDeal(deal=deal, players=tuple(players), dealer=dealer_seat,
                        tricks=tuple(played), hands=hands, partie=rest, espagnolette=esp,
                        revokes=tuple(revokes))


def scenario(tail: list[str], dealer: str = "Gleb", players=PLAYERS, partie: str | None = None,
             takers: list[str] | None = None) -> list[str]:
    """Eleven tricks ending with ``tail``, preceded by plain filler tricks.

    The first tail trick must name its leader.  Filler tricks hold no ace and
    no quinola (those not in ``tail`` go to the partie), so they pay nothing;
    their takers are ``takers`` (names, one per filler trick) or, by default,
    the players in turn from first hand, the last one handing the lead to the
    tail's leader.  Filler comes first, so it never changes whether a tail
    card was forced or played.
    """
    fill = 11 - len(tail)
    tail_cards = {Card.parse(w) for t in tail for w in t.split() if w not in players}
    specials = [c for c in PACK if (c.is_ace or c.is_quinola) and c not in tail_cards]
    chosen = list(cards(partie)) if partie else specials
    free = [c for c in PACK if c not in tail_cards and c not in chosen
            and not (c.is_ace or c.is_quinola)]
    if not partie:
        chosen += free[len(free) - (4 - len(chosen)):] if len(chosen) < 4 else []
        free = [c for c in free if c not in chosen]
    assert len(chosen) == 4 and len(free) == 4 * fill, (chosen, len(free))
    assert not any(c.is_ace or c.is_quinola for c in free)
    seat = {n: i for i, n in enumerate(players)}
    leader = next_seat(seat[dealer])
    target = seat[tail[0].split()[0]]
    if takers is None:
        takers = [players[(leader + j) % 4] for j in range(fill - 1)] + [players[target]]
    tricks = []
    for taker_name in takers:
        taker = seat[taker_name]
        suit = next(s for s in Suit
                    if sum(c.suit is s for c in free) >= (1 if taker == leader else 2))
        suited = sorted((c for c in free if c.suit is suit), key=lambda c: c.rank)
        hand = {taker: suited[-1]}
        if leader != taker:
            hand[leader] = suited[0]
        rest = [c for c in free if c not in hand.values()]
        for k in range(4):
            if k not in hand:
                hand[k] = rest.pop()
        tricks.append(" ".join(str(hand[next_seat(leader, i)]) for i in range(4)))
        free = [c for c in free if c not in hand.values()]
        leader = taker
    assert leader == target, "the filler must hand the lead to the tail's leader"
    return tricks + list(tail)


def settle_scenario(tail, profile="classic", partie=None, takers=None, dealer="Gleb", **kw):
    tricks = scenario(tail, dealer=dealer, partie=partie, takers=takers)
    return settle(tricks, profile, partie=partie, dealer=dealer, **kw)


def settle(tricks, profile="classic", pool_before=0, overrides=None, previous=None,
           first_deal=True, **kw):
    prof = load_profile(profile)
    if overrides:
        prof = prof.with_overrides(overrides)
    return settle_deal(make_deal(tricks, **kw), prof, pool_before, previous=previous,
                       first_deal=first_deal, pot_line_given=False)


def rows(payments, rule=None):
    """Payments as comparable (payer, payee, amount, rule, trick) tuples."""
    return sorted((p.payer, p.payee, Fraction(p.amount), p.rule, p.trick or 0)
                  for p in payments if rule is None or p.rule == rule)


def row(payer, payee, amount, rule, trick=None):
    return (payer, payee, Fraction(amount), rule, trick or 0)


def check_invariants(s, replayed: ReplayedDeal | None = None) -> None:
    """POOL-5 and the card invariants.  With ``replayed``, a card held and never played
    (a ``kept`` player's twelfth, IRR-4) counts towards the 40 points."""
    assert sum(s.net.values()) + (s.pool_after - s.pool_before) == 0
    for value in list(s.net.values()) + [p.amount for p in s.payments + s.cancelled]:
        assert isinstance(value, (int, Fraction)) and not isinstance(value, bool)
    if s.status == "played":
        plain = sum(c.points for c in s.partie_cards)
        unplayed = 0
        if replayed is not None:
            played = {c for t in replayed.tricks for c in t.cards}
            unplayed = sum(c.points for h in replayed.hands for c in h if c not in played)
        assert sum(s.points.values()) + plain + unplayed == 40
        assert sum(s.tricks_won.values()) == 11
    else:
        assert s.points == {n: 0 for n in s.points} and not s.winners and not s.losers


def read_example(path: Path):
    """A worked example (.rvs): profile name and the one deal's replay, read simply."""
    profile, players, dealer, tricks = None, None, None, []
    for raw in path.read_text("utf-8").splitlines():
        words = raw.split("#")[0].split()
        if not words:
            continue
        if words[0] == "rules":
            profile = words[1]
        elif words[0] == "players":
            players = tuple(words[1:])
        elif words[0] == "deal":
            dealer = words[3]
        elif re.fullmatch(r"\d+", words[0]):
            tricks.append(" ".join(words[1:]))
    assert dealer is not None, f"{path.name} names its dealer"
    return profile, make_deal(tricks, dealer=dealer, players=players)


def example_dirs():
    return [d for d in (FIXTURES, SHARED_EXAMPLES) if d.is_dir()]


__all__ = ["PLAYERS", "cards", "event", "make_deal", "settle", "rows", "row", "check_invariants",
           "read_example", "example_dirs", "SessionSettler", "scenario", "settle_scenario"]
