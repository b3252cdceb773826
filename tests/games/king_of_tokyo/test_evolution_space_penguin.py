"""Space Penguin's Evolutions."""

from __future__ import annotations

import json

import pytest

from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.dice import CLAW, KEEPS
from tabletop.games.king_of_tokyo.evolution_state import PowerUp
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import hand, in_play, number, powered
from tests.games.king_of_tokyo.scenario import (
    END_BUY,
    NOTHING,
    STAY,
    act,
    asked,
    energy,
    give,
    hearts,
    instance_of,
    labels,
    put,
    roll,
    setup,
    stack_deck,
    stars,
    start_turn,
)


def pu_of(state: KingOfTokyoState) -> PowerUp:
    assert state.pu is not None
    return state.pu


def finish_turn(state: KingOfTokyoState, a: int = 0) -> None:
    """Answer the plain questions until ``a``'s turn passes to another monster."""
    while state.active == a and not state.is_terminal():
        kind = asked(state)
        options = labels(state)
        if END_BUY in options:
            act(state, END_BUY)
        elif "decline" in options:
            act(state, "decline")
        elif STAY in options:
            act(state, STAY)
        elif "take the damage" in options:
            act(state, "take the damage")
        else:
            raise AssertionError(f"unexpected decision {kind}: {options}")


def test_freeze_ray() -> None:
    """Lent to the monster in Tokyo the owner's claws hurt; the owner names a face
    that does nothing in that monster's next turn; then the card comes back."""
    state = powered(4)
    in_play(state, 0, "freeze_ray")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    pu = pu_of(state)
    assert pu.marks[f"freeze_ray:{number('freeze_ray')}"] == 1
    assert asked(state) == "yield"
    act(state, STAY)
    finish_turn(state)
    start_turn(state, 1)
    assert asked(state) == "evolution_question"
    assert state.current_player == 0  # the owner names the face
    assert "choose the face claw" in labels(state)
    act(state, "choose the face claw")
    before = stars(state)[1]
    roll(state, "claw", "claw", "claw", "1", "1", "1")
    assert hearts(state)[0] == 10 and hearts(state)[2] == 10  # the claws do nothing
    assert stars(state)[1] == before + 1  # the 1s still score
    finish_turn(state, 1)
    assert f"freeze_ray:{number('freeze_ray')}" not in pu.marks  # back to its owner


def test_freeze_ray_not_lent_without_a_wound() -> None:
    state = powered(4)
    in_play(state, 0, "freeze_ray")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert not any(k.startswith("freeze_ray") for k in pu_of(state).marks)


def test_freeze_ray_choice_between_two_wounded() -> None:
    state = powered(5)
    in_play(state, 0, "freeze_ray")
    put(state, 1, "city")
    put(state, 2, "bay")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert asked(state) == "evolution_question"
    # Labels number seats from 1: seat 1 is "seat 2".
    assert sorted(labels(state)) == ["choose seat 2", "choose seat 3"]
    act(state, "choose seat 3")
    assert pu_of(state).marks[f"freeze_ray:{number('freeze_ray')}"] == 2


def test_miraculous_catch() -> None:
    """Once per own Buy phase: a random discard-pile card, 1 energy cheaper."""
    state = powered(4)
    in_play(state, 0, "miraculous_catch")
    apartment = instance_of(state, "apartment_building")
    if apartment in state.deck:
        state.deck.remove(apartment)
    if apartment in state.row:
        state.row[state.row.index(apartment)] = state.deck.pop()
    state.discard = [apartment]
    setup(state, 0, energy=4)
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert asked(state) == "buy"
    act(state, "reveal a random card of the discard pile (Miraculous Catch)")
    assert sorted(labels(state)) == ["choose Apartment Building", "leave the revealed card"]
    act(state, "choose Apartment Building")
    assert stars(state)[0] == 3 and energy(state)[0] == 0  # cost 5 - 1
    assert apartment in state.discard  # a Discard card resolves and goes back
    assert "reveal a random card of the discard pile (Miraculous Catch)" not in labels(state)


def test_miraculous_catch_from_hand_in_buy_phase_only() -> None:
    state = powered(4)
    hand(state, 0, "miraculous_catch")
    start_turn(state, 0)
    assert "play Miraculous Catch" not in labels(state)  # not at the start of the turn
    roll(state, *NOTHING)
    assert "play Miraculous Catch" in labels(state)
    state.discard = state.discard or [state.deck.pop()]
    setup(state, 0, energy=20)
    act(state, "play Miraculous Catch")
    assert asked(state) in ("evolution_question", "buy")
    assert number("miraculous_catch") in pu_of(state).table[0]


def test_deep_dive() -> None:
    """Look at the top 3, put one into play for free, the others to the bottom."""
    state = powered(4)
    hand(state, 0, "deep_dive")
    stack_deck(state, "corner_store", "apartment_building", "armor_plating")
    start_turn(state, 0)
    act(state, "play Deep Dive")
    assert sorted(labels(state)) == [
        "choose Apartment Building",
        "choose Armor Plating",
        "choose Corner Store",
    ]
    # Only the Deep Dive player sees the cards; its determinization keeps them.
    det = state.determinize(0, Rng(7))
    assert det.deck[-3:] == state.deck[-3:]
    seen = json.dumps(state.view(1))
    assert "corner_store" not in seen and "Corner Store" not in seen
    act(state, "choose Armor Plating")
    assert instance_of(state, "armor_plating") in state.monsters[0].cards
    assert energy(state)[0] == 0  # free
    bottom = {instance_of(state, "corner_store"), instance_of(state, "apartment_building")}
    assert set(state.deck[:2]) == bottom


