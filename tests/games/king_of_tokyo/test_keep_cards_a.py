"""Per-card rules tests for the Keep cards Acid Attack to Herd Culler (section 3.1).

Every test sets up a position with the scenario helpers and checks the card's
effect, usually against the same position without the card. Cards whose 2011 and
2016 behaviour differ (section 3.3) are tested in both editions; the default
edition is 2011.
"""

from __future__ import annotations

import pytest

from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.scenario import (
    BUY_1,
    EDITIONS,
    END_BUY,
    NOTHING,
    STAY,
    STOP,
    YIELD,
    act,
    asked,
    energy,
    fresh,
    give,
    hearts,
    labels,
    mimic,
    put,
    roll,
    script_dice,
    set_row,
    setup,
    stars,
    start_turn,
    turn,
)

NO_CLAWS = ("1", "1", "2", "3", "heart", "heart")  # scores nothing, gives no energy
REROLL_3 = "reroll a 3 (Background Dweller)"
EXTRA_ROLL = "pay 1 energy for an extra roll"


def end_buy(state: KingOfTokyoState) -> KingOfTokyoState:
    while asked(state) == "buy":
        act(state, END_BUY)
    return state


def owned(state: KingOfTokyoState, seat: int, card: str) -> bool:
    card_of = state.game.cards.instances  # type: ignore[attr-defined]
    return any(card_of[c].slug == card for c in state.monsters[seat].cards)


# -- Acid Attack ------------------------------------------------------------------------


def _acid(
    edition: str, *, card: bool, where: str = "outside", faces: tuple[str, ...] = NO_CLAWS
) -> KingOfTokyoState:
    """Seat 0 (with or without Acid Attack) resolves ``faces``; seat 1 holds Tokyo City
    unless seat 0 is there itself."""
    city = {"city": 0, "tokyo_empty": None}.get(where, 1)
    state = turn(edition=edition, cards={0: "acid_attack"} if card else {}, city=city)
    roll(state, *faces)
    return state


def test_acid_attack() -> None:
    """2011: 1 extra damage even without an attack; not a claw, so no yield."""
    state = _acid("2011", card=True)
    assert hearts(state) == [10, 9, 10, 10]
    # No yield was offered: the turn went on to seat 1.
    assert state.city == 1 and state.active == 1 and asked(state) == "roll"
    assert hearts(_acid("2011", card=False)) == [10, 10, 10, 10]


def test_acid_attack_2016_is_a_claw_that_lets_tokyo_yield() -> None:
    state = _acid("2016", card=True)
    assert hearts(state) == [10, 9, 10, 10]
    assert asked(state) == "yield" and state.current_player == 1
    act(state, YIELD)
    assert state.city == 0


@EDITIONS
def test_acid_attack_from_tokyo_hits_every_monster_outside(edition: str) -> None:
    assert hearts(_acid(edition, card=True, where="city")) == [10, 9, 9, 9]
    assert hearts(_acid(edition, card=False, where="city")) == [10, 10, 10, 10]


@EDITIONS
def test_acid_attack_adds_to_an_attack(edition: str) -> None:
    faces = ("1", "1", "2", "3", "heart", "claw")
    state = _acid(edition, card=True, faces=faces)
    assert hearts(state) == [10, 8, 10, 10]
    assert asked(state) == "yield"
    assert hearts(_acid(edition, card=False, faces=faces)) == [10, 9, 10, 10]


def test_acid_attack_2011_does_not_take_an_empty_tokyo() -> None:
    state = _acid("2011", card=True, where="tokyo_empty")
    assert state.city == -1 and stars(state) == [0, 0, 0, 0]
    assert hearts(state) == [10, 10, 10, 10]


def test_acid_attack_2011_with_a_claw_on_empty_tokyo_takes_the_city_without_damage() -> None:
    state = _acid("2011", card=True, where="tokyo_empty", faces=("1", "1", "2", "3", "2", "claw"))
    assert state.city == 0 and stars(state)[0] == 1
    assert hearts(state) == [10, 10, 10, 10]


# -- Alien Origin -----------------------------------------------------------------------


@EDITIONS
def test_alien_origin(edition: str) -> None:
    """Armor Plating (printed 4) costs 3: affordable with 3 energy only with the card."""
    for card in (True, False):
        state = fresh(4, edition=edition)
        if card:
            give(state, 0, "alien_origin")
        (armor,) = set_row(state, "armor_plating")
        setup(state, 0, energy=3)
        put(state, 1, "city")
        start_turn(state, 0)
        roll(state, *NOTHING)
        assert asked(state) == "buy"
        assert (BUY_1 in labels(state)) is card
        if card:
            act(state, BUY_1)
            assert armor in state.monsters[0].cards and energy(state)[0] == 0


@EDITIONS
def test_alien_origin_cost_never_below_zero(edition: str) -> None:
    """Two copies (Mimic on it) take 2 off: a card costing 2 is free, not -0 energy."""
    state = fresh(4, edition=edition)
    (alien,) = give(state, 0, "alien_origin")
    mimic(state, 0, alien)
    (solar,) = set_row(state, "solar_powered")
    assert state.cost_for(0, solar) == 0
    (head,) = set_row(state, "extra_head")
    assert state.cost_for(0, head) == 5
    set_row(state, "made_in_a_lab")  # costs 2 as well
    start_turn(state, 0)
    roll(state, *NO_CLAWS)
    act(state, BUY_1)
    end_buy(state)
    assert owned(state, 0, "made_in_a_lab") and energy(state)[0] == 0


def test_alien_origin_with_parasitic_tentacles() -> None:
    """The discount applies to Parasitic Tentacles; the owner gets what was paid."""
    state = fresh(4)
    give(state, 0, "alien_origin", "parasitic_tentacles")
    (armor,) = give(state, 1, "armor_plating")
    setup(state, 0, energy=3)
    start_turn(state, 0)
    roll(state, *NO_CLAWS)
    act(state, "take Armor Plating from its owner (Parasitic Tentacles)")
    assert armor in state.monsters[0].cards
    assert energy(state)[:2] == [0, 3]


