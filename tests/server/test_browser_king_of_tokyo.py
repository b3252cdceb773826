"""King of Tokyo's board drawn straight by its module, from crafted views.

What random play rarely meets is set up here: Tokyo Bay with five monsters, Mimic,
tokens, the top of the deck for Made in a Lab, a draft packet, an Evolution that asks
for a monster, dice to keep. Each check clicks the board and reads which action it
played; whole games through the board are in ``test_browser_play``.
"""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tests.server.serverproc import Server
from tests.server.test_browser import LAPTOP, module_page

DRAW = """async ([view, legal, seat]) => {
  const m = await import('/static/games/king-of-tokyo.js');
  const { boardContext } = await import('/static/ui.js');
  window.acted = [];
  const summary = { seats: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'].map((name) => ({ name })) };
  const ctx = boardContext({ seat, version: 1, legal, view, summary,
    act: (id) => window.acted.push(id), describe: (a) => a.label });
  document.body.replaceChildren(m.render(view, ctx));
  return [...ctx.binder.bound];
}"""


def legal_items(game: Any, labels: list[str]) -> list[dict[str, Any]]:
    """The legal items the server would send for the actions labelled ``labels``."""
    by_label = {a.label: a.id for a in game.actions}
    return [{"id": by_label[x], "label": x, **game.action_data(by_label[x])} for x in labels]


def crafted_view() -> tuple[Any, dict[str, Any]]:
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
    return game, view


def test_the_board_draws_every_part_and_plays_by_data(web_server: Server, chromium: Any) -> None:
    game, view = crafted_view()
    info = evolution_table().info
    monsters = view["monsters"]
    legal = legal_items(
        game,
        [
            "keep 2, 2, claw and reroll the rest",
            "reroll all dice",
            "stop rolling and resolve the dice",
            "buy the top card of the deck (Made in a Lab)",
            f"draft {info[9].name}",
        ],
    )
    context, page = module_page(chromium, web_server, "/static/games/king-of-tokyo.css")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    bound = page.evaluate(DRAW, [view, legal, 0])
    assert sorted(bound) == sorted(a["id"] for a in legal)  # every action is on the board
    bay = page.locator(".kot-spot[data-spot='bay']")
    assert bay.locator(".kot-spot-who").inner_text() == monsters[2]["name"]
    assert bay.locator(".kot-spot-player").inner_text() == "Cy"
    assert page.locator(".kot-monster[data-seat='3'] .kot-chip-card.mimic").count() == 1
    assert page.locator(".kot-monster[data-seat='1'] .kot-chip-card.mimicked").count() == 1
    assert page.locator(".kot-monster[data-seat='3'] .kot-token.poison").inner_text() == "☠ 2"
    assert page.locator(".kot-your-evos.choosing .kot-evo-card").count() == 2
    # Hovering a card shows its whole text.
    page.hover(".kot-monster[data-seat='1'] .kot-chip-card")
    page.wait_for_selector("#detail-pop:not([hidden])")
    assert view["row"][0]["text"] in page.locator("#detail-pop").inner_text()
    dice = page.locator(".kot-die.selectable")
    for i in (3, 0, 1):  # 2, claw, 2
        dice.nth(i).click()
    assert page.locator("#kot-reroll").inner_text() == "Reroll 3 dice"
    page.click("#kot-reroll")
    dice.nth(1).click()  # a 2 back to the rerolled ones: "keep 2, claw" is not legal here
    assert page.locator("#kot-reroll").is_disabled()
    for i in (1, 2, 4, 5):
        dice.nth(i).click()
    assert page.locator("#kot-reroll").inner_text() == "Keep all: resolve"
    page.click("#kot-reroll")
    page.click(".kot-card.deck-top.buyable")
    page.click(f".kot-evo-card.playable[data-evolution='{info[9].id}']")
    assert page.locator(".kot-evo-card.playable").count() == 1  # the other is not legal
    ids = [a["id"] for a in legal]
    assert page.evaluate("window.acted") == [ids[0], ids[2], ids[3], ids[4]]
    assert errors == []
    context.close()


