"""The ISMCTS bots and their strength levels; the search itself is
:mod:`tabletop.bots.search`."""

from __future__ import annotations

from dataclasses import replace

from tabletop.bots.base import Bot
from tabletop.bots.search import (
    ISMCTS,
    ActionStats,
    Evaluator,
    RolloutPolicy,
    Sampler,
    SearchSettings,
    default_evaluation,
    random_policy,
)
from tabletop.core.action import Action
from tabletop.core.game import State
from tabletop.core.rng import Rng

__all__ = [
    "ISMCTS",
    "ActionStats",
    "EasyBot",
    "Evaluator",
    "HardBot",
    "ISMCTSBot",
    "NormalBot",
    "RolloutPolicy",
    "Sampler",
    "SearchSettings",
    "default_evaluation",
    "level_settings",
    "random_policy",
]


class ISMCTSBot(Bot):
    """A bot that plays the most visited action of an ISMCTS search.

    Explicit ``settings`` are used in every game; without them a level bot (``level``
    set) takes its level's settings for the game it plays, see :func:`level_settings`,
    and ``think`` (seconds, checked by :func:`~tabletop.bots.make_bot`) swaps their
    iteration budget for that wall time per decision.

    >>> import tabletop
    >>> state = tabletop.make("uno-power", target_score="single_round").new_state(2, seed=1)
    >>> bot = ISMCTSBot(seed=3, settings=SearchSettings(iterations=20))
    >>> bot.choose(state, state.current_player) in state.legal_actions()
    True
    """

    name = "ismcts"
    level: str | None = None

    def __init__(
        self,
        seed: int | None = None,
        settings: SearchSettings | None = None,
        think: float | None = None,
    ) -> None:
        super().__init__(seed)
        self.settings = settings
        self.think = think
        self._heuristic: Bot | None = None

    def reads_plays(self, game_id: str) -> bool:
        return self.settings_for(game_id).belief

    def settings_for(self, game_id: str) -> SearchSettings:
        """The settings this bot searches with in ``game_id``."""
        if self.settings is not None:
            return self.settings
        base = SearchSettings() if self.level is None else level_settings(self.level, game_id)
        return base if self.think is None else replace(base, seconds=self.think)

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        stats = self.searcher_for(state, player).search(state, player)
        best = max(stats, key=lambda s: (s.visits, s.win_rate))
        return best.action

    def searcher_for(self, state: State, player: int) -> ISMCTS:
        """The search that decides for ``player`` in ``state``."""
        return self.searcher(state.game.id, self.sampler(state, player))

    def sampler(self, state: State, player: int) -> Sampler | None:
        """The game's belief for ``player`` now, if the settings read the plays."""
        if not self.settings_for(state.game.id).belief:
            return None
        return state.game.belief(state, player, self.rng)

    def searcher(self, game_id: str, sample: Sampler | None = None) -> ISMCTS:
        policy: RolloutPolicy | None = None
        settings = self.settings_for(game_id)
        if (
            settings.rollout == "heuristic"
            or settings.widening_c > 0
            or settings.prior
            or settings.opponents == "policy"
        ):
            policy = self._heuristic_policy(game_id)
        evaluate: Evaluator = default_evaluation
        if settings.leaf == "network":
            from tabletop.bots.learned import network_leaf  # numpy, loaded when asked for

            evaluate = network_leaf(game_id)
        return ISMCTS(settings, self.rng, policy, evaluate, sample=sample)

    def _heuristic_policy(self, game_id: str) -> RolloutPolicy:
        from tabletop.bots.registry import list_bots, make_bot

        if self._heuristic is None and "heuristic" in list_bots(game_id):
            self._heuristic = make_bot("heuristic", game_id, seed=self.rng.randrange(2**62))
        heuristic = self._heuristic
        if heuristic is None:
            return random_policy

        def policy(state: State, rng: Rng) -> Action:
            return heuristic.choose(state, state.current_player)

        return policy


# Strength levels shared by every game: tuned so that "normal" answers within a
# second on one core (see benchmarks/bench_bots.py).
LEVELS: dict[str, SearchSettings] = {
    "easy": SearchSettings(iterations=30, rollout_depth=20),
    "normal": SearchSettings(iterations=150, rollout="heuristic", rollout_depth=60, prior=2.0),
    "hard": SearchSettings(iterations=600, rollout="heuristic", rollout_depth=60, prior=2.0),
}

# A game's own tuning of a level, where other settings suit it better
# (docs/bots.md has the figures). The level names stay the same for every game.
GAME_LEVELS: dict[str, dict[str, SearchSettings]] = {
    # UNO Power: a round lasts about 60 actions, so full rollouts end in a win or a
    # loss the shuffles mostly decide. Cut after 10 and scored by estimate_returns,
    # they measured no weaker (0.288 against 0.265) and take half the time. Hands
    # dealt by what the seats played (the game's belief) won 0.297 against 0.259 of the
    # same 1,000 rounds against three heuristic bots.
    # Scoring the rollouts' ends by the package's network instead (leaf="network")
    # measured no stronger: 0.297 against 0.295 of the same 1,000 rounds on seed 2026
    # (docs/bots.md, "What a stronger UNO Power hard needs").
    "uno-power": {
        level: replace(LEVELS[level], rollout_depth=10, belief=True) for level in ("normal", "hard")
    },
    # King of Tokyo's hard: rollouts of about a turn (15 actions) scored by
    # estimate_returns, and twice the iterations in about the same time, so the search
    # spends itself on the turn at hand rather than on dice rolled turns later
    # (docs/bots.md, "What a stronger King of Tokyo hard needs").
    "king-of-tokyo": {"hard": replace(LEVELS["hard"], iterations=1200, rollout_depth=15)},
    # Kung Fu and King of Tokyo have beliefs too, but reading the plays measured no
    # stronger there (+0.001 over 1,000 Kung Fu games, +0.015 over 400 Power Up! games):
    # their levels deal uniformly.
}


def level_settings(level: str, game_id: str) -> SearchSettings:
    """``level``'s settings in ``game_id``: the game's own tuning, else the shared ones."""
    return GAME_LEVELS.get(game_id, {}).get(level) or LEVELS[level]


class EasyBot(ISMCTSBot):
    """ISMCTS with a small budget: plays reasonably, makes mistakes."""

    name = "easy"
    level = "easy"


class NormalBot(ISMCTSBot):
    """ISMCTS at the default level (also registered as ``ismcts``)."""

    name = "normal"
    level = "normal"


class HardBot(ISMCTSBot):
    """ISMCTS with a large budget: slower, stronger."""

    name = "hard"
    level = "hard"
