"""Settling up in money at the end of a session (docs/rules.md, "Settling up
in money"; docs/decisions.md says why it is done so).

Pure functions over what the session came to: each player's final balance
in fiches (the session service's totals, the sum of the settled deals' nets)
and the pool at the start and at the end.  Nothing here settles a deal.

1. **Balances in fiches.** Each player's net; with ``pool_at_end = shared``
   the pool left on the table is shared out equally among the players.  The
   pool is a party too when its content changed over the session (with
   ``carried``, what it gained is money put on the table that stays there;
   with ``shared``, what it held at the start is paid out), so that the
   parties' balances sum to zero exactly.
2. **In money, rounded.** Each balance times the fiche's value, exactly,
   then rounded to the currency's minor unit by the largest remainder: every
   amount is rounded down, and the units this leaves over go one each to the
   largest remainders, ties to the party first in playing order (the pool
   last).  The rounded amounts sum to zero; an amount already exact in minor
   units is never moved.
3. **The fewest transfers.** The parties are split into the largest number
   of groups that each sum to zero (an exact search over subsets, up to
   :data:`EXACT_LIMIT` parties owing or owed), and each group is settled
   greedily: the biggest debtor pays the biggest creditor.  A group of k
   parties takes k-1 transfers, so n parties in g groups take n-g, the
   minimum.  Beyond the limit the greedy settling of everyone at once is
   given: at most n-1 transfers, ``minimal`` False.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import floor

from ..rules.money import MoneyOptions, decimal_text
from .service import Session
from ..settle.payments import POOL, amount_json
from ..values import Value, setattr_frozen

__all__ = ["EXACT_LIMIT", "MINOR_DIGITS", "DEFAULT_MINOR_DIGITS", "SettleUp", "Transfer",
           "minor_digits", "money_text", "round_shares", "fewest_transfers", "period_settle_up",
           "settle_up",
           "session_settle_up", "settle_up_json"]

# ISO 4217 minor units of the currencies a club is likely to play for; any
# other code (and no code) is counted in hundredths.
DEFAULT_MINOR_DIGITS = 2
MINOR_DIGITS = {
    "BHD": 3, "CLP": 0, "IQD": 3, "ISK": 0, "JOD": 3, "JPY": 0, "KRW": 0, "KWD": 3,
    "LYD": 3, "OMR": 3, "PYG": 0, "TND": 3, "UGX": 0, "VND": 0, "XAF": 0, "XOF": 0,
}

# Up to this many parties owing or owed, the fewest transfers are searched
# for exactly: 2**n subsets, about 0.1 s for 14 (a table of a dozen players
# and the pool).  A session has four players and the pool.
EXACT_LIMIT = 14

Amount = int | Fraction


def minor_digits(currency: str | None) -> int:
    """How many decimal digits the currency's minor unit has (ISO 4217)."""
    if currency is None:
        return DEFAULT_MINOR_DIGITS
    return MINOR_DIGITS.get(currency, DEFAULT_MINOR_DIGITS)


class Transfer(Value):
    """``payer`` hands ``payee`` ``amount`` minor units (cents, kopecks)."""

    __slots__ = _fields = ("payer", "payee", "amount")
    payer: str
    payee: str
    amount: int

    def __init__(self, payer: str, payee: str, amount: int):
        setattr_frozen(self, "payer", payer)
        setattr_frozen(self, "payee", payee)
        setattr_frozen(self, "amount", amount)