# -- Alpha Monster ----------------------------------------------------------------------


def _alpha(
    edition: str, *, card: bool, faces: tuple[str, ...], city: int = 1, armor: bool = False
) -> tuple[KingOfTokyoState, int]:
    """Seat 0 resolves ``faces``; returns the state and the stars seat 0 gained."""
    state = turn(
        edition=edition,
        cards={0: ["alpha_monster"] if card else [], 1: ["armor_plating"] if armor else []},
        city=city if city >= 0 else None,
    )
    before = stars(state)[0]
    roll(state, *faces)
    return state, stars(state)[0] - before


ONE_CLAW = ("1", "1", "2", "3", "heart", "claw")
THREE_CLAWS = ("1", "2", "3", "claw", "claw", "claw")


@EDITIONS
def test_alpha_monster(edition: str) -> None:
    """One star per resolution with claws, however many claws."""
    assert _alpha(edition, card=True, faces=ONE_CLAW)[1] == 1
    assert _alpha(edition, card=True, faces=THREE_CLAWS)[1] == 1
    assert _alpha(edition, card=False, faces=ONE_CLAW)[1] == 0
    assert _alpha(edition, card=True, faces=NO_CLAWS)[1] == 0


def test_alpha_monster_2011_no_star_for_taking_empty_tokyo() -> None:
    state, gained = _alpha("2011", card=True, faces=ONE_CLAW, city=-1)
    assert state.city == 0 and gained == 1  # the entry star only


def test_alpha_monster_2016_star_even_when_the_claws_hit_nobody() -> None:
    state, gained = _alpha("2016", card=True, faces=ONE_CLAW, city=-1)
    assert state.city == 0 and gained == 2  # Alpha Monster + entering Tokyo


def test_alpha_monster_2011_no_star_when_the_attack_is_fully_prevented() -> None:
    state, gained = _alpha("2011", card=True, faces=ONE_CLAW, armor=True)
    assert hearts(state)[1] == 10 and gained == 0


def test_alpha_monster_2016_star_even_when_the_claw_is_prevented() -> None:
    state, gained = _alpha("2016", card=True, faces=ONE_CLAW, armor=True)
    assert hearts(state)[1] == 10 and gained == 1


@EDITIONS
def test_alpha_monster_with_acid_attack_and_no_rolled_claw(edition: str) -> None:
    """2016: the Acid Attack claw is a claw. 2011: extra damage is no attack."""
    state = turn(edition=edition, cards={0: ("alpha_monster", "acid_attack")}, city=1)
    roll(state, *NO_CLAWS)
    assert hearts(state)[1] == 9
    assert stars(state)[0] == (1 if edition == "2016" else 0)


# -- Armor Plating ----------------------------------------------------------------------


def _smash_city(*cards: str, edition: str = "2011") -> KingOfTokyoState:
    """Seat 0 attacks seat 1 in Tokyo City; seat 1 owns ``cards``."""
    return turn(edition=edition, cards={1: cards}, city=1)


@EDITIONS
def test_armor_plating(edition: str) -> None:
    """A loss of exactly 1 is ignored: no hearts lost, no yield offered."""
    state = _smash_city("armor_plating", edition=edition)
    roll(state, *ONE_CLAW)
    assert hearts(state)[1] == 10
    assert state.active == 1 and asked(state) == "roll"  # no yield question
    state = _smash_city(edition=edition)
    roll(state, *ONE_CLAW)
    assert hearts(state)[1] == 9 and asked(state) == "yield"


@EDITIONS
def test_armor_plating_two_or_more_taken_in_full(edition: str) -> None:
    state = _smash_city("armor_plating", edition=edition)
    roll(state, "1", "1", "2", "3", "claw", "claw")
    assert hearts(state)[1] == 8 and asked(state) == "yield"


def test_armor_plating_one_poison_token() -> None:
    for poison, lost in ((1, 0), (2, 2)):
        state = turn(cards={0: "armor_plating"}, poison=poison)
        roll(state, *NOTHING)
        assert state.active == 1
        assert hearts(state)[0] == 10 - lost


def test_armor_plating_blocked_smash_gives_no_poison() -> None:
    state = turn(cards={0: "poison_spit", 1: "armor_plating"}, city=1)
    roll(state, *ONE_CLAW)
    assert hearts(state)[1] == 10 and state.monsters[1].poison == 0


@EDITIONS
def test_armor_plating_lone_acid_attack(edition: str) -> None:
    """Acid Attack alone (2011 card damage, 2016 a claw) is a loss of 1: ignored."""
    state = turn(edition=edition, cards={0: "acid_attack", 1: "armor_plating"}, city=0)
    roll(state, *NO_CLAWS)
    assert hearts(state) == [10, 10, 9, 9]


def test_armor_plating_2016_acid_claw_joins_the_smash() -> None:
    """2016: Acid Attack + a claw is one loss of 2: Armor Plating does not help."""
    state = turn(edition="2016", cards={0: "acid_attack", 1: "armor_plating"}, city=1)
    roll(state, *ONE_CLAW)
    assert hearts(state)[1] == 8


def test_armor_plating_after_camouflage() -> None:
    """3 claws, Camouflage saves 2, Armor Plating ignores the remaining 1."""
    state = _smash_city("armor_plating", "camouflage")
    dice = script_dice(state, "heart", "heart", "2")
    roll(state, *THREE_CLAWS)
    assert dice.script == []
    assert hearts(state)[1] == 10
    assert asked(state) == "roll" and state.active == 1  # fully prevented: no yield
    state = _smash_city("camouflage")
    script_dice(state, "heart", "heart", "2")
    roll(state, *THREE_CLAWS)
    assert hearts(state)[1] == 9


# -- Background Dweller -----------------------------------------------------------------


