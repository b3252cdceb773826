"""Game records: everything needed to replay a game exactly, as JSON.

A record stores the game id, options, seed and the action ids; because the rules
are deterministic, that is the whole game. ``replay`` re-plays it, checking each
action's legality and the stored result.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core.errors import RecordFormatError, ReplayError, TabletopError
from tabletop.core.game import State
from tabletop.core.registry import make

FORMAT_VERSION = 1


@dataclass(slots=True)
class GameRecord:
    """A finished or interrupted game.

    >>> import tabletop
    >>> state = tabletop.make("uno-power").new_state(2, seed=3)
    >>> rec = GameRecord.from_state(state, players=["ann", "bob"])
    >>> GameRecord.from_json(rec.to_json()) == rec
    True
    """

    game: str
    options: dict[str, Any]
    num_players: int
    seed: int
    actions: list[int]
    players: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    format_version: int = FORMAT_VERSION
    position: dict[str, Any] | None = None
    """The position the game started from (``Game.position``), if not the deal."""

    @classmethod
    def from_state(
        cls,
        state: State,
        players: list[str] | None = None,
        position: dict[str, Any] | None = None,
    ) -> GameRecord:
        result = None
        if state.is_terminal():
            result = {"returns": state.returns(), "winners": state.winners()}
        return cls(
            game=state.game.id,
            options=state.game.options_dict(),
            num_players=state.num_players,
            seed=state.seed,
            actions=list(state.history),
            players=list(players) if players else [f"player {i}" for i in range(state.num_players)],
            result=result,
            position=position,
        )

    def to_dict(self) -> dict[str, Any]:
        out = {
            "format_version": self.format_version,
            "game": self.game,
            "options": self.options,
            "num_players": self.num_players,
            "players": self.players,
            "seed": self.seed,
            "actions": self.actions,
            "result": self.result,
        }
        if self.position is not None:
            out["position"] = self.position
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordFormatError("a record must be a JSON object")
        version = data.get("format_version")
        if version != FORMAT_VERSION:
            raise RecordFormatError(
                "unsupported record format version {version!r} (expected {expected})",
                version=version,
                expected=FORMAT_VERSION,
            )
        try:
            rec = cls(
                game=_typed(data, "game", str),
                options=_typed(data, "options", dict),
                num_players=_typed(data, "num_players", int),
                seed=_typed(data, "seed", int),
                actions=_typed(data, "actions", list),
                players=_typed(data, "players", list),
                result=data.get("result"),
                position=data.get("position"),
            )
        except KeyError as exc:
            raise RecordFormatError("record lacks the field {field!r}", field=exc.args[0]) from None
        if not all(isinstance(a, int) and not isinstance(a, bool) for a in rec.actions):
            raise RecordFormatError("record field 'actions' must be a list of integers")
        if rec.position is not None and not isinstance(rec.position, dict):
            raise RecordFormatError("record field 'position' must be an object or absent")
        if rec.result is not None and not isinstance(rec.result, dict):
            raise RecordFormatError("record field 'result' must be an object or null")
        return rec

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordFormatError("record is not valid JSON: {reason}", reason=str(exc)) from None
        return cls.from_dict(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordFormatError(
                "cannot read record {path}: {reason}", path=path, reason=exc.strerror
            ) from None
        return cls.from_json(text)

    def start(self, *, log: bool = True) -> State:
        """The state before the record's first action (its deal or its position).

        Raises :class:`ReplayError` if the game cannot be made from the record.
        """
        try:
            game = make(self.game, **self.options)
            if self.position is not None:
                return game.position(self.position)
            return game.new_state(self.num_players, self.seed, log=log)
        except TabletopError as exc:
            raise ReplayError("cannot start the recorded game: {problem}", problem=exc) from None

    def replay(self, *, log: bool = True, check_result: bool = True) -> State:
        """Re-play the record and return the final state.

        Raises :class:`ReplayError` if an action is illegal or if the final result
        differs from the stored one.
        """
        state = self.start(log=log)
        for i, action_id in enumerate(self.actions):
            try:
                state.apply(action_id)
            except TabletopError as exc:
                raise ReplayError(
                    "action {index} (id {action_id}) cannot be replayed: {problem}",
                    index=i,
                    action_id=action_id,
                    problem=exc,
                ) from None
        if check_result and self.result is not None:
            if not state.is_terminal():
                raise ReplayError("the record has a result but the replayed game is not over")
            got = {"returns": state.returns(), "winners": state.winners()}
            if got != self.result:
                raise ReplayError(
                    "replayed result {got} differs from the recorded {recorded}",
                    got=got,
                    recorded=self.result,
                )
        return state


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordFormatError(
            "record field {key!r} must be of type {kind}", key=key, kind=kind.__name__
        )
    return value
