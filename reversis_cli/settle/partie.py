"""The partie (docs/rules.md PARTIE-1 to PARTIE-6): its value, winner and loser, payment.

ESP-4 and ESP-5 override the winner and the loser; the espagnolette's
status is decided before the partie (see ``espagnolette.py``).
"""

from __future__ import annotations

from fractions import Fraction

from ..cards import ACE_OF_DIAMONDS, QUINOLA, Card
from ..rules import Profile
from .ledger import Ledger, card_text
from ..words import counted

__all__ = ["partie_value", "rank_partie", "pay_partie", "pick_winners", "pick_losers"]


def card_value(card: Card, profile: Profile) -> int:
    """PARTIE-1: plain card points, except the ace of diamonds and the quinola."""
    if card is ACE_OF_DIAMONDS:
        return profile.options.partie_diamond_ace
    if card is QUINOLA:
        return profile.options.partie_quinola
    return card.points


def partie_value(cards, profile: Profile) -> tuple[int, str]:
    """PARTIE-1: the value of the partie's cards plus the bonus, and the sum written out."""
    parts = [f"{card_text(c)} {card_value(c, profile)}" for c in cards]
    value = sum(card_value(c, profile) for c in cards) + profile.options.partie_bonus
    return value, " + ".join(parts + [f"bonus {profile.options.partie_bonus}"]) + f" = {value}"


def _key(ledger: Ledger, seat: int) -> tuple[int, int]:
    return ledger.score_keys()[seat]


def _settle_tie(ledger: Ledger, tied: list[int], best: bool, what: str) -> tuple[int, ...]:
    """PARTIE-2/3 last step: by seat priority (SEAT-3) or split, by option ``partie_ties``."""
    names = ", ".join(ledger.name(s) for s in tied)
    if len(tied) == 1:
        ledger.step("PARTIE-2" if best else "PARTIE-3", None, f"{names} is the {what}: "
                    f"{'fewest' if best else 'most'} points, then {'fewest' if best else 'most'} "
                    "tricks")
        return tuple(tied)
    if ledger.options.partie_ties == "split":
        ledger.step("PARTIE-2" if best else "PARTIE-3", None,
                    f"{names} tie in points and tricks; they share as {what} (partie_ties = split)")
        return tuple(sorted(tied))
    pick = min if best else max
    chosen = pick(tied, key=ledger.seat_rank)
    ledger.step("PARTIE-2" if best else "PARTIE-3", None,
                f"{names} tie in points and tricks; {ledger.name(chosen)} has the "
                f"{'best' if best else 'worst'} seat (SEAT-3) and is the {what}")
    return (chosen,)


def pick_winners(ledger: Ledger, candidates: list[int]) -> tuple[int, ...]:
    """PARTIE-2: fewest points, then fewest tricks, then seat or split."""
    keys = ledger.score_keys()
    best = min(keys[s] for s in candidates)
    return _settle_tie(ledger, [s for s in candidates if keys[s] == best], True, "winner")


def pick_losers(ledger: Ledger, candidates: list[int]) -> tuple[int, ...]:
    """PARTIE-3: most points, then most tricks, then the worst seat or split."""
    keys = ledger.score_keys()
    worst = max(keys[s] for s in candidates)
    return _settle_tie(ledger, [s for s in candidates if keys[s] == worst], False, "loser")


def rank_partie(ledger: Ledger) -> None:
    """PARTIE-1..3 with the espagnolette's overrides (ESP-4, ESP-5); PARTIE-6 in a reversis."""
    value, sum_text = partie_value(ledger.replayed.partie, ledger.profile)
    ledger.partie_value = value
    ledger.step("PARTIE-1", None, f"The partie is worth {sum_text}")
    if ledger.outcome != "normal":
        ledger.step("PARTIE-6", None, "No partie is paid in a deal where a reversis is "
                    + ("made" if ledger.outcome == "reversis" else "broken"))
        return
    everyone = list(range(4))
    keys = ", ".join(f"{ledger.name(s)} {counted(_key(ledger, s)[0], 'point')} in "
                     f"{counted(_key(ledger, s)[1], 'trick')}" for s in everyone)
    ledger.step("PARTIE-2", None, f"Points and tricks: {keys}")
    # only an espagnolette in play (ESP-1) is judged: success or failure (ESP-4, ESP-5)
    esp, status = ledger.espagnolette, ledger.espagnolette_status
    if esp is None or status not in ("failed", "success"):
        ledger.winners = pick_winners(ledger, everyone)
    elif status == "failed":
        ledger.losers = (esp,)
        ledger.step("ESP-5", None, f"{ledger.name(esp)}'s espagnolette failed, which loses the "
                    "partie whatever the points; the winner is found among the other three")
        ledger.winners = pick_winners(ledger, [s for s in everyone if s != esp])
        return
    elif _key(ledger, esp) == min(_key(ledger, s) for s in everyone):
        ledger.winners = (esp,)
        ledger.step("ESP-4", None, f"{ledger.name(esp)}'s espagnolette succeeded and no one has "
                    "fewer points or tricks: the espagnolette wins the partie from any seat")
    else:
        ledger.step("ESP-4", None, f"{ledger.name(esp)}'s espagnolette succeeded, but a "
                    "player with fewer points or tricks still wins the partie")
        ledger.winners = pick_winners(ledger, everyone)
    ledger.losers = pick_losers(ledger, everyone)


def pay_partie(ledger: Ledger) -> None:
    """PARTIE-4 and PARTIE-5: each loser pays each winner value / (losers x winners)."""
    winners, losers = ledger.winners, ledger.losers
    if not winners or not losers:
        return
    share = Fraction(ledger.partie_value, len(winners) * len(losers))
    for loser in losers:
        for winner in winners:
            double = ledger.options.partie_vis_a_vis_double and ledger.vis_a_vis(loser, winner)
            points = ledger.points_won()[loser]
            reason = (f"{ledger.name(loser)} loses the partie ({counted(points, 'point')}) and "
                      f"pays {ledger.name(winner)}" + (" double, as vis-à-vis (PARTIE-5)"
                                                       if double else ""))
            pay = ledger.payment(loser, winner, share * (2 if double else 1), "PARTIE-4", None,
                                 reason)
            ledger.partie.append(pay)
            ledger.step("PARTIE-4", None, f"{pay.payer} pays {pay.payee} {pay.amount}: {reason}")
