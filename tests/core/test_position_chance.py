"""``position_of`` scripts the chance the moves drew (``Game.script_chance``,
docs/positions.md, "From a saved state or a record"), on a toy game that draws a
secret digit at every move: without the hook the moves from an earlier moment draw
other digits; with it they replay the game; and chance the game cannot script ends
the walk, saying why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from tabletop.core.action import Action
from tabletop.core.game import State
from tabletop.core.positions import PositionError, play_moves, position_of
from tests.core.toy import ToyGame, ToyOptions, ToyState


class DrawingToyState(ToyState):
    """The toy, where each move draws the mover's new secret: the next digit of
    ``script``, else the generator's."""

    __slots__ = ("script",)

    script: list[int]

    def _apply(self, action: Action) -> None:
        drawn = self.script.pop(0) if self.script else self.rng.randrange(10)
        self.secrets[self.turn] = drawn
        super()._apply(action)

    def clone(self) -> DrawingToyState:
        twin = DrawingToyState.__new__(DrawingToyState)
        self._copy_base(twin)
        twin.tokens, twin.turn = self.tokens, self.turn
        twin.secrets = self.secrets[:]
        twin.rng = self.rng.clone()
        twin.script = self.script[:]
        return twin

    def _state_dict(self) -> dict[str, Any]:
        return {**super()._state_dict(), "script": list(self.script)}


class DrawingToyGame(ToyGame):
    """Positions of the drawing toy: ``tokens``, ``turn``, ``secrets`` and ``script``
    (the digits drawn next). An odd number of tokens cannot be written; the hook
    scripts the digits the moves drew, but refuses a "take 2" when ``refuse_two``."""

    def __init__(self, *, scripts: bool = True, refuse_two: bool = False) -> None:
        super().__init__(ToyOptions(tokens=9))
        self.scripts = scripts
        self.refuse_two = refuse_two
        self.scripted: list[int] = []  # the moments the hook was asked about (tokens)

    def new_state(self, num_players: int, seed: int | None = None, *, log: bool = True) -> Any:
        state = DrawingToyState.new(self, num_players, 0 if seed is None else seed, log)
        assert isinstance(state, DrawingToyState)
        state.script = []
        return state

    def position(self, spec: Mapping[str, Any]) -> DrawingToyState:
        state: DrawingToyState = self.new_state(2, spec.get("seed", 0), log=False)
        state.tokens, state.turn = spec["tokens"], spec["turn"]
        state.secrets = list(spec["secrets"])
        state.script = list(spec.get("script", []))
        return play_moves(state, spec.get("moves", []))

    def describe(self, state: State) -> dict[str, Any]:
        assert isinstance(state, DrawingToyState)
        if state.tokens % 2:
            raise PositionError("moves", "an odd number of tokens")
        fields: dict[str, Any] = {
            "seed": state.seed,
            "tokens": state.tokens,
            "turn": state.turn,
            "secrets": list(state.secrets),
        }
        if state.script:
            fields["script"] = list(state.script)
        return fields

    def script_chance(
        self, fields: dict[str, Any], state: State, actions: Sequence[Action]
    ) -> dict[str, Any]:
        assert isinstance(state, DrawingToyState)
        self.scripted.append(state.tokens)
        if not self.scripts:
            return fields
        if self.refuse_two and any(a.id == 1 for a in actions):
            raise PositionError("moves", "a take 2 draws chance no field scripts")
        twin = state.clone()
        drawn = []
        for action in actions:
            mover = twin.turn
            twin.apply(action)
            drawn.append(twin.secrets[mover])
        fields["script"] = [*fields.get("script", []), *drawn[len(state.script) :]]
        return fields


def played(game: DrawingToyGame, *labels: str, seed: int = 5) -> DrawingToyState:
    state: DrawingToyState = game.new_state(2, seed, log=False)
    for label in labels:
        state.apply(next(a for a in state.legal_actions() if a.label == label))
    return state


def test_the_moves_draw_what_the_game_drew() -> None:
    game = DrawingToyGame()
    state = played(game, "take 1", "take 2", "take 2")  # 9, 8, 6, 4
    mover = state.turn
    state.apply(0)  # 3: odd, the moment before and a move
    fields = position_of(state)
    assert fields["tokens"] == 4 and fields["moves"] == ["take 1"]
    assert fields["script"] == [state.secrets[mover]]  # the digit the move drew
    assert game.situation(game.position(fields)) == game.situation(state)


def test_without_the_hook_the_seed_draws_other_chance() -> None:
    game = DrawingToyGame(scripts=False)
    state = played(game, "take 1", "take 2", "take 2", "take 1")
    with pytest.raises(PositionError, match="differs in secrets"):
        position_of(state)


def test_chance_no_field_scripts_ends_the_walk() -> None:
    game = DrawingToyGame(refuse_two=True)
    state = played(game, "take 1", "take 1", "take 2")  # 9, 8, 7, 5: odd since 8
    with pytest.raises(PositionError) as caught:
        position_of(state)
    message = str(caught.value)
    assert "an odd number of tokens" in message  # the state's own reason
    assert "a take 2 draws chance no field scripts" in message
    # The moment of 8 tokens refused; the moments before play the same "take 2".
    assert game.scripted == [8]


def test_a_moment_written_whole_asks_the_hook_nothing() -> None:
    game = DrawingToyGame(refuse_two=True)
    state = played(game, "take 1", "take 2")  # 6 tokens: its own fields
    assert "moves" not in position_of(state) and game.scripted == []
