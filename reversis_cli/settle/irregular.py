"""Irregularities and claims (docs/rules.md IRR-0 to IRR-7, CLAIM-1).

The record writes an irregularity as an event line of the deal (docs/notation.md, "Events"):
``misdeal NAME [late]``, ``redeal paid``, ``exposed``, ``peeked NAME``,
``kept NAME``, ``discarded-two NAME``, ``out-of-turn NAME`` and
``unclaimed T [NAME]``; the replay adds the revokes it found (PLAY-4).

One small function per rule id.  Two kinds of deal run them:

* a *void* deal (IRR-0: ``misdeal`` or ``exposed``, no tricks) runs the
  engine's ``VOID_RULES`` only: it stakes nothing and settles nothing but its
  penalties (IRR-1, IRR-2, IRR-3, and IRR-6 for a discard out of turn before
  a late misdeal was noticed);
* a played deal runs them from the engine's ``RULES`` registry, at the
  points the order of settlement needs: a forfeiture (IRR-4, CLAIM-1) must
  come after REV-4 (a payment REV-4 cancelled is listed once) and before the
  espagnolette's refunds (ESP-5 refunds only what he received); a forfeited
  pool taking is taken away after POOL-4 has chosen the taking that stands.

A forfeited payment is not made: it moves to ``cancelled`` under its own rule
id, its reason saying why (``Ledger.forfeit``).  Penalties are paid into the
pool and never doubled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import EventLine
from .inplay import quinola_forcer
from .ledger import InPlay, Ledger, card_text
from .payments import Payment

if TYPE_CHECKING:  # annotations only
    from ..replay import PlayedTrick

__all__ = [
    "void_deal", "exposed_card", "misdeal_before_exchange",
    "misdeal_after_exchange", "forfeit_peeker_gains", "forfeit_peeker_takings",
    "ten_card_player", "discard_out_of_turn", "revoke_remise", "forfeit_unclaimed",
    "JETON", "MISDEAL_REDEAL", "MISDEAL_LATE", "OUT_OF_TURN",
]

JETON = 5                  # fiches
MISDEAL_REDEAL = 1 * JETON  # IRR-2: to deal again after a misdeal
MISDEAL_LATE = 4 * JETON    # IRR-3: a misdeal noticed after the exchange
OUT_OF_TURN = 1 * JETON     # IRR-6: a discard out of turn

# IRR-4 under peek_forfeits = quinola_and_reversis: the two gains C¶50 names.
# Forcing the quinola: QUIN-2, and ESP-9 (the espagnolette's 5 to the forcer).
# Breaking a reversis: REV-3, and ESP-7 (the espagnolette pays the breaker).
FORCING_THE_QUINOLA = ("QUIN-2", "ESP-9")
BREAKING_A_REVERSIS = ("REV-3", "ESP-7")

# CLAIM-1: the payments to the partie winner that carry the trick where the card fell.
TO_THE_WINNER = ("ACE-3", "QUIN-3")


# --- reading the events -------------------------------------------------------------------


def _events(ledger: Ledger, kind: str) -> tuple[EventLine, ...]:
    events = ledger.replayed.events
    if not events:  # the usual deal: asked by every rule, answered at once
        return ()
    return tuple(e for e in events if e.kind == kind)


def _seat(ledger: Ledger, event: EventLine) -> int | None:
    """The seat an event names, or None (no name, or not a player: the reader says so)."""
    if event.player is None or event.player.text not in ledger.players:
        return None
    return ledger.players.index(event.player.text)


def _named(ledger: Ledger, kind: str) -> list[int]:
    """The seats the events of ``kind`` name, each once, in the order written."""
    seats: list[int] = []
    for event in _events(ledger, kind):
        seat = _seat(ledger, event)
        if seat is not None and seat not in seats:
            seats.append(seat)
    return seats


# --- IRR-0 to IRR-3: void deals -------------------------------------------------------------


def void_deal(ledger: Ledger) -> None:
    """IRR-0: a void deal stakes nothing and settles nothing but its penalty."""
    ledger.pool_start = ledger.pool_before  # nothing is staked (IRR-0)
    kinds = ", ".join(e.kind + (f" {e.player.text}" if e.player else "") + (" late" if e.late
                                                                             else "")
                      for e in ledger.replayed.events if e.kind in ("misdeal", "exposed"))
    ledger.step("IRR-0", None, f"A void deal ({kinds}): it stakes nothing and settles nothing "
                "but its penalties; the pool carries them to the next deal")


def exposed_card(ledger: Ledger) -> None:
    """IRR-1: a card exposed in dealing: the same dealer deals again, nothing is paid."""
    if _events(ledger, "exposed"):
        ledger.step("IRR-1", None, f"A card was exposed in dealing: "
                    f"{ledger.name(ledger.dealer)} deals again and nothing is paid")


def _misdealer(ledger: Ledger, event: EventLine) -> int:
    """The player a ``misdeal`` line names; the dealer when it names none we know."""
    seat = _seat(ledger, event)
    return ledger.dealer if seat is None else seat


def misdeal_before_exchange(ledger: Ledger) -> None:
    """IRR-2: the deal passes, unless the misdealer pays 1 jeton (5) and deals again."""
    paid = bool([e for e in _events(ledger, "redeal") if e.paid])
    for event in _events(ledger, "misdeal"):
        if event.late:
            continue
        who = _misdealer(ledger, event)
        if paid:
            ledger.add_penalty(who, MISDEAL_REDEAL, "IRR-2",
                               f"{ledger.name(who)} misdealt and pays 1 jeton into the pool "
                               "to deal again")
        else:
            ledger.step("IRR-2", None, f"{ledger.name(who)} misdealt and did not pay to deal "
                        "again: the deal passes to the next dealer, and nothing is paid")
    if paid and not [e for e in _events(ledger, "misdeal") if not e.late]:
        ledger.step("IRR-2", None, "'redeal paid' follows no misdeal noticed before the "
                    "exchange: nothing is paid for it")


def misdeal_after_exchange(ledger: Ledger) -> None:
    """IRR-3: a misdeal noticed after the exchange: the dealer pays 4 jetons (20); void."""
    for event in _events(ledger, "misdeal"):
        if not event.late:
            continue
        who = _misdealer(ledger, event)
        ledger.add_penalty(who, MISDEAL_LATE, "IRR-3",
                           f"{ledger.name(who)}'s misdeal was noticed only after the exchange: "
                           "the misdealer pays 4 jetons into the pool and the deal passes")
        if [e for e in _events(ledger, "redeal") if e.paid]:
            ledger.step("IRR-3", None, "a misdeal noticed after the exchange cannot be redealt "
                        "for a jeton: 'redeal paid' pays nothing more")


# --- IRR-4: a peek at, or a keep of, the talon card ------------------------------------------


def _peekers(ledger: Ledger) -> dict[int, str]:
    """IRR-4: each player who peeked or kept, and what he did, in words."""
    found: dict[int, str] = {}
    for seat in _named(ledger, "peeked"):
        found[seat] = "looked at the talon card before discarding"
    for seat in _named(ledger, "kept"):
        found.setdefault(seat, "took the talon card without discarding")
    return found


def _forfeited_by_peek(ledger: Ledger, payment: Payment) -> bool:
    """IRR-4: which gains ``peek_forfeits`` takes from him."""
    if ledger.options.peek_forfeits == "everything":
        return True
    return payment.rule in FORCING_THE_QUINOLA + BREAKING_A_REVERSIS


def _trick_of(ledger: Ledger, payment: Payment) -> PlayedTrick:
    """The trick a payment of play arose in (QUIN-2 and ESP-9 always name theirs)."""
    assert payment.trick is not None, "a payment of play without its trick"
    return ledger.replayed.tricks[payment.trick - 1]


def _why_peek(ledger: Ledger, seat: int, did: str) -> str:
    option = ledger.options.peek_forfeits
    if option == "everything":
        return f"{ledger.name(seat)} {did} and wins nothing in this deal (IRR-4)"
    return (f"{ledger.name(seat)} {did} and can claim nothing for forcing the quinola or "
            f"breaking a reversis (IRR-4, peek_forfeits = {option})")


def _forfeit_to(ledger: Ledger, seat: int, payments: list[Payment], why: str) -> list[Payment]:
    """The payments that stand; those due to ``seat`` that IRR-4 takes are forfeited."""
    kept: list[Payment] = []
    for payment in payments:
        if payment.payee == ledger.name(seat) and _forfeited_by_peek(ledger, payment):
            ledger.forfeit(payment, why, "IRR-4")
        else:
            kept.append(payment)
    return kept


def forfeit_peeker_gains(ledger: Ledger) -> None:
    """IRR-4: payments due to a player who peeked or kept are not made; what he owes is paid.

    Runs after REV-4 and the reversis payments, before the espagnolette's refunds
    (ESP-5 repays only what was received); pool takings and refunds due to him
    are taken by :func:`forfeit_peeker_takings` once POOL-4 has chosen.
    """
    for seat, did in _peekers(ledger).items():
        who, why = ledger.name(seat), _why_peek(ledger, seat, did)
        ledger.step("IRR-4", None, f"{who} {did}: " + (
            "payments and pool takings due to this player are not made; what this player owes is "
            "still paid"
            if ledger.options.peek_forfeits == "everything" else
            "what forcing the quinola or breaking a reversis would pay is lost "
            "(peek_forfeits = quinola_and_reversis); other gains stand"))
        if seat in _named(ledger, "kept"):
            ledger.step("IRR-4", None, f"{who} played with twelve cards: the partie holds "
                        f"{len(ledger.replayed.partie)} cards, and one card of that hand was "
                        "never played")
        in_play: list[InPlay] = []
        for entry in ledger.in_play:
            if entry.payee_seat == seat and _forfeited_by_peek(ledger, entry.payment):
                ledger.forfeit(entry.payment, why, "IRR-4")
            else:
                in_play.append(entry)
        ledger.in_play = in_play
        ledger.partie = _forfeit_to(ledger, seat, ledger.partie, why)
        ledger.to_winner = _forfeit_to(ledger, seat, ledger.to_winner, why)
        ledger.reversis = _forfeit_to(ledger, seat, ledger.reversis, why)
        for remise in ledger.remises:
            if remise.rule in FORCING_THE_QUINOLA and remise.payer != who and \
                    quinola_forcer(ledger, _trick_of(ledger, remise)) == seat:
                ledger.step("IRR-4", remise.trick, f"{remise.payer}, whose quinola {who} "
                            "forced, still puts in the remise")


def forfeit_peeker_takings(ledger: Ledger) -> None:
    """IRR-4, after POOL-4: a pool taking (or an ESP-5 refund) due to him is not made.

    The taking POOL-4 chose is not made and the pool keeps what it held; a
    claim that gave way to his does not revive.  ``peek_forfeits =
    quinola_and_reversis`` names no pool taking and no refund.
    """
    for seat, did in _peekers(ledger).items():
        why = _why_peek(ledger, seat, did)
        ledger.espagnolette_payments = _forfeit_to(ledger, seat, ledger.espagnolette_payments,
                                                   why)
        before = list(ledger.takings)
        ledger.takings = _forfeit_to(ledger, seat, ledger.takings, why)
        if ledger.takings != before:
            ledger.step("POOL-4", None, "the pool is not taken: it keeps what it held for the "
                        "next deal")


# --- IRR-5, IRR-6, IRR-7 ---------------------------------------------------------------------


def ten_card_player(ledger: Ledger) -> None:
    """IRR-5: a player who discarded two plays with ten and keeps his gains."""
    for seat in _named(ledger, "discarded-two"):
        ledger.step("IRR-5", None, f"{ledger.name(seat)} discarded two cards and played with "
                    f"ten, keeping every gain; the partie holds "
                    f"{len(ledger.replayed.partie)} cards, all counted (PARTIE-1)")


def discard_out_of_turn(ledger: Ledger) -> None:
    """IRR-6: a discard out of turn: 1 jeton (5) into the pool, once for each line."""
    for event in _events(ledger, "out-of-turn"):
        seat = _seat(ledger, event)
        if seat is not None:
            ledger.add_penalty(seat, OUT_OF_TURN, "IRR-6",
                               f"{ledger.name(seat)} discarded out of turn and pays 1 jeton "
                               "into the pool")


def revoke_remise(ledger: Ledger) -> None:
    """IRR-7: the revoker puts in a remise for each revoke (``revoke_penalty = remise``);
    the deal stands as played."""
    option = ledger.options.revoke_penalty
    for revoke in ledger.replayed.revokes:
        who = ledger.name(revoke.seat)
        trick = ledger.replayed.tricks[revoke.trick - 1] if revoke.trick <= len(
            ledger.replayed.tricks) else None
        lead = f" on a {trick.led_suit.singular} lead" if trick is not None else ""
        what = (f"{who} revoked in trick {revoke.trick} (played {card_text(revoke.card)}"
                f"{lead} while holding {card_text(revoke.held)})")
        if option == "remise":
            ledger.add_remise(revoke.seat, "IRR-7", revoke.trick,
                              f"{what} and puts in a remise")
        else:
            ledger.step("IRR-7", revoke.trick, f"{what}; revoke_penalty = none: no penalty")
    if ledger.replayed.revokes:
        ledger.step("IRR-7", None, "the deal stands as played")


# --- CLAIM-1 ---------------------------------------------------------------------------------


def _claimable(ledger: Ledger) -> str:
    option = ledger.options.claims_required
    return ("every in-play payment" if option == "in_play"
            else "only the payments to the partie winner (ACE-3, QUIN-3)")


def forfeit_unclaimed(ledger: Ledger) -> None:
    """CLAIM-1: the payments that arose in trick T (to NAME only) and were not claimed.

    ``claims_required = led_and_played``: the ACE-3 and QUIN-3 payments to the
    partie winner for a card that fell in trick T; ``in_play``: those and every
    in-play payment of trick T (ACE-1, ACE-2, QUIN-1's 5, QUIN-2, ESP-9).
    Remises and the QUIN-1 pool taking are not payments anyone claims: they stand.
    """
    option = ledger.options.claims_required
    for event in _events(ledger, "unclaimed"):
        t = event.trick
        seat = _seat(ledger, event)
        if event.player is not None and seat is None:
            continue
        payee = ledger.name(seat) if seat is not None else None
        to = f" to {payee}" if payee is not None else ""
        why = f"it was not claimed in time (CLAIM-1, claims_required = {option})"

        def unclaimed(payment: Payment, trick: int | None = t, payee: str | None = payee) -> bool:
            # this event's trick and payee, bound now: the loop moves on to the next event
            return payment.trick == trick and (payee is None or payment.payee == payee)

        found, earlier = 0, list(ledger.cancelled)
        if option == "in_play":
            in_play = []
            for entry in ledger.in_play:
                if unclaimed(entry.payment):
                    ledger.forfeit(entry.payment, why, "CLAIM-1")
                    found += 1
                else:
                    in_play.append(entry)
            ledger.in_play = in_play
        to_winner = []
        for payment in ledger.to_winner:
            if payment.rule in TO_THE_WINNER and unclaimed(payment):
                ledger.forfeit(payment, why, "CLAIM-1")
                found += 1
            else:
                to_winner.append(payment)
        ledger.to_winner = to_winner
        already = [p for p in earlier if unclaimed(p)
                   and (option == "in_play" or p.rule in TO_THE_WINNER)]
        for p in already:
            by = (f"forfeited under {ledger.forfeited[p]}" if p in ledger.forfeited
                  else "cancelled by REV-4")
            ledger.step("CLAIM-1", t, f"{p.payer} to {p.payee} {p.amount} ({p.rule}) was "
                        f"already {by}: it is listed once, as cancelled")
        if not found and not already:
            ledger.step("CLAIM-1", t, f"unclaimed trick {t}{to}: nothing that arose in it "
                        f"needs a claim (claims_required = {option}: {_claimable(ledger)})")
        elif found:
            ledger.step("CLAIM-1", t, f"trick {t}{to} was not claimed in time: "
                        f"{found} payment{'s' if found != 1 else ''} not made")
        if ledger.takings and any(p.trick == t and p.rule == "QUIN-1" for p in ledger.takings):
            ledger.step("CLAIM-1", t, "the quinola's pool taking is not a payment anyone "
                        "claims: CLAIM-1 leaves it as it is")

