"""Benchmarks of reversis-cli: throughput, peak memory, start-up.

    python tests/perf/bench.py [--deals 10000] [--memory-deals 100000] [--runs 7]
                               [--table-deals 1000] [--callgrind] [--install-chess]
                               [--only stages,e2e,memory,evening,ratio,archive,stats,callgrind]
                               [--archive-sizes 2000,20000] [--archive-large]
                               [--archive-deals 100]
                               [--stats-files 200] [--stats-deals 500]
                               [--cache DIR] [--cpu N] [--json FILE]

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
  start-up included, interleaved with ``reversis --version`` and the bare
  ``python -c "import click, rich.console, lark"``.  Targets: under 0.4 s, and
  the tables at most 1.3x the bare import.
* ratio -- figures against peers measured in the same run, interleaved with
  ours, ``--runs`` times each, medians (absolute speeds on a shared machine
  move by a third between runs; a ratio to a peer timed alongside does not):

  - card plays/s of ``reversis score --json FILE`` and ``reversis check FILE``
    on the ``--deals`` file divided by the plies/s of ``chess.pgn.read_game``
    reading a PGN file of the same byte size (random legal games of 40-120
    plies, seeded, written with python-chess, cached like the session files).
    Every side runs as a child process pinned to the same core, start-up
    included: the peer is ``python -c "import chess.pgn; ... read_game ..."``.
    Card plays are counted exactly, by parsing the file with the library and
    adding up the cards of its trick lines; plies by the generator, which
    keeps the count next to the PGN file.  Targets: at least 4x for
    ``score --json``, at least 6x for ``check``.
  - tables: deals/s of ``reversis score FILE`` (the tables) over deals/s of
    ``reversis score --json FILE``, per deal: each command's time on a
    ``--table-deals`` file (1,000 by default: the tables take far longer than
    JSON) less its time on the 20-deal evening, over the deals between, so
    that the start-up, which weighs more in a small file, counts in neither
    (as on 10,000 deals, where it is lost in the total).  Target: at least 1/2.
  - evening: ``reversis score FILE`` on the 20-deal evening, start-up
    included, against the bare ``python -c "import click, rich.console,
    lark"``.  Targets: at most 0.4 s and at most 1.3x the bare import.

  python-chess is the ``bench`` extra (``pip install -e '.[bench]'``).
  Without it the ratio group stops with that advice, unless the script is run
  with ``--install-chess``, which installs the extra with pip first.
* archive -- ``reversis archive FILES -o DB`` (into a new database each run)
  against ``reversis score --json FILES > /dev/null`` on the same simulated
  files of ``--archive-deals`` deals (100: an evening each), for each size of
  ``--archive-sizes`` (2,000 and 20,000 deals; ``--archive-large`` adds
  100,000), interleaved, ``--runs`` runs at 2,000 deals and fewer above (3 at
  20,000, 1 at 100,000), medians, start-up included.  Judged by CPU time (user
  + system of the child: the shared machine's load moves the wall more): archive
  deals/s over score --json deals/s, target at least 0.8x (issue 35).  Also
  each command's peak memory and the database's size, and a growth table of
  the sizes (below the figures).

* stats -- ``reversis stats DB`` and ``stats --json DB`` on an existing
  archive of ``--stats-files`` x ``--stats-deals`` simulated deals (200 x 500
  = the issue's 100,000 by default; built once into ``--cache`` and reused),
  run ``--runs`` times interleaved, medians, start-up included.  Target for
  the tables: under 1 s, and a peak memory (``ru_maxrss`` of the child, the
  highest of its runs) under 300 MB.

* callgrind -- only with ``--callgrind`` (or ``--only callgrind``): the
  instruction count per deal, the steady figure for judging a change.
  ``valgrind --tool=callgrind`` runs the real interpreter
  (``sys.executable``, never a pyenv shim) with ``-m reversis_cli`` over a
  300-deal and a 1-deal file; (300-deal count - 1-deal count) / 299 for
  ``score --json``, ``check`` and ``score`` (the plain tables, to a file).
  Targets (issue 35): at most 0.9 M instructions a deal for ``score --json``,
  0.45 M for ``check``, the tables at most 1.5 times the JSON's.
  And the start-up's steady figure: the instructions of ``score FILE`` on the
  20-deal evening over those of the bare import (target: at most 1.3x).

Start-up is measured on the package as an installed copy runs it, whatever
this machine's settings: byte-compiled first (``compileall``, as pip does at
install; this machine sets PYTHONDONTWRITEBYTECODE, and an editable install
would otherwise compile every module from source at every start, half as many
instructions again), and each timed command run once untimed without
PYTHONDONTWRITEBYTECODE, so that what a first run keeps (Lark's cached
parser) is there, as from a user's second run on.  The commands are the console
script beside ``sys.executable`` (not a pyenv shim: the bare import is run with
``sys.executable`` itself), importing the package of this checkout (PYTHONPATH).

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
GROUPS = ("stages", "e2e", "memory", "evening", "ratio", "archive", "stats", "callgrind")
DEFAULT_GROUPS = ("stages", "e2e", "memory", "evening", "ratio", "archive", "stats")
SCORE_RATIO_TARGET = 5.0  # card plays/s over python-chess plies/s (issue 35)
CHECK_RATIO_TARGET = 12.0
TABLES_RATIO_TARGET = 0.5  # tables deals/s over JSON deals/s
STATS_TARGET_S = 1.0  # reversis stats DB, 100,000 deals archived, end to end
STATS_MEMORY_TARGET_MB = 300.0  # its peak resident memory (the "peak memory")
ARCHIVE_SPEED_TARGET = 0.8  # archive deals/s over score --json deals/s, by CPU (issue 35)
ARCHIVE_SIZES = (2_000, 20_000)
ARCHIVE_LARGE = 100_000  # only with --archive-large
EVENING_IMPORT_RATIO_TARGET = 1.3
BARE_IMPORT = "import click, rich.console, lark"
PGN_PLIES = (40, 120)
CALLGRIND_DEALS = (1, 300)
# Instructions per deal (issue 35): score --json and check; the plain tables
# at most 1.5 times the JSON's.
CALLGRIND_TARGETS = {"score --json": 0.9e6, "check": 0.45e6}
TABLES_OVER_JSON_TARGET = 1.5


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
        if self.unit in ("deals/s", "plies/s"):
            value = f"{self.value:,.0f} {self.unit}"
        elif self.unit == "MB":
            value = f"{self.value:,.1f} MB"
        elif self.unit == "s":
            value = f"{self.value:.3f} s"
        elif self.unit == "x":
            value = f"{self.value:.2f}x"
        elif self.unit == "instr/deal":
            value = f"{self.value / 1e6:.3f} M instr/deal"
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
    for made in (session.write_deal, record.Deal):
        source = inspect.getsourcefile(made)
        assert source is not None, made
        sources.append(Path(source))
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
    """The console script installed beside this interpreter, as the bare import runs
    ``sys.executable`` itself: a pyenv shim on the PATH (a bash script that runs
    ``pyenv exec``) would add its own start-up to ours alone."""
    beside = Path(sys.executable).with_name("reversis")
    if beside.is_file():
        return [str(beside)]
    exe = shutil.which("reversis")
    return [exe] if exe else [sys.executable, "-m", "reversis_cli"]


# Every child imports the package of this checkout (the console script of an
# editable install may point at another one), byte-compiled by prepare_package().
CHILD_ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(
    filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))


def prepare_package() -> None:
    """The package as an installed copy runs, not as this machine's settings make
    it run: byte-compiled, as pip does at install (this machine sets
    PYTHONDONTWRITEBYTECODE, so without it every start would compile every module
    of the package from source), into ``reversis_cli/__pycache__``, which the
    runs then read."""
    import compileall

    compileall.compile_dir(str(ROOT / "reversis_cli"), quiet=1)


def warm_up(commands: list[list[str]]) -> None:
    """Each command run once, untimed, as its first run on a machine that writes
    byte code: what a run compiles and keeps (Lark's cached parser) is then
    there for the timed ones, as from a user's second run on."""
    env = {k: v for k, v in CHILD_ENV.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for command in commands:
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                       cwd=ROOT)


def run_child(args: list[str], cpu: int | None) -> tuple[float, float, int]:
    """(wall seconds, peak RSS in MB, exit status) of one run, stdout to /dev/null."""
    wall, _, rss, status = measure_child(args, cpu)
    return wall, rss, status


def measure_child(args: list[str], cpu: int | None) -> tuple[float, float, float, int]:
    """(wall seconds, CPU seconds (user + system), peak RSS in MB, exit status)
    of one run, stdout to /dev/null."""
    started = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=CHILD_ENV,
                            preexec_fn=(lambda: pin(cpu)) if cpu is not None else None)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    # ru_maxrss: KB on Linux
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, proc.returncode


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
    """The 20-deal evening and the bare start-ups, interleaved (``median_walls``)."""
    ours = reversis_command()
    commands = {
        "bare import": [sys.executable, "-c", BARE_IMPORT],
        "--version": ours + ["--version"],
        "score": ours + ["score", str(path)],
        "score --json": ours + ["score", "--json", str(path)],
    }
    warm_up(list(commands.values()))
    timed = median_walls(commands, runs, cpu)
    bare = timed["bare import"][0]
    out = [Figure(f"bare: python -c '{BARE_IMPORT}' (median of {runs})", bare, "s",
                  command=f"python -c '{BARE_IMPORT}'", extra={"runs": timed["bare import"][1]}),
           Figure(f"start-up: reversis --version (median of {runs})", timed["--version"][0],
                  "s", command="reversis --version", extra={"runs": timed["--version"][1]})]
    for name in ("score", "score --json"):
        median, walls, status = timed[name]
        out.append(Figure(f"{EVENING_DEALS}-deal evening: {name} (median of {runs})", median,
                          "s", f"< {EVENING_TARGET_S} s",
                          median < EVENING_TARGET_S and status in (0, 1),
                          shown(name.split() + ["FILE"], path),
                          extra={"runs": walls, "exit": status, "over_bare": median / bare}))
    ratio = timed["score"][0] / bare
    out.append(Figure(f"{EVENING_DEALS}-deal evening (score) / bare import", ratio, "x",
                      f"<= {EVENING_IMPORT_RATIO_TARGET:g}x",
                      ratio <= EVENING_IMPORT_RATIO_TARGET, shown(["score", "FILE"], path)))
    return out


