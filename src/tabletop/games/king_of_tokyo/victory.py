"""The end of the game: 20 stars, the last monster standing, or the turn limit.

Rulebook: "Victory"; docs/games/king-of-tokyo.md, "Victory". The 2016 edition checks
at once (``immediate_end``), the 2011 one at the end of the turn.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from tabletop.games.king_of_tokyo.monster import WIN_STARS
from tabletop.games.king_of_tokyo.phases import Stage

if TYPE_CHECKING:
    from tabletop.games.king_of_tokyo.state import KingOfTokyoState


def check_victory(state: KingOfTokyoState) -> bool:
    """20 stars, or one monster left (or none: everybody loses)."""
    monsters = state.monsters
    if state.alive_count > 1:
        best = [m.seat for m in monsters if m.alive and m.stars >= WIN_STARS]
        if not best:
            return False
        finish(state, best, "stars")
    else:
        finish(state, [m.seat for m in monsters if m.alive], "last_standing")
    return True


def finish(state: KingOfTokyoState, winners: list[int], how: str) -> None:
    """End the game; ``how`` is ``stars``, ``last_standing`` or ``turn_limit``."""
    state.over = True
    state.winner_seats = winners
    state.stage = Stage.OVER
    state.decisions.clear()
    if state.keeps_log:
        names = " and ".join(state.monster_name(w) for w in winners)
        text = {
            "stars": f"{names} reaches 20 stars and wins!",
            "last_standing": f"{names} is the last monster standing and wins!",
            "turn_limit": "The turn limit is reached: nobody wins.",
        }[how]
        if not winners and how != "turn_limit":
            how, text = "nobody", "Every monster is out: nobody wins."
        state.event("game_over", text, winners=winners, how=how)


def estimate_returns(state: KingOfTokyoState) -> list[float]:
    """A rough chance of winning for each seat, for search cut-offs.

    Stars count most (20 wins), hearts keep a monster in the race; the softmax
    turns the scores into shares that sum to 1, and the dead get nothing.
    """
    if state.over:
        return state.returns()
    weights = [
        math.exp(3.0 * m.stars / WIN_STARS + 1.5 * m.hearts / m.max_hearts + 0.05 * m.energy)
        if m.alive
        else 0.0
        for m in state.monsters
    ]
    total = sum(weights)
    return [w / total for w in weights]
