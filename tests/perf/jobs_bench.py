"""How much faster one long file goes with --jobs 2 (issue 14, item 4; issue 35).

Times ``reversis check FILE`` and ``reversis score --json FILE > /dev/null``
on a simulated file (``reversis simulate --deals N --seed 0``, written once
into the cache folder) with ``--jobs 1`` and ``--jobs N``, the runs
interleaved, and prints the medians: wall time and speed-up, CPU time (all
processes) and the CPU the workers add over ``--jobs 1`` (what bounds the
speed-up: on C cores at most C / (1 + overhead)), the peak memory (of the
parent or its largest worker), and how the file is cut (the part size and
the warm-up's share), with the machine's load average before and after (the
wall figures mean little on a busy machine; the CPU figures less so).
Run on demand, never by pytest:

    python tests/perf/jobs_bench.py                 # 10,000 deals, 3 runs each: ~2 min
    python tests/perf/jobs_bench.py --deals 100000 --runs 2   # issue 35's figure: ~6 min
    python tests/perf/jobs_bench.py --runs 5 --jobs 2 4
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

ROOT = Path(__file__).parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
COMMANDS = {"check": ["check"], "score --json": ["score", "--json"]}


def session_file(deals: int, cache: Path) -> Path:
    """The simulated file, written once (as ``reversis simulate --deals N --seed 0``)."""
    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"jobs-{deals}-seed0.rvs"
    if not path.exists():
        print(f"writing {path} ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "reversis_cli", "simulate", "--deals", str(deals),
                        "--seed", "0", "-o", str(path)], env=ENV, check=True)
    return path


# The command run as `python -m reversis_cli`, which also writes its own CPU
# seconds (not its workers') into the file named first: the parent's share.
_OWN_CPU = """
import atexit, resource, runpy, sys
own = sys.argv.pop(1)

def note():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    with open(own, "w") as file:
        file.write(str(usage.ru_utime + usage.ru_stime))

atexit.register(note)
sys.argv[0] = "reversis"
runpy.run_module("reversis_cli", run_name="__main__", alter_sys=True)
"""


def timed(args: list[str]) -> tuple[float, float, float, float]:
    """Wall and CPU seconds (user + system, the workers it waited for
    included) of one run, start-up included, its output thrown away, its
    peak memory in MB (the largest of its processes), and the CPU seconds of
    the parent alone."""
    with tempfile.NamedTemporaryFile("r", suffix=".cpu") as own:
        started = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-c", _OWN_CPU, own.name, *args],
                                   stdout=subprocess.DEVNULL, env=ENV)
        _, _, usage = os.wait4(process.pid, 0)
        process.returncode = 0  # reaped above
        wall = time.perf_counter() - started
        parent = float(own.read() or "nan")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, parent


def plan_line(path: Path, deals: int, jobs: int) -> str:
    """How ``score`` cuts the file with ``jobs`` processes (session/parts.py's
    ``planned``, the parts as the command finds them)."""
    sys.path.insert(0, str(ROOT))
    from reversis_cli.session import parts

    if not parts.may_split(path, jobs):
        return f"  --jobs {jobs}: read by one process"
    with parts.planned(path, jobs, parts.PART_DEALS, parts.SCORE_WARM_UP) as (found, _):
        plan = list(found)
    data = path.read_bytes()
    sizes = [data[p.offset:p.end].count(b"\ndeal ") for p in plan[1:]]
    size = max(sizes)
    return (f"  --jobs {jobs}: {len(plan)} parts, the first of {parts.PART_DEALS:,} deals "
            f"here, the others of {min(sizes):,} to {size:,}; warm-up {parts.SCORE_WARM_UP} "
            f"deals a part = {100 * parts.SCORE_WARM_UP / size:.2f} % of the deals read again")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3, help="runs of each command (median)")
    parser.add_argument("--jobs", type=int, nargs="+", default=[2],
                        help="the --jobs values compared with 1")
    parser.add_argument("--cache", type=Path,
                        default=Path(tempfile.gettempdir()) / "reversis-bench")
    options = parser.parse_args()
    path = session_file(options.deals, options.cache)
    jobs = [1, *options.jobs]
    load_before = os.getloadavg()
    times: dict[tuple[str, int], list[tuple[float, float, float, float]]] = {
        (name, j): [] for name in COMMANDS for j in jobs}
    for _ in range(options.runs):  # interleaved: a change in the machine's load hits all alike
        for name, args in COMMANDS.items():
            for j in jobs:
                times[name, j].append(timed([*args, str(path), "--jobs", str(j)]))
    load_after = os.getloadavg()
    print(f"{options.deals} deals ({path}), {os.cpu_count()} cores, medians of "
          f"{options.runs} runs")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} "
          f"(1-minute; near 0 on a quiet machine)")
    for j in options.jobs:
        print(plan_line(path, options.deals, j))
    print("wall seconds (CPU seconds of all its processes, of which the parent's own; their "
          "peak memory); the speed-up is of the wall time, the CPU added is over --jobs 1, "
          "and 'on idle cores' is at most jobs / (1 + the CPU added)")
    for name in COMMANDS:
        one, one_cpu, one_mb, _ = _medians(times[name, 1])
        line = f"  {name:13} --jobs 1 {one:6.2f} s ({one_cpu:5.2f} s; {one_mb:4.0f} MB)"
        for j in options.jobs:
            many, many_cpu, many_mb, parent = _medians(times[name, j])
            line += (f"   --jobs {j} {many:6.2f} s ({many_cpu:5.2f} s, parent {parent:4.2f} s; "
                     f"{many_mb:4.0f} MB)  speed-up {one / many:4.2f}x, CPU added "
                     f"{100 * (many_cpu / one_cpu - 1):+5.1f} %, on idle cores "
                     f"<= {j * one_cpu / many_cpu:4.2f}x")
        print(line)


def _medians(runs: list[tuple[float, float, float, float]]
             ) -> tuple[float, float, float, float]:
    return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
            max(r[2] for r in runs), statistics.median(r[3] for r in runs))


if __name__ == "__main__":
    main()
