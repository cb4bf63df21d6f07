"""score --json writes each settled deal as text directly (score/jsontext.py, through the
writer's _deal_text); the text must be exactly what encoding the deal's dict (deal_json)
gives, for every kind of deal."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.score import json as jsonout
from reversis_cli.score import jsontext
from reversis_cli.score.encoder import dumps
from reversis_cli.cli import cli
from reversis_cli.reader import record_from_text
from reversis_cli.session.service import Session
from reversis_cli.settle.payments import amount_json
from reversis_cli.simulate import SimulationOptions, simulate_session

from conftest import bad_samples, good_samples

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = good_samples() + bad_samples()
# The records with no session to settle: no players line of four names, or an
# unreadable one (score prints their diagnostics and no JSON deal).
UNSETTLEABLE = ["card-name.rvs", "empty.rvs", "three-players.rvs"]
SETTLEABLE = [p for p in SAMPLES if p.name not in UNSETTLEABLE]


def _texts_agree(session: Session) -> int:
    """Check every deal of the session both ways; the number of deals checked."""
    checked = 0
    for scored in session.deals():
        direct = jsonout._deal_text(scored, session.players, None)
        assert direct == dumps(jsonout.deal_json(scored, session.players))
        data = jsontext.deal_bytes(scored, None)  # the same, encoded a part at a time
        assert data is None or data == direct.encode("utf-8")
        checked += 1
    return checked


def test_the_samples_are_there():
    assert len(SAMPLES) >= 40 and len(SETTLEABLE) == len(SAMPLES) - len(UNSETTLEABLE)


@pytest.mark.parametrize("path", SETTLEABLE, ids=lambda p: p.name)
def test_sample_deals_are_written_as_their_dicts_encode(path):
    with Session.open(path) as session:
        assert session.settleable
        assert _texts_agree(session) >= 1


@pytest.mark.parametrize("name", UNSETTLEABLE)
def test_the_unsettleable_samples_have_no_deal_to_write(name):
    with Session.open(ROOT / "samples" / "bad" / name) as session:
        assert not session.settleable


# The default run writes the first 25 deals of each session, the slow run all 300.
@pytest.mark.parametrize("deals", [25, pytest.param(300, marks=pytest.mark.slow)])
@pytest.mark.parametrize("rules, seed", [("classic", 3), ("modern", 5)])
def test_simulated_deals_with_irregularities_are_written_as_their_dicts_encode(rules, seed,
                                                                               deals):
    # rare events (reversis, espagnolettes) and irregular deals (peeks, revokes, claims)
    text = "".join(simulate_session(SimulationOptions(
        deals, seed=seed, rules=rules, events=0.3, irregular=0.2, write_hands=True)))
    with Session.of(record_from_text(text, "sim.rvs")) as session:
        assert _texts_agree(session) == deals


@pytest.mark.parametrize(("amount", "written"), [
    (7, 7), (0, 0), (Fraction(10), 10), (Fraction(-108), -108), (Fraction(0), 0),
    (Fraction(5, 2), "5/2"), (Fraction(-13, 2), "-13/2"), (Fraction(75, 2), "75/2"),
], ids=str)
def test_an_amount_is_a_json_integer_when_whole_else_n_over_d(amount, written):
    """docs/output.md: a whole amount is a JSON integer even when the settlement
    carried it as a fraction (a net summed over halves), never "10/1"."""
    got = amount_json(amount)
    assert got == written and type(got) is type(written)


def test_whole_nets_among_halves_are_json_integers(tmp_path):
    """The modern-split example shares a partie in halves: two nets stay
    fractions, the two whole ones are written as integers, in the deal, the
    totals and the batch summary alike."""
    example = (ROOT / "tests" / "fixtures" / "examples" / "modern-split.rvs").read_text("utf-8")
    paths = [tmp_path / "a.rvs", tmp_path / "b.rvs"]
    for path in paths:
        path.write_text(example, encoding="utf-8")
    expected = {"Anna": "-13/2", "Boris": -10, "Vera": "75/2", "Gleb": -21}
    result = CliRunner().invoke(cli, ["score", "--json", *map(str, paths)])
    assert result.exit_code == 0, result.output
    batch = json.loads(result.output)
    assert [s["totals"] for s in batch["summary"]] == [expected, expected]
    for one in batch["files"]:
        assert one["deals"][0]["net"] == expected and one["totals"] == expected


def test_a_payment_met_again_is_written_as_it_was_first():
    """The payments' and params' texts are kept (jsontext._PAYMENT_TEXTS): a payment met
    again is written as writing it afresh would, and an equal payment whose params were
    made in another order keeps its own order, as deal_json's encoding does."""
    from reversis_cli.cards import Card
    from reversis_cli.settle import Payment, ReasonCode

    card = Card.parse("AS")
    first = Payment("Anna", "Boris", 2, "ACE-1", 9, ReasonCode.ACE_PLACED,
                    {"card": card, "factor": 2, "doubled_for": ("late_trick",)},
                    ("ACE-1", "DOUBLE-2"))
    reordered = first._replace(params={"factor": 2, "card": card,
                                       "doubled_for": ("late_trick",)})
    assert first == reordered  # equal payments, their params in another order
    for payment in (first, reordered, first, reordered):
        text = jsontext._payment_text(payment)
        assert text == jsontext._write_payment(payment)
        assert text == dumps(payment.to_json())
    assert jsontext._payment_text(first) != jsontext._payment_text(reordered)


