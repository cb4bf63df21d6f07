"""Aces and the quinola during play (docs/rules.md ACE-1..3, QUIN-1..3, DOUBLE-1..3, ESP-9).

Every ace and the quinola that falls to a trick is classified (docs/rules.md,
"Placed, forced, led or played") as *placed*, *forced*, *led* or *played*, and the rule for
that class applies.  Payments made during play are doubled by DOUBLE-1 and
DOUBLE-2 (``Ledger.add_in_play``); payments owed to the partie winner
(ACE-3, QUIN-3) wait until the partie is decided, then DOUBLE-3 doubles
them as if made in the trick where the card fell.
"""

from __future__ import annotations


from ..cards import ACE_OF_DIAMONDS, PACK, QUINOLA, Card, Suit
from ..replay import Play, PlayedTrick
from ..replay.result import Row
from ..replay.rules_of_play import fallen_by_follow, fallen_by_lead
from .ledger import Fall, Ledger, WinnerDue
from .payments import NoteCode, ReasonCode, Step, share

__all__ = ["leader_of", "classify", "classify_fall", "still_held", "in_play_payments",
           "pay_winner_dues", "ace_value"]

QUINOLA_PLACED = 5      # QUIN-1: one jeton
QUINOLA_FROM_HOLDER = 10  # QUIN-2: two jetons
QUINOLA_FROM_OTHER = 5    # QUIN-2: one jeton from each other player


def ace_value(card: Card) -> int:
    """ACE-1..3: an ace is worth 1, the ace of diamonds 2."""
    return 2 if card is ACE_OF_DIAMONDS else 1


def leader_of(trick: PlayedTrick) -> int:
    """Who led the trick: the player of its first card.  The same as ``trick.leader``,
    except in trick 11 after a ten-card player (IRR-5) took trick 10: having no card
    left, he cannot lead, and the next player with a card leads."""
    return trick.plays[0].seat


def classify(ledger: Ledger, trick: PlayedTrick, play: Play) -> tuple[str, NoteCode, dict]:
    """The class of a card played (placed / forced / led / played), the step that
    says why, and that step's facts (a played card's other card of the suit only
    when the ledger records steps): :func:`classify_fall` of the trick's play."""
    return classify_fall(ledger, Fall(trick.number, leader_of(trick), trick.taker, play.seat,
                                      play.card, trick.led_suit))


def classify_fall(ledger: Ledger, fall: Fall) -> tuple[str, NoteCode, dict]:
    """:func:`classify` of an ace or the quinola as the tally found it (its trick's
    number, leader, taker, the seat that played it and the suit led: no trick made)."""
    suit, seat, card = fall.led, fall.seat, fall.card
    fallen = fallen_by_lead(card, suit, seat == fall.leader)
    if fallen == "led":
        return fallen, NoteCode.CARD_LED, {}
    if fallen == "placed":
        return fallen, NoteCode.CARD_PLACED, {"suit": suit}
    if card is QUINOLA and seat == ledger.espagnolette:
        return "forced", NoteCode.CARD_FORCED_ESPAGNOLETTE, {}
    if ledger.options.forced_means == "any_follow":
        return "forced", NoteCode.CARD_FORCED_ANY_FOLLOW, {}
    # the other cards of the suit he still held (ReplayedDeal.held_at), read from where
    # each card was played: no set of the cards played before is built
    number, rows = fall.trick, ledger.replayed.rows
    # a plain deal: the rows say it, without the hands (the fast path); not where a
    # player kept a talon card (IRR-4): he held a card the rows do not show
    if rows is not None and not ledger.replayed.deal.events_of("kept"):
        others = still_held(rows, seat, number, suit)
    else:
        played_in = ledger.tally.played_in
        others = [c for c in ledger.replayed.hands[seat]
                  if c.suit is suit and c is not card and not 0 < played_in[c.index] < number]
    if fallen_by_follow(bool(others)) == "played":
        # the card the step names, looked for only when there is a step to say it
        return "played", NoteCode.CARD_PLAYED, (
            {"other": min(others, key=_index)} if ledger.steps is not None else {})
    return "forced", NoteCode.CARD_FORCED, {"suit": suit}


