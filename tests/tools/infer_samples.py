"""Records whose score sheet was kept under another reading than their header's.

``with_sheet(text, sets)`` writes, after each deal of a record, the ``tally``
line a marker would have written had the table played the record's profile
with the options ``sets`` changed: the figures are the settlement's under that
reading, while the header still names the record's profile.  ``reversis rules
--infer`` should find ``sets`` back.  ``house_reading()`` is the sample made so
(samples/house-reading.rvs); the tests use ``with_sheet`` on simulated
sessions.
"""

from __future__ import annotations

import random

from reversis_cli.amounts import amount_text
from reversis_cli.reader import record_from_text
from reversis_cli.session.service import Session
from reversis_cli.simulate.events import generate_deal
from reversis_cli.simulate.played import dealer_after

from handwritten import format_deal, format_header

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
SEED = 1792
DEALS = 16
# What the table of the sample played: the classic rules, but nothing doubled
# in the last two tricks and the partie not doubled between vis-a-vis.
HOUSE_READING = {"late_tricks_double": "none", "partie_vis_a_vis_double": "no"}


def _settled(text: str, sets: dict[str, str]):
    """Each deal's settlement under the record's profile with ``sets``, and
    the players."""
    with Session.of(record_from_text(text, "house.rvs"), sets=sets) as session:
        settlements = [scored.settlement for scored in session.deals()]
        assert all(s is not None for s in settlements), "every deal of a sheet sample settles"
        return settlements, session.players


def _totals_after_each_deal(text: str, sets: dict[str, str]):
    """Each player's running total and the pool after each deal, under the
    record's profile with ``sets``."""
    settlements, players = _settled(text, sets)
    totals = dict.fromkeys(players, 0)
    out = []
    for settled in settlements:
        for name in players:
            totals[name] += settled.net[name]
        out.append((dict(totals), settled.pool_after))
    return out


def paid_line(payment) -> str:
    line = f"  paid {payment.payer} {payment.payee} {amount_text(payment.amount)} {payment.rule}"
    return line + (f" trick {payment.trick}" if payment.trick is not None else "")


def _insert_at_deal_ends(text: str, lines_for) -> str:
    """``text`` with ``lines_for(number)`` (a list of lines) closing each deal."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("deal ")]
    ends = starts[1:] + [len(lines)]
    for number in range(len(starts), 0, -1):  # from the end: indexes stay right
        end = ends[number - 1]
        while end > starts[number - 1] and not lines[end - 1].strip():
            end -= 1
        lines[end:end] = lines_for(number)
    return "\n".join(lines) + "\n"


def with_payments(text: str, sets: dict[str, str]) -> str:
    """``text`` with a paid line for each payment of each deal (no tally),
    as the record's profile with ``sets`` settles them."""
    settlements, _ = _settled(text, sets)
    return _insert_at_deal_ends(
        text, lambda n: [paid_line(p) for p in settlements[n - 1].payments if p.amount])


def tally_line(totals: dict, pool) -> str:
    figures = " ".join(f"{name} {amount_text(amount, signed=True)}"
                       for name, amount in totals.items())
    return f"  tally {figures} pool {amount_text(pool)}"


def with_sheet(text: str, sets: dict[str, str], every: int = 1) -> str:
    """``text`` with a tally line closing every ``every``-th deal (and the
    last), figured under the record's profile with ``sets``."""
    figures = _totals_after_each_deal(text, sets)
    last = len(figures)
    return _insert_at_deal_ends(
        text, lambda n: [tally_line(*figures[n - 1])] if n % every == 0 or n == last else [])


def house_reading() -> str:
    """Sixteen deals, header ``rules classic``, the sheet kept under
    :data:`HOUSE_READING`."""
    rng = random.Random(SEED)
    dealer, blocks = 3, []
    for number in range(1, DEALS + 1):
        played = generate_deal(rng, dealer)
        blocks.append(format_deal(played, number, PLAYERS, write_exchanges=False,
                                  leaders="first", takers={11}))
        dealer = dealer_after(played)
    header = format_header(
        PLAYERS, title="A house reading", date="2027-03-10", place="the Lvov club",
        rules="classic",
        comments=["Gleb kept the sheet. The club plays nothing doubled in the last tricks and "
                  "no double partie between vis-a-vis, though the header says classic"])
    return with_sheet("\n".join([header, *blocks]), HOUSE_READING)
