"""The lean settlement of a deal where a player discarded two (IRR-5).

``discarded-two NAME``: NAME played ten cards, so trick 11 has three and the
partie five.  Nothing is paid for it (the engine's IRR-5 entry only notes it):
every rule settles such a deal as a plain one, from its tricks as played.
replay/plaintwo.py replays it without rows of four cards
(``ReplayedDeal.walked``); :func:`settle_two` makes those rows here, trick 11's
with :data:`~.lean.NO_CARD_INDEX` at the ten-card player's place (a card of no
suit, worth nothing, that pays nothing), and settles it as settle/lean.py
settles a plain deal: how an ace or the quinola fell (a card of the suit led
that its player played later he still held: NAME played none in trick 11), the
partie's standing, the reversis found from the takers, the espagnolette, the
dues to the winner, a revoke's remise.  Trick 11's leader is the player of its
first card, as the engine's ``inplay.leader_of`` reads it (when NAME took trick
10, the player after him: ACE-2 pays him, QUIN-2's ``leader`` is him).

It gives up (None: the engine settles the deal) on any other event line beside
the ``discarded-two`` one, a void or incomplete deal, a rule option it does not
know (``lean.HANDLED``), and under ``REVERSIS_REFERENCE=1``.  As the engine does
in every deal with an event line, it reads ``peek_forfeits`` and
``claims_required`` (what ``stats --compare`` watches).
tests/test_settle_leantwo.py holds it to the engine, payment by payment and
byte by byte, under every value of every option.
"""

from __future__ import annotations

from operator import attrgetter

from .. import fastpaths
from ..replay import ReplayedDeal
from ..replay.plaintwo import WalkedTricks
from ..replay.result import Row, Walked
from ..rules import Profile
from .lean import NO_CARD_INDEX, _Lean, deal_facts, handles
from .leandeal import LeanDeal
from .payments import Amount, whole
from .settlement import DealSettlement

__all__ = ["settle_two", "rows_of_walk"]


def settle_two(replayed: ReplayedDeal, profile: Profile, pool_before: Amount,
               previous: DealSettlement | LeanDeal | None, session_start: Amount | None
               ) -> LeanDeal | None:
    """The settlement of a deal replay/plaintwo.py replayed (``engine.settle_deal``
    without steps, as ``SessionSettler.settle_lean`` asks it), or None: not such a
    deal, another event line beside it, an option not handled, or
    ``REVERSIS_REFERENCE=1``."""
    walked = replayed.walked
    if fastpaths.REFERENCE or walked is None or not replayed.complete or replayed.void \
            or len(replayed.players) != 4 or not handles(profile.options):
        return None
    events = replayed.deal.events
    if len(events) != 1 or events[0].kind != "discarded-two":
        return None
    _READ_BY_THE_ENGINE(profile.options)
    rows = rows_of_walk(walked)
    return _Lean(replayed, profile, whole(pool_before), previous, session_start, rows).settle(
        deal_facts(replayed, rows))


def rows_of_walk(walked: tuple[Walked, ...]) -> tuple[Row, ...]:
    """The tricks as walked, as a plain deal's rows (``result.Row``: the cards in
    playing order from the leader, the seat of each card ``(leader + k) % 4``);
    in a trick of three cards, :data:`~.lean.NO_CARD_INDEX` where the ten-card
    player, passed over, played none."""
    try:  # tricks 1-10 of four cards (replay/plaintwo.py walks no other), then trick 11
        rows = [*walked.ten] if type(walked) is WalkedTricks else [  # the walk's own rows
            (number, leader, c0, c1, c2, c3, taker)
            for number, leader, _, taker, (c0, c1, c2, c3) in walked[:-1]]
        number, leader, seats, taker, (i0, i1, i2) = walked[-1]
    except ValueError:
        return _rows_of_any_walk(walked)
    cards = [NO_CARD_INDEX] * 4
    cards[(seats[0] - leader) % 4] = i0
    cards[(seats[1] - leader) % 4] = i1
    cards[(seats[2] - leader) % 4] = i2
    c0, c1, c2, c3 = cards
    rows.append((number, leader, c0, c1, c2, c3, taker))
    return tuple(rows)


def _rows_of_any_walk(walked: tuple[Walked, ...]) -> tuple[Row, ...]:
    """:func:`rows_of_walk` of tricks of three or four cards in any place."""
    rows: list[Row] = []
    for number, leader, seats, taker, indexes in walked:
        if len(indexes) == 4:  # seats in playing order from the leader: the row's order
            rows.append((number, leader, *indexes, taker))
            continue
        cards = [NO_CARD_INDEX] * 4
        for seat, index in zip(seats, indexes, strict=True):
            cards[(seat - leader) % 4] = index
        c0, c1, c2, c3 = cards
        rows.append((number, leader, c0, c1, c2, c3, taker))
    return tuple(rows)


# The options the engine reads in every deal with an event line (IRR-4, CLAIM-1),
# whatever the line: read here too, so that ``stats --compare`` sees the same reads.
_READ_BY_THE_ENGINE = attrgetter("peek_forfeits", "claims_required")