def test_background_dweller() -> None:
    """After the last roll a 3 may be rerolled, one die per use, as often as wanted."""
    state = turn(cards={0: "background_dweller"})
    before = stars(state)[0]
    dice = script_dice(state, "3", "1", "2")
    roll(state, "1", "1", "2", "2", "3", "3")
    assert asked(state) == "roll" and REROLL_3 in labels(state)
    act(state, REROLL_3)  # shows a 3 again
    assert state.dice == [0, 0, 1, 1, 2, 2] and state.rolls_left == 0
    act(state, REROLL_3)  # shows a 1
    assert state.dice == [0, 0, 0, 1, 1, 2] and asked(state) == "roll"
    act(state, REROLL_3)  # shows a 2: no 3 left, the dice resolve
    assert dice.script == []
    assert stars(state)[0] - before == 3  # 1-1-1 and 2-2-2
    assert state.active == 1


def test_background_dweller_does_not_use_up_a_roll() -> None:
    state = turn(cards={0: "background_dweller"})
    script_dice(state, "1")
    roll(state, "1", "2", "2", "3", "heart", "heart", rolls_left=1)
    act(state, REROLL_3)
    assert state.rolls_left == 1 and state.dice == [0, 0, 1, 1, 3, 3]
    assert REROLL_3 not in labels(state) and "reroll all dice" in labels(state)


def test_background_dweller_no_question_without_the_card() -> None:
    state = turn()
    roll(state, "1", "1", "2", "2", "3", "3")
    assert state.active == 1  # resolved at once, nobody asked


def test_background_dweller_on_a_three_from_psychic_probe() -> None:
    state = turn(cards={0: "background_dweller", 1: "psychic_probe"})
    before = stars(state)[0]
    dice = script_dice(state, "3", "1")
    roll(state, "1", "1", "2", "2", "heart", "heart")
    assert asked(state) == "psychic_probe" and state.current_player == 1
    act(state, "Psychic Probe: reroll a heart")
    assert asked(state) == "change_dice" and REROLL_3 in labels(state)
    act(state, REROLL_3)
    assert dice.script == []
    assert stars(state)[0] - before == 1  # 1, 1, 1 scored


def test_background_dweller_on_camouflage_dice() -> None:
    """A 3 among the Camouflage dice may be rerolled (a 3 never saves a heart)."""
    state = _smash_city("camouflage", "background_dweller")
    dice = script_dice(state, "3", "heart", "heart")
    roll(state, "1", "1", "2", "3", "claw", "claw")
    assert dice.script == []
    assert hearts(state)[1] == 10
    state = _smash_city("camouflage")
    script_dice(state, "3", "heart")
    roll(state, "1", "1", "2", "3", "claw", "claw")
    assert hearts(state)[1] == 9


# -- Battery Monster (2016) / Monster Batteries (2011) -----------------------------------


def test_battery_monster() -> None:
    """2016: bought, it carries 6 energy from the bank; 2 move to the pool per turn."""
    state = fresh(4, edition="2016")
    (battery,) = set_row(state, "battery_monster")
    setup(state, 0, energy=3)
    put(state, 1, "city")  # 2016: seat 0 must not enter Tokyo (no difference here)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert battery in state.monsters[0].cards
    assert state.counters[battery] == 6 and energy(state)[0] == 0
    assert asked(state) != "charge_batteries"


def test_battery_monster_2016_drains_and_is_discarded() -> None:
    state = fresh(4, edition="2016")
    (battery,) = give(state, 0, "battery_monster", counters=6)
    for pool, left in ((2, 4), (4, 2)):
        start_turn(state, 0)
        assert energy(state)[0] == pool and state.counters[battery] == left
        assert battery in state.monsters[0].cards
    start_turn(state, 0)
    assert energy(state)[0] == 6
    assert battery in state.discard and battery not in state.monsters[0].cards


def test_battery_monster_withdrawal_is_not_a_gain_for_friend_of_children() -> None:
    state = fresh(4, edition="2016")
    give(state, 0, "battery_monster", counters=6)
    give(state, 0, "friend_of_children")
    start_turn(state, 0)
    assert energy(state)[0] == 2


def test_battery_monster_2011_charge_decision() -> None:
    """2011 Monster Batteries (cost 2): move energy onto it, the bank doubles it."""
    state = fresh(4)
    (battery,) = set_row(state, "battery_monster")
    assert state.cost_for(0, battery) == 2
    setup(state, 0, energy=5)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert energy(state)[0] == 3 and asked(state) == "charge_batteries"
    act(state, "move 1 energy onto Monster Batteries", "move 1 energy onto Monster Batteries")
    act(state, "stop charging Monster Batteries")
    assert energy(state)[0] == 1 and state.counters[battery] == 4
    end_buy(state)
    start_turn(state, 0)
    assert energy(state)[0] == 3 and state.counters[battery] == 2
    start_turn(state, 0)
    assert energy(state)[0] == 5 and battery in state.discard


def test_battery_monster_2011_charging_everything_ends_the_question() -> None:
    state = fresh(4)
    (battery,) = set_row(state, "battery_monster")
    setup(state, 0, energy=3)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1, "move 1 energy onto Monster Batteries")
    assert energy(state)[0] == 0 and state.counters[battery] == 2
    assert asked(state) != "charge_batteries"


def test_battery_monster_2011_no_question_without_energy() -> None:
    state = turn(row="battery_monster", energy=2)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert asked(state) != "charge_batteries" and state.active == 1


# -- Burrowing --------------------------------------------------------------------------


def _burrow(edition: str, faces: tuple[str, ...], *, card: bool = True) -> KingOfTokyoState:
    state = turn(edition=edition, cards={0: "burrowing"} if card else {}, city=0)
    return roll(state, *faces)


def test_burrowing() -> None:
    """2011: +1 damage when attacking from Tokyo; it needs a claw die."""
    assert hearts(_burrow("2011", NO_CLAWS)) == [10, 10, 10, 10]
    assert hearts(_burrow("2011", ONE_CLAW)) == [10, 8, 8, 8]
    assert hearts(_burrow("2011", ONE_CLAW, card=False)) == [10, 9, 9, 9]


def test_burrowing_2016_adds_a_claw_in_tokyo_even_without_rolled_claws() -> None:
    assert hearts(_burrow("2016", NO_CLAWS)) == [10, 9, 9, 9]
    assert hearts(_burrow("2016", ONE_CLAW)) == [10, 8, 8, 8]
    assert hearts(_burrow("2016", NO_CLAWS, card=False)) == [10, 10, 10, 10]


