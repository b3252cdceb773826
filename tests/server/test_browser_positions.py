"""Every legal action is reachable from the board, in seeded positions of every game.

Seeded random games of each title (several option sets and player counts) give a few
hundred positions, spread over the kinds of decision. Each is drawn by the game's
browser module with the table page's own board context, and the test reads which
legal actions the board bound to its elements. Every legal action must be bound, or
be one of the few the table page shows as decision buttons; none may need the "All
choices" menu. The actions of the decisions people make most (dice, cards, towers,
piles, monsters, Tokyo) must be on the board itself, and each bound element must
carry only actions that belong to it (a row card buys its own slot).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

import pytest

import tabletop
from tests.server.serverproc import Server
from tests.server.test_browser import module_page

DECISION_BAR_MAX = 8  # as in static/table.js

# Moves that must be made on the board itself, not by a button of the decision bar.
ON_THE_BOARD = {
    "king-of-tokyo": {
        "keep",
        "buy",
        "buy_top",
        "sweep",
        "yield",
        "stay",
        "play_evolution",
        "keep_evolution",
        "draft_evolution",
        "probe",
        "herd_culler",
        "plot_twist",
        "stretchy",
        "evo_change",
        "evo_seat",
        "healing_ray",
        "evo_card",
        "evo_evolution",
        "tentacles",
        "mimic",
        "sell",
        "energy_drink",
        "smoke",
        "reroll_three",
        "stop",
    },
    "uno-power": {"play", "draw", "take", "name_colour", "swap", "bonus"},
    "kung-fu": {"attack", "attack_down", "parry", "pay", "discard_koku", "draw_red"},
}

CRAFTED = {"king-of-tokyo": {"evo_seat"}}
"""Moves random play hardly ever offers: test_browser_king_of_tokyo draws them in a
crafted view."""

OPTION_SETS = {
    "king-of-tokyo": [
        ({}, (2, 4, 6)),
        ({"power_up": "on"}, (3, 5, 6)),
        ({"power_up": "mutant", "edition": "2016"}, (4,)),
    ],
    "uno-power": [
        ({}, (2, 4, 6)),
        ({"stacking": "progressive", "seven_swap": "on", "jump_in": "on"}, (3,)),
        ({"icon_grab": "optional", "tower_protection": "optional"}, (4,)),
    ],
    "kung-fu": [({}, (2,)), ({"draw_split": "sequential", "max_voluntary_passes": "3"}, (2,))],
}


@functools.cache
def positions(
    game_id: str, per_move: int = 6, games: int = 12, most_games: int = 300
) -> list[dict[str, Any]]:
    """Decisions of seeded random games, a few for every move that occurs: the seat's
    view and its legal actions (with their data), as the server sends them.

    Past ``games`` seeds, play goes on (up to ``most_games``) until every move the
    board must show has come up: a rules change reshuffles the random games, and a
    rare move (Mimic's choice) must not drop out of the test by chance. The tests only
    read them, so a process makes them once (King of Tokyo's take a hundred seeds).
    """
    rng = random.Random(game_id)
    taken: Counter[str] = Counter()
    out: list[dict[str, Any]] = []
    wanted = ON_THE_BOARD[game_id] - CRAFTED.get(game_id, set())
    made = [(tabletop.make(game_id, **options), counts) for options, counts in OPTION_SETS[game_id]]
    for seed in range(most_games):
        if seed >= games and wanted <= set(taken):
            break
        for game, counts in made:
            move_of: dict[int, str] = {}  # an action's move depends on its id alone
            for players in counts:
                state = game.new_state(players, seed=seed)
                while not state.is_terminal():
                    legal = state.legal_actions()
                    for a in legal:
                        if a.id not in move_of:
                            move_of[a.id] = game.action_data(a.id)["move"]
                    moves = {move_of[a.id] for a in legal}
                    if any(taken[m] < per_move for m in moves):
                        taken.update(moves)
                        seat = state.current_player
                        data = [
                            {"id": a.id, "label": a.label, **game.action_data(a.id)} for a in legal
                        ]
                        out.append({"seat": seat, "view": state.view(seat), "legal": data})
                    state.apply(rng.choice(legal))
    return out


RENDER_ALL = """async ([module, positions]) => {
  const m = await import(module);
  const { boardContext } = await import('/static/ui.js');
  const out = [];
  for (const p of positions) {
    const summary = { seats: p.view.players?.map((_, i) => ({ name: `Player ${i + 1}` }))
      ?? p.view.monsters.map((_, i) => ({ name: `Player ${i + 1}` })) };
    const ctx = boardContext({ seat: p.seat, version: out.length, legal: p.legal, view: p.view,
      summary, act: () => {}, describe: (a) => a.label });
    const board = m.render(p.view, ctx);
    document.body.replaceChildren(board);
    // Each bound element and the ids it carries, with what it shows.
    const elements = [...board.querySelectorAll('[data-action-ids]')].map((el) => ({
      ids: el.dataset.actionIds.split(' ').map(Number),
      slot: el.dataset.slot === undefined ? null : Number(el.dataset.slot),
      seat: el.dataset.seat === undefined ? null : Number(el.dataset.seat),
      instance: el.dataset.instance === undefined ? null : Number(el.dataset.instance),
      evolution: el.dataset.evolution ?? null,
      kind: el.dataset.kind === undefined ? null : Number(el.dataset.kind),
      type: el.dataset.type ?? null,
      face: el.dataset.face ?? null,
    }));
    out.push({ bound: [...ctx.binder.bound], elements });
  }
  return out;
}"""


@pytest.mark.parametrize("game_id", ["king-of-tokyo", "uno-power", "kung-fu"])
def test_every_legal_action_is_reachable_from_the_board(
    web_server: Server, chromium: Any, game_id: str
) -> None:
    cases = positions(game_id)
    context, page = module_page(chromium, web_server, f"/static/games/{game_id}.css")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    results = page.evaluate(RENDER_ALL, [f"/static/games/{game_id}.js", cases])
    assert errors == []
    kinds: Counter[str] = Counter()
    problems: list[str] = []
    for case, result in zip(cases, results, strict=True):
        legal = {a["id"]: a for a in case["legal"]}
        kind = (case["view"].get("decision") or {}).get("kind", "turn")
        kinds[kind] += 1
        bound = set(result["bound"])
        assert bound <= set(legal), f"{kind}: the board binds actions that are not legal"
        loose = [a for i, a in legal.items() if i not in bound]
        if len(loose) > DECISION_BAR_MAX:
            problems.append(f"{kind}: {len(loose)} actions left to the menu")
        for a in loose:
            if a["move"] in ON_THE_BOARD[game_id] and not _must_be_a_button(game_id, case, a):
                problems.append(f"{kind}: {a['move']} ({a['label']}) is not on the board")
        for element in result["elements"]:
            for i in element["ids"]:
                if not _belongs(legal[i], element):
                    problems.append(f"{kind}: {legal[i]['label']} bound to the wrong element")
    assert not problems, "\n".join(sorted(set(problems))[:30])
    seen = {a["move"] for case in cases for a in case["legal"]}
    unmet = ON_THE_BOARD[game_id] - seen
    assert unmet <= CRAFTED.get(game_id, set()), f"no position offers {sorted(unmet)}"
    assert len(kinds) >= {"king-of-tokyo": 12, "uno-power": 12, "kung-fu": 7}[game_id], kinds
    context.close()


def _must_be_a_button(game_id: str, case: dict[str, Any], action: dict[str, Any]) -> bool:
    """An action the board has no element for in this position: a face to name when no
    die shows it, a card of an Evolution's question that is no longer on the table."""
    if game_id != "king-of-tokyo":
        return False
    view = case["view"]
    if "face" in action or "from" in action:
        return action.get("face", action.get("from")) not in view["dice"]
    return False


def _belongs(action: dict[str, Any], element: dict[str, Any]) -> bool:
    """Whether ``action`` is one an element showing these things should carry."""
    move = action["move"]
    if move == "buy":
        return element["slot"] == action["slot"]
    if move in ("tentacles", "mimic", "sell", "evo_card"):
        return element["instance"] == action["card"]
    if move in ("keep_evolution", "play_evolution", "draft_evolution", "evo_evolution"):
        return element["evolution"] == action["evolution"]
    if move in ("evo_seat", "healing_ray", "swap"):
        return element["seat"] == action["seat"]
    if move in ("play", "bonus"):
        return element["kind"] == action["kind"]
    if move in ("attack", "attack_down", "parry", "pay", "discard_koku"):
        return element["type"] == action["card"]
    if move in ("probe", "herd_culler", "evo_face"):
        return element["face"] == action["face"]
    if move in ("plot_twist", "stretchy", "evo_change"):
        return element["face"] == action["from"]
    return True


LAY_OUT = """async ([module, css, positions, controls, check, contrast, cardCheck, cards]) => {
  document.getElementById('game-css').href = css;
  await new Promise((done) => { document.getElementById('game-css').onload = done; });
  const m = await import(module);
  const { boardContext } = await import('/static/ui.js');
  const checkLayout = eval(check);
  const checkContrast = eval(contrast);
  const checkCards = eval(cardCheck);
  const out = [];
  for (const p of positions) {
    const seats = (p.view.players ?? p.view.monsters).map((_, i) => `Bot ${i + 1} (heuristic)`);
    const summary = { seats: seats.map((name) => ({ name })) };
    const ctx = boardContext({ seat: p.seat, version: out.length, legal: p.legal, view: p.view,
      summary, act: () => {}, describe: (a) => a.label });
    document.getElementById('board').replaceChildren(m.render(p.view, ctx));
    document.getElementById('prompt-text').textContent = m.prompt(p.view, ctx);
    document.getElementById('prompt').className = 'prompt mine';
    // As the table page does: the actions the board left, as buttons under the prompt.
    const loose = p.legal.filter((a) => !ctx.binder.bound.has(a.id));
    const bar = document.getElementById('decision-bar');
    const words = (a) => m.actionText?.(a, p.view) || a.label;
    const shown = loose.length <= 8 ? loose : [];
    bar.replaceChildren(...shown.map((a) => ctx.button(a, words(a), 'decision')));
    bar.hidden = !bar.childElementCount;
    document.getElementById('choices').hidden = false;
    const kind = (p.view.decision || {}).kind || 'turn';
    for (const problem of checkLayout(controls)) out.push(`${kind}: ${problem}`);
    for (const problem of checkContrast()) out.push(`${kind}: ${problem}`);
    for (const problem of checkCards(cards)) out.push(`${kind}: ${problem}`);
  }
  return out;
}"""


@pytest.mark.parametrize("game_id", ["king-of-tokyo", "uno-power", "kung-fu"])
@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_every_decision_fits_the_first_screen(
    web_server: Server, chromium: Any, game_id: str, screen: str
) -> None:
    """The layout rules of the table page (as in test_browser_play), for every seeded
    position: the prompt, each control and every seat's figures on the first screen,
    nothing overlapping, every control named, AA contrast, cards that hold their text."""
    from tests.server.board import (
        ACTION_CONTROLS,
        CARDS,
        CHECK_CARDS,
        CHECK_CONTRAST,
        CHECK_LAYOUT,
        UI_CONTROLS,
    )

    viewport = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}
    context = chromium.new_context(viewport=viewport[screen])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # The real table page, without its script: the test fills it position by position.
    page.route(
        "**/static/table.js", lambda route: route.fulfill(body="", content_type="text/javascript")
    )
    page.goto(f"{web_server.url}table/layout-test")
    problems = page.evaluate(
        LAY_OUT,
        [
            f"/static/games/{game_id}.js",
            f"/static/games/{game_id}.css",
            positions(game_id),
            f"{ACTION_CONTROLS}, {UI_CONTROLS}",
            CHECK_LAYOUT,
            CHECK_CONTRAST,
            CHECK_CARDS,
            CARDS,
        ],
    )
    assert errors == []
    assert not problems, "\n".join(sorted(set(problems))[:30])
    context.close()


def test_a_kung_fu_draw_reads_in_full_on_the_board(web_server: Server, chromium: Any) -> None:
    """The board's words for a draw say it as the terminal does (tests/i18n's
    test_a_kung_fu_draw_reads_in_full_where_it_is_chosen): one card by its colour,
    more by both counts, a draw from one pile by that pile alone."""
    context, page = module_page(chromium, web_server)
    said = page.evaluate(
        """async () => {
          const m = await import('/static/games/kung-fu.js');
          return [1, 3].map((count) => [...Array(count + 1).keys()].map(
            (red) => m.actionText({ move: 'draw_red', red }, { decision: { count } })));
        }"""
    )
    context.close()
    assert said == [
        ["Draw a blue card", "Draw a red card"],
        ["Draw 3 blue", "Draw 1 red and 2 blue", "Draw 2 red and 1 blue", "Draw 3 red"],
    ]
