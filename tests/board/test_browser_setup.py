"""The browser tests' guard: without Chromium they skip locally with one line
saying how to run them, and fail under CI=true, where the browser must be installed."""

from __future__ import annotations

import pytest

from tests.board import browser


def test_without_chromium_browser_tests_skip_locally_and_fail_in_ci(monkeypatch, tmp_path):
    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium chromium-driver"):
        browser.require_chromium()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="Chromium is missing"):
        browser.require_chromium()