# ---------------------------------------------------------------------------
# Ratios to peers measured in the same run


def need_chess(install: bool) -> None:
    """python-chess, the peer: installed now with ``--install-chess``, else advice."""
    try:
        import chess.pgn  # noqa: F401
        return
    except ImportError:
        if not install:
            sys.exit("bench.py: the ratio figures need python-chess, the 'bench' extra:\n"
                     f"    pip install -e '{ROOT}[bench]'\n"
                     "or run again with --install-chess (or leave out the ratio group: "
                     "--only stages,e2e,memory,evening)")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", f"{ROOT}[bench]"],
                   check=True)
    import importlib

    importlib.invalidate_caches()
    import chess.pgn  # noqa: F401,F811


def card_plays(path: Path) -> int:
    """The cards played in the session, counted exactly: the cards of every trick
    line, as the library parses them (cached next to the file)."""
    counted = path.with_name(path.name + ".plays")
    if counted.exists():
        return int(counted.read_text())
    from reversis_cli.notation.chunks import decode_lines, split_chunks
    from reversis_cli.notation.parse import parse_deal

    plays = 0
    with open(path, "rb") as stream:
        chunks = split_chunks(decode_lines(stream, []))
        next(chunks)  # the header
        for chunk in chunks:
            deal, _ = parse_deal(list(chunk.lines), chunk.first_line)
            if deal is not None:
                plays += sum(len(trick.cards) for trick in deal.tricks)
    counted.write_text(f"{plays}\n")
    return plays


