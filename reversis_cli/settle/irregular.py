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

from typing import Any, TYPE_CHECKING

from ..replay import Irregularity
from .inplay import quinola_forcer
from .ledger import InPlay, Ledger
from .codes import JETON
from .payments import NoteCode, Payment, ReasonCode

if TYPE_CHECKING:  # annotations only
    from ..replay import PlayedTrick

__all__ = [
    "void_deal", "exposed_card", "misdeal_before_exchange",
    "misdeal_after_exchange", "forfeit_peeker_gains", "forfeit_peeker_takings",
    "ten_card_player", "discard_out_of_turn", "revoke_remise", "forfeit_unclaimed",
    "JETON", "MISDEAL_REDEAL", "MISDEAL_LATE", "OUT_OF_TURN",
]

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


def _events(ledger: Ledger, kind: str) -> tuple[Irregularity, ...]:
    """The deal's irregularities of ``kind``, their seats as the replay resolved them."""
    return tuple([e for e in ledger.replayed.irregularities if e.kind == kind])


def _named(ledger: Ledger, kind: str) -> list[int]:
    """The seats the events of ``kind`` name, each once, in the order written."""
    seats: list[int] = []
    for event in _events(ledger, kind):
        seat = event.seat
        if seat is not None and seat not in seats:
            seats.append(seat)
    return seats


# --- IRR-0 to IRR-3: void deals -------------------------------------------------------------


def void_deal(ledger: Ledger) -> None:
    """IRR-0: a void deal stakes nothing and settles nothing but its penalty."""
    ledger.pool_start = ledger.pool_before  # nothing is staked (IRR-0)
    # the events as facts (kind, player, late): texts.py says them in words
    events = tuple((e.kind, e.named, e.late)
                   for e in ledger.replayed.irregularities if e.kind in ("misdeal", "exposed"))
    ledger.step("IRR-0", None, NoteCode.VOID_DEAL, events=events)


def exposed_card(ledger: Ledger) -> None:
    """IRR-1: a card exposed in dealing: the same dealer deals again, nothing is paid."""
    if _events(ledger, "exposed"):
        ledger.step("IRR-1", None, NoteCode.CARD_EXPOSED, dealer=ledger.name(ledger.dealer))


def misdeal_before_exchange(ledger: Ledger) -> None:
    """IRR-2: the deal passes, unless the misdealer pays 1 jeton (5) and deals again."""
    paid = bool([e for e in _events(ledger, "redeal") if e.paid])
    for event in _events(ledger, "misdeal"):
        if event.late:
            continue
        who = ledger.dealer  # the misdealer (RV322: a misdeal line naming another is an error)
        if paid:
            ledger.add_penalty(who, MISDEAL_REDEAL, "IRR-2", ReasonCode.MISDEAL_REDEAL)
        else:
            ledger.step("IRR-2", None, NoteCode.MISDEAL_PASSES, player=ledger.name(who))
    if paid and not [e for e in _events(ledger, "misdeal") if not e.late]:
        ledger.step("IRR-2", None, NoteCode.REDEAL_WITHOUT_MISDEAL)


def misdeal_after_exchange(ledger: Ledger) -> None:
    """IRR-3: a misdeal noticed after the exchange: the dealer pays 4 jetons (20); void."""
    for event in _events(ledger, "misdeal"):
        if not event.late:
            continue
        who = ledger.dealer  # IRR-3: "it costs the dealer", whoever the line names
        ledger.add_penalty(who, MISDEAL_LATE, "IRR-3", ReasonCode.MISDEAL_LATE)
        if [e for e in _events(ledger, "redeal") if e.paid]:
            ledger.step("IRR-3", None, NoteCode.LATE_MISDEAL_NO_REDEAL)


# --- IRR-4: a peek at, or a keep of, the talon card ------------------------------------------


def _peekers(ledger: Ledger) -> dict[int, bool]:
    """IRR-4: each player who peeked or kept, and whether he kept (took the talon card
    without discarding) rather than only looked at it."""
    found: dict[int, bool] = {}
    for seat in _named(ledger, "peeked"):
        found[seat] = False
    for seat in _named(ledger, "kept"):
        found.setdefault(seat, True)
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


# IRR-4: (everything forfeited, kept rather than peeked) -> why a payment is forfeited,
# and the step that says what the peek costs.
_WHY_PEEK = {(True, False): NoteCode.FORFEIT_PEEKED, (True, True): NoteCode.FORFEIT_KEPT,
             (False, False): NoteCode.FORFEIT_PEEKED_FORCING,
             (False, True): NoteCode.FORFEIT_KEPT_FORCING}
