"""Batched environments: ``num_envs`` games of one game stepped per call, in numpy.

>>> import numpy as np
>>> from tabletop.rl.vector import VectorGames
>>> games = VectorGames("kung-fu", num_envs=8, opponents=["heuristic"])
>>> out = games.reset(seed=1)
>>> out.obs.shape, out.masks.shape == (8, games.num_actions), out.masks.dtype.name
((8, 239), True, 'bool')
>>> rng = np.random.default_rng(0)
>>> for _ in range(50):
...     out = games.step(games.sample_actions(rng))
>>> out.rewards.shape, int(games.episodes.sum()) >= 0
((8, 2), True)

Each call returns a :class:`Batch` of arrays that are **buffers the next call
overwrites** (copy what you keep): ``obs`` ``(N, obs_dim)`` float32, the
observation of the seat that decides in each game; ``masks`` ``(N, num_actions)``
bool, its legal actions; ``rewards`` ``(N, num_players)`` float32, every seat's
return in the games that ended at this step (0 elsewhere); ``terminated`` and
``truncated`` ``(N,)`` bool; ``players`` ``(N,)`` int64, the seat whose observation
row ``i`` holds.

- **Learners and bots.** ``learner_seats`` (default ``(0,)``) are the seats the caller
  decides for; every other seat is played inside the call by the bot that
  ``opponents`` names for it (one name per such seat, in seat order), so a step
  returns only at a learner's decision. ``learner_seats="all"`` is self-play: every
  decision comes back to the caller, and ``players`` says whose it is.
- **Autoreset** (Gymnasium's ``NEXT_STEP`` mode, the default): a game that ends
  returns its final observation with ``terminated`` set (and an all-false mask); at
  the next :meth:`~VectorGames.step` its action is ignored and it starts its next
  episode. With ``autoreset="same_step"`` it starts the next episode in the same call:
  ``obs``, ``masks`` and ``players`` show the new episode's first decision,
  ``rewards`` and ``terminated`` the episode that ended, and ``final_obs`` its final
  observation (what a learner bootstraps a truncated episode from).
- **Determinism.** Game ``i`` of ``reset(seed, start=s)`` is game ``s + i`` of
  ``seed``'s sequence: its deals and its bots depend only on ``seed`` and ``s + i``,
  so 256 games in one batch, or in four batches of 64 with ``start`` 0, 64, 128 and
  192, play the same trajectories for the same actions.
- **Bad input** changes no game: actions must be an integer array of shape ``(N,)``,
  each legal in its game's mask (an error names the first game and action that is
  not).
- ``max_steps`` cuts an episode (``truncated``) after that many learner decisions.

Observations come from the game's :class:`~tabletop.rl.observers.Observer` (or the
one passed as ``observer``: a subclass of your own works, through the interpreted
path), in the same layout as the PettingZoo and Gymnasium environments.
"""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

import tabletop
from tabletop.bots import make_bot
from tabletop.core.errors import TabletopError
from tabletop.rl.observers import FloatArray, Observer, observer_for
from tabletop.rl.stepping import Stepper

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class Batch:
    """What a reset or a step shows of every game (buffers the next call overwrites)."""

    obs: FloatArray
    masks: BoolArray
    rewards: FloatArray
    terminated: BoolArray
    truncated: BoolArray
    players: IntArray
    final_obs: FloatArray | None = None
    """With ``autoreset="same_step"``: the last observation of the games that ended."""


