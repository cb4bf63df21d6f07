"""The text twin of ``score --json``'s deal object (docs/contributing.md, "Fast paths").

:func:`deal_text` writes a settled deal's JSON text member by member, the
payments' texts kept for the deals after (a session repeats them); the writer
(:mod:`.json`) encodes its reference, ``deal_json``'s dict, where this gives up
and for every deal under ``REVERSIS_REFERENCE=1``.  The same bytes either way
(``tests/test_jsonout.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from string import Formatter
from typing import TypeVar

from ..cards import PACK, Card, Suit
from ..replay import ReplayedDeal
from ..replay.result import Walked
from ..session.service import ScoredDeal
from ..settle import DealSettlement, Payment, amount_json
from ..diagnostics import Diagnostic
from ..settle.leandeal import LeanDeal, payment_of
from ..settle.codes import NoteCode, ReasonCode
from ..settle.payments import param_json
from ..settle.texts import (FORFEITED, NOTE_FIELDS, REASONS, english_reason, english_reason_of,
                            english_revoke_remise, english_why, reason_key)
from .encoder import dumps, string

__all__ = ["deal_text", "deal_bytes"]


def deal_text(scored: ScoredDeal, recorded: dict | None) -> str | None:
    """One settled deal object of docs/output.md as JSON text, as the writer's
    ``deal_json`` builds it, with its ``recorded`` block when the deal has the
    table's figures; ``None`` (the writer encodes ``deal_json``'s dict) for a deal
    not settled or not replayed.

    A settled deal is written directly, member by member, not as one dict encoded:
    names (letters, digits, ``_``, ``-``), card codes, rule ids, reason codes and
    the status words need no escaping, and every deal repeats the same shape (eleven
    tricks, a handful of payments).  The reasons and the params' words go through
    the encoder's string escaping; anything else (diagnostics, the ``recorded``
    block) is one encoding of its value.  ``test_jsonout`` holds the text to
    ``deal_json``'s.
    """
    checked, lean = scored.checked, scored.lean
    replayed = checked.replayed
    if lean is not None and replayed is not None \
            and (replayed.rows is not None or replayed.walked is not None):  # IRR-5: walked
        return _lean_text(lean, replayed, checked.diagnostics, recorded)
    ends = _full_ends(scored, recorded)
    if ends is None:
        return None
    head, tail, s = ends
    text = _payment_text
    return (f'{head}{", ".join([text(p) for p in s.payments])}], "cancelled": ['
            f'{", ".join([text(p) for p in s.cancelled])}{tail}')


def _full_ends(scored: ScoredDeal, recorded: dict | None) -> tuple[str, str, DealSettlement] | None:
    """A deal settled in full: its text before its payments (to ``"payments": [``)
    and after its cancelled ones (from the ``]`` that closes them), and its
    settlement; None for a deal not settled or not replayed."""
    checked = scored.checked
    replayed = checked.replayed
    settlement = scored.settlement
    if settlement is None or replayed is None \
            or not (replayed.rows or replayed.walked or replayed.tricks):
        return None
    tricks = _tricks_text(replayed)
    s = settlement
    diagnostics = checked.diagnostics
    tail = (f'"diagnostics": {dumps([d.to_json() for d in diagnostics])}' if diagnostics
            else '"diagnostics": []')
    if recorded is not None:
        tail += f', "recorded": {dumps(recorded)}'
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
            + '"payments": ['), (
            f'], "pool": {{"before": {_amount_text(s.pool_before)}, '
            f'"after": {_amount_text(s.pool_after)}}}, '
            f'"net": {_net_text(counts, s.net)}, {tail}}}'), s


def deal_bytes(scored: ScoredDeal, recorded: dict | None) -> bytes | None:
    """:func:`deal_text` in UTF-8 for a writer that takes bytes (``SessionJson``), its
    payments kept encoded, the rest encoded each time; ``None`` for a deal not settled
    or not replayed, or one that does not encode strictly (written as text)."""
    checked, lean = scored.checked, scored.lean
    replayed = checked.replayed
    try:
        if lean is not None and replayed is not None \
                and (replayed.rows is not None or replayed.walked is not None):
            return _lean_bytes(lean, replayed, checked.diagnostics, recorded)
        ends = _full_ends(scored, recorded)
        if ends is None:
            return None
        head, tail, s = ends
        data = _payment_bytes
        return b"".join((head.encode(), b", ".join([data(p) for p in s.payments]),
                         b'], "cancelled": [', b", ".join([data(p) for p in s.cancelled]),
                         tail.encode()))
    except UnicodeEncodeError:  # a lone surrogate: the stream's errors policy decides
        return None


def _lean_text(lean: LeanDeal, replayed: ReplayedDeal, diagnostics: Sequence[Diagnostic],
               recorded: dict | None) -> str:
    """:func:`deal_text` of a plain deal settled lean (settle/lean.py; one where a
    player discarded two, settle/leantwo.py, its tricks as walked): the same
    members, from its seats and ints (the usual ones written inline, without a call)."""
    head, tail = _lean_ends(lean, replayed, diagnostics, recorded)
    text = _lean_payment_text
    return (f'{head}{", ".join(map(text, lean.payments))}], "cancelled": ['
            f'{", ".join(map(text, lean.cancelled)) if lean.cancelled else ""}{tail}')


def _lean_bytes(lean: LeanDeal, replayed: ReplayedDeal, diagnostics: Sequence[Diagnostic],
                recorded: dict | None) -> bytes:
    """:func:`_lean_text` in UTF-8, not encoded whole: its payments (the suits' signs,
    "vis-à-vis": char by char) as kept encoded, its ends (ASCII: a copy) encoded."""
    head, tail = _lean_ends(lean, replayed, diagnostics, recorded)
    data = _lean_payment_bytes
    return b"".join((head.encode(), b", ".join(map(data, lean.payments)), b'], "cancelled": [',
                     b", ".join(map(data, lean.cancelled)) if lean.cancelled else b"",
                     tail.encode()))


def _lean_ends(lean: LeanDeal, replayed: ReplayedDeal, diagnostics: Sequence[Diagnostic],
               recorded: dict | None) -> tuple[str, str]:
    """A lean deal's text before its payments (to ``"payments": [``) and after its
    cancelled ones (from the ``]`` that closes them): its head one ``%`` of the
    players' template (:func:`_lean_head`), its values as an f-string writes them."""
    names = lean.names
    tail = (f'"diagnostics": [{", ".join(map(_diagnostic_text, diagnostics))}]'
            if diagnostics else '"diagnostics": []')
    if recorded is not None:
        tail += f', "recorded": {dumps(recorded)}'
    head = _LEAN_HEADS.get(names) or _lean_head(names)
    net, esp, value = lean.net, lean.espagnolette, lean.partie_value
    for amount in net:
        if type(amount) is not int:
            net_text = _counts_text(dict(zip(names, net, strict=True)))
            break
    else:
        net_text = head[1] % net
    before, after, cards = lean.pool_before, lean.pool_after, lean.partie_cards
    seats = _SEATS_TEXTS  # the winners' and losers' texts, found without a call
    won0, won1, won2, won3 = lean.won
    points0, points1, points2, points3 = lean.points
    return (head[0] % (
        lean.number, names[lean.dealer], lean.outcome, _tricks_text(replayed),
        won0, won1, won2, won3, points0, points1, points2, points3,
        _codes_text([card.code for card in cards]) if cards else "[]",
        value if type(value) is int else _amount_text(value),
        seats.get((names, lean.winners)) or _seats_text(names, lean.winners),
        seats.get((names, lean.losers)) or _seats_text(names, lean.losers),
        "null" if esp is None else f'{{"player": "{esp[0]}", "status": "{esp[1]}"}}')), (
        f'], "pool": {{"before": {before if type(before) is int else _amount_text(before)}, '
        f'"after": {after if type(after) is int else _amount_text(after)}}}, '
        f'"net": {net_text}, {tail}}}')


