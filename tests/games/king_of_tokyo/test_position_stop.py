"""Where a King of Tokyo position stops (``stop``) and the steps it starts at
(docs/positions.md, "King of Tokyo"; the turn's steps A to K of
docs/games/king-of-tokyo.md).

A state always waits for somebody's decision, so ``stop`` checks: the position's state
must wait at the step named, or it is refused, naming where it waits.
"""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError

NO_SCORE = ["1", "1", "2", "2", "3", "3"]
THREE_ONES = ["1", "1", "1", "2", "3", "heart"]


def build(fields: dict[str, Any], **options: Any) -> Any:
    return tabletop.make("king-of-tokyo", **options).position(fields)


def labels(state: Any) -> list[str]:
    return [a.label for a in state.legal_actions()]


def kind(state: Any) -> str:
    return str(state.view(None)["decision"]["kind"])


def resolved(**fields: Any) -> dict[str, Any]:
    """Kraken's last roll, three 1s: 1 star, nothing else."""
    monsters = [{"name": "Kraken", **fields.pop("kraken", {})}, "The King"]
    return {"monsters": monsters, "step": "after the last roll", "dice": THREE_ONES, **fields}


def test_a_position_that_runs_past_the_stop_is_refused_naming_where_it_waits() -> None:
    """Nothing to buy: the Buy phase asks nothing and the next monster rolls."""
    with pytest.raises(InvalidOptionsError, match=r"position\.stop") as caught:
        build(resolved(stop="buy phase"))
    message = str(caught.value)
    assert "turn 2" in message and "The King" in message and "'rolling'" in message


def test_a_position_that_waits_at_the_stop_builds() -> None:
    state = build(resolved(stop="buy phase", kraken={"energy": 5}))
    assert kind(state) == "buy" and state.view(None)["monsters"][0]["stars"] == 1


def test_stop_next_turn_when_the_turn_runs_on() -> None:
    state = build(resolved(stop="next turn"))
    assert state.view(None)["active"] == 1 and state.view(None)["turn"] == 2
    assert state.view(None)["monsters"][0]["stars"] == 1  # the resolution happened


def test_a_position_that_waits_before_the_stop_is_refused_too() -> None:
    with pytest.raises(InvalidOptionsError, match=r"position\.stop") as caught:
        build(resolved(stop="next turn", kraken={"energy": 5}))
    assert "'buy phase'" in str(caught.value) and "Kraken decides" in str(caught.value)


def test_stop_is_checked_after_the_moves() -> None:
    state = build(resolved(stop="next turn", kraken={"energy": 5}, moves=["end your Buy phase"]))
    assert state.view(None)["active"] == 1


def test_stop_at_the_end_of_turn_with_metamorph() -> None:
    """Metamorph: "At the end of your turn, you may discard any of your Keep cards"."""
    state = build(resolved(stop="end of turn", kraken={"cards": ["Metamorph", "Jets"]}))
    assert kind(state) == "metamorph"


def test_stop_refuses_a_step_before_the_position_starts() -> None:
    with pytest.raises(InvalidOptionsError, match=r"position\.stop"):
        build({"monsters": ["Kraken", "The King"], "step": "buy phase", "stop": "rolling"})


def test_stop_refuses_an_unknown_step() -> None:
    with pytest.raises(InvalidOptionsError, match=r"position\.stop"):
        build({"monsters": ["Kraken", "The King"], "stop": "lunch"})


def test_stop_refuses_a_game_that_ended() -> None:
    with pytest.raises(InvalidOptionsError, match=r"position\.stop") as caught:
        build(
            {
                "monsters": [{"name": "Kraken", "stars": 19}, "The King"],
                "step": "after the last roll",
                "dice": THREE_ONES,
                "stop": "buy phase",
            }
        )
    assert "ended" in str(caught.value)


def test_stop_at_the_step_it_starts_at() -> None:
    state = build(
        {"monsters": ["Kraken", "The King"], "step": "rolling", "dice": NO_SCORE, "stop": "rolling"}
    )
    assert kind(state) == "roll"


