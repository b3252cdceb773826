"""A turn-based table in Debian's Chromium: made from the lobby's form (a time per
move, what follows when it runs out, rated or not), and its clock on the table page."""

from __future__ import annotations

import re
from typing import Any

from tests.server.serverproc import Server
from tests.server.test_browser import PHONE
from tests.server.test_browser_lobby import created, lobby


def test_a_turn_based_table_from_the_lobby_shows_its_clock(
    web_server: Server, chromium: Any
) -> None:
    context, page = lobby(chromium, web_server, PHONE)
    page.click(".game-choice:has(input[value='kung-fu'])")
    assert page.locator("#on-timeout-row").is_hidden()  # real time: nothing runs out
    page.select_option("#move-time", "3600")
    assert page.locator("#on-timeout-row").is_visible()
    page.select_option("#on-timeout", "end")
    table = created(page, web_server)
    assert (table["move_time_s"], table["on_timeout"], table["rated"]) == (3600, "end", False)
    assert table["replace_bot"] is None  # a turn-based table has none
    page.wait_for_selector("body[data-mine='1']")  # the person's decision (after the bot's)
    clock = page.locator("#turn-clock")
    clock.wait_for(state="visible")
    words = clock.inner_text()
    assert re.fullmatch(r"Your move: (59 min|1 h 0 min) left", words), words
    assert clock.bounding_box()["y"] < PHONE["height"]  # on the first screen
    context.close()


def test_the_lobby_sends_rated_and_shows_the_servers_answer(
    web_server: Server, chromium: Any
) -> None:
    context, page = lobby(chromium, web_server)
    page.click(".game-choice:has(input[value='kung-fu'])")
    page.check("#rated")
    page.click("#more-box summary")
    page.fill("#seed", "7")
    page.check("#known-deal")  # a rated table plays the game's own deal: refused
    page.click("#create")
    error = page.locator("#create-error")
    error.wait_for(state="visible")
    assert "rated" in error.inner_text()
    context.close()