def random_game(rng, plies: int):
    """A random legal game of exactly ``plies`` plies, or None when it ended sooner."""
    import chess
    import chess.pgn

    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return None
        board.push(rng.choice(moves))
    return chess.pgn.Game.from_board(board)


def pgn_file(cache: Path, size: int, seed: int) -> tuple[Path, int]:
    """The cached PGN file of about ``size`` bytes (never more; short by less than
    one game) and its number of plies, written now if missing."""
    import random

    import chess

    path = cache / f"peer-{size}-seed{seed}-chess{chess.__version__}.pgn"
    counted = path.with_name(path.name + ".plies")
    if path.exists() and counted.exists():
        return path, int(counted.read_text())
    print(f"  writing {path} ({size:,} bytes of random games) ...", file=sys.stderr, flush=True)
    rng = random.Random(seed)
    written = plies = games = 0
    fd, tmp = tempfile.mkstemp(dir=cache, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
        while True:
            length = rng.randint(*PGN_PLIES)
            game = random_game(rng, length)
            if game is None:
                continue
            games += 1
            game.headers["Event"] = "reversis-cli benchmark"
            game.headers["Round"] = str(games)
            text = str(game) + "\n\n"
            if written + len(text.encode()) > size:
                break
            stream.write(text)
            written += len(text.encode())
            plies += length
    os.replace(tmp, path)
    counted.write_text(f"{plies}\n")
    return path, plies


PEER_SCRIPT = """\
import sys, chess.pgn
with open(sys.argv[1], encoding="utf-8") as pgn:
    while chess.pgn.read_game(pgn) is not None:
        pass
"""


def median_walls(commands: dict[str, list[str]], runs: int, cpu: int | None,
                 peaks: dict[str, float] | None = None
                 ) -> dict[str, tuple[float, list[float], int]]:
    """Each command ``runs`` times, interleaved (one of each, then again), so that
    a change in the machine's load falls on all of them alike: median wall,
    the walls, the last exit status.  With ``peaks``, each command's highest
    peak RSS (MB) over its runs goes there."""
    walls: dict[str, list[float]] = {name: [] for name in commands}
    status: dict[str, int] = {}
    for _ in range(runs):
        for name, command in commands.items():
            wall, rss, status[name] = run_child(command, cpu)
            walls[name].append(wall)
            if peaks is not None:
                peaks[name] = max(peaks.get(name, 0.0), rss)
    return {name: (statistics.median(w), w, status[name]) for name, w in walls.items()}


def ratio_figures(path: Path, deals: int, table_path: Path, table_deals: int,
                  evening_path: Path, cache: Path, seed: int, runs: int,
                  cpu: int | None) -> list[Figure]:
    plays = card_plays(path)
    pgn, plies = pgn_file(cache, path.stat().st_size, seed)
    ours = reversis_command()
    commands = {
        "score --json": ours + ["score", "--json", str(path)],
        "peer": [sys.executable, "-c", PEER_SCRIPT, str(pgn)],
        "check": ours + ["check", str(path)],
        "tables": ours + ["score", str(table_path)],
        "tables --json": ours + ["score", "--json", str(table_path)],
        "evening": ours + ["score", str(evening_path)],
        "evening --json": ours + ["score", "--json", str(evening_path)],
        "bare import": [sys.executable, "-c", BARE_IMPORT],
    }
    warm_up([commands["evening"], commands["evening --json"]])
    timed = median_walls(commands, runs, cpu)
    peer_rate = plies / timed["peer"][0]
    peer_cmd = f"python -c 'import chess.pgn; ...read_game...' {pgn}"
    out = [Figure(f"peer: chess.pgn.read_game, {plies:,} plies (median of {runs})",
                  peer_rate, "plies/s", command=peer_cmd,
                  extra={"seconds": timed["peer"][0], "runs": timed["peer"][1],
                         "bytes": pgn.stat().st_size})]
    for name, target in (("score --json", SCORE_RATIO_TARGET), ("check", CHECK_RATIO_TARGET)):
        median, walls, status = timed[name]
        ratio = plays / median / peer_rate
        out.append(Figure(f"{name}: card plays/s / chess plies/s ({deals:,} deals, "
                          f"{plays:,} plays)", ratio, "x", f">= {target:g}x",
                          ratio >= target and status in (0, 1),
                          shown(name.split() + ["FILE"], path),
                          extra={"seconds": median, "runs": walls, "plays_per_s":
                                 plays / median, "plies_per_s": peer_rate, "exit": status}))
    tables, json_out = timed["tables"], timed["tables --json"]
    # Per deal: the evening's time (start-up and 20 deals) taken off each.
    between = table_deals - EVENING_DEALS
    tables_rate = between / (tables[0] - timed["evening"][0])
    json_rate = between / (json_out[0] - timed["evening --json"][0])
    ratio = tables_rate / json_rate
    out.append(Figure(f"tables: score deals/s / score --json deals/s ({table_deals:,}"
                      f"-{EVENING_DEALS} deals)", ratio, "x", f">= {TABLES_RATIO_TARGET:g}x",
                      ratio >= TABLES_RATIO_TARGET and tables[2] in (0, 1),
                      shown(["score", "FILE"], table_path),
                      extra={"tables_deals_per_s": tables_rate, "json_deals_per_s": json_rate,
                             "tables_runs": tables[1], "json_runs": json_out[1]}))
    evening, bare = timed["evening"], timed["bare import"]
    out.append(Figure(f"bare: python -c '{BARE_IMPORT}' (median of {runs})", bare[0], "s",
                      command=f"python -c '{BARE_IMPORT}'", extra={"runs": bare[1]}))
    out.append(Figure(f"{EVENING_DEALS}-deal evening: score, tables (median of {runs})",
                      evening[0], "s", f"<= {EVENING_TARGET_S} s",
                      evening[0] <= EVENING_TARGET_S and evening[2] in (0, 1),
                      shown(["score", "FILE"], evening_path), extra={"runs": evening[1]}))
    ratio = evening[0] / bare[0]
    out.append(Figure(f"{EVENING_DEALS}-deal evening / bare import", ratio, "x",
                      f"<= {EVENING_IMPORT_RATIO_TARGET:g}x",
                      ratio <= EVENING_IMPORT_RATIO_TARGET, shown(["score", "FILE"],
                                                                   evening_path)))
    return out


def archive_figures(cache: Path, sizes: tuple[int, ...], deals: int, seed: int, runs: int,
                    cpu: int | None) -> tuple[list[Figure], list[str]]:
    """``archive`` against ``score --json`` on the same files, same run, at each
    size: the figures, and the growth table's lines."""
    ours = reversis_command()
    out: list[Figure] = []
    growth = [f"{'deals':>8}  {'score --json CPU':>16}  {'deals/s':>8}  {'peak':>7}  "
              f"{'archive CPU':>11}  {'deals/s':>8}  {'peak':>7}  {'ratio':>5}  "
              f"{'database':>9}  {'a deal':>7}"]
    for total in sizes:
        files = max(1, total // deals)
        paths = [str(session_file(cache, deals, seed + n)[0]) for n in range(files)]
        total = files * deals
        rounds = runs if total <= 2_000 else (min(runs, 3) if total <= 20_000 else 1)
        with tempfile.TemporaryDirectory() as folder:
            db = Path(folder) / "club.sqlite"
            # a new database each run: an archive kept from the run before would skip every
            # file (the -wal and -shm of a run stopped too)
            fresh = ["sh", "-c", 'rm -f "$0" "$0-wal" "$0-shm" && exec "$@"', str(db), *ours,
                     "archive", *paths, "-o", str(db)]
            commands = {"score --json": ours + ["score", "--json", *paths], "archive": fresh}
            got: dict[str, list[tuple[float, float, float, int]]] = {n: [] for n in commands}
            for _ in range(rounds):
                for name, command in commands.items():
                    got[name].append(measure_child(command, cpu))
            size = db.stat().st_size
        med = {name: (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs),
                      max(r[2] for r in rs), rs[-1][3]) for name, rs in got.items()}
        rate = {name: total / m[1] for name, m in med.items()}
        ratio = rate["archive"] / rate["score --json"]
        where = f"{files} files x {deals} deals, median of {rounds}"
        for name in commands:
            wall, cpu_s, peak, status = med[name]
            out.append(Figure(f"{name}: {total:,} deals ({where}), by CPU", rate[name],
                              "deals/s", command=f"reversis {name} FILES ({files} files)",
                              extra={"cpu_s": cpu_s, "wall_s": wall, "peak_mb": peak,
                                     "exit": status, "runs": got[name]}))
        out.append(Figure(f"archive deals/s / score --json deals/s ({total:,} deals, CPU)",
                          ratio, "x", f">= {ARCHIVE_SPEED_TARGET:g}x",
                          ratio >= ARCHIVE_SPEED_TARGET and med["archive"][3] == 0,
                          "reversis archive FILES -o NEW.sqlite vs reversis score --json FILES",
                          extra={"database_bytes": size}))
        out.append(Figure(f"peak memory: archive ({total:,} deals)", med["archive"][2], "MB",
                          command="/usr/bin/time -v reversis archive FILES -o NEW.sqlite"))
        s_, a_ = med["score --json"], med["archive"]
        growth.append(f"{total:>8,}  {s_[1]:>14.2f} s  {rate['score --json']:>8,.0f}  "
                      f"{s_[2]:>4.0f} MB  {a_[1]:>9.2f} s  {rate['archive']:>8,.0f}  "
                      f"{a_[2]:>4.0f} MB  {ratio:>5.2f}  {size / 1e6:>6.1f} MB  "
                      f"{size / total:>5,.0f} B")
    return out, growth


def stats_archive(cache: Path, files: int, deals: int, seed: int) -> Path:
    """The cached archive of ``files`` simulated sessions of ``deals`` deals
    (built now if missing; ``archive`` skips the files already in it)."""
    from reversis_cli.club.archive import archive_inputs

    paths = [str(session_file(cache, deals, seed + n)[0]) for n in range(files)]
    # remade when the sessions or the archive's tables change (an archive of
    # another layout would be refused, or read wrong)
    db = cache / f"stats-{files}x{deals}-seed{seed}-{generator_hash()}-{schema_hash()}.sqlite"
    print(f"  archiving {files * deals:,} deals into {db} ...", file=sys.stderr, flush=True)
    archive_inputs(paths, db)
    return db


def schema_hash() -> str:
    """A hash of the archive's tables and indexes (club/schema.py)."""
    from reversis_cli.club import schema

    text = repr((schema.SCHEMA_VERSION, schema.TABLES, schema.INDEXES))
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def stats_figures(cache: Path, files: int, deals: int, seed: int, runs: int,
                  cpu: int | None) -> list[Figure]:
    """``reversis stats DB`` on an existing archive: the whole command (start-up
    included), the tables and the JSON; and the peak memory of the tables'."""
    db = stats_archive(cache, files, deals, seed)
    ours = reversis_command()
    commands = {"stats": ours + ["stats", str(db)],
                "stats --json": ours + ["stats", "--json", str(db)]}
    peaks: dict[str, float] = {}
    timed = median_walls(commands, runs, cpu, peaks)
    total = files * deals
    out = []
    for name, target in (("stats", STATS_TARGET_S), ("stats --json", None)):
        wall, walls, status = timed[name]
        out.append(Figure(f"{name} DB: {total:,} deals archived (median of {runs})", wall, "s",
                          f"<= {target:g} s" if target else "-",
                          (wall <= target and status == 0) if target else None,
                          f"reversis {name} {db.name}", extra={"runs": walls, "exit": status,
                                                                "peak_mb": peaks[name]}))
    out.append(Figure(f"peak memory: stats DB ({total:,} deals archived, highest of {runs})",
                      peaks["stats"], "MB", f"< {STATS_MEMORY_TARGET_MB:.0f} MB",
                      peaks["stats"] < STATS_MEMORY_TARGET_MB and timed["stats"][2] == 0,
                      f"/usr/bin/time -v reversis stats {db.name}"))
    return out


# ---------------------------------------------------------------------------
# Instructions per deal (callgrind)


def instructions(args: list[str], path: Path | None = None) -> int:
    """Instructions of one run of ``python -m reversis_cli ARGS FILE`` under callgrind
    (or of ``python ARGS`` when ``path`` is None)."""
    if shutil.which("valgrind") is None:
        sys.exit("bench.py: --callgrind needs valgrind on the PATH")
    program = ["-m", "reversis_cli", *args, str(path)] if path is not None else args
    with tempfile.TemporaryDirectory() as tmp:
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
                   sys.executable, *program]
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, cwd=ROOT, env=CHILD_ENV)
    for line in done.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split("Collected :")[1].split()[0])
    sys.exit(f"bench.py: callgrind gave no count for {' '.join(command)}:\n{done.stderr}")


