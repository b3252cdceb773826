"""King of Tokyo's table page in Debian's Chromium, driven by Playwright.

Create a 4-monster table in the lobby (you and three heuristic bots), then play a
whole game through the page: dice are kept by clicking them and rerolled with the
tray's button, a Power card is bought by clicking it whenever one can be, drawn
Evolutions are kept by clicking them (Power Up!), and everything else goes through
the action buttons. Every websocket frame is then checked against the seat's own
view and log, and for other seats' Evolution hands, drawn cards and deck orders.
The server and browser fixtures are those of ``test_browser``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import tabletop
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tests.server import helpers
from tests.server import test_browser as base
from tests.server.serverproc import Server

pytestmark = base.pytestmark
server = base.server  # the module's own `tabletop serve` process
browser = base.browser

# The game is over, or the page offers this seat an enabled action.
WAIT_FOR_TURN = base.WAIT_FOR_TURN


def _create_table(page: Any, server: Server, options: dict[str, str], seed: int) -> str:
    """You and three heuristic bots at a King of Tokyo table, made in the lobby."""
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", "king-of-tokyo")
    page.select_option("#players", "4")
    page.fill("#name", "Ann")
    for seat in (1, 2, 3):
        page.select_option(f"select[name='seat-{seat}']", "bot:heuristic")
    page.click("#options-box summary")
    for name, value in options.items():
        field = page.locator(f"[data-option='{name}']")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("#more-box summary")
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_url("**/table/**")
    table_id: str = page.url.rstrip("/").split("/")[-1]
    return table_id


def _roll(page: Any, moves: int, done: Counter[str]) -> None:
    """Keep the energy dice and one more die (toggled off again every other time),
    check the button names the reroll, and press it."""
    dice = page.locator(".kot-die.selectable")
    faces = [dice.nth(i).get_attribute("data-face") for i in range(dice.count())]
    for i, face in enumerate(faces):
        if face == "energy":
            dice.nth(i).click()
    other = [i for i, face in enumerate(faces) if face != "energy"]
    if other:
        die = dice.nth(other[moves % len(other)])
        die.click()
        done["toggles"] += 1
        assert die.get_attribute("aria-pressed") == "true"
        if moves % 2:
            die.click()
            done["toggles"] += 1
            assert die.get_attribute("aria-pressed") == "false"
    kept = page.locator(".kot-die.kept").count()
    button = page.locator("#kot-reroll")
    label = button.get_attribute("title")
    if kept == len(faces):
        assert label == "stop rolling and resolve the dice"
    else:
        assert label == "reroll all dice" or label.endswith("and reroll the rest")
        rest = len(faces) - kept
        words = "all dice" if kept == 0 else f"{rest} die" if rest == 1 else f"{rest} dice"
        assert button.inner_text() == f"Reroll {words}"
    button.click()
    done["rerolls"] += 1


def _play_to_the_end(page: Any) -> Counter[str]:
    """Play every decision of this seat through the page until the game is over."""
    done: Counter[str] = Counter()
    moves = 0
    while True:
        page.wait_for_function(WAIT_FOR_TURN, timeout=30_000)
        if page.evaluate("document.body.dataset.over") == "1":
            return done
        assert page.locator(".kot-banner.mine .kot-reason").count() == 1  # says why
        if page.locator("#kot-reroll").count():
            _roll(page, moves, done)
        elif page.locator(".kot-card.buyable").count():
            page.locator(".kot-card.buyable").first.click()
            done["buys"] += 1
        elif page.locator(".kot-evo-card.playable").count() and (
            moves % 2 == 0 or page.locator(".kot-evo-group.drawn").count()
        ):
            page.locator(".kot-evo-card.playable").first.click()
            done["evolutions"] += 1
        else:
            buttons = page.locator("#actions button.action")
            buttons.nth(moves % buttons.count()).click()
            done["buttons"] += 1
        moves += 1


@pytest.mark.parametrize(
    ("options", "seed"),
    [({"turn_limit": "80"}, 4), ({"power_up": "on", "turn_limit": "80"}, 6)],
    ids=["base-game", "power-up"],
)
def test_play_king_of_tokyo_in_the_browser(
    server: Server,
    browser: Any,
    options: dict[str, str],
    seed: int,
) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    frames = base._record_frames(page)
    table_id = _create_table(page, server, options, seed)
    page.wait_for_selector(".kot .kot-monster[data-seat='3']")  # the game's own module
    assert page.locator(".kot-spot[data-spot='Tokyo City']").count() == 1
    assert page.locator(".kot-spot[data-spot='Tokyo Bay']").count() == 0  # 4 monsters
    assert page.locator(".kot-row .kot-card[title]").count() == 3
    done = _play_to_the_end(page)
    assert done["toggles"] > 0 and done["rerolls"] > 0 and done["buys"] > 0, done
    if options.get("power_up") == "on":
        assert done["evolutions"] > 0, done  # at least the set-up's drawn pair
    assert page.locator("#result h2").inner_text()
    assert page.locator("#board .kot-banner.over").count() == 1
    record = server.http.get(f"/api/tables/{table_id}/record").json()
    assert record["options"].get("power_up", "off") == options.get("power_up", "off")
    assert helpers.check_private(frames, record, 0) > 0
    assert errors == []
    context.close()


def test_the_module_draws_every_part_and_matches_labels(server: Server, browser: Any) -> None:
    """A crafted 5-monster Power Up! view (Tokyo Bay, Mimic, tokens, the top of the
    deck, a draft packet) drawn straight by the module: kept dice name the keep
    action whose label lists them, keeping all dice stops, cards play their action."""
    game = tabletop.make("king-of-tokyo", power_up="on")
    view = game.new_state(5, seed=1).view(0)
    info = evolution_table().info
    row = view["row"]
    view.update(
        dice=["claw", "2", "heart", "2", "energy", "1"],
        rolls_left=2,
        decision={"player": 0, "kind": "roll", "reason": "choose dice to keep, or stop rolling"},
        tokyo={"city": 1, "bay": 2, "bay_open": True},
        deck_top=row[2],
    )
    monsters = view["monsters"]
    monsters[1].update(location="city", cards=[row[0]])
    monsters[2]["location"] = "bay"
    monsters[3].update(mimic=row[0], tokens={"poison": 2, "shrink": 1})
    monsters[0]["evolutions"]["packet"] = [info[0].describe(), info[9].describe()]
    legal = [
        {"id": 7, "label": "keep 2, 2, claw and reroll the rest"},
        {"id": 8, "label": "reroll all dice"},
        {"id": 9, "label": "stop rolling and resolve the dice"},
        {"id": 10, "label": "buy the top card of the deck (Made in a Lab)"},
        {"id": 11, "label": f"draft {info[9].name}"},
    ]
    context, page = base.module_page(browser, server, "/static/games/king-of-tokyo.css")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.evaluate(
        """async ([view, legal]) => {
            const m = await import('/static/games/king-of-tokyo.js');
            window.acted = [];
            const ctx = {seat: 0, names: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'], legal,
                         act: (id) => window.acted.push(id), pick: () => 0};
            document.body.replaceChildren(m.render(view, ctx));
        }""",
        [view, legal],
    )
    assert (
        page.locator(".kot-spot[data-spot='Tokyo Bay']")
        .inner_text()
        .endswith(f"{monsters[2]['name']} (Cy)")
    )
    assert page.locator(".kot-monster[data-seat='3'] .kot-mimic").count() == 1
    assert page.locator(".kot-monster[data-seat='1'] .kot-keep.mimicked").count() == 1
    assert page.locator(".kot-monster[data-seat='3'] .kot-token.poison").inner_text() == "☠ 2"
    assert page.locator(".kot-keep").first.get_attribute("title").endswith(row[0]["text"])
    assert page.locator(".kot-your-evos.choosing .kot-evo-card").count() == 2
    dice = page.locator(".kot-die.selectable")
    for i in (3, 0, 1):  # 2, claw, 2
        dice.nth(i).click()
    assert page.locator("#kot-reroll").inner_text() == "Reroll 3 dice"
    page.click("#kot-reroll")
    dice.nth(1).click()  # a 2 back to the rerolled ones: "keep 2, claw" is not legal here
    assert page.locator("#kot-reroll").is_disabled()
    for i in (1, 2, 4, 5):
        dice.nth(i).click()
    assert page.locator("#kot-reroll").inner_text() == "Resolve the dice"
    page.click("#kot-reroll")
    page.click(".kot-card.deck-top.buyable")
    page.click(f".kot-evo-card.playable[data-evolution='{info[9].id}']")
    assert page.locator(".kot-evo-card.playable").count() == 1  # the other is not legal
    assert page.evaluate("window.acted") == [7, 9, 10, 11]
    assert errors == []
    context.close()
