"""Callgrind instructions per deal, stage by stage, for ``score --json``.

    python tests/perf/callgrind_stages.py [--deals 300] [--seed 0] [--simulate="OPTIONS"]

Each stage is counted as the difference between two in-process runs under
``valgrind --tool=callgrind`` that stop at successive points of the pipeline,
each run on a DEALS-deal and a 1-deal file ((many - one) / (DEALS - 1), so that
start-up counts in none):

* ``split``: the file decoded and cut into deals (notation/chunks.py, the
  block reader the record's reader uses);
* ``parse``: each deal's lines read into the model (notation/parse.py,
  notation/fastpath.py), without the reader's bookkeeping;
* ``replay``: each parsed deal replayed (replay/, ``replay_deal``), less the
  two above;
* ``reader``: ``Record.deals()``, the reader's own bookkeeping around parse and
  replay (reader/record.py: numbers, dealers, diagnostics), less the three above;
* ``settle``: ``Session.deals()`` (session.py, settle/) less ``Record.deals()``,
  plain deals settled lean as ``score --json`` settles them (settle/lean.py);
* ``json``: ``write_session_json`` into discarded UTF-8 bytes, as the CLI takes
  them (its text encoded, or a deal's bytes: score/json.py, score/jsontext.py)
  less ``Session.deals()``;
* ``cli``: the whole ``python -m reversis_cli score --json FILE`` less ``json``:
  what the command line adds (cli/, the output stream).

The total is what ``score --json FILE`` costs a deal; the stages are
deterministic to a fraction of a per cent, where wall times on a shared machine
move by a third.  Run on demand, never by pytest.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STOPS = ("split", "parse", "replay", "deals", "session", "json", "cli")
STAGES = (("split", "split", None), ("parse", "parse", "split"),
          ("replay", "replay", "parse"), ("reader", "deals", "replay"),
          ("settle", "session", "deals"), ("json", "json", "session"), ("cli", "cli", "json"))

# What the child runs under valgrind: the pipeline up to STOP over FILE.
CHILD = r"""
import sys
stop, path = sys.argv[1], sys.argv[2]
from reversis_cli.notation.chunks import ChunkReader
from reversis_cli.notation.parse import parse_deal, parse_header
from reversis_cli.reader import open_record
from reversis_cli.reader.header import check_header
from reversis_cli.replay import replay_deal
from reversis_cli.session.service import Session
from reversis_cli.score.json import write_session_json
if stop in ("split", "parse", "replay"):
    with open(path, "rb") as stream:
        chunks = ChunkReader(stream, [])
        head = next(chunks)
        players = check_header(parse_header(head.lines, head.first_line)[0])[0]
        for chunk in chunks:
            if stop != "split":
                deal = parse_deal(chunk.lines, chunk.first_line)[0]
                if stop == "replay" and deal is not None:
                    replay_deal(deal, players)
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
    class Out(list):  # as the CLI's standard output takes them: text encoded, or bytes
        def __call__(self, text):
            self.append(text.encode("utf-8"))
        write_bytes = list.append
    out = Out()
    with Session.open(path) as session:
        session.lean = True
        write_session_json(session, session.deals(), out)
"""


def simulated(folder: Path, deals: int, seed: int, options: list[str]) -> Path:
    path = folder / f"sim-{deals}-{seed}.rvs"
    subprocess.run([sys.executable, "-m", "reversis_cli", "simulate", "--deals", str(deals),
                    "--seed", str(seed), *options, "-o", str(path)], check=True, cwd=ROOT,
                   capture_output=True)
    return path


def instructions(stop: str, path: Path, folder: Path) -> int:
    out = folder / f"cg.{stop}.{path.stem}"
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(ROOT))
    child = (["-m", "reversis_cli", "score", "--json", str(path)] if stop == "cli"
             else ["-c", CHILD, stop, str(path)])
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                    sys.executable, *child],
                   check=True, cwd=ROOT, env=env, capture_output=True)
    for line in out.read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise SystemExit(f"callgrind gave no count for {stop} on {path}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--simulate", default="", metavar="OPTIONS",
                    help="more options for simulate, given with =, e.g. --simulate=\"--hands\"")
    args = ap.parse_args(argv)
    options = args.simulate.split()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        many = simulated(folder, args.deals, args.seed, options)
        one = simulated(folder, 1, args.seed, options)
        per_deal = {stop: (instructions(stop, many, folder) - instructions(stop, one, folder))
                    / (args.deals - 1) for stop in STOPS}
    print(f"callgrind instructions a deal, score --json's stages ({args.deals} - 1 deals, "
          f"seed {args.seed}{', ' + args.simulate if options else ''}):")
    for name, stop, before in STAGES:
        value = per_deal[stop] - (per_deal[before] if before else 0)
        print(f"  {name:<12} {value / 1e6:6.3f} M")
    print(f"  {'total':<12} {per_deal['cli'] / 1e6:6.3f} M")
    return 0


if __name__ == "__main__":
    sys.exit(main())
