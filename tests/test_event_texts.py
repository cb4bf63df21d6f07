"""The texts of an event deal's payments (issue 35, branch i35-evtext).

A payment forfeited by an event (IRR-4 peeked or kept, CLAIM-1 unclaimed) and a
revoke's remise (IRR-7) have their English reason filled from their templates,
as the other payments' are (``texts.english_reason``, ``texts.english_reason_of``),
and a lean payment's is kept by what it says (``texts.reason_key``), a forfeit's
note by the values it reads (``texts.english_why``).  Held here to the reason's
message (``texts.reason``, its English) payment by payment, and ``score --json``
(English and Russian) and ``score`` to their bytes under REVERSIS_REFERENCE=1, on
sessions of every such event, both profiles, under the options that change these
payments.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from reversis_cli import fastpaths
from reversis_cli.cards import Card
from reversis_cli.cli import cli
from reversis_cli.i18n import english
from reversis_cli.reader import record_from_text
from reversis_cli.session.service import Session
from reversis_cli.settle.codes import NoteCode, ReasonCode
from reversis_cli.settle.leandeal import payment_of
from reversis_cli.settle.payments import Payment
from reversis_cli.settle.texts import reason
from reversis_cli.score import jsontext
from reversis_cli.simulate import SimulationOptions, simulate_session

_FORCED = ("peeked", "kept", "unclaimed", "revoke", "out_of_turn")

# The options that change these payments or their texts, each value met once.
SETS = [
    {},
    {"peek_forfeits": "quinola_and_reversis", "claims_required": "in_play"},
    {"revoke_penalty": "none", "claims_required": "led_and_played",
     "led_aces_pay_winner": "yes"},
]


def _events_text(rules: str, seed: int) -> str:
    """A session whose every deal is forced to one of the events, in turn."""
    return "".join(simulate_session(SimulationOptions(
        40, seed=seed, rules=rules,
        forces={number: _FORCED[number % len(_FORCED)] for number in range(1, 41)})))


def _run(args: list[str], reference: bool, monkeypatch) -> str:
    monkeypatch.setattr(fastpaths, "REFERENCE", reference)
    result = CliRunner().invoke(cli, args, env={"COLUMNS": "100", "NO_COLOR": "1"})
    monkeypatch.undo()
    assert result.exit_code in (0, 1), result.output
    return result.output


@pytest.mark.parametrize("sets", SETS, ids=lambda sets: ",".join(
    f"{k}={v}" for k, v in sets.items()) or "profile")
@pytest.mark.parametrize("rules,seed", [("classic", 35), ("modern", 38)])
def test_event_payments_are_written_as_their_messages_say(rules, seed, sets, tmp_path,
                                                          monkeypatch):
    text = _events_text(rules, seed)
    record = tmp_path / "events.rvs"
    record.write_text(text, encoding="utf-8")
    options = [word for key, value in sets.items() for word in ("--set", f"{key}={value}")]
    written = {}
    for args in (["score", "--json"], ["--lang", "ru", "score", "--json"], ["score"],
                 ["--lang", "ru", "score"]):
        fast = _run([*args, *options, str(record)], False, monkeypatch)
        assert fast == _run([*args, *options, str(record)], True, monkeypatch), args
        written[tuple(args)] = fast
    deals = {deal["number"]: deal for deal in json.loads(written["score", "--json"])["deals"]}
    # the oracle: each payment's reason as its message says it in English
    with Session.of(record_from_text(text, "events.rvs"), sets=sets) as session:
        settled = [one.settlement for one in session.deals() if one.settlement is not None]
    met = {"forfeit": 0, "revoke": 0}
    for settlement in settled:
        made = settlement.payments + settlement.cancelled
        shown = deals[settlement.number]["payments"] + deals[settlement.number]["cancelled"]
        assert [p["reason"] for p in shown] == [english(reason(p)) for p in made]
        met["forfeit"] += sum("forfeit" in p.params for p in made)
        met["revoke"] += sum(p.code is ReasonCode.REMISE_REVOKE for p in made)
    assert met["forfeit"] >= 4  # IRR-4, CLAIM-1
    assert (met["revoke"] >= 5) == (sets.get("revoke_penalty") != "none")


_ACE, _OTHER = Card.parse("AS"), Card.parse("AH")


def _forfeited(payer: str, payee: str, trick: int, card: Card, forfeit: NoteCode,
               **facts: str) -> Payment:
    """A lean payment (its params as items) of an ace placed, forfeited by ``forfeit``."""
    items = (("card", card), ("factor", 1), ("forfeited_by", "IRR-4"), ("forfeit", forfeit),
             *facts.items())
    return Payment(payer, payee, 1, "ACE-1", trick, ReasonCode.ACE_PLACED,
                   items, ("ACE-1", "IRR-4"))  # type: ignore[arg-type]


def test_forfeited_payments_that_read_the_same_share_a_text_and_no_other():
    """Two forfeited payments that differ only in what the reason's key leaves out
    (the trick an ace was placed on) read the same; a forfeit whose note reads
    another peeker, another option's value or another forfeit reads its own, though
    the note's key leaves out the card and the payer; each as its message says."""
    kept, peeked = NoteCode.FORFEIT_KEPT, NoteCode.FORFEIT_PEEKED_FORCING
    made = [
        _forfeited("Anna", "Boris", 3, _ACE, kept, peeker="Boris", peek_forfeits="everything"),
        _forfeited("Anna", "Boris", 8, _ACE, kept, peeker="Boris", peek_forfeits="everything"),
        _forfeited("Vera", "Gleb", 3, _OTHER, kept, peeker="Gleb", peek_forfeits="everything"),
        _forfeited("Vera", "Gleb", 3, _OTHER, peeked, peeker="Gleb",
                   peek_forfeits="quinola_and_reversis"),
        _forfeited("Vera", "Gleb", 3, _OTHER, peeked, peeker="Gleb",
                   peek_forfeits="everything"),
        _forfeited("Anna", "Boris", 3, _ACE, NoteCode.FORFEIT_UNCLAIMED,
                   claims_required="in_play"),
        _forfeited("Anna", "Boris", 3, _ACE, NoteCode.FORFEIT_UNCLAIMED,
                   claims_required="led_and_played"),
    ]
    jsontext._LEAN_REASONS.clear()
    reasons = [json.loads(jsontext._write_lean_payment(p))["reason"] for p in made]
    assert reasons == [english(reason(payment_of(p))) for p in made]
    assert reasons[0] == reasons[1]
    assert len(set(reasons[1:])) == len(made) - 1
    assert "Gleb took the talon card" in reasons[2] and "Boris" in reasons[0]


