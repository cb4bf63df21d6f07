"""Benchmark of ``reversis analyse`` (issue 32, item 4).

    python tests/perf/analyse_bench.py [--deals 40] [--seed 32] [--tricks 8,7]
                                       [--reach] [--limit 60] [--cpu N] [--json FILE]

Simulates ``--deals`` deals (half under classic, half under modern, as
``reversis simulate`` writes them, the default mix of rare events), and times
``analyse_deal`` on each, in this process, pinned to one CPU, from each trick
of ``--tricks``: CPU seconds a deal (``time.process_time``), the positions the
search valued, median and worst.  The analysis is the default one: every
decision of every trick from the start, all four players, both values, and
each figure settled again by the engine.  Targets: from trick 8 a median of at
most 2 s a deal, from trick 7 at most 10 s.

``--reach`` also says how far back ``--from-trick`` reaches within ``--limit``
CPU seconds (60 by default): for each deal, the earliest trick from which the
analysis ends in time (trying 6, then 5, ...; a run is stopped by a CPU-time
alarm).  Prints one table and exits 1 when a target is missed.  Not a test:
pytest does not collect this folder.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from reversis_cli.analyse import analyse_deal  # noqa: E402
from reversis_cli.reader import record_from_text  # noqa: E402
from reversis_cli.rules import Profile  # noqa: E402
from reversis_cli.session.service import ScoredDeal, Session  # noqa: E402
from reversis_cli.simulate import SimulationOptions, simulate_session  # noqa: E402

TARGETS_S = {8: 2.0, 7: 10.0}  # median CPU seconds a deal, by the trick analysed from


class OutOfTime(Exception):
    pass


def _alarm(signum, frame):
    raise OutOfTime


def deals(count: int, seed: int) -> list[tuple[ScoredDeal, Profile]]:
    """``count`` settled deals with their profiles, half classic and half modern."""
    found: list[tuple[ScoredDeal, Profile]] = []
    for rules, n in (("classic", (count + 1) // 2), ("modern", count // 2)):
        text = "".join(simulate_session(SimulationOptions(n, seed, rules)))
        session = Session.of(record_from_text(text, f"bench-{rules}"))
        found += [(scored, session.reading.profile) for scored in session.deals()
                  if scored.settlement is not None]
    return found


def timed(scored, profile, start: int, limit: float | None = None
          ) -> tuple[float, int] | None:
    """CPU seconds and positions of one analysis; None when ``limit`` ran out."""
    if limit:
        signal.setitimer(signal.ITIMER_PROF, limit)
    began = time.process_time()
    try:
        analysis = analyse_deal(scored, profile, from_trick=start)
    except OutOfTime:
        return None
    finally:
        if limit:
            signal.setitimer(signal.ITIMER_PROF, 0)
    return time.process_time() - began, analysis.positions


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="reversis analyse benchmark (see the docstring)")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=32)
    ap.add_argument("--tricks", default="8,7", help="tricks to analyse from, comma-separated")
    ap.add_argument("--reach", action="store_true",
                    help="also find the earliest trick each deal's analysis ends from in time")
    ap.add_argument("--limit", type=float, default=60.0, help="CPU seconds for --reach")
    ap.add_argument("--cpu", type=int, default=None, help="CPU to run on (default: the last)")
    ap.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = ap.parse_args(argv)
    cpu = args.cpu if args.cpu is not None else max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    signal.signal(signal.SIGPROF, _alarm)
    played = deals(args.deals, args.seed)
    print(f"analyse: {len(played)} simulated deals (seed {args.seed}), pinned to CPU {cpu}",
          file=sys.stderr)
    rows: list[tuple[str, ...]] = []
    failed = 0
    figures: list[dict[str, object]] = []
    for start in [int(t) for t in args.tricks.split(",")]:
        results = [timed(scored, profile, start) for scored, profile in played]
        seconds = [r[0] for r in results if r]
        positions = [r[1] for r in results if r]
        median = statistics.median(seconds)
        target = TARGETS_S.get(start)
        ok = None if target is None else median <= target
        failed += ok is False
        rows.append((f"from trick {start}", f"{median:.3f} s", f"{max(seconds):.3f} s",
                     f"{statistics.median(positions):,.0f}", f"{max(positions):,}",
                     f"<= {target:g} s" if target else "-",
                     "" if ok is None else ("PASS" if ok else "FAIL")))
        figures.append({"from_trick": start, "median_s": median, "worst_s": max(seconds),
                        "median_positions": statistics.median(positions),
                        "worst_positions": max(positions), "target_s": target, "ok": ok})
    head = ("analysis", "median CPU", "worst CPU", "median positions", "worst positions",
            "target (median)", "result")
    widths = [max(len(r[k]) for r in [head, *rows]) for k in range(len(head))]
    for row in [head, *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)))
    if args.reach:
        reach = []
        for scored, profile in played:
            earliest = None
            for start in range(6, 0, -1):
                if timed(scored, profile, start, args.limit) is None:
                    break
                earliest = start
            reach.append(earliest)
        counts = {t: reach.count(t) for t in sorted(set(reach), key=lambda t: t or 99)}
        print(f"\nearliest trick analysed within {args.limit:g} s of CPU (deals): "
              + ", ".join(f"{'later than 6' if t is None else t}: {n}"
                          for t, n in counts.items()))
        figures.append({"reach_limit_s": args.limit, "earliest": reach})
    print(f"peak memory: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    print(f"reproduce: python tests/perf/analyse_bench.py --deals {args.deals} "
          f"--seed {args.seed} --tricks {args.tricks}{' --reach' if args.reach else ''}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
