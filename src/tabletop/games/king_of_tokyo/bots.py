"""The rule-based King of Tokyo bot.

Its strategy lives in :mod:`.heuristic` (functions of the state, compiled with the
engine in a compiled build); this module holds the :class:`~tabletop.bots.Bot` that
plays it, which stays plain Python because it derives from an interpreted class.
"""

from __future__ import annotations

from tabletop.bots.base import Bot
from tabletop.core.action import Action
from tabletop.core.game import State
from tabletop.games.king_of_tokyo import heuristic
from tabletop.games.king_of_tokyo.state import KingOfTokyoState


class KingOfTokyoHeuristicBot(Bot):
    """Keeps claws or points by position, leaves Tokyo when low, buys what fits."""

    name = "heuristic"

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, KingOfTokyoState)
        return heuristic.choose(state, player)

    def wanted(self, state: KingOfTokyoState, player: int) -> list[bool]:
        """Which faces to keep now (see :func:`.heuristic.wanted`)."""
        return heuristic.wanted(state, player)