def callgrind_figures(cache: Path, seed: int) -> list[Figure]:
    # sys.executable is the interpreter itself, never a pyenv shim (a shell
    # script, which callgrind would measure instead).
    few, many = CALLGRIND_DEALS
    small, _ = session_file(cache, few, seed)
    large, _ = session_file(cache, many, seed)
    out, per_deal = [], {}
    for args in (["score", "--json"], ["check"], ["score"]):
        command = " ".join(args)
        counts = {n: instructions(args, p) for n, p in ((few, small), (many, large))}
        per_deal[command] = (counts[many] - counts[few]) / (many - few)
        if command in CALLGRIND_TARGETS:
            target, shown_target = CALLGRIND_TARGETS[command], \
                f"<= {CALLGRIND_TARGETS[command] / 1e6:g} M"
        else:  # the tables, to a file: against the JSON of the same run
            target = TABLES_OVER_JSON_TARGET * per_deal["score --json"]
            shown_target = f"<= {TABLES_OVER_JSON_TARGET:g} x JSON"
        out.append(Figure(f"callgrind: {command} ({many}-{few} deals)", per_deal[command],
                          "instr/deal", shown_target, per_deal[command] <= target,
                          f"valgrind --tool=callgrind {sys.executable} -m reversis_cli "
                          f"{command} FILE > /dev/null",
                          extra={"instructions": counts}))
    return out + startup_instructions(cache, seed)


