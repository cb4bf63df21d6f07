"""The settlement as the search needs it: trick by trick, in whole units.

This states docs/rules.md once more, in the form a search can afford a million
times a deal: a :class:`Position` at the start of a trick holds the hands (bit
masks over ``PACK`` indexes) and, of the tricks played, only what the rest of
the settlement still reads (points and tricks taken, dues to the partie winner,
who owes the quinola's remise, who placed it, what the espagnolette would
refund, whether one player has taken every trick so far).  :func:`close_trick`
plays one trick into the next position; :func:`final_net` settles a finished
deal.  The engine (``settle/``) stays the reference: every figure ``analyse``
prints is settled again by it on the line of play behind the figure
(``analysis.py``), and tests/test_analyse_money.py holds the two together on
every leaf of many searched endgames.
"""

from __future__ import annotations

from typing import NamedTuple

from ..replay.rules_of_play import TRICKS_PER_DEAL, UNDERTAKEN_TRICKS, vis_a_vis
from .table import ACE_VALUE, PAYS, POINTS, QUINOLA_INDEX, TO_WINNER, DealTable

__all__ = ["Position", "close_trick", "final_net", "memo_key", "SUIT_MASKS", "OVER",
           "REVERSIS_PAYMENT"]

OVER = TRICKS_PER_DEAL + 1  # Position.trick once every trick is played
SUIT_MASKS = tuple(0xFFF << (12 * s) for s in range(4))
QUINOLA_PLACED, QUINOLA_HOLDER, QUINOLA_OTHER = 5, 10, 5  # QUIN-1, QUIN-2
REVERSIS_NEIGHBOUR, REVERSIS_VIS_A_VIS, REVERSIS_PAYMENT = 16, 32, 64  # REV-1, REV-3, ESP-6/7
NO_TRICK_YET = -2  # Position.sole before the first trick
NOBODY = -1

Play = tuple[int, int]  # (seat, card index)


class Position(NamedTuple):
    """A deal at the start of trick ``trick`` (12: over), seats 0-3 in playing order.

    Money is in the table's units.  ``acc`` is the in-play payments so far
    (ACE-1, ACE-2, QUIN-1's 5, QUIN-2, ESP-9) by seat; ``dues`` the ACE-3/QUIN-3
    amounts owed to the partie winner, (holder, units, trick) sorted;
    ``qremise`` the seat that owes the quinola's remise (QUIN-2, QUIN-3, ESP-9);
    ``qtake`` the seat QUIN-1 offers the pool; ``refunds`` (payer, units) of what
    the espagnolette received for placing the cards ESP-5 has him refund;
    ``sole`` the seat that took every trick so far (NO_TRICK_YET, NOBODY);
    ``broken`` (undertaker, breaker, trick) of a reversis broken (REV-3);
    ``esp_failed`` whether the espagnolette took a trick that fails him."""

    hands: tuple[int, int, int, int]
    leader: int
    trick: int
    points: tuple[int, ...]
    won: tuple[int, ...]
    dues: tuple[tuple[int, int, int], ...]
    qremise: int
    qtake: int
    refunds: tuple[tuple[int, int], ...]
    sole: int
    broken: tuple[int, int, int] | None
    esp_failed: bool
    acc: tuple[int, ...]

    @classmethod
    def first(cls, hands: tuple[int, int, int, int], first_hand: int) -> Position:
        zero = (0, 0, 0, 0)
        return cls(hands, first_hand, 1, zero, zero, (), NOBODY, NOBODY, (), NO_TRICK_YET,
                   None, False, zero)


def memo_key(pos: Position, table: DealTable) -> tuple:
    """What the money still to come depends on, besides ``acc``: everything but
    ``acc`` once no reversis can cancel the in-play payments (REV-4); with
    ``acc`` while one still may, since then the payments made so far may vanish."""
    if pos.sole != NOBODY or (pos.broken is not None and table.cancel_broken):
        return pos
    return pos[:-1]


def taker_of(plays: tuple[Play, ...]) -> int:
    """PLAY-3: the highest card of the suit led (the lowest index of that suit)."""
    seat, best = plays[0]
    led = best // 12
    for other, index in plays[1:]:
        if index < best and index // 12 == led:
            seat, best = other, index
    return seat


