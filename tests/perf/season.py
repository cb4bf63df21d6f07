"""A club's season for the benchmarks: ``--files`` records of ``--deals`` deals.

    python tests/perf/season.py FOLDER [--files 20] [--deals 100] [--seed 1000]

Each file is a ``reversis simulate`` session (seed ``--seed`` + n) with a ``date``
line (2027-01-01 + n days) and four of eight members, rotating, so that the
club's commands (stats by player, periods, the standings) have something to do.
Files already there are kept.  Not a test: pytest does not collect this folder.
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
MEMBERS = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya", "Ilya"]
SEATS = re.compile(r"\b(Anna|Boris|Vera|Gleb)\b")


def session_text(deals: int, seed: int, n: int) -> str:
    from reversis_cli.simulate import SimulationOptions, simulate_session

    text = "".join(simulate_session(SimulationOptions(deals, seed)))
    players = [MEMBERS[(n + k) % len(MEMBERS)] for k in range(4)]
    swap = dict(zip(MEMBERS[:4], players, strict=True))
    text = SEATS.sub(lambda m: swap[m.group(1)], text)
    day = datetime.date(2027, 1, 1) + datetime.timedelta(days=n)
    return text.replace("reversis 1\n", f"reversis 1\ndate {day.isoformat()}\n", 1)


def write_season(folder: Path, files: int, deals: int, seed: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for n in range(files):
        path = folder / f"s{n:05d}.rvs"
        if not path.exists():
            path.write_text(session_text(deals, seed + n, n), encoding="utf-8")
        paths.append(path)
    return paths


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--files", type=int, default=20)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    write_season(args.folder, args.files, args.deals, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
