"""Saved states the rules could not reach are refused, with the field named: cards
that exist, in piles of their colour, derived figures agreeing with their source."""

from __future__ import annotations

import json
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import StateFormatError


def _data(game_id: str, players: int, seed: int = 1, moves: int = 0) -> dict[str, Any]:
    state = tabletop.make(game_id).new_state(players, seed=seed)
    for i in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[i % len(legal)])
    data: dict[str, Any] = json.loads(json.dumps(state.to_dict()))
    return data


def _load(data: dict[str, Any]) -> tabletop.State:
    return tabletop.make(data["game"]).state_from_dict(data)


def test_uno_a_card_that_does_not_exist() -> None:
    data = _data("uno-power", 3)
    data["state"]["deck"]["draw"].append(9999)
    with pytest.raises(StateFormatError, match=r"deck\.draw: 9999 is not a card"):
        _load(data)


def test_uno_the_top_card_is_the_discard_piles() -> None:
    data = _data("uno-power", 3)
    discard = data["state"]["deck"]["discard"]
    data["state"]["top"] = (discard[-1] + 1) % 50
    with pytest.raises(StateFormatError, match="top:"):
        _load(data)


def test_kung_fu_koku_total_must_be_its_rows_worth() -> None:
    data = _data("kung-fu", 2, moves=200)
    rows = data["state"]["rows"]
    seat = 0 if rows[0] else 1
    data["state"]["koku_total"][seat] += 1
    with pytest.raises(StateFormatError, match=f"koku_total\\[{seat}\\]"):
        _load(data)


def test_kung_fu_a_card_in_the_pile_of_the_other_colour() -> None:
    data = _data("kung-fu", 2)
    decks = data["state"]["decks"]
    decks[1]["draw"].append(decks[0]["draw"].pop())
    with pytest.raises(StateFormatError, match=r"decks\[1\]: .* is not of its colour"):
        _load(data)


@pytest.mark.parametrize(("game_id", "players"), [("uno-power", 4), ("kung-fu", 2)])
def test_states_of_real_games_load(game_id: str, players: int) -> None:
    """The checks accept every state of seeded games, mid-round included."""
    for seed in range(3):
        for moves in (0, 7, 40, 150):
            data = _data(game_id, players, seed=seed, moves=moves)
            assert _load(data).to_dict() == data
