"""The table page's "Answer for me" panel and King of Tokyo's Heal button, in Chromium."""

from __future__ import annotations

import json
import urllib.request
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
    page.select_option("#pref-evolutions", "every")  # the default is "matching"
    _wait_for_frame(
        page,
        frames,
        lambda f: f["type"] == "preferences" and f["preferences"]["evolutions"] == "every",
    )
    page.fill("#pref-leave_tokyo_at", "4")
    page.locator("#pref-leave_tokyo_at").dispatch_event("change")
    stored = _wait_for_frame(
        page,
        frames,
        lambda f: f["type"] == "preferences" and f["preferences"]["leave_tokyo_at"] == 4,
    )
    assert stored["preferences"]["evolutions"] == "every"  # kept
    # A bad value is refused by the server and said on the page; nothing changes.
    page.fill("#pref-leave_tokyo_at", "99")
    page.locator("#pref-leave_tokyo_at").dispatch_event("change")
    _wait_for_frame(page, frames, lambda f: f["type"] == "error" and f["code"] == "bad_preferences")
    assert "leave_tokyo_at" in page.locator("#errors").inner_text()
    assert errors == []
    context.close()


def test_not_until_my_turn_answers_the_question_in_one_tap(
    web_server: Server, chromium: Any
) -> None:
    """Gigazaur, smashed in Tokyo on The King's turn, holds an Evolution it can play:
    asked, its player taps "Not until my turn", and that answers this question and the
    next ones of the turn (its preferences), as its own moves."""
    body = {
        "game": "king-of-tokyo",
        "options": {"power_up": "on"},
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human"}],
        "claim": 1,
        "name": "Gina",
        "seed": 3,
        "known_deal": True,
        "position": {
            "turn": 0,
            "step": "after the last roll",
            "dice": ["claw", "claw", "claw", "1", "2", "3"],
            "city": 1,
            "monsters": [
                {"name": "The King", "evolutions": ["Monkey Rush"]},
                {"name": "Gigazaur", "evolutions": ["Radioactive Waste"]},
            ],
        },
    }
    request = urllib.request.Request(
        f"{web_server.url}api/tables",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        table = json.load(response)
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors = collect_errors(page)
    frames = record_frames(page)
    page.goto(f"{web_server.url}table/{table['id']}#seat=1&token={table['token']}")
    page.wait_for_selector("body[data-mine='1'][data-decision='play_evolution']")
    button = page.locator("#not-until-my-turn")
    assert button.is_visible()
    button.tap()
    _wait_for_frame(
        page,
        frames,
        lambda f: f["type"] == "preferences" and f["preferences"]["evolutions"] == "next_turn",
    )
    _wait_for_frame(page, frames, lambda f: f["type"] == "answered")
    # The next question of the turn that is not about an Evolution is the player's.
    page.wait_for_selector("body[data-mine='1'][data-decision='yield']")
    asked = [f for f in frames if f["type"] == "state" and f["legal"]]
    kinds = [f["view"]["decision"]["kind"] for f in asked]
    assert kinds[0] == "play_evolution" and kinds[1:] == ["yield"], kinds
    assert page.locator("#not-until-my-turn").count() == 0
    assert errors == []
    context.close()
