"""reversis-cli: record, check, settle and explain games of Reversis."""

# The one place the version is written: the package metadata (pyproject.toml's
# [tool.hatch.version]), `reversis --version` and CHANGELOG.md's newest release agree
# with it (tests/test_release.py).
__version__ = "0.4.0"
