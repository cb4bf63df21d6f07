"""``reversis record`` through ``textual-serve`` (issue 33, item 5): with
Textual's web driver set, the recorder takes the full screen although its
standard input and output are pipes, and a closed tab (textual-serve's
``quit`` packet) ends it, keeping the deal in its draft and freeing the file.
A line-mode recorder whose input ends (a closed pipe) stops the same way, and
one killed with SIGKILL leaves a lock the next recorder takes over.

textual-serve itself is not needed for most of this: the tests speak its
protocol (``textual_serve/app_service.py``: the app's prelude line
``__GANGLION__``, then packets of a type byte, a 4-byte big-endian length and
a payload, ``D`` for keys and screen, ``M`` for JSON meta such as ``resize``
and ``quit``).  The last test serves the recorder with the real textual-serve
in headless Chromium, and is skipped where textual-serve is not installed (it
is the user's optional road, never a dependency)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from reversis_cli.cli import cli

ROOT = Path(__file__).resolve().parent.parent
REVIEW = Path(__file__).resolve().parent / "fixtures" / "record"
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"}
ENV.pop("TEXTUAL_DRIVER", None)
WEB = "textual.drivers.web_driver:WebDriver"  # what textual-serve sets for the app it runs
DEAL3 = (REVIEW / "deal3-tricks.txt").read_text(encoding="utf-8").split("\n")[:11]

try:
    import fcntl
except ImportError:  # Windows: no lock (docs/decisions.md)
    fcntl = None  # type: ignore[assignment]
locks = pytest.mark.skipif(fcntl is None, reason="no advisory locks on this system")


def two_deals(tmp_path) -> Path:
    """The review's two-deals.rvs: deals 1 and 2; Boris deals deal 3."""
    path = tmp_path / "s.rvs"
    path.write_bytes((REVIEW / "two-deals.rvs").read_bytes())
    return path