# A lean deal's head and its counts' {name: count} as %-templates by its four players
# (names' "%" doubled); ``%s`` writes each value as an f-string does.
_LEAN_HEADS: dict[tuple[str, ...], tuple[str, str]] = {}


def _lean_head(names: tuple[str, ...]) -> tuple[str, str]:
    if len(_LEAN_HEADS) >= 64:  # a batch of many sessions: bounded
        _LEAN_HEADS.clear()
    counts = "{" + ", ".join([f'"{name.replace("%", "%%")}": %s' for name in names]) + "}"
    made = _LEAN_HEADS[names] = (
        '{"number": %s, "dealer": "%s", "status": "played", "outcome": "%s", '
        f'"tricks": [%s], "tricks_won": {counts}, "points": {counts}, '
        '"partie": {"cards": %s, "value": %s}, "winners": %s, "losers": %s, '
        '"espagnolette": %s, "payments": [', counts)
    return made


def _diagnostic_text(d: Diagnostic) -> str:
    """``dumps(d.to_json())`` (a revoke's warning in a plain deal, PLAY-4): its words
    escaped, its numbers written; one with related places through the encoder."""
    pos, deal, trick = d.pos, d.deal, d.trick
    if d.related or type(deal) not in _NUMBER_OR_NONE or type(trick) not in _NUMBER_OR_NONE:
        return dumps(d.to_json())
    where = f'"line": {pos[0]}, "column": {pos[1]}' if pos else '"line": null, "column": null'
    return (f'{{"code": {string(d.code)}, "severity": {string(d.severity)}, '
            f'"file": {string(d.file)}, {where}, '
            f'"deal": {"null" if deal is None else deal}, '
            f'"trick": {"null" if trick is None else trick}, '
            f'"message": {string(d.message)}}}')