class VectorGames:
    """``num_envs`` games of ``game_id`` (with ``options``), stepped together."""

    def __init__(
        self,
        game_id: str,
        num_envs: int,
        num_players: int | None = None,
        *,
        opponents: Sequence[str] = (),
        learner_seats: Sequence[int] | Literal["all"] = (0,),
        max_steps: int | None = None,
        autoreset: Literal["next_step", "same_step"] = "next_step",
        observer: Observer | None = None,
        **options: Any,
    ) -> None:
        self.game = tabletop.make(game_id, **options)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise TabletopError(
                "num_envs must be a whole number of at least 1, not {n!r}", n=num_envs
            )
        opponents = [opponents] if isinstance(opponents, str) else list(opponents)
        if learner_seats == "all":
            if opponents:
                raise TabletopError("learner_seats='all' leaves no seat to the opponents")
            if num_players is None:
                num_players = self.game.info.min_players
            seats = list(range(num_players))
        else:
            if isinstance(learner_seats, str):
                raise TabletopError(
                    "learner_seats must be seat numbers or 'all', not {seats!r}",
                    seats=learner_seats,
                )
            seats = sorted({int(seat) for seat in learner_seats})
            if not seats:
                raise TabletopError("at least one seat must be the learner's")
            if num_players is None:
                num_players = len(seats) + len(opponents)
        self.game.check_num_players(num_players)
        if any(not 0 <= seat < num_players for seat in seats):
            raise TabletopError(
                "learner seats must be 0 to {last}, not {seats}", last=num_players - 1, seats=seats
            )
        if len(seats) + len(opponents) != num_players:
            raise TabletopError(
                "{players} seats: {learners} learner seat(s) need {needed} opponent(s), "
                "{given} named",
                players=num_players,
                learners=len(seats),
                needed=num_players - len(seats),
                given=len(opponents),
            )
        for name in opponents:
            make_bot(name, self.game.id, seed=0)  # an unknown name fails here, not later
        if autoreset not in ("next_step", "same_step"):
            raise TabletopError(
                "autoreset must be 'next_step' or 'same_step', not {mode!r}", mode=autoreset
            )
        if max_steps is not None and max_steps < 1:
            raise TabletopError("max_steps must be at least 1, not {n}", n=max_steps)
        self.num_envs = num_envs
        self.num_players = num_players
        self.learner_seats = tuple(seats)
        self.opponents = tuple(opponents)
        self.observer = observer if observer is not None else observer_for(self.game)
        self.num_actions = self.observer.num_actions
        learners = [seat in seats for seat in range(num_players)]
        size = self.observer.size
        self._stepper = Stepper(
            self.game, self.observer, num_envs, num_players, learners, opponents, make_bot,
            max_steps or 0, autoreset == "same_step",
        )  # fmt: skip
        s = self._stepper
        self.autoreset = autoreset
        self.batch = Batch(
            obs=np.zeros((num_envs, size), np.float32),
            masks=np.zeros((num_envs, self.num_actions), np.bool_),
            rewards=np.frombuffer(s.rewards, np.float32).reshape(num_envs, num_players),
            terminated=np.frombuffer(s.terminated, np.bool_),
            truncated=np.frombuffer(s.truncated, np.bool_),
            players=np.frombuffer(s.players, np.int64),
            final_obs=np.zeros((num_envs, size), np.float32) if autoreset == "same_step" else None,
        )
        self._rows = np.arange(num_envs)
        self._started = False

    @property
    def episodes(self) -> IntArray:
        """Episodes each game has finished since the last reset."""
        return np.frombuffer(self._stepper.episodes, np.int64).copy()

    def reset(self, seed: int = 0, start: int = 0) -> Batch:
        """Every game from its first episode: game ``i`` is game ``start + i`` of
        ``seed``'s sequence."""
        for name, value in (("seed", seed), ("start", start)):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
                raise TabletopError(
                    "{name} must be a whole number >= 0, not {value!r}", name=name, value=value
                )
        self._stepper.reset(int(seed), int(start))
        self._started = True
        return self._gathered()

    def step(self, actions: npt.ArrayLike) -> Batch:
        """Apply one action per game (ignored for games that ended at the last step)."""
        if not self._started:
            raise TabletopError("call reset() before step()")
        ids = self._checked(actions)
        self._stepper.step(ids.tolist())
        return self._gathered()

    def _gathered(self) -> Batch:
        """The batch, its observations and masks copied from the games' rows (one
        ``bytes.join`` of each kind of row, then one conversion)."""
        s, batch = self._stepper, self.batch
        shape = batch.obs.shape
        batch.obs[...] = np.frombuffer(b"".join(s.rows), np.float64).reshape(shape)
        batch.masks[...] = np.frombuffer(b"".join(s.mask_rows), np.bool_).reshape(batch.masks.shape)
        if batch.final_obs is not None:
            batch.final_obs[...] = np.frombuffer(b"".join(s.final_rows), np.float64).reshape(shape)
        return batch

    def _checked(self, actions: npt.ArrayLike) -> IntArray:
        """``actions`` as int64 ids, each legal where it is used; else an error (before
        any game moves)."""
        try:
            given = np.asarray(actions)
        except (TypeError, ValueError) as error:  # ragged lists and the like
            raise TabletopError(
                "actions must be an integer array of shape ({n},): {error}",
                n=self.num_envs,
                error=error,
            ) from None
        if given.shape != (self.num_envs,) or not np.issubdtype(given.dtype, np.integer):
            raise TabletopError(
                "actions must be an integer array of shape ({n},), got {dtype} {shape}",
                n=self.num_envs,
                dtype=given.dtype.name,
                shape=given.shape,
            )
        ids = given.astype(np.int64, copy=False)
        batch = self.batch
        if self.autoreset == "same_step":
            used = np.ones(self.num_envs, np.bool_)
        else:
            used = ~(batch.terminated | batch.truncated)
        inside = (ids >= 0) & (ids < self.num_actions)
        legal = np.zeros(self.num_envs, np.bool_)
        legal[inside] = batch.masks[self._rows[inside], ids[inside]]
        bad = np.flatnonzero(used & ~legal)
        if bad.size:
            i = int(bad[0])
            action = int(ids[i])
            if 0 <= action < self.num_actions:
                shown = str(self.game.action_from_id(action))
            else:
                shown = f"no action of {self.game.id} (ids 0 to {self.num_actions - 1})"
            raise TabletopError(
                "game {i}: action {action} ({shown}) is not legal now; no game was moved",
                i=i,
                action=action,
                shown=shown,
            )
        return ids

    def sample_actions(self, rng: np.random.Generator) -> IntArray:
        """A uniformly random legal action per game (0 where none is legal), drawn in
        numpy from the masks."""
        masks = self.batch.masks
        legal = np.flatnonzero(masks)  # row-major: each game's legal ids, game by game
        if not legal.size:
            return np.zeros(self.num_envs, np.int64)
        counts = np.bincount(legal // self.num_actions, minlength=self.num_envs)
        firsts = np.cumsum(counts) - counts
        picks = firsts + (rng.random(self.num_envs) * counts).astype(np.int64)
        chosen = legal[np.minimum(picks, legal.size - 1)] % self.num_actions
        return np.where(counts > 0, chosen, 0)

    def states(self) -> list[Any]:
        """The games' states (read them; apply nothing to them directly)."""
        return list(self._stepper.states)

    def __repr__(self) -> str:
        return (
            f"VectorGames({self.game.id}, num_envs={self.num_envs}, "
            f"players={self.num_players}, learners={self.learner_seats})"
        )


def bytes_per_game(
    game_id: str, num_players: int, *, num_envs: int = 64, steps: int = 50, **options: Any
) -> int:
    """What one game of a self-play batch holds (its state, its rows of the buffers):
    the memory ``tracemalloc`` sees held by a batch of ``num_envs`` games after
    ``steps`` random steps, divided by ``num_envs``."""
    gc.collect()
    tracemalloc.start()
    try:
        games = VectorGames(game_id, num_envs, num_players, learner_seats="all", **options)
        games.reset(seed=0)
        rng = np.random.default_rng(0)
        for _ in range(steps):
            games.step(games.sample_actions(rng))
        held, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return held // num_envs


__all__ = ["Batch", "BoolArray", "IntArray", "VectorGames", "bytes_per_game"]
