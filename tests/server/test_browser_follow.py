"""Turns a person can follow, and a card game's taps, in Debian's Chromium.

What changed moves for a moment (a figure bumps with its "+2" or "−3", a die rolls, a
card slides in) unless the reader asks for less motion; on a phone a strip by the
prompt says the last events; a bell, off until pressed and remembered, sounds and
vibrates when the decision passes to this seat. A card of a UNO hand with one legal
use plays at one tap; a long press or the info button reads it; no sheet a tap opens
says "null".
"""

from __future__ import annotations

from typing import Any

import tabletop
from tests.server.board import BoardPlayer
from tests.server.serverproc import Server
from tests.server.test_browser import LAPTOP, PHONE, create_table, module_page
from tests.server.test_browser_king_of_tokyo import legal_items

KOT_TWICE = """async ([before, after, legal]) => {
  const m = await import('/static/games/king-of-tokyo.js');
  const { boardContext } = await import('/static/ui.js');
  const { animate, measure } = await import('/static/motion.js');
  const summary = { seats: before.monsters.map((_, i) => ({ name: `Bot ${i + 1}` })) };
  const draw = (view, legal) => m.render(view, boardContext({ seat: 0, version: 1, legal, view,
    summary, act: () => {}, describe: (a) => a.label }));
  const board = document.createElement('div');
  document.body.replaceChildren(board);
  board.replaceChildren(draw(before, []));
  const seen = measure(board);
  board.replaceChildren(draw(after, legal));
  const moved = animate(board, seen);
  const classes = (cls) => [...board.querySelectorAll(`.${cls}`)];
  return {
    moved,
    deltas: classes('tt-delta').map((d) => [d.parentElement.dataset.count, d.textContent]),
    rolled: classes('tt-roll').map((d) => Number(d.dataset.index)),
    entered: classes('tt-enter').map((d) => d.dataset.enter),
    animation: getComputedStyle(board.querySelector('.tt-up, .tt-down') || board).animationName,
  };
}"""


def _two_moments() -> tuple[Any, dict[str, Any], dict[str, Any]]:
    game = tabletop.make("king-of-tokyo")
    before = game.new_state(4, seed=1).view(0)
    before["dice"] = ["1", "2", "3", "heart", "claw", "claw"]
    after = {**before, "monsters": [dict(m) for m in before["monsters"]]}
    after["monsters"][1]["hearts"] -= 3  # smashed
    after["monsters"][0]["stars"] += 2
    after["dice"] = ["1", "2", "3", "heart", "claw", "energy"]  # the last die was rerolled
    after["row"] = [*before["row"][:2], _card_from_the_deck(game, before["row"])]  # a buy
    return game, before, after


def _card_from_the_deck(game: Any, row: list[dict[str, Any]]) -> dict[str, Any]:
    state = game.new_state(4, seed=1)
    shown = {c["instance"] for c in row}
    instance = next(i for i in state.deck if i not in shown)
    return {**state.cards.described[instance], "instance": instance}


def test_what_changed_moves_unless_the_reader_wants_no_motion(
    web_server: Server, chromium: Any
) -> None:
    _, before, after = _two_moments()
    context, page = module_page(chromium, web_server, "/static/games/king-of-tokyo.css")
    page.emulate_media(reduced_motion="no-preference")  # the tests' browsers have it off
    moved = page.evaluate(KOT_TWICE, [before, after, []])
    assert sorted(moved["deltas"]) == [["hearts-1", "−3"], ["stars-0", "+2"]]
    assert moved["rolled"] == [5]  # only the die whose face changed
    assert moved["entered"] == [f"card-{after['row'][2]['instance']}"]
    assert moved["animation"] in ("tt-bump",)
    page.emulate_media(reduced_motion="reduce")
    still = page.evaluate(KOT_TWICE, [before, after, []])
    assert still["moved"] == 0 and not still["deltas"] and not still["rolled"]
    context.close()


def test_a_phone_shows_the_last_events_by_the_prompt(web_server: Server, chromium: Any) -> None:
    """The strip holds the log's last two lines, seats by their names; a laptop, whose
    log is beside the board, shows none."""
    for viewport, touch in ((PHONE, True), (LAPTOP, False)):
        context = chromium.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
        page = context.new_page()
        create_table(page, web_server, "kung-fu", ["you", "bot:random"], seed=2, name="Ann")
        page.wait_for_selector("body[data-mine='1']")
        log = page.locator("#log li").all_inner_texts()
        strip = page.locator("#recent li")
        if touch:
            assert page.locator("#recent").is_visible()
            assert strip.all_inner_texts() == log[-2:]
            top = page.locator("#recent").bounding_box()
            assert top is not None and top["y"] + top["height"] < 200  # by the prompt
        else:
            assert not page.locator("#recent").is_visible()
        context.close()


