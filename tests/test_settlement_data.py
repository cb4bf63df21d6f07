"""Payments and steps as data (issue 10): a reason code, its params and every rule id,
sentences made from templates only when read, in English or Russian; arbitrate and
explain read the fields, never the text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.arbiter.ruling import rule_in
from reversis_cli.cli import cli
from reversis_cli.i18n import english, t, use
from reversis_cli.score.json import deal_json
from reversis_cli.reader import open_record, record_from_text
from reversis_cli.session.service import Session, resolve_profile, score_deals
from reversis_cli.settle import texts
from reversis_cli.settle.payments import NoteCode, ReasonCode
from reversis_cli.simulate import SimulationOptions, simulate_session

from conftest import files_in
from i18n_catalog import placeholders, russian_entries

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "reversis_cli"
SAMPLES = ROOT / "samples"
RUSSIAN = russian_entries()
# The rule ids a sentence may name; the test reads them from the text to check that the
# data says at least as much (the package itself never reads a sentence).
RULE_ID = re.compile(r"\b[A-Z]+-\d+\b")
# What every payment's template may read besides its params.
PAYMENT_FIELDS = {"payer", "payee", "amount", "trick", "rule"}


# --- every code has its templates, in both languages ------------------------------------


def template_problems(templates) -> list[str]:
    """What is wrong with a table of templates (code -> English): an empty
    template, no Russian, or a Russian with other placeholders; every one."""
    wrong = []
    for code, template in templates.items():
        entries = RUSSIAN.get(template)
        if not template.strip():
            wrong.append(f"{code}: no English template")
        elif not entries:
            wrong.append(f"{code}: no Russian for {template!r}")
        else:
            wrong += [f"{code}: other placeholders in {russian!r}"
                      for russian in entries[0].strings
                      if placeholders(russian) != placeholders(template)]
    return wrong


def test_every_reason_code_has_an_english_template_and_its_russian():
    assert set(texts.REASONS) == set(ReasonCode)
    wrong = template_problems(texts.REASONS)
    assert not wrong, "\n".join(wrong)


def test_every_note_code_has_an_english_template_and_its_russian():
    assert set(texts.NOTES) == set(NoteCode)
    wrong = template_problems(texts.NOTES)
    assert not wrong, "\n".join(wrong)


def test_reason_and_note_codes_are_distinct_identifiers():
    assert not set(map(str, ReasonCode)) & set(map(str, NoteCode))


# --- simulated sessions: every payment carries its data --------------------------------


def _sessions(deals: int):
    """Settled deals of simulated sessions rich in rare events and irregularities."""
    texts_ = [
        "".join(simulate_session(SimulationOptions(deals, seed, events=0.5))) for seed in (1, 2)
    ] + ["".join(simulate_session(SimulationOptions(deals, seed, irregular=0.6, events=0.2)))
         for seed in (3, 4)]
    for text in texts_:
        record = record_from_text(text, "sim.rvs")
        profile, problems = resolve_profile(record)
        assert profile is not None, problems
        yield from score_deals(record, profile, steps=True)


# Built when a test first asks, not at collection: every process that collects
# this module (each xdist worker) would otherwise simulate the sessions.  Sessions
# of 20 deals by default (they already meet 24 reason codes and 42 step codes), of
# 40 under the slow marker.
@pytest.fixture(scope="module", params=[20, pytest.param(40, marks=pytest.mark.slow)])
def scored_deals(request):
    return [s for s in _sessions(request.param) if s.settlement is not None]


@pytest.fixture(scope="module")
def payments(scored_deals):
    return [p for s in scored_deals for p in s.settlement.payments + s.settlement.cancelled]


@pytest.fixture(scope="module")
def steps(scored_deals):
    return [st for s in scored_deals for st in s.settlement.steps]


def test_the_simulated_sessions_meet_most_codes(payments, steps):
    """The tests below see the codes they are about (a generator that drifted would
    leave them checking nothing)."""
    met = {p.code for p in payments}
    assert len(met) >= 20, sorted(set(ReasonCode) - met)
    assert len({st.code for st in steps}) >= 40


def test_every_payment_in_json_has_code_params_and_rules(scored_deals):
    for scored in scored_deals[:60]:
        deal = json.loads(json.dumps(deal_json(scored, scored.checked.replayed.players)))
        made = scored.settlement.payments + scored.settlement.cancelled
        for payment, written in zip(made, deal["payments"] + deal["cancelled"], strict=True):
            assert written["code"] == payment.code.value
            assert isinstance(written["params"], dict)
            assert written["rules"][0] == written["rule"]
            assert written["rules"] == list(payment.rules)
            assert written["reason"] == english(payment.reason)


def test_the_english_reason_of_json_is_the_messages_english(payments):
    for payment in payments:
        assert texts.english_reason(payment) == english(payment.reason), payment
        assert set(RULE_ID.findall(english(payment.reason))) <= set(payment.rules), payment


def test_every_step_names_no_rule_its_data_leaves_out(steps):
    for step in steps:
        assert step.rules[0] == step.rule
        assert set(RULE_ID.findall(english(step.text))) <= set(step.rules), step


def test_doubled_payments_rest_on_their_doubling_rules(payments):
    doubled = [p for p in payments if p.params.get("doubled_for")]
    assert doubled
    for p in doubled:
        grounds = p.params["doubled_for"]
        assert p.params["factor"] == 2 ** len(grounds)
        if p.rule in ("ACE-3", "QUIN-3"):
            assert "DOUBLE-3" in p.rules and "DOUBLE-1" not in p.rules
            assert "DOUBLE-3" in english(p.reason)
        elif p.rule == "PARTIE-4":
            assert p.rules[:2] == ("PARTIE-4", "PARTIE-5") and grounds == ("vis_a_vis",)
        else:
            wanted = {"vis_a_vis": "DOUBLE-1", "late_trick": "DOUBLE-2"}
            assert {wanted[g] for g in grounds} <= set(p.rules)


def test_every_reason_and_step_is_written_in_russian(payments, steps):
    with use("ru"):
        for payment in payments:
            russian = t(payment.reason)
            assert russian != english(payment.reason)
            assert re.search("[а-яё]", russian), russian
        for step in steps:
            assert re.search("[а-яё]", t(step.text)), step


def test_forfeited_payments_say_by_which_rule(payments):
    forfeited = [p for p in payments if "forfeited_by" in p.params]
    assert forfeited
    for p in forfeited:
        assert p.rules[-1] == p.params["forfeited_by"]
        assert p.params["forfeit"] in NoteCode
        assert "; forfeited: " in english(p.reason)


# --- arbitrate and explain read the data -----------------------------------------------


@pytest.mark.parametrize("sample,deal", [("irregular.rvs", 7), ("evening.rvs", 2),
                                         ("evening.rvs", 5)])
def test_arbitrates_rules_are_the_rules_the_settlement_rests_on(sample, deal):
    with Session.open(SAMPLES / sample) as session:
        ruling = rule_in(session, deal)
    s = ruling.settlement
    cited = {r for p in s.payments + s.cancelled for r in p.rules}
    cited |= {r for step in s.steps for r in step.rules}
    from_events = {a.id for a in ruling.rules} - cited
    assert from_events <= {"IRR-0", "IRR-1", "IRR-2", "IRR-3", "IRR-4", "IRR-5", "IRR-6",
                           "IRR-7", "CLAIM-1", "PLAY-4"}
    from reversis_cli.rules.texts import RULE_TEXTS
    assert cited & set(RULE_TEXTS) <= {a.id for a in ruling.rules}


def test_no_regular_expression_reads_a_reason_or_a_step():
    """Nothing in the package recovers data from the sentences: the modules that hold
    or read payments and steps use no regular expressions, and none reads ``.text``
    or ``.reason`` except to show it."""
    readers = files_in(PACKAGE / "settle", "*.py", 5) + [
        PACKAGE / "arbiter" / "ruling.py", PACKAGE / "arbiter" / "explain.py",
        PACKAGE / "score" / "json.py"]
    for path in readers:
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import re\b|from re import)", source, re.M), path
        assert "str.replace" not in source and ".replace('DOUBLE" not in source, path
    for path in files_in(PACKAGE, "**/*.py", 100):
        source = path.read_text(encoding="utf-8")
        for match in re.finditer(r"\.(findall|search|match|sub)\((?:[^()]|\([^()]*\))*"
                                 r"\.(reason|text)\b", source):
            pytest.fail(f"{path}: a regular expression over a reason or step: {match[0]}")


def test_russian_explain_writes_the_reasons_and_steps_in_russian():
    result = CliRunner().invoke(cli, ["--lang", "ru", "explain", str(SAMPLES / "evening.rvs"),
                                      "--deal", "2"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert "проигрывает партию" in result.output
    assert "сносит Т♣ в ренонс" in result.output  # Russian letters by default
    assert "Очки и взятки:" in result.output


def test_english_explain_is_unchanged_by_the_data():
    result = CliRunner().invoke(cli, ["explain", str(SAMPLES / "evening.rvs"), "--deal", "2"],
                                env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert "Anna placed A♣ on Gleb's trick" in result.output
    assert "проигрывает" not in result.output


def test_csv_payments_write_the_reason_in_the_run_s_language():
    """Issue 21 (review russian-3, A10): the reason column is for the people who
    keep the accounts; the other columns stay what scripts read."""
    from reversis_cli.convert import convert
    from reversis_cli.score.csv import rvs_to_payments_csv
    path = SAMPLES / "evening.rvs"
    with use("ru"):
        russian = convert(path.read_bytes(), str(path), "rvs", "csv-payments",
                          payments=rvs_to_payments_csv)
    english = convert(path.read_bytes(), str(path), "rvs", "csv-payments",
                      payments=rvs_to_payments_csv)
    assert russian.ok and english.ok and russian.text and english.text
    assert "проигрывает" in russian.text and "loses the partie" not in russian.text
    assert "loses the partie" in english.text


def _arrays_as_lists(value):
    """``value`` as JSON reads it back: a tuple is an array, a list."""
    if isinstance(value, dict):
        return {k: _arrays_as_lists(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_arrays_as_lists(v) for v in value]
    return value


def test_open_record_json_params_are_json_values():
    """Every deal's dict is made of JSON values only: json.dumps takes it (a
    Fraction or a Card would not encode) and it reads back equal."""
    settled = 0
    with open_record(SAMPLES / "evening.rvs") as record:
        profile, _ = resolve_profile(record)
        assert profile is not None
        for scored in score_deals(record, profile):
            assert scored.settlement is not None
            data = deal_json(scored, record.players)
            assert json.loads(json.dumps(data)) == _arrays_as_lists(data)
            settled += 1
    assert settled == 9


def test_a_settlement_without_its_steps_is_the_same_settlement():
    """Steps are recorded only when asked for (explain, arbitrate): the same rules give
    the same payments, partie, pool and nets either way (issue 24)."""
    from reversis_cli.values import replace

    text = "".join(simulate_session(SimulationOptions(20, 5, irregular=0.6, events=0.5)))
    record = record_from_text(text, "sim.rvs")
    profile, problems = resolve_profile(record)
    assert profile is not None, problems
    explained = list(score_deals(record, profile, steps=True))
    plain = list(score_deals(record_from_text(text, "sim.rvs"), profile))
    assert len(plain) == len(explained) == 20
    for lean, full in zip(plain, explained, strict=True):
        if full.settlement is None:
            assert lean.settlement is None
            continue
        assert lean.settlement is not None and lean.settlement.steps is None
        assert full.settlement.steps
        assert replace(lean.settlement, steps=full.settlement.steps) == full.settlement
