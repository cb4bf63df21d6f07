"""The JSON that ``score --json`` writes, in one place (docs/output.md).

``reversis-score/1`` is one record's session: its head (source, profile,
players, pool at the start), one object per deal, then the totals and the
pool at the end.  ``reversis-score-batch/1`` holds one such object per file
and a summary.  Deals are written as they are settled, so a session of any
length is written in bounded memory.

This module is the writer and the reference: the session's object, each deal's
dict (:func:`deal_json`); a settled deal's text is written by its twin,
:mod:`.jsontext`, unless ``REVERSIS_REFERENCE=1`` (:func:`_deal_text` chooses).
"""

from __future__ import annotations

import json
from fractions import Fraction
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from .. import fastpaths
from ..diagnostics import Diagnostic
from ..model import PaidLine, has_figures
from ..reader import CheckedDeal
from ..session.service import ScoredDeal, Session
from ..settle import DealStatus, amount_json, settlement_to_json
from ..settle.payments import POOL
from ..values import Value
from .encoder import dumps as _dumps
from . import jsontext

if TYPE_CHECKING:  # loaded when a deal has paid or tally lines, or money is settled up
    from ..sheet.reconcile import DealReconciliation, Reconciler
    from ..session.scoring import WrittenPart  # a worker's part (--jobs)

__all__ = ["deal_json", "recorded_json", "write_session_json", "JsonDeals", "SessionJson",
           "header_only_json",
           "internal_error_text", "internal_error_json", "BATCH_OPEN", "BATCH_SEPARATOR",
           "batch_close"]

Write = Callable[[str], object]

# A batch: the files' objects one after the other, then the summary.
BATCH_OPEN = '{\n"format": "reversis-score-batch/1",\n"files": [\n'
BATCH_SEPARATOR = ",\n"


def deal_json(scored: ScoredDeal, players: tuple[str, ...], tricks: bool = True) -> dict:
    """One deal object of docs/output.md.  A deal with errors is not settled:
    its ``outcome`` is null, it has no payments and the pool is unchanged.
    ``tricks`` False leaves the tricks list empty (the writer adds them)."""
    checked, settlement = scored.checked, scored.settlement
    diagnostics = [d.to_json() for d in checked.diagnostics]
    trick_list = _tricks_json(checked) if tricks else []
    if settlement is None:
        zero = {name: 0 for name in players}
        pool = amount_json(scored.pool_before)
        return {
            "number": checked.number, "dealer": checked.deal.dealer.text if checked.deal else None,
            "status": DealStatus.VOID if checked.deal is not None and checked.deal.is_void
            else DealStatus.PLAYED,
            "outcome": None, "tricks": trick_list, "tricks_won": {}, "points": {},
            "partie": None, "winners": [], "losers": [], "espagnolette": None, "payments": [],
            "cancelled": [], "pool": {"before": pool, "after": pool}, "net": zero,
            "diagnostics": diagnostics,
        }
    body = settlement_to_json(settlement)
    # The order of docs/output.md: the tricks come after the outcome.
    out = {"number": body.pop("number"), "dealer": body.pop("dealer"),
           "status": body.pop("status"), "outcome": body.pop("outcome"), "tricks": trick_list}
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


class JsonDeals(Value):
    """``score --json`` written deal by deal (a :class:`~reversis_cli.session.scoring.DealWriter`):
    plain data, so that a worker process writes its part's deals as this one would."""

    __slots__ = ()  # no fields: every JsonDeals is equal to every other

    diagnostics_apart = False  # the JSON holds them
    lean = True  # a plain deal's lean settlement written (score/jsontext.py)
    bytes_out = True  # writes only through its write: the CLI may take its deals as bytes
    first_deals = 0  # the tail is the totals: any deal may be a worker's

    def open(self, name: str, write: Write, err=None, only: int | None = None) -> SessionJson:
        return SessionJson(name, write, from_start=only is None)

    progress = False  # stdout is for a program; stderr stays quiet
    between = BATCH_SEPARATOR  # between two files of a batch

    def part_err(self, file) -> None:
        """None: a part's diagnostics are in its deals' JSON."""
        return None

    def batch_head(self) -> str:
        return BATCH_OPEN

    def batch_tail(self, outcomes: Sequence) -> str:
        return batch_close(outcomes)

    def summary(self, outcomes: Sequence) -> None:
        """None: the batch's summary is in its JSON (:meth:`batch_tail`)."""
        return None