def test_revoke_remises_name_their_trick_card_and_suit():
    """A revoke's remise is kept by its trick, its cards and the suit led: each
    another text, as its message says it."""
    from reversis_cli.cards import Suit

    def remise(trick: int, suit: Suit | None, held: str) -> Payment:
        items = (("card", Card.parse("7C")), ("held", Card.parse(held)),
                 *((("suit", suit),) if suit is not None else ()), ("remise", "pool"))
        code = ReasonCode.REMISE_REVOKE if suit is not None else \
            ReasonCode.REMISE_REVOKE_NO_LEAD
        return Payment("Boris", "pool", 45, "IRR-7", trick, code, items,  # type: ignore[arg-type]
                       ("IRR-7", "POOL-3"))

    made = [remise(2, Suit.DIAMONDS, "QD"), remise(5, Suit.DIAMONDS, "QD"),
            remise(2, Suit.HEARTS, "QH"), remise(2, Suit.DIAMONDS, "KD"),
            remise(2, None, "QD")]
    jsontext._LEAN_REASONS.clear()
    texts = [jsontext._write_lean_payment(p) for p in made]
    assert texts == [jsontext._write_payment(payment_of(p)) for p in made]
    reasons = [json.loads(text)["reason"] for text in texts]
    assert reasons == [english(reason(payment_of(p))) for p in made]
    assert len(set(reasons)) == len(made)
    assert reasons[0] == ("Boris revoked in trick 2 (played 7♣ on a diamond lead while "
                          "holding Q♦) and puts in a remise")


def test_a_revoke_remise_written_directly_is_the_payment_s_text():
    """The lean settlement's revoke remise (its card, the card held, the suit led and
    the remise option, in that order) has its reason and params written directly
    (``jsontext._revoke_remise_texts``): the same bytes as the full payment's, for a
    name to escape, each suit and option; other params are written as before."""
    from reversis_cli.cards import PACK, Suit

    def remise(payer: str, trick: int, card: Card, held: Card, suit: Suit, option: str,
               items: tuple | None = None) -> Payment:
        items = items or (("card", card), ("held", held), ("suit", suit), ("remise", option))
        return Payment(payer, "pool", 45, "IRR-7", trick, ReasonCode.REMISE_REVOKE,
                       items, ("IRR-7", "POOL-3"))  # type: ignore[arg-type]

    made = [remise(name, trick, PACK[index], PACK[(index * 7) % 48], suit, option)
            for name, trick, index, suit, option in [
                ("Boris", 2, 5, Suit.SPADES, "pool"), ('Bo"r\\is', 11, 47, Suit.CLUBS, "stake"),
                ("Вера", 1, 20, Suit.HEARTS, "pool"), ("Gleb", 9, 30, Suit.DIAMONDS, "stake")]]
    assert all(jsontext._revoke_remise_texts(p.payer, p.trick, tuple(p[6])) for p in made)
    reordered = remise("Anna", 3, PACK[1], PACK[2], Suit.SPADES, "pool", (
        ("held", PACK[2]), ("card", PACK[1]), ("suit", Suit.SPADES), ("remise", "pool")))
    assert jsontext._revoke_remise_texts("Anna", 3, tuple(reordered[6])) is None
    made.append(reordered)
    assert [jsontext._write_lean_payment(p) for p in made] \
        == [jsontext._write_payment(payment_of(p)) for p in made]


