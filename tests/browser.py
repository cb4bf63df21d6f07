"""A headless Chromium for the report's tests, driven by Selenium.

Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them when
missing).  :func:`start_browser` returns None with the reason when no browser can
be had, naming each part that is missing; :func:`browser_or_stop` makes that a
visible skip, or a failure where ``REVERSIS_REQUIRE_BROWSER`` is set: ``.ci/run``
sets it, so that CI never goes green without the browser tests.
"""

from __future__ import annotations

import importlib.util
import os
import shutil

import pytest

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
DRIVER = ("chromedriver",)
REQUIRED = "REVERSIS_REQUIRE_BROWSER"


def _which(names) -> str | None:
    for name in names:
        found = shutil.which(name) or (f"/usr/bin/{name}" if os.path.exists(f"/usr/bin/{name}")
                                       else None)
        if found:
            return found
    return None


def missing_parts() -> list[str]:
    """What the browser tests lack here, each with how to get it."""
    missing = []
    if importlib.util.find_spec("selenium") is None:
        missing.append("selenium (pip install -e '.[test]')")
    if _which(CHROMIUM) is None:
        missing.append("chromium (apt-get install chromium)")
    if _which(DRIVER) is None:
        missing.append("chromedriver (apt-get install chromium-driver)")
    return missing


def start_browser():
    """(driver, None) or (None, why there is no browser)."""
    missing = missing_parts()
    if missing:
        return None, "no headless browser: missing " + ", ".join(missing)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    chromium = _which(CHROMIUM)
    assert chromium is not None  # missing_parts() found it
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1100,900", "--disable-extensions",
                     "--no-first-run", "--disable-background-networking"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    try:
        return webdriver.Chrome(service=Service(_which(DRIVER)), options=options), None
    except Exception as exc:  # noqa: BLE001 -- any failure to start is "no browser here"
        return None, f"headless Chromium would not start: {exc}"


def stop_without_browser(why: str) -> None:
    """Skip the test, saying why; fail it instead where the browser is required."""
    if os.environ.get(REQUIRED):
        pytest.fail(f"{why} ({REQUIRED} is set, as .ci/run sets it: the browser tests "
                    "may not skip)", pytrace=False)
    pytest.skip(why)


def browser_or_stop():
    """A started browser, or the test stops (:func:`stop_without_browser`)."""
    driver, why = start_browser()
    if driver is None:
        stop_without_browser(why)
    return driver
