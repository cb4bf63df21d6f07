"""``reversis serve`` in a real browser: headless Chromium emulating a 390×844
phone records two whole deals by tapping (exchanges and every card), with
the server killed (SIGKILL) in the middle of the second and started again;
a revoke asked about, a watcher's page following the trick, a wrong code
refused.  Skipped without a browser; a failure under REVERSIS_REQUIRE_BROWSER
(as the report's browser tests)."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from browser import CHROMIUM, DRIVER, _which, missing_parts, stop_without_browser
from serve_helpers import ROOT, SAMPLES, cut, deal_taps, errors_of, played

CODE = "480213"
BIG = (SAMPLES / "big-night.rvs").read_text(encoding="utf-8")
PHONE = {"width": 390, "height": 844, "pixelRatio": 2.0}
SHOTS = os.environ.get("REVERSIS_SERVE_SHOTS")  # a folder: the screenshots for docs/


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """A real ``reversis serve`` process; its address read from what it prints."""

    def __init__(self, record: Path, port: int, *extra: str):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "reversis_cli", "--lang", "en", "serve", str(record),
             "--port", str(port), "--code", CODE, *extra],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.url = self._address()
        self.base = self.url.split("/?")[0]

    def _address(self) -> str:
        deadline = time.monotonic() + 20
        said = []
        assert self.process.stdout is not None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            said.append(line)
            found = re.search(r"http://\S+\?code=\d{6}\s*$", line)
            if found:
                return found.group(0).strip()
        self.kill()
        raise AssertionError("reversis serve printed no address: " + "".join(said))

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        if self.process.stdout is not None:
            self.process.stdout.close()


def serving(record: Path, port: int, driver) -> Server:
    """The server, or the browser is closed before the failure goes on."""
    try:
        return Server(record, port)
    except BaseException:
        driver.quit()
        raise


def phone(language: str = "en-GB,en"):
    """A Chromium emulating a 390×844 phone, or the test stops; ``language``:
    the Accept-Language it sends."""
    missing = missing_parts()
    if missing:
        stop_without_browser("no headless browser: missing " + ", ".join(missing))
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = _which(CHROMIUM) or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-extensions", "--no-first-run", "--disable-background-networking"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    try:
        return webdriver.Chrome(service=Service(_which(DRIVER)), options=options)
    except Exception as exc:  # noqa: BLE001 -- any failure to start is "no browser here"
        stop_without_browser(f"headless Chromium would not start: {exc}")


def tap(driver, selector: str) -> None:
    """Tap a button, and wait for the page's answer to be swapped in (the
    button tapped is then gone, replaced by the new page's)."""
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    button = driver.find_element("css selector", selector)
    button.click()
    WebDriverWait(driver, 5, poll_frequency=0.02).until(EC.staleness_of(button))


