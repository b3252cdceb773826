"""How an episode starts: the deal, or a position (docs/positions.md).

Both environments take ``reset(options={"position": fields})``: the episode starts
from the position the fields describe (the game's position fields, without ``game``
or ``options``: the environment's game is fixed), with the episode's seed for what
the position leaves out unless the fields name one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.game import Game, State


def start_state(
    game: Game[Any], num_players: int, seed: int, options: Mapping[str, Any] | None
) -> State:
    """The episode's first state. Other options are left alone (the libraries' own
    checkers pass options of their own); a bad position raises ``ValueError`` (its
    own mistakes as ``InvalidOptionsError``, one of them)."""
    fields = (options or {}).get("position")
    if fields is None:
        return game.new_state(num_players, seed, log=False)
    if not isinstance(fields, Mapping):
        raise TabletopError("reset option 'position' must be a mapping of position fields")
    state = game.position({"seed": seed, **fields})
    if state.num_players != num_players:
        raise TabletopError(
            "the position has {players} players, the environment {environment}",
            players=state.num_players,
            environment=num_players,
        )
    return state
