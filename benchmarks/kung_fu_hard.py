"""What a stronger Kung Fu ``hard`` could be: search variants and two oracles against ``normal``.

One bot plays ``normal`` in ``strength.py``'s games (same seeds, seats alternating):

``hard``            the level as registered: 600 iterations, heuristic rollouts
``learned-search``  600 iterations, the package's network as prior and leaf value
``mixed``           600 iterations, the network as prior; a leaf scored half by the
                    network, half by a heuristic rollout (AlphaGo's mix)
``rollouts``        as ``mixed``, scored by the rollout alone (the network only as prior)
``policy``          ``hard`` with the opponent played by the heuristic inside the tree
                    (``opponents="policy"``): a model that does not see the searcher's hand
``hands``           ``hard``, its determinizations dealt the opponent's true hand
                    (the draw piles re-shuffled): a perfect belief
``everything``      ``hard`` searching the true state itself, the draw piles' order too

The two oracles read the true state: a measurement of what the hidden cards are worth,
never a bot. Tune on a seed of your own; the figures in docs/bots.md ("Learned bots")
used seed 99, and the levels are measured on seed 2026::

    python benchmarks/kung_fu_hard.py --bot mixed --games 200 --seed 99 --jobs 2
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import replace

from strength import play_games, variants_main
from tabletop.bots import Bot, make_bot
from tabletop.bots.ismcts import HardBot, SearchSettings, level_settings
from tabletop.bots.learned import Judge, LearnedSearchBot
from tabletop.bots.search import Evaluator, Sampler, default_evaluation
from tabletop.core.rng import Rng
from tabletop.core.state import State

ITERATIONS = 600
ROLLOUT_DEPTH = 60  # as the levels' rollouts; then the game's own estimate
POLICY = replace(level_settings("hard", "kung-fu"), opponents="policy")


class MixedSearchBot(LearnedSearchBot):
    """The network's choice as the prior; a leaf scored by ``weight`` times the
    network's value plus the rest times a heuristic rollout's result."""

    weight = 0.5

    def leaf_value(self, judge: Judge, state: State) -> Evaluator:
        heuristic = make_bot("heuristic", state.game.id, seed=0)  # it plays without chance
        weight = self.weight

        def evaluate(det: State) -> list[float]:
            net = judge.returns(det) if weight and not det.is_terminal() else None
            for _ in range(ROLLOUT_DEPTH):
                if det.is_terminal():
                    break
                det.apply(heuristic.choose(det, det.current_player))
            rolled = default_evaluation(det)
            if net is None:
                return rolled
            return [weight * a + (1 - weight) * b for a, b in zip(net, rolled, strict=True)]

        return evaluate


class RolloutSearchBot(MixedSearchBot):
    weight = 0.0


class HandsOracleBot(HardBot):
    """``hard``, dealt the opponent's true hand in every determinization."""

    def sampler(self, state: State, player: int) -> Sampler | None:
        def sample(true: State, observer: int, rng: Rng) -> State:
            opponent = 1 - observer
            return true.deal_hidden(observer, rng, {opponent: true.hand_types(opponent)})  # type: ignore[attr-defined]

        return sample


class EverythingOracleBot(HardBot):
    """``hard``, searching copies of the true state (future draws included)."""

    def sampler(self, state: State, player: int) -> Sampler | None:
        return lambda true, observer, rng: true.clone()


def _searching(cls: type[LearnedSearchBot]) -> Callable[[int], Bot]:
    settings = SearchSettings(iterations=ITERATIONS, rollout_depth=0, prior=2.0)
    return lambda seed: cls(seed=seed, settings=settings)


BOTS: dict[str, Callable[[int], Bot]] = {
    "hard": lambda seed: make_bot("hard", "kung-fu", seed=seed),
    "learned-search": _searching(LearnedSearchBot),
    "mixed": _searching(MixedSearchBot),
    "rollouts": _searching(RolloutSearchBot),
    "policy": lambda seed: HardBot(seed=seed, settings=POLICY),
    "hands": HandsOracleBot,
    "everything": EverythingOracleBot,
}


def _play(bot: str, seed: int, indices: list[int]) -> list[float]:
    outcomes = play_games("kung-fu", {}, "normal", "normal", 2, seed, indices, BOTS[bot])
    return [o.score(o.seat) for o in outcomes]


def main(argv: Sequence[str] | None = None) -> int:
    return variants_main(__doc__, list(BOTS), _play, "normal", "mixed", argv)


if __name__ == "__main__":
    sys.exit(main())
