"""The partie (docs/rules.md PARTIE-1 to PARTIE-6): its value, winner and loser, payment.

ESP-4 and ESP-5 override the winner and the loser; the espagnolette's
status is decided before the partie (see ``espagnolette.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import ACE_OF_DIAMONDS, QUINOLA, Card
from ..rules import Profile
from .codes import EspagnoletteStatus, Outcome
from .ledger import VIS_A_VIS, Ledger
from .payments import NoteCode, ReasonCode, share

__all__ = ["partie_value", "partie_total", "rank_partie", "pay_partie", "pick_winners",
           "pick_losers"]


def card_value(card: Card, profile: Profile) -> int:
    """PARTIE-1: plain card points, except the ace of diamonds and the quinola."""
    if card is ACE_OF_DIAMONDS:
        return profile.options.partie_diamond_ace
    if card is QUINOLA:
        return profile.options.partie_quinola
    return card.points


def partie_value(cards: Iterable[Card], profile: Profile
                 ) -> tuple[int, tuple[tuple[Card, int], ...]]:
    """PARTIE-1: the value of the partie's cards plus the bonus, and each card's value."""
    parts = tuple([(c, card_value(c, profile)) for c in cards])
    return sum([v for _, v in parts]) + profile.options.partie_bonus, parts


def partie_total(cards: Iterable[Card], profile: Profile) -> int:
    """PARTIE-1: the value of ``partie_value`` without each card's part."""
    return sum([card_value(c, profile) for c in cards]) + profile.options.partie_bonus


def _key(ledger: Ledger, seat: int) -> tuple[int, int]:
    return ledger.score_keys()[seat]


# PARTIE-2/3's steps: (best, how the tie is settled) -> the step.
_RANKED = {(True, "alone"): NoteCode.PARTIE_WINNER, (False, "alone"): NoteCode.PARTIE_LOSER,
           (True, "split"): NoteCode.PARTIE_WINNERS_SPLIT,
           (False, "split"): NoteCode.PARTIE_LOSERS_SPLIT,
           (True, "seat"): NoteCode.PARTIE_WINNER_BY_SEAT,
           (False, "seat"): NoteCode.PARTIE_LOSER_BY_SEAT}


def _settle_tie(ledger: Ledger, tied: list[int], best: bool) -> tuple[int, ...]:
    """PARTIE-2/3 last step: by seat priority (SEAT-3) or split, by option ``partie_ties``."""
    rule = "PARTIE-2" if best else "PARTIE-3"
    if len(tied) == 1:
        if ledger.steps is not None:
            ledger.step(rule, None, _RANKED[best, "alone"], names=ledger.names[tied[0]])
        return tuple(tied)
    names = ", ".join(ledger.name(s) for s in tied)
    if ledger.options.partie_ties == "split":
        ledger.step(rule, None, _RANKED[best, "split"], names=names)
        return tuple(sorted(tied))
    pick = min if best else max
    chosen = pick(tied, key=ledger.seat_rank)
    ledger.step(rule, None, _RANKED[best, "seat"], ("SEAT-3",), names=names,
                player=ledger.name(chosen))
    return (chosen,)


def pick_winners(ledger: Ledger, candidates: list[int]) -> tuple[int, ...]:
    """PARTIE-2: fewest points, then fewest tricks, then seat or split."""
    keys = ledger.score_keys()
    best = min([keys[s] for s in candidates])
    return _settle_tie(ledger, [s for s in candidates if keys[s] == best], True)


def pick_losers(ledger: Ledger, candidates: list[int]) -> tuple[int, ...]:
    """PARTIE-3: most points, then most tricks, then the worst seat or split."""
    keys = ledger.score_keys()
    worst = max([keys[s] for s in candidates])
    return _settle_tie(ledger, [s for s in candidates if keys[s] == worst], False)


def rank_partie(ledger: Ledger) -> None:
    """PARTIE-1..3 with the espagnolette's overrides (ESP-4, ESP-5); PARTIE-6 in a reversis."""
    explain = ledger.steps is not None
    if explain:
        value, parts = partie_value(ledger.replayed.partie, ledger.profile)
        ledger.step("PARTIE-1", None, NoteCode.PARTIE_VALUE, cards=parts,
                    bonus=ledger.options.partie_bonus, value=value)
    else:  # the value alone, without each card's part for the step
        value = partie_total(ledger.replayed.partie, ledger.profile)
    ledger.partie_value = value
    if ledger.outcome is not Outcome.NORMAL:
        ledger.step("PARTIE-6", None, NoteCode.PARTIE_NOT_PAID_MADE
                    if ledger.outcome is Outcome.REVERSIS else NoteCode.PARTIE_NOT_PAID_BROKEN)
        return
    everyone = [0, 1, 2, 3]
    if explain:
        ledger.step("PARTIE-2", None, NoteCode.POINTS_AND_TRICKS, players=ledger.names,
                    scores=ledger.score_keys())
    # only an espagnolette in play (ESP-1) is judged: success or failure (ESP-4, ESP-5)
    esp, status = ledger.espagnolette, ledger.espagnolette_status
    if esp is None or status not in (EspagnoletteStatus.FAILED, EspagnoletteStatus.SUCCESS):
        ledger.winners = pick_winners(ledger, everyone)
    elif status is EspagnoletteStatus.FAILED:
        ledger.losers = (esp,)
        ledger.step("ESP-5", None, NoteCode.ESPAGNOLETTE_LOSES_PARTIE, player=ledger.name(esp))
        ledger.winners = pick_winners(ledger, [s for s in everyone if s != esp])
        return
    elif _key(ledger, esp) == min(ledger.score_keys()):
        ledger.winners = (esp,)
        ledger.step("ESP-4", None, NoteCode.ESPAGNOLETTE_WINS_PARTIE, player=ledger.name(esp))
    else:
        ledger.step("ESP-4", None, NoteCode.ESPAGNOLETTE_OUTRANKED, player=ledger.name(esp))
        ledger.winners = pick_winners(ledger, everyone)
    ledger.losers = pick_losers(ledger, everyone)


def pay_partie(ledger: Ledger) -> None:
    """PARTIE-4 and PARTIE-5: each loser pays each winner value / (losers x winners)."""
    winners, losers = ledger.winners, ledger.losers
    if not winners or not losers:
        return
    each = share(ledger.partie_value, len(winners) * len(losers))
    for loser in losers:
        for winner in winners:
            double = ledger.vis_a_vis(loser, winner) and ledger.options.partie_vis_a_vis_double
            params: dict[str, Any] = {"points": ledger.points_won()[loser],
                                      "factor": 2 if double else 1}
            if double:
                params["doubled_for"] = (VIS_A_VIS,)
                pay = ledger.payment(loser, winner, each * 2, "PARTIE-4", None,
                                     ReasonCode.PARTIE_LOST_VIS_A_VIS, params, ("PARTIE-5",))
            else:
                pay = ledger.payment(loser, winner, each, "PARTIE-4", None,
                                     ReasonCode.PARTIE_LOST, params)
            ledger.partie.append(pay)
            ledger.record(pay)
