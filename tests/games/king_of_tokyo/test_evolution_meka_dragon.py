"""Meka Dragon's Evolutions."""

from __future__ import annotations

from tabletop.games.king_of_tokyo.dice import CLAW, HEART
from tabletop.games.king_of_tokyo.evolution_state import PowerUp
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import card_damage, hand, in_play, number, powered
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
    script_dice,
    setup,
    stars,
    start_turn,
)

PLAY = "play_evolution"
SMASH_3 = ("claw", "claw", "claw", "1", "2", "3")


def _pu(state: KingOfTokyoState) -> PowerUp:
    assert state.pu is not None
    return state.pu


# -- Mecha Blast --


@EDITIONS
def test_mecha_blast(edition: str) -> None:
    """While resolving: every monster your claws wound this turn loses 2 more hearts."""
    state = powered(4, edition=edition)
    hand(state, 0, "mecha_blast")
    put(state, 1, "city")
    setup(state, 0, energy=20)  # the turn waits in the Buy phase
    start_turn(state, 0)
    assert asked(state) != PLAY  # not at the start of the turn
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert asked(state) == PLAY and labels(state) == ["play Mecha Blast", "decline"]
    act(state, "play Mecha Blast")
    assert hearts(state)[1] == 10 - 2 - 2
    act(state, STAY)
    pu = _pu(state)
    assert number("mecha_blast") in pu.table[0]  # face up until the end of the turn
    card_damage(state, 1, 1, 0)  # card damage is no wound: no extra hearts
    assert hearts(state)[1] == 5
    act(state, END_BUY)
    assert number("mecha_blast") in pu.discard[3] and not pu.table[0]


def test_mecha_blast_declined_and_prevented() -> None:
    state = powered(4)
    hand(state, 0, "mecha_blast")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    act(state, "decline")
    assert hearts(state)[1] == 8
    # A wound Armor Plating cancels is no wound: no extra hearts.
    state = powered(4)
    hand(state, 0, "mecha_blast")
    give(state, 1, "armor_plating")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "3", "3")
    act(state, "play Mecha Blast")
    assert hearts(state)[1] == 10


# -- Destructive Analysis --


def test_destructive_analysis() -> None:
    """While resolving: 1 energy per claw die."""
    state = powered(4)
    hand(state, 0, "destructive_analysis")
    put(state, 1, "city")
    start_turn(state, 0)
    assert asked(state) != PLAY
    roll(state, "claw", "claw", "claw", "1", "energy", "3")
    act(state, "play Destructive Analysis")
    assert energy(state)[0] == 3 + 1  # the claws, then the energy die
    assert number("destructive_analysis") in _pu(state).discard[3]


def test_destructive_analysis_not_on_others_turns() -> None:
    state = powered(4)
    hand(state, 1, "destructive_analysis")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "energy", "3")
    assert state.active == 1 and asked(state) == "roll"  # seat 1 was never asked
    assert _pu(state).hand[1] == [number("destructive_analysis")]


# -- Programmed to Destroy --


def test_programmed_to_destroy() -> None:
    """Another monster reaches 0 hearts: 3 stars and 2 energy (whoever knocked it out)."""
    state = powered(4)
    in_play(state, 2, "programmed_to_destroy")
    put(state, 1, "city")
    setup(state, 1, hearts=2)
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert not state.monsters[1].alive
    assert stars(state)[2] == 3 and energy(state)[2] == 2
    # Saved at 0 (It Has a Child): it fires anyway.
    state = powered(4)
    in_play(state, 2, "programmed_to_destroy")
    give(state, 1, "it_has_a_child")
    put(state, 1, "city")
    setup(state, 1, hearts=2)
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert state.monsters[1].alive and stars(state)[2] == 3


# -- Tune-Up --


def test_tune_up() -> None:
    """Before rolling, outside Tokyo: 4 hearts, 2 energy, and the turn is over."""
    state = powered(4)
    hand(state, 0, "tune_up")
    setup(state, 0, hearts=3, poison=1)
    start_turn(state, 0)
    assert asked(state) == PLAY and "play Tune-Up" in labels(state)
    act(state, "play Tune-Up")
    assert hearts(state)[0] == 7 and energy(state)[0] == 2  # no Poison: no end of turn
    assert state.active == 1


def test_tune_up_with_an_end_of_turn() -> None:
    state = powered(4, skipped_turn_end="end_of_turn")
    hand(state, 0, "tune_up")
    setup(state, 0, hearts=3, poison=1)
    start_turn(state, 0)
    act(state, "play Tune-Up")
    assert hearts(state)[0] == 7 - 1 and state.active == 1


def test_tune_up_not_in_tokyo() -> None:
    state = powered(4)
    hand(state, 0, "tune_up")
    put(state, 0, "city")
    start_turn(state, 0)
    assert asked(state) != PLAY
    # Nor on another monster's turn.
    state = powered(4)
    hand(state, 1, "tune_up")
    start_turn(state, 0)
    assert state.current_player == 0


# -- Breath of Doom --


