"""reversis-cli: record, check, settle and explain games of Reversis."""

__version__ = "0.1.0"
