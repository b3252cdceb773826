"""Per-card rules tests for the Keep cards It Has a Child! to Wings (section 3.1).

Each ``test_<card_id>`` sets up a position with the scenario helpers and checks the
card's effect; where the 2011 and 2016 editions differ (section 3.3) both are tested.
Dice the rules roll themselves (Psychic Probe rerolls) come from a scripted RNG.
"""

from __future__ import annotations

import pytest

from tabletop.games.king_of_tokyo.cards import Card
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
    stack_deck,
    stars,
    start_turn,
    turn,
)


def name(state: KingOfTokyoState, c: int) -> str:
    """The card's name in the state's edition (as the action labels spell it)."""
    return str(state.game.cards.names[c])  # type: ignore[attr-defined]


def owns(state: KingOfTokyoState, seat: int, card: Card) -> bool:
    """Whether ``seat`` has a physical copy of ``card`` in front of it."""
    instances = state.game.cards.instances  # type: ignore[attr-defined]
    return any(instances[c] == card for c in state.monsters[seat].cards)


QUIET_ROW = ("energize", "evacuation_orders", "extra_head")
"""A row nobody in these tests can afford by accident."""


def quiet_row(state: KingOfTokyoState) -> list[int]:
    """Show the :data:`QUIET_ROW`."""
    return set_row(state, *QUIET_ROW)


# -- It Has a Child! ------------------------------------------------------------------


@EDITIONS
def test_it_has_a_child(edition: str) -> None:
    """At 0 hearts: discard all Power cards, lose all stars, 10 hearts, leave Tokyo.

    Energy and tokens stay; the attacker takes the free City.
    """
    state = fresh(4, edition=edition)
    child, solar = give(state, 1, "it_has_a_child", "solar_powered")
    setup(state, 1, hearts=2, stars=7, energy=5, poison=1)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    m = state.monsters[1]
    assert m.alive
    assert (m.hearts, m.stars, m.energy, m.poison) == (10, 0, 5, 1)
    assert m.cards == []
    assert child in state.discard and solar in state.discard
    assert state.city == 0  # the attacker takes the spot the child left
    assert stars(state)[0] == 1


@EDITIONS
def test_it_has_a_child_on_own_turn_the_turn_goes_on(edition: str) -> None:
    """Jet Fighters kills the buyer: the child starts again and keeps buying."""
    state = fresh(4, edition=edition)
    (child,) = give(state, 0, "it_has_a_child")
    setup(state, 0, hearts=3, energy=8)
    set_row(state, "jet_fighters", "energize", "extra_head")
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    m = state.monsters[0]
    assert m.alive and m.hearts == 10 and m.stars == 0 and m.energy == 3
    assert child in state.discard
    assert asked(state) == "buy" and state.current_player == 0


def test_it_has_a_child_without_the_card_is_elimination() -> None:
    state = turn(city=1, seats={1: dict(hearts=2)})
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert not state.monsters[1].alive


# -- Jets ------------------------------------------------------------------------------


@EDITIONS
def test_jets(edition: str) -> None:
    """The smash is held back until the yield decision; yielding cancels it."""
    state = turn(edition=edition, cards={1: "jets"}, city=1)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert asked(state) == "yield" and state.current_player == 1
    assert hearts(state)[1] == 10  # held back, not yet lost
    act(state, YIELD)
    assert hearts(state)[1] == 10
    assert state.city == 0  # the attacker must take the place


def test_jets_stay_takes_the_damage() -> None:
    state = turn(cards={1: "jets"}, city=1)
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    act(state, STAY)
    assert hearts(state)[1] == 7
    assert state.city == 1


def test_jets_stay_then_armor_plating_applies() -> None:
    """On a stay the held damage is taken, with the other prevention applied then."""
    state = turn(cards={1: ("jets", "armor_plating")}, city=1)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert hearts(state)[1] == 10
    act(state, STAY)
    assert hearts(state)[1] == 10


def test_jets_yield_gives_no_poison() -> None:
    state = turn(cards={0: "poison_spit", 1: "jets"}, city=1)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    act(state, YIELD)
    assert state.monsters[1].poison == 0
    assert hearts(state)[1] == 10


# -- Made in a Lab ---------------------------------------------------------------------


@EDITIONS
def test_made_in_a_lab(edition: str) -> None:
    """Only the owner sees the top card, in its Buy phase; it can buy it.

    The card is not replaced in the row and Opportunist is not asked.
    """
    state = fresh(4, edition=edition)
    give(state, 0, "made_in_a_lab")
    give(state, 2, "opportunist")
    setup(state, 2, energy=10)
    put(state, 3, "city")  # 2016: the active monster would enter an empty City
    row = quiet_row(state)
    stack_deck(state, "solar_powered", "corner_store")
    setup(state, 0, energy=5)
    start_turn(state, 0)
    assert "deck_top" not in state.view(0)  # not in the roll phase
    roll(state, *NOTHING)
    assert asked(state) == "buy"
    assert state.view(0)["deck_top"]["id"] == "solar_powered"
    for other in (1, 2, None):
        assert "deck_top" not in state.view(other)
    act(state, "buy the top card of the deck (Made in a Lab)")
    assert owns(state, 0, Card.SOLAR_POWERED)
    assert energy(state)[0] == 3
    assert state.row == row
    assert asked(state) == "buy" and state.current_player == 0  # no Opportunist question
    assert state.view(0)["deck_top"]["id"] == "corner_store"  # the new top card
    act(state, "buy the top card of the deck (Made in a Lab)")
    assert stars(state)[0] == 1


def test_made_in_a_lab_not_in_another_monsters_buy_phase() -> None:
    state = turn(cards={1: "made_in_a_lab"}, row=QUIET_ROW, energy=5, seats={1: dict(energy=5)})
    roll(state, *NOTHING)
    assert asked(state) == "buy" and state.current_player == 0
    assert "deck_top" not in state.view(1)
    assert "buy the top card of the deck (Made in a Lab)" not in labels(state)


