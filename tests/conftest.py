"""Shared fixtures and the ``--update-golden`` switch."""

from __future__ import annotations

import ast
import functools
import gc
import inspect
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

import hatch_build

# CI sees the same generated examples on every run: a red run must mean a
# change, not a new random draw.  Locally hypothesis explores afresh.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
GOLDEN = Path(__file__).resolve().parent / "golden"

# The tests read the catalogs as they are in the checkout now, whatever an
# earlier install compiled (hatch_build.py compiles them the same way).  With
# pytest-xdist the first process compiles them before its workers start: a
# worker writing a .mo in place while another reads it would read half a file.
if "PYTEST_XDIST_WORKER" not in os.environ:
    hatch_build.compile_catalogs(ROOT)

# Byte code is kept, for this process's test modules and for every interpreter a
# test starts: an environment that says not to (PYTHONDONTWRITEBYTECODE, as on
# the machines this project is built on) would otherwise have each of the
# suite's hundreds of `python -m reversis_cli` runs compile the package anew.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# The tool speaks the locale's language by default: the tests speak English
# unless one asks for Russian (--lang ru, or its own environment).
for _variable in ("LANGUAGE", "LC_MESSAGES", "LANG"):
    os.environ.pop(_variable, None)
os.environ["LC_ALL"] = "C.UTF-8"


def pytest_collection_finish(session):
    """The garbage collector took six seconds of a default run (measured with
    gc.callbacks): what collection made lives to the end of the run (the test
    items, the modules and what they hold), so it is frozen out of the
    collector's sight, and the collector runs less often (every 20,000
    allocations instead of 700): three seconds less.  Reference counting still
    frees everything at once; only cycles wait longer."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite the golden files from the current output")


@pytest.fixture(autouse=True)
def english_unless_asked():
    """Every test starts in English, and a language a test chooses ends with
    it: ``--lang ru`` through CliRunner sets the language of the process, and
    a test calling a command directly afterwards would otherwise speak
    Russian."""
    from reversis_cli.i18n import set_language

    set_language("en")
    yield
    set_language("en")
    # click's words follow LANGUAGE, which a --lang run sets (docs/decisions.md)
    os.environ.pop("LANGUAGE", None)


@pytest.fixture
def golden(request):
    """``golden(name, text)``: compare with tests/golden/NAME, or rewrite it
    when pytest runs with --update-golden."""
    update = request.config.getoption("--update-golden")

    def check(name: str, text: str) -> None:
        path = GOLDEN / name
        if update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        assert path.exists(), f"no golden file {path}; run pytest --update-golden"
        assert text == path.read_text(encoding="utf-8")

    return check


# --- which goldens a run reads (tests/test_test_map.py) -----------------------------------
# With REVERSIS_GOLDEN_READS=FILE a run keeps only the tests that compare with a
# golden (those that ask for the ``golden`` fixture, or whose source names the
# folder), notes every file under tests/golden/ that the process opens for reading
# (an audit hook on ``open``: the fixture's reads and a test's own alike), and
# writes their paths, relative to tests/golden/, one a line to FILE at the end.
GOLDEN_READS = os.environ.get("REVERSIS_GOLDEN_READS")
_golden_read: set[str] = set()


def _note_golden_read(event: str, args: tuple) -> None:
    if event == "open" and isinstance(args[0], str) and (args[1] or "r").startswith("r"):
        path = Path(os.path.abspath(args[0]))
        if path.is_relative_to(GOLDEN):
            _golden_read.add(path.relative_to(GOLDEN).as_posix())


if GOLDEN_READS:
    sys.addaudithook(_note_golden_read)


def _compares_with_a_golden(item) -> bool:
    if "golden" in getattr(item, "fixturenames", ()):
        return True
    try:
        return "golden" in inspect.getsource(item.function)
    except (AttributeError, OSError, TypeError):
        return False


def pytest_collection_modifyitems(config, items):
    if GOLDEN_READS:
        kept = [item for item in items if _compares_with_a_golden(item)]
        chosen = set(map(id, kept))
        config.hook.pytest_deselected(items=[i for i in items if id(i) not in chosen])
        items[:] = kept


def pytest_sessionfinish(session):
    if GOLDEN_READS:
        Path(GOLDEN_READS).write_text("".join(f"{n}\n" for n in sorted(_golden_read)),
                                      encoding="utf-8")


class Hang(BaseException):
    """Raised by the alarm in a run that blocked.  Not an Exception: neither
    the command's own error handling nor CliRunner may take it for the
    command's failure."""