STUB_SOUND = """
window.tones = 0;
window.buzzes = 0;
class FakeAudio {
  constructor() { this.currentTime = 0; this.destination = {}; }
  resume() {}
  createOscillator() {
    window.tones += 1;
    return { frequency: {}, connect() {}, start() {}, stop() {} };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
  }
}
window.AudioContext = FakeAudio;
navigator.vibrate = () => { window.buzzes += 1; return true; };
"""


def test_the_bell_sounds_on_your_turn_once_switched_on(web_server: Server, chromium: Any) -> None:
    """Off by default: a turn comes in silence. Switched on it plays a sample, is
    remembered over a reload, and sounds and vibrates when the turn comes back."""
    context = chromium.new_context(viewport=LAPTOP)
    context.add_init_script(STUB_SOUND)
    page = context.new_page()
    create_table(page, web_server, "uno-power", ["you", "bot:random"], seed=3)
    player = BoardPlayer(page, touch=False, seed=3, checks=False)
    bell = page.locator("#turn-alert")
    assert bell.get_attribute("aria-pressed") == "false"
    for _ in range(3):  # turns come and go: no sound
        assert player.wait_for_turn()
        player.decide()
    assert page.evaluate("[window.tones, window.buzzes]") == [0, 0]
    bell.click()
    assert bell.get_attribute("aria-pressed") == "true"
    assert page.evaluate("window.tones") == 2 and page.evaluate("window.buzzes") == 1  # a sample
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#turn-alert").get_attribute("aria-pressed") == "true"  # remembered
    for _ in range(12):
        if not player.wait_for_turn() or page.evaluate("window.tones"):
            break
        player.decide()
    assert page.evaluate("window.tones") == 2 and page.evaluate("window.buzzes") == 1
    context.close()


UNO_HAND = """async ([view, legal]) => {
  const m = await import('/static/games/uno-power.js');
  const { boardContext } = await import('/static/ui.js');
  window.acted = [];
  const summary = { seats: view.players.map((_, i) => ({ name: `Player ${i + 1}` })) };
  const ctx = boardContext({ seat: 0, version: 1, legal, view, summary,
    act: (id) => window.acted.push(id), describe: (a) => a.label });
  document.body.replaceChildren(m.render(view, ctx));
}"""


