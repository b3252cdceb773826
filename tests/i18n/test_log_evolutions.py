"""Every kind of event the Evolutions' effects log reads in every language.

Random games rarely reach every Evolution, so each kind of
:data:`~tabletop.games.king_of_tokyo.log_text_evolutions.EVOLUTION_TEMPLATES` gets a
position where its Evolution logs it (the positions of
``tests/games/king_of_tokyo/test_evolution_*.py``): the English rendering of each such
event must be its ``text`` (its data holds all the sentence says), and German and
Italian must render from the same data.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tabletop.games.king_of_tokyo.log_text_evolutions import EVOLUTION_TEMPLATES
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tabletop.i18n import Reader, languages
from tests.games.king_of_tokyo.pu_scenario import hand, in_play, number, powered
from tests.games.king_of_tokyo.scenario import (
    BUY_1,
    END_BUY,
    NOTHING,
    STAY,
    YIELD,
    act,
    asked,
    instance_of,
    labels,
    put,
    roll,
    script_dice,
    set_row,
    setup,
    stack_deck,
    start_turn,
)

SMASH_2 = ("claw", "claw", "1", "2", "3", "3")
SMASH_3 = ("claw", "claw", "claw", "1", "2", "3")
COVERS: dict[str, tuple[str, ...]] = {}
"""The kinds each scenario below checks (by the scenario's name)."""


def covers(*kinds: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def mark(test: Callable[[], None]) -> Callable[[], None]:
        COVERS[test.__name__] = kinds
        return test

    return mark


def check(state: KingOfTokyoState, *kinds: str, forms: int = 1) -> None:
    """Each event of ``kinds`` in the log renders: in English as its text, and in every
    other language. ``forms``: how many different English sentences each kind must
    show (2: both forms of a plural template)."""
    messages = state.game.log_messages()
    assert messages is not None
    readers = [Reader(lang) for lang in languages()]
    for kind in kinds:
        events = [e for e in state.log if e.kind == kind]
        assert events, f"nothing logged a {kind!r} event"
        assert len({e.text for e in events}) >= forms, (kind, [e.text for e in events])
        for event in events:
            for reader in readers:
                text = messages.render(event, reader, state)
                assert text, (kind, reader.lang)
                if reader.lang == "en":
                    assert text == event.text, (kind, event.data)


def _finish_turn(state: KingOfTokyoState) -> None:
    """Answer the plain questions until the active monster's turn passes on."""
    a = state.active
    while state.active == a and not state.is_terminal():
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
            break


def _pu(state: KingOfTokyoState):  # type: ignore[no-untyped-def]
    assert state.pu is not None
    return state.pu


# -- Alienoid ---------------------------------------------------------------------------


@covers("precision_field_support_reveal")
def test_precision_field_support() -> None:
    state = powered(4)
    hand(state, 0, "precision_field_support")
    stack_deck(state, "energize")
    # Nothing but Energize in the deck: revealed, then the discard pile is the deck.
    state.discard, state.deck = state.deck[:-1], state.deck[-1:]
    start_turn(state, 0)
    act(state, "play Precision Field Support")
    check(state, "precision_field_support_reveal", "deck_reshuffled")  # (the second: log_text.py)


@covers("adapting_technology_discard")
def test_adapting_technology() -> None:
    state = powered(4)
    hand(state, 0, "adapting_technology")
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, "play Adapting Technology")
    _pu(state).counters[number("adapting_technology")] = 1
    act(state, "remove a counter to sweep the row (Adapting Technology)")
    check(state, "adapting_technology_discard")


@covers("exotic_arms_bet", "exotic_arms_won", "exotic_arms_lost")
def test_exotic_arms() -> None:
    for dice, kind in ((SMASH_3, "exotic_arms_won"), (SMASH_2, "exotic_arms_lost")):
        state = powered(4)
        in_play(state, 0, "exotic_arms")
        setup(state, 0, energy=3)
        put(state, 1, "city")
        start_turn(state, 0)
        act(state, "put 2 energy on Exotic Arms")
        roll(state, *dice)
        check(state, "exotic_arms_bet", kind)


@covers("superior_alien_technology_ufo", "superior_alien_technology_die")
def test_superior_alien_technology() -> None:
    state = powered(4)
    in_play(state, 0, "superior_alien_technology")
    set_row(state, "extra_head")
    setup(state, 0, energy=4)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1)  # 7 energy: only at half cost, with a UFO token
    check(state, "superior_alien_technology_ufo")
    script_dice(state, "heart")
    start_turn(state, 0)  # a die for the UFO card
    check(state, "superior_alien_technology_die")


