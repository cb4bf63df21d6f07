"""``csv-payments``: one row per payment, for a club's accounts (export only).

Columns: ``deal, trick, payer, payee, amount, rule, reason, status``.  The
payments are those of ``reversis score`` (the record's own rule profile), in
the order they arose; ``status`` is ``paid``, or ``cancelled`` for a payment
that REV-4 or a forfeiture removed (those rows follow the deal's paid ones and
move no money).  ``payer`` and ``payee`` are names or ``pool``; ``amount``
is in fiches, exact: ``5`` or ``11/2``; ``trick`` is empty for a payment that
arose outside a trick.  A record with errors is not exported: its accounts
would be incomplete.

The ``reason`` is written in the run's language (a Russian club reads
Russian reasons); the header, ``pool``, the amounts, the rule ids and the
status are the same in every language, for the scripts that read them.
"""

from __future__ import annotations

import csv
import io

from ..cards import respell
from ..diagnostics import Diagnostic, ProfileError
from ..i18n import t
from ..reader import record_from_text
from ..session.service import resolve_profile, score_deals
from ..settle import amount_json

__all__ = ["PAYMENT_COLUMNS", "rvs_to_payments_csv"]

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
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(PAYMENT_COLUMNS)
        for scored in score_deals(record, profile):
            problems.extend(scored.checked.diagnostics)
            settlement = scored.settlement
            if settlement is None:
                continue
            for status, payments in (("paid", settlement.payments),
                                     ("cancelled", settlement.cancelled)):
                for p in payments:
                    writer.writerow([settlement.number, "" if p.trick is None else p.trick,
                                     p.payer, p.payee, amount_json(p.amount), p.rule,
                                     respell(t(p.reason), style) if style else t(p.reason),
                                     status])
    if any(d.is_error for d in problems):
        return None, problems
    return out.getvalue(), problems
