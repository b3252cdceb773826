"""Alienoid's Evolutions."""

from __future__ import annotations

import pytest

from tabletop.core.rng import Rng
from tests.games.king_of_tokyo.pu_scenario import hand, in_play, number, powered
from tests.games.king_of_tokyo.scenario import (
    BUY_1,
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
    set_row,
    setup,
    stack_deck,
    stars,
    start_turn,
)

SWEEP_AT = "remove a counter to sweep the row (Adapting Technology)"
MOTHERSHIP = "pay 1 energy for 1 heart (Mothership Support)"


def test_alien_scourge() -> None:
    """Gain 2 stars; playable at the start of your own turn."""
    state = powered(4)
    hand(state, 0, "alien_scourge")
    start_turn(state, 0)
    assert asked(state) == "play_evolution"
    assert "play Alien Scourge" in labels(state)
    act(state, "play Alien Scourge")
    assert stars(state)[0] == 2
    assert state.pu is not None and state.pu.hand[0] == []
    assert asked(state) == "roll"  # nothing else to play: the turn goes on


def test_alien_scourge_in_buy_phase_not_on_others_turn_under_own_turn() -> None:
    state = powered(4, evolution_windows="own_turn")
    hand(state, 1, "alien_scourge")
    start_turn(state, 0)
    assert state.current_player == 0  # seat 1 is not asked on seat 0's turn
    roll(state, *NOTHING)  # seat 0's turn ends without asking seat 1
    assert state.active == 1 and asked(state) == "play_evolution"  # its own turn


def test_precision_field_support() -> None:
    """Reveal until a Keep card of cost 4 or less: free; the others are discarded."""
    state = powered(4)
    give(state, 0, "media_friendly")
    hand(state, 0, "precision_field_support")
    stack_deck(state, "energize", "extra_head", "armor_plating")
    start_turn(state, 0)
    act(state, "play Precision Field Support")
    assert instance_of(state, "armor_plating") in state.monsters[0].cards
    assert instance_of(state, "energize") in state.discard
    assert instance_of(state, "extra_head") in state.discard
    assert energy(state)[0] == 0 and stars(state)[0] == 0  # free, not a purchase


def test_anger_batteries() -> None:
    """End of a turn: 1 energy per heart lost this turn (offered only after a loss)."""
    state = powered(4)
    hand(state, 1, "anger_batteries")
    put(state, 1, "city")
    start_turn(state, 0)
    assert state.current_player == 0
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    act(state, STAY)
    while state.current_player == 0:
        act(state, END_BUY if END_BUY in labels(state) else "decline")
    assert asked(state) == "play_evolution" and state.current_player == 1
    act(state, "play Anger Batteries")
    assert energy(state)[1] == 3


def test_anger_batteries_not_without_a_loss() -> None:
    state = powered(4)
    hand(state, 1, "anger_batteries")
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert state.current_player != 1 or asked(state) != "play_evolution"


def test_adapting_technology() -> None:
    """3 counters; in your Buy phase a counter sweeps the row instead of 2 energy."""
    state = powered(4)
    hand(state, 0, "adapting_technology")
    set_row(state, "energize", "apartment_building", "corner_store")
    start_turn(state, 0)
    assert "play Adapting Technology" not in labels(state)  # Buy phase only
    roll(state, *NOTHING)
    act(state, "play Adapting Technology")
    card = number("adapting_technology")
    assert state.pu is not None and state.pu.counters[card] == 3
    row = list(state.row)
    act(state, SWEEP_AT)
    assert state.pu.counters[card] == 2 and energy(state)[0] == 0
    assert not set(row) & set(state.row)
    state.pu.counters[card] = 1
    act(state, SWEEP_AT)
    assert card not in state.pu.table[0] and card in state.pu.discard[0]


def test_funny_looking_but_dangerous() -> None:
    """Three 2s: every other monster loses 1 heart (with the smash if smashed)."""
    state = powered(4)
    in_play(state, 0, "funny_looking_but_dangerous")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "2", "2", "2", "claw", "1", "3")
    act(state, STAY)
    assert hearts(state) == [10, 8, 9, 9]
    assert stars(state)[0] == 2  # the 2s still score


def test_funny_looking_but_dangerous_needs_three_twos() -> None:
    state = powered(4)
    in_play(state, 0, "funny_looking_but_dangerous")
    start_turn(state, 0)
    roll(state, "2", "2", "1", "1", "3", "3")
    assert hearts(state) == [10, 10, 10, 10]


def test_exotic_arms() -> None:
    """Start of turn: bet 2 energy; 3 claws: back, and 2 extra hearts per smash."""
    state = powered(4)
    in_play(state, 0, "exotic_arms")
    setup(state, 0, energy=3)
    put(state, 1, "city")
    start_turn(state, 0)
    assert asked(state) == "evolution_question"
    act(state, "put 2 energy on Exotic Arms")
    assert energy(state)[0] == 1
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert hearts(state)[1] == 5 and energy(state)[0] == 3


def test_exotic_arms_missed() -> None:
    state = powered(4)
    in_play(state, 0, "exotic_arms")
    setup(state, 0, energy=3)
    put(state, 1, "city")
    start_turn(state, 0)
    act(state, "put 2 energy on Exotic Arms")
    roll(state, "claw", "claw", "1", "1", "2", "3")
    if asked(state) == "yield":
        act(state, STAY)
    assert hearts(state)[0] == 8 and hearts(state)[1] == 8 and energy(state)[0] == 1