_NUMBER_OR_NONE = (int, type(None))


# The winners' or losers' names as a JSON list, by the players and the seats.
_SEATS_TEXTS: dict[tuple[tuple[str, ...], tuple[int, ...]], str] = {}


def _seats_text(names: tuple[str, ...], seats: tuple[int, ...]) -> str:
    """``_codes_text`` of the names at ``seats``, written once for each."""
    key = (names, seats)
    text = _SEATS_TEXTS.get(key)
    if text is None:
        text = _keep(_SEATS_TEXTS, key, _codes_text([names[s] for s in seats]))
    return text


# Lean payments written already, by the payment itself (its params are their items, in
# the order made: hashable, and an equal payment whose params were made in another
# order is another key, as in _PAYMENT_TEXTS).
_LEAN_TEXTS: dict[Payment, str] = {}


def _lean_payment_text(p: Payment) -> str:
    """A lean payment (settle/lean.py) as ``_payment_text`` writes its full payment."""
    text = _LEAN_TEXTS.get(p)
    if text is None:
        text = _write_lean_payment(p)
        if p[5] not in _MET_ONCE:  # kept as _keep keeps it, without the call (every deal)
            if len(_LEAN_TEXTS) >= _PAYMENT_TEXTS_HELD:
                _LEAN_TEXTS.clear()
            _LEAN_TEXTS[p] = text
    return text


# Lean payments encoded already (UTF-8), as _LEAN_TEXTS keeps their texts.
_LEAN_BYTES: dict[Payment, bytes] = {}


def _lean_payment_bytes(p: Payment) -> bytes:
    """``_lean_payment_text(p)`` in UTF-8, encoded once for each payment kept."""
    data = _LEAN_BYTES.get(p)
    if data is None:
        data = _write_lean_payment(p).encode()
        if p[5] not in _MET_ONCE:  # kept as _lean_payment_text keeps its text
            if len(_LEAN_BYTES) >= _PAYMENT_TEXTS_HELD:
                _LEAN_BYTES.clear()
            _LEAN_BYTES[p] = data
    return data


# Payments whose texts are not kept: a revoke's remise names its trick, the card
# played, the card held and the suit led, and is met again about once in 400 deals
# (its reason) or 7 (its params): keeping them costs more than writing them.
_MET_ONCE = frozenset((ReasonCode.REMISE_REVOKE, ReasonCode.REMISE_REVOKE_NO_LEAD))


