"""Start-up (issue 14, item 5; issue 24): a command imports what it uses, and the
values on its way are plain classes, not dataclasses."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from collections.abc import Set as AbstractSet
from pathlib import Path

import pytest

from conftest import SAMPLES, loaded_modules

ROOT = Path(__file__).resolve().parent.parent
EVENING = str(SAMPLES / "evening.rvs")


def packages(modules: AbstractSet[str]) -> set[str]:
    return {m.split(".")[0] for m in modules} | modules


UNUSED_BY_SCORE = {"multiprocessing", "textual", "jinja2", "jsonschema", "reversis_cli.convert",
                   "reversis_cli.record", "reversis_cli.report", "reversis_cli.simulate"}


def test_score_with_tables_to_a_pipe_imports_what_it_uses_only():
    """The tables to a pipe, diagnostics too (issue 24): laid out without rich."""
    modules = packages(loaded_modules("score", EVENING))
    assert {"lark", "reversis_cli.render.plain"} <= modules  # it did read and write
    assert "rich" not in modules and modules & UNUSED_BY_SCORE == set()
    with_diagnostics = packages(loaded_modules("score", str(SAMPLES / "irregular.rvs")))
    assert "rich" not in with_diagnostics


# score's start-up is held by default by the test above; its --json run is slow.
@pytest.mark.parametrize("command", [pytest.param("score", marks=pytest.mark.slow), "check"])
def test_json_output_loads_no_rich(command):
    modules = packages(loaded_modules(command, "--json", EVENING))
    assert "lark" in modules  # the record was read
    assert "rich" not in modules and modules & UNUSED_BY_SCORE == set()


# The dataclasses a command defines on its way, found after it ran (each
# loaded module of ours asked through dataclasses.is_dataclass).
DATACLASSES_MADE = """\
import dataclasses, sys
from reversis_cli.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
for name, module in list(sys.modules.items()):
    if name.startswith("reversis_cli"):
        for value in list(vars(module).values()):
            if isinstance(value, type) and value.__module__ == name \\
                    and dataclasses.is_dataclass(value):
                print(f"{name}.{value.__qualname__}", file=sys.stderr)
"""

@pytest.mark.parametrize("command", [("score",), ("score", "--json"), ("check",)])
@pytest.mark.parametrize("record", ["evening.rvs", "disputed-sheet.rvs"])  # the second: paid, tally
def test_the_start_up_classes_are_plain_classes(command, record):
    """A dataclass compiles its methods at import (~4 M instructions each): the
    values on a command's way are plain classes (reversis_cli/values.py)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    done = subprocess.run([sys.executable, "-c", DATACLASSES_MADE, *command,
                           str(SAMPLES / record)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.stdout  # the command ran
    made = done.stderr.split()
    assert made == []


# Loaded only when a record needs them (issue 24): the table's figures, settling
# up in money, worker processes; the JSON writer only for JSON.
ONLY_WHEN_NEEDED = {"reversis_cli.sheet.reconcile", "reversis_cli.session.settleup",
                    "reversis_cli.render.settleup", "signal", "shlex"}
NOT_FOR_TABLES = {"reversis_cli.score.json", "reversis_cli.score.jsontext",
                  "reversis_cli.score.encoder"}


@pytest.mark.slow
def test_a_plain_record_loads_only_what_it_needs():
    """A plain record (no paid or tally line, no fiche value, one process):
    neither the reconciliation nor the settle-up, nor the workers' signals."""
    tables = loaded_modules("score", EVENING) - _at_interpreter_start()
    as_json = loaded_modules("score", "--json", EVENING) - _at_interpreter_start()
    assert "reversis_cli.render.session" in tables and "reversis_cli.score.json" in as_json
    assert (tables | as_json) & ONLY_WHEN_NEEDED == set()
    assert tables & NOT_FOR_TABLES == set()


def test_the_table_s_figures_load_the_reconciliation():
    """The other side of the test above: a record with paid and tally lines
    loads what compares them (the laziness does not lose them)."""
    modules = loaded_modules("score", "--json", str(SAMPLES / "disputed-sheet.rvs"))
    assert "reversis_cli.sheet.reconcile" in modules
    plain = loaded_modules("check", EVENING) - _at_interpreter_start()
    assert plain & ONLY_WHEN_NEEDED == set()


def test_version_loads_no_dataclass_machinery():
    modules = loaded_modules("--version")
    assert "dataclasses" not in modules


def test_a_plain_record_is_settled_without_zipfile(tmp_path):
    """The classic profile is read as the file beside the package's code:
    importlib.resources would load zipfile (~10 M instructions) at each start."""
    from reversis_cli.simulate import SimulationOptions, simulate_session

    record = tmp_path / "evening.rvs"
    record.write_text("".join(simulate_session(SimulationOptions(2, seed=5))), encoding="utf-8")
    modules = loaded_modules("score", "--json", str(record))
    assert "reversis_cli.rules.profile" in modules  # the profile was read
    # what the interpreter loads before any of our code (a site .pth file may
    # import certifi, and so importlib.resources) is not the command's doing
    assert {"zipfile", "importlib.resources"} & (modules - _at_interpreter_start()) == set()


@functools.cache
def _at_interpreter_start() -> frozenset[str]:
    """The modules a bare interpreter has loaded (site and its .pth files)."""
    done = subprocess.run([sys.executable, "-c", "import sys; print('\\n'.join(sys.modules))"],
                          capture_output=True, text=True, timeout=60, check=True)
    return frozenset(done.stdout.split())
