"""``csv-payments``: one row per payment, for a club's accounts (export only).

Columns: ``deal, trick, payer, payee, amount, rule, reason, status``.  The
payments are those of ``reversis score`` (the record's own rule profile), in
the order they arose; ``status`` is ``paid``, or ``cancelled`` for a payment
that REV-4 or a forfeiture removed (those rows follow the deal's paid ones and
move no money).  ``payer`` and ``payee`` are names or ``pool``; ``amount``
is in fiches, exact: ``5`` or ``11/2``; ``trick`` is empty for a payment that
arose outside a trick.  A record with errors is not exported: its accounts
would be incomplete.

The same rows come from ``reversis score --format csv-payments``
(:class:`PaymentsCsv`, a score writer): the header, then each deal's rows as
it is settled, held until the record's end and written only if it had no
error; the diagnostics go to stderr, as under the tables.

The ``reason`` is written in the run's language (a Russian club reads
Russian reasons); the header, ``pool``, the amounts, the rule ids and the
status are the same in every language, for the scripts that read them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from typing import IO, TYPE_CHECKING

from ..cards import respell
from ..diagnostics import Diagnostic, ProfileError
from ..i18n import t
from ..reader import record_from_text
from ..session.service import resolve_profile, score_deals
from ..session.service import ScoredDeal, Session, SessionOutcome
from ..settle import DealSettlement, amount_json
from ..values import Value, setattr_frozen

if TYPE_CHECKING:
    from ..session.scoring import WrittenPart  # a worker's part (--jobs)

__all__ = ["PAYMENT_COLUMNS", "PaymentsCsv", "rvs_to_payments_csv"]

PAYMENT_COLUMNS = ("deal", "trick", "payer", "payee", "amount", "rule", "reason", "status")


def rvs_to_payments_csv(text: str, name: str = "<text>",
                        style: str | None = None) -> tuple[str | None, list[Diagnostic]]:
    """``style``: how cards in the reasons are spelt (None: as the engine writes
    them, A♠, in any language: a file's spelling never follows the language)."""
    with record_from_text(text, name) as record:
        try:
            profile, problems = resolve_profile(record)
        except ProfileError as exc:  # not raised for the header's own lines; kept safe
            return None, [exc.diagnostic]
        problems = list(record.header_diagnostics) + problems
        if profile is None or not record.players or any(d.is_error for d in problems):
            return None, problems
        out = io.StringIO()
        out.write(_HEADER)
        for scored in score_deals(record, profile):
            problems.extend(scored.checked.diagnostics)
            if scored.settlement is not None:
                out.write(payment_rows(scored.settlement, style))
    if any(d.is_error for d in problems):
        return None, problems
    return out.getvalue(), problems


def _row(cells: Sequence[object]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(cells)
    return out.getvalue()


_HEADER = _row(PAYMENT_COLUMNS)


def payment_rows(settlement: DealSettlement, style: str | None) -> str:
    """One deal's rows: its paid payments, then those cancelled."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for status, payments in (("paid", settlement.payments), ("cancelled", settlement.cancelled)):
        for p in payments:
            writer.writerow([settlement.number, "" if p.trick is None else p.trick,
                             p.payer, p.payee, amount_json(p.amount), p.rule,
                             respell(t(p.reason), style) if style else t(p.reason), status])
    return out.getvalue()


class PaymentsCsv(Value):
    """``score --format csv-payments`` (a :class:`~reversis_cli.session.scoring.DealWriter`):
    plain data, so that a worker process writes its part's rows as this one would.
    ``err_console(file=...)`` makes the console a worker prints its diagnostics
    on; ``cards`` is how cards in the reasons are spelt."""

    __slots__ = _fields = ("err_console", "cards")
    err_console: Callable[..., object]
    cards: str | None

    def __init__(self, err_console: Callable[..., object], cards: str | None = None):
        setattr_frozen(self, "err_console", err_console)
        setattr_frozen(self, "cards", cards)

    diagnostics_apart = True  # on stderr, as under the tables
    first_deals = 0  # nothing written at the end needs the first deals
    progress = False  # stdout is for a program
    between = ""  # a batch is one file's rows after another's (each with its header)

    def open(self, name: str, write: Callable[[str], object], err: object = None,
             only: int | None = None) -> SessionPayments:
        return SessionPayments(write, err, self.cards)

    def part_err(self, file: IO[str]) -> object:
        return self.err_console(file=file)

    def batch_head(self) -> str:
        return ""

    def batch_tail(self, outcomes: Sequence[SessionOutcome]) -> str:
        return ""

    def summary(self, outcomes: Sequence[SessionOutcome]) -> None:
        """None: stdout holds only rows."""
        return None


class SessionPayments:
    """One record's rows, held until its end: a record with errors writes none
    (its accounts would be incomplete).  A worker's part (:meth:`part`) writes
    its rows at once, for the parent to hold (:meth:`written`)."""

    def __init__(self, write: Callable[[str], object], err: object, cards: str | None):
        self._write = write
        self._err = err
        self._cards = cards
        self._held: list[str] = []
        self._session: Session | None = None
        self._direct = False  # a worker's part: no header, no holding

    def diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        from ..render.diagnostics import diagnostic_view  # the views: start-up time

        err = self._err
        if err is not None:
            for d in diagnostics:
                err.print(diagnostic_view(d), soft_wrap=True)  # type: ignore[attr-defined]

    def unsettled(self, session: Session) -> None:
        """Nothing: the diagnostics above say why (and the CLI adds a line)."""

    def head(self, session: Session) -> None:
        self._session, self._held = session, [_HEADER]

    def part(self, session: Session) -> None:
        self._session, self._direct = session, True

    def deal(self, one: ScoredDeal) -> None:
        if one.settlement is not None:
            rows = payment_rows(one.settlement, self._cards)
            if self._direct:
                self._write(rows)
            else:
                self._held.append(rows)

    def written(self, part: WrittenPart, err: str = "") -> None:
        if err and self._err is not None:
            self._err.file.write(err)  # type: ignore[attr-defined]
        self._held.append(part.text())

    def tail(self) -> None:
        session = self._session
        assert session is not None
        if not session.errors:
            self._write("".join(self._held))

    def failed(self, exc: BaseException) -> None:
        """Nothing: rows of a record a bug stopped are not written."""
