"""The sentences of a settlement: one template per reason and note code.

A settlement holds payments and steps as data (a code, its params, the rule
ids); the sentence a person reads is made here, only when something asks for
it: a renderer (``t(payment.reason)`` writes it in the run's language) or the
JSON writer (the English ``reason``, :func:`english_reason`).  The templates
are the gettext message ids of the ``settle`` catalog; their Russian is in
``reversis_cli/locale/ru/LC_MESSAGES/settle.po``.
"""

from __future__ import annotations

from fractions import Fraction
from collections.abc import Mapping
from string import Formatter
from typing import Any, Protocol

from .. import fastpaths
from ..cards import PACK, Card, Suit
from ..i18n import Count, Msg, N_, english
from ..i18n.message import Jetons, Language
from ..i18n.message import value_text
from ..rules.values import option_value
from .codes import JETON, NoteCode, ReasonCode


class Payment(Protocol):
    """What a sentence reads of a payment (payments.Payment, which imports this module)."""

    @property
    def payer(self) -> str: ...
    @property
    def payee(self) -> str: ...
    @property
    def amount(self) -> int | Fraction: ...
    @property
    def rule(self) -> str: ...
    @property
    def trick(self) -> int | None: ...
    @property
    def code(self) -> ReasonCode: ...
    @property
    def params(self) -> dict[str, Any]: ...


class Step(Protocol):
    """What a sentence reads of a step (payments.Step)."""

    @property
    def code(self) -> NoteCode: ...
    @property
    def params(self) -> dict[str, Any]: ...

__all__ = ["REASONS", "NOTES", "NOTE_FIELDS", "reason", "english_reason", "english_reason_of",
           "english_why", "reason_key", "english_revoke_remise", "step_text"]

R, N = ReasonCode, NoteCode

REASONS: dict[ReasonCode, str] = {
    R.STAKE: N_("stakes the pool"),
    R.STAKE_DEALER: N_("stakes the pool as dealer"),
    R.ACE_PLACED: N_("{payee} placed {card} on {payer}'s trick"),
    R.ACE_FORCED: N_("{payee}'s lead forced {payer}'s {card}"),
    R.ACE_LED_TO_WINNER: N_("{payer} led {card} and pays the partie winner {payee}"),
    R.ACE_PLAYED_TO_WINNER: N_("{payer} played {card} and pays the partie winner {payee}"),
    R.QUINOLA_PLACED: N_("{payee} placed {card} on {payer}'s trick"),
    R.QUINOLA_FORCED: N_("{payee} forced {payer}'s {card}"),
    R.QUINOLA_FORCED_OTHER: N_("{payee} forced the quinola from {holder}"),
    R.QUINOLA_LED_TO_WINNER: N_("{payer} led {card} and pays the partie winner {payee}"),
    R.QUINOLA_PLAYED_TO_WINNER: N_("{payer} played {card} and pays the partie winner {payee}"),
    R.PARTIE_LOST: N_("{payer} loses the partie ({points}) and pays {payee}"),
    R.PARTIE_LOST_VIS_A_VIS: N_("{payer} loses the partie ({points}) and pays {payee} double, "
                                "as vis-à-vis (PARTIE-5)"),
    R.REVERSIS_MADE_NEIGHBOUR: N_("{payer} pays {payee}'s reversis as {payee}'s neighbour"),
    R.REVERSIS_MADE_VIS_A_VIS: N_("{payer} pays {payee}'s reversis as {payee}'s vis-à-vis"),
    R.REVERSIS_MADE_ESPAGNOLETTE: N_("{payer}, the espagnolette, pays {payee}'s whole "
                                     "reversis"),
    R.REVERSIS_BROKEN: N_("{payer} pays {payee} for breaking {undertaker}'s reversis"),
    R.ESPAGNOLETTE_REFUND: N_("{payer}'s espagnolette failed: {payer} repays {payee} double "
                              "the payment for placing {card}"),
    R.REMISE_QUINOLA_FORCED: N_("{payer}'s quinola was forced"),
    R.REMISE_QUINOLA_FALLEN: N_("{payer} let the quinola fall on a heart trick"),
    R.REMISE_REVERSIS_BROKEN: N_("{payer}'s undertaken reversis was broken"),
    R.REMISE_ESPAGNOLETTE_FAILED: N_("{payer} held the quinola in a failed espagnolette"),
    R.REMISE_REVOKE: N_("{payer} revoked in trick {trick} (played {card} on a {suit} lead "
                        "while holding {held}) and puts in a remise"),
    R.REMISE_REVOKE_NO_LEAD: N_("{payer} revoked in trick {trick} (played {card} while "
                                "holding {held}) and puts in a remise"),
    R.POOL_TAKEN_REVERSIS: N_("{payee} made the reversis and takes the pool"),
    R.POOL_TAKEN_QUINOLA: N_("{payee} placed the quinola and takes the pool"),
    R.POOL_TAKEN_ESPAGNOLETTE: N_("{payee}'s espagnolette succeeded"),
    # {jetons}: "1 jeton", "4 jetons"; where the language needs it, with the amount
    # in fiches the table's column shows (i18n.Jetons)
    R.MISDEAL_REDEAL: N_("{payer} misdealt and pays {jetons} into the pool to deal again"),
    R.MISDEAL_LATE: N_("{payer}'s misdeal was noticed only after the exchange: the misdealer "
                       "pays {jetons} into the pool and the deal passes"),
    R.DISCARD_OUT_OF_TURN: N_("{payer} discarded out of turn and pays {jetons} into the pool"),
}

