"""Gigazaur's Evolutions."""

from __future__ import annotations

from tabletop.games.king_of_tokyo.dice import face_from_name
from tabletop.games.king_of_tokyo.evolution_state import PowerUp
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import card_damage, hand, in_play, number, powered
from tests.games.king_of_tokyo.scenario import (
    EDITIONS,
    END_BUY,
    NOTHING,
    STAY,
    STOP,
    act,
    asked,
    energy,
    hearts,
    labels,
    put,
    roll,
    setup,
    stars,
    start_turn,
)

PLAY = "play_evolution"
GAMMA = "use Gamma Breath: turn one die into a claw"
SWEEP = "use Tail Sweep: turn one die into a 1 or a 2"


def _pu(state: KingOfTokyoState) -> PowerUp:
    assert state.pu is not None
    return state.pu


def _dice(*faces: str) -> list[int]:
    return sorted(face_from_name(f) for f in faces)


# -- Detachable Tail ----------------------------------------------------------------------


@EDITIONS
def test_detachable_tail(edition: str) -> None:
    """Against incoming damage: no hearts lost this turn, and no wound to yield from."""
    state = powered(4, edition=edition)
    hand(state, 1, "detachable_tail")
    put(state, 1, "city")
    setup(state, 0, energy=20)  # the turn waits in the Buy phase
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert asked(state) == "prevent_damage" and state.current_player == 1
    assert "play Detachable Tail" in labels(state)
    act(state, "play Detachable Tail")
    assert hearts(state)[1] == 10
    assert asked(state) == "buy"  # no yield decision: the smash was cancelled
    assert state.city == 1
    pu = _pu(state)
    assert number("detachable_tail") in pu.table[1]  # face up until the end of the turn
    card_damage(state, 1, 2, 0)  # any other loss this turn is cancelled too
    assert hearts(state)[1] == 10
    act(state, END_BUY)
    assert number("detachable_tail") in pu.discard[0]  # its owner's (Gigazaur's) pile
    assert not pu.table[1]
    assert not state.immune


def test_detachable_tail_only_against_damage() -> None:
    state = powered(4)
    hand(state, 1, "detachable_tail")
    put(state, 1, "city")
    start_turn(state, 1)
    assert asked(state) != PLAY  # not at the start of its own turn
    state = powered(4)
    hand(state, 1, "detachable_tail")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    act(state, "take the damage")
    assert hearts(state)[1] == 7 and _pu(state).hand[1] == [number("detachable_tail")]


# -- Radioactive Waste ----------------------------------------------------------------------


def test_radioactive_waste() -> None:
    """Gain 2 energy and 1 heart; at the start of your turn, or against damage."""
    state = powered(4, evolution_windows="own_turn")  # no window of every turn in the way
    hand(state, 0, "radioactive_waste")
    setup(state, 0, hearts=6)
    start_turn(state, 0)
    assert asked(state) == PLAY
    act(state, "play Radioactive Waste")
    assert hearts(state)[0] == 7 and energy(state)[0] == 2
    assert number("radioactive_waste") in _pu(state).discard[0]
    state = powered(4, evolution_windows="own_turn")
    hand(state, 1, "radioactive_waste")
    put(state, 1, "city")
    setup(state, 1, hearts=1)
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert asked(state) == "prevent_damage"
    act(state, "play Radioactive Waste")
    assert hearts(state)[1] == 1 and energy(state)[1] == 2  # survives the claw


# -- Primal Bellow ------------------------------------------------------------------------


def test_primal_bellow() -> None:
    """Every other monster loses 2 stars (what it has)."""
    state = powered(4)
    hand(state, 0, "primal_bellow")
    for seat, n in enumerate((5, 5, 1, 3)):
        setup(state, seat, stars=n)
    start_turn(state, 0)
    act(state, "play Primal Bellow")
    assert stars(state) == [5, 3, 0, 1]


# -- Saurian Adaptability -------------------------------------------------------------------


