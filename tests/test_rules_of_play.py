"""The rules of the table and of play, one test per rule id (docs/rules.md
DECK, SEAT, DEAL, PLAY), as the replay applies them."""

import pytest

from reversis_cli.cards import PACK, QUINOLA, Card, Rank
from reversis_cli.reader import record_from_text
from reversis_cli.replay import ReplayedDeal
from reversis_cli.replay.plain import replay_plain
from reversis_cli.replay import replay_full

from records import (
    ESPAGNOLETTE, ESPAGNOLETTE_RENOUNCES_IN_TRICK_9, ESPAGNOLETTE_REVOKES_IN_TRICK_10, MINIMAL,
    REVOKE_HELD_CARD_PLAYED_NEXT, codes_of, mutate,
)


def replayed(text=MINIMAL):
    with record_from_text(text) as record:
        return next(record.deals()).replayed


def test_DECK_1_48_cards_no_tens_ace_high():
    assert len(PACK) == 48
    assert {c.rank for c in PACK} == set(Rank) and 10 not in {r.value for r in Rank}
    assert max(Rank) is Rank.ACE


def test_DECK_2_points_and_the_quinola():
    assert [Card.parse(s).points for s in ("AS", "KH", "QD", "JC", "9S")] == [4, 3, 2, 1, 0]
    assert sum(c.points for c in PACK) == 40
    assert QUINOLA is Card.parse("JH")


def test_SEAT_1_first_hand_leads_and_vis_a_vis():
    deal = replayed()
    assert deal.name(deal.first_hand) == "Anna"      # Gleb deals, Anna is next
    assert deal.tricks[0].leader == deal.first_hand
    assert ReplayedDeal.vis_a_vis(0, 2) and ReplayedDeal.vis_a_vis(1, 3)
    assert not ReplayedDeal.vis_a_vis(0, 1)


def test_DEAL_1_hand_sizes_are_checked():
    assert "RV204" in [c for c, _, _ in codes_of(
        MINIMAL.replace("deal 1 dealer Gleb\n",
                        "deal 1 dealer Gleb\n  hand Anna KS QS 9S 8S 6S 8H 4H 2H KD QD\n"))]


def test_PLAY_1_the_taker_leads_next():
    deal = replayed()
    for before, after in zip(deal.tricks, deal.tricks[1:], strict=False):
        assert after.leader == before.taker


def test_PLAY_2_renounce_only_when_void_in_the_suit():
    deal = replayed()
    assert deal.revokes == ()
    revoking = mutate(mutate(MINIMAL, 8, "QS QH 2S AD", "QS QH 7H AD"), 11, "6S 9C 7H 7C",
                      "6S 9C 2S 7C")
    assert [r.trick for r in replayed(revoking).revokes] == [6, 7]


def _both_replays(text):
    """The deal replayed by the full walk (replay/play.py) and by the one-pass
    replay of a plain deal (replay/plain.py; None when it leaves the deal to the
    full walk).  A deal with a revoke is plain: both find the same revokes."""
    with record_from_text(text) as record:
        deal = next(record.deals()).deal
        assert deal is not None
        return replay_full(deal, record.players), replay_plain(deal, record.players)


def _revokes(deal):
    return [(r.trick, deal.name(r.seat), str(r.card), str(r.held)) for r in deal.revokes]


def test_PLAY_4_a_revoke_is_seen_when_the_held_card_is_played_in_the_very_next_trick():
    full, plain = _both_replays(REVOKE_HELD_CARD_PLAYED_NEXT)
    assert _revokes(full) == [(6, "Vera", "5C", "2S")]
    assert plain == full and plain.rows is not None
    assert _revokes(replayed(REVOKE_HELD_CARD_PLAYED_NEXT)) == [(6, "Vera", "5C", "2S")]


def test_ESP_2_the_privilege_covers_tricks_1_to_9():
    for text in (ESPAGNOLETTE, ESPAGNOLETTE_RENOUNCES_IN_TRICK_9):
        full, plain = _both_replays(text)
        assert full.espagnolette is not None and full.name(full.espagnolette.seat) == "Boris"
        assert full.revokes == ()
        assert plain == full
    assert codes_of(ESPAGNOLETTE_RENOUNCES_IN_TRICK_9) == []


def test_ESP_2_a_renounce_in_trick_10_while_holding_the_suit_is_a_revoke():
    full, plain = _both_replays(ESPAGNOLETTE_REVOKES_IN_TRICK_10)
    assert _revokes(full) == [(10, "Boris", "7H", "5D")]
    assert plain == full and plain.rows is not None
    assert codes_of(ESPAGNOLETTE_REVOKES_IN_TRICK_10) == [("RV201", 12, 17)]


@pytest.mark.parametrize("trick, taker", [(1, "Boris"), (2, "Gleb"), (3, "Anna"), (11, "Gleb")])
def test_PLAY_3_the_highest_card_of_the_suit_led_takes(trick, taker):
    deal = replayed()
    assert deal.name(deal.tricks[trick - 1].taker) == taker


def test_PLAY_3_off_suit_cards_never_take():
    deal = replayed()
    for trick in deal.tricks:
        winner = trick.play_of(trick.taker).card
        assert winner.suit is trick.led_suit
        assert all(p.card.rank < winner.rank for p in trick.plays
                   if p.card.suit is trick.led_suit and p.card is not winner)
