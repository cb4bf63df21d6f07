"""The settlement of a plain deal reads its rows, not its lines.

A plain deal (replay/plain.py) keeps its tricks as rows of card indexes; its
trick lines, read lean by the fast path, write out their words
(``model.statements._write_out``: a regular expression over the line, a position a word)
only when something asks for them.  Settling such a deal and writing its
JSON asks for none: who led a card owed to the winner (ACE-3, QUIN-3), which
tricks the espagnolette took (ESP-4, ESP-5) and who broke a reversis in which
trick (REV-3) are read from the rows.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from reversis_cli import fastpaths
from reversis_cli.model import statements as model
from reversis_cli.cards import Card
from reversis_cli.reader import record_from_text
from reversis_cli.rules import RuleOptions
from reversis_cli.rules.profile import builtin_profile
from reversis_cli.score import jsontext
from reversis_cli.score.encoder import dumps
from reversis_cli.settle import Payment, ReasonCode
from reversis_cli.settle import lean as lean_module
from reversis_cli.settle.lean import HANDLED, payment_of
from reversis_cli.values import replace
from reversis_cli.score.json import write_session_json
from reversis_cli.session.service import Session
from reversis_cli.simulate import SimulationOptions, simulate_session

fast_by_default = pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1")


def _written_out_while_scored(text: str, sets: dict[str, str], monkeypatch, lean: bool
                              ) -> tuple[int, list]:
    """How many lean lines wrote out while ``text`` was settled (by the engine, or
    ``lean``) and written as JSON under ``sets``, and the deals settled."""
    count = [0]
    original = model._write_out

    def counting(line):
        count[0] += 1
        return original(line)

    monkeypatch.setattr(model, "_write_out", counting)
    scored = []
    with Session.of(record_from_text(text, "sim.rvs"), sets=sets) as session:
        session.lean = lean

        def deals():
            for one in session.deals():
                scored.append(one)
                yield one
        write_session_json(session, deals(), io.StringIO().write)
    monkeypatch.undo()
    return count[0], scored


@fast_by_default
@pytest.mark.parametrize("lean", [False, True], ids=["engine", "lean"])
@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_settling_and_writing_a_plain_deal_writes_no_lean_line_out(rules, lean, monkeypatch):
    text = "".join(simulate_session(SimulationOptions(60, seed=11, rules=rules, events=0.5)))
    written_out, scored = _written_out_while_scored(
        text, {"led_aces_pay_winner": "yes"}, monkeypatch, lean)
    plain = [one for one in scored if one.checked.replayed.rows is not None]
    assert len(plain) == len(scored) == 60
    # the deals ask what the rows must answer: espagnolettes, broken reversis, cards
    # owed to the winner
    settled = [one.settlement for one in plain]
    assert sum(s.espagnolette is not None for s in settled) >= 3
    assert sum(s.outcome == "reversis_broken" for s in settled) >= 3
    assert sum(p.rule in ("ACE-3", "QUIN-3") for s in settled for p in s.payments) >= 10
    assert written_out == 0


# --- the lean settlement against the engine (settle/lean.py) -------------------------------

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reference_settle import OPTION_VALUES  # noqa: E402  (the cross-check's option values)
from test_reference_crosscheck import HAND_MADE, HEADER, VARIANTS  # noqa: E402



def _session(text: str, sets: dict[str, str], lean: bool) -> Session:
    session = Session.of(record_from_text(text, "sim.rvs"), sets=sets)
    session.lean = lean
    return session


def _both_ways(text: str, sets: dict[str, str], monkeypatch) -> tuple[int, int]:
    """Every deal of ``text`` settled lean where it can be and by the engine: the
    same settlement (every payment's payer, payee, amount, rule, trick, code,
    params and rule ids; the pool, nets, winners...), and ``score --json`` the same
    bytes, with the lean path on and under REVERSIS_REFERENCE=1.  The deals
    settled lean, and all."""
    with _session(text, sets, lean=True) as session:
        fast = list(session.deals())
        lean = [one.lean for one in fast]
        settled = [one.settlement for one in fast]  # a lean deal's made from it here
    with _session(text, sets, lean=False) as session:
        reference = [one.settlement for one in session.deals()]
    assert settled == reference
    for made, by_engine in zip(settled, reference, strict=True):
        if made is not None and by_engine is not None:  # amounts of one type: written alike
            assert [(type(p.amount), p.params) for p in made.payments] == \
                [(type(p.amount), p.params) for p in by_engine.payments]
    texts = []
    for reference_switch in (False, True):
        monkeypatch.setattr(fastpaths, "REFERENCE", reference_switch)
        out = io.StringIO()
        with _session(text, sets, lean=True) as session:
            write_session_json(session, session.deals(), out.write)
        texts.append(out.getvalue())
    monkeypatch.undo()
    assert texts[0] == texts[1]
    return sum(one is not None for one in lean), len(lean)


def _option_cases() -> list:
    """Every value of every option the reference cross-check varies
    (``OPTION_VALUES``): by default each under one profile (in turn), under both
    with ``-m ''``."""
    return [pytest.param(key, value, rules, id=f"{key}={value}-{rules}",
                         marks=() if (i + j) % 2 == r else pytest.mark.slow)
            for i, (key, values) in enumerate(OPTION_VALUES.items())
            for j, value in enumerate(values)
            for r, rules in enumerate(("classic", "modern"))]


@fast_by_default
@pytest.mark.parametrize("key,value,rules", _option_cases())
def test_the_lean_settlement_is_the_engine_s_under_every_option_value(key, value, rules,
                                                                     monkeypatch):
    """Rare events (reversis made and broken, espagnolettes) and irregular deals
    (void deals, peeks, revokes, claims: the lean path gives those up) among
    ordinary ones, the pot staked again as the option says."""
    seed = sum(map(ord, key + value + rules))
    text = "".join(simulate_session(SimulationOptions(
        40, seed=seed, rules=rules, events=0.3, irregular=0.15)))
    lean, deals = _both_ways(text, {key: value}, monkeypatch)
    assert deals == 40 and lean >= 15, (lean, deals)


@fast_by_default
@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_the_lean_settlement_under_many_options_at_once(rules, monkeypatch):
    """Options together (the doublings, the ties split, dues to the winner), over a
    longer session: the pool carried from lean deals to the engine's and back."""
    sets = {"led_aces_pay_winner": "yes", "partie_ties": "split", "remise": "stake",
            "late_tricks_double": "9,10,11", "restake": "taken_or_quiet",
            "partie_vis_a_vis_double": "yes", "quinola_forcer": "taker"}
    text = "".join(simulate_session(SimulationOptions(
        150, seed=35, rules=rules, events=0.4, irregular=0.1)))
    lean, deals = _both_ways(text, sets, monkeypatch)
    assert deals == 150 and lean >= 80, (lean, deals)


