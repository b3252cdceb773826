"""``position_of`` (docs/positions.md, "From a saved state or a record"), on a toy game
whose positions write only some moments: the walk back to the latest moment the
fields write, the moves from there, its bound, a history that does not replay, and
the base class's ``describe`` and ``situation``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from tabletop.core.errors import InvalidOptionsError
from tabletop.core.game import State
from tabletop.core.positions import PositionError, play_moves, position_of
from tests.core.toy import ToyGame, ToyOptions, ToyState


class WrittenToyGame(ToyGame):
    """The toy with positions: ``tokens`` and ``turn``; the secrets are the seed's.
    Only an even number of tokens can be written (an odd one is "inside a turn")."""

    def position(self, spec: Mapping[str, Any]) -> ToyState:
        state = self.new_state(2, spec.get("seed", 0), log=False)
        state.tokens = spec["tokens"]
        state.turn = spec["turn"]
        return play_moves(state, spec.get("moves", []))

    def describe(self, state: State) -> dict[str, Any]:
        assert isinstance(state, ToyState)
        if state.tokens % 2:
            raise PositionError("moves", "an odd number of tokens")
        return {"seed": state.seed, "tokens": state.tokens, "turn": state.turn}


def played(game: ToyGame, *labels: str, seed: int = 5) -> ToyState:
    state = game.new_state(2, seed, log=False)
    for label in labels:
        state.apply(next(a for a in state.legal_actions() if a.label == label))
    return state


def test_the_latest_moment_the_fields_write_and_the_moves_since() -> None:
    game = WrittenToyGame(ToyOptions(tokens=9))
    state = played(game, "take 2", "take 1", "take 1")  # 9, 7, 6, 5 tokens
    assert position_of(state) == {
        "game": "toy",
        "options": game.options_dict(),
        "seed": 5,
        "tokens": 6,
        "turn": 0,
        "moves": ["take 1"],
    }
    state.apply(0)  # 4 tokens: the state's own fields
    assert "moves" not in position_of(state) and position_of(state)["tokens"] == 4


def test_the_walk_is_bounded() -> None:
    game = WrittenToyGame(ToyOptions(tokens=9))
    state = played(game, "take 2", "take 2")  # 9, 7, 5: every moment is odd
    with pytest.raises(PositionError) as caught:
        position_of(state)
    assert "no moment since the game's start" in str(caught.value)
    assert "an odd number of tokens" in str(caught.value)
    even = WrittenToyGame(ToyOptions(tokens=8))
    state = played(even, "take 1", "take 2", "take 2")  # 8, 7, 5, 3
    assert position_of(state)["moves"] == ["take 1", "take 2", "take 2"]
    with pytest.raises(PositionError, match="no moment of the last 2 actions"):
        position_of(state, limit=2)


def test_a_history_that_does_not_replay_leaves_the_moment_alone() -> None:
    game = WrittenToyGame(ToyOptions(tokens=9))
    start = game.position({"tokens": 5, "turn": 1, "seed": 5})
    state = start.clone()
    state.apply(0)  # 4: written alone, whatever the history
    assert position_of(state)["tokens"] == 4
    state.apply(0)  # 3: inside a "turn" of a game whose start is unknown
    with pytest.raises(PositionError, match="does not replay"):
        position_of(state)
    assert position_of(state, start)["moves"] == ["take 1"]


def test_a_finished_game_has_no_position() -> None:
    game = WrittenToyGame(ToyOptions(tokens=2))
    state = played(game, "take 2")
    with pytest.raises(PositionError, match="the game is over"):
        position_of(state)


def test_the_base_class_has_no_describe_and_compares_without_the_generator() -> None:
    game = ToyGame()
    state = game.new_state(2, seed=1)
    with pytest.raises(InvalidOptionsError, match="no position builder"):
        game.describe(state)
    with pytest.raises(InvalidOptionsError, match="no position builder"):
        position_of(state)
    other = game.new_state(2, seed=1)
    other.rng.randrange(10)  # another generator, the same situation
    assert game.situation(other) == game.situation(state)
    assert "rng" not in game.situation(state)
