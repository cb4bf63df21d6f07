"""The fast paths on records of the heavier mix of issue 35.

``simulate --irregular 0.1 --events 0.2`` writes a record whose deals leave the
plain path in every way the simulator knows: void deals, peeks, kept cards, two
discarded, discards out of turn, unclaimed tricks, revokes, espagnolettes and
reversis.  A deal with a revoke is now replayed plain and settled lean, and a
partie or hand line of cards read before is read by its words: ``score --json``,
the tables and ``check --json`` must give the same bytes with every fast path on
and under ``REVERSIS_REFERENCE=1`` (the readable reference), on several seeds
and both built-in profiles.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from reversis_cli import fastpaths
from reversis_cli.cli import cli
from reversis_cli.simulate import SimulationOptions, simulate_session

fast_by_default = pytest.mark.skipif(fastpaths.REFERENCE, reason="REVERSIS_REFERENCE=1")
ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
COMMANDS = [("score", "--json"), ("score",), ("check", "--json")]


def _outputs(path: str) -> list[tuple[int, str]]:
    found = []
    for command in COMMANDS:
        result = CliRunner().invoke(cli, [*command, path], env=ENV)
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            result.output
        found.append((result.exit_code, result.output))
    return found


@fast_by_default
@pytest.mark.parametrize("rules,seed", [("classic", 1), ("classic", 2), ("modern", 3),
                                        ("modern", 4)])
def test_the_mix_gives_the_same_bytes_both_ways(rules, seed, tmp_path, monkeypatch):
    text = "".join(simulate_session(SimulationOptions(
        120, seed=seed, rules=rules, events=0.2, irregular=0.1,
        forces={7: "revoke", 50: "revoke", 90: "discarded_two"})))
    path = tmp_path / "mix.rvs"
    path.write_text(text, encoding="utf-8")
    assert "partie" in text  # an irregular deal's partie line, read by its words
    fast = _outputs(str(path))
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    reference = _outputs(str(path))
    assert reference == fast
    assert fast[0][1].count('"rule": "IRR-7"') >= 2  # the revokes' remises
