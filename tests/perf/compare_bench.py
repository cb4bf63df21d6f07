"""`stats --compare` against `score --json` on the same season (issue 35).

    python tests/perf/compare_bench.py [--files 20] [--deals 500] [--runs 3] [--callgrind]

A season of ``--files`` simulated sessions of ``--deals`` deals (tests/perf/season.py,
classic, kept in ``--cache``) is archived once; then ``reversis stats DB --compare
modern`` and ``reversis score --json FILES`` run interleaved, ``--runs`` times each, and
the medians of their CPU time (user + system, start-up included) are compared: the
target is ``stats --compare`` at most 2x ``score --json``.  With ``--callgrind`` each
runs once under ``valgrind --tool=callgrind`` and the instructions are compared instead
(slow: about a minute for each 1,000 deals).  Not a test: pytest does not collect this.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TARGET = 2.0


def real_python() -> str:
    """The interpreter itself, not a pyenv shim (valgrind follows no shim)."""
    return os.path.realpath(sys.executable)


def cpu_of(args: list[str]) -> float:
    """CPU seconds (user + system) of one child run, its output discarded."""
    with open(os.devnull, "w") as null:
        child = subprocess.Popen(args, stdout=null, stderr=null, cwd=ROOT)
        _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        raise SystemExit(f"failed ({status}): {' '.join(args)}")
    return usage.ru_utime + usage.ru_stime


def instructions_of(args: list[str]) -> int:
    """Instructions of one run under callgrind."""
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          *args], cwd=ROOT, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    assert found, run.stderr[-500:]
    return int(found.group(1))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", type=int, default=20)
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "rv-compare")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(HERE))
    from season import write_season

    subprocess.run([sys.executable, "-m", "compileall", "-q", "reversis_cli"], cwd=ROOT,
                   check=True)
    folder = args.cache / f"season-{args.files}x{args.deals}"
    files = [str(p) for p in write_season(folder, args.files, args.deals, 1000)]
    db = folder.with_suffix(".sqlite")
    python = [real_python(), "-m", "reversis_cli"]
    subprocess.run([*python, "archive", "-o", str(db), *files], cwd=ROOT, check=True,
                   capture_output=True)
    commands = {"stats --compare": [*python, "stats", str(db), "--compare", "modern"],
                "score --json": [*python, "score", "--json", *files]}
    deals = args.files * args.deals
    if args.callgrind:
        counts = {name: instructions_of(command) for name, command in commands.items()}
        unit, figures = "M instructions", {k: v / 1e6 for k, v in counts.items()}
    else:
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(cpu_of(command))
        unit, figures = "s CPU", {k: statistics.median(v) for k, v in times.items()}
    for name, value in figures.items():
        print(f"{name:16} {value:10.2f} {unit} on {deals:,} deals")
    ratio = figures["stats --compare"] / figures["score --json"]
    verdict = "PASS" if ratio <= TARGET else "FAIL"
    print(f"stats --compare / score --json: {ratio:.2f}x (target <= {TARGET:g}x) {verdict}")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
