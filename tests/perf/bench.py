"""Benchmarks of reversis-cli: throughput, peak memory, start-up.

    python tests/perf/bench.py [--deals 10000] [--memory-deals 100000] [--runs 7]
                               [--only stages,e2e,memory,evening] [--cache DIR]
                               [--cpu N] [--json FILE]

Prints one table: each figure, its value, its target, PASS/FAIL, and the
command line that reproduces it.  Exit status 0 when every target is met, 1
otherwise.  Everything runs on one core (the process and its children are
pinned to CPU ``--cpu``, by default the last one this process may use).

Figures:

* stages -- one streaming pass over the ``--deals`` file in this process,
  timing each deal's stages separately: read and parse
  (``notation.chunks.split_chunks`` + ``notation.parse.parse_deal``), replay
  (``replay.replay_deal``), settle (``settle.SessionSettler.settle``, classic);
  deals per second for each and for the three together.
* e2e -- the wall time of ``reversis score --json FILE > /dev/null`` and of
  ``reversis check FILE`` on the ``--deals`` file, start-up included: deals/s.
  Target: at least 2,000 deals/s on one core.
* memory -- the peak resident memory (``ru_maxrss`` of the child, from
  ``os.wait4``) of ``score --json`` and ``check`` on the ``--memory-deals``
  file.  Target: under 200 MB.
* evening -- the median wall time of ``reversis score FILE`` and
  ``reversis score --json FILE`` on a 20-deal evening, over ``--runs`` runs,
  start-up included.  Target: under 0.4 s.

The session files are written by the simulate library as ``reversis simulate``
writes them (exchanges and tricks, the default mix of rare events), once, into
the cache folder (default ``$TMPDIR/reversis-bench``), named by their size,
seed and a hash of the generator's source, so that a changed generator writes
new ones.  Not a test: pytest does not collect this folder.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

E2E_TARGET = 2000.0  # deals per second, one core, start-up included
MEMORY_TARGET_MB = 200.0
EVENING_TARGET_S = 0.4
EVENING_DEALS = 20
GROUPS = ("stages", "e2e", "memory", "evening")


@dataclass
class Figure:
    name: str
    value: float
    unit: str
    target: str = "-"
    ok: bool | None = None  # None: a figure without a target
    command: str = ""
    extra: dict = field(default_factory=dict)

    def row(self) -> tuple[str, str, str, str, str]:
        if self.unit == "deals/s":
            value = f"{self.value:,.0f} deals/s"
        elif self.unit == "MB":
            value = f"{self.value:,.1f} MB"
        elif self.unit == "s":
            value = f"{self.value:.3f} s"
        else:
            value = f"{self.value:g} {self.unit}"
        result = "" if self.ok is None else ("PASS" if self.ok else "FAIL")
        return self.name, value, self.target, result, self.command


# ---------------------------------------------------------------------------
# Session files


def generator_hash() -> str:
    """A hash of the generator's source (every module of the package, and the
    writer and model it writes through): a cached session is remade when any changes."""
    from reversis_cli.simulate import record, session  # as session_file: only when needed

    digest = hashlib.sha256()
    sources = sorted((ROOT / "reversis_cli" / "simulate").glob("*.py"))
    # wherever the writer and the model live:
    sources += [Path(inspect.getsourcefile(f)) for f in (session.write_deal, record.Deal)]
    for path in sources:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:10]


def session_file(cache: Path, deals: int, seed: int) -> tuple[Path, float | None]:
    """The cached session of ``deals`` deals (written now if missing) and, when
    written now, the generation time."""
    from reversis_cli.simulate import SimulationOptions, simulate_session

    cache.mkdir(parents=True, exist_ok=True)
    path = cache / f"sim-{deals}-seed{seed}-{generator_hash()}.rvs"
    if path.exists():
        return path, None
    print(f"  writing {path} ({deals:,} deals) ...", file=sys.stderr, flush=True)
    started = time.perf_counter()
    fd, tmp = tempfile.mkstemp(dir=cache, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
        for part in simulate_session(SimulationOptions(deals, seed)):
            stream.write(part)
    os.replace(tmp, path)
    return path, time.perf_counter() - started


# ---------------------------------------------------------------------------
# Measurements


def pin(cpu: int | None) -> None:
    if cpu is not None and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {cpu})


def stage_figures(path: Path, deals_expected: int) -> list[Figure]:
    """One streaming pass, each deal's stages timed apart."""
    from time import perf_counter

    from reversis_cli.notation.chunks import decode_lines, split_chunks
    from reversis_cli.notation.parse import parse_deal, parse_header
    from reversis_cli.reader import check_header
    from reversis_cli.replay import replay_deal
    from reversis_cli.rules import load_profile
    from reversis_cli.settle import SessionSettler

    def one_pass(file: Path) -> tuple[int, float, float, float, int]:
        problems: list = []
        with open(file, "rb") as stream:
            started = perf_counter()
            chunks = split_chunks(decode_lines(stream, problems))
            header_chunk = next(chunks)
            header, _ = parse_header(list(header_chunk.lines), header_chunk.first_line)
            players, _ = check_header(header)
            settler = SessionSettler(load_profile("classic"), players)
            parse = replay = settle = 0.0
            deals = unsettled = 0
            t0 = perf_counter()
            parse += t0 - started
            for chunk in chunks:
                deal, _ = parse_deal(list(chunk.lines), chunk.first_line)
                t1 = perf_counter()
                replayed = replay_deal(deal, players) if deal is not None else None
                t2 = perf_counter()
                if replayed is not None and replayed.complete:
                    settler.settle(replayed)
                else:
                    unsettled += 1
                t3 = perf_counter()
                parse += t1 - t0  # includes reading and splitting this chunk
                replay += t2 - t1
                settle += t3 - t2
                deals += 1
                t0 = perf_counter()
        return deals, parse, replay, settle, unsettled

    # Warm up (the grammar's parser is built on first use) on a small file.
    warm = path.with_name(path.name + ".warm.rvs")
    if not warm.exists():
        with open(path, encoding="utf-8") as src:
            head = []
            for line in src:
                if line.startswith("deal 21 "):
                    break
                head.append(line)
        warm.write_text("".join(head), encoding="utf-8")
    one_pass(warm)
    deals, parse, replay, settle, unsettled = one_pass(path)
    if deals != deals_expected or unsettled:
        print(f"  warning: {deals} deals read, {unsettled} not settled", file=sys.stderr)
    total = parse + replay + settle
    cmd = f"python tests/perf/bench.py --only stages --deals {deals_expected}"
    return [
        Figure("parse (read+split+parse_deal)", deals / parse, "deals/s", command=cmd,
               extra={"seconds": parse}),
        Figure("replay (replay_deal)", deals / replay, "deals/s", command=cmd,
               extra={"seconds": replay}),
        Figure("settle (SessionSettler, classic)", deals / settle, "deals/s", command=cmd,
               extra={"seconds": settle}),
        Figure("library: parse+replay+settle", deals / total, "deals/s", command=cmd,
               extra={"seconds": total}),
    ]


