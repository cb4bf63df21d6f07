"""The reversis (docs/rules.md REV-1..4) and what the espagnolette pays in one (ESP-6..8)."""

from __future__ import annotations

from typing import Any

from ..replay.rules_of_play import reversis_breach, reversis_maker
from .codes import Outcome
from .ledger import Ledger
from .payments import NoteCode, ReasonCode

__all__ = ["find_reversis", "pay_reversis", "cancel_in_play", "cancels_in_play"]

REVERSIS_NEIGHBOUR = 16  # REV-1
REVERSIS_VIS_A_VIS = 32  # REV-1
REVERSIS_WHOLE = 64      # ESP-6: the whole reversis; REV-3 and ESP-7: a broken one


def find_reversis(ledger: Ledger) -> None:
    """REV-1 made (all tricks), REV-2 undertaken (the first nine), REV-3 broken."""
    replayed = ledger.replayed
    takers = replayed.takers()  # read from a plain deal's rows, no trick made
    maker = reversis_maker(takers)
    if maker is not None:
        ledger.outcome, ledger.reversis_maker = Outcome.REVERSIS, maker
        ledger.step("REV-1", None, NoteCode.REVERSIS_MADE, player=ledger.name(maker),
                    tricks=len(takers))
        return
    breach = reversis_breach(takers)
    if breach is not None:
        undertaker, broken = breach
        rows = replayed.rows
        if rows is not None:  # a plain deal: its row says it, no trick made (no line written out)
            number, taker = rows[broken][0], rows[broken][6]
        else:
            breaking = replayed.trick(broken + 1)
            number, taker = breaking.number, breaking.taker
        ledger.outcome = Outcome.REVERSIS_BROKEN
        ledger.undertaker, ledger.breaker = undertaker, taker
        ledger.breaker_trick = number
        ledger.step("REV-3", number, NoteCode.REVERSIS_BROKEN, ("REV-2",),
                    undertaker=ledger.name(undertaker), breaker=ledger.name(taker),
                    trick=number)


def pay_reversis(ledger: Ledger) -> None:
    """REV-1 / REV-3 payments, or the espagnolette's instead (ESP-6, ESP-7, ESP-8)."""
    if ledger.outcome is Outcome.REVERSIS:
        _pay_made(ledger)
    elif ledger.outcome is Outcome.REVERSIS_BROKEN:
        _pay_broken(ledger)


def _pay_made(ledger: Ledger) -> None:
    """REV-1: the pool and 16/32/16; ESP-6: the espagnolette pays all 64 instead."""
    maker, esp = ledger.reversis_maker, ledger.espagnolette
    assert maker is not None, "find_reversis names the maker with the outcome"
    who = ledger.name(maker)
    if esp is not None and esp != maker:
        _pay(ledger, esp, maker, REVERSIS_WHOLE, "ESP-6", ReasonCode.REVERSIS_MADE_ESPAGNOLETTE,
             {})
    else:
        if esp == maker:
            ledger.step("ESP-8", None, NoteCode.ESPAGNOLETTE_REVERSIS_ORDINARY, player=who)
        for seat in range(4):
            if seat != maker:
                if ledger.vis_a_vis(seat, maker):
                    amount, code = REVERSIS_VIS_A_VIS, ReasonCode.REVERSIS_MADE_VIS_A_VIS
                else:
                    amount, code = REVERSIS_NEIGHBOUR, ReasonCode.REVERSIS_MADE_NEIGHBOUR
                _pay(ledger, seat, maker, amount, "REV-1", code, {})
    ledger.offer_taking(maker, "REV-1", None, ReasonCode.POOL_TAKEN_REVERSIS)


def _pay_broken(ledger: Ledger) -> None:
    """REV-3: 64 to the breaker and a remise; ESP-7 moves the 64 to the espagnolette."""
    undertaker, breaker, esp = ledger.undertaker, ledger.breaker, ledger.espagnolette
    assert undertaker is not None and breaker is not None, \
        "find_reversis names both with the outcome"
    payer, rule = undertaker, "REV-3"
    if esp is not None and esp not in (undertaker, breaker):
        if ledger.breaker_trick in ledger.options.espagnolette_pays_broken:
            payer, rule = esp, "ESP-7"
        else:
            ledger.step("ESP-7", ledger.breaker_trick, NoteCode.UNDERTAKER_PAYS_BROKEN,
                        trick=ledger.breaker_trick)
    if esp == breaker:
        ledger.step("ESP-8", None, NoteCode.ESPAGNOLETTE_BROKE_REVERSIS, player=ledger.name(esp))
    _pay(ledger, payer, breaker, REVERSIS_WHOLE, rule, ReasonCode.REVERSIS_BROKEN,
         {"undertaker": ledger.name(undertaker), "broken_in": ledger.breaker_trick})
    ledger.add_remise(undertaker, "REV-3", None, ReasonCode.REMISE_REVERSIS_BROKEN)


def _pay(ledger: Ledger, payer: int, payee: int, amount: int, rule: str, code: ReasonCode,
         params: dict[str, Any]) -> None:
    pay = ledger.payment(payer, payee, amount, rule, None, code, params)
    ledger.reversis.append(pay)
    ledger.record(pay)


def cancels_in_play(ledger: Ledger) -> bool:
    """REV-4: made always cancels; broken only under reversis_cancels = made_or_broken."""
    if ledger.outcome is Outcome.REVERSIS:
        return True
    return ledger.outcome is Outcome.REVERSIS_BROKEN and \
        ledger.options.reversis_cancels == "made_or_broken"


_QUINOLA_REMISES = ("QUIN-2", "QUIN-3", "ESP-9")


def cancel_in_play(ledger: Ledger) -> None:
    """REV-4: in-play payments are cancelled; the quinola puts in and takes nothing."""
    if not cancels_in_play(ledger):
        if ledger.outcome is Outcome.REVERSIS_BROKEN:
            ledger.step("REV-4", None, NoteCode.IN_PLAY_STANDS)
        return
    for entry in ledger.in_play:
        pay = entry.payment
        ledger.cancelled.append(pay)
        ledger.step("REV-4", pay.trick, NoteCode.CANCELLED, (pay.rule,), payment=pay)
    ledger.in_play = []
    for remise in [r for r in ledger.remises if r.rule in _QUINOLA_REMISES]:
        ledger.step("REV-4", remise.trick, NoteCode.NO_QUINOLA_REMISE, player=remise.payer)
    ledger.remises = [r for r in ledger.remises if r.rule not in _QUINOLA_REMISES]
    for taking in [p for p in ledger.takings if p.rule == "QUIN-1"]:
        ledger.step("REV-4", taking.trick, NoteCode.NO_QUINOLA_TAKING, player=taking.payee)
    ledger.takings = [p for p in ledger.takings if p.rule != "QUIN-1"]
    ledger.winner_dues = []  # ACE-3/QUIN-3 never arise: there is no partie winner
