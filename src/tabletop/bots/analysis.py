"""Hints: what a search thinks of each legal action.

>>> import tabletop
>>> state = tabletop.make("uno-power", target_score="single_round").new_state(2, seed=1)
>>> hints = analyse(state, state.current_player, iterations=40, seed=1)
>>> sorted(h.action.id for h in hints) == sorted(a.id for a in state.legal_actions())
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.bots.ismcts import ISMCTSBot, level_settings
from tabletop.core.action import Action
from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.i18n.reader import Reader


@dataclass(frozen=True, slots=True)
class Hint:
    """An action with its estimated chance of winning, how much it was searched, and
    the game heuristic's reason for it in the game's words (``None`` where it knows
    none: see :meth:`~tabletop.core.game.Game.explain`)."""

    action: Action
    win_probability: float
    visits: int
    reason: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "action": self.action.id,
            "label": self.action.label,
            "win_probability": round(self.win_probability, 4),
            "visits": self.visits,
            "reason": self.reason,
        }


def analyse(
    state: State,
    player: int,
    *,
    iterations: int = 400,
    seconds: float | None = None,
    seed: int | None = None,
    reader: Reader | None = None,
) -> list[Hint]:
    """Every legal action of ``player`` (who must be on turn), best first.

    The search sees only what ``player`` may know. Win probabilities are the
    search's average results after each action, so they are rough when visits are few.
    Each hint carries the game's reason for its action
    (:meth:`~tabletop.core.game.Game.explain`), which reads only what ``player`` may
    see too, in ``reader``'s language (English when ``None``).
    """
    if state.is_terminal():
        raise TabletopError("the game is over: there is nothing to analyse")
    if player != state.current_player:
        raise TabletopError(
            "it is player {current}'s decision, not player {player}'s",
            current=state.current_player + 1,
            player=player + 1,
        )
    # The normal level's search (its rollouts, and its belief where the game has one),
    # with the hint's own budget.
    game_id = state.game.id
    settings = replace(level_settings("normal", game_id), iterations=iterations, seconds=seconds)
    bot = ISMCTSBot(seed, settings)
    stats = bot.searcher(game_id, bot.sampler(state, player)).search(state, player)
    explain = state.game.explain
    hints = [
        Hint(s.action, s.win_rate, s.visits, explain(state, player, s.action, reader))
        for s in stats
    ]
    hints.sort(key=lambda h: (-h.visits, -h.win_probability, h.action.id))
    return hints