def reversis_command() -> list[str]:
    exe = shutil.which("reversis")
    return [exe] if exe else [sys.executable, "-m", "reversis_cli"]


def run_child(args: list[str], cpu: int | None) -> tuple[float, float, int]:
    """(wall seconds, peak RSS in MB, exit status) of one run, stdout to /dev/null."""
    started = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            preexec_fn=(lambda: pin(cpu)) if cpu is not None else None)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss / 1024.0, proc.returncode  # ru_maxrss: KB on Linux


def shown(args: list[str], path: Path) -> str:
    words = ["reversis"] + args
    return " ".join(str(path) if w == "FILE" else w for w in words) + " > /dev/null"


def e2e_figures(path: Path, deals: int, cpu: int | None) -> list[Figure]:
    out = []
    for args in (["score", "--json", "FILE"], ["check", "FILE"]):
        command = reversis_command() + [str(path) if a == "FILE" else a for a in args]
        wall, rss, status = run_child(command, cpu)
        rate = deals / wall
        out.append(Figure(f"end to end: {' '.join(args[:-1])} ({deals:,} deals)", rate,
                          "deals/s", f">= {E2E_TARGET:,.0f}",
                          rate >= E2E_TARGET and status in (0, 1),
                          shown(args, path), extra={"seconds": wall, "peak_mb": rss,
                                                    "exit": status}))
    return out


def memory_figures(path: Path, deals: int, cpu: int | None) -> list[Figure]:
    out = []
    for args in (["score", "--json", "FILE"], ["check", "FILE"]):
        command = reversis_command() + [str(path) if a == "FILE" else a for a in args]
        wall, rss, status = run_child(command, cpu)
        out.append(Figure(f"peak memory: {' '.join(args[:-1])} ({deals:,} deals)", rss, "MB",
                          f"< {MEMORY_TARGET_MB:.0f} MB",
                          rss < MEMORY_TARGET_MB and status in (0, 1),
                          "/usr/bin/time -v " + shown(args, path),
                          extra={"seconds": wall, "deals_per_s": deals / wall,
                                 "exit": status}))
    return out


