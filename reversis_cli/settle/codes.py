"""Why a payment is due and what a step of the reasoning says: stable identifiers.

A settlement keys its payments and steps on these codes, with their facts as
params; the sentences are templates keyed on the same codes (``texts.py``),
and JSON writes a payment's code as it is (docs/output.md, "Reason codes").
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["JETON", "DealStatus", "EspagnoletteStatus", "NoteCode", "Outcome", "ReasonCode"]

JETON = 5  # fiches: what the irregularities' fines are counted in (IRR-2, IRR-3, IRR-6)


class DealStatus(StrEnum):
    """Whether a deal was played or is void (IRR-0): the deal's ``status`` in JSON."""

    PLAYED = "played"
    VOID = "void"


class Outcome(StrEnum):
    """What became of a reversis (REV-1, REV-3): the deal's ``outcome`` in JSON."""

    NORMAL = "normal"
    REVERSIS = "reversis"
    REVERSIS_BROKEN = "reversis_broken"


class EspagnoletteStatus(StrEnum):
    """What became of an espagnolette (ESP-3, ESP-4, ESP-5, ESP-10): his ``status`` in JSON."""

    SUCCESS = "success"
    FAILED = "failed"
    WAIVED = "waived"
    SUPERSEDED = "superseded"


class ReasonCode(StrEnum):
    """Why a payment is due: a stable identifier that readers (JSON, arbitrate, a
    translation) key on instead of the English ``reason``.  Each has one template
    (``texts.REASONS``); docs/output.md lists them with their params."""

    STAKE = "stake"
    STAKE_DEALER = "stake_dealer"
    ACE_PLACED = "ace_placed"
    ACE_FORCED = "ace_forced"
    ACE_LED_TO_WINNER = "ace_led_to_winner"
    ACE_PLAYED_TO_WINNER = "ace_played_to_winner"
    QUINOLA_PLACED = "quinola_placed"
    QUINOLA_FORCED = "quinola_forced"
    QUINOLA_FORCED_OTHER = "quinola_forced_other"
    QUINOLA_LED_TO_WINNER = "quinola_led_to_winner"
    QUINOLA_PLAYED_TO_WINNER = "quinola_played_to_winner"
    PARTIE_LOST = "partie_lost"
    PARTIE_LOST_VIS_A_VIS = "partie_lost_vis_a_vis"
    REVERSIS_MADE_NEIGHBOUR = "reversis_made_neighbour"
    REVERSIS_MADE_VIS_A_VIS = "reversis_made_vis_a_vis"
    REVERSIS_MADE_ESPAGNOLETTE = "reversis_made_espagnolette"
    REVERSIS_BROKEN = "reversis_broken"
    ESPAGNOLETTE_REFUND = "espagnolette_refund"
    REMISE_QUINOLA_FORCED = "remise_quinola_forced"
    REMISE_QUINOLA_FALLEN = "remise_quinola_fallen"
    REMISE_REVERSIS_BROKEN = "remise_reversis_broken"
    REMISE_ESPAGNOLETTE_FAILED = "remise_espagnolette_failed"
    REMISE_REVOKE = "remise_revoke"
    REMISE_REVOKE_NO_LEAD = "remise_revoke_no_lead"
    POOL_TAKEN_REVERSIS = "pool_taken_reversis"
    POOL_TAKEN_QUINOLA = "pool_taken_quinola"
    POOL_TAKEN_ESPAGNOLETTE = "pool_taken_espagnolette"
    MISDEAL_REDEAL = "misdeal_redeal"
    MISDEAL_LATE = "misdeal_late"
    DISCARD_OUT_OF_TURN = "discard_out_of_turn"


