"""Debian's Chromium driven from Python (selenium with Debian's ``chromium-driver``), for the
scoreboard's browser tests. Nothing is downloaded at run time: the driver and the
browser are given by path, so selenium-manager is never asked.

Without Chromium the tests skip, saying how to run them; under ``CI=true`` they fail instead
(``.ci/run`` installs the browser from the distribution's packages).
"""

from __future__ import annotations

import asyncio
import os
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
HOW = ("Chromium is missing: apt-get install chromium chromium-driver "
       "to run the scoreboard's browser tests (CI installs them, .ci/run)")
WAIT = 10.0
"""Seconds a browser test waits for a page to show what it expects before it fails (a bound
for a slow shared machine, not a measured speed)."""


def require_chromium() -> None:
    """Skip the test without Chromium (fail under CI=true)."""
    if CHROMIUM.exists() and CHROMEDRIVER.exists():
        return
    if os.environ.get("CI") == "true":
        pytest.fail(HOW)
    pytest.skip(HOW)


def start_browser(width: int = 390, height: int = 844) -> Any:
    """A headless Chromium with a ``width`` x ``height`` viewport of a phone (DevTools' device
    emulation: a desktop window has a minimum width wider than a phone), asking for Russian
    pages (``Accept-Language: ru``) as a club's players' browsers do."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--force-device-scale-factor=1",
                f"--window-size={max(width, 800)},{height}"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": "ru"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    return driver


async def run(call: Callable[..., Any], *args: Any) -> Any:
    """``call(*args)`` in a thread: selenium blocks, and the bot under test (in this event
    loop) must go on serving the page meanwhile."""
    return await asyncio.to_thread(call, *args)


async def until(driver: Any, condition: Callable[[Any], Any]) -> Any:
    """Wait (up to ``WAIT``) until ``condition(driver)`` is true; its value."""
    from selenium.webdriver.support.ui import WebDriverWait

    return await run(WebDriverWait(driver, WAIT, poll_frequency=0.1).until, condition)


def board_text(driver: Any) -> str:
    """The board's visible text."""
    return driver.find_element("id", "board").text


def png_size(data: bytes) -> tuple[int, int]:
    """The width and height of the PNG image ``data`` (from its IHDR chunk)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])
