"""The bot interface shared by every layer (terminal, server, simulation, RL)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from tabletop.core.action import Action
from tabletop.core.game import State
from tabletop.core.rng import Rng


class Bot(ABC):
    """A player program.

    ``choose`` gets the true state, but a bot may only use what its seat may
    know: ``state.view(player)``, ``state.log_for(player)``, the legal actions, and
    copies from ``state.determinize(player, rng)``. Each bot owns its RNG, so a
    seeded bot is deterministic and never disturbs the game's random stream.
    """

    name: str = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, state: State, player: int) -> Action:
        """The action to play for ``player``, who must be the current player."""

    def reads_plays(self, game_id: str) -> bool:
        """Whether it reads the state's public record of the plays in ``game_id`` (a
        search dealing by the game's belief): where no seat's bot does, the table may
        keep none (``State.drop_record``)."""
        return False

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]
