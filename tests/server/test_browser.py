"""The browser client in Debian's Chromium, driven by Playwright.

For each game: create a table in the lobby, play a whole game against a bot by
clicking the action buttons, and check every websocket frame the page received:
its own seat's view and log only, no hidden card of the other seat. Also: a second
person joins through the share link, and a finished game is stepped through in
the replay viewer. Skipped where Chromium is not installed (``.ci/run`` installs it).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.helpers import check_private
from tests.server.serverproc import Server, running_server

CHROMIUM = "/usr/bin/chromium"

pytestmark = pytest.mark.skipif(
    shutil.which(CHROMIUM) is None, reason="Debian's chromium is not installed"
)

sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("browser")
    with running_server(f"sqlite:///{tmp / 'tabletop.db'}", tmp) as s:
        yield s


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM)
        yield b
        b.close()


def module_page(browser: Any, server: Server, css: str = "") -> tuple[Any, Any]:
    """A new context and an empty page on the server's origin, for drawing a game
    module directly: no lobby script runs there to redraw the page under the test."""
    context = browser.new_context()
    page = context.new_page()
    url = f"{server.url}/__module_test__"
    links = "".join(
        f'<link rel="stylesheet" href="{href}">' for href in ("/static/style.css", css) if href
    )
    page.route(
        url,
        lambda route: route.fulfill(
            content_type="text/html", body=f"<!doctype html><head>{links}</head><body></body>"
        ),
    )
    page.goto(url)
    return context, page


def _record_frames(page: Any) -> list[dict[str, Any]]:
    frames: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def _create_table(
    page: Any, server: Server, game: str, options: dict[str, str], seat1: str, seed: int
) -> str:
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", game)
    page.select_option("#players", "2")
    page.fill("#name", "Ann")
    page.select_option("select[name='seat-1']", seat1)
    if options:
        page.click("#options-box summary")
        for name, value in options.items():
            page.fill(f"[data-option='{name}']", value)
    page.click("#more-box summary")
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_url("**/table/**")
    table_id: str = page.url.rstrip("/").split("/")[-1]
    return table_id


WAIT_FOR_TURN = (
    "document.querySelector('#actions button.action:not([disabled])')"
    " || document.body.dataset.over === '1'"
)


def _click_card(page: Any, playable: str) -> bool:
    """Click a playable card in the hand: its one action is played, or its several
    actions are highlighted among the buttons and the first of them is clicked."""
    cards = page.locator(playable)
    if cards.count() == 0:
        return False
    version = page.evaluate("document.body.dataset.version")
    cards.first.click()
    page.wait_for_function(
        f"document.body.dataset.version !== '{version}'"
        " || document.querySelector('#actions button.highlight')"
    )
    if page.evaluate("document.body.dataset.version") == version:
        page.locator("#actions button.highlight").first.click()
    return True


def _play_to_the_end(page: Any, playable: str) -> tuple[int, int]:
    """Play until the game is over: every other move by clicking a card of the hand,
    the others by action buttons (a different one each time). Returns the moves
    made and how many of them were card clicks."""
    moves = cards = 0
    while True:
        page.wait_for_function(WAIT_FOR_TURN, timeout=30_000)
        if page.evaluate("document.body.dataset.over") == "1":
            return moves, cards
        if moves % 2 == 0 and _click_card(page, playable):
            cards += 1
        else:
            buttons = page.locator("#actions button.action")
            buttons.nth(moves % buttons.count()).click()
        moves += 1


@pytest.mark.parametrize(
    ("game", "options", "seed", "board"),
    [
        ("uno-power", {"target_score": "single_round"}, 5, ".uno-hand .uno-card"),
        ("kung-fu", {}, 7, ".kf-hand .kf-card"),
    ],
)
def test_play_a_whole_game_in_the_browser(
    server: Server, browser: Any, game: str, options: dict[str, str], seed: int, board: str
) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    frames = _record_frames(page)
    table_id = _create_table(page, server, game, options, "bot:heuristic", seed)
    page.wait_for_selector(board)  # the game's own renderer drew the hand
    if game == "kung-fu":  # the hint button asks the search, off the event loop
        page.wait_for_selector("#hint:not([hidden])")
        page.click("#hint")
        page.wait_for_selector("#hints li button")
        assert "% wins" in page.locator("#hints li").first.inner_text()
    # A spectator in another browser watches the same game.
    watcher_context = browser.new_context()
    watcher = watcher_context.new_page()
    watched = _record_frames(watcher)
    watcher.goto(f"{server.url}table/{table_id}")
    # Its arrival is broadcast; wait for it, so no re-render interrupts a card click.
    watcher.wait_for_function("document.body.dataset.version !== undefined")
    moves, card_clicks = _play_to_the_end(page, f"{board}.playable, {board}.usable")
    assert moves > 3 and card_clicks > 0
    result = page.locator("#result h2").inner_text()
    assert "won" in result
    watcher.wait_for_function("document.body.dataset.over === '1'", timeout=30_000)
    # The replay viewer steps through the finished game.
    page.wait_for_selector("#replay[data-step='0']")
    page.click("#replay-next")
    page.wait_for_selector("#replay[data-step='1']")
    assert "step 1 of" in page.locator("#replay-label").inner_text()
    page.click("#replay-end")
    page.wait_for_function("document.querySelector('#replay').dataset.step !== '1'")
    record = server.http.get(f"/api/tables/{table_id}/record").json()
    assert check_private(frames, record, 0) > 0
    assert check_private(watched, record, None) > 0
    assert errors == []
    watcher_context.close()
    context.close()


def test_a_friend_joins_by_the_share_link(server: Server, browser: Any) -> None:
    host = browser.new_context()
    page = host.new_page()
    table_id = _create_table(page, server, "kung-fu", {}, "human", 3)
    page.wait_for_selector("#status:text('waiting')")
    link = page.input_value("#share")
    friend_context = browser.new_context()
    friend = friend_context.new_page()
    friend.goto(link)
    friend.fill(".claim-name", "Bo")
    friend.click("button.claim")
    friend.wait_for_selector("#seats .seat.me:has-text('Bo')")
    friend.reload()  # the token kept by the browser takes the same seat again
    friend.wait_for_selector("#seats .seat.me:has-text('Bo')")
    page.wait_for_selector("#status:text('playing')")
    summary = server.http.get(f"/api/tables/{table_id}").json()
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bo"]
    # The one whose decision it is gets the action buttons; the other gets none.
    current = server.http.get(f"/api/tables/{table_id}").json()["current_player"]
    pages = [page, friend]
    pages[current].wait_for_selector("#actions button.action")
    other = pages[1 - current]
    other.wait_for_function("document.body.dataset.status === 'playing'")
    assert other.locator("#actions button.action").count() == 0
    friend_context.close()
    host.close()


def test_generic_renderer_shows_any_view(server: Server, browser: Any) -> None:
    """The generic renderer shows any view as fields (used for games without a module)."""
    context, page = module_page(browser, server)
    html = page.evaluate(
        """async () => {
            const m = await import('/static/games/generic.js');
            const el = m.render({round: 2, hand: [{label: 'red 7'}], players: [{seat: 0, life: 3}]},
                                {seat: 0, names: ['Ann'], legal: []});
            return el.outerHTML;
        }"""
    )
    assert "red 7" in html and "round" in html and "life" in html
    context.close()
