"""Callgrind instructions per deal on records of heavier mixes than the bench's.

    python tests/perf/callgrind_mixes.py [--only NAME,...] [--deals 300]
                                         [--commands json,check,tables]

Issue 35's targets are the bench's (``bench.py --only callgrind``: ``score
--json`` at most 0.9 M instructions a deal, ``check`` 0.45 M, the tables at most
1.5 times the JSON), and they are to hold on records of heavier mixes too: more
events and irregular deals, the modern profile, records written with their
hands.  For each mix of :data:`MIXES`, a DEALS-deal record and a 1-deal record
are simulated with its options, and each command is run on both under
``valgrind --tool=callgrind`` with ``PYTHONHASHSEED=0``; a figure is
(many - one) / (DEALS - 1), so that start-up counts in none.  The tables go to a
pipe (the plain writer's way, as to a file).

Run it on a checkout whose modules are compiled (``python -m compileall
reversis_cli``): where ``PYTHONDONTWRITEBYTECODE`` is set, a module without its
``.pyc`` is compiled again in every run, and the figures move by hundredths.
Run on demand, never by pytest (this folder is not collected).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# name -> (what it is, simulate's options besides --deals): the mixes the perf README's
# issue-35 sections name.
MIXES: dict[str, tuple[str, tuple[str, ...]]] = {
    "p": ("the bench's mix", ("--seed", "0", "--events", "0.05")),
    "m1": ("irregular 0.1, events 0.2", ("--seed", "1", "--irregular", "0.1", "--events", "0.2")),
    "i55": ("irregular 0.5, events 0.5", ("--seed", "1", "--irregular", "0.5", "--events", "0.5")),
    "irr1": ("every deal irregular", ("--seed", "1", "--irregular", "1.0")),
    "mod3": ("modern, irregular 0.3, events 0.2",
             ("--seed", "1", "--rules", "modern", "--irregular", "0.3", "--events", "0.2")),
    "pmod": ("modern", ("--seed", "0", "--rules", "modern")),
    "h1": ("with the hands", ("--seed", "1", "--hands")),
    "hirr": ("with the hands, irregular 0.3, events 0.2",
             ("--seed", "1", "--hands", "--irregular", "0.3", "--events", "0.2")),
    "hmod": ("modern, with the hands, irregular 0.1",
             ("--seed", "3", "--rules", "modern", "--hands", "--irregular", "0.1")),
    "hi55": ("with the hands, irregular 0.5, events 0.5",
             ("--seed", "4", "--hands", "--irregular", "0.5", "--events", "0.5")),
    "huni": ("modern, with the hands, cards written ♠♥♦♣",
             ("--seed", "5", "--rules", "modern", "--hands", "--cards", "unicode")),
    "hiuni": ("with the hands, irregular 0.5, events 0.5, cards written ♠♥♦♣",
              ("--seed", "4", "--hands", "--irregular", "0.5", "--events", "0.5",
               "--cards", "unicode")),
    "hru": ("with the hands, cards written in Russian", ("--seed", "3", "--hands", "--cards",
                                                         "ru")),
    "hiru": ("with the hands, irregular 0.5, events 0.5, cards written in Russian",
             ("--seed", "4", "--hands", "--irregular", "0.5", "--events", "0.5",
              "--cards", "ru")),
}
COMMANDS: dict[str, tuple[str, ...]] = {
    "json": ("score", "--json"), "check": ("check",), "tables": ("score",),
}
TARGETS = {"json": 0.9e6, "check": 0.45e6}
TABLES_OVER_JSON = 1.5


def simulated(folder: Path, name: str, deals: int) -> Path:
    path = folder / f"{name}-{deals}.rvs"
    subprocess.run([sys.executable, "-m", "reversis_cli", "simulate", "--deals", str(deals),
                    *MIXES[name][1], "-o", str(path)], check=True, cwd=folder,
                   env=_env(), capture_output=True)
    return path


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(ROOT))


def instructions(command: tuple[str, ...], path: Path, folder: Path) -> int:
    out = folder / "cg.out"
    # Run from the temporary folder: ``python -m`` looks in the current one first.
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                    sys.executable, "-m", "reversis_cli", *command, str(path)],
                   cwd=folder, env=_env(), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise SystemExit(f"callgrind gave no count for {' '.join(command)} on {path}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default=",".join(MIXES), help="mixes, by name")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--commands", default=",".join(COMMANDS))
    args = ap.parse_args(argv)
    names = [name for name in args.only.split(",") if name]
    commands = [name for name in args.commands.split(",") if name]
    unknown = [n for n in names if n not in MIXES] + [c for c in commands if c not in COMMANDS]
    if unknown:
        ap.error(f"unknown: {', '.join(unknown)}")
    print(f"callgrind instructions a deal, M (({args.deals} - 1) deals, PYTHONHASHSEED=0)")
    print(f"{'mix':<6} " + " ".join(f"{c:>8}" for c in commands) + "  tables/json  what")
    missed = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in names:
            many, one = simulated(folder, name, args.deals), simulated(folder, name, 1)
            per_deal = {c: (instructions(COMMANDS[c], many, folder)
                            - instructions(COMMANDS[c], one, folder)) / (args.deals - 1)
                        for c in commands}
            missed += sum(per_deal[c] > target for c, target in TARGETS.items()
                          if c in per_deal)
            ratio = ""
            if "tables" in per_deal and "json" in per_deal:
                over = per_deal["tables"] / per_deal["json"]
                missed += over > TABLES_OVER_JSON
                ratio = f"{over:.2f}x"
            print(f"{name:<6} " + " ".join(f"{per_deal[c] / 1e6:8.3f}" for c in commands)
                  + f"  {ratio:>11}  {MIXES[name][0]}")
    print("targets: score --json <= 0.9 M, check <= 0.45 M, tables <= 1.5x the JSON: "
          + ("all met" if not missed else f"{missed} missed"))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
