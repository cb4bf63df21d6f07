"""The JSON that ``score --json`` writes, in one place (docs/output.md).

``reversis-score/1`` is one record's session: its head (source, profile,
players, pool at the start), one object per deal, then the totals and the
pool at the end.  ``reversis-score-batch/1`` holds one such object per file
and a summary.  Deals are written as they are settled, so a session of any
length is written in bounded memory.
"""

from __future__ import annotations

import json
import json.encoder
from json.encoder import encode_basestring
from fractions import Fraction
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from .. import fastpaths
from ..diagnostics import Diagnostic
from ..model import PaidLine, has_figures
from ..reader import CheckedDeal
from ..replay import ReplayedDeal
from ..session.service import ScoredDeal, Session
from ..cards import PACK, Card
from ..settle import DealStatus, Payment, amount_json, settlement_to_json
from ..settle.payments import POOL, param_json
from ..settle.texts import english_reason
from ..values import Value

if TYPE_CHECKING:  # loaded when a deal has paid or tally lines, or money is settled up
    from ..sheet.reconcile import DealReconciliation, Reconciler

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
        self._write(("," if self._deals else "") + "\n    "
                    + _deal_text(one, session.players, recorded))
        self._deals += 1

    def written(self, text: str, err: str = "") -> None:
        """Deals written already, by a worker (session/parts.py): deals without the
        table's figures, written by :meth:`deal` one after the other (their
        diagnostics, ``err``, are in them)."""
        if text:
            self._write(("," if self._deals else "") + text)
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
    """One deal object of docs/output.md as JSON text, as ``deal_json`` builds it,
    with its ``recorded`` block when the deal has the table's figures.

    A settled deal is written directly, member by member, not as one dict encoded:
    names (letters, digits, ``_``, ``-``), card codes, rule ids, reason codes and
    the status words need no escaping, and every deal repeats the same shape (eleven
    tricks, a handful of payments).  The reasons and the params' words go through
    the encoder's string escaping; anything else (diagnostics, the ``recorded``
    block) is one encoding of its value.  ``test_jsonout`` holds the text to
    ``deal_json``'s.  Under ``REVERSIS_REFERENCE=1`` (:mod:`.fastpaths`) every deal
    is ``deal_json``'s dict encoded.
    """
    checked, settlement = scored.checked, scored.settlement
    replayed = checked.replayed
    if (fastpaths.REFERENCE or settlement is None or replayed is None
            or not (replayed.rows or replayed.tricks)):
        deal = deal_json(scored, players)
        if recorded is not None:
            deal["recorded"] = recorded
        return _dumps(deal)
    tricks = _tricks_text(replayed)
    s = settlement
    diagnostics = checked.diagnostics
    tail = (f'"diagnostics": {_dumps([d.to_json() for d in diagnostics])}' if diagnostics
            else '"diagnostics": []')
    if recorded is not None:
        tail += f', "recorded": {_dumps(recorded)}'
    esp = s.espagnolette
    counts = _counts_template(replayed.players)
    return (f'{{"number": {s.number}, "dealer": "{s.dealer}", '
            f'"status": "{s.status}", "outcome": "{s.outcome}", '
            f'"tricks": [{tricks}], '
            f'"tricks_won": {counts.format(*s.tricks_won.values())}, '
            f'"points": {counts.format(*s.points.values())}, '
            f'"partie": {{"cards": {_codes_text([c.code for c in s.partie_cards])}, '
            f'"value": {_amount_text(s.partie_value)}}}, '
            f'"winners": {_codes_text(s.winners)}, "losers": {_codes_text(s.losers)}, '
            '"espagnolette": '
            + (f'{{"player": "{esp[0]}", "status": "{esp[1]}"}}, ' if esp else 'null, ')
            + f'"payments": [{", ".join([_payment_text(p) for p in s.payments])}], '
            + (f'"cancelled": [{", ".join([_payment_text(p) for p in s.cancelled])}], '
               if s.cancelled else '"cancelled": [], ')
            + f'"pool": {{"before": {_amount_text(s.pool_before)}, '
            f'"after": {_amount_text(s.pool_after)}}}, '
            f'"net": {_net_text(counts, s.net)}, {tail}}}')


_CARDS_JOIN = '", "'.join
_CODES = tuple(card.code for card in PACK)  # by card index


def _tricks_text(replayed: ReplayedDeal) -> str:
    """The members of a deal's ``tricks`` list; a plain deal's from its rows (the
    fast path: no trick made), any other's from its tricks (as ``_tricks_json``)."""
    names = replayed.players
    rows = replayed.rows
    if rows is not None:
        codes = _CODES
        return ", ".join([
            f'{{"number": {number}, "leader": "{names[leader]}", '
            f'"cards": ["{codes[a]}", "{codes[b]}", "{codes[c]}", "{codes[d]}"], '
            f'"taker": "{names[taker]}"}}'
            for number, leader, a, b, c, d, taker in rows])
    return ", ".join([
        f'{{"number": {t.number}, "leader": "{names[t.leader]}", '
        f'"cards": ["{_cards_text(t.plays)}"], "taker": "{names[t.taker]}"}}'
        for t in replayed.tricks])


def _cards_text(plays) -> str:
    """A trick's card codes, joined for a JSON list; four plays (every trick but one
    after a misplay) written without a loop."""
    if len(plays) == 4:
        a, b, c, d = plays
        return f'{a.card.code}", "{b.card.code}", "{c.card.code}", "{d.card.code}'
    return _CARDS_JOIN([p.card.code for p in plays])


def _codes_text(words: Sequence[str]) -> str:
    """A list of names or codes (no escaping needed) as JSON."""
    return f'["{_CARDS_JOIN(words)}"]' if words else "[]"


