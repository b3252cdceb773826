"""The lobby's thinking time for a search bot's seat, in Debian's Chromium."""

from __future__ import annotations

from typing import Any

from tests.server.board import collect_errors
from tests.server.serverproc import Server
from tests.server.test_browser import PHONE


def test_a_search_bot_seat_offers_a_thinking_time(web_server: Server, chromium: Any) -> None:
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    errors = collect_errors(page)
    page.goto(web_server.url)
    page.wait_for_selector("body[data-ready='1']")
    page.click(".game-choice:has(input[value='kung-fu'])")
    row = page.locator("#seat-1-think").locator("xpath=..")
    page.select_option("#seat-1", "bot:heuristic")
    assert not row.is_visible()  # it answers at once: nothing to choose
    page.select_option("#seat-1", "bot:normal")
    assert row.is_visible()
    values = page.locator("#seat-1-think option").evaluate_all("os => os.map(o => o.value)")
    assert values == ["", "0.25", "1", "3"]  # the server's cap is 3 s by default
    page.select_option("#seat-1-think", "1")
    assert "1 s a move" in page.locator("#seat-1-help").inner_text()
    # The seats are drawn again for another game: the choice stays.
    page.click(".game-choice:has(input[value='uno-power'])")
    assert page.input_value("#seat-1-think") == "1"
    assert errors == []
    context.close()


def test_the_table_shows_and_keeps_the_thinking_time(web_server: Server, chromium: Any) -> None:
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    errors = collect_errors(page)
    page.goto(web_server.url)
    page.wait_for_selector("body[data-ready='1']")
    page.click(".game-choice:has(input[value='kung-fu'])")
    page.select_option("#seat-1", "bot:normal")
    page.select_option("#seat-1-think", "0.25")
    page.click("#create")
    page.wait_for_url("**/table/**")
    table_id = page.url.rstrip("/").split("/")[-1]
    page.wait_for_selector("#seats .seat")
    assert "Bot 2 (normal · 0.25 s)" in page.locator("#seats").inner_text()
    summary = web_server.http.get(f"/api/tables/{table_id}").json()
    assert summary["seats"][1]["think"] == 0.25
    assert errors == []
    context.close()
