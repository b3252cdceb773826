"""How each game's shipped network is made: ``tabletop train GAME`` runs its recipe.

Declared as data, one entry per game, so that docs/bots.md, the command and the
package's model all name the same settings.
"""

from __future__ import annotations

from tabletop.core.errors import TabletopError
from tabletop.train.run import TrainConfig

RECIPES: dict[str, TrainConfig] = {
    "kung-fu": TrainConfig("kung-fu", num_players=2, rounds=400, actors=2, eval_every=20),
    "king-of-tokyo": TrainConfig(
        "king-of-tokyo", num_players=4, rounds=200, actors=2, hidden=(256, 128)
    ),
    "uno-power": TrainConfig(
        "uno-power", {"target_score": "single_round"}, num_players=4, rounds=400, actors=2
    ),
}


def recipe(game_id: str) -> TrainConfig:
    """The recipe of ``game_id``'s shipped network."""
    if game_id not in RECIPES:
        raise TabletopError(
            "no training recipe for {game}; choose one of {known}",
            game=game_id,
            known=", ".join(sorted(RECIPES)),
        )
    return RECIPES[game_id]