# -- Media-Friendly ---------------------------------------------------------------------


@EDITIONS
def test_media_friendly(edition: str) -> None:
    """+1 star for every Power card bought, Keep or Discard."""
    state = turn(
        edition=edition,
        cards={0: "media_friendly"},
        row=("corner_store", "solar_powered", "energize"),
        city=3,
        energy=5,
    )
    roll(state, *NOTHING)
    act(state, BUY_1)  # Corner Store: +1 star
    assert stars(state)[0] == 2
    act(state, "buy the card in slot 2 of the row")  # a Keep card
    assert stars(state)[0] == 3


def test_media_friendly_not_for_itself() -> None:
    state = turn(row=("media_friendly", "energize", "extra_head"), energy=3)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert stars(state)[0] == 0


def test_media_friendly_on_an_opportunist_purchase() -> None:
    state = turn(
        cards={1: ("media_friendly", "opportunist")},
        row=("corner_store", "energize", "extra_head"),
        deck="solar_powered",
        energy=3,
        seats={1: dict(energy=2)},
    )
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert asked(state) == "opportunist" and state.current_player == 1
    act(state, BUY_1)
    assert stars(state)[1] == 1


# -- Metamorph -------------------------------------------------------------------------


@pytest.mark.parametrize(("edition", "refund"), [("2011", 1), ("2016", 2)])
def test_metamorph(edition: str, refund: int) -> None:
    """End of turn: discard a Keep card for energy, the paid price (2011) or printed (2016)."""
    state = fresh(4, edition=edition)
    give(state, 0, "metamorph", "alien_origin")
    (solar,) = set_row(state, "solar_powered", "energize", "extra_head")[:1]
    setup(state, 0, energy=1)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)  # 2 - 1 (Alien Origin)
    assert energy(state)[0] == 0
    assert asked(state) == "metamorph" and state.current_player == 0
    act(state, f"discard {name(state, solar)} for energy (Metamorph)")
    assert energy(state)[0] == refund
    assert solar in state.discard and solar not in state.monsters[0].cards
    act(state, "keep your remaining cards")
    assert state.active == 1


def test_metamorph_sells_itself_and_only_at_end_of_own_turn() -> None:
    state = fresh(4)
    (meta,) = give(state, 0, "metamorph")
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert asked(state) == "metamorph" and state.current_player == 0
    act(state, f"discard {name(state, meta)} for energy (Metamorph)")
    assert energy(state)[0] == 3
    assert state.active == 1  # no card left to sell: the turn ended


def test_metamorph_not_at_the_end_of_another_monsters_turn() -> None:
    state = turn(cards={1: ("metamorph", "solar_powered")})
    roll(state, *NOTHING)
    assert state.active == 1 and asked(state) == "roll"


def test_metamorph_frees_the_mimic_token() -> None:
    state = fresh(4)
    (_meta, solar) = give(state, 0, "metamorph", "solar_powered")
    mimic(state, 1, solar)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, f"discard {name(state, solar)} for energy (Metamorph)")
    assert state.monsters[1].mimic == -1


# -- Mimic ------------------------------------------------------------------------------


@EDITIONS
def test_mimic(edition: str) -> None:
    """Bought Mimic copies a Keep card in play, and its "when you get it" effect runs."""
    state = fresh(4, edition=edition)
    (bigger,) = give(state, 1, "even_bigger")
    (smoke,) = give(state, 2, "smoke_cloud", counters=1)
    set_row(state, "mimic", "energize", "extra_head")
    setup(state, 0, energy=8)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert asked(state) == "mimic" and state.current_player == 0
    assert sorted(labels(state)) == sorted(
        [
            f"put the Mimic token on {name(state, bigger)}",
            f"put the Mimic token on {name(state, smoke)}",
        ]
    )
    act(state, f"put the Mimic token on {name(state, bigger)}")
    m = state.monsters[0]
    assert m.mimic == bigger
    assert (m.hearts, m.max_hearts) == (12, 12)


def test_mimic_has_its_own_counters() -> None:
    """A Mimic on Smoke Cloud gets 3 counters of its own; the original keeps its 1."""
    state = fresh(4)
    (smoke,) = give(state, 2, "smoke_cloud", counters=1)
    (holder,) = set_row(state, "mimic", "energize", "extra_head")[:1]
    setup(state, 0, energy=8)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)  # the only card to copy
    assert state.monsters[0].mimic == smoke
    assert state.counters[holder] == 3
    assert state.counters[smoke] == 1
    # The copy's counters pay for the Mimic owner's extra rolls.
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, "spend a Smoke counter for an extra roll")
    assert state.counters[holder] == 2 and state.counters[smoke] == 1
    assert state.rolls_left == 1


def test_mimic_copy_of_own_card() -> None:
    state = fresh(4)
    (spit,) = give(state, 0, "poison_spit")
    mimic(state, 0, spit)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert state.monsters[1].poison == 2  # copies add up


def test_mimic_token_returns_when_the_original_leaves() -> None:
    """Plot Twist used: the copy ends and the Mimic does nothing until moved."""
    state = fresh(4)
    (twist,) = give(state, 1, "plot_twist")
    mimic(state, 0, twist)
    start_turn(state, 1)
    roll(state, "1", "1", "2", "3", "heart", "energy")
    act(state, "Plot Twist: turn a 2 into a 1")
    assert twist in state.discard
    assert state.monsters[0].mimic == -1
    assert not state.monsters[0].has(Card.PLOT_TWIST)


def test_mimic_stays_when_parasitic_tentacles_move_the_card() -> None:
    state = fresh(4)
    (solar,) = give(state, 1, "solar_powered")
    mimic(state, 0, solar)
    give(state, 2, "parasitic_tentacles")
    setup(state, 2, energy=2)
    quiet_row(state)
    start_turn(state, 2)
    roll(state, *NOTHING)
    act(state, f"take {name(state, solar)} from its owner (Parasitic Tentacles)")
    assert solar in state.monsters[2].cards
    assert state.monsters[0].mimic == solar