def test_saurian_adaptability() -> None:
    """Change-die step: every die of one face turns into one other face."""
    state = powered(4)
    hand(state, 0, "saurian_adaptability")
    put(state, 1, "city")
    start_turn(state, 0)
    assert asked(state) != PLAY  # not at the start of the turn
    roll(state, "1", "1", "1", "2", "heart", "energy")
    assert asked(state) == "change_dice"
    assert labels(state) == ["play Saurian Adaptability", STOP]
    act(state, "play Saurian Adaptability")
    assert asked(state) == "evolution_question"
    assert "turn 1 into claw" in labels(state) and "turn 3 into claw" not in labels(state)
    act(state, "turn 1 into claw")
    assert state.dice == _dice("2", "heart", "energy", "claw", "claw", "claw")
    assert hearts(state)[1] == 7  # nothing else to change: the dice resolve


def test_saurian_adaptability_not_on_others_turns() -> None:
    state = powered(4)
    hand(state, 1, "saurian_adaptability")
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert state.active == 1 or asked(state) != "change_dice"


# -- Defender of Tokyo ----------------------------------------------------------------------


def test_defender_of_tokyo() -> None:
    """Starting your turn in Tokyo: every other monster loses 1 star."""
    state = powered(4)
    in_play(state, 0, "defender_of_tokyo")
    for seat in range(4):
        setup(state, seat, stars=3)
    put(state, 0, "city")
    start_turn(state, 0)
    assert stars(state) == [5, 2, 2, 2]
    state = powered(4)
    in_play(state, 0, "defender_of_tokyo")
    for seat in range(4):
        setup(state, seat, stars=3)
    start_turn(state, 0)  # outside Tokyo: nothing
    assert stars(state) == [3, 3, 3, 3]


# -- Heat Vision ----------------------------------------------------------------------------


def test_heat_vision() -> None:
    """A monster whose claws cost you hearts loses 1 star."""
    state = powered(4)
    in_play(state, 1, "heat_vision")
    put(state, 1, "city")
    setup(state, 0, stars=3)
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    act(state, STAY)
    assert stars(state)[0] == 2
    # Card damage is no wound: no star lost.
    state = powered(4)
    in_play(state, 1, "heat_vision")
    setup(state, 0, stars=3)
    card_damage(state, 1, 2, 0)
    assert hearts(state)[1] == 8 and stars(state)[0] == 3


# -- Gamma Breath, Tail Sweep -----------------------------------------------------------------


def test_gamma_breath() -> None:
    """Once per turn, in your change-die step, one die becomes a claw."""
    state = powered(4)
    in_play(state, 0, "gamma_breath")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "1", "1", "2", "2", "3", "3")
    assert asked(state) == "change_dice" and labels(state) == [GAMMA, STOP]
    act(state, GAMMA)
    assert "turn 1 into claw" in labels(state) and "turn 1 into 2" not in labels(state)
    act(state, "turn 1 into claw")
    assert state.dice == _dice("1", "2", "2", "3", "3", "claw")
    assert asked(state) != "change_dice"  # once per turn: the dice resolve
    assert hearts(state)[1] == 9


def test_gamma_breath_played_from_hand() -> None:
    state = powered(4)
    hand(state, 0, "gamma_breath")
    start_turn(state, 0)
    assert asked(state) != PLAY  # only in the change-die step
    roll(state, *NOTHING)
    assert labels(state) == ["play Gamma Breath", STOP]
    act(state, "play Gamma Breath")
    assert labels(state) == [GAMMA, STOP]  # usable at once
    assert number("gamma_breath") in _pu(state).table[0]


def test_tail_sweep() -> None:
    """Once per turn, one die becomes a 1 or a 2."""
    state = powered(4)
    in_play(state, 0, "tail_sweep")
    start_turn(state, 0)
    roll(state, "2", "2", "3", "heart", "energy", "energy")
    assert labels(state) == [SWEEP, STOP]
    act(state, SWEEP)
    assert "turn energy into 2" in labels(state) and "turn energy into 3" not in labels(state)
    assert "turn 2 into 1" in labels(state) and "turn 2 into 2" not in labels(state)
    act(state, "turn 3 into 2")
    assert stars(state)[0] == 2  # three 2s
    # Not offered on another monster's turn.
    start_turn(state, 1)
    roll(state, *NOTHING)
    assert state.current_player != 0
