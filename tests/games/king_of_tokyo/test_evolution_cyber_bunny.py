"""Cyber Bunny's Evolutions."""

from __future__ import annotations

from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import hand, in_play, number, powered
from tests.games.king_of_tokyo.scenario import (
    BUY_1,
    EDITIONS,
    END_BUY,
    NOTHING,
    act,
    asked,
    energy,
    hearts,
    labels,
    put,
    roll,
    script_dice,
    set_row,
    setup,
    stars,
    start_turn,
)

BUNNY = "cyber_bunny,giga_zaur,kraken,alienoid"


def _game(edition: str = "2011", **options: object) -> KingOfTokyoState:
    return powered(4, monsters=BUNNY, edition=edition, **options)


def _pu(state: KingOfTokyoState):  # type: ignore[no-untyped-def]
    assert state.pu is not None
    return state.pu


def test_stroke_of_genius() -> None:
    """Gain as much energy as gained this turn; only once some was gained."""
    state = _game()
    hand(state, 0, "stroke_of_genius")
    put(state, 1, "city")
    start_turn(state, 0)
    assert asked(state) == "roll"  # nothing gained yet: not offered at the start
    roll(state, "energy", "energy", "energy", "1", "2", "3")
    assert energy(state)[0] == 3
    act(state, "play Stroke of Genius")  # in its own Buy phase
    assert energy(state)[0] == 6


def test_stroke_of_genius_at_the_end_of_another_turn() -> None:
    """Any player, at the end of any turn: energy gained during another's turn counts."""
    state = _game()
    hand(state, 1, "stroke_of_genius")
    hand(state, 0, "panda_monium")
    start_turn(state, 0)
    act(state, "play Panda-Monium")  # seat 1 gains 3
    roll(state, *NOTHING)
    while state.current_player == 0:
        act(state, END_BUY if END_BUY in labels(state) else labels(state)[-1])
    assert state.current_player == 1 and state.view(1)["decision"]["window"] == "end"
    act(state, "play Stroke of Genius")
    assert energy(state)[1] == 6


def test_emergency_battery() -> None:
    state = _game()
    hand(state, 0, "emergency_battery")
    start_turn(state, 0)
    act(state, "play Emergency Battery")
    assert energy(state)[0] == 3


def test_rabbits_foot() -> None:
    """Played on damage: no heart lost for the rest of the turn (no yield either)."""
    state = _game()
    hand(state, 1, "rabbits_foot")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert state.current_player == 1 and asked(state) == "prevent_damage"
    state.hits.append([1, 2, 0, False, False])  # another loss later this turn
    act(state, "play Rabbit's Foot")
    assert hearts(state)[1] == 10 and not state.hits
    assert asked(state) != "yield"  # not wounded


def test_rabbits_foot_not_played() -> None:
    state = _game()
    hand(state, 1, "rabbits_foot")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    act(state, "take the damage")
    assert hearts(state)[1] == 7


def test_heart_of_the_rabbit() -> None:
    """After another monster's last roll: reroll one of its dice."""
    state = powered(4)  # Cyber Bunny in seat 1
    hand(state, 1, "heart_of_the_rabbit")
    setup(state, 0, energy=10)  # seat 0 stops in its Buy phase, the dice still shown
    start_turn(state, 0)
    assert state.current_player == 0
    roll(state, "claw", "claw", "claw", "claw", "claw", "claw")
    assert state.current_player == 1 and asked(state) == "play_evolution"
    assert state.view(1)["decision"]["window"] == "after_other_roll"
    script_dice(state, "1")  # the reroll shows a 1
    act(state, "play Heart of the Rabbit")  # one face only: no question
    assert state.dice == [0, 5, 5, 5, 5, 5]
    assert number("heart_of_the_rabbit") in _pu(state).discard[1]


def test_heart_of_the_rabbit_chooses_the_die_and_comes_back() -> None:
    state = powered(4)
    hand(state, 1, "heart_of_the_rabbit")
    setup(state, 0, energy=10)
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "1", "1", "2")
    act(state, "play Heart of the Rabbit")
    assert asked(state) == "evolution_question"
    assert labels(state) == ["choose the face 1", "choose the face 2", "choose the face claw"]
    assert 1 in state.dice
    script_dice(state, "energy")  # the 2 is rerolled: energy
    act(state, "choose the face 2")
    assert asked(state) == "buy" and state.dice == [0, 0, 0, 4, 5, 5]
    # Seat 1 takes control of Tokyo on its turn: the played card comes back.
    assert number("heart_of_the_rabbit") in _pu(state).discard[1]
    put(state, 0, "outside")
    start_turn(state, 1)
    roll(state, "claw", "1", "1", "2", "2", "3")  # 2011: the first claw takes Tokyo
    assert state.city == 1
    assert number("heart_of_the_rabbit") in _pu(state).hand[1]


