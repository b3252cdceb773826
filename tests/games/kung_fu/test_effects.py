"""The effects of reference section 4 and the rulings R6-R12 about them."""

from __future__ import annotations

from tests.games.kung_fu.scenario import (
    act,
    build,
    decision,
    discards,
    events,
    hand,
    labels,
    row,
)

ACTIVATE = "activate your card's effect"
DECLINE = "do not activate"
COINS = ["Coin Punch", "Coin Punch"]  # two 1-coin cards: pays any cost up to 2
BLUE_COINS = ["Coin Block", "Coin Block"]


def test_boost_on_a_parry(game) -> None:
    state = build(game, hands=[["Jab", "Jab"], ["Shield", "Block"]], rows=[[], COINS])
    act(state, "attack with Jab face up", "parry with Shield", ACTIVATE)
    # 4 against 2: the defender wins and chooses.
    assert decision(state) == "defender_choice"
    assert state.view(None)["parry"]["value"] == 4
    assert "player 2 boosts the parry to 4" in state.summary  # seat 1, numbered from 1


def test_arrow_fires_after_a_hit(game) -> None:
    state = build(game, hands=[["Fang", "Jab"], ["Block", "Wall"]], rows=[COINS, []])
    act(state, "attack with Fang face up", "parry with Block", ACTIVATE)
    # 3 - 2 = 1 combat damage, then the arrow: lose 2 more.
    assert state.life == [10, 7]
    assert state.view(None)["last_round"]["effects"] == ["player 2 loses 2 life"]


def test_arrow_fails_without_a_hit_and_the_payment_is_lost(game) -> None:
    state = build(game, hands=[["Fang", "Jab"], ["Block", "Wall"]], rows=[COINS, []])
    act(state, "attack with Fang face up", "parry with Wall", ACTIVATE)
    assert state.life == [10, 10]
    assert "fizzle" in events(state)
    assert row(state, 0) == ["Coin Punch"]  # the coin was spent anyway


def test_arrow_counts_life_lost_to_an_earlier_effect(game) -> None:
    # Combo: lose2 (on activation), then draw3 behind the arrow, in printed order.
    # No combat damage (1 against 2), but the lose2 before it makes the arrow fire.
    state = build(game, hands=[["Combo", "Jab"], ["Block", "Wall"]], rows=[COINS, []])
    act(state, "attack with Combo face up", "parry with Block", ACTIVATE)
    assert state.life == [10, 8]
    assert state.current_player == 0 and decision(state) == "draw"  # the arrow's draw3


def test_arrow_ignores_effects_resolved_later(game) -> None:
    # The defender's Backlash (lose 2, self) resolves after the attacker's effects:
    # too late for the attacker's arrow.
    state = build(game, hands=[["Seeker", "Jab"], ["Backlash", "Block"]], rows=[COINS, BLUE_COINS])
    act(state, "attack with Seeker face up", "parry with Backlash", ACTIVATE, ACTIVATE)
    assert "fizzle" in events(state)
    assert state.life == [10, 8]


def test_gain_koku_keeps_the_card_as_koku(game) -> None:
    state = build(game, hands=[["Miser", "Jab"], ["Block", "Wall"]], rows=[COINS, []])
    act(state, "attack with Miser face up", "parry with Block", ACTIVATE)
    act(state, "draw the difference", "draw 0 red, the rest blue")
    assert row(state, 0) == ["Coin Punch", "Miser"]
    assert state.view(None)["players"][0]["koku_total"] == 1 + 2  # counts 2 coins


def test_gain_koku_not_activated_is_discarded(game) -> None:
    state = build(game, hands=[["Miser", "Jab"], ["Block", "Wall"]], rows=[COINS, []])
    act(state, "attack with Miser face up", "parry with Block", DECLINE)
    act(state, "draw the difference", "draw 0 red, the rest blue")
    assert row(state, 0) == COINS and discards(state, 0) == ["Miser"]


def test_gain_koku_on_a_parry(game) -> None:
    state = build(game, hands=[["Jab", "Jab"], ["Lotus", "Block"]], rows=[[], COINS])
    act(state, "attack with Jab face up", "parry with Lotus", ACTIVATE)
    assert row(state, 1) == ["Coin Punch", "Lotus"]
    assert state.life == [10, 9]


def test_negate_parry(game) -> None:
    state = build(
        game, hands=[["Negator", "Jab"], ["Shield", "Block"]], rows=[COINS, ["Coin Block"]]
    )
    act(state, "attack with Negator face up", "parry with Shield", ACTIVATE)
    # The parry counts 0: 2 damage; the defender is not asked to activate Shield.
    assert state.life == [10, 8]
    assert state.view(None)["round"] == 2
    assert row(state, 1) == ["Coin Block"]
    assert discards(state, 1) == ["Shield"]