@EDITIONS
def test_burrowing_not_outside_tokyo(edition: str) -> None:
    state = turn(edition=edition, cards={0: "burrowing"}, city=1)
    roll(state, *ONE_CLAW)
    assert hearts(state) == [10, 9, 10, 10]


@EDITIONS
def test_burrowing_yield_costs_the_newcomer_a_heart(edition: str) -> None:
    for choice, attacker in (("yield Tokyo", 9), ("stay in Tokyo", 10)):
        state = turn(edition=edition, cards={1: "burrowing"}, city=1)
        roll(state, "1", "1", "2", "3", "claw", "claw")
        act(state, choice)
        assert hearts(state)[:2] == [attacker, 8]
        assert state.city == (0 if choice == "yield Tokyo" else 1)


@EDITIONS
def test_burrowing_not_on_elimination(edition: str) -> None:
    state = turn(edition=edition, cards={1: "burrowing"}, city=1, seats={1: dict(hearts=1)})
    roll(state, *ONE_CLAW)
    assert not state.monsters[1].alive and state.city == 0
    assert hearts(state)[0] == 10


# -- Camouflage -------------------------------------------------------------------------


@EDITIONS
def test_camouflage(edition: str) -> None:
    """One die per heart; each heart face cancels one; the rest is lost, yield allowed."""
    state = _smash_city("camouflage", edition=edition)
    dice = script_dice(state, "heart", "1", "heart")
    roll(state, *THREE_CLAWS)
    assert dice.script == []
    assert hearts(state)[1] == 9 and asked(state) == "yield"


@EDITIONS
def test_camouflage_full_prevention_prevents_a_yield(edition: str) -> None:
    state = _smash_city("camouflage", edition=edition)
    script_dice(state, "heart", "heart")
    roll(state, "1", "2", "3", "3", "claw", "claw")
    assert hearts(state)[1] == 10
    assert state.city == 1 and state.active == 1 and asked(state) == "roll"


def test_camouflage_full_prevention_gives_no_poison_and_is_no_attack() -> None:
    """2011: a fully prevented attack is no attack: no Poison Spit, no Alpha Monster."""
    state = turn(cards={0: ("poison_spit", "alpha_monster"), 1: "camouflage"}, city=1)
    before = stars(state)[0]
    script_dice(state, "heart")
    roll(state, *ONE_CLAW)
    assert hearts(state)[1] == 10 and state.monsters[1].poison == 0
    assert stars(state)[0] == before


def test_camouflage_against_poison() -> None:
    state = turn(cards={0: "camouflage"}, poison=2)
    dice = script_dice(state, "energy", "heart")
    roll(state, *NOTHING)
    assert dice.script == [] and hearts(state)[0] == 9


def test_camouflage_against_card_damage() -> None:
    """Acid Attack (2011) card damage: one die, a heart saves it."""
    state = turn(cards={0: "acid_attack", 1: "camouflage"}, city=0)
    dice = script_dice(state, "heart")
    roll(state, *NO_CLAWS)
    assert dice.script == [] and hearts(state) == [10, 10, 9, 9]


def test_camouflage_two_copies_roll_twice() -> None:
    state = _smash_city("camouflage")
    (camo,) = state.monsters[1].cards
    mimic(state, 1, camo)
    dice = script_dice(state, "heart", "1", "2", "heart", "3")
    roll(state, *THREE_CLAWS)
    assert dice.script == []
    assert hearts(state)[1] == 9


# -- Complete Destruction ---------------------------------------------------------------

ALL_FACES = ("1", "2", "3", "heart", "energy", "claw")


@EDITIONS
def test_complete_destruction(edition: str) -> None:
    for card, gained in ((True, 9), (False, 0)):
        state = turn(edition=edition, cards={0: "complete_destruction"} if card else {}, city=1)
        before = stars(state)[0]
        roll(state, *ALL_FACES)
        assert stars(state)[0] - before == gained


def test_complete_destruction_needs_every_face() -> None:
    state = turn(cards={0: "complete_destruction"}, city=1)
    roll(state, "1", "2", "3", "heart", "energy", "energy")
    assert stars(state)[0] == 0


@EDITIONS
def test_complete_destruction_with_an_acid_attack_claw(edition: str) -> None:
    """2016 (BGA): a card-added claw counts for the claw face; 2011: it is no claw."""
    state = turn(edition=edition, cards={0: ("complete_destruction", "acid_attack")}, city=1)
    roll(state, "1", "2", "3", "heart", "energy", "energy")
    assert stars(state)[0] == (9 if edition == "2016" else 0)


# -- Detritivore (2011: Omnivore) -------------------------------------------------------


@EDITIONS
def test_detritivore(edition: str) -> None:
    for card, gained in ((True, 2), (False, 0)):
        state = turn(edition=edition, cards={0: "detritivore"} if card else {}, city=1)
        roll(state, "1", "2", "3", "heart", "heart", "1")
        assert stars(state)[0] == gained


def test_detritivore_dice_still_score_and_once_per_resolution() -> None:
    state = turn(cards={0: "detritivore"}, city=1)
    roll(state, "1", "1", "1", "2", "3", "3", "2", "3")  # with two 1-2-3 sets
    assert stars(state)[0] == 1 + 3 + 2  # 1-1-1, 3-3-3, Detritivore once


def test_detritivore_needs_all_three_numbers() -> None:
    state = turn(cards={0: "detritivore"})
    roll(state, "1", "2", "2", "heart", "heart", "1")
    assert stars(state)[0] == 0


# -- Eater of the Dead ------------------------------------------------------------------


def test_eater_of_the_dead() -> None:
    """3 stars for each monster reaching 0 hearts, on another monster's turn."""
    state = turn(
        cards={2: "eater_of_the_dead"}, city=0, seats={1: dict(hearts=1), 3: dict(hearts=1)}
    )
    roll(state, *ONE_CLAW)
    assert [m.alive for m in state.monsters] == [True, False, True, False]
    assert stars(state)[2] == 6