def test_a_revoke_warning_is_written_as_the_encoder_writes_it():
    """A deal's diagnostics (a revoke's warning) written directly: the file and the
    message escaped, a missing place, deal or trick as null, related places through
    the encoder; each the bytes of ``dumps(d.to_json())``."""
    from reversis_cli.diagnostics import diagnostic
    from reversis_cli.model.statements import Pos
    from reversis_cli.score.encoder import dumps

    made = [diagnostic("RV201", 'Bo\\ris played "7C" ♣ on a diamond lead', Pos(11, 21),
                       file='C:\\records\\"night".rvs', deal=3, trick=2),
            diagnostic("RV201", "revoke", None, file="a.rvs"),
            diagnostic("RV201", "revoke", Pos(4, 2), file="a.rvs", deal=1, trick=None,
                       related=((Pos(3, 1), "held here"),))]
    assert [jsontext._diagnostic_text(d) for d in made] == [dumps(d.to_json()) for d in made]


def test_a_forfeited_payment_is_written_from_its_own_texts_and_the_forfeit_s():
    """A forfeited lean payment's reason and params are written from the texts of
    the payment forfeited and of the forfeit (``jsontext._forfeited_texts``): the
    same bytes as the full payment's, with a doubling, with no params of its own
    (a pool taking), with a partie's points, a name to escape, every forfeit's
    note; params not in the forfeit's shape (a forfeit's fact among the payment's
    own, a fact no forfeit writes, ``forfeit`` missing, a fine's reason) are
    written whole, as before."""
    kept, unclaimed = NoteCode.FORFEIT_KEPT, NoteCode.FORFEIT_UNCLAIMED
    peek = (("forfeited_by", "IRR-4"), ("forfeit", kept), ("peeker", "Gleb"),
            ("peek_forfeits", "everything"))

    def lean(payer: str, payee: str, rule: str, trick: int | None, code: ReasonCode,
             items: tuple, rules: tuple = ()) -> Payment:
        return Payment(payer, payee, 3, rule, trick, code, items,  # type: ignore[arg-type]
                       (rule, *rules, "IRR-4"))

    composed = [
        lean("Vera", "Gleb", "ACE-1", 9, ReasonCode.ACE_PLACED,
             (("card", _OTHER), ("factor", 2), ("doubled_for", ("vis_a_vis",)), *peek),
             ("DOUBLE-1",)),
        lean("pool", "Gleb", "QUIN-1", 7, ReasonCode.POOL_TAKEN_QUINOLA, peek),
        lean("Vera", "Gleb", "PARTIE-4", None, ReasonCode.PARTIE_LOST,
             (("points", 18), ("factor", 1), *peek)),
        lean('V"e\\ra', "Gleb", "ACE-2", 3, ReasonCode.ACE_FORCED,
             (("card", _ACE), ("factor", 1), ("forfeited_by", "CLAIM-1"),
              ("forfeit", unclaimed), ("claims_required", "in_play"))),
        *[lean("Anna", "Вера", "ACE-1", 2, ReasonCode.ACE_PLACED,
               (("card", _ACE), ("factor", 1), ("forfeited_by", "IRR-4"), ("forfeit", why),
                ("peeker", "Вера"), ("peek_forfeits", option)))
          for why in (NoteCode.FORFEIT_PEEKED, kept, NoteCode.FORFEIT_PEEKED_FORCING,
                      NoteCode.FORFEIT_KEPT_FORCING)
          for option in ("everything", "quinola_and_reversis")],
    ]
    whole = [
        lean("Vera", "Gleb", "ACE-1", 9, ReasonCode.ACE_PLACED,
             (("card", _OTHER), ("peeker", "Gleb"), *peek)),
        lean("Vera", "Gleb", "ACE-1", 9, ReasonCode.ACE_PLACED,
             (("card", _OTHER), *peek, ("note", "x"))),
        lean("Vera", "Gleb", "ACE-1", 9, ReasonCode.ACE_PLACED,
             (("card", _OTHER), ("forfeited_by", "IRR-4"), ("peeker", "Gleb"))),
        lean("Vera", "pool", "IRR-6", None, ReasonCode.DISCARD_OUT_OF_TURN, peek),
    ]
    for p in composed + whole:
        jsontext._LEAN_REASONS.clear()
        jsontext._PARAMS_TEXTS.clear()
        jsontext._FORFEIT_TEXTS.clear()
        for _ in range(2):  # written afresh, then from the texts kept
            assert jsontext._write_lean_payment(p) == jsontext._write_payment(payment_of(p))
    made = [jsontext._forfeited_texts(p.code, p.payer, p.payee, p.rule, p.trick, tuple(p[6]))
            for p in composed + whole]
    assert [texts is not None for texts in made] == [True] * len(composed) + [False] * 4
