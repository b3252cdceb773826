"""Power Up! machinery: Evolution decks, set-up, three-heart draws, hidden hands, the
Mutant Evolution draft and the windows where Evolutions are offered."""

from __future__ import annotations

import json

import pytest

import tabletop
from tabletop.core.errors import InvalidOptionsError
from tabletop.core.rng import Rng
from tabletop.games.king_of_tokyo.evolutions import evolution_table
from tabletop.games.king_of_tokyo.phases import Ask
from tabletop.games.king_of_tokyo.state import KingOfTokyoState
from tests.games.king_of_tokyo.pu_scenario import hand, powered, skip_setup
from tests.games.king_of_tokyo.scenario import (
    act,
    asked,
    fresh,
    give,
    hearts,
    labels,
    put,
    roll,
    setup,
    start_turn,
)

NOTHING = ("1", "1", "2", "2", "3", "3")
THREE_HEARTS = ("heart", "heart", "heart", "1", "2", "3")


def _pu(state: KingOfTokyoState):  # type: ignore[no-untyped-def]
    assert state.pu is not None
    return state.pu


def test_off_by_default_and_validated() -> None:
    state = fresh(3)
    assert state.pu is None and "evolutions" not in state.view(0)["monsters"][0]
    with pytest.raises(InvalidOptionsError, match="power_up"):
        tabletop.make("king-of-tokyo", power_up="maybe")


@pytest.mark.parametrize(("rule", "deck", "discard"), [("shuffle_back", 7, 0), ("discard", 6, 1)])
def test_setup_draws_two_and_keeps_one(rule: str, deck: int, discard: int) -> None:
    """Each monster draws 2 from its own deck and keeps 1; the other goes back or away."""
    # "holding": the first player's turn then starts with its roll (with "public" its
    # window before the turn comes first, test_evolution_prompts.py).
    state = fresh(3, power_up="on", evolution_setup=rule, evolution_prompts="holding")
    pu = _pu(state)
    table = evolution_table()
    asked_seats = []
    while state.decisions[-1].kind == Ask.EVO_KEEP:
        seat = state.current_player
        asked_seats.append(seat)
        drawn = state.view(seat)["decision"]["drawn"]
        assert len(drawn) == 2 and "drawn" not in state.view((seat + 1) % 3)["decision"]
        monster = state.monsters[seat].name
        assert {d["id"] for d in drawn} <= {table.info[n].id for n in table.deck_of[monster]}
        act(state, f"keep {drawn[1]['name']}")
        assert [table.info[n].id for n in pu.hand[seat]] == [drawn[1]["id"]]
    assert asked_seats == [0, 1, 2]  # the first player first, clockwise
    assert asked(state) == "roll"
    for seat in range(3):
        assert len(pu.deck[seat]) == deck and len(pu.discard[seat]) == discard


def test_hands_are_hidden_from_the_other_players() -> None:
    state = powered(4)
    hand(state, 2, "alien_scourge", "mega_purr")
    for player in (None, 0, 1, 3):
        evolutions = state.view(player)["monsters"][2]["evolutions"]
        assert evolutions["hand_size"] == 2 and "hand" not in evolutions
        assert "Alien Scourge" not in json.dumps(state.view(player))
    mine = state.view(2)["monsters"][2]["evolutions"]["hand"]
    assert {e["id"] for e in mine} == {"alien_scourge", "mega_purr"}


def test_keep_is_logged_privately() -> None:
    state = fresh(2, power_up="on")
    skip_setup(state)
    private = [e for e in state.log if e.kind == "evolution_keep"]
    assert len(private) == 2
    for event in private:
        assert event.visible_to is not None and len(event.visible_to) == 1
        (seat,) = event.visible_to
        assert event not in state.log_for(1 - seat)


def test_determinize_resamples_other_hands_within_their_decks() -> None:
    state = powered(3)
    pu = _pu(state)
    hand(state, 1, "nine_lives")  # Cyber Kitty's card in seat 1's hand (a test set-up)
    twins = [state.determinize(0, Rng(s)) for s in range(12)]
    seen = set()
    for twin in twins:
        assert twin.view(0) == state.view(0)
        tpu = _pu(twin)
        assert tpu.hand[0] == pu.hand[0]
        assert len(tpu.hand[1]) == 1
        assert sorted(tpu.hand[1] + tpu.deck[1]) == sorted(pu.hand[1] + pu.deck[1])
        seen.add(tpu.hand[1][0])
    assert len(seen) > 1  # the hidden card really is re-sampled


def test_pending_keep_is_hidden_in_a_determinized_copy() -> None:
    """Another player's two drawn cards are re-sampled like its hand."""
    state = fresh(3, power_up="on")
    assert state.current_player == 0 and state.decisions[-1].kind == Ask.EVO_KEEP
    drawn = set(state.decisions[-1].data[:2])
    variants = {frozenset(state.determinize(1, Rng(s)).decisions[-1].data[:2]) for s in range(12)}
    assert len(variants) > 1 and any(v != drawn for v in variants)
    for s in range(5):
        twin = state.determinize(1, Rng(s))
        assert twin.view(1) == state.view(1)