_NOT_STAKED = "The pool is not staked: "
NOTES: dict[NoteCode, str] = {
    N.OWES: N_("{payer} owes {payee} {amount}: {reason}"),
    N.PAYS: N_("{payer} pays {payee} {amount}: {reason}"),
    N.PUTS_IN_REMISE: N_("{payer} puts in a remise of {amount} (POOL-3, remise = {remise}): "
                         "{reason}"),
    N.PAYS_PENALTY: N_("{payer} pays {amount} into the pool: {reason}"),
    N.DUE_THE_POOL: N_("{payee} is due the pool: {reason}"),
    N.NOT_PAID: N_("not paid: {payer} to {payee} {amount} ({rule}), because {why}"),
    N.CANCELLED: N_("cancelled: {payer} to {payee} {amount} ({rule})"),
    N.FORFEIT_PEEKED: N_("{peeker} looked at the talon card before discarding and wins nothing "
                         "in this deal (IRR-4)"),
    N.FORFEIT_KEPT: N_("{peeker} took the talon card without discarding and wins nothing in "
                       "this deal (IRR-4)"),
    N.FORFEIT_PEEKED_FORCING: N_("{peeker} looked at the talon card before discarding and can "
                                 "claim nothing for forcing the quinola or breaking a reversis "
                                 "(IRR-4, peek_forfeits = {peek_forfeits})"),
    N.FORFEIT_KEPT_FORCING: N_("{peeker} took the talon card without discarding and can claim "
                               "nothing for forcing the quinola or breaking a reversis (IRR-4, "
                               "peek_forfeits = {peek_forfeits})"),
    N.FORFEIT_UNCLAIMED: N_("it was not claimed in time (CLAIM-1, claims_required = "
                            "{claims_required})"),
    N.STAKED_EMPTY: N_("The pool is staked: the pool is empty before the first deal played "
                       "(POOL-1)"),
    N.STAKED_VOID_PENALTIES: N_("The pool is staked: the session began with an empty pool; the "
                                "{pool} in it are penalties of void deals, which do not replace "
                                "the staking (POOL-1, IRR-0)"),
    N.NOT_STAKED_POT: N_("The pool is not staked: the session starts with {pool} in the pool, "
                         "so no staking (POOL-1)"),
    N.STAKED_BELOW_INITIAL: N_("The pool is staked: the pool holds {pool}, less than one full "
                               "staking of {full} (POOL-2)"),
    N.NOT_STAKED_FULL: N_("The pool is not staked: the pool holds {pool}, at least one full "
                          "staking of {full} (POOL-2)"),
    N.STAKED_TAKEN: N_("The pool is staked: the pool was taken in the last deal played "
                       "(POOL-2)"),
    N.STAKED_QUIET: N_("The pool is staked: nobody put a remise or penalty in during the last "
                       "deal played (POOL-2)"),
    N.NOT_STAKED_FED: N_("The pool is not staked: the last deal played fed the pool and nobody "
                         "took it (POOL-2)"),
    N.POOL_AT_START: N_("The pool holds {pool} at the start of the deal; remises and takings "
                        "of this deal are measured by it"),
    N.TAKING_GIVES_WAY: N_("{player}'s claim on the pool by {rule} gives way to {taker}'s by "
                           "{by}"),
    N.POOL_TAKEN: N_("{player} takes the {amount} the pool held at the start of the deal "
                     "({by}); remises of this deal stay in it"),
    N.POOL_NOT_TAKEN: N_("the pool is not taken: it keeps what it held for the next deal"),
    N.CARD_LED: N_("{player}'s {card} was led: its holder led it"),
    N.CARD_PLACED: N_("{player}'s {card} was placed: played off the {suit} lead"),
    N.CARD_FORCED: N_("{player}'s {card} was forced: its holder had no other {suit}"),
    N.CARD_FORCED_ESPAGNOLETTE: N_("{player}'s {card} was forced: the espagnolette's quinola "
                                   "on another's heart lead is always forced (ESP-9)"),
    N.CARD_FORCED_ANY_FOLLOW: N_("{player}'s {card} was forced: it followed another player's "
                                 "lead (forced_means = any_follow)"),
    N.CARD_PLAYED: N_("{player}'s {card} was played: its holder also held {other}"),
    N.NO_WINNER_DUE_BY_OPTION: N_("no payment: led_aces_pay_winner = no"),
    N.WINNER_DUE_NOTED: N_("{player} will owe the partie winner {amount} for {card} (trick "
                           "{trick}) after the deal"),
    N.OWN_QUINOLA_NO_FORCER: N_("{player} took the trick with their own quinola and would be "
                                "their own forcer: no one pays"),
    N.NO_PARTIE_WINNER: N_("no partie winner in this deal: nothing owed"),
    N.WINNER_OWES_SELF_NOTHING: N_("{player} is the partie winner and owes nothing to themself "
                                   "for {card}"),
    N.PARTIE_VALUE: N_("The partie is worth {cards}bonus {bonus} = {value}"),
    N.PARTIE_NOT_PAID_MADE: N_("No partie is paid in a deal where a reversis is made"),
    N.PARTIE_NOT_PAID_BROKEN: N_("No partie is paid in a deal where a reversis is broken"),
    N.POINTS_AND_TRICKS: N_("Points and tricks: {scores}"),
    N.PARTIE_WINNER: N_("{names} is the winner: fewest points, then fewest tricks"),
    N.PARTIE_LOSER: N_("{names} is the loser: most points, then most tricks"),
    N.PARTIE_WINNERS_SPLIT: N_("{names} tie in points and tricks; they share as winner "
                               "(partie_ties = split)"),
    N.PARTIE_LOSERS_SPLIT: N_("{names} tie in points and tricks; they share as loser "
                              "(partie_ties = split)"),
    N.PARTIE_WINNER_BY_SEAT: N_("{names} tie in points and tricks; {player} has the best seat "
                                "(SEAT-3) and is the winner"),
    N.PARTIE_LOSER_BY_SEAT: N_("{names} tie in points and tricks; {player} has the worst seat "
                               "(SEAT-3) and is the loser"),
    N.REVERSIS_MADE: N_("{player} took all {tricks} tricks: a reversis"),
    N.REVERSIS_BROKEN: N_("{undertaker} took the first nine tricks (REV-2); {breaker} broke "
                          "the reversis by taking trick {trick}"),
    N.IN_PLAY_STANDS: N_("the reversis was broken, and reversis_cancels = made: the in-play "
                         "payments stand"),
    N.NO_QUINOLA_REMISE: N_("{player} puts in no quinola remise in a reversis deal"),
    N.NO_QUINOLA_TAKING: N_("{player} takes no pool for the quinola in a reversis deal"),
    N.ESPAGNOLETTE_WAIVED: N_("{player} holds an espagnolette but waives it: an ordinary deal "
                              "for this player"),
    N.ESPAGNOLETTE_HELD: N_("{player} holds an espagnolette (four aces, or three aces and the "
                            "quinola)"),
    N.ESPAGNOLETTE_SUPERSEDED: N_("a reversis was made or broken: {player}'s espagnolette "
                                  "neither succeeds nor fails"),
    N.ESPAGNOLETTE_FAILED_TOOK: N_("{player} took trick {trick} (espagnolette_fails_on = "
                                   "{option}): the espagnolette fails"),
    N.ESPAGNOLETTE_SUCCEEDED_NO_TRICK: N_("{player} took no trick (espagnolette_fails_on = "
                                          "{option}): the espagnolette succeeds"),
    N.ESPAGNOLETTE_SUCCEEDED_NOT_LATE: N_("{player} took neither trick 10 nor 11 "
                                          "(espagnolette_fails_on = {option}): the "
                                          "espagnolette succeeds"),
    N.ESPAGNOLETTE_LOSES_PARTIE: N_("{player}'s espagnolette failed, which loses the partie "
                                    "whatever the points; the winner is found among the other "
                                    "three"),
    N.ESPAGNOLETTE_WINS_PARTIE: N_("{player}'s espagnolette succeeded and no one has fewer "
                                   "points or tricks: the espagnolette wins the partie from any "
                                   "seat"),
    N.ESPAGNOLETTE_OUTRANKED: N_("{player}'s espagnolette succeeded, but a player with fewer "
                                 "points or tricks still wins the partie"),
    N.ESPAGNOLETTE_REVERSIS_ORDINARY: N_("{player} made the reversis with an espagnolette: it "
                                         "is paid as an ordinary one"),
    N.ESPAGNOLETTE_BROKE_REVERSIS: N_("{player}, the espagnolette, broke the reversis: is paid "
                                      "as breaker and owes nothing for failing the "
                                      "espagnolette"),
    N.UNDERTAKER_PAYS_BROKEN: N_("broken in trick {trick}, not one of "
                                 "espagnolette_pays_broken: the undertaker pays"),
    N.NO_REFUND_OF_FORFEITED: N_("no refund to {payer} of the {rule} payment of trick {trick}: "
                                 "it was forfeited ({by}), so {payee} never received it, and "
                                 "the espagnolette repays only what was received"),
    N.NO_REFUND_BY_OPTION: N_("no refund for {card} (espagnolette_refunds = {option})"),
    N.NO_QUINOLA_NO_REMISE: N_("{player} did not hold the quinola: no remise for the failure"),
    N.QUINOLA_REMISE_REPLACED: N_("{player}'s {rule} remise is replaced by the failed "
                                  "espagnolette's one remise"),
    N.QUINOLA_TAKING_VOID: N_("{player}'s pool taking for placing the quinola is void"),
    N.DEAL_NOT_SETTLED: N_("the record of this deal has errors: nothing is settled"),
    N.VOID_DEAL: N_("A void deal ({events}): it stakes nothing and settles nothing but its "
                    "penalties; the pool carries them to the next deal"),
    N.CARD_EXPOSED: N_("A card was exposed in dealing: {dealer} deals again and nothing is "
                       "paid"),
    N.MISDEAL_PASSES: N_("{player} misdealt and did not pay to deal again: the deal passes to "
                         "the next dealer, and nothing is paid"),
    N.REDEAL_WITHOUT_MISDEAL: N_("'redeal paid' follows no misdeal noticed before the "
                                 "exchange: nothing is paid for it"),
    N.LATE_MISDEAL_NO_REDEAL: N_("a misdeal noticed after the exchange cannot be redealt for a "
                                 "jeton: 'redeal paid' pays nothing more"),
    N.PEEKED_EVERYTHING: N_("{player} looked at the talon card before discarding: payments and "
                            "pool takings due to this player are not made; what this player "
                            "owes is still paid"),
    N.KEPT_EVERYTHING: N_("{player} took the talon card without discarding: payments and pool "
                          "takings due to this player are not made; what this player owes is "
                          "still paid"),
    N.PEEKED_FORCING: N_("{player} looked at the talon card before discarding: what forcing "
                         "the quinola or breaking a reversis would pay is lost (peek_forfeits = "
                         "quinola_and_reversis); other gains stand"),
    N.KEPT_FORCING: N_("{player} took the talon card without discarding: what forcing the "
                       "quinola or breaking a reversis would pay is lost (peek_forfeits = "
                       "quinola_and_reversis); other gains stand"),
    N.TWELVE_CARDS: N_("{player} played with twelve cards: the partie holds {partie_size}, and "
                       "one card of that hand was never played"),
    N.FORCED_REMISE_STANDS: N_("{holder}, whose quinola {forcer} forced, still puts in the "
                               "remise"),
    N.TEN_CARDS: N_("{player} discarded two cards and played with ten, keeping every gain; the "
                    "partie holds {partie_size}, all counted (PARTIE-1)"),
    N.REVOKE: N_("{revoker} revoked in trick {trick} (played {card} on a {suit} lead while "
                 "holding {held}); revoke_penalty = none: no penalty"),
    N.REVOKE_NO_LEAD: N_("{revoker} revoked in trick {trick} (played {card} while holding "
                         "{held}); revoke_penalty = none: no penalty"),
    N.DEAL_STANDS: N_("the deal stands as played"),
    N.ALREADY_FORFEITED: N_("{payer} to {payee} {amount} ({rule}) was already forfeited under "
                            "{by}: it is listed once, as cancelled"),
    N.ALREADY_CANCELLED: N_("{payer} to {payee} {amount} ({rule}) was already cancelled by "
                            "REV-4: it is listed once, as cancelled"),
    N.NOTHING_TO_CLAIM_IN_PLAY: N_("unclaimed trick {trick}: nothing that arose in it needs a "
                                   "claim (claims_required = {option}: every in-play payment)"),
    N.NOTHING_TO_CLAIM_TO_WINNER: N_("unclaimed trick {trick}: nothing that arose in it needs "
                                     "a claim (claims_required = {option}: only the payments to "
                                     "the partie winner (ACE-3, QUIN-3))"),
    N.NOTHING_TO_CLAIM_IN_PLAY_TO: N_("unclaimed trick {trick} to {player}: nothing that arose "
                                      "in it needs a claim (claims_required = {option}: every "
                                      "in-play payment)"),
    N.NOTHING_TO_CLAIM_TO_WINNER_TO: N_("unclaimed trick {trick} to {player}: nothing that "
                                        "arose in it needs a claim (claims_required = {option}: "
                                        "only the payments to the partie winner (ACE-3, "
                                        "QUIN-3))"),
    N.TRICK_UNCLAIMED: N_("trick {trick} was not claimed in time: {count} not made"),
    N.TRICK_UNCLAIMED_TO: N_("trick {trick} to {player} was not claimed in time: {count} not "
                             "made"),
    N.TAKING_NEEDS_NO_CLAIM: N_("the quinola's pool taking is not a payment anyone claims: "
                                "CLAIM-1 leaves it as it is"),
}

