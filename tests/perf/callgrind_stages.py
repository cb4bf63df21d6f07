"""Callgrind instructions per deal, stage by stage, for ``score --json``.

    python tests/perf/callgrind_stages.py [--deals 300] [--seed 0]

Each stage is counted as the difference between two in-process runs under
``valgrind --tool=callgrind`` that stop at successive points of the pipeline,
each run on a DEALS-deal and a 1-deal file ((many - one) / (DEALS - 1), so that
start-up counts in none):

* ``split``: the file decoded and cut into deals (notation/chunks.py, the
  block reader the record's reader uses);
* ``parse``: each deal's lines read into the model (notation/parse.py,
  notation/fastpath.py), without the reader's bookkeeping;
* ``read+replay``: ``Record.deals()``, the reader's bookkeeping and the replay
  (reader/, replay/), less the two above;
* ``settle``: ``Session.deals()`` (session.py, settle/) less ``Record.deals()``,
  plain deals settled lean as ``score --json`` settles them (settle/lean.py);
* ``json``: ``write_session_json`` into a discarded string (score/json.py,
  score/jsontext.py) less ``Session.deals()``.

The sum is what ``score --json FILE`` costs a deal in process, without the
command line; the stages are deterministic to a fraction of a per cent, where
wall times on a shared machine move by a third.  Run on demand, never by pytest.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STOPS = ("split", "parse", "deals", "session", "json")
STAGES = (("split", "split", None), ("parse", "parse", "split"),
          ("read+replay", "deals", "parse"), ("settle", "session", "deals"),
          ("json", "json", "session"))

# What the child runs under valgrind: the pipeline up to STOP over FILE.
CHILD = r"""
import sys
stop, path = sys.argv[1], sys.argv[2]
from reversis_cli.notation.chunks import ChunkReader
from reversis_cli.notation.parse import parse_deal, parse_header
from reversis_cli.reader import open_record
from reversis_cli.session.service import Session
from reversis_cli.score.json import write_session_json
if stop in ("split", "parse"):
    with open(path, "rb") as stream:
        chunks = ChunkReader(stream, [])
        head = next(chunks)
        parse_header(head.lines, head.first_line)
        for chunk in chunks:
            if stop == "parse":
                parse_deal(chunk.lines, chunk.first_line)
elif stop == "deals":
    with open_record(path) as record:
        for _ in record.deals():
            pass
elif stop == "session":
    with Session.open(path) as session:
        session.lean = True  # as score --json settles (JsonDeals.lean)
        for _ in session.deals():
            pass
else:
    out = []
    with Session.open(path) as session:
        session.lean = True
        write_session_json(session, session.deals(), out.append)
"""


def simulated(folder: Path, deals: int, seed: int) -> Path:
    path = folder / f"sim-{deals}-{seed}.rvs"
    subprocess.run([sys.executable, "-m", "reversis_cli", "simulate", "--deals", str(deals),
                    "--seed", str(seed), "-o", str(path)], check=True, cwd=ROOT,
                   capture_output=True)
    return path


def instructions(stop: str, path: Path, folder: Path) -> int:
    out = folder / f"cg.{stop}.{path.stem}"
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(ROOT))
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                    sys.executable, "-c", CHILD, stop, str(path)],
                   check=True, cwd=ROOT, env=env, capture_output=True)
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise SystemExit(f"callgrind gave no count for {stop} on {path}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        many, one = simulated(folder, args.deals, args.seed), simulated(folder, 1, args.seed)
        per_deal = {stop: (instructions(stop, many, folder) - instructions(stop, one, folder))
                    / (args.deals - 1) for stop in STOPS}
    print(f"callgrind instructions a deal, score --json's stages ({args.deals} - 1 deals, "
          f"seed {args.seed}):")
    for name, stop, before in STAGES:
        value = per_deal[stop] - (per_deal[before] if before else 0)
        print(f"  {name:<12} {value / 1e6:6.3f} M")
    print(f"  {'total':<12} {per_deal['json'] / 1e6:6.3f} M")
    return 0


if __name__ == "__main__":
    sys.exit(main())
