"""A tiny game for testing the core: take 1 or 2 tokens; each seat holds a secret.

The player who takes the last token wins. Each seat is dealt a secret digit that
only it may see. Flags break one promise of the game API at a time, so tests can
check that the conformance harness notices.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from tabletop.core import TERMINAL, Action, Game, GameInfo, Rng, State

ACTIONS = (Action(0, "take 1"), Action(1, "take 2"))


@dataclass(frozen=True)
class ToyOptions:
    tokens: int = 7
    leak_view: bool = False
    nondeterministic: bool = False
    shared_clone: bool = False
    unchecked_apply: bool = False


class ToyGame(Game[ToyOptions]):
    id = "toy"
    title = "Toy"
    options_type = ToyOptions

    @cached_property
    def info(self) -> GameInfo:
        return GameInfo("toy", "Toy", 2, 3, 2, self.options.tokens + 1)

    @property
    def actions(self) -> tuple[Action, ...]:
        return ACTIONS

    def new_state(self, num_players: int, seed: int | None = None, *, log: bool = True) -> ToyState:
        self.check_num_players(num_players)
        return ToyState.new(self, num_players, self.fresh_seed() if seed is None else seed, log)

    def state_from_dict(self, data: dict[str, Any]) -> ToyState:
        state = ToyState.__new__(ToyState)
        s = state._restore_base(self, data)
        state.tokens = s["tokens"]
        state.turn = s["turn"]
        state.secrets = list(s["secrets"])
        state.rng = Rng.from_dict(s["rng"])
        return state


class ToyState(State):
    __slots__ = ("rng", "secrets", "tokens", "turn")

    @classmethod
    def new(cls, game: ToyGame, n: int, seed: int, log: bool) -> ToyState:
        self = cls.__new__(cls)
        self._init_base(game, n, seed, log)
        self.rng = Rng(seed)
        self.tokens = game.options.tokens
        self.turn = 0
        self.secrets = [self.rng.randrange(10) for _ in range(n)]
        if game.options.nondeterministic:
            import random

            self.secrets[0] = random.randrange(1000)
        if self._log is not None:
            for p, secret in enumerate(self.secrets):
                self._log.add("secret", f"your secret is {secret}", frozenset((p,)))
        return self

    @property
    def opts(self) -> ToyOptions:
        options: ToyOptions = self._game.options
        return options

    @property
    def current_player(self) -> int:
        return TERMINAL if self.tokens == 0 else self.turn

    def legal_actions(self) -> list[Action]:
        if self.tokens == 0:
            return []
        return list(ACTIONS[: min(2, self.tokens)])

    def _apply(self, action: Action) -> None:
        self.tokens = max(0, self.tokens - (action.id + 1))
        if self._log is not None:
            self._log.add("take", f"player {self.turn} takes {action.id + 1}")
        if self.tokens:
            self.turn = (self.turn + 1) % self.num_players

    def is_terminal(self) -> bool:
        return self.tokens == 0

    def returns(self) -> list[float]:
        return [float(self.tokens == 0 and p == self.turn) for p in range(self.num_players)]

    def view(self, player: int | None = None) -> dict[str, Any]:
        mine = None if player is None else self.secrets[player]
        view: dict[str, Any] = {"tokens": self.tokens, "turn": self.turn, "secret": mine}
        if self.opts.leak_view:
            view["all"] = list(self.secrets)
        return view

    def clone(self) -> ToyState:
        twin = ToyState.__new__(ToyState)
        self._copy_base(twin)
        twin.tokens = self.tokens
        twin.turn = self.turn
        twin.secrets = self.secrets if self.opts.shared_clone else self.secrets[:]
        twin.rng = self.rng.clone()
        return twin

    def apply(self, action: Action | int) -> None:
        if self.opts.unchecked_apply:  # a broken game: no legality check
            self.history.append(int(action))
            self._apply(ACTIONS[int(action)])
        else:
            super().apply(action)

    def determinize(self, observer: int, rng: Rng) -> ToyState:
        twin = self.clone()
        twin.secrets = [
            s if p == observer else rng.randrange(10) for p, s in enumerate(self.secrets)
        ]
        twin.rng = rng.derive()
        return twin

    def _state_dict(self) -> dict[str, Any]:
        return {
            "tokens": self.tokens,
            "turn": self.turn,
            "secrets": list(self.secrets),
            "rng": self.rng.to_dict(),
        }