# The suit led, as a reason names it ("a spade lead", "no other spade").
SUITS = {Suit.SPADES: N_("spade"), Suit.HEARTS: N_("heart"), Suit.DIAMONDS: N_("diamond"),
         Suit.CLUBS: N_("club")}

# The pieces a reason is made of besides its code's template.
DOUBLED = N_("{reason}, doubled for {grounds}")
FORFEITED = N_("{reason}; forfeited: {why}")
GROUND_VIS_A_VIS = N_("vis-à-vis ({rule})")
GROUND_TRICK = N_("trick {trick} ({rule})")
BOTH_GROUNDS = N_("{first} and {second}")

# The payment's code already says why it is doubled (PARTIE-5): no tail for its grounds.
_GROUNDS_IN_TEMPLATE = frozenset((R.PARTIE_LOST_VIS_A_VIS,))
# Payments to the partie winner are doubled by DOUBLE-3 on DOUBLE-1/DOUBLE-2's grounds.
_TO_WINNER_RULES = frozenset(("ACE-3", "QUIN-3"))
_GROUND_RULES = {"vis_a_vis": "DOUBLE-1", "late_trick": "DOUBLE-2"}
def english_reason(payment: Payment) -> str:
    """The reason in English, as JSON writes it: the same text as ``reason(payment)``,
    made from the same templates without building messages (JSON writes every one):
    its params are names, numbers and words, cards (``card``, a revoke's ``held``), a
    revoke's ``suit``, ``points``, a doubling's grounds and a forfeit's note at most.
    A twin (docs/contributing.md, "Fast paths"): under ``REVERSIS_REFERENCE=1`` the
    message's English itself."""
    if fastpaths.REFERENCE:  # every twin off: the English of the reason's message
        return english(reason(payment))
    params = payment.params
    code = payment.code
    if code in _CONSTANT and not params:
        return REASONS[code]
    values = {**params, "payer": payment.payer, "payee": payment.payee, "trick": payment.trick}
    if code in _FINES:
        values["jetons"] = english(_jetons(payment))
    return _filled(code, payment.rule, payment.trick, params, values)


