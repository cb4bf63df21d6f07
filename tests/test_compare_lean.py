"""The lean re-settlements of ``stats --compare`` (reversis_cli/club/resettle.py):
parity with the reference.  The output of ``stats --compare`` (its table and
its JSON) is the same bytes with the fast paths on and under
``REVERSIS_REFERENCE=1`` (each deal settled again by the engine, as
``Search.reading`` settles it), on a season of plain and irregular sessions
under both profiles, under whole readings and ``--set`` readings: of options
the lean settlement handles, and of one it is made not to handle (it gives up,
and the engine settles those deals within the same reading)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from reversis_cli import fastpaths
from reversis_cli.cli import cli
from reversis_cli.club import resettle
from reversis_cli.settle import lean

from conftest import SAMPLES
from test_compare import SEASON, simulated

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}

READINGS = {
    "modern": ["--compare", "modern"],
    "classic": ["--compare", "classic"],
    "set handled": ["--set", "quinola_forcer=taker", "--set", "stake_dealer=3"],
    "modern and set": ["--compare", "modern", "--set", "late_tricks_double=10,11"],
    "set not handled": ["--set", "partie_ties=split", "--set", "remise=stake"],
}


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    folder = tmp_path_factory.mktemp("season")
    for n, (players, rules, irregular, seed) in enumerate(SEASON, 1):
        (folder / f"s{n}.rvs").write_text(simulated(40, seed, players, rules, irregular),
                                          encoding="utf-8")
    for name in ("irregular.rvs", "every-event-ru.rvs"):
        (folder / name).write_text((SAMPLES / name).read_text(encoding="utf-8"),
                                   encoding="utf-8")
    return folder


def _outputs(folder) -> list[tuple[int, str]]:
    found = []
    for args in READINGS.values():
        for json in ([], ["--json"]):
            result = CliRunner().invoke(cli, ["--lang", "en", "stats", *json, *args,
                                              str(folder)], env=ENV)
            assert result.exception is None or isinstance(result.exception, SystemExit), \
                result.output
            found.append((result.exit_code, result.output))
    return found


def _counted(monkeypatch) -> list[int]:
    """How many deals the lean settlement settled (a list of one count)."""
    count = [0]
    original = lean._Lean.settle

    def settle(self, *facts):
        count[0] += 1
        return original(self, *facts)

    monkeypatch.setattr(lean._Lean, "settle", settle)
    return count


def test_the_lean_resettlement_writes_the_reference_bytes(monkeypatch, season):
    count = _counted(monkeypatch)
    fast = _outputs(season)
    assert count[0] > 0
    assert all(code == 0 for code, _ in fast)
    assert "Anna" in fast[0][1]  # the season was compared, not refused
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    count[0] = 0
    assert _outputs(season) == fast
    assert count[0] == 0


def test_a_reading_the_lean_settlement_gives_up_on_is_settled_by_the_engine(
        monkeypatch, season):
    """With ``remise=stake`` unknown to the lean settlement, the readings that
    set it are settled by the engine, deal by deal, within the same output."""
    reference_run = _outputs(season)
    handled = dict(lean.HANDLED)
    handled["remise"] = frozenset({"pool"})
    monkeypatch.setattr(lean, "HANDLED", handled)
    monkeypatch.setattr(lean, "_CHECKED", {})
    calls = {"twin": 0}
    original = resettle.lean_reading

    def counted(*args, **kwargs):
        calls["twin"] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr("reversis_cli.club.compare.lean_reading", counted)
    assert _outputs(season) == reference_run
    assert calls["twin"] > 0
    monkeypatch.setattr(fastpaths, "REFERENCE", True)
    assert _outputs(season) == reference_run