def test_eater_of_the_dead_without_the_card() -> None:
    state = turn(city=0, seats={1: dict(hearts=1)})
    roll(state, *ONE_CLAW)
    assert stars(state)[2] == 0


def test_eater_of_the_dead_when_it_has_a_child_saves_the_monster() -> None:
    state = turn(
        cards={2: "eater_of_the_dead", 1: "it_has_a_child"},
        city=0,
        seats={1: dict(hearts=1, stars=5)},
    )
    roll(state, *ONE_CLAW)
    assert state.monsters[1].alive and hearts(state)[1] == 10 and stars(state)[1] == 0
    assert stars(state)[2] == 3


# -- Energy Drink (2011: Telepath) ------------------------------------------------------


@EDITIONS
def test_energy_drink(edition: str) -> None:
    """Pay 1 energy per extra roll, any number of times, after the normal rolls."""
    state = turn(edition=edition, cards={0: "energy_drink"}, city=1, energy=2)
    dice = script_dice(state, *NOTHING, *NOTHING, *NOTHING)
    roll(state, *NOTHING, rolls_left=1)
    assert EXTRA_ROLL not in labels(state)  # not while normal rolls are left
    act(state, "reroll all dice")
    assert state.rolls_left == 0 and EXTRA_ROLL in labels(state)
    act(state, EXTRA_ROLL)
    assert energy(state)[0] == 1 and state.rolls_left == 1
    act(state, "reroll all dice", EXTRA_ROLL)
    assert energy(state)[0] == 0 and state.rolls_left == 1
    act(state, "reroll all dice")
    assert dice.script == []
    assert state.active == 1  # no energy left: no more offers, the dice resolved


def test_energy_drink_needs_the_card_and_energy() -> None:
    for card, cash in ((False, 3), (True, 0)):
        state = turn(cards={0: "energy_drink"} if card else {}, city=1, energy=cash)
        roll(state, *NOTHING)
        assert asked(state) != "roll" or state.active != 0
        assert EXTRA_ROLL not in labels(state)


# -- Energy Hoarder ---------------------------------------------------------------------


def test_energy_hoarder() -> None:
    """1 star per full 6 energy at the end of your turn; the energy stays."""
    for card, gained in ((True, 2), (False, 0)):
        state = turn(cards={0: "energy_hoarder"} if card else {}, energy=13)
        roll(state, *NOTHING)
        end_buy(state)
        assert state.active == 1
        assert stars(state)[0] == gained and energy(state)[0] == 13


def test_energy_hoarder_counts_after_buying() -> None:
    state = turn(cards={0: "energy_hoarder"}, row="armor_plating", energy=12)
    roll(state, *NOTHING)
    act(state, BUY_1)
    end_buy(state)
    assert energy(state)[0] == 8 and stars(state)[0] == 1


def test_energy_hoarder_only_on_your_turn() -> None:
    state = turn(cards={1: "energy_hoarder"}, seats={1: dict(energy=12)})
    roll(state, *NOTHING)
    assert state.active == 1 and stars(state)[1] == 0


# -- Even Bigger ------------------------------------------------------------------------


@EDITIONS
def test_even_bigger(edition: str) -> None:
    """When you get it: +2 hearts; maximum 12."""
    state = turn(edition=edition, row="even_bigger", city=1, energy=4)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert state.monsters[0].max_hearts == 12 and hearts(state)[0] == 12


@EDITIONS
def test_even_bigger_heals_up_to_12_not_beyond(edition: str) -> None:
    state = turn(edition=edition, cards={0: "even_bigger"}, city=1, hearts=10)
    roll(state, "1", "1", "2", "heart", "heart", "heart")
    assert hearts(state)[0] == 12


@EDITIONS
def test_even_bigger_two_copies_still_cap_12(edition: str) -> None:
    state = fresh(4, edition=edition)
    (big,) = give(state, 0, "even_bigger")
    mimic(state, 0, big)
    assert state.monsters[0].max_hearts == 12
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "heart", "heart", "heart", "heart", "1", "2")
    assert hearts(state)[0] == 12


def _sell_even_bigger(edition: str, start_hearts: int) -> KingOfTokyoState:
    state = turn(
        edition=edition, cards={0: ("even_bigger", "metamorph")}, city=1, hearts=start_hearts
    )
    roll(state, *NOTHING)
    assert asked(state) == "metamorph"
    act(state, "discard Even Bigger for energy (Metamorph)", "keep your remaining cards")
    assert state.monsters[0].max_hearts == 10
    return state


def test_even_bigger_2011_losing_it_costs_2_hearts() -> None:
    assert hearts(_sell_even_bigger("2011", 12))[0] == 10
    assert hearts(_sell_even_bigger("2011", 11))[0] == 9
    assert hearts(_sell_even_bigger("2011", 7))[0] == 5


def test_even_bigger_2011_losing_it_at_2_hearts_eliminates() -> None:
    """The 2 hearts go with the card, as a card loss: at 2 hearts the monster is out."""
    state = turn(cards={0: ("even_bigger", "metamorph")}, city=1, hearts=2)
    roll(state, *NOTHING)
    act(state, "discard Even Bigger for energy (Metamorph)")
    assert not state.monsters[0].alive and state.view(None)["active"] != 0


def test_even_bigger_2016_losing_it_cuts_the_excess_only() -> None:
    assert hearts(_sell_even_bigger("2016", 12))[0] == 10
    assert hearts(_sell_even_bigger("2016", 11))[0] == 10
    assert hearts(_sell_even_bigger("2016", 7))[0] == 7


@EDITIONS
def test_even_bigger_mimic_copy_lost(edition: str) -> None:
    """2011: selling a Mimic that copies Even Bigger costs the 2 hearts it gave."""
    state = fresh(4, edition=edition)
    give(state, 0, "metamorph")
    (big,) = give(state, 1, "even_bigger")
    mimic(state, 0, big)
    assert state.monsters[0].max_hearts == 12
    setup(state, 0, hearts=11)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, "discard Mimic for energy (Metamorph)", "keep your remaining cards")
    assert state.monsters[0].max_hearts == 10
    assert hearts(state)[0] == (9 if edition == "2011" else 10)


