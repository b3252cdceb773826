"""Helpers the games' saved-state tests share (docs/positions.md, "Saved states"):
break a saved state one field at a time, and replay random games checking that every
state they reach saves and loads back the same."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.core.errors import StateFormatError
from tabletop.core.game import Game

Change = Callable[[dict[str, Any], Any], None]
"""Breaks saved data in place; gets the game too (to name cards by their number)."""


def set_field(field: str, value: Any) -> Change:
    """A change that sets one field of the saved state."""

    def change(data: dict[str, Any], game: Any) -> None:
        data["state"][field] = value

    return change


def kind_named(game: Any, name: str) -> int:
    """The number of the card kind or type called ``name`` in ``game``'s deck."""
    names: tuple[str, ...] = game.cards.names
    return names.index(name)


def assert_refused(game: Game[Any], data: dict[str, Any], change: Change, message: str) -> None:
    """``data`` loads as saved, and no longer once ``change`` broke it, with ``message``."""
    game.state_from_dict(json.loads(json.dumps(data)))
    change(data, game)
    with pytest.raises(StateFormatError, match=message):
        game.state_from_dict(data)


def random_games_load_back(game: Game[Any], players: int, seeds: range, max_steps: int) -> int:
    """Play seeded random games, checking that each state saves and loads back the same;
    how many of them ended within ``max_steps`` actions."""
    ended = 0
    for seed in seeds:
        state = game.new_state(players, seed=seed)
        pick = random.Random(seed)
        for _ in range(max_steps):
            data = state.to_dict()
            assert game.state_from_dict(data).to_dict() == data
            if state.is_terminal():
                ended += 1
                break
            state.apply(pick.choice(state.legal_actions()))
    return ended
