"""Koku rows and payment (reference section 3, R14)."""

from __future__ import annotations

from tests.games.kung_fu.scenario import (
    act,
    build,
    decision,
    discards,
    events,
    labels,
    row,
)

ACTIVATE = "activate your card's effect"
DECLINE = "do not activate"


def test_koku_cards_stay_the_rest_is_discarded(game) -> None:
    state = build(game, hands=[["Coin Punch", "Jab"], ["Coin Block", "Block"]])
    act(state, "attack with Coin Punch face up", "parry with Coin Block")
    assert row(state, 0) == ["Coin Punch"] and row(state, 1) == ["Coin Block"]
    assert discards(state, 0) == [] and discards(state, 1) == []
    view = state.view(None)
    assert [p["koku_total"] for p in view["players"]] == [1, 1]
    assert view["players"][0]["koku"][0]["name"] == "Coin Punch"
    state = build(game, hands=[["Jab", "Jab"], ["Block", "Wall"]])
    act(state, "attack with Jab face up", "parry with Block")
    assert row(state, 0) == [] and discards(state, 0) == ["Jab"]
    assert discards(state, 1) == ["Block"]


def test_koku_played_this_round_cannot_pay_this_round(game) -> None:
    # Coin Shield shows a coin and an effect costing 1: with an empty row its own
    # coin cannot pay (it joins the row only at the end of the round).
    state = build(game, hands=[["Heavy", "Jab"], ["Coin Shield", "Block"]])
    act(state, "attack with Heavy face up", "parry with Coin Shield")
    assert state.life == [10, 6]  # 5 - 1: the boost was not offered
    assert "activate" not in events(state)
    assert row(state, 1) == ["Coin Shield"]


def test_hand_cards_never_pay(game) -> None:
    # Lots of coins in hand, none in the row: no activation is offered.
    state = build(game, hands=[["Power Kick", "Gold Punch", "Coin Punch"], ["Block", "Coin Block"]])
    act(state, "attack with Power Kick face up", "parry with Block")
    assert "activate" not in events(state)
    assert state.life == [10, 9]


def test_activation_offered_only_when_the_row_can_pay(game) -> None:
    state = build(game, hands=[["Power Kick", "Jab"], ["Block", "Wall"]], rows=[["Coin Punch"], []])
    act(state, "attack with Power Kick face up", "parry with Block")
    assert "activate" not in events(state)  # costs 2, the row holds 1
    state = build(
        game,
        hands=[["Power Kick", "Jab"], ["Block", "Wall"]],
        rows=[["Coin Punch", "Coin Punch"], []],
    )
    act(state, "attack with Power Kick face up", "parry with Block")
    assert state.current_player == 0 and decision(state) == "activate"
    assert labels(state) == [ACTIVATE, DECLINE]


def test_spent_koku_goes_to_its_colours_discard(game) -> None:
    state = build(
        game,
        hands=[["Power Kick", "Jab"], ["Block", "Wall"]],
        rows=[["Coin Punch", "Coin Block"], []],
    )
    act(state, "attack with Power Kick face up", "parry with Block", ACTIVATE)
    # Two types in the row: the payer chooses card by card.
    assert decision(state) == "pay"
    assert labels(state) == ["pay with Coin Punch (1 koku)", "pay with Coin Block (1 koku)"]
    act(state, "pay with Coin Block (1 koku)")
    # One type left: paid without asking.
    assert row(state, 0) == []
    assert discards(state, 0) == ["Coin Punch", "Power Kick"]
    assert discards(state, 1) == ["Coin Block", "Block"]
    assert state.life == [10, 6]  # boosted 6 against 2


def test_overpayment_is_lost(game) -> None:
    state = build(
        game,
        hands=[["Negator", "Jab"], ["Block", "Wall"]],
        rows=[["Gold Punch", "Coin Punch"], []],
    )
    act(state, "attack with Negator face up", "parry with Wall", ACTIVATE)
    assert labels(state) == ["pay with Gold Punch (2 koku)", "pay with Coin Punch (1 koku)"]
    act(state, "pay with Gold Punch (2 koku)")
    # Cost 1 paid with 2 coins: no change, the second coin is gone.
    assert row(state, 0) == ["Coin Punch"]
    assert state.view(None)["players"][0]["koku_total"] == 1


def test_each_effect_once_per_round(game) -> None:
    state = build(
        game,
        hands=[["Power Kick", "Jab"], ["Block", "Wall"]],
        rows=[["Coin Punch"] * 3, []],
    )
    act(state, "attack with Power Kick face up", "parry with Block", ACTIVATE)
    # Paid (2 of the 3 coins); the round is resolved without a second offer.
    assert events(state).count("activate") == 1
    assert row(state, 0) == ["Coin Punch"]
    assert state.view(None)["round"] == 2


