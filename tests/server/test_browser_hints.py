"""The Hint button in Debian's Chromium: the top hints, each with the game's reason.

Skipped where Chromium is missing (``.ci/run`` installs it; under ``CI=true`` a missing
Chromium fails).
"""

from __future__ import annotations

from typing import Any

from tests.server.board import (
    ACTION_CONTROLS,
    CHECK_CONTRAST,
    CHECK_LAYOUT,
    UI_CONTROLS,
    collect_errors,
)
from tests.server.serverproc import Server
from tests.server.test_browser import PHONE, create_table


def test_a_hint_shows_the_reasons_and_the_board_still_fits(
    web_server: Server, chromium: Any
) -> None:
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors = collect_errors(page)
    create_table(
        page,
        web_server,
        "king-of-tokyo",
        ["you", "bot:random"],
        options={"first_player": "0"},
        seed=2,
    )
    page.wait_for_selector("body[data-mine='1'][data-decision='roll']")
    page.tap("#hint")
    page.wait_for_selector("#hints li .hint-reason")
    hints = page.locator("#hints li")
    assert hints.count() == 3
    reasons = page.locator("#hints .hint-reason").all_inner_texts()
    # A roll's choices: what the dice kept are worth, or what stopping takes.
    assert len(reasons) == 3
    assert all(r.startswith(("keeps ", "rerolls ", "stops: ")) for r in reasons), reasons
    for i in range(3):
        assert page.locator("#hints .hint-reason").nth(i).is_visible()
    # The reasons wrap inside the phone's width, and the decision still fits its screen.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    problems = page.evaluate(CHECK_LAYOUT, f"{ACTION_CONTROLS}, {UI_CONTROLS}")
    problems += page.evaluate(CHECK_CONTRAST)
    assert problems == []
    assert errors == []
    context.close()
