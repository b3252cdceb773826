"""The view's ``last_round``: the hands shown for scoring and every seat's total."""

from __future__ import annotations

import json

import pytest

import tabletop
from tabletop.core.rng import Rng
from tests.games.uno_power.scenario import act, build, hand
from tests.games.uno_power.test_piles_and_scoring import fewest_points_round

P1 = ["blue 9", "blue 9", "blue 8"]  # 26 points
P2 = ["green 9", "yellow 9", "green Skip"]  # 38 points


@pytest.fixture(scope="module")
def game():
    return tabletop.make("uno-power")


def _labels(cards):
    return [c["label"] for c in cards]


def _won_by_seat_0(game):
    """Seat 0 plays its last card; seats 1 and 2 keep P1 and P2; scores carry over."""
    state = build(
        game,
        3,
        hands=[["red 6"], P1, P2],
        top="red 4",
        draw=["red 9", "blue Skip", "red 1", "red 2", "red 3", "red 5"],
        scores=[10, 20, 30],
    )
    act(state, "play red 6")
    assert state.round == 2
    return state


def test_last_round_shows_the_hands_and_the_totals(game):
    state = _won_by_seat_0(game)
    last = state.view(None)["last_round"]
    assert last["winner"] == 0 and last["how"] == "out"
    assert [_labels(h) for h in last["hands"]] == [[], sorted(P1), sorted(P2)]
    assert last["hands"][1][0] == game.cards.describe(game.cards.names.index("blue 8"))
    assert last["points_in_hand"] == [0, 26, 38]
    assert last["gained"] == [26 + 38, 0, 0]
    assert last["scores"] == [10 + 26 + 38, 20, 30]  # totals, not this round's gains
    assert last["scores"] == state.scores


def test_fewest_points_round_reveals_every_hand():
    state = fewest_points_round()
    last = state.view(1)["last_round"]
    assert last["how"] == "fewest points" and last["winner"] == 1
    assert [_labels(h) for h in last["hands"]] == [
        ["yellow 8", "yellow 9"],
        ["blue 1", "blue 2"],
        sorted(P2),
    ]
    assert last["scores"] == [0, 17 + 38, 0]


def test_every_seat_sees_the_same_summary_which_is_not_a_current_hand(game):
    state = _won_by_seat_0(game)
    views = [state.view(None), *(state.view(p) for p in range(3))]
    assert all(v["last_round"] == views[0]["last_round"] for v in views)
    # A new round was dealt: the summary holds last round's cards, not these.
    summary = views[0]["last_round"]["hands"]
    assert [_labels(h) for h in summary] != [hand(state, p) for p in range(3)]
    # Re-dealing what seat 0 cannot see leaves its view alone (the summary included).
    for seed in range(5):
        twin = state.determinize(0, Rng(seed))
        assert twin.view(0) == state.view(0)


def test_the_summary_survives_clone_and_to_dict(game):
    state = _won_by_seat_0(game)
    restored = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert restored.view(0)["last_round"] == state.view(0)["last_round"]
    assert restored.to_dict() == state.to_dict()
    assert state.clone().view(2)["last_round"] == state.view(2)["last_round"]


def test_the_round_end_log_numbers_players_from_one(game):
    state = _won_by_seat_0(game)
    text = next(e.text for e in state.log if e.kind == "round_end")
    assert text.startswith("round 1 goes to player 1 (out); scores:")