def _a_hand_with_a_wild() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A seat-0 turn of UNO Power whose hand holds a wild and plays a plain card."""
    game = tabletop.make("uno-power")
    for seed in range(200):
        state = game.new_state(2, seed=seed)
        if state.current_player != 0:
            continue
        legal = [
            {"id": a.id, "label": a.label, **game.action_data(a.id)} for a in state.legal_actions()
        ]
        plays = [a for a in legal if a["move"] == "play"]
        if any(a["colour"] for a in plays) and any(not a["colour"] for a in plays):
            return state.view(0), legal
    raise AssertionError("no seed deals a wild beside a plain card")


def test_one_tap_plays_a_card_and_a_long_press_reads_it(web_server: Server, chromium: Any) -> None:
    view, legal = _a_hand_with_a_wild()
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.route(
        f"{web_server.url}__module_test__",
        lambda route: route.fulfill(
            content_type="text/html",
            body='<!doctype html><head><link rel="stylesheet" href="/static/style.css">'
            '<link rel="stylesheet" href="/static/games/uno-power.css"></head><body></body>',
        ),
    )
    page.goto(f"{web_server.url}__module_test__")
    page.evaluate(UNO_HAND, [view, legal])
    plain = next(a for a in legal if a["move"] == "play" and not a["colour"])
    plain_card = page.locator(f".uno-hand .uno-card[data-action-ids='{plain['id']}']")
    wild_card = page.locator(".uno-hand .uno-card[data-action-ids*=' ']")
    # A card the hand can play but not now opens its sheet, which says no "null".
    page.locator(".uno-card.top").tap()
    sheet = page.locator("#sheet[open]")
    assert sheet.count() == 1 and "null" not in sheet.inner_text()
    sheet.locator(".sheet-close").tap()
    # One tap: the card with one use is played, no sheet between.
    plain_card.tap()
    assert page.evaluate("window.acted") == [plain["id"]] and sheet.count() == 0
    # A wild has four colours: its tap asks which.
    wild_card.first.tap()
    assert sheet.count() == 1 and sheet.locator(".sheet-action").count() == 4
    sheet.locator(".sheet-close").tap()
    # A long press reads the card: its text and its play, nothing played.
    _long_press(page, plain_card)
    assert sheet.count() == 1 and "null" not in sheet.inner_text()
    assert "A number card" in sheet.inner_text()
    assert page.evaluate("window.acted") == [plain["id"]]
    sheet.locator(".sheet-action").tap()  # its button plays it
    assert page.evaluate("window.acted") == [plain["id"], plain["id"]]
    # The info button, then a tap: read, not played.
    page.locator(".info-toggle").tap()
    plain_card.tap()
    assert sheet.count() == 1 and page.evaluate("window.acted") == [plain["id"]] * 2
    context.close()


def _long_press(page: Any, locator: Any) -> None:
    """A finger held on ``locator`` for 0.6 s, then lifted (which makes a click)."""
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    options = f"{{bubbles: true, pointerType: 'touch', clientX: {x}, clientY: {y}}}"
    locator.evaluate(f"el => el.dispatchEvent(new PointerEvent('pointerdown', {options}))")
    page.wait_for_timeout(600)
    locator.evaluate(f"el => el.dispatchEvent(new PointerEvent('pointerup', {options}))")
    locator.evaluate("el => el.click()")


def test_the_yield_question_names_who_smashed_you_and_for_how_much(
    web_server: Server, chromium: Any
) -> None:
    game = tabletop.make("king-of-tokyo")
    view = game.new_state(4, seed=1).view(0)
    view["tokyo"] = {"city": 0, "bay": None, "bay_open": False}
    view["monsters"][0]["location"] = "city"
    view["decision"] = {"player": 0, "kind": "yield", "reason": "yield or stay"}
    attacker = view["monsters"][2]["name"]
    events = [
        {"seq": 1, "kind": "turn", "text": "Turn 3.", "data": {"seat": 2}},
        {
            "seq": 2,
            "kind": "attack",
            "text": "...",
            "data": {"seat": 2, "targets": [0], "claws": 3},
        },
        {"seq": 3, "kind": "damage", "text": "...", "data": {"seat": 0, "hearts": 2}},
        {"seq": 4, "kind": "damage", "text": "...", "data": {"seat": 0, "hearts": 1}},
    ]
    legal = legal_items(game, ["yield Tokyo", "stay in Tokyo"])
    context, page = module_page(chromium, web_server, "/static/games/king-of-tokyo.css")
    said = page.evaluate(
        """async ([view, legal, events]) => {
          const m = await import('/static/games/king-of-tokyo.js');
          const { boardContext } = await import('/static/ui.js');
          const summary = { seats: view.monsters.map((_, i) => ({ name: `Bot ${i + 1}` })) };
          const ctx = boardContext({ seat: 0, version: 1, legal, view, summary, events,
            act: () => {}, describe: (a) => a.label });
          return m.prompt(view, ctx);
        }""",
        [view, legal, events],
    )
    assert said == (
        f"{attacker} smashed you for 3 hearts: stay in Tokyo City, or yield it to {attacker}?"
    )
    context.close()


def test_kung_fu_names_the_fighters_in_its_last_words(web_server: Server, chromium: Any) -> None:
    """The decisive round's effects are the rules' English ("player 1 regains 2 life"):
    the ending writes the fighters' names instead."""
    game = tabletop.make("kung-fu")
    view = game.new_state(2, seed=1).view(0)
    view.update(winner=0, draw=False)
    view["last_round"] = {
        "round": 7,
        "attack_value": 5,
        "parry_value": 2,
        "damage": 3,
        "effects": ["player 1 regains 2 life"],
    }
    context, page = module_page(chromium, web_server, "/static/games/kung-fu.css")
    said = page.evaluate(
        """async (view) => {
          const m = await import('/static/games/kung-fu.js');
          const { boardContext } = await import('/static/ui.js');
          const summary = { seats: [{ name: 'Ann' }, { name: 'Bo' }] };
          const names = (text) => text.replace(/player (\\d)/g, (_, n) => ['Ann', 'Bo'][n - 1]);
          const ctx = boardContext({ seat: 0, version: 1, legal: [], view, summary, names,
            act: () => {}, describe: (a) => a.label });
          return m.result(view, ctx).querySelector('.kf-decisive').textContent;
        }""",
        view,
    )
    assert "Ann regains 2 life" in said and "player 1" not in said
    context.close()
