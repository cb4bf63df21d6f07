"""A headless Chromium for the report's tests, driven by Selenium.

Debian's ``chromium`` and ``chromium-driver`` (``.ci/run`` installs them when
missing).  :func:`start_browser` returns None with the reason when no browser can
be had, for the tests to skip visibly."""

from __future__ import annotations

import os
import shutil

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
DRIVER = ("chromedriver",)


def _which(names) -> str | None:
    for name in names:
        found = shutil.which(name) or (f"/usr/bin/{name}" if os.path.exists(f"/usr/bin/{name}")
                                       else None)
        if found:
            return found
    return None


def start_browser():
    """(driver, None) or (None, why there is no browser)."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return None, "selenium is not installed (pip install -e '.[test]')"
    browser, driver = _which(CHROMIUM), _which(DRIVER)
    if browser is None or driver is None:
        return None, ("no headless Chromium: install Debian's chromium and chromium-driver "
                      "(apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1100,900", "--disable-extensions",
                     "--no-first-run", "--disable-background-networking"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    try:
        return webdriver.Chrome(service=Service(driver), options=options), None
    except Exception as exc:  # noqa: BLE001 -- any failure to start is "no browser here"
        return None, f"headless Chromium would not start: {exc}"
