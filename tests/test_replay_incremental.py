"""The public incremental replay (``replay_full`` and ``find_revokes``), used
the way ``reversis record`` uses it on a deal still being typed: the tricks so
far are replayed, then searched for revokes.  Trick by trick, it must come to
the same tricks and the same revokes, with the same warnings, as the replay
of the whole deal that ``check`` makes."""

from __future__ import annotations

import pytest

from reversis_cli.reader import record_from_text
from reversis_cli.replay import (
    TRICKS_PER_DEAL, ReplayedDeal, find_revokes, replay_deal, replay_full,
)
from reversis_cli.simulate import SimulationOptions, simulate_session
from reversis_cli.values import replace

from records import REVOKE_HELD_CARD_PLAYED_NEXT


def _whole_deals(text: str) -> list[ReplayedDeal]:
    """The deals of ``text`` whose replay establishes every trick."""
    out = []
    with record_from_text(text) as record:
        for read in record.deals():
            if read.deal is None:
                continue
            full = replay_full(read.deal, record.players)
            if full.complete and len(full.tricks) == TRICKS_PER_DEAL and not full.unresolved:
                out.append(full)
    return out


def _first_tricks(full: ReplayedDeal, count: int) -> ReplayedDeal:
    """The deal replayed with only its first ``count`` trick lines written, as
    the recorder replays a deal being typed."""
    later = {id(line) for line in full.deal.tricks[count:]}
    deal = replace(full.deal, statements=tuple(s for s in full.deal.statements
                                               if id(s) not in later))
    return replay_full(deal, full.players)


def _warnings(replayed: ReplayedDeal) -> list:
    return [d for d in replayed.diagnostics if d.code == "RV201"]


def _simulated(**options) -> str:
    """Twelve deals: every second one with a revoke, every fourth an espagnolette."""
    forces = {n: "revoke" if n % 4 else "espagnolette" for n in range(2, 13, 2)}
    return "".join(simulate_session(SimulationOptions(12, seed=11, events=0.3, forces=forces,
                                                      **options)))


@pytest.mark.parametrize("options", [{}, {"write_hands": True}], ids=str)
def test_trick_by_trick_comes_to_the_whole_deal_s_tricks_and_revokes(options):
    deals = _whole_deals(_simulated(**options))
    assert sum(len(full.revokes) for full in deals) >= 3  # the test tests something
    assert any(full.espagnolette is not None for full in deals)
    for full in deals:
        assert full == replay_deal(full.deal, full.players)  # the reference is check's replay
        whole = find_revokes(full, full.tricks, full.espagnolette)
        assert [revoke for revoke, _ in whole] == list(full.revokes)
        assert [warning for _, warning in whole] == _warnings(full)
        seen: set[tuple] = set()
        for count in range(1, TRICKS_PER_DEAL + 1):
            so_far = _first_tricks(full, count)
            assert so_far.tricks == full.tricks[:count], f"deal {full.number}, trick {count}"
            found = {(r.trick, r.seat, r.card)
                     for r, _ in find_revokes(so_far, so_far.tricks, full.espagnolette)}
            # A revoke once seen stays seen, and only the whole deal's revokes are seen.
            assert seen <= found <= {(r.trick, r.seat, r.card) for r in full.revokes}
            seen = found
        last = _first_tricks(full, TRICKS_PER_DEAL)
        assert find_revokes(last, last.tricks, full.espagnolette) == whole


def test_a_revoke_shows_once_the_suit_not_followed_is_played():
    # Vera plays 5C on trick 6's spade lead and 2S in trick 7.
    (full,) = _whole_deals(REVOKE_HELD_CARD_PLAYED_NEXT)
    for count, expected in ((6, []), (7, _warnings(full))):
        so_far = _first_tricks(full, count)
        found = find_revokes(so_far, so_far.tricks, None)
        assert [warning for _, warning in found] == expected
    assert [(w.pos.line, w.pos.column) for w in _warnings(full)] == [(8, 16)]
    assert "Vera played 5C on a spade lead while holding 2S" in str(_warnings(full)[0].message)
