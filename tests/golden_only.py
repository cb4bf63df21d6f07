"""A pytest plugin (``-p golden_only``, with tests/ on the path) that keeps only
the tests comparing with a golden file (those using the ``golden`` fixture):
tests/test_reference_switch.py runs them under ``REVERSIS_REFERENCE=1``."""

from __future__ import annotations


def pytest_collection_modifyitems(config, items):
    kept = [item for item in items if "golden" in getattr(item, "fixturenames", ())]
    dropped = [item for item in items if "golden" not in getattr(item, "fixturenames", ())]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = kept