@EDITIONS
def test_even_bigger_mimic_copy_moved_away(edition: str) -> None:
    """2011: moving the Mimic token off Even Bigger costs the 2 hearts the copy gave."""
    state = fresh(4, edition=edition)
    (big,) = give(state, 1, "even_bigger")
    (armor,) = give(state, 2, "armor_plating")
    mimic(state, 0, big)
    setup(state, 0, hearts=11, energy=1)
    start_turn(state, 0)
    assert asked(state) == "move_mimic"
    act(state, "put the Mimic token on Armor Plating")
    assert state.monsters[0].mimic == armor and state.monsters[0].max_hearts == 10
    assert hearts(state)[0] == (9 if edition == "2011" else 10)


@EDITIONS
def test_moving_the_mimic_off_even_bigger_can_eliminate_its_owner(edition: str) -> None:
    """2011: the 2 hearts go with the copy at once; with 2 left the monster is out, and
    its Mimic leaves with its cards instead of copying anything."""
    state = fresh(4, edition=edition)
    (big,) = give(state, 1, "even_bigger")
    give(state, 2, "armor_plating")
    mimic(state, 0, big)
    setup(state, 0, hearts=2, energy=1)
    start_turn(state, 0)
    act(state, "put the Mimic token on Armor Plating")
    owner = state.monsters[0]
    if edition == "2011":
        assert not owner.alive and owner.cards == [] and owner.mimic == -1
        assert not state.is_terminal() and state.view(None)["active"] != 0
    else:
        assert owner.alive and hearts(state)[0] == 2 and owner.max_hearts == 10


@EDITIONS
def test_a_monster_mimicking_its_own_even_bigger_is_eliminated_once(edition: str) -> None:
    """Its cards all go at once: the copy's 2 hearts (2011) are not lost again from a
    monster already out, which would eliminate it a second time."""
    state = fresh(4, edition=edition)
    (big,) = give(state, 0, "even_bigger")
    mimic(state, 0, big)
    setup(state, 0, hearts=1)
    put(state, 0, "city")
    start_turn(state, 1)
    roll(state, *ONE_CLAW)
    owner = state.monsters[0]
    assert not owner.alive and owner.cards == [] and owner.mimic == -1
    assert state.eliminated == [0] and sum(m.alive for m in state.monsters) == 3


@EDITIONS
def test_even_bigger_original_leaves_the_mimic_copy_ends(edition: str) -> None:
    """2011: when the mimicked Even Bigger is sold, the Mimic's owner loses 2 too."""
    state = fresh(4, edition=edition)
    big, _ = give(state, 1, "even_bigger", "metamorph")
    mimic(state, 0, big)
    setup(state, 0, hearts=11)
    setup(state, 1, hearts=11)
    put(state, 2, "city")
    start_turn(state, 1)
    roll(state, *NOTHING)
    act(state, "discard Even Bigger for energy (Metamorph)", "keep your remaining cards")
    assert state.monsters[0].mimic == -1
    expected = 9 if edition == "2011" else 10
    assert hearts(state)[:2] == [expected, expected]


@EDITIONS
def test_even_bigger_not_lost_when_another_card_goes(edition: str) -> None:
    """Selling a Mimic that copies another card keeps Even Bigger and its hearts."""
    state = fresh(4, edition=edition)
    give(state, 0, "even_bigger", "metamorph")
    (armor,) = give(state, 1, "armor_plating")
    mimic(state, 0, armor)
    setup(state, 0, hearts=12)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, "discard Mimic for energy (Metamorph)", "keep your remaining cards")
    assert state.monsters[0].max_hearts == 12 and hearts(state)[0] == 12


# -- Extra Head -------------------------------------------------------------------------


def test_extra_head() -> None:
    for heads, dice in ((0, 6), (1, 7), (2, 8)):
        state = turn(cards={0: ["extra_head"] * heads})
        assert len(state.dice) == dice


def test_extra_head_with_shrink() -> None:
    state = turn(cards={0: "extra_head"}, shrink=2)
    assert len(state.dice) == 5


# -- Fire Breathing ---------------------------------------------------------------------


def _fire(edition: str, *, card: bool = True, players: int = 4) -> KingOfTokyoState:
    """Seat 0 outside attacks seat 1 in Tokyo City with one claw."""
    state = turn(
        players=players, edition=edition, cards={0: "fire_breathing"} if card else {}, city=1
    )
    return roll(state, *ONE_CLAW)


def test_fire_breathing() -> None:
    """2011: only a neighbour your attack hits loses 1 extra heart."""
    assert hearts(_fire("2011")) == [10, 8, 10, 10]
    assert hearts(_fire("2011", card=False)) == [10, 9, 10, 10]


def test_fire_breathing_2016_both_neighbours_wherever_they_are() -> None:
    state = _fire("2016")
    assert hearts(state) == [10, 8, 10, 9]  # seat 3, the other neighbour, outside
    assert asked(state) == "yield" and state.current_player == 1
    assert hearts(_fire("2016", card=False)) == [10, 9, 10, 10]


@EDITIONS
def test_fire_breathing_two_monsters_left(edition: str) -> None:
    state = _fire(edition, players=2)
    assert hearts(state) == [10, 8]


@EDITIONS
def test_fire_breathing_unattacked_neighbour_in_tokyo(edition: str) -> None:
    """Seat 0 in the City attacks the monsters outside; seat 1 in the Bay is a
    neighbour it does not attack: 2016 card loss (no yield), 2011 nothing."""
    state = turn(players=5, edition=edition, cards={0: "fire_breathing"}, city=0, bay=1)
    roll(state, *ONE_CLAW)
    extra = 1 if edition == "2016" else 0
    assert hearts(state) == [10, 10 - extra, 9, 9, 8]
    assert state.bay == 1 and state.active == 1 and asked(state) == "roll"


@EDITIONS
def test_fire_breathing_needs_a_claw(edition: str) -> None:
    state = turn(edition=edition, cards={0: "fire_breathing"}, city=1)
    roll(state, *NO_CLAWS)
    assert hearts(state) == [10, 10, 10, 10]


