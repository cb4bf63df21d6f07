"""The rules of the table and of play, one test per rule id (docs/rules.md
DECK, SEAT, DEAL, PLAY), as the replay applies them."""

import pytest

from reversis_cli.cards import PACK, QUINOLA, Card, Rank
from reversis_cli.reader import record_from_text
from reversis_cli.replay import ReplayedDeal

from records import MINIMAL, codes_of, mutate


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