def english_reason_of(code: ReasonCode, payer: str, payee: str, rule: str, trick: int | None,
                      params: tuple) -> str:
    """:func:`english_reason` of a payment given by its fields, its params as their
    items (a lean payment's, settle/leandeal.py), whose reason :func:`reason_key`
    keys: no payment made."""
    if code in _CONSTANT and not params:
        return REASONS[code]
    by_name = dict(params)
    return _filled(code, rule, trick, by_name,
                   {**by_name, "payer": payer, "payee": payee, "trick": trick})


def _filled(code: ReasonCode, rule: str, trick: int | None, params: Mapping[str, Any],
            values: dict[str, Any]) -> str:
    """The reason's template filled with ``values`` (the params, the payer, the
    payee and the trick), its cards, suit and points in words, its doubling's tail
    and its forfeit's (``reason``'s English, without a message)."""
    card = params.get("card")
    if card is not None:
        values["card"] = _UNICODE[card.index]
    points = params.get("points")
    if points is not None:
        values["points"] = _ENGLISH_POINTS.get(points) or _english_points(points)
    if code in _REVOKES:  # a revoke's card held and suit led, as _values writes them
        values["held"] = _UNICODE[params["held"].index]
        suit = params.get("suit")
        if suit is not None:
            values["suit"] = SUITS[suit]
    text = REASONS[code].format_map(values)
    grounds = params.get("doubled_for")
    if grounds and code not in _GROUNDS_IN_TEMPLATE:
        key = (rule in _TO_WINNER_RULES, grounds, trick)
        tail = _ENGLISH_TAILS.get(key)
        if tail is None:
            tail = _ENGLISH_TAILS[key] = english(_grounds(rule, grounds, trick))
        text = DOUBLED.format(reason=text, grounds=tail)
    forfeit = params.get("forfeit")
    if forfeit is not None:
        text = FORFEITED.format(reason=text, why=english_why(forfeit, params))
    return text


