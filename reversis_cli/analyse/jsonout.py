"""The JSON of ``reversis analyse --json`` (docs/output.md, "reversis-analysis/1").

Cards are written as ``score --json`` writes them (``QD``), amounts as its
``net`` (an integer, or ``"n/d"``), a payment as one of its payments
(:meth:`Payment.to_json`); names are the record's.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..settle.payments import Amount, amount_json
from .result import CardValue, DealAnalysis, Decision, Finding, TracePoint

__all__ = ["ANALYSIS_FORMAT", "BATCH_FORMAT", "deal_analysis_json", "session_head_json"]

ANALYSIS_FORMAT = "reversis-analysis/1"
BATCH_FORMAT = "reversis-analysis-batch/1"


def session_head_json(source: str, profile, players: Sequence[str], from_trick: int,
                      player: str | None) -> dict:
    """The members of a file's object before its deals."""
    return {"format": ANALYSIS_FORMAT, "source": source,
            "profile": {"name": profile.name, "options": profile.to_json_options()},
            "players": list(players), "from_trick": from_trick, "player": player}


def deal_analysis_json(analysis: DealAnalysis, only: int | None = None) -> dict:
    """One deal: every decision from the trick it is exact from (with ``only``,
    a seat: that player's decisions and findings alone), every legal card of
    each, the findings; then what the text output shows besides (the value
    trace, the nets before the first card analysed and as played)."""
    names = analysis.players
    decisions = [d for d in analysis.decisions if only is None or d.seat == only]
    findings = [f for f in analysis.findings if only is None or f.seat == only]
    return {
        "deal": analysis.number,
        "exact_from_trick": analysis.exact_from_trick,
        "decisions": [_decision(d, names) for d in decisions],
        "findings": [_finding(f, names) for f in findings],
        "out_of_reach": analysis.out_of_reach,
        "out_of_reach_rule": analysis.out_of_reach_rule,
        "start": _by_name(analysis.start, names),
        "actual": _by_name(analysis.actual, names),
        "trace": [_point(p, names) for p in analysis.trace],
    }


def _by_name(values: tuple[Amount, ...], names: tuple[str, ...]) -> dict | None:
    if not values:
        return None
    return {name: amount_json(value) for name, value in zip(names, values, strict=True)}


def _decision(d: Decision, names: tuple[str, ...]) -> dict:
    return {"trick": d.trick, "player": names[d.seat], "played": d.played.code,
            "cards": [_card(c) for c in d.cards]}


def _card(c: CardValue) -> dict:
    return {"card": c.card.code, "guaranteed": amount_json(c.guaranteed),
            "selfish": amount_json(c.selfish)}


def _finding(f: Finding, names: tuple[str, ...]) -> dict:
    return {"grade": f.grade, "trick": f.trick, "player": names[f.seat],
            "played": f.played.code, "better": f.better.code, "loss": amount_json(f.loss),
            "played_value": amount_json(f.played_value),
            "better_value": amount_json(f.better_value),
            "event": None if f.event is None else f.event.to_json()}


def _point(p: TracePoint, names: tuple[str, ...]) -> dict:
    return {"trick": p.trick, "player": names[p.seat], "card": p.card.code,
            "guaranteed": _by_name(p.values, names)}