def test_negated_parry_with_koku_is_discarded(game) -> None:
    state = build(game, hands=[["Negator", "Jab"], ["Coin Shield", "Block"]], rows=[COINS, []])
    act(state, "attack with Negator face up", "parry with Coin Shield", ACTIVATE)
    assert row(state, 1) == [] and discards(state, 1) == ["Coin Shield"]


def test_negated_parry_keeps_koku_option(make_game) -> None:
    game = make_game(negated_parry_keeps_koku=True)
    state = build(game, hands=[["Negator", "Jab"], ["Coin Shield", "Block"]], rows=[COINS, []])
    act(state, "attack with Negator face up", "parry with Coin Shield", ACTIVATE)
    assert row(state, 1) == ["Coin Shield"]
    assert state.life == [10, 8]  # still negated: value 0


def test_negate_still_requires_a_parry(game) -> None:
    state = build(game, hands=[["Negator", "Jab"], ["Wall", "Block"]], rows=[COINS, []])
    act(state, "attack with Negator face up")
    assert labels(state) == ["parry with Block", "parry with Wall"]


def test_switch_initiative(game) -> None:
    state = build(game, hands=[["Switcher", "Jab"], ["Block", "Jab"]], rows=[COINS, []])
    act(state, "attack with Switcher face up", ACTIVATE)  # one blue type: parried at once
    # A tie, then the switch: the old attacker (player 0) draws 3.
    assert state.current_player == 0 and decision(state) == "draw"
    act(state, "draw 2 red, the rest blue")
    view = state.view(None)
    assert view["attacker"] == 1 and view["players"][0]["hand_size"] == 4


def test_switch_and_take_the_initiative_draw_only_once(game) -> None:
    state = build(game, hands=[["Switcher", "Jab"], ["Wall", "Jab"]], rows=[COINS, []])
    act(state, "attack with Switcher face up", ACTIVATE)
    act(state, "take the initiative", "draw 0 red, the rest blue")
    view = state.view(None)
    assert view["attacker"] == 1 and view["round"] == 2
    assert view["players"][0]["hand_size"] == 1 + 3
    assert events(state).count("initiative") == 1


def test_switch_after_drawing_the_difference_gives_both(game) -> None:
    state = build(game, hands=[["Switcher", "Jab"], ["Wall", "Jab"]], rows=[COINS, []])
    act(state, "attack with Switcher face up", ACTIVATE)
    act(state, "draw the difference", "draw 1 red, the rest blue")
    act(state, "draw 0 red, the rest blue")  # the old attacker's 3 cards
    view = state.view(None)
    assert view["attacker"] == 1
    assert [p["hand_size"] for p in view["players"]] == [1 + 3, 1 + 2]


def test_two_switches_do_not_cancel(game) -> None:
    state = build(game, hands=[["Switcher", "Jab"], ["Bridge", "Jab"]], rows=[COINS, BLUE_COINS])
    act(state, "attack with Switcher face up", ACTIVATE, ACTIVATE)
    act(state, "draw 0 red, the rest blue")
    view = state.view(None)
    assert view["attacker"] == 1
    assert events(state).count("switch") == 2 and events(state).count("initiative") == 1


def test_draw3(game) -> None:
    state = build(game, hands=[["Heavy", "Jab"], ["Drawer", "Block"]], rows=[[], COINS])
    act(state, "attack with Heavy face up", "parry with Drawer", ACTIVATE)
    assert state.current_player == 1 and decision(state) == "draw"
    assert labels(state) == [f"draw {r} red, the rest blue" for r in range(4)]
    act(state, "draw 3 red, the rest blue")
    assert state.view(None)["players"][1]["red_in_hand"] == 3
    assert state.life == [10, 6]


def test_arrow_draw3(game) -> None:
    state = build(game, hands=[["Seeker", "Jab"], ["Block", "Wall"]], rows=[COINS, []])
    act(state, "attack with Seeker face up", "parry with Block", ACTIVATE)
    assert state.current_player == 0 and decision(state) == "draw"
    act(state, "draw 0 red, the rest blue")
    assert state.view(None)["players"][0]["hand_size"] == 4