def english_revoke_remise(payer: str, trick: int | None, card: Card, held: Card, suit: Suit
                          ) -> str:
    """:func:`english_reason_of` of a revoke's remise whose params are its card, the
    card held, the suit led and the remise option alone (the lean settlement's):
    its template filled directly (no doubling, no forfeit to add)."""
    return REASONS[R.REMISE_REVOKE].format(payer=payer, trick=trick, card=_UNICODE[card.index],
                                           suit=SUITS[suit], held=_UNICODE[held.index])


def english_why(forfeit: NoteCode, params: Mapping[str, Any]) -> str:
    """A forfeit's note in English (``_forfeit``'s), kept by the values its template
    reads: the peeker and the option's value, not the payment's card or trick."""
    key = (forfeit, *[params.get(name) for name in NOTE_FIELDS[forfeit]])
    text = _ENGLISH_WHYS.get(key)
    if text is None:
        if len(_ENGLISH_WHYS) >= 256:  # bounded, whatever the session
            _ENGLISH_WHYS.clear()
        text = _ENGLISH_WHYS[key] = english(_forfeit(dict(params)))
    return text


def reason_key(code: ReasonCode, payer: str, payee: str, rule: str, trick: int | None,
               params: tuple) -> tuple | None:
    """What :func:`english_reason` reads of a payment whose params are the items
    ``params`` (a lean payment's, settle/leandeal.py): equal keys, equal reasons;
    None when the reason reads more (a fine's amount).
    The trick is in the key only when the reason writes it (its template, the
    grounds of a doubling), so that the same ace placed on another trick, or a
    partie lost for another amount, finds its reason written already."""
    if code in _FINES:
        return None
    doubled = False
    for name, value in params:
        if name == "doubled_for" and value and code not in _GROUNDS_IN_TEMPLATE:
            doubled = True
    if doubled:
        return (code, payer, payee, params, rule, trick)
    return (code, payer, payee, params, trick if code in _TRICK_IN_TEMPLATE else None)