def test_mimic_move_costs_1_energy_at_start_of_turn() -> None:
    state = fresh(4)
    (solar,) = give(state, 1, "solar_powered")
    (spit,) = give(state, 2, "poison_spit")
    mimic(state, 0, solar)
    setup(state, 0, energy=3)
    start_turn(state, 0)
    assert asked(state) == "move_mimic" and state.current_player == 0
    assert f"put the Mimic token on {name(state, solar)}" not in labels(state)
    act(state, f"put the Mimic token on {name(state, spit)}")
    assert state.monsters[0].mimic == spit
    assert energy(state)[0] == 2
    assert asked(state) == "roll"


def test_mimic_move_can_be_declined_and_needs_energy() -> None:
    state = fresh(4)
    (solar,) = give(state, 1, "solar_powered")
    give(state, 2, "poison_spit")
    mimic(state, 0, solar)
    setup(state, 0, energy=1)
    start_turn(state, 0)
    act(state, "decline")
    assert state.monsters[0].mimic == solar and energy(state)[0] == 1
    setup(state, 0, energy=0)
    start_turn(state, 0)
    assert asked(state) == "roll"


def test_mimic_placed_later_after_the_token_returned() -> None:
    """With the token off, the start-of-turn move places it for 1 energy."""
    state = fresh(4)
    (twist,) = give(state, 1, "plot_twist")
    mimic(state, 0, twist)
    (solar,) = give(state, 2, "solar_powered")
    start_turn(state, 1)
    roll(state, "1", "1", "2", "3", "heart", "energy")
    act(state, "Plot Twist: turn a 2 into a 1")
    assert state.monsters[0].mimic == -1
    setup(state, 0, energy=1)
    start_turn(state, 0)
    assert asked(state) == "move_mimic"
    act(state, f"put the Mimic token on {name(state, solar)}")
    assert state.monsters[0].mimic == solar and energy(state)[0] == 0


# -- Nova Breath -----------------------------------------------------------------------


@EDITIONS
def test_nova_breath(edition: str) -> None:
    """From outside, the claws hit every other monster; the wounded City may yield."""
    state = turn(edition=edition, cards={0: "nova_breath"}, city=1)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert hearts(state) == [10, 8, 8, 8]
    assert asked(state) == "yield" and state.current_player == 1


def test_nova_breath_from_tokyo_hits_the_bay() -> None:
    state = turn(players=5, cards={0: "nova_breath"}, city=0, bay=1)
    roll(state, "claw", "1", "1", "2", "3", "3")
    assert hearts(state) == [10, 9, 9, 9, 9]
    assert asked(state) == "yield" and state.current_player == 1


def test_without_nova_breath_outside_monsters_are_not_hit() -> None:
    state = turn(city=1)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert hearts(state) == [10, 8, 10, 10]


# -- Opportunist -----------------------------------------------------------------------


@EDITIONS
def test_opportunist(edition: str) -> None:
    """A newly revealed card may be bought at once; only that card is offered."""
    state = turn(
        edition=edition,
        cards={2: "opportunist"},
        row=("skyscraper", "tank", "heal"),
        deck=("corner_store", "energize"),
        energy=3,
        seats={2: dict(energy=5)},
    )
    roll(state, "1", "1", "2", "2", "3", "heart")
    # The opening row is not offered to the Opportunist.
    assert asked(state) == "buy" and state.current_player == 0
    act(state, "buy the card in slot 3 of the row")  # Heal; Corner Store is revealed
    assert asked(state) == "opportunist" and state.current_player == 2
    assert labels(state) == ["buy the card in slot 3 of the row", "decline"]
    act(state, "buy the card in slot 3 of the row")
    assert stars(state)[2] == 1 and energy(state)[2] == 2
    # Energize (8) is revealed next: seat 2 cannot pay, play goes on.
    assert state.current_player != 2


def test_opportunist_is_asked_again_after_its_own_purchase() -> None:
    state = turn(
        cards={2: "opportunist"},
        row=("skyscraper", "tank", "heal"),
        deck=("corner_store", "solar_powered"),
        energy=3,
        seats={2: dict(energy=5)},
    )
    roll(state, *NOTHING)
    act(state, "buy the card in slot 3 of the row")
    act(state, "buy the card in slot 3 of the row")
    assert asked(state) == "opportunist" and state.current_player == 2
    act(state, "buy the card in slot 3 of the row")  # Solar Powered
    assert energy(state)[2] == 0
    assert owns(state, 2, Card.SOLAR_POWERED)


def test_opportunist_clockwise_from_the_active_monster() -> None:
    """Seat 3's card and seat 1's Mimic copy: seat 3 is first after active seat 2."""
    state = fresh(4)
    (opportunist,) = give(state, 3, "opportunist")
    mimic(state, 1, opportunist)
    setup(state, 1, energy=3)
    setup(state, 3, energy=3)
    set_row(state, "skyscraper", "tank", "heal")
    stack_deck(state, "corner_store", "energize")
    setup(state, 2, energy=3)
    start_turn(state, 2)
    roll(state, *NOTHING)
    act(state, "buy the card in slot 3 of the row")
    assert asked(state) == "opportunist" and state.current_player == 3
    act(state, "decline")
    assert asked(state) == "opportunist" and state.current_player == 1
    act(state, "buy the card in slot 3 of the row")
    assert stars(state)[1] == 1


def test_opportunist_is_offered_only_the_card_just_revealed_after_a_decline() -> None:
    """A card the Opportunist declined is new no more: when the next card revealed is
    too dear, nothing is offered (the one declined before is not offered again)."""
    state = turn(
        cards={2: "opportunist"},
        row=("solar_powered", "tank", "heal"),
        deck=("corner_store", "energize"),
        energy=5,
        seats={2: dict(energy=5)},
    )
    roll(state, *NOTHING)
    act(state, "buy the card in slot 3 of the row")  # Heal; Corner Store (3) revealed
    assert asked(state) == "opportunist" and state.current_player == 2
    act(state, "decline")
    assert state.current_player == 0
    act(state, "buy the card in slot 1 of the row")  # Solar Powered; Energize (8) revealed
    assert asked(state) != "opportunist" and energy(state)[2] == 5


