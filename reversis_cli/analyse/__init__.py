"""``reversis analyse``: what each card of a deal cost, by an exhaustive search of
its last tricks (docs/output.md, "reversis-analysis/1"; docs/decisions.md, issue 32).

The stages: ``table.py`` (what stays fixed in a deal), ``money.py`` (the
settlement trick by trick, in whole units), ``search.py`` (the values of every
continuation), ``lines.py`` (the line of play behind a value, settled by the
engine), ``analysis.py`` (one deal's decisions, trace and findings) and
``result.py`` (the values they make).
"""

from .analysis import DEFAULT_START, AnalysisDisagreement, analyse_deal
from .result import LIKELY, PROVABLE, CardValue, DealAnalysis, Decision, Finding, TracePoint

__all__ = ["analyse_deal", "DEFAULT_START", "AnalysisDisagreement", "DealAnalysis",
           "Decision", "CardValue", "Finding", "TracePoint", "PROVABLE", "LIKELY"]