# Reasons with nothing to fill in (the stakes), unless forfeited.
_CONSTANT = frozenset(code for code, template in REASONS.items() if "{" not in template)
# A revoke's remise: its template names the card held and the suit led.
_REVOKES = frozenset((R.REMISE_REVOKE, R.REMISE_REVOKE_NO_LEAD))
# The values each note's template reads (a forfeit's, ``english_why``'s key).
NOTE_FIELDS = {code: tuple(name for _, name, _, _ in Formatter().parse(template) if name)
               for code, template in NOTES.items()}
# A forfeit's note in English, by the forfeit and the values its template reads.
_ENGLISH_WHYS: dict[tuple, str] = {}

# Reasons that write the trick (a revoke's remise: its key keeps it).
_TRICK_IN_TEMPLATE = frozenset(code for code, template in REASONS.items()
                                if "{trick" in template)

# English words a deal's JSON writes again and again, made once: the doubling's grounds
# by (paid to the winner, grounds, trick), a loser's points by number.
_ENGLISH_TAILS: dict[tuple[bool, tuple[str, ...], int | None], str] = {}
_ENGLISH_POINTS: dict[int, str] = {}
# The cards as a reason writes them (``Card.format("unicode")``), by index: no call for each.
_UNICODE = [card.format("unicode") for card in PACK]


