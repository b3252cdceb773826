"""Playing one game of a run: the only code that runs in worker processes.

It imports nothing heavy (no statistics or plotting libraries), so workers start
fast, and its result is a small JSON-ready :class:`GameResult`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import tabletop
from tabletop.bots.registry import bot_from_spec
from tabletop.core.game import Game
from tabletop.core.record import GameRecord
from tabletop.sim.spec import SimSpec, play_label
from tabletop.sim.stats import GameStats, stats_for


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a run.

    Seats are the game's seats; ``seating[seat]`` is the line-up player who sat
    there. ``first`` is the seat that acted first, ``length`` the number of actions.
    ``record`` (a :class:`~tabletop.GameRecord` as a dict) is kept only with
    ``record_games``.
    """

    index: int
    seed: int
    seating: tuple[int, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    first: int
    length: int
    stats: GameStats | None = None
    record: dict[str, Any] | None = None

    def player_seat(self, player: int) -> int:
        return self.seating.index(player)

    def won(self, player: int) -> bool:
        """Whether line-up player ``player`` is among the winners (a shared win counts)."""
        return self.seating.index(player) in self.winners

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, without the record (stored in its own file)."""
        return {
            "index": self.index,
            "seed": self.seed,
            "seating": list(self.seating),
            "returns": list(self.returns),
            "winners": list(self.winners),
            "first": self.first,
            "length": self.length,
            "stats": self.stats.to_dict() if self.stats is not None else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        stats = data.get("stats")
        return cls(
            index=int(data["index"]),
            seed=int(data["seed"]),
            seating=tuple(int(s) for s in data["seating"]),
            returns=tuple(float(r) for r in data["returns"]),
            winners=tuple(int(w) for w in data["winners"]),
            first=int(data["first"]),
            length=int(data["length"]),
            stats=GameStats.from_dict(stats) if stats is not None else None,
        )


_GAMES: dict[tuple[str, tuple[tuple[str, Any], ...]], Game[Any]] = {}


def _game(spec: SimSpec, index: int) -> Game[Any]:
    """The game with game ``index``'s options, made once per process."""
    options = spec.options_dict(index)
    key = (spec.game, tuple(sorted(options.items())))
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = tabletop.make(spec.game, **options)
    return game


def play_game(spec: SimSpec, index: int) -> GameResult:
    """Play game ``index`` of ``spec``: the same result in any process, on any backend
    (unless a bot thinks by the clock, ``normal@0.25``).

    >>> spec = SimSpec("kung-fu", ("heuristic", "random"), games=2, seed=3)
    >>> play_game(spec, 1) == play_game(spec, 1)
    True
    """
    game = _game(spec, index)
    extractor = stats_for(spec.game) if spec.game_stats else None
    seating = spec.seating(index)
    bots = [bot_from_spec(spec.bots[p], spec.game, seed=spec.bot_seed(index, p)) for p in seating]
    seed = spec.game_seed(index)
    log = extractor is not None and extractor.needs_log
    position = spec.position_fields(index)
    if position is not None:
        state = game.position(position)
        for label in spec.opening(index):
            play_label(state, label)
    else:
        state = game.new_state(spec.num_players, seed, log=log)
    if not any(bot.reads_plays(spec.game) for bot in bots):
        state.drop_record()  # nobody reads it: noting the plays would only cost time
    first = (extractor or stats_for(spec.game)).first_player(state)
    length = 0
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].choose(state, seat))
        length += 1
    record = None
    if spec.record_games:
        players = [spec.labels[p] for p in seating]
        record = GameRecord.from_state(state, players=players, position=position).to_dict()
    return GameResult(
        index=index,
        seed=seed,
        seating=seating,
        returns=tuple(state.returns()),
        winners=tuple(state.winners()),
        first=first,
        length=length,
        stats=extractor.extract(state) if extractor is not None else None,
        record=record,
    )


def play_games(spec: SimSpec, indices: list[int]) -> list[GameResult]:
    """Play a batch of games (a worker's unit of work)."""
    return [play_game(spec, i) for i in indices]
