"""The lobby and the table page in Debian's Chromium, driven by Playwright.

The lobby describes games, options and bots for people; a friend joins by the
invite link; a spectator is told they are watching; the keyboard plays; a crafted
link cannot take a seat away; the generic renderer shows any view. Whole games
through the board are in ``test_browser_play``. Skipped where Chromium is missing
(``.ci/run`` installs it; under ``CI=true`` a missing Chromium fails).
"""

from __future__ import annotations

from typing import Any

from tests.server.board import collect_errors
from tests.server.serverproc import Server

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def module_page(browser: Any, server: Server, css: str = "") -> tuple[Any, Any]:
    """A new context and an empty page on the server's origin, for drawing a game
    module directly: no lobby script runs there to redraw the page under the test."""
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    url = f"{server.url}__module_test__"
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


def create_table(
    page: Any,
    server: Server,
    game: str,
    seats: list[str],
    *,
    options: dict[str, str] | None = None,
    seed: int | None = None,
    name: str = "Ann",
) -> str:
    """Create a table in the lobby: ``seats`` holds "you", "human" or "bot:NAME"; a
    ``seed`` is dealt as it is (a known deal)."""
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']")
    page.click(f".game-choice:has(input[value='{game}'])")
    page.select_option("#players", str(len(seats)))
    page.fill("#name", name)
    for i, seat in enumerate(seats):
        page.select_option(f"#seat-{i}", seat)
    for option, value in (options or {}).items():
        expansion = page.locator(f".expansion[data-name='{option}']")
        if expansion.count():
            expansion.locator(f"input[value='{value}']").check()
            continue
        if not page.locator("#options-box").evaluate("e => e.open"):
            page.click("#options-box summary")
        field = page.locator(f"#option-{option}")
        if not field.is_visible():
            page.click("#options .advanced summary")
        if field.evaluate("e => e.tagName") == "SELECT":
            values = field.locator("option").evaluate_all("os => os.map(o => o.value)")
            if value in values:
                field.select_option(value)
            else:  # a number where named values are offered too ("first to N points")
                field.select_option("__number__")
                page.fill(f"#option-{option} ~ input", value)
        elif field.get_attribute("type") == "checkbox":
            field.set_checked(value == "on")
        else:
            field.fill(value)
    if seed is not None:  # dealt as it is, so that a test plays the same game each time
        page.click("#more-box summary")
        page.fill("#seed", str(seed))
        page.check("#known-deal")
    page.click("#create")
    page.wait_for_url("**/table/**")
    table_id: str = page.url.rstrip("/").split("/")[-1]
    page.wait_for_selector("body[data-ready='1']")
    return table_id


def test_the_lobby_describes_games_options_and_bots(web_server: Server, chromium: Any) -> None:
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    errors = collect_errors(page)
    page.goto(web_server.url)
    page.wait_for_selector("body[data-ready='1']")
    titles = page.locator(".game-choice strong").all_inner_texts()
    assert titles == ["King of Tokyo", "Kung Fu", "UNO Power"]
    # Power Up! is a visible choice, not an option hidden in a list.
    power_up = page.locator(".expansion[data-name='power_up']")
    assert power_up.is_visible() and "Power Up!" in power_up.inner_text()
    # Options have titles, descriptions and labelled values, not identifiers.
    page.click("#options-box summary")
    row = page.locator(".option[data-name='healing_ray_regeneration']")
    text = row.inner_text()
    assert "healing_ray_regeneration" not in text and "Healing Ray" in text
    assert len(row.locator(".option-help").inner_text()) > 20
    labels = row.locator("select option").all_inner_texts()
    assert "healer" not in labels and all(len(label) > 6 for label in labels)
    # Bots are listed by strength, each with one line, and explained under each seat.
    levels = page.locator("#bot-levels li").all_text_contents()
    assert [line.split(" (")[0] for line in levels][:3] == ["Random", "Easy", "Heuristic"]
    assert page.locator("#seat-1-help").inner_text()
    # Kung Fu says its deck is provisional and how to load the real cards.
    page.click(".game-choice:has(input[value='kung-fu'])")
    notice = page.locator("#game-notice")
    assert notice.is_visible() and "provisional" in notice.inner_text()
    assert "deck" in notice.inner_text()
    assert errors == []
    context.close()


def test_the_lobby_remembers_the_name_and_lists_titles(web_server: Server, chromium: Any) -> None:
    context = chromium.new_context(viewport=LAPTOP)
    page = context.new_page()
    create_table(page, web_server, "kung-fu", ["you", "human"], name="Mirela")
    page.goto(web_server.url)
    page.wait_for_selector("body[data-ready='1']")
    assert page.input_value("#name") == "Mirela"
    row = page.locator(".table-row").first
    assert "Kung Fu" in row.inner_text() and "kung-fu" not in row.inner_text()
    assert row.locator("a").inner_text() == "Join"
    context.close()