def test_heart_of_the_rabbit_only_on_others_turns_and_not_recalled_unplayed() -> None:
    state = powered(4)
    hand(state, 1, "heart_of_the_rabbit")
    start_turn(state, 1)
    roll(state, "1", "1", "1", "2", "2", "3")  # its own roll: not offered
    assert state.current_player == 2 and asked(state) == "roll"
    pu = _pu(state)
    n = number("heart_of_the_rabbit")
    assert n in pu.hand[1]
    pu.hand[1].remove(n)
    pu.discard[1].append(n)  # discarded from a draw, never played
    start_turn(state, 1)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert state.city == 1 and n in pu.discard[1]


def test_secret_laboratory() -> None:
    """Power cards cost 1 energy less (never below 0)."""
    state = _game()
    in_play(state, 0, "secret_laboratory")
    row = set_row(state, "armor_plating", "solar_powered", "heal")
    assert state.view(0)["your_costs"] == [3, 1, 2]
    assert state.view(1)["your_costs"] == [4, 2, 3]
    setup(state, 0, energy=3)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert row[0] in state.monsters[0].cards and energy(state)[0] == 0


def test_king_of_the_gizmo() -> None:
    """Every Power card bought gives 1 star."""
    state = _game()
    in_play(state, 0, "king_of_the_gizmo")
    set_row(state, "armor_plating", "solar_powered", "heal")
    setup(state, 0, energy=10)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert stars(state)[0] == 1


@EDITIONS
def test_energy_sword(edition: str) -> None:
    """Pay 2 before rolling: +1 claw with a claw die, 1 energy per claw die."""
    state = _game(edition)
    in_play(state, 0, "energy_sword")
    setup(state, 0, energy=5)
    put(state, 1, "city")
    start_turn(state, 0)
    assert asked(state) == "evolution_question"
    act(state, "pay 2 energy for Energy Sword")
    assert energy(state)[0] == 3
    assert state.view(2)["monsters"][0]["evolutions"]["table"][0]["counters"] == 2  # public
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert hearts(state)[1] == 10 - 3
    assert energy(state)[0] == 3 + 2
    start_turn(state, 2)  # the payment was for one turn only
    assert "counters" not in state.view(2)["monsters"][0]["evolutions"]["table"][0]


def test_energy_sword_unpaid_or_without_claws() -> None:
    state = _game()
    in_play(state, 0, "energy_sword")
    setup(state, 0, energy=5)
    put(state, 1, "city")
    start_turn(state, 0)
    act(state, "do not pay for Energy Sword")
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert hearts(state)[1] == 8 and energy(state)[0] == 5
    start_turn(state, 0)
    act(state, "pay 2 energy for Energy Sword")
    roll(state, "1", "1", "2", "2", "3", "3")
    assert hearts(state)[1] == 8 and energy(state)[0] == 3  # no claw: no extra claw
    setup(state, 0, energy=1)
    start_turn(state, 0)
    assert asked(state) == "roll"  # cannot pay: not asked


def test_electric_carrot() -> None:
    """In Tokyo: each wounded monster gives 1 energy or loses 1 more heart."""
    state = _game()
    in_play(state, 0, "electric_carrot")
    put(state, 0, "city")
    setup(state, 1, energy=2)
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert state.current_player == 1 and asked(state) == "evolution_question"
    act(state, "give 1 energy (Electric Carrot)")
    assert state.current_player != 1 or asked(state) != "evolution_question"
    while asked(state) == "evolution_question":
        act(state, "lose 1 more heart (Electric Carrot)")
    assert energy(state)[1] == 1 and energy(state)[0] == 1
    assert hearts(state)[1] == 9
    assert hearts(state)[2] == 8 and hearts(state)[3] == 8  # no energy: 1 more heart


def test_electric_carrot_outside_tokyo() -> None:
    state = _game()
    in_play(state, 0, "electric_carrot")
    put(state, 1, "city")
    setup(state, 1, energy=2)
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert hearts(state)[1] == 9 and energy(state)[1] == 2