def test_exotic_arms_declined_or_too_poor() -> None:
    state = powered(4)
    in_play(state, 0, "exotic_arms")
    setup(state, 0, energy=1)
    start_turn(state, 0)
    assert asked(state) == "roll"  # fewer than 2 energy: no question
    setup(state, 0, energy=5)
    start_turn(state, 0)
    act(state, "keep your energy")
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert hearts(state)[0] == 10 and energy(state)[0] == 5


def test_mothership_support() -> None:
    """Once during each of your turns: 1 energy for 1 heart."""
    state = powered(4)
    in_play(state, 0, "mothership_support")
    setup(state, 0, hearts=5, energy=3)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, MOTHERSHIP)
    assert hearts(state)[0] == 6 and energy(state)[0] == 2
    assert MOTHERSHIP not in labels(state)  # once per turn


def test_mothership_support_only_on_own_turn() -> None:
    state = powered(4)
    in_play(state, 1, "mothership_support")
    setup(state, 1, hearts=5, energy=3)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert asked(state) == "yield"  # no prevention question for seat 1
    assert MOTHERSHIP not in labels(state)


def test_superior_alien_technology() -> None:
    """Keep cards at half cost (rounded up) with a UFO token; at most 3 tokens."""
    state = powered(4)
    in_play(state, 0, "superior_alien_technology")
    (head,) = set_row(state, "extra_head")[:1]
    setup(state, 0, energy=4)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)  # 7 energy: only affordable at half cost (4)
    assert head in state.monsters[0].cards and energy(state)[0] == 0
    assert state.pu is not None and f"ufo:{head}" in state.pu.marks


def test_superior_alien_technology_choice() -> None:
    state = powered(4)
    in_play(state, 0, "superior_alien_technology")
    (armor,) = set_row(state, "armor_plating")[:1]
    setup(state, 0, energy=10)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert asked(state) == "evolution_question"
    act(state, "buy it at the normal cost")
    assert energy(state)[0] == 6
    assert state.pu is not None and f"ufo:{armor}" not in state.pu.marks


def test_superior_alien_technology_ufo_dice() -> None:
    """Start of turn: a die per UFO card; a claw discards the card."""
    state = powered(4)
    in_play(state, 0, "superior_alien_technology")
    cards = give(state, 0, "armor_plating", "extra_head", "wings")
    pu = state.pu
    assert pu is not None
    for c in cards:
        pu.marks[f"ufo:{c}"] = 0
    for _ in range(40):
        start_turn(state, 0)
        if len(state.monsters[0].cards) < 3:
            break
    gone = [c for c in cards if c not in state.monsters[0].cards]
    assert gone and all(f"ufo:{c}" not in pu.marks for c in gone)
    # Three UFO cards at most: no half price while three carry a token.
    state2 = powered(4)
    in_play(state2, 0, "superior_alien_technology")
    assert state2.pu is not None
    for c in give(state2, 0, "armor_plating", "extra_head", "wings"):
        state2.pu.marks[f"ufo:{c}"] = 0
    set_row(state2, "energize", "apartment_building", "even_bigger")
    setup(state2, 0, energy=2)
    start_turn(state2, 0)
    roll(state2, *NOTHING)
    assert "buy the card in slot 3 of the row" not in labels(state2)


@pytest.mark.parametrize("child", [False, True])
def test_a_ufo_claw_that_costs_every_card_ends_the_ufo_dice(child: bool) -> None:
    """Losing Even Bigger to a claw takes its 2 hearts (2011): a monster at 1 heart is
    out (or, with It Has a Child, starts again), its cards discarded, and no die is
    rolled for the UFO cards it no longer has."""
    lost_all = 0
    for seed in range(60):
        state = powered(4)
        state.rng = Rng(seed)  # other UFO dice
        in_play(state, 0, "superior_alien_technology")
        cards = give(state, 0, "even_bigger", "poison_spit")
        if child:
            give(state, 0, "it_has_a_child")
        assert state.pu is not None
        for c in cards:
            state.pu.marks[f"ufo:{c}"] = 0
        setup(state, 0, hearts=1, max_hearts=12)
        start_turn(state, 0)
        if state.monsters[0].cards == []:
            lost_all += 1
            assert state.monsters[0].alive == child
    assert lost_all > 0


def test_exotic_arms_played_from_hand_asks_at_once() -> None:
    """Played at the start of the turn (no timing): the bet is asked before rolling."""
    state = powered(4)
    hand(state, 0, "exotic_arms")
    setup(state, 0, energy=2)
    start_turn(state, 0)
    act(state, "play Exotic Arms")
    assert asked(state) == "evolution_question"
    assert "put 2 energy on Exotic Arms" in labels(state)


def test_superior_alien_technology_halves_a_miraculous_catch() -> None:
    state = powered(4)
    in_play(state, 0, "superior_alien_technology", "miraculous_catch")
    head = instance_of(state, "extra_head")
    if head in state.row:
        state.row[state.row.index(head)] = state.deck.pop()
    elif head in state.deck:
        state.deck.remove(head)
    state.discard = [head]
    setup(state, 0, energy=3)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, "reveal a random card of the discard pile (Miraculous Catch)")
    assert "choose Extra Head" not in labels(state)  # 6 energy after the -1
    act(state, "buy it for half its cost (Superior Alien Technology)")
    assert head in state.monsters[0].cards and energy(state)[0] == 0
    assert state.pu is not None and f"ufo:{head}" in state.pu.marks
