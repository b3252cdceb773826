"""UNO Power's saved states as positions (docs/positions.md, "From a saved state or a
record"): ``describe``, the fields it needs (``turn_number``, ``drawn``,
``last_round``), the idle working figures ``situation`` leaves out, and round trips of
every decision of seeded random games through ``position_of``."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError
from tabletop.core.game import Game
from tabletop.core.positions import PositionError, load_position, position_of
from tests.helpers import random_game_states

CASES = [
    ({"target_score": "single_round"}, 3, (0, 1)),
    ({"target_score": "single_round", "hand_size": 5}, 2, (4, 5, 6)),
    (
        {
            "target_score": "single_round",
            "stacking": "progressive",
            "jump_in": True,
            "seven_swap": True,
            "tower_protection": "optional",
            "icon_grab": "optional",
            "blocked_wd4_challenge": True,
            "wd4_challenge_on_last_card": True,
        },
        4,
        (0, 1),
    ),
    (
        {
            "target_score": "single_round",
            "draw_until_playable": True,
            "uno_call": "auto",
            "first_wild_grab_policy": "redraw",
            "four_tower_bonus": "automatic",
        },
        3,
        (0,),
    ),
    ({"target_score": 60, "towers_reset_each_round": False, "dealer": "random"}, 2, (6, 1)),
]
"""Options, players, seeds: a single round with the house rules that ask the most
questions inside a turn, and a match of several rounds (the last round's result,
towers kept from one round to the next)."""


@pytest.mark.parametrize(("options", "players", "seeds"), CASES)
def test_every_decision_becomes_a_position_that_builds_it_again(
    options: dict[str, Any], players: int, seeds: tuple[int, ...]
) -> None:
    game = tabletop.make("uno-power", **options)
    depths: Counter[int] = Counter()
    own = 0
    for seed in seeds:
        for state in random_game_states(game, players, seed):
            fields = json.loads(json.dumps(position_of(state)))  # as a file holds it
            assert fields["game"] == "uno-power" and fields["options"] == game.options_dict()
            assert fields["seed"] == seed
            built = load_position(fields)
            assert game.situation(built) == game.situation(state)
            assert built.legal_actions() == state.legal_actions()
            moves = fields.get("moves", [])
            depths[len(moves)] += 1
            if not moves:  # the state's own fields: describe's contract
                own += 1
                assert game.situation(game.position(game.describe(state))) == game.situation(state)
    total = sum(depths.values())
    assert total > 100
    assert own / total > 0.6  # most decisions are a seat's normal turn
    assert max(depths) <= 6  # a turn's start is never far back


def test_a_match_of_several_rounds_writes_the_last_round() -> None:
    game = tabletop.make("uno-power", target_score=60)
    later = [s for s in random_game_states(game, 2, 6) if s.view(None)["round"] > 1]
    assert later
    fields = position_of(later[0])
    last = fields["last_round"]
    assert set(last) == {"winner", "how", "hands"} and fields["round"] == 2
    built = load_position(fields)
    assert built.view(None)["last_round"] == later[0].view(None)["last_round"]


def test_describe_names_a_decision_inside_a_turn() -> None:
    game = tabletop.make("uno-power")
    start = game.position(
        {"hands": [["Wild Draw Four", "blue 9", "green 1"], ["blue 5", "red 2"]], "top": "red 3"}
    )
    state = start.clone()
    state.apply(next(a for a in state.legal_actions() if a.label.endswith("name green")))
    with pytest.raises(PositionError) as caught:
        game.describe(state)
    assert "position.moves" in str(caught.value)
    assert "a Wild Draw Four to challenge" in str(caught.value)
    # Without its start, the history does not replay from the seed's deal.
    with pytest.raises(PositionError, match="does not replay"):
        position_of(state)
    fields = position_of(state, start)
    assert fields["moves"] == ["play Wild Draw Four, name green"]
    assert game.situation(load_position(fields)) == game.situation(state)


def test_a_finished_game_has_no_position() -> None:
    game = tabletop.make("uno-power", target_score="single_round")
    state = game.position({"hands": [["red 5"], ["blue 5", "blue 6"]], "top": "red 3"})
    state.apply(next(a for a in state.legal_actions() if a.label == "play red 5"))
    assert state.is_terminal()
    with pytest.raises(PositionError, match="the game is over"):
        game.describe(state)
    with pytest.raises(PositionError, match="the game is over"):
        position_of(
            state, game.position({"hands": [["red 5"], ["blue 5", "blue 6"]], "top": "red 3"})
        )


@pytest.mark.parametrize(
    ("top", "drawn"),
    [("red Draw Two", 2), ("blue Draw One", 1), ("green Skip", 0), ("Wild Grab-a-Tower", 0)],
)
def test_the_round_first_turn_is_written_at_the_first_card(top: str, drawn: int) -> None:
    game = tabletop.make("uno-power")
    spec = {
        "start": "first card",
        "hands": [["red 5", "blue 9", "yellow 1"], ["blue 5", "green 2", "red 7"]],
        "top": top,
        "draw": ["yellow 7", "green 8", "red 1"],
        "dealer": 1,
    }
    state = game.position(spec)
    fields = game.describe(state)
    assert fields["start"] == "first card" and fields["top"] == top
    # The first player's penalty cards go back on top of the draw pile.
    assert len(fields["hands"][0]) == 3 and len(fields["draw"]) == len(state.deck.draw_pile) + drawn
    assert game.situation(game.position(fields)) == game.situation(state)
    if top.startswith("Wild"):  # the colour is still to name: the first card asks it again
        assert game.position(fields).legal_actions()[0].label == "name red"


def test_drawn_sets_up_a_card_to_play_or_keep() -> None:
    game = tabletop.make("uno-power")
    fields = {"hands": [["red 5", "blue 9"], ["blue 5"]], "top": "red 3", "drawn": "red 5"}
    state = game.position(fields)
    assert [a.label for a in state.legal_actions()] == [
        "play red 5",
        "play red 5 and call UNO",
        "keep the drawn card",
    ]
    assert game.describe(state)["drawn"] == "red 5"
    for bad, words in [
        ({"drawn": "green 7"}, "not in the hand"),
        ({"drawn": "blue 9"}, "cannot be played"),
        ({"start": "first card"}, 'not at start = "first card"'),
    ]:
        with pytest.raises(InvalidOptionsError) as caught:
            game.position({**fields, **bad})
        assert "position.drawn" in str(caught.value) and words in str(caught.value)
    forced = tabletop.make("uno-power", forced_play_drawn=True)
    with pytest.raises(InvalidOptionsError, match="forced_play_drawn"):
        forced.position(
            {"hands": [["red 5", "blue 9", "blue 1"], ["blue 5"]], "top": "red 3", "drawn": "red 5"}
        )


def test_turn_number_and_last_round() -> None:
    game = tabletop.make("uno-power", round_turn_limit=50)
    spec = {
        "hands": [["red 5", "blue 9"], ["blue 5"]],
        "top": "red 3",
        "turn_number": 50,
        "round": 2,
        "scores": [0, 31],
        "last_round": {"winner": 1, "how": "out", "hands": [["blue 2", "Wild Draw Four"], []]},
    }
    state = game.position(spec)
    last = state.view(None)["last_round"]
    assert last["round"] == 1 and last["winner"] == 1 and last["how"] == "out"
    assert last["points_in_hand"] == [52, 0] and last["gained"] == [0, 52]
    assert last["scores"] == [0, 31]
    assert game.describe(state)["turn_number"] == 50
    state.apply(state.legal_actions()[1])  # red 5 and UNO: the 51st turn passes the limit
    assert state.view(None)["round"] == 3
    for bad, field in [
        ({"turn_number": 51}, "position.turn_number"),
        ({"turn_number": 0}, "position.turn_number"),
        ({"round": 1}, "position.last_round"),
        ({"last_round": {"winner": 2, "how": "out", "hands": [[], []]}}, "last_round.winner"),
        ({"last_round": {"winner": 0, "how": "won", "hands": [[], []]}}, "last_round.how"),
        ({"last_round": {"winner": 0, "how": "out"}}, "last_round.hands"),
        ({"last_round": {"winner": 0, "how": "out", "hands": [[]]}}, "last_round.hands"),
        ({"last_round": {"winner": 0, "how": "out", "hands": [["blue 77"], []]}}, "hands[0]"),
        ({"last_round": {"winner": 0, "how": "out", "hands": [[], []], "x": 1}}, "last_round.x"),
    ]:
        with pytest.raises(InvalidOptionsError) as caught:
            game.position({**spec, **bad})
        assert field in str(caught.value)
    with pytest.raises(InvalidOptionsError, match=r"position\.turn_number"):
        game.position({"start": "first card", "top": "red 3", "turn_number": 2})


def test_the_idle_working_figures_change_nothing() -> None:
    """The figures ``situation`` leaves out play alike whatever they hold: a state given
    the values a position would have plays the same as the saved one, draw for draw."""
    options = {
        "target_score": "single_round",
        "stacking": "progressive",
        "jump_in": True,
        "seven_swap": True,
        "blocked_wd4_challenge": True,
        "wd4_challenge_on_last_card": True,
    }
    game = tabletop.make("uno-power", **options)
    changed: Counter[str] = Counter()
    for n, state in enumerate(random_game_states(game, 3, 2)[:300]):
        strict, loose = Game.situation(game, state), game.situation(state)
        differ = {k: loose[k] for k in strict if strict[k] != loose[k]}
        if not differ:
            continue
        changed.update(differ)
        data = state.to_dict(include_log=False)
        data["state"].update(differ)
        twin = game.state_from_dict(data)
        mine, choices = state.clone(), random.Random(n)
        for _ in range(12):
            if mine.is_terminal():
                break
            assert [a.label for a in mine.legal_actions()] == [
                a.label for a in twin.legal_actions()
            ]
            i = choices.randrange(len(mine.legal_actions()))
            mine.apply(mine.legal_actions()[i])
            twin.apply(twin.legal_actions()[i])
            assert game.situation(mine) == game.situation(twin)
    assert {"actor", "next_turn", "wd4_colour", "played"} <= set(changed)


def test_chance_drawn_inside_a_turn_has_no_position() -> None:
    """Discards shuffled into the empty draw pile halfway through a play, from a
    generator that has moved on since the deal: no fields give the same shuffle."""
    game = tabletop.make("uno-power")
    hands = [["red Draw Two", "red 5"], ["blue 5", "green 2"]]
    discard = ["green 1", "green 4", "yellow 6", "yellow 7", "blue 2", "blue 3", "green 8"]
    box = [game.cards.names[k] for k in game.cards.deck]
    for name in [*hands[0], *hands[1], *discard, "red 3", "yellow 9"]:
        box.remove(name)
    start = game.position(
        {"hands": hands, "top": "red 3", "discard": discard, "draw": ["yellow 9"], "box": box}
    )
    start.rng.randrange(1000)  # chance drawn earlier in the game
    state = start.clone()
    state.apply(next(a for a in state.legal_actions() if a.label == "play red Draw Two"))
    assert [a.label for a in state.legal_actions()] == ["catch the missed UNO call", "let it go"]
    with pytest.raises(PositionError) as caught:
        position_of(state, start)
    said = str(caught.value)
    assert "a window to catch a missed UNO call" in said
    assert "leads elsewhere" in said and "differs in deck" in said
