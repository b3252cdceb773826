"""Information-set Monte Carlo tree search that works for every game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): each iteration
samples a determinization of the true state from the searching player's point of
view (``state.determinize(player, rng)``), so hidden cards and future chance events
are drawn anew every time and never read from the real game. One tree is shared by
all iterations; its edges are action ids. Because a determinization decides which
actions exist, a child's exploration term counts how often it was *available*
rather than how often its parent was visited.

Rewards are vectors (one entry per seat, from ``State.returns`` or, when a rollout
is cut short, from an evaluation function), and every node is scored for the seat
that chose the action leading to it: the usual multi-player (max^n) reading.

With ``opponents="policy"`` the other seats' decisions get no nodes: the rollout
policy plays them on each determinization, so the tree branches only on the
searcher's own decisions and answers that model of the opponents (a best response),
instead of letting max^n opponents "see" the searcher's hand, which every
determinization keeps.

Where a node offers many actions (King of Tokyo's dice keeps), progressive widening
lets only ``ceil(widening_c * visits ** widening_alpha)`` children in, in the order
the rollout policy prefers, so the search does not drown in near-duplicates.

The search is compiled with the engines in the compiled build (docs/install.md); the
bots that use it (:mod:`tabletop.bots.ismcts`) derive from :class:`~tabletop.bots.Bot`
and stay Python.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from tabletop.core.action import Action
from tabletop.core.game import Sampler as Sampler
from tabletop.core.game import State
from tabletop.core.rng import Rng

Evaluator = Callable[[State], list[float]]
RolloutPolicy = Callable[[State, Rng], Action]


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard ISMCTS thinks.

    ``iterations`` bounds the search; ``seconds``, when set, bounds it by wall time
    instead (then the result depends on the machine's speed). ``rollout_depth``
    cuts rollouts short, and the game's evaluation scores the position reached.
    ``opponents`` says who decides for the other seats inside the tree: tree nodes
    (``"tree"``, max^n) or the rollout policy (``"policy"``). ``belief`` deals the
    hidden cards of each determinization by what the other seats did, where the game
    has a belief (``Game.belief``), instead of uniformly. ``leaf`` scores the position
    where a rollout stops: by the game's estimate (``"estimate"``, the state's
    ``estimate_returns``) or by the game's trained network (``"network"``, the
    package's model: :func:`tabletop.bots.learned.network_leaf`, which needs numpy).
    """

    iterations: int = 200
    seconds: float | None = None
    exploration: float = 0.7
    rollout: Literal["random", "heuristic"] = "random"
    rollout_depth: int = 60
    widening_c: float = 0.0  # 0 disables progressive widening
    widening_alpha: float = 0.5
    prior: float = 0.0  # bonus for the rollout policy's own choice, fading with visits
    opponents: Literal["tree", "policy"] = "tree"
    belief: bool = False  # deal hidden cards by what the seats did (``Game.belief``)
    leaf: Literal["estimate", "network"] = "estimate"


class _Node:
    __slots__ = ("available", "children", "preferred", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.preferred = -1  # the policy's choice here, when a prior is used


@dataclass(frozen=True, slots=True)
class ActionStats:
    """One root action after a search: how often it was tried and how it fared."""

    action: Action
    visits: int
    win_rate: float


def default_evaluation(state: State) -> list[float]:
    """``returns()`` at the end; otherwise the game's own estimate, if it has one."""
    if state.is_terminal():
        return state.returns()
    estimate = getattr(state, "estimate_returns", None)
    if estimate is not None:
        values: list[float] = estimate()
        return values
    return [1.0 / state.num_players] * state.num_players


def random_policy(state: State, rng: Rng) -> Action:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


class ISMCTS:
    """The search itself, reusable by bots and by :func:`tabletop.bots.analyse`."""

    def __init__(
        self,
        settings: SearchSettings,
        rng: Rng,
        policy: RolloutPolicy | None = None,
        evaluate: Evaluator = default_evaluation,
        sample: Sampler | None = None,
    ) -> None:
        self.settings = settings
        self.rng = rng
        self.policy = policy or random_policy
        self.evaluate = evaluate
        # A study may search with other determinizations (an oracle that knows some
        # hidden cards); compiled code calls ``State.determinize`` directly, so
        # replacing that method on the class would not reach the search.
        self.sample = sample

    def search(self, state: State, player: int) -> list[ActionStats]:
        """Search from ``player``'s information set; stats of the root's actions."""
        settings = self.settings
        root = _Node()
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        iteration = 0
        sample = self.sample
        while True:
            if deadline is None:
                if iteration >= settings.iterations:
                    break
            elif iteration > 0 and time.perf_counter() >= deadline:
                break
            if sample is None:
                det = state.determinize(player, self.rng)
            else:
                det = sample(state, player, self.rng)
            self._iterate(det, root, player)
            iteration += 1
        legal = state.legal_actions()
        out = []
        for action in legal:
            child = root.children.get(action.id)
            visits = child.visits if child else 0
            rate = child.reward / child.visits if child and child.visits else 0.0
            out.append(ActionStats(action, visits, rate))
        return out

    def _iterate(self, det: State, root: _Node, player: int) -> None:
        settings = self.settings
        rng = self.rng
        node = root
        path: list[tuple[_Node, int]] = []  # (node, seat that chose the action into it)
        c = settings.exploration
        prior = settings.prior
        modelled = settings.opponents == "policy"
        while not det.is_terminal():
            actor = det.current_player
            if modelled and actor != player:
                det.apply(self.policy(det, rng))
                continue
            legal = det.legal_actions()
            children = node.children
            if prior and node.preferred < 0:
                node.preferred = self.policy(det, rng).id
            limit = len(legal)
            if settings.widening_c > 0:
                limit = max(
                    1, math.ceil(settings.widening_c * (node.visits + 1) ** settings.widening_alpha)
                )
            untried = [a for a in legal if a.id not in children]
            if untried and len(children) < limit:
                action = self._expansion_choice(det, untried)
                child = _Node()
                children[action.id] = child
                for a in legal:
                    known = children.get(a.id)
                    if known is not None:
                        known.available += 1
                det.apply(action)
                path.append((child, actor))
                node = child
                break
            best: _Node | None = None
            best_action = legal[0]
            best_score = -math.inf
            for a in legal:
                known = children.get(a.id)
                if known is None:
                    continue
                known.available += 1
                score = known.reward / known.visits + c * math.sqrt(
                    math.log(known.available) / known.visits
                )
                if a.id == node.preferred:
                    score += prior / (known.visits + 1)
                if score > best_score:
                    best_score, best, best_action = score, known, a
            if best is None:  # widening closed every legal child: take one in
                action = self._expansion_choice(det, untried)
                best = children[action.id] = _Node()
                best.available += 1
                best_action = action
            det.apply(best_action)
            path.append((best, actor))
            node = best
        rewards = self._rollout(det)
        root.visits += 1
        for visited, seat in path:
            visited.visits += 1
            visited.reward += rewards[seat]

    def _expansion_choice(self, det: State, untried: list[Action]) -> Action:
        if self.settings.widening_c > 0 or self.settings.prior:
            preferred = self.policy(det, self.rng)
            if preferred in untried:
                return preferred
        return untried[self.rng.randrange(len(untried))]

    def _rollout(self, det: State) -> list[float]:
        depth = self.settings.rollout_depth
        policy = self.policy
        rng = self.rng
        steps = 0
        while not det.is_terminal() and steps < depth:
            det.apply(policy(det, rng))
            steps += 1
        return self.evaluate(det)
