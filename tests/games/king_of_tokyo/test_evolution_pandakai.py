"""Pandakaï's Evolutions."""

from __future__ import annotations

from tabletop.games.king_of_tokyo.evolution_effects.pandakai import PANDA_EXPRESS_TURN
from tabletop.games.king_of_tokyo.phases import Stage
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
    set_row,
    setup,
    stars,
    start_turn,
)

PANDA = "pandakai,cyber_bunny,kraken,alienoid"


def _game(edition: str = "2011", players: int = 4, **options: object) -> KingOfTokyoState:
    names = PANDA.split(",")[:players]
    if players > len(names):
        names += ["giga_zaur", "the_king"][: players - len(names)]
    return powered(players, monsters=",".join(names), edition=edition, **options)


def _pu(state: KingOfTokyoState):  # type: ignore[no-untyped-def]
    assert state.pu is not None
    return state.pu


def test_panda_monium() -> None:
    """6 energy for you, 3 for every other monster; with ``evolution_windows="own_turn"``
    offered on your own turn only."""
    state = _game(evolution_windows="own_turn")
    hand(state, 0, "panda_monium")
    start_turn(state, 1)
    assert state.current_player == 1 and asked(state) == "roll"  # not on another's turn
    start_turn(state, 0)
    assert asked(state) == "play_evolution"
    act(state, "play Panda-Monium")
    assert energy(state) == [6, 3, 3, 3]
    assert number("panda_monium") in _pu(state).discard[0]


@EDITIONS
def test_eats_shoots_and_leaves(edition: str) -> None:
    """After entering Tokyo: monsters outside lose 2 hearts, +1 energy, Tokyo is left."""
    state = _game(edition)
    hand(state, 0, "eats_shoots_and_leaves")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")  # 2011: a claw takes the empty City
    assert state.city == 0
    assert asked(state) == "play_evolution"
    assert state.view(0)["decision"]["window"] == "after_enter"
    act(state, "play Eats, Shoots and Leaves")
    assert state.city == -1 and state.bay == -1  # nobody takes the spot
    assert hearts(state) == [10, 8, 8, 8]
    assert energy(state)[0] == 1
    assert stars(state)[0] == 1  # the entry star stays


def test_eats_shoots_and_leaves_declined_once() -> None:
    state = _game()
    hand(state, 0, "eats_shoots_and_leaves")
    setup(state, 0, energy=2)
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    act(state, "decline")
    assert asked(state) == "buy" and "play Eats, Shoots and Leaves" not in labels(state)
    assert state.city == 0


def test_eats_shoots_and_leaves_needs_an_entry_this_turn() -> None:
    state = _game()
    hand(state, 0, "eats_shoots_and_leaves")
    put(state, 0, "city")
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert "play Eats, Shoots and Leaves" not in labels(state)


def _buy_position(holder_has_card: bool = True) -> KingOfTokyoState:
    state = _game()
    if holder_has_card:
        hand(state, 1, "bamboozle")
    set_row(state, "extra_head", "giant_brain", "armor_plating")  # 7, 5, 4 energy
    setup(state, 0, energy=10)
    start_turn(state, 0)
    roll(state, *NOTHING)
    assert asked(state) == "buy"
    return state


def test_bamboozle() -> None:
    """The purchase is undone; the Pandakaï player picks another card it must buy."""
    state = _buy_position()
    row = list(state.row)
    act(state, BUY_1)  # Extra Head
    assert state.current_player == 1 and asked(state) == "play_evolution"
    assert state.view(1)["decision"]["window"] == "other_buy"
    assert state.view(1)["decision"]["card"]["instance"] == row[0]  # what is being bought
    act(state, "play Bamboozle")
    assert state.current_player == 1 and asked(state) == "evolution_question"
    names = state.cards.names
    choices = labels(state)
    assert choices == sorted(
        [f"choose {names[row[1]]}", f"choose {names[row[2]]}"],
        key=lambda label: [f"choose {names[c]}" for c in sorted(row[1:])].index(label),
    )
    act(state, f"choose {names[row[2]]}")  # Armor Plating: 4 energy
    assert energy(state)[0] == 10 - 4 and row[2] in state.monsters[0].cards
    assert row[0] in state.row  # Extra Head stays in the row...
    assert asked(state) == "buy" and state.current_player == 0
    assert BUY_1 not in labels(state)  # ...off limits for the rest of the turn


def test_bamboozle_declined_and_not_offered_without_a_holder() -> None:
    state = _buy_position()
    act(state, BUY_1, "decline")
    assert energy(state)[0] == 10 - 7  # the purchase went through
    assert number("bamboozle") in _pu(state).hand[1]
    plain = _buy_position(holder_has_card=False)
    act(plain, BUY_1)
    assert energy(plain)[0] == 3 and plain.current_player == 0


def test_bamboozle_with_nothing_else_affordable() -> None:
    state = _game()
    hand(state, 1, "bamboozle")
    row = set_row(state, "armor_plating", "extra_head", "giant_brain")
    setup(state, 0, energy=4)
    start_turn(state, 0)
    roll(state, *NOTHING)
    act(state, BUY_1, "play Bamboozle")
    assert energy(state)[0] == 4 and state.row[0] == row[0]  # blocked, nothing forced
    assert state.current_player == 0 and asked(state) == "buy"
    assert BUY_1 not in labels(state)


