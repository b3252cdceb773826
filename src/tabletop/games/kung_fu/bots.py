"""A rule-based Kung Fu bot.

Its strategy lives in :mod:`tabletop.games.kung_fu.heuristic` (explained there),
which is compiled with the engine; this class, which derives from the interpreted
:class:`~tabletop.bots.base.Bot` and so cannot be compiled, plays by it.
"""

from __future__ import annotations

from tabletop.bots.base import Bot
from tabletop.core.action import Action
from tabletop.core.game import State
from tabletop.games.kung_fu import heuristic


class KungFuHeuristicBot(Bot):
    """Plays Kung Fu by simple, sensible rules (see :mod:`.heuristic`)."""

    name = "heuristic"

    def choose(self, state: State, player: int) -> Action:
        return heuristic.choose(state, player)
