"""The share page in a real headless Chromium: the carousel swipes to slide 6 under the page's
strict CSP (no violations), and a screenshot of slide 6 is saved.

Needs the Debian package `chromium` (/usr/bin/chromium), driven by Playwright's Python package."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM),
    reason=f"{CHROMIUM} is missing: install it with `apt-get install -y chromium` to run the browser test",
)

_spec = importlib.util.spec_from_file_location(
    "sharing_contract_helpers", Path(__file__).with_name("test_sharing.py")
)
assert _spec and _spec.loader
helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(helpers)

SCREENSHOT_DIR = Path(__file__).resolve().parents[2] / ".stack" / os.environ.get("STACK_PORT_OFFSET", "0")


def swipe_left(page, cdp, box) -> None:
    """A touch swipe: a finger from the right part of the carousel moving 250 px to the left."""
    x, y = box["x"] + box["width"] * 0.85, box["y"] + box["height"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x - 25 * step, "y": y}]}
        )
        page.wait_for_timeout(16)  # one frame per move, as a finger would
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_swipe_to_slide_six_and_screenshot(gateway_url, stack_env, new_org):
    from playwright.sync_api import sync_playwright

    deck = helpers.ready_deck(gateway_url, stack_env, new_org)
    violations: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            context = browser.new_context(
                viewport={"width": 390, "height": 844},
                device_scale_factor=2,
                is_mobile=True,
                has_touch=True,
                accept_downloads=True,
            )
            page = context.new_page()
            page.on(
                "console",
                lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None,
            )
            page.goto(f"{gateway_url}/share/{deck['token']}", wait_until="load", timeout=60_000)
            carousel = page.locator("#carousel")
            assert page.locator("#counter").inner_text() == "1 / 6"
            cdp = context.new_cdp_session(page)
            box = carousel.bounding_box()
            assert box is not None
            for expected in range(2, 7):
                swipe_left(page, cdp, box)
                # Settled on the slide (the snap animation finished), not just past the middle.
                page.wait_for_function(
                    "n => { const t = document.getElementById('carousel'); return t.dataset.current === String(n)"
                    " && Math.abs(t.scrollLeft - (n - 1) * t.clientWidth) < 1; }",
                    arg=expected,
                    timeout=10_000,
                )
            assert page.locator("#counter").inner_text() == "6 / 6"
            sixth = page.locator("#slide-6 img")
            sixth.scroll_into_view_if_needed()
            page.wait_for_function(
                "() => { const i = document.querySelector('#slide-6 img'); "
                "return i.complete && i.naturalWidth === 1080; }",
                timeout=30_000,
            )
            last = page.locator("#slide-6").bounding_box()
            assert last is not None and abs(last["x"] - box["x"]) < 2, "slide 6 is not the visible slide"
            shot = SCREENSHOT_DIR / "share-slide-6.png"
            page.screenshot(path=str(shot))
            assert shot.stat().st_size > 10_000
            print(f"screenshot: {shot}")
            # The download button posts to the public ZIP endpoint (allowed by connect-src) and follows the url.
            with page.expect_download(timeout=90_000) as download:
                page.click("#download")
            assert download.value.suggested_filename.endswith(".zip")
        finally:
            browser.close()
    assert violations == []
