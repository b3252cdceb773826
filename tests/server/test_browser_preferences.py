"""The table page's "Answer for me" panel and King of Tokyo's Heal button, in Chromium."""

from __future__ import annotations

from typing import Any

from tests.server.board import collect_errors, record_frames
from tests.server.serverproc import Server
from tests.server.test_browser import PHONE, create_table


def _wait_for_frame(page: Any, frames: list[dict[str, Any]], test: Any) -> dict[str, Any]:
    for _ in range(200):
        for frame in frames:
            if test(frame):
                return frame
        page.wait_for_timeout(25)  # frames arrive on the page's own events
    raise AssertionError(f"no such frame in {len(frames)} frames")


def test_the_panel_sets_preferences_on_the_server(web_server: Server, chromium: Any) -> None:
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors = collect_errors(page)
    frames = record_frames(page)
    create_table(
        page,
        web_server,
        "king-of-tokyo",
        ["you", "bot:random", "bot:random", "bot:random"],
        options={"power_up": "on"},
        seed=4,
    )
    page.wait_for_selector("body[data-ready='1']")
    panel = page.locator("#prefs-panel")
    assert panel.is_visible()
    page.click("#prefs-box summary")
    for name in ("evolutions", "leave_tokyo_at", "skip_next_buy", "rapid_healing"):
        assert page.locator(f"#pref-{name}").is_visible(), name
        label = page.locator(f"label[for='pref-{name}']")
        assert label.inner_text().strip(), name
    page.select_option("#pref-evolutions", "matching")
    _wait_for_frame(
        page,
        frames,
        lambda f: f["type"] == "preferences" and f["preferences"]["evolutions"] == "matching",
    )
    page.fill("#pref-leave_tokyo_at", "4")
    page.locator("#pref-leave_tokyo_at").dispatch_event("change")
    stored = _wait_for_frame(
        page,
        frames,
        lambda f: f["type"] == "preferences" and f["preferences"]["leave_tokyo_at"] == 4,
    )
    assert stored["preferences"]["evolutions"] == "matching"  # kept
    # A bad value is refused by the server and said on the page; nothing changes.
    page.fill("#pref-leave_tokyo_at", "99")
    page.locator("#pref-leave_tokyo_at").dispatch_event("change")
    _wait_for_frame(page, frames, lambda f: f["type"] == "error" and f["code"] == "bad_preferences")
    assert "leave_tokyo_at" in page.locator("#errors").inner_text()
    assert errors == []
    context.close()