def _write_lean_payment(p: Payment) -> str:
    """``_write_payment(payment_of(p))`` without the full payment: its reason found
    by what it says (``texts.reason_key``: an ace placed on another trick, a partie
    lost for another amount, reads the same), its params by their items; a payment
    met once (:data:`_MET_ONCE`) written afresh."""
    payer, payee, amount, rule, trick, code, items, rules = p
    params: tuple = items  # type: ignore[assignment]  # a lean payment's: the items
    if code in _MET_ONCE:
        written = _revoke_remise_texts(payer, trick, params) if code is _REVOKE_REMISE else None
        if written is not None:
            reason, params_text = written
        else:
            reason = string(english_reason_of(code, payer, payee, rule, trick, params))
            params_text = _write_params(dict(params))
    elif params and params[-1][0] in _FORFEIT_FACTS \
            and (written := _forfeited_texts(code, payer, payee, rule, trick, params)) is not None:
        reason, params_text = written  # IRR-4, CLAIM-1: the payment's texts and the forfeit's
    else:
        key = reason_key(code, payer, payee, rule, trick, params)
        if key is None:
            reason = string(english_reason(payment_of(p)))
        else:
            found = _LEAN_REASONS.get(key)
            if found is None:  # kept as _keep keeps it, without the call
                found = string(english_reason_of(code, payer, payee, rule, trick, params))
                if len(_LEAN_REASONS) >= _PAYMENT_TEXTS_HELD:
                    _LEAN_REASONS.clear()
                _LEAN_REASONS[key] = found
            reason = found
        if params:
            kept = _PARAMS_TEXTS.get(params)
            params_text = kept if kept is not None else _params_text(dict(params))
        else:
            params_text = "{}"
    return (f'{{"payer": "{payer}", "payee": "{payee}", '
            f'"amount": {amount if type(amount) is int else _amount_text(amount)}, '
            f'"rule": "{rule}", "trick": {"null" if trick is None else trick}, '
            f'"reason": {reason}, "code": "{code._value_}", "params": {params_text}, '
            f'"rules": ["{_CARDS_JOIN(rules)}"]}}')


_REVOKE_REMISE = ReasonCode.REMISE_REVOKE

# A forfeited lean payment's params end with these (``leanevents._forfeit``: by which
# rule, why, and the facts the why's note reads), which no reason's template reads.
_FORFEIT_FACTS = frozenset(("forfeited_by", "forfeit", "peeker", "peek_forfeits",
                            "claims_required"))
# ``texts.FORFEITED`` after its ``{reason}``: what a forfeit adds to the reason (None:
# another shape, every forfeited payment written whole).
_FORFEIT_REST = (FORFEITED[len("{reason}"):] if FORFEITED.startswith("{reason}")
                 and [name for _, name, _, _ in Formatter().parse(FORFEITED) if name]
                 == ["reason", "why"]
                 and not any(name in _FORFEIT_FACTS for template in REASONS.values()
                             for _, name, _, _ in Formatter().parse(template))
                 else None)
# The forfeit's own texts (its reason's end as escaped JSON, its params' members), by
# the forfeit's items.
_FORFEIT_TEXTS: dict[tuple, tuple[str, str]] = {}


