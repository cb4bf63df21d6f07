"""How often the rare events come up in a simulated session.

    python tests/perf/rates.py [--deals 2000] [--seed 0] [--events RATE] [--irregular RATE]
                               [--rules classic|modern] [FILE]

Simulates a session as ``reversis simulate`` writes it (or reads FILE), settles
it with the library and counts the deals in which each event happens, from the
settlements: the outcome (reversis made or broken), the espagnolette, and the
payments by rule -- QUIN-1 the quinola placed, QUIN-2/ESP-9 forced, QUIN-3 led
or played, ACE-1 in trick 10 or 11 an ace placed there.  Not a test: pytest
does not collect this folder.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from reversis_cli.reader import record_from_text  # noqa: E402
from reversis_cli.rules import load_profile  # noqa: E402
from reversis_cli.settle import SessionSettler  # noqa: E402
from reversis_cli.simulate import (  # noqa: E402
    DEFAULT_EVENT_RATE, SimulationOptions, simulate_session,
)

EVENTS = (
    ("reversis made", "REV-1: one player took all eleven tricks"),
    ("reversis broken", "REV-2/3: the first nine to one player, not the last two"),
    ("any reversis", "made or broken"),
    ("espagnolette", "ESP-1, held (success, failed or waived)"),
    ("reversis or espagnolette", "any of the three"),
    ("quinola placed", "QUIN-1: JH thrown on another suit"),
    ("quinola forced", "QUIN-2 / ESP-9: JH taken perforce"),
    ("quinola led/played", "QUIN-3: JH led or played in suit"),
    ("ace placed in trick 10-11", "ACE-1 in trick 10 or 11"),
    ("irregular deal", "void (misdeal, exposed) or an irregularity line / revoke"),
)


def deal_events(settlement, deal) -> set[str]:
    """The events of one settled deal (names of EVENTS)."""
    out = set()
    if settlement.outcome == "reversis":
        out.add("reversis made")
    elif settlement.outcome == "reversis_broken":
        out.add("reversis broken")
    if settlement.espagnolette is not None:
        out.add("espagnolette")
    for p in settlement.payments + settlement.cancelled:
        if p.rule == "QUIN-1" and p.payer != "pool" and p.payee != "pool":
            out.add("quinola placed")
        elif p.rule in ("QUIN-2", "ESP-9"):
            out.add("quinola forced")
        elif p.rule == "QUIN-3":
            out.add("quinola led/played")
        elif p.rule == "ACE-1" and p.trick in (10, 11):
            out.add("ace placed in trick 10-11")
    if out & {"reversis made", "reversis broken"}:
        out.add("any reversis")
    if out & {"reversis made", "reversis broken", "espagnolette"}:
        out.add("reversis or espagnolette")
    if settlement.status == "void" or any(
            s.kind in ("peeked", "kept", "discarded-two", "out-of-turn", "unclaimed")
            for s in getattr(deal, "statements", ()) if hasattr(s, "kind")):
        out.add("irregular deal")
    return out


def count(text: str | bytes, rules: str = "classic") -> tuple[int, collections.Counter, int]:
    """(deals, events counter, deals not settled) of a session's text."""
    counts: collections.Counter = collections.Counter()
    deals = unsettled = 0
    with record_from_text(text, "simulated.rvs") as record:
        settler = SessionSettler(load_profile(rules), record.players)
        for checked in record.deals():
            deals += 1
            if not checked.settleable:
                unsettled += 1
                continue
            assert checked.replayed is not None  # settleable: it was replayed
            if checked.replayed.revokes:
                counts["irregular deal"] += 1
            s = settler.settle(checked.replayed)
            counts.update(deal_events(s, checked.deal) - (
                {"irregular deal"} if checked.replayed.revokes else set()))
    return deals, counts, unsettled


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", help="count in this record instead of simulating")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--events", type=float, default=DEFAULT_EVENT_RATE)
    ap.add_argument("--irregular", type=float, default=0.0)
    ap.add_argument("--rules", default="classic")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    text: str | bytes
    if args.file:
        text = Path(args.file).read_bytes()
        what = args.file
    else:
        text = "".join(simulate_session(SimulationOptions(
            args.deals, args.seed, args.rules, events=args.events, irregular=args.irregular)))
        what = (f"simulate --deals {args.deals} --seed {args.seed} --events {args.events}"
                f" --irregular {args.irregular}")
    deals, counts, unsettled = count(text, args.rules)
    print(f"{what}: {deals} deals, {unsettled} not settled "
          f"({time.perf_counter() - started:.1f} s)")
    print(f"{'event':28} {'deals':>6} {'rate':>7} {'one in':>7}  meaning")
    for name, meaning in EVENTS:
        n = counts[name]
        one_in = f"{deals / n:.0f}" if n else "-"
        print(f"{name:28} {n:6} {100 * n / max(deals, 1):6.2f}% {one_in:>7}  {meaning}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
