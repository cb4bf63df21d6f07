"""Settlement of Reversis deals (docs/rules.md: partie, pool, aces and quinola, reversis,
espagnolette, irregularities and claims): from a replayed deal and a rule profile to
payments and reasons."""

from .engine import (
    EVENT_RULES, RULES, VOID_RULES, DealSettlement, Rule, SessionSettler, event_rule,
    event_rules, settle_deal, settlement_body_json, settlement_to_json,
)
from .codes import DealStatus, EspagnoletteStatus, NoteCode, Outcome, ReasonCode
from .payments import POOL, Amount, Payment, Step, amount_json

__all__ = [
    "RULES", "VOID_RULES", "EVENT_RULES", "Rule", "event_rule", "event_rules", "DealSettlement",
    "SessionSettler", "settle_deal",
    "settlement_body_json", "settlement_to_json",
    "POOL", "Amount", "DealStatus", "EspagnoletteStatus", "NoteCode", "Outcome", "Payment",
    "ReasonCode", "Step", "amount_json",
]