# -- the steps ------------------------------------------------------------------------------


def test_before_the_roll_the_start_of_turn_is_done() -> None:
    """ "before the roll": the start-of-turn effects are done (no 2 stars for starting
    in Tokyo), then the roll."""
    state = build(
        {
            "monsters": ["Kraken", "The King"],
            "city": "Kraken",
            "step": "before the roll",
            "next_dice": NO_SCORE,
        }
    )
    assert state.view(None)["monsters"][0]["stars"] == 0
    assert state.view(None)["dice"] == NO_SCORE and kind(state) == "roll"


def test_before_the_roll_a_mimic_may_move() -> None:
    state = build(
        {
            "monsters": [
                {"name": "Kraken", "cards": ["Mimic"], "energy": 1, "mimic": "Jets"},
                {"name": "The King", "cards": ["Jets", "Armor Plating"]},
            ],
            "step": "before the roll",
        }
    )
    assert kind(state) == "move_mimic"


def test_the_end_of_turn_opens_power_ups_end_of_turn_window() -> None:
    """Step J1: each holder of an end-of-turn Evolution, from the active monster."""
    state = build(
        {
            "monsters": ["Kraken", {"name": "The King", "evolutions": ["Monkey Rush"]}],
            "step": "end of turn",
        },
        power_up="on",
        edition="2016",
    )
    assert kind(state) == "play_evolution" and state.current_player == 1


def test_after_the_last_roll_an_early_stop_offers_no_extra_roll() -> None:
    """A monster that stopped with rerolls left is not offered Energy Drink's roll."""
    fields = {
        "monsters": [
            {"name": "Kraken", "cards": ["Energy Drink"], "energy": 3, "hearts": 5},
            "The King",
        ],
        "step": "after the last roll",
        "dice": ["heart", *NO_SCORE[1:]],
    }
    offered = build(fields)
    assert kind(offered) == "roll"  # the extra roll first
    stopped = build({**fields, "rolls_left": 1})
    assert stopped.view(None)["monsters"][0]["hearts"] == 6  # resolved at once
    done = build({**fields, "this_turn": {"done_rolling": True}})
    assert done.view(None)["monsters"][0]["hearts"] == 6


def test_rolls_left_later_in_the_turn_are_kept() -> None:
    state = build(
        {
            "monsters": [{"name": "Kraken", "energy": 5}, "The King"],
            "step": "buy phase",
            "dice": NO_SCORE,
            "rolls_left": 2,
        }
    )
    assert state.view(None)["rolls_left"] == 2 and kind(state) == "buy"


# -- the documented examples -------------------------------------------------------------------


def test_the_documented_stop_example() -> None:
    game = tabletop.make("king-of-tokyo")
    fields = {
        "monsters": [{"name": "Kraken", "stars": 3}, "The King"],
        "step": "after the last roll",
        "dice": ["1", "1", "1", "2", "3", "heart"],
        "stop": "next turn",
    }
    state = game.position(fields)
    assert state.view(None)["monsters"][0]["stars"] == 4  # three 1s: 1 star
    try:
        game.position({**fields, "stop": "buy phase"})
    except InvalidOptionsError as exc:
        assert "position.stop" in str(exc) and "'rolling'" in str(exc)
    else:
        raise AssertionError("the position ran on and was not refused")


def test_the_documented_mark_example() -> None:
    game = tabletop.make(
        "king-of-tokyo", power_up="on", edition="2016", evolution_prompts="holding"
    )
    state = game.position(
        {
            "monsters": [
                {"name": "Alienoid", "evolutions": ["Anger Batteries"]},
                "The King",
            ],
            "step": "end of turn",
            "this_turn": {"hearts_lost": {"Alienoid": 3}},
        }
    )
    play = next(a for a in state.legal_actions() if a.label == "play Anger Batteries")
    state.apply(play)
    assert state.view(None)["monsters"][0]["energy"] == 3
