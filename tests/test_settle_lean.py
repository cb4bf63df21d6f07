"""The settlement of a plain deal reads its rows, not its lines.

A plain deal (replay/plain.py) keeps its tricks as rows of card indexes; its
trick lines, read lean by the fast path, write out their words
(``model._write_out``: a regular expression over the line, a position a word)
only when something asks for them.  Settling such a deal and writing its
JSON asks for none: who led a card owed to the winner (ACE-3, QUIN-3), which
tricks the espagnolette took (ESP-4, ESP-5) and who broke a reversis in which
trick (REV-3) are read from the rows.
"""

from __future__ import annotations

import io

import pytest

from reversis_cli import fastpaths, model
from reversis_cli.reader import record_from_text
from reversis_cli.score.json import write_session_json
from reversis_cli.session.service import Session
from reversis_cli.simulate import SimulationOptions, simulate_session

fast_by_default = pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1")


def _written_out_while_scored(text: str, sets: dict[str, str], monkeypatch
                              ) -> tuple[int, list]:
    """How many lean lines wrote out while ``text`` was settled and written as JSON
    under ``sets``, and the deals settled."""
    count = [0]
    original = model._write_out

    def counting(line):
        count[0] += 1
        return original(line)

    monkeypatch.setattr(model, "_write_out", counting)
    scored = []
    with Session.of(record_from_text(text, "sim.rvs"), sets=sets) as session:
        def deals():
            for one in session.deals():
                scored.append(one)
                yield one
        write_session_json(session, deals(), io.StringIO().write)
    monkeypatch.undo()
    return count[0], scored


@fast_by_default
@pytest.mark.parametrize("rules", ["classic", "modern"])
def test_settling_and_writing_a_plain_deal_writes_no_lean_line_out(rules, monkeypatch):
    text = "".join(simulate_session(SimulationOptions(60, seed=11, rules=rules, events=0.5)))
    written_out, scored = _written_out_while_scored(
        text, {"led_aces_pay_winner": "yes"}, monkeypatch)
    plain = [one for one in scored if one.checked.replayed.rows is not None]
    assert len(plain) == len(scored) == 60
    # the deals ask what the rows must answer: espagnolettes, broken reversis, cards
    # owed to the winner
    settled = [one.settlement for one in plain]
    assert sum(s.espagnolette is not None for s in settled) >= 3
    assert sum(s.outcome == "reversis_broken" for s in settled) >= 3
    assert sum(p.rule in ("ACE-3", "QUIN-3") for s in settled for p in s.payments) >= 10
    assert written_out == 0