# -- Cyber Bunny --------------------------------------------------------------------------

BUNNY = "cyber_bunny,giga_zaur,kraken,alienoid"


@covers("rabbits_foot")
def test_rabbits_foot() -> None:
    state = powered(4, monsters=BUNNY)
    hand(state, 1, "rabbits_foot")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_3)
    act(state, "play Rabbit's Foot")
    check(state, "rabbits_foot")


@covers("heart_of_the_rabbit_back")
def test_heart_of_the_rabbit() -> None:
    state = powered(4)
    hand(state, 1, "heart_of_the_rabbit")
    setup(state, 0, energy=10)
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "1", "1", "2")
    act(state, "play Heart of the Rabbit")
    act(state, "choose the face 2")
    put(state, 0, "outside")
    start_turn(state, 1)
    roll(state, "claw", "1", "1", "2", "2", "3")  # 2011: the claw takes Tokyo
    check(state, "heart_of_the_rabbit_back", "reroll_die_owned")  # the reroll: log_text.py


@covers("energy_sword_paid")
def test_energy_sword() -> None:
    state = powered(4, monsters=BUNNY)
    in_play(state, 0, "energy_sword")
    setup(state, 0, energy=5)
    start_turn(state, 0)
    act(state, "pay 2 energy for Energy Sword")
    check(state, "energy_sword_paid")


@covers("electric_carrot")
def test_electric_carrot() -> None:
    state = powered(4, monsters=BUNNY)
    in_play(state, 0, "electric_carrot")
    put(state, 0, "city")
    setup(state, 1, energy=2)
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    while asked(state) == "evolution_question":
        act(state, "lose 1 more heart (Electric Carrot)")
    check(state, "electric_carrot")


# -- Cyber Kitty --------------------------------------------------------------------------


def test_nine_lives() -> None:
    """Nine Lives is played like any Evolution (an ``evolution`` event, which the
    lab and the belief count), in a sentence of its own."""
    state = powered(4)
    hand(state, 1, "nine_lives")
    setup(state, 1, hearts=2)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_3)
    check(state, "evolution")
    played = [e for e in state.log if e.kind == "evolution"]
    assert [e.text for e in played] == ["Cyber Bunny plays Nine Lives and starts again!"]


@covers("play_with_your_food")
def test_play_with_your_food() -> None:
    state = powered(4)
    in_play(state, 0, "play_with_your_food")
    setup(state, 1, stars=3, energy=3)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_3)
    act(state, "play with your food: 2 hearts fewer, steal 1 star and 1 energy")
    check(state, "play_with_your_food")


@covers("feline_motor")
def test_feline_motor() -> None:
    state = powered(4)
    in_play(state, 1, "feline_motor")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")  # 2011: would take the empty City
    act(state, "Feline Motor: yes")
    check(state, "feline_motor")


# -- Gigazaur -----------------------------------------------------------------------------


@covers("detachable_tail")
def test_detachable_tail() -> None:
    state = powered(4)
    hand(state, 1, "detachable_tail")
    put(state, 1, "city")
    setup(state, 0, energy=20)
    start_turn(state, 0)
    roll(state, *SMASH_3)
    act(state, "play Detachable Tail")
    check(state, "detachable_tail")