def _forfeited_texts(code: ReasonCode, payer: str, payee: str, rule: str, trick: int | None,
                     items: tuple) -> tuple[str, str] | None:
    """The reason and the params of a forfeited lean payment as JSON text, from the
    texts of the payment forfeited (its items before ``forfeited_by``: written for
    the deals where it stands, and kept) and the forfeit's (kept by the forfeit's
    items): what ``string(english_reason_of(...))`` and ``_write_params`` write of
    the whole, as ``texts.FORFEITED`` joins them.  None (written whole) at a doubt:
    no ``forfeited_by`` followed by a ``forfeit`` note, a forfeit's name among the
    payment's own, a note reading other values, a reason that reads more (a fine)."""
    at = 0
    for name, _ in items:
        if name == "forfeited_by":
            break
        if name in _FORFEIT_FACTS:
            return None
        at += 1
    base, tail = items[:at], items[at:]
    if len(tail) < 2 or tail[1][0] != "forfeit" or _FORFEIT_REST is None:
        return None
    key = reason_key(code, payer, payee, rule, trick, base)
    if key is None:
        return None
    forfeit = _FORFEIT_TEXTS.get(tail)
    if forfeit is None:
        why, names = tail[1][1], [name for name, _ in tail]
        if type(why) is not NoteCode or len(set(names)) != len(names) \
                or not all(name in _FORFEIT_FACTS for name in names) \
                or not all(name in names for name in NOTE_FIELDS[why]):
            return None
        if len(_FORFEIT_TEXTS) >= 256:  # bounded, whatever the session
            _FORFEIT_TEXTS.clear()
        forfeit = _FORFEIT_TEXTS[tail] = (
            string(_FORFEIT_REST.format(why=english_why(why, dict(tail))))[1:],
            _write_params(dict(tail))[1:-1])
    reason = _LEAN_REASONS.get(key)
    if reason is None:  # kept as _write_lean_payment keeps it
        reason = string(english_reason_of(code, payer, payee, rule, trick, base))
        if len(_LEAN_REASONS) >= _PAYMENT_TEXTS_HELD:
            _LEAN_REASONS.clear()
        _LEAN_REASONS[key] = reason
    if not base:
        return reason[:-1] + forfeit[0], "{" + forfeit[1] + "}"
    kept = _PARAMS_TEXTS.get(base)
    params = kept if kept is not None else _params_text(dict(base))
    return reason[:-1] + forfeit[0], params[:-1] + ", " + forfeit[1] + "}"


def _revoke_remise_texts(payer: str, trick: int | None, items: tuple) -> tuple[str, str] | None:
    """The reason and the params of a revoke's remise as the lean settlement makes
    them (settle/lean.py, ``_revoke_remises``: the card played, the card held, the
    suit led, the remise option) as JSON text, written directly: what
    ``string(english_reason_of(...))`` and ``_write_params`` write of them; None for
    any other params."""
    if len(items) != 4:
        return None
    (k0, card), (k1, held), (k2, suit), (k3, remise) = items
    if k0 != "card" or k1 != "held" or k2 != "suit" or k3 != "remise" \
            or type(card) is not Card or type(held) is not Card or type(suit) is not Suit \
            or type(remise) is not str:
        return None
    return (string(english_revoke_remise(payer, trick, card, held, suit)),
            f'{{"card": "{card.code}", "held": "{held.code}", "suit": "{suit._value_}", '
            f'"remise": {string(remise)}}}')


# A lean payment's reason as JSON text, by ``texts.reason_key``.
_LEAN_REASONS: dict[tuple, str] = {}


_CARDS_JOIN = '", "'.join
_CODES = tuple(card.code for card in PACK)  # by card index


def _tricks_text(replayed: ReplayedDeal) -> str:
    """The members of a deal's ``tricks`` list; a plain deal's from its rows (the
    fast path: no trick made), any other's from its tricks (as ``_tricks_json``)."""
    names = replayed.players
    rows = replayed.rows
    if rows is not None:
        codes, heads = _CODES, _TRICK_HEADS
        lead, take = _TRICK_SEATS.get(names) or _trick_seats(names)
        return ", ".join([
            f'{heads[number]}{lead[leader]}{codes[a]}", "{codes[b]}", "{codes[c]}", '
            f'"{codes[d]}{take[taker]}'
            for number, leader, a, b, c, d, taker in rows])
    walked = replayed.walked
    if walked is not None:  # a deal where a player discarded two: no trick made either
        try:
            return _walked_text(names, walked)
        except ValueError:  # a trick of three cards before the last (plaintwo walks none)
            pass
        codes = _CODES
        return ", ".join([
            f'{{"number": {number}, "leader": "{names[leader]}", '
            f'"cards": ["{_CARDS_JOIN([codes[index] for index in indexes])}"], '
            f'"taker": "{names[taker]}"}}'
            for number, leader, _, taker, indexes in walked])
    return ", ".join([
        f'{{"number": {t.number}, "leader": "{names[t.leader]}", '
        f'"cards": ["{_cards_text(t.plays)}"], "taker": "{names[t.taker]}"}}'
        for t in replayed.tricks])


