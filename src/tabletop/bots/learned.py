"""A bot that plays by a trained network: the legal action it values most.

The network (:mod:`tabletop.bots.network`) reads the seat's observation, the same
vector the RL environments give (:mod:`tabletop.rl.observers`): it is built from
``state.view(seat)`` alone, so the bot cannot see what its seat may not. The model
of each game ships with the package (``tabletop/bots/models/<game>.npz``) and is
made again by ``tabletop train GAME`` (docs/bots.md, "Learned bots").

>>> import tabletop
>>> from tabletop.bots.learned import LearnedBot, model_path
>>> state = tabletop.make("kung-fu").new_state(2, seed=3)
>>> bot = LearnedBot(seed=1, path=model_path("kung-fu"))  # doctest: +SKIP
>>> bot.choose(state, state.current_player) in state.legal_actions()  # doctest: +SKIP
True
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.bots.base import Bot
from tabletop.bots.network import FloatArray, Network
from tabletop.core.action import Action
from tabletop.core.game import Game
from tabletop.core.state import State

if TYPE_CHECKING:
    from tabletop.rl.observers import Observer

MODELS = Path(__file__).with_name("models")


def model_path(game_id: str) -> Path:
    """Where the package keeps the model of ``game_id``."""
    return MODELS / f"{game_id}.npz"


def rebuild_hint(game_id: str) -> str:
    """What to run to make the model of ``game_id`` again."""
    return f"make it again with `tabletop train {game_id}` (docs/bots.md, 'Learned bots')"


@cache
def shipped_network(game_id: str) -> Network:
    """The package's model of ``game_id``, loaded once per process."""
    return Network.load(model_path(game_id), game_id, rebuild_hint(game_id))


class LearnedBot(Bot):
    """Plays the legal action whose learned value is highest (ties: the lowest id).

    ``path`` names another model file than the package's (one ``tabletop train``
    wrote); ``network`` gives the network itself (the trainer's own evaluations).
    """

    name = "learned"

    def __init__(
        self,
        seed: int | None = None,
        path: str | Path | None = None,
        network: Network | None = None,
    ) -> None:
        super().__init__(seed)
        self.path = None if path is None else Path(path)
        self.network = network
        self._observers: dict[int, Observer] = {}

    def network_for(self, game: Game[Any]) -> Network:
        if self.network is None:
            game_id = game.info.id
            if self.path is None:
                self.network = shipped_network(game_id)
            else:
                self.network = Network.load(self.path, game_id, rebuild_hint(game_id))
        return self.network

    def values(self, state: State, player: int) -> FloatArray:
        """The network's value of every action id for ``player`` (illegal ones too)."""
        game = state.game
        observer: Observer | None = self._observers.get(id(game))
        if observer is None:
            from tabletop.rl.observers import observer_for

            observer = self._observers[id(game)] = observer_for(game)
        obs = observer.encode(state, player)
        values: FloatArray = self.network_for(game).forward(obs[None, :])[0]
        return values

    def choose(self, state: State, player: int) -> Action:
        values = self.values(state, player)
        return max(state.legal_actions(), key=lambda action: (values[action.id], -action.id))