def test_no_parry_next_round(game) -> None:
    state = build(
        game,
        hands=[["Sweeper", "Jab", "Jab", "Jab"], ["Block", "Block", "Wall"]],
        rows=[COINS, []],
    )
    act(state, "attack with Sweeper face up", "parry with Block", ACTIVATE)
    view = state.view(None)
    assert view["players"][1]["no_parry_next_round"] is True
    # Round 2: player 1 defends and may not parry; blue cards are kept.
    act(state, "attack with Jab face down", "draw 0 red, the rest blue")  # still draws 1
    assert state.life == [10, 8]
    assert state.view(None)["players"][1]["blue_in_hand"] == 3
    # Round 3: the mark has expired.
    assert state.view(None)["players"][1]["no_parry_next_round"] is False
    act(state, "attack with Jab face up")
    assert decision(state) == "parry"


def test_no_parry_mark_on_the_attacker_has_no_effect_and_expires(game) -> None:
    # The defender's Binder marks the attacker, who keeps the initiative (5 beats 3):
    # the mark does nothing in round 2 and is gone in round 3.
    state = build(
        game,
        hands=[["Heavy", "Jab", "Jab"], ["Binder", "Block", "Jab"]],
        rows=[[], COINS],
    )
    act(state, "attack with Heavy face up", "parry with Binder", ACTIVATE)
    assert state.view(None)["players"][0]["no_parry_next_round"] is True
    act(state, "attack with Jab face up")  # round 2: Block is parried at once, a tie
    assert state.view(None)["players"][0]["no_parry_next_round"] is False
    assert state.no_parry == [False, False]


def test_a_marked_player_who_passes_may_not_parry(game) -> None:
    state = build(
        game,
        hands=[["Heavy", "Jab", "Block"], ["Binder", "Block", "Jab"]],
        rows=[[], COINS],
    )
    act(state, "attack with Heavy face up", "parry with Binder", ACTIVATE)
    # Round 2: player 0 gives up the initiative and defends while marked.
    act(state, "give up the initiative", "draw 0 red, the rest blue")
    act(state, "attack with Jab face up")
    assert state.life == [8, 8]
    assert state.view(None)["players"][0]["blue_in_hand"] == 4  # Block + 3 drawn, kept


def test_winning_defender_marks_the_attacker_and_takes_the_initiative(game) -> None:
    state = build(game, hands=[["Jab", "Jab"], ["Binder", "Wall", "Jab", "Jab"]], rows=[[], COINS])
    act(state, "attack with Jab face up", "parry with Binder", ACTIVATE)
    act(state, "take the initiative", "draw 0 red, the rest blue")
    # Round 2: player 1 attacks; player 0 holds blue cards but may not parry.
    assert state.view(None)["players"][0]["blue_in_hand"] == 3
    act(state, "attack with Jab face up")
    assert state.life == [8, 10]
    assert "no_parry" in events(state)


def test_discard_random_2(game) -> None:
    state = build(
        game,
        hands=[["Heavy", "Jab", "Jab", "Coin Punch"], ["Disarm", "Block"]],
        rows=[[], COINS],
    )
    act(state, "attack with Heavy face up", "parry with Disarm", ACTIVATE)
    assert len(hand(state, 0)) == 1
    gone = discards(state, 0)
    # The coin paid, two cards from the hand, then the attack card at cleanup.
    assert len(gone) == 4 and gone[0] == "Coin Punch" and gone[-1] == "Heavy"
    assert "discard_random" in events(state)


def test_discard_random_takes_what_there_is(game) -> None:
    state = build(game, hands=[["Heavy", "Wall"], ["Disarm", "Block"]], rows=[[], COINS])
    act(state, "attack with Heavy face up", "parry with Disarm", ACTIVATE)
    assert hand(state, 0) == []
    assert discards(state, 1)[0] == "Wall"  # a blue card goes to the blue discards


def test_discard_random_is_uniform_over_the_whole_hand(game) -> None:
    gone: set[str] = set()
    for seed in range(15):
        state = build(
            game,
            hands=[["Heavy", "Jab", "Coin Punch", "Block", "Wall"], ["Disarm", "Block"]],
            rows=[[], ["Coin Block"]],
            seed=seed,
        )
        act(state, "attack with Heavy face up", "parry with Disarm", ACTIVATE)
        assert state.view(None)["players"][0]["hand_size"] == 2
        red = discards(state, 0)[:-1]  # the last red one is the attack card
        blue = discards(state, 1)[1:-1]  # the coin paid first, the parry card last
        assert len(red) + len(blue) == 2
        gone.update(red + blue)
    assert gone == {"Jab", "Coin Punch", "Block", "Wall"}


