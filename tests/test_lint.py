"""ruff and mypy, with the settings in pyproject.toml, find nothing to report.

They run here, in the suite, so that the README's test command (the one CI
runs) keeps the code clean; a failure shows their own report.

The lists name the modules and tests that pass today.  They grow to the
whole package and all of tests/ as the redesign of issue 9 lands (the other
modules are being rewritten); the files are named one by one so that a
module moved in from elsewhere is checked only once it is clean.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CLEAN_MODULES = (
    "reversis_cli/amounts.py", "reversis_cli/cards.py", "reversis_cli/check.py",
    "reversis_cli/diagnostics.py", "reversis_cli/files.py", "reversis_cli/invisible.py",
    "reversis_cli/model.py", "reversis_cli/words.py",
    "reversis_cli/notation/__init__.py", "reversis_cli/notation/builder.py",
    "reversis_cli/notation/chunks.py", "reversis_cli/notation/fastpath.py",
    "reversis_cli/notation/grammar_file.py", "reversis_cli/notation/parse.py",
    "reversis_cli/render/__init__.py", "reversis_cli/render/arbitrate.py",
    "reversis_cli/render/diagnostics.py", "reversis_cli/render/explain.py",
    "reversis_cli/render/layout.py", "reversis_cli/render/rules.py",
    "reversis_cli/render/score.py", "reversis_cli/render/show.py",
    "reversis_cli/rules/__init__.py", "reversis_cli/rules/profile.py",
    "reversis_cli/rules/sources.py", "reversis_cli/rules/texts.py",
    "reversis_cli/settle/__init__.py", "reversis_cli/settle/engine.py",
    "reversis_cli/settle/espagnolette.py", "reversis_cli/settle/inplay.py",
    "reversis_cli/settle/irregular.py", "reversis_cli/settle/ledger.py",
    "reversis_cli/settle/partie.py", "reversis_cli/settle/payments.py",
    "reversis_cli/settle/pool.py", "reversis_cli/settle/reversis.py",
)

CLEAN_TESTS = (
    "tests/conftest.py", "tests/records.py", "tests/reference_settle.py",
    "tests/settle_helpers.py", "tests/test_arbitrate.py", "tests/test_batch.py",
    "tests/test_big_input.py", "tests/test_big_numbers.py", "tests/test_card_spelling.py",
    "tests/test_cards.py", "tests/test_cli.py", "tests/test_convert.py",
    "tests/test_csv_round_trip.py", "tests/test_diagnostics.py", "tests/test_docs.py",
    "tests/test_errors_in_one_run.py", "tests/test_fastpath_parity.py", "tests/test_fmt.py",
    "tests/test_fuzz.py", "tests/test_hostile_input.py", "tests/test_invariants.py",
    "tests/test_lint.py", "tests/test_packaging.py", "tests/test_profile_files.py",
    "tests/test_profile_problems.py", "tests/test_profiles.py", "tests/test_reader.py",
    "tests/test_readme.py", "tests/test_reference_crosscheck.py", "tests/test_robustness.py",
    "tests/test_rules_command.py", "tests/test_rules_of_play.py", "tests/test_score_cli.py",
    "tests/test_settle_espagnolette.py", "tests/test_settle_examples.py",
    "tests/test_settle_inplay.py", "tests/test_settle_invariants.py",
    "tests/test_settle_irregular.py", "tests/test_settle_partie_pool.py",
    "tests/test_simulate.py", "tests/test_simulate_command.py",
    "tests/test_simulate_options.py", "tests/test_sources.py", "tests/test_stdin.py",
    "tests/test_terminal.py", "tests/test_wording_layout.py", "tests/test_writer.py",
    "tests/test_writes.py", "tests/perf/bench.py", "tests/perf/rates.py",
    "tests/tools/make_samples.py",
)


def _passes(*command: str) -> None:
    """Run a tool; on any finding, fail with its report and nothing else."""
    result = subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    if result.returncode != 0:
        pytest.fail(result.stdout + result.stderr, pytrace=False)


def _mypy_cache() -> Path:
    """mypy's incremental cache, outside the checkout, one per checkout: a second
    run checks in well under a second instead of about five."""
    checkout = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"reversis-cli-mypy-{checkout}"


def test_ruff_finds_nothing() -> None:
    _passes("ruff", "check", "--no-cache", *CLEAN_MODULES, *CLEAN_TESTS)


def test_mypy_finds_nothing() -> None:
    # follow-imports=silent: the modules these import are read for their types,
    # but only the listed ones are held to zero errors
    _passes("mypy", "--cache-dir", str(_mypy_cache()), "--follow-imports=silent",
            *CLEAN_MODULES)


def test_the_lists_name_files_that_exist() -> None:
    missing = [p for p in CLEAN_MODULES + CLEAN_TESTS if not (ROOT / p).is_file()]
    assert not missing, f"moved or removed: {missing}"