class NoteCode(StrEnum):
    """What a reasoning step says (a ranking, an option that rules a payment out, a
    payment recorded, cancelled or forfeited), and why a payment was forfeited: the
    steps' counterpart of :class:`ReasonCode`, one template each (``texts.NOTES``)."""

    # steps that record a payment (params: ``payment``)
    OWES = "owes"
    PAYS = "pays"
    PUTS_IN_REMISE = "puts_in_remise"
    PAYS_PENALTY = "pays_penalty"
    DUE_THE_POOL = "due_the_pool"
    NOT_PAID = "not_paid"
    CANCELLED = "cancelled"
    # why a payment was forfeited (a cancelled payment's params ``forfeit``)
    FORFEIT_PEEKED = "forfeit_peeked"
    FORFEIT_KEPT = "forfeit_kept"
    FORFEIT_PEEKED_FORCING = "forfeit_peeked_forcing"
    FORFEIT_KEPT_FORCING = "forfeit_kept_forcing"
    FORFEIT_UNCLAIMED = "forfeit_unclaimed"
    # the pool
    STAKED_EMPTY = "staked_empty"
    STAKED_VOID_PENALTIES = "staked_void_penalties"
    NOT_STAKED_POT = "not_staked_pot"
    STAKED_BELOW_INITIAL = "staked_below_initial"
    NOT_STAKED_FULL = "not_staked_full"
    STAKED_TAKEN = "staked_taken"
    STAKED_QUIET = "staked_quiet"
    NOT_STAKED_FED = "not_staked_fed"
    POOL_AT_START = "pool_at_start"
    TAKING_GIVES_WAY = "taking_gives_way"
    POOL_TAKEN = "pool_taken"
    POOL_NOT_TAKEN = "pool_not_taken"
    # cards that fall to a trick
    CARD_LED = "card_led"
    CARD_PLACED = "card_placed"
    CARD_FORCED = "card_forced"
    CARD_FORCED_ESPAGNOLETTE = "card_forced_espagnolette"
    CARD_FORCED_ANY_FOLLOW = "card_forced_any_follow"
    CARD_PLAYED = "card_played"
    NO_WINNER_DUE_BY_OPTION = "no_winner_due_by_option"
    WINNER_DUE_NOTED = "winner_due_noted"
    OWN_QUINOLA_NO_FORCER = "own_quinola_no_forcer"
    NO_PARTIE_WINNER = "no_partie_winner"
    WINNER_OWES_SELF_NOTHING = "winner_owes_self_nothing"
    # the partie
    PARTIE_VALUE = "partie_value"
    PARTIE_NOT_PAID_MADE = "partie_not_paid_made"
    PARTIE_NOT_PAID_BROKEN = "partie_not_paid_broken"
    POINTS_AND_TRICKS = "points_and_tricks"
    PARTIE_WINNER = "partie_winner"
    PARTIE_LOSER = "partie_loser"
    PARTIE_WINNERS_SPLIT = "partie_winners_split"
    PARTIE_LOSERS_SPLIT = "partie_losers_split"
    PARTIE_WINNER_BY_SEAT = "partie_winner_by_seat"
    PARTIE_LOSER_BY_SEAT = "partie_loser_by_seat"
    # the reversis
    REVERSIS_MADE = "reversis_made"
    REVERSIS_BROKEN = "reversis_broken_noted"  # not ReasonCode.REVERSIS_BROKEN's id
    IN_PLAY_STANDS = "in_play_stands"
    NO_QUINOLA_REMISE = "no_quinola_remise"
    NO_QUINOLA_TAKING = "no_quinola_taking"
    # the espagnolette
    ESPAGNOLETTE_WAIVED = "espagnolette_waived"
    ESPAGNOLETTE_HELD = "espagnolette_held"
    ESPAGNOLETTE_SUPERSEDED = "espagnolette_superseded"
    ESPAGNOLETTE_FAILED_TOOK = "espagnolette_failed_took"
    ESPAGNOLETTE_SUCCEEDED_NO_TRICK = "espagnolette_succeeded_no_trick"
    ESPAGNOLETTE_SUCCEEDED_NOT_LATE = "espagnolette_succeeded_not_late"
    ESPAGNOLETTE_LOSES_PARTIE = "espagnolette_loses_partie"
    ESPAGNOLETTE_WINS_PARTIE = "espagnolette_wins_partie"
    ESPAGNOLETTE_OUTRANKED = "espagnolette_outranked"
    ESPAGNOLETTE_REVERSIS_ORDINARY = "espagnolette_reversis_ordinary"
    ESPAGNOLETTE_BROKE_REVERSIS = "espagnolette_broke_reversis"
    UNDERTAKER_PAYS_BROKEN = "undertaker_pays_broken"
    NO_REFUND_OF_FORFEITED = "no_refund_of_forfeited"
    NO_REFUND_BY_OPTION = "no_refund_by_option"
    NO_QUINOLA_NO_REMISE = "no_quinola_no_remise"
    QUINOLA_REMISE_REPLACED = "quinola_remise_replaced"
    QUINOLA_TAKING_VOID = "quinola_taking_void"
    # irregularities and claims
    DEAL_NOT_SETTLED = "deal_not_settled"
    VOID_DEAL = "void_deal"
    CARD_EXPOSED = "card_exposed"
    MISDEAL_PASSES = "misdeal_passes"
    REDEAL_WITHOUT_MISDEAL = "redeal_without_misdeal"
    LATE_MISDEAL_NO_REDEAL = "late_misdeal_no_redeal"
    PEEKED_EVERYTHING = "peeked_everything"
    KEPT_EVERYTHING = "kept_everything"
    PEEKED_FORCING = "peeked_forcing"
    KEPT_FORCING = "kept_forcing"
    TWELVE_CARDS = "twelve_cards"
    FORCED_REMISE_STANDS = "forced_remise_stands"
    TEN_CARDS = "ten_cards"
    REVOKE = "revoke"
    REVOKE_NO_LEAD = "revoke_no_lead"
    DEAL_STANDS = "deal_stands"
    ALREADY_FORFEITED = "already_forfeited"
    ALREADY_CANCELLED = "already_cancelled"
    NOTHING_TO_CLAIM_IN_PLAY = "nothing_to_claim_in_play"
    NOTHING_TO_CLAIM_TO_WINNER = "nothing_to_claim_to_winner"
    NOTHING_TO_CLAIM_IN_PLAY_TO = "nothing_to_claim_in_play_to"
    NOTHING_TO_CLAIM_TO_WINNER_TO = "nothing_to_claim_to_winner_to"
    TRICK_UNCLAIMED = "trick_unclaimed"
    TRICK_UNCLAIMED_TO = "trick_unclaimed_to"
    TAKING_NEEDS_NO_CLAIM = "taking_needs_no_claim"