def test_discard_opp_koku_one_type_without_asking(game) -> None:
    state = build(
        game,
        hands=[["Thief", "Jab"], ["Block", "Wall"]],
        rows=[COINS, ["Coin Block", "Coin Block"]],
    )
    act(state, "attack with Thief face up", "parry with Block", ACTIVATE)
    assert row(state, 1) == ["Coin Block"]
    assert discards(state, 1)[0] == "Coin Block"


def test_discard_opp_koku_choice(game) -> None:
    state = build(
        game,
        hands=[["Thief", "Jab"], ["Block", "Wall"]],
        rows=[COINS, ["Coin Block", "Gold Punch"]],
    )
    act(state, "attack with Thief face up", "parry with Block", ACTIVATE)
    assert state.current_player == 0 and decision(state) == "discard_koku"
    assert labels(state) == [
        "discard Coin Block from your opponent's koku",
        "discard Gold Punch from your opponent's koku",
    ]
    act(state, "discard Gold Punch from your opponent's koku")
    assert row(state, 1) == ["Coin Block"]
    # The coin paid, the Koku card discarded (to its own colour's pile), the attack.
    assert discards(state, 0) == ["Coin Punch", "Gold Punch", "Thief"]


def test_discard_opp_koku_empty_row(game) -> None:
    state = build(game, hands=[["Thief", "Jab"], ["Block", "Wall"]], rows=[COINS, []])
    act(state, "attack with Thief face up", "parry with Block", ACTIVATE)
    assert state.view(None)["last_round"]["effects"] == ["player 2 has no koku to discard"]


def test_heal2(game) -> None:
    state = build(
        game, hands=[["Heavy", "Jab"], ["Healer", "Block"]], rows=[[], COINS], life=(10, 7)
    )
    act(state, "attack with Heavy face up", "parry with Healer", ACTIVATE)
    assert state.life == [10, 7 - 4 + 2]


def test_heal_is_capped_at_ten(game) -> None:
    state = build(
        game, hands=[["Coin Punch", "Jab"], ["Healer", "Block"]], rows=[[], COINS], life=(10, 9)
    )
    act(state, "attack with Coin Punch face up", "parry with Healer", ACTIVATE)
    assert state.life == [10, 10]


def test_no_heal_at_zero(game) -> None:
    state = build(
        game, hands=[["Heavy", "Jab"], ["Healer", "Block"]], rows=[[], COINS], life=(10, 3)
    )
    act(state, "attack with Heavy face up", "parry with Healer", ACTIVATE)
    assert state.life == [10, 0]
    assert state.is_terminal() and state.winners() == [0]


def test_lose2_hits_the_opponent_by_default(game) -> None:
    state = build(game, hands=[["Jab", "Jab"], ["Striker", "Block"]], rows=[[], COINS])
    act(state, "attack with Jab face up", "parry with Striker", ACTIVATE)
    # The only way a defender damages the attacker.
    assert state.life == [8, 9]


def test_lose2_target_option_self(make_game) -> None:
    game = make_game(lose2_target="self")
    state = build(game, hands=[["Jab", "Jab"], ["Striker", "Block"]], rows=[[], COINS])
    act(state, "attack with Jab face up", "parry with Striker", ACTIVATE)
    assert state.life == [10, 7]


def test_lose2_target_from_the_card(game) -> None:
    # Backlash's data says "self": with lose2_target="card" its owner loses 2.
    state = build(game, hands=[["Jab", "Jab"], ["Backlash", "Block"]], rows=[[], COINS])
    act(state, "attack with Jab face up", "parry with Backlash", ACTIVATE)
    assert state.life == [10, 8]


def test_lose2_target_option_overrides_the_card(make_game) -> None:
    game = make_game(lose2_target="opponent")
    state = build(game, hands=[["Jab", "Jab"], ["Backlash", "Block"]], rows=[[], COINS])
    act(state, "attack with Jab face up", "parry with Backlash", ACTIVATE)
    assert state.life == [8, 10]


def test_lose2_without_a_target_hurts_its_owner() -> None:
    """The rulebook's legend: "Du verlierst zwei Lebenspunkte" (you lose two)."""
    import json

    from tabletop.games.kung_fu.deck_file import parse_deck
    from tests.games.kung_fu.scenario import ACT, FIXTURE, card

    deck = [
        *FIXTURE,
        card("P16", "Plain Backlash", 3, cost=1, effects=[{"type": "lose2", "trigger": ACT}]),
    ]
    table = parse_deck(json.dumps(deck))
    (spec,) = table.effects[len(deck) - 1]
    assert spec.to_self