def still_held(rows: tuple[Row, ...], seat: int, number: int, suit: Suit) -> list[Card]:
    """The cards of ``suit`` that ``seat`` still held after trick ``number`` of a
    plain deal, read from its rows: a plain deal's hands are the cards played,
    so they are the ones he played later (the fast path beside the reading of
    ``ReplayedDeal.hands`` in :func:`classify`; tests/test_replay_plain.py holds
    the two to each other)."""
    found = []
    for row in rows[number:]:
        card = PACK[row[2 + (seat - row[1]) % 4]]  # the row's cards are in playing order
        if card.suit is suit:
            found.append(card)
    return found


def _index(card: Card) -> int:
    return card.index


# The rules a step about a card's class cites besides PLAY.
_CLASS_CITES = {NoteCode.CARD_FORCED_ESPAGNOLETTE: ("PLAY", "ESP-9")}


def in_play_payments(ledger: Ledger) -> None:
    """ACE-1..3 and QUIN-1..3 for every ace and the quinola, trick by trick."""
    names, steps = ledger.names, ledger.steps
    for fall in ledger.tally.paying:  # the aces and the quinola, as they fell
        card = fall.card
        kind, code, facts = classify_fall(ledger, fall)
        if steps is not None:
            # the step as Ledger.step makes it, without its keyword call
            steps.append(_new(Step, ("PLAY", fall.trick, code,
                                     {"player": names[fall.seat], "card": card, **facts},
                                     _CLASS_CITES.get(code, ("PLAY",)))))
        (_QUINOLA if card is QUINOLA else _ACE)[kind](ledger, fall)


_new = tuple.__new__


def ace_placed(ledger: Ledger, fall: Fall) -> None:
    """ACE-1: the taker of the trick pays the placer."""
    ledger.add_in_play(fall.taker, fall.seat, ace_value(fall.card), "ACE-1", fall.trick,
                       fall.card, ReasonCode.ACE_PLACED)


def ace_forced(ledger: Ledger, fall: Fall) -> None:
    """ACE-2: the holder of a forced ace pays the leader of the trick (``leader_of``)."""
    ledger.add_in_play(fall.seat, fall.leader, ace_value(fall.card), "ACE-2", fall.trick,
                       fall.card, ReasonCode.ACE_FORCED)


def ace_led_or_played(ledger: Ledger, fall: Fall) -> None:
    """ACE-3: owed to the partie winner after the deal, when the profile says so."""
    if not ledger.options.led_aces_pay_winner:
        ledger.step("ACE-3", fall.trick, NoteCode.NO_WINNER_DUE_BY_OPTION)
        return
    value = ace_value(fall.card)
    ledger.winner_dues.append(WinnerDue("ACE-3", fall.seat, fall.card, value, fall.trick))
    ledger.step("ACE-3", fall.trick, NoteCode.WINNER_DUE_NOTED,
                player=ledger.name(fall.seat), amount=value, card=fall.card, trick=fall.trick)


def quinola_placed(ledger: Ledger, fall: Fall) -> None:
    """QUIN-1: the taker pays the placer 5, and the placer takes the pool."""
    ledger.add_in_play(fall.taker, fall.seat, QUINOLA_PLACED, "QUIN-1", fall.trick, fall.card,
                       ReasonCode.QUINOLA_PLACED)
    ledger.offer_taking(fall.seat, "QUIN-1", fall.trick, ReasonCode.POOL_TAKEN_QUINOLA)


def quinola_forcer(ledger: Ledger, trick: PlayedTrick) -> int:
    """QUIN-2: the forcer is the trick's leader or taker, by option ``quinola_forcer``."""
    return leader_of(trick) if ledger.options.quinola_forcer == "leader" else trick.taker


def _forcer(ledger: Ledger, fall: Fall) -> int:
    """:func:`quinola_forcer` of the trick the quinola fell in, as the tally found it."""
    return fall.leader if ledger.options.quinola_forcer == "leader" else fall.taker