def test_opportunist_after_a_sweep() -> None:
    state = turn(
        cards={1: "opportunist"},
        row=QUIET_ROW,
        deck=("skyscraper", "corner_store", "gas_refinery"),
        energy=2,
        seats={1: dict(energy=3)},
    )
    roll(state, *NOTHING)
    act(state, "pay 2 energy to sweep the row")
    assert asked(state) == "opportunist" and state.current_player == 1
    assert labels(state) == ["buy the card in slot 2 of the row", "decline"]


# -- Parasitic Tentacles ---------------------------------------------------------------


@pytest.mark.parametrize(("edition", "left"), [("2011", 1), ("2016", 3)])
def test_parasitic_tentacles(edition: str, left: int) -> None:
    """Buy another monster's Keep card, paying it; counters stay (2011) or refill (2016)."""
    state = fresh(4, edition=edition)
    give(state, 0, "parasitic_tentacles")
    (smoke,) = give(state, 1, "smoke_cloud", counters=1)
    quiet_row(state)
    setup(state, 0, energy=5)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, f"take {name(state, smoke)} from its owner (Parasitic Tentacles)")
    assert smoke in state.monsters[0].cards and smoke not in state.monsters[1].cards
    assert energy(state)[:2] == [1, 4]
    assert state.counters[smoke] == left


def test_parasitic_tentacles_only_keep_cards_you_can_pay() -> None:
    state = fresh(4)
    give(state, 0, "parasitic_tentacles")
    (solar, wings) = give(state, 1, "solar_powered", "wings")
    quiet_row(state)
    setup(state, 0, energy=2)
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert f"take {name(state, solar)} from its owner (Parasitic Tentacles)" in labels(state)
    assert f"take {name(state, wings)} from its owner (Parasitic Tentacles)" not in labels(state)


# -- Plot Twist --------------------------------------------------------------------------


@EDITIONS
def test_plot_twist(edition: str) -> None:
    """Change one die to any face before resolving, then discard the card."""
    state = fresh(4, edition=edition)
    (twist,) = give(state, 0, "plot_twist")
    put(state, 3, "city")
    start_turn(state, 0)
    roll(state, "1", "1", "2", "3", "heart", "energy")
    assert asked(state) == "change_dice"
    act(state, "Plot Twist: turn a 2 into a 1")
    assert stars(state)[0] == 1  # 1-1-1
    assert twist in state.discard and twist not in state.monsters[0].cards


def test_plot_twist_may_be_kept() -> None:
    state = fresh(4)
    (twist,) = give(state, 0, "plot_twist")
    start_turn(state, 0)
    roll(state, "1", "1", "2", "3", "heart", "energy")
    act(state, STOP)
    assert stars(state)[0] == 0
    assert twist in state.monsters[0].cards


# -- Poison Quills -----------------------------------------------------------------------


@EDITIONS
def test_poison_quills(edition: str) -> None:
    """Three 2s add 2 damage to the smash; the 2s still score."""
    state = turn(edition=edition, cards={0: "poison_quills"}, city=1)
    roll(state, "2", "2", "2", "claw", "1", "3")
    assert hearts(state)[1] == 7
    assert stars(state)[0] == 2


def test_poison_quills_2011_needs_a_claw_under_the_option() -> None:
    """2011, ``poison_quills_2011="needs_claw"``: "extra damage" of an attack only; no
    claw die, no attack."""
    state = turn(
        edition="2011",
        cards={0: "poison_quills"},
        city=1,
        options={"poison_quills_2011": "needs_claw"},
    )
    roll(state, "2", "2", "2", "1", "3", "3")
    assert hearts(state)[1] == 10


def test_poison_quills_2016_adds_claws() -> None:
    """2016: two claws, even without a claw die; the City may yield."""
    state = turn(edition="2016", cards={0: "poison_quills"}, city=1)
    roll(state, "2", "2", "2", "1", "3", "3")
    assert hearts(state)[1] == 8
    assert asked(state) == "yield" and state.current_player == 1


def test_poison_quills_needs_three_twos() -> None:
    state = turn(edition="2016", cards={0: "poison_quills"}, city=1)
    roll(state, "2", "2", "claw", "1", "3", "3")
    assert hearts(state)[1] == 9


# -- Poison Spit -------------------------------------------------------------------------


@EDITIONS
def test_poison_spit(edition: str) -> None:
    """A monster wounded by the claws gets a Poison token."""
    state = turn(edition=edition, cards={0: "poison_spit"}, city=1)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert [m.poison for m in state.monsters] == [0, 1, 0, 0]


def test_poison_spit_damage_at_the_end_of_the_poisoned_monsters_turn() -> None:
    state = turn(seats={1: dict(poison=2)})
    roll(state, *NOTHING)
    assert state.active == 1
    assert hearts(state)[1] == 10  # not at the end of another monster's turn
    roll(state, *NOTHING)
    assert hearts(state)[1] == 8
    assert state.monsters[1].poison == 2  # tokens stay


def test_poison_spit_heart_die_removes_a_token_outside_tokyo() -> None:
    state = turn(1, poison=1, hearts=8)
    roll(state, "heart", "1", "1", "2", "2", "3")
    assert asked(state) == "heart_dice"
    act(state, "use a heart die to remove a Poison token")
    assert state.monsters[1].poison == 0
    assert hearts(state)[1] == 8  # no heal, and no poison damage at the end


def test_poison_in_tokyo_cannot_be_removed() -> None:
    state = turn(1, city=1, poison=1)
    roll(state, "heart", "1", "1", "2", "2", "3")
    assert state.active == 2  # no question about the heart die
    assert state.monsters[1].poison == 1
    assert hearts(state)[1] == 9