def evening_figures(path: Path, runs: int, cpu: int | None) -> list[Figure]:
    out = []
    baseline = [run_child(reversis_command() + ["--version"], cpu)[0] for _ in range(runs)]
    out.append(Figure("start-up: reversis --version (median)", statistics.median(baseline),
                      "s", command="reversis --version"))
    for args in (["score", "FILE"], ["score", "--json", "FILE"]):
        command = reversis_command() + [str(path) if a == "FILE" else a for a in args]
        walls = []
        for _ in range(runs):
            wall, _, status = run_child(command, cpu)
            walls.append(wall)
        median = statistics.median(walls)
        out.append(Figure(f"{EVENING_DEALS}-deal evening: {' '.join(args[:-1])} "
                          f"(median of {runs})", median, "s", f"< {EVENING_TARGET_S} s",
                          median < EVENING_TARGET_S and status in (0, 1), shown(args, path),
                          extra={"runs": walls, "exit": status}))
    return out


# ---------------------------------------------------------------------------


def print_table(figures: list[Figure]) -> None:
    rows = [("figure", "value", "target", "result", "reproduce")] + [f.row() for f in figures]
    widths = [max(len(r[k]) for r in rows) for k in range(4)]
    for n, row in enumerate(rows):
        print("  ".join(cell.ljust(widths[k]) if k < 4 else cell for k, cell in enumerate(row)))
        if n == 0:
            print("  ".join("-" * w for w in widths) + "  " + "-" * 9)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="reversis-cli benchmarks (see the docstring)")
    ap.add_argument("--deals", type=int, default=10_000, help="throughput file size")
    ap.add_argument("--memory-deals", type=int, default=100_000, help="memory file size")
    ap.add_argument("--runs", type=int, default=7, help="runs of the 20-deal evening")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", default=",".join(GROUPS),
                    help=f"comma-separated groups among {', '.join(GROUPS)}")
    ap.add_argument("--cache", type=Path,
                    default=Path(tempfile.gettempdir()) / "reversis-bench",
                    help="folder of the generated session files")
    ap.add_argument("--cpu", type=int, default=None,
                    help="the CPU to run on (default: the last one allowed); -1: no pinning")
    ap.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = ap.parse_args(argv)
    groups = [g.strip() for g in args.only.split(",") if g.strip()]
    unknown = set(groups) - set(GROUPS)
    if unknown:
        ap.error(f"unknown group(s) {', '.join(sorted(unknown))}; use {', '.join(GROUPS)}")
    cpu = args.cpu
    if cpu is None and hasattr(os, "sched_getaffinity"):
        cpu = max(os.sched_getaffinity(0))
    if cpu == -1:
        cpu = None
    pin(cpu)
    # Byte-compile the package first, as installing a wheel does: this machine sets
    # PYTHONDONTWRITEBYTECODE, so an editable install would otherwise compile every
    # module of the package again at each start and the start-up figures would
    # measure the compiler.
    import compileall

    compileall.compile_dir(str(Path(__file__).resolve().parents[2] / "reversis_cli"),
                           quiet=1)

    figures: list[Figure] = []
    print(f"reversis-cli benchmarks: python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs, pinned to CPU {cpu}; {' '.join(reversis_command())}",
          file=sys.stderr)
    if {"stages", "e2e"} & set(groups):
        path, took = session_file(args.cache, args.deals, args.seed)
        if took:
            figures.append(Figure(f"simulate: generate {args.deals:,} deals", args.deals / took,
                                  "deals/s", command=f"reversis simulate --deals {args.deals} "
                                  f"--seed {args.seed} -o FILE"))
        if "stages" in groups:
            print("  stages ...", file=sys.stderr, flush=True)
            figures += stage_figures(path, args.deals)
        if "e2e" in groups:
            print("  end to end ...", file=sys.stderr, flush=True)
            figures += e2e_figures(path, args.deals, cpu)
    if "memory" in groups:
        path, took = session_file(args.cache, args.memory_deals, args.seed)
        if took:
            figures.append(Figure(f"simulate: generate {args.memory_deals:,} deals",
                                  args.memory_deals / took, "deals/s"))
        print("  memory ...", file=sys.stderr, flush=True)
        figures += memory_figures(path, args.memory_deals, cpu)
    if "evening" in groups:
        path, _ = session_file(args.cache, EVENING_DEALS, args.seed)
        print("  evening ...", file=sys.stderr, flush=True)
        figures += evening_figures(path, args.runs, cpu)

    print_table(figures)
    failed = [f for f in figures if f.ok is False]
    print(f"\n{len(figures)} figures; {sum(f.ok is True for f in figures)} targets met, "
          f"{len(failed)} missed")
    if args.json:
        args.json.write_text(json.dumps([
            {"figure": f.name, "value": f.value, "unit": f.unit, "target": f.target,
             "ok": f.ok, "command": f.command, **f.extra} for f in figures], indent=2) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
