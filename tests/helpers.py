"""Helpers the tests share: pick and apply actions by their labels, a made-up reader,
the states of a seeded random game."""

from __future__ import annotations

import random
from typing import Any

from tabletop.core.action import Action
from tabletop.core.game import Game, State


def labels(state: State) -> list[str]:
    """The labels of the current player's legal actions."""
    return [a.label for a in state.legal_actions()]


def action(state: State, label: str) -> Action:
    """The legal action labelled ``label`` (a clear error if it is not legal)."""
    for a in state.legal_actions():
        if a.label == label:
            return a
    raise AssertionError(
        f"{label!r} is not legal for player {state.current_player}; legal: {labels(state)}"
    )


def act(state: State, *steps: str) -> State:
    """Apply the actions labelled ``steps`` in order; returns the state."""
    for label in steps:
        state.apply(action(state, label))
    return state


class MadeUpReader:
    """A reader of a tiny made-up catalog (what a sentence asks of a reader): its
    language is none the project speaks, and its numbers are marked ``#``."""

    lang = "xx"

    def __init__(self, translations: dict[str, str]) -> None:
        self.translations = translations

    def gettext(self, message: str) -> str:
        return self.translations.get(message, message)

    def number(self, value: float) -> str:
        return f"#{value}"


def random_game_states(game: Game[Any], players: int, seed: int) -> list[State]:
    """A seeded random game's states after each of its actions, up to its end (excluded)."""
    state = game.new_state(players, seed, log=False)
    choices = random.Random(seed)
    out = []
    while True:
        legal = state.legal_actions()
        state.apply(legal[choices.randrange(len(legal))])
        if state.is_terminal():
            return out
        out.append(state.clone())