def test_poison_spit_no_token_when_fully_prevented() -> None:
    state = turn(cards={0: "poison_spit", 1: "armor_plating"}, city=1)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert hearts(state)[1] == 10
    assert state.monsters[1].poison == 0


# -- Psychic Probe -----------------------------------------------------------------------


@EDITIONS
def test_psychic_probe(edition: str) -> None:
    """After another monster's last roll, reroll one of its dice (the owner picks)."""
    state = fresh(4, edition=edition)
    (probe,) = give(state, 1, "psychic_probe")
    put(state, 3, "city")
    start_turn(state, 0)
    script_dice(state, "energy")
    roll(state, "1", "1", "1", "2", "3", "heart")
    assert asked(state) == "psychic_probe" and state.current_player == 1
    assert "decline" in labels(state)
    act(state, "Psychic Probe: reroll a 1")
    assert stars(state)[0] == 0  # 1-1 left: no set
    assert energy(state)[0] == 1
    assert probe in state.monsters[1].cards


def test_psychic_probe_discarded_on_a_heart() -> None:
    state = fresh(4)
    (probe,) = give(state, 1, "psychic_probe")
    start_turn(state, 0)
    script_dice(state, "heart")
    roll(state, "1", "1", "1", "2", "3", "heart")
    act(state, "Psychic Probe: reroll a 2")
    assert probe in state.discard and probe not in state.monsters[1].cards
    assert stars(state)[0] == 1


def test_psychic_probe_not_on_own_turn() -> None:
    state = turn(cards={0: "psychic_probe"})
    roll(state, "1", "1", "1", "2", "3", "heart")
    assert stars(state)[0] == 1
    assert state.active == 1


def test_psychic_probe_one_reroll_per_monster_per_turn() -> None:
    """A Mimic copy does not give its owner a second reroll."""
    state = fresh(4)
    (probe,) = give(state, 1, "psychic_probe")
    mimic(state, 1, probe)
    start_turn(state, 0)
    script_dice(state, "energy")
    roll(state, "1", "1", "1", "2", "3", "heart")
    act(state, "Psychic Probe: reroll a 1")
    assert asked(state) != "psychic_probe"
    assert stars(state)[0] == 0


def test_psychic_probe_holders_clockwise() -> None:
    state = fresh(4)
    (probe,) = give(state, 3, "psychic_probe")
    mimic(state, 1, probe)
    start_turn(state, 2)
    script_dice(state, "2", "2")
    roll(state, "1", "1", "1", "3", "3", "3")
    assert asked(state) == "psychic_probe" and state.current_player == 3
    act(state, "Psychic Probe: reroll a 3")
    assert asked(state) == "psychic_probe" and state.current_player == 1
    act(state, "Psychic Probe: reroll a 3")
    assert stars(state)[2] == 1  # 1-1-1, 2-2, 3


# -- Rapid Healing -----------------------------------------------------------------------


@EDITIONS
def test_rapid_healing(edition: str) -> None:
    """Pay 2 energy for 1 heart, as often as you can pay; never above the maximum."""
    state = turn(edition=edition, cards={0: "rapid_healing"}, row=QUIET_ROW, hearts=8, energy=6)
    roll(state, *NOTHING)
    act(state, "pay 2 energy to gain 1 heart (Rapid Healing)")
    act(state, "pay 2 energy to gain 1 heart (Rapid Healing)")
    assert hearts(state)[0] == 10 and energy(state)[0] == 2
    assert "pay 2 energy to gain 1 heart (Rapid Healing)" not in labels(state)


RAPID_HEALING_TIMINGS = pytest.mark.parametrize("timing", ["any_time", "buy_or_lethal"])


def _to_the_claws(state: KingOfTokyoState) -> None:
    """Decline the step questions of option rapid_healing="any_time" up to the attack."""
    while asked(state) == "rapid_healing":
        act(state, "decline")


@RAPID_HEALING_TIMINGS
def test_rapid_healing_survives_lethal_damage(timing: str) -> None:
    state = turn(
        cards={1: "rapid_healing"},
        city=1,
        seats={1: dict(hearts=2, energy=2)},
        options={"rapid_healing": timing},
    )
    roll(state, "claw", "claw", "1", "2", "3", "3")
    _to_the_claws(state)
    assert asked(state) == "prevent_damage" and state.current_player == 1
    act(state, "pay 2 energy to gain 1 heart (Rapid Healing)")
    assert state.monsters[1].alive
    assert hearts(state)[1] == 1 and energy(state)[1] == 0


@RAPID_HEALING_TIMINGS
def test_rapid_healing_lethal_damage_taken(timing: str) -> None:
    state = turn(
        cards={1: "rapid_healing"},
        city=1,
        seats={1: dict(hearts=2, energy=2)},
        options={"rapid_healing": timing},
    )
    roll(state, "claw", "claw", "1", "2", "3", "3")
    _to_the_claws(state)
    act(state, "take the damage")
    assert not state.monsters[1].alive


# -- Regeneration ------------------------------------------------------------------------


@EDITIONS
def test_regeneration(edition: str) -> None:
    """Each gain of hearts gains 1 more (once per gain), up to the maximum."""
    state = turn(edition=edition, cards={0: "regeneration"}, hearts=5)
    roll(state, "heart", "heart", "1", "2", "3", "3")
    assert hearts(state)[0] == 8


def test_regeneration_not_above_the_maximum() -> None:
    state = turn(cards={0: "regeneration"}, hearts=9)
    roll(state, "heart", "1", "1", "2", "3", "3")
    assert hearts(state)[0] == 10


def test_regeneration_on_a_card_heal() -> None:
    state = turn(
        cards={0: "regeneration"}, row=("heal", "energize", "extra_head"), hearts=5, energy=3
    )
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert hearts(state)[0] == 8


def test_regeneration_no_gain_no_bonus() -> None:
    """In Tokyo heart dice heal nothing, so Regeneration adds nothing."""
    state = turn(cards={0: "regeneration"}, city=0, hearts=5)
    roll(state, "heart", "1", "1", "2", "3", "3")
    assert hearts(state)[0] == 5


