"""Hints: what a search thinks of each legal action, at one decision or at every
decision of a game (a review of its main line).

>>> import tabletop
>>> state = tabletop.make("uno-power", target_score="single_round").new_state(2, seed=1)
>>> hints = analyse(state, state.current_player, iterations=40, seed=1)
>>> sorted(h.action.id for h in hints) == sorted(a.id for a in state.legal_actions())
True
>>> low, high = hints[0].interval()
>>> 0.0 <= low <= hints[0].win_probability <= high <= 1.0
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from tabletop.bots.ismcts import ISMCTSBot, level_settings
from tabletop.core.action import Action
from tabletop.core.errors import TabletopError
from tabletop.core.game import State
from tabletop.core.intervals import wilson_interval
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

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """A 95% Wilson score interval of the win chance over the action's visits
        (``(0, 1)`` when it was not tried): how far a few visits can be trusted."""
        return wilson_interval(self.win_probability, self.visits, z)

    def to_dict(self) -> dict[str, object]:
        low, high = self.interval()
        return {
            "action": self.action.id,
            "label": self.action.label,
            "win_probability": round(self.win_probability, 4),
            "interval": [round(low, 4), round(high, 4)],
            "visits": self.visits,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision of a game as played, judged by the hint engine: the move played
    and the move it advises (the most searched), each with its win chance for
    ``player``."""

    step: int
    """Actions played before this decision."""
    player: int
    played: Hint
    best: Hint

    @property
    def cost(self) -> float:
        """How much win chance the move played gave up against the best one (>= 0)."""
        return max(0.0, self.best.win_probability - self.played.win_probability)


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


def review(
    start: State,
    actions: Sequence[int],
    *,
    iterations: int = 100,
    seed: int = 0,
    reader: Reader | None = None,
) -> Iterator[Moment]:
    """Each decision of the game that ``actions`` play from ``start``, judged in turn
    (a generator: a caller can show each as it comes, and stop).

    A decision with one legal action is passed over. Each search sees only what its
    player could know then, and has a seed of its own (from ``seed`` and the step),
    so the same call gives the same moments. ``start`` is not changed.
    """
    state = start.clone()
    for step, action_id in enumerate(actions):
        if state.is_terminal():
            raise TabletopError("the game is over after {n} actions, but the line has more", n=step)
        legal = state.legal_actions()
        if len(legal) > 1:
            player = state.current_player
            hints = analyse(
                state, player, iterations=iterations, seed=seed * 1_000_003 + step, reader=reader
            )
            played = next((h for h in hints if h.action.id == action_id), None)
            if played is None:
                raise TabletopError(
                    "action {index} (id {action_id}) is not legal there", index=step,
                    action_id=action_id,
                )  # fmt: skip
            yield Moment(step, player, played, hints[0])  # the most searched: the advice
        state.apply(action_id)
