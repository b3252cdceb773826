"""The inner loop of a batch of games (:mod:`tabletop.rl.vector`), which a compiled build
compiles with the engines and the observers: no numpy here, only the rules' and the
observer's own calls.

A :class:`Stepper` owns ``num_envs`` games of one game. Each step leaves, for game
``i``, its observation row and mask row (the observer's fresh ``vec`` buffers, written
without a Python call per entry in a compiled build) in ``rows[i]`` and
``mask_rows[i]``, and its flags and rewards in flat buffers (``array.array`` and
``bytearray``) that numpy wraps once; the caller gathers the rows into its arrays with
one ``bytes.join`` each.
"""

from __future__ import annotations

import array
import hashlib
from collections.abc import Callable, Sequence
from typing import Any

from librt.vecs import vec
from mypy_extensions import u8

from tabletop.core.game import Game, State
from tabletop.rl.observers.base import Observer, Row

BotFactory = Callable[[str, str, int], Any]
"""``make_bot(name, game_id, seed)``: passed in, so this module imports no bot."""


def derived_seed(seed: int, *parts: int | str) -> int:
    """A 63-bit seed that depends on ``seed`` and ``parts`` only (in any process):
    game ``i`` of a batch draws everything from ``derived_seed(seed, i, ...)``, so it
    plays the same however many games share the batch."""
    text = "/".join(str(part) for part in (seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


class Stepper:
    """``num_envs`` games, each from its own seed stream, stepped together.

    ``learners[seat]`` says whether the caller decides for ``seat``; the other seats
    are played here by the bots ``opponents`` names (one per such seat, in seat order).
    A game that ends starts its next episode at the next :meth:`step`, whose action for
    it is ignored (Gymnasium's ``NEXT_STEP`` autoreset), or with ``same_step`` at once,
    its final observation kept in ``final_obs`` (``SAME_STEP``).
    """

    def __init__(
        self,
        game: Game[Any],
        observer: Observer,
        num_envs: int,
        num_players: int,
        learners: Sequence[bool],
        opponents: Sequence[str],
        make_bot: BotFactory,
        max_steps: int,
        same_step: bool,
    ) -> None:
        self.game = game
        self.observer = observer
        self.num_envs = num_envs
        self.num_players = num_players
        self.learners = [bool(flag) for flag in learners]
        self.opponents = list(opponents)
        self.make_bot = make_bot
        self.max_steps = max_steps  # learner steps before an episode is cut; 0: never
        self.same_step = same_step
        blank: Row = vec[float]([0.0] * observer.size)
        no_actions = vec[u8]([0] * observer.num_actions)
        self.rows: list[Row] = [blank] * num_envs  # each game's observation, float64
        self.final_rows: list[Row] = [blank] * (num_envs if same_step else 0)
        self.mask_rows: list[vec[u8]] = [no_actions] * num_envs
        self.rewards = array.array("f", bytes(4 * num_envs * num_players))
        self.terminated = bytearray(num_envs)
        self.truncated = bytearray(num_envs)
        self.players = array.array("q", bytes(8 * num_envs))
        self.episodes = array.array("q", bytes(8 * num_envs))  # finished, per game
        self.lengths = array.array("q", bytes(8 * num_envs))  # learner steps this episode
        self.states: list[State] = []
        self.bots: list[list[Any]] = []
        self.seed = 0
        self.start = 0
        self._reads_plays = False
        self._no_rewards = array.array("f", bytes(4 * num_envs * num_players))
        self._no_flags = bytes(num_envs)

    # -- episodes -----------------------------------------------------------

    def reset(self, seed: int, start: int) -> None:
        """Every game from its first episode: game ``i`` is game ``start + i`` of
        ``seed``'s sequence, its bots seeded from the same."""
        self.seed = seed
        self.start = start
        game_id = self.game.id
        self.bots = []
        for i in range(self.num_envs):
            index = start + i
            seats: list[Any] = []
            names = iter(self.opponents)
            for seat in range(self.num_players):
                if self.learners[seat]:
                    seats.append(None)
                else:
                    bot_seed = derived_seed(seed, index, "bot", seat)
                    seats.append(self.make_bot(next(names), game_id, bot_seed))
            self.bots.append(seats)
        self._reads_plays = any(
            bot.reads_plays(game_id) for seats in self.bots for bot in seats if bot is not None
        )
        self.states = []
        self.rewards[:] = self._no_rewards
        self.terminated[:] = self._no_flags
        self.truncated[:] = self._no_flags
        for i in range(self.num_envs):
            self.episodes[i] = 0
            self.players[i] = self.learners.index(True)
            self.states.append(self._new_episode(i))

    def _new_episode(self, i: int) -> State:
        """Game ``i``'s next episode, up to its first learner decision (an episode that
        ends before one counts and is followed by the next)."""
        while True:
            episode_seed = derived_seed(self.seed, self.start + i, int(self.episodes[i]))
            state = self.game.new_state(self.num_players, episode_seed, log=False)
            if not self._reads_plays:
                state.drop_record()  # no bot here searches by what the seats played
            self.lengths[i] = 0
            if self._advance(i, state):
                return state
            self.episodes[i] += 1

    # -- steps --------------------------------------------------------------

    def step(self, actions: list[int]) -> None:
        """One decision for every game (the caller has checked each is legal), or the
        next episode's start for the games that ended at the last step."""
        ended_before = self.terminated[:] if not self.same_step else self._no_flags
        cut_before = self.truncated[:] if not self.same_step else self._no_flags
        self.rewards[:] = self._no_rewards
        self.terminated[:] = self._no_flags
        self.truncated[:] = self._no_flags
        for i in range(self.num_envs):
            if ended_before[i] or cut_before[i]:
                self.episodes[i] += 1
                self.states[i] = self._new_episode(i)
                continue
            state = self.states[i]
            state.apply(actions[i])
            self.lengths[i] += 1
            if not self._advance(i, state):
                self._finish(i, state)
            elif self.max_steps and self.lengths[i] >= self.max_steps:
                self.truncated[i] = 1
            else:
                continue
            if self.same_step:
                self.final_rows[i] = self.rows[i]
                self.episodes[i] += 1
                self.states[i] = self._new_episode(i)

    def _advance(self, i: int, state: State) -> bool:
        """Play the bots' seats up to a learner's decision, and write what game ``i``
        shows then; False if the game ended first."""
        bots = self.bots[i]
        learners = self.learners
        while not state.is_terminal():
            player = state.current_player
            if learners[player]:
                self.players[i] = player
                self.rows[i] = self.observer.row(state, player)
                self.mask_rows[i] = self.observer.mask_row(state)
                return True
            state.apply(bots[player].choose(state, player))
        return False

    def _finish(self, i: int, state: State) -> None:
        """Every seat's return, and the final observation of the last learner to decide."""
        returns = state.returns()
        at = i * self.num_players
        for seat in range(self.num_players):
            self.rewards[at + seat] = returns[seat]
        self.terminated[i] = 1
        player = int(self.players[i])
        self.rows[i] = self.observer.row(state, player)
        self.mask_rows[i] = self.observer.mask_row(state)