def quinola_forced(ledger: Ledger, fall: Fall) -> None:
    """QUIN-2 (ESP-9 for the espagnolette): the forcer is paid, the holder puts in a remise."""
    holder, forcer, t, card = fall.seat, _forcer(ledger, fall), fall.trick, fall.card
    esp = holder == ledger.espagnolette
    rule = "ESP-9" if esp else "QUIN-2"
    if forcer == holder:
        ledger.step("QUIN-2", t, NoteCode.OWN_QUINOLA_NO_FORCER, player=ledger.name(holder))
    else:
        # ESP-9: the espagnolette pays as the others do (5), not the holder's 10.
        base = QUINOLA_FROM_OTHER if esp else QUINOLA_FROM_HOLDER
        ledger.add_in_play(holder, forcer, base, rule, t, card, ReasonCode.QUINOLA_FORCED)
        for other in range(4):
            if other not in (holder, forcer):
                ledger.add_in_play(other, forcer, QUINOLA_FROM_OTHER, "QUIN-2", t, card,
                                   ReasonCode.QUINOLA_FORCED_OTHER,
                                   holder=ledger.name(holder))
    ledger.add_remise(holder, rule, t, ReasonCode.REMISE_QUINOLA_FORCED, card=card)


def quinola_led_or_played(ledger: Ledger, fall: Fall) -> None:
    """QUIN-3: a remise, and 10 to the partie winner when led_aces_pay_winner."""
    holder, card = fall.seat, fall.card
    ledger.add_remise(holder, "QUIN-3", fall.trick, ReasonCode.REMISE_QUINOLA_FALLEN, card=card)
    if ledger.options.led_aces_pay_winner:
        ledger.winner_dues.append(
            WinnerDue("QUIN-3", holder, card, QUINOLA_FROM_HOLDER, fall.trick))
        ledger.step("QUIN-3", fall.trick, NoteCode.WINNER_DUE_NOTED,
                    player=ledger.name(holder), amount=QUINOLA_FROM_HOLDER, card=card,
                    trick=fall.trick)


_ACE = {"placed": ace_placed, "forced": ace_forced,
        "led": ace_led_or_played, "played": ace_led_or_played}
_QUINOLA = {"placed": quinola_placed, "forced": quinola_forced,
            "led": quinola_led_or_played, "played": quinola_led_or_played}

# ACE-3 / QUIN-3: the payment to the winner, by whether the holder led the card.
_TO_WINNER = {("ACE-3", True): ReasonCode.ACE_LED_TO_WINNER,
              ("ACE-3", False): ReasonCode.ACE_PLAYED_TO_WINNER,
              ("QUIN-3", True): ReasonCode.QUINOLA_LED_TO_WINNER,
              ("QUIN-3", False): ReasonCode.QUINOLA_PLAYED_TO_WINNER}


def pay_winner_dues(ledger: Ledger) -> None:
    """ACE-3 / QUIN-3 with DOUBLE-3: each winner gets his share, doubled per pair.

    The amount is shared among split winners; a holder who is himself one of
    the winners pays only the others' shares (nothing when he is the winner).
    DOUBLE-3 doubles on DOUBLE-1/DOUBLE-2's grounds: the payment cites DOUBLE-3.
    """
    winners = ledger.winners
    for due in ledger.winner_dues:
        if not winners:
            ledger.step(due.rule, due.trick, NoteCode.NO_PARTIE_WINNER)
            continue
        each = share(due.base, len(winners))
        code = _TO_WINNER[due.rule, _led(ledger, due)]
        for winner in winners:
            if winner == due.holder:
                ledger.step(due.rule, due.trick, NoteCode.WINNER_OWES_SELF_NOTHING,
                            player=ledger.name(winner), card=due.card)
                continue
            grounds = ledger.doubling(due.holder, winner, due.trick)
            factor = 2 ** len(grounds)
            params = {"card": due.card, "factor": factor}
            if grounds:
                params["doubled_for"] = grounds
            pay = ledger.payment(due.holder, winner, each * factor, due.rule, due.trick, code,
                                 params, ("DOUBLE-3",) if grounds else ())
            ledger.to_winner.append(pay)
            ledger.record(pay)


def _led(ledger: Ledger, due: WinnerDue) -> bool:
    """Whether the holder led the card owed to the winner.  A plain deal's from its
    row (the fast path: its leader plays first, and no trick is made, nor its lean
    line made to write out its words); any other's from the trick (``leader_of``)."""
    rows = ledger.replayed.rows
    if rows is not None:
        return rows[due.trick - 1][1] == due.holder
    return leader_of(ledger.replayed.trick(due.trick)) == due.holder