def test_bear_necessities() -> None:
    """Lose 1 star, gain 2 energy and 2 hearts (in Tokyo too)."""
    state = _game()
    hand(state, 0, "bear_necessities")
    setup(state, 0, stars=3, hearts=5)
    put(state, 0, "city")
    start_turn(state, 0)
    act(state, "play Bear Necessities")
    assert (stars(state)[0], energy(state)[0], hearts(state)[0]) == (3 + 2 - 1, 2, 7)


def test_bear_necessities_answers_damage() -> None:
    state = _game()
    hand(state, 1, "bear_necessities")
    setup(state, 1, hearts=2)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "claw", "claw", "1", "2", "3", "3")
    assert state.current_player == 1 and "play Bear Necessities" in labels(state)
    act(state, "play Bear Necessities")
    assert hearts(state)[1] == 2 and state.monsters[1].alive  # 2 + 2 - 2: it survives


def test_panda_express() -> None:
    """All six faces: 2 stars and another turn."""
    state = _game()
    in_play(state, 0, "panda_express")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "1", "2", "3", "heart", "energy", "claw")
    assert stars(state)[0] == 2
    assert state.extra_turns == [0, PANDA_EXPRESS_TURN]
    while state.current_player == 0 and asked(state) != "roll":
        act(state, labels(state)[-1])
    while state.stage != Stage.ROLLING or state.active != 0:
        if not state.decisions:
            break
        act(state, labels(state)[-1])
    assert state.active == 0 and state.turn == 1  # its extra turn


@EDITIONS
def test_panda_express_needs_every_face(edition: str) -> None:
    state = _game(edition)
    in_play(state, 0, "panda_express")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "1", "2", "3", "heart", "energy", "energy")
    assert stars(state)[0] == 0 and state.extra_turns == []


def test_panda_express_counts_a_card_claw_in_2016() -> None:
    from tests.games.king_of_tokyo.scenario import give

    state = _game("2016")
    in_play(state, 0, "panda_express")
    give(state, 0, "acid_attack")
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "1", "2", "3", "heart", "energy", "energy")
    assert state.extra_turns == [0, PANDA_EXPRESS_TURN]


def test_bamboo_supply() -> None:
    """Each turn start: 1 energy onto the card, or take it all (no question when empty)."""
    state = _game()
    hand(state, 0, "bamboo_supply")
    start_turn(state, 0)
    assert "play Bamboo Supply" in labels(state)  # before the start, like BGA
    act(state, "play Bamboo Supply")
    card = number("bamboo_supply")
    assert _pu(state).counters[card] == 1  # nothing to take yet: 1 energy goes on it
    assert asked(state) == "roll"
    table = state.view(1)["monsters"][0]["evolutions"]["table"]
    assert table[0]["id"] == "bamboo_supply" and table[0]["counters"] == 1
    start_turn(state, 0)
    assert asked(state) == "evolution_question"
    act(state, "put 1 energy on Bamboo Supply")
    assert _pu(state).counters[card] == 2 and energy(state)[0] == 0
    start_turn(state, 0)
    act(state, "take the energy on Bamboo Supply")
    assert energy(state)[0] == 2 and card not in _pu(state).counters


def test_bamboo_supply_only_before_the_start() -> None:
    """Like BGA, a start-of-turn permanent is played before the start of the turn."""
    state = _game()
    hand(state, 0, "bamboo_supply")
    setup(state, 0, energy=2)  # enough to sweep: a Buy phase
    start_turn(state, 0)
    act(state, "decline")
    roll(state, *NOTHING)
    assert asked(state) == "buy" and "play Bamboo Supply" not in labels(state)


def test_pandarwinism() -> None:
    """Three hearts: 1 star, and 1 more per heart beyond the third."""
    state = _game()
    in_play(state, 0, "pandarwinism")
    start_turn(state, 0)
    roll(state, "heart", "heart", "heart", "heart", "heart", "1")
    assert stars(state)[0] == 3
    plain = _game()
    in_play(plain, 0, "pandarwinism")
    start_turn(plain, 0)
    roll(plain, "heart", "heart", "1", "1", "2", "3")
    assert stars(plain)[0] == 0


def test_yin_yang() -> None:
    """Before resolving, turn every die to its opposite face (once a turn)."""
    state = _game()
    in_play(state, 0, "yin_yang")
    start_turn(state, 0)
    roll(state, "1", "1", "1", "2", "claw", "claw")
    assert asked(state) == "change_dice"
    yin = "turn all your dice to their opposite faces (Yin & Yang)"
    act(state, yin)
    assert state.dice == [2, 2, 2, 3, 4, 4]  # 3, 3, 3, heart, energy, energy
    assert yin not in labels(state)
    finish = "stop rolling and resolve the dice"
    if finish in labels(state):
        act(state, finish)
    assert stars(state)[0] == 3 and energy(state)[0] == 2


def test_yin_yang_offered_in_hand_only_in_the_change_dice_step() -> None:
    state = _game()
    hand(state, 0, "yin_yang")
    start_turn(state, 0)
    assert asked(state) == "roll"  # not a start-of-turn card
    roll(state, "1", "1", "1", "2", "claw", "claw")
    assert asked(state) == "change_dice"
    act(state, "play Yin & Yang")
    assert "turn all your dice to their opposite faces (Yin & Yang)" in labels(state)
    assert END_BUY not in labels(state)
