"""The samples with the table's own figures: ``paid`` and ``tally`` lines.

``score_sheet()`` is a short evening whose marker wrote the score sheet after
every deal and, for one deal, each payment as it was made; the figures are
the settlement's own, so the record checks clean and agrees with its rules.
``disputed_sheet()`` is an evening whose table paid a forced ace in a late
trick without doubling it: the paid lines of that deal say so, and the sheet
goes wrong there and carries the difference to the end.
``bad_sheet_samples()`` are one-deal records with one mistake each in such a
line.  tests/tools/make_samples.py writes them with the other samples.
"""

from __future__ import annotations

import random

from reversis_cli.amounts import amount_text
from reversis_cli.reader import record_from_text
from reversis_cli.session.service import Amount, Session
from reversis_cli.simulate.events import generate_deal

from handwritten import format_deal, format_header

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
SEED = 1791
DEALS = 8
PAID_DEAL = 3  # the deal whose payments the marker wrote one by one


def _figures(text: str):
    """Per deal: the settlement's payments, each player's running total and
    the pool after the deal."""
    totals: dict[str, Amount] = dict.fromkeys(PLAYERS, 0)
    out = []
    with Session.of(record_from_text(text, "sheet.rvs")) as session:
        for scored in session.deals():
            settled = scored.settlement
            assert settled is not None, "every deal of the sample settles"
            for name in PLAYERS:
                totals[name] += settled.net[name]
            out.append((settled.payments, dict(totals), settled.pool_after))
    return out


def _paid_line(payment) -> str:
    line = f"  paid {payment.payer} {payment.payee} {amount_text(payment.amount)} {payment.rule}"
    return line + (f" trick {payment.trick}" if payment.trick is not None else "")


def _tally_line(totals: dict, pool) -> str:
    figures = " ".join(f"{name} {amount_text(totals[name], signed=True)}" for name in PLAYERS)
    return f"  tally {figures} pool {amount_text(pool)}"


def score_sheet() -> str:
    """Eight deals under the classic rules with the sheet after each deal."""
    rng = random.Random(SEED)
    dealer, blocks = 3, []
    for number in range(1, DEALS + 1):
        blocks.append(format_deal(generate_deal(rng, dealer), number, PLAYERS,
                                  write_exchanges=False, leaders="first", takers={11}))
        dealer = (dealer + 1) % 4
    header = format_header(PLAYERS, title="The score sheet kept", date="2027-02-03",
                           place="Anna's kitchen", rules="classic",
                           comments=["Vera keeps the sheet: the totals after every deal, and "
                                     f"in deal {PAID_DEAL} each payment as it was made"])
    text = "\n".join([header, *blocks])
    for index, (payments, totals, pool) in enumerate(_figures(text)):
        lines = [_paid_line(p) for p in payments] if index + 1 == PAID_DEAL else []
        lines.append(_tally_line(totals, pool))
        blocks[index] += "\n".join(lines) + "\n"
    return "\n".join([header, *blocks])


DISPUTED_SEED = 1829
DISPUTED_DEAL = 5  # Boris's lead forces Vera's A♥ in trick 10: 2 by the rules, 1 paid


def _evening(seed: int, header: str) -> tuple[str, list[str]]:
    rng = random.Random(seed)
    dealer, blocks = 3, []
    for number in range(1, DEALS + 1):
        blocks.append(format_deal(generate_deal(rng, dealer), number, PLAYERS,
                                  write_exchanges=False, leaders="first", takers={11}))
        dealer = (dealer + 1) % 4
    return "\n".join([header, *blocks]), blocks


def _undoubled(payment):
    """The late forced ace as the table paid it: not doubled for the late trick."""
    if payment.rule == "ACE-2" and payment.trick is not None and payment.trick >= 10:
        return payment._replace(amount=payment.amount // 2)
    return payment


def disputed_sheet() -> str:
    """Eight deals under the classic rules: in deal 5 the table paid the
    forced ace of trick 10 single, and the sheet carries the fiche from there."""
    header = format_header(PLAYERS, title="The forced ace of trick ten", date="2027-02-10",
                           place="Boris's dacha", rules="classic",
                           comments=["Vera keeps the sheet; in deal "
                                     f"{DISPUTED_DEAL} Boris says his forced ace was paid "
                                     "single, and it is in the last two tricks"])
    text, blocks = _evening(DISPUTED_SEED, header)
    totals: dict[str, Amount] = dict.fromkeys(PLAYERS, 0)
    for index, (payments, _, pool) in enumerate(_figures(text)):
        paid = [_undoubled(p) for p in payments] if index + 1 == DISPUTED_DEAL else payments
        assert index + 1 != DISPUTED_DEAL or paid != list(payments), "the dispute is there"
        for p in paid:
            for name, sign in ((p.payer, -1), (p.payee, 1)):
                if name in totals:
                    totals[name] += sign * p.amount
        lines = [_paid_line(p) for p in paid] if index + 1 == DISPUTED_DEAL else []
        lines.append(_tally_line(totals, pool))
        blocks[index] += "\n".join(lines) + "\n"
    return "\n".join([header, *blocks])


# (name, code, what is wrong, the line added at the end of the deal)
BAD = [
    ("tally-unknown-player", "RV311", "a tally naming Bors, not a player",
     "  tally Anna 0 Bors 0 Vera 0 Gleb 0"),
    ("tally-missing-player", "RV312", "a tally without Gleb", "  tally Anna 0 Boris 0 Vera 0"),
    ("tally-not-a-number", "RV115", "a tally figure written 1.5",
     "  tally Anna +1.5 Boris 0 Vera 0 Gleb 0"),
    ("paid-unknown-player", "RV313", "a payment to Zed, not a player", "  paid Anna Zed 5"),
    ("paid-oneself", "RV314", "Anna paying Anna", "  paid Anna Anna 5"),
    ("paid-unknown-rule", "RV315", "a payment under ACE-9, which no rule is",
     "  paid Anna Boris 1 ACE-9"),
    ("paid-trick-twelve", "RV316", "a payment for trick 12", "  paid Anna Boris 1 trick 12"),
]


def bad_sheet_samples() -> dict[str, str]:
    """One mistake in a paid or tally line per record, the rest legal."""
    base = generate_deal(random.Random(SEED + 1), 3)
    out = {}
    for name, code, what, line in BAD:
        out[name] = (f"# expect: {code}  ({what})\n"
                     + format_header(PLAYERS, title=f"bad sample: {what}", rules="classic")
                     + "\n" + format_deal(base, 1, PLAYERS, write_exchanges=False,
                                          leaders="first") + line + "\n")
    return out