def test_breath_of_doom() -> None:
    """Making a monster in Tokyo lose hearts: every other monster outside loses 1 heart."""
    state = powered(4)
    in_play(state, 0, "breath_of_doom")
    put(state, 1, "city")
    setup(state, 0, energy=20)  # the turn waits in the Buy phase
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert hearts(state) == [10, 8, 9, 9]
    act(state, STAY)
    # At most once per turn.
    card_damage(state, 1, 1, 0)
    assert hearts(state) == [10, 7, 9, 9]


def test_breath_of_doom_from_tokyo() -> None:
    """In Tokyo, your claws hit the monsters outside: none of them is in Tokyo."""
    state = powered(4)
    in_play(state, 0, "breath_of_doom")
    put(state, 0, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "3", "3")
    assert hearts(state) == [10, 9, 9, 9]


# -- Lightning Armor --


def test_lightning_armor() -> None:
    """After losing hearts to another monster: a die per heart, a heart per claw."""
    state = powered(4)
    in_play(state, 1, "lightning_armor")
    put(state, 1, "city")
    start_turn(state, 0)
    script_dice(state, always=CLAW)
    roll(state, *SMASH_3)
    assert asked(state) == "evolution_question" and state.current_player == 1
    assert labels(state) == ["roll for Lightning Armor", "do not roll for Lightning Armor"]
    act(state, "roll for Lightning Armor")
    assert hearts(state)[0] == 10 - 3 and hearts(state)[1] == 7
    assert asked(state) == "yield"


def test_lightning_armor_no_claws_and_declined() -> None:
    state = powered(4)
    in_play(state, 1, "lightning_armor")
    put(state, 1, "city")
    start_turn(state, 0)
    script_dice(state, always=HEART)
    roll(state, *SMASH_3)
    act(state, "roll for Lightning Armor")
    assert hearts(state)[0] == 10
    state = powered(4)
    in_play(state, 1, "lightning_armor")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_3)
    act(state, "do not roll for Lightning Armor")
    assert hearts(state)[0] == 10


def test_lightning_armor_played_from_hand() -> None:
    state = powered(4)
    hand(state, 1, "lightning_armor")
    put(state, 1, "city")
    start_turn(state, 1)
    assert asked(state) != PLAY  # not at the start of its turn: it has a timing
    start_turn(state, 0)
    script_dice(state, always=CLAW)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert asked(state) == PLAY and state.current_player == 1
    act(state, "play Lightning Armor")  # rolls at once
    assert hearts(state)[0] == 8
    assert number("lightning_armor") in _pu(state).table[1]


def test_lightning_armor_not_against_the_own_turn() -> None:
    """The monster whose turn it is pays: none on your own turn (Poison, ...)."""
    state = powered(4)
    in_play(state, 0, "lightning_armor")
    setup(state, 0, poison=1)
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert hearts(state)[0] == 9 and state.active == 1


# -- Claws of Steel --


def test_claws_of_steel() -> None:
    """On your turn, a monster you make lose 3 or more hearts loses 1 more."""
    state = powered(4)
    in_play(state, 0, "claws_of_steel")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_3)
    assert hearts(state)[1] == 10 - 4
    state = powered(4)
    in_play(state, 0, "claws_of_steel")
    put(state, 1, "city")
    setup(state, 0, energy=20)  # the turn waits in the Buy phase
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert hearts(state)[1] == 8
    act(state, STAY)
    card_damage(state, 1, 1, 0)  # 3 this turn in all: 1 more
    assert hearts(state)[1] == 8 - 1 - 1


def test_claws_of_steel_not_on_others_turns() -> None:
    state = powered(4)
    in_play(state, 1, "claws_of_steel")
    start_turn(state, 0)
    card_damage(state, 2, 3, 1)
    assert hearts(state)[2] == 7


# -- Target Acquired --


def test_target_acquired() -> None:
    """Wounded: give the wounder the token; it then loses 1 more heart to you each time."""
    state = powered(4)
    in_play(state, 1, "target_acquired")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "3", "3")
    assert asked(state) == "evolution_question" and state.current_player == 1
    act(state, "give the target token")
    assert state.view(2)["monsters"][1]["evolutions"]["target_token"] == 0
    act(state, STAY)
    card_damage(state, 0, 1, 1)
    assert hearts(state)[0] == 10 - 2
    card_damage(state, 2, 1, 1)  # another monster: no extra heart
    assert hearts(state)[2] == 9


def test_target_acquired_kept_and_card_damage() -> None:
    state = powered(4)
    in_play(state, 1, "target_acquired")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "3", "3")
    act(state, "keep the target token where it is")
    assert "target_token" not in state.view(None)["monsters"][1]["evolutions"]
    # Card damage (here Breath of Doom's) is no wound: no question.
    state = powered(4)
    in_play(state, 1, "target_acquired")
    in_play(state, 0, "breath_of_doom")
    put(state, 2, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "3", "3")
    assert hearts(state) == [10, 9, 9, 9]
    assert asked(state) == "yield" and state.current_player == 2


def test_target_acquired_played_from_hand() -> None:
    state = powered(4)
    hand(state, 1, "target_acquired")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "3", "3")
    assert asked(state) == PLAY and labels(state) == ["play Target Acquired", "decline"]
    act(state, "play Target Acquired")
    assert _pu(state).marks["target_token.1"] == 0
