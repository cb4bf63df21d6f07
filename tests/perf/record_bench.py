"""Benchmarks of ``reversis record`` (run on demand, never by pytest).

    python tests/perf/record_bench.py            # both figures
    python tests/perf/record_bench.py --deals 200 --runs 5

1. A card checked at deal 200 of a long session, and what plain mode prints
   for it (the prompt of the next card, rendered as the console would): each
   card of deal 200 typed one by one through the engine, timed apart; the
   median and the worst.  Target: under 20 ms.  Then the same with the draft
   saved after each card as record does (an atomic write flushed to disk: its
   cost is the disk's, and on a shared machine its worst case varies).
2. Opening a 200-deal file: ``python -m reversis_cli record FILE --plain``
   with ``quit`` on its input, wall time start-up included (the whole file is
   read, checked and settled before the first prompt).  Median of the runs.
   Target: under 1.5 s.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402

from reversis_cli.i18n import t  # noqa: E402
from reversis_cli.model import Deal, TrickLine  # noqa: E402
from reversis_cli.record import Recorder, Setup  # noqa: E402
from reversis_cli.record.plain import prompt  # noqa: E402
from reversis_cli.simulate.options import SimulationOptions  # noqa: E402
from reversis_cli.simulate.session import simulate_record, simulate_session  # noqa: E402


def session(deals: int, folder: Path) -> tuple[Path, Deal]:
    """A simulated session of ``deals`` deals: the file of all but the last,
    and the last deal's model (to type)."""
    options = SimulationOptions(deals=deals, seed=0, write_exchanges=True)
    pieces = list(simulate_session(options))
    path = folder / "long.rvs"
    path.write_text("".join(pieces[:-1]), encoding="utf-8")
    _, made = simulate_record(options)
    last = list(made)[-1]
    return path, last


def card_figures(deals: int, with_draft: bool) -> tuple[float, float, int]:
    """Each card of the last deal typed and its prompt printed; ``with_draft``:
    through the recorder, which saves the draft (written, flushed to disk,
    renamed) after every card; else the check alone, on the deal in progress."""
    with tempfile.TemporaryDirectory() as folder:
        path, deal = session(deals, Path(folder))
        recorder = Recorder.open(path, Setup())
        target = recorder if with_draft else recorder.begin()
        console = Console(file=io.StringIO(), width=100, force_terminal=False)
        times = []
        for stmt in deal.statements:
            if not isinstance(stmt, TrickLine):
                continue
            for card in stmt.cards:
                start = time.perf_counter()
                outcome = target.play(str(card.card))
                if outcome.waiting:
                    target.confirm()
                console.print(t(prompt(recorder.begin())))
                times.append(time.perf_counter() - start)
        assert recorder.begin().complete
        return statistics.median(times), max(times), len(times)


def open_figure(deals: int, runs: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        options = SimulationOptions(deals=deals, seed=0, write_exchanges=True)
        path = Path(folder) / "long.rvs"
        path.write_text("".join(simulate_session(options)), encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "reversis_cli", "record", str(path),
                                   "--plain"], input="quit\n", capture_output=True, text=True,
                                  env=env, check=False)
            times.append(time.perf_counter() - start)
            assert done.returncode == 0, done.stderr
            assert f"Deal {deals + 1}," in done.stdout, done.stdout
        return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    median, worst, cards = card_figures(args.deals, with_draft=False)
    saved_median, saved_worst, _ = card_figures(args.deals, with_draft=True)
    opened = open_figure(args.deals, args.runs)
    rows = [
        (f"a card checked + prompt, deal {args.deals} ({cards} cards): median", median, 0.020),
        (f"a card checked + prompt, deal {args.deals}: worst", worst, 0.020),
        ("  the same + the draft saved to disk (fsync): median", saved_median, 0.020),
        ("  the same + the draft saved to disk (fsync): worst", saved_worst, 0.050),
        (f"record FILE --plain on {args.deals} deals, then quit (median of {args.runs})",
         opened, 1.5),
    ]
    failed = False
    for name, value, target in rows:
        ok = value < target
        failed |= not ok
        print(f"{name:<70} {value * 1000:8.1f} ms   target < {target * 1000:.0f} ms   "
              f"{'PASS' if ok else 'FAIL'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
