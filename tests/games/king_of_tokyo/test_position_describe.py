"""``game.describe(state)``: a King of Tokyo state's position fields (docs/positions.md).

The round trip: random games (seeded), both editions, Power Up! on and Mutant; at every
decision where ``describe`` does not refuse, ``game.position(describe(state))`` is the
same state but for the random generator, the log, the history and the bots' record of
plays. The share of decisions described is printed per step (``pytest -s``), and at
the turn's own steps (start of turn, before the roll, rolling, buy phase, end of turn)
it must be nearly all.
"""

from __future__ import annotations

import json
import tomllib
from collections import Counter
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError
from tabletop.core.positions import PositionError
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.game import KingOfTokyoGame
from tabletop.games.king_of_tokyo.position_turn import step_of

OPTIONS: list[dict[str, Any]] = [
    {"edition": "2011"},
    {"edition": "2016"},
    {"edition": "2016", "power_up": "on"},
    {"edition": "2011", "power_up": "on"},
    {"edition": "2016", "power_up": "mutant"},
    {
        "edition": "2016",
        "power_up": "on",
        "evolution_prompts": "holding",
        "freeze_time": "may",
        "skipped_turn_end": "end_of_turn",
        "icy_reflection_leaves": "token",
        "tokyo_bay": True,
    },
]
SEEDS = (0, 1, 2)
TURN_STEPS = ("start of turn", "before the roll", "rolling", "buy phase", "end of turn")


def game_data(state: Any) -> dict[str, Any]:
    data: dict[str, Any] = state.to_dict(include_log=False)["state"]
    data.pop("rng", None)
    data.pop("record", None)
    return data


def _game(options: dict[str, Any]) -> KingOfTokyoGame:
    game = tabletop.make("king-of-tokyo", **options)
    assert isinstance(game, KingOfTokyoGame)
    return game


@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_the_round_trip_over_random_games(options: dict[str, Any]) -> None:
    game = _game(options)
    described: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for seed in SEEDS:
        state = game.new_state(2 + (seed * 2 + len(options)) % 5, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            step = step_of(state)
            seen[step] += 1
            try:
                fields = game.describe(state)
            except PositionError as exc:
                assert str(exc).startswith("option 'position."), exc
            else:
                described[step] += 1
                built = game.position(fields)
                assert game_data(built) == game_data(state), (seed, len(state.history))
                # Fields a position file holds as they are (JSON: the same fields).
                assert json.loads(json.dumps(fields)) == fields
                assert game.position({**fields, "stop": fields["step"]}).current_player == (
                    state.current_player
                )
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    print(
        options,
        {step: f"{described[step]}/{n} ({described[step] / n:.0%})" for step, n in seen.items()},
    )
    at_steps = sum(seen[s] for s in TURN_STEPS)
    assert sum(described[s] for s in TURN_STEPS) >= 0.95 * at_steps
    assert described["rolling"] == seen["rolling"]


def test_a_position_described_is_the_position() -> None:
    game = _game({"edition": "2016", "power_up": "on"})
    fields = {
        "monsters": [
            {
                "name": "Space Penguin",
                "played": ["Icy Reflection", "Encased in Ice"],
                "encased": "2",
                "icy_reflection": "Mouse Hunter",
                "energy": 5,
            },
            {"name": "Cyber Kitty", "played": ["Mouse Hunter"], "hearts": 7, "energy": 3},
            {"name": "Meka Dragon", "played": ["Target Acquired"], "target_token": "Cyber Kitty"},
        ],
        "city": "Meka Dragon",
        "step": "buy phase",
        "dice": ["1", "1", "2", "claw"],
        "this_turn": {"hearts_lost": {"Cyber Kitty": 3}, "wings": ["Cyber Kitty"]},
        "stop": "buy phase",
    }
    state = game.position(fields)
    described = game.describe(state)
    assert game_data(game.position(described)) == game_data(state)
    monsters = described["monsters"]
    assert monsters[0]["icy_reflection"] == "Mouse Hunter" and monsters[0]["encased"] == "2"
    assert monsters[2]["target_token"] == "Cyber Kitty"
    assert described["this_turn"]["hearts_lost"] == {"Cyber Kitty": 3}
    assert described["this_turn"]["wings"] == ["Cyber Kitty"]
    assert described["seed"] == state.seed
    assert len(described["deck"]) == state.view(None)["deck_size"]


def test_the_deck_is_described_whole_so_that_draws_are_the_same() -> None:
    game = _game({"edition": "2011"})
    state = game.new_state(3, seed=5)
    while state.view(None)["decision"]["kind"] != "buy" or state.view(None)["active"] != 0:
        legal = state.legal_actions()
        state.apply(legal[-1] if state.view(None)["decision"]["kind"] == "roll" else legal[0])
        if state.is_terminal():
            pytest.skip("the game ended first")
    built = game.position(game.describe(state))
    sweep = "pay 2 energy to sweep the row"
    if sweep in [a.label for a in state.legal_actions()]:
        for s in (state, built):
            s.apply(next(a for a in s.legal_actions() if a.label == sweep))
        assert state.view(None)["row"] == built.view(None)["row"]
    assert game_data(built) == game_data(state)


def test_a_described_position_is_a_toml_file(tmp_path: Any) -> None:
    game = _game({"edition": "2016"})
    state = game.new_state(4, seed=3)
    fields = game.describe(state)
    lines = [f"{key} = {json.dumps(value)}" for key, value in fields.items() if key != "monsters"]
    for monster in fields["monsters"]:
        lines += ["[[monsters]]", *(f"{k} = {json.dumps(v)}" for k, v in monster.items())]
    assert tomllib.loads("\n".join(lines)) == fields


def test_describe_refuses_a_state_inside_the_resolution() -> None:
    """A monster in Tokyo deciding whether to yield: the dice resolved already."""
    game = _game({"edition": "2016"})
    state = game.position(
        {
            "monsters": ["Kraken", "The King"],
            "city": "The King",
            "step": "after the last roll",
            "dice": ["claw", "1", "2", "2", "3", "3"],
        }
    )
    assert state.view(None)["decision"]["kind"] == "yield"
    with pytest.raises(InvalidOptionsError, match=r"position\.step") as caught:
        game.describe(state)
    assert "resolving" in str(caught.value)
    # The moves of a position say it instead.
    again = game.position(
        {
            "monsters": ["Kraken", "The King"],
            "city": "The King",
            "step": "after the last roll",
            "dice": ["claw", "1", "2", "2", "3", "3"],
            "moves": ["stay in Tokyo"],
        }
    )
    assert again.view(None)["monsters"][1]["location"] == "city"


def test_describe_refuses_a_finished_game() -> None:
    game = _game({"edition": "2016"})
    state = game.new_state(2, seed=1)
    rng = Rng(1)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    with pytest.raises(InvalidOptionsError, match=r"position\.step"):
        game.describe(state)