@covers("saurian_adaptability")
def test_saurian_adaptability() -> None:
    state = powered(4)
    hand(state, 0, "saurian_adaptability")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "1", "1", "1", "2", "heart", "energy")
    act(state, "play Saurian Adaptability")
    act(state, "turn 1 into claw")  # 3 dice
    start_turn(state, 0)
    hand(state, 0, "saurian_adaptability")
    roll(state, "1", "1", "1", "2", "heart", "energy")
    act(state, "play Saurian Adaptability")
    act(state, "turn 2 into energy")  # 1 die: "becomes an energy die"
    check(state, "saurian_adaptability", forms=2)


# -- Kraken -------------------------------------------------------------------------------

KRAKEN = "kraken,cyber_bunny,giga_zaur,alienoid"


@covers("high_tide")
def test_high_tide() -> None:
    state = powered(4, monsters=KRAKEN)
    hand(state, 0, "high_tide")
    setup(state, 0, hearts=3)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "heart", "heart", "1", "2", "3", "3")
    act(state, "play High Tide")  # 2 hearts
    start_turn(state, 0)
    hand(state, 0, "high_tide")
    roll(state, "heart", "1", "1", "2", "3", "3")
    act(state, "play High Tide")  # 1 heart
    check(state, "high_tide", forms=2)


@covers("terror_of_the_deep_roll")
def test_terror_of_the_deep() -> None:
    state = powered(4, monsters=KRAKEN, terror_of_the_deep="permanent")
    in_play(state, 1, "terror_of_the_deep")
    put(state, 1, "city")
    start_turn(state, 0)
    script_dice(state, "heart", "1", "2")
    roll(state, *SMASH_3)  # 1 heart saved
    start_turn(state, 0)
    put(state, 1, "city")
    script_dice(state, always="1")
    roll(state, *SMASH_3)  # 0 hearts saved
    check(state, "terror_of_the_deep_roll", forms=2)


@covers("sunken_temple_skip")
def test_sunken_temple() -> None:
    state = powered(4, monsters=KRAKEN)
    in_play(state, 0, "sunken_temple")
    setup(state, 0, hearts=5)
    start_turn(state, 0)
    act(state, "skip your turn for 3 hearts and 3 energy")
    check(state, "sunken_temple_skip")


# -- Meka Dragon --------------------------------------------------------------------------


@covers("tune_up_skip")
def test_tune_up() -> None:
    state = powered(4)
    hand(state, 0, "tune_up")
    setup(state, 0, hearts=3)
    start_turn(state, 0)
    act(state, "play Tune-Up")
    check(state, "tune_up_skip")


@covers("breath_of_doom")
def test_breath_of_doom() -> None:
    state = powered(4)
    in_play(state, 0, "breath_of_doom")
    put(state, 1, "city")
    setup(state, 0, energy=20)
    start_turn(state, 0)
    roll(state, *SMASH_2)
    check(state, "breath_of_doom")


@covers("target_acquired")
def test_target_acquired() -> None:
    state = powered(4)
    in_play(state, 1, "target_acquired")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "3", "3")
    act(state, "give the target token")
    check(state, "target_acquired")


@covers("lightning_armor_roll")
def test_lightning_armor() -> None:
    state = powered(4)
    in_play(state, 1, "lightning_armor")
    put(state, 1, "city")
    start_turn(state, 0)
    script_dice(state, "claw", "claw", "claw")
    roll(state, *SMASH_3)
    act(state, "roll for Lightning Armor")  # 3 claws
    start_turn(state, 0)
    put(state, 1, "city")
    script_dice(state, "claw", "1", "1")
    roll(state, *SMASH_3)
    act(state, "roll for Lightning Armor")  # 1 claw
    check(state, "lightning_armor_roll", forms=2)


# -- Pandakaï -----------------------------------------------------------------------------

PANDA = "pandakai,cyber_bunny,kraken,alienoid"