# -- Rooting for the Underdog ------------------------------------------------------------


@pytest.mark.parametrize(("edition", "gain"), [("2011", 1), ("2016", 0)])
def test_rooting_for_the_underdog(edition: str, gain: int) -> None:
    """2011: at the end of any turn; 2016: only at the end of the owner's turn."""
    state = turn(
        edition=edition,
        cards={1: "rooting_for_the_underdog"},
        seats={seat: dict(stars=3) for seat in (0, 2, 3)},
    )
    roll(state, *NOTHING)
    assert state.active == 1
    assert stars(state)[1] == gain


@EDITIONS
def test_rooting_for_the_underdog_own_turn(edition: str) -> None:
    state = turn(
        1,
        edition=edition,
        cards={1: "rooting_for_the_underdog"},
        city=3,
        seats={seat: dict(stars=3) for seat in (0, 2, 3)},
    )
    roll(state, *NOTHING)
    assert stars(state)[1] == 1


@EDITIONS
def test_rooting_for_the_underdog_tie_gives_nothing_under_the_option(edition: str) -> None:
    """``underdog_tie="nothing"`` (BGA): tied for the fewest stars is not enough."""
    state = turn(
        1,
        edition=edition,
        cards={1: "rooting_for_the_underdog"},
        city=3,  # 0 stars, like the owner
        seats={0: dict(stars=3), 2: dict(stars=3)},
        options={"underdog_tie": "nothing"},
    )
    roll(state, *NOTHING)
    assert stars(state)[1] == 0


# -- Shrink Ray ---------------------------------------------------------------------------


@EDITIONS
def test_shrink_ray(edition: str) -> None:
    """A monster wounded by the claws gets a Shrink token and rolls a die fewer."""
    state = turn(edition=edition, cards={0: "shrink_ray"}, city=1)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert [m.shrink for m in state.monsters] == [0, 1, 0, 0]
    act(state, STAY)
    assert state.active == 1
    assert len(state.dice) == 5


def test_shrink_tokens_reduce_dice() -> None:
    state = turn(2, shrink=2)
    assert len(state.dice) == 4
    setup(state, 2, shrink=8)
    start_turn(state, 2)
    # No dice (never below 0): nothing to roll or decide, the turn is over.
    assert state.active == 3 and hearts(state)[2] == 10


def test_shrink_token_removed_with_a_heart_die() -> None:
    state = turn(1, shrink=1)
    roll(state, "heart", "1", "1", "2", "3", "3")
    assert asked(state) == "heart_dice"
    act(state, "use a heart die to remove a Shrink token")
    assert state.monsters[1].shrink == 0


def test_shrink_ray_no_token_when_fully_prevented() -> None:
    state = turn(cards={0: "shrink_ray", 1: "armor_plating"}, city=1)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert state.monsters[1].shrink == 0


# -- Smoke Cloud --------------------------------------------------------------------------


@EDITIONS
def test_smoke_cloud(edition: str) -> None:
    """Spend a counter for an extra roll; the card is discarded at 0 counters."""
    state = fresh(4, edition=edition)
    (smoke,) = give(state, 0, "smoke_cloud", counters=2)
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert asked(state) == "roll"
    act(state, "spend a Smoke counter for an extra roll")
    assert state.counters[smoke] == 1 and state.rolls_left == 1
    roll(state, *NOTHING)
    act(state, "spend a Smoke counter for an extra roll")
    assert state.rolls_left == 1
    assert smoke in state.discard and smoke not in state.monsters[0].cards


def test_smoke_cloud_bought_has_three_counters() -> None:
    state = fresh(4)
    (smoke,) = set_row(state, "smoke_cloud", "energize", "extra_head")[:1]
    setup(state, 0, energy=4)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert state.counters[smoke] == 3


# -- Solar Powered ------------------------------------------------------------------------


@EDITIONS
def test_solar_powered(edition: str) -> None:
    """End of your turn with 0 energy: gain 1 energy."""
    state = turn(edition=edition, cards={0: "solar_powered"})
    roll(state, *NOTHING)
    assert state.active == 1
    assert energy(state)[0] == 1


def test_solar_powered_not_at_the_end_of_another_monsters_turn() -> None:
    state = turn(cards={1: "solar_powered"})
    roll(state, *NOTHING)
    assert state.active == 1
    assert energy(state)[1] == 0


def test_solar_powered_not_with_energy() -> None:
    state = turn(cards={0: "solar_powered"})
    roll(state, "energy", "1", "1", "2", "2", "3")
    assert state.active == 1
    assert energy(state)[0] == 1


# -- Spiked Tail --------------------------------------------------------------------------


@EDITIONS
def test_spiked_tail(edition: str) -> None:
    """At least one claw: one more point of damage."""
    state = turn(edition=edition, cards={0: "spiked_tail"}, city=1)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert hearts(state)[1] == 8


@EDITIONS
def test_spiked_tail_needs_a_claw(edition: str) -> None:
    state = turn(edition=edition, cards={0: "spiked_tail"}, city=1)
    roll(state, *NOTHING)
    assert hearts(state)[1] == 10


@pytest.mark.parametrize(("edition", "lost"), [("2011", 2), ("2016", 3)])
def test_spiked_tail_with_poison_quills_claws(edition: str, lost: int) -> None:
    """2016: Poison Quills' claws count as claws for Spiked Tail; 2011: without a claw
    die Poison Quills still deals its 2 damage, which is no claw for Spiked Tail."""
    state = turn(edition=edition, cards={0: ("spiked_tail", "poison_quills")}, city=1)
    roll(state, "2", "2", "2", "1", "3", "3")
    assert hearts(state)[1] == 10 - lost


# -- Stretchy ------------------------------------------------------------------------------