def close_trick(table: DealTable, pos: Position, plays: tuple[Play, ...]) -> Position:
    """The position after trick ``pos.trick``, played as ``plays`` from its leader."""
    number, leader = pos.trick, plays[0][0]
    taker = taker_of(plays)
    hands = list(pos.hands)
    gained = 0
    paying = False
    for seat, index in plays:
        hands[seat] &= ~(1 << index)
        gained += POINTS[index]
        paying = paying or PAYS[index]
    points = list(pos.points)
    points[taker] += gained
    won = list(pos.won)
    won[taker] += 1
    sole, broken = pos.sole, pos.broken
    if sole == NO_TRICK_YET:
        sole = taker
    elif sole >= 0 and taker != sole:
        if number > UNDERTAKEN_TRICKS:  # REV-2, REV-3: he took the first nine, not this
            broken = (sole, taker, number)
        sole = NOBODY
    esp_failed = pos.esp_failed or (taker == table.esp and table.fails(number))
    state = _Paying(pos, table)
    if paying:
        led = plays[0][1] // 12
        for seat, index in plays:
            if PAYS[index]:
                _card_falls(table, state, number, leader, taker, led, seat, index,
                            hands[seat])
    return Position(
        (hands[0], hands[1], hands[2], hands[3]), taker, number + 1, tuple(points),
        tuple(won), tuple(sorted(state.dues)) if paying else pos.dues, state.qremise,
        state.qtake, tuple(sorted(state.refunds)) if paying else pos.refunds, sole, broken,
        esp_failed, tuple(state.acc) if paying else pos.acc)


class _Paying:
    """The parts of a position an ace or the quinola changes, while a trick closes."""

    __slots__ = ("acc", "dues", "qremise", "qtake", "refunds", "lost")

    def __init__(self, pos: Position, table: DealTable) -> None:
        self.acc = list(pos.acc)
        self.dues = list(pos.dues)
        self.qremise, self.qtake = pos.qremise, pos.qtake
        self.refunds = list(pos.refunds)
        self.lost = table.lost

    def pay(self, payer: int, payee: int, units: int, rule: str, number: int) -> bool:
        """An in-play payment, unless IRR-4 or CLAIM-1 forfeits it; whether it was made."""
        if rule in self.lost[payee][number]:
            return False
        self.acc[payer] -= units
        self.acc[payee] += units
        return True


def _card_falls(table: DealTable, state: _Paying, number: int, leader: int, taker: int,
                led: int, seat: int, index: int, left: int) -> None:
    """ACE-1..3, QUIN-1..3, ESP-9 for one ace or the quinola (``left``: its holder's
    hand after the trick), classified as docs/rules.md "Placed, forced, led or
    played" says."""
    if seat == leader:
        kind = "led"
    elif index // 12 != led:
        kind = "placed"
    elif (index == QUINOLA_INDEX and seat == table.esp) or table.any_follow \
            or not left & SUIT_MASKS[led]:
        kind = "forced"
    else:
        kind = "played"
    double, unit = table.double, table.scale
    if index != QUINOLA_INDEX:
        value = ACE_VALUE[index] * unit
        if kind == "placed":  # ACE-1
            paid = value * double[taker][seat][number]
            if state.pay(taker, seat, paid, "ACE-1", number) and seat == table.esp \
                    and (table.refund_all_aces or ACE_VALUE[index] == 2):
                state.refunds.append((taker, paid))
        elif kind == "forced":  # ACE-2
            state.pay(seat, leader, value * double[seat][leader][number], "ACE-2", number)
        elif table.led_pays_winner:  # ACE-3
            state.dues.append((seat, value, number))
        return
    if kind == "placed":  # QUIN-1
        paid = QUINOLA_PLACED * unit * double[taker][seat][number]
        state.qtake = seat
        if state.pay(taker, seat, paid, "QUIN-1", number) and seat == table.esp:
            state.refunds.append((taker, paid))
        return
    state.qremise = seat  # QUIN-2, QUIN-3, ESP-9: a remise
    if kind == "forced":
        forcer = leader if table.forcer_is_leader else taker
        if forcer != seat:
            esp = seat == table.esp
            own = QUINOLA_OTHER if esp else QUINOLA_HOLDER
            state.pay(seat, forcer, own * unit * double[seat][forcer][number],
                      "ESP-9" if esp else "QUIN-2", number)
            for other in range(4):
                if other != seat and other != forcer:
                    state.pay(other, forcer, QUINOLA_OTHER * unit * double[other][forcer][number],
                              "QUIN-2", number)
    elif table.led_pays_winner:  # QUIN-3's 10 to the winner
        state.dues.append((seat, QUINOLA_HOLDER * unit, number))


# POOL-4: the claims on the pool, highest first (a claim forfeited under IRR-4 is
# dropped after the choice: the pool keeps what it held).
REV_TAKES, QUIN_TAKES, ESP_TAKES = 3, 2, 1