@covers("eats_shoots_and_leaves")
def test_eats_shoots_and_leaves() -> None:
    state = powered(4, monsters=PANDA)
    hand(state, 0, "eats_shoots_and_leaves")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")  # 2011: a claw takes the empty City
    act(state, "play Eats, Shoots and Leaves")
    check(state, "eats_shoots_and_leaves")


@covers("bamboozle_wants", "bamboozle_blocked", "bamboozle_forced", "bamboozle_no_card")
def test_bamboozle() -> None:
    state = powered(4, monsters=PANDA)
    hand(state, 1, "bamboozle")
    row = set_row(state, "extra_head", "giant_brain", "armor_plating")  # 7, 5, 4 energy
    setup(state, 0, energy=10)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1, "play Bamboozle")
    act(state, f"choose {state.cards.names[row[2]]}")
    check(state, "bamboozle_wants", "bamboozle_blocked", "bamboozle_forced")
    state = powered(4, monsters=PANDA)
    hand(state, 1, "bamboozle")
    set_row(state, "armor_plating", "extra_head", "giant_brain")
    setup(state, 0, energy=4)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1, "play Bamboozle")  # nothing else is affordable
    check(state, "bamboozle_no_card")


@covers("panda_express_turn")
def test_panda_express() -> None:
    state = powered(4, monsters=PANDA)
    in_play(state, 0, "panda_express")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "1", "2", "3", "heart", "energy", "claw")
    check(state, "panda_express_turn")


@covers("bamboo_supply_store", "bamboo_supply_take")
def test_bamboo_supply() -> None:
    state = powered(4, monsters=PANDA)
    hand(state, 0, "bamboo_supply")
    start_turn(state, 0)
    act(state, "play Bamboo Supply")
    start_turn(state, 0)
    act(state, "put 1 energy on Bamboo Supply")
    start_turn(state, 0)
    act(state, "take the energy on Bamboo Supply")
    check(state, "bamboo_supply_store", "bamboo_supply_take")


@covers("yin_yang")
def test_yin_yang() -> None:
    state = powered(4, monsters=PANDA)
    in_play(state, 0, "yin_yang")
    start_turn(state, 0)
    roll(state, "1", "1", "1", "2", "claw", "claw")
    act(state, "turn all your dice to their opposite faces (Yin & Yang)")
    check(state, "yin_yang")


# -- Space Penguin ------------------------------------------------------------------------


@covers("space_penguin_ends")
def test_cold_wave_and_blizzard_end() -> None:
    state = powered(4)
    hand(state, 0, "cold_wave", "blizzard")
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, "play Blizzard")
    act(state, END_BUY)
    act(state, "play Cold Wave")
    _finish_turn(state)
    start_turn(state, 0)  # the owner's next turn: both end
    check(state, "space_penguin_ends")
    assert len([e for e in state.log if e.kind == "space_penguin_ends"]) == 2


@covers("freeze_ray_lent", "freeze_ray_face", "freeze_ray_back")
def test_freeze_ray() -> None:
    state = powered(4)
    in_play(state, 0, "freeze_ray")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    act(state, STAY)
    _finish_turn(state)
    start_turn(state, 1)
    act(state, "choose the face heart")
    roll(state, *NOTHING)
    _finish_turn(state)
    check(state, "freeze_ray_lent", "freeze_ray_face", "freeze_ray_back")


def _catch(energy: int) -> KingOfTokyoState:
    state = powered(4)
    in_play(state, 0, "miraculous_catch")
    apartment = instance_of(state, "apartment_building")
    if apartment in state.deck:
        state.deck.remove(apartment)
    if apartment in state.row:
        state.row[state.row.index(apartment)] = state.deck.pop()
    state.discard = [apartment]
    setup(state, 0, energy=energy)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, "reveal a random card of the discard pile (Miraculous Catch)")
    return state


