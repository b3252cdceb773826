"""The view's ``eliminated`` (the order monsters went out) and ``victory`` (how the game
ended), and their place in copies and saved states."""

from __future__ import annotations

import json

import pytest

from tabletop.core.errors import StateFormatError
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.scenario import (
    BUY_1,
    END_BUY,
    NOTHING,
    act,
    fresh,
    position,
    put,
    roll,
    set_row,
    setup,
    stars,
    start_turn,
)
from tests.games.king_of_tokyo.test_victory import _eighteen_stars_and_a_city

ONE_CLAW = ("claw", "1", "1", "2", "2", "3")


def _ends(state: KingOfTokyoState) -> list[tuple[object, object]]:
    """``(victory, eliminated)`` in every seat's view and a spectator's."""
    views = [state.view(None), *(state.view(p) for p in range(state.num_players))]
    return [(v["victory"], v["eliminated"]) for v in views]


def _same_for_all(state: KingOfTokyoState, victory: str | None, eliminated: list[int]) -> None:
    assert _ends(state) == [(victory, eliminated)] * (state.num_players + 1)


def _reloaded(state: KingOfTokyoState, **changes: object) -> KingOfTokyoState:
    data = json.loads(json.dumps(state.to_dict()))
    data.update(changes)
    return state.game.state_from_dict(data)


def test_a_running_game_has_no_victory_and_nobody_out() -> None:
    state = fresh(4)
    _same_for_all(state, None, [])


def test_eliminations_are_listed_first_out_first_not_by_seat() -> None:
    # Seat 0 holds Tokyo City: its claws hit every monster outside.
    state = position(city=0, seats={3: dict(hearts=1)})
    start_turn(state, 0)
    roll(state, *ONE_CLAW)
    assert [m.alive for m in state.monsters] == [True, True, True, False]
    _same_for_all(state, None, [3])
    setup(state, 1, hearts=1)
    start_turn(state, 0)
    roll(state, *ONE_CLAW)
    _same_for_all(state, None, [3, 1])  # seat 3 went out first
    setup(state, 2, hearts=1)
    start_turn(state, 0)
    roll(state, *ONE_CLAW)
    assert state.is_terminal() and state.winners() == [0]
    _same_for_all(state, "last_standing", [3, 1, 2])


def test_twenty_stars_is_a_stars_victory() -> None:
    state = _eighteen_stars_and_a_city()  # 2011: the win comes before the claws
    assert state.winners() == [0]
    _same_for_all(state, "stars", [])


def test_the_last_monster_standing_wins_without_twenty_stars() -> None:
    state = position(2, city=1, seats={1: dict(hearts=2, stars=19)})
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "2", "3", "1")
    assert state.winners() == [0] and stars(state)[0] < 20
    _same_for_all(state, "last_standing", [1])


def test_last_standing_with_twenty_stars_counts_as_stars() -> None:
    """2016 checks at the end of the turn: by then the winner is both the last monster
    standing and at 20 stars or more; the view calls that a stars victory."""
    state = position(2, edition="2016", city=1, stars=18, seats={1: dict(hearts=2)})
    start_turn(state, 0)
    roll(state, "2", "2", "2", "claw", "claw", "1")
    assert state.is_terminal() and state.winners() == [0]
    assert stars(state)[0] >= 20 and not state.monsters[1].alive
    game_over = next(e for e in state.log if e.kind == "game_over")
    assert game_over.data["how"] == "last_standing"  # the rules' own check
    _same_for_all(state, "stars", [1])


def test_a_shared_stars_win() -> None:
    state = position(edition="2016", city=3, stars=18, seats={1: dict(stars=21)})
    start_turn(state, 0)
    roll(state, "2", "2", "2", "1", "1", "3")
    assert state.winners() == [0, 1]
    _same_for_all(state, "stars", [])


def everybody_falls() -> KingOfTokyoState:
    """Four monsters at 2 hearts; the first buys High Altitude Bombing: every monster
    loses 3 hearts, the buyer last (a game that ends with every monster out)."""
    state = fresh(4)
    for seat in range(4):
        setup(state, seat, hearts=2, stars=17)
    set_row(state, "high_altitude_bombing")
    setup(state, 0, energy=4)
    put(state, 0, "city")
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    return state