_PEEK_STEP = {(True, False): NoteCode.PEEKED_EVERYTHING, (True, True): NoteCode.KEPT_EVERYTHING,
              (False, False): NoteCode.PEEKED_FORCING, (False, True): NoteCode.KEPT_FORCING}


def _why_peek(ledger: Ledger, seat: int, kept: bool) -> tuple[NoteCode, dict[str, Any]]:
    everything = ledger.options.peek_forfeits == "everything"
    return _WHY_PEEK[everything, kept], {"peeker": ledger.name(seat),
                                         "peek_forfeits": ledger.options.peek_forfeits}


def _forfeit_to(ledger: Ledger, seat: int, payments: list[Payment],
                why: tuple[NoteCode, dict[str, Any]]) -> list[Payment]:
    """The payments that stand; those due to ``seat`` that IRR-4 takes are forfeited."""
    kept: list[Payment] = []
    for payment in payments:
        if payment.payee == ledger.name(seat) and _forfeited_by_peek(ledger, payment):
            ledger.forfeit(payment, "IRR-4", why[0], **why[1])
        else:
            kept.append(payment)
    return kept


def forfeit_peeker_gains(ledger: Ledger) -> None:
    """IRR-4: payments due to a player who peeked or kept are not made; what he owes is paid.

    Runs after REV-4 and the reversis payments, before the espagnolette's refunds
    (ESP-5 repays only what was received); pool takings and refunds due to him
    are taken by :func:`forfeit_peeker_takings` once POOL-4 has chosen.
    """
    everything = ledger.options.peek_forfeits == "everything"
    for seat, kept in _peekers(ledger).items():
        who, why = ledger.name(seat), _why_peek(ledger, seat, kept)
        ledger.step("IRR-4", None, _PEEK_STEP[everything, kept], player=who)
        if seat in _named(ledger, "kept"):
            ledger.step("IRR-4", None, NoteCode.TWELVE_CARDS, player=who,
                        partie_size=len(ledger.replayed.partie))
        in_play: list[InPlay] = []
        for entry in ledger.in_play:
            if entry.payee_seat == seat and _forfeited_by_peek(ledger, entry.payment):
                ledger.forfeit(entry.payment, "IRR-4", why[0], **why[1])
            else:
                in_play.append(entry)
        ledger.in_play = in_play
        ledger.partie = _forfeit_to(ledger, seat, ledger.partie, why)
        ledger.to_winner = _forfeit_to(ledger, seat, ledger.to_winner, why)
        ledger.reversis = _forfeit_to(ledger, seat, ledger.reversis, why)
        for remise in ledger.remises:
            if remise.rule in FORCING_THE_QUINOLA and remise.payer != who and \
                    quinola_forcer(ledger, _trick_of(ledger, remise)) == seat:
                ledger.step("IRR-4", remise.trick, NoteCode.FORCED_REMISE_STANDS,
                            holder=remise.payer, forcer=who)


def forfeit_peeker_takings(ledger: Ledger) -> None:
    """IRR-4, after POOL-4: a pool taking (or an ESP-5 refund) due to him is not made.

    The taking POOL-4 chose is not made and the pool keeps what it held; a
    claim that gave way to his does not revive.  ``peek_forfeits =
    quinola_and_reversis`` names no pool taking and no refund.
    """
    for seat, kept in _peekers(ledger).items():
        why = _why_peek(ledger, seat, kept)
        ledger.espagnolette_payments = _forfeit_to(ledger, seat, ledger.espagnolette_payments,
                                                   why)
        before = list(ledger.takings)
        ledger.takings = _forfeit_to(ledger, seat, ledger.takings, why)
        if ledger.takings != before:
            ledger.step("POOL-4", None, NoteCode.POOL_NOT_TAKEN)


# --- IRR-5, IRR-6, IRR-7 ---------------------------------------------------------------------


def ten_card_player(ledger: Ledger) -> None:
    """IRR-5: a player who discarded two plays with ten and keeps his gains."""
    for seat in _named(ledger, "discarded-two"):
        ledger.step("IRR-5", None, NoteCode.TEN_CARDS, ("PARTIE-1",), player=ledger.name(seat),
                    partie_size=len(ledger.replayed.partie))


