"""Views, hidden information, determinization, serialisation and the action table."""

from __future__ import annotations

import json
import random

import pytest

import tabletop
from tabletop.core.errors import IllegalActionError, StateFormatError
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.phases import Stage
from tests.games.king_of_tokyo.scenario import STOP, act, fresh, give, roll, turn

MONSTER_KEYS = {
    "seat",
    "monster",
    "name",
    "alive",
    "hearts",
    "max_hearts",
    "stars",
    "energy",
    "location",
    "cards",
    "mimic",
    "tokens",
    "wings_active",
}


def test_view_schema() -> None:
    state = fresh(5)
    view = state.view(2)
    json.dumps(view)
    assert view["game"] == "king-of-tokyo" and view["edition"] == "2011"
    assert view["player"] == 2 and view["active"] == 0 and view["turn"] == 1
    assert len(view["monsters"]) == 5
    for m in view["monsters"]:
        assert set(m) == MONSTER_KEYS
        assert m["hearts"] == m["max_hearts"] == 10 and m["location"] == "outside"
    assert view["tokyo"] == {"city": None, "bay": None, "bay_open": True}
    assert len(view["row"]) == 3 and all(c["cost"] >= 0 and c["text"] for c in view["row"])
    assert view["deck_size"] == 66 - 3
    assert len(view["dice"]) == 6 and view["rolls_left"] == 2
    assert view["decision"]["player"] == 0 and view["decision"]["kind"] == "roll"
    assert view["your_costs"] == [c["cost"] for c in view["row"]]
    assert "your_costs" not in state.view(None)


def _instances(value: object) -> set[int]:
    """Every card instance number a view mentions."""
    if isinstance(value, dict):
        found = {value["instance"]} if "instance" in value else set()
        for item in value.values():
            found |= _instances(item)
        return found
    if isinstance(value, list):
        return set().union(*(_instances(v) for v in value)) if value else set()
    return set()


def test_no_view_contains_the_deck_order() -> None:
    state = fresh(4)
    give(state, 1, "extra_head", "mimic")
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert "deck_top" not in view
        shown = _instances(view)
        assert shown and not shown & set(state.deck)


def _in_buy_phase_with_made_in_a_lab() -> tabletop.State:
    state = turn(players=3, cards={0: "made_in_a_lab"}, energy=0)
    roll(state, "1", "2", "3", "energy", "energy", "energy")
    return state


def test_made_in_a_lab_shows_the_top_card_to_its_owner_only() -> None:
    state = _in_buy_phase_with_made_in_a_lab()
    assert state.stage == Stage.BUY
    top = state.deck[-1]
    assert state.view(0)["deck_top"]["instance"] == top
    for seat in (None, 1, 2):
        assert "deck_top" not in state.view(seat)


def test_determinize_reshuffles_the_deck_but_keeps_what_the_observer_knows() -> None:
    state = _in_buy_phase_with_made_in_a_lab()
    twin = state.determinize(0, Rng(5))
    assert twin.deck[-1] == state.deck[-1]  # the owner has seen the top card
    assert sorted(twin.deck) == sorted(state.deck) and twin.deck != state.deck
    assert twin.view(0) == state.view(0)
    other = state.determinize(1, Rng(5))
    assert sorted(other.deck) == sorted(state.deck)
    assert other.view(1) == state.view(1)
    assert other.history == []


def test_determinized_future_differs_from_the_true_game() -> None:
    """A determinized copy rolls its own dice: it cannot foresee the true rolls."""
    state = fresh(4)
    rng = random.Random(3)
    while state.view(None)["decision"]["kind"] != "roll" or state.rolls_left == 0:
        state.apply(rng.choice(state.legal_actions()))
    twins = [state.determinize(state.current_player, Rng(s)) for s in range(8)]
    reroll_all = next(a for a in state.legal_actions() if a.label == "reroll all dice")
    outcomes = set()
    for twin in twins:
        twin.apply(reroll_all)
        outcomes.add(tuple(twin.view(None)["dice"]))
    assert len(outcomes) > 1


def test_round_trip_mid_game() -> None:
    game = tabletop.make("king-of-tokyo", edition="2016")
    state = game.new_state(5, seed=9)
    rng = random.Random(9)
    for _ in range(120):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        copy = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
        assert copy.to_dict() == state.to_dict()
        assert copy.legal_actions() == state.legal_actions()


def test_malformed_state_is_rejected() -> None:
    game = tabletop.make("king-of-tokyo")
    data = game.new_state(3, seed=1).to_dict()
    data["state"]["deck"] = data["state"]["deck"][:-1]
    with pytest.raises(StateFormatError, match="66 cards"):
        game.state_from_dict(data)
    data = game.new_state(3, seed=1).to_dict()
    del data["state"]["monsters"]
    with pytest.raises(StateFormatError):
        game.state_from_dict(data)


def test_illegal_action_changes_nothing() -> None:
    state = fresh(3)
    before = state.to_dict()
    end_buy = next(a for a in state.game.actions if a.label == "end your Buy phase")
    with pytest.raises(IllegalActionError, match="not legal"):
        state.apply(end_buy)
    with pytest.raises(IllegalActionError):
        state.apply(10**6)
    assert state.to_dict() == before


@pytest.mark.parametrize("edition", ["2011", "2016"])
def test_action_table(edition: str) -> None:
    game = tabletop.make("king-of-tokyo", edition=edition)
    actions = game.actions
    assert [a.id for a in actions] == list(range(len(actions)))
    assert len({a.label for a in actions}) == len(actions)
    assert game.info.num_distinct_actions == len(actions)
    name = "Monster Batteries" if edition == "2011" else "Battery Monster"
    assert any(name in a.label for a in actions)
    for a in actions:
        assert game.action_from_id(a.id) == a


def test_player_sees_labels_in_words() -> None:
    state = fresh(2)
    act(state, STOP)
    assert all(isinstance(a.label, str) and a.label for a in state.legal_actions())
