"""The game-over screens: each game's final table and the one line that says who won."""

from __future__ import annotations

import doctest
import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

import tabletop
from tabletop.cli.render import base
from tabletop.cli.render import king_of_tokyo as kot_render
from tabletop.cli.render.base import MatchResult, Renderer, Seating
from tabletop.cli.render.king_of_tokyo import KingOfTokyoRenderer
from tabletop.cli.render.kung_fu import KungFuRenderer
from tabletop.cli.render.uno_power import UnoPowerRenderer
from tabletop.core.game import State
from tests.games.king_of_tokyo.scenario import (
    NOTHING,
    act,
    fresh,
    position,
    roll,
    setup,
    start_turn,
)
from tests.games.king_of_tokyo.test_endings import everybody_falls
from tests.games.king_of_tokyo.test_victory import _eighteen_stars_and_a_city
from tests.games.uno_power.scenario import build

BOTS4 = Seating(("heuristic", "random", "easy", "normal"))
ONE_CLAW = ("claw", "1", "1", "2", "2", "3")
# Lines that say who won (or that nobody did), in any game's final screen.
WINNER_LINE = re.compile(r".* won\.|.* wins? .*\.|Nobody .*\.|The game is a draw\.")


def _text(renderable: Any, width: int = 160) -> str:
    console = Console(file=io.StringIO(), width=width, record=True)
    console.print(renderable)
    return console.export_text()


def _final(renderer: Renderer, state: State, seating: Seating) -> str:
    result = MatchResult(tuple(state.winners()), tuple(state.returns()))
    return _text(renderer.final(state.view(None), result, seating))


def _row(text: str, player: str) -> str:
    (line,) = [line for line in text.splitlines() if f" {player} " in line]
    return line


def _winner_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if WINNER_LINE.fullmatch(line.strip())]


def test_doctests_of_the_texts() -> None:
    for module in (base, kot_render):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


# -- King of Tokyo -------------------------------------------------------------------


def test_king_of_tokyo_stars_win() -> None:
    state = _eighteen_stars_and_a_city()
    text = _final(KingOfTokyoRenderer(), state, BOTS4)
    assert "Game over" in text
    assert _winner_lines(text) == ["Giga Zaur wins with 20 stars."]
    row = _row(text, "player 1 (heuristic)")
    assert "Giga Zaur" in row and " 20 " in row and "winner" in row
    assert "Cyber Bunny" in _row(text, "player 2 (random)")
    assert " out" not in text


def test_king_of_tokyo_order_of_elimination_and_last_standing() -> None:
    state = position(city=0, seats={3: dict(hearts=1)})
    start_turn(state, 0)
    roll(state, *ONE_CLAW)
    for seat in (1, 2):
        setup(state, seat, hearts=1)
        start_turn(state, 0)
        roll(state, *ONE_CLAW)
    assert state.view(None)["eliminated"] == [3, 1, 2]
    text = _final(KingOfTokyoRenderer(), state, BOTS4)
    assert _winner_lines(text) == ["Giga Zaur wins as the last monster standing."]
    assert "winner" in _row(text, "player 1 (heuristic)")
    assert _row(text, "player 4 (normal)").rstrip(" │").endswith("1st out")
    assert _row(text, "player 2 (random)").rstrip(" │").endswith("2nd out")
    assert _row(text, "player 3 (easy)").rstrip(" │").endswith("3rd out")
    hearts = state.monsters[0].hearts
    assert re.search(rf"Giga Zaur\s+│\s+\d+\s+│\s+{hearts}\s+│", _row(text, "player 1"))


def test_king_of_tokyo_you_win() -> None:
    state = _eighteen_stars_and_a_city()
    seating = Seating(("you", "random", "random", "random"), frozenset({0}))
    text = _final(KingOfTokyoRenderer(), state, seating)
    assert _winner_lines(text) == ["You (Giga Zaur) win with 20 stars."]
    assert "You won" not in text and "You win!" not in text


def test_king_of_tokyo_nobody_wins_when_everybody_is_out() -> None:
    state = everybody_falls()
    text = _final(KingOfTokyoRenderer(), state, BOTS4)
    assert _winner_lines(text) == ["Nobody wins: every monster is out."]
    assert _row(text, "player 2 (random)").rstrip(" │").endswith("1st out")
    assert _row(text, "player 1 (heuristic)").rstrip(" │").endswith("4th out")


def test_king_of_tokyo_nobody_wins_at_the_turn_limit() -> None:
    state = fresh(4, turn_limit=10)
    start_turn(state, 0)
    while not state.is_terminal():
        roll(state, *NOTHING)
    text = _final(KingOfTokyoRenderer(), state, BOTS4)
    assert _winner_lines(text) == ["Nobody wins: the turn limit is reached."]


# -- Kung Fu -------------------------------------------------------------------------


def _played(game_id: str, seed: int, players: int = 2, **options: Any) -> State:
    state = tabletop.make(game_id, **options).new_state(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("seed", range(4))
def test_kung_fu_final_shows_life_and_the_last_round(seed: int) -> None:
    state = _played("kung-fu", seed)
    view = state.view(None)
    seating = Seating(("you", "random"), frozenset({0}))
    text = _final(KungFuRenderer(), state, seating)
    for p in view["players"]:
        assert f" {p['life']:>2} " in _row(text, f"player {p['seat'] + 1}")
    last = view["last_round"]
    assert (
        f"Last round: round {last['round']}, attack {last['attack_value']} against parry "
        f"{last['parry_value']}" in text
    )
    expected = (
        "The game is a draw."
        if view["draw"]
        else "You won."
        if state.winners() == [0]
        else "Player 2 (random) won."
    )
    assert _winner_lines(text) == [expected]


# -- UNO Power -----------------------------------------------------------------------


def test_uno_power_final_shows_totals_and_the_last_round() -> None:
    game = tabletop.make("uno-power", target_score="100")
    state = build(
        game,
        3,
        hands=[["red 6"], ["blue 9", "blue 9", "blue 8"], ["green 9", "yellow 9", "green Skip"]],
        top="red 4",
        scores=[40, 20, 30],
    )
    act(state, "play red 6")
    assert state.is_terminal() and state.winners() == [0]
    seating = Seating(("heuristic", "you", "random"), frozenset({1}))
    text = _final(UnoPowerRenderer(), state, seating)
    assert "Match over" in text and "Round 1: in hand" in text
    assert re.search(r"player 1 \(heuristic\)\s+│\s+0\s+│\s+\+64\s+│\s+104\s+│ ★ winner", text)
    assert re.search(r"player 2 \(you\)\s+│\s+26\s+│\s+0\s+│\s+20\s+│", text)
    assert re.search(r"player 3 \(random\)\s+│\s+38\s+│\s+0\s+│\s+30\s+│", text)
    assert "Last round: round 1 went to player 1 (heuristic): went out." in text
    assert _winner_lines(text) == ["Player 1 (heuristic) won."]


def test_uno_power_shared_win_is_one_line() -> None:
    result = MatchResult((0, 2), (1.0, 0.0, 1.0))
    seating = Seating(("you", "random", "heuristic"), frozenset({0}))
    assert base.winners_line(result, seating) == "You and player 3 (heuristic) won."


def test_generic_final_has_one_winner_line() -> None:
    state = _played("uno-power", 3, target_score="single_round")
    seating = Seating(("you", "random"), frozenset({0}))
    text = _final(Renderer(), state, seating)
    assert len(_winner_lines(text)) == 1