def test_a_question_about_a_monster_is_answered_on_the_monster(
    web_server: Server, chromium: Any
) -> None:
    game, view = crafted_view()
    view["decision"] = {"player": 0, "kind": "evolution_question", "reason": "choose a monster"}
    legal = legal_items(game, ["choose seat 3", "choose seat 5", "stay in Tokyo"])
    context, page = module_page(chromium, web_server, "/static/games/king-of-tokyo.css")
    bound = page.evaluate(DRAW, [view, legal, 0])
    assert sorted(bound) == sorted(a["id"] for a in legal[:2])  # "stay" needs a yield question
    page.click(".kot-monster[data-seat='4']")
    assert page.evaluate("window.acted") == [legal[1]["id"]]
    context.close()


def test_yield_and_stay_are_next_to_tokyo(web_server: Server, chromium: Any) -> None:
    game, view = crafted_view()
    view["decision"] = {"player": 1, "kind": "yield", "reason": "yield or stay"}
    legal = legal_items(game, ["yield Tokyo", "stay in Tokyo"])
    context, page = module_page(chromium, web_server, "/static/games/king-of-tokyo.css")
    bound = page.evaluate(DRAW, [view, legal, 1])
    assert sorted(bound) == sorted(a["id"] for a in legal)
    spot = page.locator(".kot-spot[data-spot='city']")
    assert spot.locator("button").all_inner_texts() == ["Stay", "Yield"]
    spot.locator("button.yield").click()
    assert page.evaluate("window.acted") == [legal[0]["id"]]
    context.close()


TABLE_PAGE_DRAW = """async ([view, legal, seat, check, cards]) => {
  const link = document.getElementById('game-css');
  link.href = '/static/games/king-of-tokyo.css';
  await new Promise((done) => { link.onload = done; });
  const m = await import('/static/games/king-of-tokyo.js');
  const { boardContext } = await import('/static/ui.js');
  const summary = { seats: view.monsters.map((_, i) => ({ name: `Bot ${i + 1} (heuristic)` })) };
  const ctx = boardContext({ seat, version: 1, legal, view, summary, act: () => {},
    describe: (a) => a.label });
  document.getElementById('board').replaceChildren(m.render(view, ctx));
  return eval(check)(cards);
}"""


def table_page(chromium: Any, server: Server, viewport: dict[str, int]) -> tuple[Any, Any]:
    """The real table page without its script, for drawing a board into it."""
    context = chromium.new_context(viewport=viewport)
    page = context.new_page()
    page.route(
        "**/static/table.js", lambda route: route.fulfill(body="", content_type="text/javascript")
    )
    page.goto(f"{server.url}table/layout-test")
    return context, page


def test_card_names_break_between_words_only(web_server: Server, chromium: Any) -> None:
    """The names with the longest words ("Regeneration", "Background Dweller") in the
    row, beside the top of the deck and a hand of Evolutions, on a phone, a tablet and
    a laptop: each name fits its card without breaking a word, and no card overflows."""
    from tests.server.board import CARDS, CHECK_CARDS

    game = tabletop.make("king-of-tokyo", power_up="on", edition="2016")
    state = game.new_state(5, seed=1)
    view = state.view(0)
    table = {c["name"]: c for c in _all_cards(state)}
    longest = ["Regeneration", "Background Dweller", "Media-Friendly", "Complete Destruction"]
    view["row"] = [table[n] for n in longest[:3]]
    view["deck_top"] = table[longest[3]]
    info = evolution_table().info
    by_name = {e.name: e.describe() for e in info}
    view["monsters"][0]["evolutions"]["hand"] = [
        by_name["Saurian Adaptability"],
        by_name["Pandarwinism: Survival of the Cutest"],
    ]
    legal = legal_items(game, ["buy the top card of the deck (Made in a Lab)"])
    problems = []
    for viewport in ({"width": 390, "height": 844}, {"width": 800, "height": 900}, LAPTOP):
        context, page = table_page(chromium, web_server, viewport)
        found = page.evaluate(TABLE_PAGE_DRAW, [view, legal, 0, CHECK_CARDS, CARDS])
        problems += [f"{viewport['width']}px: {problem}" for problem in found]
        context.close()
    assert not problems, "\n".join(problems)


def _all_cards(state: Any) -> list[dict[str, Any]]:
    """Every Power card of the game as a view shows it."""
    cards = state.cards
    return [{**cards.described[c], "instance": c} for c in range(len(cards.described))]
