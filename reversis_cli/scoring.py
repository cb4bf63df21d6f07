"""Scoring a record: choose the rule profile, settle each deal in order,
carry the pool, and build the JSON of docs/output.md.

The profile comes from the header (``rules``, then each ``set`` line), then
the command line (``--rules`` replaces the header's profile, ``--set``
overrides last).  Deals with errors are reported and not settled: they pay
nothing and leave the pool as it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Callable, Iterable, Iterator, Mapping

from .diagnostics import Diagnostic, ProfileError
from .reader import UNITS, CheckedDeal, Record, parse_amount
from .rules import Profile, load_profile
from .settle import DealSettlement, SessionSettler, amount_json, settlement_to_json

__all__ = ["DEFAULT_PROFILE", "ScoredDeal", "resolve_profile", "header_profile_problems",
           "score_deals", "deal_json", "write_session_json", "pool_start_of", "JETON",
           "internal_error_text", "internal_error_json"]

DEFAULT_PROFILE = "classic"
JETON = 5  # fiches


@dataclass(frozen=True)
class ScoredDeal:
    """A deal as read and, when it could be, settled.

    ``pool_before`` and ``previous`` are the session state the deal was
    settled in, so that an arbiter can settle it again under other options.
    """

    checked: CheckedDeal
    settlement: DealSettlement | None
    pool_before: Fraction | int = 0
    previous: DealSettlement | None = None
    pot_line_given: bool = False
    session_start: Fraction | int = 0


def resolve_profile(record: Record, rules: str | None = None,
                    sets: Mapping[str, str] | None = None) -> tuple[Profile | None, list[Diagnostic]]:
    """The profile the record asks for, with the command line's overrides.

    Problems in the header (its ``rules`` line, each ``set`` line) are located
    diagnostics, and then there is no profile: settling under rules other than
    the ones the record names would give wrong money.  Problems in ``rules``
    or ``sets`` (the command line) raise :class:`ProfileError` for the CLI to
    report as a usage error.  The profile is None too when the record's
    ``pot`` line (amount or unit) cannot be read (already reported by the
    reader): it is not settled as an empty pool.
    """
    problems: list[Diagnostic] = []
    line = record.header.get("rules")
    if rules is not None:
        profile = load_profile(rules, base_dir=Path.cwd())
    elif line is not None:
        profile = _header_profile(record, line, problems)
    else:
        profile = load_profile(DEFAULT_PROFILE)
    # Each set line is checked even when the profile could not be built, so
    # that one run reports every problem of the header.
    checked = profile or load_profile(DEFAULT_PROFILE)
    for set_line in record.header.all("set"):
        try:
            checked = checked.with_overrides({set_line.option: set_line.value})
        except ProfileError as exc:
            problems.append(record.locate(exc.diagnostic, set_line.value_pos or set_line.pos))
    if problems:
        return None, problems
    if sets:
        checked = checked.with_overrides(dict(sets))
    if not _pot_readable(record):
        return None, problems
    return checked, problems


def _header_profile(record: Record, line, problems: list[Diagnostic]) -> Profile | None:
    """The profile of the header's ``rules`` line (a path is read from the record's folder)."""
    base_dir = Path(record.name).parent if record.name else None
    try:
        return load_profile(line.value, base_dir=base_dir)
    except ProfileError as exc:
        problems.append(record.locate(exc.diagnostic, line.value_pos))
        return None


def header_profile_problems(record: Record) -> list[Diagnostic]:
    """What is wrong with the profile the header names (its rules and set lines)."""
    return resolve_profile(record)[1]


def _pot_readable(record: Record) -> bool:
    """No pot line, or one whose amount and unit can both be read."""
    line = record.header.get("pot")
    if line is None:
        return True
    unit = record.header.get("unit")
    return parse_amount(line.value) is not None and (unit is None or unit.value in UNITS)


def pool_start_of(record: Record) -> tuple[Fraction | int, bool]:
    """The pool before deal 1 (``pot`` line, in the record's unit) and whether it was given."""
    line = record.header.get("pot")
    if line is None:
        return 0, False
    amount = parse_amount(line.value)
    if amount is None:  # resolve_profile refuses such a record: this is a bug
        raise ValueError(f"the pot {line.value!r} cannot be read")
    unit = record.header.get("unit")
    if unit is not None and unit.value == "jeton":
        amount *= JETON
    return (int(amount) if amount.denominator == 1 else amount), True


def score_deals(record: Record, profile: Profile) -> Iterator[ScoredDeal]:
    """Settle the record's deals one at a time, carrying the pool."""
    pool_start, given = pool_start_of(record)
    settler = SessionSettler(profile, record.players, pool_start, given)
    for checked in record.deals():
        pool_before, previous = settler.pool, settler.last_played
        settlement = settler.settle(checked.replayed) if checked.settleable else None
        yield ScoredDeal(checked, settlement, pool_before, previous, given,
                         settler.session_start)


def deal_json(scored: ScoredDeal, players: tuple[str, ...], tricks: bool = True) -> dict:
    """One deal object of docs/output.md.  A deal with errors is not settled:
    its ``outcome`` is null, it has no payments and the pool is unchanged.
    ``tricks`` False leaves the tricks list empty (the writer adds them)."""
    checked, settlement = scored.checked, scored.settlement
    diagnostics = [d.to_json() for d in checked.diagnostics]
    tricks = _tricks_json(checked) if tricks else []
    if settlement is None:
        zero = {name: 0 for name in players}
        pool = amount_json(scored.pool_before)
        return {
            "number": checked.number, "dealer": checked.deal.dealer.text if checked.deal else None,
            "status": "void" if checked.deal is not None and checked.deal.is_void else "played",
            "outcome": None, "tricks": tricks, "tricks_won": {}, "points": {}, "partie": None,
            "winners": [], "losers": [], "espagnolette": None, "payments": [], "cancelled": [],
            "pool": {"before": pool, "after": pool}, "net": zero, "diagnostics": diagnostics,
        }
    body = settlement_to_json(settlement)
    # The order of docs/output.md: the tricks come after the outcome.
    out = {"number": body.pop("number"), "dealer": body.pop("dealer"),
           "status": body.pop("status"), "outcome": body.pop("outcome"), "tricks": tricks}
    out.update(body)
    out["diagnostics"] = diagnostics
    return out


def _tricks_json(checked: CheckedDeal) -> list[dict]:
    replayed = checked.replayed
    if replayed is None:
        return []
    names = replayed.players
    return [{"number": t.number, "leader": names[t.leader],
             "cards": [p.card.code for p in t.plays], "taker": names[t.taker]}
            for t in replayed.tricks]


def write_session_json(record: Record, profile: Profile, header_diagnostics: list[Diagnostic],
                       scored: Iterable[ScoredDeal], write: Callable[[str], object]) -> dict:
    """Write the object of ``score --json`` deal by deal, in bounded memory.

    The top level is indented; each deal is one compact line (Python's fast
    JSON encoder works only without indentation).  Returns the totals and
    the pool at the end.
    """
    pool_start, _ = pool_start_of(record)
    head = {
        "format": "reversis-score/1",
        "source": record.name,
        "profile": {"name": profile.name, "options": profile.to_json_options()},
        "players": list(record.players),
        "pool_start": amount_json(pool_start),
    }
    write("{\n" + "".join(f"  {_dumps(k)}: {_dumps(v)},\n" for k, v in head.items())
          + '  "deals": [')
    try:
        tail = _write_deals(record, scored, write, amount_json(pool_start))
        if header_diagnostics:
            tail["diagnostics"] = [d.to_json() for d in header_diagnostics]
    except Exception as exc:
        # A bug stopped the deals: end the object so that the output stays one
        # JSON document, say why, and let the caller report it.
        write("\n  ],\n" + f'  "internal_error": {_dumps(internal_error_text(exc))}\n}}\n')
        raise
    write("\n  ],\n" + ",\n".join(f"  {_dumps(k)}: {_dumps(v)}" for k, v in tail.items())
          + "\n}\n")
    return tail


def _write_deals(record: Record, scored: Iterable[ScoredDeal], write: Callable[[str], object],
                 pool_end) -> dict:
    """Each deal on a line of its own; returns the totals and the pool at the end."""
    totals: dict[str, Fraction | int] = {name: 0 for name in record.players}
    for index, one in enumerate(scored):
        deal = deal_json(one, record.players, tricks=False)
        write(("," if index else "") + "\n    " + _deal_text(deal, one))
        if one.settlement is not None:
            for name, amount in one.settlement.net.items():
                totals[name] += amount
        pool_end = deal["pool"]["after"]
    return {"totals": {name: amount_json(value) for name, value in totals.items()},
            "pool_end": pool_end}


def internal_error_text(exc: BaseException) -> str:
    """How a bug met while reading or settling a file is described."""
    return f"{type(exc).__name__}: {exc}"


def internal_error_json(source: str, exc: BaseException) -> str:
    """``score --json`` for a file that a bug stopped before any of it was written."""
    return json.dumps({"format": "reversis-score/1", "source": source,
                       "internal_error": internal_error_text(exc)},
                      ensure_ascii=False, indent=2) + "\n"


def _deal_text(deal: dict, scored: ScoredDeal) -> str:
    """``deal`` as JSON text; its tricks, a third of the text, written directly.

    Names (letters, digits, ``_``, ``-``) and card codes need no escaping, and
    this is the one part of the output that every deal repeats eleven times.
    """
    replayed = scored.checked.replayed
    if replayed is None or not replayed.tricks:
        return _dumps(deal)
    names = replayed.players
    tricks = ", ".join(
        f'{{"number": {t.number}, "leader": "{names[t.leader]}", "cards": ["'
        + '", "'.join([p.card.code for p in t.plays])
        + f'"], "taker": "{names[t.taker]}"}}'
        for t in replayed.tricks)
    head = {key: deal[key] for key in ("number", "dealer", "status", "outcome")}
    rest = {key: value for key, value in deal.items() if key not in head and key != "tricks"}
    return f'{_dumps(head)[:-1]}, "tricks": [{tricks}], {_dumps(rest)[1:]}'


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def header_only_json(source: str, header_diagnostics: list[Diagnostic]) -> str:
    """``score --json`` for a record whose header cannot be used: no deals."""
    return json.dumps({"format": "reversis-score/1", "source": source,
                       "diagnostics": [d.to_json() for d in header_diagnostics]},
                      ensure_ascii=False, indent=2) + "\n"