@EDITIONS
def test_fire_breathing_with_acid_attack(edition: str) -> None:
    """2016: the Acid Attack claw is a claw (both neighbours); 2011: no attack, no fire."""
    state = turn(edition=edition, cards={0: ("fire_breathing", "acid_attack")}, city=1)
    roll(state, *NO_CLAWS)
    if edition == "2016":
        assert hearts(state) == [10, 8, 10, 9]
    else:
        assert hearts(state) == [10, 9, 10, 10]


# -- Freeze Time ------------------------------------------------------------------------


def test_freeze_time() -> None:
    """1-1-1: another turn with one die fewer; the chain goes on, then ends (option
    ``freeze_time="must"``: the turns follow without a question)."""
    state = turn(cards={0: "freeze_time"}, options={"freeze_time": "must"})
    roll(state, "1", "1", "1", "2", "3", "heart")
    assert state.active == 0 and len(state.dice) == 5
    roll(state, "1", "1", "1", "2", "3")
    assert state.active == 0 and len(state.dice) == 4
    roll(state, "1", "1", "2", "3")
    assert state.active == 1 and len(state.dice) == 6
    for seat in (1, 2, 3):
        assert state.active == seat
        roll(state, *NOTHING)
    assert state.active == 0 and len(state.dice) == 6  # the chain ended


def test_freeze_time_needs_the_card_and_three_ones() -> None:
    state = turn()
    roll(state, "1", "1", "1", "2", "3", "heart")
    assert state.active == 1
    state = turn(cards={0: "freeze_time"})
    roll(state, "1", "1", "2", "2", "3", "heart")
    assert state.active == 1


def test_freeze_time_bought_in_the_turn_of_the_three_ones() -> None:
    state = turn(row="freeze_time", energy=5, options={"freeze_time": "must"})
    roll(state, "1", "1", "1", "2", "3", "heart")
    act(state, BUY_1)
    end_buy(state)
    assert state.active == 0 and len(state.dice) == 5


# -- Friend of Children -----------------------------------------------------------------


@EDITIONS
def test_friend_of_children(edition: str) -> None:
    """+1 per gain event: four energy dice give 5."""
    for card, gained in ((True, 5), (False, 4)):
        state = turn(edition=edition, cards={0: "friend_of_children"} if card else {}, city=1)
        roll(state, "energy", "energy", "energy", "energy", "1", "2")
        assert energy(state)[0] == gained


def test_friend_of_children_no_energy_no_bonus() -> None:
    state = turn(cards={0: "friend_of_children"}, city=1)
    roll(state, *NOTHING)
    assert energy(state)[0] == 0


def test_friend_of_children_with_solar_powered() -> None:
    state = turn(cards={0: ("friend_of_children", "solar_powered")})
    roll(state, *NOTHING)
    assert state.active == 1 and energy(state)[0] == 2


def test_friend_of_children_not_on_metamorph_refunds() -> None:
    state = turn(cards={0: ("friend_of_children", "metamorph", "armor_plating")})
    roll(state, *NOTHING)
    act(state, "discard Armor Plating for energy (Metamorph)", "keep your remaining cards")
    assert energy(state)[0] == 4


# -- Giant Brain ------------------------------------------------------------------------


def test_giant_brain() -> None:
    for card, rerolls in ((True, 3), (False, 2)):
        state = turn(cards={0: "giant_brain"} if card else {})
        assert state.rolls_left == rerolls
        script_dice(state, *NOTHING * rerolls)
        for _ in range(rerolls):
            act(state, "reroll all dice")
        assert state.active == 1  # the last roll resolved


# -- Gourmet ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "plain", "bonus"),
    [
        (("1", "1", "1", "2", "3", "heart"), 1, 2),
        (("1", "1", "1", "1", "3", "heart"), 2, 2),
        (("1", "1", "2", "2", "3", "heart"), 0, 0),
    ],
)
def test_gourmet(faces: tuple[str, ...], plain: int, bonus: int) -> None:
    for card in (True, False):
        state = turn(cards={0: "gourmet"} if card else {}, city=1)
        roll(state, *faces)
        assert stars(state)[0] == plain + (bonus if card else 0)


# -- Healing Ray ------------------------------------------------------------------------


def _ray(
    edition: str = "2011", *, where: str = "outside", target_energy: int = 10
) -> KingOfTokyoState:
    """Seat 0 (Healing Ray) resolves two heart dice; seat 1 has 6 hearts."""
    state = turn(
        edition=edition,
        cards={0: "healing_ray"},
        city=0 if where == "city" else 2,
        seats={1: dict(hearts=6, energy=target_energy)},
    )
    roll(state, "heart", "heart", "1", "2", "3", "3")
    return state


RAY_1 = "Healing Ray: heal seat 2 with a heart die"  # seat 1, numbered from 1 for people


@EDITIONS
def test_healing_ray(edition: str) -> None:
    """Each heart die heals another monster 1; it pays 2 energy per heart gained."""
    state = _ray(edition)
    assert asked(state) == "heart_dice" and RAY_1 in labels(state)
    act(state, RAY_1, RAY_1)
    assert hearts(state)[1] == 8
    assert energy(state)[:2] == [4, 6]


def test_healing_ray_partly_for_yourself_and_cannot_be_refused() -> None:
    state = _ray()
    setup(state, 0, hearts=8)
    act(state, RAY_1, "use a heart die to heal yourself")
    assert hearts(state)[:2] == [9, 7] and energy(state)[:2] == [2, 8]


def test_healing_ray_pays_all_it_has_if_less() -> None:
    state = _ray(target_energy=1)
    act(state, RAY_1, RAY_1)
    assert hearts(state)[1] == 8 and energy(state)[:2] == [1, 0]


@EDITIONS
def test_healing_ray_works_in_tokyo(edition: str) -> None:
    state = _ray(edition, where="city")
    assert RAY_1 in labels(state)
    act(state, RAY_1, "use a heart die to heal yourself")
    assert hearts(state)[1] == 7 and energy(state)[:2] == [2, 8]