def startup_instructions(cache: Path, seed: int) -> list[Figure]:
    """The evening's steady figure: instructions of the 20-deal ``score`` (tables),
    start-up included, over those of the bare import."""
    evening, _ = session_file(cache, EVENING_DEALS, seed)
    warm_up([[sys.executable, "-m", "reversis_cli", "score", str(evening)]])
    tables = instructions(["score"], evening)
    bare = instructions(["-c", BARE_IMPORT])
    ratio = tables / bare
    return [Figure(f"callgrind: {EVENING_DEALS}-deal evening, score (tables) / bare import",
                   ratio, "x", f"<= {EVENING_IMPORT_RATIO_TARGET:g}x",
                   ratio <= EVENING_IMPORT_RATIO_TARGET,
                   f"valgrind --tool=callgrind {sys.executable} -m reversis_cli score FILE",
                   extra={"instructions": tables, "bare_import_instructions": bare})]


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
    ap.add_argument("--runs", type=int, default=7,
                    help="runs of the 20-deal evening and of each ratio's commands")
    ap.add_argument("--table-deals", type=int, default=1000,
                    help="file size for the tables figure (score with tables vs --json)")
    ap.add_argument("--archive-sizes", default=",".join(map(str, ARCHIVE_SIZES)),
                    help="deals of each size of the archive group's growth table")
    ap.add_argument("--archive-large", action="store_true",
                    help=f"also archive {ARCHIVE_LARGE:,} deals (minutes)")
    ap.add_argument("--archive-deals", type=int, default=100,
                    help="deals in each file of the archive group")
    ap.add_argument("--stats-files", type=int, default=200,
                    help="files of the stats figure's archive (each --stats-deals deals)")
    ap.add_argument("--stats-deals", type=int, default=500,
                    help="deals in each file of the stats figure's archive")
    ap.add_argument("--callgrind", action="store_true",
                    help="also count instructions per deal under valgrind (slow)")
    ap.add_argument("--install-chess", action="store_true",
                    help="pip-install the 'bench' extra (python-chess) if it is missing")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", default=None,
                    help=f"comma-separated groups among {', '.join(GROUPS)}")
    ap.add_argument("--cache", type=Path,
                    default=Path(tempfile.gettempdir()) / "reversis-bench",
                    help="folder of the generated session files")
    ap.add_argument("--cpu", type=int, default=None,
                    help="the CPU to run on (default: the last one allowed); -1: no pinning")
    ap.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = ap.parse_args(argv)
    only = args.only or ",".join(DEFAULT_GROUPS)
    groups = [g.strip() for g in only.split(",") if g.strip()]
    if args.callgrind and "callgrind" not in groups:
        groups.append("callgrind")
    unknown = set(groups) - set(GROUPS)
    if unknown:
        ap.error(f"unknown group(s) {', '.join(sorted(unknown))}; use {', '.join(GROUPS)}")
    cpu = args.cpu
    if cpu is None and hasattr(os, "sched_getaffinity"):
        cpu = max(os.sched_getaffinity(0))
    if cpu == -1:
        cpu = None
    pin(cpu)
    prepare_package()

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

    if "ratio" in groups:
        need_chess(args.install_chess)
        path, _ = session_file(args.cache, args.deals, args.seed)
        table_path, _ = session_file(args.cache, args.table_deals, args.seed)
        evening_path, _ = session_file(args.cache, EVENING_DEALS, args.seed)
        print("  ratios to peers ...", file=sys.stderr, flush=True)
        figures += ratio_figures(path, args.deals, table_path, args.table_deals, evening_path,
                                 args.cache, args.seed, args.runs, cpu)
    growth: list[str] = []
    if "archive" in groups:
        print("  archive against score --json ...", file=sys.stderr, flush=True)
        sizes = tuple(int(n) for n in args.archive_sizes.split(",") if n.strip())
        sizes += (ARCHIVE_LARGE,) if args.archive_large else ()
        found, growth = archive_figures(args.cache, sizes, args.archive_deals, args.seed,
                                        args.runs, cpu)
        figures += found
    if "stats" in groups:
        print("  stats from an existing archive ...", file=sys.stderr, flush=True)
        figures += stats_figures(args.cache, args.stats_files, args.stats_deals, args.seed,
                                 args.runs, cpu)
    if "callgrind" in groups:
        print("  callgrind ...", file=sys.stderr, flush=True)
        figures += callgrind_figures(args.cache, args.seed)

    print_table(figures)
    if growth:
        print("\narchive's growth (CPU = user + system; peak = maximum resident memory):")
        print("\n".join(growth))
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