class SessionJson:
    """The object of ``score --json`` for one record, written as it comes:
    :meth:`head`, one :meth:`deal` at a time (or deals :meth:`written` by
    another process), then :meth:`tail`; :meth:`failed` after a bug.

    The top level is indented; each deal is one compact line (Python's fast
    JSON encoder works only without indentation).  A deal with ``paid`` or
    ``tally`` lines gets a ``recorded`` block (:func:`recorded_json`);
    ``from_start`` False: the deals are not the session's from its first deal
    (``--deal N``), so where a sheet departed is not known.
    """

    def __init__(self, name: str, write: Write, from_start: bool = True):
        self.name = name
        self._write = write
        self._from_start = from_start
        self._session: Session | None = None
        # Made at the first deal with the table's figures (sheet/reconcile.py,
        # loaded only then: start-up time); the deals before it have none to compare.
        self._reconciler: Reconciler | None = None
        self._reconcile_from_start = from_start
        self._deals = 0  # deals written: each after the first follows a comma
        # A writer that also takes UTF-8 bytes (the CLI's standard output, ``_Output``):
        # a deal settled lean is given to it encoded, a part at a time (jsontext.deal_bytes).
        self._write_bytes: Callable[[bytes], object] | None = getattr(write, "write_bytes", None)
        self._started = False  # anything written: a bug then closes the object begun

    def diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        """Nothing: the JSON holds the diagnostics."""

    def unsettled(self, session: Session) -> None:
        """A record whose header cannot be used: its name and diagnostics, no deals."""
        self._started = True
        self._write(header_only_json(session.name, session.diagnostics))

    def head(self, session: Session) -> None:
        assert session.profile is not None  # an unsettleable session is unsettled()
        head = {
            "format": "reversis-score/1",
            "source": session.name,
            "profile": {"name": session.profile.name,
                        "options": session.profile.to_json_options()},
            "players": list(session.players),
            "pool_start": amount_json(session.pool_start.amount),
        }
        self._session = session
        self._reconciler, self._reconcile_from_start = None, self._from_start
        self._started = True
        self._write("{\n" + "".join(f"  {_dumps(k)}: {_dumps(v)},\n" for k, v in head.items())
                    + '  "deals": [')

    def part(self, session: Session) -> None:
        """Deals of a part, without the table's figures (session/parts.py): no head."""
        self._session = session
        self._reconciler, self._reconcile_from_start = None, False

    def deal(self, one: ScoredDeal) -> None:
        session = self._session
        assert session is not None
        recorded = None
        if has_figures(one.checked.deal):
            if self._reconciler is None:
                from ..sheet.reconcile import Reconciler  # only for figures: start-up time
                self._reconciler = Reconciler(session.players, self._reconcile_from_start)
            found = self._reconciler.add(one, session.balance())
            if found is not None:
                recorded = recorded_json(found)
        if self._write_bytes is not None and not fastpaths.REFERENCE:
            data = jsontext.deal_bytes(one, recorded)
            if data is not None:
                self._write_bytes((b",\n    " if self._deals else b"\n    ") + data)
                self._deals += 1
                return
        self._write(("," if self._deals else "") + "\n    "
                    + _deal_text(one, session.players, recorded))
        self._deals += 1

    def written(self, part: WrittenPart, err: str = "") -> None:
        """Deals written already, by a worker (session/parts.py): deals without the
        table's figures, written by :meth:`deal` one after the other (their
        diagnostics, ``err``, are in them), copied as they are."""
        if part:
            if self._deals:  # apart: a part is megabytes, and "," + text would copy them
                self._write(",")
            part.copy(self._write)
            self._deals += 1

    def tail(self) -> None:
        session = self._session
        assert session is not None
        tail: dict = {"totals": {name: amount_json(value)
                                 for name, value in session.totals().items()},
                      "pool_end": amount_json(session.pool_end)}
        if self._from_start and session.profile is not None \
                and session.profile.money.fiche_value is not None:
            # Settling up in money, only with a fiche value: session/settleup.py is
            # loaded only then (start-up time).
            from ..session.settleup import session_settle_up, settle_up_json
            settled_up = session_settle_up(session)
            if settled_up is not None:
                tail["settle_up"] = settle_up_json(settled_up)
        if session.diagnostics:
            tail["diagnostics"] = [d.to_json() for d in session.diagnostics]
        self._write("\n  ],\n" + ",\n".join(f"  {_dumps(k)}: {_dumps(v)}"
                                              for k, v in tail.items()) + "\n}\n")

    def failed(self, exc: BaseException) -> None:
        """After a bug: the object begun ends with ``internal_error`` (or, with
        nothing written, is one with only that), so that the output stays one
        JSON document."""
        if not self._started:
            self._write(internal_error_json(self.name, exc))
        elif self._session is not None:
            error = _dumps(internal_error_text(exc))
            self._write("\n  ],\n" + f'  "internal_error": {error}\n}}\n')


def write_session_json(session: Session, deals: Iterable[ScoredDeal], write: Write,
                       from_start: bool = True) -> None:
    """Write the object of ``score --json`` for ``session``, one deal of
    ``deals`` (read from the session) at a time (:class:`SessionJson`).  A bug
    met on the way ends the object with ``internal_error`` and is raised again
    for the caller to report."""
    out = SessionJson(session.name, write, from_start)
    out.head(session)
    try:
        for one in deals:
            out.deal(one)
        out.tail()
    except Exception as exc:
        out.failed(exc)
        raise