def test_three_hearts_draw_two_keep_one_once_a_turn() -> None:
    for where, after in (("outside", 10), ("city", 5)):
        state = powered(4)
        pu = _pu(state)
        setup(state, 0, hearts=5)
        put(state, 0, where)
        put(state, 1, "city" if where == "outside" else "outside")
        start_turn(state, 0)
        before = len(pu.deck[0])
        roll(state, "heart", "heart", "heart", "heart", "heart", "1")
        assert asked(state) == "keep_evolution", where
        assert len(pu.deck[0]) == before - 2
        act(state, labels(state)[0])
        assert len(pu.hand[0]) == 1 and len(pu.discard[0]) == 1
        assert hearts(state)[0] == after, where  # the hearts still heal (not in Tokyo)
        assert asked(state) != "keep_evolution"


def test_two_hearts_draw_nothing() -> None:
    state = powered(4)
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, "heart", "heart", "1", "1", "2", "3")
    assert asked(state) != "keep_evolution"
    assert _pu(state).hand[0] == []


def test_empty_deck_is_refilled_from_the_discard_pile() -> None:
    state = powered(4)
    pu = _pu(state)
    mine = pu.deck[0] + pu.hand[0]
    pu.deck[0], pu.discard[0] = [mine[0]], mine[1:]
    put(state, 1, "city")
    start_turn(state, 0)
    roll(state, *THREE_HEARTS)
    assert asked(state) == "keep_evolution"
    drawn = state.decisions[-1].data[:2]
    assert drawn[0] == mine[0] and drawn[1] in mine[1:]
    assert any("shuffles its Evolution discard pile" in e.text for e in state.log)


def test_elimination_discards_evolutions_it_has_a_child_keeps_them() -> None:
    state = powered(4, evolution_windows="own_turn")  # no healing window in the way
    pu = _pu(state)
    hand(state, 1, "mega_purr")
    hand(state, 2, "giant_banana")
    give(state, 2, "it_has_a_child")
    setup(state, 1, hearts=1)
    setup(state, 2, hearts=1)
    put(state, 0, "city")
    start_turn(state, 0)
    roll(state, "claw", "1", "1", "2", "2", "3")
    assert not state.monsters[1].alive and pu.hand[1] == [] and pu.table[1] == []
    assert evolution_table().by_id["mega_purr"].number in pu.discard[1]
    assert state.monsters[2].alive and pu.hand[2] == [
        evolution_table().by_id["giant_banana"].number
    ]


def test_any_time_evolutions_under_own_turn_are_offered_on_your_turn_only() -> None:
    state = powered(4, evolution_windows="own_turn")
    hand(state, 1, "alien_scourge")
    put(state, 2, "city")
    start_turn(state, 0)
    assert asked(state) == "roll"  # seat 1 is not asked on seat 0's turn
    roll(state, *NOTHING)
    while state.current_player == 0 and not state.is_terminal():
        act(state, labels(state)[-1])
    start_turn(state, 1)
    assert asked(state) == "play_evolution" and state.current_player == 1
    act(state, "decline")
    assert asked(state) == "roll"
    setup(state, 1, energy=5)
    roll(state, *NOTHING)
    assert asked(state) == "buy" and "play Alien Scourge" in labels(state)


def test_mutant_draft() -> None:
    """8 rounds: each takes a card and passes the packet left; then the usual keep."""
    state = fresh(3, power_up="mutant")
    pu = _pu(state)
    monsters = {m.name for m in state.monsters}
    table = evolution_table()
    pool = {n for m in monsters for n in table.deck_of[m]}
    assert sorted(n for p in pu.draft for n in p) == sorted(pool)
    first_packet = list(pu.draft[1])
    picks = 0
    while state.decisions[-1].kind == Ask.DRAFT:
        seat = state.current_player
        packet = state.view(seat)["monsters"][seat]["evolutions"]["packet"]
        assert "packet" not in state.view((seat + 1) % 3)["monsters"][seat]["evolutions"]
        act(state, f"draft {packet[0]['name']}")
        picks += 1
        if picks == 3:  # after the first round, seat 2 holds what was seat 1's packet
            assert set(pu.draft[2]) <= set(first_packet)
    assert picks == 3 * 7  # the last card of each packet needs no question
    assert asked(state) == "keep_evolution"
    skip_setup(state)
    for seat in range(3):
        assert len(pu.deck[seat]) == 7 and len(pu.hand[seat]) == 1
        assert all(pu.owner[n] == seat for n in pu.deck[seat] + pu.hand[seat])
    assert sorted(n for s in range(3) for n in pu.deck[s] + pu.hand[s] + pu.discard[s]) == sorted(
        pool
    )


def test_round_trip_and_determinism_with_power_up() -> None:
    game = tabletop.make("king-of-tokyo", power_up="mutant")
    a = game.new_state(4, seed=8)
    b = game.new_state(4, seed=8)
    import random

    rng = random.Random(3)
    for _ in range(150):
        if a.is_terminal():
            break
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action.id)
        copy = game.state_from_dict(json.loads(json.dumps(a.to_dict())))
        assert copy.to_dict() == a.to_dict() == b.to_dict()