@covers("miraculous_catch", "miraculous_catch_left", "miraculous_catch_unaffordable")
def test_miraculous_catch() -> None:
    state = _catch(4)
    act(state, "leave the revealed card")
    check(state, "miraculous_catch", "miraculous_catch_left")
    state = _catch(0)  # the Apartment Building costs 4 with the Catch
    check(state, "miraculous_catch", "miraculous_catch_unaffordable")


@covers("deep_dive", "deep_dive_cards")
def test_deep_dive() -> None:
    state = powered(4)
    hand(state, 0, "deep_dive")
    stack_deck(state, "corner_store", "apartment_building", "armor_plating")
    start_turn(state, 0)
    act(state, "play Deep Dive")  # the top 3 cards
    act(state, "choose Armor Plating")
    hand(state, 0, "deep_dive")
    state.deck = state.deck[-1:]
    start_turn(state, 0)
    act(state, "play Deep Dive")  # the last card
    check(state, "deep_dive", forms=2)
    check(state, "deep_dive_cards")
    assert all(e.visible_to == frozenset({0}) for e in state.log if e.kind == "deep_dive_cards")


@covers("encased_in_ice", "encased_in_ice_thaws")
def test_encased_in_ice() -> None:
    state = powered(4)
    in_play(state, 0, "encased_in_ice")
    setup(state, 0, energy=2)
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "3", "heart")
    act(state, "choose the face claw")
    _finish_turn(state)
    start_turn(state, 0)  # released at the start of the owner's next turn
    check(state, "encased_in_ice", "encased_in_ice_thaws")


@covers("icy_reflection")
def test_icy_reflection() -> None:
    state = powered(4)
    hand(state, 0, "icy_reflection")
    in_play(state, 1, "mouse_hunter")
    start_turn(state, 0)
    act(state, "play Icy Reflection")
    act(state, "choose the Evolution Mouse Hunter")
    check(state, "icy_reflection")


# -- The King -----------------------------------------------------------------------------


@covers("jungle_frenzy_turn")
def test_jungle_frenzy() -> None:
    state = powered(4)
    hand(state, 0, "jungle_frenzy")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    act(state, STAY)
    act(state, "play Jungle Frenzy")
    check(state, "jungle_frenzy_turn")


@covers("chest_thumping")
def test_chest_thumping() -> None:
    state = powered(4)
    in_play(state, 0, "chest_thumping")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *SMASH_2)
    act(state, "make it leave Tokyo (Chest Thumping)")
    check(state, "chest_thumping")


@covers("twas_beauty_killed_the_beast_lost")
def test_twas_beauty_killed_the_beast() -> None:
    state = powered(4)
    hand(state, 0, "twas_beauty_killed_the_beast")
    put(state, 0, "city")
    start_turn(state, 0)
    act(state, "play Twas Beauty Killed the Beast")
    roll(state, *NOTHING)
    _finish_turn(state)
    start_turn(state, 1)
    roll(state, *SMASH_2)
    act(state, YIELD)
    check(state, "twas_beauty_killed_the_beast_lost")


# -- every kind ---------------------------------------------------------------------------


def test_every_evolution_kind_has_a_scenario() -> None:
    covered = {kind for kinds in COVERS.values() for kind in kinds}
    assert sorted(set(EVOLUTION_TEMPLATES) - covered) == []
    assert sorted(covered - set(EVOLUTION_TEMPLATES)) == []


@pytest.mark.parametrize("kind", sorted(EVOLUTION_TEMPLATES))
def test_the_english_template_has_no_evolution_name(kind: str) -> None:
    """Evolution names come from the data (``evolution``), in the reader's language."""
    from tabletop.games.king_of_tokyo.evolutions import evolution_table

    template = EVOLUTION_TEMPLATES[kind]
    for info in evolution_table().info:
        assert info.name not in template.text, (kind, info.name)
        assert template.plural is None or info.name not in template.plural, (kind, info.name)
