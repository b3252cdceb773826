"""Cyber Kitty's Evolutions."""

from __future__ import annotations

from tabletop.games.king_of_tokyo.evolution_state import PowerUp
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import hand, in_play, number, powered
from tests.games.king_of_tokyo.scenario import (
    EDITIONS,
    END_BUY,
    NOTHING,
    STAY,
    act,
    asked,
    energy,
    give,
    hearts,
    labels,
    put,
    roll,
    setup,
    stars,
    start_turn,
)

FOOD_YES = "play with your food: 2 hearts fewer, steal 1 star and 1 energy"


def pu_of(state: KingOfTokyoState) -> PowerUp:
    assert state.pu is not None
    return state.pu


def test_nine_lives() -> None:
    """At 0 hearts: everything goes, 9 hearts and 9 stars, out of Tokyo; before
    It Has a Child, which is discarded unused. (With ``evolution_windows="own_turn"``:
    Electro-Scratch in hand is not offered on seat 0's turn.)"""
    state = powered(4, evolution_windows="own_turn")
    hand(state, 1, "nine_lives", "electro_scratch")
    in_play(state, 1, "mouse_hunter")
    give(state, 1, "it_has_a_child", "armor_plating")
    give(state, 2, "eater_of_the_dead")
    setup(state, 1, hearts=2, stars=5, energy=4)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    m = state.monsters[1]
    assert m.alive and m.hearts == 9 and m.stars == 9 and m.energy == 0
    assert m.cards == [] and not state.in_tokyo(1)
    pu = pu_of(state)
    assert pu.hand[1] == [] and pu.table[1] == []
    assert number("nine_lives") in pu.discard[1]
    assert stars(state)[2] == 3  # Eater of the Dead still fires


def test_nine_lives_not_in_hand() -> None:
    state = powered(4)
    setup(state, 1, hearts=2)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert not state.monsters[1].alive


def test_mega_purr() -> None:
    """Each other monster gives 1 energy or 1 star, its choice (or what it has)."""
    state = powered(4)
    hand(state, 0, "mega_purr")
    setup(state, 1, energy=2, stars=2)
    setup(state, 2, energy=0, stars=3)
    setup(state, 3, energy=0, stars=0)
    start_turn(state, 0)
    act(state, "play Mega Purr")
    assert asked(state) == "evolution_question" and state.current_player == 1
    assert sorted(labels(state)) == ["give 1 energy (Mega Purr)", "give 1 star (Mega Purr)"]
    act(state, "give 1 energy (Mega Purr)")
    assert energy(state) == [1, 1, 0, 0]
    assert stars(state) == [1, 2, 2, 0]


def test_electro_scratch() -> None:
    state = powered(4)
    hand(state, 0, "electro_scratch")
    start_turn(state, 0)
    act(state, "play Electro-Scratch")
    assert hearts(state) == [10, 9, 9, 9]


def test_cat_nip() -> None:
    """Start of own turn: one roll, every result doubled; gone at the end of the turn."""
    state = powered(4)
    hand(state, 0, "cat_nip")
    put(state, 1, "city")
    start_turn(state, 0)
    act(state, "play Cat Nip")
    assert state.rolls_left == 0  # a single roll: it resolved at once
    setup(state, 0, hearts=5, stars=0, energy=0)
    setup(state, 1, hearts=10)
    roll(state, "1", "1", "1", "energy", "heart", "claw")
    assert stars(state)[0] == 2 and energy(state)[0] == 2 and hearts(state)[0] == 7
    assert hearts(state)[1] == 8
    act(state, STAY)
    assert number("cat_nip") in pu_of(state).table[0]  # face up for the turn
    while state.active == 0:
        act(state, END_BUY if END_BUY in labels(state) else "decline")
    assert number("cat_nip") not in pu_of(state).table[0]
    assert number("cat_nip") in pu_of(state).discard[0]


def test_cat_nip_only_at_turn_start() -> None:
    state = powered(4)
    hand(state, 0, "cat_nip")
    start_turn(state, 0)
    act(state, "decline")
    roll(state, *NOTHING, rolls_left=0)
    assert "play Cat Nip" not in labels(state)


def test_play_with_your_food() -> None:
    """2+ hearts to a monster in Tokyo: 2 fewer, and steal 1 star and 1 energy."""
    state = powered(4)
    in_play(state, 0, "play_with_your_food")
    setup(state, 1, stars=3, energy=3)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert asked(state) == "evolution_question"
    act(state, FOOD_YES)
    assert hearts(state)[1] == 9
    assert stars(state)[:2] == [1, 2] and energy(state)[:2] == [1, 2]


def test_play_with_your_food_declined_or_one_claw() -> None:
    state = powered(4)
    in_play(state, 0, "play_with_your_food")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert asked(state) == "yield"  # one heart: no question
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "2", "2", "3")
    act(state, "deal the full damage")
    assert hearts(state)[1] == 7


def test_feline_motor() -> None:
    """Another monster's Enter Tokyo step with a free spot: enter instead of it."""
    state = powered(4)
    in_play(state, 1, "feline_motor")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")  # 2011: would take the empty City
    assert asked(state) == "evolution_question" and state.current_player == 1
    act(state, "Feline Motor: yes")
    assert state.city == 1 and stars(state)[0] == 0
    assert stars(state)[1] == 3  # the entry star, then 2 for starting its turn there


def test_feline_motor_from_hand() -> None:
    state = powered(4, edition="2016")
    hand(state, 1, "feline_motor")
    start_turn(state, 0)
    roll(state, *NOTHING)  # 2016: entry is mandatory
    assert asked(state) == "play_evolution" and state.current_player == 1
    act(state, "play Feline Motor")
    assert state.city == 1 and stars(state)[0] == 0  # seat 0 did not enter


def test_feline_motor_not_from_tokyo() -> None:
    state = powered(4, edition="2016")
    in_play(state, 1, "feline_motor")
    put(state, 1, "city")
    start_turn(state, 0)
    put(state, 1, "outside")  # in Tokyo when the turn began
    roll(state, *NOTHING)
    assert state.city == 0


def test_mouse_hunter() -> None:
    state = powered(4)
    in_play(state, 0, "mouse_hunter")
    start_turn(state, 0)
    roll(state, "1", "2", "3", "heart", "energy", "energy")
    assert stars(state)[0] == 1
    start_turn(state, 0)
    roll(state, "2", "2", "3", "heart", "energy", "energy")
    assert stars(state)[0] == 1


@EDITIONS
def test_meow_missile(edition: str) -> None:
    """A 1 adds a claw, with or without a claw die: the added claw is a claw, so in 2011
    it also meets "extra damage needs a claw"."""
    state = powered(4, edition=edition)
    in_play(state, 0, "meow_missile")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "1", "claw", "2", "3", "heart", "energy")
    act(state, STAY)
    assert hearts(state)[1] == 8
    start_turn(state, 0)
    roll(state, "1", "2", "2", "3", "heart", "energy")
    if asked(state) == "yield":
        act(state, STAY)
    assert hearts(state)[1] == 7