def _english_points(points: int) -> str:
    text = _ENGLISH_POINTS.get(points)
    if text is None:
        text = _ENGLISH_POINTS[points] = english(_points(points))
    return text


def reason(payment: Payment) -> Msg:
    """Why ``payment`` is due, as a message: English as a string, ``t()`` translates.
    Its template reads the payment's own fields (``payer``, ``payee``, ``amount``,
    ``trick``, ``rule``) and its params."""
    params = payment.params
    text = Msg(REASONS[payment.code], **_payment_values(payment))
    grounds = params.get("doubled_for")
    if grounds and payment.code not in _GROUNDS_IN_TEMPLATE:
        text = Msg(DOUBLED, reason=text, grounds=_grounds(payment.rule, grounds, payment.trick))
    forfeit = params.get("forfeit")
    if forfeit is not None:
        text = Msg(FORFEITED, reason=text, why=_forfeit(params))
    return text


def _payment_values(payment: Payment) -> dict[str, Any]:
    values = _values(payment.params)
    values.update(payer=_party(payment.payer), payee=_party(payment.payee),
                  amount=_amount(payment.amount), trick=payment.trick, rule=payment.rule)
    if payment.code in _FINES:
        values["jetons"] = _jetons(payment)
    return values


# payments.POOL (payments imports this module): the payer or payee of a pool movement
_POOL = "pool"


def _party(name: str) -> str:
    """A payer or payee as a sentence names it: a player's name, or the pool in words."""
    return Msg("pool") if name == _POOL else name


def _amount(amount: int | Fraction) -> Count:
    """An amount in a sentence: bare in English, as the English sentences always said
    it ("Boris owes Anna 1"); with its unit in Russian, which needs the noun
    («причитается 1 фишка»).  The amount columns of the tables stay bare."""
    return Count(amount, "{n}", "{n}")


# The irregularities' fines, said in jetons: the sentence and the amount column
# give the same figure (1 jeton = the 5 fiches of the column).
_FINES = frozenset((R.MISDEAL_REDEAL, R.MISDEAL_LATE, R.DISCARD_OUT_OF_TURN))


