"""Benchmark of ``reversis rules --infer`` (issue 11: under 10 s for 200 deals).

    python tests/perf/infer_bench.py [--deals 200] [--seed 11] [--runs 3] [--cpu N]

Makes one simulated session (``--deals`` deals, as ``reversis simulate`` writes
them), then score sheets for it kept under house readings that differ from
the header's classic rules in 0, 1, 2 and 3 options, and one whose reading
differs in 2 options and whose marker also wrote one pool wrong (no reading
agrees with it: the search runs to its end).  For each sheet it times the
whole command, start-up included (``python -m reversis_cli rules --infer
FILE``, the median of ``--runs`` runs) pinned to one CPU, and says how many
deals the search settled.  Prints one table with the target, PASS/FAIL, and
exits 1 when a sheet misses it.  Not a test: pytest does not collect this folder.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for _folder in (ROOT, ROOT / "tests" / "tools"):
    sys.path.insert(0, str(_folder))

from reversis_cli.sheet.infer import infer_in  # noqa: E402
from reversis_cli.reader import record_from_text  # noqa: E402
from reversis_cli.session.service import Session  # noqa: E402
from reversis_cli.simulate import SimulationOptions, simulate_session  # noqa: E402

from infer_samples import with_sheet  # noqa: E402

TARGET_S = 10.0
# The house readings, each one more option away from classic.
READINGS = [
    {},
    {"partie_bonus": "2"},
    {"partie_bonus": "2", "late_tricks_double": "none"},
    {"partie_bonus": "2", "late_tricks_double": "none", "quinola_forcer": "taker"},
]


def pin(cpu: int | None) -> None:
    if cpu is not None and cpu >= 0 and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {cpu})


def pool_written_wrong(text: str) -> str:
    """The sheet with the pool of its tenth tally written 1234."""
    lines = text.splitlines(keepends=True)
    tally = [i for i, line in enumerate(lines) if line.lstrip().startswith("tally ")][9]
    lines[tally] = lines[tally].rstrip("\n").rsplit(" ", 1)[0] + " 1234\n"
    return "".join(lines)


def sheets(deals: int, seed: int) -> list[tuple[str, dict[str, str], str]]:
    text = "".join(simulate_session(SimulationOptions(deals=deals, seed=seed)))
    out = [(f"{len(r)} option(s) differ", r, with_sheet(text, r)) for r in READINGS]
    out.append(("2 differ + a pool written wrong", READINGS[2],
                pool_written_wrong(with_sheet(text, READINGS[2]))))
    return out


def timed(path: Path, runs: int) -> float:
    command = [sys.executable, "-m", "reversis_cli", "rules", "--infer", str(path)]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, check=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def found(text: str):
    with Session.of(record_from_text(text, "bench.rvs")) as session:
        return infer_in(session).inference


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu", type=int, default=max(os.sched_getaffinity(0))
                        if hasattr(os, "sched_getaffinity") else None)
    args = parser.parse_args(argv[1:])
    pin(args.cpu)
    ok = True
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for label, reading, text in sheets(args.deals, args.seed):
            path = Path(folder) / "sheet.rvs"
            path.write_text(text, encoding="utf-8")
            seconds = timed(path, args.runs)
            inference = found(text)
            recovered = {c.option: c.value for c in inference.changes} == reading
            passed = seconds < TARGET_S and recovered
            ok &= passed
            rows.append((label, f"{seconds:.2f} s", f"{inference.settled:,}",
                         "yes" if recovered else "NO", f"< {TARGET_S:g} s",
                         "PASS" if passed else "FAIL"))
    headings = ("sheet", "time", "deals settled", "found", "target", "")
    widths = [max(len(r[i]) for r in [headings, *rows]) for i in range(len(headings))]
    print(f"reversis rules --infer on {args.deals} deals with a tally after each, "
          f"one core (CPU {args.cpu}), median of {args.runs} runs, start-up included")
    for row in [headings, *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