def test_every_rule_option_is_one_the_lean_path_knows():
    """A rule option the lean path does not know makes it give up on every deal
    (docs/decisions.md): each option of today is in ``HANDLED``, and one that is
    not, or a value it does not know, is refused."""
    options = builtin_profile("classic").options
    assert set(RuleOptions._fields) <= set(HANDLED)
    assert lean_module._handles(options)
    assert not lean_module._handles(replace(options, partie_ties="coin"))
    assert not lean_module._handles(replace(options, remise="half"))

    class Newer(RuleOptions):  # a RuleOptions with an option added
        __slots__ = ("house_bonus",)
        _fields = (*RuleOptions._fields, "house_bonus")  # type: ignore[assignment]

    newer = object.__new__(Newer)
    for name in RuleOptions._fields:
        object.__setattr__(newer, name, getattr(options, name))
    object.__setattr__(newer, "house_bonus", 0)
    assert not lean_module._handles(newer)


def test_irregular_deals_are_left_to_the_engine():
    """The lean path gives up on what it does not settle: a deal with an event
    line other than those settle/leanevents.py takes (a void deal; two discarded
    is settle/leantwo.py's, alone), and every deal under REVERSIS_REFERENCE=1;
    espagnolettes, revokes and the event lines it takes it settles."""
    from reversis_cli.settle.leanevents import SETTLED
    text = "".join(simulate_session(SimulationOptions(
        80, seed=5, rules="classic", events=0.5, irregular=0.3)))
    with _session(text, {}, lean=True) as session:
        deals = list(session.deals())
    irregular = [one for one in deals if one.checked.replayed is not None
                 and {e.kind for e in one.checked.replayed.events} - SETTLED
                 and [e.kind for e in one.checked.replayed.events] != ["discarded-two"]]
    two = [one for one in deals if one.checked.replayed is not None
           and [e.kind for e in one.checked.replayed.events] == ["discarded-two"]]
    assert len(two) >= 2 and all(one.lean is not None for one in two)
    assert len(irregular) >= 10 and [one for one in irregular if one.lean is not None] == []
    taken = [one for one in deals if one.checked.replayed is not None
             and one.checked.replayed.events
             and not {e.kind for e in one.checked.replayed.events} - SETTLED]
    assert len(taken) >= 5 and all(one.lean is not None for one in taken)
    assert sum(one.lean is not None for one in deals) >= 20
    assert sum(one.lean is not None and one.lean.espagnolette is not None for one in deals) >= 1
    with _session(text, {}, lean=True) as session:
        fastpaths_reference = fastpaths.REFERENCE
        try:
            fastpaths.REFERENCE = True
            assert [one for one in session.deals() if one.lean is not None] == []
        finally:
            fastpaths.REFERENCE = fastpaths_reference