def test_lean_payment_reasons_found_by_what_they_say():
    """A lean payment's text finds its reason by what the reason says
    (``texts.reason_key``): the same ace placed on another trick reads the same,
    but a doubling for a late trick names its trick, and another card or player
    another reason.  Each written as its full payment is (``_write_payment``)."""
    from reversis_cli.cards import Card
    from reversis_cli.settle.codes import ReasonCode
    from reversis_cli.settle.leandeal import payment_of
    from reversis_cli.settle.payments import Payment

    ace, other = Card.parse("AS"), Card.parse("AH")
    late = ("late_trick",)
    made = [Payment("Anna", "Boris", 1, "ACE-1", 3, ReasonCode.ACE_PLACED,
                    (("card", ace), ("factor", 1)), ("ACE-1",)),  # type: ignore[arg-type]
            Payment("Anna", "Boris", 1, "ACE-1", 7, ReasonCode.ACE_PLACED,
                    (("card", ace), ("factor", 1)), ("ACE-1",)),  # type: ignore[arg-type]
            Payment("Anna", "Boris", 2, "ACE-1", 10, ReasonCode.ACE_PLACED,
                    (("card", ace), ("factor", 2), ("doubled_for", late)),  # type: ignore[arg-type]
                    ("ACE-1", "DOUBLE-2")),
            Payment("Anna", "Boris", 2, "ACE-1", 11, ReasonCode.ACE_PLACED,
                    (("card", ace), ("factor", 2), ("doubled_for", late)),  # type: ignore[arg-type]
                    ("ACE-1", "DOUBLE-2")),
            Payment("Anna", "Vera", 1, "ACE-1", 3, ReasonCode.ACE_PLACED,
                    (("card", other), ("factor", 1)), ("ACE-1",)),  # type: ignore[arg-type]
            Payment("Gleb", "Vera", 3, "PARTIE-4", None, ReasonCode.PARTIE_LOST,
                    (("points", 12), ("factor", 1)), ("PARTIE-4",)),  # type: ignore[arg-type]
            Payment("Gleb", "Vera", 5, "PARTIE-4", None, ReasonCode.PARTIE_LOST,
                    (("points", 12), ("factor", 1)), ("PARTIE-4",))]  # type: ignore[arg-type]
    jsontext._LEAN_REASONS.clear()
    texts = [jsontext._write_lean_payment(p) for p in made]
    assert texts == [jsontext._write_payment(payment_of(p)) for p in made]
    reasons = [json.loads(text)["reason"] for text in texts]
    assert reasons[0] == reasons[1] and reasons[2] != reasons[3]  # trick 10, trick 11
    assert "11" in reasons[3] and reasons[4] != reasons[0]
    assert [json.loads(text)["amount"] for text in texts[5:]] == [3, 5]
