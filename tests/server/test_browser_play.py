"""Whole games through the board, on a phone and on a laptop, in Debian's Chromium.

For each title a person plays a whole game against bots the way people do: clicking
(on the phone: tapping) dice, cards, towers, piles and monsters, never the "All
choices" menu. At every decision the page must keep the layout rules (the prompt,
the decision's controls and every seat's key figures on the first screen, no panel
over another, named controls, WCAG AA contrast, cards that hold their text, sheets
without a "null"); at the end the result is said once, in the game's own terms, its
table fits the screen (a phone's 390 px), King of Tokyo shows each eliminated
monster's stars at its elimination, the replay steps (the arrow keys too) and ranks the
moves of a moment, no page or console error
occurred, and no websocket frame held another seat's hidden cards.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.server.board import BoardPlayer, collect_errors, record_frames
from tests.server.helpers import check_private
from tests.server.serverproc import Server
from tests.server.test_browser import LAPTOP, PHONE, create_table

GAMES = [
    # game, seats after yours, options, seed, viewport, touch
    ("king-of-tokyo", ["heuristic"] * 4, {"power_up": "on", "turn_limit": "60"}, 11, PHONE, True),
    ("king-of-tokyo", ["heuristic"] * 5, {"power_up": "on", "turn_limit": "60"}, 6, LAPTOP, False),
    ("uno-power", ["heuristic"] * 2, {"target_score": "120"}, 3, PHONE, True),
    ("uno-power", ["heuristic"] * 3, {"target_score": "120"}, 4, LAPTOP, False),
    ("kung-fu", ["heuristic"], {}, 7, PHONE, True),
    ("kung-fu", ["heuristic"], {}, 8, LAPTOP, False),
]


@pytest.mark.parametrize(
    ("game", "bots", "options", "seed", "viewport", "touch"),
    GAMES,
    ids=[f"{g[0]}-{'phone' if g[5] else 'laptop'}" for g in GAMES],
)
def test_a_whole_game_through_the_board(
    web_server: Server,
    chromium: Any,
    game: str,
    bots: list[str],
    options: dict[str, str],
    seed: int,
    viewport: dict[str, int],
    touch: bool,
) -> None:
    context = chromium.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    errors = collect_errors(page)
    frames = record_frames(page)
    seats = ["you", *(f"bot:{b}" for b in bots)]
    table_id = create_table(page, web_server, game, seats, options=options, seed=seed)
    report = BoardPlayer(page, touch=touch, seed=seed).play()
    assert report.moves >= 3, report
    assert page.evaluate("document.body.dataset.menuUses || '0'") == "0"
    broken = sorted({problem.split(": ", 1)[1] for problem in report.problems})
    assert not broken, "\n".join(broken[:40])
    # The end, said once, in the game's own terms.
    assert page.locator(".winner-line").count() == 1
    assert page.locator("#prompt-text").inner_text() == "The game is over."
    result = page.locator("#result").inner_text()
    assert not re.search(r"\bplayer \d", result), result  # people by their names
    if game == "king-of-tokyo":
        assert report.clicks["kot-die"] and report.clicks["#kot-reroll"], report.clicks
        assert report.decisions["keep_evolution"], report.decisions
        assert "Stars" in result and "Hearts" in result
    elif game == "uno-power":
        assert report.clicks["uno-card"], report.clicks
        assert report.breaks or "wins the match" in result, report
        assert "Rounds won" in result and "Points" in result
    else:
        assert report.clicks["kf-card"], report.clicks
        assert "Life" in result and "decisive round" in result
    # The replay viewer steps through the finished game.
    page.wait_for_selector("#replay[data-step='0']")
    page.click("#replay-next")
    page.wait_for_selector("#replay[data-step='1']")
    assert "step 1 of" in page.locator("#replay-label").inner_text()
    # Any moment with a choice can be analysed: its moves ranked by the search, the one
    # played marked; the arrow keys step on, and another moment drops the analysis.
    step = 1
    while page.locator("#replay-moves option").count() < 2:  # a forced move: no search
        step += 1
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f"#replay[data-step='{step}']")
    page.click("#replay-analyse")
    page.wait_for_selector("#replay-analysis li[data-action]")
    assert page.locator("#replay-analysis li[data-played='1']").count() == 1
    assert "%" in page.locator("#replay-analysis li[data-action]").first.inner_text()
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"#replay[data-step='{step + 1}']")
    assert page.locator("#replay-analysis li").count() == 0
    # The results table fits the screen: nothing clipped, nothing to scroll sideways.
    widths = page.evaluate(TABLE_WIDTHS)
    fits = [w["table"] <= w["box"] and w["right"] <= w["screen"] for w in widths]
    assert widths and all(fits), widths
    if game == "king-of-tokyo":
        check_stars_at_elimination(page, frames)
    record = web_server.http.get(f"/api/tables/{table_id}/record").json()
    assert check_private(frames, record, 0) > 0
    assert errors == []
    context.close()


TABLE_WIDTHS = """() => [...document.querySelectorAll('#result table.scores')].map((table) => ({
  table: table.scrollWidth,
  box: table.parentElement.clientWidth,
  right: Math.round(table.getBoundingClientRect().right),
  screen: window.innerWidth,
}))"""


def check_stars_at_elimination(page: Any, frames: list[dict[str, Any]]) -> None:
    """Each eliminated monster's row shows the stars its elimination event says it had
    (the rules take them at elimination), not the 0 it has since."""
    out = [
        event["data"]
        for frame in frames
        if frame.get("type") == "state"
        for event in frame["log"]
        if event["kind"] == "eliminated"
    ]
    assert all("stars" in data for data in out), out
    for data in out:
        cell = page.locator(f"#result tr[data-seat='{data['seat']}'] td.stars")
        assert cell.inner_text() == str(data["stars"]), (data, cell.inner_text())