def _counts_text(by_name: dict) -> str:
    """A {name: amount} object as JSON (names need no escaping)."""
    return "{" + ", ".join([f'"{name}": {value}' if type(value) is int else
                            f'"{name}": {_amount_text(value)}'
                            for name, value in by_name.items()]) + "}"


# A {name: count} object of a session's players as a format string, by the players
# (the same four for every deal of a session): its counts are formatted into it.
_COUNT_TEMPLATES: dict[tuple[str, ...], str] = {}


def _counts_template(names: tuple[str, ...]) -> str:
    """``_counts_text`` as a format string for counts (ints) by ``names``, in order:
    the deal's tricks won, points and nets are dicts by its players, in their order."""
    template = _COUNT_TEMPLATES.get(names)
    if template is None:
        if len(_COUNT_TEMPLATES) >= 64:  # a batch of many sessions: bounded
            _COUNT_TEMPLATES.clear()
        template = _COUNT_TEMPLATES[names] = (
            "{{" + ", ".join([f'"{name}": {{}}' for name in names]) + "}}")
    return template


def _net_text(template: str, net: dict) -> str:
    """The deal's nets in the players' template when they are whole (a split partie
    may leave a fraction, written as ``"n/d"``)."""
    values = net.values()
    for value in values:
        if type(value) is not int:
            return _counts_text(net)
    return template.format(*values)


def _amount_text(amount) -> str:
    """docs/output.md: an integer, or a fraction as the string ``"n/d"``."""
    if type(amount) is int:
        return str(amount)
    value = amount_json(amount)
    return f'"{value}"' if isinstance(value, str) else str(value)


# Payments written already, by the payment and the order of its params' keys (equal
# payments are written the same, their params in the order made): a session's deals
# repeat them (the stakes, an ace placed on the same trick), and writing one costs
# as much as finding it here many times over.
_PAYMENT_TEXTS: dict[tuple[Payment, tuple[str, ...]], str] = {}
_PAYMENT_TEXTS_HELD = 4096  # then emptied: a bounded memory for a session of any length


def _payment_text(p: Payment) -> str:
    """``Payment.to_json`` as JSON text, written once for each distinct payment."""
    key = (p, tuple(p.params))
    text = _PAYMENT_TEXTS.get(key)
    return text if text is not None else _keep(_PAYMENT_TEXTS, key, _write_payment(p))


def _keep(table: dict, key: tuple, text: str) -> str:
    """``text`` kept in ``table`` under ``key``; a full table is emptied first
    (:data:`_PAYMENT_TEXTS_HELD`: bounded memory for a session of any length)."""
    if len(table) >= _PAYMENT_TEXTS_HELD:
        table.clear()
    table[key] = text
    return text


def _write_payment(p: Payment) -> str:
    """``Payment.to_json`` as JSON text: its reason and its params' words escaped."""
    trick = "null" if p.trick is None else p.trick
    amount = p.amount if type(p.amount) is int else _amount_text(p.amount)
    return (f'{{"payer": "{p.payer}", "payee": "{p.payee}", "amount": {amount}, '
            f'"rule": "{p.rule}", "trick": {trick}, "reason": {_string(english_reason(p))}, '
            f'"code": "{p.code}", "params": {_params_text(p.params)}, '
            f'"rules": ["{_CARDS_JOIN(p.rules)}"]}}')


# Params written already, by their items: far fewer kinds than payments (a card and
# a factor, a loser's points...).  Equal items are written the same (an int and an
# equal whole Fraction both as the integer).
_PARAMS_TEXTS: dict[tuple, str] = {}


def _params_text(params: dict) -> str:
    """``_write_params``, once for each distinct set of params."""
    if not params:
        return "{}"
    key = tuple(params.items())
    try:
        text = _PARAMS_TEXTS.get(key)
    except TypeError:  # a value that is no key (none of the rules' params today)
        return _write_params(params)
    return text if text is not None else _keep(_PARAMS_TEXTS, key, _write_params(params))


def _write_params(params: dict) -> str:
    """A payment's params as JSON, as ``Payment.to_json`` gives them: the usual
    values (a card, a number, a word, the grounds of a doubling) written here, any
    other through ``param_json`` and the encoder."""
    parts = []
    for key, value in params.items():
        kind = type(value)
        if kind is int:
            text = str(value)
        elif kind is Card:
            text = f'"{value.code}"'
        elif kind is str:
            text = _string(value)
        elif kind is tuple and all([type(v) is str for v in value]):
            text = f"[{', '.join(map(_string, value))}]"  # a doubling's grounds
        else:
            text = _dumps(param_json(value))
        parts.append(f'"{key}": {text}')
    return "{" + ", ".join(parts) + "}"


# One encoder for the whole output, made once: the data has no cycles to look for.  The
# standard library's C encoder is called directly when it has one (JSONEncoder.encode
# would build it again for every deal), and gives the same text.
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "), check_circular=False)


def _c_encoder():
    """The standard library's C encoder set up as ``_ENCODER``, or ``None``.

    It is undocumented (``None`` where ``_json`` is not built): should a Python
    drop it or change its arguments, the public encoder writes the same text,
    slower; ``tests/test_fences.py`` says so by name."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return None
    try:
        return make(None, _ENCODER.default, encode_basestring, None, ": ", ", ", False, False,
                    True)
    except TypeError:  # other arguments than the ones Python 3.11-3.13 take
        return None


_C_ENCODE = _c_encoder()
_string = encode_basestring  # a str as JSON text, escaped as the encoder escapes it


def _dumps(value) -> str:
    if _C_ENCODE is None or isinstance(value, str):  # pragma: no cover - no C encoder
        return _ENCODER.encode(value)
    return "".join(_C_ENCODE(value, 0))


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