def discard_out_of_turn(ledger: Ledger) -> None:
    """IRR-6: a discard out of turn: 1 jeton (5) into the pool, once for each line."""
    for event in _events(ledger, "out-of-turn"):
        seat = event.seat
        if seat is not None:
            ledger.add_penalty(seat, OUT_OF_TURN, "IRR-6", ReasonCode.DISCARD_OUT_OF_TURN)


def revoke_remise(ledger: Ledger) -> None:
    """IRR-7: the revoker puts in a remise for each revoke (``revoke_penalty = remise``);
    the deal stands as played."""
    option = ledger.options.revoke_penalty
    tricks = ledger.replayed.tricks
    for revoke in ledger.replayed.revokes:
        facts: dict[str, Any] = {"card": revoke.card, "held": revoke.held}
        known = revoke.trick <= len(tricks)
        if known:
            facts["suit"] = tricks[revoke.trick - 1].led_suit
        if option == "remise":
            ledger.add_remise(revoke.seat, "IRR-7", revoke.trick, ReasonCode.REMISE_REVOKE
                              if known else ReasonCode.REMISE_REVOKE_NO_LEAD, **facts)
        else:
            ledger.step("IRR-7", revoke.trick,
                        NoteCode.REVOKE if known else NoteCode.REVOKE_NO_LEAD,
                        revoker=ledger.name(revoke.seat), trick=revoke.trick, **facts)
    if ledger.replayed.revokes:
        ledger.step("IRR-7", None, NoteCode.DEAL_STANDS)


# --- CLAIM-1 ---------------------------------------------------------------------------------


# CLAIM-1, nothing to forfeit: (claims_required is in_play, a payee named) -> the step.
_NOTHING_TO_CLAIM = {
    (True, False): NoteCode.NOTHING_TO_CLAIM_IN_PLAY,
    (False, False): NoteCode.NOTHING_TO_CLAIM_TO_WINNER,
    (True, True): NoteCode.NOTHING_TO_CLAIM_IN_PLAY_TO,
    (False, True): NoteCode.NOTHING_TO_CLAIM_TO_WINNER_TO,
}


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
        seat = event.seat
        if event.named is not None and seat is None:
            continue
        payee = ledger.name(seat) if seat is not None else None
        facts = {"trick": t} if payee is None else {"trick": t, "player": payee}

        def unclaimed(payment: Payment, trick: int | None = t, payee: str | None = payee) -> bool:
            # this event's trick and payee, bound now: the loop moves on to the next event
            return payment.trick == trick and (payee is None or payment.payee == payee)

        found, earlier = 0, list(ledger.cancelled)
        if option == "in_play":
            in_play = []
            for entry in ledger.in_play:
                if unclaimed(entry.payment):
                    ledger.forfeit(entry.payment, "CLAIM-1", NoteCode.FORFEIT_UNCLAIMED,
                                   claims_required=option)
                    found += 1
                else:
                    in_play.append(entry)
            ledger.in_play = in_play
        to_winner = []
        for payment in ledger.to_winner:
            if payment.rule in TO_THE_WINNER and unclaimed(payment):
                ledger.forfeit(payment, "CLAIM-1", NoteCode.FORFEIT_UNCLAIMED,
                              claims_required=option)
                found += 1
            else:
                to_winner.append(payment)
        ledger.to_winner = to_winner
        already = [p for p in earlier if unclaimed(p)
                   and (option == "in_play" or p.rule in TO_THE_WINNER)]
        for p in already:
            if p in ledger.forfeited:
                ledger.step("CLAIM-1", t, NoteCode.ALREADY_FORFEITED,
                            (p.rule, ledger.forfeited[p]), payment=p, by=ledger.forfeited[p])
            else:
                ledger.step("CLAIM-1", t, NoteCode.ALREADY_CANCELLED, (p.rule, "REV-4"),
                            payment=p)
        if not found and not already:
            ledger.step("CLAIM-1", t, _NOTHING_TO_CLAIM[option == "in_play", payee is not None],
                        () if option == "in_play" else ("ACE-3", "QUIN-3"), option=option,
                        **facts)
        elif found:
            ledger.step("CLAIM-1", t, NoteCode.TRICK_UNCLAIMED if payee is None
                        else NoteCode.TRICK_UNCLAIMED_TO, count=found, **facts)
        if ledger.takings and any(p.trick == t and p.rule == "QUIN-1" for p in ledger.takings):
            ledger.step("CLAIM-1", t, NoteCode.TAKING_NEEDS_NO_CLAIM)