@EDITIONS
def test_stretchy(edition: str) -> None:
    """Pay 2 energy per die changed, as often as you can pay."""
    state = turn(edition=edition, cards={0: "stretchy"}, row=QUIET_ROW, city=3, energy=5)
    roll(state, "1", "1", "2", "3", "heart", "heart")
    assert asked(state) == "change_dice"
    act(state, "Stretchy: pay 2 energy to turn a 2 into a 1")
    assert energy(state)[0] == 3
    act(state, "Stretchy: pay 2 energy to turn a 3 into a 1")
    # 1 energy left: no more changes, the dice resolve (1-1-1-1 = 2 stars).
    assert stars(state)[0] == 2
    assert energy(state)[0] == 1


# -- Urbavore -----------------------------------------------------------------------------


@EDITIONS
def test_urbavore(edition: str) -> None:
    """+1 star when starting in Tokyo; +1 damage to the claws dealt from Tokyo."""
    state = turn(edition=edition, cards={0: "urbavore"}, city=0)
    assert stars(state)[0] == 3
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert hearts(state) == [10, 8, 8, 8]


@EDITIONS
def test_urbavore_outside_tokyo_does_nothing(edition: str) -> None:
    state = turn(edition=edition, cards={0: "urbavore"}, city=1)
    assert stars(state)[0] == 0
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert hearts(state)[1] == 9


@pytest.mark.parametrize(("edition", "lost"), [("2011", 2), ("2016", 3)])
def test_urbavore_with_poison_quills_claws(edition: str, lost: int) -> None:
    """2011: without a claw die Poison Quills deals its 2 damage, no claw for Urbavore."""
    state = turn(edition=edition, cards={0: ("urbavore", "poison_quills")}, city=0)
    roll(state, "2", "2", "2", "1", "3", "3")
    assert hearts(state)[1:] == [10 - lost] * 3


# -- We're Only Making It Stronger! ---------------------------------------------------


@EDITIONS
def test_were_only_making_it_stronger(edition: str) -> None:
    """Losing 2 or more hearts at once gives 1 energy."""
    state = turn(edition=edition, cards={1: "were_only_making_it_stronger"}, city=1)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert hearts(state)[1] == 8 and energy(state)[1] == 1


def test_were_only_making_it_stronger_not_for_one_heart() -> None:
    state = turn(cards={1: "were_only_making_it_stronger"}, city=1)
    roll(state, "claw", "1", "1", "2", "3", "3")
    assert hearts(state)[1] == 9 and energy(state)[1] == 0


def test_were_only_making_it_stronger_on_card_damage() -> None:
    state = turn(
        cards={2: "were_only_making_it_stronger"},
        row=("flame_thrower", "energize", "extra_head"),
        energy=3,
    )
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert hearts(state)[2] == 8 and energy(state)[2] == 1


# -- Wings --------------------------------------------------------------------------------


@EDITIONS
def test_wings(edition: str) -> None:
    """Pay 2 energy when the smash arrives: no hearts lost, so no yield."""
    state = turn(
        edition=edition,
        cards={1: "wings"},
        row=("flame_thrower", "energize", "extra_head"),
        city=1,
        energy=3,
        seats={1: dict(energy=2)},
    )
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert asked(state) == "prevent_damage" and state.current_player == 1
    act(state, "pay 2 energy to lose no hearts this turn (Wings)")
    assert hearts(state)[1] == 10 and energy(state)[1] == 0
    assert state.view(None)["monsters"][1]["wings_active"]
    # A fully prevented smash gives no yield: the attacker goes on to buy.
    assert asked(state) == "buy" and state.current_player == 0
    assert state.city == 1
    # The rest of the turn, against every source.
    act(state, BUY_1)  # Flame Thrower / Fire Blast
    assert hearts(state) == [10, 10, 8, 8]


@EDITIONS
def test_wings_ends_with_the_turn(edition: str) -> None:
    state = turn(edition=edition, cards={1: "wings"}, city=1, seats={1: dict(energy=2)})
    roll(state, "claw", "1", "1", "2", "3", "3")
    act(state, "pay 2 energy to lose no hearts this turn (Wings)")
    assert state.active == 1
    assert not state.view(None)["monsters"][1]["wings_active"]


def test_wings_declined_the_smash_lands() -> None:
    state = turn(cards={1: "wings"}, city=1, seats={1: dict(energy=2)})
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    act(state, "take the damage")
    assert hearts(state)[1] == 7 and energy(state)[1] == 2
    assert asked(state) == "yield"


def test_wings_needs_2_energy() -> None:
    state = turn(cards={1: "wings"}, city=1, seats={1: dict(energy=1)})
    roll(state, "claw", "claw", "claw", "1", "2", "3")
    assert hearts(state)[1] == 7
    assert asked(state) == "yield"


def test_wings_against_poison_on_own_turn() -> None:
    state = turn(1, cards={1: "wings"}, row=QUIET_ROW, energy=2, poison=2)
    roll(state, *NOTHING)
    act(state, END_BUY)
    assert asked(state) == "prevent_damage" and state.current_player == 1
    act(state, "pay 2 energy to lose no hearts this turn (Wings)")
    assert hearts(state)[1] == 10


@pytest.mark.parametrize(("edition", "bay"), [("2011", -1), ("2016", 0)])
def test_wings_prevented_attack_does_not_take_the_bay(edition: str, bay: int) -> None:
    """2011: an attack whose loss is entirely prevented is no attack, so the attacker
    does not take the free Bay; 2016: entering is mandatory anyway."""
    state = turn(
        players=5,
        edition=edition,
        cards={1: "wings"},
        row=QUIET_ROW,
        city=1,
        seats={1: dict(energy=2)},
    )
    roll(state, "claw", "claw", "1", "2", "3", "3")
    act(state, "pay 2 energy to lose no hearts this turn (Wings)")
    assert state.city == 1
    assert state.bay == bay


