"""score --json writes each settled deal as text directly (jsonout._deal_text); the text must
be exactly what encoding the deal's dict (deal_json) gives, for every kind of deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from reversis_cli import jsonout
from reversis_cli.reader import record_from_text
from reversis_cli.session import Session
from reversis_cli.simulate import SimulationOptions, simulate_session

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "samples").glob("*.rvs")) + sorted((ROOT / "samples/bad").glob("*.rvs"))


def _texts_agree(session: Session) -> int:
    """Check every deal of the session both ways; the number of deals checked."""
    checked = 0
    for scored in session.deals():
        direct = jsonout._deal_text(scored, session.players, None)
        assert direct == jsonout._dumps(jsonout.deal_json(scored, session.players))
        checked += 1
    return checked


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_deals_are_written_as_their_dicts_encode(path):
    with Session.open(path) as session:
        if session.settleable:
            _texts_agree(session)


@pytest.mark.parametrize("rules, seed", [("classic", 3), ("modern", 5)])
def test_simulated_deals_with_irregularities_are_written_as_their_dicts_encode(rules, seed):
    # rare events (reversis, espagnolettes) and irregular deals (peeks, revokes, claims)
    text = "".join(simulate_session(SimulationOptions(
        300, seed=seed, rules=rules, events=0.3, irregular=0.2, write_hands=True)))
    with Session.of(record_from_text(text, "sim.rvs")) as session:
        assert _texts_agree(session) == 300