@fast_by_default
@pytest.mark.parametrize("name", sorted(HAND_MADE))
def test_the_hand_made_espagnolettes_are_settled_lean_as_by_the_engine(name, monkeypatch):
    """The reference cross-check's hand-made deals for ESP-6, ESP-7, ESP-8, ESP-9 and a
    waiver, which the simulator does not make, under its option variants."""
    for rules in ("classic", "modern"):
        for variant in VARIANTS:
            sets = dict(item.split("=", 1) for item in variant[1::2])  # --set k=v ...
            text = HEADER.replace("rules classic", f"rules {rules}") + HAND_MADE[name]
            assert _both_ways(text, sets, monkeypatch) == (1, 1), (rules, variant)


def test_a_lean_payment_met_again_is_written_as_it_was_first():
    """The lean payments' texts are kept by the payment (params as items, in the
    order made): met again, written as writing it afresh would; an equal payment
    whose params were made in another order keeps its own order."""
    card = Card.parse("AS")
    first = tuple.__new__(Payment, (
        "Anna", "Boris", 2, "ACE-1", 9, ReasonCode.ACE_PLACED,
        (("card", card), ("factor", 2), ("doubled_for", ("late_trick",))),
        ("ACE-1", "DOUBLE-2")))
    reordered = tuple.__new__(Payment, (*first[:6], (
        ("factor", 2), ("card", card), ("doubled_for", ("late_trick",))), first[7]))
    for payment in (first, reordered, first, reordered):
        text = jsontext._lean_payment_text(payment)
        full = payment_of(payment)
        assert text == jsontext._write_payment(full) == dumps(full.to_json())
    assert jsontext._lean_payment_text(first) != jsontext._lean_payment_text(reordered)


# --- a revoke (IRR-7), issue 35 ---------------------------------------------------------

def _revoke_deals(seed: int, rules: str, deals: int = 60) -> str:
    return "".join(simulate_session(SimulationOptions(
        deals, seed=seed, rules=rules, events=0.2, irregular=0.1,
        forces={number: "revoke" for number in range(3, deals, 5)})))


@fast_by_default
@pytest.mark.parametrize("sets", [{}, {"revoke_penalty": "none"}, {"remise": "stake"},
                                  {"restake": "taken_or_quiet", "led_aces_pay_winner": "yes"}],
                         ids=["default", "no-penalty", "remise-stake", "restake"])
@pytest.mark.parametrize("rules,seed", [("classic", 71), ("modern", 72)])
def test_a_deal_with_a_revoke_is_settled_lean_as_by_the_engine(rules, seed, sets, monkeypatch):
    """A plain deal but for a revoke: replayed plain (its revokes and warnings the
    full walk's), settled lean with the revoker's remise (IRR-7) last, the same
    payments and bytes as the engine's; the pool carried on through it."""
    text = _revoke_deals(seed, rules)
    with _session(text, sets, lean=True) as session:
        deals = list(session.deals())
    revoked = [(one.checked.replayed, one.lean) for one in deals
               if one.checked.replayed is not None and one.checked.replayed.revokes
               and not one.checked.replayed.events]
    assert len(revoked) >= 8
    settled = [lean for replayed, lean in revoked
               if replayed.rows is not None and lean is not None]
    assert len(settled) == len(revoked)  # each replayed plain and settled lean
    remises = [p for lean in settled for p in lean.payments if p[3] == "IRR-7"]
    assert len(remises) == (0 if sets.get("revoke_penalty") == "none" else len(revoked))
    _both_ways(text, sets, monkeypatch)


@pytest.mark.parametrize("options", [dict(), dict(irregular=0.2, events=0.2)], ids=("plain", "mix"))
@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_the_tables_of_deals_settled_lean_are_the_engine_s(options, rules, tmp_path, monkeypatch):
    """``score``'s tables settle a plain deal lean (``TableDeals.lean``) and lay
    out the full settlement made of it: the same bytes as the engine's."""
    from click.testing import CliRunner

    from reversis_cli.cli import cli
    from reversis_cli.render.session import TableDeals

    text = "".join(simulate_session(SimulationOptions(60, seed=31, rules=rules, **options)))
    record = tmp_path / "r.rvs"
    record.write_text(text, encoding="utf-8")
    entered: list[int] = []
    settle = lean_module._Lean.settle

    def counted(self, *args, **kwargs):
        entered.append(1)
        return settle(self, *args, **kwargs)

    monkeypatch.setattr(lean_module._Lean, "settle", counted)
    lean = CliRunner().invoke(cli, ["score", str(record)])
    settled_lean = len(entered)
    assert settled_lean > 30  # not a test that cannot fail: the tables' deals settled lean
    monkeypatch.setattr(TableDeals, "lean", False)
    engine = CliRunner().invoke(cli, ["score", str(record)])
    assert len(entered) == settled_lean  # the engine's, this time
    assert (lean.exit_code, lean.output) == (engine.exit_code, engine.output)
    assert lean.exit_code == 0 and lean.output.count("\n") > 600