class SettleUp(Value):
    """The session's balance in money and the transfers that settle it.

    ``parties`` are the players in playing order, then :data:`POOL` when the
    pool takes part; ``fiches`` each party's balance in fiches and ``units``
    in the currency's minor units (summing to zero); ``pool_left`` the fiches
    left in the pool for the next session (0 when shared out), ``pool_end``
    what it held at the end of the last deal."""

    __slots__ = _fields = ("money", "digits", "parties", "fiches", "units", "pool_left",
                           "pool_end", "transfers", "minimal")
    money: MoneyOptions
    digits: int
    parties: tuple[str, ...]
    fiches: Mapping[str, Fraction]
    units: Mapping[str, int]
    pool_left: Amount
    pool_end: Amount
    transfers: tuple[Transfer, ...]
    minimal: bool

    def __init__(self, money: MoneyOptions, digits: int, parties: tuple[str, ...],
                 fiches: Mapping[str, Fraction], units: Mapping[str, int], pool_left: Amount,
                 pool_end: Amount, transfers: tuple[Transfer, ...], minimal: bool):
        setattr_frozen(self, "money", money)
        setattr_frozen(self, "digits", digits)
        setattr_frozen(self, "parties", parties)
        setattr_frozen(self, "fiches", fiches)
        setattr_frozen(self, "units", units)
        setattr_frozen(self, "pool_left", pool_left)
        setattr_frozen(self, "pool_end", pool_end)
        setattr_frozen(self, "transfers", transfers)
        setattr_frozen(self, "minimal", minimal)

    @property
    def fiche_value(self) -> Fraction:
        value = self.money.fiche_value
        assert value is not None  # no settle-up without one
        return value


def settle_up(totals: Mapping[str, Amount], players: Sequence[str], pool_start: Amount,
              pool_end: Amount, money: MoneyOptions) -> SettleUp | None:
    """The settle-up of a session whose players came to ``totals`` (fiches)
    and whose pool went from ``pool_start`` to ``pool_end``; None without a
    fiche value."""
    if money.fiche_value is None:
        return None
    fiches = _balances_in_fiches(totals, players, pool_start, pool_end, money)
    digits = minor_digits(money.currency)
    scale = money.fiche_value * 10 ** digits
    parties = tuple(fiches)
    units = round_shares({party: fiches[party] * scale for party in parties}, parties)
    transfers, minimal = fewest_transfers(units, parties)
    pool_left = pool_end if money.pool_at_end == "carried" else 0
    # Read payer by payer, in playing order.
    transfers.sort(key=lambda one: (parties.index(one.payer), parties.index(one.payee)))
    return SettleUp(money, digits, parties, fiches, units, pool_left, pool_end,
                    tuple(transfers), minimal)


def period_settle_up(nets: Mapping[str, Fraction], money: MoneyOptions) -> SettleUp:
    """The settle-up of several sessions at once (``stats --fiche-value``):
    each player's net over them, as the archive's stored payments sum it
    (exact), and what the pool gained over them, which is minus their sum
    (every deal sums to zero).  Settled as one session whose pool is
    carried: the pool is a party of its own, paid in or out, and nothing of
    it is shared (what it holds after the last session is the pool's line
    of ``stats``)."""
    gained = -sum(nets.values(), Fraction(0))
    carried = MoneyOptions(money.fiche_value, money.currency, "carried")
    settled = settle_up(nets, list(nets), -gained, 0, carried)
    assert settled is not None  # stats gives a fiche value: there is a settle-up
    return settled


def session_settle_up(session: Session) -> SettleUp | None:
    """The settle-up of a session read to its end (every deal handed out):
    None without a fiche value or when it could not be settled."""
    if session.profile is None or session.profile.money.fiche_value is None:
        return None
    return settle_up(session.balance(), session.players, session.pool_start.amount,
                     session.pool, session.profile.money)


def settle_up_json(s: SettleUp) -> dict:
    """``score --json``'s ``settle_up`` object (docs/output.md): sums of money
    as exact decimal strings in the currency's minor unit, fiches as the
    score JSON writes amounts."""
    pool = s.units.get(POOL)
    return {
        "fiche_value": decimal_text(s.fiche_value),
        "currency": s.money.currency,
        "minor_digits": s.digits,
        "pool_at_end": s.money.pool_at_end,
        "balances": {name: money_text(s.units[name], s.digits)
                     for name in s.parties if name != POOL},
        "fiches": {name: amount_json(s.fiches[name]) for name in s.parties if name != POOL},
        "pool": {"left": amount_json(s.pool_left),
                 "balance": money_text(pool or 0, s.digits),
                 "fiches": amount_json(s.fiches.get(POOL, Fraction(0)))},
        "transfers": [{"from": one.payer, "to": one.payee,
                       "amount": money_text(one.amount, s.digits)} for one in s.transfers],
        "minimal": s.minimal,
    }