def test_declining_costs_nothing(game) -> None:
    state = build(
        game,
        hands=[["Power Kick", "Jab"], ["Block", "Wall"]],
        rows=[["Coin Punch"] * 2, []],
    )
    act(state, "attack with Power Kick face up", "parry with Block", DECLINE)
    assert row(state, 0) == ["Coin Punch", "Coin Punch"]
    assert state.life == [10, 9]  # the lower value counts when not paid


def test_attacker_decides_first_then_the_defender(game) -> None:
    state = build(
        game,
        hands=[["Power Kick", "Jab"], ["Shield", "Block"]],
        rows=[["Coin Punch"] * 2, ["Coin Block"]],
    )
    act(state, "attack with Power Kick face up", "parry with Shield")
    assert state.current_player == 0 and decision(state) == "activate"
    act(state, ACTIVATE)
    assert state.current_player == 1 and decision(state) == "activate"
    assert state.view(1)["attack"]["activated"] is True
    act(state, ACTIVATE)
    assert state.life == [10, 8]  # 6 against 4


def test_minimal_payment_offers_no_unnecessary_card(make_game) -> None:
    game = make_game(payment="minimal")
    # Cost 2 with a 2-coin and two 1-coin cards: {2} or {1, 1}, never 1 then 2.
    state = build(
        game,
        hands=[["Power Kick", "Jab"], ["Block", "Wall"]],
        rows=[["Coin Punch", "Gold Punch", "Coin Block"], []],
    )
    act(state, "attack with Power Kick face up", "parry with Block", ACTIVATE)
    assert labels(state) == [
        "pay with Coin Punch (1 koku)",
        "pay with Gold Punch (2 koku)",
        "pay with Coin Block (1 koku)",
    ]
    act(state, "pay with Coin Punch (1 koku)")
    # After a 1-coin card only another 1-coin card may follow: paid without asking.
    assert row(state, 0) == ["Gold Punch"]
    # Cost 1: one card of either worth is a set without an unnecessary card.
    state = build(
        game,
        hands=[["Negator", "Jab"], ["Block", "Wall"]],
        rows=[["Gold Punch", "Coin Punch", "Coin Punch"], []],
    )
    act(state, "attack with Negator face up", "parry with Wall", ACTIVATE)
    assert labels(state) == ["pay with Gold Punch (2 koku)", "pay with Coin Punch (1 koku)"]
    act(state, "pay with Coin Punch (1 koku)")
    assert row(state, 0) == ["Gold Punch", "Coin Punch"]


def test_minimal_payment_never_gets_stuck(make_game) -> None:
    game = make_game(payment="minimal")
    # Cost 2 with 1 + 2... only after a 2 could a 1 follow; a 1 first would need a
    # second 1, which is missing, so the 1 is not offered: the 2 pays alone.
    state = build(
        game,
        hands=[["Power Kick", "Jab"], ["Block", "Wall"]],
        rows=[["Coin Punch", "Gold Punch"], []],
    )
    act(state, "attack with Power Kick face up", "parry with Block", ACTIVATE)
    assert row(state, 0) == ["Coin Punch"]
    assert state.life == [10, 6]


def test_any_payment_allows_overpaying(game) -> None:
    state = build(
        game,
        hands=[["Power Kick", "Jab"], ["Block", "Wall"]],
        rows=[["Coin Punch", "Gold Punch"], []],
    )
    act(state, "attack with Power Kick face up", "parry with Block", ACTIVATE)
    act(state, "pay with Coin Punch (1 koku)")
    # 1 paid, 1 due: the 2-coin card is the only one left, so it pays (1 lost).
    assert row(state, 0) == []
    assert state.life == [10, 6]


def test_an_effect_with_cost_zero_is_free_and_optional(tmp_path) -> None:
    import tabletop
    from tests.games.kung_fu.scenario import FIXTURE, card, write_deck

    free = card("P16", "Free Heal", 2, effects=["heal2"])
    game = tabletop.make("kung-fu", deck=write_deck(tmp_path, [*FIXTURE, free]))
    state = build(game, hands=[["Heavy", "Jab"], ["Free Heal", "Block"]], life=(10, 5))
    act(state, "attack with Heavy face up", "parry with Free Heal")
    assert labels(state) == [ACTIVATE, DECLINE]  # an empty row pays a cost of 0
    act(state, ACTIVATE)
    assert "pay" not in events(state)
    assert state.life == [10, 5 - 3 + 2]


def test_the_decision_says_what_is_still_due(game) -> None:
    state = build(
        game,
        hands=[["Power Kick", "Jab"], ["Block", "Wall"]],
        rows=[["Coin Punch", "Coin Punch", "Gold Punch"], []],
    )
    act(state, "attack with Power Kick face up", "parry with Block", ACTIVATE)
    assert decision(state) == "pay"
    assert state.view(0)["decision"]["due"] == 2  # Power Kick costs 2
    act(state, "pay with Coin Punch (1 koku)")
    assert decision(state) == "pay"
    assert state.view(0)["decision"]["due"] == 1
    assert state.view(0)["decision"]["count"] is None