def final_net(table: DealTable, pos: Position) -> list[int]:
    """Each seat's net for the whole deal, in units, once the eleven tricks are played."""
    net = list(table.fixed)
    sole, broken = pos.sole, pos.broken
    made = sole >= 0
    cancel = made or (broken is not None and table.cancel_broken)  # REV-4
    qremise, qtake = (NOBODY, NOBODY) if cancel else (pos.qremise, pos.qtake)
    if not cancel:
        for seat in range(4):
            net[seat] += pos.acc[seat]
    taking = (QUIN_TAKES, qtake) if qtake >= 0 else (0, NOBODY)
    if made:
        taking = (REV_TAKES, sole)
        _reversis_made(table, net, sole)
    elif broken is not None:
        _reversis_broken(table, net, broken)
    else:
        qremise, taking = _normal(table, pos, net, qremise, taking)
    if taking[1] >= 0 and table.pool and taking[1] not in table.forfeits_all:  # IRR-4
        net[taking[1]] += table.pool
    if qremise >= 0:
        net[qremise] -= table.remise
    return net


def _reversis_made(table: DealTable, net: list[int], maker: int) -> None:
    """REV-1, or ESP-6: the espagnolette pays the whole 64."""
    unit, esp = table.scale, table.esp
    if maker in table.forfeits_all:  # IRR-4: nothing is paid to him
        return
    if esp >= 0 and esp != maker:
        net[esp] -= REVERSIS_PAYMENT * unit
        net[maker] += REVERSIS_PAYMENT * unit
        return
    for seat in range(4):
        if seat != maker:
            paid = (REVERSIS_VIS_A_VIS if vis_a_vis(seat, maker) else REVERSIS_NEIGHBOUR) * unit
            net[seat] -= paid
            net[maker] += paid


def _reversis_broken(table: DealTable, net: list[int], broken: tuple[int, int, int]) -> None:
    """REV-3, or ESP-7: the espagnolette pays the breaker; the undertaker's remise."""
    undertaker, breaker, number = broken
    payer, esp = undertaker, table.esp
    if esp >= 0 and esp != undertaker and esp != breaker and number in table.esp_pays_broken:
        payer = esp
    if breaker not in table.forfeits_breaking:  # IRR-4
        net[payer] -= REVERSIS_PAYMENT * table.scale
        net[breaker] += REVERSIS_PAYMENT * table.scale
    net[undertaker] -= table.remise


def _normal(table: DealTable, pos: Position, net: list[int], qremise: int,
            taking: tuple[int, int]) -> tuple[int, tuple[int, int]]:
    """A deal without a reversis: the partie, the dues to its winner and the
    espagnolette's success or failure; the quinola's remise and the pool's
    claim as they stand after ESP-5."""
    esp = table.esp
    keys = list(zip(pos.points, pos.won, strict=True))
    if esp < 0:
        winners, losers = _pick(table, keys, (0, 1, 2, 3), True), \
            _pick(table, keys, (0, 1, 2, 3), False)
    elif pos.esp_failed:  # ESP-5: he loses the partie
        losers = (esp,)
        winners = _pick(table, keys, tuple(s for s in range(4) if s != esp), True)
    else:  # ESP-4: he wins it wherever he sits, unless someone ranks better
        winners = (esp,) if keys[esp] == min(keys) else _pick(table, keys, (0, 1, 2, 3), True)
        losers = _pick(table, keys, (0, 1, 2, 3), False)
    each = table.partie // (len(winners) * len(losers))  # PARTIE-4
    for loser in losers:
        for winner in winners:
            if winner in table.forfeits_all:  # IRR-4
                continue
            double = 2 if table.partie_vis_double and vis_a_vis(loser, winner) else 1
            net[loser] -= each * double
            net[winner] += each * double
    for holder, units, number in pos.dues:  # ACE-3, QUIN-3, DOUBLE-3
        share = units // len(winners)
        for winner in winners:
            if winner != holder and TO_WINNER not in table.lost[winner][number]:
                paid = share * table.double[holder][winner][number]
                net[holder] -= paid
                net[winner] += paid
    if esp < 0:
        return qremise, taking
    if not pos.esp_failed:
        if table.esp_pool and taking[0] < 1:
            taking = (ESP_TAKES, esp)
        return qremise, taking
    for payer, units in pos.refunds:  # ESP-5: twice what he received
        if payer in table.forfeits_all:  # IRR-4
            continue
        net[esp] -= 2 * units
        net[payer] += 2 * units
    if table.esp_quinola:  # one remise of his own, and no pool by QUIN-1
        if qremise == esp:
            qremise = NOBODY
        if taking[1] == esp:
            taking = (0, NOBODY)
        net[esp] -= table.remise
    return qremise, taking


def _pick(table: DealTable, keys: list[tuple[int, int]], seats: tuple[int, ...],
          best: bool) -> tuple[int, ...]:
    """PARTIE-2 (``best``) and PARTIE-3: fewest (most) points, then tricks, then
    seat priority or a split (option ``partie_ties``)."""
    target = min([keys[s] for s in seats]) if best else max([keys[s] for s in seats])
    tied = [s for s in seats if keys[s] == target]
    if len(tied) == 1 or table.partie_split:
        return tuple(tied)
    rank = table.rank
    return (min(tied, key=rank.__getitem__),) if best else (max(tied, key=rank.__getitem__),)
