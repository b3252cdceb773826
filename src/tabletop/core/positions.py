"""Positions in files: a game situation written as JSON or TOML (docs/positions.md).

A position file names the game and its options beside the game's own fields::

    game = "uno-power"
    options = { hand_size = 5 }
    hands = [["red 5", "blue 5"], ["green 9"]]
    top = "red 3"

:func:`load_position` makes the game and asks it to build the state
(:meth:`~tabletop.core.game.Game.position`).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.core.errors import InvalidOptionsError
from tabletop.core.game import State
from tabletop.core.registry import make


def read_position(path: str | Path) -> dict[str, Any]:
    """The position in the JSON (``.json``) or TOML (any other name) file at ``path``."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidOptionsError("position", f"cannot read {path}: {exc.strerror}") from None
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InvalidOptionsError("position", f"{path} is not valid: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidOptionsError("position", f"{path} must hold an object of fields")
    return data


def load_position(source: str | Path | Mapping[str, Any]) -> State:
    """The state a position file (or its parsed fields) describes.

    >>> import tabletop
    >>> state = tabletop.load_position(
    ...     {"game": "uno-power", "hands": [["red 5"], ["blue 5"]], "top": "red 3"}
    ... )
    >>> state.current_player
    0
    """
    data = dict(source) if isinstance(source, Mapping) else read_position(source)
    game_id = data.pop("game", None)
    if not isinstance(game_id, str):
        raise InvalidOptionsError("position.game", 'name the game, e.g. game = "uno-power"')
    options = data.pop("options", {})
    if not isinstance(options, Mapping):
        raise InvalidOptionsError("position.options", "an object of option: value")
    return make(game_id, **options).position(data)
