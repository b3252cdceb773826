"""A lottery with a known answer, for testing the lab's paired experiments.

Each seat in turn says "ready" (its only action); then one seat wins, drawn with
chances proportional to the tickets it holds. A position gives seats extra tickets
(``tickets``) or makes the draw consume ``stir`` random numbers first, which changes
who wins in each game but not anybody's chance: a treatment with no effect.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from tabletop.core import TERMINAL, Action, Game, GameInfo, Rng, State
from tabletop.core.errors import InvalidOptionsError

READY = (Action(0, "ready"),)


@dataclass(frozen=True)
class LotteryOptions:
    pass


class LotteryGame(Game[LotteryOptions]):
    id = "lottery"
    title = "Lottery"
    options_type = LotteryOptions

    @cached_property
    def info(self) -> GameInfo:
        return GameInfo("lottery", "Lottery", 2, 6, 1, 6)

    @property
    def actions(self) -> tuple[Action, ...]:
        return READY

    def new_state(
        self, num_players: int, seed: int | None = None, *, log: bool = True
    ) -> LotteryState:
        return self.position({"players": num_players, "seed": seed or 0})

    def position(self, spec: Mapping[str, Any]) -> LotteryState:
        unknown = set(spec) - {"players", "seed", "tickets", "stir"}
        if unknown:
            raise InvalidOptionsError("position", f"unknown fields {sorted(unknown)}")
        n = int(spec.get("players", 2))
        self.check_num_players(n)
        extra = list(spec.get("tickets", [0] * n))
        if len(extra) != n:
            raise InvalidOptionsError("position.tickets", f"one number per seat, not {extra}")
        return LotteryState.new(self, n, int(spec.get("seed", 0)), extra, int(spec.get("stir", 0)))

    def state_from_dict(self, data: dict[str, Any]) -> LotteryState:
        raise NotImplementedError


class LotteryState(State):
    __slots__ = ("rng", "said", "stir", "tickets", "winner")

    @classmethod
    def new(cls, game: LotteryGame, n: int, seed: int, extra: list[int], stir: int) -> LotteryState:
        self = cls.__new__(cls)
        self._init_base(game, n, seed, False)
        self.rng = Rng(seed)
        self.tickets = [1 + int(t) for t in extra]
        self.stir = stir
        self.said = 0
        self.winner = -1
        return self

    @property
    def current_player(self) -> int:
        return TERMINAL if self.winner >= 0 else self.said

    def legal_actions(self) -> list[Action]:
        return [] if self.winner >= 0 else list(READY)

    def _apply(self, action: Action) -> None:
        self.said += 1
        if self.said == self.num_players:
            for _ in range(self.stir):
                self.rng.random()
            ticket = self.rng.randrange(sum(self.tickets))
            for seat, held in enumerate(self.tickets):
                if ticket < held:
                    self.winner = seat
                    break
                ticket -= held

    def is_terminal(self) -> bool:
        return self.winner >= 0

    def returns(self) -> list[float]:
        return [float(p == self.winner) for p in range(self.num_players)]

    def view(self, player: int | None = None) -> dict[str, Any]:
        return {"tickets": list(self.tickets), "said": self.said, "winner": self.winner}

    def clone(self) -> LotteryState:
        twin = LotteryState.__new__(LotteryState)
        self._copy_base(twin)
        twin.rng = self.rng.clone()
        twin.tickets = self.tickets[:]
        twin.stir, twin.said, twin.winner = self.stir, self.said, self.winner
        return twin

    def determinize(self, observer: int, rng: Rng) -> LotteryState:
        return self.clone()

    def _state_dict(self) -> dict[str, Any]:
        return {"tickets": self.tickets, "said": self.said, "winner": self.winner}
