"""The work the reference switch adds: each command run with and without
``REVERSIS_REFERENCE=1`` (reversis_cli/fastpaths.py) on one simulated record
with irregular deals, its CPU time (user and system, from the children's
rusage) and whether the bytes are the same.

    python tests/perf/reference_bench.py                 # 500 deals: ~10 s
    python tests/perf/reference_bench.py --deals 2000 --runs 3

Prints one line a command: its CPU seconds fast and under the switch, the
ratio, and "same" or "DIFFERENT"; exits 1 when an output differs.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = [("score", "--json"), ("check", "--json"), ("score",), ("stats", "--json")]


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _run(args: list[str], reference: bool) -> tuple[float, tuple[int, bytes, bytes]]:
    env = {key: value for key, value in os.environ.items() if key != "REVERSIS_REFERENCE"}
    if reference:
        env["REVERSIS_REFERENCE"] = "1"
    before = _cpu()
    done = subprocess.run([sys.executable, "-m", "reversis_cli", *args], cwd=ROOT, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, check=False)
    return _cpu() - before, (done.returncode, done.stdout, done.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--runs", type=int, default=1, help="the best of this many runs")
    options = parser.parse_args()
    differ = False
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "night.rvs"
        subprocess.run([sys.executable, "-m", "reversis_cli", "simulate", "--deals",
                        str(options.deals), "--seed", "34", "--irregular", "0.05",
                        "-o", str(record)], cwd=ROOT, check=True)
        print(f"{options.deals} simulated deals, 5% irregular; CPU seconds, best of "
              f"{options.runs}")
        for command in COMMANDS:
            args = [*command, str(record)]
            fast = [_run(args, False) for _ in range(options.runs)]
            slow = [_run(args, True) for _ in range(options.runs)]
            same = all(out == fast[0][1] for _, out in fast + slow)
            differ = differ or not same
            fast_s, slow_s = min(t for t, _ in fast), min(t for t, _ in slow)
            print(f"{' '.join(command):14} fast {fast_s:6.2f}  reference {slow_s:6.2f}  "
                  f"x{slow_s / fast_s:4.1f}  {'same' if same else 'DIFFERENT'}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