def test_cold_wave() -> None:
    """End of own turn: the others roll one die fewer until the owner's next turn."""
    state = powered(4)
    hand(state, 0, "cold_wave")
    start_turn(state, 0)
    assert "play Cold Wave" not in labels(state)  # not a start-of-turn card
    roll(state, *NOTHING)
    act(state, END_BUY)
    assert asked(state) == "play_evolution"
    act(state, "play Cold Wave")
    assert number("cold_wave") in pu_of(state).table[0]
    finish_turn(state)
    start_turn(state, 1)
    assert len(state.dice) == 5
    start_turn(state, 0)  # the owner's next turn: it ends
    assert number("cold_wave") not in pu_of(state).table[0]
    assert len(state.dice) == 6
    start_turn(state, 1)
    assert len(state.dice) == 6


def test_encased_in_ice() -> None:
    """Pay 1 energy to freeze a die: the next monsters roll it, and keep it."""
    state = powered(4)
    in_play(state, 0, "encased_in_ice")
    setup(state, 0, energy=2)
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "3", "heart")
    assert asked(state) == "evolution_question"
    assert "choose the face claw" in labels(state)
    act(state, "choose the face claw")
    assert energy(state)[0] == 1
    finish_turn(state)
    start_turn(state, 1)
    assert CLAW in state.dice
    table = state.game.table  # type: ignore[attr-defined]
    keeps = [a for a in state.legal_actions() if table.move[a.id] == 0]
    assert keeps and all(KEEPS[table.arg[a.id]][CLAW] >= 1 for a in keeps)
    start_turn(state, 0)  # released at the start of the owner's next turn
    assert "encased_face" not in pu_of(state).marks


def test_encased_in_ice_needs_energy() -> None:
    state = powered(4)
    in_play(state, 0, "encased_in_ice")
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert asked(state) != "evolution_question"


def test_blizzard() -> None:
    """Own turn: the others roll once and may not yield until the owner's next turn."""
    state = powered(4)
    hand(state, 0, "blizzard")
    setup(state, 1, energy=10)  # seat 1's turn stops at its Buy phase, whatever it rolls
    start_turn(state, 0)
    assert "play Blizzard" not in labels(state)
    roll(state, *NOTHING)
    act(state, "play Blizzard")
    finish_turn(state)
    put(state, 2, "city")
    start_turn(state, 1)
    assert state.rolls_left == 0 and asked(state) != "roll"
    before = hearts(state)[2]
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert hearts(state)[2] == before - 2
    assert asked(state) != "yield" and state.city == 2  # may not yield
    start_turn(state, 0)
    assert number("blizzard") not in pu_of(state).table[0]
    assert state.rolls_left == 2  # the owner is not affected


def test_black_diamond() -> None:
    """+1 star on taking Tokyo and on staying when allowed to yield."""
    state = powered(4)
    in_play(state, 0, "black_diamond")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")  # 2011: takes the empty City
    assert state.city == 0 and stars(state)[0] == 2
    finish_turn(state)
    start_turn(state, 1)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert asked(state) == "yield"
    before = stars(state)[0]
    act(state, STAY)
    assert stars(state)[0] == before + 1


def test_icy_reflection() -> None:
    """Copies a face-up Permanent Evolution; discarded when the original goes."""
    state = powered(4)
    hand(state, 0, "icy_reflection")
    start_turn(state, 0)
    assert "play Icy Reflection" not in labels(state)  # nothing to copy
    in_play(state, 1, "mouse_hunter")
    start_turn(state, 0)
    act(state, "play Icy Reflection")
    assert labels(state) == ["choose the Evolution Mouse Hunter"]
    act(state, "choose the Evolution Mouse Hunter")
    assert asked(state) == "roll"
    roll(state, "1", "2", "3", "heart", "energy", "energy")
    assert stars(state)[0] == 1  # works as Mouse Hunter
    pu = pu_of(state)
    pu.discard_from_table(1, number("mouse_hunter"))
    assert number("icy_reflection") not in pu.table[0]
    assert number("icy_reflection") in pu.discard[0]


@pytest.mark.parametrize("leaves", ["discard", "token"])
def test_icy_reflection_leaves(leaves: str) -> None:
    state = powered(4, icy_reflection_leaves=leaves)
    in_play(state, 1, "black_diamond")
    hand(state, 0, "icy_reflection")
    start_turn(state, 0)
    act(state, "play Icy Reflection", "choose the Evolution Black Diamond")
    pu = pu_of(state)
    assert pu.count(0, "black_diamond") == 1
    pu.discard_from_table(1, number("black_diamond"))
    assert (number("icy_reflection") in pu.table[0]) == (leaves == "token")
    assert pu.count(0, "black_diamond") == 0


def test_icy_reflection_stacks_with_the_original() -> None:
    state = powered(4)
    in_play(state, 0, "black_diamond", "icy_reflection")
    pu_of(state).marks["icy_reflection"] = number("black_diamond")
    give(state, 0)
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert stars(state)[0] == 3  # entry + 2 Black Diamonds


def test_encased_in_ice_played_before_resolving() -> None:
    """From hand it is played after rolling, before resolving (not at the start)."""
    state = powered(4)
    hand(state, 0, "encased_in_ice")
    setup(state, 0, energy=1)
    start_turn(state, 0)
    assert "play Encased in Ice" not in labels(state)
    roll(state, "claw", "1", "1", "2", "3", "heart")
    assert asked(state) == "play_evolution"
    act(state, "play Encased in Ice")
    assert asked(state) == "evolution_question"
    act(state, "choose the face 3")
    assert pu_of(state).marks["encased_face"] == 2 and energy(state)[0] == 0