def _balances_in_fiches(totals: Mapping[str, Amount], players: Sequence[str],
                        pool_start: Amount, pool_end: Amount, money: MoneyOptions
                        ) -> dict[str, Fraction]:
    """Each party's balance in fiches, summing to zero (the pool last, when
    it has one)."""
    share = Fraction(pool_end) / len(players) if money.pool_at_end == "shared" else Fraction(0)
    fiches = {name: Fraction(totals.get(name, 0)) + share for name in players}
    kept = Fraction(pool_end) if money.pool_at_end == "carried" else Fraction(0)
    pool = kept - Fraction(pool_start)
    if pool:
        fiches[POOL] = pool
    if sum(fiches.values()) != 0:  # every deal balances (POOL-5): a bug if not
        raise ValueError(f"the balances do not sum to zero: {fiches}")
    return fiches


def round_shares(exact: Mapping[str, Fraction], order: Sequence[str]) -> dict[str, int]:
    """Amounts summing to zero, rounded to whole units so that they still
    do: each rounded down, then the units left over one each to the largest
    remainders, ties to the party first in ``order``."""
    floors = {party: floor(exact[party]) for party in order}
    left_over = -sum(floors.values())  # the remainders sum to it: 0 <= it < len(order)
    by_remainder = sorted(order, key=lambda party: (-(exact[party] - floors[party]),
                                                    order.index(party)))
    for party in by_remainder[:left_over]:
        floors[party] += 1
    return floors


def fewest_transfers(units: Mapping[str, int], order: Sequence[str]
                     ) -> tuple[list[Transfer], bool]:
    """Transfers that bring every balance of ``units`` (summing to zero) to
    zero, and whether they are the fewest there can be."""
    owing = [party for party in order if units[party]]
    if len(owing) > EXACT_LIMIT:
        return _greedy(owing, units), False
    transfers: list[Transfer] = []
    for group in _zero_sum_groups(owing, units):
        transfers += _greedy(group, units)
    return transfers, True


def _zero_sum_groups(parties: list[str], units: Mapping[str, int]) -> list[list[str]]:
    """``parties`` split into the largest number of groups that each sum to
    zero.  ``best[mask]`` is the most zero-sum groups the parties of ``mask``
    can be cut into when they are taken one at a time and a group closes
    each time the running sum comes back to zero (any split into groups is
    such an order); ``last[mask]`` the party taken last."""
    n = len(parties)
    sums = [0] * (1 << n)
    best = [0] * (1 << n)
    last = [-1] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + units[parties[low]]
        for i in range(n):  # the lowest index first: ties go the same way every run
            if mask >> i & 1 and (last[mask] < 0 or best[mask ^ (1 << i)] > best[mask]):
                best[mask], last[mask] = best[mask ^ (1 << i)], i
        best[mask] += sums[mask] == 0
    groups: list[list[str]] = []
    mask, current = (1 << n) - 1, list[str]()
    while mask:
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        i = last[mask]
        current.append(parties[i])
        mask ^= 1 << i
    if current:
        groups.append(current)
    return [sorted(group, key=parties.index) for group in groups]


def _greedy(group: Sequence[str], units: Mapping[str, int]) -> list[Transfer]:
    """The biggest debtor pays the biggest creditor, again and again: each
    transfer clears one of them, the last both, so k parties take at most
    k-1 transfers.  Ties go to the party first in ``group``."""
    left = {party: units[party] for party in group}
    transfers = []
    while any(left.values()):
        payer = min(group, key=lambda p: (left[p], group.index(p)))
        payee = max(group, key=lambda p: (left[p], -group.index(p)))
        amount = min(-left[payer], left[payee])
        transfers.append(Transfer(payer, payee, amount))
        left[payer] += amount
        left[payee] -= amount
    return transfers


def money_text(units: int, digits: int) -> str:
    """Minor units as a decimal string: ``1250`` with 2 digits is ``12.50``,
    ``-300`` is ``-3.00`` (JSON; the tables write it in the reader's way)."""
    sign = "-" if units < 0 else ""
    whole, part = divmod(abs(units), 10 ** digits)
    return f"{sign}{whole}.{part:0{digits}d}" if digits else f"{sign}{whole}"
