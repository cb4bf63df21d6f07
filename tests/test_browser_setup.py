"""The browser tests say what they lack, and CI cannot skip them (tests/browser.py)."""

from __future__ import annotations

import importlib.util

import pytest

import browser


def _without(monkeypatch, *absent: str) -> None:
    """A machine without the named commands (chromium, chromedriver) or selenium."""
    which = browser._which
    monkeypatch.setattr(browser, "_which", lambda names: None if set(names) & set(absent)
                        else which(names) or f"/usr/bin/{names[0]}")
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(browser.importlib.util, "find_spec", lambda name: None
                        if name in absent else find_spec(name))


@pytest.mark.parametrize("absent, named, not_named", [
    (("chromedriver",), "chromedriver (apt-get install chromium-driver)", "chromium ("),
    (("chromium",), "chromium (apt-get install chromium)", "chromedriver"),
    (("selenium",), "selenium (pip install -e '.[test]')", "chromium"),
])
def test_the_skip_names_what_is_missing(monkeypatch, absent, named, not_named):
    _without(monkeypatch, *absent)
    driver, why = browser.start_browser()
    assert driver is None
    assert named in why and not_named not in why


def test_each_missing_part_is_named_when_several_are(monkeypatch):
    _without(monkeypatch, "chromium", "chromedriver", "selenium")
    assert len(browser.missing_parts()) == 3


def test_without_a_browser_a_local_run_skips(monkeypatch):
    monkeypatch.delenv(browser.REQUIRED, raising=False)
    with pytest.raises(pytest.skip.Exception, match="chromedriver"):
        browser.stop_without_browser("no headless browser: missing chromedriver")


def test_where_the_browser_is_required_its_absence_fails(monkeypatch):
    monkeypatch.setenv(browser.REQUIRED, "1")
    with pytest.raises(pytest.fail.Exception, match="chromedriver.*may not skip"):
        browser.stop_without_browser("no headless browser: missing chromedriver")


def test_ci_requires_the_browser():
    from conftest import ROOT

    assert f"export {browser.REQUIRED}=1" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
