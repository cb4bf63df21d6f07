"""Benchmarks of ``reversis report``.

    python tests/perf/report_bench.py [--deals 500] [--evening 20] [--runs 3] [--cpu N]

Figures (targets in brackets):

* write -- median wall time of ``reversis report FILE -o OUT`` on a ``--deals``
  archive written by ``reversis simulate --seed 0``, start-up included, pinned to
  one CPU [< 3 s];
  Its CPU time is shown too (what a busy machine does not inflate);
* size -- the size of that page [< 5 MB];
* open -- the time headless Chromium takes to load a ``--evening``-deal page
  (navigation start to the end of the load event, offline) [< 1 s].

Exit status 1 when a target is missed.  Not a test: pytest does not collect this folder.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def _run(args: list[str]) -> None:
    subprocess.run([sys.executable, "-m", "reversis_cli", *args], check=False, cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _simulate(deals: int, folder: Path) -> Path:
    path = folder / f"sim-{deals}.rvs"
    _run(["simulate", "--deals", str(deals), "--seed", "0", "-o", str(path)])
    return path


def _write_time(record: Path, out: Path, runs: int) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system) of the command: on a
    shared machine the CPU time is the figure that other work does not inflate."""
    times, cpu = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        _run(["report", str(record), "-o", str(out)])
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times), statistics.median(cpu)


def _open_time(page: Path, runs: int) -> float | None:
    from browser import start_browser

    driver, why = start_browser()
    if driver is None:
        print(f"open: skipped ({why})")
        return None
    try:
        times = []
        for _ in range(runs):
            driver.get("about:blank")
            driver.get(page.as_uri())
            times.append(driver.execute_script(
                "const n = performance.getEntriesByType('navigation')[0];"
                "return n.loadEventEnd - n.startTime;") / 1000)
        return statistics.median(times)
    finally:
        driver.quit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--evening", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu", type=int, default=max(os.sched_getaffinity(0)))
    options = parser.parse_args()
    if options.cpu >= 0:
        os.sched_setaffinity(0, {options.cpu})  # the children inherit it
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        archive, evening = _simulate(options.deals, folder), _simulate(options.evening, folder)
        out = folder / "archive.html"
        write, cpu = _write_time(archive, out, options.runs)
        size = out.stat().st_size
        _run(["report", str(evening), "-o", str(folder / "evening.html")])
        opened = _open_time(folder / "evening.html", options.runs)
    rows = [(f"write {options.deals} deals", f"{write:.2f} s", "< 3 s", write < 3),
            ("  its CPU time", f"{cpu:.2f} s", "< 3 s", cpu < 3),
            (f"size of {options.deals} deals", f"{size / 1e6:.2f} MB", "< 5 MB", size < 5e6)]
    if opened is not None:
        rows.append((f"open {options.evening} deals", f"{opened:.2f} s", "< 1 s", opened < 1))
    for name, value, target, ok in rows:
        print(f"{name:<22} {value:>10}  {target:<8} {'PASS' if ok else 'FAIL'}")
    return 0 if all(ok for *_, ok in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