def test_wings_prevented_smash_gives_no_poison() -> None:
    state = turn(cards={0: "poison_spit", 1: "wings"}, city=1, seats={1: dict(energy=2)})
    roll(state, "claw", "claw", "1", "2", "3", "3")
    act(state, "pay 2 energy to lose no hearts this turn (Wings)")
    assert state.monsters[1].poison == 0


def test_opportunist_frenzy_extra_turn_right_after_this_one() -> None:
    """Frenzy bought through Opportunist: its buyer plays next, then play resumes."""
    state = turn(
        cards={2: "opportunist"},
        row=("skyscraper", "tank", "heal"),
        deck=("frenzy", "energize"),
        city=3,
        energy=3,
        seats={2: dict(energy=7)},
    )
    roll(state, *NOTHING)
    act(state, "buy the card in slot 3 of the row")
    assert asked(state) == "opportunist" and state.current_player == 2
    act(state, "buy the card in slot 3 of the row")
    # Seat 0 has no energy left: its turn ends, and seat 2 plays its Frenzy turn.
    assert state.active == 2 and asked(state) == "roll"
    roll(state, *NOTHING)
    assert state.active == 1  # then the monster after seat 0


def test_poison_kills_a_monster_that_reached_20_stars_2016() -> None:
    """2016 checks victory at the end of the turn, after the poison: it loses."""
    state = turn(1, edition="2016", city=3, stars=17, hearts=1, poison=1)
    roll(state, "3", "3", "3", "1", "2", "2")
    assert not state.monsters[1].alive
    assert not state.is_terminal()


def test_poison_comes_too_late_for_a_monster_at_20_stars_2011() -> None:
    """2011 ends the game as soon as a monster has 20 stars, before the poison."""
    state = turn(1, edition="2011", stars=17, hearts=1, poison=1)
    roll(state, "3", "3", "3", "1", "2", "2")
    assert state.is_terminal() and state.winners() == [1]
    assert state.monsters[1].alive


def test_mimic_bought_with_nothing_to_copy() -> None:
    state = fresh(4)
    (holder,) = set_row(state, "mimic", "energize", "extra_head")[:1]
    setup(state, 0, energy=8)
    put(state, 3, "city")
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert holder in state.monsters[0].cards and state.monsters[0].mimic == -1
    assert state.active == 1  # no question: the token stays off


def test_mimic_bought_with_parasitic_tentacles_chooses_anew() -> None:
    state = fresh(4)
    (solar,) = give(state, 2, "solar_powered")
    holder = mimic(state, 1, solar)
    (spit,) = give(state, 3, "poison_spit")
    give(state, 0, "parasitic_tentacles")
    quiet_row(state)
    setup(state, 0, energy=8)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, f"take {name(state, holder)} from its owner (Parasitic Tentacles)")
    assert asked(state) == "mimic" and state.current_player == 0
    act(state, f"put the Mimic token on {name(state, spit)}")
    assert state.monsters[0].mimic == spit and state.monsters[1].mimic == -1
    assert not state.monsters[1].has(Card.SOLAR_POWERED)
    assert energy(state)[1] == 8


def test_mimic_smoke_cloud_copy_is_kept_when_its_counters_run_out() -> None:
    state = fresh(4)
    (smoke,) = give(state, 1, "smoke_cloud", counters=3)
    holder = mimic(state, 0, smoke, counters=1)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, "spend a Smoke counter for an extra roll")
    assert state.counters[holder] == 0
    assert holder in state.monsters[0].cards and state.monsters[0].mimic == smoke
    assert state.counters[smoke] == 3


def test_mimic_token_returns_when_the_original_smoke_cloud_runs_out() -> None:
    state = fresh(4)
    (smoke,) = give(state, 1, "smoke_cloud", counters=1)
    holder = mimic(state, 0, smoke, counters=3)
    start_turn(state, 1)
    roll(state, *NOTHING)
    act(state, "spend a Smoke counter for an extra roll")
    assert smoke in state.discard
    assert state.monsters[0].mimic == -1 and holder not in state.counters


@pytest.mark.parametrize(
    ("edition", "regenerating", "gained"),
    [("2011", 0, 2), ("2011", 1, 1), ("2016", 0, 1), ("2016", 1, 2)],
)
def test_regeneration_with_healing_ray(edition: str, regenerating: int, gained: int) -> None:
    """2011: the healer's Regeneration adds a (paid) heart; 2016: the healed monster's."""
    state = fresh(4, edition=edition)
    give(state, 0, "healing_ray")
    give(state, regenerating, "regeneration")
    setup(state, 1, hearts=5, energy=10)
    put(state, 3, "city")
    quiet_row(state)
    start_turn(state, 0)
    roll(state, "heart", "1", "1", "2", "3", "3")
    act(state, "Healing Ray: heal seat 2 with a heart die")  # seat 1
    assert hearts(state)[1] == 5 + gained
    assert energy(state)[:2] == [2 * gained, 10 - 2 * gained]


def test_psychic_probe_mimic_copy_discarded_on_a_heart() -> None:
    """A Mimic copy that rerolls a heart is discarded: the Mimic card goes."""
    state = fresh(4)
    (probe,) = give(state, 3, "psychic_probe")
    holder = mimic(state, 1, probe)
    put(state, 2, "city")
    start_turn(state, 0)
    script_dice(state, "heart")
    roll(state, "1", "1", "1", "2", "3", "heart")
    assert asked(state) == "psychic_probe" and state.current_player == 1
    act(state, "Psychic Probe: reroll a 2")
    assert holder in state.discard and state.monsters[1].mimic == -1
    assert probe in state.monsters[3].cards
    assert asked(state) == "psychic_probe" and state.current_player == 3


def test_mimic_with_a_single_card_to_copy_is_not_a_question() -> None:
    """Only one Keep card in play: the token goes on it, nobody is asked."""
    state = fresh(4)
    (solar,) = give(state, 1, "solar_powered")
    set_row(state, "mimic", "energize", "extra_head")
    setup(state, 0, energy=8)
    put(state, 3, "city")
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)
    assert state.monsters[0].mimic == solar
    assert asked(state) != "mimic"
