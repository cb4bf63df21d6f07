"""Every sample (samples/**/*.rvs but samples/bad) goes rvs → json → rvs at the command
line: the JSON ``reversis convert --to json`` writes is valid against the schema the
package ships for reversis-record/1 (read by jsonschema, not by our own validator), and
the record converted back settles as the original: ``check`` finds the same problems in
it and ``score --json`` gives the same deals, payments and balances."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from reversis_cli.cli import cli

from conftest import SAMPLES

ENV = {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}

# The samples a record folder holds (club/), the bad ones apart; at least 13 today.
ROUND_TRIP_SAMPLES = sorted(p for p in SAMPLES.rglob("*.rvs")
                            if (SAMPLES / "bad") not in p.parents)


def _schema() -> dict:
    path = files("reversis_cli.convert").joinpath("schema", "record-1.schema.json")
    return json.loads(path.read_text("utf-8"))


def _run(*args: str):
    return CliRunner().invoke(cli, list(args), env=ENV)


def _score(path: Path) -> dict:
    """``score --json`` of ``path``, without what names the file itself and without
    the line and column of its diagnostics (fmt may move a line or a word)."""
    result = _run("score", "--json", str(path))
    data = json.loads(result.stdout)
    return _without_paths(data, path)


def _without_paths(value, path: Path):
    if isinstance(value, dict):
        return {k: _without_paths(v, path) for k, v in value.items()
                if not ("code" in value and k in ("line", "column"))}
    if isinstance(value, list):
        return [_without_paths(v, path) for v in value]
    if isinstance(value, str):
        return value.replace(str(path), "FILE").replace(path.name, "FILE")
    return value


def _problems(path: Path) -> tuple[int, list[tuple]]:
    """``check``'s exit status and what it finds, each problem without its line and column
    (fmt may move a line)."""
    result = _run("check", "--json", str(path))
    data = json.loads(result.stdout)
    return result.exit_code, sorted(
        (d["code"], d["severity"], d["deal"] or 0, d["trick"] or 0,
         d["message"].replace(path.name, "FILE")) for d in data["diagnostics"])


def test_the_samples_are_found():
    assert len(ROUND_TRIP_SAMPLES) >= 13
    assert any(p.parent.name == "club" for p in ROUND_TRIP_SAMPLES)


# A tenth of a second a sample: every sample, by default.
@pytest.mark.parametrize("path", ROUND_TRIP_SAMPLES, ids=lambda p: str(p.relative_to(SAMPLES)))
def test_every_sample_round_trips_rvs_json_rvs_valid_and_the_same(tmp_path, path):
    as_json, back = tmp_path / f"{path.stem}.json", tmp_path / path.name
    result = _run("convert", "--to", "json", "-o", str(as_json), str(path))
    assert result.exit_code == 0, result.output
    doc = json.loads(as_json.read_text("utf-8"))
    errors = [f"/{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in Draft202012Validator(_schema()).iter_errors(doc)]
    assert not errors, "\n".join(errors[:10])
    result = _run("convert", "--to", "rvs", "-o", str(back), str(as_json))
    assert result.exit_code == 0, result.output
    assert _problems(back) == _problems(path)
    assert _score(back) == _score(path)