def _jetons(payment: Payment) -> Jetons:
    return Jetons(int(payment.amount) // JETON, payment.amount)


def _grounds(rule: str, grounds: tuple[str, ...], trick: int | None) -> Msg:
    said = [Msg(GROUND_VIS_A_VIS, rule=_ground_rule(rule, g)) if g == "vis_a_vis" else
            Msg(GROUND_TRICK, trick=trick, rule=_ground_rule(rule, g))
            for g in grounds]
    return said[0] if len(said) == 1 else Msg(BOTH_GROUNDS, first=said[0], second=said[1])


def _ground_rule(rule: str, ground: str) -> str:
    return "DOUBLE-3" if rule in _TO_WINNER_RULES else _GROUND_RULES[ground]


def _forfeit(params: dict[str, Any]) -> Msg:
    return Msg(NOTES[params["forfeit"]], **_values(params))


def step_text(step: Step) -> Msg:
    """What ``step`` says, as a message: English as a string, ``t()`` translates."""
    params = step.params
    payment = params.get("payment")
    values = _values(params)
    if "option" in params:  # the value of the option the step's template names
        values["option"] = option_value(_OPTION_OF[step.code], params["option"])
    if payment is None:
        return Msg(NOTES[step.code], **values)
    del values["payment"]
    values.update(payer=_party(payment.payer), payee=_party(payment.payee),
                  amount=_amount(payment.amount), rule=payment.rule, trick=payment.trick,
                  reason=reason(payment),
                  remise=option_value("remise", payment.params.get("remise", "")))
    if step.code is N.NOT_PAID:
        values["why"] = _forfeit(payment.params)
    return Msg(NOTES[step.code], **values)


# The option whose value a step's ``{option}`` is.
_OPTION_OF = {
    N.ESPAGNOLETTE_FAILED_TOOK: "espagnolette_fails_on",
    N.ESPAGNOLETTE_SUCCEEDED_NO_TRICK: "espagnolette_fails_on",
    N.ESPAGNOLETTE_SUCCEEDED_NOT_LATE: "espagnolette_fails_on",
    N.NO_REFUND_BY_OPTION: "espagnolette_refunds",
    N.NOTHING_TO_CLAIM_IN_PLAY: "claims_required",
    N.NOTHING_TO_CLAIM_TO_WINNER: "claims_required",
    N.NOTHING_TO_CLAIM_IN_PLAY_TO: "claims_required",
    N.NOTHING_TO_CLAIM_TO_WINNER_TO: "claims_required",
}
# Params that are an option's value, by the option's name.
_OPTION_PARAMS = ("peek_forfeits", "claims_required")
# Params that are amounts of fiches.
_AMOUNT_PARAMS = ("amount", "pool", "full")

# The events that make a deal void, as a sentence names them: in English the record's
# words ("misdeal Anna late"), in Russian the game's (засдача, вскрытая карта).
_EVENTS = {
    ("misdeal", True, True): N_("misdeal {player} late"),
    ("misdeal", True, False): N_("misdeal {player}"),
    ("misdeal", False, True): N_("misdeal late"),
    ("misdeal", False, False): N_("misdeal"),
    ("exposed", True, True): N_("exposed {player} late"),
    ("exposed", True, False): N_("exposed {player}"),
    ("exposed", False, True): N_("exposed late"),
    ("exposed", False, False): N_("exposed"),
}


def _events(events: tuple[tuple[str, str | None, bool], ...]) -> Msg:
    return _Joined(", ", [Msg(_EVENTS[kind, player is not None, late], player=player)
                          if player is not None else Msg(_EVENTS[kind, False, late])
                          for kind, player, late in events])


def _values(params: dict[str, Any]) -> dict[str, Any]:
    """The params as a message's values: a suit, a count, a list in words."""
    values = dict(params)
    for key, value in params.items():
        if isinstance(value, Suit):
            values[key] = Msg(SUITS[value])
        elif key in _AMOUNT_PARAMS:
            values[key] = _amount(value)
        elif key in _OPTION_PARAMS:
            values[key] = option_value(key, value)
    if isinstance(params.get("events"), tuple):
        values["events"] = _events(params["events"])
    if "points" in params:
        values["points"] = _points(params["points"])
    if "partie_size" in params:
        values["partie_size"] = Count(params["partie_size"], "{n} card", "{n} cards")
    if "count" in params:
        values["count"] = Count(params["count"], "{n} payment", "{n} payments")
    if "scores" in params:  # (points, tricks) by seat, and the players by seat
        values["scores"] = _Joined(", ", [
            Msg(N_("{player} {points} in {tricks}"), player=name,
                points=_points(points), tricks=Count(tricks, "{n} trick", "{n} tricks"))
            for name, (points, tricks) in zip(params["players"], params["scores"],
                                              strict=True)])
    if isinstance(params.get("cards"), tuple):  # the partie's cards and their values
        values["cards"] = "".join(f"{card.format('unicode')} {value} + "
                                  for card, value in params["cards"])
    return values


def _points(n: int) -> Count:
    return Count(n, "{n} point", "{n} points")


class _Joined(Msg):
    """Messages joined by a separator that no language changes (", ")."""

    def __new__(cls, separator: str, parts: list[Msg]) -> _Joined:
        self = str.__new__(cls, separator.join(parts))
        self.template = separator.join(f"{{p{i}}}" for i in range(len(parts)))
        self.params = {f"p{i}": part for i, part in enumerate(parts)}
        return self

    def written(self, language: Language) -> str:
        # the joining template is no message id: only the parts are translated
        return self.template.format_map({k: value_text(v, language)
                                         for k, v in self.params.items()})

