"""Kung Fu's saved states as positions (docs/positions.md, "From a saved state or a
record"): ``describe`` at a round's first decision, ``last_round``, and round trips of
every decision of seeded random games through ``position_of``."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError
from tabletop.core.positions import PositionError, load_position, position_of
from tests.helpers import random_game_states


@pytest.mark.parametrize(
    ("options", "seeds"),
    [
        ({}, range(24)),
        (
            {
                "max_voluntary_passes": 1,
                "draw_split": "sequential",
                "facedown_draw": "must",
                "deciding_fight": "single_exchange",
                "second_player_bonus_parry_cards": 1,
            },
            range(8),
        ),
    ],
)
def test_every_decision_becomes_a_position_that_builds_it_again(
    options: dict[str, Any], seeds: range
) -> None:
    game = tabletop.make("kung-fu", **options)
    depths: Counter[int] = Counter()
    for seed in seeds:
        for state in random_game_states(game, 2, seed):
            fields = json.loads(json.dumps(position_of(state)))  # as a file holds it
            assert fields["game"] == "kung-fu" and fields["seed"] == seed
            built = load_position(fields)
            assert game.situation(built) == game.situation(state)
            assert built.legal_actions() == state.legal_actions()
            moves = fields.get("moves", [])
            depths[len(moves)] += 1
            if not moves:  # the state's own fields: describe's contract
                assert game.situation(game.position(game.describe(state))) == game.situation(state)
    total = sum(depths.values())
    assert total > 200
    assert depths[0] / total > 0.2  # each round's first decision
    assert sum(n for d, n in depths.items() if d <= 8) / total > 0.95  # within the round


def test_a_round_first_decision_is_the_state_own_fields() -> None:
    game = tabletop.make("kung-fu")
    state = game.new_state(2, seed=3)
    fields = game.describe(state)
    assert set(fields) == {"seed", "hands", "life", "attacker", "red", "blue"}
    assert fields["life"] == [10, 10] and fields["seed"] == 3
    assert len(fields["red"]) == len(state.decks[0].draw_pile)
    assert game.situation(game.position(fields)) == game.situation(state)


def test_describe_names_a_decision_inside_a_round() -> None:
    game = tabletop.make("kung-fu")
    state = game.position(
        {
            "hands": [["Straight Punch", "Low Kick"], ["Forearm Block", "Cross Block"]],
            "attacker": 0,
        }
    )
    state.apply(next(a for a in state.legal_actions() if a.label.startswith("attack with")))
    while state.legal_actions()[0].label.startswith("draw"):  # a face-down attack's draw
        state.apply(state.legal_actions()[0])
    with pytest.raises(PositionError) as caught:
        game.describe(state)
    assert "position.moves" in str(caught.value) and "a parry" in str(caught.value)


def test_last_round() -> None:
    game = tabletop.make("kung-fu")
    last = {"attack_value": 5, "parry_value": 3, "damage": 2, "effects": ["player 1 heals 2"]}
    state = game.position({"round": 4, "last_round": last})
    shown = state.view(None)["last_round"]
    assert shown["round"] == 3 and shown["effects"] == ["player 1 heals 2"]
    assert (shown["attack_value"], shown["parry_value"], shown["damage"]) == (5, 3, 2)
    assert game.describe(state)["last_round"] == last
    for bad, field in [
        ({"round": 1}, "position.last_round"),
        ({"last_round": {**last, "damage": -1}}, "position.last_round"),
        ({"last_round": {**last, "effects": "heals"}}, "last_round.effects"),
        ({"last_round": {**last, "extra": 1}}, "last_round.extra"),
        ({"last_round": {"damage": 1}}, "last_round.attack_value"),
        ({"last_round": [5, 3, 2]}, "position.last_round"),
    ]:
        with pytest.raises(InvalidOptionsError) as caught:
            game.position({"round": 4, "last_round": last, **bad})
        assert field in str(caught.value)
