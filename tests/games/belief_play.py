"""What the beliefs' tests share: games of heuristic bots to read, saves to break."""

from __future__ import annotations

import json
from typing import Any

from tabletop.bots import make_bot
from tabletop.core.state import State


def play_heuristic(state: State, seed: int, steps: int | None = None) -> None:
    """Heuristic bots (seeded from ``seed``) play ``state`` for ``steps`` decisions, or
    to its end."""
    game_id = state.game.id
    bots = [make_bot("heuristic", game_id, seed=seed * 10 + p) for p in range(state.num_players)]
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        p = state.current_player
        state.apply(bots[p].choose(state, p))
        done += 1


def saved_with_record(state: State, record: object) -> dict[str, Any]:
    """``state`` saved as JSON would carry it, its public record replaced by ``record``."""
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    data["state"]["record"] = record
    return data