def recorded_json(rec: DealReconciliation) -> dict:
    """The ``recorded`` block of a deal (docs/output.md): its ``paid`` lines
    matched to the rules' payments, and its ``tally`` against the running totals."""
    tally = rec.tally
    return {
        "settled": rec.settled,
        "stakes_implied": bool(rec.implied_stakes),
        "payments": [{
            "match": pair.kind,
            "line": pair.recorded.pos.line if pair.recorded else None,
            "recorded": _paid_json(pair.recorded) if pair.recorded else None,
            "rules": _payment_json(pair.computed) if pair.computed else None,
            "correction": amount_json(pair.correction),
        } for pair in rec.payments],
        "tally": None if tally is None else {
            "line": tally.line.pos.line,
            "sheet": {name: amount_json(v) for name, v in tally.sheet.items()},
            "rules": {name: amount_json(v) for name, v in tally.rules.items()},
            "differences": {name: amount_json(v) for name, v in tally.differences.items()},
            "pool_sheet": None if tally.line.pool is None else amount_json(tally.line.pool),
            "pool_rules": amount_json(tally.pool_rules),
            "pool_difference": (None if tally.pool_difference is None
                                else amount_json(tally.pool_difference)),
            "agrees": tally.agrees,
            "departed_in": tally.departed_in,
            "carried": _parts_json(tally.carried) if tally.from_start else None,
            "new": _parts_json(tally.new) if tally.from_start else None,
            "set_right": ({name: amount_json(v) for name, v in tally.set_right.items()}
                          if tally.from_start else None),
            "adds_up": None if tally.imbalance is None else not tally.imbalance,
        },
    }


def _parts_json(parts) -> list[dict]:
    """Differences of a sheet by the deals where they arose: ``between`` the
    first and last deal where the slip may lie (the same deal twice when it
    is known)."""
    return [{"between": [part.span.first, part.span.last],
             "differences": {name: amount_json(v) for name, v in part.figures.items()}}
            for part in parts if part.span is not None]


def _paid_json(line: PaidLine) -> dict:
    return {"payer": POOL if line.payer_is_pool else line.payer.text,
            "payee": POOL if line.payee_is_pool else line.payee.text,
            "amount": amount_json(line.amount), "rule": line.rule, "trick": line.trick}


def _payment_json(payment) -> dict:
    return {"payer": payment.payer, "payee": payment.payee, "amount": amount_json(payment.amount),
            "rule": payment.rule, "trick": payment.trick}


def _deal_text(scored: ScoredDeal, players: tuple[str, ...], recorded: dict | None) -> str:
    """One deal object of docs/output.md as JSON text, with its ``recorded`` block
    when the deal has the table's figures: the text twin's (:mod:`.jsontext`), or
    ``deal_json``'s dict encoded where the twin gives up and for every deal under
    ``REVERSIS_REFERENCE=1`` (:mod:`.fastpaths`)."""
    if not fastpaths.REFERENCE:
        text = jsontext.deal_text(scored, recorded)
        if text is not None:
            return text
    deal = deal_json(scored, players)
    if recorded is not None:
        deal["recorded"] = recorded
    return _dumps(deal)


def header_only_json(source: str, header_diagnostics: Sequence[Diagnostic]) -> str:
    """``score --json`` for a record whose header cannot be used: no deals."""
    return json.dumps({"format": "reversis-score/1", "source": source,
                       "diagnostics": [d.to_json() for d in header_diagnostics]},
                      ensure_ascii=False, indent=2) + "\n"


def internal_error_text(exc: BaseException) -> str:
    """How a bug met while reading or settling a file is described."""
    return f"{type(exc).__name__}: {exc}"


def internal_error_json(source: str, exc: BaseException) -> str:
    """``score --json`` for a file that a bug stopped before any of it was written."""
    return json.dumps({"format": "reversis-score/1", "source": source,
                       "internal_error": internal_error_text(exc)},
                      ensure_ascii=False, indent=2) + "\n"


def batch_close(outcomes: Sequence) -> str:
    """The end of a batch: the summary, one entry per file (each with
    ``name``, ``deals``, ``errors``, ``warnings``, ``totals``, ``pool_end``
    and ``internal_error``)."""
    summary = json.dumps([{
        "source": o.name, "deals": o.deals, "errors": o.errors, "warnings": o.warnings,
        "totals": {k: amount_json(Fraction(v)) for k, v in o.totals.items()},
        "pool_end": amount_json(Fraction(o.pool_end)),
        **({"internal_error": o.internal_error} if o.internal_error else {}),
    } for o in outcomes], ensure_ascii=False)
    return "\n],\n" + f'"summary": {summary}\n}}\n'