def lock_of(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def draft_of(path: Path) -> dict:
    return json.loads(path.with_name(f".{path.name}.draft").read_text(encoding="utf-8"))


def free(path: Path) -> bool:
    """Whether nobody holds ``path``'s lock: a recorder could open it now."""
    if not lock_of(path).exists():
        return True
    assert fcntl is not None
    with open(lock_of(path), "rb") as stream:
        try:
            fcntl.flock(stream, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        fcntl.flock(stream, fcntl.LOCK_UN)
        return True


def until(condition, seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def resumed(path: Path) -> str:
    """A recorder started after: the line mode's offer of the draft, answered
    yes, then quit."""
    result = CliRunner().invoke(cli, ["record", str(path)], input="y\nquit\n",
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


class Served:
    """``reversis record FILE`` run as textual-serve runs an app: the web
    driver set, pipes for input and output, packets both ways."""

    def __init__(self, path: Path, *args: str):
        env = {**ENV, "TEXTUAL_DRIVER": WEB, "COLUMNS": "110", "ROWS": "40"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "reversis_cli", "record", str(path), *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
            cwd=path.parent)
        self.out = bytearray()
        self.err = bytearray()
        # Read the screen meanwhile, or the app blocks writing it.
        for stream, into in ((self.proc.stdout, self.out), (self.proc.stderr, self.err)):
            threading.Thread(target=self._drain, args=(stream, into), daemon=True).start()

    @staticmethod
    def _drain(stream, into: bytearray) -> None:
        while chunk := stream.read1(65536):
            into.extend(chunk)

    def send(self, kind: bytes, payload: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(kind + len(payload).to_bytes(4, "big") + payload)
        self.proc.stdin.flush()

    def meta(self, **data) -> None:
        self.send(b"M", json.dumps(data).encode("utf-8"))

    def keys(self, text: str) -> None:
        self.send(b"D", text.encode("utf-8"))

    def started(self) -> bool:
        """The prelude textual-serve waits for, then a screen drawn."""
        return until(lambda: self.out.startswith(b"__GANGLION__\n") and b"Trick 1" in self.out
                     or self.proc.poll() is not None) and self.proc.poll() is None

    def close_tab(self, seconds: float = 20.0) -> int | None:
        """What textual-serve does when the browser's websocket closes."""
        self.meta(type="quit")
        try:
            return self.proc.wait(seconds)
        except subprocess.TimeoutExpired:
            return None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def test_the_web_driver_gives_the_full_screen_without_a_terminal(monkeypatch):
    from reversis_cli.cli import record as record_module

    monkeypatch.setenv("TEXTUAL_DRIVER", WEB)
    assert record_module._screen()  # pytest's standard input is no terminal
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.headless_driver:HeadlessDriver")
    assert not record_module._screen()
    monkeypatch.delenv("TEXTUAL_DRIVER")
    assert not record_module._screen()


@pytest.mark.parametrize("lang, said", [
    ("en", "textual-serve sends the browser's keys, not lines"),
    ("ru", "textual-serve передаёт нажатия клавиш браузера, а не строки")])
def test_plain_under_the_web_driver_is_a_usage_error_and_opens_nothing(tmp_path, monkeypatch,
                                                                        lang, said):
    """The line mode would read the browser's packets as lines and wait for
    ever, holding the file: refused before the file is touched."""
    path = two_deals(tmp_path)
    before = path.read_bytes()
    monkeypatch.setenv("TEXTUAL_DRIVER", WEB)
    result = CliRunner().invoke(cli, ["--lang", lang, "record", str(path), "--plain"],
                                input="3D 2D JH KD\n")
    assert result.exit_code == 2 and said in result.output and "--plain" in result.output
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.rvs"]  # no lock, no draft


def test_under_the_web_driver_what_is_said_before_the_screen_goes_to_the_server_s_terminal(
        tmp_path, monkeypatch):
    """Standard output is the browser's screen (textual-serve's packets): a
    record refused for its errors is said on standard error, which
    textual-serve prints in its terminal, and nothing is opened."""
    path = two_deals(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("2C 3C 6C 5C", "2C 3C ZC 5C"),
                    encoding="utf-8")
    monkeypatch.setenv("TEXTUAL_DRIVER", WEB)
    result = CliRunner().invoke(cli, ["record", str(path)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "error[RV102]" in result.stderr and "ZC" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.rvs"]


@pytest.mark.slow  # a real process: two seconds or so
@locks
def test_under_the_web_driver_the_full_screen_records_and_a_closed_tab_frees_the_file(
        tmp_path):
    path = two_deals(tmp_path)
    served = Served(path)
    try:
        assert served.started(), bytes(served.out[:300]) + bytes(served.err[-2000:])
        served.meta(type="resize", width=110, height=40)
        for card in DEAL3[0].split() + ["2S"]:  # trick 1, then Boris leads trick 2
            served.keys(card.lower() + "\r")
        assert until(lambda: path.with_name(".s.rvs.draft").exists()
                     and draft_of(path)["trick"] == ["2s"]), draft_of(path)
        assert not free(path)  # the recorder holds it while the tab is open
        assert served.close_tab() == 0, bytes(served.err[-2000:])
    finally:
        served.stop()
    assert b"Traceback" not in served.err
    assert free(path) and not lock_of(path).exists()
    assert draft_of(path)["lines"] == ["1 3d 2d jh kd"]
    said = resumed(path)
    assert ("Resume deal 3 (dealer Boris) where it stopped, after 1 line and 1 card of trick 2"
            in said)
    assert "Deal 3 resumed." in said


@pytest.mark.slow
@locks
def test_under_the_web_driver_input_ending_without_a_quit_packet_ends_the_recorder(tmp_path):
    """textual-serve killed (or crashed) closes the pipe without a word:
    Textual's driver only stops reading, so the recorder would wait for ever
    holding the file; it must end as on Ctrl+Q."""
    path = two_deals(tmp_path)
    served = Served(path)
    try:
        assert served.started(), bytes(served.err[-2000:])
        served.meta(type="resize", width=110, height=40)
        for card in DEAL3[0].split():
            served.keys(card.lower() + "\r")
        assert until(lambda: path.with_name(".s.rvs.draft").exists()
                     and len(draft_of(path)["lines"]) == 1)
        assert served.proc.stdin is not None
        served.proc.stdin.close()
        try:
            status = served.proc.wait(20)
        except subprocess.TimeoutExpired:
            status = None
    finally:
        served.stop()
    assert status == 0, bytes(served.err[-2000:])
    assert b"Traceback" not in served.err
    assert free(path) and not lock_of(path).exists()
    assert "Resume deal 3 (dealer Boris) where it stopped, after 1 line" in resumed(path)


@pytest.mark.slow
@locks
def test_a_served_recorder_killed_with_sigkill_leaves_its_draft_and_no_lock_in_the_way(
        tmp_path):
    path = two_deals(tmp_path)
    served = Served(path)
    try:
        assert served.started(), bytes(served.err[-2000:])
        served.meta(type="resize", width=110, height=40)
        for card in DEAL3[0].split():
            served.keys(card.lower() + "\r")
        assert until(lambda: path.with_name(".s.rvs.draft").exists()
                     and draft_of(path)["lines"] == ["1 3d 2d jh kd"])
        served.proc.send_signal(signal.SIGKILL)
        served.proc.wait(20)
    finally:
        served.stop()
    assert lock_of(path).exists() and free(path)  # left behind, held by nobody
    said = resumed(path)
    assert "Resume deal 3 (dealer Boris) where it stopped, after 1 line" in said
    assert not lock_of(path).exists()  # taken over, then removed by the one who left


def line_mode(path: Path):
    return subprocess.Popen([sys.executable, "-m", "reversis_cli", "record", str(path)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=ENV, cwd=path.parent, text=True)


@pytest.mark.slow
@locks
def test_a_line_mode_recorder_whose_input_ends_stops_keeps_the_draft_and_frees_the_file(
        tmp_path):
    """A closed pipe (the other end of a tab, a script, an ssh link gone) is
    the end of input: the recorder says where the deal is and stops."""
    path = two_deals(tmp_path)
    proc = line_mode(path)
    try:
        out, err = proc.communicate("\n".join(DEAL3[:3]) + "\n", timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert "Deal 3 is saved as a draft" in out
    assert free(path) and not lock_of(path).exists()
    assert [line.split()[-4:] for line in draft_of(path)["lines"]] == [t.split() for t in DEAL3[:3]]
    # The next recorder opens the file and offers what was typed, and the deal
    # goes on from it to the end.
    proc = line_mode(path)
    out, err = proc.communicate("y\n" + "\n".join(DEAL3[3:]) + "\nquit\n", timeout=60)
    assert proc.returncode == 0, err
    assert "Resume deal 3 (dealer Boris) where it stopped, after 3 lines" in out
    assert "Deal 3 written to" in out
    check = subprocess.run([sys.executable, "-m", "reversis_cli", "check", str(path)], env=ENV,
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.slow
@locks
def test_input_ending_at_the_resume_question_keeps_the_draft(tmp_path):
    """A tab closed before the draft is answered: nothing is thrown away."""
    path = two_deals(tmp_path)
    proc = line_mode(path)
    proc.communicate("\n".join(DEAL3[:2]) + "\n", timeout=30)
    proc = line_mode(path)
    out, err = proc.communicate("", timeout=30)
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert "Deal 3 is saved as a draft" in out
    assert free(path) and len(draft_of(path)["lines"]) == 2


# -- the real textual-serve, in a real browser ----------------------------------------------


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


SERVE = """\
import sys
from textual_serve.server import Server
Server(sys.argv[1], host="127.0.0.1", port=int(sys.argv[2])).serve()
"""


def serve_and_type_a_trick(path: Path, stack):
    """textual-serve serving ``record`` on 127.0.0.1, a headless Chromium on its
    page, deal 3's first trick typed there; (server, browser)."""
    pytest.importorskip("textual_serve", reason="textual-serve is the user's optional road")
    from browser import browser_or_stop
    from selenium.webdriver.common.by import By

    port = _port()
    command = f"{sys.executable} -m reversis_cli record {path}"
    server = subprocess.Popen([sys.executable, "-c", SERVE, command, str(port)], env=ENV,
                              cwd=path.parent, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    stack.callback(_stop_server, server)
    assert until(lambda: _listening(port)), "textual-serve never listened"
    driver = browser_or_stop()
    stack.callback(_quit, driver)
    driver.set_window_size(1100, 800)
    driver.get(f"http://127.0.0.1:{port}/")
    assert until(lambda: lock_of(path).exists() and not free(path)), "the recorder never started"
    assert until(lambda: bool(driver.find_elements(By.CSS_SELECTOR, "textarea"))), \
        "no terminal on the page"
    time.sleep(2)  # the screen drawn before the first key
    area = driver.find_element(By.CSS_SELECTOR, "textarea")
    for card in DEAL3[0].split():
        area.send_keys(card.lower() + "\n")
    assert until(lambda: path.with_name(".s.rvs.draft").exists()
                 and len(draft_of(path)["lines"]) == 1), "the cards never reached the draft"
    return server, driver


def _quit(driver) -> None:
    try:
        driver.quit()
    except Exception:  # noqa: BLE001 -- closed already by the test
        pass


def _stop_server(server) -> None:
    if server.poll() is not None:
        return
    server.terminate()
    try:
        server.wait(20)
    except subprocess.TimeoutExpired:  # stuck on an app that never ends: all of it goes
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(20)


@pytest.mark.slow  # a server and a browser: ten seconds or so
@locks
def test_the_real_textual_serve_in_chromium_records_and_a_closed_tab_frees_the_file(tmp_path):
    path = two_deals(tmp_path)
    with contextlib.ExitStack() as stack:
        _, driver = serve_and_type_a_trick(path, stack)
        driver.quit()  # the tab (and its browser) closes
        assert until(lambda: free(path) and not lock_of(path).exists()), \
            "the recorder kept the file after the tab closed"
    assert "Resume deal 3 (dealer Boris) where it stopped, after 1 line" in resumed(path)


@pytest.mark.slow
@locks
def test_the_real_textual_serve_killed_with_sigkill_frees_the_file(tmp_path):
    path = two_deals(tmp_path)
    with contextlib.ExitStack() as stack:
        server, _ = serve_and_type_a_trick(path, stack)
        server.send_signal(signal.SIGKILL)  # the recorder, its child, is left on its own
        server.wait(20)
        assert until(lambda: free(path) and not lock_of(path).exists()), \
            "the recorder kept the file after textual-serve was killed"
    assert "Resume deal 3 (dealer Boris) where it stopped, after 1 line" in resumed(path)
