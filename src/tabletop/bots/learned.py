"""A bot that plays by a trained network: the legal action it values most.

The network (:mod:`tabletop.bots.network`) reads the seat's observation, the same
vector the RL environments give (:mod:`tabletop.rl.observers`): it is built from
``state.view(seat)`` alone, so the bot cannot see what its seat may not. A game's
network ships with the package as ``tabletop/bots/models/<game>.npz`` (every game's)
and is made again by ``tabletop train GAME`` (docs/bots.md, "Learned bots").

>>> import tabletop
>>> from tabletop.bots.learned import LearnedBot, model_path
>>> state = tabletop.make("kung-fu").new_state(2, seed=3)
>>> bot = LearnedBot(seed=1, path=model_path("kung-fu"))
>>> bot.choose(state, state.current_player) in state.legal_actions()
True
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.bots.base import Bot
from tabletop.bots.ismcts import ISMCTS, ISMCTSBot, SearchSettings
from tabletop.bots.network import FloatArray, Network
from tabletop.bots.search import Evaluator
from tabletop.core.action import Action
from tabletop.core.game import Game
from tabletop.core.registry import make
from tabletop.core.rng import Rng
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


@cache
def network_leaf(game_id: str) -> Evaluator:
    """A search's leaf evaluation by the package's network of ``game_id``
    (:meth:`Judge.returns`), for ``SearchSettings(leaf="network")``; loaded once per
    process, for the options the network was trained with."""
    network = shipped_network(game_id)
    options = network.meta.get("options") or {}
    return Judge(network, make(game_id, **options)).returns


class Judge:
    """A network and the observer of the game it plays: what it thinks of a seat's
    actions, of a position, and its choice."""

    def __init__(self, network: Network, game: Game[Any]) -> None:
        from tabletop.rl.observers import observer_for

        self.network = network
        self.observer: Observer = observer_for(game)

    def values(self, state: State, player: int) -> FloatArray:
        """The network's value of every action id for ``player`` (illegal ones too)."""
        obs = self.observer.encode(state, player)
        values: FloatArray = self.network.forward(obs[None, :])[0]
        return values

    def best(self, state: State, player: int) -> Action:
        """The legal action of highest value (ties: the lowest id)."""
        values = self.values(state, player)
        return max(state.legal_actions(), key=lambda action: (values[action.id], -action.id))

    def returns(self, state: State) -> list[float]:
        """Each seat's expected return: the seat to move gets the value of its best
        action, the others share the rest (a search's leaf evaluation)."""
        if state.is_terminal():
            return state.returns()
        mover = state.current_player
        values = self.values(state, mover)
        best = float(max(values[action.id] for action in state.legal_actions()))
        best = min(1.0, max(0.0, best))
        others = (1.0 - best) / (state.num_players - 1)
        return [best if seat == mover else others for seat in range(state.num_players)]


class _Networks:
    """Where a bot's network comes from, and one judge per game object it plays."""

    def __init__(self, path: str | Path | None, network: Network | None) -> None:
        self.path = None if path is None else Path(path)
        self.network = network
        self._judges: dict[int, Judge] = {}

    def judge(self, game: Game[Any]) -> Judge:
        judge = self._judges.get(id(game))
        if judge is None:
            if self.network is None:
                game_id = game.info.id
                if self.path is None:
                    self.network = shipped_network(game_id)
                else:
                    self.network = Network.load(self.path, game_id, rebuild_hint(game_id))
            judge = self._judges[id(game)] = Judge(self.network, game)
        return judge


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
        self.networks = _Networks(path, network)

    def values(self, state: State, player: int) -> FloatArray:
        """The network's value of every action id for ``player`` (illegal ones too)."""
        return self.networks.judge(state.game).values(state, player)

    def choose(self, state: State, player: int) -> Action:
        return self.networks.judge(state.game).best(state, player)


class LearnedSearchBot(ISMCTSBot):
    """ISMCTS guided by the network: its choice is the prior and orders expansion,
    and it scores the positions where the tree stops (no rollouts by default)."""

    name = "learned-search"

    def __init__(
        self,
        seed: int | None = None,
        settings: SearchSettings | None = None,
        think: float | None = None,
        path: str | Path | None = None,
        network: Network | None = None,
    ) -> None:
        super().__init__(seed, think=think)
        self.search_settings = settings or LEARNED_SEARCH
        self.networks = _Networks(path, network)

    def settings_for(self, game_id: str) -> SearchSettings:
        base = self.search_settings
        return base if self.think is None else replace(base, seconds=self.think)

    def searcher_for(self, state: State, player: int) -> ISMCTS:
        judge = self.networks.judge(state.game)

        def policy(det: State, rng: Rng) -> Action:
            return judge.best(det, det.current_player)

        settings = self.settings_for(state.game.id)
        evaluate = self.leaf_value(judge, state)
        return ISMCTS(settings, self.rng, policy, evaluate, self.sampler(state, player))

    def leaf_value(self, judge: Judge, state: State) -> Evaluator:
        """How the search scores a position where the tree stops: the network's
        returns (``Judge.returns``); a study may mix in a rollout."""
        return judge.returns


LEARNED_SEARCH = SearchSettings(iterations=150, rollout_depth=0, prior=2.0)
"""The learned search's default: the budget of ``normal``, the network at the leaves."""