def loaded(driver, selector: str) -> None:
    """Wait until the page holds ``selector``: under a loaded machine a page reached
    through the join's redirect can still be coming when ``driver.get`` returns.  When it
    never comes, the failure says which page stood there instead."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        WebDriverWait(driver, 10, poll_frequency=0.05).until(
            lambda d: d.find_elements("css selector", selector))
    except TimeoutException:
        raise AssertionError(f"no {selector} at {driver.current_url}: "
                             f"{driver.page_source[:400]!r}") from None


def stage(driver) -> str:
    return driver.find_element("css selector", "#main").get_attribute("data-stage")


def shot(driver, name: str) -> None:
    if SHOTS:
        driver.save_screenshot(str(Path(SHOTS) / name))


def fits_the_phone(driver) -> None:
    width = driver.execute_script("return document.documentElement.clientWidth")
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert width == 390 and scroll <= width, (width, scroll)


def enter(driver, taps, upto: int | None = None) -> None:
    """Start the deal and tap its exchanges and cards, as a marker would."""
    from selenium.webdriver.support.ui import Select

    if driver.find_elements("css selector", "select#dealer"):
        Select(driver.find_element("css selector", "select#dealer")).select_by_value(taps.dealer)
    tap(driver, '[data-action="new-deal"]')
    if taps.exchanges:
        tap(driver, '[data-action="exchanges"]')
        for exchange in taps.exchanges:
            tap(driver, f'.exchange [data-card="{exchange.discards}"]')
            if taps.number == 1 and exchange is taps.exchanges[1]:
                shot(driver, "serve-exchange.png")
            if exchange.takes is not None:
                tap(driver, f'.exchange [data-card="{exchange.takes}"]')
            elif driver.find_elements("css selector", '[data-action="exchange-unknown"]'):
                tap(driver, '[data-action="exchange-unknown"]')
    for card in taps.cards[:upto]:
        tap(driver, f'.pad [data-card="{card}"]')
        assert driver.find_elements("css selector", f'[data-played="{card}"], '
                                                    f'[data-trick-card="{card}"]'), card


def requested_hosts(driver) -> set[str]:
    hosts = set()
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            hosts.add(re.sub(r"^(\w+://[^/]+).*", r"\1", url))
    return hosts


@pytest.mark.slow
def test_two_deals_tapped_on_a_phone_survive_a_kill_9(tmp_path):
    record = tmp_path / "night.rvs"
    record.write_text(cut(BIG, 0), encoding="utf-8")
    driver = phone()  # first: without a browser the test stops before any server starts
    port = free_port()
    server = serving(record, port, driver)
    try:
        wrong = server.url.replace(CODE, "000000")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(wrong, timeout=5)
        assert refused.value.code == 403 and b"Anna" not in refused.value.read()
        driver.get(wrong)
        assert "Wrong or missing join code" in driver.page_source
        fits_the_phone(driver)
        shot(driver, "serve-join.png")
        driver.get(server.url)
        loaded(driver, 'meta[name="viewport"]')  # the page itself, made for a phone
        shot(driver, "serve-new-deal.png")
        started = time.monotonic()
        enter(driver, deal_taps(BIG, 1))
        entered = time.monotonic() - started
        assert stage(driver) == "complete"
        fits_the_phone(driver)
        shot(driver, "serve-deal-over.png")
        tap(driver, '[data-action="write-deal"]')
        assert stage(driver) == "new-deal"
        shot(driver, "serve-balance.png")
        second = deal_taps(BIG, 2)
        enter(driver, second, upto=21)  # trick 6 begun: one card of it in
        fits_the_phone(driver)
        shot(driver, "serve-trick.png")
        server.kill()
        server = Server(record, port)
        driver.get(server.base + "/")  # the phone reloads: its cookie still lets it in
        loaded(driver, f'[data-played="{second.cards[20]}"]')
        assert len(driver.find_elements("css selector", "[data-trick-card]")) == 20
        for card in second.cards[21:]:
            tap(driver, f'.pad [data-card="{card}"]')
        tap(driver, '[data-action="write-deal"]')
        assert stage(driver) == "new-deal"
        assert requested_hosts(driver) == {server.base}
    finally:
        driver.quit()
        server.kill()
    text = record.read_text(encoding="utf-8")
    assert played(text) == played(cut(BIG, 2))
    assert errors_of(text) == []
    print(f"deal 1 entered by tapping in {entered:.1f} s")
    assert entered < 30


@pytest.mark.slow
def test_a_revoke_is_asked_and_a_watcher_follows_the_trick(tmp_path):
    record = tmp_path / "night.rvs"
    record.write_text(cut(BIG, 0), encoding="utf-8")
    marker, watcher = phone(), None
    server = serving(record, free_port(), marker)
    try:
        marker.get(server.url)
        loaded(marker, '[data-action="new-deal"]')
        tap(marker, '[data-action="new-deal"]')
        watcher = phone("ru-RU,ru")  # a Russian phone: the page speaks its language
        watcher.get(server.url + "&as=watch")
        loaded(watcher, "#main")
        for card in ("3H", "2S", "AH", "6H", "AC", "2C", "3C", "4C", "5H", "7H", "8H"):
            tap(marker, f'.pad [data-card="{card}"]')
        tap(marker, '.pad [data-card="4H"]')
        assert stage(marker) == "question"
        assert "Did it happen so at the table?" in marker.page_source
        assert marker.find_elements("css selector", '[data-waiting="4H"]')
        shot(marker, "serve-revoke.png")
        tap(marker, '[data-action="revoke-no"]')
        assert stage(marker) == "play" and not marker.find_elements(
            "css selector", '[data-played="4H"], [data-trick-card="4H"]')
        tap(marker, '[data-fix="fix-1-1"]')  # Boris's 2♠ in trick 1 was the 5♠
        assert "Which card was played?" in marker.page_source
        shot(marker, "serve-correct.png")
        tap(marker, '.correction [data-card="5S"]')
        assert marker.find_elements("css selector", '[data-trick-card="5S"]')
        assert not marker.find_elements("css selector", '[data-trick-card="2S"]')
        deadline = time.monotonic() + 3
        while not watcher.find_elements("css selector", '[data-played="8H"]'):
            assert time.monotonic() < deadline, "the watcher's page did not follow"
            time.sleep(0.1)
        assert not watcher.find_elements("css selector", "[data-card]")
        assert "Взятка 3" in watcher.page_source and "Т♥" in watcher.page_source
        fits_the_phone(watcher)
        shot(watcher, "serve-watcher-ru.png")
    finally:
        marker.quit()
        if watcher is not None:
            watcher.quit()
        server.kill()
