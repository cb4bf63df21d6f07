"""The espagnolette (docs/rules.md ESP-1 to ESP-10), apart from what it pays in a reversis.

ESP-2 and ESP-3 (the privilege and its waiver) are the replay's business;
ESP-6..8 live with the reversis (``reversis.py``) and ESP-9 with the quinola
(``inplay.py``).  Here: who is the espagnolette, whether he succeeded or
failed (ESP-4, ESP-5, ESP-10), and what success or failure settles.
"""

from __future__ import annotations

from typing import Any

from ..cards import ACE_OF_DIAMONDS, QUINOLA, Card
from ..replay.rules_of_play import MUST_FOLLOW_TRICKS
from .codes import EspagnoletteStatus, Outcome
from .ledger import Ledger
from .payments import NoteCode, ReasonCode

__all__ = ["identify_espagnolette", "espagnolette_status", "settle_espagnolette"]


def identify_espagnolette(ledger: Ledger) -> None:
    """ESP-1: the holder is the espagnolette unless the record says he waives (ESP-3)."""
    esp = ledger.replayed.espagnolette
    if esp is None:
        return
    who = ledger.name(esp.seat)
    if esp.waived:
        ledger.espagnolette_status = EspagnoletteStatus.WAIVED
        ledger.step("ESP-3", None, NoteCode.ESPAGNOLETTE_WAIVED, player=who)
        return
    ledger.espagnolette = esp.seat
    ledger.step("ESP-1", None, NoteCode.ESPAGNOLETTE_HELD, player=who)


def fails(ledger: Ledger, seat: int) -> tuple[bool, NoteCode, dict[str, Any]]:
    """ESP-4 / ESP-5: failure by option ``espagnolette_fails_on``, the step that says
    so, and its facts."""
    took = ledger.took(seat)
    if ledger.options.espagnolette_fails_on == "any_trick":
        if took:
            return True, NoteCode.ESPAGNOLETTE_FAILED_TOOK, {"trick": took[0]}
        return False, NoteCode.ESPAGNOLETTE_SUCCEEDED_NO_TRICK, {}
    late = [n for n in took if n in MUST_FOLLOW_TRICKS]
    if late:
        return True, NoteCode.ESPAGNOLETTE_FAILED_TOOK, {"trick": late[0]}
    return False, NoteCode.ESPAGNOLETTE_SUCCEEDED_NOT_LATE, {}


def espagnolette_status(ledger: Ledger) -> None:
    """ESP-4, ESP-5, ESP-10: success, failure, or superseded by a reversis."""
    seat = ledger.espagnolette
    if seat is None:
        return
    who = ledger.name(seat)
    if ledger.outcome is not Outcome.NORMAL:
        ledger.espagnolette_status = EspagnoletteStatus.SUPERSEDED
        ledger.step("ESP-10", None, NoteCode.ESPAGNOLETTE_SUPERSEDED, player=who)
        return
    failed, code, facts = fails(ledger, seat)
    ledger.espagnolette_status = \
        EspagnoletteStatus.FAILED if failed else EspagnoletteStatus.SUCCESS
    ledger.step("ESP-5" if failed else "ESP-4", None, code, player=who,
                option=ledger.options.espagnolette_fails_on, **facts)


def _judged_seat(ledger: Ledger) -> int:
    """The seat of the espagnolette ESP-4/ESP-5 judged: only one in play gets a verdict."""
    seat = ledger.espagnolette
    assert seat is not None, "an espagnolette judged without one in play"
    return seat


def settle_espagnolette(ledger: Ledger) -> None:
    """ESP-4's pool taking, or ESP-5's double refunds, remise and void quinola taking."""
    if ledger.espagnolette_status is EspagnoletteStatus.SUCCESS:
        if ledger.options.espagnolette_takes_pool:
            ledger.offer_taking(_judged_seat(ledger), "ESP-4", None,
                                ReasonCode.POOL_TAKEN_ESPAGNOLETTE)
    elif ledger.espagnolette_status is EspagnoletteStatus.FAILED:
        refund_placings(ledger)
        failed_quinola(ledger)


def _refunded(card: Card, option: str) -> bool:
    """ESP-5: the placed cards named by option ``espagnolette_refunds``."""
    if card is QUINOLA:
        return True
    return card.is_ace and (option == "aces_and_quinola" or card is ACE_OF_DIAMONDS)


def refund_placings(ledger: Ledger) -> None:
    """ESP-5: he repays twice what he received for placing the named cards."""
    seat, option = _judged_seat(ledger), ledger.options.espagnolette_refunds
    for pay, rule in ledger.forfeited.items():
        if pay.payee == ledger.name(seat) and pay.rule in ("ACE-1", "QUIN-1"):
            ledger.step("ESP-5", pay.trick, NoteCode.NO_REFUND_OF_FORFEITED, (pay.rule, rule),
                        payment=pay, by=rule)
    for entry in ledger.in_play:
        pay = entry.payment
        if entry.payee_seat != seat or pay.rule not in ("ACE-1", "QUIN-1"):
            continue
        if not _refunded(entry.card, option):
            ledger.step("ESP-5", pay.trick, NoteCode.NO_REFUND_BY_OPTION, card=entry.card,
                        option=option)
            continue
        refund = ledger.payment(seat, entry.payer_seat, 2 * pay.amount, "ESP-5", pay.trick,
                                ReasonCode.ESPAGNOLETTE_REFUND,
                                {"card": entry.card, "received": pay.amount, "factor": 2})
        ledger.espagnolette_payments.append(refund)
        ledger.record(refund)


def failed_quinola(ledger: Ledger) -> None:
    """ESP-5: one remise if he held the quinola (replacing its QUIN-2/QUIN-3/ESP-9 remise),
    and his QUIN-1 pool taking is void."""
    seat = _judged_seat(ledger)
    who = ledger.name(seat)
    if QUINOLA not in ledger.replayed.hands[seat]:
        ledger.step("ESP-5", None, NoteCode.NO_QUINOLA_NO_REMISE, player=who)
        return
    replaced = [r for r in ledger.remises if r.payer == who and r.rule in ("QUIN-2", "QUIN-3",
                                                                           "ESP-9")]
    for remise in replaced:
        ledger.step("ESP-5", remise.trick, NoteCode.QUINOLA_REMISE_REPLACED, (remise.rule,),
                    player=who, rule=remise.rule)
    ledger.remises = [r for r in ledger.remises if r not in replaced]
    void = [p for p in ledger.takings if p.rule == "QUIN-1" and p.payee == who]
    for taking in void:
        ledger.step("ESP-5", taking.trick, NoteCode.QUINOLA_TAKING_VOID, player=who)
    ledger.takings = [p for p in ledger.takings if p not in void]
    ledger.add_remise(seat, "ESP-5", None, ReasonCode.REMISE_ESPAGNOLETTE_FAILED)
