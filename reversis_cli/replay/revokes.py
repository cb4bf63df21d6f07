"""PLAY-4: the revokes of a deal, each with its warning (RV201).

The full walk (:mod:`.play`) finds them on its tricks and hands, and so does
the plain replay (:mod:`.plain`) on the tricks and hands it makes from its
rows when a card was played off the suit led while the suit was still held:
one function, so that the two find the same revokes and say them alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import fastpaths
from ..cards import PACK, Card, CardCode, Suit
from ..diagnostics import Diagnostic
from ..i18n import N_, Msg
from ..model import Pos
from .result import Espagnolette, PlayedTrick, ReplayedDeal, Revoke
from .rules_of_play import may_renounce, revoke_evidence

__all__ = ["find_revokes", "revoke_found", "revoke_message", "revokes_of"]


def find_revokes(replayed: ReplayedDeal, tricks: Sequence[PlayedTrick],
                 espagnolette: Espagnolette | None) -> list[tuple[Revoke, Diagnostic]]:
    """The revokes (PLAY-4) among ``tricks`` of a deal not yet finished, each
    with its warning (RV201) as ``check`` gives it.

    ``tricks``: ``replayed.tricks``, perhaps with the trick in progress after
    them; ``espagnolette``: who is taken to hold it so far (ESP-2).  A card is
    still held at a trick when played in a later one of ``tricks`` or in
    ``replayed.hands``.  On a whole deal with its own espagnolette, the
    result is ``replayed.revokes`` and their warnings."""
    return revokes_of(tricks, replayed.hands, espagnolette, replayed.deal.number,
                      replayed.players)


def revokes_of(tricks: Sequence[PlayedTrick], hands: Sequence[frozenset[Card]],
               esp: Espagnolette | None, deal: int, players: tuple[str, ...]
               ) -> list[tuple[Revoke, Diagnostic]]:
    """PLAY-4 outside ESP-2: off-suit while still holding the suit led.

    A card is still held at trick t when it is played after t, or never
    played (a kept talon card); checked only on a renounce, which is rare.
    """
    played_in = [99] * len(PACK)  # the trick each card was first played in, by index
    for trick in reversed(tricks):
        for play in trick.plays:
            played_in[play.card.index] = trick.number
    privileged = esp.seat if esp is not None and esp.privileged else None
    found = []
    for trick in tricks:
        led, number = trick.led_suit, trick.number
        for play in trick.plays[1:]:
            held = revoke_evidence(play.card, led, (c for c in hands[play.seat]
                                                    if played_in[c.index] > number))
            if held and not may_renounce(number, play.seat, privileged):
                first = min(held, key=lambda c: c.index)
                found.append(revoke_found(number, play.seat, play.card, led, first, play.pos,
                                          deal, players))
    return found


def revoke_found(number: int, seat: int, card: Card, led: Suit, held: Card, pos: Pos | None,
                 deal: int, players: tuple[str, ...]) -> tuple[Revoke, Diagnostic]:
    """A revoke in trick ``number`` (``card`` played on a ``led`` lead while
    holding ``held``, the first of that suit in pack order) and its warning."""
    player = players[seat]
    message = revoke_message(player, card, led, held) \
        if not fastpaths.REFERENCE and type(player) is str \
        else Msg(_REVOKE, player=player, card=CardCode(card), suit=_LEAD[led],
                 held=CardCode(held))
    warning = Diagnostic("RV201", message, pos, "", "", deal, number)  # diagnostic()'s
    return Revoke(number, seat, card, held, pos), warning


_REVOKE = N_("{player} played {card} on a {suit} lead while holding {held} (revoke)")


def revoke_message(player: str, card: Card, led: Suit, held: Card) -> Msg:
    """The warning's message, ``Msg(_REVOKE, player=player, card=CardCode(card),
    suit=_LEAD[led], held=CardCode(held))``, made without filling its template:
    its English (what the message is as a string) written here, its template and
    values kept as the message keeps them, for the languages that write it
    (a fast path: ``REVERSIS_REFERENCE=1`` fills the template, as does a name
    that is not a plain str; tests/test_revoke_message.py holds the two equal)."""
    made = str.__new__(Msg, f"{player} played {card.code} on a {_LEAD_ENGLISH[led]} lead "
                            f"while holding {held.code} (revoke)")
    made.template = _REVOKE
    made.params = {"player": player, "card": CardCode(card), "suit": _LEAD[led],
                   "held": CardCode(held)}
    return made


# The suit led, as a revoke says it ("on a spade lead").
_LEAD = {Suit.SPADES: Msg("spade"), Suit.HEARTS: Msg("heart"), Suit.DIAMONDS: Msg("diamond"),
         Suit.CLUBS: Msg("club")}
_LEAD_ENGLISH = {suit: str.__str__(word) for suit, word in _LEAD.items()}