def _walked_text(names: tuple[str, ...], walked: tuple[Walked, ...]) -> str:
    """The members of the ``tricks`` list of a deal where a player discarded two
    (IRR-5): tricks 1-10, of four cards, written as a plain deal's rows are, and
    trick 11 of three; ValueError when a trick is not of that many cards."""
    codes, heads = _CODES, _TRICK_HEADS
    lead, take = _TRICK_SEATS.get(names) or _trick_seats(names)
    number, leader, _, taker, (a, b, c) = walked[-1]
    return ", ".join([
        *[f'{heads[number]}{lead[leader]}{codes[a]}", "{codes[b]}", "{codes[c]}", '
          f'"{codes[d]}{take[taker]}'
          for number, leader, _, taker, (a, b, c, d) in walked[:-1]],
        f'{heads[number]}{lead[leader]}{codes[a]}", "{codes[b]}", "{codes[c]}{take[taker]}'])


# A trick object's text before its leader, by its number (a plain deal's rows are
# numbered 1 to 11), and around its names, by the players and the seat.
_TRICK_HEADS = tuple(f'{{"number": {number}' for number in range(64))
_TRICK_SEATS: dict[tuple[str, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _trick_seats(names: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A trick's text from its leader to its first card, and from its last card
    on, by the seat of the leader and the taker."""
    if len(_TRICK_SEATS) >= 64:  # a batch of many sessions: bounded
        _TRICK_SEATS.clear()
    made = _TRICK_SEATS[names] = (
        tuple([f', "leader": "{name}", "cards": ["' for name in names]),
        tuple([f'"], "taker": "{name}"}}' for name in names]))
    return made


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


# Payments encoded already (UTF-8), as _PAYMENT_TEXTS keeps their texts.
_PAYMENT_BYTES: dict[tuple[Payment, tuple[str, ...]], bytes] = {}


def _payment_bytes(p: Payment) -> bytes:
    """``_payment_text(p)`` encoded in UTF-8, encoded once for each distinct payment."""
    key = (p, tuple(p.params))
    data = _PAYMENT_BYTES.get(key)
    return data if data is not None else _keep(_PAYMENT_BYTES, key, _write_payment(p).encode())


_Kept = TypeVar("_Kept", str, bytes)


def _keep(table: dict, key: object, text: _Kept) -> _Kept:
    """``text`` (or its bytes) kept in ``table`` under ``key``; a full table is emptied
    first (:data:`_PAYMENT_TEXTS_HELD`: bounded memory for a session of any length)."""
    if len(table) >= _PAYMENT_TEXTS_HELD:
        table.clear()
    table[key] = text
    return text


def _write_payment(p: Payment) -> str:
    """``Payment.to_json`` as JSON text: its reason and its params' words escaped."""
    trick = "null" if p.trick is None else p.trick
    amount = p.amount if type(p.amount) is int else _amount_text(p.amount)
    return (f'{{"payer": "{p.payer}", "payee": "{p.payee}", "amount": {amount}, '
            f'"rule": "{p.rule}", "trick": {trick}, "reason": {string(english_reason(p))}, '
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
    values (a card, a number, a word, a forfeit's note code, a revoke's suit, the
    grounds of a doubling) written here, any other through ``param_json`` and the
    encoder."""
    parts = []
    for key, value in params.items():
        kind = type(value)
        if kind is int:
            text = str(value)
        elif kind is Card:
            text = f'"{value.code}"'
        elif kind is str or kind is NoteCode:  # a word, a forfeit's note (its code)
            text = string(value)
        elif kind is Suit:  # a revoke's suit led
            text = f'"{value._value_}"'
        elif kind is tuple and all([type(v) is str for v in value]):
            text = f"[{', '.join(map(string, value))}]"  # a doubling's grounds
        else:
            text = dumps(param_json(value))
        parts.append(f'"{key}": {text}')
    return "{" + ", ".join(parts) + "}"