@dataclass(frozen=True)
class Ran:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def run_that_may_hang(monkeypatch):
    """``run(*args, cwd=folder)``: the CLI run in ``folder``, for the tests of
    what could block a command (a FIFO opened, a device read whole).  It runs in this
    process, under an alarm that stops a blocked run after 10 seconds and fails
    the test, as the timeout of a separate process would, without the third of
    a second of CPU an interpreter costs; where no alarm can be had (not the
    main thread) in a process of its own."""
    def run(*args: str, cwd: Path) -> Ran:
        if threading.current_thread() is not threading.main_thread():
            done = subprocess.run([sys.executable, "-m", "reversis_cli", *args], cwd=cwd,
                                  capture_output=True, text=True, timeout=20,
                                  env={**os.environ, "PYTHONPATH": str(ROOT)})
            return Ran(done.returncode, done.stdout, done.stderr)
        from click.testing import CliRunner

        from reversis_cli.cli import cli

        def stop(signum, frame):
            raise Hang(f"reversis {' '.join(args)} still ran after 10 seconds")

        monkeypatch.chdir(cwd)
        previous = signal.signal(signal.SIGALRM, stop)
        # The test's own limit (pytest-timeout, pyproject.toml) runs on the same
        # timer: what is left of it is set again afterwards.
        left = signal.setitimer(signal.ITIMER_REAL, 10)[0]
        started = time.monotonic()
        try:
            result = CliRunner().invoke(cli, list(args), prog_name="reversis")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            if left:
                signal.setitimer(signal.ITIMER_REAL,
                                 max(left - (time.monotonic() - started), 0.01))
        return Ran(result.exit_code, result.stdout, result.stderr)

    return run


@pytest.fixture
def atomic_writes(monkeypatch):
    """The names of the files written through ``files.write_atomic``, the one
    writer every command must use, in the order written."""
    from reversis_cli import files

    written: list[str] = []
    original = files.write_atomic

    def recording(path, data):
        written.append(Path(path).name)
        original(path, data)

    monkeypatch.setattr(files, "write_atomic", recording)
    return written


def files_in(folder: Path, pattern: str, at_least: int) -> list[Path]:
    """The files of ``folder`` that match ``pattern``, sorted.  A test looped or
    parametrised over them must not pass on none (a folder moved, a pattern
    mistyped, a checkout without them): fewer than ``at_least`` fails here, at
    collection."""
    found = sorted(folder.glob(pattern))
    assert len(found) >= at_least, \
        f"{len(found)} files {pattern} in {folder}, expected at least {at_least}"
    return found


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of a source file, parsed once per process: several test
    modules walk the whole package (message ids, imports, diagnostics), and
    parsing it is most of their time.  The trees are shared: never change one."""
    return ast.parse(path.read_text(encoding="utf-8"))


def good_samples() -> list[Path]:
    return files_in(SAMPLES, "*.rvs", 9)


def bad_samples() -> list[Path]:
    return files_in(SAMPLES / "bad", "*.rvs", 30)


# The good samples that between them hold every feature of the notation: the full
# record (hands, talon, exchanges, partie, comments), the rare events, every
# irregularity and the Russian spellings.  A test over every sample that costs
# a tenth of a second a sample takes these by default and the rest under the
# slow marker (``samples_by_default``).
FEATURE_SAMPLES = ("salon.rvs", "big-night.rvs", "irregular.rvs", "tver-ru.rvs")


def some_by_default(cases, keep) -> list:
    """``cases`` as parameters: those ``keep(case)`` holds run by default, the
    others only under the slow marker (``-m ''``), so that the default run
    keeps one case of each kind and CI runs them all."""
    return [case if keep(case) else pytest.param(case, marks=pytest.mark.slow)
            for case in cases]


def pairs_by_default(firsts, seconds) -> list:
    """Every pair (a, b) of the two lists as parameters: by default each a once,
    with the b's taken in turn (so each b too, when there are as many); every
    other pair only under the slow marker."""
    return [pytest.param(a, b, marks=() if j == i % len(seconds) else pytest.mark.slow)
            for i, a in enumerate(firsts) for j, b in enumerate(seconds)]


def samples_by_default(paths: list[Path], names=FEATURE_SAMPLES) -> list:
    """:func:`some_by_default` over sample files: those named in ``names``."""
    return some_by_default(paths, lambda path: path.name in names)


@functools.cache
def loaded_modules(*args: str) -> frozenset[str]:
    """``sys.modules`` after ``reversis ARGS`` ran in a fresh interpreter, its
    output to a pipe (not a terminal): what a command really imports.  Run
    once per ARGS: several tests read what ``--version`` loads."""
    script = ("import sys\n"
              "from reversis_cli.cli import main\n"
              "try:\n"
              "    main(sys.argv[1:])\n"
              "except SystemExit as exc:\n"
              "    assert exc.code in (0, None), exc.code\n"
              "print('\\n'.join(sys.modules), file=sys.stderr)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    result = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout
    return frozenset(result.stderr.split())


@pytest.fixture(scope="module")
def wide_names(tmp_path_factory) -> Path:
    """The big night with a Chinese, a Cyrillic and an accented name: wide characters
    (the plain tables against rich, and the one-pass deal against its view)."""
    text = (ROOT / "samples" / "big-night.rvs").read_text(encoding="utf-8")
    for old, new in (("Anna", "安娜"), ("Boris", "Борис"), ("Vera", "Véra")):
        text = text.replace(old, new)
    path = tmp_path_factory.mktemp("wide") / "wide.rvs"
    path.write_text(text, encoding="utf-8")
    return path
