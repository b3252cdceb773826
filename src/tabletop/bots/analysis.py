"""Hints: what a search thinks of each legal action.

>>> import tabletop
>>> state = tabletop.make("uno-power", target_score="single_round").new_state(2, seed=1)
>>> hints = analyse(state, state.current_player, iterations=40, seed=1)
>>> sorted(h.action.id for h in hints) == sorted(a.id for a in state.legal_actions())
True
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.bots.ismcts import ISMCTSBot, SearchSettings
from tabletop.core.action import Action
from tabletop.core.errors import TabletopError
from tabletop.core.game import State


@dataclass(frozen=True, slots=True)
class Hint:
    """An action with its estimated chance of winning and how much it was searched."""

    action: Action
    win_probability: float
    visits: int

    def to_dict(self) -> dict[str, object]:
        return {
            "action": self.action.id,
            "label": self.action.label,
            "win_probability": round(self.win_probability, 4),
            "visits": self.visits,
        }


def analyse(
    state: State,
    player: int,
    *,
    iterations: int = 400,
    seconds: float | None = None,
    seed: int | None = None,
) -> list[Hint]:
    """Every legal action of ``player`` (who must be on turn), best first.

    The search sees only what ``player`` may know. Win probabilities are the
    search's average results after each action, so they are rough when visits are few.
    """
    if state.is_terminal():
        raise TabletopError("the game is over: there is nothing to analyse")
    if player != state.current_player:
        raise TabletopError(
            f"it is player {state.current_player + 1}'s decision, not player {player + 1}'s"
        )
    settings = SearchSettings(
        iterations=iterations, seconds=seconds, rollout="heuristic", rollout_depth=60, prior=2.0
    )
    bot = ISMCTSBot(seed, settings)
    stats = bot.searcher(state.game.id).search(state, player)
    hints = [Hint(s.action, s.win_rate, s.visits) for s in stats]
    hints.sort(key=lambda h: (-h.visits, -h.win_probability, h.action.id))
    return hints