def test_everybody_out_is_no_winner_in_the_order_they_fell() -> None:
    state = everybody_falls()
    assert state.is_terminal() and state.winners() == []
    fallen = [e.data["seat"] for e in state.log if e.kind == "eliminated"]
    assert fallen == [1, 2, 3, 0]
    _same_for_all(state, "no_winner", [1, 2, 3, 0])


def test_the_turn_limit_is_no_winner() -> None:
    state = fresh(4, turn_limit=10)
    start_turn(state, 0)
    while not state.is_terminal():
        roll(state, *NOTHING)
    assert state.winners() == []
    _same_for_all(state, "no_winner", [])


def test_the_order_survives_clone_and_to_dict() -> None:
    state = position(city=0, seats={3: dict(hearts=1), 1: dict(hearts=1)})
    start_turn(state, 0)
    roll(state, *ONE_CLAW)  # seats 1 and 3 fall, in play order from the attacker
    assert state.eliminated == [1, 3]
    twin = state.clone()
    twin.eliminated.append(2)
    assert state.eliminated == [1, 3]
    restored = _reloaded(state)
    assert isinstance(restored, KingOfTokyoState)
    assert restored.eliminated == [1, 3]
    assert restored.to_dict() == state.to_dict()
    assert restored.view(0) == state.view(0)


def test_a_state_saved_without_the_order_rebuilds_it_from_its_log() -> None:
    state = position(city=0, seats={3: dict(hearts=1)})
    start_turn(state, 0)
    roll(state, *ONE_CLAW)
    setup(state, 1, hearts=1)
    start_turn(state, 0)
    roll(state, *ONE_CLAW)
    data = json.loads(json.dumps(state.to_dict()))
    del data["state"]["eliminated"]
    restored = state.game.state_from_dict(data)
    assert restored.view(None)["eliminated"] == [3, 1]
    data["log"] = None  # no log to rebuild it from, and two monsters are out
    with pytest.raises(StateFormatError):
        state.game.state_from_dict(data)


def test_an_old_state_without_eliminations_loads_without_a_log() -> None:
    state = fresh(4)
    data = state.to_dict(include_log=False)
    del data["state"]["eliminated"]
    assert state.game.state_from_dict(data).view(None)["eliminated"] == []


def test_an_order_that_does_not_match_the_monsters_is_rejected() -> None:
    state = position(city=0, seats={3: dict(hearts=1)})
    start_turn(state, 0)
    roll(state, *ONE_CLAW)
    for wrong in ([], [3, 3], [2], [3, 2]):
        data = state.to_dict()
        data["state"]["eliminated"] = wrong
        with pytest.raises(StateFormatError):
            state.game.state_from_dict(data)


def test_end_of_buy_keeps_the_views_in_step() -> None:
    """2016: the stars are there before the end of the turn, the victory only after."""
    state = _eighteen_stars_and_a_city(edition="2016")
    assert not state.is_terminal() and stars(state)[0] >= 20
    _same_for_all(state, None, [1])  # the City's monster fell to the claws
    act(state, END_BUY)
    _same_for_all(state, "stars", [1])


def test_an_eliminated_monster_keeps_its_stars_for_the_final_table() -> None:
    """The elimination takes a monster's stars; its event says how many it had, and so
    does the view at the end (the browser's final table shows them, not 0)."""
    state = position(city=0, seats={1: dict(hearts=1, stars=7), 3: dict(hearts=1, stars=4)})
    start_turn(state, 0)
    roll(state, *ONE_CLAW)
    assert stars(state)[1] == stars(state)[3] == 0
    out = {e.data["seat"]: e.data["stars"] for e in state.log if e.kind == "eliminated"}
    assert out == {1: 7, 3: 4}
    assert "stars_at_elimination" not in state.view(None)  # the game goes on
    setup(state, 2, hearts=1)
    start_turn(state, 0)
    roll(state, *ONE_CLAW)
    assert state.is_terminal()
    for seat in (None, 0, 1, 2, 3):
        assert state.view(seat)["stars_at_elimination"] == [None, 7, 0, 4]