def test_healing_ray_not_above_the_maximum() -> None:
    state = turn(cards={0: "healing_ray"}, city=2, hearts=5, seats={1: dict(hearts=9, energy=10)})
    roll(state, "heart", "heart", "1", "2", "3", "3")
    act(state, RAY_1)
    # Seat 1 is full now: the second die can only heal seat 0, so nobody is asked.
    assert RAY_1 not in labels(state)
    assert hearts(state)[:2] == [6, 10] and energy(state)[:2] == [2, 8]


def test_healing_ray_nothing_to_ask_without_the_card() -> None:
    state = turn(city=2, seats={1: dict(hearts=6, energy=10)})
    roll(state, "heart", "heart", "1", "2", "3", "3")
    assert asked(state) != "heart_dice" and hearts(state)[1] == 6


@EDITIONS
def test_healing_ray_with_regeneration(edition: str) -> None:
    """2011: the healer's Regeneration adds a (paid) heart; 2016: the healed one's."""
    for regen_seat in (0, 1):
        state = fresh(4, edition=edition)
        give(state, 0, "healing_ray")
        give(state, regen_seat, "regeneration")
        setup(state, 1, hearts=6, energy=10)
        put(state, 2, "city")
        start_turn(state, 0)
        roll(state, "heart", "1", "1", "2", "3", "3")
        act(state, RAY_1)
        applies = (regen_seat == 0) == (edition == "2011")
        gained = 2 if applies else 1
        assert hearts(state)[1] == 6 + gained
        assert energy(state)[:2] == [2 * gained, 10 - 2 * gained]


# -- Herbivore --------------------------------------------------------------------------


def test_herbivore() -> None:
    for card, gained in ((True, 1), (False, 0)):
        state = turn(cards={0: "herbivore"} if card else {}, city=1)
        roll(state, *NOTHING)
        assert state.active == 1 and stars(state)[0] == gained


def test_herbivore_no_star_after_wounding() -> None:
    state = turn(cards={0: "herbivore"}, city=1)
    roll(state, *ONE_CLAW)
    act(state, STAY)
    assert state.active == 1 and stars(state)[0] == 0


def test_herbivore_star_when_the_attack_was_prevented() -> None:
    state = turn(cards={0: "herbivore", 1: "armor_plating"}, city=1)
    roll(state, *ONE_CLAW)
    assert state.active == 1 and hearts(state)[1] == 10 and stars(state)[0] == 1


def test_herbivore_hurting_yourself_does_not_count() -> None:
    """RULING: only losses of other monsters count (National Guard: 2 stars, -2 hearts)."""
    for counts_self, herbivore_star in ((False, 1), (True, 0)):
        state = turn(
            options={"herbivore_counts_self": counts_self},
            cards={0: "herbivore"},
            row="national_guard",
            energy=3,
        )
        roll(state, *NOTHING)
        act(state, BUY_1)
        end_buy(state)
        assert hearts(state)[0] == 8
        assert stars(state)[0] == 2 + herbivore_star


def test_herbivore_taking_empty_tokyo_is_no_attack() -> None:
    state = turn(cards={0: "herbivore"})
    roll(state, *ONE_CLAW)
    assert state.city == 0 and stars(state)[0] == 1 + 1  # entry + Herbivore


# -- Herd Culler ------------------------------------------------------------------------


def test_herd_culler() -> None:
    """Once per turn, after the last roll, one die becomes a 1."""
    state = turn(cards={0: "herd_culler"}, city=1)
    roll(state, "1", "1", "2", "2", "3", "heart")
    assert asked(state) == "change_dice"
    assert "Herd Culler: turn a 2 into a 1" in labels(state)
    assert "Herd Culler: turn a 1 into a 1" not in labels(state)
    act(state, "Herd Culler: turn a 2 into a 1")
    assert state.active == 1  # used once: nothing more to ask, the dice resolved
    assert stars(state)[0] == 1


def test_herd_culler_without_the_card() -> None:
    state = turn(city=1)
    roll(state, "1", "1", "2", "2", "3", "heart")
    assert state.active == 1 and stars(state)[0] == 0


def test_herd_culler_once_per_turn_again_next_turn() -> None:
    # Stretchy keeps the question open
    state = turn(cards={0: ("herd_culler", "stretchy")}, city=1, energy=2)
    roll(state, "1", "2", "2", "2", "3", "heart")
    act(state, "Herd Culler: turn a 2 into a 1")
    assert asked(state) == "change_dice"
    assert not [x for x in labels(state) if x.startswith("Herd Culler")]
    act(state, STOP)
    end_buy(state)
    start_turn(state, 0)
    roll(state, "1", "2", "2", "2", "3", "heart")
    assert "Herd Culler: turn a 2 into a 1" in labels(state)


def test_alpha_monster_2011_star_when_a_jets_monster_stays_and_is_hurt() -> None:
    """The Jets owner's smash is held back until it decides; staying, it is hurt."""
    state = turn(cards={0: "alpha_monster", 1: "jets"}, city=1)
    roll(state, *ONE_CLAW)
    assert asked(state) == "yield"
    act(state, STAY)
    assert hearts(state)[1] == 9 and stars(state)[0] == 1


def test_alpha_monster_2011_star_when_a_jets_monster_yields() -> None:
    """RULING: the attack counts (the attacker moves in) though Jets spares the hearts."""
    state = turn(cards={0: "alpha_monster", 1: "jets"}, city=1)
    roll(state, *ONE_CLAW)
    act(state, YIELD)
    assert hearts(state)[1] == 10 and state.city == 0
    assert stars(state)[0] == 1 + 1  # Alpha Monster + entering Tokyo


def test_fire_breathing_2016_unattacked_neighbour_gets_no_tokens() -> None:
    """The extra heart of a neighbour the claws miss is a card loss: no Poison."""
    state = turn(edition="2016", cards={0: ("fire_breathing", "poison_spit")}, city=1)
    roll(state, *ONE_CLAW)
    assert hearts(state) == [10, 8, 10, 9]
    assert [m.poison for m in state.monsters] == [0, 1, 0, 0]