def test_a_friend_joins_by_the_link_and_a_spectator_is_told(
    web_server: Server, chromium: Any
) -> None:
    host = chromium.new_context(viewport=LAPTOP)
    page = host.new_page()
    errors = collect_errors(page)
    table_id = create_table(page, web_server, "kung-fu", ["you", "human"], seed=3)
    assert "Waiting for 1 player" in page.locator("#prompt-text").inner_text()
    link = page.input_value("#share")
    friend_context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    friend = friend_context.new_page()
    errors += collect_errors(friend)
    friend.goto(link)
    # The friend's own prompt, with "Take this seat" in it, on the first screen.
    friend.wait_for_selector("#decision-bar button.claim")
    said = friend.locator("#prompt-text").inner_text()
    assert "Ann invites you" in said and "share the invite link" not in said
    take = friend.locator("#decision-bar button.claim").bounding_box()
    assert take is not None and take["y"] + take["height"] <= PHONE["height"]
    friend.fill("#claim-name", "Bo")
    friend.tap("#decision-bar button.claim")
    friend.wait_for_selector("#seats .seat.me:has-text('Bo')")
    friend.reload()  # the token kept by the browser takes the same seat again
    friend.wait_for_selector("#seats .seat.me:has-text('Bo')")
    page.wait_for_function("document.body.dataset.status === 'playing'")
    summary = web_server.http.get(f"/api/tables/{table_id}").json()
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bo"]
    # The one whose decision it is gets the prompt and the board's controls.
    pages = [page, friend]
    current = summary["current_player"]
    pages[current].wait_for_selector("body[data-mine='1']")
    assert pages[1 - current].locator("#board [data-action-ids]").count() == 0
    # A spectator is told so, and the players see one more watcher.
    watcher_context = chromium.new_context(viewport=PHONE)
    watcher = watcher_context.new_page()
    watcher.goto(link)
    watcher.wait_for_selector("body[data-ready='1']")
    assert watcher.locator("#prompt-text").inner_text().startswith("Watching")
    assert watcher.locator("#seats .claim").count() == 0  # every seat is taken
    # The seed of a known deal is no secret: the page and the lobby show it to everyone.
    assert "Known deal: seed 3 — anyone here" in watcher.locator("#notice").inner_text()
    lobby = watcher_context.new_page()
    lobby.goto(web_server.url)
    lobby.wait_for_selector(f".table-row[data-table-id='{table_id}'] .badge:has-text('seed 3')")
    lobby.close()
    page.wait_for_selector("#watchers:has-text('1 spectator watching')")
    assert errors == []
    for c in (watcher_context, friend_context, host):
        c.close()


def test_a_crafted_link_does_not_take_a_seat_away(web_server: Server, chromium: Any) -> None:
    context = chromium.new_context(viewport=LAPTOP)
    page = context.new_page()
    table_id = create_table(page, web_server, "kung-fu", ["you", "bot:random"], seed=4)
    page.wait_for_selector("#seats .seat.me")
    crafted = context.new_page()  # the same browser opens the link in a new tab
    crafted.goto(f"{web_server.url}table/{table_id}#seat=0&token=garbage")
    crafted.wait_for_selector("body[data-ready='1']")
    crafted.wait_for_selector("#seats .seat.me")  # still seated: the stored token was kept
    assert crafted.evaluate("location.hash") == ""  # and the link left the address bar
    page.evaluate("location.hash = '#seat=0&token=garbage'")  # pasted into the open tab
    page.wait_for_function("location.hash === ''")
    page.wait_for_selector("#seats .seat.me")
    assert page.locator("#errors").inner_text() == ""
    context.close()


def test_the_keyboard_plays_and_reads_cards(web_server: Server, chromium: Any) -> None:
    """Tab to a card: its whole text shows; Space keeps a die; Enter rerolls."""
    context = chromium.new_context(viewport=LAPTOP)
    page = context.new_page()
    create_table(
        page,
        web_server,
        "king-of-tokyo",
        ["you", "bot:random"],
        options={"first_player": "0"},
        seed=2,
    )
    page.wait_for_selector("body[data-mine='1'][data-decision='roll']")
    version = page.evaluate("document.body.dataset.version")
    for _ in range(80):  # Tab until a row card has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('kot-card')"):
            break
    text = page.evaluate("document.activeElement.querySelector('.kot-card-text').textContent")
    page.wait_for_selector("#detail-pop:not([hidden])")
    assert text in page.locator("#detail-pop").inner_text()
    page.focus(".kot-die.selectable")
    page.keyboard.press("Space")
    assert page.locator(".kot-die.kept").count() == 1
    page.focus("#kot-reroll")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    context.close()


def test_the_pages_run_under_their_security_policy(web_server: Server, chromium: Any) -> None:
    """No frame of another site may hold the pages; scripts come from the server only;
    and the lobby and a table still work under that policy, with no violation."""
    response = web_server.http.get("/")
    assert response.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    context = chromium.new_context(viewport=LAPTOP, bypass_csp=False)
    page = context.new_page()
    errors = collect_errors(page)
    page.goto(web_server.url)
    page.wait_for_selector("body[data-ready='1']")
    page.click(".game-choice:has(input[value='king-of-tokyo'])")
    page.click("#create")
    page.wait_for_url("**/table/**")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector(".kot-monster")
    page.hover(".kot-card")  # a detail pops up: inline styles are allowed, scripts are not
    page.wait_for_selector("#detail-pop:not([hidden])")
    assert errors == []
    context.close()


def test_generic_renderer_shows_any_view(web_server: Server, chromium: Any) -> None:
    """The generic renderer shows any view as fields (used for games without a module)."""
    context, page = module_page(chromium, web_server)
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
